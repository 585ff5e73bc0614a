//! A hint for a player: the first thing the solver is certain of that the
//! player has not acted on, or where to guess.

use super::{Deduction, Guess, Progress, Solver, Verdict};
use crate::engine::game::{Cover, Game, Status};
use crate::engine::grid::Pos;
use crate::engine::rules::FirstMove;

/// What a hint says.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// A square that is certainly safe (not open) or certainly a mine (not flagged).
    Certain(Deduction),
    /// Before the first opening of a random board whose first square is
    /// kept clear: any square is safe, this one the most likely to open an area.
    FirstMove(Pos),
    /// Nothing is certain: the square to guess.
    Guess(Guess),
}

/// The hint for the player of `game`, from what they can see; `None` once
/// the game is over.
pub fn hint(game: &Game) -> Option<Hint> {
    if game.status() != Status::Playing {
        return None;
    }
    let mut solver = Solver::seeing(game);
    let before_first = game.board().mine_count() < game.mine_count();
    loop {
        let probabilities = match solver.deduce() {
            Progress::Deduced(found) => {
                if let Some(useful) = found.into_iter().find(|d| news(game, d)) {
                    return Some(Hint::Certain(useful));
                }
                continue;
            }
            Progress::Stuck(probabilities) => probabilities,
        };
        let guess = solver.guess(&probabilities)?;
        let kept_clear = game.rules().first_move != FirstMove::Any;
        if before_first && kept_clear {
            return Some(Hint::FirstMove(guess.at));
        }
        return Some(Hint::Guess(guess));
    }
}

/// Whether a deduction tells the player something the board does not show.
fn news(game: &Game, deduction: &Deduction) -> bool {
    match deduction.verdict {
        Verdict::Safe => true,
        Verdict::Mine => game.cover(deduction.at) != Cover::Flagged,
    }
}
