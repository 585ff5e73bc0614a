//! The position as it is, kept while a look ahead supposes clues on it.
//!
//! A look ahead analyses hundreds of supposed positions for one guess,
//! each the position as it is with a square or two opened. Only the
//! components near those squares change: the components holding a
//! supposed square, and for a supposed clue, those holding its unknown
//! neighbours. So the frontier as it is, its components and their counts
//! are kept ([`Solver::keep_frontier`]), and a supposition rebuilds the
//! frontier of the components it touches alone ([`analyse_patched`]); the
//! others are taken as they were, without being described or looked up
//! again. Rebuilding, describing and looking up the whole frontier for
//! each supposition was a fifth of the work of an expert game. The
//! frontier of the touched components is kept in turn for the next
//! supposition of the same squares ([`Near`]): a look ahead supposes
//! every clue a square could show, one after the other, and those differ
//! only in what the square's own clue still needs.
//!
//! The result is the very analysis a whole rebuild gives, to the bit (a
//! proptest compares them): the components are combined in the order a
//! whole frontier puts them, by their first clue in reading order, and
//! each keeps its groups in the order its search visits them.

use std::sync::Arc;

use super::enumerate::Component;
use super::rows::Rows;
use super::{ClueRow, Frontier, Part, Probabilities, clue_row, clue_rows, combine_parts};
use crate::neighbours::Neighbours;
use crate::{Known, Solver};

/// The frontier of the position as it is, and its components counted.
#[derive(Clone, Debug)]
pub(crate) struct Kept {
    /// Each constraint's clue row.
    rows: Vec<ClueRow>,
    frontier: Frontier,
    /// Each component's groups, in search order.
    orders: Rows,
    components: Vec<Arc<Component>>,
    /// Each frontier square with its component, by square.
    component_of: Vec<(usize, usize)>,
    /// The frontier of the components the last supposition touched.
    near: Option<Near>,
}

/// The frontier of the components a supposition touches, for the next
/// supposition of the same squares: a look ahead supposes each clue a
/// square could show in turn, and those suppositions differ only in what
/// the square's own clue still needs, never in the groups or components.
#[derive(Clone, Debug)]
struct Near {
    /// The supposition, each clue read as 0.
    squares: Vec<(usize, Known)>,
    /// Which of the kept components it touches.
    touched: Vec<bool>,
    frontier: Frontier,
    orders: Rows,
}

impl Kept {
    /// The frontier of what `solver` knows now, counted (from the
    /// components the last analysis remembered, which are these).
    pub(super) fn of(solver: &mut Solver) -> Self {
        let rows = clue_rows(solver, solver.frontier_clues());
        let frontier = Frontier::from_rows(rows.clone());
        let orders = frontier.components();
        let (components, nodes) = solver.remembered.peek(&frontier, &orders);
        solver.work += nodes as u64;
        let mut component_of: Vec<(usize, usize)> = orders
            .iter()
            .enumerate()
            .flat_map(|(k, groups)| {
                let frontier = &frontier;
                groups
                    .iter()
                    .flat_map(move |&g| frontier.groups.row(g).iter().map(move |&i| (i, k)))
            })
            .collect();
        component_of.sort_unstable();
        Self {
            rows,
            frontier,
            orders,
            components,
            component_of,
            near: None,
        }
    }

    /// Makes `near` the frontier of the components `supposed` touches (its
    /// squares written into `solver`): made again only when the squares
    /// supposed differ from last time.
    fn make_near(&mut self, solver: &Solver, supposed: &[(usize, Known)]) {
        let same_squares = |near: &Near| {
            near.squares.len() == supposed.len()
                && near
                    .squares
                    .iter()
                    .zip(supposed)
                    .all(|(&(a, x), &(b, y))| a == b && clue_as_zero(x) == clue_as_zero(y))
        };
        match &mut self.near {
            Some(near) if same_squares(near) => {
                // The supposed clues are read from `solver`: only what
                // they still need can have changed.
                for &(at, _) in supposed {
                    if let Ok(k) = near.frontier.clues.binary_search(&at)
                        && let Some(row) = clue_row(solver, at)
                    {
                        near.frontier.needs[k] = row.needs;
                    }
                }
            }
            _ => {
                let touched = self.touched(solver, supposed);
                let frontier = Frontier::from_rows(self.rows_touched(solver, supposed, &touched));
                let orders = frontier.components();
                self.near = Some(Near {
                    squares: supposed
                        .iter()
                        .map(|&(at, known)| (at, clue_as_zero(known)))
                        .collect(),
                    touched,
                    frontier,
                    orders,
                });
            }
        }
    }

    /// The component holding the frontier square `i`, if it is one.
    fn component_of(&self, i: usize) -> Option<usize> {
        self.component_of
            .binary_search_by_key(&i, |&(j, _)| j)
            .ok()
            .map(|k| self.component_of[k].1)
    }

    /// Whether each component changes once the squares of `supposed` are
    /// as they say (and written into `solver`).
    fn touched(&self, solver: &Solver, supposed: &[(usize, Known)]) -> Vec<bool> {
        let mut touched = vec![false; self.components.len()];
        for &(at, known) in supposed {
            let beside = match known {
                Known::Open(_) => solver.around(at).0,
                _ => Neighbours::empty(),
            };
            for i in std::iter::once(at).chain(beside) {
                if let Some(k) = self.component_of(i) {
                    touched[k] = true;
                }
            }
        }
        touched
    }

    /// The clue rows of the components `touched` marks, as they are once
    /// the squares of `supposed` are as they say, with the clues supposed
    /// open: in reading order, as a whole frontier has them.
    fn rows_touched(
        &self,
        solver: &Solver,
        supposed: &[(usize, Known)],
        touched: &[bool],
    ) -> Vec<ClueRow> {
        let mut constraints: Vec<usize> = touched
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t)
            .flat_map(|(k, _)| self.orders.row(k))
            .flat_map(|&g| self.frontier.group_constraints.row(g).iter().copied())
            .collect();
        constraints.sort_unstable();
        constraints.dedup();
        let beside_supposed =
            |row: &ClueRow| supposed.iter().any(|&(at, _)| row.unknown.contains(at));
        let mut rows: Vec<ClueRow> = constraints
            .into_iter()
            .filter_map(|c| {
                let row = &self.rows[c];
                if beside_supposed(row) {
                    clue_row(solver, row.at)
                } else {
                    Some(*row)
                }
            })
            .chain(supposed.iter().filter_map(|&(at, _)| clue_row(solver, at)))
            .collect();
        rows.sort_unstable_by_key(|row| row.at);
        rows
    }

    /// The first clue, in reading order, of the component whose groups
    /// are `groups` in `frontier`: where a whole frontier puts it.
    fn first_clue(frontier: &Frontier, groups: &[usize]) -> usize {
        // The first group searched has the component's first clue first.
        frontier.clues[frontier.group_constraints.row(groups[0])[0]]
    }
}

/// What a square supposed as `known` is, whatever clue it shows: the
/// suppositions of one square's clues share a [`Near`].
fn clue_as_zero(known: Known) -> Known {
    match known {
        Known::Open(_) => Known::Open(0),
        other => other,
    }
}

/// The analysis of what `solver` knows, with the squares of `supposed`
/// written in, from `kept`, the position before them: the components
/// they touch are rebuilt and counted, the others taken as kept.
pub(super) fn analyse_patched(
    solver: &mut Solver,
    kept: &mut Kept,
    supposed: &[(usize, Known)],
) -> Probabilities {
    kept.make_near(solver, supposed);
    let kept = &*kept;
    let Near {
        touched,
        frontier: near,
        orders: near_orders,
        ..
    } = kept.near.as_ref().expect("just made");
    // Each holds a clue the position as it is does not have, or has with
    // other unknown neighbours: no component remembered is like it.
    let mut nodes = 0;
    let near_counted: Vec<Arc<Component>> = near_orders
        .iter()
        .map(|groups| {
            let component = Component::enumerate(near, groups);
            nodes += component.nodes;
            Arc::new(component)
        })
        .collect();
    let untouched = (0..kept.components.len())
        .filter(|&k| !touched[k])
        .map(|k| (&kept.frontier, kept.orders.row(k), &kept.components[k]));
    let near = near_orders
        .iter()
        .zip(&near_counted)
        .map(|(groups, component)| (near, groups, component));
    let mut all: Vec<(&Frontier, &[usize], &Arc<Component>)> = untouched.chain(near).collect();
    all.sort_unstable_by_key(|&(frontier, groups, _)| Kept::first_clue(frontier, groups));
    let parts: Vec<Part> = all
        .iter()
        .map(|&(frontier, groups, _)| Part { frontier, groups })
        .collect();
    let components: Vec<Arc<Component>> = all.iter().map(|&(_, _, c)| Arc::clone(c)).collect();
    combine_parts(solver, &parts, &components, nodes)
}
