//! What each command does, from parsed arguments to finished output.

use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufWriter, Write};
use std::time::Duration;

use clap::CommandFactory;

use crate::cli::{Cli, Command, PlayArgs, RandomArgs, RecordArgs, RulesArg};
use crate::front::colour::paint_for;
use crate::front::stats as front_stats;
use crate::front::{bench, memory, solve};
use console::animate::Animation;
use console::animate::locale_is_utf8;
use console::comp1511;
use console::load::{LoadError, load_board};
use console::prompt::{BoardSource, Console, RandomBoards, Recording, Session, play};
use console::render::{Paint, write_solution};
use console::resume::{self, ResumeError};
use console::words::seed_line;
use engine::{FirstMove, Layout, NoRoom, Pos, RuleSet, Rules, place_mines, to_board_file};
use grader::{self as check, CheckError, case::Plan, runner::Program};
use records::Recorder;
use records::history::{self, Loaded};
use records::places::Places;
use records::rebuild::{self, Dealt, RebuildError, Rebuilder};
use records::stats::{self, Filter};
use records::{Front, Record, export, save};
use screen::replay::Replay;
use screen::theme::{Looks, Theme};
use solver::{NoGuessError, no_guess_board};

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
    /// `generate --no-guess` found no board within its bound.
    #[error("{0}")]
    NoGuess(String),
    /// `check` could not run the program, or write what it found.
    #[error(transparent)]
    Check(#[from] CheckError),
    /// `check` found games where the program does not agree.
    #[error("{failed} of {games} games did not agree with the course's game")]
    Disagreed { failed: u64, games: u64 },
    /// `--resume` found no game to carry on.
    #[error(transparent)]
    Resume(#[from] ResumeError),
    /// A recorded game that cannot be played again.
    #[error("{what} cannot be played again: {why}")]
    Rebuild { what: String, why: RebuildError },
    /// `stats` or `replay` could not read the records.
    #[error("{0}")]
    Records(String),
}

impl AppError {
    /// 2 for a usage error, as clap uses; 1 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            AppError::Usage(_) | AppError::Check(CheckError::NotRunnable { .. }) => 2,
            AppError::Load(_)
            | AppError::Io(_)
            | AppError::NoGuess(_)
            | AppError::Check(_)
            | AppError::Disagreed { .. }
            | AppError::Resume(_)
            | AppError::Rebuild { .. }
            | AppError::Records(_) => 1,
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
        Some(Command::Generate {
            random,
            at,
            no_guess,
        }) => generate(&mut out, &random, at, no_guess)?,
        Some(Command::Solve {
            board,
            at,
            when_stuck,
            steps,
        }) => {
            let board = load_board(&board)?;
            let options = solve::Options {
                at: at
                    .map(|at| square_on(at, board.rows(), board.cols()))
                    .transpose()?,
                when_stuck: when_stuck.into(),
                steps,
            };
            solve::solve(&mut out, board, options, paint)?;
        }
        Some(Command::Bench {
            random,
            games,
            threads,
            at,
            json,
        }) => {
            let trial = trial(&random, games, threads, at)?;
            let tally = bench::run(trial);
            if json {
                bench::write_json(&mut out, &trial, &tally)?;
            } else {
                bench::write_text(&mut out, &trial, &tally)?;
            }
        }
        Some(Command::Check {
            games,
            seed,
            inputs,
            max_size,
            exact,
            timeout,
            threads,
            out: folder,
            json,
            gradescope,
            program,
        }) => {
            let mut words = program.into_iter();
            let options = check::Options {
                program: Program {
                    command: words.next().expect("clap requires PROGRAM"),
                    args: words.collect(),
                },
                games,
                seed: seed.unwrap_or_else(fresh_seed),
                plan: Plan {
                    inputs: inputs.into(),
                    max_size: usize::from(max_size),
                },
                exact,
                timeout: Duration::from_secs_f64(timeout),
                threads: threads.map(usize::from),
                out: folder,
            };
            let outcome = check::check(&options)?;
            if json {
                check::report::write_json(&mut out, &options, &outcome)?;
            } else {
                check::report::write_text(&mut out, &options, &outcome)?;
            }
            if let Some(path) = gradescope {
                check::report::write_gradescope(&path, &options, &outcome).map_err(|source| {
                    CheckError::Io {
                        what: format!("cannot write {}", visible::path(&path)),
                        source,
                    }
                })?;
            }
            out.flush()?;
            if outcome.agreed < outcome.games {
                return Err(AppError::Disagreed {
                    failed: outcome.games - outcome.agreed,
                    games: outcome.games,
                });
            }
        }
        Some(Command::Stats { rules, level, json }) => {
            let places = places()?;
            let loaded = read_history(&places, history::read_summaries)?;
            let filter = Filter {
                rules: rules.map(|r| r.set().name.to_owned()),
                size: level.map(|level| {
                    let layout = level.layout();
                    (layout.rows, layout.cols, layout.mines)
                }),
            };
            let groups = stats::groups(&loaded.records, &filter);
            if json {
                front_stats::write_json(&mut out, &places.history, &loaded, &groups)?;
            } else {
                front_stats::write_text(&mut out, &places.history, &loaded, &groups)?;
            }
        }
        Some(Command::Replay {
            game,
            export,
            speed,
        }) => {
            let (record, title) = recorded_game(&game)?;
            match export {
                Some(path) if path.as_os_str() == "-" => {
                    out.write_all(export::to_text(&record).as_bytes())?
                }
                Some(path) => std::fs::write(&path, export::to_text(&record)).map_err(|e| {
                    AppError::Records(format!("cannot write {}: {e}", visible::path(&path)))
                })?,
                None => replay(&record, title, speed, paint)?,
            }
        }
        Some(Command::Completions { shell }) => {
            use clap_complete::Generator;
            let mut command = Cli::command().bin_name("minesweeper");
            command.build();
            // try_generate, so a failed write is an error, not a panic.
            shell.try_generate(&command, &mut out)?;
        }
        Some(Command::Man) => clap_mangen::Man::new(Cli::command()).render(&mut out)?,
        Some(Command::Comp1511) => comp1511::play(io::stdin().lock(), &mut out)?,
        Some(Command::Play {
            board,
            rules,
            no_guess,
            theme,
            animate,
            records,
            random,
        }) => {
            let mut recorder = recorder_for(&records, Front::Screen);
            let saved = resume::choose(&mut recorder, records.resume)?;
            let setup = match &saved {
                Some(record) => resumed_setup(record, theme.into(), animate, paint)?,
                None => screen_setup(
                    board.as_deref(),
                    rules,
                    no_guess,
                    theme.into(),
                    animate,
                    &random,
                    paint,
                )?,
            };
            let seed = screen::run(setup, saved.as_ref(), recorder).map_err(|e| match e {
                screen::RunError::Io(e) => AppError::Io(e),
                screen::RunError::Rebuild(why) => AppError::Rebuild {
                    what: "the saved game".to_owned(),
                    why,
                },
            })?;
            if let Some(seed) = seed {
                writeln!(out, "{}", seed_line(seed))?;
            }
        }
        None => {
            // Everything about the game is checked before the game starts.
            let mut session = session(&cli.play)?;
            let mut recorder = recorder_for(&cli.play.records, Front::Prompt);
            let saved = resume::choose(&mut recorder, cli.play.records.resume)?;
            if let Some(record) = &saved {
                // Checked before the game starts, as a board file is.
                rebuild::dealt(record).map_err(|why| AppError::Rebuild {
                    what: "the saved game".to_owned(),
                    why,
                })?;
            }
            session.recording = Recording {
                recorder,
                resume: saved,
                board_name: cli.play.board.as_ref().map(|p| p.display().to_string()),
            };
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

/// What `play` plays: the board file or random boards, the rules and
/// their words, the looks.
fn screen_setup(
    board: Option<&std::path::Path>,
    rules: Option<RulesArg>,
    no_guess: bool,
    theme: Theme,
    animate: Option<u64>,
    random: &RandomArgs,
    paint: Paint,
) -> Result<screen::state::Setup, AppError> {
    let default = if board.is_some() {
        &RuleSet::PROJ3
    } else {
        &RuleSet::CLASSIC
    };
    let rule_set = rules.map_or(default, RulesArg::set);
    let game_rules = rules_of(rule_set, random);
    let deal = match board {
        Some(path) => screen::state::Deal::Board(load_board(path)?),
        None => {
            let layout = random.layout();
            layout
                .check_room(game_rules.first_move)
                .map_err(|no_room| too_many_mines(layout, game_rules, no_room))?;
            screen::state::Deal::Random {
                layout,
                seed: random.seed.unwrap_or_else(fresh_seed),
                no_guess,
            }
        }
    };
    Ok(screen::state::Setup {
        deal,
        rules: game_rules,
        rule_set,
        looks: looks(theme, paint),
        animate: animate.map(Duration::from_millis),
        board_name: board.map(|path| path.display().to_string()),
    })
}

/// The looks the options ask for: mono when colour is off.
fn looks(theme: Theme, paint: Paint) -> Looks {
    let theme = if paint == Paint::Plain {
        Theme::Mono
    } else {
        theme
    };
    Looks {
        theme,
        unicode: locale_is_utf8(),
    }
}

/// The setup of a saved game's screen: its deal and rules, the looks
/// the options ask for.
fn resumed_setup(
    record: &Record,
    theme: Theme,
    animate: Option<u64>,
    paint: Paint,
) -> Result<screen::state::Setup, AppError> {
    let Dealt {
        rule_set,
        rules,
        deal,
    } = rebuild::dealt(record).map_err(|why| AppError::Rebuild {
        what: "the saved game".to_owned(),
        why,
    })?;
    Ok(screen::state::Setup {
        deal,
        rules,
        rule_set,
        looks: looks(theme, paint),
        animate: animate.map(Duration::from_millis),
        board_name: record.board.name.clone(),
    })
}

/// The places of the records, for the commands that read them.
fn places() -> Result<Places, AppError> {
    Places::find().map_err(|e| AppError::Records(e.to_string()))
}

/// The history, read by `read`, each line left out said on stderr with
/// its file and line.
fn read_history<M>(
    places: &Places,
    read: fn(&std::path::Path) -> io::Result<Loaded<M>>,
) -> Result<Loaded<M>, AppError> {
    let loaded = read(&places.history).map_err(|e| {
        AppError::Records(format!(
            "cannot read {}: {e}",
            visible::path(&places.history)
        ))
    })?;
    let mut err = io::stderr().lock();
    for problem in &loaded.problems {
        let _ = writeln!(err, "minesweeper: {problem}");
    }
    Ok(loaded)
}

/// The game `replay` names: `last`, a number in the history, or a file
/// (a move log, or a saved game); with a title for the replay's bar.
fn recorded_game(which: &str) -> Result<(Record, String), AppError> {
    let from_history = |pick: &dyn Fn(&Loaded) -> Option<(usize, Record)>| {
        let places = places()?;
        let loaded = read_history(&places, history::read)?;
        let shown = visible::path(&places.history).to_string();
        match pick(&loaded) {
            Some((number, record)) => Ok((record, format!("of game #{number}"))),
            None if loaded.records.is_empty() => Err(AppError::Records(format!(
                "no game has been recorded yet (in {shown})"
            ))),
            None => Err(AppError::Records(format!(
                "no game #{which} in {shown}: its games are numbered {} to {}",
                loaded.records[0].0,
                loaded.records[loaded.records.len() - 1].0
            ))),
        }
    };
    if which == "last" {
        return from_history(&|loaded| loaded.records.last().cloned());
    }
    if let Ok(number) = which.parse::<usize>()
        && !std::path::Path::new(which).exists()
    {
        return from_history(&|loaded| {
            loaded
                .records
                .iter()
                .find(|(line, _)| *line == number)
                .cloned()
        });
    }
    let path = std::path::Path::new(which);
    let shown = visible::path(path).to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| AppError::Records(format!("cannot read {shown}: {e}")))?;
    let record = if text.trim_start().starts_with('{') {
        save::read(path)
            .map_err(|e| AppError::Records(e.to_string()))?
            .ok_or_else(|| AppError::Records(format!("{shown} is empty")))?
    } else {
        export::from_text(&text).map_err(|e| AppError::Records(format!("{shown}: {e}")))?
    };
    Ok((record, format!("of {shown}")))
}

/// `replay` on the full screen.
fn replay(record: &Record, title: String, speed: f64, paint: Paint) -> Result<(), AppError> {
    let rebuild_error = |why| AppError::Rebuild {
        what: format!("the game {title}"),
        why,
    };
    let setup = resumed_setup(record, Theme::default(), None, paint)?;
    // Every move is checked against the board before the screen is taken.
    let rebuilder = Rebuilder::new(record).map_err(rebuild_error)?;
    let events = rebuilder.events().to_vec();
    let size = crossterm::terminal::size()?;
    let shown = Replay::new(
        setup,
        events,
        speed,
        title.clone(),
        size,
        std::time::Instant::now(),
    )
    .map_err(rebuild_error)?;
    screen::replay::run(shown)?;
    Ok(())
}

/// Where a front end's records go: nowhere with `--no-record`, or when
/// there is no home folder (said once on stderr).
fn recorder_for(records: &RecordArgs, front: Front) -> Recorder {
    let switched_off =
        std::env::var_os(records::NO_RECORD_VARIABLE).is_some_and(|value| !value.is_empty());
    if records.no_record || switched_off {
        return Recorder::off(front);
    }
    match Places::find() {
        Ok(places) => Recorder::new(places, front),
        Err(e) => {
            let _ = writeln!(io::stderr(), "minesweeper: {e}; games are not recorded");
            Recorder::off(front)
        }
    }
}

/// The rule set's rules, with the first-move policy the options ask for.
fn rules_of(rule_set: &RuleSet, random: &RandomArgs) -> Rules {
    let rules = rule_set.rules;
    match random.first_move {
        Some(policy) => rules.with_first_move(policy.into()),
        None => rules,
    }
}

/// The rules, their words and the board source the options ask for.
fn session(args: &PlayArgs) -> Result<Session, AppError> {
    let rules = rules_of(args.rules.set(), &args.random);
    let source = match &args.board {
        Some(path) => BoardSource::Board(load_board(path)?),
        None if args.random.any_given() || args.rules != RulesArg::Proj3 => {
            let layout = args.random.layout();
            let seed = args.random.seed.unwrap_or_else(fresh_seed);
            let boards = RandomBoards::new(layout, seed, rules)
                .map_err(|no_room| too_many_mines(layout, rules, no_room))?;
            BoardSource::Random(boards)
        }
        None => BoardSource::Ask,
    };
    let animation = args
        .animate
        .map(|ms| Animation::for_stdout(Duration::from_millis(ms)));
    Ok(Session {
        rules,
        rule_set: args.rules.set(),
        source,
        animation,
        hints: args.hints,
        recording: Recording::default(),
    })
}

fn too_many_mines(layout: Layout, rules: Rules, no_room: NoRoom) -> AppError {
    AppError::Usage(format!(
        "--mines {} is too many for a {}x{} board with --first-move {}: at most {} leave \
         room for the first move",
        no_room.mines,
        layout.rows,
        layout.cols,
        rules.first_move.name(),
        no_room.room
    ))
}

/// Why `bench` cannot play: not enough memory for the games at once.
fn no_memory_for(layout: Layout, too_big: bench::TooBig) -> AppError {
    let bench::TooBig {
        threads,
        fit,
        per_game,
        available,
    } = too_big;
    let (rows, cols) = (layout.rows, layout.cols);
    let available = memory::human(available);
    AppError::Usage(if fit == 0 {
        format!(
            "one {rows}x{cols} game needs about {} of memory, and {available} is available",
            memory::human(per_game)
        )
    } else {
        format!(
            "playing {threads} {rows}x{cols} games at once needs about {} of memory, and \
             {available} is available: use --threads {fit} or fewer",
            memory::human(per_game.saturating_mul(threads as u64))
        )
    })
}

/// The square `--at ROW,COL` names, checked to lie on the board.
fn square_on((row, col): (usize, usize), rows: usize, cols: usize) -> Result<Pos, AppError> {
    if row > rows || col > cols {
        return Err(AppError::Usage(format!(
            "--at {row},{col} is off a board of {rows} rows and {cols} columns"
        )));
    }
    Ok(Pos::new(row - 1, col - 1))
}

/// The centre square, where a no-guess board starts by default.
fn centre(layout: Layout) -> Pos {
    Pos::new(
        layout.rows.saturating_sub(1) / 2,
        layout.cols.saturating_sub(1) / 2,
    )
}

/// `bench`'s games, checked.
fn trial(
    random: &RandomArgs,
    games: u64,
    threads: Option<u16>,
    at: Option<(usize, usize)>,
) -> Result<bench::Trial, AppError> {
    let layout = random.layout();
    let first_move = random.first_move.map_or(FirstMove::Safe, FirstMove::from);
    let rules = Rules::CLASSIC.with_first_move(first_move);
    layout
        .check_room(first_move)
        .map_err(|no_room| too_many_mines(layout, rules, no_room))?;
    let at = match at {
        Some(at) => square_on(at, layout.rows, layout.cols)?,
        None => bench::default_first_square(layout, first_move),
    };
    // No more threads than games: only those hold a game in memory.
    let most = usize::try_from(games).unwrap_or(usize::MAX);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = bench::threads_that_fit(
        threads.map(|t| usize::from(t).min(most)),
        cores.min(most),
        bench::game_bytes(layout),
        memory::available_bytes(),
    )
    .map_err(|too_big| no_memory_for(layout, too_big))?;
    Ok(bench::Trial {
        layout,
        first_move,
        at,
        games,
        seed: random.seed.unwrap_or_else(fresh_seed),
        threads,
    })
}

/// `generate`: a random board file on stdout.
fn generate(
    out: &mut impl Write,
    random: &RandomArgs,
    at: Option<(usize, usize)>,
    no_guess: bool,
) -> Result<(), AppError> {
    let layout = random.layout();
    let policy = random.first_move.map(FirstMove::from);
    let first = match at {
        Some(at) => Some(square_on(at, layout.rows, layout.cols)?),
        None if no_guess => Some(centre(layout)),
        None if matches!(policy, Some(FirstMove::Safe | FirstMove::Opening)) => {
            return Err(AppError::Usage(
                "--first-move safe or opening needs --at ROW,COL, the square to keep clear"
                    .to_owned(),
            ));
        }
        None => None,
    };
    // A square named with --at is kept clear unless told otherwise; a
    // no-guess board starts with an opening.
    let policy = policy.unwrap_or(match first {
        Some(_) if no_guess => FirstMove::Opening,
        Some(_) => FirstMove::Safe,
        None => FirstMove::Any,
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
    let no_room = |no_room: NoRoom| {
        AppError::Usage(format!(
            "--mines {} is too many for a {}x{} board: only {} squares may hold a mine",
            no_room.mines, layout.rows, layout.cols, no_room.room
        ))
    };
    let board = match first {
        Some(first) if no_guess => match no_guess_board(layout, policy, first, seed) {
            Ok(found) => found.board,
            Err(NoGuessError::NoRoom(e)) => return Err(no_room(e)),
            Err(NoGuessError::GaveUp { tries }) => {
                let last = seed.wrapping_add(tries.saturating_sub(1));
                let tried = match tries {
                    1 => format!("on the one board it had time for (seed {seed})"),
                    _ => format!("in {tries} tries (seeds {seed} to {last})"),
                };
                return Err(AppError::NoGuess(format!(
                    "no {}x{} board with {} mines could be cleared from {},{} without \
                     guessing {tried}; try fewer mines",
                    layout.rows,
                    layout.cols,
                    layout.mines,
                    first.row + 1,
                    first.col + 1,
                )));
            }
        },
        _ => place_mines(layout, policy, first, seed).map_err(no_room)?,
    };
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
