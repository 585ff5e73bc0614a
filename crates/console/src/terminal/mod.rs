//! The terminal a game takes and gives back: raw mode and the full screen
//! held by a guard ([`RawMode`]), Ctrl-Z and resuming, and the modes held
//! put back by the ways out that are not the guard's (`held`): a signal
//! that ends the program, memory that runs out.

mod held;
mod modes;
mod raw_mode;

pub use held::{put_back_held_modes, put_back_without_allocating};
pub use raw_mode::{LOOK_EVERY, RawMode, Signalled};
