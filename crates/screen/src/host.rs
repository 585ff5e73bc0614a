//! Where the full screen's loops run: a real terminal ([`OnTerminal`]:
//! raw mode and the alternate screen, crossterm's events, a stop and a
//! resume, the seed said if a signal ends the game), or a script of
//! events drawn into ratatui's test backend ([`Scripted`]). The loops of
//! `play` and `replay` are written once against [`Host`], so their tests
//! feed keys to the very loop a player's keys reach, in this process;
//! what only a terminal shows (its modes given back, signals, colours as
//! it draws them) stays with the pseudo-terminal tests.

use std::collections::VecDeque;
use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event};
use ratatui::backend::{CrosstermBackend, TestBackend};
use ratatui::{Frame, Terminal};

use crate::shows::Shows;
use crate::sixteen::SixteenColours;
use console::interrupt::SeedOnInterrupt;
use signals::{RawMode, Signalled};

/// What a loop of the full screen needs of where it runs.
pub trait Host {
    /// Draws a frame; only what changed since the last reaches the
    /// terminal.
    fn draw(&mut self, draw: impl FnOnce(&mut Frame)) -> io::Result<()>;
    /// Forgets what was drawn, so that the next frame is drawn whole.
    fn redraw_whole(&mut self) -> io::Result<()>;
    /// The terminal's size, columns then rows, once the resizes so far
    /// are heard.
    fn size(&mut self) -> io::Result<(u16, u16)>;
    /// The next key, click, focus change or resize, waiting at most
    /// `wait`; `None` when none came.
    fn next_event(&mut self, wait: Duration) -> io::Result<Option<Event>>;
    /// Whether the program was stopped and resumed since the last look.
    fn look_for_signals(&mut self) -> io::Result<Signalled>;
    /// Ctrl-Z: the terminal given back and the program stopped, until it
    /// is resumed.
    fn suspend(&mut self) -> io::Result<Signalled>;
    /// The seed of the game now played (`None`: a board file), said
    /// should a signal end the program.
    fn keep_seed(&mut self, seed: Option<u64>);
}

/// The full screen's terminal, its colours said as the terminal shows
/// them.
type FullScreen = Terminal<CrosstermBackend<SixteenColours<io::Stdout>>>;

/// The terminal the program runs in, taken in raw mode on the alternate
/// screen and given back when dropped (the terminal's output first, then
/// its modes).
pub struct OnTerminal {
    terminal: FullScreen,
    raw: RawMode,
    seed: SeedOnInterrupt,
}

impl OnTerminal {
    /// Takes the terminal for the full screen, drawing in the colours it
    /// `shows`.
    pub fn full_screen(shows: Shows) -> io::Result<OnTerminal> {
        let raw = RawMode::full_screen()?;
        let out = SixteenColours::new(io::stdout(), shows.sixteen());
        let terminal = Terminal::new(CrosstermBackend::new(out))?;
        Ok(OnTerminal {
            terminal,
            raw,
            seed: SeedOnInterrupt::new(),
        })
    }
}

impl Host for OnTerminal {
    fn draw(&mut self, draw: impl FnOnce(&mut Frame)) -> io::Result<()> {
        self.terminal.draw(draw).map(|_| ())
    }

    fn redraw_whole(&mut self) -> io::Result<()> {
        crate::view::redraw_whole(&mut self.terminal)
    }

    fn size(&mut self) -> io::Result<(u16, u16)> {
        crate::command::size_once_resizes_are_heard()
    }

    fn next_event(&mut self, wait: Duration) -> io::Result<Option<Event>> {
        if event::poll(wait)? {
            event::read().map(Some)
        } else {
            Ok(None)
        }
    }

    fn look_for_signals(&mut self) -> io::Result<Signalled> {
        self.raw.look_for_signals()
    }

    fn suspend(&mut self) -> io::Result<Signalled> {
        self.raw.suspend()
    }

    fn keep_seed(&mut self, seed: Option<u64>) {
        self.seed.keep(seed);
    }
}

/// A host that plays a script of events, one each time the loop waits,
/// on a terminal of ratatui's test backend; it keeps the screen as it was
/// when each event was taken, and a script that runs out is an error, so
/// a loop that would never end fails its test instead.
pub struct Scripted {
    terminal: Terminal<TestBackend>,
    events: VecDeque<Event>,
    /// The screen, a line a row, as it stood when each event was taken.
    pub seen: Vec<String>,
    /// How many times Ctrl-Z stopped the program.
    pub suspended: usize,
    /// How many times the screen was drawn whole.
    pub redrawn_whole: usize,
    /// The seed a signal would have said, as the loop last kept it.
    pub seed: Option<u64>,
}

impl Scripted {
    /// A terminal of `width` x `height` that will be given `events`, in
    /// order.
    pub fn new(width: u16, height: u16, events: impl IntoIterator<Item = Event>) -> Scripted {
        Scripted {
            terminal: Terminal::new(TestBackend::new(width, height))
                .expect("the test backend cannot fail"),
            events: events.into_iter().collect(),
            seen: Vec::new(),
            suspended: 0,
            redrawn_whole: 0,
            seed: None,
        }
    }

    /// The screen as it stands, a line a row, trailing spaces kept.
    pub fn screen(&self) -> String {
        let buffer = self.terminal.backend().buffer();
        let width = usize::from(buffer.area.width);
        let symbols: Vec<&str> = buffer
            .content
            .iter()
            .map(ratatui::buffer::Cell::symbol)
            .collect();
        symbols
            .chunks(width.max(1))
            .map(<[&str]>::concat)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Host for Scripted {
    fn draw(&mut self, draw: impl FnOnce(&mut Frame)) -> io::Result<()> {
        let Ok(_) = self.terminal.draw(draw);
        Ok(())
    }

    fn redraw_whole(&mut self) -> io::Result<()> {
        self.redrawn_whole += 1;
        let Ok(()) = self.terminal.clear();
        Ok(())
    }

    fn size(&mut self) -> io::Result<(u16, u16)> {
        let area = self.terminal.backend().buffer().area;
        Ok((area.width, area.height))
    }

    fn next_event(&mut self, _wait: Duration) -> io::Result<Option<Event>> {
        self.seen.push(self.screen());
        let event = self.events.pop_front().ok_or_else(|| {
            io::Error::other("the script ran out of events before the loop ended")
        })?;
        if let Event::Resize(width, height) = event {
            self.terminal.backend_mut().resize(width, height);
            let Ok(()) = self
                .terminal
                .resize(ratatui::layout::Rect::new(0, 0, width, height));
        }
        Ok(Some(event))
    }

    fn look_for_signals(&mut self) -> io::Result<Signalled> {
        Ok(Signalled::Nothing)
    }

    fn suspend(&mut self) -> io::Result<Signalled> {
        self.suspended += 1;
        Ok(Signalled::Resumed {
            stopped: Instant::now(),
        })
    }

    fn keep_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }
}
