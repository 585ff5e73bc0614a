//! Where a game's board comes from: a board file, or a random board from
//! a seed. A deal and the moves played on it make the same game again,
//! which is what resuming and replaying a recorded game rely on.

use super::board::Board;
use super::game::Game;
use super::placement::{Layout, NoRoom};
use super::rules::Rules;

/// The board of a game to be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deal {
    /// A board whose mines are known: a board file.
    Board(Board),
    /// A random board of `layout` from `seed`, its mines placed at the
    /// first opening; with `no_guess`, one the solver clears from that
    /// square without guessing.
    Random {
        layout: Layout,
        seed: u64,
        no_guess: bool,
    },
}

impl Deal {
    /// A new game on this board; an error when a random layout has no
    /// room for its mines under the rules' first move.
    pub fn game(&self, rules: Rules) -> Result<Game, NoRoom> {
        Ok(match self {
            Deal::Board(board) => Game::new(board.clone(), rules),
            Deal::Random {
                layout,
                seed,
                no_guess: false,
            } => Game::random(*layout, *seed, rules)?,
            Deal::Random {
                layout,
                seed,
                no_guess: true,
            } => Game::random_no_guess(*layout, *seed, rules)?,
        })
    }

    /// The seed of a random board.
    pub fn seed(&self) -> Option<u64> {
        match self {
            Deal::Random { seed, .. } => Some(*seed),
            Deal::Board(_) => None,
        }
    }
}
