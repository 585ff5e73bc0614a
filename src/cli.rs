//! The command line.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// A console Minesweeper: play a board file, the course's CMSC 201 Project 3 way.
///
/// Flag every mine (and nothing else) to win; reveal a mine and the game is over.
#[derive(Debug, Parser)]
#[command(name = "minesweeper", version, args_conflicts_with_subcommands = true)]
#[command(after_help = "\
Board files are rows of `+` (the frame), `*` (a mine) and spaces (empty squares):

  +++++++
  + *   +
  +   * +
  +++++++

Exit status: 0 when the game ends or the input runs out, 1 for a bad board
file or an I/O error, 2 for a usage error.")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// The board file to play. Without it, the game asks for one; an empty
    /// answer plays the built-in board (the course's board3.txt).
    #[arg(value_name = "BOARD")]
    pub board: Option<PathBuf>,

    /// When to colour the output: `auto` colours a terminal unless NO_COLOR is set.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t, global = true)]
    pub color: ColorChoice,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a board file solved: mines as `*`, every clue, blanks, in the game's board format.
    Show {
        /// The board file to print.
        #[arg(value_name = "BOARD")]
        board: PathBuf,
    },
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_board_or_a_subcommand() {
        let cli = Cli::try_parse_from(["minesweeper", "b.txt"]).unwrap();
        assert_eq!(cli.board, Some(PathBuf::from("b.txt")));
        let cli =
            Cli::try_parse_from(["minesweeper", "show", "b.txt", "--color", "never"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Show { .. })));
        assert_eq!(cli.color, ColorChoice::Never);
    }
}
