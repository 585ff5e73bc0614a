//! Whether to colour: `--color`, and for `auto` the conventions of the
//! environment (no-color.org, FORCE_COLOR, CLICOLOR_FORCE, TERM).

use std::io::IsTerminal;

use crate::cli::ColorChoice;
use console::render::Paint;

/// How the game's output is painted, for `--color` on this process's stdout.
pub fn paint_for(choice: ColorChoice) -> Paint {
    let colour = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => auto_colour(
            |name| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned()),
            std::io::stdout().is_terminal(),
        ),
    };
    if colour { Paint::Colour } else { Paint::Plain }
}

/// `--color auto`: off when NO_COLOR is set to anything but the empty
/// string (the convention: an empty value counts as unset), on when
/// FORCE_COLOR or CLICOLOR_FORCE ask for it, else on for a terminal that
/// is not `TERM=dumb`.
fn auto_colour(var: impl Fn(&str) -> Option<String>, terminal: bool) -> bool {
    let set = |name: &str| var(name).filter(|value| !value.is_empty());
    if set("NO_COLOR").is_some() {
        return false;
    }
    let forced = |name: &str| set(name).is_some_and(|value| value != "0" && value != "false");
    if forced("FORCE_COLOR") || forced("CLICOLOR_FORCE") {
        return true;
    }
    terminal && var("TERM").as_deref() != Some("dumb")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auto(vars: &[(&str, &str)], terminal: bool) -> bool {
        auto_colour(
            |name| {
                vars.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            },
            terminal,
        )
    }

    #[test]
    fn a_terminal_is_coloured_and_a_pipe_is_not() {
        assert!(auto(&[], true));
        assert!(!auto(&[], false));
        assert!(!auto(&[("TERM", "dumb")], true));
    }

    #[test]
    fn no_color_counts_only_when_not_empty() {
        assert!(auto(&[("NO_COLOR", "")], true));
        assert!(!auto(&[("NO_COLOR", "1")], true));
        assert!(!auto(&[("NO_COLOR", "0")], true));
        assert!(!auto(&[("NO_COLOR", "1"), ("FORCE_COLOR", "1")], true));
    }

    #[test]
    fn force_color_colours_a_pipe() {
        assert!(auto(&[("FORCE_COLOR", "1")], false));
        assert!(auto(&[("CLICOLOR_FORCE", "1")], false));
        assert!(!auto(&[("FORCE_COLOR", "0")], false));
        assert!(!auto(&[("FORCE_COLOR", "")], false));
    }
}
