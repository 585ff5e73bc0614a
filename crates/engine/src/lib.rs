//! Minesweeper's rules, with no I/O: boards and board files, clues, the
//! state of play, moves and outcomes as values, rule sets as data, and
//! COMP1511's game beside them.
//!
//! Front ends turn what a player types into [`Move`]s, hand them to
//! [`Game::apply`], and show the [`Outcome`] and the [`Glyph`]s. Nothing
//! here reads, prints or waits; whatever needs more than the rules (a
//! board made by the solver) is handed in ([`BoardMaker`]).

mod board;
pub mod board_file;
pub mod comp1511;
mod cover;
mod deal;
pub mod dice;
mod game;
mod glyph;
mod grid;
mod history;
mod maker;
mod moves;
mod outcome;
mod placement;
mod reveal;
mod rule_set;
mod rules;
mod script;
#[cfg(feature = "proptest")]
pub mod strategies;
mod three_bv;

pub use board::{Board, Frame};
pub use board_file::{BoardError, BoardFile, Fault, Found, parse_board, to_board_file};
pub use cover::Cover;
pub use deal::Deal;
pub use game::Game;
pub use glyph::Glyph;
pub use grid::{Direction, Grid, Neighbourhood, Pos};
pub use maker::{BoardMaker, GaveUp};
pub use moves::{Action, Move};
pub use outcome::{Outcome, Status};
pub use placement::{Layout, NoRoom, place_mines};
pub use reveal::{RevealStatus, Step};
pub use rule_set::RuleSet;
pub use rules::{Counter, EndDisplay, FirstMove, Marks, Rules, WinCondition};
pub use script::Script;
pub use three_bv::{ThreeBv, three_bv, three_bv_done};
