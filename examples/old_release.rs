//! Stands for a release of minesweeper from before a game's sandbox
//! could tell it that it runs inside a game: the same command line and
//! games, without the refusal the program now begins with. The tests of
//! `check`'s sandbox install it where a student's program could find it
//! (a virtual environment's `bin`, say), to show that the sandbox hides a
//! copy by what it is, whatever its version.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match minesweeper::cli::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(usage) => {
            let _ = usage.print();
            return ExitCode::from(usage.exit_code() as u8);
        }
    };
    let printer = cli.printer();
    match minesweeper::run(cli, printer) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => ExitCode::from(error.exit_code()),
    }
}
