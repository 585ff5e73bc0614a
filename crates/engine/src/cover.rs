//! What the player sees over each square: covered, marked or open.

/// What covers a square, from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// Covered, unmarked.
    Hidden,
    /// Covered, with a flag.
    Flagged,
    /// Marked with a question mark: the player is unsure (classic rules).
    Questioned,
    /// Open, showing its clue.
    Open,
}
