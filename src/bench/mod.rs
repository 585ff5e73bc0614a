//! `bench`: the solver plays many random games alone, on every core, and
//! the win rate is reported with its 95 % confidence interval.
//!
//! Game `i` is the random board of seed `seed + i`, so the games do not
//! depend on how they are shared between threads, and any one of them can
//! be played again with `--seed`.

mod loss;
pub mod report;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use console::messages::Printer;
use engine::{FirstMove, Game, Layout, Pos, Rules};
use solver::{Event, Finish, Verdict, WhenStuck, autoplay};

pub use loss::{Loss, Losses};

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct Trial {
    /// The boards' size and mines.
    pub layout: Layout,
    /// What the first opening is kept clear of.
    pub first_move: FirstMove,
    /// The first square opened in every game.
    pub at: Pos,
    /// Games played.
    pub games: u64,
    /// The first game's seed; each next game's is one more.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
    /// Whether to keep what came of each game, not only the counts.
    pub each: bool,
}

/// What came of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// The games lost, by where they were lost.
    pub losses: Losses,
    /// How long they took, on the wall's clock.
    pub elapsed: Duration,
    /// The threads that played at least one game.
    pub threads: usize,
    /// Every game in order, when the trial asked for each.
    pub each: Vec<Played>,
}

/// What came of one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    /// `None` when won, otherwise where it was lost.
    pub lost: Option<Loss>,
    /// The guesses made, the first move aside.
    pub guesses: u32,
    /// The chances of a mine of those guesses, added up: the mines the
    /// game was expected to meet, luck aside.
    pub risk: f64,
}

impl Tally {
    /// The share of games won, from 0 to 1.
    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games as f64
    }

    /// Games played a second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64()
    }
}

/// Where the games start unless told, the square measured to win most
/// (BENCHMARKS.md): a corner when only the first square is kept clear (it
/// opens an area most often), at every level; when the first move opens an
/// area, 3,4 on expert (16x30: the long side gives room) and 3,3 on every
/// other board (its opening reaches the edges less).
pub fn default_first_square(layout: Layout, first_move: FirstMove) -> Pos {
    match first_move {
        FirstMove::Opening if layout == Layout::EXPERT => Pos::new(2, 3),
        FirstMove::Opening => Pos::new(2.min(layout.rows - 1), 2.min(layout.cols - 1)),
        FirstMove::Any | FirstMove::Safe => Pos::new(0, 0),
    }
}

/// Plays the trial's games on a pool of its threads (rayon's), each
/// thread one game at a time, with a progress bar on stderr when stderr
/// is a terminal.
pub fn run(trial: Trial, printer: Printer) -> Tally {
    let progress = printer.progress(trial.games, "games");
    // No more threads than games: the others would have nothing to do.
    let threads = trial
        .threads
        .clamp(1, trial.games.try_into().unwrap_or(usize::MAX));
    let played_on: Vec<AtomicBool> = (0..threads).map(|_| AtomicBool::new(false)).collect();
    let started = Instant::now();
    let play_one = |i| {
        if let Some(thread) = rayon::current_thread_index() {
            played_on[thread].store(true, Ordering::Relaxed);
        }
        let played = play_game(&trial, i);
        progress.inc(1);
        played
    };
    // Each game kept, in order, only when asked: 16 bytes a game.
    let play = || -> (Share, Vec<Played>) {
        let games = (0..trial.games).into_par_iter();
        if trial.each {
            let each: Vec<Played> = games.map(play_one).collect();
            let share = each
                .iter()
                .fold(Share::default(), |share, p| share.add(p.lost));
            (share, each)
        } else {
            let share = games
                .map(|i| play_one(i).lost)
                .fold(Share::default, Share::add)
                .reduce(Share::default, Share::merge);
            (share, Vec::new())
        }
    };
    // Their address space was planned for: an arena each.
    crate::allocator::arenas_for_threads(threads);
    // A pool that cannot be had (no thread could start: no memory left for
    // their stacks) plays on this thread alone, which starts nothing.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .or_else(|_| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .use_current_thread()
                .build()
        });
    let (share, each) = match pool {
        Ok(pool) => pool.install(play),
        Err(_) => play(),
    };
    progress.finish_and_clear();
    let threads = played_on
        .iter()
        .filter(|played| played.load(Ordering::Relaxed))
        .count();
    Tally {
        games: trial.games,
        wins: share.wins,
        losses: share.losses,
        elapsed: started.elapsed(),
        threads: threads.max(1),
        each,
    }
}

/// What some of the games came to.
#[derive(Default)]
struct Share {
    wins: u64,
    losses: Losses,
}

impl Share {
    /// The share with one more game: won (`None`), or lost where it says.
    fn add(mut self, lost: Option<Loss>) -> Share {
        match lost {
            None => self.wins += 1,
            Some(loss) => self.losses.add(loss),
        }
        self
    }

    fn merge(mut self, other: Share) -> Share {
        self.wins += other.wins;
        self.losses.merge(&other.losses);
        self
    }
}

/// Plays game `i` of the trial.
pub fn play_game(trial: &Trial, i: u64) -> Played {
    let rules = Rules::CLASSIC.with_first_move(trial.first_move);
    let seed = trial.seed.wrapping_add(i);
    let mut game = Game::random(trial.layout, seed, rules)
        .expect("the command line checked there is room for the mines");
    let mut opened_area = false;
    let mut last = Loss::FirstMove;
    let (mut guesses, mut risk) = (0, 0.0);
    let played = autoplay(
        &mut game,
        Some(trial.at),
        WhenStuck::Guess,
        |event, game| {
            let opened = match event {
                Event::First(at) | Event::Hint(at) => at,
                Event::Guessed(guess) => {
                    last = if opened_area {
                        Loss::of_guess(guess.why)
                    } else {
                        Loss::BeforeOpening
                    };
                    guesses += 1;
                    risk += guess.probability;
                    guess.at
                }
                Event::Deduced(deduction) if deduction.verdict == Verdict::Safe => deduction.at,
                Event::Deduced(_) => return,
            };
            let board = game.board();
            opened_area |= !board.is_mine(opened) && board.clue(opened) == 0;
        },
    );
    let lost = match played.finish {
        Finish::Won => None,
        // Told to guess, the solver stops only if it knows of no unknown
        // square while the game goes on, which a game by the rules never
        // comes to; such a game would not be won either.
        Finish::Lost(_) | Finish::Stuck => Some(last),
    };
    Played {
        lost,
        guesses,
        risk,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_kept_takes_16_bytes() {
        assert!(std::mem::size_of::<Played>() <= 16);
    }

    #[test]
    fn no_more_threads_are_counted_than_played() {
        // Games this small may all be over before a second thread starts;
        // the report counts the threads that played, never more than the games.
        let tally = run(
            Trial {
                layout: Layout::BEGINNER,
                first_move: FirstMove::Safe,
                at: Pos::new(0, 0),
                games: 8,
                seed: 1,
                threads: 50,
                each: false,
            },
            Printer::quiet(),
        );
        assert_eq!(tally.games, 8);
        assert!((1..=8).contains(&tally.threads), "{}", tally.threads);
    }

    #[test]
    fn the_same_games_whatever_the_threads() {
        let trial = |threads| Trial {
            layout: Layout::BEGINNER,
            first_move: FirstMove::Safe,
            at: Pos::new(0, 0),
            games: 300,
            seed: 11,
            threads,
            each: true,
        };
        assert_eq!(
            run(trial(1), Printer::quiet()).wins,
            run(trial(3), Printer::quiet()).wins
        );
    }

    #[test]
    fn every_game_lost_is_counted_where_its_rules_allow() {
        for first_move in [FirstMove::Any, FirstMove::Safe, FirstMove::Opening] {
            let tally = run(
                Trial {
                    layout: Layout::BEGINNER,
                    first_move,
                    at: Pos::new(2, 2),
                    games: 400,
                    seed: 1,
                    threads: 2,
                    each: false,
                },
                Printer::quiet(),
            );
            let counted: u64 = Loss::ALL.iter().map(|&l| tally.losses.count(l)).sum();
            assert_eq!(counted, tally.games - tally.wins, "{first_move:?}");
            let first = tally.losses.count(Loss::FirstMove);
            let before = tally.losses.count(Loss::BeforeOpening);
            match first_move {
                // About one game in eight starts on a mine.
                FirstMove::Any => assert!((20..=80).contains(&first), "{first}"),
                FirstMove::Safe => assert_eq!(first, 0),
                FirstMove::Opening => assert_eq!((first, before), (0, 0)),
            }
        }
    }

    #[test]
    fn a_loss_is_put_where_the_game_was_lost() {
        let trial = Trial {
            layout: Layout::EXPERT,
            first_move: FirstMove::Safe,
            at: Pos::new(0, 0),
            games: 1,
            seed: 0,
            threads: 1,
            each: false,
        };
        let lost = |game| play_game(&trial, game).lost;
        assert_eq!(lost(5), Some(Loss::BeforeOpening));
        assert_eq!(lost(8), Some(Loss::FiftyFifty));
        assert_eq!(lost(23), Some(Loss::PseudoFiftyFifty));
        assert_eq!(lost(3), Some(Loss::Endgame));
        assert_eq!(lost(2), Some(Loss::OtherGuess));
        assert_eq!(lost(1), None);
    }
}
