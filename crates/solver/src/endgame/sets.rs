//! Two ways to hold a set of arrangements, each with what the search asks
//! of a set: split it by the clue a square shows, count where a square is
//! safe, and which squares have a mine in some or all of it.

use std::hash::Hash;

use super::MOST_ARRANGEMENTS;
use super::listing::{Arrangements, MINE};

/// Sets of the arrangements of one listing.
pub(super) trait Family {
    type Set: Clone + Eq + Hash;

    /// Every arrangement.
    fn all(&self) -> Self::Set;

    fn count(&self, set: &Self::Set) -> usize;

    /// In how many arrangements of `set` square `k` is safe.
    fn safe_in(&self, set: &Self::Set, k: usize) -> usize;

    /// The arrangements of `set` where square `k` is safe, by the clue it
    /// shows, leaving out clues it shows in none: the sets opening it
    /// splits `set` into.
    fn split(&self, set: &Self::Set, k: usize) -> Vec<Self::Set>;

    /// Whether square `k`, safe everywhere in `set`, shows different
    /// clues in it (so that opening it splits it).
    fn splits(&self, set: &Self::Set, k: usize) -> bool;

    /// The squares with a mine in some arrangement of `set`, and in all.
    fn mines_any_all(&self, set: &Self::Set) -> (u64, u64);

    /// What looking at `set` once costs, in the budget's units.
    fn cost(&self, set: &Self::Set) -> u64;
}

/// Up to [`MOST_ARRANGEMENTS`] arrangements, one bit each. Each square's
/// arrangements are kept as sets, one for a mine there and one for each
/// clue it would show: a split is a few operations on words, whatever the
/// number of arrangements.
pub(super) struct Bits {
    count: usize,
    mines: Vec<u64>,
    mine_on: Vec<BitSet>,
    showing: Vec<[BitSet; 9]>,
}

pub(super) type BitSet = [u64; MOST_ARRANGEMENTS / 64];

const EMPTY: BitSet = [0; MOST_ARRANGEMENTS / 64];

impl Bits {
    pub(super) fn of(board: &Arrangements) -> Self {
        debug_assert!(board.count() <= MOST_ARRANGEMENTS);
        let squares = board.squares.len();
        let mut mine_on = vec![EMPTY; squares];
        let mut showing = vec![[EMPTY; 9]; squares];
        for k in 0..squares {
            for a in 0..board.count() {
                let into = match board.shows(a, k) {
                    MINE => &mut mine_on[k],
                    clue => &mut showing[k][usize::from(clue)],
                };
                into[a / 64] |= 1 << (a % 64);
            }
        }
        Bits {
            count: board.count(),
            mines: board.mines.clone(),
            mine_on,
            showing,
        }
    }
}

impl Family for Bits {
    type Set = BitSet;

    fn all(&self) -> BitSet {
        let mut set = EMPTY;
        for a in 0..self.count {
            set[a / 64] |= 1 << (a % 64);
        }
        set
    }

    fn count(&self, set: &BitSet) -> usize {
        set.iter().map(|w| w.count_ones() as usize).sum()
    }

    fn safe_in(&self, set: &BitSet, k: usize) -> usize {
        self.count(set) - self.count(&and(set, &self.mine_on[k]))
    }

    fn split(&self, set: &BitSet, k: usize) -> Vec<BitSet> {
        self.showing[k]
            .iter()
            .map(|showing| and(set, showing))
            .filter(|part| part.iter().any(|&w| w != 0))
            .collect()
    }

    fn splits(&self, set: &BitSet, k: usize) -> bool {
        let mut shown = self.showing[k]
            .iter()
            .filter(|showing| set.iter().zip(showing.iter()).any(|(a, b)| a & b != 0));
        shown.next().is_some() && shown.next().is_some()
    }

    fn mines_any_all(&self, set: &BitSet) -> (u64, u64) {
        members(set).fold((0, u64::MAX), |(any, all), a| {
            (any | self.mines[a], all & self.mines[a])
        })
    }

    /// A position, whatever its size: the budget counts positions.
    fn cost(&self, _: &BitSet) -> u64 {
        1
    }
}

/// The arrangements in both.
fn and(a: &BitSet, b: &BitSet) -> BitSet {
    std::array::from_fn(|w| a[w] & b[w])
}

/// The arrangements in `set`, in order.
fn members(set: &BitSet) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            let b = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            (b < 64).then_some(w * 64 + b)
        })
    })
}

/// Any number of arrangements, each set a list of them in order: a
/// position costs what it holds, and most positions of a search hold few.
pub(super) struct Listed {
    mines: Vec<u64>,
    /// Per square, what it shows in each arrangement (a clue or [`MINE`]).
    shows: Vec<Vec<u8>>,
}

impl Listed {
    pub(super) fn of(board: &Arrangements) -> Self {
        let shows = (0..board.squares.len())
            .map(|k| (0..board.count()).map(|a| board.shows(a, k)).collect())
            .collect();
        Listed {
            mines: board.mines.clone(),
            shows,
        }
    }
}

impl Family for Listed {
    type Set = Box<[u32]>;

    fn all(&self) -> Box<[u32]> {
        (0..self.mines.len() as u32).collect()
    }

    fn count(&self, set: &Box<[u32]>) -> usize {
        set.len()
    }

    fn safe_in(&self, set: &Box<[u32]>, k: usize) -> usize {
        let shows = &self.shows[k];
        set.iter().filter(|&&a| shows[a as usize] != MINE).count()
    }

    fn split(&self, set: &Box<[u32]>, k: usize) -> Vec<Box<[u32]>> {
        let shows = &self.shows[k];
        // Counted first, so that each part is made once at its size.
        let mut sizes = [0usize; MINE as usize + 1];
        for &a in set {
            sizes[usize::from(shows[a as usize])] += 1;
        }
        let mut parts: [Vec<u32>; MINE as usize + 1] = std::array::from_fn(|clue| {
            Vec::with_capacity(if clue < MINE as usize { sizes[clue] } else { 0 })
        });
        for &a in set {
            let clue = usize::from(shows[a as usize]);
            if clue < usize::from(MINE) {
                parts[clue].push(a);
            }
        }
        parts
            .into_iter()
            .filter(|part| !part.is_empty())
            .map(Vec::into_boxed_slice)
            .collect()
    }

    fn splits(&self, set: &Box<[u32]>, k: usize) -> bool {
        let shows = &self.shows[k];
        let mut clues = set.iter().map(|&a| shows[a as usize]);
        let first = clues.next();
        clues.any(|clue| Some(clue) != first)
    }

    fn mines_any_all(&self, set: &Box<[u32]>) -> (u64, u64) {
        set.iter().fold((0, u64::MAX), |(any, all), &a| {
            let mines = self.mines[a as usize];
            (any | mines, all & mines)
        })
    }

    /// Each arrangement looked at once for every square: what finding
    /// the free squares and the safest ones costs.
    fn cost(&self, set: &Box<[u32]>) -> u64 {
        (set.len() * (self.shows.len() + 1)) as u64
    }
}
