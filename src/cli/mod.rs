//! The command line: clap's types, and [`parse`], which reads them with
//! errors that say what to type instead.

mod advice;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use console::messages::{Printer, Verbosity};
use console::render::Background;
use engine::{FirstMove, Frame, Layout, RuleSet};
use grader::case::Inputs;
use grader::score::WeightsGiven;
use screen::theme::Theme;
use solver::WhenStuck;

pub use advice::parse;

/// A console Minesweeper: play a board file the course's CMSC 201 Project 3
/// way, or random boards by the classic rules.
///
/// Proj3 rules (the default): flag every mine, and nothing else, to win.
/// Classic rules: open every square without a mine to win. Under both,
/// revealing a mine loses.
#[derive(Debug, Parser)]
// The name usage lines give on every system (not `minesweeper.exe`, as the
// file is named on Windows), so help reads the same everywhere.
#[command(name = "minesweeper", bin_name = "minesweeper", version = env!("MINESWEEPER_VERSION"))]
#[command(
    override_usage = "minesweeper [OPTIONS] [BOARD]\n       minesweeper [--color <WHEN>] <COMMAND>"
)]
#[command(after_help = "\
Board files are rows of `+` (the frame), `*` (a mine) and spaces (empty squares):

  +++++++
  + *   +
  +   * +
  +++++++

On the board: `.` not opened, `F` flag, `?` question mark, `1`-`8` a clue,
blank an opened empty square, `X` the mine that went off. When a classic
game is lost the board shows the mines and the flags: `*` mines that were
not flagged, `F` right flags, `x` wrong flags; safe squares not opened stay
covered.

Exit status: 0 when the game ends or the input runs out, 1 for a bad board
file, an I/O error or too little memory, 2 for a usage error.")]
pub struct Cli {
    #[command(subcommand)]
    /// The command; none plays the prompt game.
    pub command: Option<Command>,

    /// When to colour the output: `auto` colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t, global = true)]
    pub color: ColorChoice,

    /// Say nothing on stderr but the error that ends the program: no
    /// warnings, no progress bars. The output itself is the same.
    #[arg(long, short, global = true, conflicts_with = "verbose")]
    pub quiet: bool,

    /// Say on stderr what the program decides (the sandbox's layers, each
    /// student's check), as MINESWEEPER_LOG=debug does; twice, every step.
    #[arg(long, short, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,

    #[command(flatten)]
    /// The prompt game's board, rules and options.
    pub play: PlayArgs,
}

impl Cli {
    /// Where the command's messages go, as `--quiet` and `--verbose` say.
    pub fn printer(&self) -> Printer {
        Printer::new(match (self.quiet, self.verbose) {
            (true, _) => Verbosity::Quiet,
            (false, 0) => Verbosity::Normal,
            (false, times) => Verbosity::Verbose(times),
        })
    }
}

/// `--animate` without a value: milliseconds a step.
const ANIMATE_MS: &str = "60";

/// What to play.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The board file to play. Without it, proj3 asks for one (an empty
    /// answer plays the built-in board, the course's board3.txt) and
    /// classic plays a random board.
    #[arg(value_name = "BOARD", conflicts_with = "RandomArgs")]
    pub board: Option<PathBuf>,

    /// The rules to play by.
    #[arg(long, value_enum, default_value_t)]
    pub rules: RulesArg,

    #[command(flatten)]
    /// How reveals are animated.
    pub animate: AnimateArgs,

    /// Offer `h` for a hint at the row and action prompts: a square that is
    /// certainly safe or certainly a mine, or the best guess; and why.
    /// Hints used are counted at the end.
    #[arg(long)]
    pub hints: bool,

    /// Play for a screen reader or a braille display: no board is
    /// reprinted; after each move one line says what changed, and commands
    /// read a square, its neighbours, a row, a column or the counts (`?`
    /// lists them). No colour and no escape codes.
    #[arg(long, conflicts_with = "animate")]
    pub screen_reader: bool,

    /// The terminal's background, for the clue colours on a terminal of 16
    /// colours (the Linux console), where none reads on both: without it,
    /// the terminal is asked, then COLORFGBG, then what was last said here
    /// (kept in the settings), then dark.
    #[arg(long, value_enum, value_name = "SHADE")]
    pub background: Option<BackgroundArg>,

    #[command(flatten)]
    /// Whether the game is recorded, or carried on.
    pub records: RecordArgs,

    #[command(flatten)]
    /// A random board: its size, mines and seed.
    pub random: RandomArgs,
}

/// `--background`: the terminal's background.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BackgroundArg {
    /// Black or near it.
    Dark,
    /// White or near it.
    Light,
}

impl From<BackgroundArg> for Background {
    fn from(background: BackgroundArg) -> Self {
        match background {
            BackgroundArg::Dark => Background::Dark,
            BackgroundArg::Light => Background::Light,
        }
    }
}

/// `--animate`, for the prompt game and the full screen alike.
#[derive(Debug, Args)]
pub struct AnimateArgs {
    /// Show each reveal step by step, as the island is explored: on a
    /// terminal, redrawn in place MS milliseconds apart (60 without a value;
    /// any key skips to the end); piped, every step's board one after another.
    #[arg(
        long,
        value_name = "MS",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = ANIMATE_MS
    )]
    pub animate: Option<u64>,
}

/// What is kept of a game.
#[derive(Debug, Args)]
pub struct RecordArgs {
    /// Leave no trace of this game: neither the history of finished games
    /// nor the save of the game in progress is written (or read). So does
    /// MINESWEEPER_NO_RECORD set and not empty.
    #[arg(long, conflicts_with_all = ["resume", "record"])]
    pub no_record: bool,

    /// Keep this game in the records although its input is not a
    /// terminal. Games played from a script or a file (`< moves.txt`) are
    /// not recorded without it, so scripted runs leave no trace.
    #[arg(long)]
    pub record: bool,

    /// Carry on the game saved in progress, where it was left (a game is
    /// saved after every move). Without it, a terminal is asked.
    #[arg(long)]
    pub resume: bool,
}

/// A random board: its size, its mines, its seed, its first move.
#[derive(Debug, Args)]
#[command(next_help_heading = "Random boards")]
pub struct RandomArgs {
    /// A standard size: beginner 9x9 with 10 mines, intermediate 16x16 with
    /// 40, expert 16 rows and 30 columns with 99. --rows, --cols and --mines
    /// change the size they give.
    #[arg(long, value_enum)]
    pub level: Option<Level>,

    /// Rows of the board (1 to 5000).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=Layout::MOST_SIDE as i64))]
    pub rows: Option<u16>,

    /// Columns of the board (1 to 5000).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=Layout::MOST_SIDE as i64))]
    pub cols: Option<u16>,

    /// How many mines.
    #[arg(long, allow_negative_numbers = true, value_parser = |t: &str| whole_number::<usize>(t, usize::MAX as u64))]
    pub mines: Option<usize>,

    /// Makes the board reproducible: the same seed gives the same mines, on
    /// every platform and in every release. Without it a seed is picked and
    /// printed (at the end of the game, or on stderr by `generate`).
    #[arg(long, allow_negative_numbers = true, value_parser = |t: &str| whole_number::<u64>(t, u64::MAX))]
    pub seed: Option<u64>,

    /// Which squares the mines avoid, given the first square opened: none
    /// (`any`), that square (`safe`, the default), or it and its neighbours
    /// (`opening`).
    #[arg(long, value_enum, value_name = "POLICY")]
    pub first_move: Option<FirstMovePolicy>,
}

impl RandomArgs {
    /// Whether any option asks for a random board.
    pub fn any_given(&self) -> bool {
        self.level.is_some()
            || self.rows.is_some()
            || self.cols.is_some()
            || self.mines.is_some()
            || self.seed.is_some()
            || self.first_move.is_some()
    }

    /// Whether any option names the board's size or its mines.
    pub fn size_given(&self) -> bool {
        self.level.is_some() || self.rows.is_some() || self.cols.is_some() || self.mines.is_some()
    }

    /// The level's size (beginner without one), changed by --rows, --cols, --mines.
    pub fn layout(&self) -> Layout {
        let base = self.level.unwrap_or(Level::Beginner).layout();
        Layout::new(
            self.rows.map_or(base.rows, usize::from),
            self.cols.map_or(base.cols, usize::from),
            self.mines.unwrap_or(base.mines),
        )
    }
}

#[derive(Debug, Subcommand)]
/// The commands besides the prompt game.
pub enum Command {
    /// Print a board file solved: mines as `*`, every clue, blanks, in the game's board format.
    Show(ShowArgs),
    /// Print a completion script for SHELL, to be sourced or installed
    /// (README says where each shell looks for it).
    Completions(CompletionsArgs),
    /// Print the manual page (roff), for `man -l -` or a man directory.
    Man,
    /// Play the COMP1511 (UNSW) game: integer commands on stdin, as the course's reference program.
    ///
    /// First the number of mines and their row/column pairs (from 0; pairs off the 8x8 field are
    /// ignored), then commands: 1 r and 2 c count the mines in a row or column, 3 r c s in the
    /// s x s square centred at r, c (three hints a game); 4 r c reveals a square (and its
    /// neighbours if none is a mine); 7 r c reveals lines out from it at every 45 degrees; 5 and 6
    /// switch between the gameplay and debug prints. The first reveal never hits a mine: the
    /// field shifts down until it is safe.
    Comp1511,
    /// Play full screen, with keys and mouse: chording, undo, pause, hints
    /// and the chance of a mine on every square (? lists the keys).
    ///
    /// Without BOARD a random board by classic rules; with one, by proj3's
    /// unless --rules says otherwise. The menu (m) changes the next game's
    /// level, size, rules, no-guess, question marks and colours, and keeps
    /// them: what the command line leaves open comes from there next time.
    #[command(mut_arg("animate", |arg| arg.help(
        "Show each reveal step by step, as the island is explored, MS milliseconds a step \
         (60 without a value); any key skips to the end"
    )))]
    Play(ScreenArgs),
    /// Statistics of the games kept in the history: for each rule set and
    /// board, games played and won, streaks, winning times, 3BV/s and
    /// efficiency, and the last games.
    ///
    /// Worked out from the history each time. Wins with an undo, a hint or
    /// a mine set off and taken back are counted apart from clean wins;
    /// losses never count in times.
    Stats(StatsArgs),
    /// Watch a recorded game again, full screen, at the pace it was
    /// played: space pauses, the arrows step back and forward, + and -
    /// change the speed.
    Replay(ReplayArgs),
    /// Write a random board file to stdout, to play or to keep.
    Generate(GenerateArgs),
    /// Let the solver play a board file alone, and say how it went: hints
    /// used, guesses made, won or lost.
    ///
    /// It deduces all it can, from one clue, from two clues side by side, and
    /// from every arrangement of the remaining mines. When nothing is certain
    /// it asks for a hint, a square the board knows to be safe (as the CIS 120
    /// homework's solver does), or with --when-stuck guess makes its best guess.
    Solve(SolveArgs),
    /// Let the solver play many random games alone and report its win rate,
    /// with a 95 % interval, where it lost, and its speed.
    ///
    /// Game i is the random board of seed SEED + i (play it with
    /// `--rules classic --seed`), whatever the number of threads.
    Bench(BenchArgs),
    /// Play many games against a proj3 program and report, for each kind
    /// of failure, the smallest game that shows it.
    ///
    /// PROGRAM is run as the course runs it, once a game: it is asked for a
    /// board file and given the path of one written for the game, then
    /// rows, columns and actions, one answer a line, with bad answers mixed
    /// in. Its boards are read from its output, whatever their format, and
    /// compared move by move with the course's game, and so is how the game
    /// ends. The first failure of each kind is made as small as it goes and
    /// written to --out, to be run again with `PROGRAM < DIR/KIND/input.txt`.
    ///
    /// Exit status: 0 when every game agrees; 1 when some do not, or the
    /// --budget ran out before every game was played (no score), or with
    /// --class when a student got no score or an entry of the class
    /// folder was passed over; 2 on a usage error, when PROGRAM cannot be
    /// run, or when its folders cannot be sandboxed as promised.
    #[command(override_usage = "minesweeper check [OPTIONS] -- <PROGRAM> [ARGS]...")]
    Check(CheckArgs),
}

/// `show`: a board file solved.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The board file to print.
    #[arg(value_name = "BOARD")]
    pub board: PathBuf,
}

/// `completions`: a shell's completion script.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    #[arg(value_enum)]
    /// The shell to complete for.
    pub shell: clap_complete::Shell,
}

/// `play`: the full-screen game.
#[derive(Debug, Args)]
pub struct ScreenArgs {
    /// The board file to play.
    #[arg(value_name = "BOARD", conflicts_with = "RandomArgs")]
    pub board: Option<PathBuf>,

    /// The rules to play by [default: proj3 with BOARD; without, the
    /// menu's last choice or classic].
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Deal random boards that the solver clears from the first square
    /// opened without guessing, made once that square is chosen.
    #[arg(long)]
    pub no_guess: bool,

    /// The colours: classic clue colours, colorblind (Okabe-Ito), or
    /// mono (also when colour is off) [default: the menu's last choice,
    /// or classic].
    #[arg(long, value_enum)]
    pub theme: Option<ThemeArg>,

    /// Play in lines for a screen reader or a braille display instead of
    /// the full screen: the same boards and records, one line a move,
    /// commands to read the board (`?` lists them), hints with `h`.
    #[arg(long, conflicts_with_all = ["animate", "theme"])]
    pub screen_reader: bool,

    #[command(flatten)]
    /// How reveals are animated.
    pub animate: AnimateArgs,

    #[command(flatten)]
    /// Whether the game is recorded, or carried on.
    pub records: RecordArgs,

    // Last, so that its heading covers only its own options.
    #[command(flatten)]
    /// A random board: its size, mines and seed.
    pub random: RandomArgs,
}

/// `stats`: the history in figures.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Only games played by these rules.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Only games of this level's size.
    #[arg(long, value_enum)]
    pub level: Option<Level>,

    /// Print one JSON object instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// `replay`: a recorded game watched again, or written out.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// `last` (the default), a game's number in the history (as `stats`
    /// lists them), or a move log written by --export.
    #[arg(value_name = "GAME", default_value = "last")]
    pub game: String,

    /// Write the game as a plain text move log to FILE (`-` for stdout)
    /// instead of showing it; `replay FILE` reads it back.
    #[arg(long, value_name = "FILE")]
    pub export: Option<PathBuf>,

    /// Write the game as a page that plays it back to FILE (`-` for
    /// stdout): one file, to open in any browser or to share.
    #[arg(long, value_name = "FILE", conflicts_with = "export")]
    pub html: Option<PathBuf>,

    /// Times the real pace to start at (0.25 to 64).
    #[arg(long, default_value = "1", value_parser = speed)]
    pub speed: f64,
}

/// `generate`: a random board file.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    /// The board's size, mines and seed.
    pub random: RandomArgs,

    /// The first square that will be opened, as ROW,COL (from 1), for
    /// --first-move safe or opening to keep clear.
    #[arg(long, value_name = "ROW,COL", allow_hyphen_values = true, value_parser = parse_square)]
    pub at: Option<(usize, usize)>,

    /// Only a board the solver clears from --at (the centre without it)
    /// by deduction alone, never guessing. The first move opens an area
    /// unless --first-move says otherwise.
    #[arg(long)]
    pub no_guess: bool,

    /// How many boards to print, a blank line between them: those of seeds
    /// SEED, SEED+1, and on (with --no-guess, each search starts after the
    /// seed of the board before). A set of boards to test a program on, or to
    /// give another solver the very games `bench` plays.
    #[arg(long, value_name = "N", default_value_t = 1, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
}

/// `solve`: the solver alone on a board file.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board file to solve.
    #[arg(value_name = "BOARD")]
    pub board: PathBuf,

    /// The first square to open, as ROW,COL (from 1). Without it the
    /// first move is a hint.
    #[arg(long, value_name = "ROW,COL", allow_hyphen_values = true, value_parser = parse_square)]
    pub at: Option<(usize, usize)>,

    /// What to do when nothing is certain.
    #[arg(long, value_enum, value_name = "WHAT", default_value_t)]
    pub when_stuck: Stuck,

    /// Print every deduction with its reason, and the board after it.
    #[arg(long)]
    pub steps: bool,
}

/// `bench`: the solver alone on many random games.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// How many games.
    #[arg(long, default_value_t = 10_000, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,

    /// Threads to play on, 1 to 256 [default: every core].
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,

    /// The first square opened in every game, as ROW,COL (from 1)
    /// [default: the top left corner; when the first move opens an area,
    /// 3,4 on expert and 3,3 otherwise: the squares measured to win most].
    #[arg(long, value_name = "ROW,COL", allow_hyphen_values = true, value_parser = parse_square)]
    pub at: Option<(usize, usize)>,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,

    /// Say how each game went as well, in game order: its seed, won or
    /// where it was lost, its guesses, and their chances of a mine added
    /// up (the mines it was expected to meet). A table before the report,
    /// or `each` in the JSON object.
    #[arg(long)]
    pub each: bool,

    // Last, so that its heading covers only its own options.
    #[command(flatten)]
    /// The boards' size, mines and seed.
    pub random: RandomArgs,
}

/// `check`: a proj3 program graded against the course's game.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// How many games.
    #[arg(long, default_value_t = 300, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,

    /// Makes the games reproducible: game n (from 1, as reports count)
    /// is made from SEED + n - 1. Without it a seed is picked and printed.
    #[arg(long, allow_negative_numbers = true, value_parser = |t: &str| whole_number::<u64>(t, u64::MAX))]
    pub seed: Option<u64>,

    /// Which bad answers to type.
    #[arg(long, value_enum, default_value_t)]
    pub inputs: InputsArg,

    /// The most rows and columns of a random board (the course's
    /// boards are played as they are).
    #[arg(long, default_value_t = 10, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=99))]
    pub max_size: u16,

    /// The fewest rows and columns of a random board, and of a failing
    /// game made smaller: 2 leaves out boards of one row or column, when
    /// the assignment never asked about them.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=99))]
    pub min_size: u16,

    /// Give every random board a mine, and keep one in every failing game
    /// made smaller: leaves out boards with no mines, when the assignment
    /// never asked about them.
    #[arg(long)]
    pub at_least_one_mine: bool,

    /// Compare whole transcripts, byte for byte, with the course's text
    /// (by default only the boards and the ending must agree).
    #[arg(long)]
    pub exact: bool,

    /// Seconds of CPU time one game may use before the program is stopped
    /// (with everything it started) and reported as hanging; one still
    /// running after twice this on the clock is played again, and hangs
    /// only if it waits as long again.
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = seconds)]
    pub timeout: f64,

    /// Games at once, 1 to 256 [default: every core].
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,

    /// The folder for the smallest failing games, one folder a kind.
    #[arg(long, value_name = "DIR", default_value = "check-failures")]
    pub out: PathBuf,

    /// The frame of the board files the program is given: `+` (the
    /// course's files) or `#` (its 2019 files) [default: the one the
    /// program reads, tried when its first game fails in `+`].
    #[arg(long, value_enum, value_name = "CHAR")]
    pub frame: Option<FrameArg>,

    /// The program's own folder, copied afresh into a folder of its own
    /// for every game, where it runs [default: the current folder]. The
    /// original is never written to.
    #[arg(long, value_name = "DIR")]
    pub folder: Option<PathBuf>,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,

    /// Also write FILE in the format of Gradescope's results.json: one
    /// test a part of the score, worth its weight.
    #[arg(long, value_name = "FILE")]
    pub gradescope: Option<PathBuf>,

    /// Also write FILE as GitHub Classroom's autograding reporter reads a
    /// test runner's result (base64 it into the step's `result` output):
    /// one test a part of the score, worth its weight.
    #[arg(long, value_name = "FILE")]
    pub github_classroom: Option<PathBuf>,

    /// Also write FILE as PrairieLearn's external grader's results.json
    /// (/grade/results/results.json): the score from 0 to 1, one test a
    /// part of it, and the report.
    #[arg(long, value_name = "FILE")]
    pub prairielearn: Option<PathBuf>,

    /// The points of each part of the score, such as
    /// boards=60,endings=25,input=15 (and text=N with --exact); parts not
    /// named keep theirs [default: boards=60,endings=25,input=15, with
    /// --exact boards=50 and text=10].
    #[arg(long, value_name = "PART=POINTS,...")]
    pub weights: Option<WeightsGiven>,

    /// The most time one program's check may take, such as 30s or 2m.
    /// Every game asked is played first: when they do not all fit, there
    /// is no score (never one over some of them). Shrinking takes what is
    /// left, keeping the smallest game reached by the end.
    #[arg(long, value_name = "TIME", value_parser = duration)]
    pub budget: Option<std::time::Duration>,

    /// When the check runs as root, run each game as the user nobody
    /// rather than a user of its own, its jail built by nobody as for a
    /// check run by another user, nothing of root's used (each smallest
    /// game is played again from a copy of its board that nobody can
    /// read, so --out may be a folder only you can enter).
    #[arg(long)]
    pub unprivileged: bool,

    /// Run each game without the sandbox: in the program's own folder,
    /// with this environment and your rights, no limits, namespaces or
    /// Landlock. For measuring what the sandbox costs, on a program you
    /// trust; every report says so. With --class and --gradescope-bundle
    /// only with --trust-programs too.
    #[arg(long)]
    pub no_sandbox: bool,

    /// With --no-sandbox, run a class's or a Gradescope bundle's programs
    /// without the sandbox too: every student's program then runs with
    /// your rights.
    #[arg(long, requires = "no_sandbox")]
    pub trust_programs: bool,

    /// Check a whole class: each folder in DIR is a student's, the program
    /// is run in a fresh copy of it, and --out gets summary.csv and a
    /// folder a student (report.txt, results.json, the smallest games).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["folder", "gradescope", "github_classroom", "prairielearn", "json", "gradescope_bundle"])]
    pub class: Option<PathBuf>,

    /// Write a Gradescope autograder to DIR (setup.sh, run_autograder
    /// and this program) that checks each submission with these options,
    /// then stop.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["folder", "gradescope", "github_classroom", "prairielearn", "json"])]
    pub gradescope_bundle: Option<PathBuf>,

    /// The program to check and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "PROGRAM", num_args = 1..)]
    pub program: Vec<OsString>,
}

/// What the solver does when nothing is certain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Stuck {
    /// Ask for a hint: open a square the board knows is safe.
    #[default]
    Hint,
    /// Open the square least likely to hold a mine.
    Guess,
}

impl From<Stuck> for WhenStuck {
    fn from(stuck: Stuck) -> Self {
        match stuck {
            Stuck::Hint => WhenStuck::Hint,
            Stuck::Guess => WhenStuck::Guess,
        }
    }
}

/// A whole number of type `T`, with a message that gives its range.
fn whole_number<T: std::str::FromStr>(text: &str, max: u64) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("expected a whole number from 0 to {max}"))
}

/// A number of seconds above zero, such as `5` or `0.5`.
fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => {
            Err("expected a number of seconds above 0, at most 86400, such as 5 or 0.5".to_owned())
        }
    }
}

/// A length of time: `30`, `30s`, `2m`, `1.5h`.
fn duration(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.char_indices().last() {
        Some((at, 's')) => (&text[..at], 1.0),
        Some((at, 'm')) => (&text[..at], 60.0),
        Some((at, 'h')) => (&text[..at], 3600.0),
        _ => (text, 1.0),
    };
    match number.trim().parse::<f64>() {
        Ok(n) if n > 0.0 && n * unit <= 7.0 * 86_400.0 => {
            Ok(std::time::Duration::from_secs_f64(n * unit))
        }
        _ => Err("expected a time above 0 and at most a week, such as 30s, 2m or 1h".to_owned()),
    }
}

/// A replay's speed: times the real pace.
fn speed(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.25..=64.0).contains(&s) => Ok(s),
        _ => Err("expected times the real pace, from 0.25 to 64, such as 2".to_owned()),
    }
}

fn parse_square(text: &str) -> Result<(usize, usize), String> {
    let numbers = text
        .split_once(',')
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    match numbers {
        Some((row, col)) if row >= 1 && col >= 1 => Ok((row, col)),
        _ => Err("expected ROW,COL with both numbers from 1, such as 5,5".to_owned()),
    }
}

/// `--rules`: the engine's rule sets, with the words help gives them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// CMSC 201 Project 3: win by flagging exactly the mines.
    #[default]
    Proj3,
    /// The classic game: win by opening every safe square; flags, question marks.
    Classic,
    /// Iowa State COMS 227: the classic game, but an empty square clears only
    /// what it reaches up, left, down and right (clearRegion), plus its numbered rim.
    Coms227,
}

impl RulesArg {
    /// The rule set it names.
    pub fn set(self) -> &'static RuleSet {
        match self {
            RulesArg::Proj3 => &RuleSet::PROJ3,
            RulesArg::Classic => &RuleSet::CLASSIC,
            RulesArg::Coms227 => &RuleSet::COMS227,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
/// The classic levels.
pub enum Level {
    /// 9x9, 10 mines.
    Beginner,
    /// 16x16, 40 mines.
    Intermediate,
    /// 16x30, 99 mines.
    Expert,
}

impl Level {
    /// The level's board size and mines.
    pub fn layout(self) -> Layout {
        match self {
            Level::Beginner => Layout::BEGINNER,
            Level::Intermediate => Layout::INTERMEDIATE,
            Level::Expert => Layout::EXPERT,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
/// What the first opening is kept clear of.
pub enum FirstMovePolicy {
    /// Nothing: the first square opened may be a mine.
    Any,
    /// The first square opened is never a mine.
    Safe,
    /// The first square opened and its neighbours hold no mine, so it opens an area.
    Opening,
}

impl From<FirstMovePolicy> for FirstMove {
    fn from(policy: FirstMovePolicy) -> Self {
        match policy {
            FirstMovePolicy::Any => FirstMove::Any,
            FirstMovePolicy::Safe => FirstMove::Safe,
            FirstMovePolicy::Opening => FirstMove::Opening,
        }
    }
}

/// `play --theme`: the screen's themes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThemeArg {
    /// The classic clue colours: 1 blue, 2 green, 3 red, and on.
    Classic,
    /// Okabe-Ito colours, distinguishable without telling red from green.
    Colorblind,
    /// No colour: reverse video for the cursor.
    Mono,
}

impl From<ThemeArg> for Theme {
    fn from(theme: ThemeArg) -> Self {
        match theme {
            ThemeArg::Classic => Theme::Classic,
            ThemeArg::Colorblind => Theme::Colorblind,
            ThemeArg::Mono => Theme::Mono,
        }
    }
}

/// `check --frame`: the frames of board files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FrameArg {
    /// The course's board files.
    #[value(name = "+")]
    Plus,
    /// The 2019 offering's board files.
    #[value(name = "#")]
    Hash,
}

impl From<FrameArg> for Frame {
    fn from(frame: FrameArg) -> Self {
        match frame {
            FrameArg::Plus => Frame::Plus,
            FrameArg::Hash => Frame::Hash,
        }
    }
}

/// `check --inputs`: which bad answers the grader types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum InputsArg {
    /// What the assignment says a program must refuse: numbers out of
    /// range or negative, and actions other than r and f.
    #[default]
    Required,
    /// Also what it lets programs assume away: words where a number is
    /// asked for, empty lines, and actions in upper case.
    All,
}

impl From<InputsArg> for Inputs {
    fn from(inputs: InputsArg) -> Self {
        match inputs {
            InputsArg::Required => Inputs::Required,
            InputsArg::All => Inputs::All,
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
/// When to colour the output.
pub enum ColorChoice {
    #[default]
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Even on a pipe or into a file.
    Always,
    /// Plain text, even on a terminal.
    Never,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_board_or_a_subcommand() {
        let cli = Cli::try_parse_from(["minesweeper", "b.txt"]).unwrap();
        assert_eq!(cli.play.board, Some(PathBuf::from("b.txt")));
        let cli =
            Cli::try_parse_from(["minesweeper", "show", "b.txt", "--color", "never"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Show { .. })));
        assert_eq!(cli.color, ColorChoice::Never);
    }

    #[test]
    fn level_sizes_changed_by_rows_cols_mines() {
        let cli =
            Cli::try_parse_from(["minesweeper", "--level", "expert", "--mines", "50"]).unwrap();
        assert_eq!(cli.play.random.layout(), Layout::new(16, 30, 50));
        let cli = Cli::try_parse_from(["minesweeper", "--rows", "20", "--cols", "40"]).unwrap();
        assert_eq!(cli.play.random.layout(), Layout::new(20, 40, 10));
    }

    #[test]
    fn a_board_file_takes_no_random_options() {
        assert!(Cli::try_parse_from(["minesweeper", "--seed", "7", "b.txt"]).is_err());
        assert!(Cli::try_parse_from(["minesweeper", "--rules", "classic", "b.txt"]).is_ok());
    }

    #[test]
    fn first_move_names_are_the_command_lines() {
        for policy in FirstMovePolicy::value_variants() {
            let name = policy.to_possible_value().unwrap();
            assert_eq!(name.get_name(), FirstMove::from(*policy).name());
        }
    }

    #[test]
    fn rules_names_are_the_rule_sets_names() {
        for rules in RulesArg::value_variants() {
            let name = rules.to_possible_value().unwrap();
            assert_eq!(name.get_name(), rules.set().name);
        }
    }

    #[test]
    fn themes_are_named_as_the_settings_name_them() {
        for theme in ThemeArg::value_variants() {
            let name = theme.to_possible_value().unwrap();
            assert_eq!(Theme::named(name.get_name()), Some(Theme::from(*theme)));
            assert_eq!(name.get_name(), Theme::from(*theme).name());
        }
    }

    #[test]
    fn frame_names_are_their_glyphs() {
        for frame in FrameArg::value_variants() {
            let name = frame.to_possible_value().unwrap();
            assert_eq!(name.get_name(), Frame::from(*frame).glyph().to_string());
        }
    }

    #[test]
    fn squares_are_row_comma_column() {
        assert_eq!(parse_square("5,5"), Ok((5, 5)));
        assert_eq!(parse_square(" 2 , 30 "), Ok((2, 30)));
        for bad in ["5", "0,1", "a,b", "1,2,3", ""] {
            assert!(parse_square(bad).is_err(), "{bad}");
        }
    }
}
