//! Weights indexed by a number of mines, kept only over the totals that can
//! have any: from the fewest mines to the most.
//!
//! Combining the components with the mine count multiplies their counts as
//! polynomials in the number of mines. Stored from total 0, a product grows
//! with every component's size, and a component that always holds the same
//! number of mines (a 50/50 pocket holds exactly one) only shifts it: on a
//! row of 40,000 squares nearly every component is such a pocket, and the
//! dense products were a third of the solver's time. Kept from the fewest
//! total, a product is as wide as the spread of its totals, and a pocket
//! costs a multiplication.
//!
//! The same products answer which totals are possible at all, with
//! booleans for weights (or for sums, and for products).

/// What a weight can be: counts of arrangements, or whether there is one.
pub(super) trait Weight: Copy + PartialEq {
    const NONE: Self;
    const ONE: Self;
    fn plus(self, other: Self) -> Self;
    fn times(self, other: Self) -> Self;
}

impl Weight for f64 {
    const NONE: Self = 0.0;
    const ONE: Self = 1.0;
    fn plus(self, other: Self) -> Self {
        self + other
    }
    fn times(self, other: Self) -> Self {
        self * other
    }
}

impl Weight for bool {
    const NONE: Self = false;
    const ONE: Self = true;
    fn plus(self, other: Self) -> Self {
        self || other
    }
    fn times(self, other: Self) -> Self {
        self && other
    }
}

/// `weights[j]` is the weight of `first + j` mines; every other total weighs nothing.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct ByTotal<W> {
    first: usize,
    weights: Vec<W>,
}

impl<W: Weight> ByTotal<W> {
    /// One way to hold no mines: what a product starts from.
    pub(super) fn one() -> Self {
        Self {
            first: 0,
            weights: vec![W::ONE],
        }
    }

    /// The weights of `dense` (total `m` at index `m`) from its first
    /// total with any weight to its last; nothing at all when none has.
    pub(super) fn of(dense: &[W]) -> Self {
        let used = |w: &W| *w != W::NONE;
        match (dense.iter().position(used), dense.iter().rposition(used)) {
            (Some(first), Some(last)) => Self {
                first,
                weights: dense[first..=last].to_vec(),
            },
            _ => Self {
                first: 0,
                weights: Vec::new(),
            },
        }
    }

    /// The weight of `total` mines.
    #[cfg(test)]
    pub(super) fn at(&self, total: usize) -> W {
        total
            .checked_sub(self.first)
            .and_then(|j| self.weights.get(j))
            .copied()
            .unwrap_or(W::NONE)
    }

    /// Each total kept, with its weight, from the fewest mines up.
    pub(super) fn iter(&self) -> impl Iterator<Item = (usize, W)> + '_ {
        self.weights
            .iter()
            .enumerate()
            .map(|(j, &w)| (self.first + j, w))
    }

    /// The totals with any weight, from the fewest mines up.
    pub(super) fn totals(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter().filter(|&(_, w)| w != W::NONE).map(|(t, _)| t)
    }

    /// The product: the weight of `t` mines in both is the sum, over the
    /// ways to split `t` between them, of the products of their weights.
    pub(super) fn times(&self, other: &Self) -> Self {
        if self.weights.is_empty() || other.weights.is_empty() {
            return Self::of(&[]);
        }
        let mut weights = vec![W::NONE; self.weights.len() + other.weights.len() - 1];
        for (a, &u) in self.weights.iter().enumerate() {
            if u == W::NONE {
                continue;
            }
            for (b, &v) in other.weights.iter().enumerate() {
                weights[a + b] = weights[a + b].plus(u.times(v));
            }
        }
        Self {
            first: self.first + other.first,
            weights,
        }
    }
}

impl ByTotal<f64> {
    /// The weights divided by the largest, so long products stay in range,
    /// and the logarithm of the largest (0 when every weight is 0).
    pub(super) fn scaled(mut self) -> (Self, f64) {
        let top = self.weights.iter().copied().fold(0.0, f64::max);
        if top > 0.0 {
            for w in &mut self.weights {
                *w /= top;
            }
            (self, top.ln())
        } else {
            (self, 0.0)
        }
    }

    /// The sum of each weight times `by(total)`, from the fewest mines up.
    pub(super) fn weighed(&self, by: impl Fn(usize) -> f64) -> f64 {
        self.iter().map(|(t, w)| w * by(t)).sum()
    }
}

/// How many totals a product of `parts` things, which together spread over
/// `spread` totals, may have to multiply: what bounds a combination's work.
pub(super) fn product_work(parts: usize, spread: usize) -> usize {
    let width = spread.saturating_add(1);
    parts.saturating_mul(width.saturating_mul(width))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The product of two dense polynomials, the plain way.
    fn dense_product(x: &[f64], y: &[f64]) -> Vec<f64> {
        let mut sum = vec![0.0; x.len() + y.len() - 1];
        for (a, &u) in x.iter().enumerate() {
            for (b, &v) in y.iter().enumerate() {
                sum[a + b] += u * v;
            }
        }
        sum
    }

    #[test]
    fn a_pocket_of_one_mine_shifts_the_product() {
        let pocket = ByTotal::of(&[0.0, 2.0, 0.0]);
        let rest = ByTotal::of(&[1.0, 3.0]);
        let product = pocket.times(&rest);
        assert_eq!(product.iter().collect::<Vec<_>>(), vec![(1, 2.0), (2, 6.0)]);
        assert_eq!(product.at(0), 0.0);
        assert_eq!(product.at(3), 0.0);
    }

    #[test]
    fn nothing_possible_stays_nothing() {
        let none = ByTotal::of(&[0.0, 0.0]);
        assert_eq!(none.iter().count(), 0);
        assert_eq!(none.times(&ByTotal::one()).iter().count(), 0);
        assert_eq!(none.scaled().1, 0.0);
    }

    proptest! {
        #[test]
        fn products_are_the_dense_products_without_their_zeros(
            x in prop::collection::vec(prop_oneof![Just(0.0), 0.5f64..8.0], 1..8),
            y in prop::collection::vec(prop_oneof![Just(0.0), 0.5f64..8.0], 1..8),
        ) {
            let product = ByTotal::of(&x).times(&ByTotal::of(&y));
            let dense = dense_product(&x, &y);
            for (t, &w) in dense.iter().enumerate() {
                prop_assert_eq!(product.at(t), w, "total {}", t);
            }
            prop_assert!(product.iter().all(|(t, _)| t < dense.len()));
        }

        #[test]
        fn possible_totals_are_the_sums_of_possible_totals(
            x in prop::collection::vec(any::<bool>(), 1..8),
            y in prop::collection::vec(any::<bool>(), 1..8),
        ) {
            let both = ByTotal::of(&x).times(&ByTotal::of(&y));
            for t in 0..x.len() + y.len() {
                let sum = (0..=t).any(|a| x.get(a) == Some(&true) && y.get(t - a) == Some(&true));
                prop_assert_eq!(both.at(t), sum, "total {}", t);
            }
        }
    }
}
