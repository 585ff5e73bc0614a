//! Components kept from one analysis to the next.
//!
//! Between two analyses the solver learns a few squares, which changes the
//! components around them and leaves the others as they were. A component
//! exactly as it was (the same squares in the same groups, the same clues
//! with the same mines still to find) has the same solutions, so its count
//! is taken from the last analysis instead of searched again: the work of
//! an analysis follows what changed. Only the last analysis's components
//! are kept, so the memory is the frontier's.
//!
//! It matters most where components are large: on a 100x100 board with
//! 5,000 mines, `solve` ran into the node budget 2,825 times, on 51
//! distinct components.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::Frontier;
use super::enumerate::Component;
use super::rows::Rows;

/// The last analysis's components, by what they are made of.
#[derive(Clone, Debug, Default)]
pub(crate) struct Remembered {
    /// Keyed by description with a fast hasher: an analysis looks up
    /// every component, and SipHash took 7 % of a `bench` run.
    last: FxHashMap<Vec<usize>, Arc<Component>>,
}

impl Remembered {
    /// The count of each component of `frontier` (its groups in search
    /// order), searched or kept from the last analysis; these are kept next.
    /// Also the search nodes this took.
    pub(super) fn count(
        &mut self,
        frontier: &Frontier,
        components: &Rows,
    ) -> (Vec<Arc<Component>>, usize) {
        let mut kept = FxHashMap::with_capacity_and_hasher(components.len(), Default::default());
        let mut nodes = 0;
        let counted = components
            .iter()
            .map(|groups| {
                let key = frontier.describe(groups);
                let component = self
                    .last
                    .remove(&key)
                    .unwrap_or_else(|| searched(frontier, groups, &mut nodes));
                kept.insert(key, Arc::clone(&component));
                component
            })
            .collect();
        self.last = kept;
        (counted, nodes)
    }

    /// As [`count`](Self::count), for a frontier that is only supposed:
    /// the components counted are not kept, nor the remembered ones let go.
    pub(super) fn peek(
        &self,
        frontier: &Frontier,
        components: &Rows,
    ) -> (Vec<Arc<Component>>, usize) {
        let mut nodes = 0;
        let mut key = Vec::new();
        let counted = components
            .iter()
            .map(|groups| {
                frontier.describe_into(groups, &mut key);
                self.last
                    .get(key.as_slice())
                    .map(Arc::clone)
                    .unwrap_or_else(|| searched(frontier, groups, &mut nodes))
            })
            .collect();
        (counted, nodes)
    }
}

/// The component of `frontier` made of `groups`, counted by search; its
/// nodes are added to `nodes`.
fn searched(frontier: &Frontier, groups: &[usize], nodes: &mut usize) -> Arc<Component> {
    let component = Component::enumerate(frontier, groups);
    *nodes += component.nodes;
    Arc::new(component)
}

#[cfg(test)]
mod tests {
    use super::super::analyse;
    use super::*;
    use crate::testing::follow_openings;
    use crate::{Progress, Solver};
    use engine::Pos;
    use proptest::prelude::*;

    /// The remembered component holding square `at`.
    fn holding(solver: &Solver, at: usize) -> Arc<Component> {
        let (_, component) = solver
            .remembered
            .last
            .iter()
            .find(|(key, _)| key.contains(&at))
            .expect("a component holds the square");
        Arc::clone(component)
    }

    #[test]
    fn only_the_components_that_changed_are_searched_again() {
        // Two clues far apart on a row: two components.
        let mut solver = Solver::new(3, 12, 6);
        solver.open(Pos::new(1, 1), 2);
        solver.open(Pos::new(1, 10), 2);
        analyse(&mut solver);
        let (left, right) = (holding(&solver, 0), holding(&solver, 11));

        // Learning a square next to the right-hand clue changes only its component.
        solver.open(Pos::new(1, 9), 3);
        analyse(&mut solver);
        assert!(Arc::ptr_eq(&left, &holding(&solver, 0)));
        assert!(!Arc::ptr_eq(&right, &holding(&solver, 11)));
        assert_eq!(solver.remembered.last.len(), 2);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// A solver that follows a game, opening squares one at a time and
        /// deducing between them, finds what a solver that counts every
        /// component afresh finds.
        #[test]
        fn kept_counts_change_nothing(
            rows in 1usize..=10,
            cols in 1usize..=10,
            mines in prop::collection::vec(prop::bool::weighted(0.25), 100),
            opens in prop::collection::vec(0usize..100, 1..16),
        ) {
            follow_openings(rows, cols, &mines, &opens, |solver| {
                if let Progress::Deduced(_) = solver.deduce() {}
                let mut fresh = solver.clone();
                fresh.remembered = Remembered::default();
                prop_assert_eq!(analyse(solver), analyse(&mut fresh));
                Ok(())
            })?;
        }
    }
}
