//! Choosing where to guess when nothing is certain.
//!
//! The safest squares first; among squares nearly as safe, the one most
//! likely to open an area (every unknown neighbour clear), since an opening
//! gives the most new clues. Corners of the interior win early in a game
//! for that reason.

use super::{Known, Probabilities, Solver};
use crate::engine::grid::Pos;

/// How much riskier than the safest square a guess may be when it is more
/// likely to open an area.
const TOLERANCE: f64 = 0.01;

/// A square to open without certainty, and its chance of holding a mine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    pub at: Pos,
    pub probability: f64,
}

impl Solver {
    /// The square to guess, or `None` when no square is unknown.
    pub fn guess(&self, probabilities: &Probabilities) -> Option<Guess> {
        self.ranked_guess(probabilities, |_| true)
    }

    /// The best guess among the squares `allowed` lets through.
    pub fn ranked_guess(
        &self,
        probabilities: &Probabilities,
        allowed: impl Fn(Pos) -> bool,
    ) -> Option<Guess> {
        let candidates: Vec<(usize, f64)> = (0..self.known.len())
            .filter(|&i| self.known[i] == Known::Unknown && allowed(self.pos(i)))
            .map(|i| (i, probabilities.at_index(i)))
            .collect();
        let safest = candidates
            .iter()
            .map(|&(_, p)| p)
            .fold(f64::INFINITY, f64::min);
        let mut best: Option<(usize, f64, f64)> = None;
        for (i, p) in candidates {
            if p > safest + TOLERANCE {
                continue;
            }
            let opens = self.chance_of_opening(i, probabilities);
            let better = match best {
                None => true,
                Some((_, best_p, best_opens)) => {
                    opens > best_opens || (opens == best_opens && p < best_p)
                }
            };
            if better {
                best = Some((i, p, opens));
            }
        }
        best.map(|(i, p, _)| Guess {
            at: self.pos(i),
            probability: p,
        })
    }

    /// Roughly, the chance that opening `i` shows a 0: every neighbour not
    /// open is clear (taken as independent).
    fn chance_of_opening(&self, i: usize, probabilities: &Probabilities) -> f64 {
        self.neighbours(i)
            .into_iter()
            .map(|n| match self.known[n] {
                Known::Unknown => 1.0 - probabilities.at_index(n),
                Known::Mine => 0.0,
                Known::Safe | Known::Open(_) => 1.0,
            })
            .product()
    }
}
