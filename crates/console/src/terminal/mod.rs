//! The terminal a game takes and gives back: raw mode and the full screen
//! held by a guard ([`RawMode`]), Ctrl-Z and resuming. The modes are told
//! to [`crate::interrupt`], which puts them back on the ways out that are
//! not the guard's: a signal that ends the program, memory that runs out.

mod raw_mode;

pub use raw_mode::{LOOK_EVERY, RawMode, Signalled};
