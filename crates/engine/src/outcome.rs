//! What a move did, and whether the game goes on.

use crate::grid::Pos;

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Opened this many squares: one clue, or an empty field and its island.
    Opened(usize),
    /// Opened a mine; the game is lost.
    Detonated,
    /// A flag placed on a covered square.
    FlagPlaced,
    /// A flag taken away, leaving the square covered.
    FlagRemoved,
    /// A flag turned into a question mark.
    QuestionPlaced,
    /// A question mark taken away, leaving the square covered.
    QuestionRemoved,
    /// Nothing happened: a flagged square must be unflagged before it is revealed.
    RevealFlagged,
    /// Nothing happened: the square was already open.
    RevealOpen,
    /// Nothing happened: an open square cannot be flagged.
    FlagOpen,
    /// Nothing happened: only an open number with as many flags around
    /// it as its clue opens its neighbours.
    ChordIgnored,
    /// Nothing happened: the game had already ended.
    GameOver,
}

impl Outcome {
    /// Whether the move changed the board: opened a square, set off a
    /// mine, or changed a mark. What a click counts.
    pub fn changed_board(self) -> bool {
        match self {
            Outcome::Opened(n) => n > 0,
            Outcome::Detonated
            | Outcome::FlagPlaced
            | Outcome::FlagRemoved
            | Outcome::QuestionPlaced
            | Outcome::QuestionRemoved => true,
            Outcome::RevealFlagged
            | Outcome::RevealOpen
            | Outcome::FlagOpen
            | Outcome::ChordIgnored
            | Outcome::GameOver => false,
        }
    }
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Playing,
    /// The rules' win condition is met.
    Won,
    /// The player opened the mine at this square.
    Lost(Pos),
}
