//! Whether to colour: `--color`, and for `auto` the conventions that
//! clap's own help follows (anstyle-query: NO_COLOR, CLICOLOR_FORCE,
//! CLICOLOR, TERM), with FORCE_COLOR beside CLICOLOR_FORCE.

use std::ffi::OsStr;
use std::io::IsTerminal;

use console::render::Paint;
use console::terminal::Depth;
use screen::Shows;
use screen::font::Font;

use crate::cli::ColorChoice;

/// How the game's output is painted, for `--color` on this process's stdout.
pub(crate) fn paint_for(choice: ColorChoice) -> Paint {
    let colour = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => auto_colour(Conventions::read(), std::io::stdout().is_terminal()),
    };
    if colour { Paint::Colour } else { Paint::Plain }
}

/// What the terminal on stdout shows, asked once as the program starts:
/// its colours (the printer's clues, the full screen's frames) and its
/// font (the Linux console's, by `TERM`). Handed down from here; nothing
/// below asks again.
pub(crate) fn terminal_shows() -> Shows {
    Shows {
        depth: Depth::of_stdout(),
        font: Font::of_term(std::env::var("TERM").ok().as_deref()),
    }
}

/// What the environment says about colour.
#[derive(Clone, Copy, Debug, Default)]
struct Conventions {
    /// NO_COLOR set, and not empty.
    no_color: bool,
    /// CLICOLOR_FORCE set and not empty, or FORCE_COLOR on.
    forced: bool,
    /// CLICOLOR: `Some(false)` for `0`, `Some(true)` for anything else.
    clicolor: Option<bool>,
    /// TERM names a terminal that colours (set, and not `dumb`).
    term_colours: bool,
}

impl Conventions {
    fn read() -> Self {
        Conventions {
            no_color: anstyle_query::no_color(),
            forced: anstyle_query::clicolor_force()
                || force_color(std::env::var_os("FORCE_COLOR").as_deref()),
            clicolor: anstyle_query::clicolor(),
            term_colours: anstyle_query::term_supports_color(),
        }
    }
}

/// FORCE_COLOR asks for colour: set, and neither empty, `0` nor `false`
/// (anstyle-query does not read it; Node and many CI services set it).
fn force_color(value: Option<&OsStr>) -> bool {
    value.is_some_and(|value| !value.is_empty() && value != "0" && value != "false")
}

/// `--color auto`: off when NO_COLOR asks, on when forced, off when
/// CLICOLOR is `0`, else on for a terminal that colours (or that CLICOLOR
/// says to colour).
fn auto_colour(conventions: Conventions, terminal: bool) -> bool {
    if conventions.no_color {
        return false;
    }
    if conventions.forced {
        return true;
    }
    if conventions.clicolor == Some(false) {
        return false;
    }
    terminal && (conventions.term_colours || conventions.clicolor == Some(true))
}

#[cfg(test)]
mod tests {
    use super::*;

    const A_TERMINAL: Conventions = Conventions {
        no_color: false,
        forced: false,
        clicolor: None,
        term_colours: true,
    };

    #[test]
    fn a_terminal_is_coloured_and_a_pipe_is_not() {
        assert!(auto_colour(A_TERMINAL, true));
        assert!(!auto_colour(A_TERMINAL, false));
        let dumb = Conventions {
            term_colours: false,
            ..A_TERMINAL
        };
        assert!(!auto_colour(dumb, true));
    }

    #[test]
    fn no_color_wins_over_everything() {
        let both = Conventions {
            no_color: true,
            forced: true,
            ..A_TERMINAL
        };
        assert!(!auto_colour(both, true));
    }

    #[test]
    fn forced_colour_colours_a_pipe() {
        let forced = Conventions {
            forced: true,
            clicolor: Some(false),
            ..A_TERMINAL
        };
        assert!(auto_colour(forced, false));
    }

    #[test]
    fn clicolor_0_turns_a_terminal_plain_and_1_colours_a_dumb_one() {
        let off = Conventions {
            clicolor: Some(false),
            ..A_TERMINAL
        };
        assert!(!auto_colour(off, true));
        let on = Conventions {
            clicolor: Some(true),
            term_colours: false,
            ..A_TERMINAL
        };
        assert!(auto_colour(on, true));
        assert!(!auto_colour(on, false), "CLICOLOR does not colour a pipe");
    }

    #[test]
    fn force_color_is_on_unless_empty_0_or_false() {
        assert!(force_color(Some(OsStr::new("1"))));
        assert!(force_color(Some(OsStr::new("3"))));
        for off in ["", "0", "false"] {
            assert!(!force_color(Some(OsStr::new(off))), "{off}");
        }
        assert!(!force_color(None));
    }
}
