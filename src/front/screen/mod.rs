//! `minesweeper play`: the full-screen game, with keys and mouse.
//!
//! In the shape of the Elm architecture that ratatui apps use: the
//! [`state`] of the screen and its `update` (a command in, a new state
//! out), the key and mouse map apart from it ([`command`]), a [`view`]
//! that draws the state, and the terminal's modes taken and given back in
//! one place ([`RawMode`](super::raw_mode::RawMode), signals included).

pub mod command;
pub mod geometry;
pub mod playback;
pub mod replay;
pub mod state;
pub mod summary;
pub mod theme;
pub mod view;

use std::io;
use std::time::{Duration, Instant};

use crossterm::event;
use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};

use command::{Held, command_for};
use console::terminal::interrupt::SeedOnInterrupt;
use console::terminal::{LOOK_EVERY, RawMode, Signalled};
use records::Record;
use records::Recorder;
use records::rebuild::RebuildError;
use state::{Screen, Setup};

/// How often the clock on screen is redrawn while nothing happens.
const TICK: Duration = Duration::from_millis(100);

/// Why the full screen could not play.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The saved game to carry on cannot be played again.
    #[error(transparent)]
    Rebuild(#[from] RebuildError),
}

/// Plays on the terminal until the player quits, `saved` first if it is
/// given (its setup made from it), saving and filing the games with
/// `recorder`; the seed of the last random board played, to print once the
/// screen is given back. The setup must have room for its mines
/// ([`Screen::new`]).
pub fn run(
    setup: Setup,
    saved: Option<&Record>,
    mut recorder: Recorder,
) -> Result<Option<u64>, RunError> {
    let (width, height) = crossterm::terminal::size()?;
    let mut screen = match saved {
        Some(record) => Screen::resume(setup, record, width, height)?,
        None => Screen::new(setup, width, height)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?,
    };
    screen.recording = recorder.is_on();
    let mut raw = RawMode::full_screen()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    redraw_whole(&mut terminal)?;
    let mut drawn = Instant::now() - TICK;
    let mut held = Held::default();
    // A signal that ends the game prints the seed, as quitting does.
    let seed_keeper = SeedOnInterrupt::new();
    seed_keeper.keep(screen.seed());
    loop {
        let now = Instant::now();
        if screen.tick(now) {
            drawn = now - TICK;
        }
        if now.duration_since(drawn) >= TICK {
            terminal.draw(|frame| view::draw(frame, &screen, now))?;
            drawn = now;
        }
        if raw.look_for_signals()? == Signalled::Resumed {
            redraw_whole(&mut terminal)?;
            drawn = now - TICK;
        }
        // An animated reveal's next step is drawn when it is due.
        let wait = screen.next_step_due().map_or(LOOK_EVERY, |due| {
            due.saturating_duration_since(Instant::now())
                .min(LOOK_EVERY)
        });
        if !event::poll(wait)? {
            continue;
        }
        if let Some(command) = command_for(&event::read()?, &mut held) {
            if command == command::Command::Suspend {
                raw.suspend()?;
                redraw_whole(&mut terminal)?;
            }
            screen.update(command, Instant::now());
            record(&mut screen, &mut recorder);
            if screen.quit {
                break;
            }
            seed_keeper.keep(screen.seed());
            drawn = now - TICK;
        }
    }
    drop(terminal);
    drop(raw);
    Ok(screen.seed())
}

/// Does what the screen asks of the records; the first trouble is shown
/// on the message line.
fn record(screen: &mut Screen, recorder: &mut Recorder) {
    for request in screen.take_requests() {
        if let Some(trouble) = recorder.carry_out(request) {
            screen.message = format!("{trouble}. {}", screen.message);
        }
    }
}

/// Clears the screen and forgets what was drawn, so that the next frame is
/// drawn whole. ratatui's own `clear` first asks the terminal where its
/// cursor is, and fails after two seconds on one that does not answer.
pub(super) fn redraw_whole<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
) -> io::Result<()> {
    terminal.backend_mut().clear()?;
    // Each swap empties the buffer that becomes current: after two, both
    // are empty, and the next frame is compared with nothing.
    terminal.swap_buffers();
    terminal.swap_buffers();
    Ok(())
}
