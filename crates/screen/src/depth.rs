//! The screen's colours fitted to those the terminal shows (its
//! `Depth`, found once by the binary). The themes are drawn in the 256 colours of xterm's palette and a
//! few 24-bit ones; the Linux console (`TERM=linux`) shows 16, and a
//! terminal that shows 256 does not always show 24-bit colour. So every
//! cell of a drawn frame is fitted to the terminal's depth, each colour
//! the nearest it can show, before the frame goes out.

use ratatui::buffer::Buffer;
use ratatui::style::Color;

pub(crate) use console::terminal::Depth;

/// Fits every colour of `buffer` to `depth`. A frame holds a few dozen
/// colours in thousands of cells: each is fitted once a frame.
pub(crate) fn fit(buffer: &mut Buffer, depth: Depth) {
    if depth == Depth::TrueColour {
        return;
    }
    let mut known: Vec<(Color, Color)> = Vec::new();
    let mut fit_one = |colour: Color| match known.iter().find(|(was, _)| *was == colour) {
        Some(&(_, fitted_as)) => fitted_as,
        None => {
            let fitted_as = fitted(colour, depth);
            known.push((colour, fitted_as));
            fitted_as
        }
    };
    for cell in &mut buffer.content {
        cell.fg = fit_one(cell.fg);
        cell.bg = fit_one(cell.bg);
    }
}

/// `colour` as near as `depth` shows it.
pub(crate) fn fitted(colour: Color, depth: Depth) -> Color {
    let rgb = match colour {
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(i) if i >= 16 => palette(i),
        other => return other,
    };
    match (depth, colour) {
        (Depth::TrueColour, _) => colour,
        (Depth::Palette, Color::Indexed(_)) => colour,
        (Depth::Palette, _) => Color::Indexed(nearest(rgb, 16..=255)),
        (Depth::Sixteen, _) => sixteen(nearest(rgb, 0..=15)),
    }
}

/// The 16 ANSI colours by their palette index, as ratatui names them.
fn sixteen(index: u8) -> Color {
    const NAMED: [Color; 16] = [
        Color::Black,
        Color::Red,
        Color::Green,
        Color::Yellow,
        Color::Blue,
        Color::Magenta,
        Color::Cyan,
        Color::Gray,
        Color::DarkGray,
        Color::LightRed,
        Color::LightGreen,
        Color::LightYellow,
        Color::LightBlue,
        Color::LightMagenta,
        Color::LightCyan,
        Color::White,
    ];
    NAMED[usize::from(index & 15)]
}

/// The palette index in `among` nearest to `rgb`, by squared distance.
fn nearest((r, g, b): (u8, u8, u8), among: std::ops::RangeInclusive<u8>) -> u8 {
    let distance = |i: u8| {
        let (pr, pg, pb) = palette(i);
        let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).pow(2);
        d(r, pr) + d(g, pg) + d(b, pb)
    };
    among.min_by_key(|&i| distance(i)).unwrap_or(0)
}

/// The colour of xterm's palette entry `index`: its 16 system colours,
/// the 6x6x6 cube, then 24 greys.
pub(crate) fn palette(index: u8) -> (u8, u8, u8) {
    const SYSTEM: [(u8, u8, u8); 16] = [
        (0, 0, 0),
        (205, 0, 0),
        (0, 205, 0),
        (205, 205, 0),
        (0, 0, 238),
        (205, 0, 205),
        (0, 205, 205),
        (229, 229, 229),
        (127, 127, 127),
        (255, 0, 0),
        (0, 255, 0),
        (255, 255, 0),
        (92, 92, 255),
        (255, 0, 255),
        (0, 255, 255),
        (255, 255, 255),
    ];
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match index {
        0..=15 => SYSTEM[usize::from(index)],
        16..=231 => {
            let i = index - 16;
            let level = |n: u8| LEVELS[usize::from(n % 6)];
            (level(i / 36), level(i / 6), level(i))
        }
        _ => {
            let grey = 8 + 10 * (index - 232);
            (grey, grey, grey)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_palette_is_xterms() {
        assert_eq!(palette(16), (0, 0, 0));
        assert_eq!(palette(39), (0, 175, 255));
        assert_eq!(palette(196), (255, 0, 0));
        assert_eq!(palette(235), (38, 38, 38));
        assert_eq!(palette(255), (238, 238, 238));
    }

    #[test]
    fn colours_are_fitted_to_what_the_terminal_shows() {
        let vermillion = Color::Rgb(0xD5, 0x5E, 0x00);
        assert_eq!(fitted(vermillion, Depth::TrueColour), vermillion);
        assert_eq!(fitted(vermillion, Depth::Palette), Color::Indexed(166));
        assert_eq!(
            fitted(Color::Indexed(235), Depth::Palette),
            Color::Indexed(235)
        );
        // The board's dark grey is black on the console; its light text
        // white; the named colours stay as they are.
        assert_eq!(fitted(Color::Indexed(235), Depth::Sixteen), Color::Black);
        assert_eq!(fitted(Color::Indexed(255), Depth::Sixteen), Color::Gray);
        assert_eq!(fitted(Color::Yellow, Depth::Sixteen), Color::Yellow);
        assert_eq!(fitted(Color::Reset, Depth::Sixteen), Color::Reset);
        let mut buffer = Buffer::empty(ratatui::layout::Rect::new(0, 0, 2, 1));
        buffer.content[0].bg = Color::Indexed(235);
        buffer.content[1].fg = vermillion;
        fit(&mut buffer, Depth::Sixteen);
        assert!(buffer.content.iter().all(|cell| {
            !matches!(cell.fg, Color::Rgb(..) | Color::Indexed(16..))
                && !matches!(cell.bg, Color::Rgb(..) | Color::Indexed(16..))
        }));
    }
}
