//! The solver playing a game alone: the homework's `solve()`. Deduce as
//! much as possible; when stuck, ask for a hint (a square the board knows
//! is safe), guess, or stop, and go on until the game ends.

use crate::{Deduction, Guess, Progress, Solver, Verdict};
use engine::Pos;
use engine::{Action, Cover, Game, Move, Status};

/// What to do when nothing is certain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhenStuck {
    /// Open the square the solver would guess first among those the board
    /// knows to be safe: the homework's `hint()`.
    Hint,
    /// Open the square the solver guesses ([`Solver::guess`]),
    /// and live with the risk.
    Guess,
    /// End the game there (a board that needs a guess).
    Stop,
}

/// One thing the solver did, reported with the game after it.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// The first move, as given.
    First(Pos),
    /// A certain square opened or flagged.
    Deduced(&'a Deduction),
    /// Stuck: a safe square the board gave away, opened.
    Hint(Pos),
    /// Stuck: the guess, opened.
    Guessed(Guess),
}

/// How a game played by the solver ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every safe square open.
    Won,
    /// It opened the mine at this square.
    Lost(Pos),
    /// It needed a guess and was told to stop.
    Stuck,
}

/// The result of a game played by the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Autoplay {
    /// How it ended.
    pub finish: Finish,
    /// Hints asked for (`WhenStuck::Hint`).
    pub hints: usize,
    /// Squares opened without certainty.
    pub guesses: usize,
    /// The solver's work ([`Solver::work`]).
    pub work: u64,
}

/// Plays `game` to its end from what its player can already see, opening
/// `first` before anything else if given. Hints need the mines placed: a
/// random game must be given its first move.
pub fn autoplay(
    game: &mut Game,
    first: Option<Pos>,
    when_stuck: WhenStuck,
    observe: impl FnMut(Event, &Game),
) -> Autoplay {
    match autoplay_within(game, first, when_stuck, u64::MAX, observe) {
        Ok(played) | Err(OutOfWork(played)) => played,
    }
}

/// The solver did this much work without finishing the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfWork(pub Autoplay);

/// As [`autoplay`], stopping once the solver's work passes `work`, which
/// bounds a game's cost whatever the board.
pub fn autoplay_within(
    game: &mut Game,
    first: Option<Pos>,
    when_stuck: WhenStuck,
    work: u64,
    mut observe: impl FnMut(Event, &Game),
) -> Result<Autoplay, OutOfWork> {
    let mut solver = Solver::seeing(game);
    let mut played = Autoplay {
        finish: Finish::Stuck,
        hints: 0,
        guesses: 0,
        work: 0,
    };
    if let Some(first) = first {
        open(game, &mut solver, first);
        observe(Event::First(first), game);
    }
    loop {
        played.work = solver.work();
        match game.status() {
            Status::Won => return Ok(finish(played, Finish::Won)),
            Status::Lost(at) => return Ok(finish(played, Finish::Lost(at))),
            Status::Playing if played.work > work => return Err(OutOfWork(played)),
            Status::Playing => {}
        }
        let probabilities = match solver.deduce() {
            Progress::Deduced(found) => {
                for deduction in &found {
                    if game.status() != Status::Playing {
                        break;
                    }
                    if act_on(game, &mut solver, deduction) {
                        observe(Event::Deduced(deduction), game);
                    }
                }
                continue;
            }
            Progress::Stuck(probabilities) => probabilities,
        };
        let chosen = match when_stuck {
            WhenStuck::Stop => None,
            WhenStuck::Hint => solver
                .ranked_guess(&probabilities, |p| !game.board().is_mine(p))
                .map(|hint| (Event::Hint(hint.at), hint.at)),
            WhenStuck::Guess => solver
                .guess(&probabilities)
                .map(|guess| (Event::Guessed(guess), guess.at)),
        };
        // Opening squares may change the components set aside, whose
        // chances the analysis shares: let go of it first.
        drop(probabilities);
        let Some((event, at)) = chosen else {
            played.work = solver.work();
            return Ok(finish(played, Finish::Stuck));
        };
        match event {
            Event::Hint(_) => played.hints += 1,
            _ => played.guesses += 1,
        }
        open(game, &mut solver, at);
        observe(event, game);
    }
}

fn finish(played: Autoplay, finish: Finish) -> Autoplay {
    Autoplay { finish, ..played }
}

/// Opens or flags the deduced square; false if the game had done it already
/// (an island opened it).
fn act_on(game: &mut Game, solver: &mut Solver, deduction: &Deduction) -> bool {
    let cover = game.cover(deduction.at);
    match deduction.verdict {
        Verdict::Safe if cover != Cover::Open => {
            open(game, solver, deduction.at);
            true
        }
        Verdict::Mine if cover != Cover::Flagged => {
            game.apply(Move {
                action: Action::Flag,
                at: deduction.at,
            });
            true
        }
        Verdict::Safe | Verdict::Mine => false,
    }
}

/// Opens `at`, and tells the solver every square that opened with it.
fn open(game: &mut Game, solver: &mut Solver, at: Pos) {
    game.apply_noting(
        Move {
            action: Action::Reveal,
            at,
        },
        |pos, clue| solver.open(pos, clue),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Layout, Rules};

    fn expert_game(seed: u64) -> Game {
        Game::random(Layout::EXPERT, seed, Rules::CLASSIC).unwrap()
    }

    #[test]
    fn a_game_stops_once_its_work_passes_the_limit() {
        let first = Some(Pos::new(0, 0));
        let full = autoplay(&mut expert_game(3), first, WhenStuck::Guess, |_, _| {});
        assert!(full.work > 100, "{full:?}");
        // The same game, counted the same way.
        let again = autoplay(&mut expert_game(3), first, WhenStuck::Guess, |_, _| {});
        assert_eq!(again, full);
        let within = autoplay_within(&mut expert_game(3), first, WhenStuck::Guess, 100, |_, _| {});
        let Err(OutOfWork(cut)) = within else {
            panic!("{within:?}");
        };
        assert!(cut.work > 100 && cut.work < full.work, "{cut:?}");
        let enough = autoplay_within(
            &mut expert_game(3),
            first,
            WhenStuck::Guess,
            full.work,
            |_, _| {},
        );
        assert_eq!(enough, Ok(full));
    }
}
