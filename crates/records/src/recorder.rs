//! What a front end does with the records: saves the game in progress
//! after each move, keeps each finished game in the history, and finds a
//! saved game to carry on. It never stops a game: when the records cannot
//! be written it says so once, and the game plays on.

use std::io;

use jiff::Timestamp;

use crate::places::Places;
use crate::save::SaveError;
use crate::settings::{self, Settings};
use crate::{Front, GameResult, Record, history, save, stats};

/// What a front end asks of its records after a move, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Save the game in progress (or ended, and not yet left).
    Save(Record),
    /// File a finished game in the history.
    File(Record),
    /// The game in progress was left unfinished: its save goes.
    Forget,
}

/// The records of one front end's games, or none (`--no-record`).
#[derive(Clone, Debug)]
pub struct Recorder {
    places: Option<Places>,
    front: Front,
    /// Whether a failure to record has been told already.
    told: bool,
}

impl Recorder {
    /// Records in `places`.
    pub fn new(places: Places, front: Front) -> Self {
        Recorder {
            places: Some(places),
            front,
            told: false,
        }
    }

    /// No records: nothing is written or read.
    pub fn off(front: Front) -> Self {
        Recorder {
            places: None,
            front,
            told: false,
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
        let loaded = history::read_summaries(&places.history).ok()?;
        Some(stats::standing(&loaded.records, win))
    }

    /// The game saved in progress, if there is one. A save of a game that
    /// had ended (the program stopped before it was kept) goes into the
    /// history now.
    pub fn saved(&mut self) -> Result<Option<Record>, SaveError> {
        let Some(places) = &self.places else {
            return Ok(None);
        };
        let path = places.save_of(self.front);
        match save::read(&path)? {
            Some(record) if record.result != GameResult::Playing => {
                let _ = self.file(record);
                Ok(None)
            }
            saved => Ok(saved),
        }
    }

    /// Saves `record`, the game in progress, stamped now. `Some` with what
    /// to tell the player the first time the records cannot be written.
    pub fn save(&mut self, mut record: Record) -> Option<String> {
        let places = self.places.as_ref()?;
        record.when = now();
        let folder = places.saves.clone();
        let saved = save::write(&places.save_of(self.front), &record);
        self.told_once(saved, &folder)
    }

    /// Files `record`, a finished game, in the history, stamped now, and
    /// lets its save go. `Some` as for [`Recorder::save`].
    pub fn file(&mut self, mut record: Record) -> Option<String> {
        let places = self.places.as_ref()?;
        record.when = now();
        let save = places.save_of(self.front);
        let history = places.history.clone();
        let kept = history::append(&history, &record);
        if kept.is_ok() {
            // The game is in the history: a save of it would be kept twice.
            let _ = save::remove(&save);
        }
        self.told_once(kept, &history)
    }

    /// Forgets the game in progress (a new game replaces it).
    pub fn forget_saved(&mut self) {
        if let Some(places) = &self.places {
            let _ = save::remove(&places.save_of(self.front));
        }
    }

    /// The choices last made in `play`'s menu; none when records are off
    /// (`--no-record` leaves the folders alone, the settings' too).
    pub fn settings(&self) -> Settings {
        self.places
            .as_ref()
            .map(|places| settings::read(&places.settings))
            .unwrap_or_default()
    }

    /// Keeps `chosen`, the menu's choices, for the next session. `Some`
    /// with what to tell the player when they cannot be kept.
    pub fn keep_settings(&mut self, chosen: &Settings) -> Option<String> {
        let places = self.places.as_ref()?;
        let error = settings::write(&places.settings, chosen).err()?;
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
            Request::Forget => {
                self.forget_saved();
                None
            }
        }
    }

    fn told_once(&mut self, done: io::Result<()>, path: &std::path::Path) -> Option<String> {
        let error = done.err()?;
        if std::mem::replace(&mut self.told, true) {
            return None;
        }
        Some(format!(
            "cannot record games in {}: {error}; the game goes on without a record",
            visible::path(path)
        ))
    }
}

/// Now, to the millisecond, as records write it.
fn now() -> String {
    let now = Timestamp::now();
    now.round(jiff::Unit::Millisecond)
        .unwrap_or(now)
        .to_string()
}
