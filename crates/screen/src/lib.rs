//! `minesweeper play` and `replay`: the full-screen game, with keys and
//! mouse, and a recorded game watched again.
//!
//! In the shape of the Elm architecture that ratatui apps use: the
//! [`state`] of the screen and its `update` (a command in, a new state
//! out), the key and mouse map apart from it ([`command`]), a [`view`]
//! that draws the state (and the sheets shown over it: the keys, the
//! statistics), and the loops that feed them (`play`,
//! [`replay`]), with the terminal's modes taken and given back by the
//! signals crate's guard ([`RawMode`](signals::RawMode), signals
//! included). The rules, the hints and the words are the engine's, the
//! solver's and the console's.

mod animation;
pub mod command;
mod depth;
mod geometry;
mod menu;
mod play;
pub mod replay;
mod sheet;
pub mod state;
mod summary;
pub mod theme;
pub mod view;

pub use geometry::Zoom;
pub use play::{RunError, run};
