//! Boards that need no guess: random boards, tried one seed after another,
//! until the solver clears one from the first move by deduction alone.
//!
//! The check is the solver's three layers with the mine count; only
//! certainties count. Try `k` is the board of seed `seed + k`, so a board
//! found is also an ordinary random board, reproducible from its seed.

use super::{Finish, WhenStuck, autoplay};
use crate::engine::board::Board;
use crate::engine::game::Game;
use crate::engine::grid::Pos;
use crate::engine::placement::{Layout, NoRoom, place_mines};
use crate::engine::rules::{FirstMove, Rules};

/// Why no board was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoGuessError {
    #[error(transparent)]
    NoRoom(#[from] NoRoom),
    #[error("none of {tries} random boards could be cleared without guessing")]
    GaveUp { tries: u64 },
}

/// A board found, and on which try.
#[derive(Clone, Debug)]
pub struct NoGuessBoard {
    pub board: Board,
    /// Its seed: `seed + tries - 1`.
    pub seed: u64,
    pub tries: u64,
}

/// How many boards to try before giving up: about ten million squares
/// worth of solving, and never more than 20,000 boards (a few seconds).
pub fn max_tries(layout: Layout) -> u64 {
    (10_000_000 / layout.squares().max(1) as u64).clamp(100, 20_000)
}

/// The first board from `seed` on that the solver clears from `first`
/// without a guess, with mines kept clear of `first` as `policy` says.
pub fn no_guess_board(
    layout: Layout,
    policy: FirstMove,
    first: Pos,
    seed: u64,
) -> Result<NoGuessBoard, NoGuessError> {
    no_guess_board_within(layout, policy, first, seed, max_tries(layout))
}

/// As [`no_guess_board`], giving up after `tries` boards.
pub fn no_guess_board_within(
    layout: Layout,
    policy: FirstMove,
    first: Pos,
    seed: u64,
    tries: u64,
) -> Result<NoGuessBoard, NoGuessError> {
    layout.check_room(policy)?;
    for k in 0..tries {
        let seed = seed.wrapping_add(k);
        let board = place_mines(layout, policy, Some(first), seed)?;
        if clears_without_guessing(&board, first) {
            return Ok(NoGuessBoard {
                board,
                seed,
                tries: k + 1,
            });
        }
    }
    Err(NoGuessError::GaveUp { tries })
}

/// Whether the solver, opening `first` and then only what it is certain
/// of, opens every safe square of `board`.
pub fn clears_without_guessing(board: &Board, first: Pos) -> bool {
    if board.is_mine(first) {
        return false;
    }
    let mut game = Game::new(board.clone(), Rules::CLASSIC);
    autoplay(&mut game, Some(first), WhenStuck::Stop, |_, _| {}).finish == Finish::Won
}
