//! Opening a square, and with an empty one its whole island: COMS 227's
//! clearRegion, which is the course's recursive reveal with its call stack
//! made explicit.
//!
//! ```text
//! clear_region(square):                           -- square is closed and empty (clue 0)
//!     square.status = SEEN
//!     for each direction d of the neighbourhood:
//!         square.status = EXPLORING_d
//!         n = the neighbour in direction d
//!         if n is closed, not flagged and empty: clear_region(n)
//!     square.status = REVEALED
//!     reveal every closed, unflagged numbered square next to it (all eight)
//! ```
//!
//! [`reveal`] runs that recursion with a to-do list for its stack, as the
//! COMS 227 handout describes: the last entry is the innermost call, and the
//! square's status says where that call is in its loop (the innermost call
//! is kept out of the list, in `current`, as it changes at every step). So the status
//! changes come in exactly the recursion's order, and each one is reported
//! as a [`Step`]; front ends that animate the reveal replay them. The depth
//! of the recursion, close to the number of squares on an open board, lives
//! on the heap rather than on the thread's stack: the crate's documentation
//! has the measurements behind this choice.
//!
//! With the four-way neighbourhood (COMS 227) an empty square reachable only
//! diagonally stays closed; with all eight (proj3, classic) the island is the
//! 8-connected empty component and its rim, as the course's recursive
//! `reveal` opens it.
//!
//! When nobody watches the steps, [`fill`] opens the same squares a row's
//! run at a time, faster and in far less memory on big open boards
//! (the crate's documentation).

use crate::board::Board;
use crate::cover::Cover;
use crate::grid::{Direction, Grid, Neighbourhood, Pos};

/// Where a square is in the reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RevealStatus {
    /// Put on the to-do list; its neighbours not yet looked at.
    Seen,
    /// Looking at its neighbour in this direction.
    Exploring(Direction),
    /// Open: an island square whose neighbours are all done, or a numbered square.
    Revealed,
}

/// One status change of the reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The square.
    pub at: Pos,
    /// What became of it.
    pub status: RevealStatus,
}

/// Opens `start` (which must not be a mine), and if it is empty its island,
/// reporting every status change to `observe` with what covered the square
/// just before it (for undo: a question mark, or nothing). Returns how many
/// squares opened.
pub(super) fn reveal(
    board: &Board,
    cover: &mut Grid<Cover>,
    start: Pos,
    neighbourhood: Neighbourhood,
    mut observe: impl FnMut(Step, Cover),
) -> usize {
    if !can_open(board, cover, start) {
        return 0;
    }
    if board.clue(start) > 0 {
        open(cover, start, RevealStatus::Revealed, &mut observe);
        return 1;
    }
    let directions = neighbourhood.directions();
    let explores = direction_bits(directions);
    let mut opened = 1;
    seen(cover, start, &mut observe);
    // The innermost call, kept out of the to-do list.
    let mut current = Call {
        square: start,
        explored: 0,
        rim: 0,
    };
    // The calls it interrupted, outermost first, each packed in one word.
    let mut suspended: Vec<u64> = Vec::new();
    loop {
        if let Some(&direction) = directions.get(current.explored) {
            current.explored += 1;
            observe(
                Step {
                    at: current.square,
                    status: RevealStatus::Exploring(direction),
                },
                Cover::Open,
            );
            let Some(next) = cover.neighbour(current.square, direction.offset()) else {
                continue;
            };
            if !can_open(board, cover, next) {
                continue;
            }
            if board.clue(next) > 0 {
                // Part of the rim, opened when this square is revealed.
                current.rim |= bit(direction);
                continue;
            }
            seen(cover, next, &mut observe);
            opened += 1;
            suspended.push(current.pack(cover));
            current = Call {
                square: next,
                explored: 0,
                rim: 0,
            };
            continue;
        }
        observe(
            Step {
                at: current.square,
                status: RevealStatus::Revealed,
            },
            Cover::Open,
        );
        // The rim: numbered neighbours that could open when explored, and
        // those in directions the neighbourhood does not explore. Squares
        // never close during a reveal, so no other neighbour needs a look.
        let candidates = current.rim | !explores;
        opened += reveal_rim(board, cover, current.square, candidates, &mut observe);
        let Some(entry) = suspended.pop() else {
            return opened;
        };
        current = Call::unpack(entry, cover);
    }
}

/// Opens `start` (which must not be a mine), and if it is empty its island:
/// the same squares as [`reveal`], without its steps, for play that does not
/// watch them. A scanline fill: each seed grows into the whole run of empty
/// squares along its row, which opens together with the numbered squares
/// around it; the rows above and below are scanned once for new runs. Rows
/// are read in order, so the three grids stream through the cache, and the
/// to-do list holds a seed per run waiting, not a call per square. A
/// proptest checks that both open the same squares. Each square opened is
/// told to `note` with its clue and what covered it before (for undo), so
/// a watcher (the solver) learns them without a list as long as the island.
pub(super) fn fill(
    board: &Board,
    cover: &mut impl Covers,
    start: Pos,
    neighbourhood: Neighbourhood,
    note: &mut impl FnMut(Pos, u8, Cover),
) -> usize {
    if !can_open(board, cover, start) {
        return 0;
    }
    if board.clue(start) > 0 {
        return open_quietly(board, cover, start, note);
    }
    let (rows, cols) = (board.rows(), board.cols());
    let diagonal = matches!(neighbourhood, Neighbourhood::Eight);
    let mut opened = 0;
    let mut seeds = vec![start];
    while let Some(seed) = seeds.pop() {
        if !can_spread(board, cover, seed) {
            continue;
        }
        let row = seed.row;
        let mut left = seed.col;
        while left > 0 && can_spread(board, cover, Pos::new(row, left - 1)) {
            left -= 1;
        }
        let mut right = seed.col;
        while right + 1 < cols && can_spread(board, cover, Pos::new(row, right + 1)) {
            right += 1;
        }
        // The run, and the numbered squares at either end of it.
        let (rim_left, rim_right) = (left.saturating_sub(1), (right + 1).min(cols - 1));
        for col in rim_left..=rim_right {
            opened += open_quietly(board, cover, Pos::new(row, col), note);
        }
        // Above and below: the numbered squares along the run open; runs of
        // empty squares it touches (diagonally too, with eight neighbours)
        // are seeds.
        let (reach_left, reach_right) = if diagonal {
            (rim_left, rim_right)
        } else {
            (left, right)
        };
        for near in [row.checked_sub(1), Some(row + 1).filter(|&r| r < rows)]
            .into_iter()
            .flatten()
        {
            let mut in_run = false;
            for col in rim_left..=rim_right {
                let square = Pos::new(near, col);
                let spreads =
                    (reach_left..=reach_right).contains(&col) && can_spread(board, cover, square);
                if spreads && !in_run {
                    seeds.push(square);
                }
                in_run = spreads;
                if !spreads && board.clue(square) > 0 {
                    opened += open_quietly(board, cover, square, note);
                }
            }
        }
    }
    opened
}

/// A closed, unflagged empty square: the island grows through it.
fn can_spread(board: &Board, cover: &impl Covers, square: Pos) -> bool {
    can_open(board, cover, square) && board.clue(square) == 0
}

/// Opens `square` if it can open, noting it; how many opened (0 or 1).
fn open_quietly(
    board: &Board,
    cover: &mut impl Covers,
    square: Pos,
    note: &mut impl FnMut(Pos, u8, Cover),
) -> usize {
    if !can_open(board, cover, square) {
        return 0;
    }
    let was = cover.cover(square);
    cover.open(square);
    note(square, board.clue(square), was);
    1
}

/// What [`fill`] reads and changes: each square's cover. A game's cover
/// grid, or a count's marks of the squares reached so far (a bit each).
pub(super) trait Covers {
    fn cover(&self, square: Pos) -> Cover;
    fn open(&mut self, square: Pos);
}

impl Covers for Grid<Cover> {
    fn cover(&self, square: Pos) -> Cover {
        self[square]
    }

    fn open(&mut self, square: Pos) {
        self[square] = Cover::Open;
    }
}

/// A call of clear_region in progress.
#[derive(Clone, Copy)]
struct Call {
    square: Pos,
    /// How many directions it has explored.
    explored: usize,
    /// A bit per [`Direction`] whose neighbour is numbered and could open.
    rim: u8,
}

impl Call {
    /// The square's index, the rim bits and the directions explored in one
    /// word: a `Call` as it is would take three.
    fn pack(self, grid: &Grid<Cover>) -> u64 {
        ((grid.index_of(self.square) as u64) << 12)
            | (u64::from(self.rim) << 4)
            | self.explored as u64
    }

    fn unpack(entry: u64, grid: &Grid<Cover>) -> Call {
        Call {
            square: grid.pos_at((entry >> 12) as usize),
            explored: (entry & 0xf) as usize,
            rim: (entry >> 4) as u8,
        }
    }
}

fn bit(direction: Direction) -> u8 {
    1 << direction as u8
}

fn direction_bits(directions: &[Direction]) -> u8 {
    directions.iter().fold(0, |bits, &d| bits | bit(d))
}

/// A square that a reveal may open: closed (a question mark does not stop
/// it), unflagged, and no mine.
fn can_open(board: &Board, cover: &impl Covers, square: Pos) -> bool {
    matches!(cover.cover(square), Cover::Hidden | Cover::Questioned) && !board.is_mine(square)
}

/// Marks an empty square SEEN. It counts as open from here on, so no other
/// call takes it on.
fn seen(cover: &mut Grid<Cover>, square: Pos, observe: &mut impl FnMut(Step, Cover)) {
    open(cover, square, RevealStatus::Seen, observe);
}

fn open(
    cover: &mut Grid<Cover>,
    square: Pos,
    status: RevealStatus,
    observe: &mut impl FnMut(Step, Cover),
) {
    let was = cover[square];
    cover[square] = Cover::Open;
    observe(Step { at: square, status }, was);
}

/// Opens the numbered squares around a revealed island square, among the
/// directions in `candidates`, in reading order.
fn reveal_rim(
    board: &Board,
    cover: &mut Grid<Cover>,
    square: Pos,
    candidates: u8,
    observe: &mut impl FnMut(Step, Cover),
) -> usize {
    let mut opened = 0;
    for &direction in Neighbourhood::Eight.directions() {
        if candidates & bit(direction) == 0 {
            continue;
        }
        if let Some(near) = cover.neighbour(square, direction.offset())
            && board.clue(near) > 0
            && can_open(board, cover, near)
        {
            open(cover, near, RevealStatus::Revealed, observe);
            opened += 1;
        }
    }
    opened
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Frame, drawn};

    fn open_map(cover: &Grid<Cover>) -> Vec<String> {
        (0..cover.rows())
            .map(|r| {
                (0..cover.cols())
                    .map(|c| match cover[Pos::new(r, c)] {
                        Cover::Open => 'o',
                        Cover::Flagged => 'F',
                        Cover::Questioned => '?',
                        Cover::Hidden => '.',
                    })
                    .collect()
            })
            .collect()
    }

    fn reveal8(board: &Board, cover: &mut Grid<Cover>, start: Pos) -> usize {
        reveal(board, cover, start, Neighbourhood::Eight, |_, _| {})
    }

    #[test]
    fn clue_opens_alone() {
        let b = drawn(&["*..", "...", "..."]);
        let mut cover = Grid::filled(3, 3, Cover::Hidden);
        assert_eq!(reveal8(&b, &mut cover, Pos::new(1, 1)), 1);
        assert_eq!(open_map(&cover), ["...", ".o.", "..."]);
    }

    #[test]
    fn empty_field_opens_island_and_rim() {
        let b = drawn(&["..*..", "..*..", "..*.."]);
        let mut cover = Grid::filled(3, 5, Cover::Hidden);
        assert_eq!(reveal8(&b, &mut cover, Pos::new(0, 0)), 6);
        assert_eq!(open_map(&cover), ["oo...", "oo...", "oo..."]);
    }

    #[test]
    fn island_stops_at_its_rim() {
        let b = drawn(&["....", ".*..", "....", "...."]);
        let mut cover = Grid::filled(4, 4, Cover::Hidden);
        reveal8(&b, &mut cover, Pos::new(3, 3));
        assert_eq!(open_map(&cover), ["..oo", "..oo", "oooo", "oooo"]);
    }

    #[test]
    fn four_way_region_does_not_pass_corners() {
        // Two empty regions, top left and bottom right, meeting only where
        // (1, 1) and (2, 2) touch at a corner.
        let b = drawn(&["...*", "....", "....", "*..."]);
        let mut cover = Grid::filled(4, 4, Cover::Hidden);
        reveal(
            &b,
            &mut cover,
            Pos::new(0, 0),
            Neighbourhood::Four,
            |_, _| {},
        );
        assert_eq!(open_map(&cover), ["ooo.", "ooo.", "oo..", "...."]);
        let mut cover = Grid::filled(4, 4, Cover::Hidden);
        reveal8(&b, &mut cover, Pos::new(0, 0));
        assert_eq!(open_map(&cover), ["ooo.", "oooo", "oooo", ".ooo"]);
    }

    #[test]
    fn flags_are_neither_opened_nor_passed() {
        let b = drawn(&["....."]);
        let mut cover = Grid::filled(1, 5, Cover::Hidden);
        cover[Pos::new(0, 2)] = Cover::Flagged;
        assert_eq!(reveal8(&b, &mut cover, Pos::new(0, 0)), 2);
        assert_eq!(open_map(&cover), ["ooF.."]);
    }

    #[test]
    fn question_marks_are_opened() {
        let b = drawn(&["....."]);
        let mut cover = Grid::filled(1, 5, Cover::Hidden);
        cover[Pos::new(0, 2)] = Cover::Questioned;
        assert_eq!(reveal8(&b, &mut cover, Pos::new(0, 0)), 5);
    }

    /// The worked example of the COMS 227 handout: clearRegion from row 4,
    /// column 0, on a grid where (1,0) has count 2, (2,1), (3,2), (4,1) and
    /// (5,1) are numbered, and (2,0), (3,0), (3,1), (4,0), (5,0) are empty.
    #[test]
    fn coms227_worked_example_step_by_step() {
        use Direction::{Down, Left, Right, Up};
        use RevealStatus::{Exploring, Revealed, Seen};
        let b = drawn(&["**...", "..*..", ".....", "...*.", ".....", "..*.."]);
        assert_eq!(b.clue(Pos::new(1, 0)), 2);
        let mut cover = Grid::filled(6, 5, Cover::Hidden);
        let mut steps = Vec::new();
        reveal(
            &b,
            &mut cover,
            Pos::new(4, 0),
            Neighbourhood::Four,
            |s, _| steps.push(s),
        );
        let region: Vec<(usize, usize, RevealStatus)> = steps
            .iter()
            .filter(|s| b.clue(s.at) == 0)
            .map(|s| (s.at.row, s.at.col, s.status))
            .collect();
        let handout = [
            (4, 0, Seen),
            (4, 0, Exploring(Up)),
            (3, 0, Seen),
            (3, 0, Exploring(Up)),
            (2, 0, Seen),
            (2, 0, Exploring(Up)),    // the cell above has count 2
            (2, 0, Exploring(Left)),  // nonexistent
            (2, 0, Exploring(Down)),  // already seen
            (2, 0, Exploring(Right)), // not count zero
            (2, 0, Revealed),
            (3, 0, Exploring(Left)),
            (3, 0, Exploring(Down)),
            (3, 0, Exploring(Right)), // (3, 1) is hidden with count zero
            (3, 1, Seen),
            (3, 1, Exploring(Up)),
            (3, 1, Exploring(Left)),
            (3, 1, Exploring(Down)),
            (3, 1, Exploring(Right)),
            (3, 1, Revealed),
            (3, 0, Revealed),
            (4, 0, Exploring(Left)),
            (4, 0, Exploring(Down)), // (5, 0) is hidden with count zero
            (5, 0, Seen),
            (5, 0, Exploring(Up)),
            (5, 0, Exploring(Left)),
            (5, 0, Exploring(Down)),
            (5, 0, Exploring(Right)),
            (5, 0, Revealed),
            (4, 0, Exploring(Right)),
            (4, 0, Revealed),
        ];
        assert_eq!(region, handout);
        // The rim opens as each island square is revealed: (2, 0) first.
        let rim: Vec<(usize, usize)> = steps[10..13].iter().map(|s| (s.at.row, s.at.col)).collect();
        assert_eq!(rim, [(1, 0), (1, 1), (2, 1)]);
        assert!(steps[10..13].iter().all(|s| s.status == Revealed));
    }

    #[test]
    fn huge_open_board_opens_on_a_small_stack() {
        // 3000x3000 with one mine in a corner; run on a thread with the
        // default 2 MiB test stack to show the depth does not live there.
        let handle = std::thread::Builder::new()
            .stack_size(2 * 1024 * 1024)
            .spawn(|| {
                let mut mines = Grid::filled(3000, 3000, false);
                mines[Pos::new(0, 0)] = true;
                let b = Board::new(mines, Frame::Plus);
                let mut cover = Grid::filled(3000, 3000, Cover::Hidden);
                reveal8(&b, &mut cover, Pos::new(2999, 2999))
            })
            .unwrap();
        assert_eq!(handle.join().unwrap(), 3000 * 3000 - 1);
    }
}
