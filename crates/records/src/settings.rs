//! What the player chose in `play`'s menu, kept in the config folder
//! (`settings.json`) and used when the command line says nothing else.
//! A file that is missing, damaged or of another shape gives no settings,
//! never an error that stops a game: settings are a convenience.

use std::io::{self, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::file;

/// The choices, each `None` until made. Names are as the command line
/// takes them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `classic`, `colorblind` or `mono`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    /// The rule set's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// A random board's rows, columns and mines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<(usize, usize, usize)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Whether a random board is made to need no guess.
    pub no_guess: Option<bool>,
    /// Whether marking steps through a question mark (classic rules).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub question_marks: Option<bool>,
    /// What the first square opened is kept clear of: `any`, `safe` or
    /// `opening`, as `--first-move` takes them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_move: Option<String>,
    /// Whether each hint adds 10 s to the time (and a win with hints
    /// stays clean).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint_penalty: Option<bool>,
    /// The squares' size in `play`: `fit`, `single` or `double`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zoom: Option<String>,
    /// Sizes of board the player named, in the order they were named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presets: Option<Vec<Preset>>,
    /// The terminal's background, `light` or `dark`, as `--background`
    /// last said it: the prompt game's 16 colours are picked for it where
    /// the terminal does not answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub background: Option<String>,
}

/// A size of board the player named in the menu.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preset {
    /// Its name: printable, at most [`Preset::LONGEST_NAME`] characters.
    pub name: String,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Mines.
    pub mines: usize,
}

impl Preset {
    /// The longest name a preset takes, in characters.
    pub const LONGEST_NAME: usize = 20;
    /// The most presets kept.
    pub const MOST: usize = 20;

    /// Whether a preset read from the file is one the menu could have
    /// made: a name of printable characters, sides from 1 to the largest
    /// board, no more mines than squares. A file edited by hand may hold
    /// anything.
    pub fn is_sound(&self) -> bool {
        let name = self.name.trim();
        let sides = 1..=engine::Layout::MOST_SIDE;
        !name.is_empty()
            && name.chars().count() <= Self::LONGEST_NAME
            && !name.chars().any(char::is_control)
            && sides.contains(&self.rows)
            && sides.contains(&self.cols)
            && self.mines <= self.rows.saturating_mul(self.cols)
    }
}

impl Settings {
    /// These settings with the choices `chosen` makes laid over them:
    /// what `chosen` leaves unsaid stays as it was.
    pub fn updated_by(self, chosen: &Settings) -> Settings {
        let chosen = chosen.clone();
        Settings {
            theme: chosen.theme.or(self.theme),
            rules: chosen.rules.or(self.rules),
            size: chosen.size.or(self.size),
            no_guess: chosen.no_guess.or(self.no_guess),
            question_marks: chosen.question_marks.or(self.question_marks),
            first_move: chosen.first_move.or(self.first_move),
            hint_penalty: chosen.hint_penalty.or(self.hint_penalty),
            zoom: chosen.zoom.or(self.zoom),
            presets: chosen.presets.or(self.presets),
            background: chosen.background.or(self.background),
        }
    }

    /// The presets that are sound, at most [`Preset::MOST`] of them.
    pub fn presets(&self) -> Vec<Preset> {
        let all = self.presets.iter().flatten();
        all.filter(|preset| preset.is_sound())
            .take(Preset::MOST)
            .cloned()
            .collect()
    }
}

/// Larger than any settings file this program writes: a bigger one is
/// not read.
const MOST_BYTES: u64 = 64 << 10;

/// The settings in `path`; none when it is missing, not a regular file,
/// too large, or does not read.
pub fn read(path: &Path) -> Settings {
    match file::read_at_most(path, MOST_BYTES) {
        Ok(Some(bytes)) => serde_json::from_slice(&bytes).unwrap_or_default(),
        _ => Settings::default(),
    }
}

/// Writes `settings` to `path` whole: a temporary file beside it, synced,
/// then renamed over the last.
pub fn write(path: &Path, settings: &Settings) -> io::Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    crate::file::own_folder(folder)?;
    let mut file = tempfile::Builder::new()
        .prefix(".settings-")
        .tempfile_in(folder)?;
    // Made whole, then written at once, not a call a token.
    let mut text = serde_json::to_vec_pretty(settings)?;
    text.push(b'\n');
    file.write_all(&text)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_written_whole_and_read_back() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("config/settings.json");
        assert_eq!(read(&path), Settings::default(), "none yet");
        let settings = Settings {
            theme: Some("colorblind".to_owned()),
            rules: Some("classic".to_owned()),
            size: Some((16, 30, 99)),
            no_guess: Some(true),
            question_marks: Some(false),
            first_move: Some("opening".to_owned()),
            hint_penalty: Some(true),
            zoom: Some("double".to_owned()),
            presets: Some(vec![Preset {
                name: "wide".to_owned(),
                rows: 9,
                cols: 40,
                mines: 60,
            }]),
            background: Some("light".to_owned()),
        };
        write(&path, &settings).unwrap();
        assert_eq!(read(&path), settings);
    }

    #[test]
    fn presets_that_no_menu_could_make_are_left_out() {
        let preset = |name: &str, rows, cols, mines| Preset {
            name: name.to_owned(),
            rows,
            cols,
            mines,
        };
        let settings = Settings {
            presets: Some(vec![
                preset("big", 30, 50, 300),
                preset("", 9, 9, 10),
                preset("\u{1b}[2J", 9, 9, 10),
                preset("a name far longer than twenty", 9, 9, 10),
                preset("zero", 0, 9, 0),
                preset("crowded", 2, 2, 5),
            ]),
            ..Settings::default()
        };
        assert_eq!(settings.presets(), [preset("big", 30, 50, 300)]);
    }

    #[test]
    fn choices_laid_over_keep_what_they_do_not_say() {
        let kept = Settings {
            theme: Some("mono".to_owned()),
            zoom: Some("double".to_owned()),
            ..Settings::default()
        };
        let chosen = Settings {
            theme: Some("classic".to_owned()),
            size: Some((9, 9, 10)),
            ..Settings::default()
        };
        let updated = kept.updated_by(&chosen);
        assert_eq!(updated.theme.as_deref(), Some("classic"));
        assert_eq!(updated.size, Some((9, 9, 10)));
        assert_eq!(updated.zoom.as_deref(), Some("double"), "not said: kept");
    }

    #[test]
    fn a_bad_settings_file_gives_none_and_stops_nothing() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("settings.json");
        for text in ["not json", "[1, 2]", "{\"theme\": 7}"] {
            std::fs::write(&path, text).unwrap();
            assert_eq!(read(&path), Settings::default(), "{text}");
        }
        // Unknown names are left aside: a later version's file still reads.
        std::fs::write(&path, "{\"theme\": \"mono\", \"sound\": true}").unwrap();
        assert_eq!(read(&path).theme.as_deref(), Some("mono"));
        // Too large, or a folder: not read.
        std::fs::write(&path, " ".repeat(MOST_BYTES as usize + 1)).unwrap();
        assert_eq!(read(&path), Settings::default());
        assert_eq!(read(folder.path()), Settings::default());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_not_waited_on() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("settings.json");
        crate::file::make_fifo(&path);
        assert_eq!(read(&path), Settings::default());
    }
}
