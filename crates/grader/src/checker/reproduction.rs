//! A finding's files: the smallest game played once more from them
//! (board.txt, input.txt, expected.txt, actual.txt, stderr.txt), so that
//! what they say is what the program did; the output kept bounded.

use std::fs;
use std::path::Path;

use super::{Checker, NotPlayed, replace_bytes};
use crate::again::RunAgain;
use crate::case::Case;
use crate::expected::transcript;
use crate::{CheckError, Played};

/// The most of a program's output a reproduction keeps: far more than a
/// game's boards, far less than a program printing without end.
const MOST_KEPT: usize = 256 << 10;

/// `output`, or its first [`MOST_KEPT`] bytes and a line saying how much
/// more there was.
fn kept_of(output: &[u8]) -> Vec<u8> {
    if output.len() <= MOST_KEPT {
        return output.to_vec();
    }
    let mut kept = output[..MOST_KEPT].to_vec();
    let more = output.len() - MOST_KEPT;
    kept.extend_from_slice(format!("\n[… {more} more bytes, not kept]\n").as_bytes());
    kept
}

/// Writes the smallest game to `folder` (board.txt, input.txt naming the
/// board as its reader runs it again (see [`RunAgain`]), expected.txt,
/// actual.txt, stderr.txt when the program wrote to it) and plays it from
/// there once more, so the files are what the program was run on. When
/// the time budget leaves no time for that, `shrunk` (the game as
/// shrinking played it) is written instead; `None` when there is neither.
/// Returns that run, the input and how to run it again.
pub(crate) fn write_reproduction(
    checker: &Checker,
    case: &Case,
    folder: &Path,
    shrunk: Option<Played>,
) -> Result<Option<(Played, String, RunAgain)>, CheckError> {
    let shown = visible::path(folder);
    fs::create_dir_all(folder).map_err(CheckError::io(format!("cannot make {shown}")))?;
    let folder =
        fs::canonicalize(folder).map_err(CheckError::io(format!("cannot find {shown}")))?;
    let board_file = folder.join("board.txt");
    let replayed = if checker.sandbox.others_must_reach().is_some() {
        // Run as another user, the program may not reach the teacher's
        // folder: it plays a copy of the board where it reads the others.
        checker
            .write_board(case, &board_file)
            .map_err(CheckError::io(format!("cannot write {shown}")))?;
        checker.play(case)
    } else {
        checker.play_from(case, &board_file)
    };
    let mut played = match (replayed, shrunk) {
        (Ok(played), _) => played,
        (Err(NotPlayed::OutOfTime), Some(shrunk)) => {
            checker
                .write_board(case, &board_file)
                .map_err(CheckError::io(format!("cannot write {shown}")))?;
            shrunk
        }
        (Err(NotPlayed::OutOfTime), None) => {
            let _ = fs::remove_dir_all(&folder);
            return Ok(None);
        }
        (Err(NotPlayed::Io(error)), _) => {
            return Err(CheckError::io("cannot run the program again")(error));
        }
    };
    let expected = match &played.transcript {
        Some(text) => text.clone(),
        None => transcript(case, &board_file).map_err(CheckError::io("cannot play our side"))?,
    };
    let options = checker.options;
    let again = RunAgain::new(
        &checker.program,
        options.folder.as_deref(),
        &folder,
        options.class.is_some(),
    );
    let input = case.input(&again.board_file());
    // What it printed of the board file's name is what it prints when
    // played again by hand, from input.txt.
    let whole = board_file.to_string_lossy();
    for output in [&mut played.run.stdout, &mut played.run.stderr] {
        *output = replace_bytes(output, whole.as_bytes(), again.board_file().as_bytes());
    }
    let actual = kept_of(&played.run.stdout);
    let stderr = kept_of(&played.run.stderr);
    let files: [(&str, &[u8]); 4] = [
        ("input.txt", input.as_bytes()),
        ("expected.txt", expected.as_bytes()),
        ("actual.txt", &actual),
        ("stderr.txt", &stderr),
    ];
    for (name, bytes) in files {
        let path = folder.join(name);
        if name == "stderr.txt" && bytes.is_empty() {
            let _ = fs::remove_file(&path);
            continue;
        }
        fs::write(&path, bytes).map_err(CheckError::io(format!(
            "cannot write {}",
            visible::path(&path)
        )))?;
    }
    Ok(Some((played, input, again)))
}
