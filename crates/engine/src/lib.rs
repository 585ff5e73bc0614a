//! Minesweeper's rules, with no I/O: boards and board files, clues, the
//! state of play, moves and outcomes as values, rule sets as data, and
//! COMP1511's game beside them.
//!
//! Front ends turn what a player types into [`Move`]s, hand them to
//! [`Game::apply`], and show the [`Outcome`] and the [`Glyph`]s. Nothing
//! here reads, prints or waits; whatever needs more than the rules (a
//! board made by the solver) is handed in ([`BoardMaker`]).
//!
//! ```
//! use minesweeper_engine::{Action, Game, Glyph, Move, Outcome, Pos, Rules, Status, parse_board};
//!
//! // A board file: `+` frames, `*` mines, spaces for empty squares.
//! let board = parse_board(b"+++++\n+*  +\n+   +\n+++++\n").unwrap();
//! let mut game = Game::new(board, Rules::CLASSIC);
//! let reveal = |row, col| Move { action: Action::Reveal, at: Pos::new(row, col) };
//! // A square with no mine around it opens its island, and the clues at
//! // its rim.
//! assert_eq!(game.apply(reveal(1, 2)), Outcome::Opened(4));
//! assert_eq!(game.glyph(Pos::new(0, 1)), Glyph::Open(1));
//! assert_eq!(game.status(), Status::Playing);
//! // Every safe square open: won, by classic rules.
//! assert_eq!(game.apply(reveal(1, 0)), Outcome::Opened(1));
//! assert_eq!(game.status(), Status::Won);
//! ```

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
