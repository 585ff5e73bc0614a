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
//!
//! # Map
//!
//! Owns: the record format, the history file, the save of the game in
//! progress, statistics worked out from the history, the text move log,
//! rebuilding a game from its record, the `Recorder` a front end plays with.
//! May use: `engine`, `visible`, `serde` and `serde_json` (the
//! format), `etcetera` (where the files go), `jiff` (timestamps), `tempfile`
//! (a save written whole, then renamed), `rayon` (reading a long history on
//! every core), `sha2` (a board file's name in the store), `libc` (Unix:
//! opening record files without blocking), `thiserror`. Must never use: a terminal crate; it says what
//! went wrong as values and strings, and front ends show them their way.
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/lib.rs` | `Record<Moves>` (a game: rules and first move by name, `BoardRecord`, result, time, clicks and `wasted`, 3BV, hints and `hint_penalty_s`, undos, deaths, moves; a save's `filing_at`), `MOST_RECORD`, `BoardText`, `Summary` (without the moves), `Record::game_rules`, `NO_RECORD_VARIABLE` |
//! | `src/moves.rs` | the moves' notation | `Event` (move, undo, redo, hint), `Logged` (an event and its milliseconds), `push`, `parse` (`r8,15@0 f7,14@1204 u@2210`) |
//! | `src/log.rs` | a record as it is played | `Log::new(Described)`, `Log::resumed`, `note(event, at, changed)` (times from the first event, the time away from a resumed game left out), `record(game, played)` |
//! | `src/rebuild.rs` | `dealt` (rule set, rules and deal), `check` (a record held to a new game's limits before anything is built), `Rebuilder` (`new`, `step`, `finish`, `counts`; a no-guess deal made again by the caller's `BoardMaker`), `rebuild`, `RebuildError` |
//! | `src/history.rs` | `append`, `append_after` (one line under `File::lock`, synced, cut back on failure), `each` (every record in order, a chunk at a time, parsed on every core), `holds`, `read` and `Loaded` (tests only), `Problem` (a damaged or newer line, named by file and line) |
//! | `src/file.rs` | record files as untrusted | `open_regular` and `open` (without blocking, refused unless a regular file, checked on the file opened), `own_folder` (the records' own folders made or refused when a link, a file or a device; the folders above followed), `named` and `Named` (an error said of the path that is wrong), `read_at_most`, `remove_leftovers` (temporary files a kill left, a minute old) |
//! | `src/boards.rs` | board files kept once | `sha256` (of the text as it is written out), `keep` (into `boards/<sha256>.txt`, whole, unless a file there hashes to its name), `text` (read back, the name checked to be a SHA-256 and the text to match it), `attach` |
//! | `src/save.rs` | the game in progress | `write` (temporary file, sync, rename, folder synced), `append_or_write` (a line of what a move adds, `Progress`, synced, when the file is still the one `Written` describes), `read` (the first line and each whole line after it), `remove`, `SaveError` |
//! | `src/stats.rs` | statistics as functions of the records | `Tally` (`add` a record at a time, `groups`): by rules and board (size, mines and no-guess, or a board file by SHA-256): played, won, lost, abandoned, streaks, clean and helped `Wins` (best, median, mean time, best 3BV/s, mean efficiency), the last games; `StandingTally` (where a new win stands) |
//! | `src/export.rs` | the text move log | `to_text`, `from_text` (a header of `name: value` lines, the board file indented, one move a line), `BadLog` with its line |
//! | `src/places.rs` | where the records live | `Places::find()` (`etcetera`: XDG data, state and config folders) |
//! | `src/claim.rs` | a save belongs to one session | `Claim` (`new`: a save of its own, `<front>-<token>.json`, with `<front>-<token>.lock` held under `File::try_lock`, made and locked under a temporary name and then linked to its own, so no sweep of stale locks finds it unheld; `take`: a save whose lock no live session holds, checked to be the lock at its path and a folder that can be written; dropped, the lock's file removed under the lock), `saves` (a front end's, the last written first), `remove_stale_locks` |
//! | `src/settings.rs` | the menu's choices, kept | `Settings` (theme, rules, size, no guess, question marks, first move, hint penalty, zoom; `updated_by`: what a choice leaves unsaid stays; `Preset`, a named size, and `presets()`: the sound ones of a file that may have been edited by hand; each absent until chosen), `read` (a regular file of at most 64 KiB, or no settings), `write` (temporary file, sync, rename) |
//! | `src/recorder.rs` | a front end's records | `Recorder` (`new`, `off`, `is_on`, `saved`, `with_board`, `save`, `file`, `abandon_saved`, `file_unfiled`, `standing`, `groups`, `carry_out(Request)`, `settings`, `keep_settings`), `Filing`, `Abandoned` |
//!
//! A `Recorder` (`src/recorder.rs`) says the first failure once and never
//! stops a game; one that is off reads and writes nothing. A save of an
//! ended game found at the start goes to the history, once; a save is
//! appended to while it is the one this session wrote last; filing marks
//! the save, writes the line, then removes the save (`Filing` names the
//! steps a test kills it after), so a kill between them never files a game
//! twice. An abandoned save is played again for its 3BV (marks alone go
//! unfiled); saves set aside while the history could not be written are
//! filed at the next start that can.
//!
//! # How the records work
//!
//! - **A record is the game's description and its moves** (as Tatham's save
//!   files are): rules and first move by name, the board as its layout and
//!   seed or as the board file, every event with its time. Playing the moves
//!   on the deal makes the same game (`rebuild`), which is what carrying on
//!   and replaying do; a no-guess board is made at the game's first opening
//!   by the solver's `BoardMaker` (`Game::random_made_by`), so it too comes
//!   back from the seed. Only a few figures of the end are kept beside the moves (time,
//!   clicks, 3BV done): statistics over 100,000 games must not play them all.
//! - **A record costs nothing until it is kept.** A front end asks for the
//!   record after every move, to save the game in progress. A board file's
//!   record holds the board itself (its grids shared with the game, so a
//!   copy is a count) until the recorder keeps it: then the board's text
//!   goes to the store once and the record names it by SHA-256. With
//!   records off neither the prompt game nor the full screen makes one (the
//!   screen's `set_recording`, also off in a replay): the record of a
//!   finished game counts its 3BV, a look at the whole board, and a record
//!   after each move holds the game's moves so far.
//! - **Board files are kept once, by content.** Version 1 put the board's
//!   text in every record and every save: one game on a 10000x10000 file
//!   was a 100 MB history line (after which `stats` took 1.1 s and 300 MB),
//!   and every move on a 4000x4000 file rewrote and synced 16 MB. Now the
//!   text is kept in `boards/<sha256>.txt` the first time (written whole,
//!   synced, renamed), hashed once a game (the recorder remembers the board
//!   by its grids), and read back only to carry a game on or replay it,
//!   checked against its name. A board already in the store is trusted only
//!   when its bytes hash to its name (streamed, once a game): one changed by
//!   hand is replaced from the file being played, or the new game could
//!   never be replayed; a name that is not a SHA-256 never reaches
//!   the file system. Two games on the 10000x10000 board add 755 bytes to
//!   the history. SHA-256 (RustCrypto's `sha2`, with the CPU's SHA
//!   instructions where there are some) rather than a faster hash: the name
//!   stands for the content, so it must not collide even on purpose.
//! - **The save grows by what a move adds.** A game's first save is written
//!   whole (temporary file, synced, renamed); each move after it appends one
//!   line, its moves and the figures as they are now, and syncs it. The
//!   recorder remembers what it wrote last (the game's id, the length of its
//!   moves and of the file), and writes whole again whenever the file is not
//!   that one any more (another program replaced it) or the game is another.
//!   A line cut short by a kill is where reading stops: that move is lost,
//!   no more.
//! - **A game is filed exactly once.** Every record carries the game's `id`,
//!   made when it starts. Filing is three steps: under the history's lock,
//!   the save is rewritten to say the game is being filed and how long the
//!   history is (`filing_at`); the line is appended and synced; the save is
//!   removed. At the next start a save that says its game ended is filed
//!   then, unless the history from `filing_at` on holds its id (only what
//!   was appended since is read). After each crash point, at the next start:
//!   - *before the save is marked*: the save is the last move's (a win's
//!     save already says won, and is filed; a game still in play is offered
//!     to carry on, as after any kill);
//!   - *marked, the line not yet synced*: the line is missing or cut short
//!     (a cut line is named as damaged and counts for nothing), the id is not
//!     found after `filing_at`, and the game is filed from the save;
//!   - *the line synced, the save not yet gone* (or its removal lost to a
//!     power cut, as it is not synced): the id is found, and the save goes.
//!
//!   So a kill or a power cut between any two steps gives one line: tested by
//!   failing each step in a unit test, and with 50 rounds of SIGKILL at
//!   random moments (5,662 games, no game twice). Version 1 synced the line
//!   and then removed the save, and 8 rounds in 50 filed a game twice.
//!
//!   Where the save can be neither marked nor removed (its folder made
//!   read-only during the game), a save found in play whose id the whole
//!   history holds goes without being offered or filed again: it had been
//!   filed twice, the second time as abandoned. Where the history cannot
//!   be written (read-only, a FIFO, a device, a link), the save is written
//!   with the game as it ended, its result and its last move, and the next
//!   start that can write the history files it so: it had been filed as
//!   abandoned, without the move that lost it.
//! - **What reading a save costs grows with its board, not its file.** A
//!   save holds at most 64 events a square (100,000 at least), counted one
//!   at a time as they are read, before a list of them or a game is made;
//!   and it is at most 256 bytes an event (a word in the moves and, saved a
//!   move at a time, a line of figures) and 64 KiB besides: its first line
//!   is read first for its board, its moves read past and not kept, and a
//!   larger file is refused by its size. Either way it is set aside. A save
//!   of 100 MB of flag moves on a 9x9 board took 444 MB and 2.0 s at the
//!   next start; now 5.8 MB and 0.2 s (10 MB, within a 9x9 board's 25 MiB:
//!   25 MB, refused by its events).
//! - **A game in progress belongs to one session.** One save a front end
//!   (`prompt-game.json`, as version 2 had it) was shared by every terminal:
//!   two scripts of 100 `--record` games each, quitting midway, filed 202
//!   lines for 200 games, 53 of them twice and 50 never (a session starting
//!   filed the other's live game as abandoned, then wrote its save over the
//!   other's). Each session now saves in a file of its own and holds
//!   `File::try_lock` (`flock`) on its `.lock` for as long as it runs. The
//!   lock, not a pid in a file, says who is alive: the kernel releases it
//!   when the process dies, even by SIGKILL, so a killed game is offered at
//!   the next start with no timeout, and a pid reused by another program
//!   cannot keep a save locked. A save is taken only when its lock is free,
//!   still the file at its path (a session letting a save go removes the
//!   lock's file while holding it), and its folder can be written (or, in a
//!   read-only folder, the same game would be filed at every start). An
//!   advisory lock binds only those that ask for it; every minesweeper does.
//!   The same two scripts now file 199 and leave 1 saved: 0 twice, 0 lost.
//!   A lock is held from the moment it has its name: made and locked under
//!   a temporary name, then linked to its own. Made under its name and
//!   locked after, another session's sweep of stale locks could lock it in
//!   between, find no save and remove it, leaving its session holding a
//!   file that was gone and its live save free to take (once in 900 games
//!   of three scripted writers; every time with the first lock delayed).
//! - **A game starts with its first opening; what changes nothing is no
//!   move.** `Game::has_begun` (engine) is set by the first reveal that opens
//!   a square or sets off a mine, or by a win (proj3 wins by flags alone),
//!   and an undo does not clear it. Before it nothing is known: flags alone
//!   are neither saved nor filed (they would be offered back, and filed as
//!   an abandoned game that ends a streak). `Log::note` drops a move that
//!   changed nothing (a flag on an open square, Space on an open blank, a
//!   middle click on a covered square), so replays do not count it, and
//!   the engine keeps its redo list through one. A hint that only says where
//!   to start when every start is kept clear (`Hint::counts`) is not a hint
//!   used; its words follow the policy (`opening`: any square opens an
//!   area).
//! - **Every game that starts is counted.** A win is filed the moment it is
//!   made (it is final); a loss when it is left, since undo can still take
//!   it back (the save keeps it meanwhile, and a closed terminal files it
//!   at the next start). A game left unfinished for another (`n`, `r`, the
//!   menu) or not carried on when offered is filed as abandoned: played, not
//!   won, and it ends a streak, as minesweeper.online counts it a loss; it
//!   is shown apart. A save filed as abandoned is played again from its
//!   moves first, so its 3BV and the 3BV it had done are known. So is a saved game that is not offered (another kind
//!   of game asked for, or no terminal to ask at), before the new game's
//!   first save would write over it: there is one save a front end, and no
//!   game is lost to the next. A save that cannot be read, or whose game cannot
//!   be filed (the history on a full disk), is renamed aside
//!   (`save::set_aside`, `.unread-` or `.unfiled-`), never written over;
//!   where even that fails the new game is not recorded. A game whose input is not a terminal is not recorded
//!   unless `--record` asks: snapshot tests that run a game a thousand times
//!   leave nothing behind.
//! - **Moves are one word each on one line** (`r8,15@0`), so a long game is a
//!   short line (an expert game by the solver, flags included, is 2.6 KB) and
//!   statistics read past it: they deserialize `Record<IgnoredAny>`, which
//!   checks the moves' string but keeps nothing of it.
//! - **A move's time is the game's clock** (`Log::note` takes the front
//!   end's clock reading): the wall's from the first move counted the key
//!   list open, a pause, an undo after a loss and restarted when a game was
//!   carried on, so one game read 53.4 s in the game and `stats`, 59.5 s in
//!   its replay and 64.9 s on its page. A record says so (`game_clock`,
//!   `move times: game clock` in a log); one of an earlier version is read
//!   as it is and its replays say their times are the wall's.
//! - **The history is read as a stream.** `stats`, `replay` and a win's
//!   standing hand each record to a tally as it is read, 8 MB of the file at
//!   a time, each chunk's lines parsed on every core; a chunk is searched for
//!   its last line end only in what it adds (version 1 searched the whole
//!   buffer again for each chunk of a line with none: a 1 GB endless line
//!   took 50 s), and a line longer than any record is read past and named.
//!   What a tally keeps of a game is a win's time, for the median, and the
//!   last five of each group: a million games (321 MB) take 1.9 s and 33 MB,
//!   where reading them whole took 2.0 s and 298 MB. The first 100 lines
//!   left out are named, the rest counted.
//! - **Record files are untrusted.** The history, a save, a move log, the
//!   settings and a kept board can each be replaced by a FIFO, a link to
//!   `/dev/zero` or hand-edited JSON. Each is opened without blocking and
//!   refused unless the file opened is a regular one; a save or a move log
//!   is read only up to the largest record; what a record says (its rules,
//!   its time, a board's name, serde's quote of a bad value) is escaped
//!   before a terminal or a move log sees it. Temporary files a kill left
//!   behind (`.saving-*`, `.keeping-*`) go at the next start once they are a
//!   minute old: a live writer renames its own within milliseconds.
//! - **The history is appended, never rewritten.** A record is one line,
//!   written in one `write` under an exclusive lock and synced before the
//!   lock goes: two games ending at once in two terminals both land. A write
//!   that fails is cut back to the length before, so a full disk leaves
//!   nothing half-written; a process killed in the middle leaves at most a
//!   broken last line, which the next record does not glue onto (it starts
//!   with a line end when the file does not end with one). The reader names
//!   each line it cannot read, damaged or of a newer version (`"v"` above
//!   ours), by file and line, and counts the rest. Line numbers are the
//!   games' numbers for `replay`: the file only grows.
//! - **The game in progress is a separate file**, one a front end: the
//!   prompt game and `play` each carry on their own. It is written as above
//!   after every move and removed once the game is in the history.
//! - **Statistics are functions of the records**, worked out when they are
//!   read; nothing is kept as a running total that a crash could leave half
//!   updated. A win with an undo, a hint or a mine set off and taken back is
//!   counted as a win, with its times apart from clean wins'.
//! - **Recording never stops a game.** The front ends play with a `Recorder`;
//!   every failure is turned into one sentence said once (stderr for the
//!   prompt game, whose stdout stays the course's text; the message line
//!   full screen) and the game plays on. The full screen's state does no
//!   I/O: it lists what the records are to do (`Request`: save, file a
//!   finished game, forget an unfinished one left for a new one) and the loop
//!   has the recorder carry them out; the prompt game asks the same requests.
//! - **Tests never touch the user's records**: whole-program tests run in a
//!   home of their own (`tests/program/common.rs`), `check` sets
//!   `MINESWEEPER_NO_RECORD` for the programs it runs, and benches write
//!   under Cargo's temporary folder.

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
    /// The board's ZiNi (the fewest clicks with flags and chords, as the
    /// community's greedy count has it), once the game has ended; absent
    /// for a board too big to count, and in older records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zini: Option<u32>,
    /// Flag clicks that changed the board (a flag, or a mark taken off):
    /// none makes a win an NF ("no flags") win. Absent from older records,
    /// whose games are not known to be NF.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag_clicks: Option<u32>,
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
    /// The moves' times are the game's own clock, as it showed them (its
    /// pauses left out, a hint's penalty in, going on when the game was
    /// carried on). Absent in records of earlier versions, whose times
    /// count from the first move on the wall's clock: a replay of one says
    /// so.
    #[serde(default, skip_serializing_if = "is_false")]
    pub game_clock: bool,
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
            zini: None,
            flag_clicks: Some(0),
            hints: 0,
            hint_penalty_s: 0,
            game_clock: false,
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
            log.note(event, 100 * i as u64, changed);
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
