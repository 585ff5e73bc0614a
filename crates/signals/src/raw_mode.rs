//! The terminal in raw mode (and, for a full screen, the alternate screen
//! with mouse reports and no cursor), put back on every way out.
//!
//! Raw mode lets a single key be read, but it turns off echo and line
//! editing, so a program that leaves it on leaves its shell unusable. The
//! guard restores the terminal when dropped (a normal end, an error, a
//! panic's unwinding). While it lives, a signal that ends the program puts
//! the terminal back first (the watcher, whose thread
//! acts at once), and SIGTSTP puts it back, stops, and takes raw mode again
//! on resume, as does a SIGCONT after any stop. Those two handlers only
//! note the signal (signal-hook); the screen acts on it at its next look,
//! which it takes at least every [`LOOK_EVERY`].

use std::io;
use std::time::{Duration, Instant};

use crate::held;
use crate::modes::{enter_modes, leave_modes};

/// How long a screen may wait for a key before it looks for signals.
pub const LOOK_EVERY: Duration = Duration::from_millis(50);

/// Raw mode, held.
pub struct RawMode {
    #[cfg(unix)]
    signals: unix::Signals,
    full_screen: bool,
    /// When signals were last looked for: a stop the program was not told
    /// of (SIGSTOP) came after it.
    last_look: Instant,
}

/// What a look for signals found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signalled {
    /// No signal since the last look.
    Nothing,
    /// The program was stopped and has been resumed: the screen may have
    /// been drawn over, so draw it again, and a clock should leave out
    /// the time since `stopped` (as near as the program can tell: for a
    /// stop it was not told of, its last look before).
    Resumed {
        /// When the program was stopped.
        stopped: Instant,
    },
}

impl RawMode {
    /// Raw mode on the screen as it is (an animation drawn in place).
    pub fn enter() -> io::Result<Self> {
        Self::take(false)
    }

    /// Raw mode on the alternate screen, with mouse reports and the
    /// cursor hidden: a full-screen game.
    pub fn full_screen() -> io::Result<Self> {
        Self::take(true)
    }

    fn take(full_screen: bool) -> io::Result<Self> {
        #[cfg(unix)]
        let signals = unix::Signals::catch()?;
        enter_modes(full_screen)?;
        held::hold_modes(full_screen);
        put_back_before_panic_messages();
        Ok(RawMode {
            #[cfg(unix)]
            signals,
            full_screen,
            last_look: Instant::now(),
        })
    }

    /// Stops the program as Ctrl-Z would outside raw mode (where it is a
    /// key, not a signal): the terminal is put back first and taken again
    /// on resume. The screen must then be drawn again, and the time away
    /// left out of a clock ([`Signalled::Resumed`]).
    pub fn suspend(&mut self) -> io::Result<Signalled> {
        #[cfg(unix)]
        {
            let stopped = Instant::now();
            leave_modes(self.full_screen)?;
            signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)?;
            self.look_for_signals()?;
            enter_modes(self.full_screen)?;
            Ok(Signalled::Resumed { stopped })
        }
        #[cfg(not(unix))]
        Ok(Signalled::Nothing)
    }

    /// Acts on a stop or a resume that came since the last look.
    pub fn look_for_signals(&mut self) -> io::Result<Signalled> {
        let last_look = std::mem::replace(&mut self.last_look, Instant::now());
        #[cfg(unix)]
        {
            let signalled = self.signals.act(self.full_screen, last_look);
            self.last_look = Instant::now();
            signalled
        }
        #[cfg(not(unix))]
        {
            let _ = last_look;
            Ok(Signalled::Nothing)
        }
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        if held::release_modes() {
            let _ = leave_modes(self.full_screen);
        }
    }
}

/// Makes a panic put the terminal back before its message is printed:
/// the guard is dropped only after, and on the alternate screen the
/// message would vanish with it.
fn put_back_before_panic_messages() {
    static HOOKED: std::sync::Once = std::sync::Once::new();
    HOOKED.call_once(|| {
        let print = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            held::put_back_held_modes();
            print(info);
        }));
    });
}

#[cfg(unix)]
mod unix {
    use std::io;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Instant;

    use signal_hook::consts::{SIGCONT, SIGTSTP, SIGWINCH};
    use signal_hook::low_level;
    use signal_hook::{SigId, flag};

    use super::Signalled;
    use crate::modes::{enter_modes, leave_modes};

    /// Handlers that note the last stop or resume, until dropped.
    pub(crate) struct Signals {
        last: Arc<AtomicUsize>,
        ids: Vec<SigId>,
    }

    impl Signals {
        pub(crate) fn catch() -> io::Result<Self> {
            let last = Arc::new(AtomicUsize::new(0));
            let mut ids = Vec::new();
            for signal in [SIGTSTP, SIGCONT] {
                ids.push(flag::register_usize(signal, last.clone(), signal as usize)?);
                // A screen asleep in crossterm's poll wakes for SIGWINCH (it
                // reads the size again): raised here, the stop or resume is
                // acted on at once, however long the screen meant to sleep.
                // SAFETY: raise(3) is async-signal-safe, and nothing else
                // is done in the handler.
                ids.push(unsafe {
                    low_level::register(signal, || {
                        let _ = low_level::raise(SIGWINCH);
                    })
                }?);
            }
            Ok(Signals { last, ids })
        }

        /// Acts on the last stop or resume noted; `last_look` is when the
        /// program last looked, so a resume from a stop it was not told of
        /// began after it.
        pub(super) fn act(
            &mut self,
            full_screen: bool,
            last_look: Instant,
        ) -> io::Result<Signalled> {
            let signal = self.last.swap(0, Ordering::SeqCst) as i32;
            if signal == 0 {
                return Ok(Signalled::Nothing);
            }
            let mut stopped = last_look;
            leave_modes(full_screen)?;
            if signal == SIGTSTP {
                stopped = Instant::now();
                // Stops here until continued.
                low_level::emulate_default_handler(SIGTSTP)?;
            }
            // The SIGCONT of the resume is news no more.
            self.last
                .compare_exchange(SIGCONT as usize, 0, Ordering::SeqCst, Ordering::SeqCst)
                .ok();
            enter_modes(full_screen)?;
            Ok(Signalled::Resumed { stopped })
        }
    }

    impl Drop for Signals {
        fn drop(&mut self) {
            for id in self.ids.drain(..) {
                low_level::unregister(id);
            }
        }
    }
}
