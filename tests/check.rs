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
    tempfile::tempdir().unwrap()
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
    // The first fault of each kind shrinks to a tiny game (later ones,
    // rarer paths, may need more).
    for finding in findings.iter().filter(|f| f["fault"] == 1) {
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
fn the_gradescope_file_has_one_test_a_part_of_the_score_worth_its_weight() {
    let out = folder();
    let results = out.path().join("results.json");
    let run = check(
        &[
            "--games",
            "60",
            "--seed",
            "5",
            "--weights",
            "boards=50,endings=40,input=10",
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
    let parts: Vec<(&str, f64)> = tests
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap(),
                t["max_score"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        parts,
        [
            ("Boards match the course's game", 50.0),
            ("Games are won and lost when they should be", 40.0),
            ("Answers are checked as the assignment asks", 10.0),
        ]
    );
    // Only the endings are wrong, and only in some games: most of their
    // points, all of the others'.
    let endings = &tests[1];
    let score = endings["score"].as_f64().unwrap();
    assert!(score > 20.0 && score < 40.0, "{endings}");
    assert_eq!(endings["status"], "failed");
    let told = endings["output"].as_str().unwrap();
    assert!(told.contains("said the game was won"), "{told}");
    // The board to save is a board file as it stands: no indent.
    let board = told
        .split_once("to save as board.txt line by line as it stands:\n")
        .unwrap_or_else(|| panic!("{told}"))
        .1;
    let file: String = board.lines().take_while(|l| l.starts_with('+')).collect();
    assert!(file.len() >= 9, "{told}");
    let total: f64 = tests.iter().map(|t| t["score"].as_f64().unwrap()).sum();
    assert!((results["score"].as_f64().unwrap() - total).abs() < 0.02);
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
/// itself and the namespace's init, whose binary it cannot read and whose
/// name and command line say nothing of the grader.
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
            "echo parent $PPID; for p in /proc/[0-9]*; do readlink $p/exe; cat $p/comm; \
             tr '\\0' ' ' < $p/cmdline; echo; done; exit 1",
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
    assert!(seen.starts_with("parent 1\n"), "{seen}");
    let grader = get_cargo_bin("minesweeper");
    assert!(!seen.contains(&*grader.to_string_lossy()), "{seen}");
    assert!(!seen.contains("minesweeper"), "{seen}");
}

/// A program that hangs in every game: after its first five games, all
/// out of time, the rest are left unplayed and count as hung, and the
/// report says so; the check does not spend the time limit 300 times
/// over, and which games were played does not depend on the threads.
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
            "0.1",
            "--threads",
            "3",
            "--json",
        ],
        out.path(),
        &["sh", "-c", "sleep 100"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["games"], 5, "{report}");
    assert_eq!(report["not_played"], 295);
    assert_eq!(report["stopped"], "hangs");
    assert_eq!(report["agreed"], 0);
    assert_eq!(report["score"]["total"], 0.0, "{report}");
    // Each game's result, in order.
    let results: Vec<&str> = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(results[..5], ["hang"; 5]);
    assert!(results[5..].iter().all(|&r| r == "not played"));
}

/// A program that floods its output with escape sequences and 100 MB of
/// text: it is stopped at a few MiB and filed as too much output, not as
/// a hang; the reproduction keeps only the start of what it printed, and
/// nothing it printed reaches the teacher's terminal as a control code.
#[test]
fn a_flood_of_output_is_cut_short_and_never_reaches_the_terminal_raw() {
    let out = folder();
    let flood = "printf '\\033]0;owned\\007\\033[2J'; head -c 100000000 /dev/zero | tr '\\0' x";
    let run = check(
        &["--games", "1", "--seed", "1"],
        out.path(),
        &["sh", "-c", flood],
    );
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let report = text(&run.stdout);
    assert!(report.contains("too-much-output"), "{report}");
    assert!(!report.contains("hang"), "{report}");
    assert!(!run.stdout.contains(&0x1b) && !run.stderr.contains(&0x1b));
    let actual = walk(out.path())
        .into_iter()
        .find(|path| path.ends_with("actual.txt"))
        .expect("a reproduction");
    let kept = std::fs::metadata(&actual).unwrap().len();
    assert!(kept < 1 << 20, "{kept} bytes kept");
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
    let results = out.path().join("results.json");
    let buggy = check(
        &[
            "--games",
            "100",
            "--seed",
            "5",
            "--json",
            "--gradescope",
            results.to_str().unwrap(),
        ],
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
    // Both boards side by side are drawn in the frame the program read.
    let graded = std::fs::read_to_string(&results).unwrap();
    assert!(graded.contains("   # # # "), "{graded}");
    assert!(!graded.contains("   + + + "), "{graded}");
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

/// A program that takes 0 as a row: each game it gets wrong is right
/// when typed without its bad answers, so every one is the one fault, a
/// bad answer taken as good, counted under input and shown once; and
/// Gradescope's input test says so (not "0 games failed" beside a score
/// of 0).
#[test]
fn a_bad_answer_taken_is_one_input_fault_counted_the_same_everywhere() {
    let out = folder();
    let results = out.path().join("results.json");
    let run = check(
        &[
            "--games",
            "150",
            "--seed",
            "1",
            "--json",
            "--gradescope",
            results.to_str().unwrap(),
        ],
        out.path(),
        &[&example(), "--bug", "accepts-zero"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let failures = report["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{report}");
    assert_eq!(failures[0]["kind"], "input", "{report}");
    let findings = report["findings"].as_array().unwrap();
    assert_eq!(kinds(findings), ["input"], "{report}");
    assert_eq!(findings.len(), 1, "{report}");
    assert_eq!(findings[0]["games"], failures[0]["games"], "{report}");
    let results: Value = serde_json::from_str(&std::fs::read_to_string(results).unwrap()).unwrap();
    let input = &results["tests"][2];
    assert_eq!(input["name"], "Answers are checked as the assignment asks");
    assert!(input["score"].as_f64().unwrap() < 15.0, "{input}");
    let output = input["output"].as_str().unwrap();
    assert!(
        output.starts_with("A bad answer is taken as good"),
        "{output}"
    );
    assert!(!output.contains("see \""), "{output}");
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

/// Two bugs that both end games wrongly are two faults of one kind, each
/// with a game of its own, not one example that hides the other.
#[test]
fn distinct_faults_of_one_kind_are_each_shown() {
    let findings = findings_for("lost-goes-on,wrong-flag-wins", "150", &[]);
    let endings: Vec<&str> = findings
        .iter()
        .filter(|f| f["kind"] == "wrong-ending")
        .map(|f| f["what"].as_str().unwrap())
        .collect();
    assert!(
        endings
            .iter()
            .any(|w| w.contains("went on after the game was lost")),
        "{endings:?}"
    );
    assert!(
        endings.iter().any(|w| w.contains("said the game was won")),
        "{endings:?}"
    );
    let numbers: Vec<u64> = findings
        .iter()
        .filter(|f| f["kind"] == "wrong-ending")
        .map(|f| f["fault"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=numbers.len() as u64).collect::<Vec<_>>());
}

/// A program that crashes only on a board of one square: the finding
/// says it is seen only on such boards, and `--min-size 2` leaves them
/// out, games and shrinking alike.
#[test]
fn a_fault_seen_only_on_edge_cases_is_marked_and_can_be_left_out() {
    let findings = findings_for("crash-on-one-square", "150", &[]);
    assert_eq!(kinds(&findings), ["crash"]);
    assert_eq!(findings[0]["seen_only_on"], serde_json::json!(["one-line"]));
    let out = folder();
    let left_out = check(
        &[
            "--games",
            "150",
            "--seed",
            "5",
            "--min-size",
            "2",
            "--at-least-one-mine",
        ],
        out.path(),
        &[&example(), "--bug", "crash-on-one-square"],
    );
    assert_eq!(
        left_out.status.code(),
        Some(0),
        "{}",
        text(&left_out.stdout)
    );
    let wrong = check(
        &["--games", "5", "--min-size", "4", "--max-size", "3"],
        out.path(),
        &[&example()],
    );
    assert_eq!(wrong.status.code(), Some(2));
    assert!(text(&wrong.stderr).contains("--min-size 4 is more than --max-size 3"));
}

/// The score follows how much of the game is right: nothing for a
/// program that never shows a right board, whatever way it fails; all
/// of it for a right one; most of it for one wrong on a rare path.
#[test]
fn scores_follow_how_much_of_the_game_is_right() {
    let score = |program: &[&str], extra: &[&str]| -> f64 {
        let out = folder();
        let mut args = vec!["--games", "60", "--seed", "2", "--json"];
        args.extend(extra);
        let run = check(&args, out.path(), program);
        let report: Value = serde_json::from_slice(&run.stdout).unwrap();
        report["score"]["total"].as_f64().unwrap()
    };
    assert_eq!(score(&["true"], &[]), 0.0, "exits at once");
    assert_eq!(score(&["sh", "-c", "exit 3"], &[]), 0.0, "fails at once");
    assert_eq!(score(&["sh", "-c", "cat missing.py"], &[]), 0.0, "no file");
    assert_eq!(
        score(&["sleep", "100"], &["--timeout", "0.2"]),
        0.0,
        "sleeps"
    );
    assert_eq!(score(&[&example()], &[]), 100.0);
    let rare = score(&[&example(), "--bug", "crash-on-one-square"], &[]);
    assert!(rare > 95.0 && rare < 100.0, "{rare}");
}

/// The score of the example with `bug` over 60 games, and the whole JSON
/// report, with `extra` options.
fn scored(bug: &str, extra: &[&str]) -> (Option<f64>, Value, Output) {
    let out = folder();
    let mut args = vec!["--games", "60", "--seed", "5", "--json"];
    args.extend(extra);
    let run = check(&args, out.path(), &[&example(), "--bug", bug]);
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    (report["score"]["total"].as_f64(), report, run)
}

/// A budget never chooses which games count: with one the games fit in,
/// the score is the score without a budget, on any number of threads;
/// with one they may not fit in, on a machine kept busy, the same score or
/// none; with one they do not fit in, there is no score at all, the
/// report says how many of how many were played, and the check fails.
#[test]
fn a_budget_gives_the_same_score_or_none() {
    let (unbounded, _, _) = scored("wide-edge", &[]);
    let unbounded = unbounded.unwrap();
    assert!(unbounded > 50.0 && unbounded < 100.0, "{unbounded}");
    let (bounded, report, _) = scored("wide-edge", &["--budget", "20m", "--threads", "1"]);
    assert_eq!(bounded, Some(unbounded), "{report}");
    // Under load, a budget that may or may not fit: the same score, or none.
    let busy = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let spinners: Vec<_> = (0..4)
        .map(|_| {
            let busy = busy.clone();
            std::thread::spawn(move || {
                while busy.load(std::sync::atomic::Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            })
        })
        .collect();
    let (loaded, report, _) = scored("wide-edge", &["--budget", "1s"]);
    busy.store(false, std::sync::atomic::Ordering::Relaxed);
    spinners.into_iter().for_each(|s| s.join().unwrap());
    assert!(
        loaded.is_none() || loaded == Some(unbounded),
        "{loaded:?} against {unbounded}: {report}"
    );
    let (none, report, run) = scored("wide-edge", &["--budget", "0.001s"]);
    assert_eq!(none, None, "{report}");
    assert_eq!(report["score"], Value::Null);
    assert_eq!(report["stopped"], "budget");
    assert_eq!(report["games_asked"], 60);
    assert_eq!(
        report["games"].as_u64().unwrap() + report["not_played"].as_u64().unwrap(),
        60
    );
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).contains("no score: only"),
        "{}",
        text(&run.stderr)
    );
}

/// The budget bounds the whole check: a program that would sleep for
/// longer than its time limit allows is stopped when the budget ends, not
/// when its own limit does, and is given no score (not a hang).
#[test]
fn the_budget_stops_a_game_in_progress() {
    let out = folder();
    let started = std::time::Instant::now();
    let run = check(
        &[
            "--games",
            "10",
            "--seed",
            "1",
            "--timeout",
            "600",
            "--budget",
            "1s",
            "--json",
        ],
        out.path(),
        &["sh", "-c", "sleep 600"],
    );
    // Far below the 600 s a game could take: no claim on this machine's speed.
    assert!(started.elapsed().as_secs() < 300);
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["score"], Value::Null, "{report}");
    assert_eq!(report["stopped"], "budget");
    assert_eq!(report["failures"], serde_json::json!([]), "{report}");
}

/// Correct programs in the course's own format, given board files framed
/// with `+` and with `#`, agree on every board of one and two columns
/// and score 100 both ways.
#[test]
fn a_correct_program_scores_100_in_either_frame_on_narrow_boards() {
    for frame in ["+", "#"] {
        let out = folder();
        let run = check(
            &[
                "--games",
                "100",
                "--seed",
                "8",
                "--max-size",
                "2",
                "--frame",
                frame,
                "--json",
            ],
            out.path(),
            &[&ours()],
        );
        let report: Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(report["agreed"], 100, "{frame}: {report}");
        assert_eq!(report["score"]["total"], 100.0, "{frame}");
    }
}

/// A board without mines may be won before the first move, as the
/// course's game does, or after it, as a program that looks for a win
/// after each move does: both agree.
#[test]
fn a_board_without_mines_may_be_won_before_or_after_the_first_move() {
    let out = folder();
    let run = check(
        &["--games", "300", "--seed", "1", "--json"],
        out.path(),
        &[&example(), "--win-after-move"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["agreed"], 300, "{report}");
    // Said, so a teacher knows which ending the program chose.
    assert_eq!(report["won_after_a_move"], 11, "{report}");
    // The same in Python, which at the end of its input stops as the
    // course's own does, with an EOFError: on a board without mines and
    // nothing typed, it waits for a move and meets the end, as the game
    // that looks for the win after each move should.
    let Some(python) = python() else {
        return;
    };
    let mutants = folder();
    let program = &python_mutants(&python, mutants.path(), &["win_after_a_move"])[0];
    let run = check(
        &["--games", "40", "--seed", "1", "--json"],
        out.path(),
        &[&python, program.to_str().unwrap()],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(report["agreed"], 40, "{report}");
    assert!(report["won_after_a_move"].as_u64() > Some(0), "{report}");
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

/// A class of three: one right (with a `.git` of 3000 files, left out of
/// the copy), one with a bug, one that handed in nothing. Each gets a row
/// of summary.csv and a folder of its own, and the one with nothing to
/// run scores 0 with the reason, so the class exits 1. A link and a loose
/// file are passed over, each with a line and a row saying why.
#[test]
fn a_class_is_checked_student_by_student_with_one_summary() {
    let class = folder();
    student(class.path(), "ada", None);
    let git = class.path().join("ada/.git/objects");
    std::fs::create_dir_all(&git).unwrap();
    for i in 0..3000 {
        std::fs::write(git.join(i.to_string()), "").unwrap();
    }
    student(class.path(), "bob", Some("lost-goes-on"));
    std::fs::create_dir(class.path().join("cy")).unwrap();
    std::fs::write(class.path().join("notes.txt"), "not a student").unwrap();
    std::os::unix::fs::symlink(class.path().join("ada"), class.path().join("dan")).unwrap();
    let out = folder();
    let run = check(
        &[
            "--games",
            "40",
            "--seed",
            "7",
            "--class",
            class.path().to_str().unwrap(),
        ],
        out.path(),
        &["./proj3"],
    );
    let said = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{said}{}", text(&run.stderr));
    assert!(
        text(&run.stderr).contains(
            "1 of 3 students got no score: not checked, or out of time; 2 entries of the class \
             folder were passed over"
        ),
        "{}",
        text(&run.stderr)
    );
    assert!(
        said.starts_with("Checked 3 students with 40 games each (seed 7"),
        "{said}"
    );
    assert!(
        said.contains("dan                      skipped: a link"),
        "{said}"
    );
    assert!(
        said.contains("notes.txt                skipped: a file"),
        "{said}"
    );
    let summary = std::fs::read_to_string(out.path().join("summary.csv")).unwrap();
    let rows: Vec<Vec<&str>> = summary.lines().map(|l| l.split(',').collect()).collect();
    let header = &rows[0];
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (score, agreed, ending, error) = (
        column("score"),
        column("agreed"),
        column("wrong-ending"),
        column("error"),
    );
    let students: Vec<&str> = rows[1..].iter().map(|r| r[0]).collect();
    assert_eq!(
        students,
        ["ada", "bob", "cy", "dan", "notes.txt"],
        "{summary}"
    );
    assert!(
        summary.contains("\"skipped: a link, not a folder"),
        "{summary}"
    );
    let ada = std::fs::read_to_string(out.path().join("ada/report.txt")).unwrap();
    assert!(
        ada.contains("Not copied with the program's folder"),
        "{ada}"
    );
    assert!(ada.contains(": .git."), "{ada}");
    assert_eq!(
        (rows[1][score], rows[1][agreed]),
        ("100", "40"),
        "{summary}\n{ada}"
    );
    let bob: f64 = rows[2][score].parse().unwrap();
    assert!(bob > 50.0 && bob < 100.0, "{summary}");
    assert_ne!(rows[2][ending], "0");
    // Nothing to run: not checked, and no score (not a 0 it never earned).
    assert_eq!(rows[3][score], "", "{summary}");
    assert!(rows[3][error].starts_with("not checked:"), "{summary}");
    assert!(rows[3][error].contains("no such program"), "{summary}");
    for name in ["ada", "bob", "cy"] {
        assert!(out.path().join(name).join("report.txt").exists(), "{name}");
    }
    assert!(out.path().join("bob/results.json").exists());
    assert!(out.path().join("bob/wrong-ending/input.txt").exists());
    // The class's folders were only read.
    assert!(!class.path().join("ada/check-failures").exists());
}

/// The autograder written for Gradescope, run on a fake `/autograder`
/// tree: it finds a submission put in a folder by a zip, checks it, and
/// leaves results.json; when the check cannot run at all it still leaves
/// one, with a score of 0 and the reason.
#[test]
fn the_gradescope_bundle_grades_a_submission_and_always_leaves_results() {
    let root = folder();
    let source = root.path().join("source");
    let made = check(
        &[
            "--games",
            "30",
            "--seed",
            "4",
            "--budget",
            "60s",
            "--gradescope-bundle",
            source.to_str().unwrap(),
        ],
        root.path(),
        &["./proj3"],
    );
    assert_eq!(made.status.code(), Some(0), "{}", text(&made.stderr));
    for file in ["setup.sh", "run_autograder", "minesweeper"] {
        assert!(source.join(file).exists(), "{file}");
    }
    // A binary that needs a glibc newer than the portable build's is said
    // to need it, with the way to a portable one.
    let copied = std::fs::read(source.join("minesweeper")).unwrap();
    let needs_newer = grader::bundle::newest_glibc(&copied) > Some(grader::bundle::PORTABLE_GLIBC);
    let said = text(&made.stdout).contains("Note: this binary needs glibc");
    assert_eq!(said, needs_newer, "{}", text(&made.stdout));
    // A zip that holds a folder: the submission is inside it, with its
    // history (3000 files, more than a folder copied for every game may
    // hold), which is left out of the copy.
    student(
        &root.path().join("submission"),
        "my-project",
        Some("wrong-flag-wins"),
    );
    let git = root.path().join("submission/my-project/.git/objects");
    std::fs::create_dir_all(&git).unwrap();
    for i in 0..3000 {
        std::fs::write(git.join(i.to_string()), "").unwrap();
    }
    let results = root.path().join("results/results.json");
    let run = Command::new("sh")
        .arg(source.join("run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", text(&run.stderr));
    let graded: Value = serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    let score = graded["score"].as_f64().unwrap();
    assert!(score > 50.0 && score < 100.0, "{graded}");
    assert_eq!(graded["tests"].as_array().unwrap().len(), 3);
    assert!(!graded.to_string().contains(&*root.path().to_string_lossy()));
    // The student gets the board and the answers, not files they never see.
    let everything = graded.to_string();
    assert!(!everything.contains("input.txt"), "{everything}");
    assert!(everything.contains("Play it again"), "{everything}");
    assert!(everything.contains(".git"), "{everything}");
    // The check itself dies: a results.json all the same.
    std::fs::write(source.join("minesweeper"), "#!/bin/sh\nexit 3\n").unwrap();
    std::fs::remove_file(&results).unwrap();
    let run = Command::new("sh")
        .arg(source.join("run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .output()
        .unwrap();
    assert!(run.status.success());
    let fallback: Value =
        serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(fallback["score"], 0.0);
    assert!(
        fallback["output"]
            .as_str()
            .unwrap()
            .contains("could not run (status 3)"),
        "{fallback}"
    );
    // What the check said reaches the student and the instructor.
    std::fs::write(
        source.join("minesweeper"),
        "#!/bin/sh
echo 'the folder holds too much' >&2
exit 1
",
    )
    .unwrap();
    let run = Command::new("sh")
        .arg(source.join("run_autograder"))
        .env("AUTOGRADER_ROOT", root.path())
        .output()
        .unwrap();
    assert!(text(&run.stdout).contains("the folder holds too much"));
    let fallback: Value =
        serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    let output = fallback["output"].as_str().unwrap();
    assert!(output.contains("could not run (status 1)"), "{output}");
    assert!(output.contains("the folder holds too much"), "{output}");
}

/// With `--unprivileged`, a check run as root runs the program as nobody,
/// and says so among the protections.
#[test]
fn an_unprivileged_run_is_not_root() {
    let out = folder();
    let run = check(
        &two_games(&["--unprivileged", "--json"]),
        out.path(),
        &["sh", "-c", "id -u >&2; exit 1"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let unprivileged = protection(&report, "an unprivileged user");
    assert_eq!(unprivileged["given"], true, "{report}");
    let folder = PathBuf::from(report["findings"][0]["folder"].as_str().unwrap());
    let uid = std::fs::read_to_string(folder.join("stderr.txt")).unwrap();
    assert_ne!(uid.trim(), "0", "the program ran as root");
}

/// With `--unprivileged`, the smallest games are written to a folder only
/// the teacher can enter, and each is
/// still played again as it was: the program, as nobody, reads a copy of
/// its board, so actual.txt holds its boards, not an error opening it.
#[test]
fn an_unprivileged_reproduction_plays_even_where_nobody_can_enter() {
    use std::os::unix::fs::PermissionsExt;
    let out = folder();
    std::fs::set_permissions(out.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    // The program in its own folder, copied for every game where nobody
    // can reach it: the build folder may lie where only its owner enters.
    let program = folder();
    std::fs::copy(example(), program.path().join("proj3")).unwrap();
    let run = check(
        &[
            "--games",
            "20",
            "--seed",
            "2",
            "--unprivileged",
            "--json",
            "--folder",
            program.path().to_str().unwrap(),
        ],
        out.path(),
        &["./proj3", "--bug", "no-diagonal"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let finding = &report["findings"][0];
    assert_eq!(finding["kind"], "wrong-board", "{report}");
    let folder = PathBuf::from(finding["folder"].as_str().unwrap());
    let actual = std::fs::read_to_string(folder.join("actual.txt")).unwrap();
    let boards = actual.lines().filter(|l| l.starts_with("   +-")).count() / 2;
    let moves = finding["moves"].as_u64().unwrap() as usize;
    assert_eq!(boards, moves + 1, "{actual}");
}

/// A program that kills itself with a signal, or is killed by a limit,
/// is reported killed by that signal, named: it runs as an ordinary
/// process of its PID namespace, whose signals to itself are not dropped
/// as the namespace's first process's are.
#[test]
fn a_program_killed_by_a_signal_is_said_to_be() {
    for (script, name) in [
        ("kill -ABRT $$", "SIGABRT"),
        ("kill -SEGV $$", "SIGSEGV"),
        ("exec head -c 100000000 /dev/zero > big", "SIGXFSZ"),
    ] {
        let out = folder();
        let run = check(&two_games(&["--json"]), out.path(), &["sh", "-c", script]);
        let report: Value = serde_json::from_slice(&run.stdout).unwrap();
        let finding = &report["findings"][0];
        assert_eq!(finding["kind"], "crash", "{script}: {report}");
        let what = finding["what"].as_str().unwrap();
        assert!(what.contains(name), "{script}: {what}");
    }
}

/// A student's program that reads what is not its own: another student's
/// file in the class folder, a file in the teacher's home, `/etc/shadow`,
/// and the listing of the reports' folder. Each game may read only its
/// own folder, its board, the system's files and its interpreter's
/// (Landlock): none of it reaches the program, so none of it can leak
/// through the report's quote of its stderr.
#[cfg(target_os = "linux")]
#[test]
fn a_program_reads_nothing_beyond_its_game() {
    use std::os::unix::fs::PermissionsExt;
    let class = folder();
    student(class.path(), "ada", None);
    std::fs::write(class.path().join("ada/secret.txt"), "ADA-SECRET\n").unwrap();
    let home = common::home();
    let key = home.join("teacher-key.txt");
    std::fs::write(&key, "TEACHER-KEY\n").unwrap();
    let out = folder();
    let eve = class.path().join("eve");
    std::fs::create_dir(&eve).unwrap();
    let script = format!(
        "#!/bin/sh\ncat {} {} /etc/shadow >&2\nls {} >&2\necho LISTED >&2\nexit 1\n",
        class.path().join("ada/secret.txt").display(),
        key.display(),
        out.path().display(),
    );
    std::fs::write(eve.join("proj3"), script).unwrap();
    std::fs::set_permissions(eve.join("proj3"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let run = check(
        &two_games(&["--class", class.path().to_str().unwrap()]),
        out.path(),
        &["./proj3"],
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let report = std::fs::read_to_string(out.path().join("eve/report.txt")).unwrap();
    if report.contains("Not available here: reads only") {
        return;
    }
    let stderr = std::fs::read_to_string(out.path().join("eve/crash/stderr.txt")).unwrap();
    assert!(stderr.contains("Permission denied"), "{stderr}");
    for secret in [
        "ADA-SECRET",
        "TEACHER-KEY",
        "root:",
        "ada\n",
        "eve\n",
        "summary",
    ] {
        assert!(!stderr.contains(secret), "{secret} leaked: {stderr}");
    }
    assert!(!report.contains("TEACHER-KEY"), "{report}");
}

/// With `--unprivileged`, a program the user nobody cannot reach (in a
/// folder only its owner may enter) is refused at once, saying where
/// that user is stopped and what to do, not "permission denied" from
/// every game.
#[cfg(unix)]
#[test]
fn an_unprivileged_check_of_a_program_nobody_can_reach_says_why() {
    use std::os::unix::fs::PermissionsExt;
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("not root: --unprivileged changes nothing here");
        return;
    }
    let private = folder();
    std::fs::set_permissions(private.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let program = private.path().join("proj3");
    std::fs::copy(example(), &program).unwrap();
    let out = folder();
    let run = check(
        &["--games", "2", "--seed", "1", "--unprivileged"],
        out.path(),
        &[program.to_str().unwrap()],
    );
    assert_eq!(run.status.code(), Some(2));
    let said = text(&run.stderr);
    assert!(said.contains("nobody, who cannot reach"), "{said}");
    assert!(
        said.contains(&format!("{} is closed", private.path().display())),
        "{said}"
    );
    assert!(said.contains("--folder"), "{said}");
}

/// A program that starts 3000 processes: each game's processes are
/// bounded, for root too (whom the system's per-user limit does not
/// bind: a control group holds it), and the report claims the bound only
/// where it holds.
#[cfg(target_os = "linux")]
#[test]
fn a_fork_loop_is_bounded_even_for_root() {
    let out = folder();
    let run = check(
        &two_games(&["--timeout", "60", "--json"]),
        out.path(),
        &[
            "sh",
            "-c",
            "i=0; while [ $i -lt 3000 ]; do sleep 30 & i=$((i+1)); done; echo started $i >&2; \
             exit 1",
        ],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let bound = protection(&report, "at most 256 processes");
    if bound["given"] != true {
        eprintln!("processes are not bounded here: {bound}");
        return;
    }
    let folder = PathBuf::from(report["findings"][0]["folder"].as_str().unwrap());
    let stderr = std::fs::read_to_string(folder.join("stderr.txt")).unwrap();
    assert!(stderr.contains("fork"), "{stderr}");
    assert!(!stderr.contains("started 3000"), "{stderr}");
}

/// `MINESWEEPER_LOG=debug` says what the sandbox decided: each protection
/// given or not and why, the limits, the user, what a run may read, and
/// each run; nothing without it.
#[test]
fn the_log_says_what_the_sandbox_decided() {
    let (out, program) = (folder(), folder());
    let run = |log: Option<&str>| {
        let mut command = Command::new(get_cargo_bin("minesweeper"));
        command.arg("check").args(two_games(&["--out"]));
        command.arg(out.path()).arg("--folder").arg(program.path());
        command.args(["--", "sh", "-c", "exit 1"]);
        if let Some(level) = log {
            command.env("MINESWEEPER_LOG", level);
        }
        text(&common::sandboxed(&mut command).output().unwrap().stderr)
    };
    let said = run(Some("debug"));
    for expected in [
        "protection=\"no network\"",
        "limits cpu_seconds=",
        "processes=256",
        "run folder=",
    ] {
        assert!(said.contains(expected), "{expected}: {said}");
    }
    assert!(!run(None).contains("DEBUG"));
}

/// `examples/proj3.py`, a proj3.py written from the course's text, given
/// board files framed with `+` and with `#` (it prints the frame it
/// reads), on boards of every size and on boards of one and two columns:
/// it agrees on every game and scores 100 each way. Skipped, saying so,
/// where there is no `python3`.
#[test]
fn a_correct_python_program_scores_100_in_either_frame() {
    // The interpreter itself, by its path: a version manager's shim (a
    // shell script) costs a game 50 ms more, and is not what is tested.
    let Some(python) = python() else {
        return;
    };
    let program = correct_python_folder();
    for frame in ["+", "#"] {
        for size in ["10", "2"] {
            let out = folder();
            let run = check(
                &[
                    "--games",
                    "30",
                    "--seed",
                    "9",
                    "--frame",
                    frame,
                    "--max-size",
                    size,
                    "--json",
                    "--folder",
                    program.path().to_str().unwrap(),
                ],
                out.path(),
                // `-S`: no site packages, a start of 15 ms, not 70.
                &[&python, "-S", "proj3.py"],
            );
            let report: Value = serde_json::from_slice(&run.stdout).unwrap();
            assert_eq!(report["agreed"], 30, "{frame} {size}: {report}");
            assert_eq!(report["score"]["total"], 100.0, "{frame} {size}");
        }
    }
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

/// A folder at `path` holding two correct programs: `proj3`, which reads
/// board files framed with `frame`, and `proj3.py`, the Python example.
fn program_folder(path: &Path, frame: &str) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(path).unwrap();
    std::fs::copy(example(), path.join("program")).unwrap();
    let script = format!("#!/bin/sh\nexec \"$(dirname \"$0\")/program\" --frame '{frame}'\n");
    std::fs::write(path.join("proj3"), script).unwrap();
    std::fs::set_permissions(path.join("proj3"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    std::fs::copy(examples.join("proj3.py"), path.join("proj3.py")).unwrap();
}

/// `check` with `args`, started in `here` with its home in `home`.
fn check_from(here: &Path, home: &Path, args: &[&std::ffi::OsStr]) -> Output {
    let mut command = Command::new(get_cargo_bin("minesweeper"));
    common::sandboxed(&mut command)
        .env("HOME", home)
        .current_dir(here)
        .arg("check")
        .args(["--games", "8", "--seed", "4", "--max-size", "4"])
        .args(["--timeout", "120"])
        .args(args)
        .output()
        .unwrap()
}

/// The score a check printed as JSON, and its failures, for a message.
fn score_of(run: &Output) -> (Value, String) {
    let report: Value = serde_json::from_slice(&run.stdout)
        .unwrap_or_else(|_| panic!("{}{}", text(&run.stdout), text(&run.stderr)));
    (
        report["score"]["total"].clone(),
        report["failures"].to_string(),
    )
}

/// Where a course keeps its folders never changes a grade: a correct
/// program (framed `+` and `#`, compiled and in Python) scores 100 with
/// its folder and the reports side by side, one inside the other either
/// way, everything in a home or in a folder closed to others, named by
/// full or relative paths or through a link; a class scores 100 with its
/// reports inside it or inside its reports. The issue this guards: the
/// folder around a program's, hidden for its classmates' sake, once hid
/// the program too when named by its full path, and every game crashed.
#[cfg(unix)]
#[test]
fn a_correct_program_scores_100_wherever_its_folders_stand() {
    use std::ffi::OsStr;
    use std::os::unix::fs::PermissionsExt;
    let root = folder();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let python = python();
    // course: prog (the program), solution (the teacher's), out (reports),
    // home (the teacher's); link: the course through a link.
    let course = root.path().join("home/course");
    let home = root.path().join("home");
    let link = root.path().join("link");
    std::os::unix::fs::symlink(&course, &link).unwrap();
    for frame in ["+", "#"] {
        let _ = std::fs::remove_dir_all(&course);
        program_folder(&course.join("prog"), frame);
        program_folder(&course.join("solution"), "+");
        let p = |path: &Path| path.as_os_str().to_owned();
        let mut layouts: Vec<(&str, PathBuf, Vec<std::ffi::OsString>)> = vec![
            (
                "side by side, by full paths, from the program's folder",
                course.join("prog"),
                vec![
                    "--json".into(),
                    "--out".into(),
                    p(&course.join("out")),
                    "--".into(),
                    p(&course.join("prog/proj3")),
                ],
            ),
            (
                "side by side, by relative paths, from the course folder",
                course.clone(),
                [
                    "--json",
                    "--folder",
                    "prog",
                    "--out",
                    "out",
                    "--",
                    "prog/proj3",
                ]
                .map(Into::into)
                .to_vec(),
            ),
            (
                "the reports inside the program's folder (as by default)",
                course.join("prog"),
                ["--json", "--", "./proj3"].map(Into::into).to_vec(),
            ),
            (
                "the program's folder inside the reports",
                course.join("out/prog"),
                vec![
                    "--json".into(),
                    "--out".into(),
                    p(&course.join("out")),
                    "--".into(),
                    "./proj3".into(),
                ],
            ),
            (
                "through a link to the course",
                link.join("prog"),
                vec![
                    "--json".into(),
                    "--out".into(),
                    p(&link.join("out")),
                    "--".into(),
                    p(&link.join("prog/proj3")),
                ],
            ),
        ];
        if let Some(python) = &python {
            layouts.push((
                "Python, by full paths, from the program's folder",
                course.join("prog"),
                vec![
                    "--json".into(),
                    "--out".into(),
                    p(&course.join("out")),
                    "--".into(),
                    python.into(),
                    p(&course.join("prog/proj3.py")),
                ],
            ));
        }
        for (layout, here, args) in layouts {
            if here.ends_with("out/prog") {
                program_folder(&here, frame);
            }
            let args: Vec<&OsStr> = args.iter().map(std::ffi::OsString::as_os_str).collect();
            let run = check_from(&here, &home, &args);
            let (score, failures) = score_of(&run);
            assert_eq!(score, 100.0, "{frame}, {layout}: {failures}");
            assert_eq!(run.status.code(), Some(0), "{frame}, {layout}");
        }
        // A class, its reports inside it, and inside its reports.
        for (class, out) in [("subs", "subs/graded"), ("graded/subs", "graded")] {
            let _ = std::fs::remove_dir_all(course.join("subs"));
            let _ = std::fs::remove_dir_all(course.join("graded"));
            for name in ["ada", "bob"] {
                program_folder(&course.join(class).join(name), frame);
            }
            let args = ["--class", class, "--out", out, "--", "./proj3"].map(OsStr::new);
            let run = check_from(&course, &home, &args);
            let summary = std::fs::read_to_string(course.join(out).join("summary.csv")).unwrap();
            assert_eq!(run.status.code(), Some(0), "{frame}, {class}: {summary}");
            let rows: Vec<Vec<&str>> = summary.lines().map(|l| l.split(',').collect()).collect();
            let score = rows[0].iter().position(|h| *h == "score").unwrap();
            let scores: Vec<&str> = rows[1..].iter().map(|row| row[score]).collect();
            assert_eq!(scores, ["100", "100"], "{frame}, {class}: {summary}");
        }
    }
}

/// Whatever the layout lets the program be run from, what lies around it
/// stays hidden: the teacher's solution beside it, the reports, the
/// teacher's home, with the program named by its full path from its own
/// folder (the layout that once hid the program itself).
#[cfg(target_os = "linux")]
#[test]
fn the_folders_around_a_program_stay_hidden_wherever_they_stand() {
    use std::ffi::OsStr;
    use std::os::unix::fs::PermissionsExt;
    let root = folder();
    let home = root.path().join("home");
    let course = home.join("course");
    program_folder(&course.join("solution"), "+");
    std::fs::write(course.join("solution/key.txt"), "SOLUTION-KEY\n").unwrap();
    std::fs::write(home.join("teacher.txt"), "TEACHER-KEY\n").unwrap();
    std::fs::create_dir_all(course.join("out/old")).unwrap();
    std::fs::write(course.join("out/old/expected.txt"), "OLD-REPORT\n").unwrap();
    let prog = course.join("prog");
    std::fs::create_dir_all(&prog).unwrap();
    let script = format!(
        "#!/bin/sh\ncat {} {} {} >&2\nls {} >&2\nexit 1\n",
        course.join("solution/key.txt").display(),
        home.join("teacher.txt").display(),
        course.join("out/old/expected.txt").display(),
        course.display(),
    );
    std::fs::write(prog.join("proj3"), script).unwrap();
    std::fs::set_permissions(prog.join("proj3"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let (out, command) = (course.join("out"), prog.join("proj3"));
    let args = [
        OsStr::new("--json"),
        OsStr::new("--out"),
        out.as_os_str(),
        OsStr::new("--"),
        command.as_os_str(),
    ];
    let run = check_from(&prog, &home, &args);
    let Some(stderr) = first_stderr_where_reads_are_confined(&run) else {
        return;
    };
    assert!(stderr.contains("Permission denied"), "{stderr}");
    for secret in ["SOLUTION-KEY", "TEACHER-KEY", "OLD-REPORT", "solution\n"] {
        assert!(!stderr.contains(secret), "{secret} leaked: {stderr}");
    }
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

/// The lines of a program's output as `check` numbers them: colour codes
/// out, a carriage return before a line break dropped.
fn output_lines(bytes: &[u8]) -> Vec<String> {
    let text = text(bytes);
    let mut plain = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            plain.push(c);
        } else if chars.next() == Some('[') {
            for c in chars.by_ref() {
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
        }
    }
    plain
        .split('\n')
        .map(|line| line.trim_end_matches('\r').to_owned())
        .collect()
}

/// How many times `rows` stand one after the other in `lines`.
fn times_printed(lines: &[String], rows: &[String]) -> usize {
    lines.windows(rows.len()).filter(|w| *w == rows).count()
}

/// The character at row `row` and column `col` (from 0) of the course's
/// board after move `after` in `expected` (expected.txt).
fn course_square(expected: &str, after: usize, row: usize, col: usize) -> char {
    let lines: Vec<&str> = expected.lines().collect();
    let firsts: Vec<usize> = (0..lines.len())
        .filter(|&i| {
            let line = lines[i].as_bytes();
            line.starts_with(b"1  ") && line.len() > 5 && matches!(line[3], b'+' | b'#')
        })
        .collect();
    let line = lines[firsts[after] + row];
    line.chars().nth(5 + 2 * col).unwrap()
}

/// Whether a run crashed: a non-zero exit, a signal, or a traceback.
fn crashed(run: &Output) -> bool {
    let said = text(&run.stderr) + &text(&run.stdout);
    !run.status.success() || said.contains("Traceback (most recent") || said.contains("panicked at")
}

/// Checks one finding of a JSON report against its own files, played
/// again by hand: input.txt into `program` gives actual.txt; a crash is
/// a crash there, and nothing else is called what a crash did; the
/// program's board drawn is lines of actual.txt, printed while the move
/// the finding names was played (the input cut after that move); the
/// square named differs from the course's.
fn check_finding(program: &[String], finding: &Value, name: &str) {
    let folder = PathBuf::from(finding["folder"].as_str().unwrap());
    let input = std::fs::read_to_string(folder.join("input.txt")).unwrap();
    let actual = std::fs::read(folder.join("actual.txt")).unwrap();
    let expected = std::fs::read_to_string(folder.join("expected.txt")).unwrap();
    let kind = finding["kind"].as_str().unwrap();
    let what = finding["what"].as_str().unwrap_or("");
    let said = format!("{name}: {kind}: {what}");
    let turns: Vec<usize> = finding["input_lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap() as usize)
        .collect();
    let here = self::folder();
    let replay = |moves: usize| -> Output {
        let lines = 1 + turns[..moves.min(turns.len())].iter().sum::<usize>();
        let typed: String = input.split_inclusive('\n').take(lines).collect();
        let mut command = Command::new(&program[0]);
        command.args(&program[1..]).current_dir(here.path());
        let child = common::typing(&mut command, typed.as_bytes());
        child.wait_with_output().unwrap()
    };
    let whole = replay(turns.len());
    assert_eq!(text(&whole.stdout), text(&actual), "{said}: actual.txt");
    // What it wrote on stderr names its own folder, not the game's copy.
    let stderr = std::fs::read_to_string(folder.join("stderr.txt")).unwrap_or_default();
    assert!(!stderr.contains("minesweeper-runs"), "{said}: {stderr}");
    if kind == "crash" {
        assert!(crashed(&whole), "{said}: no crash when played again");
    } else if crashed(&whole) {
        assert!(!what.contains("did not say"), "{said}: it crashed instead");
    }
    let Some(board) = finding["program_board"].as_object() else {
        return;
    };
    let rows: Vec<String> = board["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_owned())
        .collect();
    let line = board["line"].as_u64().unwrap() as usize;
    let printed = output_lines(&actual);
    assert_eq!(
        printed[line - 1..line - 1 + rows.len()],
        rows,
        "{said}: not printed"
    );
    let after = finding["after_move"].as_u64().unwrap() as usize;
    let during = finding["during_move"].as_bool().unwrap();
    // The board it drew was printed while this move was played.
    let printed_at = match what.split_once("the next board it printed is the one after move ") {
        Some((_, next)) => next.parse().unwrap(),
        None if during => after - 1,
        None => after,
    };
    if printed_at <= turns.len() {
        let times = |moves| times_printed(&output_lines(&replay(moves).stdout), &rows);
        let before = if printed_at == 0 {
            0
        } else {
            times(printed_at - 1)
        };
        assert!(
            times(printed_at) > before,
            "{said}: not printed at move {printed_at}"
        );
    }
    if let Some(square) = finding["square"].as_array() {
        let (row, col) = (
            square[0].as_u64().unwrap() as usize - 1,
            square[1].as_u64().unwrap() as usize - 1,
        );
        let place = board["squares"][row][col].as_u64().unwrap() as usize;
        let theirs = rows[row].chars().nth(place).unwrap();
        let ours = course_square(&expected, after, row, col);
        assert_ne!(theirs, ours, "{said}: the square named is the same");
    }
}

/// Every finding is what its own files show: each one that the example's
/// bugs, the buggy proj3.py and mutants of the correct one produce is
/// played again by hand from input.txt and checked against what the
/// report says of it (see `check_finding`). The faults once told wrong:
/// a crash after a move on a board without mines told as an ending not
/// said, a flag that opened an island told as a board left out, a win
/// said after the next move's answers placed a move early, a board of
/// `#` with two columns drawn as four squares of `#`.
#[cfg(unix)]
#[test]
fn every_finding_is_what_its_files_show_when_played_again() {
    let mutants = folder();
    // Each program, with what its check is given besides the games.
    let mut programs: Vec<(Vec<&str>, Vec<String>)> = [
        "wide-edge",
        "wrong-flag-wins",
        "accepts-zero",
        "crash-on-action",
        "flag-opens-island",
        "skip-refused-flag-board",
        "crash-without-mines",
        "exit-after-first-board",
    ]
    .iter()
    .map(|bug| {
        (
            vec![],
            vec![example(), "--bug".to_owned(), (*bug).to_owned()],
        )
    })
    .collect();
    for flags in [
        &["--message-first", "--bug", "wrong-flag-wins"][..],
        &["--no-last-board", "--bug", "no-diagonal"],
        &["--frame", "#", "--bug", "wide-edge,skip-unflag-board"],
    ] {
        let mut program = vec![example()];
        program.extend(flags.iter().map(|f| (*f).to_owned()));
        programs.push((vec![], program));
    }
    if let Some(python) = python() {
        let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
        let made = python_mutants(
            &python,
            mutants.path(),
            &["exits", "divides", "dies_winning"],
        );
        // `-S`: no site packages to import, none being needed; a start
        // takes 15 ms instead of 70 (pyenv's), and each finding is played
        // again a few times.
        let script = |path: &Path| {
            let path = path.to_string_lossy().into_owned();
            vec![python.clone(), "-S".to_owned(), path]
        };
        // Python starts slowly: as few games as show each fault.
        let smaller = vec!["--max-size", "4"];
        programs.push((smaller.clone(), script(&examples.join("buggy_proj3.py"))));
        programs.push((vec!["--games", "12"], script(&made[0])));
        programs.push((vec![], script(&made[1])));
        programs.push((smaller, script(&made[2])));
        // Boards of `#` two columns wide, each the first and last board.
        let narrow = vec!["--frame", "#", "--max-size", "2", "--games", "12"];
        programs.push((narrow, script(&made[0])));
    }
    // A check a core at a time, each on one thread.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..cores {
            scope.spawn(|| {
                let order = std::sync::atomic::Ordering::Relaxed;
                while let Some((given, program)) = programs.get(next.fetch_add(1, order)) {
                    check_all_findings(given, program);
                }
            });
        }
    });
}

/// Checks `program` with `given` (40 games on boards up to 6x6 unless
/// it says otherwise), and each of its findings against its files (see
/// `check_finding`).
fn check_all_findings(given: &[&str], program: &[String]) {
    let name = program[1..].join(" ");
    let out = folder();
    let words: Vec<&str> = program.iter().map(String::as_str).collect();
    let mut args = vec!["--seed", "5", "--json", "--threads", "1"];
    for (option, default) in [("--games", "40"), ("--max-size", "6")] {
        if !given.contains(&option) {
            args.extend([option, default]);
        }
    }
    args.extend(given);
    let run = check(&args, out.path(), &words);
    let report: Value = serde_json::from_slice(&run.stdout)
        .unwrap_or_else(|_| panic!("{name}: {}", text(&run.stderr)));
    let findings = report["findings"].as_array().unwrap();
    assert!(!findings.is_empty(), "{name}: nothing found");
    for finding in findings {
        check_finding(program, finding, &name);
    }
}

/// A program that tries, at the start of every game, to find what an
/// earlier game left (a System V shared memory segment, a key in the
/// user's keyring) and to leave it, and to reach a listener on a Unix
/// socket in the teacher's folder; then plays as examples/proj3.py does.
/// Nothing found is ever found: each run has IPC objects of its own and
/// may make no key and no Unix socket, so every game agrees, no segment
/// is left behind, and the listener hears nothing.
#[cfg(target_os = "linux")]
#[test]
fn a_program_leaves_nothing_for_the_next_game_and_reaches_no_socket() {
    let Some(python) = python() else {
        return;
    };
    let teacher = folder();
    let socket = teacher.path().join("listener.sock");
    let listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    listener.set_nonblocking(true).unwrap();
    let program = correct_python_folder();
    let hostile = format!(
        r#"import ctypes, socket, sys
libc = ctypes.CDLL(None, use_errno=True)
KEY = 0x5EED5EED
if libc.shmget(KEY, 0, 0) >= 0:
    print("FOUND-SEGMENT", file=sys.stderr)
libc.shmget(KEY, 4096, 0o1000 | 0o600)
SYS_add_key, SYS_request_key = 248, 249
if libc.syscall(SYS_request_key, b"user", b"minesweeper-test", None, -4) >= 0:
    print("FOUND-KEY", file=sys.stderr)
libc.syscall(SYS_add_key, b"user", b"minesweeper-test", b"1", 1, -4)
try:
    s = socket.socket(socket.AF_UNIX)
    s.connect({socket:?})
    s.send(b"LEAK")
except OSError:
    pass
exec(open("proj3.py").read())
"#,
        socket = socket.to_str().unwrap()
    );
    std::fs::write(program.path().join("hostile.py"), hostile).unwrap();
    let out = folder();
    let run = check(
        &[
            "--games",
            "20",
            "--seed",
            "3",
            "--json",
            "--folder",
            program.path().to_str().unwrap(),
        ],
        out.path(),
        &[&python, "hostile.py"],
    );
    let report: Value = serde_json::from_slice(&run.stdout).unwrap();
    let refused = "no Unix sockets, kernel keyrings or System V IPC (seccomp), and IPC objects \
                   of its own (an IPC namespace, with the PID namespace)";
    if protection(&report, refused)["given"] != true {
        eprintln!("no seccomp filter here: {report}");
        return;
    }
    assert_eq!(report["agreed"], 20, "{report}");
    // SAFETY: shmget with no flags only looks the key up.
    let left = unsafe { libc::shmget(0x5EED_5EED, 0, 0) };
    assert_eq!(left, -1, "a segment was left behind");
    assert!(
        matches!(listener.accept(), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
        "the listener was reached"
    );
}

/// The grader installed where the program's interpreter is (both in one
/// virtual environment, as README's `pip install` does): a program that
/// finds `minesweeper` on its PATH cannot run it to play its games for
/// it, and the rest of the environment stays readable.
#[cfg(target_os = "linux")]
#[test]
fn the_grader_is_never_a_program_s_to_run() {
    let Some(python) = python() else {
        return;
    };
    let venv = folder();
    let bin = venv.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(&python, bin.join("python3")).unwrap();
    let grader = bin.join("minesweeper");
    std::fs::copy(get_cargo_bin("minesweeper"), &grader).unwrap();
    let program = correct_python_folder();
    let cheat = r#"import shutil, subprocess, sys
found = shutil.which("minesweeper")
print("FOUND", found, file=sys.stderr)
try:
    subprocess.run([found, "--version"], check=True, capture_output=True)
    print("GRADER-RAN", file=sys.stderr)
except (OSError, subprocess.CalledProcessError, TypeError) as error:
    print("REFUSED", error, file=sys.stderr)
sys.exit(1)
"#;
    std::fs::write(program.path().join("cheat.py"), cheat).unwrap();
    let out = folder();
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", bin.display());
    let mut command = Command::new(&grader);
    let run = common::sandboxed(&mut command)
        .env("PATH", &path)
        .current_dir(program.path())
        .arg("check")
        .args(two_games(&["--json", "--out"]))
        .arg(out.path())
        .args(["--", "python3", "cheat.py"])
        .output()
        .unwrap();
    let Some(stderr) = first_stderr_where_reads_are_confined(&run) else {
        return;
    };
    assert!(stderr.contains("REFUSED"), "{stderr}");
    assert!(!stderr.contains("GRADER-RAN"), "{stderr}");
}

/// `--no-sandbox` runs each game in the program's own folder as it is,
/// with the check's environment, and every report says so; a class or a
/// bundle is refused it unless the teacher says its programs are trusted.
#[cfg(unix)]
#[test]
fn without_the_sandbox_a_check_says_so_and_a_class_needs_trust() {
    let program = folder();
    let script = format!("echo here > written.txt; exec {}\n", ours());
    std::fs::write(program.path().join("proj3.sh"), script).unwrap();
    let folder_arg = program.path().to_str().unwrap().to_owned();
    let given = |more: &[&'static str]| -> Vec<String> {
        let mut args = two_games(&["--no-sandbox", "--folder"]);
        args.push(&folder_arg);
        args.extend(more);
        args.iter().map(|a| (*a).to_owned()).collect()
    };

    let out = folder();
    let args = given(&["--json"]);
    let json = check(&words(&args), out.path(), &["sh", "proj3.sh"]);
    let report: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        (report["agreed"].as_u64(), report["sandboxed"].as_bool()),
        (Some(2), Some(false))
    );
    assert_eq!(report["sandbox"], serde_json::json!([]));
    // It wrote into its own folder, not a copy.
    assert!(program.path().join("written.txt").exists());
    let args = given(&[]);
    let told = text(&check(&words(&args), out.path(), &["sh", "proj3.sh"]).stdout);
    assert!(
        told.contains("Each game ran without a sandbox (--no-sandbox)"),
        "{told}"
    );
    let class = folder();
    let refused = check(
        &two_games(&["--no-sandbox", "--class", class.path().to_str().unwrap()]),
        out.path(),
        &["sh", "proj3.sh"],
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("--trust-programs"),
        "{}",
        text(&refused.stderr)
    );
    std::fs::create_dir(class.path().join("ada")).unwrap();
    std::fs::copy(
        program.path().join("proj3.sh"),
        class.path().join("ada/proj3.sh"),
    )
    .unwrap();
    let trusted = check(
        &two_games(&[
            "--no-sandbox",
            "--trust-programs",
            "--class",
            class.path().to_str().unwrap(),
        ]),
        out.path(),
        &["sh", "proj3.sh"],
    );
    assert_eq!(trusted.status.code(), Some(0), "{}", text(&trusted.stderr));
}

/// A student who handed in no file of the name the command gives is not
/// checked, and says so: not "crash" in every game and a 0.
#[test]
fn a_file_not_handed_in_is_said_and_gets_no_score() {
    let class = folder();
    for (name, file) in [("ada", "proj3.sh"), ("eve", "main.sh")] {
        std::fs::create_dir(class.path().join(name)).unwrap();
        std::fs::write(
            class.path().join(name).join(file),
            format!("exec {}\n", ours()),
        )
        .unwrap();
    }
    let out = folder();
    let run = check(
        &two_games(&["--class", class.path().to_str().unwrap()]),
        out.path(),
        &["sh", "proj3.sh"],
    );
    assert_eq!(run.status.code(), Some(1));
    let summary = std::fs::read_to_string(out.path().join("summary.csv")).unwrap();
    let eve = summary.lines().find(|l| l.starts_with("eve,")).unwrap();
    assert!(eve.contains(",,100,"), "no score: {summary}");
    assert!(
        eve.contains(
            "not checked: cannot run `sh proj3.sh`: there is no proj3.sh in the program's folder"
        ),
        "{summary}"
    );
    // Alone, the same: refused at once.
    let alone = check(
        &two_games(&["--folder", class.path().join("eve").to_str().unwrap()]),
        out.path(),
        &["sh", "proj3.sh"],
    );
    assert_eq!(alone.status.code(), Some(2));
    assert!(
        text(&alone.stderr).contains("there is no proj3.sh"),
        "{}",
        text(&alone.stderr)
    );
}

/// The words of `args`, borrowed.
fn words(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Run as root without `--unprivileged`, the report says the program ran
/// as root because it was not asked to run as nobody, naming the option:
/// a choice, not a protection this system wants.
#[cfg(unix)]
#[test]
fn running_as_root_is_said_as_an_option_not_asked_for() {
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return;
    }
    let out = folder();
    let told = text(&check(&two_games(&[]), out.path(), &[&ours()]).stdout);
    assert!(
        told.contains(
            "Not asked for: an unprivileged user (the check runs as root, and so did the \
             program; --unprivileged runs it as the user nobody)."
        ),
        "{told}"
    );
    assert!(
        !told.contains("Not available here: an unprivileged user"),
        "{told}"
    );
}

/// What the program wrote on stderr in the first finding of `run`'s JSON
/// report, where reads are confined (Landlock); `None`, said, where the
/// system cannot confine them.
fn first_stderr_where_reads_are_confined(run: &Output) -> Option<String> {
    let report: Value =
        serde_json::from_slice(&run.stdout).unwrap_or_else(|_| panic!("{}", text(&run.stderr)));
    let reads = "reads only of its own folder, its board, the system's files and its \
                 interpreter's (Landlock)";
    if protection(&report, reads)["given"] != true {
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

/// Each Gradescope test says what is true of its own part: a program
/// whose only bug is a wrong clue passes the answers' test with full
/// points, and one that crashes on a bogus action is told, under the
/// answers' test, that the games it lost there were crashes.
#[test]
fn each_gradescope_test_says_what_cost_its_own_points() {
    let tests_of = |bug: &str| -> Vec<Value> {
        let out = folder();
        let results = out.path().join("results.json");
        let args = ["--games", "60", "--seed", "5", "--gradescope"];
        let mut args: Vec<&str> = args.to_vec();
        args.push(results.to_str().unwrap());
        check(&args, out.path(), &[&example(), "--bug", bug]);
        let results: Value =
            serde_json::from_str(&std::fs::read_to_string(results).unwrap()).unwrap();
        results["tests"].as_array().unwrap().clone()
    };
    let clue = tests_of("wide-edge");
    assert_eq!(clue[1]["status"], "passed", "{}", clue[1]);
    assert_eq!(clue[2]["status"], "passed", "{}", clue[2]);
    assert_eq!(clue[2]["score"], clue[2]["max_score"]);
    let crash = tests_of("crash-on-action");
    let answers = crash[2]["output"].as_str().unwrap();
    assert_eq!(crash[2]["status"], "failed");
    assert!(
        answers.contains("Games that took a bad answer wrong, by how they failed: crash "),
        "{answers}"
    );
}
