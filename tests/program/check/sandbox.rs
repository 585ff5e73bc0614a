//! What a checked program may not do: reach the teacher's files, the
//! network, the grader, other games, or outlive the check.

use super::*;

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
    let mut child = common::sandboxed(&mut Command::new(common::minesweeper_binary()))
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
    let run = Command::new(common::minesweeper_binary())
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
    let confined = report.contains("a root of its own:")
        && !report.contains("Not available here: a root")
        || !report.contains("Not available here: reads and writes only");
    if confined {
        assert!(!teacher.path().join("absolute").exists());
        assert!(!outside.path().join("absolute").exists());
    } else {
        assert!(
            report.contains("Not available here: reads and writes only"),
            "{report}"
        );
    }
    if report.contains("no network (a network namespace of its own)")
        && !report.contains("Not available here: no network")
    {
        assert!(listener.accept().is_err(), "no connection came through");
    } else {
        assert!(
            report.contains("Not available here: no network ("),
            "{report}"
        );
    }
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
    let grader = common::minesweeper_binary();
    assert!(!seen.contains(&*grader.to_string_lossy()), "{seen}");
    assert!(!seen.contains("minesweeper"), "{seen}");
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
    let report: Value = json_report(&run);
    let unprivileged = protection(
        &report,
        "no privilege: a user with nothing of its own, no capability",
    );
    assert_eq!(unprivileged["given"], true, "{report}");
    let folder = PathBuf::from(report["findings"][0]["folder"].as_str().unwrap());
    let uid = std::fs::read_to_string(folder.join("stderr.txt")).unwrap();
    assert_ne!(uid.trim(), "0", "the program ran as root");
}

/// A check run as root whose `TMPDIR` other users cannot enter (one in
/// root's home) grades as any other: its games, run as nobody
/// (`--unprivileged`) or as users of their own, still reach their boards
/// and folders, which are made in /tmp instead.
#[cfg(unix)]
#[test]
fn a_tmpdir_the_games_user_cannot_enter_changes_no_grade() {
    use std::os::unix::fs::PermissionsExt;
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("not root: the games run as the check's user, who enters its TMPDIR");
        return;
    }
    let private = folder();
    std::fs::set_permissions(private.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let tmpdir = private.path().join("tmp");
    std::fs::create_dir(&tmpdir).unwrap();
    let program = folder();
    std::fs::copy(example(), program.path().join("proj3")).unwrap();
    for user in [&["--unprivileged"][..], &[]] {
        let out = folder();
        let run = common::sandboxed(&mut Command::new(common::minesweeper_binary()))
            .arg("check")
            .args(["--json", "--games", "6", "--seed", "3", "--timeout", "120"])
            .args(user)
            .arg("--out")
            .arg(out.path())
            .args(["--", "./proj3"])
            .current_dir(program.path())
            .env("TMPDIR", &tmpdir)
            .output()
            .unwrap();
        let report = json_report(&run);
        assert_eq!(report["score"]["total"], 100.0, "{user:?}: {report}");
        let left: Vec<_> = std::fs::read_dir(&tmpdir).unwrap().collect();
        assert!(
            left.is_empty(),
            "{user:?}: nothing is made in the closed TMPDIR"
        );
    }
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
    let report: Value = json_report(&run);
    let finding = &report["findings"][0];
    assert_eq!(finding["kind"], "wrong-board", "{report}");
    let folder = PathBuf::from(finding["folder"].as_str().unwrap());
    let actual = std::fs::read_to_string(folder.join("actual.txt")).unwrap();
    let boards = actual.lines().filter(|l| l.starts_with("   +-")).count() / 2;
    let moves = finding["moves"].as_u64().unwrap() as usize;
    assert_eq!(boards, moves + 1, "{actual}");
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
    // Neither a root of its own nor Landlock: nothing confines reads.
    if report.contains("Not available here: a root of its own")
        && report.contains("Not available here: reads and writes only")
    {
        return;
    }
    let stderr = std::fs::read_to_string(out.path().join("eve/crash/stderr.txt")).unwrap();
    assert!(
        stderr.contains("Permission denied") || stderr.contains("No such file"),
        "{stderr}"
    );
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
    assert!(
        said.contains("its games run as the user nobody (--unprivileged), who cannot reach"),
        "{said}"
    );
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
    let report: Value = json_report(&run);
    let bound = protection(
        &report,
        "at most 256 processes in each game, whoever else runs",
    );
    if bound["given"] != true {
        eprintln!("processes are not bounded here: {bound}");
        return;
    }
    let folder = PathBuf::from(report["findings"][0]["folder"].as_str().unwrap());
    let stderr = std::fs::read_to_string(folder.join("stderr.txt")).unwrap();
    assert!(stderr.contains("fork"), "{stderr}");
    assert!(!stderr.contains("started 3000"), "{stderr}");
}

/// `MINESWEEPER_LOG=debug` or `--verbose` says what the sandbox decided:
/// each protection given or not and why, the limits, the user, what a run
/// may read, and each run; nothing without either, and the variable wins
/// over the option.
#[test]
fn the_log_says_what_the_sandbox_decided() {
    let (out, program) = (folder(), folder());
    let run = |log: Option<&str>, verbose: &[&str]| {
        let mut command = Command::new(common::minesweeper_binary());
        command
            .args(verbose)
            .arg("check")
            .args(two_games(&["--out"]));
        command.arg(out.path()).arg("--folder").arg(program.path());
        command.args(["--", "sh", "-c", "exit 1"]);
        if let Some(level) = log {
            command.env("MINESWEEPER_LOG", level);
        }
        text(&common::sandboxed(&mut command).output().unwrap().stderr)
    };
    let said = run(Some("debug"), &[]);
    let verbose = run(None, &["--verbose"]);
    for expected in [
        "protection=\"no network (a network namespace of its own)\"",
        "limits cpu_seconds=",
        "processes=256",
        "run folder=",
    ] {
        assert!(said.contains(expected), "{expected}: {said}");
        assert!(verbose.contains(expected), "{expected}: {verbose}");
    }
    assert!(!run(None, &[]).contains("DEBUG"));
    assert!(
        !run(Some("off"), &["-v"]).contains("DEBUG"),
        "the variable wins"
    );
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
    let report: Value = json_report(&run);
    if protection(&report, ALLOWLIST)["given"] != true {
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
    std::fs::copy(common::minesweeper_binary(), &grader).unwrap();
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

/// Run as root without `--unprivileged`, each game runs as a user of its
/// own, user 1000 in a user namespace of its own, which is neither root
/// nor nobody outside; nothing is said to be missing for it.
#[cfg(target_os = "linux")]
#[test]
fn as_root_each_game_runs_as_a_user_of_its_own() {
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return;
    }
    let out = folder();
    let run = check(
        &two_games(&["--json"]),
        out.path(),
        &["sh", "-c", "id -u >&2; cat /proc/self/uid_map >&2; exit 1"],
    );
    let report: Value = json_report(&run);
    if protection(&report, "a user namespace of its own")["given"] != true {
        eprintln!("no user namespace here: {report}");
        return;
    }
    let folder = PathBuf::from(report["findings"][0]["folder"].as_str().unwrap());
    let said = std::fs::read_to_string(folder.join("stderr.txt")).unwrap();
    let mut lines = said.lines();
    assert_eq!(lines.next(), Some("1000"), "{said}");
    let map: Vec<u64> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(map[0], 1000, "{said}");
    assert!(map[1] != 0 && map[1] != 65534, "{said}");
    let told = text(&check(&two_games(&[]), out.path(), &[&ours()]).stdout);
    assert!(!told.contains("Not asked for"), "{told}");
}
