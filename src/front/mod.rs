//! Ways to play: each front end reads input, calls the engine, and prints.

pub mod bench;
pub mod colour;
pub mod memory;
pub mod solve;
pub mod stats;
