//! `minesweeper check` against programs: our own prompt game, which must
//! agree on every game, and `examples/proj3.rs`, a proj3 program in
//! another format with one bug chosen per run, which must be caught,
//! classified and shrunk to a board of at most 3x3 squares and 3 moves.
//! The example's program is played in this process where a test is about
//! judging, shrinking, scores and reports ([`in_process`]); the sandbox,
//! the folders, loads, hangs and budgets are tested with real programs
//! started as a check starts them, and every finding's files are played
//! again by the real example.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::common;

mod agreement;
mod class;
mod faults;
mod jail;
mod layout;
mod load;
mod platforms;
mod replay;
mod sandbox;
mod scores;

/// `minesweeper check` with `args` against `program`, writing its
/// reproductions under `out`; backtraces off, so a panicking program is as
/// quick as any.
fn check(args: &[&str], out: &Path, program: &[&str]) -> Output {
    let mut command = Command::new(common::minesweeper_binary());
    command.arg("check").args(args);
    // A game that works ends in milliseconds; on a busy machine it may
    // take seconds, which must not make it a hang. Tests of hangs set
    // their own limit.
    if !args.contains(&"--timeout") {
        command.args(["--timeout", "120"]);
    }
    // The program's folder, copied for each game: an empty one of its own.
    let folder = common::tempdir();
    common::sandboxed(&mut command)
        .current_dir(folder.path())
        .arg("--out")
        .arg(out)
        .arg("--")
        .args(program)
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap()
}

/// The JSON report `run` printed; when it printed none, the test fails
/// with what it said instead and how it ended, which a busy machine's
/// failure must leave to read.
fn json_report(run: &Output) -> Value {
    serde_json::from_slice(&run.stdout).unwrap_or_else(|error| {
        panic!(
            "no JSON report ({error}): {:?}\n--- stdout\n{}\n--- stderr\n{}",
            run.status,
            text(&run.stdout),
            text(&run.stderr)
        )
    })
}

/// `check` in this process against the example's program with `args`
/// (`--bug a,b`, `--frame C`, …): `games` games from `seed` with the
/// command line's defaults, its reproductions under `out`. No process is
/// started: the same judging, shrinking and reports, without a program a
/// game (the sandbox's and a real program's own ways to fail are tested
/// with real ones).
fn in_process(
    args: &[&str],
    games: u64,
    seed: u64,
    out: &Path,
) -> (grader::Options, grader::Outcome) {
    in_process_with(args, games, seed, out, |_| {})
}

/// The same, the options changed by `adjust` first (a board size, a
/// thread).
fn in_process_with(
    args: &[&str],
    games: u64,
    seed: u64,
    out: &Path,
    adjust: impl FnOnce(&mut grader::Options),
) -> (grader::Options, grader::Outcome) {
    let words: Vec<String> = std::iter::once("proj3")
        .chain(args.iter().copied())
        .map(str::to_owned)
        .collect();
    let model = grader::model::Proj3::from_args(&words).unwrap();
    let mut options = grader::Options {
        program: grader::runner::Program {
            command: example().into(),
            args: args.iter().map(Into::into).collect(),
            env: Vec::new(),
        },
        games,
        seed,
        plan: grader::case::Plan {
            inputs: grader::case::Inputs::default(),
            max_size: 10,
            min_size: 1,
            at_least_one_mine: false,
        },
        exact: false,
        timeout: std::time::Duration::from_secs(5),
        threads: None,
        out: out.to_owned(),
        frame: None,
        folder: None,
        weights: grader::score::Weights::default_for(false),
        budget: None,
        printer: console::messages::Printer::quiet(),
        unprivileged: false,
        class: None,
        sandboxed: false,
        in_process: Some(grader::runner::InProcess(std::sync::Arc::new(model))),
    };
    adjust(&mut options);
    let outcome = grader::check(&options).unwrap();
    (options, outcome)
}

/// The JSON report of a check, as `check --json` writes it.
fn json_of(options: &grader::Options, outcome: &grader::Outcome) -> Value {
    let mut json = Vec::new();
    reports::report::write_json(&mut json, options, outcome).unwrap();
    serde_json::from_slice(&json).unwrap()
}

/// The example proj3 program, built beside cargo's binary by `cargo test`
/// (also when the program under test is another build).
fn example() -> String {
    let binary = Path::new(env!("CARGO_BIN_EXE_minesweeper"));
    let dir = binary.parent().unwrap().join("examples");
    let name = format!("proj3{}", std::env::consts::EXE_SUFFIX);
    dir.join(name).to_string_lossy().into_owned()
}

fn ours() -> String {
    common::minesweeper_binary().to_string_lossy().into_owned()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `report` with what the sandbox could be given on this machine (a
/// network namespace needs privileges some machines do not grant) as one
/// line, the same everywhere.
fn machine_free(report: &str) -> String {
    report
        .lines()
        .filter(|line| {
            !line.starts_with("Not available here:") && !line.starts_with("Not asked for:")
        })
        .map(|line| {
            if line.starts_with("Each game ran with ") {
                "Each game ran with [the sandbox this machine allows].\n".to_owned()
            } else {
                format!("{line}\n")
            }
        })
        .collect()
}

fn folder() -> tempfile::TempDir {
    common::tempdir()
}

/// Two games of the course's frame, then `more`: enough for a program
/// that fails at once.
fn two_games<'a>(more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["--games", "2", "--seed", "1", "--frame", "+"];
    args.extend(more);
    args
}

/// The protection called `name` in a JSON report's sandbox list.
fn protection<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["sandbox"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["protection"] == name)
        .unwrap_or_else(|| panic!("no protection {name}: {report}"))
}

/// The kinds of the findings, each once, in the order found.
fn kinds(findings: &[Value]) -> Vec<&str> {
    let mut kinds: Vec<&str> = Vec::new();
    for kind in findings.iter().map(|f| f["kind"].as_str().unwrap()) {
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    kinds
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// A student's folder holding `proj3`: the example with `bugs` (none for
/// a right one), copied in, as a student hands in a program.
fn student(class: &Path, name: &str, bugs: Option<&str>) {
    use std::os::unix::fs::PermissionsExt;
    let folder = class.join(name);
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(example(), folder.join("program")).unwrap();
    let mut script = "#!/bin/sh\nexec ./program".to_owned();
    if let Some(bugs) = bugs {
        script.push_str(&format!(" --bug {bugs}"));
    }
    script.push('\n');
    let proj3 = folder.join("proj3");
    std::fs::write(&proj3, script).unwrap();
    std::fs::set_permissions(&proj3, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// The interpreter `python3` runs as, by its own path (a version
/// manager's shim reads the teacher's home, which a test moves), or
/// `None`, said, where there is none.
fn python() -> Option<String> {
    let python = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output();
    let found = python
        .ok()
        .filter(|p| p.status.success())
        .and_then(|p| String::from_utf8(p.stdout).ok())
        .map(|path| path.trim().to_owned());
    if found.is_none() {
        eprintln!("no python3 here: the Python example is not checked");
    }
    found
}

/// The mutants of examples/proj3.py that `examples/mutants.py` writes
/// (`names`, or all), made by `python` into `folder`: each the correct
/// program with one fault.
fn python_mutants(python: &str, folder: &Path, names: &[&str]) -> Vec<PathBuf> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/mutants.py");
    let made = Command::new(python)
        .arg(script)
        .arg(folder)
        .args(names)
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made.stderr));
    text(&made.stdout)
        .lines()
        .map(|name| folder.join(format!("{name}.py")))
        .collect()
}

/// The words of `args`, borrowed.
fn words(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// The protection of a game's root of its own, by its name in a report.
const ROOT_OF_ITS_OWN: &str = "a root of its own: the system's folders, its interpreter's and its \
                               board read-only, its own folder, an empty /tmp, a /dev of null, \
                               zero and urandom (a mount namespace)";

/// Landlock's protection, by its name in a report.
const LANDLOCK: &str = "reads and writes only what its game may (Landlock)";

/// The seccomp allowlist's protection, by its name in a report.
const ALLOWLIST: &str = "only the system calls programs need (a seccomp allowlist)";

/// Whether `report` (JSON) says the games' reads were confined: by a root
/// of their own, or by Landlock.
fn reads_are_confined(report: &Value) -> bool {
    protection(report, ROOT_OF_ITS_OWN)["given"] == true
        || protection(report, LANDLOCK)["given"] == true
}

/// What the program wrote on stderr in the first finding of `run`'s JSON
/// report, where reads are confined (a root of its own or Landlock);
/// `None`, said, where the system cannot confine them.
fn first_stderr_where_reads_are_confined(run: &Output) -> Option<String> {
    let report: Value =
        serde_json::from_slice(&run.stdout).unwrap_or_else(|_| panic!("{}", text(&run.stderr)));
    if !reads_are_confined(&report) {
        eprintln!("reads are not confined here");
        return None;
    }
    let folder = PathBuf::from(report["findings"][0]["folder"].as_str().unwrap());
    Some(std::fs::read_to_string(folder.join("stderr.txt")).unwrap())
}

/// A folder of its own holding `examples/proj3.py`, the correct program.
fn correct_python_folder() -> tempfile::TempDir {
    let program = folder();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    std::fs::copy(examples.join("proj3.py"), program.path().join("proj3.py")).unwrap();
    program
}

/// Checks `results` against Gradescope's specification of results.json
/// (its "Autograder Specifications"): only the fields it names, of the
/// types it gives, each format and visibility one it knows, and every
/// test's score within its most.
fn valid_gradescope_results(results: &Value) {
    const FORMATS: [&str; 5] = ["text", "html", "simple_format", "md", "ansi"];
    const VISIBILITY: [&str; 4] = ["hidden", "after_due_date", "after_published", "visible"];
    const TOP: [&str; 11] = [
        "score",
        "execution_time",
        "output",
        "output_format",
        "test_output_format",
        "test_name_format",
        "visibility",
        "stdout_visibility",
        "extra_data",
        "tests",
        "leaderboard",
    ];
    const TEST: [&str; 11] = [
        "score",
        "max_score",
        "status",
        "name",
        "name_format",
        "number",
        "output",
        "output_format",
        "tags",
        "visibility",
        "extra_data",
    ];
    let top = results.as_object().expect("an object");
    for (key, value) in top {
        assert!(
            TOP.contains(&key.as_str()),
            "{key} is no field of results.json"
        );
        match key.as_str() {
            "output_format" => assert!(FORMATS.contains(&value.as_str().unwrap())),
            "visibility" => assert!(VISIBILITY.contains(&value.as_str().unwrap())),
            "score" | "execution_time" => assert!(value.is_number(), "{key}: {value}"),
            "output" => assert!(value.is_string()),
            _ => {}
        }
    }
    for test in results["tests"].as_array().into_iter().flatten() {
        let fields = test.as_object().expect("a test is an object");
        for (key, value) in fields {
            assert!(TEST.contains(&key.as_str()), "{key} is no field of a test");
            match key.as_str() {
                "output_format" => assert!(FORMATS.contains(&value.as_str().unwrap())),
                "visibility" => assert!(VISIBILITY.contains(&value.as_str().unwrap())),
                "status" => assert!(["passed", "failed"].contains(&value.as_str().unwrap())),
                "score" | "max_score" => assert!(value.is_number(), "{key}: {value}"),
                _ => {}
            }
        }
        let (score, most) = (test["score"].as_f64(), test["max_score"].as_f64());
        if let (Some(score), Some(most)) = (score, most) {
            assert!((0.0..=most).contains(&score), "{test}");
        }
    }
}
