//! What each command does, one module a command; [`run`] picks the one the
//! command line names. Each reads its options, calls the crates below, and
//! writes to `out` (stdout, buffered).

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

use crate::allocator::{self, Advice};
use crate::cli::{Cli, Command};
use crate::colour::paint_for;
use crate::error::AppError;

/// Runs the command `cli` names; without one, the prompt game.
pub fn run(cli: Cli) -> Result<(), AppError> {
    allocator::advise(advice_for(cli.command.as_ref()));
    let paint = paint_for(cli.color);
    let mut out = BufWriter::new(io::stdout().lock());
    match cli.command {
        None => prompt::run(&cli.play, &mut out, paint)?,
        Some(Command::Play(args)) => play::run(&args, &mut out, paint)?,
        Some(Command::Show(args)) => show::run(&args, &mut out, paint)?,
        Some(Command::Generate(args)) => generate::run(&args, &mut out)?,
        Some(Command::Solve(args)) => solve::run(&args, &mut out, paint)?,
        Some(Command::Bench(args)) => bench::run(&args, &mut out)?,
        Some(Command::Check(args)) => check::run(args, &mut out)?,
        Some(Command::Stats(args)) => stats::run(&args, &mut out)?,
        Some(Command::Replay(args)) => replay::run(&args, &mut out, paint)?,
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
