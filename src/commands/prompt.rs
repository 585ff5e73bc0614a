//! The prompt game, played when no command is named: a board file, the
//! course's question for one, or random boards, by the rules asked for.

use std::io::{self, Write};

use console::animate::Animation;
use console::load::load_board;
use console::messages::Printer;
use console::prompt::{BoardSource, Console, RandomBoards, Recording, Session, play};
use console::render::{Background, Paint};
use console::resume::Answer;
use console::spoken::Voice;
use engine::Rules;
use records::settings::Settings;
use records::{Front, Recorder};

use crate::background;
use crate::error::AppError;
use crate::memory::{self, Room};
use crate::options::too_many_mines;
use crate::plan::{Boards, Dealing, PromptPlan};
use crate::recording::recorder_and_saved;

pub(super) fn run(
    plan: PromptPlan,
    out: &mut impl Write,
    paint: Paint,
    printer: Printer,
) -> Result<(), AppError> {
    // Everything about the game is checked before the game starts.
    let mut session = session(&plan)?;
    let (mut recorder, saved) = recorder_and_saved(
        plan.records,
        Front::Prompt,
        &plan.wanted,
        Answer::Line,
        printer,
    )?;
    learn_the_background(plan.background, &mut recorder, paint, printer);
    session.recording = Recording {
        recorder,
        resume: saved,
        board_name: plan.board_name,
    };
    play_at_prompts(session, out, paint, printer)
}

/// Tells the printer the terminal's background (the clues' colours under
/// 16 colours depend on it), keeping what `--background` said for the
/// next time.
fn learn_the_background(
    asked: Option<Background>,
    recorder: &mut Recorder,
    paint: Paint,
    printer: Printer,
) {
    let kept = recorder.settings().background;
    if let Some(asked) = asked {
        let said = Settings {
            background: Some(asked.name().to_owned()),
            ..Settings::default()
        };
        if let Some(trouble) = recorder.keep_settings(&said) {
            printer.warn(trouble);
        }
    }
    console::render::set_background(background::learn(asked, kept.as_deref(), paint));
}

/// Plays `session` on stdin and `out`; in lines, without colour: a screen
/// reader or a braille display wants the words alone.
pub(super) fn play_at_prompts(
    session: Session,
    out: &mut impl Write,
    paint: Paint,
    printer: Printer,
) -> Result<(), AppError> {
    let paint = match session.voice {
        Voice::Boards => paint,
        Voice::Lines => Paint::Plain,
    };
    let mut console = Console {
        input: io::stdin().lock(),
        out,
        // The game's own stream of warnings, which it writes through
        // its printer.
        #[expect(
            clippy::disallowed_methods,
            reason = "handed to the game as its stderr"
        )]
        err: io::stderr(),
        paint,
        printer,
    };
    play(&mut console, session)?;
    Ok(())
}

/// The session `plan` asks for, its board file read; recorded by nobody
/// until the records are opened.
fn session(plan: &PromptPlan) -> Result<Session, AppError> {
    let Dealing {
        rule_set,
        rules,
        ref boards,
    } = plan.dealing;
    let source = source_of(boards.clone(), rules)?;
    if plan.hints {
        room_for_hints(&source)?;
    }
    Ok(Session {
        rule_set,
        rules,
        source,
        animation: plan.animate.map(Animation::for_stdout),
        hints: plan.hints,
        hint_penalty: None,
        voice: plan.voice,
        recording: Recording::default(),
    })
}

/// Where the boards come from: the board file read, random boards
/// checked to have room for their mines, or (`None`) proj3's question.
pub(super) fn source_of(boards: Option<Boards>, rules: Rules) -> Result<BoardSource, AppError> {
    Ok(match boards {
        Some(Boards::File(path)) => BoardSource::Board(load_board(&path)?),
        Some(Boards::Random {
            layout,
            seed,
            no_guess,
        }) => BoardSource::Random(
            RandomBoards::new(layout, seed, rules)
                .map_err(|no_room| too_many_mines(layout, rules, no_room))?
                .without_guessing(no_guess),
        ),
        None => BoardSource::Ask,
    })
}

/// Refused before the game starts: a board whose hints the memory left
/// cannot hold (the board asked for later is checked when a hint is).
pub(super) fn room_for_hints(source: &BoardSource) -> Result<(), AppError> {
    let layout = match source {
        BoardSource::Board(board) => memory::layout_of(board),
        BoardSource::Random(boards) => boards.layout(),
        BoardSource::Ask => return Ok(()),
    };
    Room::of_this_process().check(layout)?;
    Ok(())
}
