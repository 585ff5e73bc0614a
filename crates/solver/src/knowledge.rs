//! What the solver knows of each square, and how many unknown squares and
//! deduced mines lie around each.
//!
//! Layer 1 and the solver's lists ask of nearly every square they look at
//! whether it has an unknown neighbour, and how many mines are known around
//! it. Counted by looking, each answer was eight reads over three rows of
//! the board: on a 10000x10000 board three cache misses, and the largest
//! share of `solve`'s time. Counted as squares change, the answer is in the
//! square's own two bytes, as small as what was known of a square before.
//!
//! The byte of what is known also keeps which of three of the solver's
//! lists the square is on ([`List`]): a list is told of a square just
//! after that square was read or changed, so the mark is already at hand,
//! where a bit array of its own (12 MB a list at 10000x10000) was a cache
//! miss more for most squares listed.

use crate::Known;
use crate::neighbours::{Neighbours, neighbour_count_at};
use crate::watchlist::Marks;

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
    /// [`Known`] in the low four bits, a clue as itself and the rest as
    /// the codes below; which lists the square is on in the high four.
    known: u8,
    /// Unknown neighbours in the low four bits, deduced mines in the high.
    around: u8,
}

const UNKNOWN: u8 = 15;
const MINE: u8 = 14;
const SAFE: u8 = 13;
/// The bits of [`Cell::known`] that say what is known.
const CODE: u8 = 0x0F;
/// One mine in [`Cell::around`].
const ONE_MINE: u8 = 1 << 4;

/// The solver's lists whose marks a square's cell keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum List {
    /// Open squares layer 1 is to look at again.
    Pending,
    /// Open squares whose pairs layer 2 is to line up again.
    Changed,
    /// Open squares with unknown neighbours, for layer 3 and the guesses.
    Frontier,
}

impl List {
    fn bit(self) -> u8 {
        match self {
            List::Pending => 1 << 4,
            List::Changed => 1 << 5,
            List::Frontier => 1 << 6,
        }
    }
}

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
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            cells.extend((0..cols).map(|col| Cell {
                known: UNKNOWN,
                // At most 8: the count of unknown neighbours, no mine.
                around: neighbour_count_at(row, col, rows, cols) as u8,
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
        decode(self.cells[i].known & CODE)
    }

    /// Records what is known of `i`, and counts it around.
    pub(crate) fn set(&mut self, i: usize, known: Known) {
        let before = self.get(i);
        let cell = &mut self.cells[i];
        cell.known = (cell.known & !CODE) | encode(known);
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

    /// The marks of `list`, for the list to keep in the squares' cells.
    pub(crate) fn marks(&mut self, list: List) -> ListMarks<'_> {
        ListMarks {
            knowledge: self,
            bit: list.bit(),
        }
    }
}

/// One list's marks in the cells of [`Knowledge`], which its callers read
/// through them ([`ListMarks::knowledge`]).
pub(crate) struct ListMarks<'a> {
    knowledge: &'a mut Knowledge,
    bit: u8,
}

impl ListMarks<'_> {
    pub(crate) fn knowledge(&self) -> &Knowledge {
        self.knowledge
    }
}

impl Marks for ListMarks<'_> {
    #[inline]
    fn is_marked(&self, i: usize) -> bool {
        self.knowledge.cells[i].known & self.bit != 0
    }

    #[inline]
    fn set_mark(&mut self, i: usize, on: bool) {
        let known = &mut self.knowledge.cells[i].known;
        if on {
            *known |= self.bit;
        } else {
            *known &= !self.bit;
        }
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
        /// was recorded, and in whatever order; a list's marks change
        /// neither what is known nor another list's marks.
        #[test]
        fn the_counts_are_what_a_look_around_finds(
            rows in 1usize..=6,
            cols in 1usize..=6,
            changes in prop::collection::vec((0usize..36, known_strategy()), 0..80),
        ) {
            let mut knowledge = Knowledge::new(rows, cols);
            let mut on_list = vec![false; rows * cols];
            for (k, (i, known)) in changes.into_iter().enumerate() {
                let i = i % (rows * cols);
                knowledge.set(i, known);
                prop_assert_eq!(knowledge.get(i), known);
                // Marks of one list come and go between the changes, on
                // other squares than the one changed.
                let j = (i + k) % (rows * cols);
                on_list[j] = k % 3 != 0;
                knowledge.marks(List::Changed).set_mark(j, on_list[j]);
            }
            for (i, &listed) in on_list.iter().enumerate() {
                let around: Vec<Known> = Neighbours::of(i, rows, cols)
                    .into_iter()
                    .map(|n| knowledge.get(n))
                    .collect();
                let count = |k: Known| around.iter().filter(|&&a| a == k).count() as u8;
                prop_assert_eq!(knowledge.unknown_around(i), count(Known::Unknown), "square {}", i);
                prop_assert_eq!(knowledge.mines_around(i), count(Known::Mine), "square {}", i);
                prop_assert_eq!(knowledge.marks(List::Changed).is_marked(i), listed);
                prop_assert!(!knowledge.marks(List::Pending).is_marked(i));
            }
        }
    }
}
