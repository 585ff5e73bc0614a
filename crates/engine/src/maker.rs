//! Who makes a random board once its first square is known. The engine
//! places mines uniformly ([`place_mines`](crate::place_mines)); a maker
//! that needs to know more (the solver's boards that need no guess) is
//! handed to the game from above, so the engine never names what sits on
//! top of it.

use std::fmt;
use std::sync::Arc;

use crate::board::Board;
use crate::grid::Pos;
use crate::placement::Layout;
use crate::rules::FirstMove;

/// Why a maker made no board, in its own words.
pub type GaveUp = Arc<dyn std::error::Error + Send + Sync>;

/// Makes the board of a random game at its first opening.
pub trait BoardMaker: fmt::Debug + Send + Sync {
    /// The board of `layout` from `seed`, with `first` kept clear as
    /// `policy` says; or why none would do. The game has checked that the
    /// layout has room for its mines under `policy`.
    fn make(
        &self,
        layout: Layout,
        policy: FirstMove,
        first: Pos,
        seed: u64,
    ) -> Result<Board, GaveUp>;
}
