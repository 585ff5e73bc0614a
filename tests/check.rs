//! `minesweeper check` against real programs: our own prompt game, which
//! must agree on every game, and `examples/proj3.rs`, a proj3 program in
//! another format with one bug chosen per run, which must be caught,
//! classified and shrunk to a board of at most 3x3 squares and 3 moves.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use insta_cmd::get_cargo_bin;
use serde_json::Value;

mod common;

/// `minesweeper check` with `args` against `program`, writing its
/// reproductions under `out`; backtraces off, so a panicking program is as
/// quick as any.
fn check(args: &[&str], out: &Path, program: &[&str]) -> Output {
    let mut command = Command::new(get_cargo_bin("minesweeper"));
    command.arg("check").args(args);
    // A game that works ends in milliseconds; on a busy machine it may
    // take seconds, which must not make it a hang. Tests of hangs set
    // their own limit.
    if !args.contains(&"--timeout") {
        command.args(["--timeout", "120"]);
    }
    // The program's folder, copied for each game: an empty one of its own.
    let folder = tempfile::tempdir().unwrap();
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

/// The example proj3 program, built beside the binary by `cargo test`.
fn example() -> String {
    let binary = get_cargo_bin("minesweeper");
    let dir = binary.parent().unwrap().join("examples");
    let name = format!("proj3{}", std::env::consts::EXE_SUFFIX);
    dir.join(name).to_string_lossy().into_owned()
}

fn ours() -> String {
    get_cargo_bin("minesweeper").to_string_lossy().into_owned()
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
        .filter(|line| !line.starts_with("Not available here:"))
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
    tempfile::tempdir().unwrap()
}

#[test]
fn our_own_game_agrees_on_every_game() {
    let out = folder();
    let run = check(
        &["--games", "400", "--seed", "1", "--inputs", "all"],
        out.path(),
        &[&ours()],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stdout));
    insta::assert_snapshot!(machine_free(&text(&run.stdout)).replace(&ours(), "[minesweeper]"));
    assert!(run.stderr.is_empty());
    assert!(
        !out.path().join("wrong-board").exists(),
        "nothing is written when all agree"
    );
}

#[test]
fn our_own_game_agrees_byte_for_byte() {
    let out = folder();
    let run = check(
        &["--games", "300", "--seed", "2", "--exact"],
        out.path(),
        &[&ours()],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stdout));
}

#[test]
fn a_program_in_another_format_without_a_bug_agrees() {
    let out = folder();
    let run = check(
        &["--games", "300", "--seed", "3", "--inputs", "all"],
        out.path(),
        &[&example()],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stdout));
}

#[test]
fn another_format_is_not_the_course_text() {
    let out = folder();
    let run = check(
        &["--games", "10", "--seed", "3", "--exact", "--json"],
        out.path(),
        &[&example()],
    );
    assert_eq!(run.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["failures"][0]["kind"], "wrong-text");
}

/// Checks the example with `bug` in `games` games, and returns the
/// findings of the JSON report.
fn findings_for(bug: &str, games: &str, extra: &[&str]) -> Vec<Value> {
    let out = folder();
    let mut args = vec!["--games", games, "--seed", "5", "--json"];
    args.extend(extra);
    let run = check(&args, out.path(), &[&example(), "--bug", bug]);
    assert_eq!(run.status.code(), Some(1), "{bug}: {}", text(&run.stderr));
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let findings = report["findings"].as_array().unwrap().clone();
    for finding in &findings {
        let (rows, cols) = (
            finding["rows"].as_u64().unwrap(),
            finding["cols"].as_u64().unwrap(),
        );
        assert!(rows * cols <= 9, "{bug}: shrunk to {rows}x{cols}");
        assert!(finding["moves"].as_u64().unwrap() <= 3, "{bug}: {finding}");
        // The reproduction is there, and its input starts with the board's path.
        let folder = PathBuf::from(finding["folder"].as_str().unwrap());
        let input = std::fs::read_to_string(folder.join("input.txt")).unwrap();
        assert_eq!(
            input.lines().next(),
            Some(folder.join("board.txt").to_str().unwrap())
        );
        for file in ["board.txt", "expected.txt", "actual.txt"] {
            assert!(folder.join(file).exists(), "{bug}: {file}");
        }
    }
    findings
}

fn kinds(findings: &[Value]) -> Vec<&str> {
    findings
        .iter()
        .map(|f| f["kind"].as_str().unwrap())
        .collect()
}

#[test]
fn wrong_clues_at_the_right_edge_of_wide_boards_are_a_wrong_board() {
    let findings = findings_for("wide-edge", "150", &[]);
    assert_eq!(kinds(&findings), ["wrong-board"]);
    // Only a board wider than it is tall shows it.
    assert!(findings[0]["cols"].as_u64() > findings[0]["rows"].as_u64());
}

#[test]
fn islands_that_do_not_spread_diagonally_are_a_wrong_board() {
    assert_eq!(
        kinds(&findings_for("no-diagonal", "150", &[])),
        ["wrong-board"]
    );
}

#[test]
fn a_lost_game_that_goes_on_is_a_wrong_ending() {
    let findings = findings_for("lost-goes-on", "150", &[]);
    assert_eq!(kinds(&findings), ["wrong-ending"]);
    assert!(
        findings[0]["what"]
            .as_str()
            .unwrap()
            .contains("went on after the game was lost")
    );
}

#[test]
fn a_win_with_a_wrong_flag_is_a_wrong_ending() {
    let findings = findings_for("wrong-flag-wins", "150", &[]);
    assert_eq!(kinds(&findings), ["wrong-ending"]);
    assert!(
        findings[0]["what"]
            .as_str()
            .unwrap()
            .contains("said the game was won")
    );
}

#[test]
fn a_range_check_that_takes_zero_is_an_input_fault() {
    let findings = findings_for("accepts-zero", "150", &[]);
    assert_eq!(kinds(&findings), ["input"]);
    let input = findings[0]["input"].as_str().unwrap();
    assert!(
        input.lines().any(|l| l == "0"),
        "the 0 it takes is kept: {input}"
    );
}

#[test]
fn a_crash_on_a_bogus_action_is_a_crash() {
    assert_eq!(
        kinds(&findings_for("crash-on-action", "150", &[])),
        ["crash"]
    );
}

#[test]
fn a_hang_is_a_hang() {
    let findings = findings_for("hang", "30", &["--timeout", "0.2"]);
    assert_eq!(kinds(&findings), ["hang"]);
}

#[test]
fn the_report_names_the_move_and_the_square_and_shows_both_boards() {
    let out = folder();
    let run = check(
        &["--games", "100", "--seed", "5"],
        out.path(),
        &[&example(), "--bug", "wide-edge"],
    );
    assert_eq!(run.status.code(), Some(1));
    let report = machine_free(&text(&run.stdout))
        .replace(&example(), "[proj3]")
        .replace(
            &out.path()
                .canonicalize()
                .unwrap()
                .to_string_lossy()
                .into_owned(),
            "[out]",
        );
    insta::assert_snapshot!(report);
    // The same games, found and shrunk the same way, on one thread.
    let one = folder();
    let alone = check(
        &["--games", "100", "--seed", "5", "--threads", "1"],
        one.path(),
        &[&example(), "--bug", "wide-edge"],
    );
    let one_path = one
        .path()
        .canonicalize()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert_eq!(
        machine_free(&text(&alone.stdout))
            .replace(&example(), "[proj3]")
            .replace(&one_path, "[out]"),
        report
    );
    let failed = report.lines().nth(1).unwrap().split(", ").nth(1).unwrap();
    let failed = failed.split(' ').next().unwrap();
    assert_eq!(
        text(&run.stderr),
        format!("error: {failed} of 100 games did not agree with the course's game\n")
    );
}

#[test]
fn the_gradescope_file_has_one_test_a_kind_of_check() {
    let out = folder();
    let results = out.path().join("results.json");
    let run = check(
        &[
            "--games",
            "60",
            "--seed",
            "5",
            "--gradescope",
            results.to_str().unwrap(),
        ],
        out.path(),
        &[&example(), "--bug", "wrong-flag-wins"],
    );
    assert_eq!(run.status.code(), Some(1));
    let results: Value = serde_json::from_str(&std::fs::read_to_string(results).unwrap()).unwrap();
    assert!(results["output"].as_str().unwrap().starts_with("Checked "));
    let tests = results["tests"].as_array().unwrap();
    let names: Vec<&str> = tests.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Boards match the course's game",
            "Games are won and lost when they should be",
            "Answers are checked as the assignment asks",
            "No crashes",
            "No hangs",
            "Boards can be read",
            "Every board is printed",
        ]
    );
    for test in tests {
        let score = test["score"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&score));
        assert_eq!(test["max_score"], 1.0);
        let passed = test["name"] != "Games are won and lost when they should be";
        assert_eq!(test["status"], if passed { "passed" } else { "failed" });
        assert_eq!(score == 1.0, passed);
    }
    assert!(
        tests[1]["output"]
            .as_str()
            .unwrap()
            .contains("said the game was won")
    );
    // Boards keep their alignment, and no path of the grading machine is
    // shown to the student.
    assert_eq!(results["output_format"], "text");
    assert_eq!(results["visibility"], "visible");
    assert!(results["execution_time"].as_f64().unwrap() > 0.0);
    let out_path = out.path().canonicalize().unwrap();
    let all = results.to_string();
    assert!(!all.contains(&*out_path.to_string_lossy()), "{all}");
    for test in tests {
        assert_eq!(test["output_format"], "text");
    }
}

#[test]
fn a_program_that_cannot_run_is_a_usage_error() {
    let out = folder();
    let run = check(&["--games", "3"], out.path(), &["/no/such/program"]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        text(&run.stderr),
        "error: cannot run `/no/such/program`: no such program\n"
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn a_missing_program_is_a_usage_error() {
    let run = common::sandboxed(&mut Command::new(get_cargo_bin("minesweeper")))
        .args(["check", "--games", "3"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("<PROGRAM>"));
}

/// The ids of the processes whose command line holds `marker` (Linux's
/// /proc).
#[cfg(target_os = "linux")]
fn processes_with(marker: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let pid = entry.file_name().to_str()?.parse().ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            String::from_utf8_lossy(&cmdline)
                .contains(marker)
                .then_some(pid)
        })
        .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_check_leaves_no_program_running_and_no_board_files() {
    let out = folder();
    let marker = out.path().to_string_lossy().into_owned();
    // Where the board files go: the system's temporary folder.
    let temporary = folder();
    let mut child = common::sandboxed(&mut Command::new(get_cargo_bin("minesweeper")))
        .env("TMPDIR", temporary.path())
        .current_dir(temporary.path())
        // Seed 1's second game ends its input before the game ends, so a
        // program hangs at once. With a seed picked at random about one
        // game in four hangs, and a few runs in a thousand have none.
        .args([
            "check",
            "--games",
            "20",
            "--seed",
            "1",
            "--timeout",
            "60",
            "--out",
        ])
        .arg(out.path())
        .args(["--", &example(), "--bug", "hang", &marker])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // A program still there a second later is hanging: the games that
    // end come and go in milliseconds.
    let programs = || -> Vec<u32> {
        let mut pids = processes_with(&marker);
        pids.retain(|&pid| pid != child.id());
        pids
    };
    let started = std::time::Instant::now();
    loop {
        let seen = programs();
        std::thread::sleep(std::time::Duration::from_secs(1));
        if programs().iter().any(|pid| seen.contains(pid)) {
            break;
        }
        assert!(started.elapsed().as_secs() < 30, "no program hangs");
    }
    // SAFETY: kill(2) with plain integers.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = child.wait().unwrap();
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), None);
    assert_eq!(status.code(), Some(130));
    // A killed process leaves /proc once the kernel has torn it down,
    // which a busy machine may take a while to get to.
    let killed = std::time::Instant::now();
    while !processes_with(&marker).is_empty() && killed.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(
        processes_with(&marker),
        Vec::<u32>::new(),
        "the hanging programs were killed"
    );
    let left: Vec<_> = std::fs::read_dir(temporary.path())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(
        left,
        Vec::<PathBuf>::new(),
        "the board files and the games' folders were removed"
    );
}

/// A hostile program: it writes into HOME and deletes a file in the
/// folder it was started from, by its name and by its whole path, writes
/// elsewhere, reads the teacher's variables, and tries the network. Each game runs in a copy of that folder, with a HOME
/// there and a clean environment, and without a network where the
/// machine allows: the teacher's files, home and listener see nothing.
#[cfg(target_os = "linux")]
#[test]
fn a_hostile_program_touches_nothing_of_the_teachers() {
    use std::io::Read;
    let teacher = folder();
    std::fs::write(teacher.path().join("grades.csv"), "alice,7\n").unwrap();
    let home = folder();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let outside = folder();
    let script = format!(
        "echo pwned > \"$HOME/pwned\"; rm -f grades.csv; echo \"$SECRET_NOTE\" > note; \
         (exec 3<>/dev/tcp/127.0.0.1/{port}) 2>/dev/null; cat grades.csv; \
         echo x > {teacher}/absolute; echo x > {outside}/absolute; rm -f {teacher}/grades.csv; \
         exit 1",
        teacher = teacher.path().display(),
        outside = outside.path().display(),
    );
    let out = folder();
    let run = Command::new(get_cargo_bin("minesweeper"))
        .args(["check", "--games", "3", "--seed", "1", "--out"])
        .arg(out.path())
        .args(["--", "bash", "-c", &script])
        .current_dir(teacher.path())
        .env("HOME", home.path())
        .env("SECRET_NOTE", "the exam's answers")
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap();
    let report = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{report}{}", text(&run.stderr));
    assert_eq!(
        std::fs::read_to_string(teacher.path().join("grades.csv")).unwrap(),
        "alice,7\n",
        "the teacher's file is still there"
    );
    assert!(
        !home.path().join("pwned").exists(),
        "nothing written in HOME"
    );
    assert!(!teacher.path().join("note").exists());
    let mut written = String::new();
    for entry in walk(out.path()) {
        if let Ok(mut file) = std::fs::File::open(&entry) {
            let _ = file.read_to_string(&mut written);
        }
    }
    assert!(
        !written.contains("the exam's answers"),
        "no variable of ours"
    );
    if report.contains("writes only inside its own folder") {
        assert!(!teacher.path().join("absolute").exists());
        assert!(!outside.path().join("absolute").exists());
    } else {
        assert!(
            report.contains("Not available here: writes only"),
            "{report}"
        );
    }
    if report.contains("; no network") {
        assert!(listener.accept().is_err(), "no connection came through");
    } else {
        assert!(
            report.contains("Not available here: no network ("),
            "{report}"
        );
    }
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

/// A program that leaves a detached daemon behind, holding its output
/// open: each game still ends when the program does, and nothing it
/// started outlives the check (where the machine gives a PID namespace).
#[cfg(target_os = "linux")]
#[test]
fn a_detached_daemon_neither_stalls_the_check_nor_outlives_it() {
    let marker = format!("daemon-marker-{}", std::process::id());
    let script = format!("setsid bash -c 'sleep 300; : {marker}' & exit 1");
    let out = folder();
    let started = std::time::Instant::now();
    let run = check(
        &["--games", "3", "--seed", "1", "--timeout", "30"],
        out.path(),
        &["bash", "-c", &script],
    );
    let report = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{report}");
    if !report.contains("every process it starts ended with it") {
        assert!(
            report.contains("Not available here: every process"),
            "{report}"
        );
        return;
    }
    assert!(
        started.elapsed().as_secs() < 30,
        "a game waited for the daemon: {:?}",
        started.elapsed()
    );
    let killed = std::time::Instant::now();
    while !processes_with(&marker).is_empty() && killed.elapsed().as_secs() < 10 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(processes_with(&marker), Vec::<u32>::new(), "{report}");
}

/// The program looks for the grader through its parent and the processes
/// it can see, as a program that would run the grader to copy its answers
/// does: in a PID namespace of its own, with a /proc of its own, it finds
/// only itself.
#[cfg(target_os = "linux")]
#[test]
fn the_program_cannot_find_the_grader_among_its_processes() {
    let out = folder();
    let run = check(
        &["--games", "2", "--seed", "1"],
        out.path(),
        &[
            "bash",
            "-c",
            "echo parent $PPID; for f in /proc/[0-9]*/exe; do readlink $f; done; exit 1",
        ],
    );
    let report = text(&run.stdout);
    if !report.contains("every process it starts ended with it") {
        // Where the system gives no PID namespace, the report says so.
        assert!(
            report.contains("Not available here: every process"),
            "{report}"
        );
        return;
    }
    let seen = std::fs::read_to_string(out.path().join("crash/actual.txt")).unwrap();
    assert!(seen.starts_with("parent 0\n"), "{seen}");
    let grader = get_cargo_bin("minesweeper");
    assert!(!seen.contains(&*grader.to_string_lossy()), "{seen}");
    assert!(!seen.contains("minesweeper"), "{seen}");
}

/// A program that hangs in every game: after five games out of time the
/// rest are left unplayed, and the report says so; the check does not
/// spend the time limit 300 times over.
#[test]
fn a_program_that_always_hangs_stops_the_check_early() {
    let out = folder();
    let run = check(
        &[
            "--games",
            "300",
            "--seed",
            "1",
            "--timeout",
            "0.5",
            "--json",
        ],
        out.path(),
        &["sh", "-c", "sleep 100"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let played = report["games"].as_u64().unwrap();
    assert!(played < 20, "{report}");
    assert_eq!(report["not_played"].as_u64().unwrap(), 300 - played);
    assert_eq!(report["agreed"], 0);
    // Each game's result, in order.
    let results: Vec<&str> = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(results.len(), 300);
    assert_eq!(results[0], "hang");
    let unplayed = results.iter().filter(|&&r| r == "not played").count() as u64;
    assert_eq!(unplayed, 300 - played);
}

/// A program written for the 2019 board files, framed with `#`, crashes
/// on the course's `+` files: `check` finds the frame it reads, says so,
/// and still catches its real bug; `--frame +` keeps the course's.
#[test]
fn the_frame_a_program_reads_is_found_and_its_bugs_still_caught() {
    let out = folder();
    let correct = check(
        &["--games", "60", "--seed", "3"],
        out.path(),
        &[&example(), "--frame", "#"],
    );
    let report = text(&correct.stdout);
    assert_eq!(correct.status.code(), Some(0), "{report}");
    assert!(
        report.contains("Board files framed with `#`: the program went further"),
        "{report}"
    );
    let buggy = check(
        &["--games", "100", "--seed", "5", "--json"],
        out.path(),
        &[&example(), "--frame", "#", "--bug", "wide-edge"],
    );
    let report: Value = serde_json::from_slice(&buggy.stdout).unwrap();
    assert_eq!(report["frame"], "#");
    assert_eq!(
        kinds(report["findings"].as_array().unwrap()),
        ["wrong-board"]
    );
    let board = report["findings"][0]["board"].as_str().unwrap();
    assert!(board.starts_with('#'), "{board}");
    let told = check(
        &["--games", "5", "--seed", "3", "--frame", "+", "--json"],
        out.path(),
        &[&example(), "--frame", "#"],
    );
    let report: Value = serde_json::from_slice(&told.stdout).unwrap();
    assert_eq!(
        (report["frame"].as_str(), report["agreed"].as_u64()),
        (Some("+"), Some(0))
    );
}

/// A program that says "You won!" before the last board, not after it:
/// it is told the game's end all the same, and agrees on every game.
#[test]
fn an_ending_told_before_the_last_board_is_an_ending() {
    let out = folder();
    let run = check(
        &["--games", "100", "--seed", "4"],
        out.path(),
        &[&example(), "--message-first"],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stdout));
}

/// A program that says "You won!" and never prints the winning board: a
/// missing board at the move that won, not a win "after move 0".
#[test]
fn a_win_without_its_board_is_a_missing_board_at_that_move() {
    let out = folder();
    let run = check(
        &["--games", "100", "--seed", "4", "--json"],
        out.path(),
        &[&example(), "--no-last-board"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let findings = report["findings"].as_array().unwrap();
    assert_eq!(kinds(findings), ["missing-board"], "{report}");
    let finding = &findings[0];
    let moves = finding["moves"].as_u64().unwrap();
    assert_eq!(finding["after_move"].as_u64(), Some(moves), "{finding}");
    let what = finding["what"].as_str().unwrap();
    assert!(what.contains("printed no board for that move"), "{what}");
}

/// A program that takes 0 as a row: its games fail first as wrong boards
/// or endings and, shrunk, need the bad answer. The summary says where
/// they went, and Gradescope's input test says a bad answer is taken
/// (not "0 games failed" beside a score of 0).
#[test]
fn input_faults_are_counted_and_told_the_same_everywhere() {
    let out = folder();
    let results = out.path().join("results.json");
    let run = check(
        &[
            "--games",
            "150",
            "--seed",
            "1",
            "--gradescope",
            results.to_str().unwrap(),
        ],
        out.path(),
        &[&example(), "--bug", "accepts-zero"],
    );
    let report = text(&run.stdout);
    assert!(
        report.contains("needs a bad answer taken as good: it is reported as input.)"),
        "{report}"
    );
    let results: Value = serde_json::from_str(&std::fs::read_to_string(results).unwrap()).unwrap();
    let input = &results["tests"][2];
    assert_eq!(input["name"], "Answers are checked as the assignment asks");
    assert_eq!(input["score"], 0.0);
    let output = input["output"].as_str().unwrap();
    assert!(
        output.starts_with("A bad answer is taken as good"),
        "{output}"
    );
    let refined: Vec<&str> = results["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["output"].as_str())
        .filter(|o| o.contains("see \"Answers are checked as the assignment asks\""))
        .collect();
    assert_eq!(refined.len(), 1, "{results}");
}

/// A program that prints no board after a flag is taken away: a missing
/// board at that move, not a wrong square of the next move's board.
#[test]
fn a_skipped_board_is_missing_at_its_move_not_wrong_at_the_next() {
    let out = folder();
    let run = check(
        &["--games", "100", "--seed", "4", "--json"],
        out.path(),
        &[&example(), "--bug", "skip-unflag-board"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let findings = report["findings"].as_array().unwrap();
    assert_eq!(kinds(findings), ["missing-board"], "{report}");
    // Every game it fails, it fails as a missing board, however many
    // boards it skips before its next.
    let results = report["results"].as_array().unwrap();
    assert!(
        results
            .iter()
            .all(|r| r == "agreed" || r == "missing-board"),
        "{report}"
    );
    let finding = &findings[0];
    let what = finding["what"].as_str().unwrap();
    assert!(what.starts_with("printed no board"), "{what}");
    // The move whose board is missing takes a flag away.
    let after = finding["after_move"].as_u64().unwrap() as usize;
    let input = finding["input"].as_str().unwrap();
    let answers: Vec<&str> = input.lines().skip(1).collect();
    assert_eq!(answers[3 * after - 1], "f", "{input}");
}
