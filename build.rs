//! The version `--version` prints: the package's, and for a build from a
//! git checkout the commit it was built from (`0.1.0 (commit 1a2b3c4d5e6f)`),
//! so that a binary copied into an autograder or a wheel says what it is.
//! Elsewhere (a source archive, no git) the package's version alone.

use std::process::Command;

fn main() {
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let full = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(commit) => format!("{version} (commit {commit})"),
        None => version,
    };
    println!("cargo:rustc-env=MINESWEEPER_VERSION={full}");
    println!("cargo:rerun-if-changed=build.rs");
    // Built again when HEAD moves: to another branch, or on with a commit.
    if let Some(git_dir) = git(&["rev-parse", "--git-dir"]) {
        println!("cargo:rerun-if-changed={git_dir}/HEAD");
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={git_dir}/{branch}");
        }
        println!("cargo:rerun-if-changed={git_dir}/packed-refs");
    }
}

/// What `git ARGS` prints, trimmed; `None` without git or a checkout.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let text = text.trim();
    (output.status.success() && !text.is_empty()).then(|| text.to_owned())
}
