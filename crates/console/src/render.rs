//! The course's board printer (`prettyPrintBoard`), in plain text or colour.
//!
//! ```text
//!                        1 1 1     <- tens line, only for 10 or more columns
//!      1 2 3 4 5 6 7 8 9 0 1 2     <- last digits of the column numbers
//!    + + + + + + + + + + + + + +   <- frame row
//! 1  + . . 1   F . . . . . . . +   <- rows labelled 1, 2, ... 10
//!    + + + + + + + + + + + + + +
//! ```
//! Every line ends with the space the course's printer leaves after each
//! character, and the board is framed by blank lines. Boards of 100 or more
//! rows widen the label column; boards of 100 or more columns get a
//! hundreds line (and so on), so columns stay aligned. Colour only wraps
//! single characters in escape codes: stripped of them, the coloured output
//! is the plain output.

use std::io::{self, Write};

use owo_colors::{AnsiColors, Style};

use engine::{Board, Direction, Glyph, Neighbourhood, Pos};

use crate::terminal::Depth;

/// Whether output carries colour escape codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// No colour.
    Plain,
    /// ANSI colours.
    Colour,
}

impl Paint {
    /// `text` in `style`, or as it is when plain.
    pub fn apply(self, text: &str, style: Style) -> String {
        match self {
            Paint::Plain => text.to_owned(),
            Paint::Colour => style.style(text).to_string(),
        }
    }

    /// The line that announces a win.
    pub fn win(self, text: &str) -> String {
        self.apply(text, Style::new().green().bold())
    }

    /// The line that announces a loss.
    pub fn loss(self, text: &str) -> String {
        self.apply(text, Style::new().red().bold())
    }
}

/// The clue colours on a terminal that shows xterm's 256 colours, by clue:
/// 1 blue, 2 green, 3 red, 4 violet, 5 brown, 6 teal, 7 purple, 8 grey.
/// Each reads at 3:1 or more both on a black background and on a white
/// one, which the 16 ANSI colours cannot do (their blue is 2.2:1 on black,
/// their bright white 1:1 on white): the prompt game draws on whatever
/// background the terminal has.
const CLUES_ON_ANY_BACKGROUND: [u8; 8] = [33, 28, 160, 63, 130, 30, 127, 244];

/// The terminal's colours, told once by the binary ([`set_depth`]).
static DEPTH: std::sync::OnceLock<Depth> = std::sync::OnceLock::new();

/// Tells the printer how many colours the terminal shows (once; later
/// calls change nothing): the binary found it when it started. Untold,
/// the printer keeps to the 16 every terminal shows.
pub fn set_depth(depth: Depth) {
    let _ = DEPTH.set(depth);
}

/// Whether the terminal shows xterm's 256 colours, as the binary told.
fn shows_256_colours() -> bool {
    DEPTH.get().copied().unwrap_or_default() >= Depth::Palette
}

/// A clue's colour: one that reads on any background where the terminal
/// shows 256 colours; among the 16 ANSI ones otherwise, picked for the
/// terminal's background.
fn clue_style(clue: u8) -> Style {
    match CLUES_ON_ANY_BACKGROUND.get(usize::from(clue).wrapping_sub(1)) {
        Some(&index) if shows_256_colours() => {
            Style::new().color(owo_colors::XtermColors::from(index))
        }
        _ => sixteen_clue_style(clue, background()),
    }
}

/// Whether the clues' colours depend on the terminal's background: they
/// do under 16 colours, where none reads on both black and white.
pub fn clues_need_background() -> bool {
    !shows_256_colours()
}

/// The terminal's background, as far as it is known: under 16 colours no
/// clue colour reads on both black and white, so the clues are picked for
/// the one the terminal has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Background {
    /// Black or near it, as most terminals and the Linux console have.
    #[default]
    Dark,
    /// White or near it.
    Light,
}

impl Background {
    /// The name `--background` and the settings give it.
    pub fn name(self) -> &'static str {
        match self {
            Background::Dark => "dark",
            Background::Light => "light",
        }
    }

    /// The background called `name`.
    pub fn named(name: &str) -> Option<Background> {
        [Background::Dark, Background::Light]
            .into_iter()
            .find(|background| background.name() == name)
    }
}

/// The background learnt when the program starts, once for the whole run.
static BACKGROUND: std::sync::OnceLock<Background> = std::sync::OnceLock::new();

/// Tells the printer the terminal's background (once; later calls change
/// nothing): the command line, the terminal's own answer or the settings
/// know it, the printer does not.
pub fn set_background(background: Background) {
    // The first word stands: the program learns it once, before printing.
    let _ = BACKGROUND.set(background);
}

fn background() -> Background {
    BACKGROUND.get().copied().unwrap_or_default()
}

/// A clue's colour among the 16 ANSI colours, and whether it is bold.
type Sixteen = (AnsiColors, bool);

/// The clues on a dark background: each a colour of its own reading at
/// 3:1 or more on black in the Linux console's palette and xterm's: 1
/// light blue, 2 green, 3 light red, 4 magenta, 5 brown, 6 cyan, 7 yellow,
/// 8 light grey. None bold: the console would brighten it into another.
const CLUES_ON_DARK: [Sixteen; 8] = [
    (AnsiColors::BrightBlue, false),
    (AnsiColors::Green, false),
    (AnsiColors::BrightRed, false),
    (AnsiColors::Magenta, false),
    (AnsiColors::Yellow, false),
    (AnsiColors::Cyan, false),
    (AnsiColors::BrightYellow, false),
    (AnsiColors::White, false),
];

/// The clues on a light background. Only seven of the 16 read at 3:1 on
/// white in both palettes (no green, cyan or yellow does): 1 light blue,
/// 2 blue, 3 light red, 4 magenta, 5 red, 7 black, 8 dark grey; 6 is light
/// blue in bold, told from 1 by its weight and its digit.
const CLUES_ON_LIGHT: [Sixteen; 8] = [
    (AnsiColors::BrightBlue, false),
    (AnsiColors::Blue, false),
    (AnsiColors::BrightRed, false),
    (AnsiColors::Magenta, false),
    (AnsiColors::Red, false),
    (AnsiColors::BrightBlue, true),
    (AnsiColors::Black, false),
    (AnsiColors::BrightBlack, false),
];

/// A clue's colour among the 16 on `background`.
fn sixteen_clue_style(clue: u8, background: Background) -> Style {
    let table = match background {
        Background::Dark => &CLUES_ON_DARK,
        Background::Light => &CLUES_ON_LIGHT,
    };
    match table.get(usize::from(clue).wrapping_sub(1)) {
        Some(&(colour, true)) => Style::new().color(colour).bold(),
        Some(&(colour, false)) => Style::new().color(colour),
        None => Style::new(),
    }
}

/// Each glyph's text, escape codes and the space the course's printer puts
/// after every character included, worked out once per board so that
/// printing a square is one table lookup and one copy.
struct Palette {
    hidden: String,
    flag: String,
    question: String,
    clues: [String; 9],
    mine: String,
    detonated: String,
    wrong_flag: String,
    seen: String,
    /// One per [`Direction`], in its declaration order.
    exploring: [String; 8],
    frame: String,
}

/// The characters of an animated reveal: arrows where the terminal can
/// show them, plain ASCII otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charset {
    /// ASCII only.
    Ascii,
    /// Unicode symbols where they read better.
    Unicode,
}

impl Charset {
    /// A square on the to-do list.
    pub fn seen(self) -> &'static str {
        match self {
            Charset::Ascii => "o",
            Charset::Unicode => "•",
        }
    }

    /// A square looking at its neighbour in `direction`.
    pub fn arrow(self, direction: Direction) -> &'static str {
        use Direction::*;
        match (self, direction) {
            (Charset::Ascii, Up) => "^",
            (Charset::Ascii, Left) => "<",
            (Charset::Ascii, Down) => "v",
            (Charset::Ascii, Right) => ">",
            (Charset::Ascii, UpLeft | DownRight) => "\\",
            (Charset::Ascii, UpRight | DownLeft) => "/",
            (Charset::Unicode, Up) => "↑",
            (Charset::Unicode, Left) => "←",
            (Charset::Unicode, Down) => "↓",
            (Charset::Unicode, Right) => "→",
            (Charset::Unicode, UpLeft) => "↖",
            (Charset::Unicode, UpRight) => "↗",
            (Charset::Unicode, DownLeft) => "↙",
            (Charset::Unicode, DownRight) => "↘",
        }
    }
}

impl Palette {
    fn new(frame: char, paint: Paint, charset: Charset) -> Self {
        let dim = Style::new().dimmed();
        Self {
            hidden: cell(paint, ".", dim),
            flag: cell(paint, "F", Style::new().red().bold()),
            question: cell(paint, "?", Style::new().yellow().bold()),
            clues: std::array::from_fn(|clue| match clue {
                0 => "  ".to_owned(),
                _ => cell(paint, &clue.to_string(), clue_style(clue as u8)),
            }),
            mine: cell(paint, "*", Style::new().bold()),
            detonated: cell(paint, "X", Style::new().white().on_red().bold()),
            wrong_flag: cell(paint, "x", Style::new().black().on_yellow()),
            seen: cell(paint, charset.seen(), Style::new().yellow().bold()),
            // Indexed by `Direction as usize`: the eight directions in declaration order.
            exploring: std::array::from_fn(|i| {
                let direction = Neighbourhood::Eight.directions()[i];
                cell(paint, charset.arrow(direction), Style::new().cyan().bold())
            }),
            frame: cell(paint, &frame.to_string(), dim),
        }
    }

    // Inlined: called a square at a time from the generic printers, which
    // are instantiated in the crates that call them.
    #[inline]
    fn glyph(&self, glyph: Glyph) -> &str {
        match glyph {
            Glyph::Hidden => &self.hidden,
            Glyph::Flag => &self.flag,
            Glyph::Question => &self.question,
            Glyph::Open(clue) => &self.clues[usize::from(clue.min(8))],
            Glyph::Mine => &self.mine,
            Glyph::Detonated => &self.detonated,
            Glyph::WrongFlag => &self.wrong_flag,
            Glyph::Seen => &self.seen,
            Glyph::Exploring(direction) => &self.exploring[direction as usize],
        }
    }
}

/// Prints `board` as the course does, showing `glyph(pos)` at each square.
pub fn write_board(
    out: &mut impl Write,
    board: &Board,
    glyph: impl Fn(Pos) -> Glyph,
    paint: Paint,
) -> io::Result<()> {
    write_frame(out, board, glyph, paint, Charset::Ascii)
}

/// [`write_board`], with the characters of an animated reveal from `charset`.
pub(crate) fn write_frame(
    out: &mut impl Write,
    board: &Board,
    glyph: impl Fn(Pos) -> Glyph,
    paint: Paint,
    charset: Charset,
) -> io::Result<()> {
    let palette = Palette::new(board.frame().glyph(), paint, charset);
    write_rows(out, board, &palette, |row, line| {
        for col in 0..board.cols() {
            push_cell(line, palette.glyph(glyph(Pos::new(row, col))));
        }
    })
}

/// Prints the solved board: mines as `*`, every other square opened.
///
/// Read straight from the board's mine and clue grids a row at a time,
/// rather than square by square through [`Board::solved_glyph`]: `show` of
/// a 4000x4000 board went from about 164 ms to 140 ms (BENCHMARKS.md).
pub fn write_solution(out: &mut impl Write, board: &Board, paint: Paint) -> io::Result<()> {
    let palette = Palette::new(board.frame().glyph(), paint, Charset::Ascii);
    let cols = board.cols();
    let (mines, clues) = (board.mines().as_slice(), board.clues().as_slice());
    // What each square shows: its clue, 0 to 8, or at 9 its mine.
    let shown: [&str; 10] = std::array::from_fn(|i| {
        palette.glyph(if i == 9 {
            Glyph::Mine
        } else {
            Glyph::Open(i as u8)
        })
    });
    write_rows(out, board, &palette, |row, line| {
        let squares = row * cols..(row + 1) * cols;
        for (&mine, &clue) in mines[squares.clone()].iter().zip(&clues[squares]) {
            push_cell(line, shown[if mine { 9 } else { usize::from(clue) }]);
        }
    })
}

/// `board` in plain text with one square marked by brackets around it,
/// `1 [X]2`, where a report points at it.
pub fn write_marked_board(
    out: &mut impl Write,
    board: &Board,
    glyph: impl Fn(Pos) -> Glyph,
    marked: Option<Pos>,
) -> io::Result<()> {
    let palette = Palette::new(board.frame().glyph(), Paint::Plain, Charset::Ascii);
    let shown = |pos| palette.glyph(glyph(pos)).chars().next().unwrap_or(' ');
    write_marked_chars(out, board, shown, marked)
}

/// `board`'s shape in the course's layout, each square showing the
/// character `shown` gives (another program's glyphs, beside ours), one
/// square marked as by [`write_marked_board`].
pub fn write_marked_chars(
    out: &mut impl Write,
    board: &Board,
    shown: impl Fn(Pos) -> char,
    marked: Option<Pos>,
) -> io::Result<()> {
    let palette = Palette::new(board.frame().glyph(), Paint::Plain, Charset::Ascii);
    write_rows(out, board, &palette, |row, line| {
        for col in 0..board.cols() {
            let pos = Pos::new(row, col);
            let is_marked = marked == Some(pos);
            if is_marked {
                // The space before the square: the frame's or the last square's.
                line.pop();
                line.push('[');
            }
            line.push(shown(pos));
            line.push(if is_marked { ']' } else { ' ' });
        }
    })
}

/// The course's frame around the rows that `squares` writes: the column
/// numbers, the frame line, each row between its label and frames, the
/// frame line again, all between blank lines.
fn write_rows(
    out: &mut impl Write,
    board: &Board,
    palette: &Palette,
    mut squares: impl FnMut(usize, &mut String),
) -> io::Result<()> {
    let label_width = label_width(board.rows());
    writeln!(out)?;
    write_column_numbers(out, board.cols(), label_width)?;
    let mut line = String::new();
    frame_row(&mut line, board.cols(), label_width, palette);
    out.write_all(line.as_bytes())?;
    for row in 0..board.rows() {
        line.clear();
        line.push_str(&format!("{:<label_width$}", row + 1));
        line.push_str(&palette.frame);
        squares(row, &mut line);
        line.push_str(&palette.frame);
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    line.clear();
    frame_row(&mut line, board.cols(), label_width, palette);
    out.write_all(line.as_bytes())?;
    writeln!(out)
}

/// The course labels rows in three characters (`1  `, `10 `); wider row
/// numbers get one character more than they need, so a space always follows.
fn label_width(rows: usize) -> usize {
    (digits(rows) + 1).max(3)
}

fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// Appends a square's text. Plain squares are two bytes (the character and
/// its space), copied here without a call to `memcpy`: a third of the time
/// printing a 4000x4000 board went to that call. Inlined: the printers
/// that call it a square at a time are generic, so they are compiled in
/// the crate that calls them, and a call across crates is not inlined
/// unless asked (`show` on 4000x4000 took a third longer).
#[inline]
fn push_cell(line: &mut String, cell: &str) {
    match cell.as_bytes() {
        &[c, b' '] if c.is_ascii() => {
            line.push(char::from(c));
            line.push(' ');
        }
        _ => line.push_str(cell),
    }
}

/// `text` in `style`, and the space the course's printer puts after every character.
fn cell(paint: Paint, text: &str, style: Style) -> String {
    let mut cell = paint.apply(text, style);
    cell.push(' ');
    cell
}

fn frame_row(line: &mut String, cols: usize, label_width: usize, palette: &Palette) {
    line.push_str(&" ".repeat(label_width));
    for _ in 0..cols + 2 {
        line.push_str(&palette.frame);
    }
    line.push('\n');
}

/// One line per decimal place of the column numbers, highest first: digit
/// `place` of each column number, blank where the number is too short to have it.
fn write_column_numbers(out: &mut impl Write, cols: usize, label_width: usize) -> io::Result<()> {
    let indent = " ".repeat(label_width + 2);
    for place in (0..digits(cols) as u32).rev() {
        let unit = 10usize.pow(place);
        let mut line = indent.clone();
        for col in 1..=cols {
            let shown = if col >= unit {
                char::from(b'0' + (col / unit % 10) as u8)
            } else {
                ' '
            };
            line.push(shown);
            line.push(' ');
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour of an xterm palette entry of the 6x6x6 cube or the greys.
    fn xterm(index: u8) -> [f64; 3] {
        const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        let rgb = match index {
            16..=231 => {
                let i = index - 16;
                [i / 36, i / 6 % 6, i % 6].map(|n| LEVELS[usize::from(n)])
            }
            232..=255 => [8 + 10 * (index - 232); 3],
            _ => panic!("not a palette colour: {index}"),
        };
        rgb.map(|c| f64::from(c) / 255.0)
    }

    /// WCAG's relative luminance of an sRGB colour.
    fn luminance(rgb: [f64; 3]) -> f64 {
        let linear = rgb.map(|c| {
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        });
        0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    fn contrast(a: f64, b: f64) -> f64 {
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn every_clue_reads_at_3_to_1_on_black_and_on_white() {
        let mut table = String::new();
        for (clue, &index) in CLUES_ON_ANY_BACKGROUND.iter().enumerate() {
            let l = luminance(xterm(index));
            let (on_black, on_white) = (contrast(l, 0.0), contrast(l, 1.0));
            table.push_str(&format!(
                "{} {index}: {on_black:.2} {on_white:.2}\n",
                clue + 1
            ));
            assert!(on_black >= 3.0 && on_white >= 3.0, "{table}");
        }
        // The classic blue of the 16 colours (xterm's #0000ee) does not.
        assert!(contrast(luminance([0.0, 0.0, 238.0 / 255.0]), 0.0) < 3.0);
    }
    /// The 16 colours in the Linux console's palette and in xterm's.
    const CONSOLE: [[u8; 3]; 16] = [
        [0, 0, 0],
        [170, 0, 0],
        [0, 170, 0],
        [170, 85, 0],
        [0, 0, 170],
        [170, 0, 170],
        [0, 170, 170],
        [170, 170, 170],
        [85, 85, 85],
        [255, 85, 85],
        [85, 255, 85],
        [255, 255, 85],
        [85, 85, 255],
        [255, 85, 255],
        [85, 255, 255],
        [255, 255, 255],
    ];
    const XTERM: [[u8; 3]; 16] = [
        [0, 0, 0],
        [205, 0, 0],
        [0, 205, 0],
        [205, 205, 0],
        [0, 0, 238],
        [205, 0, 205],
        [0, 205, 205],
        [229, 229, 229],
        [127, 127, 127],
        [255, 0, 0],
        [0, 255, 0],
        [255, 255, 0],
        [92, 92, 255],
        [255, 0, 255],
        [0, 255, 255],
        [255, 255, 255],
    ];

    fn index(colour: AnsiColors) -> usize {
        use AnsiColors::*;
        let all = [
            Black,
            Red,
            Green,
            Yellow,
            Blue,
            Magenta,
            Cyan,
            White,
            BrightBlack,
            BrightRed,
            BrightGreen,
            BrightYellow,
            BrightBlue,
            BrightMagenta,
            BrightCyan,
            BrightWhite,
        ];
        all.iter()
            .position(|&c| c == colour)
            .expect("one of the 16")
    }

    /// Under 16 colours every clue reads at 3:1 or more on the background
    /// it was picked for, in both palettes, and no two look the same
    /// (colour and weight); the table is the one the note shows.
    #[test]
    fn under_sixteen_colours_each_clue_reads_on_its_background() {
        let mut table = String::new();
        for (background, clues, behind) in [
            (Background::Dark, CLUES_ON_DARK, 0.0),
            (Background::Light, CLUES_ON_LIGHT, 1.0),
        ] {
            for (clue, &(colour, bold)) in clues.iter().enumerate() {
                let ratios = [CONSOLE, XTERM].map(|palette| {
                    let rgb = palette[index(colour)].map(|c| f64::from(c) / 255.0);
                    contrast(luminance(rgb), behind)
                });
                table.push_str(&format!(
                    "{background:?} {} {colour:?}{}: {:.2} {:.2}\n",
                    clue + 1,
                    if bold { " bold" } else { "" },
                    ratios[0],
                    ratios[1]
                ));
                assert!(ratios.iter().all(|&r| r >= 3.0), "{table}");
            }
            let mut looks: Vec<(usize, bool)> =
                clues.iter().map(|&(c, bold)| (index(c), bold)).collect();
            looks.sort_unstable();
            looks.dedup();
            assert_eq!(looks.len(), 8, "{background:?}: two clues alike");
        }
    }

    use engine::{Frame, Grid};

    fn open_board(rows: usize, cols: usize) -> Board {
        Board::new(Grid::filled(rows, cols, false), Frame::Plus)
    }

    fn printed(board: &Board, glyph: impl Fn(Pos) -> Glyph) -> String {
        let mut out = Vec::new();
        write_board(&mut out, board, glyph, Paint::Plain).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn prints_like_the_course() {
        let text = printed(&open_board(2, 3), |_| Glyph::Hidden);
        assert_eq!(
            text,
            "\n     1 2 3 \n   + + + + + \n1  + . . . + \n2  + . . . + \n   + + + + + \n\n"
        );
    }

    #[test]
    fn tens_line_from_ten_columns() {
        let text = printed(&open_board(1, 10), |_| Glyph::Hidden);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines[1], "                       1 ");
        assert_eq!(lines[2], "     1 2 3 4 5 6 7 8 9 0 ");
    }

    #[test]
    fn hundred_columns_get_a_hundreds_line() {
        let text = printed(&open_board(1, 105), |_| Glyph::Hidden);
        let lines: Vec<_> = text.lines().collect();
        let hundreds = lines[1];
        let tens = lines[2];
        let units = lines[3];
        // Column c is printed at offset 5 + 2 * (c - 1).
        let at = |line: &str, col: usize| line.as_bytes()[5 + 2 * (col - 1)] as char;
        assert_eq!(
            (at(hundreds, 99), at(tens, 99), at(units, 99)),
            (' ', '9', '9')
        );
        assert_eq!(
            (at(hundreds, 100), at(tens, 100), at(units, 100)),
            ('1', '0', '0')
        );
        assert_eq!(
            (at(hundreds, 105), at(tens, 105), at(units, 105)),
            ('1', '0', '5')
        );
        assert_eq!((at(hundreds, 5), at(tens, 5)), (' ', ' '));
    }

    #[test]
    fn hundred_rows_widen_the_labels() {
        let text = printed(&open_board(100, 1), |_| Glyph::Hidden);
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines[1], "      1 ");
        assert_eq!(lines[2], "    + + + ");
        assert_eq!(lines[3], "1   + . + ");
        assert_eq!(lines[102], "100 + . + ");
    }

    #[test]
    fn every_glyph_has_its_character() {
        let board = open_board(1, 5);
        let shown = [
            Glyph::Hidden,
            Glyph::Flag,
            Glyph::Open(0),
            Glyph::Open(3),
            Glyph::Detonated,
        ];
        let text = printed(&board, |p| shown[p.col]);
        assert!(text.contains("1  + . F   3 X + \n"), "{text}");
    }

    #[test]
    fn hash_frame_is_kept() {
        let board = Board::new(Grid::filled(1, 1, true), Frame::Hash);
        let mut out = Vec::new();
        write_solution(&mut out, &board, Paint::Plain).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\n     1 \n   # # # \n1  # * # \n   # # # \n\n"
        );
    }

    #[test]
    fn colour_wraps_glyphs_only() {
        let board = open_board(1, 1);
        let mut out = Vec::new();
        write_board(&mut out, &board, |_| Glyph::Open(1), Paint::Colour).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\x1b[94m1\x1b[0m "), "{text:?}");
    }
}
