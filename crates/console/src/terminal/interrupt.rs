//! What a signal that ends the program (SIGINT, SIGTERM, SIGHUP, SIGQUIT)
//! does: the terminal is put back if raw mode or the full screen is held,
//! the seed of the random board in play is printed on stderr (stdout may be
//! held by the game) so the board can be played again, and the program
//! exits with 128 + the signal's number, as a shell reports a program the
//! signal ended. Programs that `check` is running, each in its own process
//! group (so the terminal's Ctrl-C does not reach them), are killed first,
//! and then the folder of board files it hands them is removed (the exit
//! skips every destructor, the folder's own remover among them).
//!
//! One watcher thread waits for the signals (signal-hook), so nothing runs
//! inside a signal handler, and the signal acts at once even while the game
//! is busy, or stuck reading a terminal that has gone away (a closed window
//! gives the reader end-of-file at every read, and crossterm's reader tries
//! again without end). The thread starts with the first thing it has to
//! undo or to say, and lasts as long as the program.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

/// What the watcher must undo and say; the program holds at most one
/// terminal mode and plays at most one board at a time.
struct Ending {
    /// [`NO_MODES`], [`RAW`] or [`FULL_SCREEN`].
    modes: AtomicU8,
    seed_known: AtomicBool,
    seed: AtomicU64,
}

const NO_MODES: u8 = 0;
const RAW: u8 = 1;
const FULL_SCREEN: u8 = 2;

static ENDING: Ending = Ending {
    modes: AtomicU8::new(NO_MODES),
    seed_known: AtomicBool::new(false),
    seed: AtomicU64::new(0),
};

/// The process groups of the programs being run by `check`.
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// A process group that an ending signal kills, while this is kept.
pub struct KillOnInterrupt(u32);

impl KillOnInterrupt {
    /// Starts a process group with `spawn` (`group_of` tells its leader's
    /// id) and keeps it to be killed by an ending signal. The list is
    /// locked from before the start to after the keeping, and the watcher
    /// kills under the same lock and never lets it go: a signal cannot fall
    /// between the two and leave a program running.
    pub fn spawn<T>(
        spawn: impl FnOnce() -> std::io::Result<T>,
        group_of: impl Fn(&T) -> u32,
    ) -> std::io::Result<(T, KillOnInterrupt)> {
        watch();
        let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
        let started = spawn()?;
        let group = group_of(&started);
        groups.push(group);
        Ok((started, KillOnInterrupt(group)))
    }
}

impl Drop for KillOnInterrupt {
    fn drop(&mut self) {
        let_go(&GROUPS, &self.0);
    }
}

/// Takes `kept` off `list`: an ending signal no longer acts on it.
fn let_go<T: PartialEq>(list: &Mutex<Vec<T>>, kept: &T) {
    let mut list = list.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(i) = list.iter().position(|k| k == kept) {
        list.swap_remove(i);
    }
}

/// The scratch folders of `check`, removed by an ending signal.
static FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A scratch folder that an ending signal removes, while this is kept.
pub struct RemoveOnInterrupt(PathBuf);

impl RemoveOnInterrupt {
    pub fn keep(folder: &Path) -> RemoveOnInterrupt {
        watch();
        let mut folders = FOLDERS.lock().unwrap_or_else(|e| e.into_inner());
        folders.push(folder.to_owned());
        RemoveOnInterrupt(folder.to_owned())
    }
}

impl Drop for RemoveOnInterrupt {
    fn drop(&mut self) {
        let_go(&FOLDERS, &self.0);
    }
}

/// Set once the watcher has been started (or failed to start: the
/// program then plays on without it).
static WATCHING: OnceLock<()> = OnceLock::new();

/// Starts the watcher if it has not been started yet.
fn watch() {
    WATCHING.get_or_init(|| {
        #[cfg(unix)]
        let _ = unix::start();
    });
}

/// Raw mode (and with `full_screen` the alternate screen, mouse reports
/// and a hidden cursor) is now held: an ending signal puts it back.
pub(super) fn hold_modes(full_screen: bool) {
    let modes = if full_screen { FULL_SCREEN } else { RAW };
    ENDING.modes.store(modes, Ordering::SeqCst);
    watch();
}

/// The modes are to be put back by their guard: nothing is left for a
/// signal to do. Whether they were still held (a panic may have put them
/// back already, and leaving the alternate screen twice moves the cursor
/// back over what was printed since).
pub(super) fn release_modes() -> bool {
    ENDING.modes.swap(NO_MODES, Ordering::SeqCst) != NO_MODES
}

/// Puts back the modes held, from any thread, even one that does not hold
/// stdout's lock: the escape codes go straight to the terminal.
pub(super) fn put_back_modes() {
    let modes = ENDING.modes.swap(NO_MODES, Ordering::SeqCst);
    #[cfg(unix)]
    if modes == FULL_SCREEN {
        // A terminal that has gone needs nothing back.
        if let Ok(mut tty) = std::fs::OpenOptions::new().write(true).open("/dev/tty") {
            let _ = super::modes::leave_full_screen(&mut tty);
        }
    }
    // Without a /dev/tty, only from the thread that holds stdout (a panic).
    #[cfg(not(unix))]
    if modes == FULL_SCREEN {
        let _ = super::modes::leave_full_screen(&mut std::io::stdout());
    }
    if modes != NO_MODES {
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// Puts back the modes held, as [`put_back_modes`] does, without
/// allocating: for a program whose memory has run out, which must end
/// with the terminal as it found it all the same.
pub fn put_back_without_allocating() {
    let modes = ENDING.modes.swap(NO_MODES, Ordering::SeqCst);
    #[cfg(unix)]
    if modes != NO_MODES {
        // SAFETY: open, write and close on a static path and static bytes.
        unsafe {
            let tty = libc::open(c"/dev/tty".as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
            if tty < 0 {
                return;
            }
            if modes == FULL_SCREEN {
                let leave = super::modes::LEAVE_FULL_SCREEN;
                libc::write(tty, leave.as_ptr().cast(), leave.len());
            }
            super::modes::restore_cooked(tty);
            libc::close(tty);
        }
    }
}

/// The seed of the board being played, printed if a signal ends the
/// program; forgotten when dropped.
pub struct SeedOnInterrupt;

impl SeedOnInterrupt {
    pub fn new() -> Self {
        SeedOnInterrupt
    }

    /// The game now played has this seed (`None`: a board file).
    pub fn keep(&self, seed: Option<u64>) {
        ENDING.seed.store(seed.unwrap_or(0), Ordering::SeqCst);
        ENDING.seed_known.store(seed.is_some(), Ordering::SeqCst);
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
        ENDING.seed_known.store(false, Ordering::SeqCst);
    }
}

#[cfg(unix)]
mod unix {
    use std::io::{self, Write};
    use std::sync::atomic::Ordering;

    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use signal_hook::iterator::Signals;

    use super::ENDING;
    use crate::words::seed_sentence;

    pub fn start() -> io::Result<()> {
        let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])?;
        // A thread that cannot start (memory or threads at their limit)
        // leaves the program to play on without the watcher.
        std::thread::Builder::new().spawn(move || {
            if let Some(signal) = signals.forever().next() {
                kill_groups();
                remove_folders();
                // The game holds stdout's lock: this writes around it.
                super::put_back_modes();
                if ENDING.seed_known.load(Ordering::SeqCst) {
                    let seed = ENDING.seed.load(Ordering::SeqCst);
                    let _ = writeln!(io::stderr(), "\n{}", seed_sentence(seed));
                }
                std::process::exit(128 + signal);
            }
        })?;
        Ok(())
    }

    /// Kills every process group `check` is running.
    fn kill_groups() {
        let groups = super::GROUPS.lock().unwrap_or_else(|e| e.into_inner());
        for &group in groups.iter() {
            if let Ok(group) = i32::try_from(group) {
                // SAFETY: kill(2) takes plain integers and touches no memory.
                unsafe {
                    libc::kill(-group, libc::SIGKILL);
                }
            }
        }
        // Kept locked until the process exits: no program starts after.
        std::mem::forget(groups);
    }

    /// Removes `check`'s scratch folders. A board file may still be being
    /// written into one by a thread that has not seen its program die:
    /// the folder is tried again while it is not yet empty.
    fn remove_folders() {
        let folders = super::FOLDERS.lock().unwrap_or_else(|e| e.into_inner());
        for folder in folders.iter() {
            for _ in 0..3 {
                if std::fs::remove_dir_all(folder).is_ok() || !folder.exists() {
                    break;
                }
            }
        }
    }
}
