//! Where the records and the settings live: the platform's folders for an
//! application's data, state and configuration (`etcetera`'s choice for
//! command-line programs: XDG on Linux, the BSDs and macOS, honouring
//! `XDG_DATA_HOME`, `XDG_STATE_HOME` and `XDG_CONFIG_HOME`; the known
//! folders on Windows).

use std::path::PathBuf;

use etcetera::{AppStrategy, AppStrategyArgs, choose_app_strategy};

/// The files of the records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Places {
    /// Every finished game, one a line.
    pub history: PathBuf,
    /// The folder of the games in progress, a file each (`claim`).
    pub saves: PathBuf,
    /// The choices made in `play`'s menu.
    pub settings: PathBuf,
    /// The board files games were played on, each kept once by its SHA-256.
    pub boards: PathBuf,
}

/// No home folder to keep records in.
#[derive(Debug, thiserror::Error)]
#[error("no home folder to keep the records in")]
pub struct NoHome;

impl Places {
    /// The platform's places: `$XDG_DATA_HOME/minesweeper/history.jsonl`
    /// (`~/.local/share` by default), `$XDG_STATE_HOME/minesweeper/`
    /// (`~/.local/state`) and `$XDG_CONFIG_HOME/minesweeper/settings.json`
    /// (`~/.config`) on Unix; on Windows all under the roaming application
    /// data folder.
    pub fn find() -> Result<Places, NoHome> {
        let strategy = choose_app_strategy(AppStrategyArgs {
            top_level_domain: "org".to_owned(),
            author: String::new(),
            app_name: "minesweeper".to_owned(),
        })
        .map_err(|_| NoHome)?;
        let data = strategy.data_dir();
        // Only XDG has a state folder; elsewhere the data folder serves.
        let state = strategy.state_dir().unwrap_or_else(|| data.clone());
        Ok(Places {
            history: data.join("history.jsonl"),
            boards: data.join("boards"),
            saves: state,
            settings: strategy.config_dir().join("settings.json"),
        })
    }
}
