//! A game's moves as the records keep them: each event with the time it
//! was made, written as short words on one line, such as
//! `r8,15@0 f7,14@1204 u@2210 h@3000`:
//!
//! - `r` opens a square, `f` marks it (flag, or question mark), `c` chords
//!   on it, each with its row and column from 1;
//! - `u` undoes the last move, `a` plays again the last undone, `h` asks
//!   for a hint;
//! - `@` and the milliseconds since the game was dealt.
//!
//! One short word a move keeps a long game small to store and quick to
//! skip when the statistics read the history.

use std::fmt::{self, Write};

use engine::{Action, Move, Pos};

/// What the player did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move on the board.
    Move(Move),
    /// The last move taken back.
    Undo,
    /// The last move taken back played again.
    Redo,
    /// A hint asked for.
    Hint,
}

/// An event and when it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Logged {
    /// What was done.
    pub event: Event,
    /// Milliseconds since the game was dealt.
    pub ms: u64,
}

/// A word of the notation that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} (`{word}`) is not a move")]
pub struct BadMove {
    /// Its place, from 1.
    pub number: usize,
    pub word: String,
}

impl fmt::Display for Logged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.event {
            Event::Move(Move { action, at }) => {
                let letter = match action {
                    Action::Reveal => 'r',
                    Action::Flag => 'f',
                    Action::Chord => 'c',
                };
                write!(f, "{letter}{},{}", at.row + 1, at.col + 1)?;
            }
            Event::Undo => f.write_char('u')?,
            Event::Redo => f.write_char('a')?,
            Event::Hint => f.write_char('h')?,
        }
        write!(f, "@{}", self.ms)
    }
}

/// Adds `logged` to the notation in `text`.
pub(crate) fn push(text: &mut String, logged: Logged) {
    if !text.is_empty() {
        text.push(' ');
    }
    // Writing to a String cannot fail.
    let _ = write!(text, "{logged}");
}

/// The events written in `text`.
pub(crate) fn parse(text: &str) -> Result<Vec<Logged>, BadMove> {
    read(text).collect()
}

/// The events of `text` one at a time, read as they are asked for: what
/// looks at every event of a long record holds one at a time.
pub(crate) fn read(text: &str) -> impl Iterator<Item = Result<Logged, BadMove>> + '_ {
    text.split_ascii_whitespace().enumerate().map(|(i, word)| {
        read_word(word).ok_or_else(|| BadMove {
            number: i + 1,
            // Quoted from a file anyone could have written: escaped.
            word: visible::Visible(&word.chars().take(40).collect::<String>()).to_string(),
        })
    })
}

fn read_word(word: &str) -> Option<Logged> {
    let (what, ms) = word.split_once('@')?;
    let ms = ms.parse().ok()?;
    let mut chars = what.chars();
    let letter = chars.next()?;
    let rest = chars.as_str();
    let square = || -> Option<Pos> {
        let (row, col) = rest.split_once(',')?;
        let row: usize = row.parse().ok()?;
        let col: usize = col.parse().ok()?;
        Some(Pos::new(row.checked_sub(1)?, col.checked_sub(1)?))
    };
    let on = |action| square().map(|at| Event::Move(Move { action, at }));
    let event = match letter {
        'r' => on(Action::Reveal)?,
        'f' => on(Action::Flag)?,
        'c' => on(Action::Chord)?,
        'u' if rest.is_empty() => Event::Undo,
        'a' if rest.is_empty() => Event::Redo,
        'h' if rest.is_empty() => Event::Hint,
        _ => return None,
    };
    Some(Logged { event, ms })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_reads_back() {
        let events = [
            Event::Move(Move {
                action: Action::Reveal,
                at: Pos::new(7, 14),
            }),
            Event::Move(Move {
                action: Action::Flag,
                at: Pos::new(0, 0),
            }),
            Event::Move(Move {
                action: Action::Chord,
                at: Pos::new(4999, 4999),
            }),
            Event::Undo,
            Event::Redo,
            Event::Hint,
        ];
        let mut text = String::new();
        let logged: Vec<Logged> = events
            .into_iter()
            .enumerate()
            .map(|(i, event)| Logged {
                event,
                ms: i as u64 * 1000,
            })
            .collect();
        for &l in &logged {
            push(&mut text, l);
        }
        assert_eq!(
            text,
            "r8,15@0 f1,1@1000 c5000,5000@2000 u@3000 a@4000 h@5000"
        );
        assert_eq!(parse(&text).unwrap(), logged);
    }

    #[test]
    fn a_bad_word_is_named_with_its_place() {
        assert_eq!(
            parse("r1,1@0 r0,1@5").unwrap_err(),
            BadMove {
                number: 2,
                word: "r0,1@5".to_owned()
            }
        );
        for bad in ["r1@0", "x1,1@0", "u1@0", "r1,1", "r1,1@-3", "@4"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
