//! `play`: the loop of the full-screen game. It draws the state, waits
//! for a key, a click, a signal or the next tick of the clock, hands the
//! command to [`Screen::update`], and carries out what the screen asks of
//! the records.

use std::io;
use std::time::{Duration, Instant};

use crate::command::{Command, Held, command_for, typing_command};
use crate::geometry::Zoom;
use crate::host::{Host, OnTerminal};
use crate::replay;
use crate::shows::Shows;
use crate::state::{Screen, Setup};
use crate::view;
use records::rebuild::RebuildError;
use records::{GameResult, Record, Recorder, Request};
use signals::Signalled;

/// The longest the screen sleeps with nothing due: signals wake it sooner
/// (SIGWINCH, raised by the stop and resume handlers), so this only bounds
/// a sleep that something failed to end, and how long a resize crossterm
/// did not tell goes unseen ([`follow_a_resize_not_told`]).
const IDLE: Duration = Duration::from_secs(1);

/// Takes the terminal's size as it is when no input is waiting, should it
/// differ from the screen's: a SIGWINCH that came in one wake with keys
/// was seen to go untold (1 run in about 36 of a resize test under load),
/// and the screen stayed "too small" on a terminal grown large. Asked only
/// with nothing waiting, so keys typed before a resize still act before
/// it, as they were typed (on a board not yet shown: not at all).
fn follow_a_resize_not_told(screen: &mut Screen, host: &mut impl Host) {
    if let Ok(size) = host.size()
        && size != screen.size()
    {
        let (width, height) = size;
        screen.update(Command::Resize { width, height }, Instant::now());
    }
}

/// Why the full screen could not play.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    /// The terminal could not be read or written.
    Io(#[from] io::Error),
    /// The saved game to carry on cannot be played again.
    #[error(transparent)]
    Rebuild(#[from] RebuildError),
}

/// How often the loop looks for a big board's figures or chances being
/// worked out.
const LOOK_FOR_COUNTS: Duration = Duration::from_millis(10);

/// Plays on the terminal until the player quits, at `zoom`, `saved`
/// first if it is given (its setup made from it), saving and filing the
/// games with `recorder`; the seed of the random board played last, if it
/// was dealt, to print once the screen is given back. The setup must have
/// room for its mines ([`Screen::new`]). Drawn for a terminal that `shows`
/// what the binary found it shows.
pub fn run(
    setup: Setup,
    zoom: Zoom,
    saved: Option<&Record>,
    recorder: Recorder,
    shows: Shows,
) -> Result<Option<u64>, RunError> {
    // The screen is made before the terminal is taken: a saved game that
    // does not play again is said on the terminal as it was.
    let size = crossterm::terminal::size()?;
    let screen = ready(setup, zoom, saved, &recorder, shows, size)?;
    let mut host = OnTerminal::full_screen(shows)?;
    play_on(&mut host, screen, recorder, shows)
}

/// The screen `run` starts from on a terminal of `size`: `saved` carried
/// on, or `setup` dealt, at `zoom`, with the recorder's presets and what
/// the terminal `shows`.
pub fn ready(
    setup: Setup,
    zoom: Zoom,
    saved: Option<&Record>,
    recorder: &Recorder,
    shows: Shows,
    (width, height): (u16, u16),
) -> Result<Screen, RunError> {
    let mut screen = match saved {
        Some(record) => Screen::resume(setup, record, width, height)?,
        None => Screen::new(setup, width, height)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?,
    };
    screen.set_recording(recorder.is_on());
    screen.set_zoom(zoom);
    screen.set_presets(recorder.settings().presets());
    screen.set_sixteen_colours(shows.sixteen());
    Ok(screen)
}

/// The loop of `play` on `host` until the player quits: draw, signals,
/// events; each command's requests carried out by `recorder`, the first
/// trouble told on the message line. The seed of the random board played
/// last, if it was dealt.
pub fn play_on(
    host: &mut impl Host,
    mut screen: Screen,
    mut recorder: Recorder,
    shows: Shows,
) -> Result<Option<u64>, RunError> {
    let (width, height) = host.size()?;
    screen.update(Command::Resize { width, height }, Instant::now());
    host.redraw_whole()?;
    let mut held = Held::default();
    // A signal that ends the game prints the seed, as quitting does.
    host.keep_seed(screen.dealt_seed());
    loop {
        // Woken by something to show: draw it, in the colours the terminal shows.
        let now = Instant::now();
        screen.tick(now);
        // A big board's end counted on a thread: its figures shown, and
        // its save and filing carried out, once they come.
        if screen.collect_counts() {
            record(&mut screen, &mut recorder);
        }
        // The same for a big board's chances, when the overlay is on.
        screen.collect_chances();

        host.draw(|frame| {
            view::draw(frame, &screen, now);
            shows.fit(frame.buffer_mut());
        })?;
        if let Signalled::Resumed { stopped } = host.look_for_signals()? {
            screen.away(stopped, Instant::now());
            host.redraw_whole()?;
            continue;
        }
        // Asleep until a key, a click, a signal (which wakes the reader),
        // the next step of an animated reveal or the next tenth of a
        // second the clock shows.
        let counted_soon = (screen.is_counting() || screen.is_working_out_chances())
            .then(|| now + LOOK_FOR_COUNTS);
        let wake = [
            screen.next_step_due(),
            screen.next_clock_tick(now),
            counted_soon,
        ]
        .into_iter()
        .flatten()
        .min();
        let wait = wake.map_or(IDLE, |at| at.saturating_duration_since(Instant::now()));
        let Some(event) = host.next_event(wait)? else {
            follow_a_resize_not_told(&mut screen, host);
            continue;
        };
        let command = if screen.is_typing() {
            typing_command(&event, &mut held)
        } else {
            command_for(&event, &mut held)
        };
        if let Some(command) = command {
            if command == Command::Suspend
                && let Signalled::Resumed { stopped } = host.suspend()?
            {
                screen.away(stopped, Instant::now());
                host.redraw_whole()?;
            }
            let overlaid = screen.has_overlay();
            screen.update(command, Instant::now());
            record(&mut screen, &mut recorder);
            // A box closed is drawn over whole: a terminal that draws one
            // of its characters wider than they are (an ambiguous-width
            // font) wraps it onto the next line, where no diff of cells
            // would ever look.
            if overlaid && !screen.has_overlay() {
                host.redraw_whole()?;
            }
            if screen.has_quit() {
                break;
            }
            if let Some(played) = screen.take_replay_request() {
                let looks = screen.setup().looks;
                if let Err(why) = replay::watch(&played, looks, host, shows)? {
                    screen.tell(&why);
                }
                // Back to the game as it ended, drawn whole at its size.
                let (width, height) = host.size()?;
                screen.update(Command::Resize { width, height }, Instant::now());
                host.redraw_whole()?;
            }
            host.keep_seed(screen.dealt_seed());
        }
    }
    Ok(screen.dealt_seed())
}

/// Does what the screen asks of the records, and keeps the menu's
/// choices; the first trouble is shown on the message line.
fn record(screen: &mut Screen, recorder: &mut Recorder) {
    for request in screen.take_requests() {
        let won = match &request {
            Request::Save(record) | Request::File(record) => (record.result == GameResult::Won
                && screen.wants_standing())
            .then(|| record.clone()),
        };
        // The win kept first: reading the history (however large or
        // damaged) comes after, and can lose nothing.
        if let Some(trouble) = recorder.carry_out(request) {
            screen.tell(&trouble);
        }
        if let Some(win) = won
            && let Some(standing) = recorder.standing(&win)
        {
            screen.note_standing(standing);
        }
    }
    if screen.wants_scores() {
        screen.show_scores(recorder.groups());
    }
    if let Some(chosen) = screen.take_settings()
        && let Some(trouble) = recorder.keep_settings(&chosen)
    {
        screen.tell(&trouble);
    }
}
