//! `replay`: a recorded game (`last`, a number in the history, a move log
//! or a saved game) watched again on the full screen, or written out as a
//! plain text move log.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use console::render::Paint;
use records::history::{self, Loaded};
use records::places::Places;
use records::rebuild::Rebuilder;
use records::{Record, export, save, settings};
use screen::replay::Replay;
use screen::state::Setup;

use crate::cli::ReplayArgs;
use crate::error::AppError;
use crate::recording::{places, read_history};

use super::play::{looks, theme};

pub fn run(args: &ReplayArgs, out: &mut impl Write, paint: Paint) -> Result<(), AppError> {
    let (record, title) = recorded_game(&args.game)?;
    match &args.export {
        Some(path) if path.as_os_str() == "-" => {
            out.write_all(export::to_text(&record).as_bytes())?
        }
        Some(path) => std::fs::write(path, export::to_text(&record))
            .map_err(|e| AppError::Records(format!("cannot write {}: {e}", visible::path(path))))?,
        None => show(&record, title, args.speed, paint)?,
    }
    Ok(())
}

/// The game `replay` names: `last`, a number in the history, or a file
/// (a move log, or a saved game); with a title for the replay's bar.
fn recorded_game(which: &str) -> Result<(Record, String), AppError> {
    let from_history = |pick: &dyn Fn(&Loaded) -> Option<(usize, Record)>| {
        let places = places()?;
        let loaded = read_history(&places, history::read)?;
        let shown = visible::path(&places.history).to_string();
        match pick(&loaded) {
            Some((number, record)) => Ok((record, format!("of game #{number}"))),
            None if loaded.records.is_empty() => Err(AppError::Records(format!(
                "no game has been recorded yet (in {shown})"
            ))),
            None => Err(AppError::Records(format!(
                "no game #{which} in {shown}: its games are numbered {} to {}",
                loaded.records[0].0,
                loaded.records[loaded.records.len() - 1].0
            ))),
        }
    };
    if which == "last" {
        return from_history(&|loaded| loaded.records.last().cloned());
    }
    if let Ok(number) = which.parse::<usize>()
        && !Path::new(which).exists()
    {
        return from_history(&|loaded| {
            loaded
                .records
                .iter()
                .find(|(line, _)| *line == number)
                .cloned()
        });
    }
    let path = Path::new(which);
    let shown = visible::path(path).to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| AppError::Records(format!("cannot read {shown}: {e}")))?;
    let record = if text.trim_start().starts_with('{') {
        save::read(path)
            .map_err(|e| AppError::Records(e.to_string()))?
            .ok_or_else(|| AppError::Records(format!("{shown} is empty")))?
    } else {
        export::from_text(&text).map_err(|e| AppError::Records(format!("{shown}: {e}")))?
    };
    Ok((record, format!("of {shown}")))
}

/// The game on the full screen, at `speed` times its pace.
fn show(record: &Record, title: String, speed: f64, paint: Paint) -> Result<(), AppError> {
    let rebuild_error = |why| AppError::Rebuild {
        what: format!("the game {title}"),
        why,
    };
    // In the colours last chosen in `play`'s menu.
    let settings = Places::find()
        .map(|places| settings::read(&places.settings))
        .unwrap_or_default();
    let looks = looks(theme(None, &settings), paint);
    let setup = Setup::recorded(record, looks, None).map_err(rebuild_error)?;
    // Every move is checked against the board before the screen is taken.
    let rebuilder = Rebuilder::new(record).map_err(rebuild_error)?;
    let events = rebuilder.events().to_vec();
    let size = crossterm::terminal::size()?;
    let replay = Replay::new(setup, events, speed, title.clone(), size, Instant::now())
        .map_err(rebuild_error)?;
    screen::replay::run(replay)?;
    Ok(())
}
