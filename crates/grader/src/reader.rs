//! Finding the boards in a program's output, whatever its format: frames
//! or none, row labels or none, any spacing, any glyph for a covered
//! square, colour codes.
//!
//! The first board a proj3 program prints has every square covered, so it
//! is found as `rows` lines in a row that each hold the same glyph exactly
//! `cols` times, among nothing but labels, frames and spaces. Those lines
//! are then the program's own template: each later board is the same lines
//! with other glyphs in the squares' places. Nothing is assumed about the
//! format beyond that it does not change during a game.

use engine::{Board, Grid, to_board_file};

/// A square as a program shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Covered.
    Hidden,
    /// Flagged.
    Flag,
    /// Open, with its clue (0 for an empty square).
    Open(u8),
    /// A mine.
    Mine,
    /// A glyph that means nothing we know.
    Other(char),
}

/// One board found in the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    /// Its squares, as read.
    pub cells: Grid<Cell>,
    /// The characters it showed, square by square.
    pub chars: Grid<char>,
    /// Its first line in the output, from 1 (as [`lines`] counts them).
    pub line: usize,
    /// Where each square's character is in its row's line, row by row.
    pub places: Vec<Vec<usize>>,
    /// The text printed after it, up to the next board or the end.
    pub after: String,
}

/// Why no boards could be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unreadable {
    /// Nothing in the output looks like the first board, all covered.
    NoFirstBoard,
    /// A board starts at `line` (from 1) but its rows stop matching.
    BrokenOff { line: usize },
}

/// Characters that may stand around the squares of a row: labels, frames,
/// separators.
const DECORATION: &str = "+|=:,()[]{}<>-_#/\\.";

/// Whether `line` is part of a board's drawing around its rows: column
/// labels and frame lines (digits and decoration, nothing else, not blank).
pub fn is_decoration(line: &str) -> bool {
    !line.trim().is_empty()
        && line
            .chars()
            .all(|c| c.is_whitespace() || c.is_ascii_digit() || DECORATION.contains(c))
}

/// Characters that are never the covered glyph: frames and separators
/// (a frame line `+-+` over a one-square row `|.|` is not a row).
const NEVER_COVERED: &str = "+|=:,()[]{}-_";

/// The lines of `output` as the reader sees them: colour and cursor
/// codes taken out, a line break with or without a carriage return.
pub fn lines(output: &[u8]) -> Vec<String> {
    let text = strip_escapes(&String::from_utf8_lossy(output));
    text.split('\n')
        .map(|line| line.trim_end_matches('\r').to_owned())
        .collect()
}

/// The boards of a game on `board` (the board file the program was
/// given) in `output`, in order.
///
/// The output is read line by line, holding only a board's rows at a time
/// besides the text itself: a program that prints a few MiB of short
/// lines costs a few MiB here, not a vector of every line.
///
/// Where the first board reads as all covered with more than one glyph
/// (`# . . #` on a board of two columns: two `#`, two `.`), each reading
/// is tried on the whole output and the one that finds the most boards
/// is kept: with the frame taken for squares, the first board whose
/// squares change no longer matches. Where they find as many (a program
/// that stops after its first board), the glyph of the board file's
/// frame is the frame. The board file's own rows, echoed, are not a
/// board.
pub(crate) fn read(output: &[u8], board: &Board) -> Result<Vec<Printed>, Unreadable> {
    let (rows, cols) = (board.rows(), board.cols());
    let text = strip_escapes(&String::from_utf8_lossy(output));
    let lines = || text.split('\n').map(|line| line.trim_end_matches('\r'));
    let file = to_board_file(board);
    let file_rows: Vec<&str> = file.lines().skip(1).take(rows).collect();
    let (learned_at, templates) = first_templates(lines(), rows, cols, &file_rows);
    let frame = board.frame().glyph();
    let mut best: Option<(Result<Vec<Printed>, Unreadable>, bool)> = None;
    for template in &templates {
        let read = read_with(template, lines(), rows, cols);
        let framed = template.covered == frame;
        // A frame line over the rows (`# # #` over a row of three when
        // the program draws one column) reads as a row of squares of the
        // frame's glyph, and then so do the column labels above it: a
        // board before the first one, all covered, that it was learned
        // from. Such a reading is not the program's layout.
        let read_before =
            |boards: &Vec<Printed>| boards.first().is_some_and(|b| b.line <= learned_at);
        if framed && read.as_ref().is_ok_and(read_before) {
            continue;
        }
        let better = match (&best, &read) {
            (None, _) => true,
            (Some((Err(_), _)), Ok(_)) => true,
            (Some((Ok(kept), kept_framed)), Ok(boards)) => {
                boards.len() > kept.len() || (boards.len() == kept.len() && *kept_framed && !framed)
            }
            _ => false,
        };
        if better {
            best = Some((read, framed));
        }
    }
    match best {
        Some((read, _)) => read,
        None => by_labels(lines(), rows, cols)
            .map(|template| read_with(&template, lines(), rows, cols))
            .filter(|read| read.as_ref().is_ok_and(|boards| !boards.is_empty()))
            .unwrap_or(Err(Unreadable::NoFirstBoard)),
    }
}

/// The boards in `lines`, read by `template`.
fn read_with<'a>(
    template: &Template,
    lines: impl Iterator<Item = &'a str> + Clone,
    rows: usize,
    cols: usize,
) -> Result<Vec<Printed>, Unreadable> {
    let mut boards: Vec<Printed> = Vec::new();
    let mut after = After::default();
    let mut rest = lines.enumerate();
    while let Some((i, line)) = rest.next() {
        if !template.matches(0, line) {
            after.push(line);
            continue;
        }
        let board: Vec<&str> = std::iter::once(line)
            .chain(rest.clone().map(|(_, l)| l))
            .take(rows)
            .collect();
        let whole = board.len() == rows && (0..rows).all(|r| template.matches(r, board[r]));
        if !whole {
            return Err(Unreadable::BrokenOff { line: i + 1 });
        }
        // The board's other rows are read: go on after them.
        rest.by_ref().take(rows - 1).for_each(drop);
        if let Some(last) = boards.last_mut() {
            last.after = after.take();
        }
        let chars = template.read(&board, cols);
        boards.push(Printed {
            cells: chars.map(|&c| template.cell(c)),
            chars,
            line: i + 1,
            places: template.rows.iter().map(|r| r.squares.clone()).collect(),
            after: String::new(),
        });
    }
    if let Some(last) = boards.last_mut() {
        last.after = after.take();
    }
    Ok(boards)
}

/// The templates of the first `rows` lines in a row that read as a board
/// with every square covered: one for each glyph they can be read with,
/// and how many lines come before those. Lines that are the board file's
/// own rows (`file_rows`: `#  #` holds two `#`) are the file echoed, not
/// a board.
fn first_templates<'a>(
    lines: impl Iterator<Item = &'a str> + Clone,
    rows: usize,
    cols: usize,
    file_rows: &[&str],
) -> (usize, Vec<Template>) {
    let mut from = lines;
    for at in 0.. {
        let window: Vec<&str> = from.clone().take(rows).collect();
        if window.len() < rows {
            break;
        }
        let echoed = window
            .iter()
            .map(|l| l.trim())
            .eq(file_rows.iter().map(|l| l.trim()));
        let templates = if echoed {
            Vec::new()
        } else {
            Template::learn(&window, cols)
        };
        if !templates.is_empty() {
            return (at, templates);
        }
        from.next();
    }
    (0, Vec::new())
}

/// Where no board reads as all covered, the program's layout as its
/// column labels give it: a line of `1 2 … cols` (the last digit of
/// each) marks where the squares stand, and the first `rows` lines below
/// it that hold something in each of those places among labels and
/// frames, frame lines passed over, are the rows. A board of the game's
/// size that shows a mine, or opens a square, before any move is then
/// read, and drawn, as the wrong board it is.
fn by_labels<'a>(
    lines: impl Iterator<Item = &'a str> + Clone,
    rows: usize,
    cols: usize,
) -> Option<Template> {
    let mut rest = lines;
    while let Some(line) = rest.next() {
        let Some(squares) = label_places(line, cols) else {
            continue;
        };
        let found = rest
            .clone()
            .skip_while(|line| is_frame_line(line, &squares))
            .take(rows)
            .map(|line| RowTemplate::at_places(line, &squares))
            .collect::<Option<Vec<_>>>()
            .filter(|found| found.len() == rows);
        if let Some(found) = found {
            return Some(Template {
                covered: covered_glyph(&found),
                rows: found,
            });
        }
    }
    None
}

/// Where the digits of a line of column labels `1 2 … cols` stand (each
/// label its last digit, as `… 9 0 1` past nine), if `line` is one.
fn label_places(line: &str, cols: usize) -> Option<Vec<usize>> {
    let mut places = Vec::new();
    for (i, c) in line.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        let label = (places.len() + 1) % 10;
        if places.len() == cols || c.to_digit(10) != Some(label as u32) {
            return None;
        }
        places.push(i);
    }
    (cols > 0 && places.len() == cols).then_some(places)
}

/// Whether `line` is a frame line drawn over the squares' places: frame
/// and separators only, no label, and in the squares' places the line's
/// own first character or a separator (`# # # #`, `+---+`).
fn is_frame_line(line: &str, squares: &[usize]) -> bool {
    let chars: Vec<char> = line.chars().collect();
    let Some(&first) = chars.iter().find(|c| !c.is_whitespace()) else {
        return false;
    };
    is_decoration(line)
        && !chars.iter().any(char::is_ascii_digit)
        && squares.iter().all(|&i| {
            chars
                .get(i)
                .is_none_or(|&c| c == first || NEVER_COVERED.contains(c))
        })
}

/// The glyph a layout read by its labels covers squares with: the one
/// most often in the squares' places that is no clue, flag or mine (no
/// square may be covered when a program shows the whole board).
fn covered_glyph(rows: &[RowTemplate]) -> char {
    let mut counts: Vec<(char, usize)> = Vec::new();
    let shown = rows
        .iter()
        .flat_map(|row| row.squares.iter().filter_map(|&i| row.line.get(i)));
    for &c in shown {
        let known = Template::NONE.cell(c) != Cell::Other(c);
        if known || c.is_whitespace() {
            continue;
        }
        match counts.iter_mut().find(|(seen, _)| *seen == c) {
            Some((_, count)) => *count += 1,
            None => counts.push((c, 1)),
        }
    }
    // The first of the most seen: `max_by_key` keeps the last of a tie.
    counts
        .iter()
        .rev()
        .max_by_key(|&&(_, count)| count)
        .map_or(Template::NONE.covered, |&(c, _)| c)
}

/// The lines printed since the last board, joined by line breaks.
#[derive(Default)]
struct After {
    text: String,
    lines: usize,
}

impl After {
    fn push(&mut self, line: &str) {
        if self.lines > 0 {
            self.text.push('\n');
        }
        self.text.push_str(line);
        self.lines += 1;
    }

    fn take(&mut self) -> String {
        self.lines = 0;
        std::mem::take(&mut self.text)
    }
}

/// How one program lays out its rows: each row's line with the squares'
/// places marked.
#[derive(Debug)]
struct Template {
    covered: char,
    rows: Vec<RowTemplate>,
}

#[derive(Debug)]
struct RowTemplate {
    line: Vec<char>,
    /// Where each square's glyph is, by character.
    squares: Vec<usize>,
    /// The characters of the frame and separators (not labels or spaces).
    frame: Vec<char>,
}

impl Template {
    /// No layout: for what its glyphs mean alone. Its covered glyph is a
    /// character no output holds once read.
    const NONE: Template = Template {
        covered: '\u{0}',
        rows: Vec::new(),
    };

    /// The templates, one a glyph, with which `lines` are the rows of a
    /// board with every square covered by that glyph.
    fn learn(lines: &[&str], cols: usize) -> Vec<Template> {
        // Each character once, in the order first seen: a long line of
        // two characters in turn is two candidates, not millions.
        let mut candidates: Vec<char> = Vec::new();
        for c in lines[0].chars() {
            let may_cover =
                !c.is_whitespace() && !c.is_alphanumeric() && !NEVER_COVERED.contains(c);
            if may_cover && !candidates.contains(&c) {
                candidates.push(c);
            }
        }
        candidates
            .into_iter()
            .filter_map(|covered| {
                let rows = lines
                    .iter()
                    .map(|line| RowTemplate::learn(line, covered, cols))
                    .collect::<Option<Vec<_>>>()?;
                Some(Template { covered, rows })
            })
            .collect()
    }

    /// Whether `line` is row `row` of a board. A blank line never is: a
    /// row of empty squares with no frame or label cannot be told from one.
    fn matches(&self, row: usize, line: &str) -> bool {
        if line.chars().all(char::is_whitespace) {
            return false;
        }
        let template = &self.rows[row];
        let mut squares = template.squares.iter().peekable();
        // Both padded with spaces to the longer of the two.
        let longest = line.chars().count().max(template.line.len());
        let got = line.chars().chain(std::iter::repeat(' '));
        let expected = template.line.iter().copied().chain(std::iter::repeat(' '));
        got.zip(expected)
            .take(longest)
            .enumerate()
            .all(|(i, (got, expected))| {
                if squares.peek() == Some(&&i) {
                    squares.next();
                    // A frame's character in a square's place is a frame line.
                    return !template.frame.contains(&got);
                }
                expected == got || (expected.is_whitespace() && got.is_whitespace())
            })
    }

    /// The character in each square's place.
    fn read(&self, lines: &[&str], cols: usize) -> Grid<char> {
        let chars = self
            .rows
            .iter()
            .zip(lines)
            .flat_map(|(template, line)| {
                let line: Vec<char> = line.chars().take(template.line.len()).collect();
                template
                    .squares
                    .iter()
                    .map(move |&i| line.get(i).copied().unwrap_or(' '))
            })
            .collect();
        Grid::from_row_major(lines.len(), cols, chars)
    }

    fn cell(&self, glyph: char) -> Cell {
        match glyph {
            c if c == self.covered => Cell::Hidden,
            '1'..='8' => Cell::Open(glyph as u8 - b'0'),
            ' ' | '0' | '_' | '-' => Cell::Open(0),
            'F' | 'f' | 'P' | 'p' | '!' | '⚑' | '⚐' | '🚩' | '>' => Cell::Flag,
            '*' | 'X' | 'x' | 'M' | 'm' | '@' | 'B' | 'b' | '💣' | '☠' | '✹' | '¤' => {
                Cell::Mine
            }
            other => Cell::Other(other),
        }
    }
}

impl RowTemplate {
    /// The row's template, if `line` is a row with its squares at
    /// `squares` among labels, frames and spaces.
    fn at_places(line: &str, squares: &[usize]) -> Option<RowTemplate> {
        if line.trim().is_empty() {
            return None;
        }
        let line: Vec<char> = line.chars().collect();
        let around_squares: Vec<char> = line
            .iter()
            .enumerate()
            .filter(|(i, _)| squares.binary_search(i).is_err())
            .map(|(_, &c)| c)
            .collect();
        around_squares
            .iter()
            .all(|&c| c.is_whitespace() || c.is_ascii_digit() || DECORATION.contains(c))
            .then(|| RowTemplate {
                frame: around_squares
                    .into_iter()
                    .filter(|c| !c.is_whitespace() && !c.is_ascii_digit())
                    .collect(),
                line,
                squares: squares.to_vec(),
            })
    }

    /// The row's template, if `line` holds `covered` exactly `cols` times
    /// among decoration. (A frame drawn with the covered glyph itself could
    /// not be told from a row of covered squares: it is not read.)
    fn learn(line: &str, covered: char, cols: usize) -> Option<RowTemplate> {
        if line.chars().filter(|&c| c == covered).count() != cols {
            return None;
        }
        let line: Vec<char> = line.chars().collect();
        let squares: Vec<usize> = (0..line.len()).filter(|&i| line[i] == covered).collect();
        let decoration =
            |c: char| c.is_whitespace() || c.is_ascii_digit() || DECORATION.contains(c);
        let rest_is_decoration = line
            .iter()
            .enumerate()
            .all(|(i, &c)| squares.binary_search(&i).is_ok() || decoration(c));
        let frame = line
            .iter()
            .enumerate()
            .filter(|&(i, c)| squares.binary_search(&i).is_err() && !c.is_whitespace())
            .map(|(_, &c)| c)
            .filter(|c| !c.is_ascii_digit())
            .collect();
        rest_is_decoration.then_some(RowTemplate {
            line,
            squares,
            frame,
        })
    }
}

/// `text` without terminal escape sequences (colours, cursor moves).
/// The text between escapes is copied a run at a time: a program's output
/// may be megabytes with no escape at all.
fn strip_escapes(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\u{1b}') {
        plain.push_str(&rest[..at]);
        rest = past_escape(&rest[at + 1..]);
    }
    plain.push_str(rest);
    plain
}

/// What follows an escape sequence, given what follows its ESC. CSI:
/// parameters, then one final character from @ to ~. Any other escape is
/// two characters.
fn past_escape(after: &str) -> &str {
    let mut chars = after.chars();
    if chars.next() == Some('[') {
        for c in chars.by_ref() {
            if ('@'..='~').contains(&c) {
                break;
            }
        }
    }
    chars.as_str()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Cell::*;
    use engine::Frame;

    /// A board of `rows` x `cols` without mines, framed with `+`.
    fn board(rows: usize, cols: usize) -> Board {
        board_framed(rows, cols, Frame::Plus)
    }

    fn board_framed(rows: usize, cols: usize, frame: Frame) -> Board {
        Board::new(
            Grid::from_row_major(rows, cols, vec![false; rows * cols]),
            frame,
        )
    }

    fn cells(grid: &Grid<Cell>) -> Vec<Cell> {
        grid.iter().copied().collect()
    }

    #[test]
    fn escapes_are_stripped_and_the_text_between_kept() {
        assert_eq!(strip_escapes("plain, no escape"), "plain, no escape");
        assert_eq!(strip_escapes("\u{1b}[1;31m1\u{1b}[0m 2"), "1 2");
        // Any other escape is two characters; one cut short ends the text.
        assert_eq!(strip_escapes("a\u{1b}7b\u{1b}[12"), "ab");
        assert_eq!(strip_escapes("é\u{1b}[2Jü\u{1b}"), "éü");
    }

    /// The course's printer, a 2x3 board, covered then after a move.
    const COURSE: &str = "\
Enter the file to load the board from: 
     1 2 3 
   + + + + + 
1  + . . . + 
2  + . . . + 
   + + + + + 

\tThere are 1 mines left to find

Please choose the row:
Enter a number between 1 and 2 (inclusive): 
     1 2 3 
   + + + + + 
1  +   1 . + 
2  +   1 F + 
   + + + + + 

\tThere are 0 mines left to find
";

    #[test]
    fn the_course_format_is_read() {
        let boards = read(COURSE.as_bytes(), &board(2, 3)).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[0].cells), vec![Hidden; 6]);
        assert_eq!(
            cells(&boards[1].cells),
            vec![Open(0), Open(1), Hidden, Open(0), Open(1), Flag]
        );
        assert_eq!(boards[1].line, 14);
        assert!(boards[0].after.contains("Please choose the row"));
        assert!(boards[1].after.contains("0 mines left"));
    }

    #[test]
    fn other_formats_are_read_too() {
        // No frame, no labels, no spaces, '#' covered, '0' empty, colour.
        let bare = "##\n##\nrow?\n0\u{1b}[31m1\u{1b}[0m\n#F\n";
        let boards = read(bare.as_bytes(), &board(2, 2)).unwrap();
        assert_eq!(
            cells(&boards[1].cells),
            vec![Open(0), Open(1), Hidden, Flag]
        );
        // Pipes between squares, labels from 0, trailing spaces dropped.
        let piped = "   0 1 2\n0 |?|?|?|\n\n0 |1| |?|\n";
        let boards = read(piped.as_bytes(), &board(1, 3)).unwrap();
        assert_eq!(cells(&boards[1].cells), vec![Open(1), Open(0), Hidden]);
        // Frame lines of '#' are not rows, nor is the frame a glyph.
        let hashes = "#####\n#...#\n#####\n\n#####\n#.1 #\n#####\n";
        let boards = read(hashes.as_bytes(), &board(1, 3)).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[1].cells), vec![Hidden, Open(1), Open(0)]);
    }

    #[test]
    fn a_frame_of_dots_is_a_frame() {
        // '.' around the squares, '#' covered; then '.' covered inside a
        // frame of '+'.
        let dots = ". . . . .\n. # # # .\n. . . . .\n\n. . . . .\n. 1 # F .\n. . . . .\n";
        let boards = read(dots.as_bytes(), &board(1, 3)).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[1].cells), vec![Open(1), Hidden, Flag]);
        let plus = "+...+\n\n+1 .+\n";
        let boards = read(plus.as_bytes(), &board(1, 3)).unwrap();
        assert_eq!(cells(&boards[1].cells), vec![Open(1), Open(0), Hidden]);
    }

    #[test]
    fn prose_is_not_a_board() {
        let text = "\tany non-mine fields).  Good luck!\nPlease choose the row:\n";
        assert_eq!(
            read(text.as_bytes(), &board(1, 1)),
            Err(Unreadable::NoFirstBoard)
        );
    }

    #[test]
    fn a_board_cut_short_is_unreadable() {
        let text = "1 . .\n2 . .\n\n1 1 .\nTraceback\n";
        assert_eq!(
            read(text.as_bytes(), &board(2, 2)),
            Err(Unreadable::BrokenOff { line: 4 })
        );
    }

    #[test]
    fn a_board_with_more_squares_is_not_read_as_ours() {
        let text = "1 . . .\n2 . . .\n";
        assert_eq!(
            read(text.as_bytes(), &board(2, 2)),
            Err(Unreadable::NoFirstBoard)
        );
    }

    #[test]
    fn a_frame_line_is_not_a_row_of_one_square() {
        let text = "    1\n   +-+\n 1 |.|\n   +-+\n\n   +-+\n 1 |1|\n   +-+\n";
        let boards = read(text.as_bytes(), &board(1, 1)).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[1].cells), vec![Open(1)]);
    }

    /// The course's printer with a frame of `#` on a board of two columns:
    /// each row holds two `#` and two `.`, and only `.` reads the boards
    /// that follow.
    #[test]
    fn a_frame_of_hashes_around_two_columns_is_a_frame() {
        let text = "     1 2 \n   # # # # \n1  # . . # \n2  # . . # \n   # # # # \n\n\
                    Please choose the row:\n     1 2 \n   # # # # \n1  # 1 . # \n\
                    2  # . . # \n   # # # # \n";
        let boards = read(text.as_bytes(), &board(2, 2)).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[0].cells), vec![Hidden; 4]);
        assert_eq!(
            cells(&boards[1].cells),
            vec![Open(1), Hidden, Hidden, Hidden]
        );
        // One column: the rows hold a `.` once and `#` twice.
        let one = "1  # . # \n\n1  # 1 # \n";
        let boards = read(one.as_bytes(), &board(1, 1)).unwrap();
        assert_eq!(cells(&boards[1].cells), vec![Open(1)]);
    }

    /// A program framed with `#` that stops after its first board of two
    /// columns: either glyph reads one board, and `#`, the board file's
    /// frame, is the frame.
    #[test]
    fn a_tie_between_glyphs_goes_against_the_board_file_s_frame() {
        let text = "     1 2 \n   # # # # \n1  # . . # \n   # # # # \nTraceback\n";
        let boards = read(text.as_bytes(), &board_framed(1, 2, Frame::Hash)).unwrap();
        assert_eq!(boards.len(), 1);
        assert_eq!(boards[0].chars.iter().collect::<String>(), "..");
        assert_eq!(boards[0].places, [vec![5, 7]]);
        assert_eq!(boards[0].line, 3);
    }

    /// The board file's rows printed back (`#  #` holds two `#`) are not a
    /// board of two covered squares.
    #[test]
    fn the_board_file_echoed_is_not_a_board() {
        let text = "####\n#  #\n#  #\n####\nTraceback\n";
        let hash = board_framed(2, 2, Frame::Hash);
        assert_eq!(read(text.as_bytes(), &hash), Err(Unreadable::NoFirstBoard));
    }

    /// A program that draws one column of a board of three, framed with
    /// `#` as the board file is: its frame line `# # #` holds three `#`,
    /// but it is no row of covered squares, and its column labels above
    /// it no board.
    #[test]
    fn a_frame_line_of_three_is_not_a_row_of_three() {
        let text = "       1 \n     # # # \n  1  # . . \n     # # #  \n\nPlease enter the row: ";
        let hash = board_framed(1, 3, Frame::Hash);
        assert_eq!(read(text.as_bytes(), &hash), Err(Unreadable::NoFirstBoard));
    }

    /// A board of the game's size that shows a mine before any move has
    /// no all-covered board to learn from: its column labels say where
    /// its squares are, and it is read as shown.
    #[test]
    fn a_first_board_showing_a_mine_is_read_by_its_labels() {
        let text = "Enter the file to load the board from: \n       1 2 3 \n     # # # # # \n  1  # . . * # \n\
                    \x20    # # # # #  \nPlease choose the row:\n       1 2 3 \n     # # # # # \n\
                    \x20 1  #   1 * # \n     # # # # #  \nYou won!\n";
        let hash = board_framed(1, 3, Frame::Hash);
        let boards = read(text.as_bytes(), &hash).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[0].cells), vec![Hidden, Hidden, Mine]);
        assert_eq!(cells(&boards[1].cells), vec![Open(0), Open(1), Mine]);
        assert_eq!(boards[0].line, 4);
        assert_eq!(boards[0].places, [vec![7, 9, 11]]);
        // Labels of another number of columns are not this board's.
        let wide = board_framed(1, 4, Frame::Hash);
        assert_eq!(read(text.as_bytes(), &wide), Err(Unreadable::NoFirstBoard));
    }

    /// A flood of one long line of two characters in turn: each is tried
    /// once as the covered glyph, not once for every place it stands.
    #[test]
    fn a_long_line_of_two_glyphs_is_two_candidates() {
        let flood = "#.".repeat(200_000);
        assert_eq!(
            read(flood.as_bytes(), &board(2, 2)).unwrap_err(),
            Unreadable::NoFirstBoard
        );
    }
}
