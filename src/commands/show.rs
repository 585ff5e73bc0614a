//! `show`: a board file printed solved, in the course's format.

use std::io::Write;

use console::load::load_board;
use console::render::{Paint, write_solution};

use crate::cli::ShowArgs;
use crate::error::AppError;

pub(super) fn run(args: &ShowArgs, out: &mut impl Write, paint: Paint) -> Result<(), AppError> {
    let board = load_board(&args.board)?;
    write_solution(out, &board, paint)?;
    Ok(())
}
