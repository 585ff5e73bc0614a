//! What every whole-program test shares: a home of its own, so that no
//! test reads or writes the records of the machine it runs on.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

/// The program under test: the one cargo built, or the one
/// `MINESWEEPER_BINARY` names (a wheel's, or a script that runs another
/// machine's build under emulation), so the same tests try either.
pub(crate) fn minesweeper_binary() -> PathBuf {
    std::env::var_os("MINESWEEPER_BINARY")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_minesweeper")))
}

/// A folder for the tests' home and data, this run's own: two runs at
/// once (two clones, or one twice) never share records or settings. It
/// stands in cargo's folder for the tests' files, named by the run's
/// process; the folders of runs whose process is gone are removed as the
/// next run begins. The games played in it are scripted, so nothing a
/// test prints depends on what an earlier test left.
pub(crate) fn home() -> PathBuf {
    static HOME: OnceLock<PathBuf> = OnceLock::new();
    HOME.get_or_init(|| {
        let folder = Path::new(env!("CARGO_TARGET_TMPDIR"));
        remove_homes_of_ended_runs(folder);
        let home = folder.join(format!("home-{}", std::process::id()));
        std::fs::create_dir_all(&home).expect("a temporary home");
        home
    })
    .clone()
}

/// Removes each `home-PID` in `folder` whose process has ended.
fn remove_homes_of_ended_runs(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix("home-")) else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// A temporary folder where a test's programs, boards and sockets are
/// made: where the games of a check run as root make theirs
/// (`sandbox::games_temp_dir`), so that a check `--unprivileged`, whose
/// games run as the user nobody, reaches them however private `TMPDIR`
/// is.
pub(crate) fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .tempdir_in(sandbox::games_temp_dir())
        .unwrap()
}

/// `command` with HOME and the XDG folders in [`home`].
pub(crate) fn sandboxed(command: &mut Command) -> &mut Command {
    let home = home();
    command
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CONFIG_HOME", home.join("config"))
}

/// Starts `command` with its output piped, typing `input` from a thread,
/// so that a program that stops reading early (its right) never blocks
/// the test.
pub(crate) fn typing(command: &mut Command, input: &[u8]) -> Child {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    std::thread::spawn(move || stdin.write_all(&input));
    child
}
