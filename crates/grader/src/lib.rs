//! `check`, the grader: plays many games against a student's proj3 program and hands
//! back, for each kind of failure, the smallest game that shows it.
//!
//! Game `i` is made from the seed `seed + i` ([`case::make`]); our side is
//! the engine ([`expected`]); the program is run with a time limit
//! ([`runner`]); its boards are found in its output ([`reader`]) and
//! compared with ours ([`judge`](mod@judge)); the first failing game of each kind is
//! made smaller ([`shrink`]) and written out to be run again ([`report`]).

pub mod case;
pub mod expected;
pub mod judge;
pub mod reader;
pub mod report;
pub mod runner;
pub mod sandbox;
pub mod shrink;

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use console::terminal::interrupt::RemoveOnInterrupt;
use engine::{Frame, to_board_file};
use sandbox::{Limits, Sandbox};

use case::{Case, Plan};
use expected::{Expected, expect, transcript};
use judge::{Failure, Judged, Kind, judge};
use runner::{Program, Run};

/// What to check, and how.
#[derive(Clone, Debug)]
pub struct Options {
    pub program: Program,
    pub games: u64,
    pub seed: u64,
    pub plan: Plan,
    /// Compare whole transcripts with the course's text.
    pub exact: bool,
    /// How long one game may take.
    pub timeout: Duration,
    /// Games at once [default: one a core].
    pub threads: Option<usize>,
    /// Where the smallest failing games are written.
    pub out: PathBuf,
    /// The frame of the board files; `None` finds the one the program
    /// reads, when its first game fails.
    pub frame: Option<Frame>,
    /// The program's own folder, copied afresh for every game; without
    /// it each game starts in an empty folder.
    pub folder: Option<PathBuf>,
}

/// Why a check could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Folder(#[from] sandbox::FolderError),
    #[error("cannot run `{program}`: {reason}")]
    NotRunnable { program: String, reason: String },
    #[error("{what}: {source}")]
    Io {
        what: String,
        #[source]
        source: io::Error,
    },
}

impl CheckError {
    fn io(what: impl Into<String>) -> impl FnOnce(io::Error) -> CheckError {
        let what = what.into();
        move |source| CheckError::Io { what, source }
    }
}

/// One game played and judged.
#[derive(Debug)]
pub struct Played {
    pub expected: Expected,
    pub run: Run,
    pub failure: Option<Failure>,
    /// Our whole transcript, with `--exact`.
    pub transcript: Option<String>,
}

/// The smallest failing game found for one kind of failure.
#[derive(Debug)]
pub struct Finding {
    /// What went wrong, as the smallest game shows it.
    pub kind: Kind,
    /// The frame of its board file.
    pub frame: Frame,
    /// The kind its first game failed as, before shrinking showed that it
    /// needs a bad answer (then `kind` is [`Kind::Input`]).
    pub first_kind: Kind,
    /// The game it was first seen in, and that game's size.
    pub game: u64,
    pub first_seen: (usize, usize, usize),
    pub case: Case,
    pub played: Played,
    /// What input.txt holds: the board file's full path, then the turns.
    pub input: String,
    /// Smaller games kept while shrinking.
    pub steps: usize,
    /// Where the reproduction was written.
    pub folder: PathBuf,
}

/// Everything a check found.
#[derive(Debug)]
pub struct Outcome {
    /// Each game's result, game 0 first: `None` not played, `Some(None)`
    /// agreed, else the kind it failed as.
    pub results: Vec<Option<Option<Kind>>>,
    /// How long the check took, shrinking included.
    pub seconds: f64,
    /// The frame of the board files the games were played with.
    pub frame: Frame,
    /// Whether it was found by trying both (the first game failed in `+`).
    pub frame_found: bool,
    /// Games played.
    pub games: u64,
    /// Games left unplayed once [`HANGS_BEFORE_STOPPING`] games had hung.
    pub not_played: u64,
    pub agreed: u64,
    /// Failing games by kind (as first seen, before shrinking).
    pub failures: BTreeMap<Kind, u64>,
    pub findings: Vec<Finding>,
    /// What the games ran under, and what the system did not allow.
    pub protections: Vec<sandbox::Protection>,
}

/// The program, the options, a folder for the board files of runs, and
/// the sandbox the runs are made in.
struct Checker<'a> {
    options: &'a Options,
    scratch: tempfile::TempDir,
    next_file: AtomicU64,
    sandbox: Sandbox,
    /// Board files are framed with `#`, not `+`.
    hash_frame: AtomicBool,
}

impl Checker<'_> {
    /// Plays `case` against the program; fails only if it cannot start.
    fn play(&self, case: &Case) -> io::Result<Played> {
        let n = self.next_file.fetch_add(1, Ordering::Relaxed);
        let path = self.scratch.path().join(format!("board-{n}.txt"));
        let played = self.play_from(case, &path);
        let _ = fs::remove_file(&path);
        played
    }

    /// Plays `case` with its board file at `path`.
    fn play_from(&self, case: &Case, path: &Path) -> io::Result<Played> {
        let board = case.board().with_frame(self.frame());
        fs::write(path, to_board_file(&board))?;
        let input = case.input(&path.to_string_lossy());
        let place = self.sandbox.place()?;
        let run = runner::run_in(
            &self.options.program,
            input.as_bytes(),
            self.options.timeout,
            |command| self.sandbox.prepare(command, &place),
        )?;
        drop(place);
        let expected = expect(case);
        let transcript = if self.options.exact {
            Some(transcript(case, path)?)
        } else {
            None
        };
        let failure = judge(&Judged {
            board: &board,
            expected: &expected,
            run: &run,
            transcript: transcript.as_deref(),
            timeout_seconds: self.options.timeout.as_secs_f64(),
        });
        Ok(Played {
            expected,
            run,
            failure,
            transcript,
        })
    }
}

/// How many games may run out of time before the rest are left unplayed.
pub const HANGS_BEFORE_STOPPING: u64 = 5;

/// Whether the first game hung.
fn first_hung(first: &Played) -> bool {
    first.failure.as_ref().is_some_and(|f| f.kind == Kind::Hang)
}

impl Checker<'_> {
    /// The frame board files are written with.
    fn frame(&self) -> Frame {
        if self.hash_frame.load(Ordering::Relaxed) {
            Frame::Hash
        } else {
            Frame::Plus
        }
    }

    fn set_frame(&self, frame: Frame) {
        self.hash_frame
            .store(frame == Frame::Hash, Ordering::Relaxed);
    }

    /// The frame the program reads board files in: the one with which
    /// its first games go furthest (agree, or print the most boards
    /// before they fail); `+`, the course's, when both go as far.
    fn detect_frame(&self) -> io::Result<Frame> {
        let mut best = (Frame::Plus, 0);
        for frame in Frame::ALL {
            self.set_frame(frame);
            let mut reached = 0;
            for game in 0..FRAME_TRIAL_GAMES {
                let case = case::make(self.options.seed, game, self.options.plan);
                reached += how_far(&case, &self.play(&case)?);
            }
            if reached > best.1 {
                best = (frame, reached);
            }
        }
        Ok(best.0)
    }
}

/// How many games are played in each frame to tell which the program reads.
const FRAME_TRIAL_GAMES: u64 = 4;

/// How far `played` got: every board and its end when it agreed, else the
/// boards the program printed that can be read.
fn how_far(case: &Case, played: &Played) -> usize {
    match &played.failure {
        None => case.turns.len() + 2,
        Some(_) => {
            reader::read(&played.run.stdout, case.rows(), case.cols()).map_or(0, |b| b.len())
        }
    }
}

/// Plays the games, shrinks the first failure of each kind, and writes
/// each one's reproduction under `options.out`.
pub fn check(options: &Options) -> Result<Outcome, CheckError> {
    let started = std::time::Instant::now();
    let sandbox = Sandbox::new(
        options.folder.as_deref(),
        Limits::for_games(options.timeout),
    )?;
    let checker = Checker {
        options,
        scratch: tempfile::Builder::new()
            .prefix("minesweeper-check")
            .tempdir()
            .map_err(CheckError::io("cannot make a folder for the board files"))?,
        next_file: AtomicU64::new(0),
        sandbox,
        hash_frame: AtomicBool::new(options.frame == Some(Frame::Hash)),
    };
    let _removed_on_interrupt = RemoveOnInterrupt::keep(checker.scratch.path());
    let _runs_removed_on_interrupt = RemoveOnInterrupt::keep(checker.sandbox.root());
    let not_runnable = |error: io::Error| CheckError::NotRunnable {
        program: options.program.shown(),
        reason: match error.kind() {
            io::ErrorKind::NotFound => "no such program".to_owned(),
            io::ErrorKind::PermissionDenied => "permission denied (is it executable?)".to_owned(),
            _ => error.to_string(),
        },
    };
    let threads = options.threads.unwrap_or_else(rayon::current_num_threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CheckError::io("cannot start threads")(io::Error::other(e)))?;
    pool.install(|| {
        // The first game alone: a program that cannot start is said once.
        let first = case::make(options.seed, 0, options.plan);
        let mut first_played = checker.play(&first).map_err(not_runnable)?;
        let frame_found = options.frame.is_none() && first_played.failure.is_some();
        if frame_found {
            let frame = checker.detect_frame().map_err(not_runnable)?;
            checker.set_frame(frame);
            first_played = checker.play(&first).map_err(not_runnable)?;
        }
        let first = first_played;
        let progress = progress_bar(options.games);
        progress.inc(1);
        // A program that hangs game after game costs its time limit each
        // time: past a few, the games left are not played.
        let hangs = AtomicU64::new(u64::from(first_hung(&first)));
        let rest: Vec<Option<(u64, Option<Kind>)>> = (1..options.games)
            .into_par_iter()
            .map(|i| {
                if hangs.load(Ordering::Relaxed) >= HANGS_BEFORE_STOPPING {
                    progress.inc(1);
                    return Ok(None);
                }
                let played = checker.play(&case::make(options.seed, i, options.plan));
                progress.inc(1);
                played.map(|p| {
                    let kind = p.failure.map(|f| f.kind);
                    if kind == Some(Kind::Hang) {
                        hangs.fetch_add(1, Ordering::Relaxed);
                    }
                    Some((i, kind))
                })
            })
            .collect::<io::Result<Vec<_>>>()
            .map_err(not_runnable)?;
        progress.finish_and_clear();
        let not_played = rest.iter().filter(|game| game.is_none()).count() as u64;
        // Each game's result, in order: the first, then the rest.
        let results: Vec<Option<Option<Kind>>> =
            std::iter::once(Some(first.failure.as_ref().map(|f| f.kind)))
                .chain(rest.iter().map(|game| game.map(|(_, kind)| kind)))
                .collect();
        let rest: Vec<(u64, Kind)> = rest
            .into_iter()
            .flatten()
            .filter_map(|(i, kind)| kind.map(|kind| (i, kind)))
            .collect();
        let failing: Vec<(u64, Kind)> = first
            .failure
            .map(|f| (0, f.kind))
            .into_iter()
            .chain(rest)
            .collect();
        let mut failures = BTreeMap::new();
        for &(_, kind) in &failing {
            *failures.entry(kind).or_insert(0) += 1;
        }
        let mut findings = Vec::new();
        let shrinking = spinner();
        for kind in Kind::ALL {
            if let Some(&(game, _)) = failing.iter().find(|(_, k)| *k == kind) {
                shrinking.set_message(format!("shrinking the first {} game", kind.name()));
                findings.push(find(&checker, game, kind)?);
            }
        }
        shrinking.finish_and_clear();
        let played = options.games - not_played;
        Ok(Outcome {
            results,
            seconds: started.elapsed().as_secs_f64(),
            frame: checker.frame(),
            frame_found,
            games: played,
            not_played,
            agreed: played - failing.len() as u64,
            failures,
            findings,
            protections: checker.sandbox.protections().to_vec(),
        })
    })
}

fn progress_bar(games: u64) -> ProgressBar {
    let progress = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left")
            .expect("the template is well-formed"),
    );
    progress
}

/// A spinner with a message, on stderr when it is a terminal.
fn spinner() -> ProgressBar {
    let spinner = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    spinner.set_style(
        ProgressStyle::with_template("{spinner} {msg}").expect("the template is well-formed"),
    );
    spinner.enable_steady_tick(Duration::from_millis(100));
    spinner
}

/// Shrinks game `game`, which failed as `kind`, and writes the smallest
/// game out.
fn find(checker: &Checker, game: u64, kind: Kind) -> Result<Finding, CheckError> {
    let options = checker.options;
    let case = case::make(options.seed, game, options.plan);
    let first_seen = (case.rows(), case.cols(), case.turns.len());
    let same_kind = |case: &Case| {
        let played = checker.play(case).ok()?;
        (played.failure.as_ref()?.kind == kind).then_some(())
    };
    let shrunk = shrink::shrink(case, (), same_kind);
    let folder = options.out.join(refined(kind, &shrunk.case).name());
    let (played, input) = report::write_reproduction(checker, &shrunk.case, &folder)?;
    Ok(Finding {
        first_kind: kind,
        frame: checker.frame(),
        kind: refined(kind, &shrunk.case),
        game,
        first_seen,
        case: shrunk.case,
        played,
        input,
        steps: shrunk.steps,
        folder,
    })
}

/// A wrong board or ending that still needs a bad answer (or an action in
/// upper case) once nothing more can be taken away is a fault of the
/// program's input checks.
fn refined(kind: Kind, case: &Case) -> Kind {
    let needs_bad_answer = case.turns.iter().any(|t| !t.bad.is_empty() || t.upper);
    match kind {
        Kind::WrongBoard | Kind::WrongEnding | Kind::MissingBoard if needs_bad_answer => {
            Kind::Input
        }
        _ => kind,
    }
}
