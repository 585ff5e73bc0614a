//! A list of squares the solver means to look at again, kept in proportion
//! to the squares still worth a look, not to every square ever listed.
//!
//! Opening an area lists every square it opens, most of which have no
//! unknown neighbour by the time the area is done: on a sparse 2000x2000
//! board the solver's lists of open squares reached 33 MB each, more than
//! the whole game. So before the list would grow, the squares no longer
//! worth a look are dropped (such a square never becomes worth one again),
//! and it grows only if at least half of it is still worth a look, which
//! keeps the work of dropping to a constant per square listed.

use std::collections::VecDeque;

use crate::bits::Bits;

/// Squares in the order they were listed; each listed once while on it.
#[derive(Clone, Debug, Default)]
pub(super) struct Watchlist {
    squares: VecDeque<usize>,
    /// Which squares are on the list; no room for any in a list without
    /// them ([`Watchlist::without_bits`]).
    listed: Bits,
}

impl Watchlist {
    /// An empty list for a board of `squares` squares.
    pub(super) fn new(squares: usize) -> Self {
        Self {
            squares: VecDeque::new(),
            listed: Bits::new(squares),
        }
    }

    /// An empty list that keeps no bits: a square listed while on it is on
    /// it twice, for a caller that rarely lists one again and whose readers
    /// do not mind. On a 10000x10000 board the bits are 12 MB, and looking
    /// one up for each square listed cost a cache miss each.
    pub(super) fn without_bits() -> Self {
        Self::default()
    }

    /// Lists `i` unless it is on the list; when the list is full, first
    /// drops the squares `worth_a_look` turns down.
    pub(super) fn add(&mut self, i: usize, worth_a_look: impl Fn(usize) -> bool) {
        if self.listed.contains(i) {
            return;
        }
        if self.squares.len() == self.squares.capacity() {
            self.retain(worth_a_look);
            // Grow when at least half is kept, so the next drop is at
            // least as many additions away as it had squares to look at.
            self.squares.reserve(self.squares.len().max(1));
        }
        self.listed.set(i, true);
        self.squares.push_back(i);
    }

    pub(super) fn pop_front(&mut self) -> Option<usize> {
        let i = self.squares.pop_front()?;
        self.listed.set(i, false);
        Some(i)
    }

    /// Keeps only the squares `keep` accepts, in their order.
    pub(super) fn retain(&mut self, keep: impl Fn(usize) -> bool) {
        let listed = &mut self.listed;
        self.squares.retain(|&i| {
            let kept = keep(i);
            listed.set(i, kept);
            kept
        });
    }

    /// Puts the squares in reading order.
    pub(super) fn sort(&mut self) {
        self.squares.make_contiguous().sort_unstable();
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.squares.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_square_is_listed_once_in_the_order_listed() {
        let mut list = Watchlist::new(10);
        for i in [4, 2, 4, 7, 2] {
            list.add(i, |_| true);
        }
        assert_eq!(list.iter().collect::<Vec<_>>(), [4, 2, 7]);
        assert_eq!(list.pop_front(), Some(4));
        list.add(4, |_| true);
        assert_eq!(list.iter().collect::<Vec<_>>(), [2, 7, 4]);
        list.retain(|i| i != 7);
        list.add(7, |_| true);
        assert_eq!(list.iter().collect::<Vec<_>>(), [2, 4, 7]);
    }

    #[test]
    fn squares_not_worth_a_look_make_room_for_new_ones() {
        // Listing a whole board, one square at a time, where only the
        // last few squares listed are still worth a look: the list stays
        // short, and keeps every square worth a look in order.
        let squares = 100_000;
        let mut list = Watchlist::new(squares);
        for i in 0..squares {
            list.add(i, |j| j + 8 > i);
        }
        assert!(list.squares.capacity() < 64, "{}", list.squares.capacity());
        let kept: Vec<usize> = list.iter().collect();
        assert!(
            (squares - 8..squares).all(|i| kept.contains(&i)),
            "{kept:?}"
        );
        assert!(kept.is_sorted());
    }

    #[test]
    fn a_list_of_squares_all_worth_a_look_grows() {
        let mut list = Watchlist::new(1000);
        for i in 0..1000 {
            list.add(i, |_| true);
        }
        assert!(list.iter().eq(0..1000));
    }
}
