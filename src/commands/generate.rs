//! `generate`: a random board file on stdout, to play or to keep; with
//! `--no-guess`, one the solver clears without guessing.

use std::io::Write;

use console::messages::Printer;
use engine::{Layout, NoRoom, Pos, place_mines, to_board_file};
use solver::{NoGuessError, no_guess_board};

use crate::error::AppError;
use crate::memory::Room;
use crate::plan::GeneratePlan;

pub(super) fn run(
    plan: GeneratePlan,
    out: &mut impl Write,
    printer: Printer,
) -> Result<(), AppError> {
    let GeneratePlan {
        layout,
        policy,
        first,
        seed,
        seed_made,
        no_guess,
        count,
    } = plan;
    if seed_made {
        // On stderr, so stdout stays a board file; a failure to say it is no reason to stop.
        printer.warn(format_args!("generated with --seed {seed}"));
    }
    let no_room = |no_room: NoRoom| {
        AppError::Usage(format!(
            "--mines {} is too many for a {}x{} board: only {} squares may hold a mine",
            no_room.mines, layout.rows, layout.cols, no_room.room
        ))
    };
    if no_guess {
        Room::of_this_process().check(layout)?;
    }
    let mut seed = seed;
    for i in 0..count {
        // A blank line between boards: no board file has one inside.
        if i > 0 {
            out.write_all(b"\n")?;
        }
        let board = match first {
            Some(first) if no_guess => match no_guess_board(layout, policy, first, seed) {
                Ok(found) => {
                    // The next search starts past every seed this one tried.
                    seed = found.seed;
                    found.board
                }
                Err(NoGuessError::NoRoom(e)) => return Err(no_room(e)),
                Err(NoGuessError::GaveUp { tries }) => {
                    return Err(gave_up(layout, first, seed, tries));
                }
            },
            _ => place_mines(layout, policy, first, seed).map_err(no_room)?,
        };
        out.write_all(to_board_file(&board).as_bytes())?;
        seed = seed.wrapping_add(1);
    }
    Ok(())
}

/// No board of `tries` from `seed` could be cleared from `first` without guessing.
fn gave_up(layout: Layout, first: Pos, seed: u64, tries: u64) -> AppError {
    let last = seed.wrapping_add(tries.saturating_sub(1));
    let tried = match tries {
        1 => format!("on the one board it had time for (seed {seed})"),
        _ => format!("in {tries} tries (seeds {seed} to {last})"),
    };
    AppError::NoGuess(format!(
        "no {}x{} board with {} mines could be cleared from {},{} without guessing {tried}; \
         try fewer mines",
        layout.rows,
        layout.cols,
        layout.mines,
        first.row + 1,
        first.col + 1,
    ))
}
