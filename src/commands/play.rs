//! `play`: the full-screen game, on a board file, random boards, or the
//! game saved in progress; the seed of the last random board is printed
//! once the screen is given back.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use console::animate::locale_is_utf8;
use console::load::load_board;
use console::render::Paint;
use console::resume::Answer;
use console::words::seed_sentence;
use engine::{Layout, Marks, RuleSet, Rules};
use records::Front;
use records::settings::Settings;
use screen::RunError;
use screen::state::{Deal, Setup};
use screen::theme::{Looks, Theme};

use crate::cli::{RandomArgs, ScreenArgs, ThemeArg};
use crate::error::AppError;
use crate::options::{fresh_seed, rules_of, too_many_mines};
use crate::recording::{Wanted, recorder_and_saved};

pub fn run(args: &ScreenArgs, out: &mut impl Write, paint: Paint) -> Result<(), AppError> {
    let wanted = Wanted::of(
        args.rules.map(|rules| rules.set().name),
        board_name(args.board.as_deref()),
        &args.random,
        args.no_guess,
    );
    let (recorder, saved) = recorder_and_saved(&args.records, Front::Screen, &wanted, Answer::Key)?;
    let settings = recorder.settings();
    let looks = looks(theme(args.theme, &settings), paint);
    let animate = args.animate.animate.map(Duration::from_millis);
    let setup = match &saved {
        Some(record) => Setup {
            spare_seed: fresh_seed(),
            ..Setup::recorded(record, looks, animate).map_err(AppError::saved_game)?
        },
        None => new_setup(args, &settings, looks, animate)?,
    };
    let seed = screen::run(setup, saved.as_ref(), recorder).map_err(|e| match e {
        RunError::Io(e) => AppError::Io(e),
        RunError::Rebuild(why) => AppError::saved_game(why),
    })?;
    if let Some(seed) = seed {
        writeln!(out, "{}", seed_sentence(seed))?;
    }
    Ok(())
}

/// What a new session plays: the board file or random boards, by the
/// rules asked for (proj3 on a board file; on random boards the menu's
/// last choice, or classic). What the command line leaves open on random
/// boards comes from the menu's last choices.
fn new_setup(
    args: &ScreenArgs,
    settings: &Settings,
    looks: Looks,
    animate: Option<Duration>,
) -> Result<Setup, AppError> {
    let board = args.board.as_deref();
    let chosen_rules = settings.rules.as_deref().and_then(RuleSet::named);
    let rule_set = match (args.rules, board) {
        (Some(rules), _) => rules.set(),
        (None, Some(_)) => &RuleSet::PROJ3,
        (None, None) => chosen_rules.unwrap_or(&RuleSet::CLASSIC),
    };
    let mut rules = rules_of(rule_set, &args.random);
    if settings.question_marks == Some(false) {
        rules = rules.with_marks(Marks::Flag);
    }
    let deal = match board {
        Some(path) => Deal::Board(load_board(path)?),
        None => {
            let layout = layout(&args.random, settings, rules);
            layout
                .check_room(rules.first_move)
                .map_err(|no_room| too_many_mines(layout, rules, no_room))?;
            Deal::Random {
                layout,
                seed: args.random.seed.unwrap_or_else(fresh_seed),
                no_guess: args.no_guess || settings.no_guess == Some(true),
            }
        }
    };
    Ok(Setup {
        deal,
        rule_set,
        rules,
        looks,
        animate,
        board_name: board_name(board),
        spare_seed: fresh_seed(),
    })
}

/// The random boards' size: the command line's, or else the menu's last
/// choice when it is one the command line would take and has room for its
/// mines under `rules`, or else beginner.
fn layout(random: &RandomArgs, settings: &Settings, rules: Rules) -> Layout {
    let chosen = settings
        .size
        .map(|(rows, cols, mines)| Layout::new(rows, cols, mines))
        .filter(|layout| {
            let sides = 1..=Layout::MOST_SIDE;
            sides.contains(&layout.rows)
                && sides.contains(&layout.cols)
                && layout.check_room(rules.first_move).is_ok()
        });
    match chosen {
        Some(layout) if !random.size_given() => layout,
        _ => random.layout(),
    }
}

/// The colours: the command line's, or else the menu's last choice, or
/// else classic.
pub(super) fn theme(asked: Option<ThemeArg>, settings: &Settings) -> Theme {
    asked.map(Theme::from).unwrap_or_else(|| {
        settings
            .theme
            .as_deref()
            .and_then(Theme::named)
            .unwrap_or_default()
    })
}

/// The name a board file given as `path` is recorded by.
pub(super) fn board_name(path: Option<&Path>) -> Option<String> {
    path.map(|path| path.display().to_string())
}

/// The looks the options ask for: mono when colour is off; Unicode
/// symbols where the locale shows them.
pub(super) fn looks(theme: Theme, paint: Paint) -> Looks {
    let theme = if paint == Paint::Plain {
        Theme::Mono
    } else {
        theme
    };
    Looks {
        theme,
        unicode: locale_is_utf8(),
        colour: paint == Paint::Colour,
    }
}
