//! The one way a message reaches the user beside a command's own output,
//! a [`Printer`] handed to each command: a warning (`minesweeper: ` and a
//! line on stderr, after which the program goes on), the error that ends
//! it (`error: `), and the progress bars of long commands. `--quiet` and
//! `--verbose` are decided once, by the printer made from the command
//! line, so they mean the same to every command. Each message passes
//! [`visible::without_controls`], the last guard on text made of parts
//! that may have come from anywhere: a file name, a record, an answer.
//!
//! Writing to stderr elsewhere is refused by clippy (`disallowed-methods`
//! in clippy.toml); the few places that must (the allocator out of memory,
//! the signal watcher, the log, the prompt game's own stream) say why.

use std::fmt::Display;
use std::io::{self, Write};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What every warning starts with: the program's name, as a shell tool's.
pub const WARNING: &str = "minesweeper: ";

/// What the error that ends the program starts with.
pub const ERROR: &str = "error: ";

/// How much a command says on stderr beside its output. Its output
/// (boards, transcripts, reports) is the same whatever this is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Verbosity {
    /// `--quiet`: the error that ends the program, nothing else.
    Quiet,
    /// Warnings and progress bars.
    #[default]
    Normal,
    /// `--verbose`: as normal, and the program's log of what it decided
    /// (`-v` debug, `-vv` trace), unless `MINESWEEPER_LOG` says otherwise.
    Verbose(u8),
}

/// Where a command's messages go, and how many: made once from the
/// command line and handed down. Copy it freely.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Printer {
    verbosity: Verbosity,
}

impl Printer {
    /// A printer that says as much as `verbosity` allows.
    pub const fn new(verbosity: Verbosity) -> Printer {
        Printer { verbosity }
    }

    /// A printer that says nothing but errors: for work done on someone
    /// else's behalf (each student's check of a class, whose own bar is
    /// the class's).
    pub const fn quiet() -> Printer {
        Printer::new(Verbosity::Quiet)
    }

    /// How much it says.
    pub const fn verbosity(self) -> Verbosity {
        self.verbosity
    }

    fn is_quiet(self) -> bool {
        self.verbosity == Verbosity::Quiet
    }

    /// Says `message` on stderr as a warning, unless quiet. A stderr that
    /// cannot be written is no reason to stop: the warning is lost, the
    /// game goes on.
    pub fn warn(self, message: impl Display) {
        #[expect(clippy::disallowed_methods, reason = "this is the channel")]
        let _ = self.warn_to(&mut io::stderr().lock(), message);
    }

    /// Writes `message` as a warning to `out`, unless quiet: a game's own
    /// stderr, which a test may capture.
    pub fn warn_to(self, out: &mut impl Write, message: impl Display) -> io::Result<()> {
        if self.is_quiet() {
            return Ok(());
        }
        let said = visible::without_controls(&message.to_string());
        writeln!(out, "{WARNING}{said}")
    }

    /// Says `message` on stderr as the error that ends the program; quiet
    /// or not, since the exit status alone would not say what went wrong.
    pub fn error(self, message: impl Display) {
        #[expect(clippy::disallowed_methods, reason = "this is the channel")]
        let _ = self.error_to(&mut io::stderr().lock(), message);
    }

    /// Writes `message` as the error that ends the program to `out`.
    pub fn error_to(self, out: &mut impl Write, message: impl Display) -> io::Result<()> {
        let said = visible::without_controls(&message.to_string());
        writeln!(out, "{ERROR}{said}")
    }

    /// A bar of `len` steps counted in `things` ("games", "students"),
    /// drawn on stderr when it is a terminal, unless quiet.
    pub fn progress(self, len: u64, things: &str) -> ProgressBar {
        let progress = ProgressBar::with_draw_target(Some(len), self.drawn());
        progress.set_style(
            ProgressStyle::with_template(&format!(
                "{{bar:40}} {{pos}}/{{len}} {things}, {{eta}} left"
            ))
            .expect("the template is well-formed"),
        );
        progress
    }

    /// A spinner with a message, drawn as [`Printer::progress`] is.
    pub fn spinner(self) -> ProgressBar {
        let spinner = ProgressBar::with_draw_target(None, self.drawn());
        spinner.set_style(
            ProgressStyle::with_template("{spinner} {msg}").expect("the template is well-formed"),
        );
        if !self.is_quiet() {
            spinner.enable_steady_tick(Duration::from_millis(100));
        }
        spinner
    }

    /// Where progress is drawn: stderr (indicatif draws only on a
    /// terminal), or nowhere when quiet.
    fn drawn(self) -> ProgressDrawTarget {
        if self.is_quiet() {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_warning_is_one_line_with_the_name_and_no_control_character() {
        let mut out = Vec::new();
        Printer::default()
            .warn_to(&mut out, "cannot read /tmp/a\u{1b}[2Jb.json")
            .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "minesweeper: cannot read /tmp/a\\u{1b}[2Jb.json\n"
        );
    }

    #[test]
    fn quiet_says_the_error_and_no_warning() {
        let mut out = Vec::new();
        let quiet = Printer::quiet();
        quiet.warn_to(&mut out, "set aside").unwrap();
        quiet.error_to(&mut out, "no such file").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "error: no such file\n");
        assert!(quiet.progress(3, "games").is_hidden());
        assert!(!Printer::new(Verbosity::Verbose(1)).is_quiet());
    }
}
