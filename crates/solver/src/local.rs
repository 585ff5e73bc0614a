//! Layers 1 and 2: what one clue, or two clues side by side, decide alone.

use crate::knowledge::List;
use crate::neighbours::{Neighbours, within_two};
use crate::{Deduction, Known, Reason, Solver, Verdict};

/// Layer 1, the homework's two rules, applied to every open square whose
/// neighbourhood changed until none changes any more.
pub(super) fn single_clues(solver: &mut Solver) -> Vec<Deduction> {
    let mut found = Vec::new();
    while let Some(i) = solver
        .pending
        .pop_front(&mut solver.known.marks(List::Pending))
    {
        solver.work += 1;
        let Known::Open(value) = solver.known.get(i) else {
            continue;
        };
        let Some((verdict, squares, needs)) = single_finding(solver, i) else {
            continue;
        };
        let clue = solver.pos(i);
        let reason = match verdict {
            Verdict::Safe => Reason::Satisfied {
                clue,
                value,
                mines: solver
                    .neighbours(i)
                    .into_iter()
                    .filter(|&n| solver.known.get(n) == Known::Mine)
                    .map(|n| solver.pos(n))
                    .collect(),
            },
            Verdict::Mine => Reason::Crowded { clue, value, needs },
        };
        for n in squares {
            let deduction = Deduction {
                at: solver.pos(n),
                verdict,
                reason: reason.clone(),
            };
            solver.learn(&mut found, deduction);
        }
    }
    found
}

/// Layer 2: every open square against each open square near enough to
/// share unknown neighbours with it, in reading order, until one pair
/// decides something. Layer 1 then gets the first look at the news, so
/// every deduction is explained by the simplest rule that finds it.
///
/// A pair decides the same as last time unless one of its squares saw a
/// neighbour change, so only the pairs with such a square are looked at
/// again ([`PairQueue`](crate::pair_queue::PairQueue)), each once: the
/// same pairs, in the same order, that can find anything.
pub(super) fn pairs(solver: &mut Solver) -> Vec<Deduction> {
    let mut found = Vec::new();
    solver.line_up_pairs();
    while let Some((i, partners)) = solver.to_pair.next_clue() {
        if solver.known.unknown_around(i) == 0 {
            // A deduction since it was put in line settled it.
            continue;
        }
        // A look at each square within two.
        solver.work += 24;
        for j in within_two(i, solver.rows, solver.cols) {
            if matches!(solver.known.get(j), Known::Open(_)) && partners.includes(j) {
                compare(solver, i, j, &mut found);
                if !found.is_empty() {
                    solver.to_pair.put_back(i);
                    return found;
                }
            }
        }
    }
    found
}

/// What clue `a` forces on clue `b`'s squares outside the ones they share.
fn compare(solver: &mut Solver, a: usize, b: usize, found: &mut Vec<Deduction>) {
    let Some(finding) = pair_finding(solver, a, b) else {
        return;
    };
    let (Known::Open(value), Known::Open(other_value)) = (solver.known.get(a), solver.known.get(b))
    else {
        return;
    };
    let reason = Reason::Pair {
        clue: solver.pos(a),
        value,
        other: solver.pos(b),
        other_value,
        other_needs: finding.other_needs,
        bound: finding.bound,
    };
    for n in finding.squares {
        let deduction = Deduction {
            at: solver.pos(n),
            verdict: finding.verdict,
            reason: reason.clone(),
        };
        solver.learn(found, deduction);
    }
}

/// What a pair of clues decides: the squares only the second one touches.
struct PairFinding {
    verdict: Verdict,
    squares: Neighbours,
    other_needs: u8,
    bound: u8,
}

/// What open square `a` decides of open square `b`'s unknown neighbours
/// that `a` does not touch, if anything.
fn pair_finding(solver: &Solver, a: usize, b: usize) -> Option<PairFinding> {
    let (Known::Open(a_value), Known::Open(b_value)) = (solver.known.get(a), solver.known.get(b))
    else {
        return None;
    };
    let (a_unknown, a_mines) = solver.around(a);
    let (b_unknown, b_mines) = solver.around(b);
    let shared = a_unknown
        .into_iter()
        .filter(|&n| b_unknown.contains(n))
        .count();
    let mut b_only = Neighbours::empty();
    for n in b_unknown {
        if !a_unknown.contains(n) {
            b_only.push(n);
        }
    }
    if shared == 0 || b_only.len() == 0 {
        return None;
    }
    let a_needs = usize::from(a_value.saturating_sub(a_mines));
    let b_needs = usize::from(b_value.saturating_sub(b_mines));
    // `a` puts at least this many mines in the shared squares, and at most that many.
    let at_least = a_needs.saturating_sub(a_unknown.len() - shared);
    let at_most = a_needs.min(shared);
    let (verdict, bound) = if at_least == b_needs {
        (Verdict::Safe, at_least)
    } else if b_needs >= at_most && b_needs - at_most == b_only.len() {
        (Verdict::Mine, at_most)
    } else {
        return None;
    };
    Some(PairFinding {
        verdict,
        squares: b_only,
        other_needs: b_needs as u8,
        bound: bound as u8,
    })
}

/// What the open square `i` decides alone of its unknown neighbours.
fn single_finding(solver: &Solver, i: usize) -> Option<(Verdict, Neighbours, u8)> {
    let Known::Open(value) = solver.known.get(i) else {
        return None;
    };
    // Nearly every clue looked at decides nothing: the counts tell without
    // a look at its neighbours.
    let unknown = solver.known.unknown_around(i);
    let needs = value.saturating_sub(solver.known.mines_around(i));
    let verdict = if unknown == 0 {
        return None;
    } else if needs == 0 {
        Verdict::Safe
    } else if needs == unknown {
        Verdict::Mine
    } else {
        return None;
    };
    Some((verdict, solver.around(i).0, needs))
}

/// How many squares layers 1 and 2 would find safe around the newly
/// opened square `i`: at `i`, at its open neighbours, and between `i` and
/// the open squares near it (a square found twice counts twice). A cheap
/// look ahead for choosing a guess.
pub(super) fn safe_found_near(solver: &Solver, i: usize) -> usize {
    let safe = |verdict: Verdict, squares: Neighbours| match verdict {
        Verdict::Safe => squares.len(),
        Verdict::Mine => 0,
    };
    let open_near = |n: &usize| matches!(solver.known.get(*n), Known::Open(_));
    let mut found = 0;
    for n in std::iter::once(i).chain(solver.neighbours(i).into_iter().filter(open_near)) {
        if let Some((verdict, squares, _)) = single_finding(solver, n) {
            found += safe(verdict, squares);
        }
    }
    for j in within_two(i, solver.rows, solver.cols).filter(open_near) {
        for (a, b) in [(i, j), (j, i)] {
            if let Some(finding) = pair_finding(solver, a, b) {
                found += safe(finding.verdict, finding.squares);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Progress;
    use crate::testing::follow_openings;
    use engine::Pos;

    /// A solver that sees `clues` (row, col, value) open on an empty
    /// `rows` x `cols` board with `mines` mines.
    fn seeing(rows: usize, cols: usize, mines: usize, clues: &[(usize, usize, u8)]) -> Solver {
        let mut solver = Solver::new(rows, cols, mines);
        for &(row, col, value) in clues {
            solver.open(Pos::new(row, col), value);
        }
        solver
    }

    fn deduced(solver: &mut Solver) -> Vec<Deduction> {
        match solver.deduce() {
            Progress::Deduced(found) => found,
            Progress::Stuck(_) => Vec::new(),
        }
    }

    #[test]
    fn the_homeworks_mark_neighbours_as_bombs_example() {
        // CIS 120's Mine5.hist: explore 4,0 3,0 3,1 4,1 on the 10x10 board
        // (clues 0 1 over 2 2), then 4,0's unexplored neighbours are bombs.
        let mut solver = seeing(10, 10, 10, &[(3, 0, 0), (3, 1, 1), (4, 0, 2), (4, 1, 2)]);
        let found = deduced(&mut solver);
        let mines: Vec<Pos> = found
            .iter()
            .filter(|d| d.verdict == Verdict::Mine)
            .map(|d| d.at)
            .collect();
        // First the homework's two; then 4,1 (2, both found) clears 3,2 and
        // 4,2, which leaves 3,1's mine at 2,2.
        assert_eq!(mines, [Pos::new(5, 0), Pos::new(5, 1), Pos::new(2, 2)]);
        let crowded = found.iter().find(|d| d.at == Pos::new(5, 0)).unwrap();
        assert_eq!(
            crowded.reason,
            Reason::Crowded {
                clue: Pos::new(4, 0),
                value: 2,
                needs: 2
            }
        );
        // 3,0 shows 0, so the squares above it are clear.
        assert!(
            found
                .iter()
                .any(|d| d.at == Pos::new(2, 0) && d.verdict == Verdict::Safe)
        );
    }

    #[test]
    fn one_two_pattern_on_an_edge() {
        // Row 0 unknown, row 1 open: 1 2 1. The 1 has its mine among the
        // two squares it shares with the 2, so the 2's other mine is at 0,2.
        let mut solver = seeing(2, 3, 2, &[(1, 0, 1), (1, 1, 2), (1, 2, 1)]);
        assert!(single_clues(&mut solver).is_empty());
        let found = pairs(&mut solver);
        assert_eq!(found[0].at, Pos::new(0, 2));
        assert_eq!(found[0].verdict, Verdict::Mine);
        assert_eq!(
            found[0].reason,
            Reason::Pair {
                clue: Pos::new(1, 0),
                value: 1,
                other: Pos::new(1, 1),
                other_value: 2,
                other_needs: 2,
                bound: 1
            }
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// Layer 2 looking only at the pairs that changed finds what it
        /// finds looking at every pair, in the same order, round after
        /// round, as layer 1 acts on what it finds.
        #[test]
        fn pairs_that_changed_are_all_that_can_decide(
            rows in 1usize..=10,
            cols in 1usize..=10,
            mines in proptest::collection::vec(proptest::bool::weighted(0.2), 100),
            opens in proptest::collection::vec(0usize..100, 1..16),
        ) {
            follow_openings(rows, cols, &mines, &opens, |solver| {
                loop {
                    if !single_clues(solver).is_empty() {
                        continue;
                    }
                    let mut every_pair = solver.clone();
                    for j in 0..rows * cols {
                        if matches!(every_pair.known.get(j), Known::Open(_)) {
                            every_pair
                                .to_pair
                                .changed(j, &mut every_pair.known.marks(List::Changed), |_, _| true);
                        }
                    }
                    let found = pairs(solver);
                    proptest::prop_assert_eq!(&found, &pairs(&mut every_pair));
                    if found.is_empty() {
                        break;
                    }
                }
                Ok(())
            })?;
        }
    }
}
