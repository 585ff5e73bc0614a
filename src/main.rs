//! The `minesweeper` command: parses the command line and runs it with
//! the program's allocator; everything else is the library's.

use std::io::Write;
use std::process::ExitCode;

use console::messages::Printer;
use minesweeper::cli;
use minesweeper::run;

#[global_allocator]
static ALLOCATOR: minesweeper::allocator::BySize = minesweeper::allocator::BySize;

fn main() -> ExitCode {
    // A program under `check` that ran a copy of this one would have it
    // play its games for it: the game's sandbox says so, and this refuses.
    if sandbox::inside_a_checked_game() {
        Printer::default().error(
            "minesweeper does not play inside a game that `minesweeper check` is playing: the \
             program checked must play by itself",
        );
        return ExitCode::from(126);
    }
    let cli = match cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(usage) => return print_usage(&usage),
    };
    let printer = cli.printer();
    minesweeper::log::start(printer);
    match run(cli, printer) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.is_closed_output() => ExitCode::SUCCESS,
        Err(error) => {
            // Its parts may come from files anyone could have written:
            // the channel takes every control character out.
            printer.error(&error);
            ExitCode::from(error.exit_code())
        }
    }
}

/// Prints clap's help, version or usage error, and exits as it says; a
/// help that cannot be written (a full disk) is an error like any other.
fn print_usage(usage: &clap::Error) -> ExitCode {
    let written = usage.print().and_then(|()| std::io::stdout().flush());
    match written {
        Ok(()) => ExitCode::from(usage.exit_code() as u8),
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            Printer::default().error(format_args!("cannot write the output: {error}"));
            ExitCode::FAILURE
        }
    }
}
