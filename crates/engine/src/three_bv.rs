//! 3BV ("Bechtel's Board Benchmark Value"): the fewest clicks that clear a
//! board without flags. Each opening (an island of empty squares and its
//! rim) takes one click, and each numbered square that no opening reaches
//! takes one more.

use crate::board::Board;
use crate::cover::Cover;
use crate::grid::{Neighbourhood, Pos};
use crate::reveal::{Covers, fill};

/// The 3BV of `board`.
pub fn three_bv(board: &Board) -> usize {
    three_bv_done(board, |_| false).total
}

/// A board's 3BV, and how much of it the squares open so far have done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreeBv {
    /// The clicks that clear the board.
    pub total: usize,
    /// Those whose squares are open: each opening wholly open, each
    /// number outside every opening open.
    pub done: usize,
}

/// 3BV a second: `done` 3BV in `ms` milliseconds of play. None where
/// nothing was done (a proj3 win by flags alone), or where the time shows
/// as 0.0 s: a rate from a time too short to tell is no figure, nor a
/// division by nothing.
pub fn three_bv_per_second(done: usize, ms: u64) -> Option<f64> {
    (done > 0 && ms >= 50).then(|| done as f64 * 1000.0 / ms as f64)
}

/// The 3BV of `board` and how much of it is done when the squares for
/// which `open` holds are open.
pub fn three_bv_done(board: &Board, open: impl Fn(Pos) -> bool) -> ThreeBv {
    let mines = board.mines();
    let mut reached = Reached::new(board.cols(), board.rows() * board.cols());
    let mut counted = ThreeBv { total: 0, done: 0 };
    for pos in mines.positions() {
        if board.clue(pos) == 0 && !board.is_mine(pos) && !reached.has(pos) {
            // The scanline fill, whose to-do list is a seed per run: a
            // call per square, as `reveal` keeps, took 1.2 GB on an open
            // 10000x10000 board, four times the game.
            let mut all_open = true;
            fill(
                board,
                &mut reached,
                pos,
                Neighbourhood::Eight,
                &mut |square, _, _| all_open &= open(square),
            );
            counted.total += 1;
            counted.done += usize::from(all_open);
        }
    }
    for pos in mines.positions() {
        if !reached.has(pos) && !board.is_mine(pos) {
            counted.total += 1;
            counted.done += usize::from(open(pos));
        }
    }
    counted
}

/// The squares the openings reach, a bit each: the count runs at the end
/// of every recorded game, and a byte a square was 16 MB on 4000x4000.
struct Reached {
    cols: usize,
    bits: Vec<u64>,
}

impl Reached {
    fn new(cols: usize, squares: usize) -> Self {
        Reached {
            cols,
            bits: vec![0; squares.div_ceil(64)],
        }
    }

    /// The word holding `square`'s bit, and the bit.
    fn bit(&self, square: Pos) -> (usize, u64) {
        let i = square.row * self.cols + square.col;
        (i / 64, 1 << (i % 64))
    }

    fn has(&self, square: Pos) -> bool {
        let (word, bit) = self.bit(square);
        self.bits[word] & bit != 0
    }
}

impl Covers for Reached {
    fn cover(&self, square: Pos) -> Cover {
        if self.has(square) {
            Cover::Open
        } else {
            Cover::Hidden
        }
    }

    fn open(&mut self, square: Pos) {
        let (word, bit) = self.bit(square);
        self.bits[word] |= bit;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::drawn;

    #[test]
    fn open_board_is_one_click() {
        assert_eq!(three_bv(&drawn(&["....", "...."])), 1);
    }

    #[test]
    fn isolated_clues_count_one_each() {
        // Every safe square touches the mine: no opening, three clicks.
        assert_eq!(three_bv(&drawn(&[".*", ".."])), 3);
    }

    #[test]
    fn openings_and_stray_clues() {
        // Two openings at the ends; the middle column's clues are reached
        // from them, except none are left over.
        assert_eq!(three_bv(&drawn(&["..*..", "..*..", "..*.."])), 2);
        // A clue cut off from every opening by mines.
        assert_eq!(three_bv(&drawn(&["...*.", "...**"])), 2);
    }

    #[test]
    fn an_opening_is_done_once_all_of_it_is_open() {
        // The left opening (columns 0-1 and the clues of column 1) and the
        // stray clue at the top right, which no opening reaches.
        let board = drawn(&["...*.", "...**"]);
        let done = |open: &[(usize, usize)]| {
            three_bv_done(&board, |p| open.contains(&(p.row, p.col))).done
        };
        assert_eq!(done(&[]), 0);
        assert_eq!(
            done(&[(0, 0), (1, 0), (0, 1), (1, 1)]),
            0,
            "its rim is not open"
        );
        let opening = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)];
        assert_eq!(done(&opening), 1);
        assert_eq!(done(&[(0, 4)]), 1);
        let mut all = opening.to_vec();
        all.push((0, 4));
        assert_eq!(
            three_bv_done(&board, |p| all.contains(&(p.row, p.col))),
            ThreeBv { total: 2, done: 2 }
        );
    }

    proptest::proptest! {
        /// Marking a bit a square reaches the squares the game's own cover
        /// grid would, on boards wider than a word and not a multiple of
        /// it: the 3BV is the one counted with the grid.
        #[test]
        fn a_bit_a_square_counts_as_the_cover_grid_does(
            rows in 1usize..12,
            cols in 1usize..23,
            mines in proptest::collection::vec(proptest::bool::weighted(0.15), 12 * 23),
        ) {
            use crate::grid::Grid;
            let grid = Grid::from_row_major(rows, cols, mines[..rows * cols].to_vec());
            let board = Board::new(grid, crate::board::Frame::Plus);
            let mut reached = Grid::filled(rows, cols, Cover::Hidden);
            let mut expected = 0;
            for pos in board.mines().positions() {
                if board.clue(pos) == 0 && !board.is_mine(pos) && reached[pos] == Cover::Hidden {
                    fill(&board, &mut reached, pos, Neighbourhood::Eight, &mut |_, _, _| {});
                    expected += 1;
                }
            }
            expected += board
                .mines()
                .positions()
                .filter(|&pos| reached[pos] == Cover::Hidden && !board.is_mine(pos))
                .count();
            proptest::prop_assert_eq!(three_bv(&board), expected);
        }
    }

    #[test]
    fn a_rate_needs_something_done_and_a_time_that_shows() {
        assert_eq!(three_bv_per_second(10, 4000), Some(2.5));
        assert_eq!(three_bv_per_second(0, 4000), None);
        assert_eq!(three_bv_per_second(3, 49), None, "shown as 0.0 s");
        assert_eq!(three_bv_per_second(3, 50), Some(60.0));
    }
}
