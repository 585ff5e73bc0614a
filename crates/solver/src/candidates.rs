//! Which unknown squares a guess weighs.
//!
//! An unknown square with no known neighbour and no open square within
//! two (untouched) is like every other untouched square with as many
//! neighbours: the same chance of a mine, of opening an area, the same
//! look ahead. Ties go to the first in reading order, so the first
//! untouched square of each neighbour count (corner, edge, inside) stands
//! for all the others. The rest, the squares near what is known, are all
//! weighed: the unknown squares within two of an open clue with unknown
//! neighbours, and those next to a square deduced but not opened.
//!
//! So a guess costs what the known part of the board costs, not the whole
//! board: weighing every unknown square took 1.3 GB for one hint on a
//! 5000 x 5000 board, and time that grew with the square of the board on
//! a game that needs many guesses.
//!
//! A square that stops being untouched is never untouched again, so one
//! cursor per neighbour count, which only moves forward, finds the first
//! untouched square: each crosses the board at most once in a game. The
//! first one a caller allows (a hint allows no mine) may lie further on,
//! past squares touched since: the search remembers how far it went and
//! the untouched squares it passed, so that it too crosses the board once,
//! where starting again from the cursor at every hint made a game on a row
//! of 40,000 squares look at 146 million squares.

use crate::neighbours::{neighbour_count, within_two};
use crate::watchlist::Unmarked;
use crate::{Known, Solver, still_settled};
use engine::Pos;

/// For each neighbour count (0 to 8): where its first untouched square
/// is, and how far the last search for one the caller allows went.
#[derive(Clone, Debug, Default)]
pub(super) struct Untouched {
    /// The first untouched square of the count: none before it ever is again.
    from: [usize; 9],
    /// Where the last search stopped: the square it found, or the end of
    /// the board. Between `from` and here, the squares it did not pass
    /// were touched then, and so are now.
    reached: [usize; 9],
    /// The untouched squares of the count the last search passed, in
    /// reading order: refused then, perhaps allowed now.
    passed: [Vec<usize>; 9],
}

impl Solver {
    /// The unknown squares a guess weighs, in reading order, among those
    /// `allowed` lets through.
    pub(super) fn guess_candidates(&mut self, allowed: &impl Fn(Pos) -> bool) -> Vec<usize> {
        self.prune_settled();
        self.prune_frontier();
        let mut squares = Vec::new();
        for clue in self.frontier.iter() {
            squares.extend(within_two(clue, self.rows, self.cols).filter(|&j| self.is_unknown(j)));
        }
        for settled in self.settled.iter() {
            squares.extend(
                self.neighbours(settled)
                    .into_iter()
                    .filter(|&n| self.is_unknown(n)),
            );
        }
        for count in self.neighbour_counts() {
            squares.extend(self.first_untouched(count, allowed));
        }
        squares.sort_unstable();
        squares.dedup();
        squares.retain(|&i| allowed(self.pos(i)) && !self.set_aside.holds(i));
        squares
    }

    /// Drops the deduced squares that are open now or have no unknown
    /// neighbour left but those set aside.
    fn prune_settled(&mut self) {
        let Self {
            settled,
            known,
            rows,
            cols,
            set_aside,
            ..
        } = self;
        settled.retain(&mut Unmarked, |_, i| {
            still_settled(known, *rows, *cols, set_aside, i)
        });
    }

    /// The neighbour counts the board's squares have.
    fn neighbour_counts(&self) -> Vec<usize> {
        // Every square has the count of one of the (up to) four squares at
        // the top left: a corner, an edge of either kind, an inside square.
        let mut counts: Vec<usize> = (0..self.rows.min(2))
            .flat_map(|row| (0..self.cols.min(2)).map(move |col| row * self.cols + col))
            .map(|i| neighbour_count(i, self.rows, self.cols))
            .collect();
        counts.sort_unstable();
        counts.dedup();
        counts
    }

    /// The first untouched square with `count` neighbours that `allowed`
    /// lets through, moving the cursor past squares that never can be.
    fn first_untouched(&mut self, count: usize, allowed: &impl Fn(Pos) -> bool) -> Option<usize> {
        let squares = self.known.len();
        let of_kind = |i: usize| neighbour_count(i, self.rows, self.cols) == count;
        let mut at = self.untouched.from[count];
        while at < squares && !(of_kind(at) && self.is_untouched(at)) {
            at += 1;
        }
        self.untouched.from[count] = at;
        // The cursor is not moved past squares `allowed` refuses: it may
        // differ next time. So the squares passed are asked again first.
        let mut passed = std::mem::take(&mut self.untouched.passed[count]);
        passed.retain(|&i| i >= at && self.is_untouched(i));
        let found = match passed.iter().find(|&&i| allowed(self.pos(i))) {
            Some(&i) => Some(i),
            None => {
                let mut i = self.untouched.reached[count].max(at);
                while i < squares {
                    if of_kind(i) && self.is_untouched(i) {
                        if allowed(self.pos(i)) {
                            break;
                        }
                        passed.push(i);
                    }
                    i += 1;
                }
                self.untouched.reached[count] = i;
                (i < squares).then_some(i)
            }
        };
        self.untouched.passed[count] = passed;
        found
    }

    /// Unknown, with no known neighbour and no open square within two.
    fn is_untouched(&self, i: usize) -> bool {
        self.is_unknown(i)
            && self.neighbours(i).into_iter().all(|n| self.is_unknown(n))
            && within_two(i, self.rows, self.cols)
                .all(|j| !matches!(self.known.get(j), Known::Open(_)))
    }

    fn is_unknown(&self, i: usize) -> bool {
        self.known.get(i) == Known::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every unknown square that is not a candidate is untouched, and like
    /// the candidate standing for its neighbour count.
    fn assert_stood_for(solver: &mut Solver) {
        let candidates = solver.guess_candidates(&|_| true);
        for i in 0..solver.known.len() {
            if !solver.is_unknown(i) || candidates.contains(&i) {
                continue;
            }
            assert!(solver.is_untouched(i), "square {i} left out");
            let count = neighbour_count(i, solver.rows, solver.cols);
            let stands_for = candidates.iter().any(|&c| {
                c < i
                    && neighbour_count(c, solver.rows, solver.cols) == count
                    && solver.is_untouched(c)
            });
            assert!(stands_for, "nothing stands for square {i}");
        }
    }

    #[test]
    fn an_untouched_board_weighs_one_corner_one_edge_and_one_inside_square() {
        let mut solver = Solver::new(5, 6, 5);
        assert_eq!(solver.guess_candidates(&|_| true), [0, 1, 7]);
        assert_stood_for(&mut solver);
    }

    #[test]
    fn squares_near_clues_and_deductions_are_all_weighed() {
        let mut solver = Solver::new(9, 9, 10);
        solver.open(Pos::new(4, 4), 2);
        let near = solver.guess_candidates(&|_| true);
        // The 24 unknown squares within two of the clue, and the first
        // corner, edge and inside squares.
        assert_eq!(near.len(), 24 + 3);
        assert_stood_for(&mut solver);

        // A mine deduced far from any clue touches its neighbours.
        let mut found = Vec::new();
        solver.learn(
            &mut found,
            crate::Deduction {
                at: Pos::new(8, 8),
                verdict: crate::Verdict::Mine,
                reason: crate::Reason::Arrangements { mines_left: 1 },
            },
        );
        let near = solver.guess_candidates(&|_| true);
        for square in [Pos::new(7, 7), Pos::new(7, 8), Pos::new(8, 7)] {
            assert!(near.contains(&solver.index(square)), "{square:?}");
        }
        assert_stood_for(&mut solver);
    }

    #[test]
    fn the_cursor_never_skips_a_square_allowed_refused() {
        let mut solver = Solver::new(4, 4, 2);
        let not_the_first_corner = |p: Pos| p != Pos::new(0, 0);
        assert_eq!(solver.guess_candidates(&not_the_first_corner), [1, 3, 5]);
        assert_eq!(solver.guess_candidates(&|_| true), [0, 1, 5]);
    }

    proptest::proptest! {
        /// However the squares allowed change from one search to the
        /// next, the search finds the first untouched square of each
        /// count that is allowed, as a look at every square would.
        #[test]
        fn the_first_untouched_square_allowed_is_found_as_a_scan_would(
            rows in 1usize..=6,
            cols in 1usize..=14,
            opens in proptest::collection::vec(0usize..84, 1..12),
            refused in proptest::collection::vec(proptest::collection::vec(0usize..84, 0..20), 12),
        ) {
            let mut solver = Solver::new(rows, cols, 1);
            let squares = rows * cols;
            for (k, &open) in opens.iter().enumerate() {
                solver.open(solver.pos(open % squares), 1);
                let refused: Vec<usize> = refused[k].iter().map(|&i| i % squares).collect();
                let allowed = |p: Pos| !refused.contains(&(p.row * cols + p.col));
                for count in solver.neighbour_counts() {
                    let scan = (0..squares).find(|&i| {
                        neighbour_count(i, rows, cols) == count
                            && solver.is_untouched(i)
                            && !refused.contains(&i)
                    });
                    let mut searched = solver.clone();
                    let found = searched.first_untouched(count, &allowed);
                    proptest::prop_assert_eq!(found, scan, "count {}", count);
                    solver.untouched = searched.untouched;
                }
            }
        }
    }

    #[test]
    fn a_board_one_square_wide_has_ends_and_middles() {
        let mut solver = Solver::new(1, 10, 2);
        solver.open(Pos::new(0, 0), 0);
        solver.open(Pos::new(0, 1), 1);
        // 2 and 3 are near the 1; 4 stands for the middles, 9 for the end.
        assert_eq!(solver.guess_candidates(&|_| true), [2, 3, 4, 9]);
        assert_stood_for(&mut solver);
    }
}
