//! Guesses that can never be avoided: two squares that hold one mine
//! between them, where no clue, now or ever, can tell which.
//!
//! Two squares touching the same clues and holding exactly one mine in
//! every arrangement ([`Probabilities::one_of_two`]) are a 50/50 for now.
//! It is one for good when every square next to one of them but not the
//! other is already open or a known mine: any clue still to be opened sees
//! both or neither, so it can only count their one mine, and the mine
//! count cannot help either (their share of it is fixed). Such a guess is
//! taken at once: it must be made sooner or later, nothing else depends on
//! how it falls, and making it first spares the player the work a loss
//! would waste.

use crate::{Known, Probabilities, Solver};

impl Solver {
    /// A pair of squares no clue can ever tell apart, holding one mine.
    pub(super) fn unavoidable_fifty_fifty(
        &self,
        probabilities: &Probabilities,
    ) -> Option<[usize; 2]> {
        probabilities
            .one_of_two()
            .iter()
            .copied()
            .find(|&[a, b]| self.inseparable(a, b))
    }

    /// Whether every square next to exactly one of `a` and `b` is open or
    /// a known mine.
    fn inseparable(&self, a: usize, b: usize) -> bool {
        let beside = |i: usize, j: usize| self.neighbours(i).into_iter().any(|n| n == j);
        let settled = |n: usize| matches!(self.known.get(n), Known::Open(_) | Known::Mine);
        let one_sided = |from: usize, other: usize| {
            self.neighbours(from)
                .into_iter()
                .filter(|&n| n != other && !beside(other, n))
                .all(settled)
        };
        one_sided(a, b) && one_sided(b, a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Why;
    use crate::testing::stuck;
    use engine::Pos;

    #[test]
    fn a_pair_no_clue_can_tell_apart_is_guessed_at_once() {
        // 3x2, one mine on the bottom row: the two 1s above it see both
        // bottom squares, and nothing else ever will.
        let mut solver = Solver::new(3, 2, 1);
        for (pos, clue) in [((0, 0), 0), ((0, 1), 0), ((1, 0), 1), ((1, 1), 1)] {
            solver.open(Pos::new(pos.0, pos.1), clue);
        }
        let probabilities = stuck(&mut solver);
        assert_eq!(solver.unavoidable_fifty_fifty(&probabilities), Some([4, 5]));
        let guess = solver.guess(&probabilities).unwrap();
        assert_eq!(guess.at, Pos::new(2, 0));
        assert_eq!(guess.probability, 0.5);
        assert_eq!(
            guess.why,
            Why::FiftyFifty {
                other: Pos::new(2, 1)
            }
        );
    }

    #[test]
    fn a_pair_a_square_still_to_open_can_tell_apart_is_not_forced() {
        // 2x3, one mine at 2,1: the 1s at 1,1 and 1,2 put it on 2,1 or
        // 2,2, and clear 1,3 and 2,3; opened, 2,3 would tell which.
        let mut solver = Solver::new(2, 3, 1);
        solver.open(Pos::new(0, 0), 1);
        solver.open(Pos::new(0, 1), 1);
        let probabilities = stuck(&mut solver);
        assert_eq!(solver.known(Pos::new(1, 2)), Known::Safe);
        assert_eq!(solver.unavoidable_fifty_fifty(&probabilities), None);
    }
}
