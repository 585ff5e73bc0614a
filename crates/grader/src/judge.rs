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
    /// Every kind, in the order reports list them.
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
    /// The kind of failure.
    pub kind: Kind,
    /// The move after which it shows (0: the board before any move).
    pub after_move: Option<usize>,
    /// It shows before that move's board was printed: the program crashed,
    /// printed nothing or said an ending while playing the move.
    pub during_move: bool,
    /// The program had told the game's ending as the course's game does
    /// (a crash once the game was over).
    pub told_the_ending: bool,
    /// The square that differs.
    pub square: Option<Pos>,
    /// One sentence: what the program did.
    pub what: String,
    /// Our board and the program's as it printed it, where a board
    /// differs or is the last seen.
    pub boards: Option<(Grid<Glyph>, Printed)>,
}

impl Failure {
    fn new(kind: Kind, after_move: Option<usize>, what: String) -> Self {
        Self {
            kind,
            after_move,
            during_move: false,
            told_the_ending: false,
            square: None,
            what,
            boards: None,
        }
    }

    /// The same, while the move's board was being made.
    fn during(self) -> Self {
        Self {
            during_move: true,
            ..self
        }
    }

    /// How far into the game the program went before this failure: the
    /// move, and whether its board was printed.
    pub(crate) fn reached(&self) -> (usize, bool) {
        (self.after_move.unwrap_or(0), !self.during_move)
    }
}

/// How long a game may take: what its hang says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct GameLimits {
    /// CPU time, each process's (none where the system keeps no count
    /// of it for a game: without a sandbox, on Windows).
    pub cpu_seconds: Option<u64>,
    /// Time on the clock, which the game ran out twice, played twice,
    /// before it was called a hang.
    pub wall_clock: std::time::Duration,
}

/// Everything needed to judge one run.
pub(crate) struct Judged<'a> {
    pub board: &'a Board,
    pub expected: &'a Expected,
    pub run: &'a Run,
    /// Our whole transcript, when the text must match (`--exact`).
    pub transcript: Option<&'a str>,
    /// The game's limits: CPU seconds, and seconds on the clock.
    pub limits: GameLimits,
    /// Bad answers were typed in the game.
    pub bad_answers: bool,
}

/// What one game earned. Each part is judged on what it is about, so
/// one bug is charged once: a wrong clue costs boards, not the ending or
/// the answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Credit {
    /// The boards the course's game prints in it.
    pub boards: usize,
    /// Those the program printed right, in order, before anything went wrong.
    pub boards_right: usize,
    /// It ended (or went on) as the course's game does, the boards'
    /// contents set aside and a board left out forgiven.
    pub ending_right: bool,
    /// Bad answers were typed in it.
    pub bad_answers: bool,
    /// Whether the bad answers were handled, judged only where some were
    /// typed before the game first went wrong; `None` where none were.
    pub input_right: Option<bool>,
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
            input_right: bad_answers.then_some(false),
        }
    }
}

/// Whether boards are compared square by square, or only counted: the
/// ending is judged with the boards' contents set aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Contents {
    Compared,
    SetAside,
}

/// What a run came to: its first failure, if any, and what it earned.
#[derive(Clone, Debug)]
pub(crate) struct Verdict {
    pub failure: Option<Failure>,
    pub credit: Credit,
}

/// Judges one run.
pub(crate) fn judge(j: &Judged) -> Verdict {
    let printed = reader::read(&j.run.stdout, j.board);
    let failure = first_failure(j, &printed, Contents::Compared);
    let credit = credit(j, &printed, failure.as_ref());
    Verdict { failure, credit }
}

/// How much of the game the run got right: the boards it printed right
/// from the first on, and whether it ended as ours does, judged with the
/// boards' contents set aside (a wrong clue is the boards' fault, not the
/// ending's) and a board left out forgiven (the boards' fault too). A game
/// whose first fault is a wrong board keeps its ending whatever came
/// after: the game its program played from there is no longer ours (a
/// square it left covered takes a flag ours refuses, and its win comes
/// at another move), so an ending judged against ours would charge the
/// board's fault twice, and fixing another bug (a win check that never
/// fired) could lower the score.
fn credit(
    j: &Judged,
    printed: &Result<Vec<Printed>, Unreadable>,
    failure: Option<&Failure>,
) -> Credit {
    let expected = j.expected;
    let moves = expected.moves();
    let boards = printed.as_deref().unwrap_or_default();
    let boards_right = expected
        .boards
        .iter()
        .zip(boards)
        .enumerate()
        .take_while(|(i, (ours, theirs))| {
            let after_loss = *i == moves && expected.ending == Ending::Lost;
            first_difference(j.board, ours, &theirs.cells, after_loss).is_none()
        })
        .count();
    let ending_right = match failure.map(|f| f.kind) {
        None | Some(Kind::WrongText | Kind::WrongBoard) => true,
        Some(Kind::MissingBoard) => ending_told_at_the_end(expected, boards),
        Some(_) => first_failure(j, printed, Contents::SetAside)
            .is_none_or(|f| f.kind == Kind::WrongText || f.told_the_ending),
    };
    Credit {
        boards: moves + 1,
        boards_right,
        ending_right,
        bad_answers: j.bad_answers,
        input_right: None,
    }
}

/// Whether the program, which left a board out, told the game's ending
/// after its last board (or just before it) and no ending before: how a
/// game's end is judged when the count of boards cannot place it.
fn ending_told_at_the_end(expected: &Expected, printed: &[Printed]) -> bool {
    let Some((last, before)) = printed.split_last() else {
        return false;
    };
    let told_early = before
        .last()
        .and_then(|board| ending_told_last(&board.after))
        .filter(|&said| said == expected.ending && said != Ending::Going);
    let earlier = match told_early {
        Some(_) => &before[..before.len() - 1],
        None => before,
    };
    let said = ending_said(&last.after)
        .or(told_early)
        .unwrap_or(Ending::Going);
    said == expected.ending && earlier.iter().all(|b| ending_said(&b.after).is_none())
}

/// The first failure of the run, or `None` when it agrees with ours; with
/// `contents` set aside, every board printed is taken as the right one.
fn first_failure(
    j: &Judged,
    printed: &Result<Vec<Printed>, Unreadable>,
    contents: Contents,
) -> Option<Failure> {
    let (rows, cols) = (j.board.rows(), j.board.cols());
    let moves = j.expected.moves();
    let boards_seen = printed.as_ref().map_or(0, Vec::len);
    match j.run.end {
        End::TimedOut => {
            let what = format!(
                "did not finish within {} s, nor when played again, after printing \
                 {boards_seen} of {} boards",
                j.limits.wall_clock.as_secs_f64(),
                moves + 1
            );
            return Some(Failure::new(Kind::Hang, None, what));
        }
        End::OutOfCpu => {
            let cpu = j.limits.cpu_seconds.map_or_else(
                || "its CPU time".to_owned(),
                |seconds| format!("{seconds} s of CPU time"),
            );
            let what = format!(
                "used {cpu} without finishing, after printing {boards_seen} of {} boards",
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
    compare_boards(j, printed, crash.as_deref(), contents).or_else(|| {
        j.transcript
            .and_then(|t| compare_text(t, &j.run.stdout, j.expected))
    })
}

/// Said after what a program did on a board without mines when it agrees
/// with neither of the course's endings. It tells of the game, not of the
/// fault: a fault shown on such a board is the one other boards show.
pub(crate) const EITHER_ENDING: &str = " (a board without mines may be won before the first \
                                        move or after it: the program did neither)";

fn unreadable_or_crash(
    unreadable: Unreadable,
    crash: Option<String>,
    rows: usize,
    cols: usize,
) -> Failure {
    if let Some(crash) = crash {
        // Where it stopped: before the first board (whatever else it
        // printed, which may look like a board of another size or one
        // already opened), or after one that cannot be read.
        let when = match unreadable {
            Unreadable::NoFirstBoard => format!(
                "before printing a {rows}x{cols} board with every square \
                 covered"
            ),
            Unreadable::BrokenOff { line } => {
                format!("after printing a board at line {line} of its output that stops partway")
            }
        };
        return Failure::new(Kind::Crash, None, format!("{crash} {when}"));
    }
    let what = match unreadable {
        Unreadable::NoFirstBoard => {
            format!("printed no {rows}x{cols} board with every square covered")
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
fn compare_boards(
    j: &Judged,
    printed: &[Printed],
    crash: Option<&str>,
    contents: Contents,
) -> Option<Failure> {
    let moves = j.expected.moves();
    board_by_board(j, printed, contents).or_else(|| match printed.len().cmp(&(moves + 1)) {
        std::cmp::Ordering::Greater => too_many_boards(j, printed),
        std::cmp::Ordering::Less => too_few_boards(j, printed, crash),
        std::cmp::Ordering::Equal => ending_at_the_end(j, printed, crash),
    })
}

/// Whether the program's board `theirs` is the course's board after move
/// `at` (after the last move of a lost game, what the covered squares
/// hold may be shown).
fn same_board(j: &Judged, at: usize, theirs: &Printed) -> bool {
    let expected = j.expected;
    let lost = at == expected.moves() && expected.ending == Ending::Lost;
    first_difference(j.board, &expected.boards[at], &theirs.cells, lost).is_none()
}

/// The first board, of those printed, that is not the course's board of
/// the same move, or after which an ending is said while the game goes
/// on; a board left out is said where it is missing.
fn board_by_board(j: &Judged, printed: &[Printed], contents: Contents) -> Option<Failure> {
    let expected = j.expected;
    let moves = expected.moves();
    for (i, (ours, theirs)) in expected.boards.iter().zip(printed).enumerate() {
        let after_loss = i == moves && expected.ending == Ending::Lost;
        let differs = match contents {
            Contents::Compared => first_difference(j.board, ours, &theirs.cells, after_loss),
            Contents::SetAside => None,
        };
        if let Some(square) = differs {
            return Some(left_out(j, printed, i).unwrap_or_else(|| {
                let what = format!(
                    "shows {} at {}, {} where the course's game shows {}",
                    describe_cell(theirs.cells[square]),
                    square.row + 1,
                    square.col + 1,
                    describe_glyph(ours[square])
                );
                Failure {
                    square: Some(square),
                    ..with_boards(Failure::new(Kind::WrongBoard, Some(i), what), ours, theirs)
                }
            }));
        }
        // The last move's ending may be told before its board, as some
        // programs do: after its prompts, at the end of the text that
        // follows the board before the last.
        let told_early = i + 1 == moves && ending_told_last(&theirs.after) == Some(expected.ending);
        if i < moves
            && let Some(said) = ending_said(&theirs.after)
            && !told_early
        {
            let what = format!("said the game was {}; it goes on", said.describe());
            return Some(with_boards(
                wrong_ending_at(i, &theirs.after, what),
                ours,
                theirs,
            ));
        }
    }
    None
}

/// An ending said in `after`, the text after the board of move `i`,
/// while the game goes on: after that move, or, when the next move's
/// prompts come before it, during the next.
fn wrong_ending_at(i: usize, after: &str, what: String) -> Failure {
    if told_after_prompts(after) {
        Failure::new(Kind::WrongEnding, Some(i + 1), what).during()
    } else {
        Failure::new(Kind::WrongEnding, Some(i), what)
    }
}

/// Whether `text` asks something (a `:` or `?`) before it first says the
/// game is won or lost: the next move's answers were taken first.
fn told_after_prompts(text: &str) -> bool {
    let lower = text.to_lowercase();
    let said_at = WON
        .iter()
        .chain(&LOST)
        .filter_map(|word| lower.find(word))
        .min();
    said_at.is_some_and(|at| lower[..at].contains([':', '?']))
}

/// Board `i` of those printed, which differs from the course's board of
/// that move, read as boards left out: it is the course's board of a
/// later move, the program printed fewer boards than the game has, and
/// the board it printed next (if any) is the course's board of a move
/// after that one. A board that only looks like a later one (a flag that opened an
/// island a later move opens) is a wrong board.
fn left_out(j: &Judged, printed: &[Printed], i: usize) -> Option<Failure> {
    let moves = j.expected.moves();
    if printed.len() > moves {
        return None;
    }
    let theirs = &printed[i];
    let next = (i + 1..=moves).find(|&later| same_board(j, later, theirs))?;
    // The next board follows on (more may be left out before it).
    let goes_on = match printed.get(i + 1) {
        None => true,
        Some(after) => (next + 1..=moves).any(|later| same_board(j, later, after)),
    };
    if !goes_on {
        return None;
    }
    let what = format!("printed no board; the next board it printed is the one after move {next}");
    let failure = Failure::new(Kind::MissingBoard, Some(i), what).during();
    Some(with_boards(failure, &j.expected.boards[i], theirs))
}

/// A board printed past the last move's: after the game ended, or with
/// no move to ask for it.
fn too_many_boards(j: &Judged, printed: &[Printed]) -> Option<Failure> {
    let expected = j.expected;
    let moves = expected.moves();
    if expected.ending == Ending::Going {
        let what = format!(
            "printed a board that no move asked for (the game is {})",
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
        Failure::new(Kind::Crash, Some(seen + 1), crash.to_owned()).during()
    } else if ended_unshown {
        let what = format!(
            "said the game was {}, but printed no board for that move",
            expected.ending.describe()
        );
        Failure::new(Kind::MissingBoard, Some(moves), what).during()
    } else if let Some(said) = ending_said(&last.after) {
        let what = format!("said the game was {}; it goes on", said.describe());
        wrong_ending_at(seen, &last.after, what)
    } else {
        let what = format!(
            "printed no board (the game has {})",
            if moves == 1 {
                "1 move".to_owned()
            } else {
                format!("{moves} moves")
            }
        );
        Failure::new(Kind::MissingBoard, Some(seen + 1), what).during()
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
        // A crash where the ending should have been said is the crash:
        // what the program did first.
        if let (Some(crash), Ending::Going) = (crash, said) {
            let what = format!(
                "{crash} before saying the game was {}",
                expected.ending.describe()
            );
            let failure = Failure::new(Kind::Crash, Some(moves), what);
            return Some(with_boards(failure, &expected.boards[moves], last));
        }
        let what = match said {
            Ending::Going => format!("did not say the game was {}", expected.ending.describe()),
            _ => format!(
                "said the game was {}; it is {}",
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
            Some(Failure {
                told_the_ending: true,
                ..Failure::new(Kind::Crash, Some(moves), what)
            })
        }
        None => None,
    }
}

fn with_boards(failure: Failure, ours: &Grid<Glyph>, theirs: &Printed) -> Failure {
    Failure {
        boards: Some((ours.clone(), theirs.clone())),
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
    use crate::case::{Case, Turn};
    use crate::expected::expect;
    use engine::{Action, Move};

    /// A game on a 1x3 board with a mine at its right end, `moves` typed.
    fn game(moves: &[(Action, usize)]) -> Case {
        game_on(&[false, false, true], moves)
    }

    /// A game on a board of one row, mines where `mines` says.
    fn game_on(mines: &[bool], moves: &[(Action, usize)]) -> Case {
        Case {
            mines: Grid::from_row_major(1, mines.len(), mines.to_vec()),
            turns: moves
                .iter()
                .map(|&(action, col)| {
                    Turn::plain(Move {
                        action,
                        at: Pos::new(0, col),
                    })
                })
                .collect(),
        }
    }

    /// The verdict on a program that printed `rows` (a row of the course's
    /// layout a board, each given as its squares, a prompt after each but
    /// the last), then `end`, and exited with `status`.
    fn verdict_on(case: &Case, rows: &[&str], end: &str, status: i32) -> Verdict {
        let boards: Vec<String> = rows
            .iter()
            .map(|row| format!("     1 2 3\n   + + + + +\n1  + {row} + \n   + + + + +\n"))
            .collect();
        verdict_on_text(case, &format!("{}{end}", boards.join("Row: \n")), status)
    }

    /// The verdict on a program that printed `stdout` and exited with
    /// `status`.
    fn verdict_on_text(case: &Case, stdout: &str, status: i32) -> Verdict {
        use std::os::unix::process::ExitStatusExt;
        let end = End::Exited(std::process::ExitStatus::from_raw(status << 8));
        verdict_on_end(case, stdout, end)
    }

    /// The verdict on a program that printed `stdout` and ended with
    /// `end`, in a game of at most 5 s of CPU time and 10 s on the clock.
    fn verdict_on_end(case: &Case, stdout: &str, end: End) -> Verdict {
        let run = Run {
            stdout: stdout.as_bytes().to_vec(),
            stderr: Vec::new(),
            end,
        };
        judge(&Judged {
            board: &case.board(),
            expected: &expect(case),
            run: &run,
            transcript: None,
            limits: GameLimits {
                cpu_seconds: Some(5),
                wall_clock: std::time::Duration::from_secs(10),
            },
            bad_answers: false,
        })
    }

    /// A hang says which limit stopped it: the CPU time it used up, or the
    /// clock, in two plays of the game.
    #[test]
    fn a_hang_says_which_limit_stopped_it() {
        let case = game(&[(Action::Reveal, 0)]);
        let by_cpu = verdict_on_end(&case, "", End::OutOfCpu).failure.unwrap();
        assert_eq!(by_cpu.kind, Kind::Hang);
        assert_eq!(
            by_cpu.what,
            "used 5 s of CPU time without finishing, after printing 0 of 2 boards"
        );
        let by_clock = verdict_on_end(&case, "", End::TimedOut).failure.unwrap();
        assert_eq!(by_clock.kind, Kind::Hang);
        assert_eq!(
            by_clock.what,
            "did not finish within 10 s, nor when played again, after printing 0 of 2 boards"
        );
    }

    /// A flag that opens the island a later reveal opens is a wrong board
    /// where the flag was, not a board left out: the program printed a
    /// board for every move.
    #[test]
    fn a_board_like_a_later_one_is_wrong_when_none_is_left_out() {
        let case = game(&[(Action::Flag, 0), (Action::Flag, 0), (Action::Reveal, 0)]);
        let verdict = verdict_on(&case, &[". . .", "  1 .", "  1 .", "  1 ."], "", 0);
        let failure = verdict.failure.unwrap();
        assert_eq!(
            (failure.kind, failure.after_move),
            (Kind::WrongBoard, Some(1))
        );
        // The same board with one left out before it is left out.
        let skipped = verdict_on(&case, &[". . .", "F . .", "  1 ."], "", 0);
        let failure = skipped.failure.unwrap();
        assert_eq!(
            (failure.kind, failure.after_move),
            (Kind::MissingBoard, Some(2))
        );
        assert!(failure.during_move);
        // Two left out, one after the other is told: each refused flag
        // without its board.
        let case = game_on(
            &[false, false, true, true],
            &[
                (Action::Reveal, 0),
                (Action::Flag, 0),
                (Action::Flag, 2),
                (Action::Flag, 1),
                (Action::Flag, 2),
            ],
        );
        let rows = [". . . .", "  1 . .", "  1 F .", "  1 . ."];
        let verdict = verdict_on(&case, &rows, "", 0);
        let failure = verdict.failure.unwrap();
        assert_eq!(
            (failure.kind, failure.after_move),
            (Kind::MissingBoard, Some(2))
        );
    }

    /// A crash where the ending should be said is a crash, and the game
    /// is not ended right; a crash after it was said ended it right.
    #[test]
    fn a_crash_instead_of_the_ending_is_the_crash() {
        let case = game(&[(Action::Flag, 2)]);
        let verdict = verdict_on(&case, &[". . .", ". . F"], "", 1);
        let failure = verdict.failure.unwrap();
        assert_eq!((failure.kind, failure.after_move), (Kind::Crash, Some(1)));
        assert_eq!(
            failure.what,
            "exited with status 1 before saying the game was won"
        );
        assert!(!verdict.credit.ending_right);
    }

    /// A win said once the next move's answers are typed, before its
    /// board, is said during that move.
    #[test]
    fn an_ending_said_after_the_next_answers_is_said_during_that_move() {
        let case = game(&[(Action::Flag, 0), (Action::Reveal, 1)]);
        let board = |row: &str| format!("   + + + + +\n1  + {row} + \n   + + + + +\n");
        let stdout = format!(
            "{}Row: \n{}Row: Column: Action: You won!\n{}",
            board(". . ."),
            board("F . ."),
            board("F 1 .")
        );
        let failure = verdict_on_text(&case, &stdout, 0).failure.unwrap();
        assert_eq!(
            (failure.kind, failure.after_move, failure.during_move),
            (Kind::WrongEnding, Some(2), true)
        );
        assert_eq!(failure.what, "said the game was won; it goes on");
    }

    /// A wrong clue costs the board, not the ending: a game is charged to
    /// the first thing that went wrong in it, whatever its ending, and an
    /// ending is charged only in a game whose boards were right.
    #[test]
    fn a_wrong_clue_is_charged_to_the_boards_alone() {
        let case = game(&[(Action::Reveal, 0), (Action::Flag, 2)]);
        let rows = [". . .", "  2 .", "  2 F"];
        let verdict = verdict_on(&case, &rows, "You won!\n", 0);
        assert_eq!(verdict.failure.unwrap().kind, Kind::WrongBoard);
        assert_eq!(verdict.credit.boards_right, 1);
        assert!(verdict.credit.ending_right);
        // Not said after a wrong board: the board is charged, once.
        let unsaid = verdict_on(&case, &rows, "", 0);
        assert_eq!(unsaid.failure.unwrap().kind, Kind::WrongBoard);
        assert!(unsaid.credit.ending_right);
        // Not said after right boards: the ending is charged.
        let right = [". . .", "  1 .", "  1 F"];
        let unsaid = verdict_on(&case, &right, "", 0);
        assert_eq!(unsaid.failure.unwrap().kind, Kind::WrongEnding);
        assert!(!unsaid.credit.ending_right);
    }

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
        assert_eq!(
            none.what,
            "exited with status 1 before printing a 2x2 board with every \
             square covered"
        );
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
