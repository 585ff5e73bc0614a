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

/// Where a list keeps which squares are on it, so that each is listed once
/// while on it.
pub(super) trait Marks {
    fn is_marked(&self, i: usize) -> bool;
    fn set_mark(&mut self, i: usize, on: bool);
}

/// A bit a square, apart from everything else.
impl Marks for Bits {
    fn is_marked(&self, i: usize) -> bool {
        self.contains(i)
    }

    fn set_mark(&mut self, i: usize, on: bool) {
        self.set(i, on);
    }
}

/// No marks: a square listed while on the list is on it twice, for a
/// caller that rarely lists one again and whose readers do not mind. On a
/// 10000x10000 board a bit a square is 12 MB, and looking one up for each
/// square listed cost a cache miss each.
pub(super) struct Unmarked;

impl Marks for Unmarked {
    fn is_marked(&self, _: usize) -> bool {
        false
    }

    fn set_mark(&mut self, _: usize, _: bool) {}
}

/// Squares in the order they were listed. Which squares are on it is kept
/// where the caller says ([`Marks`]), given to every call that changes it:
/// the solver keeps its lists' marks in what it knows of each square,
/// beside what it reads to decide whether a square is worth a look.
#[derive(Clone, Debug, Default)]
pub(super) struct Watchlist {
    squares: VecDeque<usize>,
}

impl Watchlist {
    /// Lists `i` unless `marks` has it on the list; when the list is full,
    /// first drops the squares `worth_a_look` turns down.
    pub(super) fn add<M: Marks>(
        &mut self,
        i: usize,
        marks: &mut M,
        worth_a_look: impl Fn(&M, usize) -> bool,
    ) {
        if marks.is_marked(i) {
            return;
        }
        if self.squares.len() == self.squares.capacity() {
            self.retain(marks, worth_a_look);
            // Grow when at least half is kept, so the next drop is at
            // least as many additions away as it had squares to look at.
            self.squares.reserve(self.squares.len().max(1));
        }
        marks.set_mark(i, true);
        self.squares.push_back(i);
    }

    pub(super) fn pop_front(&mut self, marks: &mut impl Marks) -> Option<usize> {
        let i = self.squares.pop_front()?;
        marks.set_mark(i, false);
        Some(i)
    }

    /// Keeps only the squares `keep` accepts, in their order.
    pub(super) fn retain<M: Marks>(&mut self, marks: &mut M, keep: impl Fn(&M, usize) -> bool) {
        self.squares.retain(|&i| {
            let kept = keep(marks, i);
            if !kept {
                marks.set_mark(i, false);
            }
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
        let (mut list, mut marks) = (Watchlist::default(), Bits::new(10));
        for i in [4, 2, 4, 7, 2] {
            list.add(i, &mut marks, |_, _| true);
        }
        assert_eq!(list.iter().collect::<Vec<_>>(), [4, 2, 7]);
        assert_eq!(list.pop_front(&mut marks), Some(4));
        list.add(4, &mut marks, |_, _| true);
        assert_eq!(list.iter().collect::<Vec<_>>(), [2, 7, 4]);
        list.retain(&mut marks, |_, i| i != 7);
        list.add(7, &mut marks, |_, _| true);
        assert_eq!(list.iter().collect::<Vec<_>>(), [2, 4, 7]);
        // Without marks, a square may be listed twice.
        let mut twice = Watchlist::default();
        for i in [4, 2, 4] {
            twice.add(i, &mut Unmarked, |_, _| true);
        }
        assert_eq!(twice.iter().collect::<Vec<_>>(), [4, 2, 4]);
    }

    #[test]
    fn squares_not_worth_a_look_make_room_for_new_ones() {
        // Listing a whole board, one square at a time, where only the
        // last few squares listed are still worth a look: the list stays
        // short, and keeps every square worth a look in order.
        let squares = 100_000;
        let (mut list, mut marks) = (Watchlist::default(), Bits::new(squares));
        for i in 0..squares {
            list.add(i, &mut marks, |_, j| j + 8 > i);
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
        let (mut list, mut marks) = (Watchlist::default(), Bits::new(1000));
        for i in 0..1000 {
            list.add(i, &mut marks, |_, _| true);
        }
        assert!(list.iter().eq(0..1000));
    }
}
