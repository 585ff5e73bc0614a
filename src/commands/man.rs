//! `man`: the manual page (roff), made from the command line.

use std::io::Write;

use clap::CommandFactory;

use crate::cli::Cli;
use crate::error::AppError;

pub(super) fn run(out: &mut impl Write) -> Result<(), AppError> {
    // The page names the release, not the commit `--version` adds: the
    // copy the wheel ships (packaging/wheel-data) is kept in the repository
    // and must read the same from every commit of one release.
    let command = Cli::command().version(env!("CARGO_PKG_VERSION"));
    clap_mangen::Man::new(command).render(out)?;
    Ok(())
}
