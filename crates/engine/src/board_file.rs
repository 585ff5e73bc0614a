//! The board file format: reading its bytes into a [`Board`], or saying
//! exactly which line and column break the format and why.
//!
//! ```text
//! +++++++      a frame of `+` (or `#`) all round,
//! + *   +      `*` for a mine and a space for an empty square inside.
//! +++++++
//! ```
//! Lines may end in LF or CRLF, the last line may lack its line end, and
//! spaces or tabs may follow a line's closing frame character. Nothing else
//! is accepted. Reading does no I/O: the caller brings the bytes.

use std::fmt;

use crate::board::{Board, Frame};
use crate::grid::Grid;

/// Where a board file breaks the format (1-based line and column) and how.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{fault}")]
pub struct BoardError {
    /// The line of the fault, from 1.
    pub line: usize,
    /// The column of the fault, from 1.
    pub column: usize,
    /// What is wrong there.
    pub fault: Fault,
}

/// The ways a board file can be wrong, each saying what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    #[error("the file is empty; expected the top frame, a line of `+` (or `#`)")]
    /// Nothing in the file.
    Empty,
    #[error("expected the top frame, a line of `+` (or `#`), found {0}")]
    /// The first line is not a frame.
    NoTopFrame(Found),
    #[error("expected only `{frame}` in the top frame, found {found}")]
    /// The top frame holds something else.
    TopFrame {
        /// The frame's character.
        frame: char,
        /// What stood in it.
        found: Found,
    },
    #[error("the board has no columns: the top frame must be at least 3 `{0}` wide")]
    /// The top frame is too short to hold a column.
    NoColumns(char),
    #[error("expected the left frame `{frame}` to start the row, found {found}")]
    /// A row does not start with the frame.
    LeftFrame {
        /// The frame's character.
        frame: char,
        /// What starts the row.
        found: Found,
    },
    #[error("expected `*` (a mine) or ` ` (an empty square) inside the board, found {0}")]
    /// A square that is neither a mine nor empty.
    Square(Found),
    #[error(
        "the row ends too soon: expected the right frame `{frame}` at column {width}, \
         as the top frame is {width} wide"
    )]
    /// A row that stops before the right frame.
    ShortRow {
        /// The frame's character.
        frame: char,
        /// The top frame's width, where the right frame belongs.
        width: usize,
    },
    #[error(
        "expected the right frame `{frame}` at column {width}, as the top frame is \
         {width} wide, found {found}"
    )]
    /// The right frame is not where the top frame's width puts it.
    RightFrame {
        /// The frame's character.
        frame: char,
        /// The top frame's width, where the right frame belongs.
        width: usize,
        /// What stood there.
        found: Found,
    },
    #[error("the row is {found} wide, but the top frame is {width} wide")]
    /// A row of another width than the top frame.
    RowWidth {
        /// The row's width.
        found: usize,
        /// The top frame's width.
        width: usize,
    },
    #[error("expected nothing but spaces or tabs after the right frame, found {0}")]
    /// Something other than blanks after the right frame.
    AfterRightFrame(Found),
    #[error("the bottom frame is {found} wide, but the top frame is {width}")]
    /// A bottom frame of another width than the top one.
    BottomFrameWidth {
        /// The bottom frame's width.
        found: usize,
        /// The top frame's width.
        width: usize,
    },
    #[error("the board has no rows: expected at least one row between the top and bottom frames")]
    /// The bottom frame follows the top one at once.
    NoRows,
    #[error("the file ends without the bottom frame; expected a line of `{0}`")]
    /// The file ends before its bottom frame.
    NoBottomFrame(char),
    #[error("expected the end of the file after the bottom frame on line {bottom}, found more")]
    /// Lines after the bottom frame.
    AfterBottomFrame {
        /// The bottom frame's line.
        bottom: usize,
    },
}

/// What stood where something else was expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A character.
    Char(char),
    /// A byte that does not begin valid UTF-8.
    Byte(u8),
    /// The end of the line.
    EndOfLine,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Found::Char(' ') => f.write_str("a space"),
            Found::Char('\t') => f.write_str("a tab"),
            Found::Char('\r') => f.write_str("a carriage return"),
            Found::Char(c) if c.is_control() => {
                write!(f, "the control character U+{:04X}", c as u32)
            }
            Found::Char(c) if c != '\\' && visible::needs_escape(c) => {
                write!(f, "the invisible character U+{:04X}", c as u32)
            }
            Found::Char(c) => write!(f, "`{c}`"),
            Found::Byte(b) => write!(f, "the byte 0x{b:02X}, which is not UTF-8"),
            Found::EndOfLine => f.write_str("the end of the line"),
        }
    }
}

/// Writes `board` as a board file, in its own frame character: the inverse
/// of [`parse_board`].
pub fn to_board_file(board: &Board) -> String {
    use fmt::Write;
    let mut text = String::with_capacity((board.rows() + 2) * (board.cols() + 3));
    // Writing to a `String` cannot fail.
    let _ = write!(text, "{}", BoardFile(board));
    text
}

/// A board as its board file's text, written a row at a time wherever it
/// goes (`to_string`, or a record streamed to disk) without the whole
/// text held at once.
#[derive(Clone, Copy, Debug)]
pub struct BoardFile<'a>(pub &'a Board);

impl fmt::Display for BoardFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.0;
        let cols = board.cols();
        // Every character is ASCII: a row is built as bytes, a square a byte.
        let frame = board.frame().glyph() as u8;
        let mut edge = vec![frame; cols + 2];
        edge.push(b'\n');
        let as_text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        let edge = as_text(&edge);
        f.write_str(&edge)?;
        let mut line = vec![frame; cols + 3];
        line[cols + 2] = b'\n';
        let mines = board.mines().as_slice();
        for row in (0..board.rows()).map(|r| &mines[r * cols..(r + 1) * cols]) {
            for (byte, &mine) in line[1..=cols].iter_mut().zip(row) {
                *byte = if mine { b'*' } else { b' ' };
            }
            // ASCII throughout, so always UTF-8.
            f.write_str(std::str::from_utf8(&line).map_err(|_| fmt::Error)?)?;
        }
        f.write_str(&edge)
    }
}

/// Reads a board file's bytes.
/// Every byte a board file can hold: the frames, mines, empty squares
/// and line ends. A reader of a stream may stop at the first other byte,
/// which [`parse_board`] refuses wherever it stands.
pub const BOARD_FILE_BYTES: &[u8] = b"+#* \r\n";

/// The board a board file's bytes describe, or where and how they break
/// the format: `+` (or `#`) frames around `*` for mines and spaces for
/// empty squares.
pub fn parse_board(bytes: &[u8]) -> Result<Board, BoardError> {
    if bytes.is_empty() {
        return Err(at(1, 1, Fault::Empty));
    }
    // Lines are taken one at a time, never listed: a file of ten million
    // short lines must not need ten million slices.
    let mut lines = split_lines(bytes).peekable();
    let first = lines.next().expect("a file with bytes has a first line");
    let (frame, width) = top_frame(first)?;
    let cols = width - 2;
    // No more rows than the file has lines of this width: enough room,
    // reserved once, so the grid never grows by doubling.
    let mut mines = Vec::with_capacity(bytes.len() / width * cols);
    let mut number = 1;
    while let Some(line) = lines.next() {
        number += 1;
        if is_frame_line(line, frame) {
            let rows = number - 2;
            check_bottom(line, width, rows, number)?;
            if lines.peek().is_some() {
                return Err(at(
                    number + 1,
                    1,
                    Fault::AfterBottomFrame { bottom: number },
                ));
            }
            mines.shrink_to_fit();
            return Ok(Board::new(Grid::from_row_major(rows, cols, mines), frame));
        }
        read_row(line, frame, width, number, &mut mines)?;
    }
    Err(at(number + 1, 1, Fault::NoBottomFrame(frame.glyph())))
}

fn at(line: usize, column: usize, fault: Fault) -> BoardError {
    BoardError {
        line,
        column,
        fault,
    }
}

/// The file's lines without their LF or CRLF ends; a final line end starts no new line.
pub fn split_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    body.split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
}

/// What stands at byte `offset` of `line`.
fn found_at(line: &[u8], offset: usize) -> Found {
    let Some(rest) = line.get(offset..).filter(|r| !r.is_empty()) else {
        return Found::EndOfLine;
    };
    let chunk = rest.utf8_chunks().next().expect("rest is not empty");
    match chunk.valid().chars().next() {
        Some(c) => Found::Char(c),
        None => Found::Byte(chunk.invalid()[0]),
    }
}

fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

fn trim_blank_end(line: &[u8]) -> &[u8] {
    let end = line
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(0, |i| i + 1);
    &line[..end]
}

/// The frame character and the board's width in characters, frame included.
fn top_frame(line: &[u8]) -> Result<(Frame, usize), BoardError> {
    let frame = line
        .first()
        .and_then(|&b| Frame::from_byte(b))
        .ok_or_else(|| at(1, 1, Fault::NoTopFrame(found_at(line, 0))))?;
    let body = trim_blank_end(line);
    if let Some(offset) = body.iter().position(|&b| b != frame.glyph() as u8) {
        let found = found_at(line, offset);
        return Err(at(
            1,
            offset + 1,
            Fault::TopFrame {
                frame: frame.glyph(),
                found,
            },
        ));
    }
    let width = body.len();
    if width < 3 {
        return Err(at(1, 1, Fault::NoColumns(frame.glyph())));
    }
    Ok((frame, width))
}

/// Fails unless `line` holds only blanks from byte `from` on.
fn check_blank_tail(
    line: &[u8],
    from: usize,
    number: usize,
    fault: impl FnOnce(Found) -> Fault,
) -> Result<(), BoardError> {
    match line[from..].iter().position(|&b| !is_blank(b)) {
        None => Ok(()),
        Some(offset) => {
            let offset = from + offset;
            Err(at(number, offset + 1, fault(found_at(line, offset))))
        }
    }
}

/// A line of nothing but frame characters (and trailing blanks) ends the board.
fn is_frame_line(line: &[u8], frame: Frame) -> bool {
    let body = trim_blank_end(line);
    !body.is_empty() && body.iter().all(|&b| b == frame.glyph() as u8)
}

/// Checks the line that [`is_frame_line`] took for the bottom frame.
fn check_bottom(line: &[u8], width: usize, rows: usize, number: usize) -> Result<(), BoardError> {
    let found = trim_blank_end(line).len();
    if found != width {
        return Err(at(number, 1, Fault::BottomFrameWidth { found, width }));
    }
    if rows == 0 {
        return Err(at(number, 1, Fault::NoRows));
    }
    Ok(())
}

/// Whether `body` is a frame character, squares, and a frame character.
fn is_framed_row(body: &[u8], frame: u8) -> bool {
    match body {
        [first, inside @ .., last] => {
            *first == frame && *last == frame && inside.iter().all(|&b| b == b'*' || b == b' ')
        }
        _ => false,
    }
}

/// Checks one row of the board and appends its squares (true for a mine) to `mines`.
fn read_row(
    line: &[u8],
    frame: Frame,
    width: usize,
    number: usize,
    mines: &mut Vec<bool>,
) -> Result<(), BoardError> {
    let glyph = frame.glyph();
    let fail = |offset: usize, fault: Fault| Err(at(number, offset + 1, fault));
    if line.first() != Some(&(glyph as u8)) {
        return fail(
            0,
            Fault::LeftFrame {
                frame: glyph,
                found: found_at(line, 0),
            },
        );
    }
    let body = trim_blank_end(line);
    if body.len() != width && is_framed_row(body, glyph as u8) {
        // Say the row is too short or too long, rather than complain about
        // whatever happens to stand where its right frame should be.
        let found = body.len();
        return fail(found - 1, Fault::RowWidth { found, width });
    }
    // The squares, checked and read a whole row at a time (the loop over a
    // slice is what makes loading 16 million squares take milliseconds).
    let squares = &line[1..line.len().min(width - 1)];
    if let Some(bad) = squares.iter().position(|&b| b != b'*' && b != b' ') {
        return fail(1 + bad, Fault::Square(found_at(line, 1 + bad)));
    }
    if squares.len() < width - 2 {
        return fail(
            line.len(),
            Fault::ShortRow {
                frame: glyph,
                width,
            },
        );
    }
    mines.extend(squares.iter().map(|&b| b == b'*'));
    let right = width - 1;
    match line.get(right) {
        Some(&b) if b == glyph as u8 => {}
        Some(_) => {
            let found = found_at(line, right);
            return fail(
                right,
                Fault::RightFrame {
                    frame: glyph,
                    width,
                    found,
                },
            );
        }
        None => {
            return fail(
                right,
                Fault::ShortRow {
                    frame: glyph,
                    width,
                },
            );
        }
    }
    check_blank_tail(line, width, number, Fault::AfterRightFrame)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;

    fn fault_at(text: &[u8]) -> (usize, usize, Fault) {
        let err = parse_board(text).expect_err("the board should be refused");
        (err.line, err.column, err.fault)
    }

    #[test]
    fn reads_the_course_board() {
        let board = parse_board(include_bytes!("../../../boards/board2.txt")).unwrap();
        assert_eq!((board.rows(), board.cols(), board.mine_count()), (5, 5, 5));
        assert!(board.is_mine(Pos::new(0, 1)));
        assert_eq!(board.frame(), Frame::Plus);
    }

    #[test]
    fn accepts_crlf_missing_final_newline_and_trailing_blanks() {
        let board = parse_board(b"+++++ \r\n+ * +\t \r\n+++++").unwrap();
        assert_eq!((board.rows(), board.cols(), board.mine_count()), (1, 3, 1));
    }

    #[test]
    fn accepts_a_hash_frame() {
        let board = parse_board(b"####\n#* #\n####\n").unwrap();
        assert_eq!(board.frame(), Frame::Hash);
        assert_eq!(board.mine_count(), 1);
    }

    #[test]
    fn smallest_board_is_one_square() {
        let board = parse_board(b"+++\n+ +\n+++\n").unwrap();
        assert_eq!((board.rows(), board.cols()), (1, 1));
    }

    #[test]
    fn writes_what_it_reads() {
        let text = "####\n#* #\n#  #\n####\n";
        assert_eq!(to_board_file(&parse_board(text.as_bytes()).unwrap()), text);
    }

    #[test]
    fn empty_file() {
        assert_eq!(fault_at(b""), (1, 1, Fault::Empty));
    }

    #[test]
    fn first_line_must_be_a_frame() {
        assert_eq!(fault_at(b"\n"), (1, 1, Fault::NoTopFrame(Found::EndOfLine)));
        assert_eq!(
            fault_at(b"* \n"),
            (1, 1, Fault::NoTopFrame(Found::Char('*')))
        );
    }

    #[test]
    fn top_frame_may_not_mix_characters() {
        let fault = Fault::TopFrame {
            frame: '+',
            found: Found::Char('#'),
        };
        assert_eq!(fault_at(b"++#+\n"), (1, 3, fault));
    }

    #[test]
    fn top_frame_with_a_gap() {
        let fault = Fault::TopFrame {
            frame: '+',
            found: Found::Char(' '),
        };
        assert_eq!(fault_at(b"+++ +\n"), (1, 4, fault));
    }

    #[test]
    fn framed_row_of_another_width() {
        let fault = Fault::RowWidth { found: 5, width: 6 };
        assert_eq!(fault_at(b"++++++\n+ * +\n++++++\n"), (2, 5, fault));
    }

    #[test]
    fn ragged_short_row() {
        let fault = Fault::ShortRow {
            frame: '+',
            width: 5,
        };
        assert_eq!(fault_at(b"+++++\n+ *\n+++++\n"), (2, 4, fault));
    }

    #[test]
    fn ragged_long_row() {
        let fault = Fault::RowWidth { found: 6, width: 5 };
        assert_eq!(fault_at(b"+++++\n+   *+\n+++++\n"), (2, 6, fault));
        assert_eq!(
            fault_at(b"+++++\n+ * + x\n+++++\n"),
            (2, 7, Fault::AfterRightFrame(Found::Char('x')))
        );
    }

    #[test]
    fn missing_left_and_right_frames() {
        let left = Fault::LeftFrame {
            frame: '+',
            found: Found::Char(' '),
        };
        assert_eq!(fault_at(b"+++++\n  * +\n+++++\n"), (2, 1, left));
        let right = Fault::RightFrame {
            frame: '+',
            width: 5,
            found: Found::Char(' '),
        };
        assert_eq!(fault_at(b"+++++\n+ *  \n+++++\n"), (2, 5, right));
    }

    #[test]
    fn tab_and_foreign_bytes_inside_the_board() {
        assert_eq!(
            fault_at(b"+++++\n+ \t +\n+++++\n"),
            (2, 3, Fault::Square(Found::Char('\t')))
        );
        let utf8 = "+++++\n+ é +\n+++++\n".as_bytes();
        assert_eq!(fault_at(utf8), (2, 3, Fault::Square(Found::Char('é'))));
        assert_eq!(
            fault_at(b"+++++\n+ \xff +\n+++++\n"),
            (2, 3, Fault::Square(Found::Byte(0xff)))
        );
    }

    #[test]
    fn lone_carriage_return_is_refused() {
        assert_eq!(
            fault_at(b"+++++\n+ \r +\n+++++\n"),
            (2, 3, Fault::Square(Found::Char('\r')))
        );
    }

    #[test]
    fn row_after_the_bottom_frame() {
        let fault = Fault::AfterBottomFrame { bottom: 3 };
        assert_eq!(fault_at(b"+++\n+ +\n+++\n+ +\n"), (4, 1, fault.clone()));
        assert_eq!(fault_at(b"+++\n+ +\n+++\n\n"), (4, 1, fault));
    }

    #[test]
    fn missing_bottom_frame() {
        assert_eq!(fault_at(b"+++\n+ +\n"), (3, 1, Fault::NoBottomFrame('+')));
    }

    #[test]
    fn bottom_frame_of_another_width() {
        let fault = Fault::BottomFrameWidth { found: 4, width: 3 };
        assert_eq!(fault_at(b"+++\n+ +\n++++\n"), (3, 1, fault));
    }

    #[test]
    fn no_interior() {
        assert_eq!(fault_at(b"+++\n+++\n"), (2, 1, Fault::NoRows));
        assert_eq!(fault_at(b"++\n++\n++\n"), (1, 1, Fault::NoColumns('+')));
        assert_eq!(fault_at(b"+\n"), (1, 1, Fault::NoColumns('+')));
    }

    #[test]
    fn messages_say_what_was_expected() {
        let err = parse_board(b"+++\n+x+\n+++\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected `*` (a mine) or ` ` (an empty square) inside the board, found `x`"
        );
    }
}
