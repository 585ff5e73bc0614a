//! Right programs agree: our own game, the example in another format,
//! the Python example, in either frame and on the boards the course allows
//! either way.

use super::*;

#[test]
fn our_own_game_agrees_on_every_game() {
    let out = folder();
    let run = check(
        &["--games", "150", "--seed", "1", "--inputs", "all"],
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
        &["--games", "120", "--seed", "2", "--exact"],
        out.path(),
        &[&ours()],
    );
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stdout));
}

#[test]
fn a_program_in_another_format_without_a_bug_agrees() {
    let out = folder();
    let (options, outcome) = in_process_with(&[], 150, 3, out.path(), |options| {
        options.plan.inputs = grader::case::Inputs::All;
    });
    let report = json_of(&options, &outcome);
    assert_eq!(report["agreed"], 150, "{report}");
    assert!(outcome.findings.is_empty(), "{report}");
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
    let report: Value = json_report(&run);
    assert_eq!(report["failures"][0]["kind"], "wrong-text");
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
    let (options, outcome) = in_process(&["--message-first"], 100, 4, out.path());
    let report = json_of(&options, &outcome);
    assert_eq!(report["agreed"], 100, "{report}");
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
        let report: Value = json_report(&run);
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
    // Boards of at most 3x3, where one in 25 has no mine.
    let run = check(
        &["--games", "100", "--seed", "1", "--max-size", "3", "--json"],
        out.path(),
        &[&example(), "--win-after-move"],
    );
    let report: Value = json_report(&run);
    assert_eq!(report["agreed"], 100, "{report}");
    // Said, so a teacher knows which ending the program chose.
    assert_eq!(report["won_after_a_move"], 4, "{report}");
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
    let report: Value = json_report(&run);
    assert_eq!(report["agreed"], 40, "{report}");
    assert!(report["won_after_a_move"].as_u64() > Some(0), "{report}");
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
            let report: Value = json_report(&run);
            assert_eq!(report["agreed"], 30, "{frame} {size}: {report}");
            assert_eq!(report["score"]["total"], 100.0, "{frame} {size}");
        }
    }
}
