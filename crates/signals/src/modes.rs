//! The terminal's modes a game takes: raw mode, and for a full screen the
//! alternate screen, mouse reports and a hidden cursor; and what puts them
//! back. Shared by the guard that holds them (the terminal's `RawMode`)
//! and the watcher that puts them back when a signal ends the program.

use std::io::{self, Write};

use crossterm::{cursor, event, execute, terminal};

/// What takes the terminal off the alternate screen, stops mouse and
/// focus reports and shows the cursor, as bytes: what [`leave_full_screen`] writes, for
/// a way out that cannot allocate.
#[cfg(unix)]
pub(crate) const LEAVE_FULL_SCREEN: &[u8] =
    b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?1004l\x1b[?25h\x1b[?1049l";

/// The terminal's settings before raw mode, kept for a way out that
/// cannot ask crossterm (which may allocate) to put them back.
#[cfg(unix)]
static COOKED: std::sync::Mutex<Option<libc::termios>> = std::sync::Mutex::new(None);

/// Keeps the terminal's settings as they are now, before raw mode.
#[cfg(unix)]
fn remember_cooked() {
    use std::os::fd::AsRawFd;
    let Ok(tty) = std::fs::File::open("/dev/tty") else {
        return;
    };
    // SAFETY: a termios is plain integers, for which zeroes are a value.
    let mut settings = unsafe { std::mem::zeroed::<libc::termios>() };
    // Raw already (taken again after a stop, or nested): the cooked
    // settings kept before are the ones to put back.
    // SAFETY: tcgetattr fills a termios owned here, on a descriptor held.
    if unsafe { libc::tcgetattr(tty.as_raw_fd(), &mut settings) } == 0
        && settings.c_lflag & libc::ICANON != 0
        && let Ok(mut cooked) = COOKED.lock()
    {
        *cooked = Some(settings);
    }
}

/// Puts back the settings kept by [`remember_cooked`] on the terminal
/// open as `fd`, without allocating.
///
/// # Safety
/// `fd` is an open descriptor of the terminal.
#[cfg(unix)]
pub(crate) unsafe fn restore_cooked(fd: i32) {
    // Not waited for: whoever holds it is not coming back.
    if let Ok(cooked) = COOKED.try_lock()
        && let Some(settings) = cooked.as_ref()
    {
        // SAFETY: the caller's descriptor, and settings read from it.
        unsafe { libc::tcsetattr(fd, libc::TCSANOW, settings) };
    }
}

/// Raw mode, and for a full screen the alternate screen, mouse reports and
/// a hidden cursor.
pub(crate) fn enter_modes(full_screen: bool) -> io::Result<()> {
    #[cfg(unix)]
    remember_cooked();
    terminal::enable_raw_mode()?;
    if full_screen {
        execute!(
            io::stdout(),
            terminal::EnterAlternateScreen,
            event::EnableMouseCapture,
            // Told when the terminal goes to the back, so a game pauses.
            event::EnableFocusChange,
            cursor::Hide
        )?;
    }
    Ok(())
}

/// The terminal as it was before [`enter_modes`].
pub(crate) fn leave_modes(full_screen: bool) -> io::Result<()> {
    if full_screen {
        leave_full_screen(&mut io::stdout())?;
    }
    terminal::disable_raw_mode()
}

/// Writes to `out` what takes the terminal off the alternate screen, stops
/// mouse reports and shows the cursor.
pub(crate) fn leave_full_screen(out: &mut impl Write) -> io::Result<()> {
    execute!(
        out,
        event::DisableMouseCapture,
        event::DisableFocusChange,
        cursor::Show,
        terminal::LeaveAlternateScreen
    )?;
    out.flush()
}
