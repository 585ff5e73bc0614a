//! What each command does, one module a command; [`run`] picks the one the
//! command line names and hands it its plan (`crate::plan`): the options
//! resolved, checked against each other and against the settings, so that
//! no command reads clap's arguments for what a plan decides. A command
//! whose options each mean one thing alone (`show`, `solve`, `stats`,
//! `replay`, ...) is handed them as they are. Each calls the crates below
//! and writes to `out` (stdout, buffered).

mod bench;
mod check;
mod comp1511;
mod completions;
mod generate;
mod man;
mod play;
mod prompt;
mod replay;
mod show;
mod solve;
mod stats;

use std::io::{self, BufWriter, Write};

use console::messages::Printer;

use crate::allocator::{self, Advice};
use crate::cli::{Cli, Command};
use crate::colour::{paint_for, terminal_shows};
use crate::error::AppError;
use crate::memory::Room;
use crate::options::fresh_seed;
use crate::plan;

/// Runs the command `cli` names; without one, the prompt game.
pub fn run(cli: Cli, printer: Printer) -> Result<(), AppError> {
    allocator::advise(advice_for(cli.command.as_ref()));
    let paint = paint_for(cli.color);
    let shows = terminal_shows();
    console::render::set_depth(shows.depth);
    let mut out = BufWriter::new(io::stdout().lock());
    match cli.command {
        None => prompt::run(
            plan::prompt(&cli.play, fresh_seed)?,
            &mut out,
            paint,
            printer,
        )?,
        Some(Command::Play(args)) => {
            play::run(&plan::play(&args), &mut out, paint, shows, printer)?;
        }
        Some(Command::Show(args)) => show::run(&args, &mut out, paint)?,
        Some(Command::Generate(args)) => {
            generate::run(plan::generate(&args, fresh_seed)?, &mut out, printer)?;
        }
        Some(Command::Solve(args)) => solve::run(&args, &mut out, paint)?,
        Some(Command::Bench(args)) => {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            let room = Room::of_this_process();
            bench::run(
                plan::bench(&args, &room, cores, fresh_seed)?,
                &mut out,
                printer,
            )?;
        }
        Some(Command::Check(args)) => {
            let here = std::env::current_dir;
            check::run(plan::check(&args, fresh_seed, here, printer)?, &mut out)?;
        }
        Some(Command::Stats(args)) => stats::run(&args, &mut out, printer)?,
        Some(Command::Replay(args)) => replay::run(&args, &mut out, paint, shows, printer)?,
        Some(Command::Completions(args)) => completions::run(&args, &mut out)?,
        Some(Command::Man) => man::run(&mut out)?,
        Some(Command::Comp1511) => comp1511::run(&mut out)?,
    }
    out.flush()?;
    Ok(())
}

/// What the command can do to need less memory, should a block be refused.
fn advice_for(command: Option<&Command>) -> Advice {
    match command {
        None
        | Some(Command::Play(_) | Command::Show(_) | Command::Generate(_) | Command::Solve(_)) => {
            Advice::Board
        }
        Some(Command::Bench(_)) => Advice::BoardOrThreads,
        Some(Command::Check(_)) => Advice::Programs,
        Some(Command::Stats(_)) => Advice::History,
        Some(Command::Replay(_) | Command::Completions(_) | Command::Man | Command::Comp1511) => {
            Advice::Limit
        }
    }
}
