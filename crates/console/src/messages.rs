//! The one way a message reaches the user beside a command's own output:
//! a warning (`minesweeper: ` and a line on stderr, after which the
//! program goes on) or the error that ends it (`error: `). Each passes
//! [`visible::without_controls`], the last guard on text made of parts
//! that may have come from anywhere: a file name, a record, an answer.
//!
//! Writing to stderr elsewhere is refused by clippy (`disallowed-methods`
//! in clippy.toml); the few places that must (the allocator out of memory,
//! the signal watcher, the log, the prompt game's own stream) say why.

use std::fmt::Display;
use std::io::{self, Write};

/// What every warning starts with: the program's name, as a shell tool's.
pub const WARNING: &str = "minesweeper: ";

/// What the error that ends the program starts with.
pub const ERROR: &str = "error: ";

/// Says `message` on stderr as a warning. A stderr that cannot be written
/// is no reason to stop: the warning is lost, the game goes on.
pub fn warn(message: impl Display) {
    #[expect(clippy::disallowed_methods, reason = "this is the channel")]
    let _ = warn_to(&mut io::stderr().lock(), message);
}

/// Writes `message` as a warning to `out`: a game's own stderr, which a
/// test may capture.
pub fn warn_to(out: &mut impl Write, message: impl Display) -> io::Result<()> {
    let said = visible::without_controls(&message.to_string());
    writeln!(out, "{WARNING}{said}")
}

/// Says `message` on stderr as the error that ends the program.
pub fn error(message: impl Display) {
    let said = visible::without_controls(&message.to_string());
    #[expect(clippy::disallowed_methods, reason = "this is the channel")]
    let _ = writeln!(io::stderr().lock(), "{ERROR}{said}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_warning_is_one_line_with_the_name_and_no_control_character() {
        let mut out = Vec::new();
        warn_to(&mut out, "cannot read /tmp/a\u{1b}[2Jb.json").unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "minesweeper: cannot read /tmp/a\\u{1b}[2Jb.json\n"
        );
    }
}
