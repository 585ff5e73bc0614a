//! Layers 1 and 2: what one clue, or two clues side by side, decide alone.

use super::{Deduction, Known, Reason, Solver, Verdict};

/// Layer 1, the homework's two rules, applied to every open square whose
/// neighbourhood changed until none changes any more.
pub(super) fn single_clues(solver: &mut Solver) -> Vec<Deduction> {
    let mut found = Vec::new();
    while let Some(i) = solver.pending.pop_front() {
        solver.queued[i] = false;
        let Known::Open(value) = solver.known[i] else {
            continue;
        };
        let (unknown, mines) = solver.around(i);
        if unknown.len() == 0 {
            continue;
        }
        let clue = solver.pos(i);
        let needs = value.saturating_sub(mines);
        let (verdict, reason) = if needs == 0 {
            let mines = solver
                .neighbours(i)
                .into_iter()
                .filter(|&n| solver.known[n] == Known::Mine)
                .map(|n| solver.pos(n))
                .collect();
            let reason = Reason::Satisfied { clue, value, mines };
            (Verdict::Safe, reason)
        } else if usize::from(needs) == unknown.len() {
            (Verdict::Mine, Reason::Crowded { clue, value, needs })
        } else {
            continue;
        };
        for n in unknown {
            let at = solver.pos(n);
            let deduction = Deduction {
                at,
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
pub(super) fn pairs(solver: &mut Solver) -> Vec<Deduction> {
    let mut found = Vec::new();
    let (rows, cols) = (solver.rows, solver.cols);
    for i in 0..rows * cols {
        if !matches!(solver.known[i], Known::Open(_)) || solver.around(i).0.len() == 0 {
            continue;
        }
        let (row, col) = (i / cols, i % cols);
        for r in row.saturating_sub(2)..=(row + 2).min(rows - 1) {
            for c in col.saturating_sub(2)..=(col + 2).min(cols - 1) {
                let j = r * cols + c;
                if j != i && matches!(solver.known[j], Known::Open(_)) {
                    compare(solver, i, j, &mut found);
                    if !found.is_empty() {
                        return found;
                    }
                }
            }
        }
    }
    found
}

/// What clue `a` forces on clue `b`'s squares outside the ones they share.
fn compare(solver: &mut Solver, a: usize, b: usize, found: &mut Vec<Deduction>) {
    let (Known::Open(a_value), Known::Open(b_value)) = (solver.known[a], solver.known[b]) else {
        return;
    };
    let (a_unknown, a_mines) = solver.around(a);
    let (b_unknown, b_mines) = solver.around(b);
    let shared = a_unknown
        .into_iter()
        .filter(|&n| b_unknown.contains(n))
        .count();
    if shared == 0 {
        return;
    }
    let a_needs = usize::from(a_value.saturating_sub(a_mines));
    let b_needs = usize::from(b_value.saturating_sub(b_mines));
    let a_only = a_unknown.len() - shared;
    let b_only: Vec<usize> = b_unknown
        .into_iter()
        .filter(|&n| !a_unknown.contains(n))
        .collect();
    if b_only.is_empty() {
        return;
    }
    // `a` puts at least this many mines in the shared squares, and at most that many.
    let at_least = a_needs.saturating_sub(a_only);
    let at_most = a_needs.min(shared);
    let (verdict, bound) = if at_least == b_needs {
        (Verdict::Safe, at_least)
    } else if b_needs >= at_most && b_needs - at_most == b_only.len() {
        (Verdict::Mine, at_most)
    } else {
        return;
    };
    let reason = Reason::Pair {
        clue: solver.pos(a),
        value: a_value,
        other: solver.pos(b),
        other_value: b_value,
        other_needs: b_needs as u8,
        bound: bound as u8,
    };
    for n in b_only {
        let deduction = Deduction {
            at: solver.pos(n),
            verdict,
            reason: reason.clone(),
        };
        solver.learn(found, deduction);
    }
}
