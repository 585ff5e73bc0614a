//! A console Minesweeper: the course's proj3 game, its board files and its printer.
//!
//! [`engine`] holds the rules and does no I/O; [`render`] draws boards as
//! text; [`front`] holds the ways to play (the prompt loop) and to load
//! board files; [`cli`] is the command line. design.md is the map.

pub mod allocator;
pub mod app;
pub mod cli;
pub mod front;
