//! One game as a plain text move log, to share and to read back: a header
//! of `name: value` lines, the board file indented when the board is one,
//! then one move a line with its time in milliseconds:
//!
//! ```text
//! minesweeper game log 2
//! game: 5f0c9a2e41d7b803
//! when: 2026-11-22T10:15:03.412Z
//! played: screen
//! rules: classic
//! first move: safe
//! board: 9x9, 10 mines, seed 42
//! result: won
//! time: 12345 ms
//! clicks: 23
//! 3bv: 17 of 17
//! zini: 14
//! flag clicks: 1
//! hints: 0
//! undos: 0
//! deaths: 0
//! moves:
//! 0 reveal 5,5
//! 1204 flag 4,4
//! 2210 undo
//! ```

use std::fmt::Write as _;

use crate::moves::{self, Event, Logged};
use crate::{BoardRecord, BoardText, Front, GameResult, Record, VERSION};
use engine::{Action, Move, Pos};
use visible::Visible;

const TITLE: &str = "minesweeper game log";

/// Why a move log does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {why}")]
pub struct BadLog {
    /// The line of the log, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

/// The move log of `record`.
pub fn to_text(record: &Record) -> String {
    let mut text = String::new();
    let board = &record.board;
    let front = match record.front {
        Front::Prompt => "prompt",
        Front::Screen => "screen",
    };
    let result = record.result.word();
    // Writing to a String cannot fail.
    let _ = (|| -> std::fmt::Result {
        writeln!(text, "{TITLE} {}", record.v)?;
        // What a record says in words is escaped: a line end in it would
        // forge a line of the log, an escape sequence drive a terminal.
        if let Some(id) = &record.id {
            writeln!(text, "game: {}", Visible(id))?;
        }
        writeln!(text, "when: {}", Visible(&record.when))?;
        writeln!(text, "played: {front}")?;
        writeln!(text, "rules: {}", Visible(&record.rules))?;
        writeln!(text, "first move: {}", Visible(&record.first_move))?;
        if record.no_question_marks {
            writeln!(text, "question marks: off")?;
        }
        // The moves' times are the game's clock; without this line (a
        // record of an earlier version) the wall's from the first move.
        if record.game_clock {
            writeln!(text, "move times: game clock")?;
        }
        write!(
            text,
            "board: {}x{}, {} mines",
            board.rows, board.cols, board.mines
        )?;
        if let Some(seed) = board.seed {
            write!(text, ", seed {seed}")?;
        }
        if board.no_guess {
            write!(text, ", no guess")?;
        }
        writeln!(text)?;
        if let Some(file) = &board.file {
            let name = Visible(board.name.as_deref().unwrap_or(""));
            writeln!(text, "board file: {name}")?;
            // A board file's rows hold nothing to escape; a hand-edited
            // record's may hold anything.
            for line in file.text().lines() {
                writeln!(text, "  {}", Visible(line))?;
            }
        }
        writeln!(text, "result: {result}")?;
        writeln!(text, "time: {} ms", record.ms)?;
        writeln!(text, "clicks: {}", record.clicks)?;
        if record.wasted > 0 {
            writeln!(text, "wasted clicks: {}", record.wasted)?;
        }
        writeln!(text, "3bv: {} of {}", record.three_bv_done, record.three_bv)?;
        if let Some(zini) = record.zini {
            writeln!(text, "zini: {zini}")?;
        }
        if let Some(flag_clicks) = record.flag_clicks {
            writeln!(text, "flag clicks: {flag_clicks}")?;
        }
        writeln!(text, "hints: {}", record.hints)?;
        if record.hint_penalty_s > 0 {
            writeln!(text, "hint penalty: {} s", record.hint_penalty_s)?;
        }
        writeln!(text, "undos: {}", record.undos)?;
        writeln!(text, "deaths: {}", record.deaths)?;
        writeln!(text, "moves:")?;
        for logged in record.events().unwrap_or_default() {
            writeln!(text, "{}", move_line(logged))?;
        }
        Ok(())
    })();
    text
}

fn move_line(Logged { event, ms }: Logged) -> String {
    match event {
        Event::Move(Move { action, at }) => {
            let what = match action {
                Action::Reveal => "reveal",
                Action::Flag => "flag",
                Action::Chord => "chord",
            };
            format!("{ms} {what} {},{}", at.row + 1, at.col + 1)
        }
        Event::Undo => format!("{ms} undo"),
        Event::Redo => format!("{ms} redo"),
        Event::Hint => format!("{ms} hint"),
    }
}

/// The record a move log describes.
pub fn from_text(text: &str) -> Result<Record, BadLog> {
    let mut lines = text.lines().enumerate().peekable();
    let bad = |line: usize, why: String| BadLog {
        line: line + 1,
        why,
    };
    let (_, title) = lines
        .next()
        .ok_or_else(|| bad(0, "empty: not a move log".to_owned()))?;
    let v = title
        .strip_prefix(TITLE)
        .and_then(|v| v.trim().parse::<u32>().ok())
        .ok_or_else(|| bad(0, format!("expected `{TITLE} {VERSION}` first")))?;
    if v > VERSION {
        return Err(bad(
            0,
            format!("written by a newer minesweeper (log version {v}, this one reads {VERSION})"),
        ));
    }
    let mut header = Header::default();
    let mut file: Option<String> = None;
    let mut events = String::new();
    let mut in_moves = false;
    while let Some((i, line)) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        if in_moves {
            let logged = read_move(line)
                .ok_or_else(|| bad(i, format!("`{}` is not a move", visible::Visible(line))))?;
            moves::push(&mut events, logged);
            continue;
        }
        let (name, value) = line
            .split_once(':')
            .ok_or_else(|| bad(i, "expected `name: value`".to_owned()))?;
        let value = value.trim();
        match name {
            "moves" => in_moves = true,
            "board file" => {
                header.name = (!value.is_empty()).then(|| value.to_owned());
                let mut board = String::new();
                while let Some((_, row)) = lines.next_if(|(_, l)| l.starts_with("  ")) {
                    board.push_str(&row[2..]);
                    board.push('\n');
                }
                // Text the program did not write: checked as a board file
                // is, before it is kept, played or written out again.
                engine::parse_board(board.as_bytes())
                    .map_err(|why| bad(i, format!("its board file does not read: {why}")))?;
                file = Some(board);
            }
            _ => header
                .set(name, value)
                .map_err(|why| bad(i, format!("{}: {why}", visible::Visible(name))))?,
        }
    }
    header.into_record(v, file, events).map_err(|why| BadLog {
        line: 1,
        why: format!("the header is missing {why}"),
    })
}

fn read_move(line: &str) -> Option<Logged> {
    let mut words = line.split_whitespace();
    let ms = words.next()?.parse().ok()?;
    let what = words.next()?;
    let mut square = || -> Option<Pos> {
        let (row, col) = words.next()?.split_once(',')?;
        let row: usize = row.trim().parse().ok()?;
        let col: usize = col.trim().parse().ok()?;
        Some(Pos::new(row.checked_sub(1)?, col.checked_sub(1)?))
    };
    let on = |action, at: Option<Pos>| at.map(|at| Event::Move(Move { action, at }));
    let event = match what {
        "reveal" => on(Action::Reveal, square())?,
        "flag" => on(Action::Flag, square())?,
        "chord" => on(Action::Chord, square())?,
        "undo" => Event::Undo,
        "redo" => Event::Redo,
        "hint" => Event::Hint,
        _ => return None,
    };
    Some(Logged { event, ms })
}

/// The header's values as they are read.
#[derive(Default)]
struct Header {
    when: Option<String>,
    front: Option<Front>,
    rules: Option<String>,
    first_move: Option<String>,
    no_question_marks: bool,
    game_clock: bool,
    size: Option<(usize, usize, usize)>,
    seed: Option<u64>,
    no_guess: bool,
    name: Option<String>,
    result: Option<GameResult>,
    id: Option<String>,
    ms: Option<u64>,
    clicks: Option<u32>,
    wasted: Option<u32>,
    three_bv: Option<(u32, u32)>,
    zini: Option<u32>,
    flag_clicks: Option<u32>,
    hints: Option<u32>,
    hint_penalty_s: Option<u32>,
    undos: Option<u32>,
    deaths: Option<u32>,
}

impl Header {
    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let number = |text: &str| {
            text.trim()
                .parse::<u32>()
                .map_err(|_| "not a number".to_owned())
        };
        match name {
            "when" => self.when = Some(value.to_owned()),
            "played" => {
                self.front = Some(match value {
                    "prompt" => Front::Prompt,
                    "screen" => Front::Screen,
                    _ => return Err("expected prompt or screen".to_owned()),
                });
            }
            "game" => self.id = Some(value.to_owned()),
            "rules" => self.rules = Some(value.to_owned()),
            "first move" => self.first_move = Some(value.to_owned()),
            "question marks" => self.no_question_marks = value == "off",
            "move times" if value == "game clock" => self.game_clock = true,
            "move times" => return Err("expected game clock".to_owned()),
            "board" => self.board(value)?,
            "result" => {
                self.result = Some(
                    GameResult::named(value).ok_or("expected won, lost, abandoned or playing")?,
                );
            }
            "time" => {
                let ms = value
                    .strip_suffix("ms")
                    .ok_or("expected milliseconds, `ms`")?;
                self.ms = Some(ms.trim().parse().map_err(|_| "not a number")?);
            }
            "clicks" => self.clicks = Some(number(value)?),
            "hint penalty" => {
                let seconds = value.strip_suffix('s').ok_or("expected seconds, `s`")?;
                self.hint_penalty_s = Some(number(seconds.trim())?);
            }
            "wasted clicks" => self.wasted = Some(number(value)?),
            "3bv" => {
                let (done, total) = value.split_once(" of ").ok_or("expected `DONE of TOTAL`")?;
                self.three_bv = Some((number(done)?, number(total)?));
            }
            "zini" => self.zini = Some(number(value)?),
            "flag clicks" => self.flag_clicks = Some(number(value)?),
            "hints" => self.hints = Some(number(value)?),
            "undos" => self.undos = Some(number(value)?),
            "deaths" => self.deaths = Some(number(value)?),
            _ => return Err("not a field of a move log".to_owned()),
        }
        Ok(())
    }

    /// `ROWSxCOLS, N mines[, seed S][, no guess]`.
    fn board(&mut self, value: &str) -> Result<(), String> {
        let mut parts = value.split(',').map(str::trim);
        let shape = parts.next().unwrap_or_default();
        let (rows, cols) = shape
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .ok_or("expected ROWSxCOLS first")?;
        let mines = parts
            .next()
            .and_then(|m| m.strip_suffix(" mines"))
            .and_then(|m| m.parse().ok())
            .ok_or("expected `N mines` after the size")?;
        self.size = Some((rows, cols, mines));
        for part in parts {
            if let Some(seed) = part.strip_prefix("seed ") {
                self.seed = Some(seed.parse().map_err(|_| "the seed is not a number")?);
            } else if part == "no guess" {
                self.no_guess = true;
            } else {
                return Err(format!("`{part}` is not a board's detail"));
            }
        }
        Ok(())
    }

    /// The record, or the name of the first field missing.
    fn into_record(
        self,
        v: u32,
        file: Option<String>,
        moves: String,
    ) -> Result<Record, &'static str> {
        let (rows, cols, mines) = self.size.ok_or("board")?;
        let (three_bv_done, three_bv) = self.three_bv.unwrap_or((0, 0));
        Ok(Record {
            v,
            id: self.id,
            when: self.when.unwrap_or_default(),
            front: self.front.unwrap_or(Front::Screen),
            rules: self.rules.ok_or("rules")?,
            first_move: self.first_move.ok_or("first move")?,
            no_question_marks: self.no_question_marks,
            game_clock: self.game_clock,
            board: BoardRecord {
                rows,
                cols,
                mines,
                seed: self.seed,
                no_guess: self.no_guess,
                sha256: None,
                file: file.map(BoardText::Text),
                name: self.name,
            },
            result: self.result.ok_or("result")?,
            ms: self.ms.unwrap_or(0),
            clicks: self.clicks.unwrap_or(0),
            wasted: self.wasted.unwrap_or(0),
            three_bv,
            three_bv_done,
            zini: self.zini,
            flag_clicks: self.flag_clicks,
            hints: self.hints.unwrap_or(0),
            hint_penalty_s: self.hint_penalty_s.unwrap_or(0),
            undos: self.undos.unwrap_or(0),
            deaths: self.deaths.unwrap_or(0),
            moves,
            filing_at: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{played, reveal};

    /// A record whose times are the game's clock says so, and reads back
    /// so; one of an earlier version says nothing and reads back as it was.
    #[test]
    fn the_clock_of_the_times_goes_and_comes_back() {
        let (_, mut record) = played(1, &[reveal(0, 0)]);
        assert!(record.game_clock, "a new game's times are its clock's");
        let text = to_text(&record);
        assert!(text.contains("\nmove times: game clock\n"), "{text}");
        assert!(from_text(&text).unwrap().game_clock);
        record.game_clock = false;
        let text = to_text(&record);
        assert!(!text.contains("move times"), "{text}");
        assert!(!from_text(&text).unwrap().game_clock);
    }

    /// Words from a record (a hand-edited one, or a board file's name)
    /// cannot forge a line of the log or reach a terminal raw.
    #[test]
    fn what_a_record_says_is_escaped() {
        let (_, mut record) = played(1, &[reveal(0, 0)]);
        record.when = "2026\nresult: won".to_owned();
        record.rules = "classic\x1b]0;owned\x07".to_owned();
        record.board.file = Some(BoardText::Text("+++\n+ +\n+++\n".to_owned()));
        record.board.name = Some("b.txt\nresult: won".to_owned());
        let text = to_text(&record);
        assert!(text.contains("\n  +++\n  + +\n  +++\n"), "{text}");
        // Its board file's text, hand-edited: ESC, BEL, NUL, CSI, a
        // right-to-left override, a carriage return.
        record.board.file = Some(BoardText::Text(
            "+++\n+\x1b[2J+\x07\0\n+\u{9b}1m\u{202e}\r+\n+++\n".to_owned(),
        ));
        let text = to_text(&record);
        for raw in ['\x1b', '\x07', '\0', '\u{9b}', '\u{202e}', '\r'] {
            assert!(!text.contains(raw), "{raw:?} in {text}");
        }
        assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text}");
        let results = text.lines().filter(|l| l.starts_with("result:")).count();
        assert_eq!(results, 1, "{text}");
        assert!(text.contains(r"board file: b.txt\nresult: won"), "{text}");
    }
}
