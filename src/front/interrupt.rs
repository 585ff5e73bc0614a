//! The seed of a random board survives Ctrl-C: while a random game is
//! played at the prompt, SIGINT, SIGTERM or SIGHUP print its seed on stderr
//! (stdout may be held by the game) before the program ends with 128 + the
//! signal, so the board can be played again. A watcher thread waits for the
//! signals (signal-hook), so nothing runs inside a signal handler.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The seed of the game being played, told to the watcher.
pub struct SeedOnInterrupt {
    seed: Arc<(AtomicBool, AtomicU64)>,
    #[cfg(unix)]
    watcher: std::cell::OnceCell<unix::Watcher>,
}

impl SeedOnInterrupt {
    pub fn new() -> Self {
        SeedOnInterrupt {
            seed: Arc::new((AtomicBool::new(false), AtomicU64::new(0))),
            #[cfg(unix)]
            watcher: std::cell::OnceCell::new(),
        }
    }

    /// The game now played has this seed (`None`: a board file). The
    /// watcher starts with the first random board.
    pub fn keep(&self, seed: Option<u64>) {
        let (known, value) = &*self.seed;
        value.store(seed.unwrap_or(0), Ordering::SeqCst);
        known.store(seed.is_some(), Ordering::SeqCst);
        #[cfg(unix)]
        if seed.is_some()
            && self.watcher.get().is_none()
            && let Ok(watcher) = unix::Watcher::start(self.seed.clone())
        {
            let _ = self.watcher.set(watcher);
        }
    }
}

impl Default for SeedOnInterrupt {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(unix)]
mod unix {
    use std::io::Write;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::{Handle, Signals};

    use crate::front::prompt::seed_line;

    /// The thread that waits for the signals; stopped when dropped.
    pub struct Watcher {
        handle: Handle,
    }

    impl Watcher {
        pub fn start(seed: Arc<(AtomicBool, AtomicU64)>) -> std::io::Result<Self> {
            let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
            let handle = signals.handle();
            std::thread::spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    let (known, value) = &*seed;
                    // A live animation may hold the terminal in raw mode.
                    let _ = crossterm::terminal::disable_raw_mode();
                    if known.load(Ordering::SeqCst) {
                        let seed = value.load(Ordering::SeqCst);
                        let _ = writeln!(std::io::stderr(), "\n{}", seed_line(seed));
                    }
                    std::process::exit(128 + signal);
                }
            });
            Ok(Watcher { handle })
        }
    }

    impl Drop for Watcher {
        fn drop(&mut self) {
            self.handle.close();
        }
    }
}
