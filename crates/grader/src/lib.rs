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
//! | `src/lib.rs` | the map, and what a check is asked | `Options`, `CheckError`, `every_core`; `check` and the outcome's types re-exported |
//! | `src/checker/mod.rs` | the check itself | `check(Options) -> Outcome`, `Checker`: `play_all`, `detect_frame`, `time_for_a_game`, `play_from`, `input_right`, `find_all` |
//! | `src/checker/reproduction.rs` | a finding's files | `write_reproduction`: the smallest game played once more from board.txt and input.txt, expected.txt, actual.txt and stderr.txt written from that run (the output kept to 256 KiB); the game as shrinking played it when the budget leaves no time |
//! | `src/outcome.rs` | what a check returns | `Outcome`, `GameResult`, `Finding`, `Played`, `Stopped`: values the reports read |
//! | `src/prepared.rs` | the program and its sandbox made ready | `prepared` (the layout checked, the program's folder measured, a file it names and was not handed in refused), `readable` |
//! | `src/schedule.rs` | which games are played | `Schedule`: games handed out in order (`take`), told when they end (`finished`); a run of games from the first, at least `HANGS_BEFORE_STOPPING` (5) of them hung and half or more, stops the rest (`stopped_at`), wherever the threads were |
//! | `src/fault.rs` | telling faults apart | `Fault::of(failure, case, expected, stderr)`: the kind, what was done with numbers out, and the move's path (action, what its square showed) or a crash's place; `EdgeCase` (no mines, one row or column; said of a fault only when `EDGE_TRIALS` more games of the plan without it, `left_out_of`, do not show it: `Checker::edges_it_needs`), `MOST_FAULTS_A_KIND` |
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
//! How `check` goes, in `src/checker/`: the program and its sandbox are made
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
//! - **Without the jail, only a trusted program runs.** On a system that
//!   has no jail (`sandbox::JAILS_HERE`: not Linux) the command line
//!   refuses a check without `--no-sandbox`, a class and a bundle: a
//!   folder and a clean environment keep nothing from a hostile program.
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
mod checker;
pub mod expected;
pub mod fault;
pub mod judge;
pub mod layout;
#[cfg(feature = "proj3-model")]
pub mod model;
mod outcome;
mod prepared;
pub mod reader;
pub mod runner;
pub mod schedule;
pub mod score;
pub mod shrink;

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use console::messages::Printer;
use engine::Frame;

use case::Plan;
pub use checker::check;
pub use outcome::{Finding, GameResult, Outcome, Played, Stopped};
use runner::Program;
pub use schedule::HANGS_BEFORE_STOPPING;
// The sandbox's types a check's outcome and errors carry, so a reader of
// them needs no other crate.
pub use sandbox::{FolderError, Protection};
use score::Weights;

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

/// The threads a check plays on when none are asked for: one a core. (Not
/// rayon's count, which starts rayon's own threads to know it, and stops
/// the program when they cannot start.)
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}
