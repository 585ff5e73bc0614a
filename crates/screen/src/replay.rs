//! `replay`: a recorded game played back on the full screen at the pace
//! it was played, paused, stepped forward and back, faster or slower.
//!
//! The board is a [`Screen`] fed the recorded events at their times, so a
//! replay looks and reads exactly like the game did (messages, clock,
//! counts and the summary at the end). Time runs on a clock of its own:
//! the position in the game, in milliseconds, moved on by real time times
//! the speed. A step back deals the game again and plays the events before.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::style::{Modifier, Style};

use crate::host::{Host, OnTerminal};
use crate::shows::Shows;
use crate::state::{Screen, Setup};
use crate::theme::Looks;
use crate::view;
use engine::NoRoom;
use records::rebuild::{RebuildError, Rebuilder};
use records::{Logged, Record};
use signals::{LOOK_EVERY, Signalled};

/// The slowest and fastest speeds, times the real pace.
pub(crate) const SPEEDS: (f64, f64) = (0.25, 64.0);

/// A replay in progress.
#[derive(Debug)]
pub struct Replay {
    setup: Setup,
    events: Vec<Logged>,
    /// The game as the events played so far left it.
    pub screen: Screen,
    /// Events played.
    pub played: usize,
    /// Where the replay is in the game, in milliseconds from its first event.
    pub position: f64,
    /// Whether the replay stands still.
    pub paused: bool,
    /// How many times the game's pace it plays at.
    pub speed: f64,
    /// The instant that stands for the game's first event: the screen's
    /// clock reads the game's times from it.
    origin: Instant,
    /// What the replay is of, for its bar.
    pub title: String,
    /// Clicks of the game that changed nothing: not among its events,
    /// but counted at its end, as they were when it was played.
    wasted: usize,
}

/// What a key asks of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Stand still, or go on.
    Pause,
    /// One event on.
    Forward,
    /// One event back.
    Back,
    /// Play faster.
    Faster,
    /// Play slower.
    Slower,
    /// Back to the start.
    Start,
    /// On to the end.
    End,
    /// Stop the program (Ctrl-Z).
    Suspend,
    /// Leave the replay.
    Quit,
}

impl Replay {
    /// The replay of `events` on `setup`'s board, at `speed`, before its
    /// first event.
    pub fn new(
        setup: Setup,
        events: Vec<Logged>,
        speed: f64,
        title: String,
        size: (u16, u16),
        now: Instant,
    ) -> Result<Self, RebuildError> {
        let screen = replaying(&setup, size.0, size.1)?;
        Ok(Replay {
            setup,
            events,
            screen,
            played: 0,
            position: 0.0,
            paused: false,
            speed: speed.clamp(SPEEDS.0, SPEEDS.1),
            origin: now,
            title,
            wasted: 0,
        })
    }

    /// The game had `wasted` clicks that changed nothing (the record's
    /// count): its end counts them, as it did when it was played.
    pub fn with_wasted_clicks(mut self, wasted: usize) -> Self {
        self.wasted = wasted;
        self.screen.count_wasted_clicks(wasted);
        self
    }

    /// The game's events.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether the game has no event.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Whether every event has been played.
    pub fn at_end(&self) -> bool {
        self.played == self.events.len()
    }

    /// The instant the screen reads its clock at.
    pub(crate) fn screen_now(&self) -> Instant {
        self.origin + Duration::from_secs_f64(self.position.max(0.0) / 1000.0)
    }

    /// Moves the replay on by `real` time: every event whose time has come
    /// is played. At the end it pauses.
    pub fn advance(&mut self, real: Duration) {
        if self.paused {
            return;
        }
        self.position += real.as_secs_f64() * 1000.0 * self.speed;
        while let Some(next) = self.events.get(self.played) {
            if next.ms as f64 > self.position {
                break;
            }
            self.play_next();
        }
        if self.at_end() {
            self.paused = true;
        }
    }

    /// When the next event is due, in real time from now.
    pub(crate) fn next_due(&self) -> Option<Duration> {
        if self.paused {
            return None;
        }
        let next = self.events.get(self.played)?;
        let wait = (next.ms as f64 - self.position).max(0.0) / self.speed;
        Some(Duration::from_secs_f64(wait / 1000.0))
    }

    fn play_next(&mut self) {
        let Some(&Logged { event, ms }) = self.events.get(self.played) else {
            return;
        };
        let at = self.origin + Duration::from_millis(ms);
        self.screen.replay_event(event, at);
        self.played += 1;
    }

    /// Acts on a key's `control`.
    pub fn control(&mut self, control: Control) {
        match control {
            // At the end, playing again starts from the beginning.
            Control::Pause if self.at_end() => {
                self.go_to(0);
                self.paused = false;
            }
            Control::Pause => self.paused = !self.paused,
            Control::Forward => {
                self.paused = true;
                self.play_next();
                self.position = self.time_of_last_played();
            }
            Control::Back => {
                self.paused = true;
                self.go_to(self.played.saturating_sub(1));
            }
            Control::Faster => self.speed = (self.speed * 2.0).min(SPEEDS.1),
            Control::Slower => self.speed = (self.speed / 2.0).max(SPEEDS.0),
            Control::Start => {
                self.paused = true;
                self.go_to(0);
            }
            Control::End => {
                self.paused = true;
                self.go_to(self.events.len());
            }
            Control::Suspend | Control::Quit => {}
        }
    }

    fn time_of_last_played(&self) -> f64 {
        self.played
            .checked_sub(1)
            .map_or(0.0, |i| self.events[i].ms as f64)
    }

    /// The game after its first `played` events, dealt again if that is
    /// a step back.
    fn go_to(&mut self, played: usize) {
        if played < self.played {
            let (width, height) = self.screen.size();
            self.screen = replaying(&self.setup, width, height + 1)
                .expect("the board had room when the replay began");
            self.screen.count_wasted_clicks(self.wasted);
            self.played = 0;
        }
        while self.played < played {
            self.play_next();
        }
        self.position = self.time_of_last_played();
    }

    /// The bar at the foot of the screen, `width` columns at most: where
    /// the replay is, then its keys. The title goes first where the
    /// width is short, then words, and the keys last: on 40 columns the
    /// move, the state, the speed and the short keys all fit.
    pub fn bar(&self, width: usize) -> String {
        let state = if self.at_end() {
            "the end"
        } else if self.paused {
            "paused"
        } else {
            "playing"
        };
        let (played, of, speed) = (self.played, self.events.len(), self.speed);
        let places = [
            format!(
                "Replay {}: move {played} of {of}, {state}, {speed}x",
                self.title
            ),
            format!("Move {played} of {of}, {state}, {speed}x"),
            format!("Move {played}/{of}, {state}, {speed}x"),
            format!("{played}/{of} {state} {speed}x"),
        ];
        let keys = [
            "  space pause  \u{2190}\u{2192} step  + - speed  Home End  q quit",
            "  space \u{2190}\u{2192} + - q",
        ];
        let fits = |text: &String| text.chars().count() <= width;
        let with_keys = places
            .iter()
            .flat_map(|place| keys.iter().map(move |keys| format!("{place}{keys}")));
        with_keys
            .chain(places.iter().cloned())
            .find(fits)
            .unwrap_or_else(|| places[places.len() - 1].clone())
    }
}

/// The control a key stands for.
pub(crate) fn control_for(event: &TermEvent) -> Option<Control> {
    let TermEvent::Key(key) = event else {
        return None;
    };
    if key.kind == KeyEventKind::Release {
        return None;
    }
    Some(match key.code {
        KeyCode::Char(' ' | 'p') => Control::Pause,
        KeyCode::Right | KeyCode::Char('l' | '.') => Control::Forward,
        KeyCode::Left | KeyCode::Char('h' | ',') => Control::Back,
        KeyCode::Char('+' | '=') | KeyCode::Up => Control::Faster,
        KeyCode::Char('-' | '_') | KeyCode::Down => Control::Slower,
        KeyCode::Home | KeyCode::Char('0') => Control::Start,
        KeyCode::End | KeyCode::Char('$') => Control::End,
        KeyCode::Char('q') | KeyCode::Esc => Control::Quit,
        KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Control::Quit,
        KeyCode::Char('z') if key.modifiers.contains(KeyModifiers::CONTROL) => Control::Suspend,
        _ => return None,
    })
}

/// Plays `replay` on the terminal until the player quits, drawn for a
/// terminal that `shows` what the binary found it shows.
pub fn run(replay: Replay, shows: Shows) -> io::Result<()> {
    let mut host = OnTerminal::full_screen(shows)?;
    play_on(&mut host, replay, shows)
}

/// Plays `replay` on `host` until the player quits it.
pub fn play_on(host: &mut impl Host, mut replay: Replay, shows: Shows) -> io::Result<()> {
    replay.screen.set_sixteen_colours(shows.sixteen());
    play_back(&mut replay, host, shows)
}

/// `record`, the game `play` has just ended, played back on `play`'s own
/// terminal (`w`), in `looks`, until the player quits the replay; `Err`
/// says why it cannot be.
pub(crate) fn watch(
    record: &Record,
    looks: Looks,
    host: &mut impl Host,
    shows: Shows,
) -> io::Result<Result<(), String>> {
    let why = |e: RebuildError| format!("This game cannot be watched again: {e}");
    let setup = match Setup::recorded(record, looks, None) {
        Ok(setup) => setup,
        Err(e) => return Ok(Err(why(e))),
    };
    let events = match Rebuilder::new(record, &solver::NoGuess) {
        Ok(rebuilder) => rebuilder.events_to_watch(),
        Err(e) => return Ok(Err(why(e))),
    };
    let size = host.size()?;
    let title = "of the game just played".to_owned();
    let wasted = usize::try_from(record.wasted).unwrap_or(usize::MAX);
    let mut replay = match Replay::new(setup, events, 1.0, title, size, Instant::now()) {
        Ok(replay) => replay.with_wasted_clicks(wasted),
        Err(e) => return Ok(Err(why(e))),
    };
    replay.screen.set_sixteen_colours(shows.sixteen());
    play_back(&mut replay, host, shows)?;
    Ok(Ok(()))
}

/// Plays `replay` on `host` until the player quits it.
fn play_back(replay: &mut Replay, host: &mut impl Host, shows: Shows) -> io::Result<()> {
    // The bar takes the last row, as below.
    let (width, height) = host.size()?;
    let height = height.saturating_sub(1);
    replay.screen.update(
        crate::command::Command::Resize { width, height },
        Instant::now(),
    );
    host.redraw_whole()?;
    let mut last = Instant::now();
    loop {
        let now = Instant::now();
        replay.advance(now - last);
        last = now;
        replay.screen.collect_counts();
        host.draw(|frame| {
            view::draw(frame, &replay.screen, replay.screen_now());
            let area = frame.area();
            let y = area.height.saturating_sub(1);
            frame.buffer_mut().set_stringn(
                0,
                y,
                format!(
                    "{:<width$}",
                    replay.bar(usize::from(area.width)),
                    width = usize::from(area.width)
                ),
                usize::from(area.width),
                Style::default().add_modifier(Modifier::REVERSED),
            );
            shows.fit(frame.buffer_mut());
        })?;
        if let Signalled::Resumed { .. } = host.look_for_signals()? {
            // The time stopped is not the replay's to play.
            host.redraw_whole()?;
            last = Instant::now();
        }
        // The clock on screen moves on every tenth of a second.
        let wait = replay
            .next_due()
            .map_or(LOOK_EVERY, |due| due.min(LOOK_EVERY))
            .min(Duration::from_millis(if replay.screen.is_counting() {
                10
            } else {
                100
            }));
        let Some(read) = host.next_event(wait)? else {
            continue;
        };
        if let TermEvent::Resize(width, height) = read {
            let height = height.saturating_sub(1);
            replay
                .screen
                .update(crate::command::Command::Resize { width, height }, now);
            continue;
        }
        match control_for(&read) {
            Some(Control::Quit) => return Ok(()),
            Some(Control::Suspend) => {
                host.suspend()?;
                host.redraw_whole()?;
                last = Instant::now();
            }
            Some(control) => replay.control(control),
            None => {}
        }
    }
}

/// A screen for a replay on a terminal of `width` x `height`: the last
/// line is the replay's bar; what it plays is already recorded, so it
/// keeps no records.
fn replaying(setup: &Setup, width: u16, height: u16) -> Result<Screen, NoRoom> {
    let mut screen = Screen::new(setup.clone(), width, height.saturating_sub(1))?;
    screen.set_replay();
    Ok(screen)
}
