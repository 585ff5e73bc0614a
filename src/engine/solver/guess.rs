//! Choosing where to guess when nothing is certain.
//!
//! The safest squares first. Among squares nearly as safe (within
//! [`TOLERANCE`]), the one most likely to be safe *and* let something be
//! deduced at once: for each, the chance of each clue it could show
//! (its neighbours taken as independent) is weighed by whether layers 1
//! and 2 would then decide anything near it. Ties go to the square most
//! likely to open an area, which is why the corners of an untouched
//! board come first.
//!
//! Measured with `bench` (BENCHMARKS.md): on expert boards this look ahead
//! wins about one game in a hundred more than the opening chance alone;
//! how the two chances are blended, and tolerances from 0 to 0.06, made
//! no difference outside the noise of 30,000 games.

use super::{Known, Probabilities, Solver, local};
use crate::engine::grid::Pos;

/// How much riskier than the safest square a guess may be when it is more
/// likely to lead somewhere.
const TOLERANCE: f64 = 0.01;

/// How many of the safest squares get a look ahead.
const LOOK_AHEAD: usize = 12;

/// A square considered for a guess.
struct Candidate {
    square: usize,
    /// The chance of a mine.
    mine: f64,
    /// The chance that it opens an area.
    opens: f64,
    /// The chance that, if safe, it lets something be deduced at once.
    progress: f64,
}

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
        let mut candidates: Vec<Candidate> = (0..self.known.len())
            .filter(|&i| self.known[i] == Known::Unknown && allowed(self.pos(i)))
            .map(|i| Candidate {
                square: i,
                mine: probabilities.at_index(i),
                opens: self.chance_of_opening(i, probabilities),
                progress: 0.0,
            })
            .collect();
        let safest = candidates
            .iter()
            .map(|c| c.mine)
            .fold(f64::INFINITY, f64::min);
        candidates.retain(|c| c.mine <= safest + TOLERANCE);
        candidates.sort_by(|a, b| a.mine.total_cmp(&b.mine).then(b.opens.total_cmp(&a.opens)));
        candidates.truncate(LOOK_AHEAD);
        if candidates.len() > 1 {
            let mut scratch = self.clone();
            for c in &mut candidates {
                c.progress = scratch.chance_of_progress(c.square, probabilities);
            }
        }
        let best = candidates.iter().max_by(|a, b| {
            // Safe, and then somewhere: the chance the guess pays off at once.
            let score = |c: &Candidate| (1.0 - c.mine) * c.progress;
            score(a)
                .total_cmp(&score(b))
                .then(a.opens.total_cmp(&b.opens))
                .then(b.mine.total_cmp(&a.mine))
                .then(b.square.cmp(&a.square))
        })?;
        Some(Guess {
            at: self.pos(best.square),
            probability: best.mine,
        })
    }

    /// The chance that opening the unknown square `i`, if it is safe, lets
    /// layer 1 or 2 decide something at once: its clue's distribution
    /// (neighbours taken as independent) against a look at what each clue
    /// would decide. `self` is scratch space, left as it was.
    fn chance_of_progress(&mut self, i: usize, probabilities: &Probabilities) -> f64 {
        let mut clue = [0.0f64; 9];
        clue[0] = 1.0;
        let mut mines = 0;
        for n in self.neighbours(i) {
            match self.known[n] {
                Known::Unknown => {
                    let p = probabilities.at_index(n);
                    for k in (0..8).rev() {
                        clue[k + 1] = clue[k + 1] * (1.0 - p) + clue[k] * p;
                    }
                    clue[0] *= 1.0 - p;
                }
                Known::Mine => mines += 1,
                Known::Safe | Known::Open(_) => {}
            }
        }
        let mut chance = 0.0;
        for (extra, &p) in clue.iter().enumerate() {
            if p <= 0.0 {
                continue;
            }
            self.known[i] = Known::Open(mines + extra as u8);
            if local::decides_near(self, i) {
                chance += p;
            }
        }
        self.known[i] = Known::Unknown;
        chance
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
