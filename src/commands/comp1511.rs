//! `comp1511`: the COMP1511 game, integers in on stdin.

use std::io::{self, Write};

use crate::error::AppError;

pub(super) fn run(out: &mut impl Write) -> Result<(), AppError> {
    console::comp1511::play(io::stdin().lock(), out)?;
    Ok(())
}
