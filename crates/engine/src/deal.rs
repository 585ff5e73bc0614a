//! Where a game's board comes from: a board file, or a random board from
//! a seed. A deal and the moves played on it make the same game again,
//! which is what resuming and replaying a recorded game rely on.

use crate::board::Board;
use crate::game::Game;
use crate::maker::BoardMaker;
use crate::placement::{Layout, NoRoom};
use crate::rules::Rules;

/// The board of a game to be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deal {
    /// A board whose mines are known: a board file.
    Board(Board),
    /// A random board of `layout` from `seed`, its mines placed at the
    /// first opening; with `no_guess`, one the solver clears from that
    /// square without guessing.
    Random {
        /// Its size and mines.
        layout: Layout,
        /// The seed its mines are placed from.
        seed: u64,
        /// Made by the solver to need no guess.
        no_guess: bool,
    },
}

impl Deal {
    /// A new game on this board; an error when a random layout has no
    /// room for its mines under the rules' first move. `no_guess_maker`
    /// makes the board of a deal that asks for no guess (the solver's:
    /// the engine cannot tell such a board by itself).
    pub fn game(
        &self,
        rules: Rules,
        no_guess_maker: &'static dyn BoardMaker,
    ) -> Result<Game, NoRoom> {
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
            } => Game::random_made_by(*layout, *seed, rules, no_guess_maker)?,
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
