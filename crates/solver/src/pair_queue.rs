//! The pairs of open squares layer 2 still has to look at, smallest
//! first, so that each round picks up where the last one stopped.
//!
//! A pair decides the same as when it was last looked at unless one of
//! its squares saw a neighbour change. Layer 2 stops at the first pair (in
//! reading order) that decides something, so that layer 1 gets the first
//! look at the news; looking at every pair near a changed square again
//! from the start of the board at each round made a round cost the whole
//! list of changes, and a board with many changes at once quadratic: at
//! 5000x5000 layer 2 looked at 4.4 million clues, where it now looks at
//! each pair once per change.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::neighbours::within_two;
use crate::watchlist::{Marks, Watchlist};

/// A pair `(clue, partner)` in line: `clue` against `partner` only, or
/// against every open square within two when `partner` is [`EVERY`].
type Pair = (usize, usize);

/// The partner of a clue whose every pair is in line.
const EVERY: usize = usize::MAX;

#[derive(Clone, Debug)]
pub(super) struct PairQueue {
    /// Open squares whose neighbourhood changed since their pairs were put
    /// in line.
    changed: Watchlist,
    /// The pairs in line, in reading order of the clue.
    pairs: BinaryHeap<Reverse<Pair>>,
}

/// The pairs of one clue that are in line: all of them, or those with
/// these partners.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Partners {
    Every,
    Only(Vec<usize>),
}

impl Partners {
    pub(super) fn includes(&self, j: usize) -> bool {
        match self {
            Partners::Every => true,
            Partners::Only(partners) => partners.contains(&j),
        }
    }
}

impl PairQueue {
    /// An empty queue.
    pub(super) fn new() -> Self {
        Self {
            changed: Watchlist::default(),
            pairs: BinaryHeap::new(),
        }
    }

    /// The open square `i` saw a neighbour change; `marks` keeps which
    /// squares are listed as changed, and `worth_a_look` says which of
    /// them still have unknown neighbours, should the list need room.
    pub(super) fn changed<M: Marks>(
        &mut self,
        i: usize,
        marks: &mut M,
        worth_a_look: impl Fn(&M, usize) -> bool,
    ) {
        self.changed.add(i, marks, worth_a_look);
    }

    /// Puts in line every pair of each changed square that is still
    /// `worth_a_look` (a square without unknown neighbours decides nothing
    /// and is told nothing): its own pairs, and each open square within two
    /// (`is_open`) against it.
    pub(super) fn line_up<M: Marks>(
        &mut self,
        rows: usize,
        cols: usize,
        marks: &mut M,
        worth_a_look: impl Fn(&M, usize) -> bool,
        is_open: impl Fn(&M, usize) -> bool,
    ) {
        while let Some(u) = self.changed.pop_front(marks) {
            if !worth_a_look(marks, u) {
                continue;
            }
            self.pairs.push(Reverse((u, EVERY)));
            for i in within_two(u, rows, cols).filter(|&i| is_open(marks, i)) {
                self.pairs.push(Reverse((i, u)));
            }
        }
    }

    /// The clue with the smallest index in line, and its pairs in line,
    /// taken out of the line.
    pub(super) fn next_clue(&mut self) -> Option<(usize, Partners)> {
        let Reverse((clue, partner)) = self.pairs.pop()?;
        let mut partners = Partners::Only(Vec::new());
        let mut take = |partner: usize| match &mut partners {
            Partners::Every => {}
            Partners::Only(_) if partner == EVERY => partners = Partners::Every,
            Partners::Only(list) => list.push(partner),
        };
        take(partner);
        while let Some(&Reverse((next, partner))) = self.pairs.peek()
            && next == clue
        {
            self.pairs.pop();
            take(partner);
        }
        Some((clue, partners))
    }

    /// Puts every pair of `clue` back in line: a round stopped at one of
    /// them before looking at the rest.
    pub(super) fn put_back(&mut self, clue: usize) {
        self.pairs.push(Reverse((clue, EVERY)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Bits;

    #[test]
    fn clues_come_out_in_reading_order_with_their_partners_gathered() {
        // A 5x5 board, all open: the centre changed.
        let (mut queue, mut marks) = (PairQueue::new(), Bits::new(25));
        queue.changed(12, &mut marks, |_, _| true);
        queue.line_up(5, 5, &mut marks, |_, _| true, |_, _| true);
        let (first, partners) = queue.next_clue().unwrap();
        assert_eq!((first, partners), (0, Partners::Only(vec![12])));
        let mut clues = vec![first];
        while let Some((clue, partners)) = queue.next_clue() {
            let expected = if clue == 12 {
                Partners::Every
            } else {
                Partners::Only(vec![12])
            };
            assert_eq!(partners, expected, "clue {clue}");
            clues.push(clue);
        }
        assert_eq!(clues, (0..25).collect::<Vec<_>>());
    }

    #[test]
    fn a_square_with_nothing_left_to_decide_puts_nothing_in_line() {
        let (mut queue, mut marks) = (PairQueue::new(), Bits::new(25));
        queue.changed(12, &mut marks, |_, _| true);
        queue.line_up(5, 5, &mut marks, |_, i| i != 12, |_, _| true);
        assert_eq!(queue.next_clue(), None);
    }

    #[test]
    fn every_pair_of_a_clue_put_back_wins_over_some() {
        let (mut queue, mut marks) = (PairQueue::new(), Bits::new(25));
        queue.changed(4, &mut marks, |_, _| true);
        queue.line_up(3, 3, &mut marks, |_, _| true, |_, i| i == 0 || i == 4);
        assert_eq!(queue.next_clue(), Some((0, Partners::Only(vec![4]))));
        queue.put_back(0);
        queue.changed(4, &mut marks, |_, _| true);
        queue.line_up(3, 3, &mut marks, |_, _| true, |_, i| i == 0 || i == 4);
        assert_eq!(queue.next_clue(), Some((0, Partners::Every)));
        assert_eq!(queue.next_clue(), Some((4, Partners::Every)));
        assert_eq!(queue.next_clue(), None);
    }
}
