//! The COMP1511 game's console: integers in, the course's replies and
//! minefield prints out, exactly as the course's reference program.
//!
//! ```text
//! Welcome to minesweeper!
//! How many mines? Enter pairs:        <- the count, then that many row/column pairs
//! Game Started
//! 2 1 1 1 1 1 1 1                     <- the debug print, after every command
//! ```
//! Input is read as whitespace-separated integers, as `scanf("%d")` reads
//! it: anything that is not an integer ends the input, like its end.

use std::io::{self, BufRead, Write};

use engine::Pos;
use engine::comp1511::{Command, Minefield, Reply, SIZE, Square, State};

/// How the field is printed after each command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The squares' numbers (the starting mode).
    Debug,
    /// What a player sees, with a face.
    Gameplay,
}

/// Plays one game: the mines, then commands until the game ends or the input does.
pub fn play(input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut numbers = Numbers::new(input);
    writeln!(out, "Welcome to minesweeper!")?;
    write!(out, "How many mines? ")?;
    let Some(count) = numbers.next(out)? else {
        return Ok(());
    };
    writeln!(out, "Enter pairs:")?;
    let mut field = Minefield::new();
    for _ in 0..count.max(0) {
        let (Some(row), Some(col)) = (numbers.next(out)?, numbers.next(out)?) else {
            return Ok(());
        };
        field.place_mine(row, col);
    }
    writeln!(out, "Game Started")?;
    print_debug(out, &field)?;
    let mut mode = Mode::Debug;
    while field.state() == State::Playing {
        let Some(code) = numbers.next(out)? else {
            break;
        };
        // An unknown code is followed by nothing we can know of; the
        // reference program prints the field after it all the same.
        if let Some(arity) = Command::arity(code) {
            let mut args = Vec::with_capacity(arity);
            for _ in 0..arity {
                match numbers.next(out)? {
                    Some(arg) => args.push(arg),
                    None => return Ok(()),
                }
            }
            let command = Command::new(code, &args).expect("arity gave the right number of args");
            mode = run(out, &mut field, command, mode)?;
        }
        print_field(out, &field, mode)?;
    }
    Ok(())
}

/// Carries out one command and prints its reply; returns the print mode after it.
fn run(
    out: &mut impl Write,
    field: &mut Minefield,
    command: Command,
    mode: Mode,
) -> io::Result<Mode> {
    let reply = field.apply(command);
    match (command, reply) {
        (Command::GameplayMode, _) => {
            writeln!(out, "Gameplay mode activated")?;
            return Ok(Mode::Gameplay);
        }
        (Command::DebugMode, _) => {
            writeln!(out, "Debug mode activated")?;
            return Ok(Mode::Debug);
        }
        (Command::DetectRow(row), Reply::Mines(n)) => {
            writeln!(out, "There are {n} mine(s) in row {row}")?;
        }
        (Command::DetectColumn(col), Reply::Mines(n)) => {
            writeln!(out, "There are {n} mine(s) in column {col}")?;
        }
        (Command::DetectSquare { row, col, size }, Reply::Mines(n)) => writeln!(
            out,
            "There are {n} mine(s) in the square centered at row {row}, column {col} of size {size}"
        )?,
        (_, Reply::HelpAlreadyUsed) => writeln!(out, "Help already used")?,
        (_, Reply::GameOver) => writeln!(out, "Game over")?,
        (_, Reply::GameWon) => writeln!(out, "Game Won!")?,
        _ => {}
    }
    Ok(mode)
}

fn print_field(out: &mut impl Write, field: &Minefield, mode: Mode) -> io::Result<()> {
    match mode {
        Mode::Debug => print_debug(out, field),
        Mode::Gameplay => print_gameplay(out, field),
    }
}

/// The course's `print_debug_minefield`: each square's number and a space.
fn print_debug(out: &mut impl Write, field: &Minefield) -> io::Result<()> {
    for row in 0..SIZE {
        let mut line = String::with_capacity(2 * SIZE + 1);
        for col in 0..SIZE {
            line.push(char::from(b'0' + field.square(Pos::new(row, col)) as u8));
            line.push(' ');
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The player's view: a face (`..`/`\/` playing, `xx`/`/\` lost), column
/// numbers, and `##` for a covered square, blank or a two-digit count for
/// an open one, and `()` for every mine once the game is lost.
fn print_gameplay(out: &mut impl Write, field: &Minefield) -> io::Result<()> {
    let lost = field.state() == State::Lost;
    writeln!(out, "{}", if lost { "xx\n/\\" } else { "..\n\\/" })?;
    let numbers: Vec<String> = (0..SIZE).map(|col| format!("{col:02}")).collect();
    let rule = format!("   {}", "-".repeat(3 * SIZE + 1));
    writeln!(out, "    {}", numbers.join(" "))?;
    writeln!(out, "{rule}")?;
    for row in 0..SIZE {
        let squares: Vec<String> = (0..SIZE)
            .map(|col| {
                let pos = Pos::new(row, col);
                match field.square(pos) {
                    Square::VisibleSafe => match field.adjacent_mines(pos) {
                        0 => "  ".to_owned(),
                        n => format!("{n:02}"),
                    },
                    Square::HiddenMine if lost => "()".to_owned(),
                    Square::HiddenMine | Square::HiddenSafe => "##".to_owned(),
                }
            })
            .collect();
        writeln!(out, "{row:02} |{}|", squares.join(" "))?;
    }
    writeln!(out, "{rule}")
}

/// Whitespace-separated integers from the input, read a token at a time,
/// so memory stays small whatever the input (a 100 MB line included).
struct Numbers<R> {
    input: R,
    ended: bool,
}

/// No `int` has more characters than this; a longer token is not one.
const LONGEST_TOKEN: usize = 32;

impl<R: BufRead> Numbers<R> {
    fn new(input: R) -> Self {
        Self {
            input,
            ended: false,
        }
    }

    /// The next integer, read as `scanf("%d")` reads one: blanks skipped,
    /// an optional sign and the digits after it, stopping before the first
    /// byte that is not a digit, which the next read starts from (`3x`
    /// gives 3, then fails at `x`). `None` at the end of input or where no
    /// digits stand, which ends the input for good. Before the input is
    /// read further, `out` is flushed so the player sees every reply so far.
    fn next(&mut self, out: &mut impl Write) -> io::Result<Option<i64>> {
        if self.ended {
            return Ok(None);
        }
        out.flush()?;
        while self.peek()?.is_some_and(|b| b.is_ascii_whitespace()) {
            self.input.consume(1);
        }
        let mut token = Vec::new();
        if let Some(sign @ (b'+' | b'-')) = self.peek()? {
            self.input.consume(1);
            token.push(sign);
        }
        let mut too_long = false;
        while let Some(digit) = self.peek()?.filter(u8::is_ascii_digit) {
            self.input.consume(1);
            if token.len() < LONGEST_TOKEN {
                token.push(digit);
            } else {
                too_long = true;
            }
        }
        let number = if too_long {
            None
        } else {
            std::str::from_utf8(&token)
                .ok()
                .and_then(|t| t.parse().ok())
        };
        self.ended = number.is_none();
        Ok(number)
    }

    /// The next byte of input, not consumed; `None` at the end.
    fn peek(&mut self) -> io::Result<Option<u8>> {
        Ok(self.input.fill_buf()?.first().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transcript(typed: &str) -> String {
        let mut out = Vec::new();
        play(typed.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_word_ends_the_input_like_scanf() {
        let text = transcript("1\n0 0\n1 0 five 1 1\n");
        assert_eq!(text.matches("There are").count(), 1, "{text}");
        assert!(text.ends_with("1 1 1 1 1 1 1 1 \n"), "{text}");
    }

    #[test]
    fn a_number_glued_to_a_word_is_read_then_the_input_ends() {
        // `scanf("%d")` reads 3 from `3x`, so the reveal happens; `x` then ends the input.
        let text = transcript("1 0 0 4 3 3x 1 0\n");
        assert_eq!(text, transcript("1 0 0 4 3 3\n"));
        assert_ne!(text, transcript("1 0 0\n"), "the reveal was made");
    }

    #[test]
    fn a_sign_starts_the_next_number() {
        let text = transcript("1 0 0 1 0+1 0\n");
        assert_eq!(
            text.matches("There are 1 mine(s) in row 0").count(),
            2,
            "{text}"
        );
    }

    #[test]
    fn input_ending_during_the_pairs_ends_quietly() {
        assert_eq!(
            transcript("2\n0 0\n"),
            "Welcome to minesweeper!\nHow many mines? Enter pairs:\n"
        );
    }

    #[test]
    fn nothing_is_read_after_the_game_ends() {
        let text = transcript("1\n0 0\n4 1 1\n4 0 0\n1 0\n");
        assert!(text.contains("Game over"), "{text}");
        assert!(!text.contains("There are"), "{text}");
    }

    #[test]
    fn unknown_codes_print_the_field() {
        let text = transcript("0\n9\n");
        assert_eq!(text.matches("1 1 1 1 1 1 1 1 \n").count(), 16, "{text}");
    }
}
