//! `generate`: a random board file on stdout, to play or to keep; with
//! `--no-guess`, one the solver clears without guessing.

use std::io::{self, Write};

use engine::{FirstMove, Layout, NoRoom, Pos, place_mines, to_board_file};
use solver::{NoGuessError, no_guess_board};

use crate::cli::GenerateArgs;
use crate::error::AppError;
use crate::memory::Room;
use crate::options::{fresh_seed, square_on};

pub fn run(args: &GenerateArgs, out: &mut impl Write) -> Result<(), AppError> {
    let layout = args.random.layout();
    let policy = args.random.first_move.map(FirstMove::from);
    let first = match args.at {
        Some(at) => Some(square_on(at, layout.rows, layout.cols)?),
        None if args.no_guess => Some(centre(layout)),
        None if matches!(policy, Some(FirstMove::Safe | FirstMove::Opening)) => {
            return Err(AppError::Usage(
                "--first-move safe or opening needs --at ROW,COL, the square to keep clear"
                    .to_owned(),
            ));
        }
        None => None,
    };
    // A square named with --at is kept clear unless told otherwise; a
    // no-guess board starts with an opening.
    let policy = policy.unwrap_or(match first {
        Some(_) if args.no_guess => FirstMove::Opening,
        Some(_) => FirstMove::Safe,
        None => FirstMove::Any,
    });
    let seed = match args.random.seed {
        Some(seed) => seed,
        None => {
            let seed = fresh_seed();
            // On stderr, so stdout stays a board file; a failure to say it is no reason to stop.
            let _ = writeln!(io::stderr(), "minesweeper: generated with --seed {seed}");
            seed
        }
    };
    let no_room = |no_room: NoRoom| {
        AppError::Usage(format!(
            "--mines {} is too many for a {}x{} board: only {} squares may hold a mine",
            no_room.mines, layout.rows, layout.cols, no_room.room
        ))
    };
    if args.no_guess {
        Room::of_this_process().check(layout)?;
    }
    let mut seed = seed;
    for i in 0..args.count {
        // A blank line between boards: no board file has one inside.
        if i > 0 {
            out.write_all(b"\n")?;
        }
        let board = match first {
            Some(first) if args.no_guess => match no_guess_board(layout, policy, first, seed) {
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

/// The centre square, where a no-guess board starts by default.
fn centre(layout: Layout) -> Pos {
    Pos::new(
        layout.rows.saturating_sub(1) / 2,
        layout.cols.saturating_sub(1) / 2,
    )
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
