//! Where a course keeps its folders never changes a grade, and never
//! shows a program what lies around it.

use super::*;

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
    let mut command = Command::new(common::minesweeper_binary());
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
    every_layout_scores_100(0o700, &[]);
}

/// The same with `--unprivileged`, each game's jail built by the user
/// nobody, the folders open to others (a folder closed to them is
/// refused at once, said and tested in `sandbox`); as root only, where
/// the option means something.
#[cfg(unix)]
#[test]
fn a_correct_program_scores_100_wherever_its_folders_stand_unprivileged() {
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        return;
    }
    every_layout_scores_100(0o755, &["--unprivileged"]);
}

/// Every layout scores 100, the folder all of them lie in of `mode`, each
/// check with `more`.
#[cfg(unix)]
fn every_layout_scores_100(mode: u32, more: &[&str]) {
    use std::ffi::OsStr;
    use std::os::unix::fs::PermissionsExt;
    let root = folder();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(mode)).unwrap();
    // Under --unprivileged, an interpreter nobody can reach is refused
    // (a pyenv in root's home, say): no Python layout there.
    let python = python().filter(|python| {
        let open = more.is_empty() || open_to_others(Path::new(python));
        if !open {
            eprintln!("{python} is closed to others: no Python layout {more:?}");
        }
        open
    });
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
            let args: Vec<&OsStr> = more
                .iter()
                .map(OsStr::new)
                .chain(args.iter().map(std::ffi::OsString::as_os_str))
                .collect();
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
            let class_args = ["--class", class, "--out", out, "--", "./proj3"];
            let args: Vec<&OsStr> = more.iter().chain(&class_args).map(OsStr::new).collect();
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

/// Whether every folder on the way to `path`, and `path`, let others
/// through (and read and run it).
#[cfg(unix)]
fn open_to_others(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.ancestors().all(|step| {
        std::fs::metadata(step).is_ok_and(|meta| meta.permissions().mode() & 0o001 != 0)
    })
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
    assert!(
        stderr.contains("Permission denied") || stderr.contains("No such file"),
        "{stderr}"
    );
    for secret in ["SOLUTION-KEY", "TEACHER-KEY", "OLD-REPORT", "solution\n"] {
        assert!(!stderr.contains(secret), "{secret} leaked: {stderr}");
    }
}
