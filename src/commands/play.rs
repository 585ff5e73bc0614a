//! `play`: the full-screen game, on a board file, random boards, or the
//! game saved in progress; the seed of the last random board is printed
//! once the screen is given back.

use std::io::Write;

use console::animate::locale_is_utf8;
use console::load::load_board;
use console::messages::Printer;
use console::prompt::{Recording, Session};
use console::render::Paint;
use console::resume::Answer;
use console::spoken::Voice;
use console::words::{seed_sentence, stdout_width, to_width};
use records::Front;
use records::settings::Settings;
use screen::state::{Deal, Setup};
use screen::{RunError, Shows};

use crate::error::AppError;
use crate::options::fresh_seed;
use crate::plan::{Boards, Dealing, PlayPlan, ScreenPlan};
use crate::recording::recorder_and_saved;

pub(super) fn run(
    plan: &PlayPlan,
    out: &mut impl Write,
    paint: Paint,
    shows: Shows,
    printer: Printer,
) -> Result<(), AppError> {
    if plan.in_lines {
        return in_lines(plan, out, printer);
    }
    full_screen_shows()?;
    let (recorder, saved) = recorder_and_saved(
        plan.records,
        Front::Screen,
        &plan.wanted,
        Answer::Key,
        printer,
    )?;
    let settings = recorder.settings();
    let screen_plan = plan.screen(&settings, paint, locale_is_utf8());
    let setup = match &saved {
        Some(record) => Setup {
            spare_seed: fresh_seed(),
            ..Setup::recorded(record, screen_plan.looks, screen_plan.animate)
                .map_err(AppError::saved_game)?
        },
        None => new_setup(plan, &settings, &screen_plan)?,
    };
    let seed = screen::run(setup, screen_plan.zoom, saved.as_ref(), recorder, shows).map_err(
        |e| match e {
            RunError::Io(e) => AppError::Io(e),
            RunError::Rebuild(why) => AppError::saved_game(why),
        },
    )?;
    if let Some(seed) = seed {
        writeln!(out, "{}", to_width(&seed_sentence(seed), stdout_width()))?;
    }
    Ok(())
}

/// `play --screen-reader`: the same dealing and records, played in lines
/// at the prompt, hints offered as the full screen offers them.
fn in_lines(plan: &PlayPlan, out: &mut impl Write, printer: Printer) -> Result<(), AppError> {
    let (recorder, saved) = recorder_and_saved(
        plan.records,
        Front::Prompt,
        &plan.wanted,
        Answer::Line,
        printer,
    )?;
    let settings = recorder.settings();
    let Dealing {
        rule_set,
        rules,
        boards,
    } = plan.dealing(&settings, fresh_seed)?;
    let source = super::prompt::source_of(Some(boards), rules)?;
    super::prompt::room_for_hints(&source)?;
    let session = Session {
        rule_set,
        rules,
        source,
        animation: None,
        hints: true,
        // Paid for in time where the menu says so, as on the full screen.
        hint_penalty: crate::plan::hint_penalty(&settings),
        voice: Voice::Lines,
        recording: Recording {
            recorder,
            resume: saved,
            board_name: plan.board_name.clone(),
        },
    };
    super::prompt::play_at_prompts(session, out, Paint::Plain, printer)
}

/// What a new session plays ([`PlayPlan::dealing`]), its board file
/// read, as `screen` shows it.
fn new_setup(plan: &PlayPlan, settings: &Settings, screen: &ScreenPlan) -> Result<Setup, AppError> {
    let Dealing {
        rule_set,
        rules,
        boards,
    } = plan.dealing(settings, fresh_seed)?;
    let deal = match boards {
        Boards::File(path) => Deal::Board(load_board(&path)?),
        Boards::Random {
            layout,
            seed,
            no_guess,
        } => Deal::Random {
            layout,
            seed,
            no_guess,
        },
    };
    Ok(Setup {
        deal,
        rule_set,
        rules,
        looks: screen.looks,
        animate: screen.animate,
        board_name: plan.board_name.clone(),
        hint_penalty: screen.hint_penalty,
        spare_seed: fresh_seed(),
    })
}

/// An error unless the terminal can draw a full screen: `TERM=dumb`
/// (an editor's shell, a pipe-like terminal) moves no cursor, and the
/// screen would arrive as a stream of escape codes.
pub(super) fn full_screen_shows() -> Result<(), AppError> {
    match std::env::var_os("TERM") {
        Some(term) if term == "dumb" => Err(AppError::Terminal(
            "this terminal (TERM=dumb) cannot draw a full screen; the prompt game plays \
             anywhere: minesweeper --rules classic, minesweeper BOARD, or play's boards \
             in lines: minesweeper play --screen-reader"
                .to_owned(),
        )),
        _ => Ok(()),
    }
}
