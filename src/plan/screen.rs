//! How the full screen looks and plays, decided once: each choice from
//! the command line where it is given, else from the menu's last choices
//! (the settings), else its default. The dealing is [`super::play`]'s.

use std::time::Duration;

use console::render::Paint;
use records::settings::Settings;
use screen::Zoom;
use screen::state::HINT_PENALTY;
use screen::theme::{Looks, Theme};

use crate::cli::{ScreenArgs, ThemeArg};

/// What `play` hands the full screen besides the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ScreenPlan {
    /// The colours and the symbols.
    pub looks: Looks,
    /// How much of the board a square takes at the start.
    pub zoom: Zoom,
    /// With `--animate`: the time between a reveal's steps.
    pub animate: Option<Duration>,
    /// Time added to the clock for each hint, if the menu asked for it.
    pub hint_penalty: Option<Duration>,
}

/// The screen `args` and `settings` ask for, drawn with `paint`, in
/// Unicode where the locale shows it (`unicode`).
pub(crate) fn screen(
    args: &ScreenArgs,
    settings: &Settings,
    paint: Paint,
    unicode: bool,
) -> ScreenPlan {
    ScreenPlan {
        looks: looks(args.theme, settings, paint, unicode),
        zoom: settings
            .zoom
            .as_deref()
            .and_then(Zoom::named)
            .unwrap_or_default(),
        animate: args.animate.animate.map(Duration::from_millis),
        hint_penalty: hint_penalty(settings),
    }
}

/// What a hint adds to the clock: the full screen's 10 s where its menu
/// asked for hints paid for in time, in lines as on the screen.
pub(crate) fn hint_penalty(settings: &Settings) -> Option<Duration> {
    (settings.hint_penalty == Some(true)).then_some(HINT_PENALTY)
}

/// The looks: the theme asked for (`asked`), or else the menu's last
/// choice, or else classic; mono when colour is off.
pub(crate) fn looks(
    asked: Option<ThemeArg>,
    settings: &Settings,
    paint: Paint,
    unicode: bool,
) -> Looks {
    let chosen = || settings.theme.as_deref().and_then(Theme::named);
    let theme = match paint {
        Paint::Plain => Theme::Mono,
        _ => asked.map(Theme::from).or_else(chosen).unwrap_or_default(),
    };
    Looks {
        theme,
        unicode,
        colour: paint == Paint::Colour,
        sixteen: false,
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn screen_of(line: &[&str], settings: &Settings) -> ScreenPlan {
        let Some(Command::Play(args)) = Cli::try_parse_from(line).unwrap().command else {
            panic!("a play");
        };
        screen(&args, settings, Paint::Colour, true)
    }

    #[test]
    fn the_menus_last_zoom_and_hint_penalty_are_kept_and_animation_is_asked() {
        let zoomed = Zoom::Fit.step(1);
        let settings = Settings {
            zoom: Some(zoomed.name().to_owned()),
            ..chosen("mono", "")
        };
        let plan = screen_of(&["m", "play", "--animate=30"], &settings);
        assert_eq!(plan.zoom, zoomed);
        assert_eq!(plan.hint_penalty, Some(HINT_PENALTY));
        assert_eq!(plan.animate, Some(Duration::from_millis(30)));
        let fresh = screen_of(&["m", "play"], &Settings::default());
        assert_eq!(fresh.zoom, Zoom::default());
        assert_eq!((fresh.hint_penalty, fresh.animate), (None, None));
    }

    fn chosen(theme: &str, zoom: &str) -> Settings {
        Settings {
            theme: Some(theme.to_owned()),
            zoom: Some(zoom.to_owned()),
            hint_penalty: Some(true),
            ..Settings::default()
        }
    }

    #[test]
    fn the_command_line_wins_over_the_menu_and_the_menu_over_the_default() {
        let settings = chosen("mono", "fit");
        let asked = looks(Some(ThemeArg::Colorblind), &settings, Paint::Colour, true);
        assert_eq!(asked.theme, Theme::Colorblind);
        let left = looks(None, &settings, Paint::Colour, true);
        assert_eq!(left.theme, Theme::Mono);
        let neither = looks(None, &Settings::default(), Paint::Colour, true);
        assert_eq!(neither.theme, Theme::default());
    }

    #[test]
    fn without_colour_every_theme_is_mono() {
        let settings = chosen("colorblind", "fit");
        let plain = looks(Some(ThemeArg::Classic), &settings, Paint::Plain, false);
        assert_eq!(plain.theme, Theme::Mono);
        assert!(!plain.colour && !plain.unicode);
    }
}
