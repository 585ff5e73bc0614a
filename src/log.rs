//! `MINESWEEPER_LOG=debug` or `--verbose`: what the program decided, on stderr, for a
//! teacher whose student's program behaves otherwise on the grading
//! machine (what each run's sandbox got: namespaces, Landlock's rules,
//! the user, the limits). Off unless asked for.

use std::str::FromStr;

use console::messages::{Printer, Verbosity};
use tracing_subscriber::filter::LevelFilter;

/// The variable that turns logging on, to a level.
pub const VARIABLE: &str = "MINESWEEPER_LOG";

/// Logs to stderr at the level `MINESWEEPER_LOG` names or, where it is
/// not set, at the one `--verbose` asks for (debug, or trace when given
/// twice); a value that is not a level is said once, and logging stays
/// off.
pub fn start(printer: Printer) {
    let asked = std::env::var_os(VARIABLE);
    let level = match (&asked, printer.verbosity()) {
        (Some(asked), _) => match level(&asked.to_string_lossy()) {
            Some(level) => level,
            None => {
                printer.warn(format_args!(
                    "{VARIABLE}={} is not a level (off, error, warn, info, debug or trace); \
                     nothing is logged",
                    visible::Visible(&asked.to_string_lossy())
                ));
                return;
            }
        },
        (None, Verbosity::Verbose(1)) => LevelFilter::DEBUG,
        (None, Verbosity::Verbose(_)) => LevelFilter::TRACE,
        (None, Verbosity::Quiet | Verbosity::Normal) => return,
    };
    tracing_subscriber::fmt()
        .with_max_level(level)
        // The log is a channel of its own, for whoever asked.
        .with_writer(
            #[expect(clippy::disallowed_methods, reason = "the log, asked for")]
            std::io::stderr,
        )
        .with_target(false)
        .init();
}

/// The level `text` names, in any case.
fn level(text: &str) -> Option<LevelFilter> {
    LevelFilter::from_str(text.trim()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_named_in_any_case() {
        assert_eq!(level("debug"), Some(LevelFilter::DEBUG));
        assert_eq!(level(" INFO "), Some(LevelFilter::INFO));
        assert_eq!(level("off"), Some(LevelFilter::OFF));
        assert_eq!(level("loud"), None);
    }
}
