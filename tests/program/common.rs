//! What every whole-program test shares: a home of its own, so that no
//! test reads or writes the records of the machine it runs on.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

/// The program under test: the one cargo built, or the one
/// `MINESWEEPER_BINARY` names (a wheel's, or a script that runs another
/// machine's build under emulation), so the same tests try either.
pub(crate) fn minesweeper_binary() -> PathBuf {
    std::env::var_os("MINESWEEPER_BINARY")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_minesweeper")))
}

/// A folder for the tests' home and data. One name for every run keeps
/// the snapshots' recorded settings the same; the games played in it are
/// scripted, so nothing a test prints depends on what an earlier run left.
pub(crate) fn home() -> PathBuf {
    let home = std::env::temp_dir().join("minesweeper-tests-home");
    std::fs::create_dir_all(&home).expect("a temporary home");
    home
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
