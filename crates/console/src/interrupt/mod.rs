//! What a signal that ends the program (SIGINT, SIGTERM, SIGHUP, SIGQUIT)
//! does: the programs `check` runs are killed ([`KillOnInterrupt`]) and the
//! folder of board files it hands them is removed ([`RemoveOnInterrupt`]), since
//! the exit skips every destructor; the terminal is put back if raw mode
//! or the full screen is held (`held`); the seed of the
//! random board in play is printed on stderr (stdout may be held by the
//! game) so the board can be played again ([`SeedOnInterrupt`]); and the
//! program exits with 128 + the signal's number, as a shell reports a
//! program the signal ended.
//!
//! One watcher thread waits for the signals (signal-hook), so nothing runs
//! inside a signal handler, and the signal acts at once even while the game
//! is busy, or stuck reading a terminal that has gone away (a closed window
//! gives the reader end-of-file at every read, and crossterm's reader tries
//! again without end). The thread starts with the first thing it has to
//! undo or to say, and lasts as long as the program.

mod folders;
pub(crate) mod held;
mod processes;

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

pub use folders::RemoveOnInterrupt;
pub use held::put_back_without_allocating;
pub use processes::KillOnInterrupt;

/// The seed of the board in play, said when a signal ends the program.
static SEED_KNOWN: AtomicBool = AtomicBool::new(false);
static SEED: AtomicU64 = AtomicU64::new(0);

/// Set once the watcher has been started (or failed to start: the
/// program then plays on without it).
static WATCHING: OnceLock<()> = OnceLock::new();

/// Starts the watcher if it has not been started yet.
pub(crate) fn watch() {
    WATCHING.get_or_init(|| {
        #[cfg(unix)]
        let _ = unix::start();
    });
}

/// Takes `kept` off `list`: an ending signal no longer acts on it.
fn let_go<T: PartialEq>(list: &std::sync::Mutex<Vec<T>>, kept: &T) {
    let mut list = list
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(i) = list.iter().position(|k| k == kept) {
        list.swap_remove(i);
    }
}

/// The seed of the board being played, printed if a signal ends the
/// program; forgotten when dropped.
pub struct SeedOnInterrupt;

impl SeedOnInterrupt {
    /// A seed to say, none yet.
    pub fn new() -> Self {
        SeedOnInterrupt
    }

    /// The game now played has this seed (`None`: a board file).
    pub fn keep(&self, seed: Option<u64>) {
        SEED.store(seed.unwrap_or(0), Ordering::SeqCst);
        SEED_KNOWN.store(seed.is_some(), Ordering::SeqCst);
        if seed.is_some() {
            watch();
        }
    }
}

impl Default for SeedOnInterrupt {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for SeedOnInterrupt {
    fn drop(&mut self) {
        SEED_KNOWN.store(false, Ordering::SeqCst);
    }
}

#[cfg(unix)]
mod unix {
    use std::io::{self, Write};
    use std::sync::atomic::Ordering;

    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use signal_hook::iterator::Signals;

    use crate::words::seed_sentence;

    pub fn start() -> io::Result<()> {
        let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])?;
        // A thread that cannot start (memory or threads at their limit)
        // leaves the program to play on without the watcher.
        std::thread::Builder::new().spawn(move || {
            if let Some(signal) = signals.forever().next() {
                super::processes::kill_all();
                super::folders::remove_all();
                // The game holds stdout's lock: this writes around it.
                super::held::put_back_held_modes();
                if super::SEED_KNOWN.load(Ordering::SeqCst) {
                    let seed = super::SEED.load(Ordering::SeqCst);
                    let _ = writeln!(io::stderr(), "\n{}", seed_sentence(seed));
                }
                std::process::exit(128 + signal);
            }
        })?;
        Ok(())
    }
}
