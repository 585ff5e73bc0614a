//! What the solver knows of each square, and how many unknown squares and
//! deduced mines lie around each.
//!
//! Layer 1 and the solver's lists ask of nearly every square they look at
//! whether it has an unknown neighbour, and how many mines are known around
//! it. Counted by looking, each answer was eight reads over three rows of
//! the board: on a 10000x10000 board three cache misses, and the largest
//! share of `solve`'s time. Counted as squares change, the answer is in the
//! square's own two bytes, as small as what was known of a square before.

use crate::Known;
use crate::neighbours::Neighbours;

/// One entry per square, in reading order.
#[derive(Clone, Debug)]
pub(crate) struct Knowledge {
    rows: usize,
    cols: usize,
    cells: Vec<Cell>,
}

/// A square: what is known of it, and its counts around.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    /// [`Known`] in a byte: a clue as itself, the rest as the codes below.
    known: u8,
    /// Unknown neighbours in the low four bits, deduced mines in the high.
    around: u8,
}

const UNKNOWN: u8 = u8::MAX;
const MINE: u8 = u8::MAX - 1;
const SAFE: u8 = u8::MAX - 2;
/// One mine in [`Cell::around`].
const ONE_MINE: u8 = 1 << 4;

fn encode(known: Known) -> u8 {
    match known {
        Known::Unknown => UNKNOWN,
        Known::Mine => MINE,
        Known::Safe => SAFE,
        // A clue counts at most eight neighbours.
        Known::Open(clue) => clue.min(SAFE - 1),
    }
}

fn decode(known: u8) -> Known {
    match known {
        UNKNOWN => Known::Unknown,
        MINE => Known::Mine,
        SAFE => Known::Safe,
        clue => Known::Open(clue),
    }
}

impl Knowledge {
    /// Nothing known yet of a board of `rows` x `cols`: every neighbour of
    /// every square unknown.
    pub(crate) fn new(rows: usize, cols: usize) -> Self {
        let span = |at: usize, of: usize| 1 + u8::from(at > 0) + u8::from(at + 1 < of);
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            let rows_around = span(row, rows);
            cells.extend((0..cols).map(|col| Cell {
                known: UNKNOWN,
                around: rows_around * span(col, cols) - 1,
            }));
        }
        Self { rows, cols, cells }
    }

    /// How many squares the board has.
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Known {
        decode(self.cells[i].known)
    }

    /// Records what is known of `i`, and counts it around.
    pub(crate) fn set(&mut self, i: usize, known: Known) {
        let before = self.get(i);
        self.cells[i].known = encode(known);
        let mut change: i16 = 0;
        for (was, is, one) in [
            (before == Known::Unknown, known == Known::Unknown, 1),
            (before == Known::Mine, known == Known::Mine, ONE_MINE),
        ] {
            change += i16::from(one) * (i16::from(is) - i16::from(was));
        }
        if change == 0 {
            return;
        }
        for n in Neighbours::of(i, self.rows, self.cols) {
            let around = &mut self.cells[n].around;
            // Counts stay within 0 to 8 each: the sum never borrows.
            *around = (i16::from(*around) + change) as u8;
        }
    }

    /// How many neighbours of `i` are unknown.
    #[inline]
    pub(crate) fn unknown_around(&self, i: usize) -> u8 {
        self.cells[i].around & (ONE_MINE - 1)
    }

    /// How many neighbours of `i` are deduced mines.
    #[inline]
    pub(crate) fn mines_around(&self, i: usize) -> u8 {
        self.cells[i].around >> 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn known_strategy() -> impl Strategy<Value = Known> {
        prop_oneof![
            Just(Known::Unknown),
            Just(Known::Mine),
            Just(Known::Safe),
            (0u8..=8).prop_map(Known::Open),
        ]
    }

    #[test]
    fn a_square_keeps_what_is_known_of_it_in_two_bytes() {
        assert_eq!(size_of::<Cell>(), 2);
        for known in [Known::Unknown, Known::Mine, Known::Safe]
            .into_iter()
            .chain((0..=8).map(Known::Open))
        {
            assert_eq!(decode(encode(known)), known);
        }
    }

    proptest! {
        /// The counts are those a look around each square finds, whatever
        /// was recorded, and in whatever order.
        #[test]
        fn the_counts_are_what_a_look_around_finds(
            rows in 1usize..=6,
            cols in 1usize..=6,
            changes in prop::collection::vec((0usize..36, known_strategy()), 0..80),
        ) {
            let mut knowledge = Knowledge::new(rows, cols);
            for (i, known) in changes {
                knowledge.set(i % (rows * cols), known);
            }
            for i in 0..rows * cols {
                let around: Vec<Known> = Neighbours::of(i, rows, cols)
                    .into_iter()
                    .map(|n| knowledge.get(n))
                    .collect();
                let count = |k: Known| around.iter().filter(|&&a| a == k).count() as u8;
                prop_assert_eq!(knowledge.unknown_around(i), count(Known::Unknown), "square {}", i);
                prop_assert_eq!(knowledge.mines_around(i), count(Known::Mine), "square {}", i);
            }
        }
    }
}
