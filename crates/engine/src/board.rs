//! The hidden truth of a game: where the mines are and the clue of every square.

use std::sync::Arc;

use crate::glyph::Glyph;
use crate::grid::{Grid, Pos};

/// The character a board file draws its frame with; printed boards use the same one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Frame {
    /// `+`, the course's board files.
    #[default]
    Plus,
    /// `#`, the course's later offering.
    Hash,
}

impl Frame {
    /// Every frame a board file may have.
    pub const ALL: [Frame; 2] = [Frame::Plus, Frame::Hash];

    /// The character the frame is drawn with.
    pub const fn glyph(self) -> char {
        match self {
            Frame::Plus => '+',
            Frame::Hash => '#',
        }
    }

    /// The frame drawn with `byte`, if it is one.
    pub fn from_byte(byte: u8) -> Option<Frame> {
        Frame::ALL
            .into_iter()
            .find(|f| f.glyph() as u32 == u32::from(byte))
    }
}

/// Mines and clues: two grids of the same shape, fixed once the board loads.
///
/// The grids are shared, never copied: a board is cloned for every game
/// played on it (and kept for the next), and on a 10000x10000 board each
/// copy would be 200 MB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    mines: Arc<Grid<bool>>,
    /// The number of mines among each square's eight neighbours, computed
    /// once here so that every later question about a clue is a lookup.
    clues: Arc<Grid<u8>>,
    mine_count: usize,
    frame: Frame,
}

impl Board {
    /// A board with mines where `mines` is true.
    pub fn new(mines: Grid<bool>, frame: Frame) -> Self {
        let clues = count_clues(&mines);
        let mine_count = mines.iter().filter(|&&m| m).count();
        Self {
            mines: Arc::new(mines),
            clues: Arc::new(clues),
            mine_count,
            frame,
        }
    }

    /// The same board, its file framed with `frame`.
    pub fn with_frame(self, frame: Frame) -> Board {
        Board { frame, ..self }
    }

    /// Whether `other` is a copy of this very board, sharing its grids: a
    /// question answered without looking at a square.
    pub fn is_copy_of(&self, other: &Board) -> bool {
        Arc::ptr_eq(&self.mines, &other.mines) && self.frame == other.frame
    }

    /// Rows inside the frame.
    pub fn rows(&self) -> usize {
        self.mines.rows()
    }

    /// Columns inside the frame.
    pub fn cols(&self) -> usize {
        self.mines.cols()
    }

    /// The frame the board file was drawn with.
    pub fn frame(&self) -> Frame {
        self.frame
    }

    /// Mines on the board.
    pub fn mine_count(&self) -> usize {
        self.mine_count
    }

    /// Whether a mine is at `pos`.
    pub fn is_mine(&self, pos: Pos) -> bool {
        self.mines[pos]
    }

    /// Mines among the eight neighbours of `pos` (whether or not `pos` is a mine).
    pub fn clue(&self, pos: Pos) -> u8 {
        self.clues[pos]
    }

    /// Whether `pos` is a square of the board.
    pub fn contains(&self, pos: Pos) -> bool {
        self.mines.contains(pos)
    }

    /// The square as a solved board shows it: a mine, or its clue.
    pub fn solved_glyph(&self, pos: Pos) -> Glyph {
        if self.is_mine(pos) {
            Glyph::Mine
        } else {
            Glyph::Open(self.clue(pos))
        }
    }

    /// The grid of mines, for neighbour walks and positions.
    pub fn mines(&self) -> &Grid<bool> {
        &self.mines
    }

    /// The grid of clues, for reading whole rows at once.
    pub fn clues(&self) -> &Grid<u8> {
        &self.clues
    }
}

/// Counts each square's neighbouring mines as sums of 3x3 windows: each
/// row's squares plus their left and right neighbours (`across`), then
/// those sums for the rows above, at and below, minus the square itself.
/// Whole-row slice operations with no per-square bounds checks, which the
/// compiler vectorises; BENCHMARKS.md has the figures against letting every
/// mine add one to its neighbours.
fn count_clues(mines: &Grid<bool>) -> Grid<u8> {
    let (rows, cols) = (mines.rows(), mines.cols());
    let row_of = |r: usize| &mines.as_slice()[r * cols..(r + 1) * cols];
    let across_of = |r: usize| {
        let row = row_of(r);
        let mut across: Vec<u8> = row.iter().map(|&m| u8::from(m)).collect();
        for (sum, &left) in across[1..].iter_mut().zip(row) {
            *sum += u8::from(left);
        }
        for (sum, &right) in across.iter_mut().zip(&row[1..]) {
            *sum += u8::from(right);
        }
        across
    };
    let mut clues = vec![0u8; rows * cols];
    let mut above: Option<Vec<u8>> = None;
    let mut at = across_of(0);
    for r in 0..rows {
        let below = (r + 1 < rows).then(|| across_of(r + 1));
        let out = &mut clues[r * cols..(r + 1) * cols];
        for (sum, (&own, &m)) in out.iter_mut().zip(at.iter().zip(row_of(r))) {
            *sum = own - u8::from(m);
        }
        for near in [&above, &below].into_iter().flatten() {
            for (sum, &n) in out.iter_mut().zip(near) {
                *sum += n;
            }
        }
        above = Some(std::mem::replace(&mut at, below.unwrap_or_default()));
    }
    Grid::from_row_major(rows, cols, clues)
}

/// A board drawn as rows of `*` (mine) and `.` (empty), for tests.
#[cfg(test)]
pub(crate) fn drawn(rows: &[&str]) -> Board {
    let cols = rows[0].len();
    let cells = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| b == b'*'))
        .collect();
    Board::new(Grid::from_row_major(rows.len(), cols, cells), Frame::Plus)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clue_rows(board: &Board) -> Vec<String> {
        (0..board.rows())
            .map(|r| {
                (0..board.cols())
                    .map(|c| char::from(b'0' + board.clue(Pos::new(r, c))))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn clues_count_the_eight_neighbours() {
        let b = drawn(&["*..", "...", "..*"]);
        assert_eq!(clue_rows(&b), ["010", "121", "010"]);
        assert_eq!(b.mine_count(), 2);
    }

    #[test]
    fn surrounded_square_has_clue_eight() {
        let b = drawn(&["***", "*.*", "***"]);
        assert_eq!(b.clue(Pos::new(1, 1)), 8);
    }

    #[test]
    fn frame_does_not_count() {
        // The course's example: a mine beside the frame still gives 1.
        let b = drawn(&["*."]);
        assert_eq!(clue_rows(&b), ["01"]);
    }

    #[test]
    fn frame_from_byte() {
        assert_eq!(Frame::from_byte(b'+'), Some(Frame::Plus));
        assert_eq!(Frame::from_byte(b'#'), Some(Frame::Hash));
        assert_eq!(Frame::from_byte(b'*'), None);
    }
}
