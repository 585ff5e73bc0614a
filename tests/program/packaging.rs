//! What each way of installing the program gives: `cargo install --git`
//! finds one package, every part prints CHANGELOG's release, and the
//! wheel ships the manual page and completion scripts the binary prints;
//! and README's one description of `.ci/run`, every step named.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// The files the wheel installs under its environment's `share/`
/// (packaging/wheel-data/data/share, named in pyproject.toml), each with
/// the arguments that print it. man-db finds the page beside the
/// environment's `bin`; pipx links it into `~/.local/share/man`.
const SHIPPED: [(&str, &[&str]); 4] = [
    ("man/man1/minesweeper.1", &["man"]),
    (
        "bash-completion/completions/minesweeper",
        &["completions", "bash"],
    ),
    ("zsh/site-functions/_minesweeper", &["completions", "zsh"]),
    (
        "fish/vendor_completions.d/minesweeper.fish",
        &["completions", "fish"],
    ),
];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files the wheel ships are what this binary prints, and nothing
/// else is there. With `MINESWEEPER_WRITE_SHIPPED=1` the test writes them
/// instead (after a change to the command line or a release).
#[test]
fn the_wheel_ships_the_manual_and_completions_the_binary_prints() {
    let share = root().join("packaging/wheel-data/data/share");
    let write = std::env::var_os("MINESWEEPER_WRITE_SHIPPED").is_some();
    for (path, args) in SHIPPED {
        let output = Command::new(common::minesweeper_binary())
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "minesweeper {args:?}");
        let file = share.join(path);
        if write {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &output.stdout).unwrap();
        }
        let shipped = std::fs::read(&file).unwrap_or_default();
        assert!(
            shipped == output.stdout,
            "{} is not what `minesweeper {}` prints: \
             MINESWEEPER_WRITE_SHIPPED=1 cargo test --test program packaging:: writes it",
            file.display(),
            args.join(" ")
        );
    }
    let mut found = Vec::new();
    files_under(&share, &mut found);
    let mut expected: Vec<PathBuf> = SHIPPED.iter().map(|(path, _)| share.join(path)).collect();
    found.sort();
    expected.sort();
    assert_eq!(
        found, expected,
        "a file in the wheel's data that nothing writes"
    );
    let pyproject = std::fs::read_to_string(root().join("pyproject.toml")).unwrap();
    assert!(
        pyproject.contains("data = \"packaging/wheel-data\""),
        "pyproject.toml does not ship packaging/wheel-data"
    );
}

fn files_under(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, found);
        } else {
            found.push(path);
        }
    }
}

/// `cargo install --git URL` looks through every folder of the repository
/// but hidden ones (and `target`) for packages with binaries, and without a
/// package name it needs exactly one: `minesweeper`'s. A second (the fuzz
/// targets were one) makes README's command fail.
#[test]
fn a_git_install_finds_one_package_with_binaries() {
    fn manifests(folder: &Path, found: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(folder) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() && !name.starts_with('.') && name != "target" {
                manifests(&path, found);
            } else if name == "Cargo.toml" {
                found.push(path);
            }
        }
    }
    let root = root();
    let mut found = Vec::new();
    manifests(root, &mut found);
    let with_binaries: Vec<&PathBuf> = found
        .iter()
        .filter(|manifest| {
            let text = std::fs::read_to_string(manifest).unwrap_or_default();
            let folder = manifest.parent().unwrap();
            text.contains("[package]")
                && (text.contains("[[bin]]") || folder.join("src/main.rs").is_file())
        })
        .collect();
    assert_eq!(with_binaries, [&root.join("Cargo.toml")], "{found:?}");
}

/// The version `--version` prints (and the wheel's, which maturin takes
/// from the same manifest) is CHANGELOG's latest release.
#[test]
fn the_version_printed_is_the_changelogs_latest_release() {
    let root = root();
    let changelog = std::fs::read_to_string(root.join("CHANGELOG.md")).unwrap();
    let latest = changelog
        .lines()
        .filter_map(|line| line.strip_prefix("## "))
        .find(|heading| heading.starts_with(|c: char| c.is_ascii_digit()))
        .and_then(|heading| heading.split_whitespace().next())
        .expect("a release in CHANGELOG.md");
    assert_eq!(latest, env!("CARGO_PKG_VERSION"));
    let output = Command::new(common::minesweeper_binary())
        .arg("--version")
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        printed.starts_with(&format!("minesweeper {latest}")),
        "{printed}"
    );
}

/// README says once what `.ci/run` runs, every step of it: each command
/// the script runs (cargo's, the pages' script, the pytest file) is named
/// in README's one description, and there is no second one to go stale.
#[test]
fn readme_names_every_step_of_the_ci_script_once() {
    let script = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let opening = "- `.ci/run` is what every commit must pass";
    assert_eq!(readme.matches(opening).count(), 1, "one description");
    let start = readme.find(opening).unwrap();
    let end = start + readme[start + 2..].find("\n- ").unwrap() + 2;
    let said: String = readme[start..end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let mut steps: Vec<String> = script
        .lines()
        .map(str::trim)
        .filter(|line| {
            ["cargo ", "RUSTDOCFLAGS=", "scripts/"]
                .iter()
                .any(|start| line.starts_with(start))
        })
        .map(str::to_owned)
        .collect();
    steps.extend(
        script
            .split_whitespace()
            .filter(|word| word.starts_with("examples/test_") || word.starts_with("scripts/test_"))
            .map(str::to_owned),
    );
    assert!(steps.len() >= 6, "{steps:?}");
    for step in steps {
        assert!(
            said.contains(&step),
            "README's .ci/run leaves out `{step}`: {said}"
        );
    }
}
