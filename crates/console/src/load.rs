//! Board files from disk, and reports that point at the fault like a compiler does.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use engine::board_file::split_lines;
use engine::{Board, BoardError, parse_board};

/// The board played when the player gives no file: the course's `board3.txt`.
pub(crate) const BUILT_IN_BOARD: &[u8] = COURSE_BOARDS[2];

/// The course's four board files, `board1.txt` to `board4.txt`.
pub(crate) const COURSE_BOARDS: [&[u8]; 4] = [
    include_bytes!("../../../boards/board1.txt"),
    include_bytes!("../../../boards/board2.txt"),
    include_bytes!("../../../boards/board3.txt"),
    include_bytes!("../../../boards/board4.txt"),
];

/// Why a board could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read board file `{}`: {source}", visible::path(path))]
    /// The file could not be read.
    Read {
        /// The file, as named.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    #[error("{0}")]
    /// The file breaks the format.
    Format(FormatReport),
    #[error(
        "board file `{}` is too big: more than {} MiB (a 10000x10000 board takes under 100 MiB)",
        visible::path(path),
        LARGEST_FILE >> 20
    )]
    /// The file is larger than any board the program plays.
    TooBig {
        /// The file, as named.
        path: PathBuf,
    },
}

/// The largest board file read, in bytes: room for about 16000x16000
/// squares, and a bound on the memory a file can make the program take
/// (three bytes a square once loaded).
pub(crate) const LARGEST_FILE: u64 = 256 << 20;

/// Shown lines longer than this many characters are cut to a window around
/// the fault, so a ten-million-column line makes a readable report.
const WIDEST_SHOWN: usize = 80;

/// A board file that breaks the format: the fault, where it is, and the
/// offending line, kept so the report can show it.
#[derive(Debug)]
pub struct FormatReport {
    /// The file, as named.
    pub path: PathBuf,
    /// Where and how it breaks the format.
    pub error: BoardError,
    /// The text of the line at fault, if the file has that line (a window
    /// of it around the fault, if it is long).
    pub line_text: Option<String>,
    /// Where the caret goes under `line_text`: the column, counted in
    /// the shown text.
    pub caret: usize,
}

/// Reads and checks the board file at `path`.
///
/// A file over `LARGEST_FILE` is refused: unread if its size is known,
/// after reading just past the limit if not (a pipe, `/dev/zero`).
pub fn load_board(path: &Path) -> Result<Board, LoadError> {
    let bytes = read_at_most(path, LARGEST_FILE).map_err(|source| LoadError::Read {
        path: path.to_owned(),
        source,
    })?;
    let Some(bytes) = bytes else {
        return Err(LoadError::TooBig {
            path: path.to_owned(),
        });
    };
    parse_board(&bytes).map_err(|error| {
        let (line_text, column) = shown_line(&bytes, error.line, error.column);
        LoadError::Format(FormatReport {
            path: path.to_owned(),
            line_text,
            caret: column,
            error,
        })
    })
}

/// The file's bytes, or `None` if there are more than `limit`.
fn read_at_most(path: &Path, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return read_unsized(file, limit);
    }
    let known = meta.len();
    if known > limit {
        return Ok(None);
    }
    // Sized to the file, so reading never doubles the buffer past it.
    let mut bytes = Vec::with_capacity(known as usize + 1);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// The bytes of a file of no known size (a pipe, a device), or `None` if
/// there are more than `limit`: read a chunk at a time, and only while
/// they could still be a board file. The first byte no board file holds
/// ends the read (the parser then names it where it stands), so
/// `/dev/zero` costs a chunk, not the limit.
fn read_unsized(mut file: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    loop {
        let read = match file.read(&mut chunk) {
            Ok(0) => return Ok(Some(bytes)),
            Ok(read) => &chunk[..read],
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let foreign = read
            .iter()
            .position(|b| !engine::board_file::BOARD_FILE_BYTES.contains(b));
        if let Some(at) = foreign {
            bytes.extend_from_slice(&read[..=at]);
            return Ok(Some(bytes));
        }
        bytes.extend_from_slice(read);
        if bytes.len() as u64 > limit {
            return Ok(None);
        }
    }
}

/// The built-in board.
pub(crate) fn built_in_board() -> Board {
    parse_board(BUILT_IN_BOARD).expect("the built-in board is a valid board file")
}

/// The course's board `n` (1 to 4).
pub fn course_board(n: usize) -> Board {
    parse_board(COURSE_BOARDS[n - 1]).expect("the course's boards are valid board files")
}

/// Line `number` (1-based) of `bytes` made printable, with where the caret
/// for `column` goes in it. Invalid UTF-8 becomes U+FFFD; control and
/// invisible characters are shown as escapes ([`visible`]), and the caret
/// counts them at their shown width, so it still points at the Nth
/// character. A line wider than [`WIDEST_SHOWN`] characters is cut to a
/// window around the column, marked `...`.
fn shown_line(bytes: &[u8], number: usize, column: usize) -> (Option<String>, usize) {
    if bytes.is_empty() {
        return (None, column);
    }
    let Some(line) = split_lines(bytes).nth(number - 1) else {
        return (None, column);
    };
    let chars: Vec<char> = String::from_utf8_lossy(line).chars().collect();
    let (start, end) = if chars.len() <= WIDEST_SHOWN {
        (0, chars.len())
    } else {
        let start = column
            .saturating_sub(WIDEST_SHOWN / 2 + 1)
            .min(chars.len() - WIDEST_SHOWN);
        (start, start + WIDEST_SHOWN)
    };
    let mut text = String::new();
    if start > 0 {
        text.push_str("...");
    }
    let before_fault = column.saturating_sub(1).clamp(start, end);
    let caret = text.len()
        + chars[start..before_fault]
            .iter()
            .map(|&c| visible::shown_width(c))
            .sum::<usize>()
        + 1;
    for &c in &chars[start..end] {
        let _ = visible::write_char(&mut text, c);
    }
    if end < chars.len() {
        text.push_str("...");
    }
    (Some(text), caret)
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
        write!(
            f,
            "{gutter}--> {}:{line}:{column}",
            visible::path(&self.path)
        )?;
        if let Some(text) = &self.line_text {
            let pad = " ".repeat(self.caret.saturating_sub(1));
            write!(f, "\n{gutter} |\n{line} | {text}\n{gutter} | {pad}^")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream that never ends and is no board (`/dev/zero`) is refused
    /// at its first byte, with the parser's own words, not read to the
    /// limit; a pipe of a board is read whole.
    #[cfg(unix)]
    #[test]
    fn a_stream_is_read_only_while_it_could_be_a_board() {
        let zeros = std::io::Read::take(std::io::repeat(0), 1 << 30);
        let read = read_unsized(zeros, LARGEST_FILE).unwrap().unwrap();
        assert_eq!(read, [0]);
        let error = load_board(Path::new("/dev/zero")).unwrap_err();
        assert!(matches!(error, LoadError::Format(_)), "{error}");
        let board = &b"+++\n+*+\n+++\n"[..];
        assert_eq!(read_unsized(board, LARGEST_FILE).unwrap().unwrap(), board);
        let endless = std::io::repeat(b'+');
        assert_eq!(read_unsized(endless, 1 << 20).unwrap(), None);
    }

    fn report(bytes: &[u8]) -> String {
        let error = parse_board(bytes).unwrap_err();
        let (line_text, caret) = shown_line(bytes, error.line, error.column);
        FormatReport {
            path: PathBuf::from("b.txt"),
            line_text,
            caret,
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
    fn a_very_long_line_is_shown_around_the_fault() {
        let mut file = vec![b'+'; 1_000_002];
        file.extend_from_slice(b"\n+");
        file.extend(std::iter::repeat_n(b' ', 600_000));
        file.push(b'x');
        file.extend(std::iter::repeat_n(b' ', 400_000));
        file.extend_from_slice(b"+\n");
        let text = report(&file);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], " --> b.txt:2:600002");
        assert!(
            lines[3].starts_with("2 | ...") && lines[3].ends_with("..."),
            "{text}"
        );
        assert_eq!(lines[3].len(), "2 | ".len() + 3 + 80 + 3);
        let caret = lines[4].find('^').unwrap();
        assert_eq!(lines[3].as_bytes()[caret], b'x', "{text}");
    }

    #[test]
    fn invisible_and_control_characters_are_shown_and_the_caret_still_points() {
        let text = report("+++++\n+\u{feff}\u{202e}x+\n+++++\n".as_bytes());
        assert!(
            text.ends_with("2 | +\\u{feff}\\u{202e}x+\n  |  ^"),
            "{text}"
        );
        assert!(
            text.contains("found the invisible character U+FEFF"),
            "{text}"
        );
        let text = report(b"+++++\n+\x1b]0;x\n+++++\n");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[3], "2 | +\\u{1b}]0;x", "{text}");
        assert_eq!(lines[4].find('^'), lines[3].find('\\'), "{text}");
    }

    #[test]
    fn a_file_name_is_shown_escaped() {
        let err = load_board(Path::new("no\x1b]0;pwned\x07\nerror: forged")).unwrap_err();
        let text = err.to_string();
        assert!(!text.contains('\x1b') && !text.contains('\n'), "{text}");
        assert!(
            text.contains("no\\u{1b}]0;pwned\\u{7}\\nerror: forged"),
            "{text}"
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
