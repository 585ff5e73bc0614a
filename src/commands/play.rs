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
use engine::RuleSet;
use records::Front;
use screen::RunError;
use screen::state::{Deal, Setup};
use screen::theme::{Looks, Theme};

use crate::cli::{RulesArg, ScreenArgs};
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
    let looks = looks(args.theme.into(), paint);
    let animate = args.animate.animate.map(Duration::from_millis);
    let setup = match &saved {
        Some(record) => Setup::recorded(record, looks, animate).map_err(AppError::saved_game)?,
        None => new_setup(args, looks, animate)?,
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
/// rules asked for (proj3 on a board file, classic on random boards).
fn new_setup(
    args: &ScreenArgs,
    looks: Looks,
    animate: Option<Duration>,
) -> Result<Setup, AppError> {
    let board = args.board.as_deref();
    let default = if board.is_some() {
        &RuleSet::PROJ3
    } else {
        &RuleSet::CLASSIC
    };
    let rule_set = args.rules.map_or(default, RulesArg::set);
    let rules = rules_of(rule_set, &args.random);
    let deal = match board {
        Some(path) => Deal::Board(load_board(path)?),
        None => {
            let layout = args.random.layout();
            layout
                .check_room(rules.first_move)
                .map_err(|no_room| too_many_mines(layout, rules, no_room))?;
            Deal::Random {
                layout,
                seed: args.random.seed.unwrap_or_else(fresh_seed),
                no_guess: args.no_guess,
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
    }
}
