//! The records as the commands reach them: where they are, the recorder a
//! game is played with (none with `--no-record`), the saved game carried
//! on, and the history read with each line left out said on stderr.

use std::io::{self, Write};
use std::path::Path;

use records::history::Loaded;
use records::places::Places;
use records::{Front, Record, Recorder};

use crate::cli::RecordArgs;
use crate::error::AppError;

/// Where the records live, for the commands that read them.
pub fn places() -> Result<Places, AppError> {
    Places::find().map_err(|e| AppError::Records(e.to_string()))
}

/// Where a front end's records go: nowhere with `--no-record` or
/// MINESWEEPER_NO_RECORD, or when there is no home folder (said once on
/// stderr).
pub fn recorder_for(records: &RecordArgs, front: Front) -> Recorder {
    let switched_off =
        std::env::var_os(records::NO_RECORD_VARIABLE).is_some_and(|value| !value.is_empty());
    if records.no_record || switched_off {
        return Recorder::off(front);
    }
    match Places::find() {
        Ok(places) => Recorder::new(places, front),
        Err(e) => {
            let _ = writeln!(io::stderr(), "minesweeper: {e}; games are not recorded");
            Recorder::off(front)
        }
    }
}

/// The recorder of `front`'s games and the saved game to carry on first:
/// with `--resume` the save, which must be there; otherwise the player's
/// answer on a terminal. A saved game that cannot be played again stops
/// here, before the game starts, as a bad board file does.
pub fn recorder_and_saved(
    records: &RecordArgs,
    front: Front,
) -> Result<(Recorder, Option<Record>), AppError> {
    let mut recorder = recorder_for(records, front);
    let saved = console::resume::choose(&mut recorder, records.resume)?;
    if let Some(record) = &saved {
        records::rebuild::dealt(record).map_err(AppError::saved_game)?;
    }
    Ok((recorder, saved))
}

/// The history, read by `read`, each line left out said on stderr with
/// its file and line.
pub fn read_history<M>(
    places: &Places,
    read: fn(&Path) -> io::Result<Loaded<M>>,
) -> Result<Loaded<M>, AppError> {
    let loaded = read(&places.history).map_err(|e| {
        AppError::Records(format!(
            "cannot read {}: {e}",
            visible::path(&places.history)
        ))
    })?;
    let mut err = io::stderr().lock();
    for problem in &loaded.problems {
        let _ = writeln!(err, "minesweeper: {problem}");
    }
    Ok(loaded)
}
