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
