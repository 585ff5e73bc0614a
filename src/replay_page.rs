//! A recorded game as a page that plays it back (`replay --html`): the
//! board before any move, and for each event the squares it changed,
//! found by playing the record again; the figures at the end.

use console::words::counted;
use engine::{Cover, Game, Glyph, Pos, Status, three_bv_done, three_bv_per_second};
use pages::{Script, Step};
use records::rebuild::Rebuilder;
use records::stats::Key;
use records::{Event, Front, GameResult, Record};

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
        let ms = played.logged.ms;
        // The hints so far (this one too) added to the clock, not played.
        let penalties = (rebuilder.counts().hints as u64).saturating_mul(rebuilder.hint_ms());
        steps.push(Step {
            ms,
            pace: ms.saturating_sub(penalties),
            changes,
            said: said(played.logged.event),
            figures: figures_now(&rebuilder, ms),
        });
        before = now;
    }
    let ms = steps.last().map_or(0, |s| s.ms);
    let heading = heading(record, ms);
    let game = pages::Game {
        rows,
        cols,
        start: start.into_iter().collect(),
        end: figures(&rebuilder, ms),
        facts: facts(record, &rebuilder, ms),
        heading: heading.clone(),
        steps,
    };
    let played_on = console::words::local_time(&record.when);
    let title = format!("{heading} ({played_on}): a minesweeper replay");
    Ok(pages::document(
        &title,
        pages::replay(&game),
        &[Script::Player],
    ))
}

/// What the game was, in a few words: its level, its named size or
/// board file, or its size; and how it ended ("Beginner: won in 17.8 s").
fn heading(record: &Record, ms: u64) -> String {
    let board = &record.board;
    let what = match (&board.name, Key::of(record).level()) {
        (Some(name), _) => name.clone(),
        (None, Some(level)) => capitalised(level),
        (None, None) => format!(
            "{}x{}, {}",
            board.rows,
            board.cols,
            counted(board.mines, "mine")
        ),
    };
    format!("{what}: {}", ended(record.result, ms))
}

/// How a game ended, and when by its clock: "won in 17.8 s" (the time
/// held to its unit where the line wraps).
fn ended(result: GameResult, ms: u64) -> String {
    let time = format!("{:.1}\u{a0}s", ms as f64 / 1000.0);
    match result {
        GameResult::Won => format!("won in {time}"),
        GameResult::Lost => format!("lost after {time}"),
        GameResult::Abandoned => format!("left after {time}"),
        GameResult::Playing => format!("in progress, {time} played"),
    }
}

/// What the header says of the game: its board, its rules, when and where
/// it was played, how it ended, and the help it had.
fn facts(record: &Record, rebuilder: &Rebuilder, ms: u64) -> Vec<(String, String)> {
    let board = &record.board;
    let size = format!(
        "{}x{} with {}",
        board.rows,
        board.cols,
        counted(board.mines, "mine")
    );
    let mut what = match (&board.name, Key::of(record).level()) {
        (Some(name), _) => format!("board file {name}, {size}"),
        (None, Some(level)) => format!("{level}, {size}"),
        (None, None) => size,
    };
    if let Some(seed) = board.seed {
        what += &format!(", seed {seed}");
    }
    if board.no_guess {
        what += ", made to need no guess";
    }
    let mut rules = format!("{}, first move {}", record.rules, record.first_move);
    if record.no_question_marks {
        rules += ", no question marks";
    }
    if record.hint_penalty_s > 0 {
        rules += &format!(", each hint adds {} s", record.hint_penalty_s);
    }
    let front = match record.front {
        Front::Screen => "full screen",
        Front::Prompt => "at the prompt",
    };
    let counts = rebuilder.counts();
    let help = [(counts.hints, "hint"), (counts.undos, "undo")]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, what)| counted(n, what))
        .collect::<Vec<_>>();
    let help = if help.is_empty() {
        "none".to_owned()
    } else {
        help.join(", ")
    };
    let mut facts = vec![
        ("Board", what),
        ("Rules", rules),
        (
            "Played",
            format!("{} ({front})", console::words::local_time(&record.when)),
        ),
        ("Result", capitalised(&ended(record.result, ms))),
        ("Help", help),
    ];
    if !record.game_clock {
        facts.push((
            "Times",
            "by the wall clock, pauses counted (an older record)".to_owned(),
        ));
    }
    facts
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect()
}

/// `text` with its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
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

/// The figures at the end: how it ended and when, then its figures.
fn figures(rebuilder: &Rebuilder, ms: u64) -> String {
    let seconds = ms as f64 / 1000.0;
    let ended = match rebuilder.game().status() {
        Status::Won => format!("Won in {seconds:.1} s."),
        Status::Lost(_) => format!("Lost after {seconds:.1} s."),
        Status::Playing => format!("Not finished: {seconds:.1} s played."),
    };
    format!("{ended} {}.", figures_now(rebuilder, ms))
}

/// The figures of the game so far, at `ms` on its clock: the 3BV done of
/// the board's, clicks, 3BV a second and efficiency (3BV done for each
/// move that changed the board), as `stats` counts them.
fn figures_now(rebuilder: &Rebuilder, ms: u64) -> String {
    let game = rebuilder.game();
    let bv = three_bv_done(game.board(), |at| game.cover(at) == Cover::Open);
    let clicks = rebuilder.counts().clicks;
    let mut said = format!(
        "3BV {} of {}, {}",
        bv.done,
        bv.total,
        counted(clicks, "click")
    );
    if let Some(rate) = three_bv_per_second(bv.done, ms) {
        said.push_str(&format!(", {rate:.2} 3BV/s"));
    }
    if let Some(efficiency) = (100 * bv.done).checked_div(clicks) {
        said.push_str(&format!(", efficiency {efficiency} %"));
    }
    said
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use engine::{Layout, RuleSet};
    use records::Request;
    use screen::command::typed;
    use screen::state::{Deal, Screen, Setup};
    use screen::theme::{Looks, Theme};
    use serde_json::Value;

    use super::*;

    /// A beginner game on the full screen with hints at 10 s each: opened
    /// at 0, a hint at 1 s, away from 2 s to 10 s, a flag at 11 s of the
    /// wall clock (3 s of play); its last save.
    fn played_with_a_hint_and_a_pause() -> Record {
        let setup = Setup {
            deal: Deal::Random {
                layout: Layout::BEGINNER,
                seed: 7,
                no_guess: false,
            },
            rule_set: &RuleSet::CLASSIC,
            rules: RuleSet::CLASSIC.rules,
            looks: Looks {
                colour: false,
                sixteen: false,
                theme: Theme::Mono,
                unicode: false,
            },
            animate: None,
            board_name: None,
            hint_penalty: Some(Duration::from_secs(10)),
            spare_seed: 1,
        };
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut screen = Screen::new(setup, 80, 24).unwrap();
        press(&mut screen, "<space>", at(0));
        press(&mut screen, "i", at(1000));
        screen.away(at(2000), at(10_000));
        press(&mut screen, "<home>f", at(11_000));
        screen
            .take_requests()
            .into_iter()
            .map(|request| match request {
                Request::Save(record) | Request::File(record) => record,
            })
            .last()
            .expect("saved")
    }

    /// Types `script` on `screen` at `now`, key by key.
    fn press(screen: &mut Screen, script: &str, now: Instant) {
        for command in typed(script).unwrap() {
            screen.update(command, now);
        }
    }

    /// The game the page carries, as its player reads it.
    fn game_in(page: &str) -> Value {
        let start = page.find("data-game=\"").unwrap() + "data-game=\"".len();
        let attribute = &page[start..start + page[start..].find('"').unwrap()];
        let json = attribute.replace("&quot;", "\"").replace("&amp;", "&");
        serde_json::from_str(&json).unwrap()
    }

    /// Each step tells the game's clock (the hint's 10 s counted, the
    /// pause not), and the player waits only the time played between
    /// two steps: never a hint's penalty.
    #[test]
    fn the_page_tells_the_game_s_clock_and_waits_out_no_penalty() {
        let record = played_with_a_hint_and_a_pause();
        assert_eq!(record.ms, 13_000, "{record:?}");
        let page = page(&record, "of game #3").unwrap();
        let game = game_in(&page);
        let steps = game["steps"].as_array().unwrap();
        let times = |field: &str| -> Vec<u64> {
            steps.iter().map(|s| s[field].as_u64().unwrap()).collect()
        };
        assert_eq!(times("ms"), [0, 11_000, 13_000], "{game}");
        assert_eq!(times("pace"), [0, 1_000, 3_000], "{game}");
        assert_eq!(steps[1]["said"], "hint");
        // The reveal and the flag are clicks; the hint is none.
        let figures = steps[2]["figures"].as_str().unwrap();
        assert!(
            figures.starts_with("3BV ") && figures.contains(", 2 clicks"),
            "{figures}"
        );
    }

    /// The page says what game it was, without the history's number
    /// (which means nothing to whoever it is shared with).
    #[test]
    fn the_page_is_headed_with_the_game_not_its_number() {
        let mut record = played_with_a_hint_and_a_pause();
        record.when = "2026-12-07T07:12:00Z".to_owned();
        let played_on = console::words::local_time(&record.when);
        let page = page(&record, "of game #3").unwrap();
        assert!(!page.contains("game #3"), "{page}");
        let title = &page[page.find("<title>").unwrap()..page.find("</title>").unwrap()];
        assert!(
            title.ends_with(&format!(
                "Beginner: in progress, 13.0\u{a0}s played ({played_on}): a minesweeper replay"
            )),
            "{title}"
        );
        for fact in [
            "<dt>Board</dt><dd>beginner, 9x9 with 10 mines, seed 7</dd>",
            "<dt>Rules</dt><dd>classic, first move safe, each hint adds 10 s</dd>",
            "<dt>Help</dt><dd>1 hint</dd>",
        ] {
            assert!(page.contains(fact), "{fact} in {page}");
        }
        assert!(page.contains(&format!("<dd>{played_on} (full screen)</dd>")));
    }
}
