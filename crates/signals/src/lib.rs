//! What every way out of the program puts back, whichever layer took it.
//!
//! - The terminal: [`RawMode`] holds raw mode (and for a full screen the
//!   alternate screen, mouse reports and a hidden cursor) and gives it
//!   back when dropped; Ctrl-Z and resuming go through it
//!   ([`RawMode::suspend`], [`RawMode::look_for_signals`]). The terminal
//!   modes themselves are `modes`; which of them are held, for ways out
//!   that are not the guard's, is `held`.
//! - A signal that ends the program (SIGINT, SIGTERM, SIGHUP, SIGQUIT):
//!   one watcher thread (`watcher`) kills the programs `check` runs
//!   ([`KillOnInterrupt`]), removes its scratch folders
//!   ([`RemoveOnInterrupt`]), puts the terminal back, says the sentence
//!   kept for it ([`SaidOnInterrupt`], the seed of a random board), and
//!   exits with 128 + the signal's number.
//! - Memory that runs out: [`put_back_without_allocating`], for the
//!   program's allocator.
//!
//! Nothing here knows a game: the layers above say what to put back and
//! what to say.
//!
//! # Map
//!
//! Owns: the terminal taken and given back, and every way out of the
//! program. May use: `crossterm` (the modes), `signal-hook` and `libc` (Unix:
//! signals, `kill`, the terminal's settings); no crate of ours.
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/raw_mode.rs` | the terminal in raw mode | `RawMode`: entered, restored on drop, its modes told to `held`; SIGTSTP/SIGCONT noted for the screen's loop (restore, stop, raw again on resume); `Signalled`, `LOOK_EVERY` |
//! | `src/modes.rs` | the modes themselves | `enter_modes` (the cooked settings kept first), `leave_modes`, `leave_full_screen`; `LEAVE_FULL_SCREEN` and `restore_cooked` for a way out that cannot allocate |
//! | `src/held.rs` | the modes held, for the other ways out | `hold_modes`/`release_modes` (told by `RawMode`), `put_back_held_modes` (the watcher's: straight to `/dev/tty`), `put_back_without_allocating` (the allocator's, when memory is refused) |
//! | `src/watcher.rs` | what an ending signal does | one watcher thread for SIGINT/TERM/HUP/QUIT: runs the acts kept by rank (programs, folders, terminal), says the sentence a `SaidOnInterrupt` keeps, exits 128 + the signal; it knows no act itself, so the modules that keep acts start it without a circle |
//! | `src/processes.rs` | `check`'s programs on a signal | `KillOnInterrupt` (a process group kept, started under the list's lock), `kill_all` |
//! | `src/folders.rs` | `check`'s board files on a signal | `RemoveOnInterrupt`, `remove_all` |
//!
//! # Decisions
//!
//! - **One thread acts on ending signals; raw mode is one guard.**
//!   `watcher.rs` runs a single signal-hook watcher thread, started
//!   with the first raw mode or random board: it puts back the terminal modes
//!   a `RawMode` says it holds (writing straight to `/dev/tty`, since the game
//!   holds stdout's lock), prints the kept seed, and exits. A thread, not a
//!   flag the screen looks at: a closed terminal gives end-of-file at every
//!   read, and crossterm's reader then tries again without end, so a flag was
//!   never looked at and the game spun on a CPU for ever (a pty test closes the
//!   terminal under a game). `raw_mode.rs` enters raw mode (and for the
//!   full screen the alternate screen, mouse reports, a hidden cursor) and
//!   restores it on drop (an end, an error, a panic); SIGTSTP and SIGCONT are
//!   flags the screen acts on at its next look (at least every 50 ms):
//!   restore, stop, and on resume take raw mode again and redraw. Pty tests
//!   kill a live animation (util-linux `script`) and a full-screen game
//!   (portable-pty and vt100) with each ending signal and check the modes
//!   after.

mod folders;
mod held;
mod modes;
mod processes;
mod raw_mode;
mod watcher;

pub use folders::RemoveOnInterrupt;
pub use held::put_back_without_allocating;
pub use processes::KillOnInterrupt;
pub use raw_mode::{LOOK_EVERY, RawMode, Signalled};
pub use watcher::SaidOnInterrupt;
