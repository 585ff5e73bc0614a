//! Each kind of fault a program can have is found, named as what the
//! program did, and shrunk to a small game.

use super::*;

/// Checks the example with `bug` in `games` games, and returns the
/// findings of the JSON report.
fn findings_for(bug: &str, games: &str, extra: &[&str]) -> Vec<Value> {
    let out = folder();
    let report = if extra.is_empty() {
        // In this process: the program's model, no process a game.
        let (options, outcome) = in_process(&["--bug", bug], games.parse().unwrap(), 5, out.path());
        assert!(!outcome.findings.is_empty(), "{bug}: nothing found");
        json_of(&options, &outcome)
    } else {
        let mut args = vec!["--games", games, "--seed", "5", "--json"];
        args.extend(extra);
        let run = check(&args, out.path(), &[&example(), "--bug", bug]);
        assert_eq!(run.status.code(), Some(1), "{bug}: {}", text(&run.stderr));
        json_report(&run)
    };
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
    let findings = findings_for("hang", "30", &["--timeout", "0.1"]);
    assert_eq!(kinds(&findings), ["hang"]);
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
    let run = common::sandboxed(&mut Command::new(common::minesweeper_binary()))
        .args(["check", "--games", "3"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("<PROGRAM>"));
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
            "0.05",
            "--threads",
            "3",
            "--json",
        ],
        out.path(),
        &["sh", "-c", "sleep 100"],
    );
    let report: Value = json_report(&run);
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
    let report: Value = json_report(&run);
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
    let report: Value = json_report(&run);
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
        output.starts_with("<p>A bad answer is taken as good"),
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
    let report: Value = json_report(&run);
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

/// A fault that the games showing it showed only on boards of one row
/// (wide-edge's, in the 12 games of seed 1), but that wider boards of two
/// rows show too, is not said to be seen only on such boards: games
/// without them are played before it is.
#[test]
fn a_fault_is_said_to_need_an_edge_case_only_after_games_without_it() {
    let out = folder();
    let run = check(
        &["--games", "12", "--seed", "1", "--json"],
        out.path(),
        &[&example(), "--bug", "wide-edge"],
    );
    let report: Value = json_report(&run);
    let finding = &report["findings"][0];
    assert_eq!(finding["kind"], "wrong-board", "{report}");
    assert_eq!(finding["seen_only_on"], serde_json::json!([]), "{finding}");
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
        let report: Value = json_report(&run);
        let finding = &report["findings"][0];
        assert_eq!(finding["kind"], "crash", "{script}: {report}");
        let what = finding["what"].as_str().unwrap();
        assert!(what.contains(name), "{script}: {what}");
    }
}

/// A finding with no board of the program's to draw (it printed none
/// that can be read) shows on its page and in the report what the
/// program printed, its last lines, every control character escaped, a
/// flood of one line cut.
#[test]
fn a_page_shows_what_a_program_printed_where_no_board_can_be_drawn() {
    let out = folder();
    let run = check(
        &["--games", "2", "--seed", "1", "--frame", "+"],
        out.path(),
        &[
            "sh",
            "-c",
            "echo 'no board here'; printf 'a bell \\007 rang\\n'; \
             head -c 100000 /dev/zero | tr '\\0' x; echo",
        ],
    );
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    let page = std::fs::read_to_string(out.path().join("index.html")).unwrap();
    assert!(page.contains("<h3>What it printed</h3>"), "{page}");
    assert!(page.contains("no board here"), "{page}");
    assert!(!page.contains('\u{7}'), "a bell reached the page");
    let report = text(&run.stdout);
    assert!(report.contains("  What it printed:\n"), "{report}");
    assert!(report.contains("    no board here\n"), "{report}");
    assert!(!report.contains('\u{7}'), "a bell reached the report");
    let flood = report.lines().find(|line| line.contains("xxx")).unwrap();
    assert!(flood.len() < 200 && flood.ends_with(" …"), "{flood}");
}
