//! A recorded game made again: its deal, then its events played through
//! the engine one by one. Resuming a saved game plays them all; a replay
//! checks them first.

use crate::Record;
use crate::moves::{BadMove, Event, Logged};
use engine::{BoardMaker, Deal, Game, Move, NoRoom, Outcome, RuleSet, Rules};

/// Why a record cannot be played again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RebuildError {
    #[error("it names rules this version does not know: `{rules}` with first move `{first_move}`")]
    /// Rules this version does not know.
    UnknownRules {
        /// The rule set's name, escaped.
        rules: String,
        /// The first-move policy's name, escaped.
        first_move: String,
    },
    #[error("its board is neither a seed nor a board file that reads")]
    /// Neither a seed nor a board file.
    NoBoard,
    #[error("its board has no room for its mines: {0}")]
    /// Too many mines for the first move's room.
    NoRoom(#[from] NoRoom),
    #[error(transparent)]
    /// A move its notation does not read.
    BadMove(#[from] BadMove),
    #[error("move {number} is off its {rows}x{cols} board")]
    /// A move off the board.
    OffBoard {
        /// The move's number, from 1.
        number: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
}

/// A recorded game being played again, event by event.
#[derive(Clone, Debug)]
pub struct Rebuilder {
    rule_set: &'static RuleSet,
    deal: Deal,
    events: Vec<Logged>,
    game: Game,
    /// Events played so far.
    played: usize,
    counts: Counts,
}

/// What the events played so far add up to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Hints asked for.
    pub hints: usize,
    /// Moves taken back.
    pub undos: usize,
    /// Moves that changed the board.
    pub clicks: usize,
}

/// One event played: what it was, and what a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The event, with its time.
    pub logged: Logged,
    /// A move's or a redo's outcome; `None` for an undo, a redo with
    /// nothing to redo, or a hint.
    pub outcome: Option<Outcome>,
}

/// What a record names of its game before any move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dealt {
    /// The rule set the record names.
    pub rule_set: &'static RuleSet,
    /// The rule set's rules with the record's first move.
    pub rules: Rules,
    /// Where the board comes from.
    pub deal: Deal,
}

/// The rule set, the rules and the deal a record names.
pub fn dealt(record: &Record) -> Result<Dealt, RebuildError> {
    // Names from a file anyone could have written: shown escaped.
    let unknown = || RebuildError::UnknownRules {
        rules: visible::Visible(&record.rules).to_string(),
        first_move: visible::Visible(&record.first_move).to_string(),
    };
    let rule_set = RuleSet::named(&record.rules).ok_or_else(unknown)?;
    let rules = record.game_rules().ok_or_else(unknown)?;
    let deal = record.board.deal().ok_or(RebuildError::NoBoard)?;
    Ok(Dealt {
        rule_set,
        rules,
        deal,
    })
}

impl Rebuilder {
    /// The record's game, dealt, before its first event; a no-guess board
    /// is made again from its seed by `no_guess_maker` (the solver's).
    pub fn new(
        record: &Record,
        no_guess_maker: &'static dyn BoardMaker,
    ) -> Result<Self, RebuildError> {
        let Dealt {
            rule_set,
            rules,
            deal,
        } = dealt(record)?;
        let game = deal.game(rules, no_guess_maker)?.with_undo();
        let events = record.events()?;
        let (rows, cols) = (game.board().rows(), game.board().cols());
        for (i, logged) in events.iter().enumerate() {
            if let Event::Move(Move { at, .. }) = logged.event
                && (at.row >= rows || at.col >= cols)
            {
                return Err(RebuildError::OffBoard {
                    number: i + 1,
                    rows,
                    cols,
                });
            }
        }
        Ok(Rebuilder {
            rule_set,
            deal,
            events,
            game,
            played: 0,
            counts: Counts::default(),
        })
    }

    /// The rule set the game is played by.
    pub fn rule_set(&self) -> &'static RuleSet {
        self.rule_set
    }

    /// Where the game's board came from.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The game as the events played so far left it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Takes the game, as the events played so far left it.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// What the events played so far add up to.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Every event of the record, played or not.
    pub fn events(&self) -> &[Logged] {
        &self.events
    }

    /// Events played so far.
    pub fn played(&self) -> usize {
        self.played
    }

    /// Plays the next event; `None` when all are played.
    pub fn step(&mut self) -> Option<Played> {
        let logged = *self.events.get(self.played)?;
        self.played += 1;
        let (outcome, changed) = match logged.event {
            Event::Move(mv) => {
                let outcome = self.game.apply(mv);
                (Some(outcome), outcome.changed_board())
            }
            Event::Undo => {
                self.game.undo();
                self.counts.undos += 1;
                (None, false)
            }
            Event::Redo => {
                let outcome = self.game.redo(|_, _| {});
                (outcome, outcome.is_some_and(Outcome::changed_board))
            }
            Event::Hint => {
                self.counts.hints += 1;
                (None, false)
            }
        };
        self.counts.clicks += usize::from(changed);
        Some(Played { logged, outcome })
    }

    /// Plays every event left.
    pub fn finish(&mut self) {
        while self.step().is_some() {}
    }
}

/// The record's game with every event played: a saved game to go on with.
pub fn rebuild(
    record: &Record,
    no_guess_maker: &'static dyn BoardMaker,
) -> Result<Rebuilder, RebuildError> {
    let mut rebuilder = Rebuilder::new(record, no_guess_maker)?;
    rebuilder.finish();
    Ok(rebuilder)
}
