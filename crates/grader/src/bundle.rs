//! A Gradescope autograder: `setup.sh`, `run_autograder` and this
//! program, in one folder to zip. `run_autograder` finds the submission,
//! checks it with the options given when the bundle was made, each game
//! in a jail of its own as a user of its own, within a hard time limit,
//! and leaves a `results.json` whatever happens.
//!
//! Gradescope builds an image with `setup.sh`, then for each submission
//! runs `/autograder/run_autograder` as root, with the submission in
//! `/autograder/submission` and the results expected in
//! `/autograder/results/results.json`. `AUTOGRADER_ROOT` stands in for
//! `/autograder`, so the script can be tried anywhere.

use std::fs;
use std::io;
use std::path::Path;
use std::time::Duration;

use crate::case::Inputs;
use crate::{CheckError, Options};

/// What `run_autograder` passes to `check`.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Options before `--`, each word as it is given.
    pub args: Vec<String>,
    /// The program's words, after `--`.
    pub program: Vec<String>,
    /// The time the autograder gives the whole check.
    pub budget: Duration,
}

/// The budget of one submission when none is given: well within
/// Gradescope's default limit of ten minutes.
const DEFAULT_BUDGET: Duration = Duration::from_secs(300);

/// Time past the budget before everything is stopped: enough to write
/// what was found.
const GRACE: Duration = Duration::from_secs(60);

impl Settings {
    /// The settings of `options`; its seed is kept, so every submission
    /// plays the same games.
    pub fn from_options(options: &Options) -> Settings {
        let mut args: Vec<String> = vec![
            "--games".into(),
            options.games.to_string(),
            "--seed".into(),
            options.seed.to_string(),
            "--inputs".into(),
            match options.plan.inputs {
                Inputs::Required => "required".into(),
                Inputs::All => "all".into(),
            },
            "--max-size".into(),
            options.plan.max_size.to_string(),
            "--min-size".into(),
            options.plan.min_size.to_string(),
            "--timeout".into(),
            options.timeout.as_secs_f64().to_string(),
        ];
        if options.plan.at_least_one_mine {
            args.push("--at-least-one-mine".into());
        }
        if options.exact {
            args.push("--exact".into());
        }
        if !options.sandboxed {
            args.extend(["--no-sandbox".into(), "--trust-programs".into()]);
        }
        if let Some(frame) = options.frame {
            args.extend(["--frame".into(), frame.glyph().to_string()]);
        }
        let w = options.weights;
        args.extend([
            "--weights".into(),
            format!(
                "boards={},endings={},input={},text={}",
                w.boards, w.endings, w.input, w.text
            ),
        ]);
        let budget = options.budget.unwrap_or(DEFAULT_BUDGET);
        args.extend(["--budget".into(), format!("{}s", budget.as_secs_f64())]);
        let program = std::iter::once(&options.program.command)
            .chain(&options.program.args)
            .map(|word| word.to_string_lossy().into_owned())
            .collect();
        Settings {
            args,
            program,
            budget,
        }
    }
}

/// What was written.
#[derive(Debug)]
pub struct Written {
    /// The files written, by name.
    pub files: Vec<&'static str>,
    /// The check's time budget.
    pub budget: Duration,
    /// The time after which the autograder's own limit stops it.
    pub hard_limit: Duration,
    /// The newest glibc the copied binary asks for (major, minor), when it
    /// is linked against glibc: an image with an older one cannot run it.
    pub glibc: Option<(u32, u32)>,
}

/// The glibc version a portable build asks for at most: manylinux2014's,
/// what the wheel is linked against.
pub const PORTABLE_GLIBC: (u32, u32) = (2, 17);

/// Writes the autograder into `folder`, with `binary` (this program)
/// copied beside its scripts.
pub fn write(folder: &Path, binary: &Path, settings: &Settings) -> Result<Written, CheckError> {
    if let Some(word) = settings
        .program
        .iter()
        .find(|w| w.chars().any(char::is_control))
    {
        return Err(CheckError::NotRunnable {
            program: visible::Visible(word).to_string(),
            reason: "a word with control characters cannot go into a script".to_owned(),
        });
    }
    let shown = visible::path(folder);
    let failed = |what: &str| CheckError::io(format!("cannot write {what} in {shown}"));
    fs::create_dir_all(folder).map_err(failed("the folder"))?;
    let hard_limit = settings.budget + GRACE;
    let files: [(&'static str, String); 2] = [
        ("setup.sh", SETUP.to_owned()),
        ("run_autograder", run_autograder(settings, hard_limit)),
    ];
    for (name, text) in &files {
        write_executable(&folder.join(name), text.as_bytes()).map_err(failed(name))?;
    }
    let copy = folder.join("minesweeper");
    fs::copy(binary, &copy)
        .and_then(|_| sandbox::set_mode(&copy, 0o755))
        .map_err(failed("minesweeper"))?;
    Ok(Written {
        files: vec!["setup.sh", "run_autograder", "minesweeper"],
        budget: settings.budget,
        hard_limit,
        glibc: fs::read(binary).ok().and_then(|bytes| newest_glibc(&bytes)),
    })
}

/// The newest `GLIBC_x.y` version an executable's `bytes` name: the
/// symbol versions it needs, which its dynamic string table lists.
pub fn newest_glibc(bytes: &[u8]) -> Option<(u32, u32)> {
    const TAG: &[u8] = b"GLIBC_";
    let number = |digits: &[u8]| -> Option<(u32, usize)> {
        let len = digits.iter().take_while(|b| b.is_ascii_digit()).count();
        let value = std::str::from_utf8(&digits[..len]).ok()?.parse().ok()?;
        Some((value, len))
    };
    bytes
        .windows(TAG.len())
        .enumerate()
        .filter(|(_, window)| *window == TAG)
        .filter_map(|(at, _)| {
            let rest = &bytes[at + TAG.len()..];
            let (major, len) = number(rest)?;
            let rest = rest.get(len..)?.strip_prefix(b".")?;
            let (minor, _) = number(rest)?;
            Some((major, minor))
        })
        .max()
}

fn write_executable(path: &Path, bytes: &[u8]) -> io::Result<()> {
    fs::write(path, bytes)?;
    sandbox::set_mode(path, 0o755)
}

/// `word` as one word of a POSIX shell, whatever it holds.
pub(crate) fn shell_word(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

fn shell_words(words: &[String]) -> String {
    words
        .iter()
        .map(|w| shell_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Gradescope's image is built with this: the program needs nothing
/// more than the base image has (a `python3` for Python submissions).
const SETUP: &str = r#"#!/bin/sh
# Written by `minesweeper check --gradescope-bundle`: run once when
# Gradescope builds the autograder's image.
set -eu
if ! command -v python3 >/dev/null 2>&1; then
    apt-get update && apt-get install -y python3
fi
chmod 755 /autograder/source/minesweeper /autograder/source/run_autograder
# Run once here, so that an image this binary cannot run on (a glibc
# older than the one it was built against) fails now, with the reason,
# and not when students are graded.
if ! /autograder/source/minesweeper --version; then
    echo "minesweeper cannot run on this image (above: why). Build the portable one" >&2
    echo "(scripts/wheel.sh: glibc 2.17 or later) and write the bundle with it." >&2
    exit 1
fi
"#;

/// The script run for each submission.
fn run_autograder(settings: &Settings, hard_limit: Duration) -> String {
    format!(
        r#"#!/bin/sh
# Written by `minesweeper check --gradescope-bundle`: checks one
# submission, each game in a jail of its own as a user of its own, within
# a hard time limit, and always leaves a results.json.
set -u
root="${{AUTOGRADER_ROOT:-/autograder}}"
here="$(cd "$(dirname "$0")" && pwd)"
binary="$here/minesweeper"
[ -x "$binary" ] || binary="$root/source/minesweeper"
mkdir -p "$root/results"
results="$root/results/results.json"
hard_limit={limit}

# A results.json with 0 points, `$1` and what the check said, for the
# student and the instructor; the same on the autograder's own output.
fallback() {{
    said="$(tail -c 3000 "${{work:-/nonexistent}}/report.txt" 2>/dev/null)"
    printf '%s\n%s\n' "$1" "$said"
    python3 - "$1" "$said" "$results" <<'PY' 2>/dev/null ||
import json, sys
message, said, path = sys.argv[1:4]
output = message + ("\n\nWhat the check said:\n" + said if said else "")
with open(path, "w") as results:
    json.dump({{"score": 0, "output": output, "output_format": "text",
               "visibility": "visible"}}, results)
PY
    printf '{{"score": 0, "output": "%s", "visibility": "visible"}}\n' "$1" >"$results"
}}

# The submission: its folder, or the only folder a zip put it in.
submission="$root/submission"
while [ "$(ls -A "$submission" | wc -l)" -eq 1 ]; do
    only="$submission/$(ls -A "$submission")"
    [ -d "$only" ] && [ ! -L "$only" ] || break
    submission="$only"
done

work="$(mktemp -d)" || {{ fallback "The grader could not make a folder to work in."; exit 0; }}
private="$(mktemp -d)" || {{ fallback "The grader could not make a folder to work in."; exit 0; }}
trap 'rm -rf "$work" "$private"' EXIT
mkdir "$work/submission"
cp -R "$submission/." "$work/submission/"
# The grader where only root reaches it: the submission, run as a user
# of each game's own, can neither run it nor read it.
cp "$binary" "$private/minesweeper"
chmod 700 "$private" "$root/source" 2>/dev/null
# The check keeps root to build each game's jail; where the image gives
# no namespaces, the submission runs on the image's files as a user of
# its own, who must be able to enter the work folder.
chmod 755 "$work"
cd "$work"
timeout --kill-after=10 "$hard_limit" "$private/minesweeper" check \
    {args} \
    --folder "$work/submission" --out "$work/findings" \
    --gradescope "$work/results.json" \
    -- {program} >"$work/report.txt" 2>&1
status=$?
if [ -s "$work/results.json" ]; then
    cp "$work/results.json" "$results"
elif [ "$status" -ge 124 ]; then
    fallback "The check was stopped after ${{hard_limit}} seconds, its hard time limit. Please tell your instructor."
else
    fallback "The check could not run (status $status). Please tell your instructor."
fi
exit 0
"#,
        limit = hard_limit.as_secs(),
        args = shell_words(&settings.args),
        program = shell_words(&settings.program),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_glibc_a_binary_names_is_found() {
        let bytes = b"\0GLIBC_2.2.5\0GLIBC_2.17\0GLIBC_2.3.4\0GLIBC_PRIVATE\0GLIBC_2.9\0";
        assert_eq!(newest_glibc(bytes), Some((2, 17)));
        assert_eq!(newest_glibc(b"no glibc here"), None);
        let this = std::fs::read(std::env::current_exe().unwrap()).unwrap();
        assert!(newest_glibc(&this).is_some_and(|v| v >= (2, 2)));
    }

    #[test]
    fn any_word_is_one_shell_word() {
        assert_eq!(shell_word("proj3.py"), "'proj3.py'");
        assert_eq!(shell_word("it's $HOME"), r"'it'\''s $HOME'");
    }
}
