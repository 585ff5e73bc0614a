//! 3BV ("Bechtel's Board Benchmark Value"): the fewest clicks that clear a
//! board without flags. Each opening (an island of empty squares and its
//! rim) takes one click, and each numbered square that no opening reaches
//! takes one more.

use super::board::Board;
use super::game::Cover;
use super::grid::{Grid, Neighbourhood};
use super::reveal::fill;

/// The 3BV of `board`.
pub fn three_bv(board: &Board) -> usize {
    let mines = board.mines();
    let mut cover = Grid::filled(board.rows(), board.cols(), Cover::Hidden);
    let mut clicks = 0;
    for pos in mines.positions() {
        if board.clue(pos) == 0 && !board.is_mine(pos) && cover[pos] == Cover::Hidden {
            // The scanline fill, whose to-do list is a seed per run: a
            // call per square, as `reveal` keeps, took 1.2 GB on an open
            // 10000x10000 board, four times the game.
            fill(
                board,
                &mut cover,
                pos,
                Neighbourhood::Eight,
                &mut |_, _, _| {},
            );
            clicks += 1;
        }
    }
    let unreached = mines
        .positions()
        .filter(|&p| cover[p] == Cover::Hidden && !board.is_mine(p))
        .count();
    clicks + unreached
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::drawn;

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
}
