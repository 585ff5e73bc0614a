//! `replay`: a recorded game (`last`, a number in the history, a move log
//! or a saved game) watched again on the full screen, or written out as a
//! plain text move log.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use console::animate::locale_is_utf8;
use console::messages::Printer;
use console::render::Paint;
use records::places::Places;
use records::rebuild::Rebuilder;
use records::{MOST_RECORD, Record, boards, export, file, save, settings};
use screen::Shows;
use screen::replay::Replay;
use screen::state::Setup;

use crate::cli::ReplayArgs;
use crate::error::AppError;
use crate::recording::{each_in_history, places};

pub(super) fn run(
    args: &ReplayArgs,
    out: &mut impl Write,
    paint: Paint,
    shows: Shows,
    printer: Printer,
) -> Result<(), AppError> {
    let (mut record, title) = recorded_game(&args.game, printer)?;
    with_its_board(&mut record)?;
    if let Some(path) = &args.html {
        let page = crate::replay_page::page(&record, &title)?;
        return write_to(path, page.as_bytes(), out);
    }
    match &args.export {
        Some(path) => write_to(path, export::to_text(&record).as_bytes(), out)?,
        None => show(&record, title, args.speed, paint, shows)?,
    }
    Ok(())
}

/// `bytes` into the file at `path`, or on stdout for `-`.
fn write_to(path: &Path, bytes: &[u8], out: &mut impl Write) -> Result<(), AppError> {
    if path.as_os_str() == "-" {
        return Ok(out.write_all(bytes)?);
    }
    std::fs::write(path, bytes)
        .map_err(|e| AppError::Records(format!("cannot write {}: {e}", visible::path(path))))
}

/// Puts the board file's text back in `record` when it names its board by
/// SHA-256, from the store beside the history.
fn with_its_board(record: &mut Record) -> Result<(), AppError> {
    if record.board.sha256.is_none() || record.board.file.is_some() {
        return Ok(());
    }
    let places = places()?;
    boards::attach(&places.boards, record)
        .map_err(|e| AppError::Records(format!("cannot replay the game: {e}")))
}

/// The game `replay` names: `last`, a number in the history, or a file
/// (a move log, or a saved game); with a title for the replay's bar.
fn recorded_game(which: &str, printer: Printer) -> Result<(Record, String), AppError> {
    let number = match which {
        "last" => None,
        _ => match which.parse::<usize>() {
            Ok(number) if !Path::new(which).exists() => Some(number),
            _ => return recorded_file(Path::new(which)),
        },
    };
    // The history read a chunk at a time, only the game asked for kept.
    let places = places()?;
    let (mut first, mut last, mut found) = (None, 0, None);
    each_in_history(
        &places,
        |line, record: Record| {
            first.get_or_insert(line);
            last = line;
            if number.is_none_or(|number| number == line) {
                found = Some((line, record));
            }
        },
        printer,
    )?;
    let shown = visible::path(&places.history);
    match (found, first) {
        (Some((number, record)), _) => Ok((record, format!("of game #{number}"))),
        (None, None) => Err(AppError::Records(format!(
            "no game has been recorded yet (in {shown})"
        ))),
        (None, Some(first)) => Err(AppError::Records(format!(
            "no game #{which} in {shown}: its games are numbered {first} to {last}"
        ))),
    }
}

/// The game in the file at `path`: a move log, or a saved game.
fn recorded_file(path: &Path) -> Result<(Record, String), AppError> {
    let shown = visible::path(path);
    let cannot = |e: std::io::Error| AppError::Records(format!("cannot read {shown}: {e}"));
    // A file the user names may be reached through links; record files
    // are read only as files of their own, so the links are followed here.
    let resolved = std::fs::canonicalize(path).map_err(cannot)?;
    let path = resolved.as_path();
    let bytes = file::read_at_most(path, MOST_RECORD)
        .map_err(cannot)?
        .ok_or_else(|| cannot(std::io::ErrorKind::NotFound.into()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| AppError::Records(format!("{shown}: not a move log (not UTF-8 text)")))?;
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
fn show(
    record: &Record,
    title: String,
    speed: f64,
    paint: Paint,
    shows: Shows,
) -> Result<(), AppError> {
    super::play::full_screen_shows()?;
    let rebuild_error = |why| AppError::Rebuild {
        what: format!("the game {title}"),
        why,
    };
    // In the colours last chosen in `play`'s menu.
    let settings = Places::find()
        .map(|places| settings::read(&places.settings))
        .unwrap_or_default();
    let looks = crate::plan::looks(None, &settings, paint, locale_is_utf8());
    let setup = Setup::recorded(record, looks, None).map_err(rebuild_error)?;
    // Every move is checked against the board before the screen is taken.
    let rebuilder = Rebuilder::new(record, &solver::NoGuess).map_err(rebuild_error)?;
    let events = rebuilder.events_to_watch();
    let size = crossterm::terminal::size()?;
    let wasted = usize::try_from(record.wasted).unwrap_or(usize::MAX);
    let shown = format!("{title}{}", crate::replay_page::wall_clock_note(record));
    let replay = Replay::new(setup, events, speed, shown, size, Instant::now())
        .map_err(rebuild_error)?
        .with_wasted_clicks(wasted);
    screen::replay::run(replay, shows)?;
    Ok(())
}
