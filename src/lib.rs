//! The `minesweeper` program: the command line over the crates that play.
//!
//! [`cli`] is clap's types (with mirrors of the library types it offers
//! as values), `commands` does what each command says, [`bench`](mod@bench)
//! is the solver's trial, [`memory`] plans the memory a game needs from
//! the process's limits, [`allocator`] is the program's allocator.
//! Everything that plays lives in the crates below: the engine, the
//! solver, the records, the console, the full screen and the grader.
//! design.md is the map.

pub mod allocator;
pub mod bench;
pub mod cli;
mod colour;
mod commands;
mod error;
pub mod log;
pub mod memory;
mod options;
mod plan;
mod recording;

pub use commands::run;
pub use error::AppError;
