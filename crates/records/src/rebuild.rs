//! A recorded game made again: its deal, then its events played through
//! the engine one by one. Resuming a saved game plays them all; a replay
//! checks them first.

use crate::moves::{BadMove, Event, Logged};
use crate::{BoardRecord, Record, boards};
use engine::{BoardMaker, Deal, Game, Layout, Move, NoRoom, Outcome, RuleSet, Rules, Status};

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
    #[error("its board of {rows}x{cols} with {mines} mines is none a game is played on: {why}")]
    /// A board no game can be played on: a side of none, or larger than
    /// any board a game is dealt or a board file holds.
    Size {
        /// The rows it claims.
        rows: usize,
        /// The columns it claims.
        cols: usize,
        /// The mines it claims.
        mines: usize,
        /// Which limit it is past.
        why: &'static str,
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
    #[error(
        "it holds more than {most} moves, more than any game on its {rows}x{cols} board is \
         played with"
    )]
    /// More events than a game on its board is played with.
    TooManyEvents {
        /// The most a save on its board holds.
        most: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
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
    /// What each hint added to the times (its penalty, where the times
    /// are the game's clock, which counts it), in milliseconds.
    hint_ms: u64,
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
    let (rule_set, rules) = rules_of(record)?;
    check_size(&record.board)?;
    let deal = record.board.deal().ok_or(RebuildError::NoBoard)?;
    Ok(Dealt {
        rule_set,
        rules,
        deal,
    })
}

/// The rule set and rules `record` names, if this version knows them.
fn rules_of(record: &Record) -> Result<(&'static RuleSet, Rules), RebuildError> {
    // Names from a file anyone could have written: shown escaped.
    let unknown = || RebuildError::UnknownRules {
        rules: visible::Visible(&record.rules).to_string(),
        first_move: visible::Visible(&record.first_move).to_string(),
    };
    let rule_set = RuleSet::named(&record.rules).ok_or_else(unknown)?;
    let rules = record.game_rules().ok_or_else(unknown)?;
    Ok((rule_set, rules))
}

/// Fails at the first of `events` that is a move off a board of `rows`
/// x `cols`.
fn moves_on_board(events: &[Logged], rows: usize, cols: usize) -> Result<(), RebuildError> {
    for (i, logged) in events.iter().enumerate() {
        on_board(logged, i + 1, rows, cols)?;
    }
    Ok(())
}

/// Fails when `logged`, event `number` (from 1), is a move off a board
/// of `rows` x `cols`.
fn on_board(logged: &Logged, number: usize, rows: usize, cols: usize) -> Result<(), RebuildError> {
    match logged.event {
        Event::Move(Move { at, .. }) if at.row >= rows || at.col >= cols => {
            Err(RebuildError::OffBoard { number, rows, cols })
        }
        _ => Ok(()),
    }
}

/// Whether the board `board` claims is one a game can be played on, by
/// the limits a new game is held to: a random board's sides as the
/// command line takes them, a board file's squares as many as the largest
/// file kept holds. Looked at before anything is built, so that a record
/// claiming 100000x100000 is refused, not dealt.
fn check_size(board: &BoardRecord) -> Result<(), RebuildError> {
    let (rows, cols, mines) = (board.rows, board.cols, board.mines);
    let too = |why| RebuildError::Size {
        rows,
        cols,
        mines,
        why,
    };
    if rows == 0 || cols == 0 {
        return Err(too("a board has a row and a column at least"));
    }
    let squares = rows
        .checked_mul(cols)
        .ok_or_else(|| too("too many squares"))?;
    if mines > squares {
        return Err(too("more mines than squares"));
    }
    if board.is_random() && (rows > Layout::MOST_SIDE || cols > Layout::MOST_SIDE) {
        return Err(too("a random board's sides are 5000 at most"));
    }
    if squares as u64 > boards::MOST_BOARD {
        return Err(too("more squares than the largest board file kept holds"));
    }
    Ok(())
}

/// Whether `record` can be played again, looked at without dealing it:
/// rules this version knows, a board of a size a game is played on, and
/// moves that read and stay on that board. What a save or a move log is
/// held to when it is read, before it is offered, filed or replayed.
pub fn check(record: &Record) -> Result<(), RebuildError> {
    rules_of(record)?;
    check_size(&record.board)?;
    let (rows, cols) = (record.board.rows, record.board.cols);
    let most = most_events(rows.saturating_mul(cols));
    // Read one at a time: a record of millions of events is refused
    // before a list of them is made, or a game built to play them.
    let mut events = 0;
    for logged in crate::moves::read(&record.moves) {
        events += 1;
        if events > most {
            return Err(RebuildError::TooManyEvents { most, rows, cols });
        }
        on_board(&logged?, events, rows, cols)?;
    }
    Ok(())
}

/// The most events a saved game on a board of `squares` may hold: far
/// more than any game is played with (each square opened, flagged and
/// unflagged, taken back and played again many times over), and a bound
/// on what playing one again costs that grows with its board, not with
/// what a file claims.
pub fn most_events(squares: usize) -> usize {
    squares.saturating_mul(64).max(100_000)
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
        let (rows, cols) = (game.board().rows(), game.board().cols());
        let most = most_events(rows.saturating_mul(cols));
        // Counted before they are listed (a history line may be edited
        // by hand as a save may).
        if crate::moves::read(&record.moves).nth(most).is_some() {
            return Err(RebuildError::TooManyEvents { most, rows, cols });
        }
        let events = record.events()?;
        moves_on_board(&events, rows, cols)?;
        let hint_ms = if record.game_clock {
            u64::from(record.hint_penalty_s).saturating_mul(1000)
        } else {
            0
        };
        Ok(Rebuilder {
            rule_set,
            deal,
            events,
            game,
            played: 0,
            counts: Counts::default(),
            hint_ms,
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

    /// The events a replay shows: every one up to the win, if the game
    /// was won (what a record holds after it is never played), found by
    /// playing them all once. Their times are the time played, without
    /// the hints' penalties: the replay's screen adds each as the game did,
    /// so its clock tells the game's, and it does not wait out a penalty.
    pub fn events_to_watch(mut self) -> Vec<Logged> {
        self.finish();
        self.events.truncate(self.played);
        let mut hints: u64 = 0;
        for logged in &mut self.events {
            hints += u64::from(logged.event == Event::Hint);
            logged.ms = logged.ms.saturating_sub(hints.saturating_mul(self.hint_ms));
        }
        self.events
    }

    /// What each hint added to the clock, in milliseconds: none for a
    /// record whose times are the wall clock's.
    pub fn hint_ms(&self) -> u64 {
        self.hint_ms
    }

    /// Events played so far.
    pub fn played(&self) -> usize {
        self.played
    }

    /// Plays the next event; `None` when all are played.
    pub fn step(&mut self) -> Option<Played> {
        // A win is final (nothing undoes it): no front end records an
        // event after one, and one a record holds (edited by hand) is not
        // played, nor counted.
        if self.game.status() == Status::Won {
            return None;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardText, Front, sample::NoMaker};

    /// A save of more events than any game on its board is played with
    /// is refused before they are listed, one past the most; the most is
    /// read.
    #[test]
    fn a_save_of_more_events_than_its_board_plays_is_refused() {
        let board = BoardRecord {
            rows: 1,
            cols: 2,
            mines: 1,
            seed: None,
            no_guess: false,
            sha256: None,
            file: Some(BoardText::Text("++++\n+ *+\n++++\n".to_owned())),
            name: None,
        };
        let mut record = Record::started(Front::Screen, "classic", "safe", board);
        let most = most_events(2);
        record.moves = "f1,2@0 ".repeat(most);
        assert!(check(&record).is_ok());
        record.moves.push_str("f1,2@1");
        assert!(matches!(
            check(&record),
            Err(RebuildError::TooManyEvents { most: 100_000, .. })
        ));
    }

    /// Moves a record holds after its win (a hand-edited one) are not
    /// played back: the page and the replay end at the win.
    #[test]
    fn nothing_after_a_win_is_played() {
        let board = BoardRecord {
            rows: 1,
            cols: 2,
            mines: 1,
            seed: None,
            no_guess: false,
            sha256: None,
            file: Some(BoardText::Text("++++\n+ *+\n++++\n".to_owned())),
            name: None,
        };
        let mut record = Record::started(Front::Screen, "classic", "safe", board);
        record.moves = "r1,1@0 h@10 f1,2@20 r1,2@30".to_owned();
        let mut rebuilder = Rebuilder::new(&record, &NoMaker).unwrap();
        let mut played = Vec::new();
        while let Some(step) = rebuilder.step() {
            played.push(step.logged.ms);
        }
        assert_eq!(played, [0]);
        assert_eq!(rebuilder.game().status(), Status::Won);
        assert_eq!(rebuilder.counts().hints, 0);
        // A replay on the full screen is handed the same events.
        let watched = Rebuilder::new(&record, &NoMaker).unwrap().events_to_watch();
        assert_eq!(watched.iter().map(|l| l.ms).collect::<Vec<_>>(), [0]);
    }

    /// A replay plays the events at the time played, the hints' penalties
    /// taken out (its screen adds them as the game did); the times of an
    /// earlier version's record never held them.
    #[test]
    fn a_replay_does_not_wait_out_a_hint_s_penalty() {
        let board = BoardRecord {
            rows: 1,
            cols: 4,
            mines: 2,
            seed: None,
            no_guess: false,
            sha256: None,
            file: Some(BoardText::Text("++++++\n+* * +\n++++++\n".to_owned())),
            name: None,
        };
        let mut record = Record::started(Front::Screen, "classic", "safe", board);
        record.hint_penalty_s = 10;
        record.game_clock = true;
        // A hint at 2 s of play costs 10 s: the clock reads 12 s there.
        record.moves = "r1,4@0 h@12000 f1,3@13000".to_owned();
        let times = |record: &Record| -> Vec<u64> {
            let watched = Rebuilder::new(record, &NoMaker).unwrap().events_to_watch();
            watched.iter().map(|l| l.ms).collect()
        };
        assert_eq!(times(&record), [0, 2000, 3000]);
        record.game_clock = false;
        assert_eq!(times(&record), [0, 12000, 13000]);
    }
}
