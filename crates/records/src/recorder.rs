//! What a front end does with the records: saves the game in progress
//! after each move, keeps each finished game in the history, and finds a
//! saved game to carry on. It never stops a game: when the records cannot
//! be written it says so once, and the game plays on.

use std::io;

use engine::{Board, BoardMaker};
use jiff::Timestamp;
use serde::de::IgnoredAny;

use crate::claim::{self, Claim};
use crate::log::count_3bv;
use crate::places::Places;
use crate::rebuild::rebuild;
use crate::save::SaveError;
use crate::settings::{self, Settings};
use crate::{BoardText, Front, GameResult, Record, boards, file, history, save, stats};

/// How filing a game went.
struct Filed {
    /// Whether it is in the history (whatever was told before).
    done: io::Result<()>,
    /// What failed, where it is not.
    path: std::path::PathBuf,
    /// Not in the history, its save keeps it as it ended.
    kept_in_save: bool,
    /// In the history, its save could not be removed: where, and why.
    save_left: Option<(std::path::PathBuf, io::Error)>,
}

impl Filed {
    fn done(done: io::Result<()>, path: std::path::PathBuf) -> Filed {
        Filed {
            done,
            path,
            kept_in_save: false,
            save_left: None,
        }
    }
}

/// What became of a saved game not carried on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Abandoned {
    /// It is in the history, as abandoned.
    Filed,
    /// It had not begun (marks alone): it was let go, unfiled.
    NotBegun,
    /// It could not be filed: what to tell the player.
    Unfiled(String),
    /// Its board reads but its game cannot be played again (no room for
    /// its mines, a board file of another size): no game anyone played,
    /// so not filed; why, to tell the player.
    Unplayable(String),
}

/// What a front end asks of its records after a move, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Save the game in progress (or ended, and not yet left).
    Save(Record),
    /// File a finished game (won, lost, or abandoned for another) in the
    /// history.
    File(Record),
}

/// The records of one front end's games, or none (`--no-record`).
#[derive(Debug)]
pub struct Recorder {
    places: Option<Places>,
    front: Front,
    /// The save this session holds, its own or one taken from a session
    /// that is gone; made at the first save.
    claim: Option<Claim>,
    /// How many saves of this front end other live sessions held when
    /// the saved games were looked for.
    held_elsewhere: usize,
    /// Whether a failure to record has been told already.
    told: bool,
    /// The board file last kept in the store, and its SHA-256: a game's
    /// board is hashed and kept once, not at every move.
    kept: Option<(Board, String)>,
    /// The save as this recorder last wrote it, to append the next move to.
    on_disk: Option<save::Written>,
    /// In tests, the step of filing a game at which the program "dies".
    #[cfg(test)]
    dies_after: Option<Filing>,
}

/// What a test's "kill" says.
#[cfg(test)]
const KILLED: &str = "killed here by the test";

/// The steps of filing a game, in order; a program killed after any of
/// them leaves the game to be filed exactly once at the next start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Filing {
    /// The save now says the game is ending, and how long the history was.
    SaveMarked,
    /// The history's line is written and synced.
    LineWritten,
}

impl Recorder {
    /// Records in `places`.
    pub fn new(places: Places, front: Front) -> Self {
        Recorder {
            places: Some(places),
            front,
            claim: None,
            held_elsewhere: 0,
            told: false,
            kept: None,
            on_disk: None,
            #[cfg(test)]
            dies_after: None,
        }
    }

    /// No records: nothing is written or read.
    pub fn off(front: Front) -> Self {
        Recorder {
            places: None,
            front,
            claim: None,
            held_elsewhere: 0,
            told: false,
            kept: None,
            on_disk: None,
            #[cfg(test)]
            dies_after: None,
        }
    }

    /// Whether records are kept: when not, a front end need not make them.
    pub fn is_on(&self) -> bool {
        self.places.is_some()
    }

    /// Where `win`, a game just won, stands among the games of its kind in
    /// the history; `None` when records are off or the history cannot be
    /// read (the game goes on without it).
    pub fn standing(&self, win: &Record) -> Option<stats::Standing> {
        let places = self.places.as_ref()?;
        let mut tally = stats::StandingTally::new(win);
        history::each::<IgnoredAny>(&places.history, |_, record| tally.add(&record)).ok()?;
        Some(tally.standing())
    }

    /// The statistics of every kind of game in the history ([`stats`]),
    /// the most played first; why there are none when records are off or
    /// the history cannot be read.
    pub fn groups(&self) -> Result<Vec<stats::Group>, String> {
        let Some(places) = &self.places else {
            return Err("No records are kept in this session".to_owned());
        };
        let mut tally = stats::Tally::new(stats::Filter::default());
        history::each::<IgnoredAny>(&places.history, |number, record| {
            tally.add(number, &record);
        })
        .map_err(|e| format!("The history cannot be read: {e}"))?;
        Ok(tally.groups())
    }

    /// The game saved in progress by a session that is gone, if there is
    /// one (the last saved first), now held by this session; saves that
    /// live sessions hold are left alone, and counted
    /// ([`Recorder::held_elsewhere`]). A save of a game that had ended (the
    /// program stopped before it was kept, or while it was being kept)
    /// goes into the history now, unless its line is there already.
    pub fn saved(&mut self) -> Result<Option<Record>, SaveError> {
        let Some(places) = self.places.clone() else {
            return Ok(None);
        };
        // What killed programs left half-written, before anything is read.
        file::remove_leftovers(&places.saves, save::TEMPORARY);
        file::remove_leftovers(&places.boards, boards::TEMPORARY);
        claim::remove_stale_locks(&places.saves, self.front);
        self.held_elsewhere = 0;
        for path in claim::saves(&places.saves, self.front) {
            let taken = Claim::take(&path).map_err(|source| SaveError::Untaken {
                path: visible::path(&path).to_string(),
                source,
            })?;
            let Some(taken) = taken else {
                self.held_elsewhere += usize::from(path.exists());
                continue;
            };
            self.claim = Some(taken);
            self.on_disk = None;
            let Some(record) = save::read(&path)? else {
                continue;
            };
            if record.result == GameResult::Playing {
                if self.filed_already(&record) {
                    // Filed, but its save could not be marked or let go
                    // then (its folder read-only during the game): it
                    // goes now, neither offered nor filed again.
                    let _ = save::remove(&path);
                    self.claim = None;
                    continue;
                }
                return Ok(Some(record));
            }
            // Not filed (the history cannot be written): the new game's
            // save must not take its place.
            if let Some(why) = self.file_again(record) {
                return Err(SaveError::Unfiled {
                    path: visible::path(&path).to_string(),
                    why,
                });
            }
        }
        Ok(None)
    }

    /// Files the games set aside because the history could not be
    /// written (`….unfiled-SECONDS`), now that it may be: each is taken by
    /// renaming it to a save of this session's own (where two sessions
    /// try, one rename wins), filed as it was saved (a game in play as
    /// abandoned), and let go; one that still cannot be filed is set aside
    /// again. What to tell the player, a line each.
    pub fn file_unfiled(&mut self, no_guess_maker: &'static dyn BoardMaker) -> Vec<String> {
        let Some(places) = self.places.clone() else {
            return Vec::new();
        };
        let (mut filed, mut said) = (0, Vec::new());
        for aside in claim::unfiled(&places.saves, self.front) {
            let Ok(claim) = Claim::new(&places.saves, self.front) else {
                break;
            };
            if std::fs::rename(&aside, claim.save()).is_err() {
                continue;
            }
            let path = claim.save().to_owned();
            self.claim = Some(claim);
            self.on_disk = None;
            // What is wrong, and so how it is set aside: as unfiled, to be
            // tried again, or as a save that does not read or play, never
            // tried again.
            let trouble = match save::read(&path) {
                Ok(None) => None,
                Ok(Some(record)) if record.result == GameResult::Playing => {
                    match self.abandon_saved(record, no_guess_maker) {
                        Abandoned::Unfiled(trouble) => Some((trouble, save::Aside::Unfiled)),
                        Abandoned::Unplayable(why) => Some((why, save::Aside::Unread)),
                        Abandoned::Filed | Abandoned::NotBegun => None,
                    }
                }
                Ok(Some(record)) => self
                    .file_again(record)
                    .map(|trouble| (trouble, save::Aside::Unfiled)),
                Err(e) => Some((e.to_string(), save::Aside::Unread)),
            };
            match trouble {
                None => filed += 1,
                Some((why, aside)) => {
                    let kept = self.set_aside_save(aside);
                    let kept =
                        kept.map_or_else(|e| e.to_string(), |p| visible::path(&p).to_string());
                    let what = match aside {
                        save::Aside::Unfiled => "still cannot be filed",
                        save::Aside::Unread => "does not read or play again",
                    };
                    said.push(format!(
                        "a game set aside when the history could not be written {what} \
                         ({why}); it is kept as {kept}"
                    ));
                }
            }
        }
        self.claim = None;
        let games = match filed {
            0 => None,
            1 => Some("a game set aside when the history could not be written is".to_owned()),
            n => Some(format!(
                "{n} games set aside when the history could not be written are"
            )),
        };
        if let Some(games) = games {
            said.insert(0, format!("{games} filed in it now"));
        }
        said
    }

    /// How many saved games other sessions, still running, were playing
    /// when [`Recorder::saved`] looked: theirs, neither offered nor filed.
    pub fn held_elsewhere(&self) -> usize {
        self.held_elsewhere
    }

    /// The path of the save this session holds, if any.
    fn held_save(&self) -> Option<&std::path::Path> {
        self.claim.as_ref().map(Claim::save)
    }

    /// The save this session writes to: the one it holds, or a new one
    /// of its own.
    fn save_path(&mut self) -> io::Result<std::path::PathBuf> {
        let Some(places) = &self.places else {
            return Err(io::ErrorKind::NotFound.into());
        };
        if self.claim.is_none() {
            self.claim = Some(Claim::new(&places.saves, self.front)?);
        }
        Ok(self.held_save().map(ToOwned::to_owned).unwrap_or_default())
    }

    /// Moves the save that cannot be read, or whose game could not be
    /// filed, out of the way of the new game, which would write over it;
    /// gives where it now is.
    pub fn set_aside_save(&mut self, why: save::Aside) -> io::Result<std::path::PathBuf> {
        let Some(path) = self.held_save().map(ToOwned::to_owned) else {
            return Err(io::ErrorKind::NotFound.into());
        };
        let kept = save::set_aside(&path, why)?;
        // The new game gets a save of its own.
        self.claim = None;
        self.on_disk = None;
        Ok(kept)
    }

    /// Records nothing more: what is on disk is left as it is.
    pub fn stop(&mut self) {
        *self = Recorder::off(self.front);
    }

    /// `record`, a save about to be carried on, with its board file's text
    /// read back from the store (a save names it by SHA-256). Only then:
    /// a save that is not carried on costs no read of a large board.
    pub fn with_board(&self, mut record: Record) -> Result<Record, SaveError> {
        if let Some(places) = &self.places {
            boards::attach(&places.boards, &mut record).map_err(|source| SaveError::Board {
                path: visible::path(self.held_save().unwrap_or(&places.saves)),
                source,
            })?;
        }
        Ok(record)
    }

    /// Whether the history holds `record`, a save found in play, by its
    /// id: a game filed whose save could not then be marked as filed nor
    /// removed.
    fn filed_already(&self, record: &Record) -> bool {
        match (&self.places, &record.id) {
            (Some(places), Some(id)) => history::holds(&places.history, 0, id).unwrap_or(false),
            _ => false,
        }
    }

    /// Files `record`, the save found of a game that had ended: as it was
    /// saved, unless the history, from where it was when the filing began,
    /// already holds it.
    fn file_again(&mut self, record: Record) -> Option<String> {
        let places = self.places.as_ref()?;
        if let (Some(from), Some(id)) = (record.filing_at, &record.id)
            && history::holds(&places.history, from, id).unwrap_or(false)
        {
            if let Some(path) = self.held_save() {
                let _ = save::remove(path);
            }
            return None;
        }
        self.file_saved(record)
    }

    /// `record`, the game saved in progress, is not carried on: it is
    /// filed as abandoned, with the 3BV it had done, played again from its
    /// moves to count it (a no-guess board made again by
    /// `no_guess_maker`). A save of a game that had not begun (marks
    /// alone, written by an older version) is no game: it goes unfiled.
    pub fn abandon_saved(
        &mut self,
        mut record: Record,
        no_guess_maker: &'static dyn BoardMaker,
    ) -> Abandoned {
        record.result = GameResult::Abandoned;
        // A save whose board cannot be read back is still filed, its 3BV
        // unknown; one whose board reads and whose game does not play
        // again is no game to file.
        let rebuilt = match self.with_board(record.clone()) {
            Ok(whole) => match rebuild(&whole, no_guess_maker) {
                Ok(rebuilt) => Some(rebuilt),
                Err(why) => return Abandoned::Unplayable(why.to_string()),
            },
            Err(_) => None,
        };
        if let Some(rebuilt) = rebuilt {
            let game = rebuilt.game();
            if !game.has_begun() {
                if let Some(path) = self.held_save() {
                    let _ = save::remove(path);
                }
                self.on_disk = None;
                return Abandoned::NotBegun;
            }
            count_3bv(&mut record, game);
        }
        record.when = now();
        match self.file_saved(record) {
            None => Abandoned::Filed,
            Some(trouble) => Abandoned::Unfiled(trouble),
        }
    }

    /// Saves `record`, the game in progress, stamped now. `Some` with what
    /// to tell the player the first time the records cannot be written.
    pub fn save(&mut self, mut record: Record) -> Option<String> {
        let places = self.places.as_ref()?;
        record.when = now();
        let folder = places.saves.clone();
        let boards = places.boards.clone();
        let saved = self
            .keep_board(&mut record)
            .map_err(|e| file::named(&boards, e))
            .and_then(|()| {
                let path = self.save_path()?;
                save::append_or_write(&path, &record, self.on_disk.as_ref())
            });
        self.on_disk = saved.as_ref().ok().cloned();
        self.told_once(saved.map(|_| ()), &folder)
    }

    /// Files `record`, a finished game, in the history, stamped now, and
    /// lets its save go. `Some` as for [`Recorder::save`].
    pub fn file(&mut self, mut record: Record) -> Option<String> {
        record.when = now();
        self.file_stamped(record)
    }

    /// Files `record` exactly once, whatever step a kill stops it at: the
    /// save is first rewritten to say the game is being filed and how long
    /// the history was (under the history's lock), then the line goes in
    /// and is synced, then the save goes. A save found at the next start
    /// is filed again only if its line is not in the history since then.
    fn file_stamped(&mut self, record: Record) -> Option<String> {
        let filing = self.filed(record);
        match filing.done {
            Err(error) if filing.kept_in_save => {
                // Its save is let go, kept as it is: the next game has a
                // save of its own and does not write over this one.
                self.claim = None;
                if std::mem::replace(&mut self.told, true) {
                    return None;
                }
                Some(format!(
                    "{}; games are kept in their saves and filed when the history can be \
                     written",
                    cannot_record(&filing.path, &error)
                ))
            }
            // Filed, but its save stays (its folder read-only): said, as
            // the next start that can removes it without filing it again.
            Ok(()) => filing.save_left.map(|(save, error)| {
                format!(
                    "the game is kept in the history, but its save {} could not be removed \
                     ({error}); a later start removes it",
                    visible::path(&save)
                )
            }),
            done => self.told_once(done, &filing.path),
        }
    }

    /// Files `record` as [`Recorder::file_stamped`] says.
    fn filed(&mut self, mut record: Record) -> Filed {
        let Some(places) = self.places.clone() else {
            return Filed::done(Ok(()), std::path::PathBuf::new());
        };
        if let Err(e) = self.keep_board(&mut record) {
            return Filed::done(Err(e), places.boards);
        }
        // Without a save to mark, a kill after the line could not tell
        // the next start the game is filed: none is no reason not to file.
        let save_path = self.save_path().ok();
        record.filing_at = None;
        let marked = |at: u64| {
            let marked = Record {
                filing_at: Some(at),
                ..record.clone()
            };
            // A save that cannot be written does not keep the game out of
            // the history; without the mark, a kill before the save goes
            // could file the game a second time.
            if let Some(save_path) = &save_path {
                let _ = save::write(save_path, &marked);
            }
            self.dies_after(Filing::SaveMarked)
        };
        let kept = history::append_after(&places.history, &record, marked)
            .and_then(|()| self.dies_after(Filing::LineWritten));
        #[cfg(test)]
        if kept.as_ref().is_err_and(|e| e.to_string() == KILLED) {
            return Filed::done(Ok(()), places.history);
        }
        // The save was rewritten (marked) or is about to go: nothing of it
        // is appended to any more.
        self.on_disk = None;
        let mut filed = Filed::done(kept, places.history);
        if let Some(save_path) = save_path {
            match &filed.done {
                // The game is in the history: its save would file it again.
                Ok(()) => {
                    if let Err(e) = save::remove(&save_path) {
                        filed.save_left = Some((save_path, e));
                    }
                }
                // Not in the history (it cannot be written): the save keeps
                // the game as it ended, its result and its last move, to
                // be filed by the next start that can.
                Err(_) => filed.kept_in_save = save::write(&save_path, &record).is_ok(),
            }
        }
        filed
    }

    /// Files a saved game found at the start, which must not be taken for
    /// filed when it is not, whatever was told before: what to tell the
    /// player when it could not be.
    fn file_saved(&mut self, record: Record) -> Option<String> {
        let filing = self.filed(record);
        filing.done.err().map(|e| cannot_record(&filing.path, &e))
    }

    /// A board file's text goes to the store, and `record` names it by its
    /// SHA-256: kept once, hashed once a game.
    fn keep_board(&mut self, record: &mut Record) -> io::Result<()> {
        let Some(places) = &self.places else {
            return Ok(());
        };
        let Some(text) = record.board.file.take() else {
            return Ok(());
        };
        let known = match (&text, &self.kept) {
            (BoardText::Board(board), Some((kept, sha256))) if board.is_copy_of(kept) => {
                Some(sha256.clone())
            }
            _ => None,
        };
        let sha256 = match known {
            Some(sha256) => sha256,
            None => {
                let sha256 = boards::sha256(&text);
                boards::keep(&places.boards, &sha256, &text)?;
                if let BoardText::Board(board) = &text {
                    self.kept = Some((board.clone(), sha256.clone()));
                }
                sha256
            }
        };
        record.board.sha256 = Some(sha256);
        Ok(())
    }

    /// In tests, stops filing after `step` as a kill would; otherwise
    /// nothing.
    fn dies_after(&self, step: Filing) -> io::Result<()> {
        #[cfg(test)]
        if self.dies_after == Some(step) {
            return Err(io::Error::other(KILLED));
        }
        let _ = step;
        Ok(())
    }

    /// The choices last made in `play`'s menu; none when records are off
    /// (`--no-record` leaves the folders alone, the settings' too).
    pub fn settings(&self) -> Settings {
        self.places
            .as_ref()
            .map(|places| settings::read(&places.settings))
            .unwrap_or_default()
    }

    /// Keeps `chosen` (the menu's choices, the squares' size) for the next
    /// session, over what was kept before. `Some` with what to tell the
    /// player when they cannot be kept.
    pub fn keep_settings(&mut self, chosen: &Settings) -> Option<String> {
        let places = self.places.as_ref()?;
        // What `chosen` does not say (the zoom, when the menu's choices
        // are kept) stays as the file has it.
        let kept = settings::read(&places.settings).updated_by(chosen);
        let error = settings::write(&places.settings, &kept).err()?;
        Some(format!(
            "cannot keep the menu's choices in {}: {error}",
            visible::path(&places.settings)
        ))
    }

    /// Does what `request` asks; `Some` as for [`Recorder::save`].
    pub fn carry_out(&mut self, request: Request) -> Option<String> {
        match request {
            Request::Save(record) => self.save(record),
            Request::File(record) => self.file(record),
        }
    }

    fn told_once(&mut self, done: io::Result<()>, path: &std::path::Path) -> Option<String> {
        let error = done.err()?;
        if std::mem::replace(&mut self.told, true) {
            return None;
        }
        Some(format!(
            "{}; the game goes on without a record",
            cannot_record(path, &error)
        ))
    }
}

/// Why games cannot be recorded: `error`, which names the path that is
/// wrong, or else said to be in `path`, the file being written.
fn cannot_record(path: &std::path::Path, error: &io::Error) -> String {
    if file::is_named(error) {
        format!("cannot record games: {error}")
    } else {
        format!("cannot record games in {}: {error}", visible::path(path))
    }
}

/// Now, to the millisecond, as records write it.
fn now() -> String {
    let now = Timestamp::now();
    now.round(jiff::Unit::Millisecond)
        .unwrap_or(now)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::{Described, Log};
    use crate::sample::{played, reveal};
    use engine::{Deal, Rules, parse_board};

    fn places(folder: &std::path::Path) -> Places {
        Places {
            history: folder.join("data/history.jsonl"),
            saves: folder.join("state"),
            settings: folder.join("config/settings.json"),
            boards: folder.join("data/boards"),
        }
    }

    fn won() -> Record {
        let (_, mut record) = played(1, &[reveal(0, 0)]);
        record.result = GameResult::Won;
        record
    }

    /// A program killed at each step of filing a won game (before it
    /// begins: only the save after the winning move is there), then
    /// started again twice: the game is in the history exactly once, and
    /// no save is left to offer it again.
    #[test]
    fn a_game_killed_at_any_step_of_filing_is_filed_exactly_once() {
        let steps = [None, Some(Filing::SaveMarked), Some(Filing::LineWritten)];
        for killed in [false, true] {
            for step in steps {
                let folder = tempfile::tempdir().unwrap();
                let places = places(folder.path());
                let won = won();
                let mut recorder = Recorder::new(places.clone(), Front::Screen);
                assert_eq!(recorder.save(won.clone()), None);
                if killed {
                    recorder.dies_after = step;
                    assert_eq!(recorder.file(won.clone()), None);
                }
                // The program ends (killed or not): its lock goes.
                drop(recorder);
                for _ in 0..2 {
                    let mut again = Recorder::new(places.clone(), Front::Screen);
                    assert!(again.saved().unwrap().is_none());
                }
                let loaded = history::read(&places.history).unwrap();
                let ids: Vec<_> = loaded.records.iter().map(|(_, r)| r.id.clone()).collect();
                assert_eq!(
                    ids,
                    std::slice::from_ref(&won.id),
                    "killed {killed}, after {step:?}"
                );
                assert_eq!(loaded.records[0].1.filing_at, None);
                assert!(claim::saves(&places.saves, Front::Screen).is_empty());
            }
        }
    }

    /// A save whose game cannot be played again (81 mines on a board of
    /// 81 squares, a first move that must be safe) is not filed.
    #[test]
    fn a_save_that_does_not_play_again_is_not_filed() {
        let folder = tempfile::tempdir().unwrap();
        let places = places(folder.path());
        let (_, mut record) = played(1, &[reveal(0, 0)]);
        record.board.mines = 81;
        let mut recorder = Recorder::new(places.clone(), Front::Screen);
        assert_eq!(recorder.save(record.clone()), None);
        drop(recorder);
        let mut again = Recorder::new(places.clone(), Front::Screen);
        let left = again.saved().unwrap().expect("read: its claims are sound");
        let Abandoned::Unplayable(why) = again.abandon_saved(left, &crate::sample::NoMaker) else {
            panic!("filed");
        };
        assert!(why.contains("no room"), "{why}");
        assert!(!places.history.exists());
    }

    /// A save set aside as unfiled whose game does not play again is set
    /// aside as one that does not, not as unfiled again at every start.
    #[test]
    fn an_unfiled_save_that_does_not_play_is_not_tried_again() {
        let folder = tempfile::tempdir().unwrap();
        let places = places(folder.path());
        let (_, mut record) = played(1, &[reveal(0, 0)]);
        record.board.mines = 81;
        let mut recorder = Recorder::new(places.clone(), Front::Screen);
        assert_eq!(recorder.save(record), None);
        let kept = recorder.set_aside_save(save::Aside::Unfiled).unwrap();
        drop(recorder);
        assert_eq!(claim::unfiled(&places.saves, Front::Screen), vec![kept]);
        let mut again = Recorder::new(places.clone(), Front::Screen);
        let said = again.file_unfiled(&crate::sample::NoMaker);
        assert!(said[0].contains("does not read or play again"), "{said:?}");
        assert!(claim::unfiled(&places.saves, Front::Screen).is_empty());
        assert!(!places.history.exists());
    }

    /// A game that ends while the history cannot be written (here it is
    /// a folder) keeps its result and its last move in its save, and the
    /// next start that can write the history files it so: not as
    /// abandoned, nor without the move that ended it.
    #[test]
    fn a_game_ended_while_the_history_cannot_be_written_keeps_its_result() {
        let folder = tempfile::tempdir().unwrap();
        let places = places(folder.path());
        let (_, playing) = played(1, &[reveal(0, 0)]);
        let (_, mut lost) = played(1, &[reveal(0, 0), reveal(8, 8)]);
        lost.id = playing.id.clone();
        lost.result = GameResult::Lost;
        std::fs::create_dir_all(&places.history).unwrap();
        let mut recorder = Recorder::new(places.clone(), Front::Screen);
        assert_eq!(recorder.save(playing), None);
        let said = recorder.file(lost.clone()).expect("said it was not filed");
        assert!(
            said.ends_with("kept in their saves and filed when the history can be written"),
            "{said}"
        );
        let [save] = &claim::saves(&places.saves, Front::Screen)[..] else {
            panic!("one save left");
        };
        let kept = save::read(save).unwrap().unwrap();
        assert_eq!((kept.result, &kept.moves), (GameResult::Lost, &lost.moves));
        // The session's next game has a save of its own, kept as well,
        // said once.
        let (_, mut next) = played(2, &[reveal(0, 0)]);
        assert_eq!(recorder.save(next.clone()), None);
        assert_eq!(claim::saves(&places.saves, Front::Screen).len(), 2);
        next.result = GameResult::Won;
        assert_eq!(recorder.file(next.clone()), None);
        drop(recorder);
        std::fs::remove_dir(&places.history).unwrap();
        let mut again = Recorder::new(places.clone(), Front::Screen);
        assert!(again.saved().unwrap().is_none(), "not offered");
        let loaded = history::read(&places.history).unwrap();
        let mut filed: Vec<_> = loaded
            .records
            .iter()
            .map(|(_, r)| (r.id.clone(), r.result, r.moves.clone()))
            .collect();
        filed.sort_by(|a, b| a.0.cmp(&b.0));
        let mut expected = vec![
            (lost.id, GameResult::Lost, lost.moves),
            (next.id, GameResult::Won, next.moves),
        ];
        expected.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(filed, expected);
    }

    /// A game filed whose save could be neither marked nor removed (its
    /// folder read-only while it was filed) is not filed again, as
    /// abandoned, when the folder can be written: its save goes.
    #[test]
    fn a_save_of_a_game_already_filed_goes_without_filing_it_again() {
        let folder = tempfile::tempdir().unwrap();
        let places = places(folder.path());
        let (_, playing) = played(1, &[reveal(0, 0)]);
        let mut won = playing.clone();
        won.result = GameResult::Won;
        let mut recorder = Recorder::new(places.clone(), Front::Screen);
        assert_eq!(recorder.save(playing.clone()), None);
        let save_path = recorder.held_save().unwrap().to_owned();
        let left = std::fs::read(&save_path).unwrap();
        assert_eq!(recorder.file(won), None);
        drop(recorder);
        // As the read-only folder left it: the save in play, unmarked.
        std::fs::write(&save_path, left).unwrap();
        let mut again = Recorder::new(places.clone(), Front::Screen);
        assert!(again.saved().unwrap().is_none(), "offered again");
        drop(again);
        assert_eq!(history::read(&places.history).unwrap().records.len(), 1);
        assert!(claim::saves(&places.saves, Front::Screen).is_empty());
    }

    /// A game filed whose save cannot then be removed (here a folder
    /// took its place) says so; the game is in the history once.
    #[test]
    fn a_save_that_cannot_be_removed_after_filing_is_said() {
        let folder = tempfile::tempdir().unwrap();
        let places = places(folder.path());
        let (_, playing) = played(1, &[reveal(0, 0)]);
        let mut won = playing.clone();
        won.result = GameResult::Won;
        let mut recorder = Recorder::new(places.clone(), Front::Screen);
        assert_eq!(recorder.save(playing), None);
        let save_path = recorder.held_save().unwrap().to_owned();
        std::fs::remove_file(&save_path).unwrap();
        std::fs::create_dir(&save_path).unwrap();
        std::fs::write(save_path.join("in the way"), "").unwrap();
        let said = recorder.file(won).expect("said");
        assert!(said.contains("could not be removed"), "{said}");
        assert_eq!(history::read(&places.history).unwrap().records.len(), 1);
    }

    /// Two sessions at once: neither sees the other's live game, each
    /// saves and files its own, and nothing is left behind; a session
    /// gone leaves its game to the next.
    #[test]
    fn two_sessions_at_once_each_keep_their_own_game() {
        let folder = tempfile::tempdir().unwrap();
        let places = places(folder.path());
        let (_, first) = played(1, &[reveal(0, 0)]);
        let (_, second) = played(2, &[reveal(0, 0)]);
        let mut one = Recorder::new(places.clone(), Front::Prompt);
        assert_eq!(one.saved().unwrap(), None);
        assert_eq!(one.save(first.clone()), None);
        let mut two = Recorder::new(places.clone(), Front::Prompt);
        assert_eq!(two.saved().unwrap(), None, "the first's game is live");
        assert_eq!(two.held_elsewhere(), 1);
        assert_eq!(two.save(second.clone()), None);
        assert_eq!(claim::saves(&places.saves, Front::Prompt).len(), 2);
        let mut won = first.clone();
        won.result = GameResult::Won;
        assert_eq!(one.save(first.clone()), None, "its own save, appended to");
        assert_eq!(one.file(won), None);
        drop(one);
        // The second session ends without filing: the next finds its game.
        drop(two);
        let mut three = Recorder::new(places.clone(), Front::Prompt);
        let left = three.saved().unwrap().expect("the second's game, left");
        assert_eq!(left.id, second.id);
        assert_eq!(
            three.abandon_saved(left, &crate::sample::NoMaker),
            Abandoned::Filed
        );
        drop(three);
        let loaded = history::read(&places.history).unwrap();
        let ids: Vec<_> = loaded.records.iter().map(|(_, r)| r.id.clone()).collect();
        assert_eq!(ids, vec![first.id, second.id]);
        assert_eq!(std::fs::read_dir(&places.saves).unwrap().count(), 0);
    }

    /// A saved game not carried on is filed as abandoned with the 3BV it
    /// had done; a save of marks alone, no game begun, is let go unfiled.
    #[test]
    fn a_save_not_carried_on_is_filed_with_its_3bv_unless_it_had_not_begun() {
        let folder = tempfile::tempdir().unwrap();
        let places = places(folder.path());
        let mut recorder = Recorder::new(places.clone(), Front::Screen);
        let (_, marks_alone) = played(3, &[crate::sample::flag(4, 4)]);
        assert_eq!(recorder.save(marks_alone.clone()), None);
        assert_eq!(
            recorder.abandon_saved(marks_alone, &crate::sample::NoMaker),
            Abandoned::NotBegun
        );
        assert!(!places.history.exists());
        assert!(claim::saves(&places.saves, Front::Screen).is_empty());
        let (game, opened) = played(3, &[reveal(0, 0)]);
        assert_eq!(game.status(), engine::Status::Playing);
        assert_eq!(recorder.save(opened.clone()), None);
        assert_eq!(
            recorder.abandon_saved(opened, &crate::sample::NoMaker),
            Abandoned::Filed
        );
        let loaded = history::read(&places.history).unwrap();
        let filed = &loaded.records[0].1;
        assert_eq!(filed.result, GameResult::Abandoned);
        assert!(filed.three_bv > 0, "{filed:?}");
        assert!(filed.three_bv_done > 0 && filed.three_bv_done < filed.three_bv);
    }

    /// A board file is kept once in the store; the records name it by its
    /// SHA-256 and a save comes back with its text.
    #[test]
    fn a_board_file_is_kept_once_and_comes_back_with_its_save() {
        let folder = tempfile::tempdir().unwrap();
        let places = places(folder.path());
        let text = "++++\n+* +\n+  +\n++++\n";
        let deal = Deal::Board(parse_board(text.as_bytes()).unwrap());
        let game = deal.game(Rules::CLASSIC, &crate::sample::NoMaker).unwrap();
        let log = Log::new(Described {
            front: Front::Screen,
            rules: "classic",
            first_move: "safe",
            no_question_marks: false,
            deal: &deal,
            board_name: Some("b.txt".to_owned()),
        });
        let mut recorder = Recorder::new(places.clone(), Front::Screen);
        for _ in 0..3 {
            assert_eq!(recorder.save(log.record(&game, 0)), None);
        }
        let saves = claim::saves(&places.saves, Front::Screen);
        let saved = std::fs::read_to_string(&saves[0]).unwrap();
        assert!(!saved.contains("+*"), "no board text in the save: {saved}");
        assert_eq!(std::fs::read_dir(&places.boards).unwrap().count(), 1);
        // The next session finds it.
        drop(recorder);
        let mut recorder = Recorder::new(places.clone(), Front::Screen);
        let saved = recorder.saved().unwrap().unwrap();
        assert_eq!(saved.board.file, None, "not read until carried on");
        let back = recorder.with_board(saved).unwrap();
        assert_eq!(back.board.file.unwrap().text(), text);
        assert_eq!(
            back.board.sha256.as_deref().map(boards::is_sha256),
            Some(true)
        );
        let mut log = log;
        let mut game = game.with_undo();
        let corner = engine::Move {
            action: engine::Action::Reveal,
            at: engine::Pos::new(1, 1),
        };
        let changed = game.apply(corner).changed_board();
        log.note(crate::moves::Event::Move(corner), 0, changed);
        assert_eq!(
            recorder.abandon_saved(log.record(&game, 0), &crate::sample::NoMaker),
            Abandoned::Filed
        );
        let line = std::fs::read_to_string(&places.history).unwrap();
        assert!(line.len() < 1024, "a line without the board: {line}");
        assert!(line.contains("\"result\":\"abandoned\""), "{line}");
    }
}
