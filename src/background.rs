//! The terminal's background, for the prompt game's clue colours on a
//! terminal of 16 colours, where no colour reads on both black and white:
//! `--background` when given (and kept in the settings), else the
//! terminal's own answer (OSC 11, asked with a short wait), else
//! COLORFGBG (rxvt's and Konsole's), else the word last kept, else dark.

use std::io::IsTerminal;
use std::time::Duration;

use console::render::{Background, Paint};
use terminal_colorsaurus::{QueryOptions, ThemeMode, theme_mode};

/// How long the terminal is given to answer: a terminal that answers does
/// within a few milliseconds, even over SSH; one that does not costs no
/// more than this at the start.
const ANSWER_WITHIN: Duration = Duration::from_millis(150);

/// The background the clues are coloured for. The terminal is asked only
/// where the answer matters: colour on, 16 colours, stdout a terminal.
pub(crate) fn learn(asked: Option<Background>, kept: Option<&str>, paint: Paint) -> Background {
    if let Some(asked) = asked {
        return asked;
    }
    let matters = paint == Paint::Colour
        && console::render::clues_need_background()
        && std::io::stdout().is_terminal();
    let answered = matters.then(asked_of_the_terminal).flatten();
    answered
        .or_else(|| {
            std::env::var("COLORFGBG")
                .ok()
                .as_deref()
                .and_then(colorfgbg)
        })
        .or_else(|| kept.and_then(Background::named))
        .unwrap_or_default()
}

/// The terminal's answer, if it gives one in time.
fn asked_of_the_terminal() -> Option<Background> {
    let mut options = QueryOptions::default();
    options.timeout = ANSWER_WITHIN;
    match theme_mode(options).ok()? {
        ThemeMode::Dark => Some(Background::Dark),
        ThemeMode::Light => Some(Background::Light),
    }
}

/// COLORFGBG, `fg;bg` (or `fg;xpm;bg`): the background's colour number,
/// light for 7 and 9 to 15 (white and the bright colours), as rxvt means.
fn colorfgbg(value: &str) -> Option<Background> {
    let background: u8 = value.rsplit(';').next()?.trim().parse().ok()?;
    match background {
        7 | 9..=15 => Some(Background::Light),
        0..=6 | 8 => Some(Background::Dark),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colorfgbg_says_which_background_by_its_last_number() {
        assert_eq!(colorfgbg("15;0"), Some(Background::Dark));
        assert_eq!(colorfgbg("0;15"), Some(Background::Light));
        assert_eq!(colorfgbg("0;default;7"), Some(Background::Light));
        assert_eq!(colorfgbg("default;default"), None);
        assert_eq!(colorfgbg("12;99"), None);
    }

    #[test]
    fn what_was_asked_comes_first_then_what_was_kept() {
        // Plain output asks the terminal nothing.
        let plain = Paint::Plain;
        assert_eq!(
            learn(Some(Background::Light), Some("dark"), plain),
            Background::Light
        );
        if std::env::var_os("COLORFGBG").is_none() {
            assert_eq!(learn(None, Some("light"), plain), Background::Light);
            assert_eq!(learn(None, Some("beige"), plain), Background::Dark);
            assert_eq!(learn(None, None, plain), Background::Dark);
        }
    }
}
