//! The terminal a game takes and gives back: raw mode and the full screen
//! held by a guard ([`RawMode`]), Ctrl-Z and resuming, and what a signal
//! that ends the program undoes first ([`interrupt`]).

pub mod interrupt;
mod modes;
mod raw_mode;

pub use raw_mode::{LOOK_EVERY, RawMode, Signalled};
