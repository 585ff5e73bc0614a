//! Comparing what a program did with what the course's game does: the
//! boards move by move, the ending, and with `--exact` the whole text.
//! Crashes, hangs and output that cannot be read are told apart from
//! wrong answers.

use serde::Serialize;

use engine::{Board, Glyph, Grid, Pos};

use crate::expected::{Ending, Expected};
use crate::reader::{self, Cell, Printed, Unreadable};
use crate::runner::{End, MOST_OUTPUT, Run, describe_status};

/// The kinds of failure, one a game: the first thing that went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A board differs from ours.
    WrongBoard,
    /// The game ends where ours goes on, or goes on where ours ends, or
    /// ends the other way.
    WrongEnding,
    /// The boards and ending agree, but the text differs (`--exact`).
    WrongText,
    /// A wrong board or ending that needs a bad answer (or an answer in
    /// upper case) to happen: found by shrinking, when nothing more can be
    /// taken away.
    Input,
    /// Exited with an error, was killed by a signal, or printed a traceback.
    Crash,
    /// Did not finish in time.
    Hang,
    /// Printed more than any game needs: a loop that prints.
    TooMuchOutput,
    /// Printed something where a board should be that cannot be read.
    Unreadable,
    /// Stopped printing boards before the game's end, without an error.
    MissingBoard,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::WrongBoard,
        Kind::WrongEnding,
        Kind::WrongText,
        Kind::Input,
        Kind::Crash,
        Kind::Hang,
        Kind::TooMuchOutput,
        Kind::Unreadable,
        Kind::MissingBoard,
    ];

    /// The name used in reports, JSON and folder names.
    pub fn name(self) -> &'static str {
        match self {
            Kind::WrongBoard => "wrong-board",
            Kind::WrongEnding => "wrong-ending",
            Kind::WrongText => "wrong-text",
            Kind::Input => "input",
            Kind::Crash => "crash",
            Kind::Hang => "hang",
            Kind::TooMuchOutput => "too-much-output",
            Kind::Unreadable => "unreadable",
            Kind::MissingBoard => "missing-board",
        }
    }
}

/// Where a game first went wrong, and how.
#[derive(Clone, Debug)]
pub struct Failure {
    pub kind: Kind,
    /// The move after which it shows (0: the board before any move).
    pub after_move: Option<usize>,
    /// The square that differs.
    pub square: Option<Pos>,
    /// One sentence: what the program did.
    pub what: String,
    /// Our board and the characters of the program's, where a board
    /// differs or is the last seen.
    pub boards: Option<(Grid<Glyph>, Grid<char>)>,
}

impl Failure {
    fn new(kind: Kind, after_move: Option<usize>, what: String) -> Self {
        Self {
            kind,
            after_move,
            square: None,
            what,
            boards: None,
        }
    }
}

/// Everything needed to judge one run.
pub(crate) struct Judged<'a> {
    pub board: &'a Board,
    pub expected: &'a Expected,
    pub run: &'a Run,
    /// Our whole transcript, when the text must match (`--exact`).
    pub transcript: Option<&'a str>,
    pub timeout_seconds: f64,
    /// Bad answers were typed in the game.
    pub bad_answers: bool,
}

/// What one game earned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Credit {
    /// The boards the course's game prints in it.
    pub boards: usize,
    /// Those the program printed right, in order, before anything went wrong.
    pub boards_right: usize,
    /// It ended (or went on) as the course's game does.
    pub ending_right: bool,
    /// Bad answers were typed in it.
    pub bad_answers: bool,
}

impl Credit {
    /// A game with nothing right in it: one that was not played because
    /// the program hung in most of its games before it.
    pub(crate) fn nothing_right(expected: &Expected, bad_answers: bool) -> Credit {
        Credit {
            boards: expected.moves() + 1,
            boards_right: 0,
            ending_right: false,
            bad_answers,
        }
    }
}

/// What a run came to: its first failure, if any, and what it earned.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub failure: Option<Failure>,
    pub credit: Credit,
}

/// Judges one run.
pub(crate) fn judge(j: &Judged) -> Verdict {
    let printed = reader::read(&j.run.stdout, j.board.rows(), j.board.cols());
    let failure = first_failure(j, &printed);
    let credit = credit(j, printed.as_deref().unwrap_or_default(), failure.as_ref());
    Verdict { failure, credit }
}

/// How much of the game the run got right: the boards it printed right
/// from the first on, and whether it ended as ours does.
fn credit(j: &Judged, printed: &[Printed], failure: Option<&Failure>) -> Credit {
    let expected = j.expected;
    let moves = expected.moves();
    let boards_right = expected
        .boards
        .iter()
        .zip(printed)
        .enumerate()
        .take_while(|(i, (ours, theirs))| {
            let after_loss = *i == moves && expected.ending == Ending::Lost;
            first_difference(j.board, ours, &theirs.cells, after_loss).is_none()
        })
        .count();
    let ending_right = match failure {
        None => true,
        Some(f) => match f.kind {
            Kind::WrongText => true,
            // Stopping badly once the game is over still ended it right.
            Kind::Crash => f.after_move == Some(moves) && boards_right == moves + 1,
            _ => false,
        },
    };
    Credit {
        boards: moves + 1,
        boards_right,
        ending_right,
        bad_answers: j.bad_answers,
    }
}

/// The first failure of the run, or `None` when it agrees with ours.
fn first_failure(j: &Judged, printed: &Result<Vec<Printed>, Unreadable>) -> Option<Failure> {
    let (rows, cols) = (j.board.rows(), j.board.cols());
    let moves = j.expected.moves();
    let boards_seen = printed.as_ref().map_or(0, Vec::len);
    match j.run.end {
        End::TimedOut => {
            let what = format!(
                "did not finish within {} s, after printing {boards_seen} of {} boards",
                j.timeout_seconds,
                moves + 1
            );
            return Some(Failure::new(Kind::Hang, None, what));
        }
        End::TooMuchOutput => {
            let what = format!(
                "printed more than {} MiB, after {boards_seen} of {} boards",
                MOST_OUTPUT >> 20,
                moves + 1
            );
            return Some(Failure::new(Kind::TooMuchOutput, None, what));
        }
        End::Exited(_) => {}
    }
    let crash = crash(j.run);
    let printed = match printed {
        Ok(printed) => printed,
        Err(unreadable) => {
            return Some(unreadable_or_crash(unreadable.clone(), crash, rows, cols));
        }
    };
    compare_boards(j, printed, crash.as_deref()).or_else(|| {
        j.transcript
            .and_then(|t| compare_text(t, &j.run.stdout, j.expected))
    })
}

fn unreadable_or_crash(
    unreadable: Unreadable,
    crash: Option<String>,
    rows: usize,
    cols: usize,
) -> Failure {
    if let Some(crash) = crash {
        // Where it stopped: before any board, or after one that cannot be read.
        let when = match unreadable {
            Unreadable::NoFirstBoard => "before printing a board".to_owned(),
            Unreadable::BrokenOff { line } => {
                format!("after printing a board at line {line} of its output that stops partway")
            }
        };
        return Failure::new(Kind::Crash, None, format!("{crash} {when}"));
    }
    let what = match unreadable {
        Unreadable::NoFirstBoard => {
            format!("printed no board of {rows} rows and {cols} columns with every square covered")
        }
        Unreadable::BrokenOff { line } => {
            format!("printed a board at line {line} of its output that stops partway")
        }
    };
    Failure::new(Kind::Unreadable, None, what)
}

/// How the program crashed, if it did.
fn crash(run: &Run) -> Option<String> {
    let End::Exited(status) = run.end else {
        return None;
    };
    if !status.success() {
        return Some(describe_status(status));
    }
    let traceback = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes);
        text.contains("Traceback (most recent call last)") || text.contains("panicked at")
    };
    (traceback(&run.stderr) || traceback(&run.stdout)).then(|| "printed a traceback".to_owned())
}

/// The first way the boards the program printed (and what it said after
/// each) differ from the course's game, `crash` being how the program
/// ended if it crashed: a board that differs, a board left out, an ending
/// said too soon, and then too many or too few boards, or the wrong
/// ending said at the end.
fn compare_boards(j: &Judged, printed: &[Printed], crash: Option<&str>) -> Option<Failure> {
    let moves = j.expected.moves();
    board_by_board(j, printed).or_else(|| match printed.len().cmp(&(moves + 1)) {
        std::cmp::Ordering::Greater => too_many_boards(j, printed),
        std::cmp::Ordering::Less => too_few_boards(j, printed, crash),
        std::cmp::Ordering::Equal => ending_at_the_end(j, printed, crash),
    })
}

/// The first board, of those printed, that is not the course's board of
/// the same move, or after which an ending is said while the game goes
/// on; a board left out is said where it is missing.
fn board_by_board(j: &Judged, printed: &[Printed]) -> Option<Failure> {
    let expected = j.expected;
    let moves = expected.moves();
    for (i, (ours, theirs)) in expected.boards.iter().zip(printed).enumerate() {
        let after_loss = i == moves && expected.ending == Ending::Lost;
        if let Some(square) = first_difference(j.board, ours, &theirs.cells, after_loss) {
            // Boards left out shift every later one: said where the first
            // is missing, not as a wrong square of a later move's board.
            if let Some(next) = (i + 1..=moves).find(|&later| {
                let lost = later == moves && expected.ending == Ending::Lost;
                first_difference(j.board, &expected.boards[later], &theirs.cells, lost).is_none()
            }) {
                let what = format!(
                    "printed no board; the next board it printed is the one after move {next}"
                );
                return Some(with_boards(
                    Failure::new(Kind::MissingBoard, Some(i), what),
                    ours,
                    theirs,
                ));
            }
            let what = format!(
                "shows {} at {}, {} where the course's game shows {}",
                describe_cell(theirs.cells[square]),
                square.row + 1,
                square.col + 1,
                describe_glyph(ours[square])
            );
            return Some(Failure {
                square: Some(square),
                boards: Some((ours.clone(), theirs.chars.clone())),
                ..Failure::new(Kind::WrongBoard, Some(i), what)
            });
        }
        // The last move's ending may be told before its board, as some
        // programs do: after its prompts, at the end of the text that
        // follows the board before the last.
        let told_early = i + 1 == moves && ending_told_last(&theirs.after) == Some(expected.ending);
        if i < moves
            && let Some(said) = ending_said(&theirs.after)
            && !told_early
        {
            let what = format!(
                "said the game was {} after move {i}; it goes on",
                said.describe()
            );
            return Some(with_boards(
                Failure::new(Kind::WrongEnding, Some(i), what),
                ours,
                theirs,
            ));
        }
    }
    None
}

/// A board printed past the last move's: after the game ended, or with
/// no move to ask for it.
fn too_many_boards(j: &Judged, printed: &[Printed]) -> Option<Failure> {
    let expected = j.expected;
    let moves = expected.moves();
    if expected.ending == Ending::Going {
        let what = format!(
            "printed a board after move {moves} that no move asked for (the game is {})",
            expected.ending.describe()
        );
        return Some(Failure::new(Kind::WrongBoard, Some(moves + 1), what));
    }
    let what = format!(
        "went on after the game was {} at move {moves}: it printed another board",
        expected.ending.describe()
    );
    let failure = Failure::new(Kind::WrongEnding, Some(moves + 1), what);
    Some(with_boards(
        failure,
        &expected.boards[moves],
        &printed[moves + 1],
    ))
}

/// Fewer boards than moves: a crash, the last board left out after its
/// ending was said, an ending said too soon, or a board missing.
fn too_few_boards(j: &Judged, printed: &[Printed], crash: Option<&str>) -> Option<Failure> {
    let expected = j.expected;
    let moves = expected.moves();
    let seen = printed.len() - 1;
    let last = printed.last().expect("the first board was found");
    let ended_unshown = seen + 1 == moves
        && ending_told_last(&last.after) == Some(expected.ending)
        && expected.ending != Ending::Going;
    let failure = if let Some(crash) = crash {
        Failure::new(Kind::Crash, Some(seen + 1), crash.to_owned())
    } else if ended_unshown {
        let what = format!(
            "said the game was {} after move {moves}, but printed no board for that move",
            expected.ending.describe()
        );
        Failure::new(Kind::MissingBoard, Some(moves), what)
    } else if let Some(said) = ending_said(&last.after) {
        let what = format!(
            "said the game was {} after move {seen}; it goes on",
            said.describe()
        );
        Failure::new(Kind::WrongEnding, Some(seen), what)
    } else {
        let what = format!("printed no board (the game has {moves} moves)");
        Failure::new(Kind::MissingBoard, Some(seen + 1), what)
    };
    // What the course's game shows there: the last board, when that is
    // the one missing.
    let ours = &expected.boards[if ended_unshown { moves } else { seen }];
    Some(with_boards(failure, ours, last))
}

/// Every board printed: the ending said after the last (or told just
/// before it) must be the game's, and a crash counts only after a game
/// that has ended (at the end of the input a program may stop as it
/// likes: the course's program stops with an EOFError).
fn ending_at_the_end(j: &Judged, printed: &[Printed], crash: Option<&str>) -> Option<Failure> {
    let expected = j.expected;
    let moves = expected.moves();
    let last = &printed[moves];
    let told_before_it = moves
        .checked_sub(1)
        .and_then(|before| ending_told_last(&printed[before].after))
        .filter(|&said| said == expected.ending);
    let said = ending_said(&last.after)
        .or(told_before_it)
        .unwrap_or(Ending::Going);
    if said != expected.ending {
        let what = match said {
            Ending::Going => format!(
                "did not say the game was {} after move {moves}",
                expected.ending.describe()
            ),
            _ => format!(
                "said the game was {} after move {moves}; it is {}",
                said.describe(),
                expected.ending.describe()
            ),
        };
        let failure = Failure::new(Kind::WrongEnding, Some(moves), what);
        return Some(with_boards(failure, &expected.boards[moves], last));
    }
    match crash {
        Some(_) if expected.ending == Ending::Going => None,
        Some(crash) => {
            let what = format!("{crash} after the game ended");
            Some(Failure::new(Kind::Crash, Some(moves), what))
        }
        None => None,
    }
}

fn with_boards(failure: Failure, ours: &Grid<Glyph>, theirs: &Printed) -> Failure {
    Failure {
        boards: Some((ours.clone(), theirs.chars.clone())),
        ..failure
    }
}

/// The first square, in reading order, where the program's board is not
/// ours. After a loss a program may also show what the covered squares
/// hold (mines, clues).
fn first_difference(
    board: &Board,
    ours: &Grid<Glyph>,
    theirs: &Grid<Cell>,
    after_loss: bool,
) -> Option<Pos> {
    ours.positions().find(|&pos| {
        let (glyph, cell) = (ours[pos], theirs[pos]);
        let same = shown_as(glyph) == cell;
        let uncovered = after_loss
            && matches!(glyph, Glyph::Hidden | Glyph::Flag)
            && match cell {
                Cell::Mine => board.is_mine(pos) || glyph == Glyph::Flag,
                Cell::Open(clue) => !board.is_mine(pos) && clue == board.clue(pos),
                _ => false,
            };
        !same && !uncovered
    })
}

/// Words that say a game is won or lost, in lower case.
const WON: [&str; 6] = [
    "you won",
    "you win",
    "you have won",
    "congratulations",
    "victory",
    "winner",
];
const LOST: [&str; 10] = [
    "detonat",
    "game over",
    "you lost",
    "you lose",
    "you have lost",
    "boom",
    "explod",
    "blew up",
    "hit a mine",
    "stepped on a mine",
];

/// Whether `text` says the game is won or lost (a win first: "You won!
/// Game over." is a win).
/// The ending `text` tells after the prompts of the move it follows, not
/// before them: on its last line that tells one, with no prompt (a line
/// with `:` or `?`) after it.
fn ending_told_last(text: &str) -> Option<Ending> {
    let lines: Vec<&str> = text.lines().collect();
    let (at, said) = lines
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, line)| ending_said(line).map(|said| (i, said)))?;
    let asks = |line: &&str| line.contains(':') || line.contains('?');
    (!lines[at + 1..].iter().any(asks)).then_some(said)
}

pub(crate) fn ending_said(text: &str) -> Option<Ending> {
    let text = text.to_lowercase();
    if WON.iter().any(|w| text.contains(w)) {
        Some(Ending::Won)
    } else if LOST.iter().any(|w| text.contains(w)) {
        Some(Ending::Lost)
    } else {
        None
    }
}

/// The first line where the program's text is not ours. A game still
/// going when the input ends may print anything after our last prompt.
fn compare_text(ours: &str, stdout: &[u8], expected: &Expected) -> Option<Failure> {
    let theirs = String::from_utf8_lossy(stdout);
    if theirs == ours || (expected.ending == Ending::Going && theirs.starts_with(ours)) {
        return None;
    }
    let (ours_lines, theirs_lines): (Vec<&str>, Vec<&str>) =
        (ours.split('\n').collect(), theirs.split('\n').collect());
    let line = (0..ours_lines.len().max(theirs_lines.len()))
        .find(|&i| ours_lines.get(i) != theirs_lines.get(i))
        .unwrap_or(0);
    let shown = |lines: &[&str]| match lines.get(line) {
        Some(text) => quoted(text),
        None => "nothing".to_owned(),
    };
    let what = format!(
        "prints {} at line {} of its output where the course's game prints {}",
        shown(&theirs_lines),
        line + 1,
        shown(&ours_lines)
    );
    Some(Failure::new(Kind::WrongText, None, what))
}

/// The most characters of a line a report quotes: a program that prints
/// a 2 MiB line is told where it differs, not shown all of it.
const MOST_QUOTED: usize = 120;

/// `text` in quotes, escaped, cut after [`MOST_QUOTED`] characters with
/// how many more there were.
fn quoted(text: &str) -> String {
    let length = text.chars().count();
    if length <= MOST_QUOTED {
        return format!("\"{}\"", visible::Visible(text));
    }
    let kept: String = text.chars().take(MOST_QUOTED).collect();
    format!(
        "\"{}\"… ({} more characters)",
        visible::Visible(&kept),
        length - MOST_QUOTED
    )
}

/// What a program shows where the course's game shows `glyph`. (Wrong
/// flags and animation steps are never shown by proj3's rules.)
fn shown_as(glyph: Glyph) -> Cell {
    match glyph {
        Glyph::Hidden => Cell::Hidden,
        Glyph::Flag | Glyph::WrongFlag => Cell::Flag,
        Glyph::Open(clue) => Cell::Open(clue),
        Glyph::Mine | Glyph::Detonated => Cell::Mine,
        Glyph::Question => Cell::Other('?'),
        Glyph::Seen | Glyph::Exploring(_) => Cell::Other('o'),
    }
}

fn describe_glyph(glyph: Glyph) -> String {
    describe_cell(shown_as(glyph))
}

fn describe_cell(cell: Cell) -> String {
    match cell {
        Cell::Hidden => "a covered square".to_owned(),
        Cell::Flag => "a flag".to_owned(),
        Cell::Open(0) => "an empty square".to_owned(),
        Cell::Open(clue) => format!("a {clue}"),
        Cell::Mine => "a mine".to_owned(),
        Cell::Other(c) => format!("'{}'", visible::Visible(&c.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ending_told_before_the_prompts_is_not_the_last_moves() {
        let after_prompts = "Row: Column: Action (r or f): You won!\n\n    1\n";
        assert_eq!(ending_told_last(after_prompts), Some(Ending::Won));
        let before_prompts = "You won!\nRow: Column: Action (r or f): ";
        assert_eq!(ending_told_last(before_prompts), None);
    }

    #[test]
    fn a_crash_says_whether_a_board_came_before_it() {
        let crashed = || Some("exited with status 1".to_owned());
        let cut = unreadable_or_crash(Unreadable::BrokenOff { line: 4 }, crashed(), 2, 2);
        assert_eq!(
            (cut.kind, cut.what.as_str()),
            (
                Kind::Crash,
                "exited with status 1 after printing a board at line 4 of its output that stops \
                 partway"
            )
        );
        let none = unreadable_or_crash(Unreadable::NoFirstBoard, crashed(), 2, 2);
        assert_eq!(none.what, "exited with status 1 before printing a board");
    }

    #[test]
    fn a_long_line_is_quoted_cut_short() {
        assert_eq!(quoted("a\tb"), "\"a\\tb\"");
        let long = "x".repeat(2 << 20);
        let said = quoted(&long);
        assert!(said.len() < 200, "{said}");
        assert!(said.ends_with(&format!("… ({} more characters)", (2 << 20) - MOST_QUOTED)));
    }

    #[test]
    fn endings_are_read_from_any_words() {
        assert_eq!(
            ending_said("You detonated a mine!  Game Over!"),
            Some(Ending::Lost)
        );
        assert_eq!(
            ending_said("You won! Congratulations, and good game!"),
            Some(Ending::Won)
        );
        assert_eq!(ending_said("YOU WIN. Game over."), Some(Ending::Won));
        assert_eq!(ending_said("BOOM!"), Some(Ending::Lost));
        assert_eq!(
            ending_said("\tThere are 3 mines left to find\nPlease choose the row:"),
            None
        );
        assert_eq!(ending_said("To win the game, flag every mine"), None);
    }
}
