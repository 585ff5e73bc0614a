//! Scores, budgets and the Gradescope files: what each part of a grade
//! rests on.

use super::*;

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
    valid_gradescope_results(&results);
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
    // Its fault drawn: both boards, the square marked, and the board
    // file to save as it stands, with no indent.
    assert_eq!(endings["output_format"], "html");
    let told = endings["output"].as_str().unwrap();
    assert!(told.contains("said the game was won"), "{told}");
    assert_eq!(
        told.matches("<figure class=\"board\">").count() % 2,
        0,
        "{told}"
    );
    let board = told
        .split_once("<pre class=\"board-file\">")
        .unwrap_or_else(|| panic!("{told}"))
        .1;
    let file: String = board.lines().take_while(|l| l.starts_with('+')).collect();
    assert!(file.len() >= 9, "{told}");
    assert!(
        !told.contains("<script") && !told.contains("<style"),
        "{told}"
    );
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
    // A part that lost no points, with no fault to draw, stays text.
    for test in tests {
        let drawn = test["output"].as_str().unwrap().contains("<figure");
        let format = if drawn { "html" } else { "text" };
        assert_eq!(test["output_format"], format, "{test}");
    }
}

/// The score follows how much of the game is right: nothing for a
/// program that never shows a right board, whatever way it fails (real
/// programs, each ending its own way); all of it for a right one; most of
/// it for one wrong on a rare path.
#[test]
fn scores_follow_how_much_of_the_game_is_right() {
    let score = |program: &[&str], extra: &[&str]| -> f64 {
        let out = folder();
        let mut args = vec!["--games", "60", "--seed", "2", "--json"];
        args.extend(extra);
        let run = check(&args, out.path(), program);
        let report: Value = json_report(&run);
        report["score"]["total"].as_f64().unwrap()
    };
    assert_eq!(score(&["true"], &[]), 0.0, "exits at once");
    assert_eq!(score(&["sh", "-c", "exit 3"], &[]), 0.0, "fails at once");
    assert_eq!(score(&["sh", "-c", "cat missing.py"], &[]), 0.0, "no file");
    assert_eq!(
        score(&["sleep", "100"], &["--timeout", "0.05"]),
        0.0,
        "sleeps"
    );
    // The example, right and wrong on a rare path, played in this process.
    let modelled = |args: &[&str]| {
        let out = folder();
        let (_, outcome) = in_process(args, 60, 2, out.path());
        outcome.score.unwrap().total
    };
    assert_eq!(modelled(&[]), 100.0);
    let rare = modelled(&["--bug", "crash-on-one-square"]);
    assert!(rare > 95.0 && rare < 100.0, "{rare}");
}

/// The score of the example with `bug` over 60 games, and the whole JSON
/// report, with `extra` options.
fn scored(bug: &str, extra: &[&str]) -> (Option<f64>, Value, Output) {
    let out = folder();
    let mut args = vec!["--games", "60", "--seed", "5", "--json"];
    args.extend(extra);
    let run = check(&args, out.path(), &[&example(), "--bug", bug]);
    let report: Value = json_report(&run);
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
    let report: Value = json_report(&run);
    assert_eq!(report["score"], Value::Null, "{report}");
    assert_eq!(report["stopped"], "budget");
    assert_eq!(report["failures"], serde_json::json!([]), "{report}");
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
    valid_gradescope_results(&graded);
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
    valid_gradescope_results(&fallback);
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

/// Each Gradescope test says what is true of its own part: a program
/// whose only bug is a wrong clue passes the answers' test with full
/// points, and one that crashes on a bogus action is told, under the
/// answers' test, that the games it lost there were crashes.
#[test]
fn each_gradescope_test_says_what_cost_its_own_points() {
    let tests_of = |bug: &str| -> Vec<Value> {
        let out = folder();
        let results = out.path().join("results.json");
        let (options, outcome) = in_process(&["--bug", bug], 60, 5, out.path());
        reports::gradescope::write_gradescope(&results, &options, &outcome).unwrap();
        let results: Value =
            serde_json::from_str(&std::fs::read_to_string(results).unwrap()).unwrap();
        valid_gradescope_results(&results);
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

/// Fixing a bug never lowers a score: a program with two bugs scores no
/// more than with either one alone, each game charged to the first thing
/// that went wrong in it. Pairs of the example's bugs that touch
/// different parts of the game: clues and endings.
/// (Over 36 pairs of the Python mutants, `examples/mutants.py`, and 45 of
/// the example's bugs, 150 games each, none scored more with both.)
#[test]
fn fixing_one_of_two_bugs_never_lowers_the_score() {
    let pairs = [("wide-edge", "lost-goes-on")];
    let score = |bugs: &str| -> f64 {
        let out = folder();
        let (_, outcome) = in_process(&["--bug", bugs], 30, 5, out.path());
        outcome.score.expect("every game played").total
    };
    for (one, other) in pairs {
        let both = score(&format!("{one},{other}"));
        for alone in [one, other] {
            let fixed = score(alone);
            assert!(
                both <= fixed,
                "{one} and {other}: {both}; with only {alone} left: {fixed}"
            );
        }
    }
}
