//! Where things go on the terminal: a status line, the column labels, the
//! board (two cells a square, row labels on the left; four cells and two
//! lines a square when the whole board fits that way) and under it the
//! message, two lines at least. The board is centred in the room it has.
//! A board bigger than the terminal shows the part the view's origin says.
//! The player may choose the squares' size instead ([`Zoom`]).

use engine::Pos;

/// Lines above the board: the status line and the column labels.
pub(crate) const TOP: u16 = 2;
/// Lines always kept at the foot of the screen for the message, wrapped
/// (a hint's reason or the end of a game's figures take more than one).
pub(crate) const BOTTOM: u16 = 2;
/// Lines kept under the board when the terminal has room beyond a view of
/// [`SMALLEST`] rows: a blank line and four for the message (a hint's
/// reason takes three on 60 columns).
pub(crate) const FOOT: u16 = 5;
/// The smallest view worth playing in, squares a side.
const SMALLEST: usize = 5;
/// The rows a short terminal gives the board before it keeps lines for a
/// long message: a beginner board's.
const SHORT_VIEW: usize = 9;

/// The squares' size, as the player chooses it with `+` and `-`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Zoom {
    /// Two cells a square, or four and two lines when the whole board
    /// fits them.
    #[default]
    Fit,
    /// Always two cells a square: the most of a big board in view.
    Single,
    /// Always four cells and two lines a square: easier to see and to
    /// click; a board larger than the terminal scrolls.
    Double,
}

impl Zoom {
    /// Every size, smallest first: the order `+` steps through them.
    const ALL: [Zoom; 3] = [Zoom::Single, Zoom::Fit, Zoom::Double];

    /// Its name, as the settings keep it.
    pub fn name(self) -> &'static str {
        match self {
            Zoom::Fit => "fit",
            Zoom::Single => "single",
            Zoom::Double => "double",
        }
    }

    /// The size of that name.
    pub fn named(name: &str) -> Option<Zoom> {
        Self::ALL.into_iter().find(|zoom| zoom.name() == name)
    }

    /// The next size up (`by` > 0) or down, stopping at the ends.
    pub fn step(self, by: isize) -> Zoom {
        let at = Self::ALL.iter().position(|&z| z == self).unwrap_or(1);
        Self::ALL[at.saturating_add_signed(by).min(Self::ALL.len() - 1)]
    }
}

/// The board's place on a terminal of a given size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// The column of the row labels.
    pub labels: u16,
    /// The column of the first square's character.
    pub left: u16,
    /// The line of the first row of squares.
    pub top: u16,
    /// Squares in view, down and across.
    pub rows: usize,
    pub cols: usize,
    /// 1: a square is two cells wide and one line high; 2: four cells
    /// and two lines.
    pub scale: u16,
}

impl Geometry {
    /// The layout of a `board_rows` x `board_cols` board on a terminal of
    /// `width` x `height` cells; `None` when not even a 5x5 view fits.
    pub fn of(width: u16, height: u16, board_rows: usize, board_cols: usize) -> Option<Self> {
        Self::zoomed(width, height, board_rows, board_cols, Zoom::Fit)
    }

    /// [`Geometry::of`] with the squares' size the player chose. Doubled
    /// squares where not even a 5x5 view of them fits are single.
    pub fn zoomed(
        width: u16,
        height: u16,
        board_rows: usize,
        board_cols: usize,
        zoom: Zoom,
    ) -> Option<Self> {
        let (least_wide, least_high) = Self::smallest(board_rows, board_cols);
        if width < least_wide || height < least_high {
            return None;
        }
        let label = digits(board_rows) + 1;
        // Larger squares when the whole board fits them, message and all.
        let fits = |scale: u64| {
            u64::from(label) + 2 * scale * board_cols as u64 <= u64::from(width)
                && u64::from(TOP + FOOT) + scale * board_rows as u64 <= u64::from(height)
        };
        let double_fits = {
            let side = |len: usize| SMALLEST.min(len) as u16;
            width >= label + 4 * side(board_cols) && height >= TOP + BOTTOM + 2 * side(board_rows)
        };
        let scale = match zoom {
            Zoom::Fit if fits(2) => 2,
            Zoom::Double if double_fits => 2,
            Zoom::Fit | Zoom::Single | Zoom::Double => 1,
        };
        // The whole message before more rows of the board, once the board
        // has its first [`SHORT_VIEW`] rows: on a short terminal the board
        // takes every line but the message's two (a long message is then
        // said in its short form), and more lines never show fewer rows.
        let roomy = usize::from(height.saturating_sub(TOP + FOOT) / scale);
        let squeezed = usize::from((height - TOP - BOTTOM) / scale).min(SHORT_VIEW);
        let rows = roomy.max(squeezed).min(board_rows);
        let cols = usize::from((width - label) / (2 * scale)).min(board_cols);
        // Centred: across, the labels and the squares (without the gap
        // after the last); down, the squares in the room above the message.
        let wide = label + (2 * scale * cols as u16) - 1;
        let labels = (width - wide) / 2;
        let high = scale * rows as u16;
        let room = height.saturating_sub(TOP + FOOT);
        let top = TOP + room.saturating_sub(high) / 2;
        Some(Geometry {
            labels,
            left: labels + label + scale - 1,
            top,
            rows,
            cols,
            scale,
        })
    }

    /// The smallest terminal, width and height, that shows a board of
    /// `board_rows` x `board_cols`.
    pub fn smallest(board_rows: usize, board_cols: usize) -> (u16, u16) {
        let side = |len: usize| SMALLEST.min(len) as u16;
        (
            digits(board_rows) + 1 + 2 * side(board_cols),
            TOP + BOTTOM + side(board_rows),
        )
    }

    /// The terminal cell of the character of the square `down` rows and
    /// `across` columns into the view.
    pub fn cell_of(&self, down: usize, across: usize) -> (u16, u16) {
        (
            self.left + 2 * self.scale * across as u16,
            self.top + self.scale * down as u16,
        )
    }

    /// The line under the board.
    pub fn bottom(&self) -> u16 {
        self.top + self.scale * self.rows as u16
    }

    /// The square drawn at the terminal cell `column`, `row`, with the
    /// view's top left square at `origin`.
    pub(crate) fn square_at(&self, origin: Pos, column: u16, row: u16) -> Option<Pos> {
        let down = usize::from(row.checked_sub(self.top)? / self.scale);
        let first = self.left - (self.scale - 1);
        let across = usize::from(column.checked_sub(first)? / (2 * self.scale));
        (down < self.rows && across < self.cols)
            .then(|| Pos::new(origin.row + down, origin.col + across))
    }

    /// The origin that keeps `cursor` in view, moving `origin` as little
    /// as it can, on a board of `board_rows` x `board_cols`.
    pub fn follow(&self, origin: Pos, cursor: Pos, board_rows: usize, board_cols: usize) -> Pos {
        let along = |start: usize, at: usize, seen: usize, len: usize| {
            let start = if at < start {
                at
            } else if at >= start + seen {
                at + 1 - seen
            } else {
                start
            };
            start.min(len - seen)
        };
        Pos::new(
            along(origin.row, cursor.row, self.rows, board_rows),
            along(origin.col, cursor.col, self.cols, board_cols),
        )
    }
}

/// Decimal digits of `n` (at least 1).
pub(crate) fn digits(n: usize) -> u16 {
    n.max(1).ilog10() as u16 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expert_fits_80_by_24_centred() {
        let expert = Geometry::of(80, 24, 16, 30).unwrap();
        assert_eq!((expert.rows, expert.cols, expert.scale), (16, 30, 1));
        // 62 cells wide (labels, a space, 30 squares less the last gap): 9
        // cells each side; 16 lines in 17 above the message.
        assert_eq!((expert.labels, expert.left, expert.top), (9, 12, 2));
        assert_eq!(expert.bottom(), 18);
    }

    #[test]
    fn a_board_that_fits_twice_over_has_larger_squares() {
        let expert = Geometry::of(200, 60, 16, 30).unwrap();
        assert_eq!((expert.rows, expert.cols, expert.scale), (16, 30, 2));
        // 3 + 4 * 30 - 1 = 122 cells: 39 each side; 32 lines in 53.
        assert_eq!((expert.labels, expert.left, expert.top), (39, 43, 12));
        assert_eq!(expert.cell_of(1, 2), (51, 14));
        let origin = Pos::new(0, 0);
        // A square's whole block, and its gap, are the square.
        for column in 50..54 {
            assert_eq!(expert.square_at(origin, column, 14), Some(Pos::new(1, 2)));
            assert_eq!(expert.square_at(origin, column, 15), Some(Pos::new(1, 2)));
        }
        assert_eq!(expert.square_at(origin, 41, 12), None, "a label");
        // Twice over only with the message's room kept: 2 + 2 * 27 + 5 = 61.
        assert_eq!(Geometry::of(200, 60, 26, 9).unwrap().scale, 2);
        assert_eq!(Geometry::of(200, 60, 27, 9).unwrap().scale, 1);
    }

    #[test]
    fn a_big_board_is_seen_through_a_view_and_a_tiny_terminal_through_none() {
        let view = Geometry::of(80, 24, 1000, 1000).unwrap();
        assert_eq!((view.rows, view.cols, view.left), (17, 37, 6));
        assert_eq!(Geometry::of(12, 24, 100, 100), None);
        assert_eq!(Geometry::of(80, 8, 100, 100), None);
        assert_eq!(Geometry::smallest(100, 100), (14, 9));
        assert!(Geometry::of(14, 9, 100, 100).is_some());
        assert_eq!(Geometry::of(13, 9, 100, 100), None);
        // A board smaller than 5 a side needs only its own size.
        assert!(Geometry::of(10, 6, 2, 3).is_some());
        assert_eq!(Geometry::of(10, 5, 2, 3), None);
    }

    #[test]
    fn the_message_keeps_four_lines_before_the_board_takes_more_rows() {
        // Expert at 60x20: 13 of its 16 rows, and a blank line and four
        // for the message.
        let view = Geometry::of(60, 20, 16, 30).unwrap();
        assert_eq!(view.rows, 13);
        assert_eq!(TOP + view.rows as u16 + FOOT, 20);
        // A short terminal gives the board every line but the message's
        // two, up to a beginner board's nine rows, and a taller one never
        // fewer rows.
        assert_eq!(Geometry::of(60, 10, 16, 30).unwrap().rows, 6);
        assert_eq!(Geometry::of(40, 12, 9, 9).unwrap().rows, 8);
        assert_eq!(Geometry::of(60, 12, 16, 30).unwrap().rows, 8);
        assert_eq!(Geometry::of(60, 13, 16, 30).unwrap().rows, 9);
        let rows: Vec<usize> = (9..40)
            .map(|height| Geometry::of(60, height, 100, 100).unwrap().rows)
            .collect();
        assert!(rows.windows(2).all(|pair| pair[0] <= pair[1]), "{rows:?}");
    }

    #[test]
    fn cells_map_to_squares_of_the_view() {
        let view = Geometry::of(80, 24, 100, 100).unwrap();
        let origin = Pos::new(10, 20);
        assert_eq!(view.square_at(origin, 4, 2), Some(Pos::new(10, 20)));
        assert_eq!(view.square_at(origin, 5, 3), Some(Pos::new(11, 20)));
        assert_eq!(view.square_at(origin, 6, 3), Some(Pos::new(11, 21)));
        assert_eq!(view.square_at(origin, 2, 3), None);
        assert_eq!(view.square_at(origin, 4, 1), None);
    }

    #[test]
    fn the_view_follows_the_cursor_and_stays_on_the_board() {
        let view = Geometry::of(80, 24, 100, 100).unwrap();
        let origin = Pos::new(0, 0);
        assert_eq!(view.follow(origin, Pos::new(5, 5), 100, 100), origin);
        assert_eq!(
            view.follow(origin, Pos::new(30, 40), 100, 100),
            Pos::new(14, 3)
        );
        assert_eq!(
            view.follow(Pos::new(50, 50), Pos::new(49, 60), 100, 100),
            Pos::new(49, 50)
        );
        assert_eq!(
            view.follow(Pos::new(95, 95), Pos::new(99, 99), 100, 100),
            Pos::new(83, 62)
        );
    }
}
