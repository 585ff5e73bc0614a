//! What the terminal on stdout shows, as the binary found it once when it
//! started: its colours and its font's characters. Every frame is drawn
//! in the themes' own and then fitted to both before it goes out.

use ratatui::buffer::Buffer;

use crate::depth::{self, Depth};
use crate::font::{self, Font};

/// The terminal's colours and font.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shows {
    /// How many colours.
    pub depth: Depth,
    /// Which characters.
    pub font: Font,
}

impl Shows {
    /// Whether only the 16 ANSI colours are shown.
    pub(crate) fn sixteen(self) -> bool {
        self.depth == Depth::Sixteen
    }

    /// `buffer` in the colours and characters the terminal shows.
    pub(crate) fn fit(self, buffer: &mut Buffer) {
        depth::fit(buffer, self.depth);
        font::fit(buffer, self.font);
    }
}
