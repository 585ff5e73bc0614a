//! Carrying on a saved game: the save found, described, and offered to a
//! player at a terminal before the game starts, when it is the kind of
//! game asked for; `--resume` takes it without asking.

use std::io::{self, BufRead, IsTerminal, Write};

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use records::save::{Aside, SaveError};
use records::{Abandoned, Record, Recorder};
use visible::Visible;

use crate::answer::yes_or_no;
use crate::messages::Printer;
use crate::words::{counted, local_time, stdout_width, to_width};
use signals::{RawMode, Signalled};

/// How the question is answered: a line, as the prompt game reads
/// everything, or a single key, as on the full screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A line, as the prompt game reads everything.
    Line,
    /// A single key, as on the full screen.
    Key,
}

/// Why `--resume` has nothing to carry on.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error("no game is saved in progress to carry on")]
    /// `--resume` with no game saved.
    NothingSaved,
    #[error(
        "the game saved in progress is being played in another minesweeper still running \
         ({0} of them); quit it there to carry it on here"
    )]
    /// `--resume` where every save is another live session's.
    HeldElsewhere(usize),
    #[error(transparent)]
    /// The save could not be read.
    Save(#[from] SaveError),
}

/// The saved game to carry on: with `resume` the save, which must be
/// there; otherwise, when stdin and stdout are a terminal and the game
/// saved is one `wanted` (the kind the command line asks for), the
/// player's answer, given as `answer` says. No game is lost to the new
/// one that takes its place: a game not carried on (refused, of another
/// kind, or not offered because there is no terminal to ask at) is kept
/// in the history as abandoned, and said; a save that cannot be read is
/// set aside under a name of its own, and said (where it cannot be, the
/// new game is not recorded, so nothing is written over it). What is
/// said goes through `printer`.
pub fn choose(
    recorder: &mut Recorder,
    resume: bool,
    wanted: impl Fn(&Record) -> bool,
    answer: Answer,
    printer: Printer,
) -> Result<Option<Record>, ResumeError> {
    for said in recorder.file_unfiled(&solver::NoGuess) {
        printer.warn(said);
    }
    let saved = match recorder.saved() {
        Ok(saved) => saved,
        Err(e) if resume => return Err(e.into()),
        Err(e) => {
            let why = match e {
                SaveError::Unfiled { .. } => Aside::Unfiled,
                _ => Aside::Unread,
            };
            let said = out_of_the_way(recorder, why, "it");
            printer.warn(format_args!("{e}{said}"));
            None
        }
    };
    match saved {
        None if resume => match recorder.held_elsewhere() {
            0 => Err(ResumeError::NothingSaved),
            held => Err(ResumeError::HeldElsewhere(held)),
        },
        Some(record) if resume => Ok(Some(recorder.with_board(record)?)),
        Some(record)
            if wanted(&record) && io::stdin().is_terminal() && io::stdout().is_terminal() =>
        {
            let mut out = io::stdout().lock();
            let yes = match answer {
                Answer::Line => ask(&mut io::stdin().lock(), &mut out, &record),
                Answer::Key => ask_key(&mut out, &record),
            };
            if yes.unwrap_or(false) {
                return Ok(Some(recorder.with_board(record)?));
            }
            // Not carried on: the game counts, as abandoned.
            match abandon(recorder, record) {
                Abandoned::Filed => {}
                Abandoned::NotBegun => {
                    printer.warn(NOT_BEGUN);
                }
                Abandoned::Unfiled(trouble) | Abandoned::Unplayable(trouble) => {
                    printer.warn(trouble);
                }
            }
            Ok(None)
        }
        Some(record) => {
            // Of another kind, or with nobody to ask: the new game takes
            // the save's place, so the saved one is filed first.
            let what = describe(&record).replace('\n', " ");
            let said = match abandon(recorder, record) {
                Abandoned::Unfiled(trouble) | Abandoned::Unplayable(trouble) => trouble,
                Abandoned::Filed => format!(
                    "{what} It is kept in the history as abandoned: a new game takes its place \
                     (--resume carries a saved game on)"
                ),
                Abandoned::NotBegun => format!("{what} {NOT_BEGUN}"),
            };
            printer.warn(said);
            Ok(None)
        }
        None => Ok(None),
    }
}

/// What is said of a saved game let go unfiled: flags alone, no square
/// opened, are no game.
const NOT_BEGUN: &str = "No square of it was opened (flags alone), so it is no game: it is let go, not kept in \
     the history";

/// Files `record`, the saved game not carried on, as abandoned. One that
/// cannot be filed (the history cannot be written), or whose game does
/// not play again, is set aside, out of the new game's way, or where even that fails the new game is not
/// recorded, so that nothing is written over it; then what is told says
/// so.
fn abandon(recorder: &mut Recorder, record: Record) -> Abandoned {
    match recorder.abandon_saved(record, &solver::NoGuess) {
        Abandoned::Unfiled(trouble) => {
            let kept = out_of_the_way(recorder, Aside::Unfiled, "the saved game");
            Abandoned::Unfiled(format!("{trouble}{kept}"))
        }
        // No game anyone played: set aside as a save that does not read,
        // never filed.
        Abandoned::Unplayable(why) => {
            let kept = out_of_the_way(recorder, Aside::Unread, "it");
            Abandoned::Unplayable(format!(
                "the saved game cannot be played again ({why}), so it is not kept in the \
                 history{kept}"
            ))
        }
        other => other,
    }
}

/// Moves the save out of the new game's way, under a name that says
/// `why`; where that fails, the new game is not recorded, so that nothing
/// is written over the save. What to add to what is said of the save,
/// called `what`.
fn out_of_the_way(recorder: &mut Recorder, why: Aside, what: &str) -> String {
    match recorder.set_aside_save(why) {
        Ok(kept) => format!("; {what} is kept as {}", visible::path(&kept)),
        // Nothing there to keep: the folder itself is at fault, which
        // recording the game says in its turn.
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            String::new()
        }
        Err(e) => {
            recorder.stop();
            format!("; {what} is left as it is ({e}), and this game is not recorded")
        }
    }
}

/// Asks whether to carry on `record` until the answer is yes or no; no
/// at the end of input.
pub fn ask(input: &mut impl BufRead, out: &mut impl Write, record: &Record) -> io::Result<bool> {
    writeln!(out, "{}", to_width(&describe(record), stdout_width()))?;
    loop {
        write!(out, "Carry it on? (y/n) ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(false);
        }
        if let Some(yes) = yes_or_no(&line) {
            return Ok(yes);
        }
    }
}

/// Asks whether to carry on `record`, answered by a single key: `y` yes,
/// `n`, Esc or Ctrl-C no; other keys are not an answer. Ctrl-Z (a key in
/// raw mode) stops the program as it does elsewhere, and so does a
/// SIGTSTP sent to it; resumed, it asks again.
pub(crate) fn ask_key(out: &mut impl Write, record: &Record) -> io::Result<bool> {
    const QUESTION: &str = "Carry it on? (y/n) ";
    let yes = {
        // Keys first, then the question: a key pressed once the question
        // shows (Ctrl-Z included) is read as a key, never lost to the
        // change of modes or taken by the terminal as a signal.
        let mut raw = RawMode::enter()?;
        let described = to_width(&describe(record), stdout_width()).replace('\n', "\r\n");
        write!(out, "{described}\r\n{QUESTION}")?;
        out.flush()?;
        loop {
            // A stop or a resume wakes the read (as a resize): acted on
            // here, the terminal given back while stopped.
            let event = event::read()?;
            let mut resumed = raw.look_for_signals()? != Signalled::Nothing;
            let answer = match event {
                Event::Key(key) if key.kind != KeyEventKind::Release => {
                    let control = key.modifiers.contains(KeyModifiers::CONTROL);
                    match key.code {
                        KeyCode::Char('y' | 'Y') => Some(true),
                        KeyCode::Char('c') if control => Some(false),
                        KeyCode::Char('z') if control => {
                            raw.suspend()?;
                            resumed = true;
                            None
                        }
                        KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(false),
                        _ => None,
                    }
                }
                _ => None,
            };
            if let Some(yes) = answer {
                break yes;
            }
            if resumed {
                write!(out, "\r\n{QUESTION}")?;
                out.flush()?;
            }
        }
    };
    writeln!(out, "{}", if yes { "yes" } else { "no" })?;
    Ok(yes)
}

/// Two lines, under 80 columns for any ordinary board, on a saved game:
/// its rules and its board, then how far it got and when it was saved
/// (in local time). What the record says of itself is escaped.
pub fn describe(record: &Record) -> String {
    let board = &record.board;
    let mines = counted(board.mines, "mine");
    let what = match &board.name {
        Some(name) => format!("{} ({}x{}, {mines})", Visible(name), board.rows, board.cols),
        None => format!("a {}x{} board with {mines}", board.rows, board.cols),
    };
    // Moves that changed the board: hints, undos and redos are not moves.
    let moves = counted(record.clicks as usize, "move");
    format!(
        "A {} game on {what} is in progress:\n{moves}, {:.1} s played, saved {}.",
        Visible(&record.rules),
        record.ms as f64 / 1000.0,
        // Escaped by `local_time` where it is not a time: once.
        local_time(&record.when)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use records::{BoardRecord, Front};

    fn saved() -> Record {
        let board = BoardRecord {
            rows: 5,
            cols: 6,
            mines: 1,
            seed: None,
            no_guess: false,
            sha256: None,
            file: Some(String::new().into()),
            name: Some("board3.txt".to_owned()),
        };
        Record {
            v: 1,
            when: "not a time".to_owned(),
            ms: 12_345,
            clicks: 1,
            moves: "r1,1@0".to_owned(),
            ..Record::started(Front::Prompt, "proj3", "safe", board)
        }
    }

    #[test]
    fn the_offer_says_what_is_saved_and_asks_until_answered() {
        let mut out = Vec::new();
        let yes = ask(&mut "maybe\nY\n".as_bytes(), &mut out, &saved()).unwrap();
        assert!(yes);
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            "A proj3 game on board3.txt (5x6, 1 mine) is in progress:\n1 move, 12.3 s \
             played, saved not a time.\nCarry it on? (y/n) Carry it on? (y/n) "
        );
        // A hand-edited time is shown escaped once, as it stands.
        let mut hostile = saved();
        hostile.when = "2026\x1b[2J".to_owned();
        assert!(
            describe(&hostile).ends_with(r"saved 2026\u{1b}[2J."),
            "{}",
            describe(&hostile)
        );
        let mut out = Vec::new();
        assert!(!ask(&mut "n\n".as_bytes(), &mut out, &saved()).unwrap());
        assert!(
            !ask(&mut "".as_bytes(), &mut out, &saved()).unwrap(),
            "no at the end of input"
        );
    }
}
