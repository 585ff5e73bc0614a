//! `man`: the manual page (roff), made from the command line.

use std::io::Write;

use clap::CommandFactory;

use crate::cli::Cli;
use crate::error::AppError;

pub(super) fn run(out: &mut impl Write) -> Result<(), AppError> {
    clap_mangen::Man::new(Cli::command()).render(out)?;
    Ok(())
}
