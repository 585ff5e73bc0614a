//! Looking two moves past a guess, for the few candidates the one-move
//! look ahead rates best.
//!
//! The look ahead ([`look_ahead`](super::look_ahead)) scores the move after
//! a guess by its safety alone. Two candidates it rates nearly alike can
//! still differ in where that next move leads, so the best of them are
//! looked at once more: in each position a candidate's clue would leave
//! (the branches the look ahead kept), the [`NEXT_LOOKED_AT`] safest next
//! moves are themselves looked past, with the candidate's clue given, and
//! the best of their worths is what that clue leads to. The candidate's
//! worth two moves ahead is the sum over its clues, each by its chance.
//!
//! Each next move costs as much as the candidate did, so this is kept for
//! the best few candidates (which [`guess`](super::guess) bounds), and a
//! candidate stops being looked at once it cannot beat the best so far: a
//! clue can lead to no more than the safety of its best next move.

use super::CUTOFF;
use super::look_ahead::{NotExact, Outlook};
use crate::Solver;

/// In each supposed position, how many of the safest next moves are
/// looked past. Measured (BENCHMARKS.md): two won more expert games than
/// one or three.
const NEXT_LOOKED_AT: usize = 2;

/// What a candidate leads to two moves ahead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct TwoAhead {
    /// The chance of surviving it and the next two moves, with a little
    /// more for certain progress after the second (as in
    /// [`Outlook::worth`]): what candidates are compared by.
    pub(super) worth: f64,
    /// The chance of surviving it and the next two moves.
    pub(super) survival: f64,
}

impl Solver {
    /// What the candidate of `outlook` leads to two moves ahead, or `None`
    /// when it stopped early, knowing it cannot be worth more than
    /// `to_beat`. The next moves weighed are the unknown squares of
    /// `others` and of each supposed frontier. An error when a supposed
    /// analysis is not exact.
    pub(super) fn two_ahead(
        &mut self,
        outlook: &Outlook,
        others: &[usize],
        to_beat: f64,
    ) -> Result<Option<TwoAhead>, NotExact> {
        let most = self.most_worth();
        let i = outlook.square;
        let mut found = TwoAhead {
            worth: 0.0,
            survival: 0.0,
        };
        // The most the clues not yet looked at can add, per unit of `most`.
        let mut unspent = outlook.survival;
        for branch in &outlook.branches {
            if found.worth + unspent.max(0.0) * most <= to_beat {
                return Ok(None);
            }
            let then = &branch.then;
            let Some(safest) = then.safest() else {
                // Nothing left unknown: the game is won.
                found.worth += branch.chance;
                found.survival += branch.chance;
                unspent -= branch.chance;
                continue;
            };
            unspent -= branch.chance * (1.0 - safest);
            let mut next: Vec<(usize, f64)> = others
                .iter()
                .copied()
                .chain(then.frontier_keys())
                .filter(|&j| j != i)
                .map(|j| (j, then.at_index(j)))
                .filter(|&(_, mine)| 1.0 - mine >= CUTOFF * (1.0 - safest))
                .collect();
            next.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
            next.dedup_by_key(|&mut (j, _)| j);
            let given = [(i, branch.clue)];
            let (mut worth, mut survival) = (0.0f64, 0.0);
            for (j, mine) in next.into_iter().take(NEXT_LOOKED_AT) {
                if (1.0 - mine) * most <= worth {
                    break;
                }
                if let Some(after) = self.outlook(j, then, worth / most, &given)?
                    && after.worth() > worth
                {
                    worth = after.worth();
                    survival = after.survival;
                }
            }
            found.worth += branch.chance * worth;
            found.survival += branch.chance * survival;
        }
        Ok(Some(found))
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{follow_openings, stuck};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Looking a second move ahead never makes a candidate likelier to be
        /// survived, so its worth is bounded by the one-move survival (the
        /// bound that stops a candidate early); and the early stop never
        /// drops a candidate that would have beaten the mark.
        #[test]
        fn a_second_move_only_lowers_the_chance_and_the_early_stop_is_sound(
            mines in prop::collection::vec(prop::bool::weighted(0.2), 80),
            opens in prop::collection::vec(0usize..80, 1..8),
        ) {
            follow_openings(8, 10, &mines, &opens, |solver| {
                let now = stuck(solver);
                let squares: Vec<usize> = now.frontier_keys().take(3).collect();
                for &i in &squares {
                    let Ok(Some(outlook)) = solver.outlook(i, &now, 0.0, &[]) else {
                        continue;
                    };
                    let Ok(Some(full)) = solver.two_ahead(&outlook, &squares, 0.0) else {
                        continue;
                    };
                    prop_assert!(full.survival <= outlook.survival + 1e-9);
                    prop_assert!(full.survival <= full.worth + 1e-12);
                    prop_assert!(full.worth <= outlook.survival * solver.most_worth() + 1e-9);
                    if full.worth > 1e-6 {
                        let below = solver.two_ahead(&outlook, &squares, full.worth - 1e-6);
                        prop_assert_eq!(below, Ok(Some(full)));
                    }
                    // Above its worth it may stop early, or finish and fall short.
                    let above = solver.two_ahead(&outlook, &squares, full.worth + 1e-6);
                    prop_assert!(above == Ok(None) || above == Ok(Some(full)));
                }
                Ok(())
            })?;
        }
    }
}
