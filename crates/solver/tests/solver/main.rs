//! The solver from outside its crate: sound and exact against brute
//! force (`sound`), and perfect on small boards against a search written
//! apart from it (`optimal`, `optimum`). One test program, so that the
//! two run side by side rather than one after the other.

mod optimal;
mod optimum;
mod sound;
