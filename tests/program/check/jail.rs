//! A hostile student's ways out of a game, each a program
//! (`examples/hostile.rs`) that plays right only where its way was open:
//! every one scores 0, as root and with `--unprivileged`, with two threads,
//! alone and in a class. Where the build under test lets a test take
//! layers out (a debug build: `MINESWEEPER_SANDBOX_WITHOUT`), each layer
//! said to guard an attack holds it alone, and without them all the
//! attack gets through, so that each test can fail.

use std::collections::BTreeMap;

use super::*;

/// The hostile example, built beside cargo's binary by `cargo test`.
fn hostile() -> String {
    sibling_example("hostile")
}

/// The stand-in for a release of minesweeper older than the refusal
/// (`examples/old_release.rs`).
fn old_release() -> String {
    sibling_example("old_release")
}

fn sibling_example(name: &str) -> String {
    let binary = Path::new(env!("CARGO_BIN_EXE_minesweeper"));
    let name = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    let path = binary.parent().unwrap().join("examples").join(name);
    path.to_string_lossy().into_owned()
}

/// A folder open to every user holding the hostile program (`hostile`)
/// and the one that plays right (`proj3`), the same files as the
/// examples where they share a file system: checks run from it and name
/// them `./hostile` and `./proj3`, so that the user nobody reaches them
/// under `--unprivileged` wherever the build lies (a clone in a folder
/// only its owner enters, say).
fn programs_folder() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let folder = folder();
    std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    link_or_copy(&hostile(), &folder.path().join("hostile"));
    link_or_copy(&example(), &folder.path().join("proj3"));
    folder
}

/// What the hostile program says when it ran and found its way shut: a
/// check that scored 0 because the program never started would prove
/// nothing.
const BLOCKED: &str = "hostile: blocked";

/// Whether layers can be taken out of the build under test: cargo's
/// debug build can; a release build, or the build `MINESWEEPER_BINARY`
/// names, has no such switch.
fn layers_can_be_taken_out() -> bool {
    let can = cfg!(debug_assertions) && std::env::var_os("MINESWEEPER_BINARY").is_none();
    if !can {
        eprintln!("this build has no layers to take out: only the whole sandbox is tried");
    }
    can
}

/// The score of a check of `program` with `args`, with the layers
/// `without` taken out, run from `folder` (an empty one where `None`),
/// and what the program wrote on stderr in its first finding; the JSON
/// report.
fn report_of(
    args: &[&str],
    program: &[&str],
    without: &[&str],
    folder: Option<&Path>,
    env: &[(&str, &str)],
) -> (f64, String, Value) {
    let out = folder_for_reports();
    let mut command = Command::new(common::minesweeper_binary());
    command
        .arg("check")
        .args(["--json", "--timeout", "120", "--frame", "+"])
        .args(args);
    let here = common::tempdir();
    common::sandboxed(&mut command)
        .current_dir(folder.unwrap_or(here.path()))
        .arg("--out")
        .arg(out.path())
        .arg("--")
        .args(program)
        .env("RUST_BACKTRACE", "0")
        .env("MINESWEEPER_SANDBOX_WITHOUT", without.join(","));
    for (name, value) in env {
        command.env(name, value);
    }
    let run = command.output().unwrap();
    let report: Value = serde_json::from_slice(&run.stdout)
        .unwrap_or_else(|_| panic!("no report: {}{}", text(&run.stdout), text(&run.stderr)));
    let (score, said) = score_of(&report);
    (score, said, report)
}

/// A folder for a check's reports.
fn folder_for_reports() -> tempfile::TempDir {
    folder()
}

/// A report's score, and what its first finding's program said.
fn score_of(report: &Value) -> (f64, String) {
    let score = report["score"]["total"]
        .as_f64()
        .unwrap_or_else(|| panic!("no score: {report}"));
    let said = report["findings"][0]["folder"]
        .as_str()
        .and_then(|folder| std::fs::read_to_string(Path::new(folder).join("stderr.txt")).ok())
        .unwrap_or_default();
    (score, said)
}

/// An attack, and the layers that hold it.
struct Attack<'a> {
    /// The program, played through `examples/proj3` when it gets through.
    attack: &'a [&'a str],
    /// More options for every check.
    args: &'a [&'a str],
    /// The sets of layers each enough alone to hold it: a set of one for
    /// a layer that holds it alone.
    guards: &'a [&'a [&'a str]],
    /// The folder checks run from (the program's folder).
    folder: Option<&'a Path>,
    /// Variables every check gets.
    env: &'a [(&'a str, &'a str)],
    /// Games a check plays (at most the first four attack, see
    /// `examples/hostile.rs`).
    games: &'a str,
    /// The hostile program's command, where not the example's own path
    /// (a copy in an installation the game then sees).
    command: Option<&'a str>,
}

impl Attack<'_> {
    /// The program's command line.
    fn program(&self) -> Vec<String> {
        let mut program = vec![self.command.unwrap_or("./hostile").to_owned()];
        program.extend(self.attack.iter().map(|a| (*a).to_owned()));
        program.push("--".to_owned());
        program.push("./proj3".to_owned());
        program
    }

    /// The score of a check with `more` options and the layers `without`
    /// taken out, run from the folder of the programs (or the attack's
    /// own, which holds them too).
    fn scored(&self, more: &[&str], without: &[&str]) -> (f64, String) {
        let program = self.program();
        let mut args = vec!["--games", self.games, "--seed", "1", "--threads", "2"];
        args.extend(self.args);
        args.extend(more);
        let programs = programs_folder();
        let folder = self.folder.unwrap_or(programs.path());
        let (score, said, _) = report_of(&args, &words(&program), without, Some(folder), self.env);
        (score, said)
    }

    /// Scores 0 with every layer, as root and with --unprivileged; held by
    /// each guard alone; and through without them all.
    fn is_held(&self) {
        self.is_held_and(|| {});
    }

    /// As [`Attack::is_held`], with `unchanged` asserting what the
    /// machine still holds after each check that held.
    fn is_held_and(&self, unchanged: impl Fn()) {
        for mode in [&[][..], &["--unprivileged"]] {
            let (score, said) = self.scored(mode, &[]);
            assert_eq!(score, 0.0, "{:?} {mode:?} got through: {said}", self.attack);
            assert!(
                said.contains(BLOCKED),
                "{:?} {mode:?} did not run: {said}",
                self.attack
            );
            unchanged();
        }
        if !layers_can_be_taken_out() {
            return;
        }
        let every: Vec<&str> = self.guards.iter().flat_map(|g| g.iter().copied()).collect();
        for guard in self.guards {
            let others: Vec<&str> = every
                .iter()
                .copied()
                .filter(|l| !guard.contains(l))
                .collect();
            if others.is_empty() {
                // The check with every layer, made above.
                continue;
            }
            let (score, said) = self.scored(&[], &others);
            assert_eq!(
                score, 0.0,
                "{:?} got through {guard:?} alone (without {others:?}): {said}",
                self.attack
            );
            assert!(
                said.contains(BLOCKED),
                "{:?} did not run: {said}",
                self.attack
            );
            unchanged();
        }
        let (score, said) = self.scored(&[], &every);
        assert!(
            score > 0.0,
            "{:?} did not get through without {every:?}, so this test could not fail: {said}",
            self.attack
        );
    }
}

/// A listener on a Unix socket anyone may connect to, outside every game
/// (the teacher's tmux server, say): no game reaches it, through
/// `socket(2)` or io_uring, as root or as nobody.
#[test]
fn a_listener_outside_the_game_hears_nothing() {
    let outside = folder();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(outside.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let socket = outside.path().join("server.sock");
    let listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    std::fs::set_permissions(&socket, std::fs::Permissions::from_mode(0o777)).unwrap();
    listener.set_nonblocking(true).unwrap();
    let path = socket.to_string_lossy().into_owned();
    let attack = Attack {
        attack: &["unix-socket", &path],
        args: &[],
        guards: &[&["calls"], &["root"]],
        folder: None,
        env: &[],
        games: "4",
        command: None,
    };
    attack.is_held();
    // Whatever got through in the test's last check, nothing before it.
    if !layers_can_be_taken_out() {
        assert!(listener.accept().is_err(), "the listener was reached");
    }
}

/// The check's terminal, as root too: no game writes to it or types into
/// it, through /dev/tty or a device node made for it. The check runs in
/// a pseudo-terminal of the test's; the program tries its own terminal
/// and its parent's.
#[test]
fn no_game_writes_to_the_check_s_terminal_or_types_into_it() {
    let attack = TerminalAttack;
    for mode in [&[][..], &["--unprivileged"]] {
        let (score, screen) = attack.scored(mode, &[]);
        assert_eq!(score, 0.0, "{mode:?}: {screen}");
        assert!(screen.contains(BLOCKED), "{mode:?} did not run: {screen}");
        assert!(!screen.contains("PWNED"), "{screen}");
    }
    if !layers_can_be_taken_out() {
        return;
    }
    let every = ["root", "landlock", "session", "user", "calls"];
    for alone in [&["root"][..], &["landlock"], &["session", "user"]] {
        let others: Vec<&str> = every
            .iter()
            .copied()
            .filter(|l| !alone.contains(l))
            .collect();
        let (score, screen) = attack.scored(&[], &others);
        assert_eq!(score, 0.0, "through {alone:?} alone: {screen}");
        assert!(!screen.contains("PWNED"), "{screen}");
    }
    let (score, screen) = attack.scored(&[], &every);
    assert!(score > 0.0, "could not fail: {screen}");
    assert!(screen.contains("PWNED"), "{screen}");
}

/// The terminal attack as a student of a class checked in a terminal,
/// beside a correct one.
#[test]
fn no_student_of_a_class_reaches_the_check_s_terminal() {
    for mode in [&[][..], &["--unprivileged"]] {
        let (scores, screen) = TerminalAttack.class_scored(mode, &[]);
        let attacker = &scores["terminal"];
        assert_eq!(attacker.score, Some(0.0), "{mode:?}: {scores:?}");
        assert!(attacker.said.contains(BLOCKED), "{mode:?}: {scores:?}");
        assert_eq!(scores["correct"].score, Some(100.0), "{mode:?}: {scores:?}");
        assert!(!screen.contains("PWNED"), "{screen}");
    }
    if layers_can_be_taken_out() {
        let every = ["root", "landlock", "session", "user", "calls"];
        let (scores, screen) = TerminalAttack.class_scored(&[], &every);
        assert_eq!(
            scores["terminal"].score,
            Some(100.0),
            "could not fail: {scores:?}"
        );
        assert!(screen.contains("PWNED"), "{screen}");
    }
}

/// The terminal attack, checked in a pseudo-terminal.
struct TerminalAttack;

impl TerminalAttack {
    /// The score, and what the terminal showed.
    fn scored(&self, more: &[&str], without: &[&str]) -> (f64, String) {
        let out = folder();
        let report = out.path().join("report.json");
        let here = programs_folder();
        let mut args = vec![
            "check", "--json", "--frame", "+", "--games", "2", "--seed", "1",
        ];
        args.extend(["--threads", "2", "--timeout", "120"]);
        args.extend(more);
        let out_folder = out.path().join("out").to_string_lossy().into_owned();
        args.extend(["--out", &out_folder]);
        args.extend(["--", "./hostile", "terminal", "--", "./proj3"]);
        // The report goes to a file; the terminal shows what the program
        // did to it.
        let screen = in_a_terminal(&args, here.path(), without, &report);
        let report: Value = serde_json::from_slice(&std::fs::read(&report).unwrap())
            .unwrap_or_else(|_| panic!("no report: {screen}"));
        let (score, said) = score_of(&report);
        (score, screen + &said)
    }

    /// Each student of a class of two checked in a pseudo-terminal, the
    /// attack's and a correct one, with `more` options and the layers
    /// `without` taken out; what the terminal showed.
    fn class_scored(&self, more: &[&str], without: &[&str]) -> (BTreeMap<String, Student>, String) {
        let class = folder();
        let attacker = class.path().join("terminal");
        std::fs::create_dir(&attacker).unwrap();
        link_or_copy(&hostile(), &attacker.join("hostile"));
        link_or_copy(&example(), &attacker.join("program"));
        std::fs::write(
            attacker.join("proj3"),
            "exec ./hostile terminal -- ./program\n",
        )
        .unwrap();
        let correct = class.path().join("correct");
        std::fs::create_dir(&correct).unwrap();
        correct_with_a_subprocess(&correct);
        let out = folder();
        let class_arg = class.path().to_string_lossy().into_owned();
        let out_arg = out.path().to_string_lossy().into_owned();
        let mut args = class_check_args(&class_arg, &out_arg, &["sh", "proj3"], more);
        args.insert(0, "check");
        let screen = in_a_terminal(&args, class.path(), without, &out.path().join("table.txt"));
        (students_of(out.path(), &screen), screen)
    }
}

/// What a pseudo-terminal showed while minesweeper ran in it with `args`
/// from `folder`, with the layers `without` taken out and its standard
/// output sent to the file `stdout`.
fn in_a_terminal(args: &[&str], folder: &Path, without: &[&str], stdout: &Path) -> String {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    use std::io::Read;
    let pair = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 200,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut command = CommandBuilder::new("sh");
    command.arg("-c");
    command.arg(format!(
        "exec \"$0\" \"$@\" > '{}'",
        stdout.to_string_lossy()
    ));
    command.arg(common::minesweeper_binary());
    command.args(args);
    command.cwd(folder);
    let home = common::home();
    command.env("HOME", &home);
    command.env("XDG_DATA_HOME", home.join("data"));
    command.env("XDG_STATE_HOME", home.join("state"));
    command.env("XDG_CONFIG_HOME", home.join("config"));
    command.env("MINESWEEPER_SANDBOX_WITHOUT", without.join(","));
    command.env("RUST_BACKTRACE", "0");
    let mut child = pair.slave.spawn_command(command).unwrap();
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let (sender, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _master = pair.master;
        let mut all = Vec::new();
        let mut buffer = [0; 4096];
        while let Ok(count @ 1..) = reader.read(&mut buffer) {
            all.extend_from_slice(&buffer[..count]);
        }
        let _ = sender.send(all);
    });
    child.wait().unwrap();
    text(&received.recv().unwrap_or_default())
}

/// What a game leaves where games are not to reach (times, attributes,
/// names, modes), for a later game to find: nothing is found, in a check
/// of one program or between students.
#[test]
fn a_game_finds_nothing_an_earlier_game_left() {
    let kept = Kept::now();
    let var_tmp = kept.var_tmp.clone();
    let attack = Attack {
        attack: &["state"],
        args: &[],
        guards: &[&["root"], &["user"]],
        folder: None,
        env: &[],
        games: "4",
        command: None,
    };
    attack.is_held_and(|| {
        let domain = std::fs::read_to_string("/proc/sys/kernel/domainname").unwrap_or_default();
        assert!(!domain.contains("minesweeper-state"), "{domain}");
        if let Some(before) = &var_tmp {
            use std::os::unix::fs::MetadataExt;
            let after = std::fs::metadata("/var/tmp").unwrap();
            assert_ne!(after.mtime(), 1_000_000_007);
            assert_eq!(before.mode(), after.mode());
        }
    });
}

/// What of the machine a check with its layers taken out may change (as
/// root: its names, /var/tmp's times and attributes), put back when
/// dropped, a failed test too.
struct Kept {
    names: Vec<(&'static str, String)>,
    var_tmp: Option<std::fs::Metadata>,
    _alone: std::sync::MutexGuard<'static, ()>,
}

/// Held by each test whose checks with layers taken out may change the
/// machine: one at a time, so that none keeps, and puts back, what
/// another's check changed.
static MACHINE: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl Kept {
    fn now() -> Kept {
        // A mark left by a leaky grader on this machine (an older release,
        // run by hand) would be found by the games: none is left.
        // SAFETY: removexattr of a name, on a path, both C strings.
        unsafe { libc::removexattr(c"/var/tmp".as_ptr(), c"user.minesweeper".as_ptr()) };
        Kept {
            _alone: MACHINE
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
            names: ["/proc/sys/kernel/hostname", "/proc/sys/kernel/domainname"]
                .into_iter()
                .filter_map(|file| Some((file, std::fs::read_to_string(file).ok()?)))
                .collect(),
            var_tmp: std::fs::metadata("/var/tmp").ok(),
        }
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        for (file, name) in &self.names {
            let _ = std::fs::write(file, name.trim_end());
        }
        if let Some(meta) = &self.var_tmp
            && let (Ok(accessed), Ok(modified), Ok(folder)) = (
                meta.accessed(),
                meta.modified(),
                std::fs::File::open("/var/tmp"),
            )
        {
            let times = std::fs::FileTimes::new()
                .set_accessed(accessed)
                .set_modified(modified);
            let _ = folder.set_times(times);
        }
        // SAFETY: removexattr of a name, on a path, both C strings.
        unsafe { libc::removexattr(c"/var/tmp".as_ptr(), c"user.minesweeper".as_ptr()) };
    }
}

/// Two games running at once share nothing: no abstract socket of one is
/// found by the other.
#[test]
fn games_side_by_side_share_no_socket() {
    let attack = Attack {
        attack: &["side-by-side"],
        args: &[],
        guards: &[&["network"], &["calls"], &["landlock"]],
        folder: None,
        env: &[],
        games: "4",
        command: None,
    };
    attack.is_held();
}

/// What root may do and a game may not, as root too: read /etc/shadow,
/// make a BPF map, change another student's file, name the machine.
#[test]
fn a_game_has_no_privilege_over_the_machine_or_another_student() {
    let other = folder();
    let file = other.path().join("proj3.py");
    std::fs::write(&file, "print('the other student')\n").unwrap();
    let before = std::fs::metadata(&file).unwrap();
    let path = file.to_string_lossy().into_owned();
    let kept = Kept::now();
    let attack = Attack {
        attack: &["privilege", &path],
        args: &[],
        guards: &[&["user"], &["root", "calls"]],
        folder: None,
        env: &[],
        games: "4",
        command: None,
    };
    attack.is_held_and(|| {
        let after = std::fs::metadata(&file).unwrap();
        assert_eq!(before.permissions(), after.permissions());
        assert_eq!(before.modified().unwrap(), after.modified().unwrap());
        for (file, name) in &kept.names {
            assert_eq!(&std::fs::read_to_string(file).unwrap_or_default(), name);
        }
    });
}

/// A game's memory is all its processes' together: three of 800 MiB each
/// do not fit in its 2 GiB.
#[test]
fn a_game_s_memory_is_counted_all_together() {
    let attack = Attack {
        attack: &["memory", "800", "3"],
        args: &[],
        guards: &[&["groups"]],
        folder: None,
        env: &[],
        games: "1",
        command: None,
    };
    // Where the system gives no control group of memory, the report says
    // so, and the bound is each process's alone.
    let (_, _, report) = report_of(&["--games", "1", "--seed", "1"], &[&ours()], &[], None, &[]);
    let memory = "at most 2 GiB of memory in each game, all its processes together (a control \
                  group)";
    if protection(&report, memory)["given"] != true {
        eprintln!("no control group of memory here: {report}");
        return;
    }
    attack.is_held();
}

/// Copies of minesweeper where a game can run them: the check's own
/// binary in the students' virtual environment (on PATH, beside their
/// python), a release too old to refuse, and a copy of this one where no
/// copy is looked for.
#[test]
fn no_copy_of_minesweeper_plays_for_a_program() {
    use std::os::unix::fs::PermissionsExt;
    let venv = folder();
    std::fs::set_permissions(venv.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let bin = venv.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    // The program runs from the environment, as a student's python does:
    // its installation is what the game sees of it.
    link_or_copy(&hostile(), &bin.join("hostile"));
    link_or_copy(&ours(), &bin.join("minesweeper"));
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let command = bin.join("hostile").to_string_lossy().into_owned();
    let copy_of_ours = Attack {
        attack: &["grader", "minesweeper"],
        args: &[],
        guards: &[&["copies"], &["canary"]],
        folder: None,
        env: &[("PATH", &path)],
        games: "2",
        command: Some(&command),
    };
    copy_of_ours.is_held();

    // A release from before the refusal: hidden by what it is.
    std::fs::remove_file(bin.join("minesweeper")).unwrap();
    link_or_copy(&old_release(), &bin.join("minesweeper"));
    let old = Attack {
        guards: &[&["copies"]],
        ..copy_of_ours
    };
    old.is_held();

    // This release where no copy is looked for (beside the environment's
    // libraries): it refuses, wherever it lies, as a copy handed in
    // with the program would.
    let lib = venv.path().join("lib");
    std::fs::create_dir(&lib).unwrap();
    link_or_copy(&ours(), &lib.join("mine"));
    let root = venv.path().to_string_lossy().into_owned();
    let anywhere = Attack {
        attack: &["grader-in", &root, "mine"],
        guards: &[&["canary"]],
        ..copy_of_ours
    };
    anywhere.is_held();
}

/// `to`, the same file as `from` where they share a file system (the
/// binaries of a debug build are a hundred megabytes), else a copy.
fn link_or_copy(from: &str, to: &Path) {
    if std::fs::hard_link(from, to).is_err() {
        std::fs::copy(from, to).unwrap();
    }
}

/// A correct program that starts a process of its own for every game,
/// in `folder`: `sh proj3` runs the example without `exec`.
fn correct_with_a_subprocess(folder: &Path) {
    std::fs::copy(example(), folder.join("program")).unwrap();
    std::fs::write(folder.join("proj3"), "./program\n").unwrap();
}

/// The processes a game may start are its own to count: a correct
/// program that starts one for each game scores 100 beside a student's
/// fork bomb, and beside 300 processes of the user nobody elsewhere on
/// the machine, which the system's bound per user once counted.
#[test]
fn a_fork_bomb_costs_no_other_game_anything() {
    let class = folder();
    let bomber = class.path().join("bomber");
    std::fs::create_dir(&bomber).unwrap();
    link_or_copy(&hostile(), &bomber.join("hostile"));
    link_or_copy(&example(), &bomber.join("program"));
    std::fs::write(
        bomber.join("proj3"),
        "exec ./hostile fork-bomb -- ./program\n",
    )
    .unwrap();
    let correct = class.path().join("correct");
    std::fs::create_dir(&correct).unwrap();
    correct_with_a_subprocess(&correct);
    let class_arg = class.path().to_string_lossy().into_owned();
    for mode in [&[][..], &["--unprivileged"]] {
        let scores = class_scores(&class_arg, &["sh", "proj3"], mode, &[]);
        assert_eq!(scores["correct"].score, Some(100.0), "{mode:?}: {scores:?}");
        assert_eq!(scores["bomber"].score, Some(0.0), "{mode:?}: {scores:?}");
        assert!(
            scores["bomber"].said.contains("hostile: started"),
            "{mode:?}: {scores:?}"
        );
    }

    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return;
    }
    let nobody = NobodysProcesses::start(300);
    let alone = |without: &[&str]| {
        let (score, said, _) = report_of(
            &[
                "--games",
                "3",
                "--seed",
                "1",
                "--unprivileged",
                "--threads",
                "2",
            ],
            &["sh", "proj3"],
            without,
            Some(&correct),
            &[],
        );
        (score, said)
    };
    let (score, said) = alone(&[]);
    assert_eq!(score, 100.0, "beside nobody's processes: {said}");
    if layers_can_be_taken_out() {
        let (score, said) = alone(&["root", "groups"]);
        assert!(
            score < 100.0,
            "nobody's processes did not count, so this test could not fail: {said}"
        );
    }
    drop(nobody);
}

/// Processes of the user nobody, started by the test as root, each
/// sleeping until dropped.
struct NobodysProcesses(Vec<std::process::Child>);

impl NobodysProcesses {
    fn start(count: usize) -> NobodysProcesses {
        use std::os::unix::process::CommandExt;
        let children = (0..count)
            .map(|_| {
                Command::new("sleep")
                    .arg("60")
                    .uid(65534)
                    .gid(65534)
                    .spawn()
                    .unwrap()
            })
            .collect();
        NobodysProcesses(children)
    }
}

impl Drop for NobodysProcesses {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A student of a class check: its score, and what its program wrote on
/// stderr in its findings.
#[derive(Debug)]
struct Student {
    score: Option<f64>,
    said: String,
}

/// Each student of a check of the class in `class`.
fn class_scores(
    class: &str,
    program: &[&str],
    more: &[&str],
    without: &[&str],
) -> BTreeMap<String, Student> {
    let out = folder();
    let out_arg = out.path().to_string_lossy().into_owned();
    let mut command = Command::new(common::minesweeper_binary());
    command
        .arg("check")
        .args(class_check_args(class, &out_arg, program, more))
        .env("MINESWEEPER_SANDBOX_WITHOUT", without.join(","));
    let run = common::sandboxed(&mut command).output().unwrap();
    students_of(out.path(), &text(&run.stderr))
}

/// The options of a check of the class in `class` that plays `program`
/// with `more` options, its reports in `out`.
fn class_check_args<'a>(
    class: &'a str,
    out: &'a str,
    program: &[&'a str],
    more: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![
        "--class", class, "--games", "2", "--seed", "1", "--frame", "+",
    ];
    args.extend(["--threads", "2", "--timeout", "120"]);
    args.extend(more);
    args.extend(["--out", out, "--"]);
    args.extend(program);
    args
}

/// Each student of a class check whose reports are in `out`, from its
/// summary; `said_on_stderr` is what the check said (why a student has
/// no score, where one has none).
fn students_of(out: &Path, said_on_stderr: &str) -> BTreeMap<String, Student> {
    let summary = std::fs::read_to_string(out.join("summary.csv"))
        .unwrap_or_else(|_| panic!("no summary: {said_on_stderr}"));
    let mut lines = summary.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let score = header.iter().position(|h| *h == "score").unwrap();
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            let name = fields[0].to_owned();
            let mut said: String = walk(&out.join(&name))
                .into_iter()
                .filter(|file| file.ends_with("stderr.txt"))
                .filter_map(|file| std::fs::read_to_string(file).ok())
                .collect();
            if fields[score].parse::<f64>().is_err() {
                said = format!("{line}\n{said_on_stderr}");
            }
            let student = Student {
                score: fields[score].parse().ok(),
                said,
            };
            (name, student)
        })
        .collect()
}

/// Every attack at once, each a student of one class, beside correct
/// students: as root and with --unprivileged, with two threads, every
/// hostile student scores 0 and every correct one 100.
#[test]
fn in_a_class_every_attack_scores_0_and_correct_students_100() {
    let class = folder();
    let outside = folder();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(outside.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let socket = outside.path().join("server.sock");
    let listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    std::fs::set_permissions(&socket, std::fs::Permissions::from_mode(0o777)).unwrap();
    listener.set_nonblocking(true).unwrap();
    let victim = outside.path().join("victim.py");
    std::fs::write(&victim, "print(1)\n").unwrap();
    let students: &[(&str, String)] = &[
        ("socket", format!("unix-socket {}", socket.display())),
        ("state-1", "state".to_owned()),
        ("state-2", "state".to_owned()),
        ("side-1", "side-by-side".to_owned()),
        ("side-2", "side-by-side".to_owned()),
        ("privilege", format!("privilege {}", victim.display())),
        ("memory", "memory 800 3".to_owned()),
        ("bomb", "fork-bomb".to_owned()),
        ("copy", "grader-in . minesweeper".to_owned()),
    ];
    for (name, attack) in students {
        let folder = class.path().join(name);
        std::fs::create_dir(&folder).unwrap();
        link_or_copy(&hostile(), &folder.join("hostile"));
        link_or_copy(&example(), &folder.join("program"));
        let script = format!("exec ./hostile {attack} -- ./program\n");
        std::fs::write(folder.join("proj3"), script).unwrap();
    }
    // A copy of minesweeper handed in with a program, in its own folder.
    link_or_copy(&ours(), &class.path().join("copy").join("minesweeper"));
    for name in ["correct-1", "correct-2"] {
        let folder = class.path().join(name);
        std::fs::create_dir(&folder).unwrap();
        correct_with_a_subprocess(&folder);
    }
    let class_arg = class.path().to_string_lossy().into_owned();
    for mode in [&[][..], &["--unprivileged"]] {
        let scores = class_scores(&class_arg, &["sh", "proj3"], mode, &[]);
        for (name, student) in &scores {
            let correct = name.starts_with("correct");
            let expected = if correct { 100.0 } else { 0.0 };
            assert_eq!(student.score, Some(expected), "{name} {mode:?}: {scores:?}");
            // A hostile student scored 0 for being shut out, not for
            // never having run.
            assert!(
                correct || student.said.contains(BLOCKED),
                "{name} {mode:?}: {student:?}"
            );
        }
        assert_eq!(scores.len(), students.len() + 2, "{scores:?}");
    }
    assert!(listener.accept().is_err(), "the listener was reached");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "print(1)\n");
}

/// A correct program that reads /proc/self/status, as Python and many
/// programs do, is not charged for it.
#[test]
fn a_program_that_reads_its_own_proc_is_not_charged() {
    for mode in [&[][..], &["--unprivileged"]] {
        let mut args = vec!["--games", "3", "--seed", "1", "--threads", "2"];
        args.extend(mode);
        let programs = programs_folder();
        let (score, said, _) = report_of(
            &args,
            &["./hostile", "proc-status", "--", "./proj3"],
            &[],
            Some(programs.path()),
            &[],
        );
        assert_eq!(score, 100.0, "{mode:?}: {said}");
    }
}
