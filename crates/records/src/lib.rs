//! Records that last: every finished game kept in a history file, the
//! game in progress saved after every move, and statistics worked out
//! from the history when they are read. No terminal code: front ends give
//! moves and times, and say what went wrong in their own way.
//!
//! A [`Record`] is a game's description (its rules and its board) and the
//! list of its moves with their times, as Tatham's save files are: the
//! game is made again by playing the moves ([`rebuild`]). A few figures of
//! its end (time, clicks, 3BV) are kept with it, so that statistics over
//! a hundred thousand games need not play them all again.

pub mod boards;
mod claim;
pub mod export;
pub mod file;
pub mod history;
pub mod log;
mod moves;
pub mod places;
pub mod rebuild;
mod recorder;
pub mod save;
pub mod settings;
pub mod stats;

use std::borrow::Cow;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use engine::{Board, BoardFile, Deal, Layout, Marks, RuleSet, Rules, parse_board, to_board_file};
pub use moves::{Event, Logged};
pub use recorder::{Abandoned, Recorder, Request};

/// The environment variable that, set and not empty, turns recording off
/// as `--no-record` does: for scripts and test suites that play games.
pub const NO_RECORD_VARIABLE: &str = "MINESWEEPER_NO_RECORD";

/// Larger than any record: a board file's text (at most 256 MiB, as the
/// loader takes them) and the rest. A history line or a save beyond it is
/// not read.
pub const MOST_RECORD: u64 = 320 << 20;

/// The version of the record format this program writes. A record of a
/// later version is reported, never read as if it were this one. Version
/// 2 added the game's `id`, abandoned games, and board files kept apart
/// by their SHA-256; version 1's records read as they always did.
pub const VERSION: u32 = 2;

/// One game: how it was dealt, how it went, and every move. `Moves` is
/// their notation (a `String`), or for statistics, which never look at
/// them, [`IgnoredAny`]: read past without being kept ([`Summary`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record<Moves = String> {
    /// The format's version ([`VERSION`]).
    pub v: u32,
    /// The game's identity, made when it starts: a game filed twice (the
    /// program killed between filing it and forgetting its save) is found
    /// by it and kept once. Version 1's records have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// When the game ended, or for a game in progress when it was saved:
    /// RFC 3339, in UTC.
    pub when: String,
    /// Where it was played.
    pub front: Front,
    /// The rule set's name, as `--rules` takes it.
    pub rules: String,
    /// The first-move policy, as `--first-move` takes it.
    pub first_move: String,
    /// The rule set's question marks were turned off: marking steps
    /// between flag and none (absent from records that kept them).
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_question_marks: bool,
    /// The board: a random one's seed, or a board file's name and text.
    pub board: BoardRecord,
    /// How the game ended, or that it goes on.
    pub result: GameResult,
    /// Time played, in milliseconds: from the first opening, pauses left out.
    pub ms: u64,
    /// Moves that changed the board: openings, chords and marks.
    pub clicks: u32,
    /// Clicks that changed nothing (an open square opened again, a chord
    /// that opens nothing, a flag on an open square): not moves, so not
    /// kept among them, but counted, since efficiency counts every click
    /// as minesweeper.online's IOE does. Absent when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wasted: u32,
    /// The board's 3BV (the fewest clicks that clear it) and how much of
    /// it the game did.
    #[serde(rename = "3bv")]
    pub three_bv: u32,
    #[serde(rename = "3bv_done")]
    /// The 3BV the opened squares had done.
    pub three_bv_done: u32,
    /// Hints asked for.
    pub hints: u32,
    /// Seconds added to the time for each hint (GNOME Mines adds 10): a
    /// win whose hints were paid for so is a clean win, its time the
    /// penalty included. Absent when hints are free (and make a win one
    /// with help).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hint_penalty_s: u32,
    /// Moves taken back.
    pub undos: u32,
    /// Mines set off, undone or not.
    pub deaths: u32,
    /// Every move with its time, in the notation of `moves`.
    pub moves: Moves,
    /// In a save only: the game is being filed, and the history was this
    /// long before its line went in. A save found so at the next start was
    /// left by a program killed while filing: the history from here says
    /// whether the line is in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filing_at: Option<u64>,
}

/// A record without its moves: all that statistics read, in a fraction
/// of the memory and time.
pub type Summary = Record<IgnoredAny>;

/// Where a game was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Front {
    /// The prompt game: rows, columns and actions typed at prompts.
    Prompt,
    /// `minesweeper play`, full screen.
    Screen,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// Every safe square opened (or, by proj3 rules, every mine flagged).
    Won,
    /// A mine set off.
    Lost,
    /// Left unfinished for another game (or not carried on when offered):
    /// counted as played and not won.
    Abandoned,
    /// Not ended: a game in progress.
    Playing,
}

impl GameResult {
    /// The result in a word, as records and move logs write it.
    pub fn word(self) -> &'static str {
        match self {
            GameResult::Won => "won",
            GameResult::Lost => "lost",
            GameResult::Abandoned => "abandoned",
            GameResult::Playing => "playing",
        }
    }

    /// The result called `word`.
    pub fn named(word: &str) -> Option<GameResult> {
        [
            GameResult::Won,
            GameResult::Lost,
            GameResult::Abandoned,
            GameResult::Playing,
        ]
        .into_iter()
        .find(|result| result.word() == word)
    }
}

/// The board: a random one by its layout and seed, or a board file whole.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardRecord {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Mines on it.
    pub mines: usize,
    /// A random board's seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Whether a random board was made to need no guess.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_guess: bool,
    /// A board file's SHA-256: its text is kept once in the data folder's
    /// `boards/` ([`boards`]), not in every record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
    /// A board file's text: in version 1's records, and in memory once a
    /// record is read back with its board ([`boards::attach`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<BoardText>,
    /// The board file's name, as given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A board file in a record: the text as read back, or, for a game being
/// played, the board itself (its grids shared with the game), written out
/// as text only when the record is. A record is made after every move, and
/// kept only when records are on: a 4000x4000 board's text is 16 MB.
#[derive(Clone, Debug)]
pub enum BoardText {
    /// The text as read back from a record or the store.
    Text(String),
    /// The board of the game being played, written out only when kept.
    Board(Board),
}

impl BoardText {
    /// The board file's text.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            BoardText::Text(text) => Cow::Borrowed(text),
            BoardText::Board(board) => Cow::Owned(to_board_file(board)),
        }
    }
}

impl From<String> for BoardText {
    fn from(text: String) -> Self {
        BoardText::Text(text)
    }
}

/// Two are the same when their text is.
impl PartialEq for BoardText {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text()
    }
}

impl Eq for BoardText {}

impl Serialize for BoardText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            BoardText::Text(text) => serializer.serialize_str(text),
            // A row at a time: the whole text is never held.
            BoardText::Board(board) => serializer.collect_str(&BoardFile(board)),
        }
    }
}

impl<'de> Deserialize<'de> for BoardText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(BoardText::Text)
    }
}

impl BoardRecord {
    /// Whether the board is a random one, not a board file.
    pub fn is_random(&self) -> bool {
        self.sha256.is_none() && self.file.is_none()
    }

    /// The record of `deal`; `name` is a board file's name.
    pub fn of(deal: &Deal, name: Option<String>) -> Self {
        match deal {
            Deal::Board(board) => BoardRecord {
                rows: board.rows(),
                cols: board.cols(),
                mines: board.mine_count(),
                seed: None,
                no_guess: false,
                sha256: None,
                file: Some(BoardText::Board(board.clone())),
                name,
            },
            Deal::Random {
                layout,
                seed,
                no_guess,
            } => BoardRecord {
                rows: layout.rows,
                cols: layout.cols,
                mines: layout.mines,
                seed: Some(*seed),
                no_guess: *no_guess,
                sha256: None,
                file: None,
                name: None,
            },
        }
    }

    /// The deal again; `None` when the record names neither a seed nor a
    /// board file that reads back (a board kept by its SHA-256 is read
    /// back by [`boards::attach`] first).
    pub fn deal(&self) -> Option<Deal> {
        if let Some(file) = &self.file {
            let board = match file {
                BoardText::Board(board) => board.clone(),
                BoardText::Text(text) => parse_board(text.as_bytes()).ok()?,
            };
            return Some(Deal::Board(board));
        }
        if self.sha256.is_some() {
            return None;
        }
        Some(Deal::Random {
            layout: Layout::new(self.rows, self.cols, self.mines),
            seed: self.seed?,
            no_guess: self.no_guess,
        })
    }
}

/// Milliseconds in `duration`, as records count time (past the end of
/// `u64`, its largest).
pub fn millis(duration: std::time::Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl Record {
    /// The record of a game about to be played on `board` in `front`, by
    /// the rule set and first-move policy of those names: no identity or
    /// time yet, no move, nothing counted.
    pub fn started(front: Front, rules: &str, first_move: &str, board: BoardRecord) -> Self {
        Record {
            v: VERSION,
            id: None,
            when: String::new(),
            front,
            rules: rules.to_owned(),
            first_move: first_move.to_owned(),
            no_question_marks: false,
            board,
            result: GameResult::Playing,
            ms: 0,
            clicks: 0,
            wasted: 0,
            three_bv: 0,
            three_bv_done: 0,
            hints: 0,
            hint_penalty_s: 0,
            undos: 0,
            deaths: 0,
            moves: String::new(),
            filing_at: None,
        }
    }

    /// The moves, read from their notation.
    pub fn events(&self) -> Result<Vec<Logged>, moves::BadMove> {
        moves::parse(&self.moves)
    }

    /// The rules it was played by; `None` for names this version does not know.
    pub fn game_rules(&self) -> Option<Rules> {
        let rules = RuleSet::rules_named(&self.rules, &self.first_move)?;
        Some(if self.no_question_marks {
            rules.with_marks(Marks::Flag)
        } else {
            rules
        })
    }
}

impl<Moves> Record<Moves> {
    /// Whether the game was won with help: an undo, a hint not paid for
    /// in time, or a mine set off and taken back.
    pub fn assisted(&self) -> bool {
        let free_hints = self.hints > 0 && self.hint_penalty_s == 0;
        self.undos > 0 || free_hints || self.deaths > 0
    }
}

/// Records of real games, for the tests of this part.
#[cfg(test)]
pub(crate) mod sample {
    use super::log::{Described, Log};
    use super::*;
    use engine::{Action, Move, Pos};

    /// The board maker the tests deal with: none of their deals asks for
    /// a board without guessing, which is the solver's to make.
    #[derive(Debug)]
    pub(crate) struct NoMaker;

    impl engine::BoardMaker for NoMaker {
        fn make(
            &self,
            _: Layout,
            _: engine::FirstMove,
            _: engine::Pos,
            _: u64,
        ) -> Result<engine::Board, engine::GaveUp> {
            Err(std::sync::Arc::new(std::io::Error::other(
                "no board without guessing in these tests",
            )))
        }
    }

    /// A classic beginner game of seed `seed`, played from the corner by
    /// the given events, ended or not; timed 100 ms apart.
    pub(crate) fn played(seed: u64, events: &[Event]) -> (engine::Game, Record) {
        let deal = Deal::Random {
            layout: Layout::BEGINNER,
            seed,
            no_guess: false,
        };
        let mut game = deal.game(Rules::CLASSIC, &NoMaker).unwrap().with_undo();
        let mut log = Log::new(Described {
            front: Front::Screen,
            rules: "classic",
            first_move: "safe",
            no_question_marks: false,
            deal: &deal,
            board_name: None,
        });
        let start = std::time::Instant::now();
        for (i, &event) in events.iter().enumerate() {
            let changed = match event {
                Event::Move(mv) => game.apply(mv).changed_board(),
                Event::Undo => {
                    game.undo();
                    false
                }
                Event::Redo => game
                    .redo(|_, _| {})
                    .is_some_and(engine::Outcome::changed_board),
                Event::Hint => false,
            };
            let at = start + std::time::Duration::from_millis(100 * i as u64);
            log.note(event, at, changed);
        }
        let mut record = log.record(&game, 1234);
        record.when = "2026-11-22T10:00:00Z".to_owned();
        record.id = Some(format!("{seed:016x}"));
        (game, record)
    }

    pub(crate) fn reveal(row: usize, col: usize) -> Event {
        Event::Move(Move {
            action: Action::Reveal,
            at: Pos::new(row, col),
        })
    }

    pub(crate) fn flag(row: usize, col: usize) -> Event {
        Event::Move(Move {
            action: Action::Flag,
            at: Pos::new(row, col),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::rebuild::rebuild;
    use super::sample::{flag, played, reveal};
    use super::*;
    use engine::Status;

    #[test]
    fn a_record_is_the_game_again() {
        let events = [
            reveal(0, 0),
            flag(8, 8),
            Event::Undo,
            Event::Redo,
            Event::Hint,
            reveal(4, 4),
        ];
        let (game, record) = played(3, &events);
        let rebuilt = rebuild(&record, &sample::NoMaker).unwrap();
        let again = rebuilt.game();
        assert_eq!(again.board(), game.board());
        assert!(
            game.board()
                .mines()
                .positions()
                .all(|p| again.glyph(p) == game.glyph(p))
        );
        assert_eq!(again.status(), game.status());
        let counts = rebuilt.counts();
        assert_eq!((counts.hints, counts.undos), (1, 1));
        assert_eq!(counts.clicks as u32, record.clicks);
        assert_eq!(record.clicks, 4, "{record:?}");
    }

    #[test]
    fn what_changes_nothing_is_not_kept_as_a_move() {
        let opened_only = played(3, &[reveal(0, 0)]).1;
        // The corner is open: flagging it, opening it again and a chord on
        // a covered square change nothing.
        let chord = Event::Move(engine::Move {
            action: engine::Action::Chord,
            at: engine::Pos::new(8, 8),
        });
        let (_, record) = played(3, &[reveal(0, 0), flag(0, 0), reveal(0, 0), chord]);
        assert_eq!(record.moves, opened_only.moves);
        assert_eq!(record.clicks, 1);
        // Not moves, but clicks all the same: efficiency counts them.
        assert_eq!(record.wasted, 3);
        assert_eq!(opened_only.wasted, 0);
        let json = serde_json::to_string(&record).unwrap();
        assert!(json.contains(r#""wasted":3"#), "{json}");
        let read: Record = serde_json::from_str(&json).unwrap();
        assert_eq!(read.wasted, 3);
        let json = serde_json::to_string(&opened_only).unwrap();
        assert!(!json.contains("wasted"), "absent when none: {json}");
    }

    #[test]
    fn a_board_file_is_written_as_its_text_and_read_back_as_it() {
        let board = parse_board(b"+++++\n+* *+\n+  *+\n+++++\n").unwrap();
        let record = BoardRecord::of(&Deal::Board(board.clone()), Some("b.txt".to_owned()));
        // Kept as the board while the game is played, written as the text.
        assert!(matches!(record.file, Some(BoardText::Board(_))));
        let json = serde_json::to_string(&record).unwrap();
        let as_text = BoardRecord {
            file: Some(BoardText::Text(to_board_file(&board))),
            ..record.clone()
        };
        assert_eq!(json, serde_json::to_string(&as_text).unwrap());
        assert!(
            json.contains(r#""file":"+++++\n+* *+\n+  *+\n+++++\n""#),
            "{json}"
        );
        let read: BoardRecord = serde_json::from_str(&json).unwrap();
        assert!(matches!(read.file, Some(BoardText::Text(_))));
        assert_eq!(read, record);
        assert_eq!(read.deal(), Some(Deal::Board(board)));
    }

    #[test]
    fn a_finished_game_keeps_its_figures() {
        // Seed 3's beginner board: opening every safe square wins.
        let (game, _) = played(3, &[reveal(0, 0)]);
        let safe: Vec<Event> = game
            .board()
            .mines()
            .positions()
            .filter(|&p| !game.board().is_mine(p))
            .map(|p| reveal(p.row, p.col))
            .collect();
        let (game, record) = played(3, &safe);
        assert_eq!(game.status(), Status::Won);
        assert_eq!(record.result, GameResult::Won);
        assert!(record.three_bv > 0);
        assert_eq!(record.three_bv_done, record.three_bv);
        assert_eq!(record.ms, 1234);
        assert_eq!(record.when, "2026-11-22T10:00:00Z");
    }

    #[test]
    fn a_move_log_reads_back_as_the_same_record() {
        let (_, record) = played(9, &[reveal(0, 0), flag(3, 3), Event::Undo, Event::Hint]);
        let text = export::to_text(&record);
        assert_eq!(export::from_text(&text).unwrap(), record, "{text}");
        let board = engine::parse_board(b"++++\n+* +\n+  +\n++++\n").unwrap();
        let mut record = record;
        record.board = BoardRecord::of(&Deal::Board(board), Some("two by two.txt".to_owned()));
        let text = export::to_text(&record);
        assert_eq!(export::from_text(&text).unwrap(), record, "{text}");
    }

    #[test]
    fn a_bad_move_log_says_which_line() {
        let (_, record) = played(9, &[reveal(0, 0)]);
        let text = export::to_text(&record).replace("reveal 1,1", "jump 1,1");
        let lines = text.lines().count();
        let error = export::from_text(&text).unwrap_err();
        assert_eq!(error.line, lines, "{text}");
        assert!(
            error.to_string().contains("`0 jump 1,1` is not a move"),
            "{error}"
        );
        let error = export::from_text("hello\n").unwrap_err();
        assert_eq!(error.line, 1);
    }

    #[test]
    fn a_move_off_the_board_is_refused() {
        let (_, mut record) = played(9, &[reveal(0, 0)]);
        record.moves = "r1,1@0 r10,1@5".to_owned();
        assert_eq!(
            rebuild::Rebuilder::new(&record, &sample::NoMaker).unwrap_err(),
            rebuild::RebuildError::OffBoard {
                number: 2,
                rows: 9,
                cols: 9
            }
        );
    }

    #[test]
    fn the_first_steps_are_the_game_of_fewer_moves() {
        let events = [reveal(0, 0), flag(8, 8), reveal(8, 0), reveal(0, 8)];
        let (_, record) = played(5, &events);
        let mut rebuilder = rebuild::Rebuilder::new(&record, &sample::NoMaker).unwrap();
        rebuilder.step();
        rebuilder.step();
        let (two, _) = played(5, &events[..2]);
        assert_eq!(rebuilder.played(), 2);
        assert!(
            two.board()
                .mines()
                .positions()
                .all(|p| rebuilder.game().glyph(p) == two.glyph(p))
        );
    }
}
