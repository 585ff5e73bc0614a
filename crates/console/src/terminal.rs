//! What the terminal on stdout shows, as its environment says: found once
//! by the binary when it starts, and handed to what draws (the printer's
//! clue colours here, the full screen's frames above), so that nothing
//! below asks again.

/// How many colours a terminal shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    /// The 16 ANSI colours: what a terminal that says nothing more is
    /// taken to show, the Linux console's.
    #[default]
    Sixteen,
    /// xterm's 256-colour palette.
    Palette,
    /// Any 24-bit colour.
    TrueColour,
}

impl Depth {
    /// What the terminal on stdout shows, as its environment says
    /// (`TERM`, `COLORTERM`, `FORCE_COLOR`): 16 colours when it says
    /// nothing more. The binary asks once.
    pub fn of_stdout() -> Depth {
        match supports_color::on(supports_color::Stream::Stdout) {
            Some(level) if level.has_16m => Depth::TrueColour,
            Some(level) if level.has_256 => Depth::Palette,
            _ => Depth::Sixteen,
        }
    }
}
