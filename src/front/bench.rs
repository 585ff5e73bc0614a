//! `bench`: the solver plays many random games alone, on every core, and
//! the win rate is reported with its 95 % confidence interval.
//!
//! Game `i` is the random board of seed `seed + i`, so the games do not
//! depend on how they are shared between threads, and any one of them can
//! be played again with `--seed`.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use engine::{FirstMove, Game, Layout, Pos, Rules};
use solver::{Event, Finish, Verdict, WhenStuck, Why, autoplay};

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct Trial {
    pub layout: Layout,
    pub first_move: FirstMove,
    /// The first square opened in every game.
    pub at: Pos,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
}

/// What came of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
    /// The games lost, by where they were lost.
    pub losses: Losses,
    pub elapsed: Duration,
    /// The threads that played at least one game.
    pub threads: usize,
}

/// Where a game was lost: what tells a weakness of the solver from the
/// luck of the board. Before the first area opens, every guess is nearly
/// blind; a 50/50 no clue can settle, and the move of the exact endgame
/// search, lose only what any player would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// The first move, when the mines may lie under it.
    FirstMove,
    /// A guess made before any area opened (no square showing 0 yet).
    BeforeOpening,
    /// A square of a pair no clue can ever tell apart.
    FiftyFifty,
    /// A square that holds a mine only as one of such a pair.
    PseudoFiftyFifty,
    /// The move the exact endgame search found best.
    Endgame,
    /// Any other guess.
    OtherGuess,
}

impl Loss {
    /// Every kind, in the order reports give them.
    pub const ALL: [Loss; 6] = [
        Loss::FirstMove,
        Loss::BeforeOpening,
        Loss::FiftyFifty,
        Loss::PseudoFiftyFifty,
        Loss::Endgame,
        Loss::OtherGuess,
    ];

    /// What the loss is, after "lost": for the report to people.
    fn phrase(self) -> &'static str {
        match self {
            Loss::FirstMove => "on the first move",
            Loss::BeforeOpening => "before any area opened",
            Loss::FiftyFifty => "on a 50/50",
            Loss::PseudoFiftyFifty => "on a pseudo 50/50",
            Loss::Endgame => "in the endgame search",
            Loss::OtherGuess => "on other guesses",
        }
    }

    /// Its name in JSON.
    fn key(self) -> &'static str {
        match self {
            Loss::FirstMove => "first_move",
            Loss::BeforeOpening => "before_opening",
            Loss::FiftyFifty => "fifty_fifty",
            Loss::PseudoFiftyFifty => "pseudo_fifty_fifty",
            Loss::Endgame => "endgame",
            Loss::OtherGuess => "other_guess",
        }
    }

    /// The kind of loss a guess made for `why` is, once an area has opened.
    fn of_guess(why: Why) -> Loss {
        match why {
            Why::FiftyFifty { .. } => Loss::FiftyFifty,
            Why::PseudoFiftyFifty => Loss::PseudoFiftyFifty,
            Why::Endgame { .. } => Loss::Endgame,
            Why::Safest
            | Why::LookAhead { .. }
            | Why::TwoAhead { .. }
            | Why::SafeWhenever { .. }
            | Why::OnlyDead => Loss::OtherGuess,
        }
    }
}

/// Games lost, counted by [`Loss`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Losses([u64; Loss::ALL.len()]);

impl Losses {
    pub fn count(&self, loss: Loss) -> u64 {
        self.0[loss as usize]
    }

    fn add(&mut self, loss: Loss) {
        self.0[loss as usize] += 1;
    }

    fn merge(&mut self, other: &Losses) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine += theirs;
        }
    }
}

impl Tally {
    pub fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games as f64
    }

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

/// The heap one game of `layout` takes at its peak, with room to spare:
/// the board, the game and the solver's grids (about 17 bytes a square),
/// and the solver's work, which grows with the board: the deductions of a
/// round of layer 1 that sweeps a large area, the frontier's groups. The
/// most measured was 40 bytes a square (games of 10 % mines) and 44 KB
/// for the smallest boards; `tests/memory.rs` plays games of several sizes
/// and densities and checks they stay under it. The memory the process
/// really touches is less (223 MB for a 5000x5000 game planned at 1.2 GB):
/// this errs on the side of never running out.
pub fn game_bytes(layout: Layout) -> u64 {
    const PER_SQUARE: u64 = 48;
    const FIXED: u64 = 256 << 10;
    (layout.squares() as u64)
        .saturating_mul(PER_SQUARE)
        .saturating_add(FIXED)
}

/// More games at once than the memory available holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig {
    /// The threads asked for, or every core.
    pub threads: usize,
    /// How many games at once fit (0: not even one).
    pub fit: usize,
    pub per_game: u64,
    pub available: u64,
}

/// The threads to play on: as many as asked, or every core, each playing
/// one game at a time. Without a number asked for, fewer threads when the
/// memory would not hold a game on each; with one, an error instead, as
/// when not even one game fits. `available` is `None` when the system
/// does not say.
pub fn threads_that_fit(
    asked: Option<usize>,
    cores: usize,
    per_game: u64,
    available: Option<u64>,
) -> Result<usize, TooBig> {
    let wanted = asked.unwrap_or(cores).max(1);
    let Some(available) = available else {
        return Ok(wanted);
    };
    let fit = usize::try_from(available / per_game.max(1)).unwrap_or(usize::MAX);
    let too_big = TooBig {
        threads: wanted,
        fit,
        per_game,
        available,
    };
    match asked {
        _ if fit == 0 => Err(too_big),
        Some(_) if fit < wanted => Err(too_big),
        _ => Ok(wanted.min(fit)),
    }
}

/// Games are handed out in chunks of at most this many: few enough trips to
/// the shared counter, small enough to keep every thread busy to the end.
const CHUNK: u64 = 64;

/// The chunk for `games` on `threads`: at most [`CHUNK`], and small enough
/// that each thread gets a few, so eight games on eight threads are played
/// one a thread.
fn chunk_size(games: u64, threads: usize) -> u64 {
    (games / (4 * threads.max(1) as u64)).clamp(1, CHUNK)
}

/// Plays the trial's games on its threads, with a progress bar on stderr
/// when stderr is a terminal.
pub fn run(trial: Trial) -> Tally {
    let progress = ProgressBar::with_draw_target(Some(trial.games), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left")
            .expect("the template is well-formed"),
    );
    // No more threads than games: the others would have nothing to do.
    let threads = trial
        .threads
        .clamp(1, trial.games.try_into().unwrap_or(usize::MAX));
    let chunk = chunk_size(trial.games, threads);
    let next = AtomicU64::new(0);
    let started = Instant::now();
    let mut tally = Tally {
        games: trial.games,
        wins: 0,
        losses: Losses::default(),
        elapsed: Duration::ZERO,
        threads: 0,
    };
    std::thread::scope(|scope| {
        let players: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| play_share(&trial, &next, chunk, &progress)))
            .collect();
        for player in players {
            let share = player.join().expect("a game never panics");
            tally.wins += share.wins;
            tally.losses.merge(&share.losses);
            tally.threads += usize::from(share.played);
        }
    });
    progress.finish_and_clear();
    tally.elapsed = started.elapsed();
    tally
}

/// What one thread played.
#[derive(Default)]
struct Share {
    played: bool,
    wins: u64,
    losses: Losses,
}

/// Plays chunks of the trial's games, taken from `next`, until none are left.
fn play_share(trial: &Trial, next: &AtomicU64, chunk: u64, progress: &ProgressBar) -> Share {
    let mut share = Share::default();
    loop {
        let first = next.fetch_add(chunk, Ordering::Relaxed);
        if first >= trial.games {
            return share;
        }
        share.played = true;
        let last = (first + chunk).min(trial.games);
        for i in first..last {
            match play_game(trial, i) {
                None => share.wins += 1,
                Some(loss) => share.losses.add(loss),
            }
        }
        progress.inc(last - first);
    }
}

/// Plays game `i` of the trial: `None` when the solver wins it, otherwise
/// where it was lost.
pub fn play_game(trial: &Trial, i: u64) -> Option<Loss> {
    let rules = Rules::CLASSIC.with_first_move(trial.first_move);
    let seed = trial.seed.wrapping_add(i);
    let mut game = Game::random(trial.layout, seed, rules)
        .expect("the command line checked there is room for the mines");
    let mut opened_area = false;
    let mut last = Loss::FirstMove;
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
                    guess.at
                }
                Event::Deduced(deduction) if deduction.verdict == Verdict::Safe => deduction.at,
                Event::Deduced(_) => return,
            };
            let board = game.board();
            opened_area |= !board.is_mine(opened) && board.clue(opened) == 0;
        },
    );
    match played.finish {
        Finish::Won => None,
        // Told to guess, the solver stops only if it knows of no unknown
        // square while the game goes on, which a game by the rules never
        // comes to; such a game would not be won either.
        Finish::Lost(_) | Finish::Stuck => Some(last),
    }
}

/// The Wilson score interval for `wins` out of `games` at 95 %.
pub fn wilson_95(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The report for people.
pub fn write_text(out: &mut impl Write, trial: &Trial, tally: &Tally) -> io::Result<()> {
    let (low, high) = wilson_95(tally.wins, tally.games);
    let Layout { rows, cols, mines } = trial.layout;
    writeln!(
        out,
        "{rows}x{cols} with {mines} mines, first move {} at {},{}, {}",
        trial.first_move.name(),
        trial.at.row + 1,
        trial.at.col + 1,
        seed_range(trial.seed, tally.games),
    )?;
    writeln!(
        out,
        "won {} of {} games: {:.2} % (95 % interval {:.2} % to {:.2} %)",
        tally.wins,
        tally.games,
        100.0 * tally.win_rate(),
        100.0 * low,
        100.0 * high
    )?;
    write_losses(out, tally)?;
    writeln!(
        out,
        "{} on {} thread{}",
        speed(tally),
        tally.threads,
        if tally.threads == 1 { "" } else { "s" }
    )
}

/// The games lost, by where, leaving out the kinds no game was lost to.
fn write_losses(out: &mut impl Write, tally: &Tally) -> io::Result<()> {
    let lost = tally.games - tally.wins;
    if lost == 0 {
        return Ok(());
    }
    let parts: Vec<String> = Loss::ALL
        .iter()
        .map(|&loss| (loss, tally.losses.count(loss)))
        .filter(|&(_, count)| count > 0)
        .map(|(loss, count)| format!("{count} {}", loss.phrase()))
        .collect();
    writeln!(out, "lost {lost}: {}", parts.join(", "))
}

/// The seeds of `games` games from `seed`, which wrap past the largest seed to 0.
fn seed_range(seed: u64, games: u64) -> String {
    let last = seed.wrapping_add(games.saturating_sub(1));
    match (games, last >= seed) {
        (1, _) => format!("seed {seed}"),
        (_, true) => format!("seeds {seed} to {last}"),
        (_, false) if seed == u64::MAX => format!("seed {seed}, then 0 to {last}"),
        (_, false) => format!("seeds {seed} to {}, then 0 to {last}", u64::MAX),
    }
}

/// Games per second, with as many digits as it takes to be more than 0;
/// seconds per game when a game takes longer than a second.
fn speed(tally: &Tally) -> String {
    let rate = tally.games_per_second();
    if rate >= 100.0 {
        format!("{rate:.0} games per second")
    } else if rate >= 1.0 {
        format!("{rate:.1} games per second")
    } else {
        format!("{:.1} seconds per game", 1.0 / rate)
    }
}

/// The report as one JSON object, for scripts.
pub fn write_json(out: &mut impl Write, trial: &Trial, tally: &Tally) -> io::Result<()> {
    let (low, high) = wilson_95(tally.wins, tally.games);
    let Layout { rows, cols, mines } = trial.layout;
    writeln!(
        out,
        "{{\"rows\":{rows},\"cols\":{cols},\"mines\":{mines},\"first_move\":\"{}\",\
         \"at\":[{},{}],\"seed\":{},\"threads\":{},\"games\":{},\"wins\":{},\
         \"win_rate\":{},\"ci95_low\":{},\"ci95_high\":{},\"lost\":{{{}}},\
         \"games_per_second\":{}}}",
        trial.first_move.name(),
        trial.at.row + 1,
        trial.at.col + 1,
        trial.seed,
        tally.threads,
        tally.games,
        tally.wins,
        tally.win_rate(),
        low,
        high,
        losses_json(&tally.losses),
        tally.games_per_second(),
    )
}

/// The games lost by where, as the members of a JSON object, every kind
/// given.
fn losses_json(losses: &Losses) -> String {
    let members: Vec<String> = Loss::ALL
        .iter()
        .map(|&loss| format!("\"{}\":{}", loss.key(), losses.count(loss)))
        .collect();
    members.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_as_many_as_asked_while_the_memory_holds_them() {
        let gb = 1_000_000_000;
        // Unknown memory: as asked, or every core.
        assert_eq!(threads_that_fit(Some(16), 4, gb, None), Ok(16));
        assert_eq!(threads_that_fit(None, 4, gb, None), Ok(4));
        // Every core, but only as many games as fit.
        assert_eq!(threads_that_fit(None, 8, gb, Some(3 * gb)), Ok(3));
        assert_eq!(threads_that_fit(None, 2, gb, Some(3 * gb)), Ok(2));
        // Asked for: all of them, or an error that says how many fit.
        assert_eq!(threads_that_fit(Some(3), 8, gb, Some(3 * gb)), Ok(3));
        let too_big = TooBig {
            threads: 4,
            fit: 3,
            per_game: gb,
            available: 3 * gb + 5,
        };
        assert_eq!(
            threads_that_fit(Some(4), 8, gb, Some(3 * gb + 5)),
            Err(too_big)
        );
        // Not even one game.
        let none = threads_that_fit(None, 8, 4 * gb, Some(3 * gb)).unwrap_err();
        assert_eq!((none.threads, none.fit), (8, 0));
    }

    #[test]
    fn a_game_takes_memory_in_proportion_to_its_board() {
        let expert = game_bytes(Layout::EXPERT);
        assert!(expert < 2_000_000, "{expert}");
        let huge = game_bytes(Layout::new(65_535, 65_535, 1));
        assert!(huge > 100_000_000_000, "{huge}");
    }

    #[test]
    fn wilson_interval_matches_published_values() {
        // Worked by hand from the formula: 40 of 100 gives 0.3094 to 0.4980.
        let (low, high) = wilson_95(40, 100);
        assert!((low - 0.3094).abs() < 1e-4, "{low}");
        assert!((high - 0.4980).abs() < 1e-4, "{high}");
        let (low, high) = wilson_95(0, 10);
        assert_eq!(low, 0.0);
        assert!((high - 0.2775).abs() < 1e-4, "{high}");
    }

    #[test]
    fn games_are_shared_out_one_a_thread_when_few() {
        let trial = Trial {
            layout: Layout::BEGINNER,
            first_move: FirstMove::Safe,
            at: Pos::new(0, 0),
            games: 8,
            seed: 1,
            threads: 8,
        };
        assert_eq!(chunk_size(8, 8), 1);
        assert_eq!(chunk_size(1_000_000, 8), CHUNK);
        // Games this small may all be over before a second thread starts;
        // the report counts the threads that played, never more than the games.
        let tally = run(Trial {
            threads: 50,
            ..trial
        });
        assert_eq!(tally.games, 8);
        assert!((1..=8).contains(&tally.threads), "{}", tally.threads);
    }

    #[test]
    fn seeds_that_wrap_are_reported_as_they_are_played() {
        assert_eq!(seed_range(5, 10), "seeds 5 to 14");
        assert_eq!(seed_range(5, 1), "seed 5");
        assert_eq!(
            seed_range(u64::MAX, 100),
            "seed 18446744073709551615, then 0 to 98"
        );
        assert_eq!(
            seed_range(u64::MAX - 1, 3),
            "seeds 18446744073709551614 to 18446744073709551615, then 0 to 0"
        );
    }

    #[test]
    fn a_slow_game_is_never_zero_games_per_second() {
        let tally = |secs| Tally {
            games: 2,
            wins: 0,
            losses: Losses::default(),
            elapsed: Duration::from_secs_f64(secs),
            threads: 1,
        };
        assert_eq!(speed(&tally(0.001)), "2000 games per second");
        assert_eq!(speed(&tally(0.5)), "4.0 games per second");
        assert_eq!(speed(&tally(9.0)), "4.5 seconds per game");
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
        };
        assert_eq!(run(trial(1)).wins, run(trial(3)).wins);
    }

    /// Every game lost is counted once, by where it was lost, and only
    /// where the first move allows.
    #[test]
    fn every_game_lost_is_counted_where_its_rules_allow() {
        for first_move in [FirstMove::Any, FirstMove::Safe, FirstMove::Opening] {
            let tally = run(Trial {
                layout: Layout::BEGINNER,
                first_move,
                at: Pos::new(2, 2),
                games: 400,
                seed: 1,
                threads: 2,
            });
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

    /// Expert games with a safe first move at the corner, each lost in
    /// its own way (played move by move to see it): in game 5 the four
    /// corners show 1s and the next guess finds a mine before any 0 is
    /// seen; game 8 ends on a 50/50, game 23 on a pseudo 50/50, game 3 on
    /// the endgame search's move, and game 2 on a square safe whenever
    /// the look ahead's choice was.
    #[test]
    fn a_loss_is_put_where_the_game_was_lost() {
        let trial = Trial {
            layout: Layout::EXPERT,
            first_move: FirstMove::Safe,
            at: Pos::new(0, 0),
            games: 1,
            seed: 0,
            threads: 1,
        };
        let lost = |game| play_game(&trial, game);
        assert_eq!(lost(5), Some(Loss::BeforeOpening));
        assert_eq!(lost(8), Some(Loss::FiftyFifty));
        assert_eq!(lost(23), Some(Loss::PseudoFiftyFifty));
        assert_eq!(lost(3), Some(Loss::Endgame));
        assert_eq!(lost(2), Some(Loss::OtherGuess));
        assert_eq!(lost(1), None);
    }

    #[test]
    fn the_report_says_where_games_were_lost_leaving_out_what_none_were() {
        let mut losses = Losses::default();
        for loss in [Loss::BeforeOpening, Loss::Endgame, Loss::BeforeOpening] {
            losses.add(loss);
        }
        let tally = Tally {
            games: 10,
            wins: 7,
            losses,
            elapsed: Duration::from_secs(1),
            threads: 1,
        };
        let mut text = Vec::new();
        write_losses(&mut text, &tally).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "lost 3: 2 before any area opened, 1 in the endgame search\n"
        );
        assert_eq!(
            losses_json(&losses),
            "\"first_move\":0,\"before_opening\":2,\"fifty_fifty\":0,\
             \"pseudo_fifty_fifty\":0,\"endgame\":1,\"other_guess\":0"
        );
    }
}
