//! What a screen-reader player types at the one prompt: a move, or
//! something to be read out. Pure functions of the line typed, so every
//! odd input is tested without a terminal; a line refused comes back with
//! the sentence that says why.

use engine::{Action, Move, Pos};

/// Something to read out; reading changes nothing in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// One square.
    Square(Pos),
    /// A square and its eight neighbours.
    Around(Pos),
    /// A row, from its first column (0-based).
    Row(usize),
    /// A column, from its first row (0-based).
    Column(usize),
    /// Mines, flags and squares left.
    Counts,
}

/// One line typed, understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move on the board.
    Play(Move),
    /// Something read out.
    Read(Read),
    /// A hint (when hints are on).
    Hint,
    /// The list of commands.
    Help,
    /// Take the last move back.
    Undo,
    /// This kind of game's statistics, from the history.
    Statistics,
    /// The board's seed, to play it again.
    Seed,
    /// Leave the game (it is saved, to be carried on).
    Quit,
}

/// The board's size, and whether hints are on: what a line is checked against.
#[derive(Clone, Copy, Debug)]
pub struct Checked {
    /// Rows on the board.
    pub rows: usize,
    /// Columns on the board.
    pub cols: usize,
    /// Whether `h` asks for a hint.
    pub hints: bool,
}

/// The commands, as `?` lists them: `h` as it is in this game (`play
/// --screen-reader` always gives hints; the prompt game with `--hints`).
pub fn help(hints: bool) -> String {
    let hint = if hints {
        "h: a hint"
    } else {
        "h: a hint, when the game was started with --hints (play --screen-reader always has them)"
    };
    HELP.replace("{hint}", hint)
}

/// The commands, `{hint}` standing for the line about hints.
const HELP: &str = "\
Commands (row first, then column; numbers from 1):
  5 3, or o 5 3: open row 5 column 3
  f 5 3: flag row 5 column 3; again: the next mark (a question mark under classic rules), or none
  c 5 3: chord: open around row 5 column 3 when its flags match its number
  l 5 3: look at row 5 column 3
  n 5 3: row 5 column 3 and its neighbours
  row 5: read row 5
  col 3: read column 3
  m: mines left, flags, and squares still covered
  u: undo the last move; after a loss, the mine is taken back and counted as a death
  s: this kind of game's statistics
  seed: the board's seed, to play it again with --seed
  {hint}
  q: quit (the game is saved, to be carried on)
  ?: this list";

/// The command `line` asks for, or why it is refused.
pub fn parse(line: &str, on: Checked) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Err("Type a row and a column to open a square, or ? for the commands.".into());
    };
    if first.parse::<u64>().is_ok() {
        return numbers_first(&words, on);
    }
    let play = |action| square(rest, on).map(|at| Command::Play(Move { action, at }));
    let read = |what: fn(Pos) -> Read| square(rest, on).map(|at| Command::Read(what(at)));
    match first.to_ascii_lowercase().as_str() {
        "o" | "open" | "r" | "reveal" => play(Action::Reveal),
        "f" | "flag" => play(Action::Flag),
        "c" | "chord" => play(Action::Chord),
        "l" | "look" => read(Read::Square),
        "n" | "near" | "around" | "neighbours" | "neighbors" => read(Read::Around),
        "row" => one_number(rest, "row", on.rows).map(|row| Command::Read(Read::Row(row))),
        "col" | "column" => {
            one_number(rest, "column", on.cols).map(|col| Command::Read(Read::Column(col)))
        }
        "m" | "mines" | "count" | "counts" => alone(rest, Command::Read(Read::Counts)),
        "h" | "hint" if on.hints => alone(rest, Command::Hint),
        "h" | "hint" => Err("Hints are off: start the game with --hints to have them.".into()),
        "?" | "help" => alone(rest, Command::Help),
        "u" | "undo" => alone(rest, Command::Undo),
        "s" | "stats" | "statistics" => alone(rest, Command::Statistics),
        "seed" => alone(rest, Command::Seed),
        "q" | "quit" => alone(rest, Command::Quit),
        _ => Err(format!(
            "{} is not a command. Type ? for the commands.",
            visible::Visible(first)
        )),
    }
}

/// `5 3` opens; `5 3 r` and `5 3 f` are the course's order, kept for
/// players who know it.
fn numbers_first(words: &[&str], on: Checked) -> Result<Command, String> {
    let (at, rest) = match words {
        [row, col, rest @ ..] => (position(row, col, on)?, rest),
        _ => {
            return Err(
                "Give a column after the row, as in 5 3, or type ? for the commands.".into(),
            );
        }
    };
    let action = match rest {
        [] => Action::Reveal,
        [letter] => match letter.to_ascii_lowercase().as_str() {
            "r" | "o" => Action::Reveal,
            "f" => Action::Flag,
            "c" => Action::Chord,
            _ => {
                return Err(format!(
                    "{} is not an action: r, f or c.",
                    visible::Visible(letter)
                ));
            }
        },
        _ => return Err("Too many words: a row, a column, and at most an action.".into()),
    };
    Ok(Command::Play(Move { action, at }))
}

/// A row and a column after a command's word.
fn square(words: &[&str], on: Checked) -> Result<Pos, String> {
    match words {
        [row, col] => position(row, col, on),
        _ => Err("Give a row and a column, as in f 5 3.".into()),
    }
}

fn position(row: &str, col: &str, on: Checked) -> Result<Pos, String> {
    let row = number(row, "row", on.rows)?;
    let col = number(col, "column", on.cols)?;
    Ok(Pos::new(row, col))
}

/// One number, from 1 to `most`, after a command's word.
fn one_number(words: &[&str], what: &str, most: usize) -> Result<usize, String> {
    match words {
        [n] => number(n, what, most),
        _ => Err(format!("Give one {what} number, as in {what} 5.")),
    }
}

/// `typed` as a 0-based index, when it is a number from 1 to `most`.
fn number(typed: &str, what: &str, most: usize) -> Result<usize, String> {
    match typed.parse::<usize>() {
        Ok(n) if (1..=most).contains(&n) => Ok(n - 1),
        Ok(_) | Err(_) if typed.chars().all(|c| c.is_ascii_digit()) => Err(format!(
            "There is no {what} {typed}: {what}s go from 1 to {most}."
        )),
        _ => Err(format!(
            "{} is not a {what} number: {what}s go from 1 to {most}.",
            visible::Visible(typed)
        )),
    }
}

/// A command that takes nothing after its word.
fn alone(rest: &[&str], command: Command) -> Result<Command, String> {
    match rest {
        [] => Ok(command),
        _ => Err("That command takes nothing after it. Type ? for the commands.".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help says `h` as it is in this game: on, or how to turn it on.
    #[test]
    fn the_help_says_whether_hints_are_on() {
        assert!(help(true).contains("\n  h: a hint\n"));
        assert!(!help(true).contains("--hints"));
        assert!(help(false).contains("when the game was started with --hints"));
        assert!(!help(false).contains("{hint}") && !help(true).contains("{hint}"));
    }

    const NINE: Checked = Checked {
        rows: 9,
        cols: 9,
        hints: false,
    };

    fn play(action: Action, row: usize, col: usize) -> Command {
        Command::Play(Move {
            action,
            at: Pos::new(row, col),
        })
    }

    #[test]
    fn moves_are_typed_row_first_from_one() {
        assert_eq!(parse("5 3", NINE), Ok(play(Action::Reveal, 4, 2)));
        assert_eq!(parse(" o 5 3 ", NINE), Ok(play(Action::Reveal, 4, 2)));
        assert_eq!(parse("5 3 r", NINE), Ok(play(Action::Reveal, 4, 2)));
        assert_eq!(parse("F 1 9", NINE), Ok(play(Action::Flag, 0, 8)));
        assert_eq!(parse("5 3 f", NINE), Ok(play(Action::Flag, 4, 2)));
        assert_eq!(parse("chord 9 1", NINE), Ok(play(Action::Chord, 8, 0)));
    }

    #[test]
    fn reading_commands_name_what_they_read() {
        assert_eq!(
            parse("l 2 3", NINE),
            Ok(Command::Read(Read::Square(Pos::new(1, 2))))
        );
        assert_eq!(
            parse("n 2 3", NINE),
            Ok(Command::Read(Read::Around(Pos::new(1, 2))))
        );
        assert_eq!(parse("row 9", NINE), Ok(Command::Read(Read::Row(8))));
        assert_eq!(parse("Column 1", NINE), Ok(Command::Read(Read::Column(0))));
        assert_eq!(parse("m", NINE), Ok(Command::Read(Read::Counts)));
        assert_eq!(parse("?", NINE), Ok(Command::Help));
        assert_eq!(parse("q", NINE), Ok(Command::Quit));
    }

    #[test]
    fn a_refused_line_says_what_is_wrong() {
        let refused = |line: &str| parse(line, NINE).unwrap_err();
        assert_eq!(refused("10 3"), "There is no row 10: rows go from 1 to 9.");
        assert_eq!(
            refused("f 3 0"),
            "There is no column 0: columns go from 1 to 9."
        );
        assert_eq!(
            refused("row x"),
            "x is not a row number: rows go from 1 to 9."
        );
        assert_eq!(
            refused("5"),
            "Give a column after the row, as in 5 3, or type ? for the commands."
        );
        assert_eq!(refused("5 3 x"), "x is not an action: r, f or c.");
        assert_eq!(
            refused("jump 1 1"),
            "jump is not a command. Type ? for the commands."
        );
        assert_eq!(
            refused("h"),
            "Hints are off: start the game with --hints to have them."
        );
        assert_eq!(
            refused("m 3"),
            "That command takes nothing after it. Type ? for the commands."
        );
        assert!(refused("").contains("? for the commands"));
        assert_eq!(
            refused("\u{1b}[2J 1"),
            "\\u{1b}[2J is not a command. Type ? for the commands."
        );
    }

    #[test]
    fn h_is_a_hint_when_hints_are_on() {
        let on = Checked {
            hints: true,
            ..NINE
        };
        assert_eq!(parse(" H ", on), Ok(Command::Hint));
    }
}
