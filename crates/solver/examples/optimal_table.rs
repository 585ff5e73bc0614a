//! The table of BENCHMARKS.md's optimal play on small boards, boards
//! beyond the test suite's time included, and where the look ahead
//! guesses otherwise than the best strategy:
//! `cargo run --release -p minesweeper-solver --example optimal_table`
//! (add `study` for the second).

#![allow(clippy::print_stdout, reason = "a table for BENCHMARKS.md, printed")]

#[path = "../tests/solver/optimum/mod.rs"]
mod optimum;

use engine::{FirstMove, Pos};
use minesweeper_solver::{Known, Why};
use optimum::{Optimum, Small, arrangement_of, both, solver_wins_noting};

fn main() {
    if std::env::args().nth(1).as_deref() == Some("study") {
        study();
    } else {
        table();
    }
}

/// The table of BENCHMARKS.md, boards beyond the suite's time included:
/// `cargo run --release -p minesweeper-solver --example optimal_table`.
fn table() {
    let boards = [
        (4, 4, 3),
        (4, 4, 4),
        (4, 4, 5),
        (4, 5, 4),
        (5, 5, 4),
        (4, 6, 5),
        (5, 5, 5),
    ];
    for (rows, cols, mines) in boards {
        for first in [FirstMove::Safe, FirstMove::Opening] {
            let started = std::time::Instant::now();
            let (best, solver, of) = both(rows, cols, mines, first);
            println!(
                "| {rows}x{cols} | {mines} | {} | {best} / {of} | {solver} | {:.1} s |",
                first.name(),
                started.elapsed().as_secs_f64()
            );
        }
    }
}

/// Where the look ahead guesses otherwise than the best strategy, on the
/// board the solver does not play perfectly (BENCHMARKS.md): of the
/// guesses not searched to the end, those that win fewer games than the
/// best move (each played as well as can be after it), with what was seen
/// and the safest squares' counts.
/// `cargo run --release -p minesweeper-solver --example optimal_table -- study`.
fn study() {
    let (rows, cols, mines) = (5, 5, 5);
    let board = Small { rows, cols };
    let all = board.arrangements(mines, FirstMove::Safe);
    let mut optimum = Optimum::new(&board);
    let (mut guesses, mut lost) = (0, 0);
    solver_wins_noting(&board, mines, &all, |group, guess| {
        if matches!(guess.why, Why::Endgame { .. }) {
            return;
        }
        guesses += 1;
        let set: Vec<u64> = group.games.iter().map(arrangement_of).collect();
        let any = set.iter().fold(0, |m, &a| m | a);
        let all_mines = set.iter().fold(u64::MAX, |m, &a| m & a);
        let chosen = guess.at.row * cols + guess.at.col;
        let mut values: Vec<(u64, usize)> = (0..board.squares())
            .filter(|&s| any >> s & 1 == 1 && all_mines >> s & 1 == 0)
            .map(|s| (optimum.wins_opening(&set, s), s))
            .collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        let chosen_wins = values
            .iter()
            .find(|&&(_, s)| s == chosen)
            .map_or(0, |v| v.0);
        let (best_wins, best) = values[0];
        if best_wins == chosen_wins {
            return;
        }
        lost += best_wins - chosen_wins;
        let seen: Vec<String> = (0..board.squares())
            .filter_map(|s| match group.solver.known(Pos::new(s / cols, s % cols)) {
                Known::Open(clue) => Some(format!("{},{}={clue}", s / cols + 1, s % cols + 1)),
                _ => None,
            })
            .collect();
        let safe_in = |s: usize| set.iter().filter(|&&a| a >> s & 1 == 0).count();
        println!(
            "| {} | {} | {},{} ({:?}) safe in {}: {chosen_wins} | {},{} safe in {}: {best_wins} | {} |",
            seen.join(" "),
            set.len(),
            guess.at.row + 1,
            guess.at.col + 1,
            guess.why,
            safe_in(chosen),
            best / cols + 1,
            best % cols + 1,
            safe_in(best),
            best_wins - chosen_wins
        );
    });
    println!("{guesses} guesses not searched to the end; they lose {lost} games against the best");
}
