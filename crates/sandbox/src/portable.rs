//! How games are confined where there is no Linux: a copy of the program
//! for each game, and, on Unix, limits on each process. Every layer of
//! Linux's jail is said to be missing, with why.

use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::protection::{self as names, Protection};
use super::{Setup, folder};

/// A game's folder: a copy of the program's, removed with the game.
#[derive(Debug)]
pub(super) struct GameFolder {
    /// Its folder.
    pub(super) path: PathBuf,
    /// Always: a copy was made.
    pub(super) copied: bool,
}

impl GameFolder {
    /// Nothing is set up past the spawn here: nothing can fail there.
    pub(super) fn failed_setup(&self) -> Option<io::Error> {
        None
    }
}

/// How the games of a check are confined here: limits alone.
#[derive(Debug)]
pub(super) struct Confinement {
    #[cfg(unix)]
    limits: super::Limits,
    master: PathBuf,
    runs: PathBuf,
}

/// Why a layer is missing here.
const NOT_HERE: &str =
    "not on this system: the sandbox's namespaces, Landlock and seccomp are Linux's";

impl Confinement {
    pub(super) fn new(setup: Setup<'_>) -> Confinement {
        let _ = (
            setup.unprivileged,
            setup.readable,
            setup.checked,
            setup.path,
            setup.without,
        );
        #[cfg(not(unix))]
        let _ = setup.limits;
        Confinement {
            #[cfg(unix)]
            limits: setup.limits,
            master: setup.master.to_owned(),
            runs: setup.runs.to_owned(),
        }
    }

    /// The games run as the check's own user: nobody else must reach
    /// anything.
    pub(super) fn others_must_reach(&self) -> bool {
        false
    }

    pub(super) fn games_user(&self) -> &'static str {
        "the check's own user"
    }

    /// The CPU seconds each process of a game may use, where the system
    /// counts them.
    pub(super) fn cpu_seconds(&self) -> Option<u64> {
        #[cfg(unix)]
        return Some(self.limits.cpu_seconds);
        #[cfg(not(unix))]
        None
    }

    #[cfg(unix)]
    pub(super) fn has_a_root_of_its_own(&self) -> bool {
        false
    }

    #[cfg(unix)]
    pub(super) fn overlays_the_copy(&self) -> bool {
        false
    }

    pub(super) fn folder_for_game(&self, number: u64) -> io::Result<GameFolder> {
        let path = self.runs.join(format!("run-{number}"));
        std::fs::create_dir(&path)?;
        let _writing = folder::writing_executables();
        folder::copy_folder(&self.master, &path, &[], false)?;
        Ok(GameFolder { path, copied: true })
    }

    pub(super) fn prepare(&self, command: &mut Command, game: &GameFolder, board: Option<&Path>) {
        let _ = board;
        command.current_dir(&game.path);
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            let set = self.limits.per_process();
            // SAFETY: only setrlimit runs between fork and exec.
            unsafe {
                command.pre_exec(move || {
                    for (resource, soft, hard) in set {
                        let limit = libc::rlimit {
                            rlim_cur: soft as libc::rlim_t,
                            rlim_max: hard as libc::rlim_t,
                        };
                        if libc::setrlimit(resource, &limit) != 0 {
                            return Err(io::Error::last_os_error());
                        }
                    }
                    Ok(())
                });
            }
        }
    }

    pub(super) fn protections(&self) -> Vec<Protection> {
        let limits = if cfg!(unix) {
            Ok(())
        } else {
            Err("not on this system".to_owned())
        };
        let mut list = vec![
            Protection::given(names::FOLDER),
            Protection::given(names::ENVIRONMENT),
            Protection::new(names::PROCESS_LIMITS, limits),
        ];
        list.extend(
            names::LINUX_ONLY
                .into_iter()
                .map(|name| Protection::new(name, Err(NOT_HERE.to_owned()))),
        );
        list
    }

    pub(super) fn log(&self) {
        tracing::debug!(why = NOT_HERE, "no jail");
    }
}

/// Whether this process runs inside a game `check` is playing: never
/// here, where no game's sandbox says so.
pub fn inside_a_checked_game() -> bool {
    false
}
