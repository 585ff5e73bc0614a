//! Opening a square, and with an empty one its whole island.
//!
//! The course asks for a recursive reveal:
//!
//! ```text
//! reveal(square):
//!     if square is open, flagged or a mine: return        -- the base cases
//!                                                            (a question mark is no flag)
//!     open square
//!     if its clue is 0:                                   -- an empty field
//!         for each neighbour n, in reading order: reveal(n)
//! ```
//!
//! [`reveal`] is that function with its call stack made explicit: `calls`
//! holds one entry for each `reveal(square)` still running, innermost last
//! (the square's index: 8 bytes, where a `Pos` takes 16).
//! It opens the same squares in the same order as the recursive version,
//! but the depth of the recursion, which on an open board is close to the
//! number of squares, lives on the heap rather than on the thread's stack;
//! design.md has the measurements behind this choice.

use super::board::Board;
use super::game::Cover;
use super::grid::{Grid, Pos};

/// Runs `reveal(start)` on `cover` and returns how many squares it opened.
pub(super) fn reveal(board: &Board, cover: &mut Grid<Cover>, start: Pos) -> usize {
    let mut opened = 0;
    let mut calls = Vec::new();
    enter(board, cover, start, &mut calls, &mut opened);
    while let Some(&top) = calls.last() {
        let square = cover.pos_at(top);
        // Resume the innermost call at its next neighbour. The neighbours it
        // already visited are open now or will never open (flags stay put),
        // so the first one that can open is where the recursive loop carries on.
        match board
            .mines()
            .neighbours(square)
            .find(|&n| can_open(board, cover, n))
        {
            Some(next) => enter(board, cover, next, &mut calls, &mut opened),
            None => {
                calls.pop();
            }
        }
    }
    opened
}

/// The negation of the base cases: the square is closed, unflagged (a
/// question mark does not stop it) and safe.
fn can_open(board: &Board, cover: &Grid<Cover>, square: Pos) -> bool {
    matches!(cover[square], Cover::Hidden | Cover::Questioned) && !board.is_mine(square)
}

/// The body of `reveal(square)` up to its loop: the base cases, opening the
/// square, and, for an empty field, pushing the call that will visit its neighbours.
fn enter(
    board: &Board,
    cover: &mut Grid<Cover>,
    square: Pos,
    calls: &mut Vec<usize>,
    opened: &mut usize,
) {
    if !can_open(board, cover, square) {
        return;
    }
    cover[square] = Cover::Open;
    *opened += 1;
    if board.clue(square) == 0 {
        calls.push(cover.index_of(square));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::{Frame, drawn};

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

    #[test]
    fn clue_opens_alone() {
        let b = drawn(&["*..", "...", "..."]);
        let mut cover = Grid::filled(3, 3, Cover::Hidden);
        assert_eq!(reveal(&b, &mut cover, Pos::new(1, 1)), 1);
        assert_eq!(open_map(&cover), ["...", ".o.", "..."]);
    }

    #[test]
    fn empty_field_opens_island_and_rim() {
        let b = drawn(&["..*..", "..*..", "..*.."]);
        let mut cover = Grid::filled(3, 5, Cover::Hidden);
        assert_eq!(reveal(&b, &mut cover, Pos::new(0, 0)), 6);
        assert_eq!(open_map(&cover), ["oo...", "oo...", "oo..."]);
    }

    #[test]
    fn island_stops_at_its_rim() {
        let b = drawn(&["....", ".*..", "....", "...."]);
        let mut cover = Grid::filled(4, 4, Cover::Hidden);
        reveal(&b, &mut cover, Pos::new(3, 3));
        assert_eq!(open_map(&cover), ["..oo", "..oo", "oooo", "oooo"]);
    }

    #[test]
    fn flags_are_neither_opened_nor_passed() {
        let b = drawn(&["....."]);
        let mut cover = Grid::filled(1, 5, Cover::Hidden);
        cover[Pos::new(0, 2)] = Cover::Flagged;
        assert_eq!(reveal(&b, &mut cover, Pos::new(0, 0)), 2);
        assert_eq!(open_map(&cover), ["ooF.."]);
    }

    #[test]
    fn question_marks_are_opened() {
        let b = drawn(&["....."]);
        let mut cover = Grid::filled(1, 5, Cover::Hidden);
        cover[Pos::new(0, 2)] = Cover::Questioned;
        assert_eq!(reveal(&b, &mut cover, Pos::new(0, 0)), 5);
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
                reveal(&b, &mut cover, Pos::new(2999, 2999))
            })
            .unwrap();
        assert_eq!(handle.join().unwrap(), 3000 * 3000 - 1);
    }
}
