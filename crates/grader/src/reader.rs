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

use engine::Grid;

/// A square as a program shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Hidden,
    Flag,
    /// Open, with its clue (0 for an empty square).
    Open(u8),
    Mine,
    /// A glyph that means nothing we know.
    Other(char),
}

/// One board found in the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Printed {
    pub cells: Grid<Cell>,
    /// The characters it showed, square by square.
    pub chars: Grid<char>,
    /// Its first line in the output, from 1.
    pub line: usize,
    /// The text printed after it, up to the next board or the end.
    pub after: String,
}

/// Why no boards could be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Nothing in the output looks like the first board, all covered.
    NoFirstBoard,
    /// A board starts at `line` (from 1) but its rows stop matching.
    BrokenOff { line: usize },
}

/// Characters that may stand around the squares of a row: labels, frames,
/// separators.
const DECORATION: &str = "+|=:,()[]{}<>-_#/\\.";

/// Characters that are never the covered glyph: frames and separators
/// (a frame line `+-+` over a one-square row `|.|` is not a row).
const NEVER_COVERED: &str = "+|=:,()[]{}-_";

/// The boards of a `rows` x `cols` game in `output`, in order.
pub fn read(output: &[u8], rows: usize, cols: usize) -> Result<Vec<Printed>, Unreadable> {
    let text = strip_escapes(&String::from_utf8_lossy(output));
    let lines: Vec<Vec<char>> = text
        .split('\n')
        .map(|line| line.trim_end_matches('\r').chars().collect())
        .collect();
    let template = (0..lines.len().saturating_sub(rows - 1))
        .find_map(|i| Template::learn(&lines[i..i + rows], cols))
        .ok_or(Unreadable::NoFirstBoard)?;
    let mut boards: Vec<Printed> = Vec::new();
    let mut after = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !template.matches(0, &lines[i]) {
            after.push(i);
            i += 1;
            continue;
        }
        let whole = (0..rows).all(|r| lines.get(i + r).is_some_and(|l| template.matches(r, l)));
        if !whole {
            return Err(Unreadable::BrokenOff { line: i + 1 });
        }
        if let Some(last) = boards.last_mut() {
            last.after = joined(&lines, &after);
        }
        after.clear();
        let chars = template.read(&lines[i..i + rows], cols);
        boards.push(Printed {
            cells: chars.map(|&c| template.cell(c)),
            chars,
            line: i + 1,
            after: String::new(),
        });
        i += rows;
    }
    if let Some(last) = boards.last_mut() {
        last.after = joined(&lines, &after);
    }
    Ok(boards)
}

fn joined(lines: &[Vec<char>], which: &[usize]) -> String {
    which
        .iter()
        .map(|&i| lines[i].iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
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
    /// The template, if `lines` are the rows of a board with every square
    /// covered by the same glyph.
    fn learn(lines: &[Vec<char>], cols: usize) -> Option<Template> {
        let mut candidates: Vec<char> = lines[0]
            .iter()
            .copied()
            .filter(|&c| !c.is_whitespace() && !c.is_alphanumeric() && !NEVER_COVERED.contains(c))
            .collect();
        candidates.dedup();
        candidates.into_iter().find_map(|covered| {
            let rows = lines
                .iter()
                .map(|line| RowTemplate::learn(line, covered, cols))
                .collect::<Option<Vec<_>>>()?;
            Some(Template { covered, rows })
        })
    }

    /// Whether `line` is row `row` of a board. A blank line never is: a
    /// row of empty squares with no frame or label cannot be told from one.
    fn matches(&self, row: usize, line: &[char]) -> bool {
        if line.iter().all(|c| c.is_whitespace()) {
            return false;
        }
        let template = &self.rows[row];
        let mut squares = template.squares.iter().peekable();
        let longest = line.len().max(template.line.len());
        (0..longest).all(|i| {
            if squares.peek() == Some(&&i) {
                squares.next();
                // A frame's character in a square's place is a frame line.
                let glyph = line.get(i).copied().unwrap_or(' ');
                return !template.frame.contains(&glyph);
            }
            let expected = template.line.get(i).copied().unwrap_or(' ');
            let got = line.get(i).copied().unwrap_or(' ');
            expected == got || (expected.is_whitespace() && got.is_whitespace())
        })
    }

    /// The character in each square's place.
    fn read(&self, lines: &[Vec<char>], cols: usize) -> Grid<char> {
        let chars = self
            .rows
            .iter()
            .zip(lines)
            .flat_map(|(template, line)| {
                template
                    .squares
                    .iter()
                    .map(|&i| line.get(i).copied().unwrap_or(' '))
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
    /// The row's template, if `line` holds `covered` exactly `cols` times
    /// among decoration. (A frame drawn with the covered glyph itself could
    /// not be told from a row of covered squares: it is not read.)
    fn learn(line: &[char], covered: char, cols: usize) -> Option<RowTemplate> {
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
        (squares.len() == cols && rest_is_decoration).then(|| RowTemplate {
            line: line.to_vec(),
            squares,
            frame,
        })
    }
}

/// `text` without terminal escape sequences (colours, cursor moves).
fn strip_escapes(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            plain.push(c);
            continue;
        }
        // CSI: parameters, then one final byte from @ to ~. Any other
        // escape is two characters.
        if chars.next() == Some('[') {
            for c in chars.by_ref() {
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
        }
    }
    plain
}

#[cfg(test)]
mod tests {
    use super::*;
    use Cell::*;

    fn cells(grid: &Grid<Cell>) -> Vec<Cell> {
        grid.iter().copied().collect()
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
        let boards = read(COURSE.as_bytes(), 2, 3).unwrap();
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
        let boards = read(bare.as_bytes(), 2, 2).unwrap();
        assert_eq!(
            cells(&boards[1].cells),
            vec![Open(0), Open(1), Hidden, Flag]
        );
        // Pipes between squares, labels from 0, trailing spaces dropped.
        let piped = "   0 1 2\n0 |?|?|?|\n\n0 |1| |?|\n";
        let boards = read(piped.as_bytes(), 1, 3).unwrap();
        assert_eq!(cells(&boards[1].cells), vec![Open(1), Open(0), Hidden]);
        // Frame lines of '#' are not rows, nor is the frame a glyph.
        let hashes = "#####\n#...#\n#####\n\n#####\n#.1 #\n#####\n";
        let boards = read(hashes.as_bytes(), 1, 3).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[1].cells), vec![Hidden, Open(1), Open(0)]);
    }

    #[test]
    fn a_frame_of_dots_is_a_frame() {
        // '.' around the squares, '#' covered; then '.' covered inside a
        // frame of '+'.
        let dots = ". . . . .\n. # # # .\n. . . . .\n\n. . . . .\n. 1 # F .\n. . . . .\n";
        let boards = read(dots.as_bytes(), 1, 3).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[1].cells), vec![Open(1), Hidden, Flag]);
        let plus = "+...+\n\n+1 .+\n";
        let boards = read(plus.as_bytes(), 1, 3).unwrap();
        assert_eq!(cells(&boards[1].cells), vec![Open(1), Open(0), Hidden]);
    }

    #[test]
    fn prose_is_not_a_board() {
        let text = "\tany non-mine fields).  Good luck!\nPlease choose the row:\n";
        assert_eq!(read(text.as_bytes(), 1, 1), Err(Unreadable::NoFirstBoard));
    }

    #[test]
    fn a_board_cut_short_is_unreadable() {
        let text = "1 . .\n2 . .\n\n1 1 .\nTraceback\n";
        assert_eq!(
            read(text.as_bytes(), 2, 2),
            Err(Unreadable::BrokenOff { line: 4 })
        );
    }

    #[test]
    fn a_board_with_more_squares_is_not_read_as_ours() {
        let text = "1 . . .\n2 . . .\n";
        assert_eq!(read(text.as_bytes(), 2, 2), Err(Unreadable::NoFirstBoard));
    }

    #[test]
    fn a_frame_line_is_not_a_row_of_one_square() {
        let text = "    1\n   +-+\n 1 |.|\n   +-+\n\n   +-+\n 1 |1|\n   +-+\n";
        let boards = read(text.as_bytes(), 1, 1).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(cells(&boards[1].cells), vec![Open(1)]);
    }
}
