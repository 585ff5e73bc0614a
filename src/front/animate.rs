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

use super::raw_mode::{LOOK_EVERY, RawMode};

use crate::engine::{Board, Glyph, Grid, Pos, RevealStatus, Step};
use crate::render::{Charset, Paint, write_frame};

/// How to show a reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Animation {
    /// Between frames, on a terminal.
    pub delay: Duration,
    /// Redraw in place on a terminal (true), or print every frame (false).
    pub live: bool,
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
        let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
            .is_some_and(|locale| {
                let locale = locale.to_ascii_lowercase();
                locale.contains("utf-8") || locale.contains("utf8")
            });
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

/// Shows `steps` on `board`, starting from what the squares showed before
/// the move (`before`). Live, it leaves the cursor where the last frame
/// began, so the board printed next takes its place.
pub fn play(
    out: &mut impl Write,
    board: &Board,
    mut before: Grid<Glyph>,
    steps: &[Step],
    paint: Paint,
    animation: Animation,
) -> io::Result<()> {
    let mut frame = Vec::new();
    let mut live = if animation.live {
        Some(LiveTerminal::start()?)
    } else {
        None
    };
    let mut height = 0;
    for step in steps {
        before[step.at] = match step.status {
            RevealStatus::Seen => Glyph::Seen,
            RevealStatus::Exploring(direction) => Glyph::Exploring(direction),
            RevealStatus::Revealed => Glyph::Open(board.clue(step.at)),
        };
        frame.clear();
        write_frame(
            &mut frame,
            board,
            |p: Pos| before[p],
            paint,
            animation.charset,
        )?;
        let Some(terminal) = live.as_mut() else {
            out.write_all(&frame)?;
            continue;
        };
        terminal.redraw(out, &frame, height)?;
        height = frame.iter().filter(|&&b| b == b'\n').count();
        if terminal.key_within(animation.delay)? {
            break;
        }
    }
    if live.is_some() && height > 0 {
        write!(out, "\x1b[{height}A\r")?;
        out.flush()?;
    }
    Ok(())
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
    use crate::engine::{Action, Game, Move, Rules, parse_board};

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
        game.apply_traced(mv, |s| steps.push(s));
        let mut out = Vec::new();
        play(
            &mut out,
            game.board(),
            before,
            &steps,
            Paint::Plain,
            Animation::PRINTED,
        )
        .unwrap();
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
}
