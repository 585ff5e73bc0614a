//! Telling faults apart: two failing games of one kind show the same
//! fault when the program did the same thing on the same path through the
//! rules. A game is boiled down to its kind, what the program did with the
//! numbers taken out (which square, which move), and the move it went
//! wrong at: its action and what the square showed before it; a crash by
//! the place it stopped at, as its stderr says. Shrinking keeps a game's fault, so each fault
//! found is shown by a game of its own.

use engine::{Action, Glyph};

use crate::case::{Case, Plan};
use crate::expected::Expected;
use crate::judge::{self, Failure, Kind};

/// One fault: the same for every game that goes wrong the same way.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fault {
    /// The kind of failure.
    pub kind: Kind,
    /// What the program did, its numbers replaced by `#`, and the move.
    pub path: String,
}

impl Fault {
    /// A wrong board or ending that goes away when the game is typed
    /// without its bad answers: a bad answer taken as good. One fault
    /// whatever it then showed, since every such game has the one cause.
    pub(crate) fn bad_answer_taken() -> Fault {
        Fault {
            kind: Kind::Input,
            path: "a bad answer taken as good".to_owned(),
        }
    }

    /// The fault `failure` shows in `case`.
    pub fn of(failure: &Failure, case: &Case, expected: &Expected, stderr: &[u8]) -> Fault {
        let what = failure.what.strip_suffix(judge::EITHER_ENDING);
        let what = without_numbers(what.unwrap_or(&failure.what));
        let at = match failure.after_move {
            Some(0) => "before any move".to_owned(),
            Some(n) if n <= expected.moves() => the_move(case, expected, n - 1),
            Some(_) => "after the game's end".to_owned(),
            None => String::new(),
        };
        let path = match failure.kind {
            // A crash is told by where the program says it stopped, not
            // by the move it was reading.
            Kind::Crash => format!("{what}; {}", without_numbers(&last_words(stderr))),
            // Every hang is one: the program does not finish; and every
            // flood of output is one.
            Kind::Hang | Kind::TooMuchOutput => String::new(),
            _ => format!("{what}; {at}"),
        };
        Fault {
            kind: failure.kind,
            path,
        }
    }
}

/// `text` with each run of digits replaced by `#`.
fn without_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('#') {
            out.push('#');
        }
    }
    out
}

/// The line of stderr that says where a program stopped: a Rust panic's
/// place, or the last line (a Python traceback ends with its exception).
fn last_words(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let said = lines
        .iter()
        .find(|l| l.contains("panicked at"))
        .or(lines.last())
        .map_or("", |l| l.trim());
    // Only the place of a panic: its thread's name and number vary.
    said.split_once("panicked at")
        .map_or(said, |(_, place)| place)
        .trim()
        .to_owned()
}

/// Move `turn` (from 0) as a path through the rules: "flag a covered
/// square", "reveal a flagged square".
fn the_move(case: &Case, expected: &Expected, turn: usize) -> String {
    let typed = &case.turns[turn];
    let action = match typed.mv.action {
        Action::Flag => "flag",
        _ => "reveal",
    };
    let square = match expected.boards[turn][typed.mv.at] {
        Glyph::Hidden => "a covered square",
        Glyph::Flag | Glyph::WrongFlag => "a flagged square",
        _ => "an open square",
    };
    format!("{action} {square}")
}

/// The most faults of one kind that are shrunk and shown: past that they
/// are counted only, so a program wrong in every way costs a bounded time.
pub(crate) const MOST_FAULTS_A_KIND: usize = 3;

/// How many games without an edge case are played before a fault is said
/// to be seen only on it: the games that showed a fault are a sample, and
/// a fault seen on a few boards of one row may show on any board.
pub(crate) const EDGE_TRIALS: u64 = 30;

/// The cases the assignment may never ask about, which a fault can be
/// seen only on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EdgeCase {
    /// A board without a mine.
    NoMines,
    /// A board of one row or one column.
    OneLine,
}

impl EdgeCase {
    /// The edge cases `case` is.
    pub fn of(case: &Case) -> Vec<EdgeCase> {
        let mut edges = Vec::new();
        if case.board().mine_count() == 0 {
            edges.push(EdgeCase::NoMines);
        }
        if case.rows().min(case.cols()) == 1 {
            edges.push(EdgeCase::OneLine);
        }
        edges
    }

    /// "Seen only on …", what was tried to show it otherwise, and how to
    /// leave such boards out.
    pub fn describe(self) -> String {
        match self {
            EdgeCase::NoMines => format!(
                "seen only on boards with no mines: {EDGE_TRIALS} more games with mines did not \
                 show it (--at-least-one-mine leaves them out)"
            ),
            EdgeCase::OneLine => format!(
                "seen only on boards of one row or one column: {EDGE_TRIALS} more games of two \
                 rows and two columns or more did not show it (--min-size 2 leaves them out)"
            ),
        }
    }

    /// `plan` with boards of this edge case left out; `None` where its
    /// every board is one (boards of one line, when at most one row or
    /// column is asked for).
    pub(crate) fn left_out_of(self, plan: Plan) -> Option<Plan> {
        match self {
            EdgeCase::NoMines => Some(Plan {
                at_least_one_mine: true,
                ..plan
            }),
            EdgeCase::OneLine => (plan.max_size >= 2).then_some(Plan {
                min_size: plan.min_size.max(2),
                ..plan
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Turn;
    use crate::expected::expect;
    use engine::{Grid, Move, Pos};

    fn case(turns: Vec<Turn>) -> Case {
        Case {
            mines: Grid::from_row_major(2, 2, vec![true, false, false, false]),
            turns,
        }
    }

    fn flag(row: usize, col: usize) -> Turn {
        Turn::plain(Move {
            action: Action::Flag,
            at: Pos::new(row, col),
        })
    }

    fn failure(kind: Kind, after_move: usize, what: &str) -> Failure {
        Failure {
            kind,
            after_move: Some(after_move),
            during_move: false,
            told_the_ending: false,
            square: None,
            what: what.to_owned(),
            boards: None,
        }
    }

    #[test]
    fn the_same_mistake_on_other_squares_and_moves_is_one_fault() {
        let a = case(vec![flag(1, 1), flag(0, 1)]);
        let b = case(vec![flag(1, 0)]);
        let fa = Fault::of(
            &failure(
                Kind::WrongBoard,
                2,
                "shows a covered square at 1, 2 where …",
            ),
            &a,
            &expect(&a),
            b"",
        );
        let fb = Fault::of(
            &failure(
                Kind::WrongBoard,
                1,
                "shows a covered square at 2, 1 where …",
            ),
            &b,
            &expect(&b),
            b"",
        );
        assert_eq!(fa, fb);
        assert_eq!(
            fa.path,
            "shows a covered square at #, # where …; flag a covered square"
        );
    }

    /// What a board without mines adds to the sentence (that either of
    /// the course's endings would have done) is about that game: the
    /// fault is the one boards with mines show.
    #[test]
    fn a_board_without_mines_shows_the_same_fault_as_others() {
        let a = case(vec![]);
        let what = "shows an empty square at 1, 2 where the course's game shows a covered square";
        let with_mines = Fault::of(&failure(Kind::WrongBoard, 0, what), &a, &expect(&a), b"");
        let noted = format!("{what}{}", judge::EITHER_ENDING);
        let without = Fault::of(&failure(Kind::WrongBoard, 0, &noted), &a, &expect(&a), b"");
        assert_eq!(with_mines, without);
    }

    #[test]
    fn another_rule_is_another_fault() {
        let plain = case(vec![flag(1, 1), flag(1, 1)]);
        let what = "shows a flag at 2, 2 where the course's game shows a covered square";
        let unflag = Fault::of(
            &failure(Kind::WrongBoard, 2, what),
            &plain,
            &expect(&plain),
            b"",
        );
        let first = Fault::of(
            &failure(Kind::WrongBoard, 1, what),
            &plain,
            &expect(&plain),
            b"",
        );
        assert!(unflag.path.ends_with("flag a flagged square"), "{unflag:?}");
        assert_ne!(unflag, first);
    }

    #[test]
    fn crashes_are_told_apart_by_where_they_stopped() {
        let game = case(vec![flag(1, 1)]);
        let crash = |stderr: &[u8]| {
            Fault::of(
                &failure(Kind::Crash, 1, "exited with status 1"),
                &game,
                &expect(&game),
                stderr,
            )
        };
        let index = crash(b"Traceback (most recent call last):\n  File \"p.py\", line 40\nIndexError: list index out of range\n");
        let value = crash(
            b"Traceback (most recent call last):\n  File \"p.py\", line 12\nValueError: bad\n",
        );
        assert_ne!(index, value);
        assert!(
            index.path.ends_with("IndexError: list index out of range"),
            "{index:?}"
        );
        let panic = |thread: &str, message: &str| {
            crash(format!("thread 'main' ({thread}) panicked at src/main.rs:9:5:\n{message}\nnote: run with `RUST_BACKTRACE=1`\n").as_bytes())
        };
        assert_eq!(panic("17", "bad action x"), panic("902", "bad action q"));
    }

    #[test]
    fn edge_cases_are_named() {
        let empty = Case {
            mines: Grid::filled(1, 3, false),
            turns: Vec::new(),
        };
        assert_eq!(EdgeCase::of(&empty), [EdgeCase::NoMines, EdgeCase::OneLine]);
        assert!(EdgeCase::of(&case(Vec::new())).is_empty());
    }
}
