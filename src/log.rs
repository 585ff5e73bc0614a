//! `MINESWEEPER_LOG=debug`: what the program decided, on stderr, for a
//! teacher whose student's program behaves otherwise on the grading
//! machine (what each run's sandbox got: namespaces, Landlock's rules,
//! the user, the limits). Off unless asked for.

use std::str::FromStr;

use tracing_subscriber::filter::LevelFilter;

/// The variable that turns logging on, to a level.
pub const VARIABLE: &str = "MINESWEEPER_LOG";

/// Logs to stderr at the level `MINESWEEPER_LOG` names; a value that is
/// not a level is said once, and logging stays off.
pub fn from_environment() {
    let Some(asked) = std::env::var_os(VARIABLE) else {
        return;
    };
    match level(&asked.to_string_lossy()) {
        Some(level) => {
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
        None => {
            console::messages::warn(format_args!(
                "{VARIABLE}={} is not a level (off, error, warn, info, debug or trace); nothing \
                 is logged",
                visible::Visible(&asked.to_string_lossy())
            ));
        }
    }
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
