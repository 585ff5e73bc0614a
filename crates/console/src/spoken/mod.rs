//! The game for screen-reader and braille users (`--screen-reader`).
//!
//! A screen reader speaks the text that changes. A board reprinted after
//! every move, or a full screen redrawn, is a page of noise to hear again
//! and again. Here nothing is ever redrawn and no escape code is sent:
//! after each move one line says what changed, and the player asks for
//! what they want read (a square, what surrounds it, a row, a column, the
//! counts) with the commands of [`commands`]. The sentences are in
//! [`words`]; the prompt game's loop plays either way.

pub mod commands;
pub mod words;

/// How the prompt game shows the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Voice {
    /// The course's boards, printed after every move.
    #[default]
    Boards,
    /// One line a move, and what is asked for read out: for a screen
    /// reader or a braille display.
    Lines,
}
