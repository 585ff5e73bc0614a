//! What each command does, from parsed arguments to finished output.

use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufWriter, Write};
use std::time::Duration;

use crate::cli::{Cli, ColorChoice, Command, PlayArgs, RandomArgs, RuleSet};
use crate::engine::{FirstMove, Layout, NoRoom, Pos, Rules, place_mines, to_board_file};
use crate::front::animate::Animation;
use crate::front::comp1511;
use crate::front::prompt::{BoardSource, Console, RandomBoards, Session, play};
use crate::front::script::Script;
use crate::load::{LoadError, load_board};
use crate::render::{Paint, write_solution};

/// Why the program stopped early.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("cannot write or read the console: {0}")]
    Io(#[from] io::Error),
    /// Options that cannot work together, found after clap's own checks.
    #[error("{0}")]
    Usage(String),
}

impl AppError {
    /// 2 for a usage error, as clap uses; 1 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            AppError::Usage(_) => 2,
            AppError::Load(_) | AppError::Io(_) => 1,
        }
    }

    /// A reader that went away (`minesweeper … | head`) is no failure to report.
    pub fn is_closed_output(&self) -> bool {
        matches!(self, AppError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

pub fn run(cli: Cli) -> Result<(), AppError> {
    let paint = paint_for(cli.color);
    let mut out = BufWriter::new(io::stdout().lock());
    match cli.command {
        Some(Command::Show { board }) => {
            let board = load_board(&board)?;
            write_solution(&mut out, &board, paint)?;
        }
        Some(Command::Generate { random, at }) => generate(&mut out, &random, at)?,
        Some(Command::Comp1511) => comp1511::play(io::stdin().lock(), &mut out)?,
        None => {
            // Everything about the game is checked before the game starts.
            let session = session(&cli.play)?;
            let mut console = Console {
                input: io::stdin().lock(),
                out: &mut out,
                err: io::stderr(),
                paint,
            };
            play(&mut console, session)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The rules, their words and the board source the options ask for.
fn session(args: &PlayArgs) -> Result<Session, AppError> {
    let mut rules = args.rules.rules();
    if let Some(policy) = args.random.first_move {
        rules = rules.with_first_move(policy.into());
    }
    let source = match &args.board {
        Some(path) => BoardSource::Board(load_board(path)?),
        None if args.random.any_given() || args.rules != RuleSet::Proj3 => {
            let layout = args.random.layout();
            let seed = args.random.seed.unwrap_or_else(fresh_seed);
            let boards = RandomBoards::new(layout, seed, rules)
                .map_err(|no_room| too_many_mines(layout, rules, no_room))?;
            BoardSource::Random(boards)
        }
        None => BoardSource::Ask,
    };
    // COMS 227 differs from classic only in how islands open: same words.
    let script = match args.rules {
        RuleSet::Proj3 => &Script::PROJ3,
        RuleSet::Classic | RuleSet::Coms227 => &Script::CLASSIC,
    };
    let animation = args
        .animate
        .map(|ms| Animation::for_stdout(Duration::from_millis(ms)));
    Ok(Session {
        rules,
        script,
        source,
        animation,
    })
}

fn too_many_mines(layout: Layout, rules: Rules, no_room: NoRoom) -> AppError {
    let policy = match rules.first_move {
        FirstMove::Any => "any",
        FirstMove::Safe => "safe",
        FirstMove::Opening => "opening",
    };
    AppError::Usage(format!(
        "--mines {} is too many for a {}x{} board with --first-move {policy}: at most {} leave \
         room for the first move",
        no_room.mines, layout.rows, layout.cols, no_room.room
    ))
}

/// `generate`: a random board file on stdout.
fn generate(
    out: &mut impl Write,
    random: &RandomArgs,
    at: Option<(usize, usize)>,
) -> Result<(), AppError> {
    let layout = random.layout();
    let policy = random.first_move.map(FirstMove::from);
    let first = match at {
        Some((row, col)) if row > layout.rows || col > layout.cols => {
            return Err(AppError::Usage(format!(
                "--at {row},{col} is off a board of {} rows and {} columns",
                layout.rows, layout.cols
            )));
        }
        Some((row, col)) => Some(Pos::new(row - 1, col - 1)),
        None if matches!(policy, Some(FirstMove::Safe | FirstMove::Opening)) => {
            return Err(AppError::Usage(
                "--first-move safe or opening needs --at ROW,COL, the square to keep clear"
                    .to_owned(),
            ));
        }
        None => None,
    };
    // A square named with --at is kept clear unless told otherwise.
    let policy = policy.unwrap_or(if first.is_some() {
        FirstMove::Safe
    } else {
        FirstMove::Any
    });
    let seed = match random.seed {
        Some(seed) => seed,
        None => {
            let seed = fresh_seed();
            // On stderr, so stdout stays a board file; a failure to say it is no reason to stop.
            let _ = writeln!(io::stderr(), "minesweeper: generated with --seed {seed}");
            seed
        }
    };
    let board = place_mines(layout, policy, first, seed).map_err(|no_room| {
        AppError::Usage(format!(
            "--mines {} is too many for a {}x{} board: only {} squares may hold a mine",
            no_room.mines, layout.rows, layout.cols, no_room.room
        ))
    })?;
    out.write_all(to_board_file(&board).as_bytes())?;
    Ok(())
}

/// A seed for a game the player did not seed: std's hasher keys come from
/// the operating system's randomness, so this differs from run to run.
fn fresh_seed() -> u64 {
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

fn paint_for(choice: ColorChoice) -> Paint {
    let colour = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => supports_color::on_cached(supports_color::Stream::Stdout).is_some(),
    };
    if colour { Paint::Colour } else { Paint::Plain }
}
