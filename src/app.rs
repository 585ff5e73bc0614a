//! What each command does, from parsed arguments to finished output.

use std::io::{self, BufWriter, Write};

use crate::cli::{Cli, ColorChoice, Command};
use crate::front::prompt::{Console, play};
use crate::load::{LoadError, load_board};
use crate::render::{Paint, write_solution};

/// Why the program stopped early.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("cannot write or read the console: {0}")]
    Io(#[from] io::Error),
}

impl AppError {
    /// A reader that went away (`minesweeper … | head`) is no failure to report.
    pub fn is_closed_output(&self) -> bool {
        matches!(self, AppError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

pub fn run(cli: Cli) -> Result<(), AppError> {
    let paint = paint_for(cli.color);
    let mut out = BufWriter::new(io::stdout().lock());
    match cli.command {
        Some(Command::Show { board }) => {
            let board = load_board(&board)?;
            write_solution(&mut out, &board, paint)?;
        }
        None => {
            // A board named on the command line is checked before the game starts.
            let board = cli.board.as_deref().map(load_board).transpose()?;
            let mut console = Console {
                input: io::stdin().lock(),
                out: &mut out,
                err: io::stderr(),
                paint,
            };
            play(&mut console, board)?;
        }
    }
    out.flush()?;
    Ok(())
}

fn paint_for(choice: ColorChoice) -> Paint {
    let colour = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => supports_color::on_cached(supports_color::Stream::Stdout).is_some(),
    };
    if colour { Paint::Colour } else { Paint::Plain }
}
