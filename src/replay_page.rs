//! A recorded game as a page that plays it back (`replay --html`): the
//! board before any move, and for each event the squares it changed,
//! found by playing the record again; the figures at the end.

use engine::{Cover, Game, Glyph, Pos, Status, three_bv_done};
use pages::{Script, Step};
use records::Event;
use records::Record;
use records::rebuild::Rebuilder;

use crate::error::AppError;

/// The most squares a page plays back (200x200): the player redraws the
/// board at every step, and a bigger one is for the full screen.
pub(crate) const MOST_SQUARES: usize = 40_000;

/// The page of `record`, titled by `title` ("of game #12").
pub(crate) fn page(record: &Record, title: &str) -> Result<String, AppError> {
    let rebuild_error = |why| AppError::Rebuild {
        what: format!("the game {title}"),
        why,
    };
    let mut rebuilder = Rebuilder::new(record, &solver::NoGuess).map_err(rebuild_error)?;
    let (rows, cols) = (
        rebuilder.game().board().rows(),
        rebuilder.game().board().cols(),
    );
    if rows.saturating_mul(cols) > MOST_SQUARES {
        return Err(AppError::Usage(format!(
            "the game {title} is on a {rows}x{cols} board, too large for a page (at most \
             {MOST_SQUARES} squares, such as 200x200): watch it with `minesweeper replay` on \
             the full screen"
        )));
    }
    let start = squares(rebuilder.game());
    let mut before = start.clone();
    let mut steps = Vec::new();
    while let Some(played) = rebuilder.step() {
        let now = squares(rebuilder.game());
        let changes = now
            .iter()
            .zip(&before)
            .enumerate()
            .filter(|(_, (new, old))| new != old)
            .map(|(i, (&new, _))| (i, new))
            .collect();
        steps.push(Step {
            ms: played.logged.ms,
            changes,
            said: said(played.logged.event),
        });
        before = now;
    }
    let game = pages::Game {
        rows,
        cols,
        start: start.into_iter().collect(),
        end: figures(&rebuilder, steps.last().map_or(0, |s| s.ms)),
        steps,
    };
    let title = format!("minesweeper replay {title}{}", wall_clock_note(record));
    Ok(pages::document(
        &title,
        pages::replay(&title, &game),
        &[Script::Player],
    ))
}

/// What a replay of `record` says of its move times where they are not
/// the game's clock (a record of an earlier version): that they count the
/// pauses its clock left out.
pub(crate) fn wall_clock_note(record: &Record) -> &'static str {
    if record.game_clock {
        ""
    } else {
        " (an older record: its times by the wall clock, pauses counted)"
    }
}

/// Each square's character, row by row, as the course's printer shows
/// it (an empty square a space).
fn squares(game: &Game) -> Vec<char> {
    let board = game.board();
    (0..board.rows())
        .flat_map(|row| (0..board.cols()).map(move |col| Pos::new(row, col)))
        .map(|at| match game.glyph(at) {
            Glyph::Hidden => '.',
            Glyph::Flag => 'F',
            Glyph::Question => '?',
            Glyph::Open(0) => ' ',
            Glyph::Open(n) => char::from(b'0' + n.min(8)),
            Glyph::Mine => '*',
            Glyph::Detonated => 'X',
            Glyph::WrongFlag => 'x',
            Glyph::Seen | Glyph::Exploring(_) => '.',
        })
        .collect()
}

/// What an event was, in words.
fn said(event: Event) -> String {
    match event {
        Event::Move(mv) => {
            let verb = match mv.action {
                engine::Action::Reveal => "reveal",
                engine::Action::Flag => "flag",
                engine::Action::Chord => "chord",
            };
            format!("{verb} {}, {}", mv.at.row + 1, mv.at.col + 1)
        }
        Event::Undo => "undo".to_owned(),
        Event::Redo => "redo".to_owned(),
        Event::Hint => "hint".to_owned(),
    }
}

/// The figures at the end: how it ended and when, the 3BV done of the
/// board's, 3BV a second and efficiency (3BV done for each move that
/// changed the board), as `stats` counts them.
fn figures(rebuilder: &Rebuilder, ms: u64) -> String {
    let game = rebuilder.game();
    let seconds = ms as f64 / 1000.0;
    let ended = match game.status() {
        Status::Won => format!("Won in {seconds:.1} s."),
        Status::Lost(_) => format!("Lost after {seconds:.1} s."),
        Status::Playing => format!("Not finished: {seconds:.1} s played."),
    };
    let bv = three_bv_done(game.board(), |at| game.cover(at) == Cover::Open);
    let clicks = rebuilder.counts().clicks;
    let mut said = format!("{ended} 3BV {} of {}, {clicks} clicks", bv.done, bv.total);
    if ms > 0 {
        said.push_str(&format!(
            ", {:.2} 3BV/s",
            bv.done as f64 * 1000.0 / ms as f64
        ));
    }
    if let Some(efficiency) = (100 * bv.done).checked_div(clicks) {
        said.push_str(&format!(", efficiency {efficiency} %"));
    }
    said + "."
}
