//! How squares look: the classic clue colours, a palette for colour-blind
//! players, or none; Unicode symbols where the terminal shows them, ASCII
//! otherwise. The cursor stands out in every theme.
//!
//! The colour themes draw the board on a background of their own, so that
//! every colour keeps the same contrast on a dark terminal and a light one
//! (at least 3:1 against it, tested); mono uses the terminal's own colours
//! and tells squares apart by their characters and by bold, reverse and
//! underline only.

use ratatui::style::{Color, Modifier, Style};

use console::render::Charset;
use engine::Glyph;

/// The colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// The classic clue colours: 1 blue, 2 green, 3 red, and on.
    #[default]
    Classic,
    /// Colours told apart without telling red from green (or blue from
    /// yellow): Okabe and Ito's for 1 to 3, then colours chosen to stay apart
    /// under each kind of colour blindness.
    Colorblind,
    /// No colour: reverse video for the cursor.
    Mono,
}

impl Theme {
    /// Every theme, in the order `--theme` lists them.
    pub const ALL: [Theme; 3] = [Theme::Classic, Theme::Colorblind, Theme::Mono];

    /// The name `--theme` and the settings give it.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::Colorblind => "colorblind",
            Theme::Mono => "mono",
        }
    }

    /// The theme called `name`.
    pub fn named(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.name() == name)
    }
}

/// A theme and a character set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Looks {
    /// The colours.
    pub theme: Theme,
    /// Whether symbols beyond ASCII are drawn.
    pub unicode: bool,
    /// Whether colour may be used at all (not with NO_COLOR and the
    /// like): without, the theme stays mono whatever the menu offers.
    pub colour: bool,
    /// Whether the terminal shows only the 16 ANSI colours (the Linux
    /// console): the clues then take colours of their own among them.
    pub sixteen: bool,
}

/// The board's own background in the colour themes: dark grey (#262626).
pub const BOARD: Color = Color::Indexed(235);

impl Looks {
    /// The style every cell of the board starts from: the board's
    /// background in the colour themes, the terminal's own in mono.
    pub fn board(&self) -> Style {
        match self.theme {
            Theme::Mono => Style::default(),
            Theme::Classic | Theme::Colorblind => Style::default().bg(BOARD).fg(GREY),
        }
    }

    /// The text and style of `glyph`.
    pub fn square(&self, glyph: Glyph) -> (&'static str, Style) {
        let plain = self.board();
        let (text, style) = match glyph {
            Glyph::Hidden => (self.pick("·"), self.dim()),
            Glyph::Flag => (self.pick("⚑"), self.colour(RED).bold()),
            Glyph::Question => ("?", self.colour(YELLOW)),
            Glyph::Open(0) => (" ", plain),
            Glyph::Open(n) => (CLUES[usize::from(n.min(8))], self.clue(n)),
            Glyph::Mine => ("*", self.colour(WHITE).bold()),
            Glyph::Detonated => ("X", self.alarm()),
            Glyph::WrongFlag => ("x", self.alarm()),
            Glyph::Seen => (self.charset().seen(), self.colour(YELLOW).bold()),
            Glyph::Exploring(direction) => {
                (self.charset().arrow(direction), self.colour(TEAL).bold())
            }
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

    /// The square under the mouse, drawn over its style.
    pub(crate) fn hover(&self, style: Style) -> Style {
        match self.theme {
            Theme::Mono => style
                .remove_modifier(Modifier::DIM)
                .add_modifier(Modifier::BOLD),
            Theme::Classic | Theme::Colorblind => style.add_modifier(Modifier::UNDERLINED),
        }
    }

    /// The chance `p` of a mine on a covered square, as one character that
    /// no clue uses: safe only when certainly safe, `!` only when certainly
    /// a mine, and between them a shade (a quarter, a half, three quarters,
    /// more), so it never reads as a number of mines.
    pub fn chance(&self, p: f64) -> (&'static str, Style) {
        if p <= 0.0 {
            return (self.pick("○"), self.colour(GREEN).bold());
        }
        if p >= 1.0 {
            return ("!", self.colour(RED).bold());
        }
        let shade = match p {
            p if p <= 0.25 => self.pick("░"),
            p if p <= 0.5 => self.pick("▒"),
            p if p <= 0.75 => self.pick("▓"),
            _ => self.pick("█"),
        };
        (shade, self.colour(WHITE))
    }

    /// The animation's characters, as the prompt game draws them.
    fn charset(&self) -> Charset {
        if self.unicode {
            Charset::Unicode
        } else {
            Charset::Ascii
        }
    }

    /// `unicode`, or its ASCII stand-in where the locale is not UTF-8.
    fn pick(&self, unicode: &'static str) -> &'static str {
        if self.unicode {
            unicode
        } else {
            crate::font::ascii(unicode)
        }
    }

    fn colour(&self, colour: Color) -> Style {
        match self.theme {
            Theme::Mono => Style::default(),
            Theme::Classic | Theme::Colorblind => self.board().fg(colour),
        }
    }

    /// A covered square: quieter than everything that tells something.
    fn dim(&self) -> Style {
        match self.theme {
            Theme::Mono => Style::default().add_modifier(Modifier::DIM),
            Theme::Classic | Theme::Colorblind => self.board().fg(COVERED),
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
        let n = usize::from(n.min(8));
        let table = match (self.theme, self.sixteen) {
            (Theme::Mono, _) => return Style::default().bold(),
            (Theme::Classic, false) => &CLASSIC,
            (Theme::Colorblind, false) => &COLOUR_BLIND,
            // Not bold: on the console bold brightens 30–37, which would
            // make two clues one colour.
            (Theme::Classic, true) => return self.board().fg(CLASSIC_16[n]),
            (Theme::Colorblind, true) => return self.board().fg(COLOUR_BLIND_16[n]),
        };
        self.board().fg(table[n]).bold()
    }
}

const CLUES: [&str; 9] = ["0", "1", "2", "3", "4", "5", "6", "7", "8"];

// Colours from the xterm 256-colour cube, whose values are the same in
// every terminal that has it. Each is light enough to read on the board's
// background (at least 3:1, a test checks).
const GREEN: Color = Color::Indexed(34); // #00af00
const RED: Color = Color::Indexed(203); // #ff5f5f
const YELLOW: Color = Color::Indexed(184); // #d7d700
const TEAL: Color = Color::Indexed(37); // #00afaf
const WHITE: Color = Color::Indexed(255); // #eeeeee
const GREY: Color = Color::Indexed(245); // #8a8a8a
const COVERED: Color = Color::Indexed(243); // #767676

/// The classic game's clue colours, as light as the board's background
/// needs: 1 blue, 2 green, 3 red, 4 violet (for navy), 5 brown-orange
/// (for maroon), 6 teal, 7 white, 8 grey.
const CLASSIC: [Color; 9] = [
    Color::Reset,
    Color::Indexed(69),  // #5f87ff
    Color::Indexed(34),  // #00af00
    Color::Indexed(203), // #ff5f5f
    Color::Indexed(141), // #af87ff
    Color::Indexed(172), // #d78700
    Color::Indexed(37),  // #00afaf
    Color::Indexed(255), // #eeeeee
    Color::Indexed(245), // #8a8a8a
];

/// Clue colours for colour-blind players: Okabe and Ito's sky blue,
/// bluish green and vermillion for the commonest clues, then colours found
/// by search to stay at least 15 apart (CIE76) from each other under
/// normal vision and simulated protanopia, deuteranopia and tritanopia
/// (Machado et al. 2009), a test checks.
const COLOUR_BLIND: [Color; 9] = [
    Color::Reset,
    Color::Rgb(0x56, 0xB4, 0xE9), // sky blue
    Color::Rgb(0x00, 0x9E, 0x73), // bluish green
    Color::Rgb(0xD5, 0x5E, 0x00), // vermillion
    Color::Indexed(189),          // #d7d7ff lavender
    Color::Indexed(158),          // #afffd7 mint
    Color::Indexed(143),          // #afaf5f olive
    Color::Indexed(169),          // #d75faf pink
    Color::Indexed(112),          // #87d700 lime
];

/// The classic clue colours among the 16 ANSI ones, each a colour of its
/// own that reads at 3:1 or more on black in both the Linux console's
/// palette and xterm's (a test checks): 1 light blue, 2 green, 3 light
/// red, 4 magenta (for navy), 5 brown (the console's yellow, for maroon),
/// 6 cyan, 7 bright yellow, 8 light grey.
pub(crate) const CLASSIC_16: [Color; 9] = [
    Color::Reset,
    Color::LightBlue,
    Color::Green,
    Color::LightRed,
    Color::Magenta,
    Color::Yellow,
    Color::Cyan,
    Color::LightYellow,
    Color::Gray,
];

/// The colour-blind clue colours among the 16: the eight of the twelve
/// that read at 3:1 on black whose least distance from each other, under
/// normal vision and the three simulations, in both palettes, is the
/// largest (8 CIE76 units: where colours run out the digit tells them
/// apart).
pub(crate) const COLOUR_BLIND_16: [Color; 9] = [
    Color::Reset,
    Color::LightCyan,
    Color::Green,
    Color::LightRed,
    Color::LightBlue,
    Color::LightGreen,
    Color::LightYellow,
    Color::Magenta,
    Color::Cyan,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The red, green and blue of `colour` (the cube's and the grey
    /// ramp's values, as xterm defines them).
    fn rgb(colour: Color) -> (u8, u8, u8) {
        match colour {
            Color::Rgb(r, g, b) => (r, g, b),
            Color::Indexed(i @ 16..=231) => {
                let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
                let i = i - 16;
                (level(i / 36), level(i / 6 % 6), level(i % 6))
            }
            Color::Indexed(i @ 232..=255) => {
                let grey = 8 + 10 * (i - 232);
                (grey, grey, grey)
            }
            other => panic!("{other:?} depends on the terminal"),
        }
    }

    fn linear(c: u8) -> f64 {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// WCAG's relative luminance.
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// Every colour drawn on the board, in the colour themes.
    fn foregrounds(theme: Theme) -> Vec<Color> {
        let looks = Looks {
            theme,
            unicode: true,
            colour: true,
            sixteen: false,
        };
        let glyphs = [
            Glyph::Hidden,
            Glyph::Flag,
            Glyph::Question,
            Glyph::Mine,
            Glyph::Seen,
        ]
        .into_iter()
        .chain((1..=8).map(Glyph::Open));
        let chances = [0.0, 0.2, 0.4, 0.6, 0.9, 1.0];
        glyphs
            .map(|glyph| looks.square(glyph).1)
            .chain(chances.map(|p| looks.chance(p).1))
            .map(|style| style.fg.expect("a colour of its own"))
            .collect()
    }

    #[test]
    fn every_colour_reads_on_the_board_whatever_the_terminal() {
        let board = rgb(BOARD);
        for theme in [Theme::Classic, Theme::Colorblind] {
            for colour in foregrounds(theme) {
                let ratio = contrast(rgb(colour), board);
                assert!(ratio >= 3.0, "{theme:?} {colour:?}: {ratio:.2}:1");
            }
            // The board's background is its own, not the terminal's.
            let (_, style) = Looks {
                theme,
                unicode: false,
                colour: true,
                sixteen: false,
            }
            .square(Glyph::Open(0));
            assert_eq!(style.bg, Some(BOARD));
        }
    }

    /// CIE L*a*b* of a colour given in linear RGB.
    fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        [
            116.0 * f(y) - 16.0,
            500.0 * (f(x) - f(y)),
            200.0 * (f(y) - f(z)),
        ]
    }

    /// `colour` as seen with normal vision (`None`) or through one of
    /// Machado, Oliveira and Fernandes's (2009) simulations at full
    /// severity.
    fn seen(colour: Color, simulation: Option<[[f64; 3]; 3]>) -> [f64; 3] {
        let (r, g, b) = rgb(colour);
        let v = [linear(r), linear(g), linear(b)];
        let Some(m) = simulation else {
            return lab(v);
        };
        let row = |i: usize| (m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2]).clamp(0.0, 1.0);
        lab([row(0), row(1), row(2)])
    }

    const PROTANOPIA: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    const TRITANOPIA: [[f64; 3]; 3] = [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ];

    /// The least distance (CIE76) between two of the eight clue colours.
    fn closest(palette: &[Color; 9], simulation: Option<[[f64; 3]; 3]>) -> f64 {
        let mut least = f64::MAX;
        for i in 1..9 {
            for j in i + 1..9 {
                let (a, b) = (seen(palette[i], simulation), seen(palette[j], simulation));
                let distance = a
                    .iter()
                    .zip(b)
                    .map(|(a, b)| (a - b).powi(2))
                    .sum::<f64>()
                    .sqrt();
                least = least.min(distance);
            }
        }
        least
    }

    #[test]
    fn the_clue_colours_stay_apart() {
        assert!(
            closest(&CLASSIC, None) >= 20.0,
            "{}",
            closest(&CLASSIC, None)
        );
        for simulation in [None, Some(PROTANOPIA), Some(DEUTERANOPIA), Some(TRITANOPIA)] {
            let least = closest(&COLOUR_BLIND, simulation);
            assert!(least >= 15.0, "{simulation:?}: {least:.1}");
        }
    }

    #[test]
    fn a_chance_never_reads_as_safe_or_as_a_clue() {
        for theme in [Theme::Classic, Theme::Colorblind, Theme::Mono] {
            for unicode in [false, true] {
                let looks = Looks {
                    theme,
                    unicode,
                    colour: true,
                    sixteen: false,
                };
                let safe = looks.chance(0.0).0;
                for p in [1e-9, 0.01, 0.1, 0.3, 0.5, 0.7, 0.99, 1.0] {
                    let (text, _) = looks.chance(p);
                    assert_ne!(text, safe, "{p}");
                    assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
                }
                assert_eq!(looks.chance(1.0).0, "!");
            }
        }
    }

    /// The Linux console's 16 colours (its VGA palette) and xterm's.
    const CONSOLE: [(u8, u8, u8); 16] = [
        (0, 0, 0),
        (170, 0, 0),
        (0, 170, 0),
        (170, 85, 0),
        (0, 0, 170),
        (170, 0, 170),
        (0, 170, 170),
        (170, 170, 170),
        (85, 85, 85),
        (255, 85, 85),
        (85, 255, 85),
        (255, 255, 85),
        (85, 85, 255),
        (255, 85, 255),
        (85, 255, 255),
        (255, 255, 255),
    ];

    fn xterm() -> [(u8, u8, u8); 16] {
        std::array::from_fn(|i| crate::depth::palette(i as u8))
    }

    /// A named ANSI colour's place among the 16.
    fn index(colour: Color) -> usize {
        match colour {
            Color::Black => 0,
            Color::Red => 1,
            Color::Green => 2,
            Color::Yellow => 3,
            Color::Blue => 4,
            Color::Magenta => 5,
            Color::Cyan => 6,
            Color::Gray => 7,
            Color::DarkGray => 8,
            Color::LightRed => 9,
            Color::LightGreen => 10,
            Color::LightYellow => 11,
            Color::LightBlue => 12,
            Color::LightMagenta => 13,
            Color::LightCyan => 14,
            Color::White => 15,
            other => panic!("{other:?} is not one of the 16"),
        }
    }

    /// Under 16 colours each clue has a colour of its own, not bold (the
    /// console would brighten it into another clue's), reading at 3:1 or
    /// more on black in the console's palette and in xterm's; the
    /// colour-blind ones stay 8 apart under every simulation.
    #[test]
    fn under_sixteen_colours_every_clue_has_its_own_and_reads_on_black() {
        for (theme, table) in [
            (Theme::Classic, CLASSIC_16),
            (Theme::Colorblind, COLOUR_BLIND_16),
        ] {
            let clues: Vec<usize> = table[1..].iter().map(|&c| index(c)).collect();
            let mut distinct = clues.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), 8, "{theme:?}: {clues:?}");
            for palette in [CONSOLE, xterm()] {
                for &clue in &clues {
                    let ratio = contrast(palette[clue], palette[0]);
                    assert!(ratio >= 3.0, "{theme:?} {clue}: {ratio:.2}:1");
                }
            }
            let looks = Looks {
                theme,
                unicode: true,
                colour: true,
                sixteen: true,
            };
            for n in 1..=8 {
                let (_, style) = looks.square(Glyph::Open(n));
                assert_eq!(style.fg, Some(table[usize::from(n)]));
                assert!(!style.add_modifier.contains(Modifier::BOLD));
            }
        }
        for palette in [CONSOLE, xterm()] {
            for simulation in [None, Some(PROTANOPIA), Some(DEUTERANOPIA), Some(TRITANOPIA)] {
                let seen = |i: usize| {
                    let (r, g, b) = palette[index(COLOUR_BLIND_16[i])];
                    seen(Color::Rgb(r, g, b), simulation)
                };
                for i in 1..9 {
                    for j in i + 1..9 {
                        let distance = seen(i)
                            .iter()
                            .zip(seen(j))
                            .map(|(a, b)| (a - b).powi(2))
                            .sum::<f64>()
                            .sqrt();
                        assert!(distance >= 8.0, "{i} and {j}: {distance:.1}");
                    }
                }
            }
        }
    }
}
