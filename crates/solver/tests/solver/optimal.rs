//! The solver plays small boards perfectly: on every arrangement of the
//! mines, all equally likely, it wins exactly as many games as the best
//! possible strategy does.
//!
//! The best is found here by a search written apart from the solver, as
//! plainly as it goes: a position is the list of arrangements that fit
//! what has been seen; squares safe in all of them are opened for free;
//! otherwise every square that may be safe is tried, and the games won
//! from each clue it can show are added up. No pruning, no bit sets of
//! arrangements, nothing shared with the solver but the rules.

use crate::optimum::{Optimum, Small, both, solver_wins, solver_wins_one_by_one};
use engine::FirstMove;

/// The search finds what is known: Code Golf SE 34276 gives 961 games
/// of 1,820 for 4x4 with 4 mines, no square kept free and the first move
/// anywhere; the first square kept safe gives 400 of 455 with 3 mines and
/// 949 of 1,365 with 4.
#[test]
fn the_search_finds_the_known_optima() {
    let board = Small { rows: 4, cols: 4 };
    let anywhere = board.arrangements(4, FirstMove::Any);
    assert_eq!(Optimum::new(&board).wins(&anywhere), 961);
    let best = |mines, first| {
        let all = board.arrangements(mines, first);
        (Optimum::new(&board).after_first_move(&all), all.len())
    };
    // From the corner, the 455 arrangements with a mine there are lost,
    // and the rest are the safe first move's.
    assert_eq!(best(4, FirstMove::Any), (949, 1820));
    assert_eq!(best(3, FirstMove::Safe), (400, 455));
    assert_eq!(best(4, FirstMove::Safe), (949, 1365));
}

/// The solver wins as many games as the best strategy on every board the
/// suite has time for, with the first square safe and with it opening an
/// area.
#[test]
fn the_solver_wins_every_game_the_best_strategy_wins() {
    let boards = [
        (2, 2, 1, FirstMove::Safe),
        (3, 3, 2, FirstMove::Safe),
        (3, 3, 3, FirstMove::Safe),
        (2, 6, 3, FirstMove::Safe),
        (3, 4, 3, FirstMove::Safe),
        (3, 4, 4, FirstMove::Safe),
        (4, 4, 3, FirstMove::Safe),
        (4, 4, 4, FirstMove::Safe),
        (3, 5, 4, FirstMove::Opening),
        (4, 4, 5, FirstMove::Opening),
        (4, 5, 4, FirstMove::Opening),
        (4, 5, 5, FirstMove::Opening),
        (4, 4, 5, FirstMove::Safe),
        (4, 5, 4, FirstMove::Safe),
        (5, 5, 4, FirstMove::Opening),
    ];
    for (rows, cols, mines, first) in boards {
        let (best, solver, of) = both(rows, cols, mines, first);
        assert_eq!(
            solver,
            best,
            "{rows}x{cols}, {mines} mines, first move {}: {solver} of {of} won, the best wins {best}",
            first.name()
        );
    }
}

/// Sharing the solver among games that showed the same counts the wins of
/// playing every game alone.
#[test]
fn games_played_together_win_as_games_played_alone() {
    for (rows, cols, mines) in [(3, 3, 2), (3, 4, 3), (2, 5, 2)] {
        let board = Small { rows, cols };
        for first in [FirstMove::Safe, FirstMove::Opening] {
            let all = board.arrangements(mines, first);
            assert_eq!(
                solver_wins(&board, mines, &all),
                solver_wins_one_by_one(&board, &all),
                "{rows}x{cols}, {mines} mines, {}",
                first.name()
            );
        }
    }
}
