//! The prompt game, played when no command is named: a board file, the
//! course's question for one, or random boards, by the rules asked for.

use std::io::{self, Write};
use std::time::Duration;

use console::animate::Animation;
use console::load::load_board;
use console::prompt::{BoardSource, Console, RandomBoards, Recording, Session, play};
use console::render::Paint;
use console::resume::Answer;
use console::spoken::Voice;
use engine::Rules;
use records::Front;

use crate::cli::{PlayArgs, RulesArg};
use crate::error::AppError;
use crate::memory::{self, Room};
use crate::options::{fresh_seed, too_many_mines};
use crate::plan::{self, Boards, Dealing};
use crate::recording::{Wanted, recorder_and_saved};

use crate::recording::board_name;

pub(super) fn run(args: &PlayArgs, out: &mut impl Write, paint: Paint) -> Result<(), AppError> {
    // Everything about the game is checked before the game starts.
    let mut session = session(args)?;
    // Proj3 is what a bare command plays: asked for only when said.
    let rules = (args.rules != RulesArg::Proj3).then(|| args.rules.set().name);
    let board_name = board_name(args.board.as_deref());
    let wanted = Wanted::of(rules, board_name.clone(), &args.random, false);
    let (recorder, saved) =
        recorder_and_saved(&args.records, Front::Prompt, &wanted, Answer::Line)?;
    session.recording = Recording {
        recorder,
        resume: saved,
        board_name,
    };
    play_at_prompts(session, out, paint)
}

/// Plays `session` on stdin and `out`; in lines, without colour: a screen
/// reader or a braille display wants the words alone.
pub(super) fn play_at_prompts(
    session: Session,
    out: &mut impl Write,
    paint: Paint,
) -> Result<(), AppError> {
    let paint = match session.voice {
        Voice::Boards => paint,
        Voice::Lines => Paint::Plain,
    };
    let mut console = Console {
        input: io::stdin().lock(),
        out,
        // The game's own stream of warnings, which it writes through
        // console::messages::warn_to.
        #[expect(
            clippy::disallowed_methods,
            reason = "handed to the game as its stderr"
        )]
        err: io::stderr(),
        paint,
    };
    play(&mut console, session)?;
    Ok(())
}

/// The rule set, its rules and the board source the options ask for.
fn session(args: &PlayArgs) -> Result<Session, AppError> {
    let Dealing {
        rule_set,
        rules,
        boards,
    } = plan::prompt(args, fresh_seed)?;
    let source = source_of(boards, rules)?;
    if args.hints {
        room_for_hints(&source)?;
    }
    let animation = args
        .animate
        .animate
        .map(|ms| Animation::for_stdout(Duration::from_millis(ms)));
    Ok(Session {
        rule_set,
        rules,
        source,
        animation,
        hints: args.hints,
        voice: if args.screen_reader {
            Voice::Lines
        } else {
            Voice::Boards
        },
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
