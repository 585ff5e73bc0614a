//! The characters a terminal's font holds. The Linux console
//! (`TERM=linux`) draws from a font of 256 or 512 glyphs: ⚑ is in none of
//! Debian's console fonts and ○ and ▓ are missing from the common ones,
//! so on the console every symbol the screen draws that its font may lack
//! becomes an ASCII stand-in, as the colours become its sixteen. The same
//! stand-ins serve a locale that is not UTF-8.

use ratatui::buffer::Buffer;

/// What the terminal's font holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Font {
    /// Whatever Unicode sends: a terminal emulator falls back on other
    /// fonts for what its own lacks.
    #[default]
    Full,
    /// The Linux console's: ASCII and [`CONSOLE_HOLDS`].
    Console,
}

impl Font {
    /// The font of a terminal called `term`: the console's for `linux`
    /// and its variants (`linux-16color`).
    pub fn of_term(term: Option<&str>) -> Font {
        match term {
            Some(term) if term == "linux" || term.starts_with("linux-") => Font::Console,
            _ => Font::Full,
        }
    }
}

/// Beyond ASCII, what the console's default fonts all hold: the kernel's
/// built-in font (its map, `drivers/tty/vt/cp437.uni`) and the Latin fonts
/// of Debian's console-setup (Lat15, the default for a Latin locale) both
/// have the no-break space, the middle dot and the light box lines.
pub const CONSOLE_HOLDS: &str = "\u{a0}·─│┌┐└┘├┤┬┴┼";

/// Each symbol the screen may draw beyond what the console holds, and its
/// ASCII stand-in.
const STAND_INS: &[(&str, &str)] = &[
    ("·", "."),
    ("⚑", "F"),
    ("○", "+"),
    ("░", "-"),
    ("▒", "~"),
    ("▓", "="),
    ("█", "#"),
    ("▲", "^"),
    ("▼", "v"),
    ("◀", "<"),
    ("▶", ">"),
    ("•", "o"),
    ("↑", "^"),
    ("↓", "v"),
    ("←", "<"),
    ("→", ">"),
    ("↖", "\\"),
    ("↘", "\\"),
    ("↗", "/"),
    ("↙", "/"),
    ("…", "."),
];

/// `symbol`'s ASCII stand-in: itself where it is ASCII, `?` where it has
/// none.
pub(crate) fn ascii(symbol: &'static str) -> &'static str {
    match symbol.chars().next() {
        Some(c) if !symbol.is_ascii() => ascii_of(c),
        _ => symbol,
    }
}

/// Whether the console's font holds every character of `symbol`.
fn console_holds(symbol: &str) -> bool {
    symbol
        .chars()
        .all(|c| c.is_ascii() || CONSOLE_HOLDS.contains(c))
}

/// Every cell of `buffer` in characters `font` holds: on the console, a
/// symbol it may lack becomes its stand-in. A frame is drawn once and
/// fitted here, as its colours are fitted to the terminal's depth.
pub fn fit(buffer: &mut Buffer, font: Font) {
    if font == Font::Full {
        return;
    }
    for cell in &mut buffer.content {
        if !console_holds(cell.symbol()) {
            let mut shown = String::new();
            for c in cell.symbol().chars() {
                if console_holds(c.encode_utf8(&mut [0; 4])) {
                    shown.push(c);
                } else {
                    shown.push_str(ascii_of(c));
                }
            }
            cell.set_symbol(&shown);
        }
    }
}

/// The stand-in of a character the console lacks: `?` where none is
/// known.
fn ascii_of(c: char) -> &'static str {
    let mut bytes = [0; 4];
    let text: &str = c.encode_utf8(&mut bytes);
    STAND_INS
        .iter()
        .find(|(wide, _)| *wide == text)
        .map_or("?", |&(_, stand_in)| stand_in)
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Rect;

    use super::*;

    #[test]
    fn the_console_is_known_by_its_term() {
        assert_eq!(Font::of_term(Some("linux")), Font::Console);
        assert_eq!(Font::of_term(Some("linux-16color")), Font::Console);
        assert_eq!(Font::of_term(Some("xterm-256color")), Font::Full);
        assert_eq!(Font::of_term(None), Font::Full);
    }

    #[test]
    fn every_stand_in_is_ascii_and_what_it_stands_for_is_not_held() {
        for (wide, stand_in) in STAND_INS {
            assert!(stand_in.is_ascii() && stand_in.chars().count() == 1);
            assert!(!console_holds(wide) || *wide == "·", "{wide}");
        }
    }

    #[test]
    fn on_the_console_a_symbol_it_lacks_becomes_its_stand_in() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 5, 1));
        buffer.set_string(0, 0, "⚑▓│·∑", ratatui::style::Style::default());
        let mut full = buffer.clone();
        fit(&mut full, Font::Full);
        assert_eq!(full, buffer);
        fit(&mut buffer, Font::Console);
        let shown: String = buffer
            .content
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect();
        assert_eq!(shown, "F=│·?");
    }
}
