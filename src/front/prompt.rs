//! The course's console game: prompts for a row, a column and an action,
//! plays the move, prints the board. The text is the course's, byte for byte.

use std::io::{self, BufRead, Write};
use std::path::Path;

use crate::engine::{Action, Board, Game, Move, Outcome, Pos, Status};
use crate::load::{built_in_board, load_board};
use crate::render::{Paint, write_board};

use super::answer;

const INTRO: &str = "
\tThis program allows you to play Minesweeper.
\tThe object of the game is to flag every mine,
\tusing clues about the number of neighboring
\tmines in each field.  To win the game, flag
\tall of the mines (and don't incorrectly flag
\tany non-mine fields).  Good luck!

";
const ASK_FILE: &str = "Enter the file to load the board from: ";
const ASK_ROW: &str = "Please choose the row:\n";
const ASK_COLUMN: &str = "Please choose the column:\n";
const BAD_NUMBER: &str = "That number is not allowed.  Please try again!\n";
const ASK_ACTION: &str =
    "Enter 'r' to reveal the space, or\nenter 'f' to mark the space with a flag: ";
const BAD_ACTION: &str = "That's not a valid action.\n";
const WON: &str = "You won! Congratulations, and good game!";
const LOST: &str = "You detonated a mine!  Game Over!";
const INPUT_ENDED: &str = "\nInput ended before the game finished.\n";

/// The player's side of the console: where answers come from, where the
/// game is printed, and where complaints about board files go.
pub struct Console<R, W, E> {
    pub input: R,
    pub out: W,
    pub err: E,
    pub paint: Paint,
}

/// Plays one game on `board`, or, without one, on a board file the player
/// names. Returns when the game is won or lost or the input ends.
pub fn play<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    board: Option<Board>,
) -> io::Result<()> {
    console.out.write_all(INTRO.as_bytes())?;
    let board = match board {
        Some(board) => board,
        None => match ask_board(console)? {
            Some(board) => board,
            None => return input_ended(console),
        },
    };
    let mut game = Game::new(board);
    show(console, &game, None)?;
    loop {
        match game.status() {
            Status::Won => return writeln!(console.out, "{}", console.paint.win(WON)),
            Status::Lost(_) => return writeln!(console.out, "{}", console.paint.loss(LOST)),
            Status::Playing => {}
        }
        let Some(mv) = ask_move(console, game.board())? else {
            return input_ended(console);
        };
        let outcome = game.apply(mv);
        show(console, &game, message(outcome, mv.at))?;
    }
}

/// Asks for a board file until one loads; an empty answer is the built-in board.
fn ask_board<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
) -> io::Result<Option<Board>> {
    loop {
        console.out.write_all(ASK_FILE.as_bytes())?;
        let Some(answer) = read_answer(console)? else {
            return Ok(None);
        };
        let name = answer.trim();
        if name.is_empty() {
            return Ok(Some(built_in_board()));
        }
        match load_board(Path::new(name)) {
            Ok(board) => return Ok(Some(board)),
            Err(error) => writeln!(console.err, "error: {error}")?,
        }
    }
}

/// Asks for a row, a column and an action; `None` if the input ends first.
fn ask_move<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    board: &Board,
) -> io::Result<Option<Move>> {
    console.out.write_all(ASK_ROW.as_bytes())?;
    let Some(row) = ask_number(console, board.rows())? else {
        return Ok(None);
    };
    console.out.write_all(ASK_COLUMN.as_bytes())?;
    let Some(col) = ask_number(console, board.cols())? else {
        return Ok(None);
    };
    let Some(action) = ask_action(console)? else {
        return Ok(None);
    };
    let at = Pos::new(row - 1, col - 1);
    Ok(Some(Move { action, at }))
}

fn ask_number<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    max: usize,
) -> io::Result<Option<usize>> {
    loop {
        write!(
            console.out,
            "Enter a number between 1 and {max} (inclusive): "
        )?;
        let Some(typed) = read_answer(console)? else {
            return Ok(None);
        };
        match answer::number_in_range(&typed, max) {
            Some(number) => return Ok(Some(number)),
            None => console.out.write_all(BAD_NUMBER.as_bytes())?,
        }
    }
}

fn ask_action<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
) -> io::Result<Option<Action>> {
    loop {
        console.out.write_all(ASK_ACTION.as_bytes())?;
        let Some(typed) = read_answer(console)? else {
            return Ok(None);
        };
        match answer::action(&typed) {
            Some(action) => return Ok(Some(action)),
            None => console.out.write_all(BAD_ACTION.as_bytes())?,
        }
    }
}

/// One line of input without its line end; `None` at the end of input.
/// The prompt is flushed first so the player sees it before typing.
fn read_answer<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
) -> io::Result<Option<String>> {
    console.out.flush()?;
    let mut line = Vec::new();
    if console.input.read_until(b'\n', &mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

fn input_ended<R, W: Write, E>(console: &mut Console<R, W, E>) -> io::Result<()> {
    console.out.write_all(INPUT_ENDED.as_bytes())
}

/// The board, the move's message if it has one, and the mines-left line.
/// A lost game ends with the board: its mines-left line would be moot.
fn show<R, W: Write, E>(
    console: &mut Console<R, W, E>,
    game: &Game,
    message: Option<String>,
) -> io::Result<()> {
    write_board(
        &mut console.out,
        game.board(),
        |p| game.glyph(p),
        console.paint,
    )?;
    if let Status::Lost(_) = game.status() {
        return Ok(());
    }
    if let Some(message) = message {
        writeln!(console.out, "\t{message}")?;
    }
    writeln!(console.out, "\t{}\n", mines_left(game.mines_left()))
}

fn mines_left(count: i64) -> String {
    match count {
        1 => "There is 1 mine left to find".to_owned(),
        n => format!("There are {n} mines left to find"),
    }
}

/// The course's message for a move that changed nothing or took a flag away.
fn message(outcome: Outcome, at: Pos) -> Option<String> {
    let (row, col) = (at.row + 1, at.col + 1);
    let text = match outcome {
        Outcome::RevealFlagged => {
            format!("Field {row}, {col} must be unflagged before it can be revealed")
        }
        Outcome::RevealOpen => format!("Field {row}, {col} is already revealed"),
        Outcome::FlagRemoved => format!("Flag removed from {row}, {col}"),
        Outcome::FlagOpen => {
            format!("Field {row}, {col} is already revealed, so it cannot be flagged")
        }
        Outcome::Opened(_) | Outcome::Detonated | Outcome::FlagPlaced | Outcome::GameOver => {
            return None;
        }
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse_board;

    fn transcript(board: &str, typed: &str) -> String {
        let mut console = Console {
            input: typed.as_bytes(),
            out: Vec::new(),
            err: Vec::new(),
            paint: Paint::Plain,
        };
        play(&mut console, Some(parse_board(board.as_bytes()).unwrap())).unwrap();
        String::from_utf8(console.out).unwrap()
    }

    const BOARD: &str = "++++\n+* +\n++++\n";

    #[test]
    fn one_mine_left_is_singular() {
        let text = transcript(BOARD, "");
        assert!(
            text.contains("\tThere is 1 mine left to find\n\n"),
            "{text}"
        );
    }

    #[test]
    fn negative_mines_left() {
        assert_eq!(mines_left(-2), "There are -2 mines left to find");
    }

    #[test]
    fn flagging_the_mine_wins() {
        let text = transcript(BOARD, "1\n1\nf\n");
        assert!(
            text.ends_with(
                "\tThere are 0 mines left to find\n\nYou won! Congratulations, and good game!\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn input_ending_mid_move_says_so() {
        let text = transcript(BOARD, "1\n");
        assert!(
            text.ends_with("(inclusive): \nInput ended before the game finished.\n"),
            "{text}"
        );
    }

    #[test]
    fn last_line_without_line_end_still_counts() {
        let text = transcript(BOARD, "1\n1\nr");
        assert!(
            text.ends_with("You detonated a mine!  Game Over!\n"),
            "{text}"
        );
    }

    #[test]
    fn board_without_mines_is_won_before_any_prompt() {
        let text = transcript("+++\n+ +\n+++\n", "");
        assert!(!text.contains("Please choose"), "{text}");
        assert!(
            text.ends_with("You won! Congratulations, and good game!\n"),
            "{text}"
        );
    }
}
