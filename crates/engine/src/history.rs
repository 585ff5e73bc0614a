//! Undo and redo: each move keeps what it changed, so taking it back costs
//! what the move changed, never the whole board. A game keeps its history
//! only when asked ([`Game::with_undo`](crate::Game::with_undo)):
//! the solver's games and the prompt game have no use for it.
//!
//! A move changes the covers of some squares (an island opens, a mark
//! moves on) and the game's counts. Its [`Change`] keeps the squares it
//! opened as 32-bit indexes (4 bytes a square opened, the only record that
//! can grow with the board), the few that were question marks before, the
//! one square a mark changed, and the counts as they were. Redo plays the
//! move again: the same move on the same position does the same thing.

use crate::cover::Cover;
use crate::moves::Move;
use crate::outcome::Status;

/// What one move changed.
#[derive(Clone, Debug)]
pub(super) struct Change {
    pub(super) mv: Move,
    /// The squares it opened (row-major indexes), each covered before.
    pub(super) opened: Vec<u32>,
    /// Those of them that showed a question mark before.
    pub(super) questioned: Vec<u32>,
    /// A square whose mark changed, and the mark before.
    pub(super) marked: Option<(u32, Cover)>,
    pub(super) before: Counts,
    /// Whether the move placed a random board's mines (its first opening).
    pub(super) placed_mines: bool,
    /// Whether to keep the squares opened: not when nobody will undo.
    keep: bool,
}

/// The game's counts, as a move found them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Counts {
    pub(super) flags: usize,
    pub(super) misplaced_flags: usize,
    pub(super) opened: usize,
    pub(super) status: Status,
}

impl Change {
    /// The change `mv` is about to make, from `before`; `keep` says
    /// whether its squares are worth keeping.
    pub(super) fn new(mv: Move, before: Counts, keep: bool) -> Self {
        Self {
            mv,
            opened: Vec::new(),
            questioned: Vec::new(),
            marked: None,
            before,
            placed_mines: false,
            keep,
        }
    }

    /// Keeps that the square at `index` opened, covered by `was` before.
    pub(super) fn opened(&mut self, index: usize, was: Cover) {
        if !self.keep {
            return;
        }
        let index = index as u32;
        self.opened.push(index);
        if was == Cover::Questioned {
            self.questioned.push(index);
        }
    }

    /// Whether the move changed nothing, the counts being `now` after it.
    pub(super) fn changed_nothing(&self, now: Counts) -> bool {
        self.opened.is_empty() && self.marked.is_none() && self.before == now
    }
}

/// The moves that can be undone, last on top, and those undone that can be
/// played again.
#[derive(Clone, Debug, Default)]
pub(super) struct History {
    pub(super) done: Vec<Change>,
    pub(super) undone: Vec<Move>,
}
