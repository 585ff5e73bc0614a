//! What a player sees at a square: the vocabulary shared by the game and the printer.

use crate::grid::Direction;

/// One square as shown to the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// A covered square.
    Hidden,
    /// A flag.
    Flag,
    /// A question mark: the player is unsure (classic rules).
    Question,
    /// An opened square and its clue; 0 is an empty field.
    Open(u8),
    /// A mine shown as it is, as on a solved board.
    Mine,
    /// The mine that went off.
    Detonated,
    /// After a loss, a flag on a square without a mine (classic rules).
    WrongFlag,
    /// During an animated reveal: on the to-do list, not yet explored.
    Seen,
    /// During an animated reveal: looking at the neighbour in this direction.
    Exploring(Direction),
}
