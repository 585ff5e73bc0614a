//! The terminal modes held, for the ways out that are not their guard's:
//! a signal that ends the program (the watcher) and
//! memory that runs out (the program's allocator) put them back from any
//! thread, straight to the terminal.

use std::sync::atomic::{AtomicU8, Ordering};

/// [`NO_MODES`], [`RAW`] or [`FULL_SCREEN`]: the program holds at most one
/// terminal mode at a time.
static HELD: AtomicU8 = AtomicU8::new(NO_MODES);

const NO_MODES: u8 = 0;
const RAW: u8 = 1;
const FULL_SCREEN: u8 = 2;

/// Raw mode (and with `full_screen` the alternate screen, mouse reports
/// and a hidden cursor) is now held: an ending signal puts it back.
pub(crate) fn hold_modes(full_screen: bool) {
    let modes = if full_screen { FULL_SCREEN } else { RAW };
    HELD.store(modes, Ordering::SeqCst);
    crate::watcher::watch_for(crate::watcher::TERMINAL, put_back_held_modes);
}

/// The modes are to be put back by their guard: nothing is left for a
/// signal to do. Whether they were still held (a panic may have put them
/// back already, and leaving the alternate screen twice moves the cursor
/// back over what was printed since).
pub(crate) fn release_modes() -> bool {
    HELD.swap(NO_MODES, Ordering::SeqCst) != NO_MODES
}

/// Puts back the modes held, from any thread, even one that does not hold
/// stdout's lock: the escape codes go straight to the terminal.
pub(crate) fn put_back_held_modes() {
    let modes = HELD.swap(NO_MODES, Ordering::SeqCst);
    #[cfg(unix)]
    if modes == FULL_SCREEN {
        // A terminal that has gone needs nothing back.
        if let Ok(mut tty) = std::fs::OpenOptions::new().write(true).open("/dev/tty") {
            let _ = crate::modes::leave_full_screen(&mut tty);
        }
    }
    // Without a /dev/tty, only from the thread that holds stdout (a panic).
    #[cfg(not(unix))]
    if modes == FULL_SCREEN {
        let _ = crate::modes::leave_full_screen(&mut std::io::stdout());
    }
    if modes != NO_MODES {
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// Puts back the modes held, as `put_back_held_modes` does, without
/// allocating: for a program whose memory has run out, which must end
/// with the terminal as it found it all the same.
pub fn put_back_without_allocating() {
    let modes = HELD.swap(NO_MODES, Ordering::SeqCst);
    // Elsewhere than Unix there is no way to do it that cannot allocate.
    #[cfg(not(unix))]
    let _ = modes;
    #[cfg(unix)]
    if modes != NO_MODES {
        // SAFETY: open, write and close on a static path and static bytes.
        unsafe {
            let tty = libc::open(c"/dev/tty".as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            if tty < 0 {
                return;
            }
            if modes == FULL_SCREEN {
                let leave = crate::modes::LEAVE_FULL_SCREEN;
                libc::write(tty, leave.as_ptr().cast(), leave.len());
            }
            crate::modes::restore_cooked(tty);
            libc::close(tty);
        }
    }
}
