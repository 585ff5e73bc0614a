//! Carrying on a saved game: the save found, described, and offered to a
//! player at a terminal before the game starts; `--resume` takes it
//! without asking.

use std::io::{self, BufRead, IsTerminal, Write};

use records::save::SaveError;
use records::{Record, Recorder};

use crate::answer::yes_or_no;
use crate::words::{counted, local_time};

/// Why `--resume` has nothing to carry on.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error("no game is saved in progress to carry on")]
    NothingSaved,
    #[error(transparent)]
    Save(#[from] SaveError),
}

/// The saved game to carry on: with `resume` the save, which must be
/// there; otherwise, when stdin and stdout are a terminal and a game is
/// saved, the player's answer. A save that cannot be read is said on
/// stderr and left as it is.
pub fn choose(recorder: &mut Recorder, resume: bool) -> Result<Option<Record>, ResumeError> {
    let saved = match recorder.saved() {
        Ok(saved) => saved,
        Err(e) if resume => return Err(e.into()),
        Err(e) => {
            let _ = writeln!(io::stderr(), "minesweeper: {e}; it is left as it is");
            None
        }
    };
    match saved {
        None if resume => Err(ResumeError::NothingSaved),
        Some(record) if resume => Ok(Some(record)),
        Some(record) if io::stdin().is_terminal() && io::stdout().is_terminal() => {
            let mut out = io::stdout().lock();
            let yes = ask(&mut io::stdin().lock(), &mut out, &record).unwrap_or(false);
            Ok(yes.then_some(record))
        }
        _ => Ok(None),
    }
}

/// Asks whether to carry on `record` until the answer is yes or no; no
/// at the end of input.
pub fn ask(input: &mut impl BufRead, out: &mut impl Write, record: &Record) -> io::Result<bool> {
    writeln!(out, "{}", describe(record))?;
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

/// One sentence on a saved game: its rules, its board, how far it got
/// and when it was saved (in local time).
pub fn describe(record: &Record) -> String {
    let board = &record.board;
    let mines = counted(board.mines, "mine");
    let what = match &board.name {
        Some(name) => format!("{name} ({}x{}, {mines})", board.rows, board.cols),
        None => format!("a {}x{} board with {mines}", board.rows, board.cols),
    };
    let moves = counted(record.moves.split_ascii_whitespace().count(), "move");
    format!(
        "A {} game on {what} is in progress: {moves}, {:.1} s played, saved {}.",
        record.rules,
        record.ms as f64 / 1000.0,
        local_time(&record.when)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use records::{BoardRecord, Front, GameResult};

    fn saved() -> Record {
        Record {
            v: 1,
            when: "not a time".to_owned(),
            front: Front::Prompt,
            rules: "proj3".to_owned(),
            first_move: "safe".to_owned(),
            board: BoardRecord {
                rows: 5,
                cols: 6,
                mines: 1,
                seed: None,
                no_guess: false,
                file: Some(String::new().into()),
                name: Some("board3.txt".to_owned()),
            },
            result: GameResult::Playing,
            ms: 12_345,
            clicks: 1,
            three_bv: 0,
            three_bv_done: 0,
            hints: 0,
            undos: 0,
            deaths: 0,
            moves: "r1,1@0".to_owned(),
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
            "A proj3 game on board3.txt (5x6, 1 mine) is in progress: 1 move, 12.3 s \
             played, saved not a time.\nCarry it on? (y/n) Carry it on? (y/n) "
        );
        let mut out = Vec::new();
        assert!(!ask(&mut "n\n".as_bytes(), &mut out, &saved()).unwrap());
        assert!(
            !ask(&mut "".as_bytes(), &mut out, &saved()).unwrap(),
            "no at the end of input"
        );
    }
}
