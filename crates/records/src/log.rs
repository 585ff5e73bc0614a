//! A game's record as it is played: its description, then each event as
//! it comes, counted as it comes. A front end keeps one a game and asks
//! it for the [`Record`] to save or to keep.

use crate::moves::{self, Event, Logged};
use crate::{BoardRecord, Front, GameResult, Record, VERSION};
use engine::{Action, Cover, Deal, Game, Status, ThreeBv, three_bv_done, zini};

/// The record of one game, growing move by move.
#[derive(Clone, Debug)]
pub struct Log {
    record: Record,
}

/// What a game is, before any move: where it is played, its rules by
/// name, and its board.
#[derive(Clone, Debug)]
pub struct Described<'a> {
    /// The front end it is played in.
    pub front: Front,
    /// The rule set's name, as `--rules` takes it.
    pub rules: &'a str,
    /// The first-move policy's name.
    pub first_move: &'a str,
    /// The rule set's question marks turned off.
    pub no_question_marks: bool,
    /// Where its board comes from.
    pub deal: &'a Deal,
    /// A board file's name, as given.
    pub board_name: Option<String>,
}

impl Log {
    /// The log of a game about to be played.
    pub fn new(game: Described) -> Self {
        Log {
            record: Record {
                id: Some(new_id()),
                no_question_marks: game.no_question_marks,
                game_clock: true,
                ..Record::started(
                    game.front,
                    game.rules,
                    game.first_move,
                    BoardRecord::of(game.deal, game.board_name),
                )
            },
        }
    }

    /// The log of a saved game, to go on with; its events must be those
    /// that [`rebuild`](super::rebuild) played.
    pub fn resumed(mut record: Record) -> Self {
        // Saved by an older version: the game gets its identity now.
        record.id.get_or_insert_with(new_id);
        record.v = VERSION;
        record.filing_at = None;
        // A board kept in the store is named, not carried in every record.
        if record.board.sha256.is_some() {
            record.board.file = None;
        }
        Log { record }
    }

    /// The game's hints each add `seconds` to its time (0: they are free).
    pub fn with_hint_penalty(mut self, seconds: u32) -> Self {
        self.record.hint_penalty_s = seconds;
        self
    }

    /// Notes `event`, made when the game's own clock read `clock_ms`
    /// milliseconds; `changed` says whether a move changed the board (it
    /// counts as a click). A move that changed nothing (a flag on an open
    /// square, a chord that opens nothing) is not a move: it is not kept,
    /// and a replay does not count it, but it is counted as a click
    /// wasted. Whether the event was kept.
    ///
    /// The times are the game's clock, not the wall's: a replay, the page
    /// and the statistics then tell the time the game told, without the
    /// pauses it left out, and go on from it when the game is carried on.
    pub fn note(&mut self, event: Event, clock_ms: u64, changed: bool) -> bool {
        if matches!(event, Event::Move(_) | Event::Redo) && !changed {
            if let Event::Move(_) = event {
                self.record.wasted = self.record.wasted.saturating_add(1);
            }
            return false;
        }
        // Never before the event before it (a record's times only go on).
        let ms = clock_ms.max(last_ms(&self.record.moves));
        let record = &mut self.record;
        match event {
            Event::Move(mv) => {
                record.clicks += u32::from(changed);
                if mv.action == Action::Flag
                    && let Some(flags) = &mut record.flag_clicks
                {
                    *flags = flags.saturating_add(1);
                }
            }
            Event::Undo => record.undos += 1,
            Event::Redo => record.clicks += u32::from(changed),
            Event::Hint => record.hints += 1,
        }
        moves::push(&mut record.moves, Logged { event, ms });
        true
    }

    /// The game's clock at the last event noted (0 before any).
    pub fn last_ms(&self) -> u64 {
        last_ms(&self.record.moves)
    }

    /// Whether no event has been noted.
    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// The record of `game` as it stands, after `played` milliseconds of
    /// play; its time (`when`) is stamped as it is written. A game that
    /// has ended gets its 3BV figures and, won, its ZiNi (a look at the
    /// whole board, so not for a game in progress).
    pub fn record(&self, game: &Game, played: u64) -> Record {
        let mut record = self.uncounted(game, played);
        if record.result != GameResult::Playing {
            count_3bv(&mut record, game);
        }
        record
    }

    /// The same for a game that has ended, with its 3BV figures and ZiNi
    /// already worked out (the end's summary has them): the whole board,
    /// which may hold millions of squares, is looked at once.
    pub fn record_counted(
        &self,
        game: &Game,
        played: u64,
        three_bv: ThreeBv,
        zini: Option<usize>,
    ) -> Record {
        let mut record = self.uncounted(game, played);
        set_figures(&mut record, three_bv, zini);
        record
    }

    fn uncounted(&self, game: &Game, played: u64) -> Record {
        let mut record = self.record.clone();
        record.ms = played;
        record.deaths = u32::try_from(game.deaths()).unwrap_or(u32::MAX);
        record.result = match game.status() {
            Status::Won => GameResult::Won,
            Status::Lost(_) => GameResult::Lost,
            Status::Playing => GameResult::Playing,
        };
        record
    }

    /// The record of `game` left unfinished after `played` milliseconds,
    /// for another game: abandoned, with the 3BV it had done.
    pub fn abandoned(&self, game: &Game, played: u64) -> Record {
        let mut record = self.record(game, played);
        record.result = GameResult::Abandoned;
        count_3bv(&mut record, game);
        record
    }
}

/// The board's 3BV and what `game` did of it, and its ZiNi, in `record`.
pub(crate) fn count_3bv(record: &mut Record, game: &Game) {
    let done = three_bv_done(game.board(), |pos| game.cover(pos) == Cover::Open);
    // Its efficiency is a win's: a loss's ZiNi would be a look at the
    // whole board for nothing.
    let zini = (game.status() == Status::Won)
        .then(|| zini(game.board()))
        .flatten();
    set_figures(record, done, zini);
}

fn set_figures(record: &mut Record, three_bv: ThreeBv, zini: Option<usize>) {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    record.three_bv = count(three_bv.total);
    record.three_bv_done = count(three_bv.done);
    record.zini = zini.map(count);
}

/// A new game's identity: 64 random bits in hexadecimal, from the
/// standard library's randomly keyed hasher and the clock, unique among a
/// player's games by a wide margin.
fn new_id() -> String {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    hasher.write_u32(std::process::id());
    format!("{:016x}", hasher.finish())
}

/// The time of the last event in `moves`, the notation.
fn last_ms(moves: &str) -> u64 {
    moves
        .rsplit_once('@')
        .and_then(|(_, ms)| ms.parse().ok())
        .unwrap_or(0)
}
