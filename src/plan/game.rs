//! The plans of the two ways of playing: the prompt game's, whole from its
//! arguments; and `play`'s, whose dealing and looks wait for the menu's
//! last choices, which are the records' and are read once they are open.

use std::time::Duration;

use console::render::{Background, Paint};
use console::spoken::Voice;
use records::settings::Settings;

use super::boards::{self, Boards, Dealing};
use super::screen::{self, ScreenPlan};
use crate::cli::{PlayArgs, RecordArgs, RulesArg, ScreenArgs};
use crate::error::AppError;
use crate::recording::{Wanted, board_name};

/// What the prompt game plays, and how.
#[derive(Debug)]
pub(crate) struct PromptPlan<'a> {
    /// The rule set, its rules and the boards (`None`: proj3's question).
    pub(crate) dealing: Dealing<Option<Boards>>,
    /// With `--animate`: the time between a reveal's steps.
    pub(crate) animate: Option<Duration>,
    /// Whether `h` gives a hint.
    pub(crate) hints: bool,
    /// Boards printed, or the game in lines for a screen reader.
    pub(crate) voice: Voice,
    /// The game a saved one must be to be offered.
    pub(crate) wanted: Wanted,
    /// The board file's name, for the records.
    pub(crate) board_name: Option<String>,
    /// Whether the game is recorded, or carried on.
    pub(crate) records: &'a RecordArgs,
    /// `--background`: the terminal's background, as the player says it.
    pub(crate) background: Option<Background>,
}

/// The prompt game's plan. A fresh seed from `seed` when none is given.
/// Refused: more mines than the first move leaves room for.
pub(crate) fn prompt(
    args: &PlayArgs,
    seed: impl FnOnce() -> u64,
) -> Result<PromptPlan<'_>, AppError> {
    let dealing = boards::prompt_dealing(args, seed)?;
    // Proj3 is what a bare command plays: asked for only when said.
    let rules = (args.rules != RulesArg::Proj3).then(|| args.rules.set().name);
    let board_name = board_name(args.board.as_deref());
    Ok(PromptPlan {
        dealing,
        animate: args.animate.animate.map(Duration::from_millis),
        hints: args.hints,
        voice: if args.screen_reader {
            Voice::Lines
        } else {
            Voice::Boards
        },
        wanted: Wanted::of(rules, board_name.clone(), &args.random, false),
        board_name,
        records: &args.records,
        background: args.background.map(Background::from),
    })
}

/// What `play` plays, and how: its dealing and its looks once the menu's
/// last choices are known ([`PlayPlan::dealing`], [`PlayPlan::screen`]).
#[derive(Debug)]
pub(crate) struct PlayPlan<'a> {
    /// The arguments the dealing and the looks are made from, with the
    /// settings; no command reads them.
    args: &'a ScreenArgs,
    /// In lines at the prompt, for a screen reader, not the full screen.
    pub(crate) in_lines: bool,
    /// The game a saved one must be to be offered.
    pub(crate) wanted: Wanted,
    /// The board file's name, for the records.
    pub(crate) board_name: Option<String>,
    /// Whether the game is recorded, or carried on.
    pub(crate) records: &'a RecordArgs,
}

/// `play`'s plan.
pub(crate) fn play(args: &ScreenArgs) -> PlayPlan<'_> {
    let board_name = board_name(args.board.as_deref());
    PlayPlan {
        args,
        in_lines: args.screen_reader,
        wanted: Wanted::of(
            args.rules.map(|rules| rules.set().name),
            board_name.clone(),
            &args.random,
            args.no_guess,
        ),
        board_name,
        records: &args.records,
    }
}

impl PlayPlan<'_> {
    /// A new session's dealing: the command line's, the menu's last
    /// choices (`settings`) where it is silent. A fresh seed from `seed`
    /// when none is given. Refused: more mines than the first move leaves
    /// room for.
    pub(crate) fn dealing(
        &self,
        settings: &Settings,
        seed: impl FnOnce() -> u64,
    ) -> Result<Dealing<Boards>, AppError> {
        boards::play_dealing(self.args, settings, seed)
    }

    /// The full screen's looks, zoom, animation and hint penalty, drawn
    /// with `paint`, in Unicode where the locale shows it (`unicode`).
    pub(crate) fn screen(&self, settings: &Settings, paint: Paint, unicode: bool) -> ScreenPlan {
        screen::screen(self.args, settings, paint, unicode)
    }
}
