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
//! untouched square: each crosses the board at most once in a game.

use crate::neighbours::{neighbour_count, within_two};
use crate::{Known, Solver, still_settled};
use engine::Pos;

/// Cursors for the first untouched square of each neighbour count (0 to 8).
#[derive(Clone, Debug, Default)]
pub(super) struct Untouched {
    from: [usize; 9],
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
        squares.retain(|&i| allowed(self.pos(i)));
        squares
    }

    /// Drops the deduced squares that are open now or have no unknown
    /// neighbour left.
    fn prune_settled(&mut self) {
        let Self {
            settled,
            known,
            rows,
            cols,
            ..
        } = self;
        settled.retain(|i| still_settled(known, *rows, *cols, i));
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
        // Not moved past squares `allowed` refuses: it may differ next time.
        (at..squares).find(|&i| of_kind(i) && self.is_untouched(i) && allowed(self.pos(i)))
    }

    /// Unknown, with no known neighbour and no open square within two.
    fn is_untouched(&self, i: usize) -> bool {
        self.is_unknown(i)
            && self.neighbours(i).into_iter().all(|n| self.is_unknown(n))
            && within_two(i, self.rows, self.cols).all(|j| !matches!(self.known[j], Known::Open(_)))
    }

    fn is_unknown(&self, i: usize) -> bool {
        self.known[i] == Known::Unknown
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
