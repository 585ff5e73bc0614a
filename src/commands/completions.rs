//! `completions`: a shell's completion script, made from the command line.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Generator;

use crate::cli::{Cli, CompletionsArgs};
use crate::error::AppError;

pub(super) fn run(args: &CompletionsArgs, out: &mut impl Write) -> Result<(), AppError> {
    let mut command = Cli::command();
    command.build();
    // try_generate, so a failed write is an error, not a panic.
    args.shell.try_generate(&command, out)?;
    Ok(())
}
