//! The whole program from outside: the built binary run as its users run
//! it, with a scripted stdin, a pseudo-terminal or a student's program,
//! each test in a home of its own.
//!
//! One test program, not one per subject: Cargo runs test programs one
//! after another, and one program lets a test that waits (a hang, a
//! timeout, a terminal) overlap with one that computes, and links once.
//! `tests/memory.rs` stays apart, as it must: it counts allocations
//! with a global allocator of its own.

#![allow(
    clippy::print_stderr,
    reason = "what a test says of itself is the harness's, shown when it fails"
)]

mod check;
mod cli;
mod common;
mod golden;
mod layers;
mod packaging;
mod records;
mod screen_reader;
#[cfg(unix)]
mod terminal;
