//! One component's solutions, counted by backtracking over its groups.

use super::{Frontier, NODE_BUDGET};

/// One component's solutions, counted by how many mines they use. Its
/// groups are numbered in search order; which frontier groups they are is
/// the caller's to keep, so an unchanged component's count can be kept
/// from one analysis to the next.
#[derive(Debug)]
pub(super) struct Component {
    pub(super) sizes: Vec<u8>,
    /// Whether the search finished within the budget.
    pub(super) exact: bool,
    /// Arrangements using `m` mines (each group's choice of squares counted).
    pub(super) count: Vec<f64>,
    /// Per group (search order), per `m`: mines in the group summed over
    /// those arrangements. Group `t`'s row starts at `t * count.len()`:
    /// one allocation for all groups, as for `least` and `most`.
    mines_in: Vec<f64>,
    /// Per group, per `m`: the fewest and most mines the group holds in a solution.
    least: Vec<u8>,
    most: Vec<u8>,
    /// The backtracking nodes the search visited.
    pub(super) nodes: usize,
}

impl Component {
    /// Counts the solutions of the component made of the frontier's
    /// `groups`, visited in that order.
    pub(super) fn enumerate(frontier: &Frontier, groups: &[usize]) -> Self {
        let sizes: Vec<u8> = groups
            .iter()
            .map(|&g| frontier.groups.row(g).len() as u8)
            .collect();
        let capacity: usize = sizes.iter().map(|&n| usize::from(n)).sum();
        let mut search = Search::new(frontier, groups, &sizes);
        let table = groups.len() * (capacity + 1);
        let mut component = Self {
            exact: true,
            count: vec![0.0; capacity + 1],
            mines_in: vec![0.0; table],
            least: vec![u8::MAX; table],
            most: vec![0; table],
            sizes,
            nodes: 0,
        };
        component.exact =
            search.run(&mut component) && component.count.iter().all(|c| c.is_finite());
        component.nodes = search.nodes;
        component
    }

    fn record(&mut self, chosen: &[u8], weight: f64) {
        let m: usize = chosen.iter().map(|&k| usize::from(k)).sum();
        self.count[m] += weight;
        let width = self.count.len();
        for (t, &k) in chosen.iter().enumerate() {
            let at = t * width + m;
            self.mines_in[at] += f64::from(k) * weight;
            self.least[at] = self.least[at].min(k);
            self.most[at] = self.most[at].max(k);
        }
    }

    /// Group `t`'s mines summed over the arrangements, per total `m`.
    pub(super) fn mines_in(&self, t: usize) -> &[f64] {
        let width = self.count.len();
        &self.mines_in[t * width..(t + 1) * width]
    }

    /// The fewest mines group `t` holds in a solution using `m` in all.
    pub(super) fn least(&self, t: usize, m: usize) -> u8 {
        self.least[t * self.count.len() + m]
    }

    /// The most mines group `t` holds in a solution using `m` in all.
    pub(super) fn most(&self, t: usize, m: usize) -> u8 {
        self.most[t * self.count.len() + m]
    }

    /// The mine totals from the fewest to the most some solution uses
    /// (empty when none fits): outside them every count, and every
    /// group's `mines_in`, is 0.
    pub(super) fn used_totals(&self) -> std::ops::Range<usize> {
        let used = |n: &f64| *n > 0.0;
        match (
            self.count.iter().position(used),
            self.count.iter().rposition(used),
        ) {
            (Some(fewest), Some(most)) => fewest..most + 1,
            _ => 0..0,
        }
    }

    /// The fewest mines a solution uses (0 when none fits).
    pub(super) fn fewest(&self) -> usize {
        self.used_totals().start
    }

    /// Whether it is counted exactly and every solution uses as many mines.
    pub(super) fn has_fixed_total(&self) -> bool {
        self.exact && self.used_totals().len() == 1
    }

    /// The most mines a solution uses (0 when none fits).
    pub(super) fn most_mines(&self) -> usize {
        self.used_totals().end.saturating_sub(1)
    }
}

/// The backtracking search over one component's groups.
struct Search {
    /// Per group in search order: its constraints (component-local).
    constraints: Vec<Vec<usize>>,
    needs: Vec<u8>,
    /// Mines placed so far in each constraint's groups.
    placed: Vec<u8>,
    /// Squares not yet decided in each constraint's groups.
    open: Vec<u8>,
    chosen: Vec<u8>,
    sizes: Vec<u8>,
    nodes: usize,
}

impl Search {
    fn new(frontier: &Frontier, groups: &[usize], sizes: &[u8]) -> Self {
        // Component-local constraint numbers.
        let mut local = rustc_hash::FxHashMap::default();
        let mut needs = Vec::new();
        let mut open = Vec::new();
        let constraints = groups
            .iter()
            .zip(sizes)
            .map(|(&g, &size)| {
                frontier
                    .group_constraints
                    .row(g)
                    .iter()
                    .map(|&c| {
                        let id = *local.entry(c).or_insert_with(|| {
                            needs.push(frontier.needs[c]);
                            open.push(0u8);
                            needs.len() - 1
                        });
                        open[id] += size;
                        id
                    })
                    .collect()
            })
            .collect();
        Self {
            constraints,
            placed: vec![0; needs.len()],
            needs,
            open,
            chosen: Vec::with_capacity(groups.len()),
            sizes: sizes.to_vec(),
            nodes: 0,
        }
    }

    /// Records every solution in `component`; false if the budget ran out.
    fn run(&mut self, component: &mut Component) -> bool {
        self.step(component, 1.0)
    }

    fn step(&mut self, component: &mut Component, weight: f64) -> bool {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return false;
        }
        let t = self.chosen.len();
        if t == self.sizes.len() {
            component.record(&self.chosen, weight);
            return true;
        }
        let size = self.sizes[t];
        // The mines this group can take: no constraint overfilled, and
        // none left needing more than its undecided squares can hold (a
        // constraint's placed mines never exceed what it needs).
        let (mut least, mut most) = (0u8, size);
        for &c in &self.constraints[t] {
            self.open[c] -= size;
            let room = self.needs[c].saturating_sub(self.placed[c]);
            most = most.min(room);
            least = least.max(room.saturating_sub(self.open[c]));
        }
        let mut within_budget = true;
        for k in least..=most {
            for &c in &self.constraints[t] {
                self.placed[c] += k;
            }
            self.chosen.push(k);
            within_budget = self.step(
                component,
                weight * BINOMIAL[usize::from(size)][usize::from(k)],
            );
            self.chosen.pop();
            for &c in &self.constraints[t] {
                self.placed[c] -= k;
            }
            if !within_budget {
                break;
            }
        }
        for &c in &self.constraints[t] {
            self.open[c] += size;
        }
        within_budget
    }
}

/// C(n, k) for a group of at most eight squares: `BINOMIAL[n][k]`.
const BINOMIAL: [[f64; 9]; 9] = {
    let mut table = [[0.0; 9]; 9];
    let mut n = 0;
    while n < 9 {
        table[n][0] = 1.0;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::BINOMIAL;

    #[test]
    fn the_table_holds_the_binomials_of_groups_up_to_eight() {
        for n in 0..9u64 {
            for k in 0..=n {
                let exact = (0..k).fold(1u64, |value, i| value * (n - i) / (i + 1));
                assert_eq!(
                    BINOMIAL[n as usize][k as usize], exact as f64,
                    "C({n}, {k})"
                );
            }
        }
        assert_eq!(BINOMIAL[8][4], 70.0);
    }
}
