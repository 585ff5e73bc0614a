//! The full screen's state, and `update`: a command in, a new state out.
//! Nothing here draws or reads the terminal, so every behaviour is tested
//! as values.

use std::time::{Duration, Instant};

use crate::animation::{Animation, Steps};
use crate::command::{Button, Command, Edge, Press};
use crate::geometry::{Geometry, Zoom};
use crate::menu::{Choices, Menu};
use crate::sheet::{Scores, Sheet, Shown};
use console::summary::{COUNTED_AT_ONCE, Summary, figures};

use crate::theme::Looks;
use console::explain;
use console::words::{counted, message};
pub use engine::Deal;
use engine::{
    Action, Cover, FirstMove, Game, Glyph, Layout, Marks, Move, NoRoom, Outcome, Pos, Rules, Status,
};
use engine::{RuleSet, ThreeBv};
use records::log::{Described, Log};
use records::rebuild::{Dealt, RebuildError, dealt, rebuild};
use records::settings::{Preset, Settings};
use records::stats::{Group, Key, Standing};
use records::{Event, Front, Record, Request, millis};
use solver::{Adviser, ChancesWorkedOut, Hint};

/// What a hint costs when hints are paid for in time, as GNOME Mines
/// counts it.
pub const HINT_PENALTY: Duration = Duration::from_secs(10);

/// What a full-screen session plays.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Where the board comes from.
    pub deal: Deal,
    /// The rule set: its name for the status line and the records, its
    /// words for the outcomes.
    pub rule_set: &'static RuleSet,
    /// Its rules, with the first move the player asked for.
    pub rules: Rules,
    /// How the board is drawn.
    pub looks: Looks,
    /// With `--animate`: the time between a reveal's steps.
    pub animate: Option<Duration>,
    /// The board file's name, for the records.
    pub board_name: Option<String>,
    /// Time added to the clock for each hint ([`HINT_PENALTY`]), which
    /// keeps a win with hints among the clean ones; `None`: hints are
    /// free, and a win with one is a win with help.
    pub hint_penalty: Option<Duration>,
    /// The seed of the first random board the menu deals when the game is
    /// on a board file (after a random board, the next seed follows its);
    /// [`Setup::recorded`] gives the record's seed and one, which a front
    /// end may replace with a fresh seed.
    pub spare_seed: u64,
}

impl Setup {
    /// What a recorded game was played by and on, with the looks and the
    /// animation asked for now.
    pub fn recorded(
        record: &Record,
        looks: Looks,
        animate: Option<Duration>,
    ) -> Result<Setup, RebuildError> {
        let Dealt {
            rule_set,
            rules,
            deal,
        } = dealt(record)?;
        Ok(Setup {
            deal,
            rule_set,
            rules,
            looks,
            animate,
            board_name: record.board.name.clone(),
            hint_penalty: (record.hint_penalty_s > 0)
                .then(|| Duration::from_secs(record.hint_penalty_s.into())),
            spare_seed: record.board.seed.unwrap_or_default().wrapping_add(1),
        })
    }
}

/// Boards up to this many squares have their chances worked out at once;
/// bigger ones on a thread, as the frontier may be long.
const CHANCES_AT_ONCE: usize = 250_000;

/// The screen: a game, the cursor and the view, the clock, and what is
/// shown over the board.
#[derive(Debug)]
pub struct Screen {
    setup: Setup,
    game: Game,
    cursor: Pos,
    /// The top left square in view.
    origin: Pos,
    width: u16,
    height: u16,
    clock: Clock,
    paused: bool,
    /// The pause came from the terminal going to the back, and ends
    /// when it comes to the front.
    paused_by_focus: bool,
    /// The sheet over the board (the keys, the statistics) and its page,
    /// while one is shown.
    sheet: Option<Shown>,
    /// The squares' size.
    zoom: Zoom,
    /// The sizes the player named, for the menu.
    presets: Vec<Preset>,
    /// Whether the chance of a mine is shown on each covered square.
    overlay: bool,
    /// The square the last hint names, marked on the board until the next
    /// move: the cursor stays where the player left it.
    hinted: Option<Pos>,
    /// The square under the mouse, and what it holds down there.
    pointer: Option<(Pos, Press)>,
    /// The menu, while it is open.
    menu: Option<Menu>,
    /// The game in play is in the history: nothing more of it is saved.
    filed: bool,
    /// Choices applied from the menu, for the settings file.
    settings: Option<Settings>,
    message: String,
    /// While a first Esc asks whether to quit: the message it covers.
    asking_to_quit: Option<String>,
    /// Chances being worked out on a thread, for a big board's overlay.
    chances_coming: Option<std::sync::mpsc::Receiver<ChancesWorkedOut>>,
    /// A big board's figures, being counted on a thread at the end.
    counting: Option<std::sync::mpsc::Receiver<(ThreeBv, Option<usize>)>>,
    /// The last move's save waits for them: the time played then.
    noted_when_counted: Option<u64>,
    /// The game just ended is to be watched again (`w`): the loop plays
    /// its record back.
    wants_replay: bool,
    /// The game's loss was watched again, every mine shown: it stands, no
    /// undo plays on from it.
    loss_watched: bool,
    /// A message and its short form, said instead while the message is
    /// that one and the screen has no room for it (a hint's reason).
    short_message: Option<(String, String)>,
    hints: usize,
    undos: usize,
    /// Moves that changed the board: reveals, chords and marks.
    clicks: usize,
    /// Moves that changed nothing: counted by efficiency all the same.
    wasted: usize,
    /// The figures of the game once it has ended.
    summary: Option<Summary>,
    /// The reveal being animated.
    animation: Option<Animation>,
    adviser: Adviser,
    quit: bool,
    /// The record of the game in play.
    log: Log,
    /// What the records are to do, oldest first ([`Screen::take_requests`]).
    requests: Vec<Request>,
    /// Whether the games are recorded: without, no record of the game is
    /// built after each move only to be dropped.
    recording: bool,
    /// A replay's screen ([`Screen::set_replay`]).
    replay: bool,
}

impl Screen {
    /// What is played, and how it looks.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The game in play.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The square under the cursor.
    pub fn cursor(&self) -> Pos {
        self.cursor
    }

    /// The top left square in view.
    pub fn origin(&self) -> Pos {
        self.origin
    }

    /// The terminal's width and height.
    pub fn size(&self) -> (u16, u16) {
        (self.width, self.height)
    }

    /// Whether the game is paused (the board hidden, the clock still).
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The sheet over the board and the page of it shown, while one is.
    pub(crate) fn sheet(&self) -> Option<(&Sheet, usize)> {
        self.sheet.as_ref().map(|shown| (&shown.sheet, shown.page))
    }

    /// Whether a box stands over the board: a sheet (the keys, the
    /// statistics) or the menu.
    pub(crate) fn has_overlay(&self) -> bool {
        self.sheet.is_some() || self.menu.is_some()
    }

    /// The statistics were asked for, and wait for the records.
    pub fn wants_scores(&self) -> bool {
        matches!(
            self.sheet,
            Some(Shown {
                sheet: Sheet::Scores(None),
                ..
            })
        )
    }

    /// The statistics the records give (or why they give none), shown
    /// with this game's kind first.
    pub fn show_scores(&mut self, groups: Result<Vec<Group>, String>) {
        let record = self.record(0);
        let current = Key::of(&record);
        let current_name = record.board.name;
        if let Some(shown) = &mut self.sheet {
            shown.sheet = Sheet::Scores(Some(groups.map(|groups| Scores {
                groups,
                current,
                current_name,
                presets: self.presets.clone(),
            })));
        }
    }

    /// Whether the chance of a mine is shown on each covered square.
    pub fn shows_overlay(&self) -> bool {
        self.overlay
    }

    /// The line under the board.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The message in fewer words, where it has a short form.
    pub fn short_message(&self) -> Option<&str> {
        match &self.short_message {
            Some((long, short)) if *long == self.message => Some(short),
            _ => None,
        }
    }

    /// Hints asked for in this game.
    pub fn hints(&self) -> usize {
        self.hints
    }

    /// Moves taken back in this game.
    pub fn undos(&self) -> usize {
        self.undos
    }

    /// Moves that changed the board in this game.
    pub fn clicks(&self) -> usize {
        self.clicks
    }

    /// The figures of the game, once it has ended.
    pub fn summary(&self) -> Option<&Summary> {
        self.summary.as_ref()
    }

    /// Whether the player has asked to leave.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// The terminal shows only the 16 ANSI colours: the clues take
    /// theirs.
    pub fn set_sixteen_colours(&mut self, sixteen: bool) {
        self.setup.looks.sixteen = sixteen;
    }

    /// The sizes the player named, as kept from an earlier session.
    pub(crate) fn set_presets(&mut self, presets: Vec<Preset>) {
        self.presets = presets;
    }

    /// Whether a name is being typed (in the menu): keys are characters.
    pub fn is_typing(&self) -> bool {
        self.menu.as_ref().is_some_and(Menu::is_naming)
    }

    /// The squares' size, as kept from an earlier session.
    pub(crate) fn set_zoom(&mut self, zoom: Zoom) {
        self.zoom = zoom;
        self.follow();
    }

    /// Whether the games are recorded; on unless told otherwise.
    pub fn set_recording(&mut self, recording: bool) {
        self.recording = recording;
    }

    /// The screen of a replay: a recorded game shown again, recording
    /// nothing, whose keys are the replay's, not the game's.
    pub(crate) fn set_replay(&mut self) {
        self.recording = false;
        self.replay = true;
    }

    /// A replay's clicks that changed nothing, known from its record
    /// (they are not among its events): its end counts them.
    pub(crate) fn count_wasted_clicks(&mut self, wasted: usize) {
        self.wasted = wasted;
    }

    /// Whether this screen shows a replay.
    pub(crate) fn is_replay(&self) -> bool {
        self.replay
    }

    /// The game just won still waits to hear where it stands among the
    /// games of its kind.
    pub fn wants_standing(&self) -> bool {
        self.summary
            .as_ref()
            .is_some_and(|summary| summary.won && summary.standing.is_none())
    }

    /// Where the game just won stands, as the records say.
    pub fn note_standing(&mut self, standing: Standing) {
        if let Some(summary) = &mut self.summary {
            summary.standing = Some(standing);
        }
    }

    /// Puts `trouble` (the records could not be written) before the message.
    pub fn tell(&mut self, trouble: &str) {
        self.message = format!("{trouble}. {}", self.message);
    }

    /// A new session on a terminal of `width` x `height`; an error when a
    /// random layout has no room for its mines.
    pub fn new(setup: Setup, width: u16, height: u16) -> Result<Self, NoRoom> {
        let game = setup.deal.game(setup.rules, &solver::NoGuess)?.with_undo();
        let log = new_log(&setup);
        let mut screen = Screen {
            setup,
            game,
            cursor: Pos::new(0, 0),
            origin: Pos::new(0, 0),
            width,
            height,
            clock: Clock::default(),
            paused: false,
            paused_by_focus: false,
            sheet: None,
            zoom: Zoom::Fit,
            presets: Vec::new(),
            overlay: false,
            hinted: None,
            pointer: None,
            menu: None,
            filed: false,
            settings: None,
            message: "? shows the keys".to_owned(),
            short_message: None,
            asking_to_quit: None,
            counting: None,
            noted_when_counted: None,
            chances_coming: None,
            wants_replay: false,
            loss_watched: false,
            hints: 0,
            undos: 0,
            clicks: 0,
            wasted: 0,
            summary: None,
            animation: None,
            adviser: Adviser::new(),
            quit: false,
            log,
            requests: Vec::new(),
            recording: true,
            replay: false,
        };
        screen.cursor = screen.middle();
        screen.follow();
        Ok(screen)
    }

    /// The middle of the board, where a game starts: every square is as
    /// few moves away as can be.
    fn middle(&self) -> Pos {
        let board = self.game.board();
        Pos::new(
            board.rows().saturating_sub(1) / 2,
            board.cols().saturating_sub(1) / 2,
        )
    }

    /// The saved game `record` carried on, on the setup made from it.
    pub fn resume(
        setup: Setup,
        record: &Record,
        width: u16,
        height: u16,
    ) -> Result<Self, RebuildError> {
        let mut screen = Screen::new(setup, width, height)?;
        let rebuilt = rebuild(record, &solver::NoGuess)?;
        let counts = rebuilt.counts();
        screen.game = rebuilt.into_game();
        (screen.hints, screen.undos, screen.clicks) = (counts.hints, counts.undos, counts.clicks);
        screen.wasted = usize::try_from(record.wasted).unwrap_or(usize::MAX);
        screen.log = Log::resumed(record.clone());
        // The time goes on from where it stood, at the next opening.
        screen.clock = Clock {
            // The hints' time paid so far included.
            counted: Duration::from_millis(record.ms),
            since: None,
            started: record.ms > 0,
            penalty: Duration::ZERO,
        };
        if screen.game.status() != Status::Playing {
            let time = screen.clock.counted;
            let clicks = (screen.clicks, screen.wasted);
            screen.summary = Some(Summary::of(&screen.game, time, clicks));
        }
        screen.message = format!(
            "Carried on where it was left: {}, {:.1} s played",
            console::words::counted(counts.clicks, "click"),
            screen.clock.counted.as_secs_f64()
        );
        Ok(screen)
    }

    /// Plays a recorded `event` as the player made it, at `now`: the
    /// cursor on its square, then the same move, undo, redo or hint.
    pub(crate) fn replay_event(&mut self, event: Event, now: Instant) {
        match event {
            Event::Move(mv) => {
                self.cursor = mv.at;
                self.follow();
                self.act(mv.action, mv.at, now);
            }
            Event::Undo => self.undo(now),
            Event::Redo => self.redo(now),
            Event::Hint => self.hint(now),
        }
    }

    /// What the records are to do since the last call, oldest first.
    pub fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    /// Notes `event`, made at `now`, in the game's record, and asks for
    /// the game to be saved.
    fn note(&mut self, event: Event, now: Instant, changed: bool) {
        // At the game's own clock, as it shows: its pauses left out.
        let kept = self
            .log
            .note(event, millis(self.clock.elapsed(now)), changed);
        if !kept || !self.keeps_a_record() {
            return;
        }
        let played = millis(self.clock.elapsed(now));
        if self.counting.is_some() {
            // Kept once the figures are counted: a save is a record.
            self.noted_when_counted = Some(played);
            return;
        }
        self.keep(played);
    }

    /// Saves the game after `played` milliseconds; a win, final, is filed
    /// at once, not when the player leaves it (a loss can still be undone,
    /// and waits).
    fn keep(&mut self, played: u64) {
        let record = self.record(played);
        self.requests.push(Request::Save(record.clone()));
        if self.game.status() == Status::Won {
            self.requests.push(Request::File(record));
            self.filed = true;
        }
    }

    /// The game's record after `played` milliseconds; once it has ended,
    /// with the figures its summary has already worked out.
    fn record(&mut self, played: u64) -> Record {
        self.finish_counting();
        match &self.summary {
            Some(Summary {
                three_bv: Some(three_bv),
                zini,
                ..
            }) if self.game.status() != Status::Playing => self
                .log
                .record_counted(&self.game, played, *three_bv, *zini),
            _ => self.log.record(&self.game, played),
        }
    }

    /// Whether a big board's figures are still being counted.
    pub fn is_counting(&self) -> bool {
        self.counting.is_some()
    }

    /// Takes a big board's figures if they are counted, and carries out
    /// what waited for them (the game's save, a win's filing); whether
    /// they came. Never waits.
    pub fn collect_counts(&mut self) -> bool {
        let Some(counting) = &self.counting else {
            return false;
        };
        match counting.try_recv() {
            Ok((three_bv, zini)) => {
                self.counting = None;
                if let Some(summary) = &mut self.summary {
                    summary.counted(three_bv, zini);
                }
                if let Some(played) = self.noted_when_counted.take() {
                    self.keep(played);
                }
                true
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => false,
            // The thread is gone without them: count here.
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.counting = None;
                self.count_now();
                true
            }
        }
    }

    /// Waits for a big board's figures (the game is being left, or its
    /// record is wanted now).
    fn finish_counting(&mut self) {
        let Some(counting) = self.counting.take() else {
            return;
        };
        match counting.recv() {
            Ok((three_bv, zini)) => {
                if let Some(summary) = &mut self.summary {
                    summary.counted(three_bv, zini);
                }
            }
            Err(_) => self.count_now(),
        }
        if let Some(played) = self.noted_when_counted.take() {
            self.keep(played);
        }
    }

    fn count_now(&mut self) {
        let (three_bv, zini) = figures(&self.game);
        if let Some(summary) = &mut self.summary {
            summary.counted(three_bv, zini);
        }
    }

    /// The end of a game in figures: at once for a board up to
    /// [`COUNTED_AT_ONCE`] squares, else on a thread of its own, the end
    /// shown meanwhile and the keys not held ([`Screen::collect_counts`]).
    fn sum_up(&mut self, time: Duration) {
        let clicks = (self.clicks, self.wasted);
        let board = self.game.board();
        if board.rows() * board.cols() <= COUNTED_AT_ONCE {
            self.summary = Some(Summary::of(&self.game, time, clicks));
            return;
        }
        self.summary = Some(Summary::counting(&self.game, time, clicks));
        let game = self.game.clone();
        let (sender, receiver) = std::sync::mpsc::channel();
        let counted = std::thread::Builder::new()
            .name("figures".to_owned())
            .spawn(move || {
                // The game may have been left meanwhile: nobody is told.
                let _ = sender.send(figures(&game));
            });
        match counted {
            Ok(_) => self.counting = Some(receiver),
            // No thread to be had: counted here, late but whole.
            Err(_) => self.count_now(),
        }
    }

    /// Whether the game in play is to be saved and filed: records are on,
    /// it is not filed yet, and it has begun (marks alone, before the
    /// first opening, are no game).
    fn keeps_a_record(&self) -> bool {
        self.recording && !self.filed && self.game.has_begun()
    }

    /// The game in play is being left: kept in the history, as it ended
    /// or, unfinished, as abandoned (a game not begun leaves nothing).
    fn leave(&mut self, now: Instant) {
        if !self.keeps_a_record() {
            return;
        }
        let played = millis(self.clock.elapsed(now));
        let record = match self.game.status() {
            Status::Playing => self.log.abandoned(&self.game, played),
            Status::Won | Status::Lost(_) => self.record(played),
        };
        self.requests.push(Request::File(record));
        self.filed = true;
    }

    /// The layout on the terminal; `None` when it is too small.
    pub fn geometry(&self) -> Option<Geometry> {
        let board = self.game.board();
        Geometry::zoomed(
            self.width,
            self.height,
            board.rows(),
            board.cols(),
            self.zoom,
        )
    }

    /// Time played so far: from the first reveal, without pauses.
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }

    /// Moves an animated reveal on to the step due at `now`; whether the
    /// screen changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let Some(animation) = &mut self.animation else {
            return false;
        };
        let changed = animation.advance(now);
        if animation.is_over() {
            self.end_animation(now);
        }
        changed
    }

    /// The animated reveal is over (or skipped) at `now`: the clock, which
    /// stood still while it played, goes on.
    fn end_animation(&mut self, now: Instant) {
        self.animation = None;
        self.run_clock(now);
    }

    /// The clock goes on at `now` if the game is under way and nothing
    /// holds it: a pause, an animation, the menu or the key list.
    fn run_clock(&mut self, now: Instant) {
        let held =
            self.paused || self.animation.is_some() || self.menu.is_some() || self.sheet.is_some();
        if self.game.status() == Status::Playing && !held && self.clock.started() {
            self.clock.start(now);
        }
    }

    /// When the clock on screen next shows another tenth of a second;
    /// `None` while it stands still (before the first move, paused, over).
    pub fn next_clock_tick(&self, now: Instant) -> Option<Instant> {
        self.clock.since?;
        let tenth = Duration::from_millis(100);
        let elapsed = self.clock.elapsed(now);
        let into_tenth = Duration::from_nanos((elapsed.as_nanos() % tenth.as_nanos()) as u64);
        Some(now + (tenth - into_tenth))
    }

    /// The program was stopped (Ctrl-Z) from `from` to `to`: the clock
    /// leaves that time out.
    pub fn away(&mut self, from: Instant, to: Instant) {
        self.clock.skip(from, to);
    }

    /// When an animated reveal shows its next step, if one is playing.
    pub fn next_step_due(&self) -> Option<Instant> {
        self.animation.as_ref().map(Animation::next_due)
    }

    /// What the square at `pos` shows: as the animation has it, while a
    /// reveal is animated, or as the game does.
    pub fn glyph(&self, pos: Pos) -> Glyph {
        self.animation
            .as_ref()
            .and_then(|animation| animation.glyph(pos))
            .unwrap_or_else(|| self.game.glyph(pos))
    }

    /// Acts on `command`, given at `now`.
    pub fn update(&mut self, command: Command, now: Instant) {
        if let Command::Pointer { column, row, press } = command {
            // Shown, never played: not a key that skips an animation either.
            self.pointer = self
                .geometry()
                .and_then(|geometry| geometry.square_at(self.origin, column, row))
                .map(|at| (at, press));
            return;
        }
        if let Command::FocusLost | Command::FocusGained = command {
            self.focus(command == Command::FocusGained, now);
            return;
        }
        if self.sheet.is_some() && self.page_sheet(command, now) {
            return;
        }
        let Some(command) = self.settle_quit(command) else {
            return;
        };
        if let Some(menu) = &mut self.menu {
            if !matches!(command, Command::Resize { .. }) {
                menu.forget_note();
            }
            match command {
                Command::Resize { width, height } => (self.width, self.height) = (width, height),
                Command::Typed(c) => menu.type_char(c),
                Command::Erase => menu.erase(),
                Command::Reveal | Command::Menu | Command::Quit if menu.is_naming() => {
                    if command == Command::Reveal && menu.finish_naming() {
                        self.keep_presets();
                    } else {
                        menu.cancel_naming();
                    }
                }
                Command::Move { rows, .. } if rows != 0 => menu.go(rows),
                Command::Move { cols, .. } => menu.change(cols),
                Command::NamePreset => menu.start_naming(),
                Command::ForgetPreset if menu.forget_preset() => self.keep_presets(),
                Command::Reveal => self.apply_menu(now),
                Command::Menu | Command::Quit => self.close_menu(now),
                _ => {}
            }
            return;
        }
        if self.animation.is_some() && !matches!(command, Command::Resize { .. } | Command::Suspend)
        {
            // Any key skips the animation to its end; only quitting acts too.
            self.end_animation(now);
            if command == Command::Quit {
                self.quit(now);
            }
            return;
        }
        if self.geometry().is_none()
            && !matches!(
                command,
                Command::Quit | Command::Resize { .. } | Command::Suspend
            )
        {
            // The board is not on the screen: nothing acts on it unseen.
            return;
        }
        if self.paused
            && !matches!(
                command,
                Command::Pause | Command::Quit | Command::Resize { .. }
            )
        {
            // The board's place already says how to go on.
            return;
        }
        match command {
            Command::Move { rows, cols } => self.move_cursor(rows, cols),
            Command::Jump(edge) => self.jump(edge),
            Command::Reveal => self.reveal_or_chord(self.cursor, now),
            Command::Flag => self.act(Action::Flag, self.cursor, now),
            Command::Click {
                column,
                row,
                button,
            } => self.click(column, row, button, now),
            Command::Scroll { rows, cols } => self.scroll(rows, cols),
            Command::Zoom(by) => self.zoom(by),
            Command::Undo => self.undo(now),
            Command::Redo => self.redo(now),
            Command::Pause => self.pause(now),
            Command::Help => self.open_sheet(Sheet::Keys, now),
            // The loop reads them, or the recorder says why there are none.
            Command::Scores => self.open_sheet(Sheet::Scores(None), now),
            Command::Hint => self.hint(now),
            Command::Overlay => self.toggle_overlay(),
            Command::Menu => self.open_menu(now),
            Command::Restart => self.restart(false, now),
            Command::New => self.restart(true, now),
            Command::Quit | Command::Escape => self.quit(now),
            Command::Watch => self.watch(),
            // The terminal's business: the loop stops the program.
            Command::Suspend => {}
            // The menu's, outside it: nothing.
            Command::NamePreset
            | Command::ForgetPreset
            | Command::Typed(_)
            | Command::Erase
            | Command::OtherKey
            | Command::Pointer { .. }
            | Command::FocusLost
            | Command::FocusGained => {}
            Command::Resize { width, height } => {
                (self.width, self.height) = (width, height);
                self.follow();
            }
        }
    }

    fn move_cursor(&mut self, rows: isize, cols: isize) {
        let board = self.game.board();
        let along = |at: usize, by: isize, len: usize| {
            at.saturating_add_signed(by).min(len.saturating_sub(1))
        };
        self.cursor = Pos::new(
            along(self.cursor.row, rows, board.rows()),
            along(self.cursor.col, cols, board.cols()),
        );
        self.follow();
    }

    fn jump(&mut self, edge: Edge) {
        let board = self.game.board();
        match edge {
            Edge::FirstColumn => self.cursor.col = 0,
            Edge::LastColumn => self.cursor.col = board.cols() - 1,
            Edge::FirstRow => self.cursor.row = 0,
            Edge::LastRow => self.cursor.row = board.rows() - 1,
        }
        self.follow();
    }

    /// Moves the view so the cursor is in it.
    fn follow(&mut self) {
        if let Some(geometry) = self.geometry() {
            let board = self.game.board();
            self.origin = geometry.follow(self.origin, self.cursor, board.rows(), board.cols());
        }
    }

    fn scroll(&mut self, rows: isize, cols: isize) {
        let Some(geometry) = self.geometry() else {
            return;
        };
        let board = self.game.board();
        let along = |at: usize, by: isize, seen: usize, len: usize| {
            at.saturating_add_signed(by).min(len - seen)
        };
        self.origin = Pos::new(
            along(self.origin.row, rows, geometry.rows, board.rows()),
            along(self.origin.col, cols, geometry.cols, board.cols()),
        );
        self.keep_cursor_in_view();
    }

    /// Moves the view as little as it takes to show `at`.
    fn show(&mut self, at: Pos) {
        if let Some(geometry) = self.geometry() {
            let board = self.game.board();
            self.origin = geometry.follow(self.origin, at, board.rows(), board.cols());
            self.keep_cursor_in_view();
        }
    }

    /// The cursor on the nearest square in view.
    fn keep_cursor_in_view(&mut self) {
        let Some(geometry) = self.geometry() else {
            return;
        };
        self.cursor = Pos::new(
            self.cursor
                .row
                .clamp(self.origin.row, self.origin.row + geometry.rows - 1),
            self.cursor
                .col
                .clamp(self.origin.col, self.origin.col + geometry.cols - 1),
        );
    }

    fn click(&mut self, column: u16, row: u16, button: Button, now: Instant) {
        // Let go: nothing is held down any more.
        if let Some((_, press)) = &mut self.pointer {
            *press = Press::Up;
        }
        let Some(at) = self
            .geometry()
            .and_then(|g| g.square_at(self.origin, column, row))
        else {
            return;
        };
        self.cursor = at;
        match button {
            Button::Left => self.reveal_or_chord(at, now),
            Button::Right => self.act(Action::Flag, at, now),
            Button::Middle => self.act(Action::Chord, at, now),
        }
    }

    /// A reveal, or on an open number a chord.
    fn reveal_or_chord(&mut self, at: Pos, now: Instant) {
        let action = if self.game.cover(at) == Cover::Open {
            Action::Chord
        } else {
            Action::Reveal
        };
        self.act(action, at, now);
    }

    fn act(&mut self, action: Action, at: Pos, now: Instant) {
        match self.game.status() {
            Status::Playing => {}
            // The keys for what comes next are said with the figures, once
            // they are counted.
            Status::Won if self.summary.is_some() => {
                self.message = "The game is won.".to_owned();
                return;
            }
            Status::Lost(_) if self.summary.is_some() => {
                self.message = "The game is over.".to_owned();
                return;
            }
            Status::Won => {
                self.message = "The game is won: r plays it again, n deals anew".to_owned();
                return;
            }
            Status::Lost(_) => {
                self.message =
                    "The game is over: u undoes, r plays it again, n deals anew".to_owned();
                return;
            }
        }
        let mv = Move { action, at };
        let no_guess_known = self.game.maker_gave_up().is_some();
        let adviser = &mut self.adviser;
        let outcome = match self.setup.animate {
            Some(delay) if action != Action::Flag => {
                let mut steps = Steps::default();
                let outcome = self.game.apply_traced(mv, |step, clue| {
                    adviser.stepped(step, clue);
                    steps.note(step, clue);
                });
                self.animation = steps.animation(delay, now);
                outcome
            }
            _ => self
                .game
                .apply_noting(mv, |pos, clue| adviser.opened(pos, clue)),
        };
        if outcome.changed_board() {
            self.clicks += 1;
        } else {
            self.wasted += 1;
        }
        if matches!(outcome, Outcome::Opened(_) | Outcome::Detonated) {
            self.clock.start(now);
        }
        if self.animation.is_some() {
            // Watching the reveal is not playing: the clock goes on when
            // it ends.
            self.clock.stop(now);
        }
        self.after_move(outcome, at, now);
        self.note(Event::Move(mv), now, outcome.changed_board());
        if let Some(gave_up) = self.game.maker_gave_up()
            && !no_guess_known
        {
            let short = format!("This board may need a guess. {}", self.message);
            self.message = format!(
                "No board without guessing: {gave_up}; this one may need a guess. {}",
                self.message
            );
            self.short_message = Some((self.message.clone(), short));
        }
    }

    /// The message for a move's outcome, the clock stopped at the end, the
    /// overlay brought up to date.
    fn after_move(&mut self, outcome: Outcome, at: Pos, now: Instant) {
        self.hinted = None;
        let script = self.setup.rule_set.script;
        self.message = match self.game.status() {
            Status::Won => script.won.trim().to_owned(),
            Status::Lost(_) => script.lost.trim().to_owned(),
            Status::Playing => match outcome {
                Outcome::ChordIgnored => {
                    "A chord needs an open number with as many flags around it".to_owned()
                }
                _ => message(script, outcome, at)
                    .map(|m| m.trim().to_owned())
                    .unwrap_or_default(),
            },
        };
        if self.game.status() != Status::Playing {
            self.clock.stop(now);
            self.sum_up(self.clock.elapsed(now));
        }
        self.refresh_overlay();
    }

    fn undo(&mut self, now: Instant) {
        // The keys for what comes next follow with the figures.
        if self.game.status() == Status::Won {
            self.message = "A win stays won.".to_owned();
            return;
        }
        if self.loss_watched && matches!(self.game.status(), Status::Lost(_)) {
            // Its replay showed where every mine is: a game played on from
            // there would be no game.
            self.message = "The loss was watched, every mine shown: it stands.".to_owned();
            return;
        }
        let Some(mv) = self.game.undo() else {
            self.message = "Nothing to undo".to_owned();
            return;
        };
        self.hinted = None;
        self.undos += 1;
        self.summary = None;
        self.counting = None;
        self.noted_when_counted = None;
        self.note(Event::Undo, now, false);
        // The adviser followed the squares as they opened; it starts again.
        self.adviser = Adviser::new();
        self.chances_coming = None;
        if self.game.status() == Status::Playing && self.clock.started() {
            self.clock.start(now);
        }
        self.cursor = mv.at;
        self.follow();
        self.message = format!("Undone: {}", describe(mv));
        self.refresh_overlay();
    }

    fn redo(&mut self, now: Instant) {
        let adviser = &mut self.adviser;
        let Some(outcome) = self.game.redo(|pos, clue| adviser.opened(pos, clue)) else {
            self.message = "Nothing to redo".to_owned();
            return;
        };
        if outcome.changed_board() {
            self.clicks += 1;
        }
        self.after_move(outcome, self.cursor, now);
        self.note(Event::Redo, now, outcome.changed_board());
    }

    /// Larger squares (`by` > 0) or smaller, kept for the next session.
    fn zoom(&mut self, by: isize) {
        let zoom = self.zoom.step(by);
        let unchanged = zoom == self.zoom;
        self.zoom = zoom;
        // What the player sees, not what was asked: a size the terminal
        // has no room for draws the squares as they were, and says so.
        let drawn = self.geometry().map(|g| g.scale);
        self.message = match (unchanged, zoom) {
            (true, Zoom::Double) => "The squares are as large as they go".to_owned(),
            (true, _) => "The squares are as small as they go".to_owned(),
            // Large already (the whole board fitted them), or now.
            (false, Zoom::Double) if drawn == Some(2) => "Large squares: - for smaller".to_owned(),
            (false, Zoom::Double) => {
                "Large squares once the terminal has room for them: - for smaller".to_owned()
            }
            (false, Zoom::Single) => "Small squares: + for larger".to_owned(),
            (false, Zoom::Fit) if drawn == Some(2) => {
                "Large squares, as the whole board fits them: - for smaller".to_owned()
            }
            (false, Zoom::Fit) => {
                "Squares large when the whole board fits them, as it does not here".to_owned()
            }
        };
        self.follow();
        let mut kept = self.settings.take().unwrap_or_default();
        kept.zoom = Some(zoom.name().to_owned());
        self.settings = Some(kept);
    }

    /// Shows `sheet` over the board, from its first page; the clock
    /// stands still under it.
    fn open_sheet(&mut self, sheet: Sheet, now: Instant) {
        self.sheet = Some(Shown { sheet, page: 0 });
        self.clock.stop(now);
    }

    /// A command while a sheet covers the board: Down or Space turns to
    /// the next page where there is one, Up to the one before; any other
    /// key closes the sheet, as its title says (and does nothing else: it
    /// was typed at the sheet), those too where they have no page to turn
    /// to. Whether the command was the sheet's.
    fn page_sheet(&mut self, command: Command, now: Instant) -> bool {
        let Some(shown) = &mut self.sheet else {
            return false;
        };
        let pages = shown.sheet.pages(self.width, self.height).len();
        match command {
            Command::Resize { .. } | Command::Suspend | Command::Pointer { .. } => return false,
            Command::Move { rows: 1.., .. } | Command::Reveal if shown.page + 1 < pages => {
                shown.page += 1;
            }
            Command::Move { rows: ..=-1, .. } if shown.page > 0 => shown.page -= 1,
            _ => {
                self.sheet = None;
                self.run_clock(now);
            }
        }
        true
    }

    /// The terminal went to the back (`gained` false) or came to the
    /// front: a game whose clock runs pauses while it is away, and goes on
    /// when it is back unless the player paused it themselves.
    fn focus(&mut self, gained: bool, now: Instant) {
        if gained {
            if std::mem::take(&mut self.paused_by_focus) && self.paused {
                self.pause(now);
            }
        } else if !self.paused && self.clock.since.is_some() {
            self.pause(now);
            self.paused_by_focus = true;
        }
    }

    fn pause(&mut self, now: Instant) {
        if self.game.status() != Status::Playing {
            return;
        }
        self.paused_by_focus = false;
        self.paused = !self.paused;
        // Paused, the board's place says how to go on; nothing else is.
        self.message.clear();
        if self.paused {
            self.clock.stop(now);
        } else {
            self.run_clock(now);
        }
    }

    fn hint(&mut self, now: Instant) {
        let Some(hint) = self.adviser.hint(&self.game) else {
            self.message = "No hint: the game is over".to_owned();
            return;
        };
        let mut cost = String::new();
        if hint.counts() {
            self.hints += 1;
            if let Some(penalty) = self.setup.hint_penalty {
                self.clock.penalty += penalty;
                cost = format!(" (+{} s)", penalty.as_secs());
            }
            self.note(Event::Hint, now, false);
        }
        let at = match &hint {
            Hint::Certain(deduction) => deduction.at,
            Hint::FirstMove { at, .. } => *at,
            Hint::Guess(guess) => guess.at,
        };
        // Marked, not moved to: a guess (or a mine) under the cursor is
        // one natural Space from going off.
        self.hinted = Some(at);
        self.show(at);
        self.message = explain::hint(&hint) + &cost;
        self.short_message = Some((self.message.clone(), explain::hint_short(&hint) + &cost));
    }

    /// The square the last hint names, while no move has been made since.
    pub fn hinted(&self) -> Option<Pos> {
        self.hinted
    }

    /// The square under the mouse, if it is over the board.
    pub fn hovered(&self) -> Option<Pos> {
        self.pointer.map(|(at, _)| at)
    }

    /// Whether `pos` looks pressed: a covered square under the left
    /// button, or with both buttons down, the square and its covered
    /// neighbours, as the classic game shows what a release will open.
    pub fn looks_pressed(&self, pos: Pos) -> bool {
        let Some((at, press)) = self.pointer else {
            return false;
        };
        let covered = matches!(self.game.cover(pos), Cover::Hidden | Cover::Questioned);
        let near = pos.row.abs_diff(at.row) <= 1 && pos.col.abs_diff(at.col) <= 1;
        let playing = self.game.status() == Status::Playing;
        playing
            && covered
            && match press {
                Press::Up => false,
                Press::Reveal => pos == at,
                Press::Chord => near,
            }
    }

    fn toggle_overlay(&mut self) {
        self.overlay = !self.overlay;
        self.refresh_overlay();
    }

    /// Works the chances out again for a changed board. The adviser looks
    /// only at the covered squares next to open ones (the others all have
    /// the same chance), so this costs what the frontier holds, whatever
    /// the board's size.
    ///
    /// On a board of more than [`CHANCES_AT_ONCE`] squares a long frontier
    /// can take longer than a frame (its components searched again): the
    /// chances are worked out on a thread of their own, the last ones
    /// shown meanwhile ([`Screen::collect_chances`]).
    fn refresh_overlay(&mut self) {
        // Whatever was being worked out is of the board before this.
        self.chances_coming = None;
        if !self.overlay || self.game.status() != Status::Playing {
            return;
        }
        let board = self.game.board();
        if board.rows() * board.cols() <= CHANCES_AT_ONCE {
            self.adviser.work_out_chances(&self.game);
            return;
        }
        let work = self.adviser.chances_to_work_out(&self.game);
        let (sender, receiver) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("chances".to_owned())
            .spawn(move || {
                // The screen may have moved on: nobody is told then.
                let _ = sender.send(work.work_out());
            });
        match spawned {
            Ok(_) => self.chances_coming = Some(receiver),
            // No thread to be had: worked out here.
            Err(_) => self.adviser.work_out_chances(&self.game),
        }
    }

    /// Whether chances are being worked out on a thread.
    pub fn is_working_out_chances(&self) -> bool {
        self.chances_coming.is_some()
    }

    /// Takes the chances worked out on a thread, if they have come and are
    /// of the board as it stands; whether the overlay changed. Never waits.
    pub fn collect_chances(&mut self) -> bool {
        let Some(coming) = &self.chances_coming else {
            return false;
        };
        match coming.try_recv() {
            Ok(worked) => {
                self.chances_coming = None;
                let taken = self.adviser.take_chances(worked);
                if !taken {
                    // Of what the solver knew before a hint: asked again.
                    self.refresh_overlay();
                }
                taken
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => false,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.chances_coming = None;
                self.adviser.work_out_chances(&self.game);
                true
            }
        }
    }

    /// The chance of a mine on `pos` while the overlay is on and the game
    /// goes on; `None` for an open square. Before a random board's first
    /// opening, when that square is kept clear, whichever square is
    /// opened first is safe: 0 everywhere.
    pub fn chance(&self, pos: Pos) -> Option<f64> {
        if !self.overlay || self.game.status() != Status::Playing {
            return None;
        }
        if !self.game.is_dealt() && self.game.rules().first_move != FirstMove::Any {
            return (self.game.cover(pos) != Cover::Open).then_some(0.0);
        }
        self.adviser.chance(pos)
    }

    /// Esc, and the answer to the question it asks: in a game in
    /// progress a first Esc asks before quitting (the message says whether
    /// the game is kept); a second, or q, quits, and any other key goes
    /// back to the game and does nothing else. Elsewhere (the menu, a game
    /// over or not begun) Esc quits or closes as q does. The command left
    /// to act on, if any.
    fn settle_quit(&mut self, command: Command) -> Option<Command> {
        if let Some(message) = self.asking_to_quit.take() {
            return match command {
                Command::Escape | Command::Quit => Some(Command::Quit),
                Command::Resize { .. } | Command::Suspend => {
                    self.asking_to_quit = Some(message);
                    Some(command)
                }
                _ => {
                    self.message = message;
                    None
                }
            };
        }
        if command != Command::Escape {
            return Some(command);
        }
        let in_game = self.menu.is_none()
            && self.game.has_begun()
            && self.game.status() == Status::Playing
            && self.geometry().is_some();
        if !in_game {
            return Some(Command::Quit);
        }
        let kept = if self.keeps_a_record() {
            "the game is kept for --resume"
        } else {
            "this game is not kept"
        };
        let question = format!("Quit? Esc again quits ({kept}); any other key plays on");
        self.asking_to_quit = Some(std::mem::replace(&mut self.message, question));
        None
    }

    /// The keys for what comes after the end `summary` tells: not `u` once
    /// a loss was watched again and stands.
    pub(crate) fn end_keys(&self, summary: &Summary) -> &'static str {
        if summary.won || self.loss_watched {
            "r again, n new, w watch, q quit"
        } else {
            "u undoes, r again, n new, w watch, q quit"
        }
    }

    /// `w`: once the game has ended, its replay is asked for.
    fn watch(&mut self) {
        if self.summary.is_some() && !self.is_replay() {
            self.wants_replay = true;
            self.loss_watched |= matches!(self.game.status(), Status::Lost(_));
        } else if !self.is_replay() {
            self.message = "w watches the game again once it has ended".to_owned();
        }
    }

    /// The record of the game just ended, once, when `w` asked to watch it
    /// again.
    pub fn take_replay_request(&mut self) -> Option<Record> {
        if !std::mem::take(&mut self.wants_replay) {
            return None;
        }
        let played = self.summary.map_or(0, |summary| millis(summary.time));
        Some(self.record(played))
    }

    fn quit(&mut self, now: Instant) {
        if self.game.status() == Status::Playing {
            // A game in progress stays saved, to be carried on, with the
            // time played up to now, not to its last move.
            if self.keeps_a_record() {
                let played = millis(self.clock.elapsed(now));
                self.requests
                    .push(Request::Save(self.log.record(&self.game, played)));
            }
        } else {
            self.leave(now);
        }
        self.quit = true;
    }

    /// Opens the menu over the board; the clock stands still while it is
    /// open.
    fn open_menu(&mut self, now: Instant) {
        let presets = self.presets.clone();
        self.menu = Some(Menu::new(self.choices(), self.setup.looks.colour, presets));
        self.clock.stop(now);
    }

    /// The menu's named sizes, kept for the next session.
    fn keep_presets(&mut self) {
        let Some(menu) = &self.menu else {
            return;
        };
        self.presets = menu.presets().to_vec();
        let mut kept = self.settings.take().unwrap_or_default();
        kept.presets = Some(self.presets.clone());
        self.settings = Some(kept);
    }

    /// Closes the menu with nothing changed; the clock goes on.
    fn close_menu(&mut self, now: Instant) {
        self.menu = None;
        self.run_clock(now);
    }

    /// What the game in play is dealt with, as the menu shows it.
    fn choices(&self) -> Choices {
        let layout = match &self.setup.deal {
            Deal::Random { layout, .. } => *layout,
            Deal::Board(board) => Layout::new(board.rows(), board.cols(), board.mine_count()),
        };
        Choices {
            rule_set: self.setup.rule_set,
            layout,
            no_guess: matches!(self.setup.deal, Deal::Random { no_guess: true, .. }),
            question_marks: !self.setup.rule_set.drops_question_marks(self.setup.rules),
            first_move: self.setup.rules.first_move,
            hint_penalty: self.setup.hint_penalty.is_some(),
            theme: self.setup.looks.theme,
        }
    }

    /// Deals the next game with the menu's choices, and keeps them for the
    /// settings; the menu stays open, saying why, if the mines leave no
    /// room for the first move.
    fn apply_menu(&mut self, now: Instant) {
        let Some(menu) = &self.menu else {
            return;
        };
        let choices = menu.choices();
        let set = choices.rule_set;
        let mut rules = set.rules.with_first_move(choices.first_move);
        if !choices.question_marks {
            rules = rules.with_marks(Marks::Flag);
        }
        if let Err(no_room) = choices.layout.check_room(rules.first_move) {
            let layout = choices.layout;
            self.message = format!(
                "{} is too many for {}x{}: at most {} leave room for the first move",
                counted(no_room.mines, "mine"),
                layout.rows,
                layout.cols,
                no_room.room
            );
            return;
        }
        let seed = match self.setup.deal {
            Deal::Random { seed, .. } => seed.wrapping_add(1),
            Deal::Board(_) => self.setup.spare_seed,
        };
        self.leave(now);
        self.setup.deal = Deal::Random {
            layout: choices.layout,
            seed,
            no_guess: choices.no_guess,
        };
        (self.setup.rule_set, self.setup.rules) = (set, rules);
        self.setup.board_name = None;
        self.setup.looks.theme = choices.theme;
        self.setup.hint_penalty = choices.hint_penalty.then_some(HINT_PENALTY);
        self.settings = Some(choices.settings());
        self.menu = None;
        self.deal();
        self.cursor = self.middle();
        self.follow();
        self.message = "A new board, as the menu says".to_owned();
    }

    /// The menu, while it is open.
    pub fn menu(&self) -> Option<&Menu> {
        self.menu.as_ref()
    }

    /// The choices applied from the menu since the last call, for the
    /// settings file.
    pub fn take_settings(&mut self) -> Option<Settings> {
        self.settings.take()
    }

    /// The same board again, or with `anew` the next one.
    fn restart(&mut self, anew: bool, now: Instant) {
        self.leave(now);
        if anew && let Deal::Random { seed, .. } = &mut self.setup.deal {
            *seed = seed.wrapping_add(1);
        }
        self.deal();
        self.message = if anew {
            "A new board"
        } else {
            "The same board again"
        }
        .to_owned();
    }

    /// A new game of the setup's deal, everything about the last one
    /// forgotten.
    fn deal(&mut self) {
        // A layout that had room: the first game's, or one the menu checked.
        let Ok(game) = self.setup.deal.game(self.setup.rules, &solver::NoGuess) else {
            return;
        };
        self.game = game.with_undo();
        self.log = new_log(&self.setup);
        self.filed = false;
        self.loss_watched = false;
        self.adviser = Adviser::new();
        self.chances_coming = None;
        self.clock = Clock::default();
        (self.hints, self.undos, self.clicks, self.wasted) = (0, 0, 0, 0);
        self.summary = None;
        self.counting = None;
        self.noted_when_counted = None;
        self.hinted = None;
        self.animation = None;
        self.paused = false;
        self.overlay = false;
    }

    /// The seed of the random board in play, if it is one.
    pub fn seed(&self) -> Option<u64> {
        self.setup.deal.seed()
    }

    /// The seed of the random board in play once its mines are placed:
    /// before the first opening there is no board to play again.
    pub fn dealt_seed(&self) -> Option<u64> {
        self.seed().filter(|_| self.game.is_dealt())
    }
}

/// The record of a new game of `setup`.
fn new_log(setup: &Setup) -> Log {
    let penalty = setup.hint_penalty.map_or(0, |p| p.as_secs());
    Log::new(Described {
        front: Front::Screen,
        rules: setup.rule_set.name,
        first_move: setup.rules.first_move.name(),
        no_question_marks: setup.rule_set.drops_question_marks(setup.rules),
        deal: &setup.deal,
        board_name: setup.board_name.clone(),
    })
    .with_hint_penalty(u32::try_from(penalty).unwrap_or(u32::MAX))
}

/// A move in words, for the message line.
fn describe(mv: Move) -> String {
    let what = match mv.action {
        Action::Reveal => "reveal",
        Action::Flag => "mark",
        Action::Chord => "chord",
    };
    format!("{what} at {}", explain::square(mv.at))
}

/// Time played: counted while running, from the first reveal.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    counted: Duration,
    since: Option<Instant>,
    started: bool,
    /// Time added for hints paid for.
    penalty: Duration,
}

impl Clock {
    fn start(&mut self, now: Instant) {
        self.started = true;
        self.since.get_or_insert(now);
    }

    fn stop(&mut self, now: Instant) {
        if let Some(since) = self.since.take() {
            self.counted += now.saturating_duration_since(since);
        }
    }

    fn started(&self) -> bool {
        self.started
    }

    fn elapsed(&self, now: Instant) -> Duration {
        self.counted
            + self.penalty
            + self
                .since
                .map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }

    /// Leaves out the time from `from` to `to`, if the clock was running.
    fn skip(&mut self, from: Instant, to: Instant) {
        if let Some(since) = self.since {
            self.counted += from.saturating_duration_since(since);
            self.since = Some(to.max(since));
        }
    }
}
