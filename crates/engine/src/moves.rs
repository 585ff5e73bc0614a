//! Moves as values: what the player asks to do, and where.

use crate::grid::Pos;

/// What the player asks to do to a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Open the square.
    Reveal,
    /// Change the square's mark: place or take away a flag, or, under
    /// rules with question marks, step through flag, question mark, none.
    Flag,
    /// On an open number with as many flags around it: open every other
    /// covered neighbour (and lose if a flag was wrong).
    Chord,
}

/// One move: an action aimed at a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// What to do.
    pub action: Action,
    /// Where.
    pub at: Pos,
}
