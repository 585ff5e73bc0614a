//! Looking one move past a guess: what each clue the square could show
//! would leave.
//!
//! For a candidate square, every clue it could show is supposed in turn,
//! the likeliest first, and layer 3 redone with it
//! ([`analyse_supposing`]). The number of arrangements behind each clue,
//! against the number now, is the chance that the square is safe and
//! shows that clue; the safest square of each supposed position is how
//! good the next move would then be. The candidate's worth is the chance
//! of surviving it and then the next move, summed over its clues: the
//! expected safety of the best next move; and a little more for the
//! chance that something is certain after it, and, while nearly the whole
//! board is unknown, for the chance that it opens an area
//! ([`Solver::opening_weight`]).
//!
//! Along the way it learns two things that overrule the score:
//! - a square that can show only one clue is **dead**: opening it tells
//!   nothing, so it is only worth guessing when every candidate is;
//! - a square that is certainly safe in every supposed position is safe
//!   whenever the candidate is, and is never riskier: it **dominates** the
//!   candidate, and is opened instead.
//!
//! The supposed positions are kept with the outlook (its branches), for
//! the best candidates to be looked past once more
//! ([`two_ahead`](super::two_ahead)); a position can be supposed on top of
//! clues already supposed (`given`), which is how that second look is made.

use super::PROGRESS;
use crate::arrangements::analyse_supposing;
use crate::{Known, Probabilities, Solver};

/// An analysis a look ahead needs was not exact (a component too big to
/// count): the chances of the clues cannot be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NotExact;

/// What guessing one square leads to.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Outlook {
    pub(super) square: usize,
    /// The chance of a mine now.
    pub(super) mine: f64,
    /// The chance of surviving this guess and then the best next move:
    /// the candidate's worth.
    pub(super) survival: f64,
    /// The chance that, once this square is open and safe, something is
    /// certainly safe.
    pub(super) certain_next: f64,
    /// What its worth is multiplied by for the chance that, once open and
    /// safe, it shows 0 and opens an area ([`Solver::opening_weight`]).
    pub(super) opening: f64,
    /// How many clues it can show.
    pub(super) clues: usize,
    /// A square that is certainly safe whenever this one is.
    pub(super) dominated_by: Option<usize>,
    /// Each clue it can show, as far as it was looked at.
    pub(super) branches: Vec<Branch>,
    /// What its worth is multiplied by for the 50/50s it may spare
    /// ([`long_term`](crate::long_term)); 1 unless the guess weighs them.
    pub(super) long_term: f64,
}

/// One clue a guess can show, and what it would leave.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Branch {
    pub(super) clue: u8,
    /// The chance that the square is safe and shows this clue.
    pub(super) chance: f64,
    /// The analysis of the position after it.
    pub(super) then: Probabilities,
}

impl Outlook {
    /// What the candidate is worth: its survival, a little more for the
    /// chance of certain progress after it (per [`PROGRESS`]), more for
    /// the 50/50s it may spare, and early on for the chance of an opening.
    pub(super) fn worth(&self) -> f64 {
        self.survival * (1.0 + PROGRESS * self.certain_next) * self.long_term * self.opening
    }

    /// Opening it tells nothing: it can show only one clue.
    pub(super) fn is_dead(&self) -> bool {
        self.clues <= 1
    }

    /// The chance of surviving the guess and the next move, given that it
    /// is safe.
    pub(super) fn next_safety(&self) -> f64 {
        self.given_safe(self.survival)
    }

    /// `chance`, a chance that the square is safe and something more,
    /// given that it is safe (0 for a certain mine).
    pub(super) fn given_safe(&self, chance: f64) -> f64 {
        if self.mine < 1.0 {
            chance / (1.0 - self.mine)
        } else {
            0.0
        }
    }
}

impl Solver {
    /// What guessing the unknown square `i` leads to, from `now`, the
    /// analysis of the position where the squares of `given` are open and
    /// show their clues (none: the position as it is); `None` once the
    /// candidate cannot be worth more than `to_beat` (it stops looking as
    /// soon as it knows). An error when an analysis, now or supposed, is
    /// not exact.
    pub(super) fn outlook(
        &mut self,
        i: usize,
        now: &Probabilities,
        to_beat: f64,
        given: &[(usize, u8)],
    ) -> Result<Option<Outlook>, NotExact> {
        let log_now = now.log_arrangements().ok_or(NotExact)?;
        let mine = now.at_index(i);
        let not_given = |j: usize| given.iter().all(|&(g, _)| g != j);
        let (unknown, known_mines) = self.around(i);
        let unknown = unknown.into_iter().filter(|&n| not_given(n));
        let mut supposed: Vec<(usize, Known)> = given
            .iter()
            .map(|&(at, clue)| (at, Known::Open(clue)))
            .collect();
        supposed.push((i, Known::Open(0)));
        let mut outlook = Outlook {
            square: i,
            mine,
            survival: 0.0,
            certain_next: 0.0,
            opening: 1.0,
            clues: 0,
            dominated_by: None,
            branches: Vec::new(),
            long_term: 1.0,
        };
        // The chance of being safe not yet given to a clue.
        let mut unspent = 1.0 - mine;
        // The chance that it is safe and shows 0.
        let mut opens = 0.0;
        let mut safe_in_all: Option<Vec<usize>> = None;
        for extra in likeliest_first(unknown.map(|n| now.at_index(n))) {
            let clue = known_mines + extra;
            if outlook.survival + unspent <= to_beat {
                return Ok(None);
            }
            *supposed.last_mut().expect("just pushed") = (i, Known::Open(clue));
            // Clues alone never overfill a clue: there is always an analysis.
            let Some(then) = analyse_supposing(self, &supposed) else {
                continue;
            };
            let log_then = then.log_arrangements().ok_or(NotExact)?;
            let chance = (log_then - log_now).exp();
            if chance.is_nan() || chance <= 0.0 {
                continue;
            }
            outlook.clues += 1;
            if clue == 0 {
                opens = chance;
            }
            unspent -= chance;
            let next = 1.0 - then.safest().unwrap_or(0.0);
            outlook.survival += chance * next;
            let safe: Vec<usize> = then.certainly_safe().collect();
            if !safe.is_empty() {
                outlook.certain_next += chance;
            }
            safe_in_all = Some(match safe_in_all {
                None => safe,
                Some(mut kept) => {
                    kept.retain(|j| safe.binary_search(j).is_ok());
                    kept
                }
            });
            outlook.branches.push(Branch { clue, chance, then });
        }
        outlook.certain_next = outlook.given_safe(outlook.certain_next);
        outlook.opening = 1.0 + self.opening_weight() * outlook.given_safe(opens);
        outlook.dominated_by = safe_in_all.and_then(|safe| {
            safe.into_iter()
                .find(|&j| self.known.get(j) == Known::Unknown && not_given(j))
        });
        Ok(Some(outlook))
    }
}

/// The numbers of mines that squares with these chances of a mine can
/// hold, likeliest first (taken as independent, which is only to order
/// them): the look at a candidate stops once what its clues not yet
/// looked at could add cannot make it win, which comes sooner when the
/// likely clues come first.
fn likeliest_first(mines: impl Iterator<Item = f64>) -> Vec<u8> {
    let (chance, squares) = mine_count_chances(mines);
    let mut order: Vec<u8> = (0..=squares as u8).collect();
    order.sort_by(|&a, &b| chance[usize::from(b)].total_cmp(&chance[usize::from(a)]));
    order
}

/// The chance that (at most eight) squares with these chances of a mine
/// hold 0, 1, ... 8 mines between them, taken as independent; and how
/// many squares there are.
pub(super) fn mine_count_chances(mines: impl Iterator<Item = f64>) -> ([f64; 9], usize) {
    let mut chance = [0.0f64; 9];
    chance[0] = 1.0;
    let mut squares = 0;
    for p in mines {
        squares += 1;
        for k in (1..=squares).rev() {
            chance[k] = chance[k] * (1.0 - p) + chance[k - 1] * p;
        }
        chance[0] *= 1.0 - p;
    }
    (chance, squares)
}

#[cfg(test)]
mod tests {
    use super::{likeliest_first, mine_count_chances};

    #[test]
    fn mine_counts_of_independent_squares() {
        let (chance, squares) = mine_count_chances([0.5, 0.5].into_iter());
        assert_eq!(squares, 2);
        assert_eq!(chance, [0.25, 0.5, 0.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
        let (chance, squares) = mine_count_chances([1.0, 0.0, 0.25].into_iter());
        assert_eq!(squares, 3);
        assert_eq!(chance[..4], [0.0, 0.75, 0.25, 0.0]);
    }

    #[test]
    fn clues_are_looked_at_likeliest_first() {
        assert_eq!(likeliest_first([].into_iter()), [0]);
        assert_eq!(likeliest_first([0.1; 3].into_iter()), [0, 1, 2, 3]);
        assert_eq!(likeliest_first([0.9; 3].into_iter()), [3, 2, 1, 0]);
        // Two certain mines and a 50/50: 2 or 3 mines, never fewer.
        assert_eq!(likeliest_first([1.0, 1.0, 0.5].into_iter())[2..], [0, 1]);
        // Eight squares, each a mine half the time: 4 first, 0 and 8 last.
        let eight = likeliest_first([0.5; 8].into_iter());
        assert_eq!(eight.len(), 9);
        assert_eq!(eight[0], 4);
        assert_eq!(eight[7..], [0, 8]);
    }
}
