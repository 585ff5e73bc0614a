//! The game itself, with no I/O: boards, clues, the state of play and its rules.
//!
//! Front ends turn what a player types into [`Move`]s, hand them to
//! [`Game::apply`], and show the [`Outcome`] and the [`Glyph`]s.

pub mod board;
pub mod board_file;
pub mod comp1511;
mod deal;
pub mod dice;
pub mod game;
pub mod glyph;
pub mod grid;
mod history;
pub mod placement;
pub mod reveal;
pub mod rules;
pub mod solver;
mod three_bv;

pub use board::{Board, Frame};
pub use board_file::{BoardError, BoardFile, Fault, Found, parse_board, to_board_file};
pub use deal::Deal;
pub use game::{Action, Cover, Game, Move, Outcome, Status};
pub use glyph::Glyph;
pub use grid::{Direction, Grid, Neighbourhood, Pos};
pub use placement::{Layout, NoRoom, place_mines};
pub use reveal::{RevealStatus, Step};
pub use rules::{Counter, EndDisplay, FirstMove, Marks, Rules, WinCondition};
pub use three_bv::{ThreeBv, three_bv, three_bv_done};
