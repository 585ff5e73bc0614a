//! The boards a game is dealt, as the prompt game and `play` take them
//! from the command line (and, for `play`, the menu's last choices).

use std::path::PathBuf;

use engine::{FirstMove, Layout, Marks, RuleSet, Rules};
use records::settings::Settings;

use crate::cli::{PlayArgs, RandomArgs, RulesArg, ScreenArgs};
use crate::error::AppError;
use crate::options::{rules_of, too_many_mines};

/// Where the boards come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Boards {
    /// A board file, to be read.
    File(PathBuf),
    /// Random boards, the first of `seed`.
    Random {
        /// Their size and mines.
        layout: Layout,
        /// The first board's seed.
        seed: u64,
        /// Made by the solver to need no guess.
        no_guess: bool,
    },
}

/// A game's rule set, its rules, and its boards: [`Boards`], or for the
/// prompt game `Option<Boards>`, where `None` asks for a board file
/// (proj3's question).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dealing<B> {
    /// The rule set.
    pub rule_set: &'static RuleSet,
    /// Its rules, with the first move and marks asked for.
    pub rules: Rules,
    /// Where the boards come from.
    pub boards: B,
}

/// The prompt game's dealing: a board file; random boards when any of
/// their options is given or the rules are not proj3's; else proj3's
/// question. A fresh seed from `seed` when none is given. Refused: more
/// mines than the first move leaves room for.
pub(super) fn prompt_dealing(
    args: &PlayArgs,
    seed: impl FnOnce() -> u64,
) -> Result<Dealing<Option<Boards>>, AppError> {
    let rule_set = args.rules.set();
    let rules = rules_of(rule_set, &args.random);
    let boards = match &args.board {
        Some(path) => Some(Boards::File(path.clone())),
        None if args.random.any_given() || args.rules != RulesArg::Proj3 => Some(random(
            args.random.layout(),
            rules,
            args.random.seed.unwrap_or_else(seed),
            false,
        )?),
        None => None,
    };
    Ok(Dealing {
        rule_set,
        rules,
        boards,
    })
}

/// `play`'s dealing for a new session: the board file or random boards,
/// by the rules asked for (proj3 on a board file; on random boards the
/// menu's last choice, or classic). What the command line leaves open on
/// random boards comes from the menu's last choices (`settings`). A
/// fresh seed from `seed` when none is given. Refused: more mines than
/// the first move leaves room for.
pub(super) fn play_dealing(
    args: &ScreenArgs,
    settings: &Settings,
    seed: impl FnOnce() -> u64,
) -> Result<Dealing<Boards>, AppError> {
    let chosen_rules = settings.rules.as_deref().and_then(RuleSet::named);
    let rule_set = match (args.rules, &args.board) {
        (Some(rules), _) => rules.set(),
        (None, Some(_)) => &RuleSet::PROJ3,
        (None, None) => chosen_rules.unwrap_or(&RuleSet::CLASSIC),
    };
    let mut rules = rules_of(rule_set, &args.random);
    let chosen_first_move = settings.first_move.as_deref().and_then(FirstMove::named);
    if let (None, Some(first_move)) = (args.random.first_move, chosen_first_move) {
        rules = rules.with_first_move(first_move);
    }
    if settings.question_marks == Some(false) {
        rules = rules.with_marks(Marks::Flag);
    }
    let boards = match &args.board {
        Some(path) => Boards::File(path.clone()),
        None => random(
            layout(&args.random, settings, rules),
            rules,
            args.random.seed.unwrap_or_else(seed),
            args.no_guess || settings.no_guess == Some(true),
        )?,
    };
    Ok(Dealing {
        rule_set,
        rules,
        boards,
    })
}

/// Random boards of `layout`, checked to leave room for the first move.
fn random(layout: Layout, rules: Rules, seed: u64, no_guess: bool) -> Result<Boards, AppError> {
    layout
        .check_room(rules.first_move)
        .map_err(|no_room| too_many_mines(layout, rules, no_room))?;
    Ok(Boards::Random {
        layout,
        seed,
        no_guess,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn prompt_of(line: &[&str]) -> Result<Dealing<Option<Boards>>, AppError> {
        prompt_dealing(&Cli::try_parse_from(line).unwrap().play, || 8)
    }

    fn play_of(line: &[&str], settings: &Settings) -> Result<Dealing<Boards>, AppError> {
        let Some(Command::Play(args)) = Cli::try_parse_from(line).unwrap().command else {
            panic!("a play");
        };
        play_dealing(&args, settings, || 8)
    }

    #[test]
    fn the_prompt_game_asks_plays_a_file_or_deals() {
        assert_eq!(prompt_of(&["m"]).unwrap().boards, None);
        let file = prompt_of(&["m", "b.txt"]).unwrap();
        assert_eq!(file.boards, Some(Boards::File("b.txt".into())));
        let classic = prompt_of(&["m", "--rules", "classic"]).unwrap();
        assert_eq!(
            classic.boards,
            Some(Boards::Random {
                layout: Layout::BEGINNER,
                seed: 8,
                no_guess: false
            })
        );
        let crowded = prompt_of(&["m", "--rows", "2", "--cols", "2", "--mines", "4"]);
        assert!(matches!(crowded, Err(AppError::Usage(why)) if why.contains("too many")));
    }

    #[test]
    fn play_takes_what_the_command_line_leaves_open_from_the_menu() {
        let settings = Settings {
            rules: Some("coms227".to_owned()),
            size: Some((16, 16, 40)),
            question_marks: Some(false),
            no_guess: Some(true),
            ..Settings::default()
        };
        let chosen = play_of(&["m", "play"], &settings).unwrap();
        assert_eq!(chosen.rule_set.name, "coms227");
        assert_eq!(chosen.rules.marks, Marks::Flag);
        assert_eq!(
            chosen.boards,
            Boards::Random {
                layout: Layout::INTERMEDIATE,
                seed: 8,
                no_guess: true
            }
        );
        let asked = play_of(
            &["m", "play", "--level", "expert", "--seed", "3"],
            &settings,
        )
        .unwrap();
        assert!(matches!(
            asked.boards,
            Boards::Random {
                layout: Layout::EXPERT,
                seed: 3,
                ..
            }
        ));
        let file = play_of(&["m", "play", "b.txt"], &settings).unwrap();
        assert_eq!(file.rule_set.name, "proj3");
    }

    #[test]
    fn the_first_move_chosen_in_the_menu_holds_unless_the_command_line_says() {
        let settings = Settings {
            first_move: Some("opening".to_owned()),
            ..Settings::default()
        };
        let chosen = play_of(&["m", "play"], &settings).unwrap();
        assert_eq!(chosen.rules.first_move, FirstMove::Opening);
        let asked = play_of(&["m", "play", "--first-move", "any"], &settings).unwrap();
        assert_eq!(asked.rules.first_move, FirstMove::Any);
        let unknown = Settings {
            first_move: Some("lucky".to_owned()),
            ..Settings::default()
        };
        let ignored = play_of(&["m", "play"], &unknown).unwrap();
        assert_eq!(ignored.rules.first_move, FirstMove::Safe);
    }
}
