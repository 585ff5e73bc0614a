//! How squares look: the classic clue colours, a palette for colour-blind
//! players (Okabe and Ito's, told apart without red and green), or none;
//! Unicode symbols where the terminal shows them, ASCII otherwise. The
//! cursor stands out in every theme.

use ratatui::style::{Color, Modifier, Style};

use console::render::Charset;
use engine::Glyph;

/// The colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// The classic clue colours: 1 blue, 2 green, 3 red, and on.
    #[default]
    Classic,
    /// Okabe-Ito colours, distinguishable without telling red from green.
    Colorblind,
    /// No colour: reverse video for the cursor.
    Mono,
}

/// A theme and a character set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Looks {
    pub theme: Theme,
    pub unicode: bool,
}

impl Looks {
    /// The text and style of `glyph`.
    pub fn square(&self, glyph: Glyph) -> (&'static str, Style) {
        let plain = Style::default();
        let (text, style) = match glyph {
            Glyph::Hidden => (self.pick("·", "."), plain.add_modifier(Modifier::DIM)),
            Glyph::Flag => (self.pick("⚑", "F"), self.colour(Color::Red).bold()),
            Glyph::Question => ("?", self.colour(Color::Yellow)),
            Glyph::Open(0) => (" ", plain),
            Glyph::Open(n) => (CLUES[usize::from(n.min(8))], self.clue(n).bold()),
            Glyph::Mine => ("*", plain.bold()),
            Glyph::Detonated => ("X", self.alarm()),
            Glyph::WrongFlag => ("x", self.alarm()),
            Glyph::Seen => (self.charset().seen(), self.colour(Color::Yellow).bold()),
            Glyph::Exploring(direction) => (
                self.charset().arrow(direction),
                self.colour(Color::Cyan).bold(),
            ),
        };
        (text, style)
    }

    /// The cursor drawn over the style of a square showing `glyph`. The
    /// mine that went off keeps its alarm, underlined, so it never looks
    /// like the cursor on a covered square.
    pub fn cursor(&self, style: Style, glyph: Glyph) -> Style {
        if glyph == Glyph::Detonated {
            return style.add_modifier(Modifier::UNDERLINED);
        }
        match self.theme {
            Theme::Mono => style.add_modifier(Modifier::REVERSED),
            Theme::Classic | Theme::Colorblind => style
                .bg(Color::Yellow)
                .fg(Color::Black)
                .remove_modifier(Modifier::DIM),
        }
    }

    /// The square a hint names, drawn over its style: apart from the
    /// cursor, which the hint does not move.
    pub fn hinted(&self, style: Style) -> Style {
        match self.theme {
            Theme::Mono => style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            Theme::Classic | Theme::Colorblind => style
                .bg(Color::Indexed(39))
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD)
                .remove_modifier(Modifier::DIM),
        }
    }

    /// The chance of a mine, `p`, as one character and a colour from safe
    /// to certain.
    pub fn chance(&self, p: f64) -> (&'static str, Style) {
        let tenth = (p * 10.0).round() as usize;
        let text = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "M"][tenth.min(10)];
        let colour = match tenth {
            0 => Color::Green,
            1..=3 => Color::Cyan,
            4..=6 => Color::Yellow,
            _ => Color::Magenta,
        };
        (text, self.colour(colour))
    }

    /// The animation's characters, as the prompt game draws them.
    fn charset(&self) -> Charset {
        if self.unicode {
            Charset::Unicode
        } else {
            Charset::Ascii
        }
    }

    fn pick(&self, unicode: &'static str, ascii: &'static str) -> &'static str {
        if self.unicode { unicode } else { ascii }
    }

    fn colour(&self, colour: Color) -> Style {
        match self.theme {
            Theme::Mono => Style::default(),
            Theme::Classic | Theme::Colorblind => Style::default().fg(colour),
        }
    }

    fn alarm(&self) -> Style {
        match self.theme {
            Theme::Mono => Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            Theme::Classic => Style::default().fg(Color::White).bg(Color::Red).bold(),
            Theme::Colorblind => Style::default()
                .fg(Color::Black)
                .bg(Color::Rgb(0xE6, 0x9F, 0x00))
                .bold(),
        }
    }

    fn clue(&self, n: u8) -> Style {
        let colour = match self.theme {
            Theme::Mono => return Style::default(),
            Theme::Classic => CLASSIC[usize::from(n.min(8))],
            Theme::Colorblind => OKABE_ITO[usize::from(n.min(8))],
        };
        Style::default().fg(colour)
    }
}

const CLUES: [&str; 9] = ["0", "1", "2", "3", "4", "5", "6", "7", "8"];

/// Windows Minesweeper's clue colours.
const CLASSIC: [Color; 9] = [
    Color::Reset,
    Color::Blue,
    Color::Green,
    Color::Red,
    Color::Indexed(18),
    Color::Indexed(88),
    Color::Cyan,
    Color::Magenta,
    Color::Gray,
];

/// Okabe and Ito's palette, in an order that keeps neighbours apart.
const OKABE_ITO: [Color; 9] = [
    Color::Reset,
    Color::Rgb(0x00, 0x72, 0xB2),
    Color::Rgb(0x00, 0x9E, 0x73),
    Color::Rgb(0xD5, 0x5E, 0x00),
    Color::Rgb(0xCC, 0x79, 0xA7),
    Color::Rgb(0xE6, 0x9F, 0x00),
    Color::Rgb(0x56, 0xB4, 0xE9),
    Color::Rgb(0xF0, 0xE4, 0x42),
    Color::Gray,
];
