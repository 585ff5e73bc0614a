//! Choosing where to guess when nothing is certain, among the squares
//! [`candidates`](super::candidates) picks out.
//!
//! The safest squares first. Among squares nearly as safe (within
//! [`TOLERANCE`]), the one that pays most at once: the chance it is safe
//! times the safe squares layers 1 and 2 would then find near it (up to
//! [`ENOUGH`]), over the clues it could show, each with its chance (its
//! neighbours taken as independent). Ties go to the square most likely to
//! open an area, which is why the corners of an untouched board come
//! first.
//!
//! Measured with `bench` on the same 30,000 expert games (BENCHMARKS.md):
//! the opening chance alone wins 11,297; whether anything is found next,
//! 11,645; how many safe squares, up to 3, 11,774. Tolerances from 0.005
//! to 0.04 made no difference outside the noise.

use super::{Known, Probabilities, Solver, local};
use crate::engine::grid::Pos;

/// How much riskier than the safest square a guess may be when it is more
/// likely to lead somewhere.
const TOLERANCE: f64 = 0.01;

/// How many of the safest squares get a look ahead.
const LOOK_AHEAD: usize = 12;

/// Safe squares found after a guess count up to this many: counting every
/// one favours squares that might open an area over safer ones, and loses
/// games (caps of 2 and 3 win the most; 5 and more win fewer than no
/// count at all).
const ENOUGH: usize = 3;

/// A square considered for a guess.
struct Candidate {
    square: usize,
    /// The chance of a mine.
    mine: f64,
    /// The chance that it opens an area.
    opens: f64,
    /// If safe, how many safe squares it is expected to let be found at
    /// once (each clue counting at most [`ENOUGH`]).
    progress: f64,
}

/// A square to open without certainty, and its chance of holding a mine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    pub at: Pos,
    pub probability: f64,
}

impl Solver {
    /// The square to guess, or `None` when no square is unknown. `self`
    /// is scratch space for the look ahead, left knowing what it knew.
    pub fn guess(&mut self, probabilities: &Probabilities) -> Option<Guess> {
        self.ranked_guess(probabilities, |_| true)
    }

    /// The best guess among the squares `allowed` lets through.
    pub fn ranked_guess(
        &mut self,
        probabilities: &Probabilities,
        allowed: impl Fn(Pos) -> bool,
    ) -> Option<Guess> {
        let squares = self.guess_candidates(&allowed);
        self.work += squares.len() as u64;
        let mines: Vec<(usize, f64)> = squares
            .into_iter()
            .map(|i| (i, probabilities.at_index(i)))
            .collect();
        let safest = mines.iter().map(|&(_, p)| p).fold(f64::INFINITY, f64::min);
        // Only the squares nearly as safe as the safest are weighed further.
        let mut candidates: Vec<Candidate> = mines
            .into_iter()
            .filter(|&(_, mine)| mine <= safest + TOLERANCE)
            .map(|(i, mine)| Candidate {
                square: i,
                mine,
                opens: self.chance_of_opening(i, probabilities),
                progress: 0.0,
            })
            .collect();
        candidates.sort_by(|a, b| a.mine.total_cmp(&b.mine).then(b.opens.total_cmp(&a.opens)));
        candidates.truncate(LOOK_AHEAD);
        if candidates.len() > 1 {
            for c in &mut candidates {
                c.progress = self.expected_progress(c.square, probabilities);
            }
        }
        let best = candidates.iter().max_by(|a, b| {
            // Safe, and then somewhere: what the guess is expected to pay at once.
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

    /// What opening the unknown square `i` is expected to give at once, if
    /// it is safe: its clue's distribution (neighbours taken as
    /// independent) against the safe squares layers 1 and 2 would then
    /// find near it, counting at most [`ENOUGH`]. `self` is scratch space,
    /// left as it was.
    fn expected_progress(&mut self, i: usize, probabilities: &Probabilities) -> f64 {
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
            chance += p * local::safe_found_near(self, i).min(ENOUGH) as f64;
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
