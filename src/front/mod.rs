//! Ways to play: each front end reads input, calls the engine, and prints.

pub mod animate;
pub mod answer;
pub mod bench;
pub mod check;
pub mod colour;
pub mod comp1511;
pub mod explain;
pub mod interrupt;
pub mod memory;
pub mod prompt;
pub mod raw_mode;
pub mod resume;
pub mod screen;
pub mod solve;
pub mod stats;
