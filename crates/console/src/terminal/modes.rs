//! The terminal's modes a game takes: raw mode, and for a full screen the
//! alternate screen, mouse reports and a hidden cursor; and what puts them
//! back. Shared by the guard that holds them ([`RawMode`](super::RawMode))
//! and the watcher that puts them back when a signal ends the program.

use std::io::{self, Write};

use crossterm::{cursor, event, execute, terminal};

/// Raw mode, and for a full screen the alternate screen, mouse reports and
/// a hidden cursor.
pub(super) fn enter_modes(full_screen: bool) -> io::Result<()> {
    terminal::enable_raw_mode()?;
    if full_screen {
        execute!(
            io::stdout(),
            terminal::EnterAlternateScreen,
            event::EnableMouseCapture,
            cursor::Hide
        )?;
    }
    Ok(())
}

/// The terminal as it was before [`enter_modes`].
pub(super) fn leave_modes(full_screen: bool) -> io::Result<()> {
    if full_screen {
        leave_full_screen(&mut io::stdout())?;
    }
    terminal::disable_raw_mode()
}

/// Writes to `out` what takes the terminal off the alternate screen, stops
/// mouse reports and shows the cursor.
pub(super) fn leave_full_screen(out: &mut impl Write) -> io::Result<()> {
    execute!(
        out,
        event::DisableMouseCapture,
        cursor::Show,
        terminal::LeaveAlternateScreen
    )?;
    out.flush()
}
