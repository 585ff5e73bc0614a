//! Boards that need no guess: random boards, tried one seed after another,
//! until the solver clears one from the first move by deduction alone.
//!
//! The check is the solver's three layers with the mine count; only
//! certainties count. Try `k` is the board of seed `seed + k`, so a board
//! found is also an ordinary random board, reproducible from its seed.
//!
//! The search is bounded twice: by a number of boards, and by the work
//! they take (squares placed, and the solver's [`work`](super::Solver::work)),
//! counted the same on every machine, so that the same command finds the
//! same board or gives up the same way everywhere. Counting boards alone
//! let a large dense board run for minutes: the solver's work on one such
//! board is far more than its squares.

use std::sync::Arc;

use crate::{Finish, WhenStuck, autoplay_within};
use engine::{Board, BoardMaker, FirstMove, Game, GaveUp, Layout, NoRoom, Pos, Rules, place_mines};

/// Why no board was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoGuessError {
    #[error(transparent)]
    /// Too many mines for the first move's room.
    NoRoom(#[from] NoRoom),
    #[error("none of {tries} random boards could be cleared without guessing")]
    /// Every board tried needed a guess.
    GaveUp {
        /// The boards tried.
        tries: u64,
    },
}

/// A board found, and on which try.
#[derive(Clone, Debug)]
pub struct NoGuessBoard {
    /// The board.
    pub board: Board,
    /// Its seed: `seed + tries - 1`.
    pub seed: u64,
    /// Boards tried, this one included.
    pub tries: u64,
}

/// How many boards to try before giving up: about ten million squares
/// worth of solving, and never more than 20,000 boards (a few seconds).
pub fn max_tries(layout: Layout) -> u64 {
    (10_000_000 / layout.squares().max(1) as u64).clamp(100, 20_000)
}

/// The work all the tries together may take: 2 to 4 seconds on this
/// project's 2-core test machine, whatever the board (measured from
/// 16x30 to 1000x1000, 1 % to 28 % mines; BENCHMARKS.md).
pub const MAX_WORK: u64 = 50_000_000;

/// The first board from `seed` on that the solver clears from `first`
/// without a guess, with mines kept clear of `first` as `policy` says.
pub fn no_guess_board(
    layout: Layout,
    policy: FirstMove,
    first: Pos,
    seed: u64,
) -> Result<NoGuessBoard, NoGuessError> {
    no_guess_board_within(layout, policy, first, seed, max_tries(layout), MAX_WORK)
}

/// As [`no_guess_board`], giving up after `tries` boards or once they have
/// taken `work` (squares placed, and the solver's work).
pub fn no_guess_board_within(
    layout: Layout,
    policy: FirstMove,
    first: Pos,
    seed: u64,
    tries: u64,
    work: u64,
) -> Result<NoGuessBoard, NoGuessError> {
    layout.check_room(policy)?;
    let mut work_left = work;
    for k in 0..tries {
        // Placing the mines goes over every square.
        let placing = layout.squares() as u64;
        if k > 0 && placing > work_left {
            return Err(NoGuessError::GaveUp { tries: k });
        }
        work_left = work_left.saturating_sub(placing);
        let seed = seed.wrapping_add(k);
        let board = place_mines(layout, policy, Some(first), seed)?;
        match clears_within(&board, first, work_left) {
            Some((true, _)) => {
                return Ok(NoGuessBoard {
                    board,
                    seed,
                    tries: k + 1,
                });
            }
            Some((false, used)) => work_left -= used,
            None => return Err(NoGuessError::GaveUp { tries: k + 1 }),
        }
    }
    Err(NoGuessError::GaveUp { tries })
}

/// The maker of boards that need no guess, for a game to deal at its
/// first opening ([`Game::random_made_by`], [`engine::Deal::game`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoGuess;

impl BoardMaker for NoGuess {
    fn make(
        &self,
        layout: Layout,
        policy: FirstMove,
        first: Pos,
        seed: u64,
    ) -> Result<Board, GaveUp> {
        no_guess_board(layout, policy, first, seed)
            .map(|found| found.board)
            .map_err(|why| Arc::new(why) as GaveUp)
    }
}

/// Whether the solver, opening `first` and then only what it is certain
/// of, opens every safe square of `board`.
pub fn clears_without_guessing(board: &Board, first: Pos) -> bool {
    clears_within(board, first, u64::MAX).is_some_and(|(cleared, _)| cleared)
}

/// Whether the solver clears `board` from `first` without a guess, and
/// the work it took; `None` if that would take more than `work`.
fn clears_within(board: &Board, first: Pos, work: u64) -> Option<(bool, u64)> {
    if board.is_mine(first) {
        return Some((false, 0));
    }
    let mut game = Game::new(board.clone(), Rules::CLASSIC);
    let played = autoplay_within(&mut game, Some(first), WhenStuck::Stop, work, |_, _| {}).ok()?;
    Some((played.finish == Finish::Won, played.work.min(work)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dense board, where the solver works hard on every try.
    const DENSE: Layout = Layout::new(60, 60, 900);

    #[test]
    fn the_search_stops_when_its_work_runs_out_whatever_the_tries_left() {
        let first = Pos::new(30, 30);
        let found = no_guess_board_within(DENSE, FirstMove::Opening, first, 1, 1_000, 200_000);
        let Err(NoGuessError::GaveUp { tries }) = found else {
            panic!("{found:?}");
        };
        assert!((1..1_000).contains(&tries), "{tries}");
        // The same bound gives up at the same try: work is counted, not timed.
        let again = no_guess_board_within(DENSE, FirstMove::Opening, first, 1, 1_000, 200_000);
        assert_eq!(again.unwrap_err(), NoGuessError::GaveUp { tries });
    }

    #[test]
    fn one_board_that_takes_all_the_work_is_one_try() {
        let found =
            no_guess_board_within(DENSE, FirstMove::Opening, Pos::new(30, 30), 1, 1_000, 10);
        assert_eq!(found.unwrap_err(), NoGuessError::GaveUp { tries: 1 });
    }

    #[test]
    fn a_board_found_within_the_work_is_the_same_as_without_a_bound() {
        let first = Pos::new(7, 14);
        let bounded = no_guess_board_within(
            Layout::EXPERT,
            FirstMove::Opening,
            first,
            5,
            20_000,
            MAX_WORK,
        );
        let unbounded = no_guess_board_within(
            Layout::EXPERT,
            FirstMove::Opening,
            first,
            5,
            20_000,
            u64::MAX,
        );
        let (bounded, unbounded) = (bounded.unwrap(), unbounded.unwrap());
        assert_eq!(
            (bounded.seed, bounded.tries),
            (unbounded.seed, unbounded.tries)
        );
        assert!(clears_without_guessing(&bounded.board, first));
    }

    #[test]
    fn a_no_guess_game_is_dealt_a_board_cleared_without_guessing_at_its_first_opening() {
        use engine::{Action, Move};
        let first = Pos::new(8, 15);
        for seed in 0..5 {
            let rules = Rules::CLASSIC.with_first_move(FirstMove::Opening);
            let mut g = Game::random_made_by(Layout::EXPERT, seed, rules, &NoGuess).unwrap();
            g.apply(Move {
                action: Action::Reveal,
                at: first,
            });
            assert!(clears_without_guessing(g.board(), first), "seed {seed}");
            assert!(g.maker_gave_up().is_none());
        }
    }

    #[test]
    fn a_no_guess_game_that_finds_none_plays_the_ordinary_board_and_says_why() {
        use engine::{Action, Move};
        // Dense enough that no board of the first hundred tries can be
        // cleared without guessing.
        let layout = Layout::new(10, 10, 85);
        let mut g = Game::random_made_by(layout, 7, Rules::CLASSIC, &NoGuess).unwrap();
        let first = Pos::new(0, 0);
        g.apply(Move {
            action: Action::Reveal,
            at: first,
        });
        let ordinary = place_mines(layout, FirstMove::Safe, Some(first), 7).unwrap();
        let gave_up = g
            .maker_gave_up()
            .expect("no board cleared without guessing");
        assert!(matches!(
            gave_up.downcast_ref::<NoGuessError>(),
            Some(NoGuessError::GaveUp { .. })
        ));
        assert_eq!(g.board(), &ordinary);
    }
}
