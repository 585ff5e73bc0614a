//! The check itself: the games played in order on plain threads, the
//! frame found, each failing game's fault, the first of each shrunk and
//! written out, within the budget.

mod reproduction;

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use engine::{Board, Frame, to_board_file};
use sandbox::Sandbox;
use signals::RemoveOnInterrupt;

use crate::case::{self, Case, Plan, Turn};
use crate::expected::{self, Expected, expect, transcript};
use crate::fault::{self, EdgeCase, Fault, MOST_FAULTS_A_KIND};
use crate::judge::{self, Credit, Failure, GameLimits, Judged, Kind, Verdict, judge};
use crate::outcome::{Finding, GameResult, Outcome, Played, Stopped};
use crate::prepared::prepared;
use crate::runner::{self, End, Program, Run};
use crate::schedule::{self, Schedule};
use crate::score::Score;
use crate::shrink::{self, Focus};
use crate::{CheckError, Options, every_core, reader};

/// A game's time on the clock, as a multiple of `--timeout`: the CPU
/// time a game may use (which the machine's load does not change) stops a
/// program that computes too long; only one that waits this long on the
/// clock, and as long again when played again, is stopped by the clock.
const WALL_CLOCK_ROOM: u32 = 2;

/// Why a game has no result.
#[derive(Debug)]
pub(crate) enum NotPlayed {
    /// The program could not be started, or its files written.
    Io(io::Error),
    /// The time budget ran out before the game could be played to its
    /// end within its own time limit.
    OutOfTime,
}

impl From<io::Error> for NotPlayed {
    fn from(error: io::Error) -> Self {
        NotPlayed::Io(error)
    }
}

/// The program, the options, a folder for the board files of runs, and
/// the sandbox the runs are made in.
pub(crate) struct Checker<'a> {
    pub(crate) options: &'a Options,
    /// The program as the games run it: a path into its folder made a
    /// path into the game's copy.
    pub(crate) program: Program,
    scratch: tempfile::TempDir,
    next_file: AtomicU64,
    pub(crate) sandbox: Sandbox,
    /// Board files are framed with `#`, not `+`.
    hash_frame: AtomicBool,
    /// When the time budget runs out: no game runs past it.
    deadline: Option<Instant>,
}

impl Checker<'_> {
    /// Plays `case` against the program.
    pub(crate) fn play(&self, case: &Case) -> Result<Played, NotPlayed> {
        let n = self.next_file.fetch_add(1, Ordering::Relaxed);
        let path = self.scratch.path().join(format!("board-{n}.txt"));
        let played = self.play_from(case, &path);
        let _ = fs::remove_file(&path);
        played
    }

    /// Writes `case`'s board file at `path`, in the frame the program
    /// reads, and gives that board.
    pub(crate) fn write_board(&self, case: &Case, path: &Path) -> io::Result<Board> {
        let board = case.board().with_frame(self.frame());
        fs::write(path, to_board_file(&board))?;
        Ok(board)
    }

    /// How long the next game may take on the clock: twice its CPU
    /// time's limit, or less when the budget ends sooner (then `true`).
    fn time_for_a_game(&self) -> Result<(Duration, bool), NotPlayed> {
        let timeout = self.limits().wall_clock;
        match self.deadline {
            None => Ok((timeout, false)),
            Some(deadline) => match deadline.checked_duration_since(Instant::now()) {
                None => Err(NotPlayed::OutOfTime),
                Some(left) if left < timeout => Ok((left, true)),
                Some(_) => Ok((timeout, false)),
            },
        }
    }

    /// Plays `case` with its board file at `path`.
    pub(crate) fn play_from(&self, case: &Case, path: &Path) -> Result<Played, NotPlayed> {
        let board = self.write_board(case, path)?;
        let input = case.input(&path.to_string_lossy());
        let run = self.run_game(input.as_bytes(), path)?;
        let run = if run.end == End::TimedOut {
            // The clock stopped it before its CPU time ran out: it was
            // waiting, for nothing or for a busy machine. Played again,
            // only a program that waits as long again hangs.
            self.run_game(input.as_bytes(), path)?
        } else {
            run
        };
        self.judged(case, path, &board, run)
    }

    /// One run of the game whose board file is at `path`, typing `input`.
    fn run_game(&self, input: &[u8], path: &Path) -> Result<Run, NotPlayed> {
        let (limit, budget_ends_first) = self.time_for_a_game()?;
        if let Some(model) = &self.options.in_process {
            return Ok(model.0.run(input));
        }
        let place = self.sandbox.place()?;
        let program = match place.command(&self.program.command) {
            Cow::Borrowed(_) => Cow::Borrowed(&self.program),
            Cow::Owned(command) => Cow::Owned(Program {
                command,
                ..self.program.clone()
            }),
        };
        let mut run = runner::run_in(&program, input, limit, |command| {
            self.sandbox
                .prepare(command, &place, Some(path), &self.program.env);
        })?;
        if let Some(failed) = self.sandbox.failed_setup(&place) {
            return Err(failed.into());
        }
        run.stderr = self.as_if_run_from_its_folder(&run.stderr, place.path());
        drop(place);
        if budget_ends_first && run.end == End::TimedOut {
            // Stopped by the budget, not by its own time limit: no hang.
            return Err(NotPlayed::OutOfTime);
        }
        Ok(run)
    }

    /// How long a game may take: `--timeout` of CPU time, where the
    /// sandbox counts it, and twice that on the clock.
    fn limits(&self) -> GameLimits {
        GameLimits {
            cpu_seconds: self.sandbox.cpu_seconds(),
            wall_clock: self.options.timeout * WALL_CLOCK_ROOM,
        }
    }

    /// `run` of `case` (its board file at `path`, `board`) judged.
    fn judged(
        &self,
        case: &Case,
        path: &Path,
        board: &Board,
        run: Run,
    ) -> Result<Played, NotPlayed> {
        let transcript = if self.options.exact {
            Some(transcript(case, path)?)
        } else {
            None
        };
        let judged = |expected: &Expected| {
            judge(&Judged {
                board,
                expected,
                run: &run,
                transcript: transcript.as_deref(),
                limits: self.limits(),
                bad_answers: case.has_bad_answers(),
            })
        };
        let mut expected = expect(case);
        let mut verdict = judged(&expected);
        let mut won_after_a_move = false;
        // Either ending of a board without mines is the course's: the
        // reading the program agrees with, or else the one it went
        // further in.
        let agrees = |verdict: &Verdict| {
            verdict
                .failure
                .as_ref()
                .is_none_or(|failure| failure.kind == Kind::WrongText)
        };
        // A hang or endless output says nothing of how the game ends.
        let about_the_game = |verdict: &Verdict| {
            verdict
                .failure
                .as_ref()
                .is_some_and(|failure| !matches!(failure.kind, Kind::Hang | Kind::TooMuchOutput))
        };
        if !agrees(&verdict)
            && about_the_game(&verdict)
            && let Some(other) = expected::expect_won_only_after_a_move(case)
        {
            let other_verdict = judged(&other);
            let reached = |v: &Verdict| v.failure.as_ref().map(Failure::reached);
            if agrees(&other_verdict) {
                (expected, verdict) = (other, other_verdict);
                won_after_a_move = true;
            } else {
                if reached(&other_verdict) > reached(&verdict) {
                    (expected, verdict) = (other, other_verdict);
                }
                // Said where the ending is in question: not of a crash, nor
                // of output no board can be read from.
                if let Some(failure) = &mut verdict.failure
                    && !matches!(failure.kind, Kind::Crash | Kind::Unreadable)
                {
                    failure.what.push_str(judge::EITHER_ENDING);
                }
            }
        }
        Ok(Played {
            expected,
            run,
            failure: verdict.failure,
            credit: verdict.credit,
            transcript,
            won_after_a_move,
        })
    }
}

impl Checker<'_> {
    /// `stderr` with the game's own folder, `place` (a copy that is gone
    /// once the game ends), named as the program's folder: a traceback
    /// then names the files a teacher or a student runs it from, as
    /// playing it again by hand would.
    fn as_if_run_from_its_folder(&self, stderr: &[u8], place: &Path) -> Vec<u8> {
        let folder = match &self.options.folder {
            // A class's reports go to its students, whose folder is `.`
            // to them: no folder of the teacher's is named.
            Some(_) if self.options.class.is_some() => PathBuf::from("."),
            Some(folder) => std::path::absolute(folder).unwrap_or_else(|_| folder.clone()),
            None => PathBuf::from("."),
        };
        let mut text = stderr.to_vec();
        let real = place.canonicalize().ok();
        for copy in std::iter::once(place).chain(real.as_deref()) {
            text = replace_bytes(
                &text,
                copy.as_os_str().as_encoded_bytes(),
                folder.as_os_str().as_encoded_bytes(),
            );
        }
        text
    }
}

/// `text` with every `from` replaced by `to`.
pub(crate) fn replace_bytes(text: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    if from.is_empty() {
        return text.to_vec();
    }
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.windows(from.len()).position(|w| w == from) {
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(to);
        rest = &rest[at + from.len()..];
    }
    out.extend_from_slice(rest);
    out
}

/// Where `played` went wrong in `case`: the turns up to its move, the
/// square that differs and that move's square.
fn focus_of(case: &Case, played: &Played) -> Focus {
    let Some(failure) = &played.failure else {
        return Focus::default();
    };
    let turns = failure.after_move.filter(|&at| at <= case.turns.len());
    let moved = turns
        .and_then(|at| at.checked_sub(1))
        .map(|turn| case.turns[turn].mv.at);
    Focus {
        turns,
        square: failure.square,
        moved,
    }
}

/// Whether the game hung.
fn hung(played: &Played) -> bool {
    played
        .failure
        .as_ref()
        .is_some_and(|f| f.kind == Kind::Hang)
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
    fn detect_frame(&self) -> Result<Frame, NotPlayed> {
        let mut best = (Frame::Plus, 0);
        for frame in Frame::ALL {
            self.set_frame(frame);
            // At once on the check's threads: a program that hangs would
            // otherwise take its time limit eight times over, one by one.
            let reached = (0..FRAME_TRIAL_GAMES)
                .into_par_iter()
                .map(|game| {
                    let case = case::make(self.options.seed, game, self.options.plan);
                    Ok(how_far(&case, frame, &self.play(&case)?))
                })
                .collect::<Result<Vec<usize>, NotPlayed>>()?
                .into_iter()
                .sum::<usize>();
            if reached > best.1 {
                best = (frame, reached);
            }
        }
        Ok(best.0)
    }
}

/// The number of the first game played to try a fault without an edge
/// case: past any check's games (at most a million of them).
const EDGE_TRIAL_GAMES: u64 = 1 << 40;

/// How many games are played in each frame to tell which the program reads.
const FRAME_TRIAL_GAMES: u64 = 4;

/// How far `played` got: every board and its end when it agreed, else the
/// boards the program printed that can be read.
fn how_far(case: &Case, frame: Frame, played: &Played) -> usize {
    match &played.failure {
        None => case.turns.len() + 2,
        Some(_) => {
            reader::read(&played.run.stdout, &case.board().with_frame(frame)).map_or(0, |b| b.len())
        }
    }
}

/// Plays the games, shrinks the first game of each fault found (up to
/// `MOST_FAULTS_A_KIND` a kind), and writes each one's reproduction
/// under `options.out`.
pub fn check(options: &Options) -> Result<Outcome, CheckError> {
    let started = Instant::now();
    let (program, sandbox) = prepared(options)?;
    let scratch = tempfile::Builder::new()
        .prefix("minesweeper-check")
        .tempdir_in(sandbox::games_temp_dir())
        .map_err(CheckError::io("cannot make a folder for the board files"))?;
    if sandbox.others_must_reach().is_some() {
        // The program, run as another user, reads its board file here.
        sandbox::set_mode(scratch.path(), 0o711)
            .map_err(CheckError::io("cannot open the board files' folder"))?;
    }
    let checker = Checker {
        options,
        program,
        scratch,
        next_file: AtomicU64::new(0),
        sandbox,
        hash_frame: AtomicBool::new(options.frame == Some(Frame::Hash)),
        deadline: options.budget.map(|budget| started + budget),
    };
    let _removed_on_interrupt = RemoveOnInterrupt::keep(checker.scratch.path());
    let _runs_removed_on_interrupt = RemoveOnInterrupt::keep(checker.sandbox.root());
    let not_runnable = |error: io::Error| CheckError::NotRunnable {
        program: options.program.shown(),
        reason: match (sandbox::setup_failure(&error), error.kind()) {
            (Some(failure), _) => format!("its game's sandbox could not be set up: {failure}"),
            (None, io::ErrorKind::NotFound) => "no such program".to_owned(),
            (None, io::ErrorKind::PermissionDenied) => {
                "permission denied (is it executable?)".to_owned()
            }
            (None, _) => error.to_string(),
        },
    };
    let threads = options.threads.unwrap_or_else(every_core);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CheckError::io("cannot start threads")(io::Error::other(e)))?;
    pool.install(|| {
        let all = checker.play_all(threads).map_err(not_runnable)?;
        let results: Vec<Option<GameResult>> = all
            .games
            .iter()
            .map(|game| {
                game.as_ref().map(|g| GameResult {
                    kind: g.fault.as_ref().map(|f| f.kind),
                    credit: g.credit,
                })
            })
            .collect();
        let mut failures = BTreeMap::new();
        for kind in results.iter().flatten().filter_map(|r| r.kind) {
            *failures.entry(kind).or_insert(0) += 1;
        }
        let (shown, mut more_faults) = faults_seen(&all.games);
        let shrinking = Instant::now();
        let found = checker.find_all(&shown)?;
        tracing::debug!(
            games_seconds = shrinking.duration_since(started).as_secs_f64(),
            shrinking_seconds = shrinking.elapsed().as_secs_f64(),
            faults = shown.len(),
            "time"
        );
        let out_of_time_faults = found.out_of_time.len();
        for fault in found.out_of_time {
            let (faults, games) = more_faults.entry(fault.fault.kind).or_insert((0, 0));
            *faults += 1;
            *games += fault.games;
        }
        let mut findings = found.findings;
        // "Fault 1 of 4" counts those not shown too.
        for finding in &mut findings {
            finding.number.1 += more_faults.get(&finding.kind()).map_or(0, |m| m.0);
        }
        let not_played = results.iter().filter(|r| r.is_none()).count() as u64;
        let played = options.games - not_played;
        let score = match all.stopped {
            Some(Stopped::Budget) => None,
            _ => Some(Score::of(
                &all.scored(options.seed, options.plan),
                &options.weights,
            )),
        };
        Ok(Outcome {
            score,
            results,
            seconds: started.elapsed().as_secs_f64(),
            frame: checker.frame(),
            frame_found: all.frame_found,
            games: played,
            not_played,
            stopped: all.stopped,
            agreed: played - failures.values().sum::<u64>(),
            failures,
            findings,
            more_faults,
            out_of_time_faults,
            protections: checker.sandbox.protections().to_vec(),
            sandboxed: checker.sandbox.is_sandboxed(),
            left_out: checker.sandbox.left_out().to_vec(),
            won_after_a_move: all
                .games
                .iter()
                .flatten()
                .filter(|g| g.won_after_a_move)
                .count() as u64,
        })
    })
}

/// The games as played: each one's result, `None` where it was not
/// played, and why games were left unplayed.
struct AllGames {
    frame_found: bool,
    games: Vec<Option<GameSeen>>,
    stopped: Option<Stopped>,
}

impl AllGames {
    /// Each game's credit and the kind it failed as, for the score. A game
    /// left unplayed after a run of games that mostly hung counts as
    /// hung, with nothing right in it.
    fn scored(&self, seed: u64, plan: Plan) -> Vec<(Credit, Option<Kind>)> {
        self.games
            .iter()
            .enumerate()
            .map(|(i, game)| match game {
                Some(game) => (game.credit, game.fault.as_ref().map(|f| f.kind)),
                None => {
                    let case = case::make(seed, i as u64, plan);
                    let expected = expect(&case);
                    let credit = Credit::nothing_right(&expected, case.has_bad_answers());
                    (credit, Some(Kind::Hang))
                }
            })
            .collect()
    }
}

/// One game as the check keeps it.
struct GameSeen {
    fault: Option<Fault>,
    credit: Credit,
    edges: Vec<EdgeCase>,
    won_after_a_move: bool,
    /// Where it went wrong, for shrinking.
    focus: Focus,
}

/// A fault, the games that showed it, and the first of them.
#[derive(Clone)]
struct FaultSeen {
    fault: Fault,
    first_game: u64,
    /// Where its first game went wrong.
    focus: Focus,
    games: u64,
    /// The edge cases all its games were.
    edges: Vec<EdgeCase>,
}

/// The faults to shrink, first seen first, at most
/// [`MOST_FAULTS_A_KIND`] a kind; and of each kind, how many more faults
/// there were and in how many games.
fn faults_seen(games: &[Option<GameSeen>]) -> (Vec<FaultSeen>, BTreeMap<Kind, (usize, u64)>) {
    let mut seen: Vec<FaultSeen> = Vec::new();
    let mut index: HashMap<&Fault, usize> = HashMap::new();
    for (i, game) in games.iter().enumerate() {
        let Some(GameSeen {
            fault: Some(fault),
            edges,
            focus,
            ..
        }) = game
        else {
            continue;
        };
        match index.get(fault) {
            Some(&at) => {
                let known = &mut seen[at];
                known.games += 1;
                known.edges.retain(|e| edges.contains(e));
            }
            None => {
                index.insert(fault, seen.len());
                seen.push(FaultSeen {
                    fault: fault.clone(),
                    first_game: i as u64,
                    focus: *focus,
                    games: 1,
                    edges: edges.clone(),
                });
            }
        }
    }
    let mut shown: Vec<FaultSeen> = Vec::new();
    let mut more = BTreeMap::new();
    for fault in seen {
        let kind = fault.fault.kind;
        if shown.iter().filter(|f| f.fault.kind == kind).count() < MOST_FAULTS_A_KIND {
            shown.push(fault);
        } else {
            let (faults, games) = more.entry(kind).or_insert((0, 0));
            *faults += 1;
            *games += fault.games;
        }
    }
    // Kind by kind, each kind's first seen first (the sort is stable).
    shown.sort_by_key(|f| f.fault.kind);
    (shown, more)
}

impl Checker<'_> {
    /// Plays every game, the first alone (a program that cannot start is
    /// said once, and a first game that fails in `+` has the frame found);
    /// then the rest on `threads` threads, in order, until most of a run
    /// of games from the first hung (see [`schedule`]) or the budget runs
    /// out. Fails only when the program cannot be started.
    fn play_all(&self, threads: usize) -> io::Result<AllGames> {
        let options = self.options;
        let unplayed = |frame_found| AllGames {
            frame_found,
            games: (0..options.games).map(|_| None).collect(),
            stopped: Some(Stopped::Budget),
        };
        let first = case::make(options.seed, 0, options.plan);
        let mut first_played = match self.play(&first) {
            Ok(played) => played,
            Err(NotPlayed::Io(error)) => return Err(error),
            Err(NotPlayed::OutOfTime) => return Ok(unplayed(false)),
        };
        let frame_found = options.frame.is_none() && first_played.failure.is_some();
        if frame_found {
            let replayed = self.detect_frame().and_then(|frame| {
                self.set_frame(frame);
                self.play(&first)
            });
            first_played = match replayed {
                Ok(played) => played,
                Err(NotPlayed::Io(error)) => return Err(error),
                Err(NotPlayed::OutOfTime) => return Ok(unplayed(true)),
            };
        }
        let progress = options.printer.progress(options.games, "games");
        progress.inc(1);
        let schedule = Schedule::new(1, options.games);
        schedule.finished(0, hung(&first_played));
        let first = match self.seen(&first, first_played) {
            Ok(seen) => seen,
            Err(NotPlayed::Io(error)) => return Err(error),
            Err(NotPlayed::OutOfTime) => return Ok(unplayed(frame_found)),
        };
        let mut games: Vec<Option<GameSeen>> = (0..options.games).map(|_| None).collect();
        let mut cut: Vec<u64> = Vec::new();
        let mut failed: Option<io::Error> = None;
        // Plain threads taking the next game in order: rayon would split
        // the games into halves, and a stop would keep a different set.
        let work = || {
            let mut done = Vec::new();
            while let Some(i) = schedule.take() {
                let case = case::make(options.seed, i, options.plan);
                let seen = self.play(&case).and_then(|played| {
                    schedule.finished(i, hung(&played));
                    self.seen(&case, played)
                });
                progress.inc(1);
                let stop = seen.is_err();
                done.push((i, seen));
                if stop {
                    break;
                }
            }
            done
        };
        std::thread::scope(|scope| {
            let workers = match schedule::workers(scope, threads, &work) {
                Ok(workers) => workers,
                Err(error) => {
                    failed = Some(error);
                    Vec::new()
                }
            };
            for worker in workers {
                for (i, seen) in worker.join().unwrap_or_default() {
                    match seen {
                        Ok(seen) => games[i as usize] = Some(seen),
                        Err(NotPlayed::OutOfTime) => cut.push(i),
                        Err(NotPlayed::Io(error)) => failed = Some(error),
                    }
                }
            }
        });
        progress.finish_and_clear();
        if let Some(error) = failed {
            return Err(error);
        }
        games[0] = Some(first);
        let stop_at = schedule.stopped_at().unwrap_or(options.games);
        // Games a thread had started past a stop are not kept either.
        for game in games.iter_mut().skip(stop_at as usize) {
            *game = None;
        }
        let stopped = if cut.iter().any(|&i| i < stop_at) {
            Some(Stopped::Budget)
        } else if stop_at < options.games {
            Some(Stopped::Hangs)
        } else {
            None
        };
        Ok(AllGames {
            frame_found,
            games,
            stopped,
        })
    }
}

/// The findings written, and the faults the budget left no time to show.
struct Found {
    findings: Vec<Finding>,
    out_of_time: Vec<FaultSeen>,
}

impl Checker<'_> {
    /// Shrinks the first game of each fault in `faults` and writes it
    /// out. With a budget, the time left is shared among the faults still
    /// to shrink; the smallest game reached when a share runs out is kept,
    /// and a fault reached when none is left is counted, not shown.
    fn find_all(&self, faults: &[FaultSeen]) -> Result<Found, CheckError> {
        let spinner = self.options.printer.spinner();
        let mut found = Found {
            findings: Vec::new(),
            out_of_time: Vec::new(),
        };
        for (i, fault) in faults.iter().enumerate() {
            spinner.set_message(format!("shrinking a {} game", fault.fault.kind.name()));
            let share = self.deadline.map(|deadline| {
                let left = deadline.saturating_duration_since(Instant::now());
                Instant::now() + left / (faults.len() - i) as u32
            });
            match self.find(fault, share, &found.findings)? {
                Shown::Written(finding) => found.findings.push(*finding),
                Shown::Same => {}
                Shown::OutOfTime => found.out_of_time.push(fault.clone()),
            }
        }
        spinner.finish_and_clear();
        // Numbered once those that shrank to the same game are gone.
        let kinds: Vec<Kind> = found.findings.iter().map(Finding::kind).collect();
        for (i, finding) in found.findings.iter_mut().enumerate() {
            let before = kinds[..i].iter().filter(|&&k| k == kinds[i]).count();
            let all = kinds.iter().filter(|&&k| k == kinds[i]).count();
            finding.number = (before + 1, all);
        }
        Ok(found)
    }
}

impl Checker<'_> {
    /// `played`, as the check keeps it.
    fn seen(&self, case: &Case, played: Played) -> Result<GameSeen, NotPlayed> {
        let (fault, clean) = self.fault_in(case, &played)?;
        let mut credit = played.credit;
        credit.input_right = self.input_right(case, &played, fault.as_ref(), clean)?;
        Ok(GameSeen {
            fault,
            credit,
            edges: EdgeCase::of(case),
            won_after_a_move: played.won_after_a_move,
            focus: focus_of(case, &played),
        })
    }

    /// Whether the game's bad answers were handled. Not handled when the
    /// same game without them (`clean`, played here if not yet) goes
    /// wrong elsewhere or not at all, or when the fault is a bad answer
    /// taken; handled when the game agreed, or went wrong the same way
    /// after some were typed in the moves it had played. Not judged
    /// otherwise: a program that fails before any bad answer reaches it
    /// never showed how it takes them, and a wrong clue is not its
    /// answers' fault.
    fn input_right(
        &self,
        case: &Case,
        played: &Played,
        fault: Option<&Fault>,
        clean: Option<Played>,
    ) -> Result<Option<bool>, NotPlayed> {
        if !case.has_bad_answers() {
            return Ok(None);
        }
        let Some(failure) = &played.failure else {
            return Ok(Some(true));
        };
        if failure.kind == Kind::WrongText {
            return Ok(Some(true));
        }
        if fault.is_some_and(|f| f.kind == Kind::Input) {
            return Ok(Some(false));
        }
        let Some(at) = failure.after_move else {
            return Ok(None);
        };
        // A board printed past the last turn is past every answer.
        let at = at.min(case.turns.len());
        let typed = |turns: usize| case.turns.iter().take(turns).any(Turn::has_bad_answers);
        if !typed(at) || matches!(failure.kind, Kind::Hang | Kind::TooMuchOutput) {
            return Ok(None);
        }
        // The moves whose boards the program printed right, from the
        // first: their bad answers were taken right. Only those typed
        // after them, up to where it went wrong, may be why it did.
        let right_through = played.credit.boards_right.saturating_sub(1).min(at);
        let suspect = case.turns[right_through..at]
            .iter()
            .any(Turn::has_bad_answers);
        if !suspect {
            return Ok(typed(right_through).then_some(true));
        }
        let clean = match clean {
            Some(clean) => clean,
            None => self.play(&case.without_bad_answers())?,
        };
        let same = clean
            .failure
            .as_ref()
            .is_some_and(|c| c.kind == failure.kind && c.reached() == failure.reached());
        // The moves played to their boards before it went wrong.
        let played_through = if failure.during_move {
            at.saturating_sub(1)
        } else {
            at
        };
        Ok(match same {
            false => Some(false),
            true if typed(played_through) => Some(true),
            true => None,
        })
    }

    /// The fault `played` shows, and the game played again without its
    /// bad answers where that was needed. A wrong board or ending in a
    /// game with bad answers is played once more without them: if it
    /// then agrees, the fault is the bad answer taken, however it showed;
    /// if it still fails, the bad answers are not the cause, and the
    /// fault is what the game showed.
    fn fault_in(
        &self,
        case: &Case,
        played: &Played,
    ) -> Result<(Option<Fault>, Option<Played>), NotPlayed> {
        let Some(failure) = &played.failure else {
            return Ok((None, None));
        };
        let shows_on_the_board = matches!(
            failure.kind,
            Kind::WrongBoard | Kind::WrongEnding | Kind::MissingBoard
        );
        // A bad answer typed after it went wrong cannot be its cause.
        let typed_before = failure
            .after_move
            .is_some_and(|at| case.turns.iter().take(at).any(Turn::has_bad_answers));
        let clean = if shows_on_the_board && typed_before {
            Some(self.play(&case.without_bad_answers())?)
        } else {
            None
        };
        if clean.as_ref().is_some_and(|clean| clean.failure.is_none()) {
            return Ok((Some(Fault::bad_answer_taken()), clean));
        }
        let fault = Fault::of(failure, case, &played.expected, &played.run.stderr);
        Ok((Some(fault), clean))
    }

    /// The edge cases `seen` was seen only on that it needs: each one left
    /// out of the plan, [`fault::EDGE_TRIALS`] more games (made from
    /// numbers no check's game has) are played, and the edge case is kept
    /// only when none shows the same fault. Where the budget runs out
    /// first, nothing is said of it.
    fn edges_it_needs(&self, seen: &FaultSeen, deadline: Option<Instant>) -> Vec<EdgeCase> {
        let shown_without = |plan: case::Plan| {
            (0..fault::EDGE_TRIALS).into_par_iter().any(|trial| {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return true;
                }
                let case = case::make(self.options.seed, EDGE_TRIAL_GAMES + trial, plan);
                match self.play(&case) {
                    Ok(played) => self
                        .fault_in(&case, &played)
                        .map_or(true, |(fault, _)| fault.as_ref() == Some(&seen.fault)),
                    Err(_) => true,
                }
            })
        };
        seen.edges
            .iter()
            .copied()
            .filter(|edge| {
                edge.left_out_of(self.options.plan)
                    .is_some_and(|plan| !shown_without(plan))
            })
            .collect()
    }

    /// Shrinks the first game of `seen`, keeping its fault and staying
    /// within the plan, until `deadline`, and writes the smallest game out.
    fn find(
        &self,
        seen: &FaultSeen,
        deadline: Option<Instant>,
        found: &[Finding],
    ) -> Result<Shown, CheckError> {
        let options = self.options;
        let case = case::make(options.seed, seen.first_game, options.plan);
        let first_seen = (case.rows(), case.cols(), case.turns.len());
        let cut_short = AtomicBool::new(false);
        let same_fault = |case: &Case| {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                cut_short.store(true, Ordering::Relaxed);
                return None;
            }
            if !options.plan.allows(case) {
                return None;
            }
            let played = match self.play(case) {
                Ok(played) => played,
                Err(NotPlayed::OutOfTime) => {
                    cut_short.store(true, Ordering::Relaxed);
                    return None;
                }
                Err(NotPlayed::Io(_)) => return None,
            };
            let fault = self.fault_in(case, &played).ok()?.0?;
            (fault == seen.fault).then_some(Some(played))
        };
        let started = Instant::now();
        let shrunk = shrink::shrink(case, None, seen.focus, same_fault, |case, played| {
            played
                .as_ref()
                .map_or_else(Focus::default, |p| focus_of(case, p))
        });
        tracing::debug!(
            kind = seen.fault.kind.name(),
            from = ?first_seen,
            to = ?(shrunk.case.rows(), shrunk.case.cols(), shrunk.case.turns.len()),
            steps = shrunk.steps,
            runs = shrunk.runs,
            seconds = started.elapsed().as_secs_f64(),
            "shrunk"
        );
        if found.iter().any(|f| f.case == shrunk.case) {
            return Ok(Shown::Same);
        }
        // Every game kept while shrinking showed the fault, so its kind is
        // the fault's: a game that still has bad answers is no proof that
        // it needs them (the fault says when it does).
        let kind = seen.fault.kind;
        let taken = found.iter().filter(|f| f.kind() == kind).count();
        let name = match taken {
            0 => kind.name().to_owned(),
            n => format!("{}-{}", kind.name(), n + 1),
        };
        let folder = options.out.join(name);
        let Some((played, input, again)) =
            reproduction::write_reproduction(self, &shrunk.case, &folder, shrunk.found)?
        else {
            return Ok(Shown::OutOfTime);
        };
        Ok(Shown::Written(Box::new(Finding {
            frame: self.frame(),
            fault: seen.fault.clone(),
            number: (1, 1),
            games: seen.games,
            seen_only_on: self.edges_it_needs(seen, deadline),
            game: seen.first_game,
            first_seen,
            case: shrunk.case,
            played,
            input,
            again,
            steps: shrunk.steps,
            cut_short: cut_short.into_inner(),
            folder,
        })))
    }
}

/// What became of a fault's smallest game.
enum Shown {
    Written(Box<Finding>),
    /// It shrank to a game another finding already shows.
    Same,
    /// The budget ran out before it could be played once more.
    OutOfTime,
}
