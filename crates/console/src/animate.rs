//! `--animate`: a reveal replayed one status change at a time.
//!
//! The engine reports each [`Step`] of a reveal (SEEN, EXPLORING in each
//! direction, REVEALED); this front end turns them into frames, each a whole
//! board from the course printer. On a terminal the frames replace each
//! other in place, a delay apart, and any key (Ctrl-C too) skips to the end;
//! piped, they follow each other with no delay, so the order can be read or
//! snapshot-tested.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use crossterm::event;

use crate::render::{Charset, Paint, write_frame};
use engine::{Board, Direction, Glyph, Grid, Pos, RevealStatus, Step};
use signals::{LOOK_EVERY, RawMode};

/// How to show a reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Animation {
    /// Between frames, on a terminal.
    pub delay: Duration,
    /// Redraw in place on a terminal (true), or print every frame (false).
    pub live: bool,
    /// The characters the steps are drawn with.
    pub charset: Charset,
}

impl Animation {
    /// Frames one after another, with no delay: for pipes and tests.
    pub const PRINTED: Animation = Animation {
        delay: Duration::ZERO,
        live: false,
        charset: Charset::Ascii,
    };

    /// Live on a terminal `delay` apart, with arrows if the locale is UTF-8;
    /// printed otherwise.
    pub fn for_stdout(delay: Duration) -> Animation {
        use std::io::IsTerminal;
        if !io::stdout().is_terminal() {
            return Animation::PRINTED;
        }
        let utf8 = locale_is_utf8();
        Animation {
            delay,
            live: true,
            charset: if utf8 {
                Charset::Unicode
            } else {
                Charset::Ascii
            },
        }
    }
}

/// Whether the locale (`LC_ALL`, `LC_CTYPE` or `LANG`, the first set)
/// says the terminal shows UTF-8.
pub fn locale_is_utf8() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
        .is_some_and(|locale| {
            let locale = locale.to_ascii_lowercase();
            locale.contains("utf-8") || locale.contains("utf8")
        })
}

/// Output of a printed animation shown as whole boards, one a step: a
/// reveal whose boards would take more goes on one line a step.
const BOARDS_BYTES: usize = 1 << 20;

/// Output of a printed animation shown one line a step, after the boards:
/// past it, the steps left are only counted. With [`BOARDS_BYTES`], this
/// bounds a printed animation to about 17 MiB whatever the board; printed
/// whole, one reveal of a 100x100 board took 2.2 GB.
const LINES_BYTES: usize = 16 << 20;

/// A reveal being shown as its steps come from the engine, starting from
/// what the squares showed before the move. Live, it leaves the cursor
/// where the last frame began, so the board printed next takes its place.
pub struct Show<'a, W: Write> {
    out: &'a mut W,
    board: &'a Board,
    glyphs: Grid<Glyph>,
    paint: Paint,
    animation: Animation,
    live: Option<LiveTerminal>,
    frame: Vec<u8>,
    /// Lines of the last live frame.
    height: usize,
    /// Bytes printed so far, and steps left unprinted.
    printed: usize,
    unprinted: u64,
    /// Live: a key was pressed, the rest goes unshown.
    skipped: bool,
    /// The first failure to write; nothing more is shown after it.
    failed: Option<io::Error>,
}

impl<'a, W: Write> Show<'a, W> {
    /// Ready to show a reveal on `board`, whose squares showed `before`.
    pub fn start(
        out: &'a mut W,
        board: &'a Board,
        before: Grid<Glyph>,
        paint: Paint,
        animation: Animation,
    ) -> io::Result<Self> {
        let live = if animation.live {
            Some(LiveTerminal::start()?)
        } else {
            None
        };
        Ok(Show {
            out,
            board,
            glyphs: before,
            paint,
            animation,
            live,
            frame: Vec::new(),
            height: 0,
            printed: 0,
            unprinted: 0,
            skipped: false,
            failed: None,
        })
    }

    /// Shows one step: for the engine's observer, which cannot fail, so a
    /// failure is kept for [`Show::finish`].
    pub fn step(&mut self, step: Step) {
        self.glyphs[step.at] = match step.status {
            RevealStatus::Seen => Glyph::Seen,
            RevealStatus::Exploring(direction) => Glyph::Exploring(direction),
            RevealStatus::Revealed => Glyph::Open(self.board.clue(step.at)),
        };
        if self.skipped || self.failed.is_some() {
            return;
        }
        if let Err(e) = self.show(step) {
            self.failed = Some(e);
        }
    }

    fn show(&mut self, step: Step) -> io::Result<()> {
        if self.printed >= BOARDS_BYTES + LINES_BYTES {
            self.unprinted += 1;
            return Ok(());
        }
        if self.printed >= BOARDS_BYTES && self.live.is_none() {
            let line = step_line(step, self.board);
            self.out.write_all(line.as_bytes())?;
            self.printed += line.len();
            return Ok(());
        }
        self.frame.clear();
        let glyphs = &self.glyphs;
        write_frame(
            &mut self.frame,
            self.board,
            |p: Pos| glyphs[p],
            self.paint,
            self.animation.charset,
        )?;
        let Some(terminal) = self.live.as_mut() else {
            if self.printed + self.frame.len() > BOARDS_BYTES {
                // This board would pass the bound: from here, lines.
                self.printed = BOARDS_BYTES;
                self.out.write_all(LINES_FROM_HERE.as_bytes())?;
                return self.show(step);
            }
            self.out.write_all(&self.frame)?;
            self.printed += self.frame.len();
            return Ok(());
        };
        terminal.redraw(self.out, &self.frame, self.height)?;
        self.height = self.frame.iter().filter(|&&b| b == b'\n').count();
        self.skipped = terminal.key_within(self.animation.delay)?;
        Ok(())
    }

    /// Ends the show: says how many steps went unprinted, and, live, puts
    /// the cursor back where the last frame began.
    pub fn finish(mut self) -> io::Result<()> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        if self.unprinted > 0 {
            writeln!(
                self.out,
                "(and {} steps more, not printed)\n",
                self.unprinted
            )?;
        }
        if self.live.is_some() && self.height > 0 {
            write!(self.out, "\x1b[{}A\r", self.height)?;
            self.out.flush()?;
        }
        Ok(())
    }
}

/// Said once, when a printed reveal goes from boards to lines.
const LINES_FROM_HERE: &str =
    "(More steps than boards can show: from here, one step a line, row and column first.)\n";

/// One step as a line: `5,3 seen`, `5,3 exploring up`, `5,3 revealed 2`.
fn step_line(step: Step, board: &Board) -> String {
    let Pos { row, col } = step.at;
    let what = match step.status {
        RevealStatus::Seen => "seen".to_owned(),
        RevealStatus::Exploring(direction) => format!("exploring {}", direction_name(direction)),
        RevealStatus::Revealed => format!("revealed {}", board.clue(step.at)),
    };
    format!("{},{} {what}\n", row + 1, col + 1)
}

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::UpLeft => "up-left",
        Direction::Up => "up",
        Direction::UpRight => "up-right",
        Direction::Left => "left",
        Direction::Right => "right",
        Direction::DownLeft => "down-left",
        Direction::Down => "down",
        Direction::DownRight => "down-right",
    }
}

/// The terminal in raw mode, so a single key can be read; put back as it
/// was however the animation ends, a signal included ([`RawMode`]).
struct LiveTerminal {
    raw: RawMode,
}

impl LiveTerminal {
    fn start() -> io::Result<Self> {
        Ok(LiveTerminal {
            raw: RawMode::enter()?,
        })
    }

    /// Draws `frame` over the previous one, `height` lines tall. Raw mode
    /// does not turn `\n` into a carriage return, so each line gets its own.
    fn redraw(&mut self, out: &mut impl Write, frame: &[u8], height: usize) -> io::Result<()> {
        if height > 0 {
            write!(out, "\x1b[{height}A\r")?;
        }
        for line in frame.split_inclusive(|&b| b == b'\n') {
            match line.strip_suffix(b"\n") {
                Some(text) => {
                    out.write_all(text)?;
                    out.write_all(b"\r\n")?;
                }
                None => out.write_all(line)?,
            }
        }
        out.flush()
    }

    /// Waits up to `delay` for a key; true if one (Ctrl-C included) was
    /// pressed. Signals are looked for every [`LOOK_EVERY`] meanwhile; after
    /// a stop and resume the wait simply goes on, and the next frame redraws.
    fn key_within(&mut self, delay: Duration) -> io::Result<bool> {
        let until = Instant::now() + delay;
        loop {
            self.raw.look_for_signals()?;
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(false);
            }
            if event::poll(left.min(LOOK_EVERY))?
                && let event::Event::Key(_) = event::read()?
            {
                return Ok(true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Action, Game, Move, Rules, parse_board};

    #[test]
    fn printed_frames_follow_the_steps() {
        let board = parse_board(b"+++++\n+   +\n+  *+\n+++++\n").unwrap();
        let mut game = Game::new(board, Rules::COMS227);
        let before = Grid::filled(2, 3, Glyph::Hidden);
        let mut steps = Vec::new();
        let mv = Move {
            action: Action::Reveal,
            at: Pos::new(0, 0),
        };
        let board = game.board().clone();
        let mut out = Vec::new();
        let mut show =
            Show::start(&mut out, &board, before, Paint::Plain, Animation::PRINTED).unwrap();
        game.apply_traced(mv, |s, _| {
            steps.push(s);
            show.step(s);
        });
        show.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text.matches("     1 2 3 \n").count(),
            steps.len(),
            "one frame a step"
        );
        let frames: Vec<&str> = text.split("\n\n     1 2 3 \n").collect();
        assert!(frames[0].contains("1  + o . . + "), "first SEEN: {text}");
        assert!(
            frames[1].contains("1  + ^ . . + "),
            "then EXPLORING_UP: {text}"
        );
        let last = "1  +   1 . + \n2  +   1 . + \n   + + + + + \n\n";
        assert!(
            text.ends_with(last),
            "the last frame is the revealed board: {text}"
        );
    }

    #[test]
    fn a_long_printed_reveal_goes_from_boards_to_lines_to_a_count() {
        let board = parse_board(&open_board_file(300, 300)).unwrap();
        let before = Grid::filled(300, 300, Glyph::Hidden);
        let mut out = Vec::new();
        let mut show =
            Show::start(&mut out, &board, before, Paint::Plain, Animation::PRINTED).unwrap();
        let steps = 3_000_000;
        for k in 0..steps {
            let at = Pos::new(k / 300 % 300, k % 300);
            show.step(Step {
                at,
                status: RevealStatus::Seen,
            });
        }
        show.finish().unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.len() < BOARDS_BYTES + LINES_BYTES + 1000,
            "{}",
            text.len()
        );
        let (boards, rest) = text.split_once(LINES_FROM_HERE).unwrap();
        assert!(boards.len() <= BOARDS_BYTES);
        let frames = boards.matches("\n\n").count();
        assert!(rest.starts_with(&format!("{},{} seen\n", frames / 300 + 1, frames % 300 + 1)));
        let lines = rest.lines().count() - 2;
        let shown = frames + lines;
        assert!(
            rest.ends_with(&format!(
                "(and {} steps more, not printed)\n\n",
                steps - shown
            )),
            "{}",
            &rest[rest.len() - 200..]
        );
    }

    /// A board file of `rows` x `cols` empty squares.
    fn open_board_file(rows: usize, cols: usize) -> Vec<u8> {
        let edge = "+".repeat(cols + 2) + "\n";
        let row = format!("+{}+\n", " ".repeat(cols));
        (edge.clone() + &row.repeat(rows) + &edge).into_bytes()
    }
}
