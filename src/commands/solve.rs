//! `solve`: the solver plays a board file alone, by the course's rules, and
//! says how it went; with `--steps`, every move with its reason and the
//! board after it.

use std::io::{self, Write};

use console::explain;
use console::load::load_board;
use console::render::{Paint, write_board};
use engine::{Board, Game, Pos, Rules};
use solver::{Autoplay, Event, Finish, WhenStuck, autoplay};

use crate::cli::SolveArgs;
use crate::error::AppError;
use crate::memory::{self, Room};
use crate::options::square_on;

pub(super) fn run(args: &SolveArgs, out: &mut impl Write, paint: Paint) -> Result<(), AppError> {
    let board = load_board(&args.board)?;
    Room::of_this_process().check(memory::layout_of(&board))?;
    let options = Options {
        at: args
            .at
            .map(|at| square_on(at, board.rows(), board.cols()))
            .transpose()?,
        when_stuck: args.when_stuck.into(),
        steps: args.steps,
    };
    solve(out, board, options, paint)?;
    Ok(())
}

/// How to solve.
#[derive(Clone, Copy, Debug)]
struct Options {
    /// The first square to open; `None` starts with a hint.
    pub at: Option<Pos>,
    pub when_stuck: WhenStuck,
    /// Print every move and the board after it.
    pub steps: bool,
}

/// Solves `board` and prints the result: the board at the end, hints
/// used, guesses made, won or lost.
fn solve(
    out: &mut impl Write,
    board: Board,
    options: Options,
    paint: Paint,
) -> io::Result<Autoplay> {
    let mut game = Game::new(board, Rules::PROJ3);
    let mut printed = Ok(());
    if options.steps {
        printed = show(out, &game, paint);
    }
    let played = autoplay(&mut game, options.at, options.when_stuck, |event, game| {
        if options.steps && printed.is_ok() {
            printed = writeln!(out, "{}", describe(event)).and_then(|()| show(out, game, paint));
        }
    });
    printed?;
    if !options.steps {
        show(out, &game, paint)?;
    }
    writeln!(out, "Hints used: {}", played.hints)?;
    writeln!(out, "Guesses: {}", played.guesses)?;
    match played.finish {
        Finish::Won => writeln!(out, "Result: won")?,
        Finish::Lost(at) => writeln!(out, "Result: lost, on the mine at {}", explain::square(at))?,
        Finish::Stuck => writeln!(out, "Result: stuck, with nothing certain")?,
    }
    Ok(played)
}

fn describe(event: Event) -> String {
    match event {
        Event::First(at) => format!("First move: open {}.", explain::square(at)),
        Event::Deduced(deduction) => explain::deduction(deduction),
        Event::Hint(at) => format!(
            "Stuck, so a hint: Field {} is safe, says the board.",
            explain::square(at)
        ),
        Event::Guessed(guess) => format!("Stuck, so a guess. {}", explain::guess(&guess)),
    }
}

fn show(out: &mut impl Write, game: &Game, paint: Paint) -> io::Result<()> {
    write_board(out, game.board(), |p| game.glyph(p), paint)
}
