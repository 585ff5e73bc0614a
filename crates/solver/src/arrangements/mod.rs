//! Layer 3: exact probabilities over the frontier.
//!
//! The frontier is the unknown squares next to an open clue. Squares that
//! touch exactly the same clues are interchangeable, so they form a group
//! and only the number of mines in each group matters (a group of `n` with
//! `k` mines stands for C(n, k) arrangements). Groups linked through shared
//! clues form a component; components are independent except through the
//! mine count. Each component is enumerated by backtracking over its
//! groups, counting its solutions by how many mines they use. The counts
//! are then combined with the mine count: the unknown squares touching no
//! clue (the interior) hold the remaining mines, C(interior, rest) ways.
//!
//! Certainty is decided with booleans (which mine totals are possible,
//! which groups can or cannot hold a mine), never by comparing a float with
//! 0 or 1, so rounding can never make an unsound deduction.
//!
//! The work is bounded: a component whose enumeration visits more than
//! [`NODE_BUDGET`] nodes is given up (no certainties from it, its squares get
//! the board's average density), and when a component is given up or the
//! mine totals are too many to combine exactly, components are weighed
//! independently and the mine count is not used for certainty.

mod by_total;
mod enumerate;
mod kept;
mod remembered;
mod rows;
mod set_aside;

use std::sync::Arc;

use super::neighbours::Neighbours;
use super::{Deduction, Known, Reason, Solver, Verdict};
use by_total::{ByTotal, product_work};
use engine::Pos;
use enumerate::Component;
pub(super) use kept::Kept;
use kept::analyse_patched;
pub(super) use remembered::Remembered;
use rows::Rows;
use set_aside::Aside;
#[cfg(doc)]
use set_aside::SET_ASIDE_FROM;
pub(super) use set_aside::SetAside;

use rustc_hash::FxHashMap;

/// Backtracking nodes one component may visit before it is given up.
pub(crate) const NODE_BUDGET: usize = 200_000;

/// Beyond this many `components x totals x totals` operations the mine
/// count is combined approximately: the totals are those between the
/// fewest mines the frontier can hold and the most ([`ByTotal`]).
const COMBINE_BUDGET: usize = 20_000_000;

/// The chance of a mine on every unknown square, and which are certain.
#[derive(Clone, Debug, PartialEq)]
pub struct Probabilities {
    /// Frontier squares (row-major indexes, sorted) and their probability.
    frontier: Vec<(usize, f64)>,
    /// The probability for each unknown square that touches no clue.
    interior: f64,
    /// Whether any unknown square touches no clue.
    has_interior: bool,
    /// Pairs of frontier squares that touch the same clues and hold
    /// exactly one mine between them in every arrangement.
    one_of_two: Vec<[usize; 2]>,
    /// The board's width, to turn positions into indexes.
    cols: usize,
    /// Frontier squares every arrangement agrees on, in row-major order.
    certain: Vec<(usize, Verdict)>,
    /// What every arrangement says of the interior, if they agree.
    interior_verdict: Option<Verdict>,
    mines_left: usize,
    /// Whether every probability is exact (no budget was exceeded).
    exact: bool,
    /// The natural logarithm of the number of arrangements that fit, when
    /// exact: what weighs one position against another.
    log_arrangements: Option<f64>,
    /// The squares of the components set aside, with their chances.
    aside: Arc<FxHashMap<usize, f64>>,
}

impl Probabilities {
    /// The chance that the unknown square `i` (row-major index) holds a mine.
    pub(super) fn at_index(&self, i: usize) -> f64 {
        match self.frontier.binary_search_by_key(&i, |&(j, _)| j) {
            Ok(k) => self.frontier[k].1,
            Err(_) => self.aside.get(&i).copied().unwrap_or(self.interior),
        }
    }

    /// The chance that `pos` holds a mine, for a square the solver does
    /// not know.
    pub fn at(&self, pos: Pos) -> f64 {
        self.at_index(pos.row * self.cols + pos.col)
    }

    /// Whether every probability was computed exactly, within the budgets.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The natural logarithm of how many arrangements of the remaining
    /// mines fit what is known, or `None` unless exact.
    pub fn log_arrangements(&self) -> Option<f64> {
        self.log_arrangements
    }

    /// Whether the unknown square `i` touches a clue.
    pub(super) fn on_frontier(&self, i: usize) -> bool {
        self.frontier.binary_search_by_key(&i, |&(j, _)| j).is_ok()
    }

    /// The unknown squares that touch a clue, in reading order.
    pub(super) fn frontier_keys(&self) -> impl Iterator<Item = usize> + '_ {
        self.frontier.iter().map(|&(i, _)| i)
    }

    /// The unknown squares that touch a clue with their chances, in
    /// reading order.
    pub(super) fn frontier_chances(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.frontier.iter().copied()
    }

    /// The riskiest chance of a mine a guess weighs now ([`Solver::worth_weighing`]).
    pub(super) fn worth_weighing(&self) -> f64 {
        self.safest().map_or(1.0, Solver::worth_weighing)
    }

    /// The chance of a mine on a square that touches no clue, if there is one.
    pub(super) fn interior_chance(&self) -> Option<f64> {
        self.has_interior.then_some(self.interior)
    }

    /// How many unknown squares touch a clue.
    pub(super) fn frontier_squares(&self) -> usize {
        self.frontier.len()
    }

    /// Pairs of squares that touch the same clues and hold one mine
    /// between them in every arrangement (exact analyses only).
    pub(super) fn one_of_two(&self) -> &[[usize; 2]] {
        &self.one_of_two
    }

    /// The frontier squares certainly safe, in reading order.
    pub(super) fn certainly_safe(&self) -> impl Iterator<Item = usize> + '_ {
        self.certain
            .iter()
            .filter(|&&(_, v)| v == Verdict::Safe)
            .map(|&(i, _)| i)
    }

    /// The chance of a mine on the safest unknown square: the best a guess
    /// can do here (0 when some square is certainly safe). `None` when no
    /// square is unknown.
    pub(super) fn safest(&self) -> Option<f64> {
        let frontier = self.frontier.iter().map(|&(_, p)| p);
        let interior = self.has_interior.then_some(self.interior);
        let safest = frontier.chain(interior).fold(f64::INFINITY, f64::min);
        let certain = self.certain.iter().any(|&(_, v)| v == Verdict::Safe)
            || self.interior_verdict == Some(Verdict::Safe);
        if certain {
            Some(0.0)
        } else {
            safest.is_finite().then_some(safest)
        }
    }

    /// The certain squares as deductions, learnt by `solver`.
    pub(super) fn certainties(&self, solver: &mut Solver) -> Vec<Deduction> {
        let mut certain = self.certain.clone();
        if let Some(verdict) = self.interior_verdict {
            let interior = (0..solver.known.len()).filter(|&i| {
                solver.known.get(i) == Known::Unknown
                    && !self.on_frontier(i)
                    && !self.aside.contains_key(&i)
            });
            certain.extend(interior.map(|i| (i, verdict)));
            certain.sort_unstable_by_key(|&(i, _)| i);
        }
        let mut found = Vec::new();
        for (i, verdict) in certain {
            let deduction = Deduction {
                at: solver.pos(i),
                verdict,
                reason: Reason::Arrangements {
                    mines_left: self.mines_left,
                },
            };
            solver.learn(&mut found, deduction);
        }
        found
    }
}

/// The whole analysis of what `solver` knows. Components unchanged since
/// the last analysis keep their count ([`Remembered`]); those with a fixed
/// mine total are set aside once there are many ([`SetAside`]).
pub(super) fn analyse(solver: &mut Solver) -> Probabilities {
    // The endgame lists every unknown square, its clues from the frontier.
    if solver.unknown <= crate::endgame::MOST_SQUARES {
        solver.bring_back_all();
    }
    let (frontier, orders, components, mut probabilities) = analyse_counted(solver);
    let worth_weighing = probabilities.worth_weighing();
    // The chances set aside are shared with the analyses made meanwhile and
    // copied when changed while one holds them: let go of them until the
    // changes are made, or each would copy all of them.
    probabilities.aside = Arc::default();
    let mut weighed = set_aside_fixed(solver, &frontier, &orders, &components, worth_weighing);
    // What a guess could weigh comes back, the safest first, until the
    // frontier has a pool of them: at the end of a row, hundreds of 50/50
    // pockets are all as risky, and weighing every one at every hint made
    // the last hints cost the square of their number.
    let mut back = false;
    while weighed < GUESS_POOL {
        let Some(aside) = solver.set_aside.take_safest_within(worth_weighing) else {
            break;
        };
        solver.bring_back(&aside);
        back = true;
        weighed += 1;
    }
    if back {
        return analyse_counted(solver).3;
    }
    if !solver.set_aside.is_empty() {
        probabilities.aside = solver.set_aside.chances();
    }
    probabilities
}

/// How many components with a fixed mine total, worth a guess's weighing,
/// the frontier keeps while more are set aside: twice the squares a guess
/// looks ahead from, so a pool of two-square pockets fills those places.
pub(crate) const GUESS_POOL: usize = 12;

/// The analysis of the frontier as it is, with what it was made of.
fn analyse_counted(solver: &mut Solver) -> (Frontier, Rows, Vec<Arc<Component>>, Probabilities) {
    solver.prune_frontier();
    let frontier = Frontier::of(solver);
    let orders = frontier.components();
    let (components, nodes) = solver.remembered.count(&frontier, &orders);
    let probabilities = combine_frontier(solver, &frontier, &orders, &components, nodes);
    (frontier, orders, components, probabilities)
}

/// Sets aside the components of `frontier` that hold the same number of
/// mines in every solution and whose squares are all riskier than
/// `worth_weighing`, when there are at least [`SET_ASIDE_FROM`]
/// ([`SetAside::from`]) or some were set aside earlier in the game. Gives
/// how many such components it leaves because a guess could weigh them.
fn set_aside_fixed(
    solver: &mut Solver,
    frontier: &Frontier,
    orders: &Rows,
    components: &[Arc<Component>],
    worth_weighing: f64,
) -> usize {
    let first_time = !solver.set_aside.engaged();
    if first_time
        && components.iter().filter(|c| c.has_fixed_total()).count() < solver.set_aside.from
    {
        return 0;
    }
    // Never a certain square: the analysis that found it tells it.
    let (mut asides, mut weighed): (Vec<Aside>, Vec<Aside>) = orders
        .iter()
        .zip(components)
        .filter_map(|(groups, component)| fixed_aside(solver, frontier, groups, component))
        .filter(|aside| aside.squares.iter().all(|&(_, p)| p < 1.0))
        .partition(|aside| aside.squares.iter().all(|&(_, p)| p > worth_weighing));
    // Of those a guess could weigh, a pool stays: the safest, then the
    // first on the board.
    if weighed.len() > GUESS_POOL {
        weighed.sort_by(|a, b| {
            a.safest()
                .total_cmp(&b.safest())
                .then(a.squares[0].0.cmp(&b.squares[0].0))
        });
        asides.extend(weighed.drain(GUESS_POOL..));
    }
    // Once some were set aside the board is big: the rest follow one by one.
    if asides.is_empty() || (first_time && asides.len() < solver.set_aside.from) {
        return weighed.len();
    }
    for aside in asides {
        solver.set_aside.put(aside);
    }
    weighed.len()
}

/// The component of `groups`, as it would be set aside, if it holds the
/// same number of mines in every solution.
fn fixed_aside(
    solver: &Solver,
    frontier: &Frontier,
    groups: &[usize],
    component: &Component,
) -> Option<Aside> {
    if !component.has_fixed_total() {
        return None;
    }
    let totals = component.used_totals();
    let mut squares: Vec<usize> = groups
        .iter()
        .flat_map(|&g| frontier.groups.row(g).iter().copied())
        .collect();
    squares.sort_unstable();
    let mut watched: Vec<usize> = squares
        .iter()
        .flat_map(|&i| solver.neighbours(i))
        .filter(|&n| {
            !matches!(solver.known.get(n), Known::Open(_)) && squares.binary_search(&n).is_err()
        })
        .collect();
    watched.sort_unstable();
    watched.dedup();
    let unknown_watched = (watched.iter().copied())
        .filter(|&n| solver.known.get(n) == Known::Unknown)
        .collect();
    let mines = totals.start;
    let ways = component.count[mines];
    let mut chances = Vec::with_capacity(squares.len());
    for (t, &g) in groups.iter().enumerate() {
        let p = component.mines_in(t)[mines] / (f64::from(component.sizes[t]) * ways);
        chances.extend(frontier.groups.row(g).iter().map(|&i| (i, p)));
    }
    let mut clues: Vec<usize> = groups
        .iter()
        .flat_map(|&g| frontier.group_constraints.row(g).iter())
        .map(|&c| frontier.clues[c])
        .collect();
    clues.sort_unstable();
    clues.dedup();
    Some(Aside {
        squares: chances,
        clues,
        watched,
        unknown_watched,
        mines,
        ln_ways: ways.ln(),
    })
}

impl Solver {
    /// Puts a component set aside back on the frontier.
    pub(super) fn bring_back(&mut self, aside: &Aside) {
        for &clue in &aside.clues {
            self.keep_on_frontier(clue);
        }
        // The deduced squares beside it are worth a guess's look again.
        for &(i, _) in &aside.squares {
            for n in self.neighbours(i) {
                if matches!(self.known.get(n), Known::Safe | Known::Mine) {
                    self.settle_square(n);
                }
            }
        }
    }

    /// Puts back on the frontier the components set aside that hold the
    /// square `i` or watch it.
    #[inline]
    pub(super) fn bring_back_holding(&mut self, i: usize) {
        // Asked for every square opened or learnt: the common answer first.
        if !self.set_aside.holds(i) {
            return;
        }
        for aside in self.set_aside.take_holding(i) {
            self.bring_back(&aside);
        }
    }

    /// Puts every component set aside back on the frontier.
    pub(super) fn bring_back_all(&mut self) {
        if self.set_aside.is_empty() {
            return;
        }
        for aside in self.set_aside.take_all() {
            self.bring_back(&aside);
        }
    }
}

/// Counts the components of `frontier`, a frontier only supposed, and
/// combines them with the mine count: the counts are not kept for the
/// next analysis, nor the remembered ones let go.
fn analyse_supposed(solver: &mut Solver, frontier: &Frontier) -> Probabilities {
    let orders = frontier.components();
    let (components, nodes) = solver.remembered.peek(frontier, &orders);
    combine_frontier(solver, frontier, &orders, &components, nodes)
}

/// [`combine_parts`] for components all of one frontier, `orders` their
/// groups.
fn combine_frontier(
    solver: &mut Solver,
    frontier: &Frontier,
    orders: &Rows,
    components: &[Arc<Component>],
    nodes: usize,
) -> Probabilities {
    let parts: Vec<Part> = orders
        .iter()
        .map(|groups| Part { frontier, groups })
        .collect();
    combine_parts(solver, &parts, components, nodes)
}

/// A component's groups, in search order, and the frontier they are of:
/// an analysis may take its components from more than one frontier
/// ([`Kept`]).
struct Part<'a> {
    frontier: &'a Frontier,
    groups: &'a [usize],
}

impl Part<'_> {
    fn squares(&self) -> usize {
        self.groups
            .iter()
            .map(|&g| self.frontier.groups.row(g).len())
            .sum()
    }
}

/// Combines `components`, counted for `parts` (after `nodes` search
/// nodes), with what `solver` knows of the mine count, and counts the work.
fn combine_parts(
    solver: &mut Solver,
    parts: &[Part],
    components: &[Arc<Component>],
    nodes: usize,
) -> Probabilities {
    let squares: usize = parts.iter().map(Part::squares).sum();
    solver.work += (squares + nodes) as u64;
    // The components set aside take their mines, squares and ways.
    let aside = &solver.set_aside;
    let mines_left = solver
        .mines
        .saturating_sub(solver.known_mines + aside.mines());
    let interior_squares = solver.unknown.saturating_sub(squares + aside.squares());
    let mut probabilities = combine(
        solver.cols,
        parts,
        components,
        squares,
        mines_left,
        interior_squares,
    );
    if !aside.is_empty() {
        probabilities.aside = aside.chances();
        if let Some(log) = &mut probabilities.log_arrangements {
            *log += aside.ln_ways();
        }
    }
    probabilities
}

/// The analysis of what `solver` knows and, besides, that each unknown
/// square of `supposed` is as it says (open with a clue, a mine or
/// clear): what guesses there would lead to, or how likely a shape of
/// mines is. `None` when the supposed mines are too many for the mines
/// left or for an open clue next to them (no arrangement fits). The
/// solver is left as it was, and so are its remembered components (which
/// this reads, never replaces). While the frontier is kept
/// ([`Solver::keep_frontier`]), only the components the supposition
/// touches are rebuilt ([`Kept`]).
pub(super) fn analyse_supposing(
    solver: &mut Solver,
    supposed: &[(usize, Known)],
) -> Option<Probabilities> {
    if too_many_mines(solver, supposed) {
        return None;
    }
    for &(at, known) in supposed {
        debug_assert_eq!(solver.known.get(at), Known::Unknown);
        debug_assert_ne!(known, Known::Unknown);
        solver.known.set(at, known);
        solver.unknown -= 1;
        if known == Known::Mine {
            solver.known_mines += 1;
        }
    }
    let probabilities = match solver.kept.take() {
        Some(mut kept) => {
            let probabilities = analyse_patched(solver, &mut kept, supposed);
            solver.kept = Some(kept);
            probabilities
        }
        None => {
            let frontier = Frontier::with_clues(solver, supposed);
            analyse_supposed(solver, &frontier)
        }
    };
    for &(at, known) in supposed {
        solver.known.set(at, Known::Unknown);
        solver.unknown += 1;
        if known == Known::Mine {
            solver.known_mines -= 1;
        }
    }
    Some(probabilities)
}

/// Whether the mines of `supposed` are more than are left, or would put
/// more mines around an open clue than it shows (which the analysis,
/// counting what is left and what a clue still needs, would not notice).
fn too_many_mines(solver: &Solver, supposed: &[(usize, Known)]) -> bool {
    let mines = || {
        supposed
            .iter()
            .filter(|&&(_, known)| known == Known::Mine)
            .map(|&(at, _)| at)
    };
    if solver.known_mines + mines().count() > solver.mines {
        return true;
    }
    mines().flat_map(|at| solver.neighbours(at)).any(|n| {
        let Known::Open(value) = solver.known.get(n) else {
            return false;
        };
        let beside = solver.neighbours(n);
        let supposed_here = mines().filter(|&m| beside.contains(m)).count();
        solver.around(n).1 as usize + supposed_here > value as usize
    })
}

/// An open clue with unknown neighbours: where it is, how many mines it
/// still needs, and its unknown neighbours.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClueRow {
    at: usize,
    needs: u8,
    unknown: Neighbours,
}

/// The clue at `at` as the frontier sees it, or `None` unless it is open
/// with unknown neighbours.
fn clue_row(solver: &Solver, at: usize) -> Option<ClueRow> {
    let Known::Open(value) = solver.known.get(at) else {
        return None;
    };
    let (unknown, mines) = solver.around(at);
    (unknown.len() > 0).then_some(ClueRow {
        at,
        needs: value.saturating_sub(mines),
        unknown,
    })
}

/// The clues of `clues` (in reading order) that are open with unknown
/// neighbours.
fn clue_rows(solver: &Solver, clues: impl IntoIterator<Item = usize>) -> Vec<ClueRow> {
    clues
        .into_iter()
        .filter_map(|at| clue_row(solver, at))
        .collect()
}

impl Solver {
    /// Keeps the frontier as it is, counted, for the suppositions of a
    /// look ahead to start from ([`Kept`]): `f` runs with it kept, and
    /// the position must not change meanwhile (suppositions put it back).
    pub(super) fn keep_frontier<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.kept = Some(Kept::of(self));
        let result = f(self);
        self.kept = None;
        result
    }
}

/// The frontier's groups and the clues that constrain them.
#[derive(Clone, Debug)]
struct Frontier {
    /// Each group's squares (row-major indexes).
    groups: Rows,
    /// Each group's constraints.
    group_constraints: Rows,
    /// Each constraint's clue (row-major index), remaining mines and groups.
    clues: Vec<usize>,
    needs: Vec<u8>,
    constraint_groups: Rows,
}

impl Frontier {
    fn of(solver: &Solver) -> Self {
        Self::from_clues(solver, solver.frontier_clues())
    }

    /// The frontier once the squares of `supposed` are known as they say
    /// (and written into the solver): those supposed open are among its
    /// clues, though the solver has not listed them.
    fn with_clues(solver: &Solver, supposed: &[(usize, Known)]) -> Self {
        let mut clues = solver.frontier_clues();
        for &(at, _) in supposed {
            if let Err(k) = clues.binary_search(&at) {
                clues.insert(k, at);
            }
        }
        Self::from_clues(solver, clues)
    }

    /// The frontier of the open squares `frontier_clues`, in reading order.
    fn from_clues(solver: &Solver, frontier_clues: Vec<usize>) -> Self {
        Self::from_rows(clue_rows(solver, frontier_clues))
    }

    /// The frontier of these clues, in reading order.
    fn from_rows(rows: Vec<ClueRow>) -> Self {
        // Every unknown square next to an open clue, with that clue's
        // constraint: packed in one number (square high, constraint low),
        // which sorts by square, then constraint, faster than a pair.
        let touching = rows.iter().map(|row| row.unknown.len()).sum();
        let mut touches: Vec<u128> = Vec::with_capacity(touching);
        let mut clues = Vec::with_capacity(rows.len());
        let mut needs = Vec::with_capacity(rows.len());
        for (constraint, row) in rows.into_iter().enumerate() {
            clues.push(row.at);
            needs.push(row.needs);
            touches.extend(row.unknown.into_iter().map(|n| touch(n, constraint)));
        }
        touches.sort_unstable();
        // Each square's run of `touches`: its constraints, sorted.
        let mut runs: Vec<&[u128]> = touches
            .chunk_by(|&a, &b| square_of(a) == square_of(b))
            .collect();
        fn constraints_of(run: &[u128]) -> impl Iterator<Item = usize> + '_ {
            run.iter().map(|&t| constraint_of(t))
        }
        runs.sort_unstable_by(|a, b| {
            constraints_of(a)
                .cmp(constraints_of(b))
                .then(square_of(a[0]).cmp(&square_of(b[0])))
        });
        let mut groups = Rows::with_capacity(runs.len(), runs.len());
        let mut group_constraints = Rows::with_capacity(runs.len(), touches.len());
        for same in runs.chunk_by(|a, b| constraints_of(a).eq(constraints_of(b))) {
            groups.push(same.iter().map(|run| square_of(run[0])));
            group_constraints.push(constraints_of(same[0]));
        }
        let constraint_groups = group_constraints.transposed(needs.len());
        Self {
            groups,
            group_constraints,
            clues,
            needs,
            constraint_groups,
        }
    }

    /// All a component's count depends on, given its groups in search
    /// order: each group's squares, and each of its clues with the mines
    /// it still needs. Two components described alike have the same count.
    fn describe(&self, groups: &[usize]) -> Vec<usize> {
        let mut description = Vec::new();
        self.describe_into(groups, &mut description);
        description
    }

    /// [`describe`](Self::describe), written into `description` (cleared first).
    fn describe_into(&self, groups: &[usize], description: &mut Vec<usize>) {
        description.clear();
        for &g in groups {
            description.push(self.groups.row(g).len());
            description.extend(self.groups.row(g));
            description.push(self.group_constraints.row(g).len());
            for &c in self.group_constraints.row(g) {
                description.extend([self.clues[c], usize::from(self.needs[c])]);
            }
        }
    }

    /// The groups of each component, each in the order the search visits
    /// them: breadth first through shared constraints, so that constraints
    /// close early and prune the search.
    fn components(&self) -> Rows {
        let mut seen = vec![false; self.groups.len()];
        let mut components = Rows::with_capacity(self.groups.len(), self.groups.len());
        let mut order = Vec::new();
        for start in 0..self.groups.len() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            order.clear();
            order.push(start);
            let mut next = 0;
            while let Some(&g) = order.get(next) {
                next += 1;
                for &c in self.group_constraints.row(g) {
                    for &h in self.constraint_groups.row(c) {
                        if !seen[h] {
                            seen[h] = true;
                            order.push(h);
                        }
                    }
                }
            }
            components.push(order.iter().copied());
        }
        components
    }
}

/// A square and a constraint on it, as one number that sorts by square
/// and then by constraint.
fn touch(square: usize, constraint: usize) -> u128 {
    ((square as u128) << 64) | constraint as u128
}

fn square_of(touch: u128) -> usize {
    (touch >> 64) as usize
}

fn constraint_of(touch: u128) -> usize {
    touch as u64 as usize
}

/// Combines the components with the mine count into probabilities and certainties.
fn combine(
    cols: usize,
    parts: &[Part],
    components: &[Arc<Component>],
    squares: usize,
    mines_left: usize,
    interior: usize,
) -> Probabilities {
    let all_exact = components.iter().all(|c| c.exact);
    let fewest: usize = components.iter().map(|c| c.fewest()).sum();
    let most: usize = components.iter().map(|c| c.most_mines()).sum();
    let feasible = if all_exact {
        feasible_totals(components, mines_left, interior, fewest, most)
    } else {
        None
    };
    // Counted exactly, and nothing fits: a position only supposed, or made up.
    let impossible = all_exact
        && (components.iter().any(|c| c.count.iter().all(|&n| n == 0.0))
            || feasible.as_ref().is_some_and(|t| t.overall.is_empty()));
    let feasible = feasible.filter(|_| !impossible);
    let weights = match &feasible {
        Some(_) => exact_weights(components, mines_left, interior, fewest, most),
        None => None,
    };
    let mut probabilities = Probabilities {
        frontier: Vec::with_capacity(squares),
        interior: 0.0,
        has_interior: interior > 0,
        one_of_two: Vec::new(),
        cols,
        certain: Vec::new(),
        interior_verdict: None,
        mines_left,
        exact: weights.is_some(),
        log_arrangements: if impossible {
            Some(f64::NEG_INFINITY)
        } else {
            weights.as_ref().map(|w| w.log_arrangements)
        },
        aside: Arc::default(),
    };
    let weights =
        weights.unwrap_or_else(|| independent_weights(components, mines_left, interior, squares));
    for (c, (component, part)) in components.iter().zip(parts).enumerate() {
        let used = component.used_totals();
        let frontier = part.frontier;
        for (t, &g) in part.groups.iter().enumerate() {
            // A component with no weight left is impossible as seen (only
            // in a made-up position): it gets the fallback, never NaN.
            let p = if component.exact && weights.total[c] > 0.0 {
                let expected: f64 = component.mines_in(t)[used.clone()]
                    .iter()
                    .zip(&weights.factor[c][used.clone()])
                    .map(|(mines, factor)| mines * factor)
                    .sum();
                expected / (f64::from(component.sizes[t]) * weights.total[c])
            } else {
                weights.fallback
            };
            probabilities
                .frontier
                .extend(frontier.groups.row(g).iter().map(|&i| (i, p)));
            if let Some(totals) = &feasible {
                let possible = &totals.per_component[c];
                if let Some(verdict) = group_verdict(component, t, possible) {
                    probabilities
                        .certain
                        .extend(frontier.groups.row(g).iter().map(|&i| (i, verdict)));
                }
                if let [a, b] = *frontier.groups.row(g)
                    && always_one(component, t, possible)
                {
                    probabilities.one_of_two.push([a, b]);
                }
            }
        }
    }
    probabilities.frontier.sort_unstable_by_key(|&(i, _)| i);
    probabilities.interior = weights.interior;
    if let Some(totals) = &feasible
        && interior > 0
    {
        // Every total in `overall` is at most `mines_left`.
        let rest = |m: usize| mines_left - m;
        probabilities.interior_verdict = if totals.overall.iter().all(|&m| rest(m) == 0) {
            Some(Verdict::Safe)
        } else if totals.overall.iter().all(|&m| rest(m) == interior) {
            Some(Verdict::Mine)
        } else {
            None
        };
    }
    probabilities.certain.sort_unstable_by_key(|&(i, _)| i);
    probabilities
}

/// Which mine totals are possible, for each component and overall, once the
/// mine count is taken into account.
struct FeasibleTotals {
    /// Per component, per `m`: whether a solution using `m` mines fits.
    per_component: Vec<Vec<bool>>,
    /// Possible totals over the whole frontier (for the all-or-nothing
    /// checks on the interior, the fewest and the most are enough).
    overall: Vec<usize>,
}

/// `None` when the totals cannot be decided within the budget; no total
/// overall when the position is impossible.
fn feasible_totals(
    components: &[Arc<Component>],
    mines_left: usize,
    interior: usize,
    fewest: usize,
    most: usize,
) -> Option<FeasibleTotals> {
    let fits = |m: usize| m <= mines_left && mines_left - m <= interior;
    let solutions =
        |c: &Arc<Component>| -> Vec<bool> { c.count.iter().map(|&n| n > 0.0).collect() };
    if most <= mines_left && fewest + interior >= mines_left {
        // Every combination of the components' totals fits the mine count.
        return Some(FeasibleTotals {
            per_component: components.iter().map(solutions).collect(),
            overall: vec![fewest, most],
        });
    }
    if product_work(components.len(), most - fewest) > COMBINE_BUDGET {
        return None;
    }
    let possible: Vec<ByTotal<bool>> = components
        .iter()
        .map(|c| ByTotal::of(&solutions(c)))
        .collect();
    // Totals reachable by the components before and after each one.
    let before = running_products(possible.iter(), by_total::ByTotal::times);
    let mut after = running_products(possible.iter().rev(), by_total::ByTotal::times);
    after.reverse();
    let overall: Vec<usize> = before[components.len()]
        .totals()
        .filter(|&m| fits(m))
        .collect();
    let per_component = components
        .iter()
        .enumerate()
        .map(|(k, c)| {
            if c.used_totals().len() == 1 {
                // Its one total is in every total overall: possible if any is.
                return solutions(c)
                    .iter()
                    .map(|&s| s && !overall.is_empty())
                    .collect();
            }
            let others = before[k].times(&after[k + 1]);
            (0..c.count.len())
                .map(|m| c.count[m] > 0.0 && others.totals().any(|j| fits(m + j)))
                .collect()
        })
        .collect();
    Some(FeasibleTotals {
        per_component,
        overall,
    })
}

/// Whether group `t` holds exactly one mine in every possible solution.
fn always_one(component: &Component, t: usize, feasible: &[bool]) -> bool {
    let mut totals = (0..feasible.len()).filter(|&m| feasible[m]).peekable();
    totals.peek().is_some()
        && totals.all(|m| component.least(t, m) == 1 && component.most(t, m) == 1)
}

/// What every possible solution says of group `t`, if they agree.
fn group_verdict(component: &Component, t: usize, feasible: &[bool]) -> Option<Verdict> {
    let mut totals = (0..feasible.len()).filter(|&m| feasible[m]).peekable();
    totals.peek()?;
    let size = component.sizes[t];
    let (mut never, mut always) = (true, true);
    for m in totals {
        never &= component.most(t, m) == 0;
        always &= component.least(t, m) == size;
    }
    if never {
        Some(Verdict::Safe)
    } else if always {
        Some(Verdict::Mine)
    } else {
        None
    }
}

/// How much each component's mine total weighs, given everything else.
struct Weights {
    /// Per component, per `m`: the weight of its solutions using `m` mines.
    factor: Vec<Vec<f64>>,
    /// Per component: its solutions' counts times their weights, summed.
    total: Vec<f64>,
    /// The probability for an interior square.
    interior: f64,
    /// The probability for a square of a component given up.
    fallback: f64,
    /// ln of the number of arrangements (exact weights only).
    log_arrangements: f64,
}

/// The products of the components' tables in the order given: the
/// identity, then each product with one component more, so that
/// `products[k]` combines the first `k`. One more than there are
/// components, sized once, never grown; `times` multiplies (and may
/// scale).
fn running_products<'a, T: by_total::Weight + 'a>(
    components: impl ExactSizeIterator<Item = &'a ByTotal<T>>,
    mut times: impl FnMut(&ByTotal<T>, &ByTotal<T>) -> ByTotal<T>,
) -> Vec<ByTotal<T>>
where
    ByTotal<T>: 'a,
{
    let mut products = Vec::with_capacity(components.len() + 1);
    products.push(ByTotal::one());
    for component in components {
        let next = times(products.last().expect("the identity is first"), component);
        products.push(next);
    }
    products
}

/// Exact weights: a component's solutions using `m` mines weigh the number
/// of ways the other components and the interior can hold the rest.
fn exact_weights(
    components: &[Arc<Component>],
    mines_left: usize,
    interior: usize,
    fewest: usize,
    most: usize,
) -> Option<Weights> {
    if product_work(components.len(), most - fewest) > COMBINE_BUDGET {
        return None;
    }
    let (ways, mut log_scale) = interior_ways(mines_left, interior, most);
    // C(interior, mines_left - m) scaled: the ways the interior holds the
    // rest when the frontier holds `m` mines.
    let rest = |m: usize| ways.get(m).copied().unwrap_or(0.0);
    let counts: Vec<ByTotal<f64>> = components
        .iter()
        .map(|c| {
            let (count, log_top) = ByTotal::of(&c.count).scaled();
            log_scale += log_top;
            count
        })
        .collect();
    let before = running_products(counts.iter(), |all, s| {
        let (all, log_top) = all.times(s).scaled();
        log_scale += log_top;
        all
    });
    let mut after = running_products(counts.iter().rev(), |all, s| all.times(s).scaled().0);
    after.reverse();
    let mut factor = Vec::with_capacity(components.len());
    let mut total: Vec<f64> = Vec::with_capacity(components.len());
    for (k, c) in components.iter().enumerate() {
        let others = before[k].times(&after[k + 1]);
        // Totals no solution uses weigh nothing: left at 0.
        let mut f = vec![0.0; c.count.len()];
        for m in c.used_totals() {
            f[m] = others.weighed(|t| rest(m + t));
        }
        total.push(c.count.iter().zip(&f).map(|(n, w)| n * w).sum());
        factor.push(f);
    }
    let all = &before[components.len()];
    let weight = all.weighed(rest);
    let interior_mines: f64 = all
        .iter()
        .map(|(m, n)| n * rest(m) * mines_left.saturating_sub(m) as f64)
        .sum();
    let interior_p = if interior == 0 {
        0.0
    } else {
        interior_mines / (weight * interior as f64)
    };
    let usable =
        weight > 0.0 && interior_p.is_finite() && total.iter().all(|t| *t > 0.0 && t.is_finite());
    usable.then_some(Weights {
        factor,
        total,
        interior: interior_p,
        fallback: 0.0,
        log_arrangements: log_scale + weight.ln(),
    })
}

/// C(interior, mines_left - m) for `m` in `0..=most`, scaled so the largest
/// is 1, and the logarithm of the scale.
fn interior_ways(mines_left: usize, interior: usize, most: usize) -> (Vec<f64>, f64) {
    let fits = |m: usize| m <= mines_left && mines_left - m <= interior;
    let mut log = vec![f64::NEG_INFINITY; most + 1];
    let first = mines_left.saturating_sub(interior);
    if first <= most && fits(first) {
        log[first] = 0.0;
        // C(I, r - 1) / C(I, r) = r / (I - r + 1), walking r = rest down.
        for m in first + 1..=most {
            if !fits(m) {
                break;
            }
            let rest = (mines_left - m + 1) as f64;
            log[m] = log[m - 1] + (rest / (interior as f64 - rest + 1.0)).ln();
        }
    }
    let top = log.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let reference = ln_choose(interior, mines_left - first.min(mines_left));
    (scaled_logs(&log), top + reference)
}

/// ln C(n, k): exactly summed for small `k`, else from Stirling's series.
fn ln_choose(n: usize, k: usize) -> f64 {
    let k = k.min(n.saturating_sub(k));
    if k < 64 {
        return (1..=k).map(|i| ((n - k + i) as f64 / i as f64).ln()).sum();
    }
    ln_factorial(n) - ln_factorial(k) - ln_factorial(n - k)
}

/// ln n!, summed below 64 and from Stirling's series above, where its
/// error is under 1e-13.
fn ln_factorial(n: usize) -> f64 {
    if n < 64 {
        return (2..=n).map(|i| (i as f64).ln()).sum();
    }
    let x = n as f64;
    let x2 = x * x;
    x * x.ln() - x + 0.5 * (std::f64::consts::TAU * x).ln() + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x * x2)
        + 1.0 / (1260.0 * x * x2 * x2)
}

/// Weights that treat every unknown square as independently a mine with
/// the board's remaining density: for boards too big to combine exactly.
fn independent_weights(
    components: &[Arc<Component>],
    mines_left: usize,
    interior: usize,
    frontier_squares: usize,
) -> Weights {
    let unknown = interior + frontier_squares;
    let density = if unknown == 0 {
        0.0
    } else {
        (mines_left as f64 / unknown as f64).min(1.0)
    };
    let mut factor = Vec::with_capacity(components.len());
    let mut total = Vec::with_capacity(components.len());
    let mut expected_frontier = 0.0;
    for c in components {
        let capacity = c.count.len() - 1;
        // Only totals some solution uses are scaled against, so the weights
        // that matter never all round to zero.
        let log: Vec<f64> = (0..=capacity)
            .map(|m| {
                if c.count[m] > 0.0 {
                    log_power(density, m) + log_power(1.0 - density, capacity - m)
                } else {
                    f64::NEG_INFINITY
                }
            })
            .collect();
        let f = scaled_logs(&log);
        let t: f64 = c.count.iter().zip(&f).map(|(n, w)| n * w).sum();
        expected_frontier += if c.exact && t > 0.0 {
            c.count
                .iter()
                .zip(&f)
                .enumerate()
                .map(|(m, (n, w))| m as f64 * n * w)
                .sum::<f64>()
                / t
        } else {
            density * capacity as f64
        };
        total.push(t);
        factor.push(f);
    }
    let interior_p = if interior == 0 {
        0.0
    } else {
        ((mines_left as f64 - expected_frontier) / interior as f64).clamp(0.0, 1.0)
    };
    Weights {
        factor,
        total,
        interior: interior_p,
        fallback: density,
        log_arrangements: f64::NAN,
    }
}

/// ln(base^power), with 0^0 = 1.
fn log_power(base: f64, power: usize) -> f64 {
    if power == 0 {
        0.0
    } else {
        power as f64 * base.ln()
    }
}

/// `exp` of each logarithm, shifted so the largest is 1.
fn scaled_logs(log: &[f64]) -> Vec<f64> {
    let top = log.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    log.iter()
        .map(|&l| {
            if top.is_finite() {
                (l - top).exp()
            } else {
                0.0
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Progress;
    use crate::neighbours::Neighbours;

    #[test]
    fn touches_sort_by_square_then_constraint() {
        let pairs = [
            (7, 2),
            (3, 9),
            (7, 0),
            (usize::MAX, 1),
            (3, 1),
            (0, usize::MAX),
        ];
        let mut packed: Vec<u128> = pairs.iter().map(|&(s, c)| touch(s, c)).collect();
        packed.sort_unstable();
        let mut sorted = pairs;
        sorted.sort_unstable();
        let unpacked: Vec<(usize, usize)> = packed
            .iter()
            .map(|&t| (square_of(t), constraint_of(t)))
            .collect();
        assert_eq!(unpacked, sorted);
    }

    #[test]
    fn the_mine_count_alone_clears_the_interior() {
        // 3x3 with one mine: the 1 in the corner has it among its three
        // neighbours, so no mine is left for the five squares it cannot see.
        let mut solver = Solver::new(3, 3, 1);
        solver.open(Pos::new(0, 0), 1);
        let probabilities = solver.probabilities();
        assert!(probabilities.is_exact());
        for pos in [Pos::new(0, 1), Pos::new(1, 0), Pos::new(1, 1)] {
            assert!((probabilities.at(pos) - 1.0 / 3.0).abs() < 1e-12);
        }
        assert_eq!(probabilities.at(Pos::new(2, 2)), 0.0);
        let Progress::Deduced(found) = solver.deduce() else {
            panic!("the interior is certain")
        };
        let cleared: Vec<Pos> = found.iter().map(|d| d.at).collect();
        assert_eq!(
            cleared,
            [
                Pos::new(0, 2),
                Pos::new(1, 2),
                Pos::new(2, 0),
                Pos::new(2, 1),
                Pos::new(2, 2)
            ]
        );
        assert!(
            found.iter().all(|d| d.verdict == Verdict::Safe
                && d.reason == Reason::Arrangements { mines_left: 1 })
        );
    }

    /// A row of `pockets` 50/50 pockets, "? 1 ?" with a mine on the left,
    /// and `extra` squares after them; `mines` in all.
    fn row_of_pockets(pockets: usize, extra: usize, mines: usize) -> Solver {
        crate::testing::pockets_on_a_row(3 * pockets + extra, mines, pockets, 3)
    }

    #[test]
    fn hundreds_of_pockets_of_one_mine_are_combined_exactly() {
        // 400 pockets: 400 x 401 x 401 totals stored from 0, too many to
        // combine; each pocket always holds one mine, so kept from the
        // fewest there is one total.
        let mut solver = row_of_pockets(400, 0, 400);
        let probabilities = solver.probabilities();
        assert!(probabilities.is_exact());
        assert_eq!(probabilities.at(Pos::new(0, 0)), 0.5);
        assert_eq!(probabilities.at(Pos::new(0, 1199)), 0.5);
    }

    #[test]
    fn the_mine_count_decides_beside_hundreds_of_pockets() {
        // After the pockets, "a 1 b 1 c": b alone, or a and c. One mine is
        // left beyond the pockets' 400, so b is the mine and a, c are clear.
        let mut solver = row_of_pockets(400, 5, 401);
        solver.open(Pos::new(0, 1201), 1);
        solver.open(Pos::new(0, 1203), 1);
        let Progress::Deduced(found) = solver.deduce() else {
            panic!("the mine count decides a, b and c")
        };
        let decided: Vec<(usize, Verdict)> = found.iter().map(|d| (d.at.col, d.verdict)).collect();
        assert_eq!(
            decided,
            [
                (1200, Verdict::Safe),
                (1202, Verdict::Mine),
                (1204, Verdict::Safe)
            ]
        );
        assert!(found.iter().all(|d| d.reason.layer() == 3));
    }

    #[test]
    fn an_impossible_position_gives_numbers_not_nan() {
        // Made up: a middle row of 1s on three rows, with one mine too few
        // for the 667 the clues force.
        let cols = 2000;
        let mut solver = Solver::new(3, cols, 666);
        for col in 0..cols {
            solver.open(Pos::new(1, col), 1);
        }
        let p = solver.probabilities().at(Pos::new(0, 0));
        assert!((0.0..=1.0).contains(&p), "{p}");
    }

    #[test]
    fn big_binomials_follow_stirling_closely() {
        let summed = |n: usize, k: usize| -> f64 {
            (1..=k).map(|i| ((n - k + i) as f64 / i as f64).ln()).sum()
        };
        for (n, k) in [(480, 99), (381, 64), (10_000, 1_200), (64, 64), (100, 0)] {
            let (exact, approx) = (summed(n, k), ln_choose(n, k));
            assert!(
                (exact - approx).abs() < 1e-9 * exact.max(1.0),
                "C({n}, {k})"
            );
        }
    }

    #[test]
    fn the_interior_takes_what_the_frontier_leaves() {
        // 1x5, two mines: 0,0 shows 1, so 0,1 is a mine; the other mine is
        // one of the three squares no clue touches.
        let mut solver = Solver::new(1, 5, 2);
        solver.open(Pos::new(0, 0), 1);
        let probabilities = solver.probabilities();
        assert_eq!(probabilities.at(Pos::new(0, 1)), 1.0);
        for col in 2..5 {
            assert!((probabilities.at(Pos::new(0, col)) - 1.0 / 3.0).abs() < 1e-12);
        }
    }

    #[test]
    fn a_huge_component_is_given_up_not_waited_for() {
        // Three rows, every other square of the middle one open, mines on
        // about half of the rest: a chain of 100 clues, each sharing three
        // squares with the next, with more arrangements than the node
        // budget can count.
        let cols = 201;
        let open = |r: usize, c: usize| r == 1 && c.is_multiple_of(2);
        let mine = |r: usize, c: usize| {
            !open(r, c) && ((r * cols + c).wrapping_mul(2_654_435_761) >> 7) % 100 < 50
        };
        let mines = (0..3 * cols).filter(|&i| mine(i / cols, i % cols)).count();
        let mut solver = Solver::new(3, cols, mines);
        for c in (0..cols).filter(|&c| open(1, c)) {
            let clue = Neighbours::of(cols + c, 3, cols)
                .into_iter()
                .filter(|&n| mine(n / cols, n % cols))
                .count();
            solver.open(Pos::new(1, c), clue as u8);
        }
        let probabilities = solver.probabilities();
        assert!(!probabilities.is_exact());
        for i in (0..3 * cols).filter(|&i| !open(i / cols, i % cols)) {
            let p = probabilities.at(Pos::new(i / cols, i % cols));
            assert!((0.0..=1.0).contains(&p), "{p}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// A supposed position analysed on the frontier a look ahead kept
        /// is the one analysed afresh, for one supposed square or two.
        #[test]
        fn suppositions_on_the_kept_frontier_are_the_fresh_ones(
            mines in proptest::collection::vec(proptest::bool::weighted(0.2), 64),
            opens in proptest::collection::vec(0usize..64, 1..10),
            picks in proptest::collection::vec((0usize..64, 0u8..=8), 2),
        ) {
            crate::testing::follow_openings(8, 8, &mines, &opens, |solver| {
                let unknown: Vec<usize> =
                    (0..64).filter(|&i| solver.known.get(i) == Known::Unknown).collect();
                if unknown.len() < 2 {
                    return Ok(());
                }
                let a = unknown[picks[0].0 % unknown.len()];
                let b = unknown[(picks[0].0 + 1 + picks[1].0 % (unknown.len() - 1)) % unknown.len()];
                let one = Known::Open(picks[0].1);
                let clues = || (0..=8).map(Known::Open);
                // In the order a look ahead makes them: every clue of a
                // square in turn, of a second square with the first
                // given, then others, and the first square's again.
                let suppositions: Vec<Vec<(usize, Known)>> = clues()
                    .map(|clue| vec![(a, clue)])
                    .chain(clues().map(|clue| vec![(a, one), (b, clue)]))
                    .chain([
                        vec![(a, Known::Mine), (b, Known::Safe)],
                        vec![(a, Known::Mine), (b, Known::Mine)],
                    ])
                    .chain(clues().map(|clue| vec![(a, Known::Safe), (b, clue)]))
                    .chain(clues().rev().map(|clue| vec![(a, clue)]))
                    .collect();
                let fresh: Vec<_> = suppositions
                    .iter()
                    .map(|supposed| analyse_supposing(solver, supposed))
                    .collect();
                let kept: Vec<_> = solver.keep_frontier(|solver| {
                    suppositions
                        .iter()
                        .map(|supposed| analyse_supposing(solver, supposed))
                        .collect()
                });
                for ((supposed, kept), fresh) in suppositions.iter().zip(&kept).zip(&fresh) {
                    proptest::prop_assert_eq!(kept, fresh, "{:?}", supposed);
                }
                Ok(())
            })?;
        }
    }
}
