//! Board files from disk, and reports that point at the fault like a compiler does.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::engine::board_file::split_lines;
use crate::engine::{Board, BoardError, parse_board};

/// The board played when the player gives no file: the course's `board3.txt`.
pub const BUILT_IN_BOARD: &[u8] = include_bytes!("../boards/board3.txt");

/// Why a board could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read board file `{}`: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Format(FormatReport),
}

/// A board file that breaks the format: the fault, where it is, and the
/// offending line, kept so the report can show it.
#[derive(Debug)]
pub struct FormatReport {
    pub path: PathBuf,
    pub error: BoardError,
    /// The text of the line at fault, if the file has that line.
    pub line_text: Option<String>,
}

/// Reads and checks the board file at `path`.
pub fn load_board(path: &Path) -> Result<Board, LoadError> {
    let bytes = std::fs::read(path).map_err(|source| LoadError::Read {
        path: path.to_owned(),
        source,
    })?;
    parse_board(&bytes).map_err(|error| {
        LoadError::Format(FormatReport {
            path: path.to_owned(),
            line_text: line_text(&bytes, error.line),
            error,
        })
    })
}

/// The built-in board.
pub fn built_in_board() -> Board {
    parse_board(BUILT_IN_BOARD).expect("the built-in board is a valid board file")
}

/// Line `number` (1-based) of `bytes`, made printable: invalid UTF-8 becomes
/// U+FFFD and control characters (tabs too) become spaces, one character
/// each, so a caret under column N points at the Nth character.
fn line_text(bytes: &[u8], number: usize) -> Option<String> {
    if bytes.is_empty() {
        return None;
    }
    let line = split_lines(bytes).into_iter().nth(number - 1)?;
    let text = String::from_utf8_lossy(line)
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    Some(text)
}

impl fmt::Display for FormatReport {
    /// ```text
    /// bad board file: expected `*` (a mine) or ` ` (an empty square) inside the board, found `x`
    ///  --> boards/bad.txt:3:4
    ///   |
    /// 3 | + x +
    ///   |    ^
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let BoardError { line, column, .. } = self.error;
        let gutter = " ".repeat(line.to_string().len());
        writeln!(f, "bad board file: {}", self.error)?;
        write!(f, "{gutter}--> {}:{line}:{column}", self.path.display())?;
        if let Some(text) = &self.line_text {
            let pad = " ".repeat(column - 1);
            write!(f, "\n{gutter} |\n{line} | {text}\n{gutter} | {pad}^")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(bytes: &[u8]) -> String {
        let error = parse_board(bytes).unwrap_err();
        FormatReport {
            path: PathBuf::from("b.txt"),
            line_text: line_text(bytes, error.line),
            error,
        }
        .to_string()
    }

    #[test]
    fn built_in_board_is_board3() {
        let board = built_in_board();
        assert_eq!((board.rows(), board.cols(), board.mine_count()), (9, 9, 10));
    }

    #[test]
    fn report_points_a_caret_at_the_column() {
        assert_eq!(
            report(b"+++++\n+ x +\n+++++\n"),
            "bad board file: expected `*` (a mine) or ` ` (an empty square) inside the board, \
             found `x`\n --> b.txt:2:3\n  |\n2 | + x +\n  |   ^"
        );
    }

    #[test]
    fn report_shows_a_non_utf8_line_readably() {
        let text = report(b"+++\n+\xff+\n+++\n");
        assert!(text.ends_with("2 | +\u{fffd}+\n  |  ^"), "{text}");
    }

    #[test]
    fn report_without_a_line_to_show() {
        assert_eq!(
            report(b"+++\n+ +\n"),
            "bad board file: the file ends without the bottom frame; expected a line of `+`\n \
             --> b.txt:3:1"
        );
    }

    #[test]
    fn missing_file_names_path_and_reason() {
        let err = load_board(Path::new("no/such/board.txt")).unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("cannot read board file `no/such/board.txt`: "),
            "{text}"
        );
        assert!(text.contains("No such file"), "{text}");
    }
}
