//! Where a game was lost, and the games lost counted by where.

use serde::{Serialize, Serializer};

use solver::Why;

/// Where a game was lost: what tells a weakness of the solver from the
/// luck of the board. Before the first area opens, every guess is nearly
/// blind; a 50/50 no clue can settle, and the move of the exact endgame
/// search, lose only what any player would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// The first move, when the mines may lie under it.
    FirstMove,
    /// A guess made before any area opened (no square showing 0 yet).
    BeforeOpening,
    /// A square of a pair no clue can ever tell apart.
    FiftyFifty,
    /// A square that holds a mine only as one of such a pair.
    PseudoFiftyFifty,
    /// The move the exact endgame search found best.
    Endgame,
    /// Any other guess.
    OtherGuess,
}

impl Loss {
    /// Every kind, in the order reports give them.
    pub const ALL: [Loss; 6] = [
        Loss::FirstMove,
        Loss::BeforeOpening,
        Loss::FiftyFifty,
        Loss::PseudoFiftyFifty,
        Loss::Endgame,
        Loss::OtherGuess,
    ];

    /// What the loss is, after "lost": for the report to people.
    pub fn phrase(self) -> &'static str {
        match self {
            Loss::FirstMove => "on the first move",
            Loss::BeforeOpening => "before any area opened",
            Loss::FiftyFifty => "on a 50/50",
            Loss::PseudoFiftyFifty => "on a pseudo 50/50",
            Loss::Endgame => "in the endgame search",
            Loss::OtherGuess => "on other guesses",
        }
    }

    /// Its name in JSON.
    pub fn key(self) -> &'static str {
        match self {
            Loss::FirstMove => "first_move",
            Loss::BeforeOpening => "before_opening",
            Loss::FiftyFifty => "fifty_fifty",
            Loss::PseudoFiftyFifty => "pseudo_fifty_fifty",
            Loss::Endgame => "endgame",
            Loss::OtherGuess => "other_guess",
        }
    }

    /// The kind of loss a guess made for `why` is, once an area has opened.
    pub fn of_guess(why: Why) -> Loss {
        match why {
            Why::FiftyFifty { .. } => Loss::FiftyFifty,
            Why::PseudoFiftyFifty => Loss::PseudoFiftyFifty,
            Why::Endgame { .. } => Loss::Endgame,
            Why::Safest
            | Why::LookAhead { .. }
            | Why::TwoAhead { .. }
            | Why::SafeWhenever { .. }
            | Why::OnlyDead => Loss::OtherGuess,
        }
    }
}

/// Games lost, counted by [`Loss`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Losses([u64; Loss::ALL.len()]);

impl Losses {
    /// Games lost to `loss`.
    pub fn count(&self, loss: Loss) -> u64 {
        self.0[loss as usize]
    }

    /// Counts one game lost to `loss`.
    pub fn add(&mut self, loss: Loss) {
        self.0[loss as usize] += 1;
    }

    /// Adds the games `other` counts.
    pub fn merge(&mut self, other: &Losses) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine += theirs;
        }
    }
}

/// An object with every kind's count, in the order of [`Loss::ALL`].
impl Serialize for Losses {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(Loss::ALL.iter().map(|&loss| (loss.key(), self.count(loss))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_in_json_in_order() {
        let mut losses = Losses::default();
        for loss in [Loss::BeforeOpening, Loss::Endgame, Loss::BeforeOpening] {
            losses.add(loss);
        }
        assert_eq!(
            serde_json::to_string(&losses).unwrap(),
            "{\"first_move\":0,\"before_opening\":2,\"fifty_fifty\":0,\
             \"pseudo_fifty_fifty\":0,\"endgame\":1,\"other_guess\":0}"
        );
    }
}
