//! What a report says of a fault is what its own files show when played
//! again by hand.

use super::*;

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
    // The same, as a page beside the reproductions: each fault with both
    // boards, the square outlined in each.
    let page = std::fs::read_to_string(out.path().join("index.html")).unwrap();
    let faults = page.matches("<section class=\"finding\">").count();
    assert_eq!(faults, report.matches("Run it again:").count(), "{page}");
    assert_eq!(page.matches("<figure class=\"board\">").count(), 2 * faults);
    assert_eq!(page.matches("<mark class=\"square\"").count(), 2 * faults);
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
    // Seen only on an edge case: its own smallest game is one.
    let board = std::fs::read_to_string(folder.join("board.txt")).unwrap();
    let (rows, cols) = (
        finding["rows"].as_u64().unwrap(),
        finding["cols"].as_u64().unwrap(),
    );
    for edge in finding["seen_only_on"].as_array().unwrap() {
        match edge.as_str().unwrap() {
            "one-line" => assert!(rows == 1 || cols == 1, "{said}: {rows}x{cols}"),
            "no-mines" => assert!(!board.contains('*'), "{said}: {board}"),
            other => panic!("{said}: no such edge case {other}"),
        }
    }
    // A crash before its first board, or output with none, printed none
    // that can be read as one: no line of the program's output is a row
    // of covered squares of the board's width.
    if what.contains("board with every square covered") {
        let printed = output_lines(&actual);
        let covered = |line: &String| {
            let drawn = line
                .chars()
                .all(|c| c.is_ascii_digit() || " +#|-.".contains(c));
            drawn && line.chars().filter(|&c| c == '.').count() as u64 == cols
        };
        assert!(!printed.iter().any(covered), "{said}: {printed:?}");
    }
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
    let report: Value = if words[0] == example() && given.is_empty() {
        // The example's program played in this process; its findings'
        // files are still played again by the example itself below.
        let (options, outcome) = in_process_with(&words[1..], 40, 5, out.path(), |options| {
            options.plan.max_size = 6;
            options.threads = Some(1);
        });
        json_of(&options, &outcome)
    } else {
        let run = check(&args, out.path(), &words);
        serde_json::from_slice(&run.stdout)
            .unwrap_or_else(|_| panic!("{name}: {}", text(&run.stderr)))
    };
    let findings = report["findings"].as_array().unwrap();
    assert!(!findings.is_empty(), "{name}: nothing found");
    for finding in findings {
        check_finding(program, finding, &name);
    }
}
