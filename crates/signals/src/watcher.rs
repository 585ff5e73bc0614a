//! The watcher: one thread that waits for a signal that ends the program
//! (SIGINT, SIGTERM, SIGHUP, SIGQUIT) and then kills the programs `check`
//! runs and removes its folders (the exit skips every destructor), puts
//! the terminal back if raw mode or the full screen is held, says the
//! sentence kept for it on stderr (stdout may be held by the game), and
//! exits with 128 + the signal's number, as a shell reports a program the
//! signal ended.
//!
//! Nothing runs inside a signal handler (signal-hook's iterator), and the
//! signal acts at once even while the game is busy, or stuck reading a
//! terminal that has gone away (a closed window gives the reader
//! end-of-file at every read, and crossterm's reader tries again without
//! end). The thread starts with the first thing it has to undo or to say,
//! and lasts as long as the program.

use std::sync::{Mutex, OnceLock, PoisonError};

/// The sentence said when a signal ends the program, if any.
static SENTENCE: Mutex<Option<String>> = Mutex::new(None);

/// Set once the watcher has been started (or failed to start: the
/// program then plays on without it).
static WATCHING: OnceLock<()> = OnceLock::new();

/// What an ending signal does before the sentence, each act with its
/// rank: the watcher knows no act itself, so that what it acts on may
/// start it without a circle between them.
static ACTS: Mutex<Vec<(Rank, Act)>> = Mutex::new(Vec::new());

/// Something an ending signal does.
type Act = fn();

/// When an act runs, lowest first.
pub(crate) type Rank = u8;

/// The programs are killed first: they may be writing into the folders.
pub(crate) const PROGRAMS: Rank = 0;
/// Then their folders are removed.
pub(crate) const FOLDERS: Rank = 1;
/// Then the terminal is put back, before the sentence, which the
/// alternate screen would take away with it.
pub(crate) const TERMINAL: Rank = 2;

/// Has an ending signal run `act` (once, at its `rank`), and starts the
/// watcher if it has not been started yet.
pub(crate) fn watch_for(rank: Rank, act: Act) {
    let mut acts = ACTS.lock().unwrap_or_else(PoisonError::into_inner);
    if !acts.iter().any(|&(kept, _)| kept == rank) {
        acts.push((rank, act));
        acts.sort_by_key(|&(rank, _)| rank);
    }
    drop(acts);
    watch();
}

/// Starts the watcher if it has not been started yet.
fn watch() {
    WATCHING.get_or_init(|| {
        #[cfg(unix)]
        let _ = unix::start();
    });
}

/// Runs every act kept, in rank order. The list stays locked: nothing is
/// added after.
#[cfg(unix)]
fn act() {
    let acts = ACTS.lock().unwrap_or_else(PoisonError::into_inner);
    for (_, act) in acts.iter() {
        act();
    }
    std::mem::forget(acts);
}

/// Takes `kept` off `list`: an ending signal no longer acts on it.
pub(crate) fn let_go<T: PartialEq>(list: &Mutex<Vec<T>>, kept: &T) {
    let mut list = list.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(i) = list.iter().position(|k| k == kept) {
        list.swap_remove(i);
    }
}

/// The sentence said when a signal ends the program (the seed of a
/// random board, so it can be played again); said by nobody once dropped.
pub struct SaidOnInterrupt;

impl SaidOnInterrupt {
    /// Nothing to say yet.
    pub fn new() -> Self {
        SaidOnInterrupt
    }

    /// `sentence` is to be said if a signal ends the program now
    /// (`None`: nothing).
    pub fn keep(&self, sentence: Option<String>) {
        let known = sentence.is_some();
        *SENTENCE.lock().unwrap_or_else(PoisonError::into_inner) = sentence;
        if known {
            watch();
        }
    }
}

impl Default for SaidOnInterrupt {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for SaidOnInterrupt {
    fn drop(&mut self) {
        *SENTENCE.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}

#[cfg(unix)]
mod unix {
    use std::io::{self, Write};
    use std::sync::PoisonError;

    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    use signal_hook::iterator::Signals;

    pub(super) fn start() -> io::Result<()> {
        let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])?;
        // A thread that cannot start (memory or threads at their limit)
        // leaves the program to play on without the watcher.
        std::thread::Builder::new().spawn(move || {
            if let Some(signal) = signals.forever().next() {
                super::act();
                // The game holds stdout's lock: this writes around it.
                let said = super::SENTENCE
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                if let Some(sentence) = said.as_deref() {
                    // Below the console and its messages: the sentence
                    // was made printable by whoever kept it.
                    #[expect(clippy::disallowed_methods, reason = "a layer below the channel")]
                    let _ = writeln!(io::stderr(), "\n{sentence}");
                }
                std::process::exit(128 + signal);
            }
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sentence() -> Option<String> {
        SENTENCE.lock().unwrap().clone()
    }

    #[test]
    fn the_sentence_kept_last_is_said_until_dropped() {
        let said = SaidOnInterrupt::new();
        said.keep(Some("Seed: 1".to_owned()));
        said.keep(Some("Seed: 2".to_owned()));
        assert_eq!(sentence().as_deref(), Some("Seed: 2"));
        said.keep(None);
        assert_eq!(sentence(), None);
        said.keep(Some("Seed: 3".to_owned()));
        drop(said);
        assert_eq!(sentence(), None);
    }

    #[test]
    fn what_is_let_go_is_no_longer_acted_on() {
        let list = Mutex::new(vec![1, 2, 3]);
        let_go(&list, &2);
        let_go(&list, &7);
        let mut left = list.into_inner().unwrap();
        left.sort_unstable();
        assert_eq!(left, [1, 3]);
    }
}
