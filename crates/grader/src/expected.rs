//! Our side of a game: the boards the course's game prints, move by move,
//! how the game ends, and its whole transcript.

use std::io;
use std::path::Path;

use console::prompt::{BoardSource, Console, Session, play};
use console::render::Paint;
use engine::RuleSet;
use engine::{Game, Glyph, Grid, Rules, Status};

use crate::case::Case;

/// How a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Every safe square open, or every mine flagged (proj3).
    Won,
    /// A mine opened.
    Lost,
    /// Still going when the input ends.
    Going,
}

impl Ending {
    /// The ending in a word or two, as a report says it.
    pub fn describe(self) -> &'static str {
        match self {
            Ending::Won => "won",
            Ending::Lost => "lost",
            Ending::Going => "still going",
        }
    }
}

/// What the course's game does with a case.
#[derive(Clone, Debug)]
pub struct Expected {
    /// The board before any move, then after each move played.
    pub boards: Vec<Grid<Glyph>>,
    /// How the game ends.
    pub ending: Ending,
}

impl Expected {
    /// The moves the game takes before it ends (the turns after are not read).
    pub fn moves(&self) -> usize {
        self.boards.len() - 1
    }
}

/// Plays the case by the course's rules.
pub(crate) fn expect(case: &Case) -> Expected {
    play_out(case, Game::new(case.board(), Rules::PROJ3))
}

/// The other ending the course allows on a board without mines: the win
/// looked for after each move, so the game is won after the first move
/// that leaves no flag, not before any (the course's text says to check
/// for a win "on each turn", and leaves the first turn open). `None` on a
/// board with mines, where the two are the same.
pub(crate) fn expect_won_only_after_a_move(case: &Case) -> Option<Expected> {
    let board = case.board();
    (board.mine_count() == 0)
        .then(|| play_out(case, Game::new_won_only_after_a_move(board, Rules::PROJ3)))
}

/// Plays the case's turns on `game` until it ends.
fn play_out(case: &Case, mut game: Game) -> Expected {
    let mut boards = vec![glyphs(&game)];
    for turn in &case.turns {
        if game.status() != Status::Playing {
            break;
        }
        game.apply(turn.mv);
        boards.push(glyphs(&game));
    }
    let ending = match game.status() {
        Status::Won => Ending::Won,
        Status::Lost(_) => Ending::Lost,
        Status::Playing => Ending::Going,
    };
    Expected { boards, ending }
}

fn glyphs(game: &Game) -> Grid<Glyph> {
    let mines = game.board().mines();
    Grid::from_row_major(
        mines.rows(),
        mines.cols(),
        mines.positions().map(|p| game.glyph(p)).collect(),
    )
}

/// Our prompt game's whole output for the case, the board read from
/// `board_file` as a program reads it. A game still going when the input
/// ends stops at its last prompt, as the course's program does (it has no
/// words for the end of input).
pub(crate) fn transcript(case: &Case, board_file: &Path) -> io::Result<String> {
    let input = case.input(&board_file.to_string_lossy());
    let mut console = Console {
        input: input.as_bytes(),
        out: Vec::new(),
        err: io::sink(),
        paint: Paint::Plain,
        printer: console::messages::Printer::quiet(),
    };
    let session = Session {
        rule_set: &RuleSet::PROJ3,
        rules: Rules::PROJ3,
        source: BoardSource::Ask,
        animation: None,
        hints: false,
        hint_penalty: None,
        voice: Default::default(),
        recording: Default::default(),
    };
    play(&mut console, session)?;
    let text = String::from_utf8_lossy(&console.out).into_owned();
    Ok(match text.strip_suffix(console::prompt::INPUT_ENDED) {
        Some(cut) => cut.to_owned(),
        None => text,
    })
}
