//! The game tree over sets of arrangements, searched exactly: the most
//! arrangements any way of playing on wins.
//!
//! A position is only worked out as far as its caller needs: asked
//! whether it wins more than `alpha` games, a position that holds no more
//! than `alpha` arrangements says "no" at once, and a move whose clues
//! cannot add up to more than the best move found is left as soon as that
//! shows. Such answers are bounds, kept as bounds; a position that beats
//! what is asked is worked out exactly.

use rustc_hash::FxHashMap;

use super::listing::Arrangements;
use super::sets::Family;

/// What a search says of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    /// Exactly this many games won.
    Exact(u32),
    /// No more than this many: all that the question needed.
    AtMost(u32),
}

pub(super) struct Search<'a, F: Family> {
    family: &'a F,
    squares: usize,
    /// What is known of each position met.
    cache: FxHashMap<F::Set, Value>,
    /// Work done, and the most allowed.
    work: u64,
    budget: u64,
}

impl<'a, F: Family> Search<'a, F> {
    pub(super) fn new(family: &'a F, board: &Arrangements, budget: u64) -> Self {
        Search {
            family,
            squares: board.squares.len(),
            cache: FxHashMap::default(),
            work: 0,
            budget,
        }
    }

    pub(super) fn work(&self) -> u64 {
        self.work
    }

    /// The most games won from `set` and the square that wins them
    /// (`None` when every square is decided: the game is won); `None`
    /// past the budget.
    pub(super) fn best_first(&mut self, set: &F::Set) -> Option<(u32, Option<usize>)> {
        self.spend(set)?;
        let (any, all) = self.family.mines_any_all(set);
        if any == all {
            return Some((self.family.count(set) as u32, None));
        }
        // Every move wins more than -1 games: the answer is exact.
        match self.best_move(set, any & !all, -1)? {
            (Value::Exact(wins), square) => Some((wins, square)),
            (Value::AtMost(_), _) => None,
        }
    }

    /// The games won from `set`: exact if more than `alpha`.
    fn value(&mut self, set: F::Set, alpha: i64) -> Option<Value> {
        let total = self.family.count(&set) as u32;
        if i64::from(total) <= alpha {
            return Some(Value::AtMost(total));
        }
        match self.cache.get(&set) {
            Some(&Value::Exact(wins)) => return Some(Value::Exact(wins)),
            Some(&Value::AtMost(most)) if i64::from(most) <= alpha => {
                return Some(Value::AtMost(most));
            }
            _ => {}
        }
        self.spend(&set)?;
        let (any, all) = self.family.mines_any_all(&set);
        let value = if any == all {
            Value::Exact(total)
        } else {
            match self.free_square(&set, any) {
                Some(k) => self.over_parts(self.family.split(&set, k), alpha)?,
                None => self.best_move(&set, any & !all, alpha)?.0,
            }
        };
        self.cache.insert(set, value);
        Some(value)
    }

    /// The best of the `uncertain` squares of `set`, if it wins more than
    /// `alpha` games, and what it wins; else a bound of `alpha`.
    fn best_move(
        &mut self,
        set: &F::Set,
        uncertain: u64,
        alpha: i64,
    ) -> Option<(Value, Option<usize>)> {
        let family = self.family;
        let mut tries: Vec<(usize, usize)> = (0..self.squares)
            .filter(|&k| uncertain >> k & 1 == 1)
            .map(|k| (family.safe_in(set, k), k))
            .collect();
        // Safest first: none after a square too risky to beat the best can
        // beat it either.
        tries.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = alpha;
        let mut found = None;
        for (safe, k) in tries {
            if safe as i64 <= best {
                break;
            }
            if let Value::Exact(wins) = self.over_parts(family.split(set, k), best)?
                && i64::from(wins) > best
            {
                best = i64::from(wins);
                found = Some(k);
            }
        }
        Some(match found {
            Some(_) => (Value::Exact(best as u32), found),
            None => (Value::AtMost(alpha.max(0) as u32), None),
        })
    }

    /// The games won over `parts`: exact if more than `alpha`. Each part
    /// is asked only for what the total needs of it, the others counted
    /// as won whole.
    fn over_parts(&mut self, mut parts: Vec<F::Set>, alpha: i64) -> Option<Value> {
        // The biggest first: what they lose tells soonest.
        parts.sort_unstable_by_key(|part| std::cmp::Reverse(self.family.count(part)));
        let mut left: i64 = parts.iter().map(|p| self.family.count(p) as i64).sum();
        let mut wins: i64 = 0;
        for part in parts {
            left -= self.family.count(&part) as i64;
            match self.value(part, alpha - wins - left)? {
                Value::Exact(won) => wins += i64::from(won),
                Value::AtMost(most) => {
                    return Some(Value::AtMost((wins + i64::from(most) + left) as u32));
                }
            }
        }
        Some(Value::Exact(wins as u32))
    }

    /// A square known safe everywhere in `set` (no mine in `any`) that
    /// splits it by its clue, if one does: opening it is free.
    fn free_square(&self, set: &F::Set, any: u64) -> Option<usize> {
        (0..self.squares)
            .filter(|&k| any >> k & 1 == 0)
            .find(|&k| self.family.splits(set, k))
    }

    /// Counts a look at `set` against the budget; `None` once it is spent.
    fn spend(&mut self, set: &F::Set) -> Option<()> {
        self.work += self.family.cost(set);
        (self.work <= self.budget).then_some(())
    }
}
