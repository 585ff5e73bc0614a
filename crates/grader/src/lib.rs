//! `check`, the grader: plays many games against a student's proj3 program and hands
//! back, for each kind of failure, the smallest game that shows it.
//!
//! Game `i` is made from the seed `seed + i` ([`case::make`]); our side is
//! the engine (`expected`); the program is run with a time limit
//! ([`runner`]); its boards are found in its output (`reader`) and
//! compared with ours (`judge`); the first failing game of each kind is
//! made smaller (`shrink`) and written out to be run again
//! (`reproduction`). What a check tells (text, JSON, Gradescope, pages)
//! is `minesweeper-reports`', read from the [`Outcome`] returned here.
//!
//! # Map
//!
//! Owns: the games played against a student's program, running it in a
//! process group with a time limit, reading its boards in any format,
//! judging, shrinking, each finding's files; an `Outcome` of values,
//! which the reports above read. May use: `sandbox` (where each game's
//! program runs: the jail, its own crate below this one), `engine`,
//! `console` (our side's transcript is the prompt game's), `signals` (the
//! watcher kills the programs and removes their boards), `visible`,
//! `process-wrap`, `rayon`, `serde`, `serde_json`,
//! `signal-hook`, `tempfile`, `thiserror`, `libc` (Unix: a game's process
//! waited on by its pidfd). Must never use: clap (its `Inputs` is a plain
//! enum the command line mirrors), the full screen, an output format.
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/lib.rs` | `check`, the grader | `check(Options) -> Outcome`, `prepared` (the program and its sandbox), `play_all`, `detect_frame`, `time_for_a_game`, `play_from`, `input_right`, `find_all`, `Finding`, `Score`, `CheckError` |
//! | `src/schedule.rs` | which games are played | `Schedule`: games handed out in order (`take`), told when they end (`finished`); a run of games from the first, at least `HANGS_BEFORE_STOPPING` (5) of them hung and half or more, stops the rest (`stopped_at`), wherever the threads were |
//! | `src/fault.rs` | telling faults apart | `Fault::of(failure, case, expected, stderr)`: the kind, what was done with numbers out, and the move's path (action, what its square showed) or a crash's place; `EdgeCase` (no mines, one row or column; said of a fault only when `EDGE_TRIALS` more games of the plan without it, `left_out_of`, do not show it: `Checker::edges_it_needs` in lib.rs), `MOST_FAULTS_A_KIND` |
//! | `src/score.rs` | the score | `Weights` (default 60/25/15, with `--exact` 50/25/15/10; `WeightsGiven` parsed from `boards=60,…`), `Score::of` (each part the share right times its points), `Part` (its title and the kinds shown under it), `Points` |
//! | `src/bundle.rs` | Gradescope's autograder | `Settings::from_options` (the options as `check` arguments, the seed fixed, a 5-minute budget by default), `write` (setup.sh, which runs the binary once so an image it cannot run on fails when built; run_autograder with the submission found, the check run as root (each game a user of its own), `timeout` at budget + 60 s and a fallback results.json that quotes what the check said; this binary copied) |
//! | `src/case.rs` | one game to play against a program | `Case` (mines, `Turn`s: a move, bad answers before each of its prompts, upper case), `make(seed, i, Plan)` (the course's boards, then every shape from `min_size` up to `max_size`, boards without mines left out with `at_least_one_mine`; a player who knows the mines, aiming to win, lose or stop), `Plan::allows` (what shrinking may reach), `Inputs` (required, all), `Bad`, `Case::input` |
//! | `src/expected.rs` | our side of a game | `expect(case)`: the engine's boards after each move and the `Ending`; `transcript(case, file)`: the prompt game's whole text (`--exact`, expected.txt) |
//! | `src/layout.rs` | `Layout` (the program's folder, OUT, a class and its OUT, HOME, the temporary folder, each `resolved`), `program_for_runs` (a file of the program's folder named on the command line, made a path into the game's copy), `hides` (what no game may read whole), `not_copied`, `refusal`; `LayoutError` |
//! | `src/model/` | programs played in this process (feature `proj3-model`) | `Proj3` (the example's proj3 with its bugs by name, `proj3.rs` plain std, included by `examples/proj3.rs`), a `runner::Model`: what tests hand `check` through `Options::in_process` |
//! | `src/runner.rs` | running the program | `run_in(Program, input, limit, prepare)` and `run`: stdin written and stdout/stderr read on threads, the exit waited for on a pidfd (woken by it, not polling), the process group (a job on Windows) killed at the limit or past 4 MiB of output; `End`, `describe_status` (signal names from signal-hook); `Model` and `InProcess` (a program played in this process, the tests' seam: `Checker::run_game` calls it instead of starting one), `exited` |
//! | `src/reader.rs` | boards in any output | `read(stdout, board) -> Vec<Printed>`, `by_labels`, `places`, `lines`, `is_decoration`, `Cell`, `Unreadable` |
//! | `src/judge.rs` | `judge(Judged) -> Verdict`: the first `Failure` (a hang or flood, a crash or unreadable output, the boards move by move with `left_out`, an ending said early, the ending, with `--exact` the text) and the game's `Credit` (`Contents::SetAside`); `Kind` |
//! | `src/shrink.rs` | `shrink(case, found, Focus, fails, focus_of)`: `PASSES` of cuts (around the `Focus`, halves and quarters of the board and the turns, rows and columns, bad answers, mines), each kept up while a cut still fails; the first cut of a pass that fails is kept |
//! | `src/reproduction.rs` | a finding's files | `write_reproduction`: the smallest game played once more from board.txt and input.txt (the board named as `RunAgain` does), expected.txt, actual.txt and stderr.txt written from that run (the board's full path written as that name, the output kept to 256 KiB); the game as shrinking played it when the budget leaves no time |
//! | `src/again.rs` | how a finding is run again by hand | `RunAgain` (the program's command from its folder, the finding's folder as the reader reaches it from there: inside it, by its full path, or in a class copied in by its name; `board_file` for input.txt, `line`, `where_to_run_it`) |
//!
//! How boards are read in any output (`src/reader.rs`): the first
//! all-covered board found becomes the program's template (never the
//! board file's own rows echoed; between two glyphs that read as many
//! boards, the one that is not the frame's is the squares'; a reading of
//! the frame's glyph that finds a board before the one it learned from
//! is a frame line, refused). Where none is all covered, a line of column
//! labels `1 2 … C` says where the squares stand (`by_labels`). The lines
//! are walked one board's rows at a time, so a flood of output costs its
//! own size; each `Printed` keeps its first line and where its squares
//! stand, so a report draws it as printed.
//!
//! How `check` goes, in `src/lib.rs`: the program and its sandbox are made
//! ready (`prepared`: a layout that would expose the teacher's folders is
//! refused, the program's folder measured, a file the command names and
//! was not handed in refused, `readable` what its command needs and never
//! the grader's own binary; `Sandbox::none` with `--no-sandbox`). Game `i`
//! comes from seed + `i`, taken in order by plain threads. When the first
//! game fails the board files' frame is found (`detect_frame`: the first
//! four games in `+` and in `#`, `+` on a tie). Every game runs within
//! twice `--timeout` on the clock and the budget's end (a game the budget
//! cuts is `NotPlayed::OutOfTime`, never a hang) and is played again where
//! the clock stopped it before its CPU time ran out. A board without mines
//! is judged against either ending; a bad answer's part only where one
//! came before the game went wrong. The first game of each fault (three a
//! kind) is shrunk within its share of the budget and written out
//! (`find_all`); the `Score` counts every game asked, or there is none
//! (`Stopped::Budget`).
//!
//! # Decisions
//!
//! - **Each game is a jail, denied by default**: the `minesweeper-sandbox`
//!   crate, whose map tells its layers and why it builds them itself.
//! - **`--no-sandbox` is there to measure the sandbox.** It runs every game
//!   in the program's own folder with the check's rights, says so in every
//!   report, and is refused for a class or a bundle, which run students'
//!   programs, unless `--trust-programs` says they are trusted.
//! - **What a game may read follows what holds what, not how folders are
//!   named.** A course keeps the program's folder, the solution, the reports
//!   and the class anywhere: side by side, one inside another, under /tmp
//!   or a home, through links. Hiding the whole folder around the program's
//!   (its classmates' place) once hid the program itself when it was named
//!   by its full path, and every game crashed: a correct program scored 0
//!   beside its reports, and the suite failed in any clone under /tmp. So
//!   the program runs its copy (a file of its folder named on the command
//!   line becomes the copy's, which also keeps the teacher's paths out of
//!   its tracebacks), and every path a game may read is checked against the
//!   folders as they are on disk (`layout.rs`): it may not hold or lie
//!   inside the reports or the class, nor hold the teacher's home, the
//!   temporary folder or the folder around the program's; what the teacher
//!   named inside those (an interpreter, a venv beside the program) stays
//!   readable. The reports are never copied with the program's folder
//!   (`check-failures` lies inside it by default). What a game would need
//!   but may not have is refused before the first game, never played and
//!   scored 0.
//! - **`check` is a front end like the others.** The engine plays our side
//!   of each game (`expected.rs`), and the prompt game writes the course's
//!   transcript for `--exact`; nothing of the rules is written again for the
//!   grader. A case is a board and the typed turns as values (bad answers as
//!   symbols, turned into text for the board's size when written), so the
//!   shrinker can take a row away and move the turns with it.
//! - **A program's boards are read by its own template.** The assignment
//!   lets the text differ, so no fixed format can be assumed. The first board
//!   a proj3 program prints has every square covered: `rows` lines in a row
//!   that each hold one glyph exactly `cols` times among labels, frames and
//!   spaces. Those lines, with the squares' places marked, are the template:
//!   a later board is the same lines with other glyphs in those places. This
//!   reads the course's printer, a bare grid of `#`, pipes between squares,
//!   0-based labels and colour codes alike, and never mistakes prose or a
//!   frame line for a row (frame characters are never the covered glyph, and
//!   a frame character in a square's place is not a row). A format whose
//!   frame is drawn with the covered glyph itself cannot be read: it is
//!   reported as unreadable, not guessed at.
//! - **A report says only what the program did, and a test replays it.**
//!   Every finding's files are its evidence: a test plays each finding's
//!   input.txt into its program again, by hand, for the example's bugs, the
//!   buggy proj3.py and mutants of the correct one (`examples/mutants.py`),
//!   and checks that it gives actual.txt, that a crash crashes and nothing
//!   else is called what a crash did, that the program's board drawn is
//!   lines of actual.txt printed while the move named was played (the input
//!   cut after that move prints it, cut before does not), and that the
//!   square named differs. What it found before: a crash instead of the
//!   ending told as the ending not said, a flag that opened an island told as
//!   a board left out (a board only looks left out when fewer were printed),
//!   a win said after the next move's answers placed a move early, and a
//!   board of `#` two columns wide drawn as four squares of `#` (the tie
//!   between `#` and `.` went to the first seen). The program's board is
//!   drawn from its own lines, never rebuilt in our frame.
//! - **One bug is charged once.** A wrong clue used to cost the boards, the
//!   ending (every failing game was an ending not right) and the answers
//!   (every failing game with bad answers was answers not right): 2.8 of 25
//!   and 1.9 of 15 for a program whose answers and endings were right. The
//!   ending is judged with the boards' contents set aside (the count of
//!   boards and the ending said), or, past a board left out, by the ending
//!   said last, and not at all in a game whose first fault is a wrong
//!   board: the game its program went on to play is no longer ours, so a
//!   program could score less with its win check fixed than broken, its
//!   wrong boards then costing endings too (45 of the 66 wrong-board games
//!   of `examples/buggy_proj3.py` at seed 42 were charged twice); the answers
//!   only in games where one was typed before the game went wrong, right
//!   when the game without them goes wrong the same way. A game that goes
//!   wrong before any bad answer never showed how the program takes them:
//!   it is not judged, and a program none of whose games reach one gets 0
//!   for that part, not full marks, so a program that never prints a right
//!   board still scores 0.
//! - **A hang is told by CPU time, not by the clock.** The sandbox gives
//!   each process `--timeout` seconds of CPU time (`SIGXCPU` at the end:
//!   `End::OutOfCpu`), which the machine's load does not change; the clock
//!   allows twice that, and a game it stops is played again and called a
//!   hang only if it waits as long again. At load 20 to 40 a correct
//!   program once scored 99.92 for a "hang" the check could not
//!   reproduce: a game cut by the clock was the machine's fault, not the
//!   program's. Playing again alone (no other game of the check beside it)
//!   was tried and dropped: a program that sleeps took 16.5 s to check
//!   instead of 10.5 s, and in a class each of its games would hold every
//!   other student's, while a busy machine is mostly busy with other
//!   things than the check's games.
//! - **Failures are told apart before boards are compared.** A hang (the
//!   time limit, or over 4 MiB of output) comes first, then a crash (a
//!   non-zero exit, a signal, a Python or Rust traceback) when boards are
//!   missing or none can be read, then the boards in order, then the ending.
//!   Endings are read from the text after each board by the words programs
//!   use (`won`, `congratulations`, `detonat`, `game over`, …). The last
//!   move's ending may also come before its board (some programs print
//!   "You won!" first): it counts when it follows that move's prompts, with
//!   no prompt after it; said before them, it is an ending a move early.
//!   The right ending told without the last board is a missing board at the
//!   last move, shown beside the board the course's game prints there.
//!   After a loss
//!   a program may also uncover the board. At the end of the input a program
//!   may stop as it likes: the course's own raises `EOFError`.
//! - **Shrinking is ours, and small, and starts where the game went wrong.**
//!   Cuts come in passes, each kept up while one of its cuts still fails the
//!   same way, the passes going round until none takes anything away, at
//!   most 2000 runs: around the focus (the turns up to the failing move; the
//!   board cropped to windows of one to three rows and columns, then four
//!   and five square, holding the square that differs and the move's, then
//!   the square alone with the turns outside moved to its edge: a published
//!   program's 5x5 fault shows on 4x4 so), halves and quarters of the rows,
//!   the columns or both away from it (a 16x16 game of a program that plays
//!   square boards only went down a row and a column a cut: 451 runs; now
//!   168), rows and columns (each takes the turns on it, so a long game of
//!   flags shrinks by its rows), halves and quarters of the turns down to
//!   one, bad answers, a row and a column together (a fault of square boards
//!   loses neither alone), a row or column whose turns move onto the line
//!   beside (a flag on an open square keeps the reveal that opened it),
//!   halves of the mines with the turns on them (a flag on every mine stays
//!   one), a mine alone, a mine moved nearer. One list of every cut, tried
//!   from its start after each cut kept, spent most of its runs trying again
//!   what had failed: 2000 runs (the limit) and an 8x9 board of 24 moves for
//!   one fault, now 90 runs and 1x2; a class's time went mostly to shrinking
//!   before. A pass's cuts are tried in parallel and the first in its order
//!   that still fails is kept (`find_map_first`), so the result is the same
//!   on any number of threads; a pass's next list, of a case a little
//!   smaller, is tried from where its last cut was found, so the cuts that
//!   failed before it are not all tried again after every cut. A fault is
//!   `input` only when the game typed without its bad answers agrees
//!   (`fault_in` plays it): a shrink cut short by the budget may end on a
//!   game that still holds bad answers, which proves nothing about them.
//! - **A grade is a function of the program.** The budget bounds the whole
//!   check (each game's limit is cut to the budget's end), but never chooses
//!   which games count: a score over the games that happened to fit would
//!   change with the machine's load (28 on a busy machine, 69 on a quiet
//!   one, for one real program). So games come first, and when they do not
//!   all fit there is no score (`Outcome::score` is `None`), said in every
//!   report; only shrinking and reproductions take what is left. The hang
//!   rule is made the same way: games are taken in order of their numbers
//!   (plain threads with a shared counter, since rayon splits a range into
//!   halves), and the stop is decided on the run of games from the first
//!   whose results are all known, so the games that count do not depend on
//!   which thread was quicker; a stop needs half of that run or more hung,
//!   so a program that hangs on one kind of board is played to the end.
//! - **The program runs in its own process group** (a job object on
//!   Windows, both through `process-wrap`), so a hang is stopped with every
//!   process it started; stdin is written and stdout and stderr are read on
//!   scoped threads, so a program that reads nothing or prints without end
//!   never blocks the check. Its own group does not get the terminal's
//!   Ctrl-C, so the signal watcher kills every group still running before
//!   `check` exits (`signals::KillOnInterrupt`; a test interrupts a check of a
//!   hanging program and finds nothing left).
//!   The exit runs no destructors, so the folder of board files `check` hands
//!   its programs is removed by the watcher too (`RemoveOnInterrupt`; the same
//!   test finds the temporary folder empty).

pub mod again;
pub mod bundle;
pub mod case;
pub mod expected;
pub mod fault;
pub mod judge;
pub mod layout;
#[cfg(feature = "proj3-model")]
pub mod model;
pub mod reader;
mod reproduction;
pub mod runner;
pub mod schedule;
pub mod score;
pub mod shrink;

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use console::messages::Printer;
use engine::{Board, Frame, to_board_file};
use sandbox::{Limits, Sandbox};
use signals::RemoveOnInterrupt;

use case::{Case, Plan, Turn};
use expected::{Expected, expect, transcript};
use fault::{EdgeCase, Fault, MOST_FAULTS_A_KIND};
use judge::Credit;
use judge::{Failure, GameLimits, Judged, Kind, Verdict, judge};
use layout::Layout;
use runner::{End, Program, Run};
pub use schedule::HANGS_BEFORE_STOPPING;
// The sandbox's types a check's outcome and errors carry, so a reader of
// them needs no other crate.
pub use sandbox::{FolderError, Protection};
use schedule::Schedule;
use score::{Score, Weights};
use shrink::Focus;

/// What to check, and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// The program checked, as it is run.
    pub program: Program,
    /// Games played.
    pub games: u64,
    /// The seed the games are made from.
    pub seed: u64,
    /// What the games are made of.
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
    /// The points of each part of the score.
    pub weights: Weights,
    /// How long the whole check may take. Every game must be played
    /// within it for the check to give a score; shrinking and the other
    /// extra work take what is left, and stop at its end.
    pub budget: Option<Duration>,
    /// Where progress is drawn, and whether (a class's students' checks
    /// are quiet: the class shows its own bar).
    pub printer: Printer,
    /// When the check runs as root, run the program as nobody.
    pub unprivileged: bool,
    /// In a class: the class folder and the class's reports' folder,
    /// which no game may read.
    pub class: Option<(PathBuf, PathBuf)>,
    /// Games run in the sandbox; `false` (`--no-sandbox`) runs each in
    /// the program's own folder with the check's rights, to measure what
    /// the sandbox costs.
    pub sandboxed: bool,
    /// A program played in this process, not `program` started: no
    /// sandbox, no process, the same judging (tests' seam).
    pub in_process: Option<runner::InProcess>,
}

/// Why a check could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    /// The program's folder cannot be copied.
    Folder(#[from] sandbox::FolderError),
    #[error("cannot check in these folders: {0}")]
    /// The folders stand where a game cannot be kept from what it must
    /// not read, or from what it must.
    Layout(#[from] layout::LayoutError),
    #[error("cannot run `{program}`: {reason}")]
    /// The program cannot be run at all.
    NotRunnable {
        /// The command line, as shown.
        program: String,
        /// Why.
        reason: String,
    },
    #[error("{what}: {source}")]
    /// A file or a folder of the check could not be made or written.
    Io {
        /// What was being done.
        what: String,
        #[source]
        /// Why it failed.
        source: io::Error,
    },
}

impl CheckError {
    /// An I/O error, with what was being done (for `map_err`).
    pub fn io(what: impl Into<String>) -> impl FnOnce(io::Error) -> CheckError {
        let what = what.into();
        move |source| CheckError::Io { what, source }
    }
}

/// One game played and judged.
#[derive(Debug)]
pub struct Played {
    /// What the course's game does.
    pub expected: Expected,
    /// What the program did.
    pub run: Run,
    /// The first way they differ, if they do.
    pub failure: Option<Failure>,
    /// What the program got right, part by part.
    pub credit: Credit,
    /// Our whole transcript, with `--exact`.
    pub transcript: Option<String>,
    /// A board without mines the program won after the first move, not
    /// before it: the other ending the course allows.
    pub won_after_a_move: bool,
}

/// The smallest failing game found for one fault.
#[derive(Debug)]
pub struct Finding {
    /// The frame of its board file.
    pub frame: Frame,
    /// The fault: the same in every game it stands for.
    pub fault: Fault,
    /// Which fault of its first kind it is (from 1), of how many found.
    pub number: (usize, usize),
    /// The games that showed this fault.
    pub games: u64,
    /// The edge cases every one of those games was: the fault may be one
    /// the assignment never asked about.
    pub seen_only_on: Vec<EdgeCase>,
    /// The game it was first seen in, and that game's size.
    pub game: u64,
    /// That game's rows, columns and moves.
    pub first_seen: (usize, usize, usize),
    /// The smallest game that still shows it.
    pub case: Case,
    /// That game, as the program played it.
    pub played: Played,
    /// What input.txt holds: the board file's name (see [`again`]), then
    /// the turns.
    pub input: String,
    /// How it is played again by hand.
    pub again: again::RunAgain,
    /// Smaller games kept while shrinking.
    pub steps: usize,
    /// Shrinking stopped when the time budget ran out.
    pub cut_short: bool,
    /// Where the reproduction was written.
    pub folder: PathBuf,
}

impl Finding {
    /// What went wrong: its fault's kind.
    pub fn kind(&self) -> Kind {
        self.fault.kind
    }
}

/// One game's result.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The kind it failed as, `None` when it agreed.
    pub kind: Option<Kind>,
    /// What it got right, part by part.
    pub credit: Credit,
}

/// Everything a check found.
#[derive(Debug)]
pub struct Outcome {
    /// Each game's result, game 0 first; `None`: not played.
    pub results: Vec<Option<GameResult>>,
    /// How long the check took, shrinking included.
    pub seconds: f64,
    /// The frame of the board files the games were played with.
    pub frame: Frame,
    /// Whether it was found by trying both (the first game failed in `+`).
    pub frame_found: bool,
    /// Games played.
    pub games: u64,
    /// Games left unplayed: past a run of games that mostly hung, or
    /// when the time budget ran out.
    pub not_played: u64,
    /// Why games were left unplayed.
    pub stopped: Option<Stopped>,
    /// Games the program agreed with the course's game on.
    pub agreed: u64,
    /// Failing games by kind.
    pub failures: BTreeMap<Kind, u64>,
    /// The faults, each shrunk to its smallest game.
    pub findings: Vec<Finding>,
    /// Faults past `MOST_FAULTS_A_KIND` of a kind, or found when the
    /// time budget had run out, and their games: counted, not shown.
    pub more_faults: BTreeMap<Kind, (usize, u64)>,
    /// Faults counted but not shown because the budget ran out.
    pub out_of_time_faults: usize,
    /// The score over every game asked; `None` when the time budget ran
    /// out before every game was played: a score over some of them would
    /// pass for one over all.
    pub score: Option<Score>,
    /// What the games ran under, and what the system did not allow.
    pub protections: Vec<Protection>,
    /// Whether the games ran in a sandbox at all (not with
    /// `--no-sandbox`).
    pub sandboxed: bool,
    /// The folders left out of the copy of the program's folder.
    pub left_out: Vec<PathBuf>,
    /// Games on boards without mines that the program won after the
    /// first move, not before it (either agrees).
    pub won_after_a_move: u64,
}

/// A game's time on the clock, as a multiple of `--timeout`: the CPU
/// time a game may use (which the machine's load does not change) stops a
/// program that computes too long; only one that waits this long on the
/// clock, and as long again when played again, is stopped by the clock.
const WALL_CLOCK_ROOM: u32 = 2;

/// Why games were left unplayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Most of a run of games from the first hung
    /// ([`HANGS_BEFORE_STOPPING`] at least): the games past it count as
    /// hung, unplayed.
    Hangs,
    /// The time budget ran out before every game was played: no score.
    Budget,
}

/// Why a game has no result.
#[derive(Debug)]
enum NotPlayed {
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
struct Checker<'a> {
    options: &'a Options,
    /// The program as the games run it: a path into its folder made a
    /// path into the game's copy.
    program: Program,
    scratch: tempfile::TempDir,
    next_file: AtomicU64,
    sandbox: Sandbox,
    /// Board files are framed with `#`, not `+`.
    hash_frame: AtomicBool,
    /// When the time budget runs out: no game runs past it.
    deadline: Option<Instant>,
}

impl Checker<'_> {
    /// Plays `case` against the program.
    fn play(&self, case: &Case) -> Result<Played, NotPlayed> {
        let n = self.next_file.fetch_add(1, Ordering::Relaxed);
        let path = self.scratch.path().join(format!("board-{n}.txt"));
        let played = self.play_from(case, &path);
        let _ = fs::remove_file(&path);
        played
    }

    /// Writes `case`'s board file at `path`, in the frame the program
    /// reads, and gives that board.
    fn write_board(&self, case: &Case, path: &Path) -> io::Result<Board> {
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
    fn play_from(&self, case: &Case, path: &Path) -> Result<Played, NotPlayed> {
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
        let mut run = runner::run_in(&self.program, input, limit, |command| {
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
        .tempdir()
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

/// The program as the games run it, and the sandbox its folders allow:
/// the layout checked, the program's folder measured, a file it names
/// and was not handed in refused, what a game may read.
fn prepared(options: &Options) -> Result<(Program, Sandbox), CheckError> {
    if options.in_process.is_some() {
        // Nothing is started: nothing to find, copy or confine.
        let here = std::env::current_dir().map_err(CheckError::io("cannot find this folder"))?;
        return Ok((options.program.clone(), Sandbox::none(&here)?));
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let layout = Layout::new(
        options.folder.as_deref(),
        &options.out,
        options
            .class
            .as_ref()
            .map(|(c, o)| (c.as_path(), o.as_path())),
        home.as_deref(),
    );
    layout.refusal()?;
    let folder = options
        .folder
        .as_deref()
        .map(|folder| sandbox::ProgramFolder::measure(folder, &layout.not_copied()))
        .transpose()?;
    let path_variable = std::env::var_os("PATH");
    let program = layout.program_for_runs(
        &options.program,
        folder
            .as_ref()
            .map_or(&[][..], sandbox::ProgramFolder::left_out),
        path_variable.as_deref(),
    )?;
    if let Some(missing) = layout.missing_file(&program) {
        return Err(CheckError::NotRunnable {
            program: options.program.shown(),
            reason: format!(
                "there is no {} in the program's folder{}",
                visible::path(missing),
                options
                    .folder
                    .as_ref()
                    .map(|f| format!(" ({})", visible::path(f)))
                    .unwrap_or_default()
            ),
        });
    }
    let limits = Limits::for_games(options.timeout);
    let sandbox = if options.sandboxed {
        let readable = readable(&layout, &program, path_variable.as_deref());
        let checked = sandbox::find_command(Path::new(&program.command), path_variable.as_deref());
        Sandbox::new(
            folder.as_ref(),
            limits,
            options.unprivileged,
            readable,
            checked.as_deref(),
        )?
    } else {
        let here = match &options.folder {
            Some(folder) => folder.clone(),
            None => std::env::current_dir().map_err(CheckError::io("cannot find this folder"))?,
        };
        Sandbox::none(&here)?
    };
    #[cfg(unix)]
    if let Some(user) = sandbox.others_must_reach() {
        unreachable_by_the_games_user(&program, &options.program, user)?;
    }
    Ok((program, sandbox))
}

/// What `program`'s games may read besides their folder and board: what
/// its command and arguments need, none of what `layout` hides. (Copies
/// of the grader among them are the sandbox's to find and hide.)
fn readable(
    layout: &Layout,
    program: &Program,
    path_variable: Option<&std::ffi::OsStr>,
) -> sandbox::Readable {
    let args: Vec<PathBuf> = program.args.iter().map(PathBuf::from).collect();
    let command = Path::new(&program.command);
    sandbox::Readable::for_program(command, &args, path_variable, |path| {
        layout.hides(path).is_some()
    })
}

/// Refuses a program that `user`, whom the games run as, could not reach
/// on the host, saying where it is stopped and what to do, rather than
/// "permission denied" from every game. `program` is as the games run
/// it, `shown` as the teacher gave it.
#[cfg(unix)]
fn unreachable_by_the_games_user(
    program: &Program,
    shown: &Program,
    user: &str,
) -> Result<(), CheckError> {
    let command = Path::new(&program.command);
    let found = sandbox::find_command(command, std::env::var_os("PATH").as_deref());
    let named = program
        .args
        .iter()
        .map(Path::new)
        .filter(|a| a.is_absolute());
    for path in found.as_deref().into_iter().chain(named) {
        if let Some(closed) = sandbox::closed_to_others(path) {
            return Err(CheckError::NotRunnable {
                program: shown.shown(),
                reason: format!(
                    "its games run as {user}, who cannot reach {}: {} is closed to other users. \
                     Put it where every user may read it, or in the program's folder (--folder, \
                     copied for every game) and run it from there{}",
                    visible::path(path),
                    visible::path(&closed),
                    if user.contains("--unprivileged") {
                        ", or check without --unprivileged"
                    } else {
                        ""
                    }
                ),
            });
        }
    }
    Ok(())
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

/// The threads a check plays on when none are asked for: one a core. (Not
/// rayon's count, which starts rayon's own threads to know it, and stops
/// the program when they cannot start.)
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
