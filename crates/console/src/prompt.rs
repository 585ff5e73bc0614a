//! The console game: prompts for a row, a column and an action, plays the
//! move, prints the board. Under proj3 rules the text is the course's, byte
//! for byte; the words of each rule set are in [`Script`].

use std::borrow::Cow;
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use engine::{
    Action, Board, Deal, Game, Grid, Layout, Move, NoRoom, Outcome, Pos, RuleSet, Rules, Script,
    Status, three_bv,
};
use records::log::{Described, Log};
use records::rebuild::{RebuildError, rebuild};
use records::stats::{Group, Key};
use records::{Event, Front, Record, Recorder, Request, millis};
use solver::Adviser;

use crate::animate::{self, Animation};
use crate::answer::{self, OrHint, Shortcut};
use crate::explain;
use crate::interrupt::SeedOnInterrupt;
use crate::load::{built_in_board, load_board};
use crate::messages::Printer;
use crate::render::{Paint, write_board};
use crate::spoken::commands::{self as spoken_commands, Checked, Command};
use crate::spoken::{Voice, words as spoken};
use crate::summary::Summary;
use crate::words::{message, seed_line};

const ASK_FILE: &str = "Enter the file to load the board from: ";
const ASK_ROW: &str = "Please choose the row:\n";
const ASK_COLUMN: &str = "Please choose the column:\n";
const BAD_NUMBER: &str = "That number is not allowed.  Please try again!\n";
const BAD_ACTION: &str = "That's not a valid action.\n";
const ASK_AGAIN: &str = "Play again? (y/n) ";
const BAD_YES_NO: &str = "Please answer y or n.\n";
/// Said when the input ends in the middle of a game.
pub const INPUT_ENDED: &str = "\nInput ended before the game finished.\n";
const QUIT: &str = "\nYou quit the game.\n";

/// The same in lines, where the game was saved: that it is kept.
const QUIT_KEPT: &str = "\nYou quit the game. It is saved: the next game offers to carry it on.\n";
/// The one prompt of the game in lines ([`Voice::Lines`]).
const ASK_COMMAND: &str = "Move: ";
/// The name the records give the built-in board.
const BUILT_IN_NAME: &str = "built-in board";

/// The player's side of the console: where answers come from, where the
/// game is printed, and where complaints about board files go.
pub struct Console<R, W, E> {
    /// What the player types.
    pub input: R,
    /// Where the game is printed.
    pub out: W,
    /// Where complaints about board files go.
    pub err: E,
    /// Colours, or none.
    pub paint: Paint,
    /// How much is said on `err` beside the game: with `--quiet`, a
    /// record's trouble is not (a board file's is: the game cannot go on).
    pub printer: Printer,
}

/// Where each game's board comes from.
#[derive(Clone, Debug)]
pub enum BoardSource {
    /// Ask for a board file; an empty answer is the built-in board. Another
    /// game plays the same board.
    Ask,
    /// A board file already loaded.
    Board(Board),
    /// Random boards: the first from `seed`, each next one from the seed after.
    Random(RandomBoards),
}

/// Random boards of one layout, checked to have room for their mines.
#[derive(Clone, Copy, Debug)]
pub struct RandomBoards {
    layout: Layout,
    seed: u64,
    no_guess: bool,
}

impl RandomBoards {
    /// Fails when the rules' first-move policy leaves too little room.
    pub fn new(layout: Layout, seed: u64, rules: Rules) -> Result<Self, NoRoom> {
        layout.check_room(rules.first_move)?;
        Ok(Self {
            layout,
            seed,
            no_guess: false,
        })
    }

    /// The same boards made by the solver to need no guess, each made
    /// once its first square is chosen.
    pub fn without_guessing(self, no_guess: bool) -> Self {
        Self { no_guess, ..self }
    }

    /// The size and mines of the boards.
    pub fn layout(&self) -> Layout {
        self.layout
    }
}

/// What to play: the rules, their words, where the boards come from,
/// whether reveals are animated, whether hints are offered, and what is
/// recorded.
#[derive(Debug)]
pub struct Session {
    /// The rule set: its script and its rules.
    pub rule_set: &'static RuleSet,
    /// The rule set's rules, with the first move the player asked for.
    pub rules: Rules,
    /// Where the boards come from.
    pub source: BoardSource,
    /// How a reveal is animated, if it is.
    pub animation: Option<Animation>,
    /// Whether `h` asks for a hint.
    pub hints: bool,
    /// The time each hint adds to the clock, when hints are paid for so
    /// (the full screen's menu choice, kept for `--screen-reader` too).
    pub hint_penalty: Option<Duration>,
    /// Boards printed, or a line a move for a screen reader.
    pub voice: Voice,
    /// What is recorded, and how.
    pub recording: Recording,
}

/// The records of a session's games: where they are kept, a saved game to
/// carry on first, and the name of the board file given.
#[derive(Debug)]
pub struct Recording {
    /// Where the games are kept (off: nothing is).
    pub recorder: Recorder,
    /// A saved game to carry on before any other, by its own rules.
    pub resume: Option<Record>,
    /// The board file's name, as given, for the records.
    pub board_name: Option<String>,
}

impl Default for Recording {
    /// Nothing recorded.
    fn default() -> Self {
        Recording {
            recorder: Recorder::off(Front::Prompt),
            resume: None,
            board_name: None,
        }
    }
}

impl Session {
    /// The course's game on `board`, without animation.
    pub fn proj3(board: Board) -> Session {
        Session {
            rule_set: &RuleSet::PROJ3,
            rules: Rules::PROJ3,
            source: BoardSource::Board(board),
            animation: None,
            hints: false,
            hint_penalty: None,
            voice: Voice::Boards,
            recording: Recording::default(),
        }
    }
}

/// Why a game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Over,
    InputEnded,
    Quit,
}

/// What the row prompt took.
enum AtRow {
    Row(usize),
    Hint,
    Shortcut(Shortcut),
}

/// Plays games until one ends and the player wants no other (or the rules
/// offer none), or the input ends.
pub fn play<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    mut session: Session,
) -> io::Result<()> {
    // A game carried on is played by its own rules, with their words.
    let mut resumed = match session.recording.resume.take() {
        Some(record) => match carried_on(&record, &mut session) {
            Ok(carried) => Some(carried),
            Err(e) => {
                writeln!(
                    console.err,
                    "error: the saved game cannot be carried on: {e}"
                )?;
                None
            }
        },
        None => None,
    };
    console
        .out
        .write_all(session.rule_set.script.intro.as_bytes())?;
    let seed_on_interrupt = SeedOnInterrupt::new();
    loop {
        let seed = match &session.source {
            BoardSource::Random(boards) => Some(boards.seed),
            _ => None,
        };
        let mut play = match resumed.take() {
            Some(carried) => carried,
            None => match next_game(console, &mut session)? {
                Some(play) => play,
                None => return stop_early(console, INPUT_ENDED, None),
            },
        };
        let seed = play.seed.or(seed);
        // In lines a seed is said only when asked (`seed`): read out, a
        // random one is twenty digits one by one.
        let said_seed = match session.voice {
            Voice::Boards => seed,
            Voice::Lines => None,
        };
        seed_on_interrupt.keep(said_seed);
        match play_game(console, &mut play, &mut session, seed)? {
            Ending::Over => {}
            Ending::InputEnded => return stop_early(console, INPUT_ENDED, said_seed),
            Ending::Quit => {
                let kept = play.keeps(&session.recording.recorder);
                let why = if session.voice == Voice::Lines && kept {
                    QUIT_KEPT
                } else {
                    QUIT
                };
                return stop_early(console, why, said_seed);
            }
        }
        let hints = session.hints.then_some(play.hints);
        let elapsed = Duration::from_millis(play.played_ms());
        let again = session.rule_set.script.offers_another_game;
        match session.voice {
            Voice::Boards => report(
                console,
                &play.game,
                session.rule_set.script,
                elapsed,
                said_seed,
                hints,
            )?,
            // One line, the question after it on the same: a braille
            // display shows the last line alone.
            Voice::Lines => {
                let end = spoken_end(&play, &session, hints);
                if again {
                    write!(console.out, "{end} ")?;
                } else {
                    writeln!(console.out, "{end}")?;
                }
            }
        }
        if !again {
            return Ok(());
        }
        match ask_yes_no(console)? {
            Some(true) => {}
            Some(false) => return Ok(()),
            // The game is over, so nothing is cut short: just end the line.
            None => return writeln!(console.out),
        }
    }
}

/// One game being played, and its record.
struct Playing {
    game: Game,
    log: Log,
    /// When the first move was made: the game's time counts from it.
    started: Option<Instant>,
    hints: usize,
    /// What each hint adds to the clock, if hints are paid for in time.
    hint_cost: Option<Duration>,
    /// What the hints have added to the clock so far.
    penalties: Duration,
    /// The clock where the game ended, stopped there (as the full
    /// screen's): a loss in lines may wait on its question for as long
    /// as the player likes, and an undo starts the clock again from it.
    stopped: Option<u64>,
    /// A random board's seed, when the game was carried on.
    seed: Option<u64>,
}

impl Playing {
    fn new(game: Game, log: Log) -> Self {
        Playing {
            game,
            log,
            started: None,
            hints: 0,
            hint_cost: None,
            penalties: Duration::ZERO,
            stopped: None,
            seed: None,
        }
    }

    /// Notes `event` in the record, and saves the game or keeps it in the
    /// history once it has ended; tells the player on stderr the first
    /// time the records cannot be written.
    fn note<R, W, E: Write>(
        &mut self,
        console: &mut Console<R, W, E>,
        recorder: &mut Recorder,
        event: Event,
        changed: bool,
    ) -> io::Result<()> {
        self.note_at(console, recorder, event, self.played_ms(), changed)
    }

    /// The same, `event` made when the game's clock read `clock`.
    fn note_at<R, W, E: Write>(
        &mut self,
        console: &mut Console<R, W, E>,
        recorder: &mut Recorder,
        event: Event,
        clock: u64,
        changed: bool,
    ) -> io::Result<()> {
        if self.log.note(event, clock, changed) {
            self.record(console, recorder)?;
        }
        Ok(())
    }

    /// The game's time until now, in milliseconds: from its first move,
    /// going on from a carried-on game's.
    fn played_ms(&self) -> u64 {
        if let Some(ms) = self.stopped {
            return ms;
        }
        let played = self.started.map_or(Duration::ZERO, |at| at.elapsed());
        millis(played + self.penalties)
    }

    /// Stops the clock at the last move's time once the game has ended.
    fn stop_clock_if_over(&mut self) {
        if self.game.status() != Status::Playing && self.stopped.is_none() {
            self.stopped = Some(self.log.last_ms());
        }
    }

    /// Starts the clock again from where it stopped, the game going on
    /// (a loss undone).
    fn restart_clock(&mut self) {
        if self.game.status() != Status::Playing {
            return;
        }
        if let Some(ms) = self.stopped.take() {
            let played = Duration::from_millis(ms).saturating_sub(self.penalties);
            self.started = Instant::now().checked_sub(played).or(self.started);
        }
    }

    /// Whether `recorder` keeps this game: records are on and there is a
    /// game to carry on (a move made that is not a mark alone).
    fn keeps(&self, recorder: &Recorder) -> bool {
        recorder.is_on() && !self.log.is_empty() && self.game.has_begun()
    }

    /// Saves the game, or files it in the history once it has ended, with
    /// the time played until now.
    fn record<R, W, E: Write>(
        &mut self,
        console: &mut Console<R, W, E>,
        recorder: &mut Recorder,
    ) -> io::Result<()> {
        if !self.keeps(recorder) {
            // A record is a look at the whole game (its 3BV at the end):
            // not worth making to throw away; and a game not begun (no
            // move yet, or only marks) has nothing to carry on.
            return Ok(());
        }
        let record = self.log.record(&self.game, self.played_ms());
        let request = match self.game.status() {
            Status::Playing => Request::Save(record),
            Status::Won | Status::Lost(_) => Request::File(record),
        };
        let trouble = recorder.carry_out(request);
        match trouble {
            Some(trouble) => console.printer.warn_to(&mut console.err, trouble),
            None => Ok(()),
        }
    }
}

/// The saved game `record` made again, the session turned to its rules
/// and its boards.
fn carried_on(record: &Record, session: &mut Session) -> Result<Playing, RebuildError> {
    let replayed = rebuild(record, &solver::NoGuess)?;
    let rule_set = replayed.rule_set();
    let counts = replayed.counts();
    let deal = replayed.deal().clone();
    let game = replayed.into_game();
    session.rules = game.rules();
    session.rule_set = rule_set;
    session.source = match deal {
        Deal::Board(board) => BoardSource::Board(board),
        Deal::Random {
            layout,
            seed,
            no_guess,
        } => BoardSource::Random(RandomBoards {
            layout,
            seed: seed.wrapping_add(1),
            no_guess,
        }),
    };
    session.recording.board_name = record.board.name.clone();
    let now = Instant::now();
    let mut playing = Playing::new(game, Log::resumed(record.clone()));
    // The game's time goes on from where it stood.
    playing.started = (!playing.log.is_empty())
        .then(|| now.checked_sub(Duration::from_millis(record.ms)))
        .flatten();
    playing.hints = counts.hints;
    // The record's time holds the penalties so far; later hints add theirs.
    playing.hint_cost =
        (record.hint_penalty_s > 0).then(|| Duration::from_secs(record.hint_penalty_s.into()));
    playing.seed = record.board.seed;
    Ok(playing)
}

/// A new game from the session's board source; `None` if the input ends
/// while asking for a board file.
fn next_game<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    session: &mut Session,
) -> io::Result<Option<Playing>> {
    let rules = session.rules;
    let deal = match &mut session.source {
        BoardSource::Ask => match ask_board(console)? {
            Some((board, name)) => {
                session.recording.board_name = Some(name);
                Deal::Board(board)
            }
            None => return Ok(None),
        },
        BoardSource::Board(board) => Deal::Board(board.clone()),
        BoardSource::Random(boards) => {
            let deal = Deal::Random {
                layout: boards.layout,
                seed: boards.seed,
                no_guess: boards.no_guess,
            };
            boards.seed = boards.seed.wrapping_add(1);
            deal
        }
    };
    if let Deal::Board(board) = &deal {
        session.source = BoardSource::Board(board.clone());
    }
    let game = deal
        .game(rules, &solver::NoGuess)
        .expect("RandomBoards::new checked the room for the mines");
    // In lines a move can be taken back (`u`); the course's game has no
    // undo, and keeps no history of what its moves changed.
    let game = match session.voice {
        Voice::Lines => game.with_undo(),
        Voice::Boards => game,
    };
    let mut log = Log::new(Described {
        front: Front::Prompt,
        rules: session.rule_set.name,
        first_move: rules.first_move.name(),
        no_question_marks: session.rule_set.drops_question_marks(rules),
        deal: &deal,
        board_name: session.recording.board_name.clone(),
    });
    if let Some(cost) = session.hint_penalty {
        log = log.with_hint_penalty(u32::try_from(cost.as_secs()).unwrap_or(u32::MAX));
    }
    let mut playing = Playing::new(game, log);
    playing.hint_cost = session.hint_penalty;
    Ok(Some(playing))
}

/// Plays one game to its end, or until the input ends or the player
/// quits, counting the hints asked for; the clock starts at the first move.
fn play_game<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    play: &mut Playing,
    session: &mut Session,
    seed: Option<u64>,
) -> io::Result<Ending> {
    let script = session.rule_set.script;
    let mut adviser = Adviser::new();
    match session.voice {
        Voice::Boards => show(console, &play.game, None)?,
        Voice::Lines => writeln!(console.out, "{}", spoken::opening(&play.game))?,
    }
    loop {
        match play.game.status() {
            // In lines the end is said once, with its figures, after it.
            Status::Won => {
                if session.voice == Voice::Boards {
                    writeln!(console.out, "{}", console.paint.win(script.won))?;
                }
                return Ok(Ending::Over);
            }
            Status::Lost(_) => {
                if session.voice == Voice::Boards {
                    writeln!(console.out, "{}", console.paint.loss(script.lost))?;
                } else if after_loss(console, play, session, &mut adviser)? == AfterLoss::TakenBack
                {
                    continue;
                }
                return Ok(Ending::Over);
            }
            Status::Playing => {}
        }
        let turn = match session.voice {
            Voice::Boards => ask_turn(console, play.game.board(), session)?,
            Voice::Lines => ask_command(console, play.game.board(), session.hints)?,
        };
        let mv = match turn {
            None => return Ok(Ending::InputEnded),
            Some(Command::Hint) => {
                if give_hint(
                    console,
                    &play.game,
                    &mut adviser,
                    session.voice,
                    play.hint_cost,
                )? {
                    play.hints += 1;
                    play.penalties += play.hint_cost.unwrap_or_default();
                    play.note(console, &mut session.recording.recorder, Event::Hint, false)?;
                }
                continue;
            }
            Some(Command::Quit) => {
                // Saved with the time up to the quit, to be carried on.
                play.record(console, &mut session.recording.recorder)?;
                return Ok(Ending::Quit);
            }
            Some(Command::Help) => {
                let help = match session.voice {
                    Voice::Boards => script.shortcuts.unwrap_or_default().to_owned(),
                    Voice::Lines => spoken_commands::help(session.hints),
                };
                writeln!(console.out, "{help}")?;
                continue;
            }
            Some(Command::Read(what)) => {
                writeln!(console.out, "{}", spoken::read(&play.game, what))?;
                continue;
            }
            Some(Command::Undo) => {
                undo(console, play, session, &mut adviser)?;
                continue;
            }
            Some(Command::Statistics) => {
                let groups = session.recording.recorder.groups();
                writeln!(console.out, "{}", statistics(play, groups))?;
                continue;
            }
            Some(Command::Seed) => {
                let said = match seed {
                    Some(seed) => format!("Seed {seed}: --seed {seed} plays this board again."),
                    None => "This board is from a file: it has no seed.".to_owned(),
                };
                writeln!(console.out, "{said}")?;
                continue;
            }
            Some(Command::Play(mv)) => mv,
        };
        // The move's time is when it was made, not when its reveal was
        // worked out; the first starts the clock, so it is made at its
        // start however busy the machine.
        let first = play.started.is_none();
        play.started.get_or_insert_with(Instant::now);
        let clock = if first {
            millis(play.penalties)
        } else {
            play.played_ms()
        };
        let no_guess_known = play.game.maker_gave_up().is_some();
        let game = &mut play.game;
        // What the line a move gets names; the boards need none of it,
        // and a reveal may open millions of squares.
        let mut opened = spoken::Opened::default();
        let speaks = session.voice == Voice::Lines;
        let outcome = match session.animation {
            Some(animation) if mv.action == Action::Reveal && session.voice == Voice::Boards => {
                play_animated(console, game, mv, animation, &mut adviser)?
            }
            _ => game.apply_noting(mv, |pos, clue| {
                adviser.opened(pos, clue);
                if speaks {
                    opened.note(pos, clue);
                }
            }),
        };
        match session.voice {
            Voice::Boards => show(console, &play.game, message(script, outcome, mv.at))?,
            Voice::Lines => {
                let said = spoken::after_move(&play.game, mv, outcome, &opened);
                writeln!(console.out, "{said}")?;
            }
        }
        if let Some(gave_up) = play.game.maker_gave_up()
            && !no_guess_known
        {
            writeln!(
                console.out,
                "No board without guessing: {gave_up}; this one may need a guess."
            )?;
        }
        let recorder = &mut session.recording.recorder;
        let changed = outcome.changed_board();
        if session.voice == Voice::Lines && matches!(play.game.status(), Status::Lost(_)) {
            // Kept, but filed only when the player lets the loss stand:
            // in lines it may still be taken back.
            play.log.note(Event::Move(mv), clock, changed);
        } else {
            play.note_at(console, recorder, Event::Move(mv), clock, changed)?;
        }
        play.stop_clock_if_over();
    }
}

/// What the player made of a loss in lines.
#[derive(Debug, PartialEq, Eq)]
enum AfterLoss {
    /// The mine was taken back: the game goes on.
    TakenBack,
    /// The loss stands, and is filed.
    Stands,
}

/// After a loss in lines: `u` takes the mine back (a death counted),
/// `w` says where the mines were, and an empty line (or the input's end)
/// lets the loss stand, filed in the history; anything else is asked
/// again.
fn after_loss<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    play: &mut Playing,
    session: &mut Session,
    adviser: &mut Adviser,
) -> io::Result<AfterLoss> {
    loop {
        console.out.write_all(ASK_AFTER_LOSS.as_bytes())?;
        let typed = match read_answer(console)? {
            Some(Typed::Line(typed)) => typed.trim().to_ascii_lowercase(),
            Some(Typed::TooLong) => "?".to_owned(),
            None => String::new(),
        };
        match typed.as_str() {
            "u" | "undo" => {
                undo(console, play, session, adviser)?;
                return Ok(AfterLoss::TakenBack);
            }
            "w" | "where" | "mines" => writeln!(console.out, "{}", spoken::mines_were(&play.game))?,
            "" => {
                play.record(console, &mut session.recording.recorder)?;
                return Ok(AfterLoss::Stands);
            }
            // A move typed on by habit ends nothing.
            _ => writeln!(console.out, "The game is lost: u, w, or an empty line.")?,
        }
    }
}

/// The question after a loss in lines.
const ASK_AFTER_LOSS: &str =
    "The game is lost: u takes the mine back, w says where the mines were, Enter ends it: ";

/// The end of a game in lines, in one sentence or two: the rule set's
/// words, the figures the full screen gives (time on the game's clock,
/// 3BV, 3BV/s, clicks, efficiency, ZiNi), the hints, and a win's standing
/// among the games of its kind.
fn spoken_end(play: &Playing, session: &Session, hints: Option<usize>) -> String {
    let script = session.rule_set.script;
    let ms = play.played_ms();
    let record = play.log.record(&play.game, ms);
    let clicks = (record.clicks as usize, record.wasted as usize);
    let mut summary = Summary::of(&play.game, Duration::from_millis(ms), clicks);
    let won = summary.won;
    if won && session.recording.recorder.is_on() {
        summary.standing = session.recording.recorder.standing(&record);
    }
    let said = if won { script.won } else { script.lost };
    spoken::ended(said, &summary, hints)
}

/// Takes the last move back, says what it was, and notes it in the record.
fn undo<R, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    play: &mut Playing,
    session: &mut Session,
    adviser: &mut Adviser,
) -> io::Result<()> {
    let Some(mv) = play.game.undo() else {
        return writeln!(console.out, "Nothing to undo.");
    };
    // The adviser followed the squares as they opened; it starts again.
    *adviser = Adviser::new();
    play.restart_clock();
    writeln!(console.out, "{}", spoken::undone(&play.game, mv))?;
    play.note(console, &mut session.recording.recorder, Event::Undo, false)
}

/// This kind of game's statistics, from `groups` read from the history.
fn statistics(play: &Playing, groups: Result<Vec<Group>, String>) -> String {
    let groups = match groups {
        Ok(groups) => groups,
        Err(why) => return format!("{why}."),
    };
    let this = Key::of(&play.log.record(&play.game, 0));
    spoken::statistics(groups.iter().find(|group| group.key == this))
}

/// Plays a reveal and shows its steps before the board is printed as usual.
fn play_animated<R, W: Write, E>(
    console: &mut Console<R, W, E>,
    game: &mut Game,
    mv: Move,
    animation: Animation,
    adviser: &mut Adviser,
) -> io::Result<Outcome> {
    let mines = game.board().mines();
    let before = Grid::from_row_major(
        mines.rows(),
        mines.cols(),
        mines.positions().map(|p| game.glyph(p)).collect(),
    );
    // The show prints whole boards while the game plays the move: a copy
    // of the board, not a list of every step (24 bytes each, ten or so a
    // square).
    let board = game.board().clone();
    let mut show =
        animate::Show::start(&mut console.out, &board, before, console.paint, animation)?;
    let outcome = game.apply_traced(mv, |step, clue| {
        show.step(step);
        adviser.stepped(step, clue);
    });
    show.finish()?;
    Ok(outcome)
}

/// The solver's hint, as one sentence under the board, with what it adds
/// to the clock (`cost`) where it counts; whether it counts as a hint used
/// ([`solver::Hint::counts`]).
fn give_hint<R, W: Write, E>(
    console: &mut Console<R, W, E>,
    game: &Game,
    adviser: &mut Adviser,
    voice: Voice,
    cost: Option<Duration>,
) -> io::Result<bool> {
    let Some(hint) = adviser.hint(game) else {
        return Ok(false);
    };
    let cost = match cost.filter(|_| hint.counts()) {
        Some(cost) => format!(" (+{} s)", cost.as_secs()),
        None => String::new(),
    };
    match voice {
        Voice::Boards => writeln!(console.out, "\t{}{cost}\n", explain::hint(&hint))?,
        Voice::Lines => writeln!(console.out, "{}{cost}", spoken::hint(&hint))?,
    }
    Ok(hint.counts())
}

/// What follows a finished game: time and 3BV if the script reports them,
/// the hints used if hints were on, and the seed of a random board so it
/// can be played again.
fn report<R, W: Write, E>(
    console: &mut Console<R, W, E>,
    game: &Game,
    script: &Script,
    elapsed: Duration,
    seed: Option<u64>,
    hints: Option<usize>,
) -> io::Result<()> {
    if script.reports_time_and_3bv {
        writeln!(console.out, "\tTime: {:.1} seconds", elapsed.as_secs_f64())?;
        writeln!(console.out, "\t3BV: {}", three_bv(game.board()))?;
    }
    if let Some(hints) = hints {
        writeln!(console.out, "\tHints used: {hints}")?;
    }
    write_seed(console, seed)
}

/// The seed of a random board, so it can be played again.
fn write_seed<R, W: Write, E>(console: &mut Console<R, W, E>, seed: Option<u64>) -> io::Result<()> {
    match seed {
        Some(seed) => writeln!(console.out, "{}", seed_line(seed)),
        None => Ok(()),
    }
}

/// Asks for a board file until one loads, and gives it with its name; an
/// empty answer is the built-in board.
fn ask_board<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
) -> io::Result<Option<(Board, String)>> {
    loop {
        console.out.write_all(ASK_FILE.as_bytes())?;
        let answer = match read_answer(console)? {
            None => return Ok(None),
            Some(Typed::Line(answer)) => answer,
            Some(Typed::TooLong) => {
                writeln!(
                    console.err,
                    "error: no file name is that long (over {LONGEST_ANSWER} bytes)"
                )?;
                continue;
            }
        };
        let name = answer.trim();
        if name.is_empty() {
            return Ok(Some((built_in_board(), BUILT_IN_NAME.to_owned())));
        }
        match load_board(Path::new(name)) {
            Ok(board) => return Ok(Some((board, name.to_owned()))),
            Err(error) => writeln!(console.err, "error: {error}")?,
        }
    }
}

/// Asks for a row, a column and an action, or with hints on, `h` at the
/// row or action prompt; `None` if the input ends first.
fn ask_turn<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    board: &Board,
    session: &Session,
) -> io::Result<Option<Command>> {
    let hints = session.hints;
    console.out.write_all(ASK_ROW.as_bytes())?;
    let row = match ask_row(console, board, session)? {
        None => return Ok(None),
        Some(AtRow::Hint) => return Ok(Some(Command::Hint)),
        Some(AtRow::Shortcut(Shortcut::Quit)) => return Ok(Some(Command::Quit)),
        Some(AtRow::Shortcut(Shortcut::Help)) => return Ok(Some(Command::Help)),
        Some(AtRow::Shortcut(Shortcut::Move(row, col, action))) => {
            let at = Pos::new(row - 1, col - 1);
            return Ok(Some(Command::Play(Move { action, at })));
        }
        Some(AtRow::Row(row)) => row,
    };
    console.out.write_all(ASK_COLUMN.as_bytes())?;
    let Some(col) = ask_number(console, board.cols())? else {
        return Ok(None);
    };
    let action = match ask_action(console, session.rule_set.script, hints)? {
        None => return Ok(None),
        Some(OrHint::Hint) => return Ok(Some(Command::Hint)),
        Some(OrHint::Answer(action)) => action,
    };
    let at = Pos::new(row - 1, col - 1);
    Ok(Some(Command::Play(Move { action, at })))
}

/// The game in lines: one prompt, a move or a command on one line; a line
/// refused is answered with why, and asked again.
fn ask_command<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    board: &Board,
    hints: bool,
) -> io::Result<Option<Command>> {
    let on = Checked {
        rows: board.rows(),
        cols: board.cols(),
        hints,
    };
    loop {
        console.out.write_all(ASK_COMMAND.as_bytes())?;
        let said = match read_answer(console)? {
            None => return Ok(None),
            Some(Typed::Line(typed)) => spoken_commands::parse(&typed, on),
            Some(Typed::TooLong) => Err("That line is too long to be a command.".to_owned()),
        };
        match said {
            Ok(command) => return Ok(Some(command)),
            Err(why) => writeln!(console.out, "{why}")?,
        }
    }
}

/// The row, a hint (with hints on), or a shortcut (where the script has them).
fn ask_row<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    board: &Board,
    session: &Session,
) -> io::Result<Option<AtRow>> {
    let (rows, cols) = (board.rows(), board.cols());
    let shortcuts = session.rule_set.script.shortcuts.is_some();
    let hints = session.hints;
    // Where whole moves are taken, a refusal says what is expected; the
    // course's game keeps its own sentence.
    let complaint = |typed: &str| -> Cow<'static, str> {
        if shortcuts {
            Cow::Owned(answer::row_refused(typed, rows, cols))
        } else {
            Cow::Borrowed(BAD_NUMBER)
        }
    };
    ask_until_valid_saying(console, &number_question(rows, hints), complaint, |typed| {
        if let Some(shortcut) = answer::shortcut(typed, rows, cols).filter(|_| shortcuts) {
            return Some(AtRow::Shortcut(shortcut));
        }
        let number = |typed: &str| answer::number_in_range(typed, rows);
        if !hints {
            return number(typed).map(AtRow::Row);
        }
        answer::or_hint(typed, number).map(|answer| match answer {
            OrHint::Hint => AtRow::Hint,
            OrHint::Answer(row) => AtRow::Row(row),
        })
    })
}

fn number_question(max: usize, hints: bool) -> String {
    if hints {
        format!("Enter a number between 1 and {max} (inclusive), or 'h' for a hint: ")
    } else {
        format!("Enter a number between 1 and {max} (inclusive): ")
    }
}

/// A number from 1 to `max` (the column: no hint is offered there).
fn ask_number<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    max: usize,
) -> io::Result<Option<usize>> {
    ask_until_valid(console, &number_question(max, false), BAD_NUMBER, |typed| {
        answer::number_in_range(typed, max)
    })
}

fn ask_action<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
    script: &Script,
    hints: bool,
) -> io::Result<Option<OrHint<Action>>> {
    if hints {
        return ask_until_valid(console, script.ask_action_or_hint, BAD_ACTION, |typed| {
            answer::or_hint(typed, answer::action)
        });
    }
    ask_until_valid(console, script.ask_action, BAD_ACTION, |typed| {
        answer::action(typed).map(OrHint::Answer)
    })
}

fn ask_yes_no<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
) -> io::Result<Option<bool>> {
    ask_until_valid(console, ASK_AGAIN, BAD_YES_NO, answer::yes_or_no)
}

/// Asks `question` until `check` accepts the answer, saying `complaint`
/// after each one it refuses; `None` if the input ends first.
fn ask_until_valid<R: BufRead, W: Write, E: Write, T>(
    console: &mut Console<R, W, E>,
    question: &str,
    complaint: &str,
    check: impl Fn(&str) -> Option<T>,
) -> io::Result<Option<T>> {
    ask_until_valid_saying(console, question, |_| Cow::Borrowed(complaint), check)
}

/// [`ask_until_valid`], the complaint made from what was typed (an
/// answer too long to keep is complained of as an empty one).
fn ask_until_valid_saying<'a, R: BufRead, W: Write, E: Write, T>(
    console: &mut Console<R, W, E>,
    question: &str,
    complaint: impl Fn(&str) -> Cow<'a, str>,
    check: impl Fn(&str) -> Option<T>,
) -> io::Result<Option<T>> {
    loop {
        console.out.write_all(question.as_bytes())?;
        let (accepted, typed) = match read_answer(console)? {
            None => return Ok(None),
            Some(Typed::Line(typed)) => (check(&typed), typed),
            Some(Typed::TooLong) => (None, String::new()),
        };
        match accepted {
            Some(value) => return Ok(Some(value)),
            None => console.out.write_all(complaint(&typed).as_bytes())?,
        }
    }
}

/// Answers longer than this are refused without being kept: no prompt
/// takes one (a file name is at most 4096 bytes on Linux), and a 100 MB line
/// must not take 100 MB.
const LONGEST_ANSWER: usize = 4096;

/// One line of input.
enum Typed {
    /// Without its line end.
    Line(String),
    /// Longer than [`LONGEST_ANSWER`]; read to its end and dropped.
    TooLong,
}

/// The next line of input; `None` at the end of input. The prompt is
/// flushed first so the player sees it before typing.
fn read_answer<R: BufRead, W: Write, E: Write>(
    console: &mut Console<R, W, E>,
) -> io::Result<Option<Typed>> {
    console.out.flush()?;
    let mut line = Vec::new();
    let mut read_any = false;
    loop {
        let buffer = console.input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        read_any = true;
        let end = buffer.iter().position(|&b| b == b'\n');
        let used = end.map_or(buffer.len(), |i| i + 1);
        let room = (LONGEST_ANSWER + 1).saturating_sub(line.len());
        line.extend_from_slice(&buffer[..used.min(room)]);
        console.input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    let text = line.strip_suffix(b"\n").unwrap_or(&line);
    if text.len() > LONGEST_ANSWER {
        return Ok(Some(Typed::TooLong));
    }
    Ok(Some(Typed::Line(
        String::from_utf8_lossy(&line).into_owned(),
    )))
}

/// The game stopped before its end (the input ended, the player quit):
/// say which, and give the seed of a random board.
fn stop_early<R, W: Write, E>(
    console: &mut Console<R, W, E>,
    why: &str,
    seed: Option<u64>,
) -> io::Result<()> {
    console.out.write_all(why.as_bytes())?;
    write_seed(console, seed)
}

/// The board, the move's message if it has one, and the mines-left line.
/// A lost game ends with the board: its mines-left line would be moot.
fn show<R, W: Write, E>(
    console: &mut Console<R, W, E>,
    game: &Game,
    message: Option<String>,
) -> io::Result<()> {
    write_board(
        &mut console.out,
        game.board(),
        |p| game.glyph(p),
        console.paint,
    )?;
    if let Status::Lost(_) = game.status() {
        return Ok(());
    }
    if let Some(message) = message {
        writeln!(console.out, "\t{message}")?;
    }
    writeln!(console.out, "\t{}\n", mines_left(game.mines_left()))
}

fn mines_left(count: i64) -> String {
    match count {
        1 => "There is 1 mine left to find".to_owned(),
        n => format!("There are {n} mines left to find"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::parse_board;

    fn transcript(board: &str, typed: &str) -> String {
        let mut console = Console {
            input: typed.as_bytes(),
            out: Vec::new(),
            err: Vec::new(),
            paint: Paint::Plain,
            printer: Printer::default(),
        };
        let session = Session::proj3(parse_board(board.as_bytes()).unwrap());
        play(&mut console, session).unwrap();
        String::from_utf8(console.out).unwrap()
    }

    const BOARD: &str = "++++\n+* +\n++++\n";

    /// The clock stops at the move that ends the game, however long the
    /// question after a loss waits; an undo starts it again from there.
    #[test]
    fn the_clock_stops_at_the_end_and_an_undo_starts_it_from_there() {
        let board = parse_board(BOARD.as_bytes()).unwrap();
        let deal = Deal::Board(board.clone());
        let log = Log::new(Described {
            front: Front::Prompt,
            rules: "classic",
            first_move: "any",
            no_question_marks: false,
            deal: &deal,
            board_name: None,
        });
        let game = Game::new(
            board,
            Rules::CLASSIC.with_first_move(engine::FirstMove::Any),
        );
        let mut play = Playing::new(game.with_undo(), log);
        let ago = |s| Instant::now().checked_sub(Duration::from_secs(s));
        play.started = ago(5);
        let mine = Move {
            action: Action::Reveal,
            at: Pos::new(0, 0),
        };
        play.game.apply(mine);
        let clock = play.played_ms();
        play.log.note(Event::Move(mine), clock, true);
        play.stop_clock_if_over();
        let at_loss = play.played_ms();
        assert!(at_loss >= 5_000, "{at_loss}");
        // 45 s at the question after the loss: not played.
        play.started = ago(50);
        assert_eq!(play.played_ms(), at_loss);
        play.game.undo();
        play.restart_clock();
        let after = play.played_ms();
        assert!(
            (at_loss..at_loss + 45_000).contains(&after),
            "{after} after {at_loss}"
        );
    }

    #[test]
    fn one_mine_left_is_singular() {
        let text = transcript(BOARD, "");
        assert!(
            text.contains("\tThere is 1 mine left to find\n\n"),
            "{text}"
        );
    }

    #[test]
    fn negative_mines_left() {
        assert_eq!(mines_left(-2), "There are -2 mines left to find");
    }

    #[test]
    fn flagging_the_mine_wins() {
        let text = transcript(BOARD, "1\n1\nf\n");
        assert!(
            text.ends_with(
                "\tThere are 0 mines left to find\n\nYou won! Congratulations, and good game!\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn input_ending_mid_move_says_so() {
        let text = transcript(BOARD, "1\n");
        assert!(
            text.ends_with("(inclusive): \nInput ended before the game finished.\n"),
            "{text}"
        );
    }

    #[test]
    fn last_line_without_line_end_still_counts() {
        let text = transcript(BOARD, "1\n1\nr");
        assert!(
            text.ends_with("You detonated a mine!  Game Over!\n"),
            "{text}"
        );
    }

    #[test]
    fn board_without_mines_is_won_before_any_prompt() {
        let text = transcript("+++\n+ +\n+++\n", "");
        assert!(!text.contains("Please choose"), "{text}");
        assert!(
            text.ends_with("You won! Congratulations, and good game!\n"),
            "{text}"
        );
    }
}
