//! The console: the course's printer and the games played at prompts.
//!
//! The proj3 prompt game and its kin ([`prompt`]), reveals shown step by
//! step ([`animate`]), COMP1511's integer console ([`comp1511`]), board
//! files read from disk ([`load`]), the printer ([`render`]), the solver
//! and the rules put into words ([`explain`], [`words`]), the question
//! that carries a saved game on ([`resume`]), the game in lines for a
//! screen reader ([`spoken`]), and the seed said if a signal ends a game
//! ([`interrupt`]; the terminal taken and given back whatever happens is
//! the `signals` crate's). Every line here reads
//! input, calls the engine, and prints; the rules are the engine's.

pub mod animate;
pub mod answer;
pub mod comp1511;
pub mod explain;
pub mod interrupt;
pub mod load;
pub mod messages;
pub mod prompt;
pub mod render;
pub mod resume;
pub mod spoken;
pub mod words;
