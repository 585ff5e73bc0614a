//! Ways to play: each front end reads input, calls the engine, and prints.

pub mod animate;
pub mod answer;
pub mod comp1511;
pub mod prompt;
pub mod script;
