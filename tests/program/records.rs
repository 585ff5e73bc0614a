//! The records under the faults players meet: two games ending at once, a
//! process killed while writing, a full disk or a folder it cannot write,
//! a history damaged by hand or written by a newer version; and resuming,
//! statistics and move logs through the real program. Each test has a home
//! of its own, never the machine's.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};

use serde_json::Value;

use crate::common;

/// A home for one test: its data and state folders inside.
struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new() -> Self {
        Home {
            dir: common::tempdir(),
        }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn history(&self) -> PathBuf {
        self.path().join("data/minesweeper/history.jsonl")
    }

    /// The saves of `front`'s sessions (`<front>-<token>.json`).
    fn saves(&self, front: &str) -> Vec<PathBuf> {
        let folder = self.path().join("state/minesweeper");
        let Ok(entries) = std::fs::read_dir(folder) else {
            return Vec::new();
        };
        let mut saves: Vec<PathBuf> = entries
            .map(|entry| entry.unwrap().path())
            .filter(|path| {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                name.starts_with(&format!("{front}-")) && name.ends_with(".json")
            })
            .collect();
        saves.sort();
        saves
    }

    /// The one save of `front`; where there is none, the name an older
    /// version gave it, which is still read (for a test to put something
    /// in its place).
    fn save(&self, front: &str) -> PathBuf {
        let mut saves = self.saves(front);
        assert!(saves.len() <= 1, "one save at most: {saves:?}");
        saves.pop().unwrap_or_else(|| {
            self.path()
                .join(format!("state/minesweeper/{front}-game.json"))
        })
    }

    /// The program with `args`, living in this home.
    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(common::minesweeper_binary());
        command
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .env("HOME", self.path())
            .env("XDG_DATA_HOME", self.path().join("data"))
            .env("XDG_STATE_HOME", self.path().join("state"))
            .env_remove("MINESWEEPER_NO_RECORD")
            .env("NO_COLOR", "1");
        command
    }

    fn spawn(&self, args: &[&str], input: &[u8]) -> Child {
        common::typing(&mut self.command(args), input)
    }

    fn run(&self, args: &[&str], input: &[u8]) -> Output {
        self.spawn(args, input).wait_with_output().unwrap()
    }

    /// The history's lines.
    fn lines(&self) -> Vec<String> {
        std::fs::read_to_string(self.history())
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A one-row classic board of two squares and one mine: opening the first
/// square wins at once (it is kept safe). `games` of them, one after
/// another, by answering `y` to "Play again?".
const ONE_CLICK: [&str; 8] = [
    "--rules", "classic", "--rows", "1", "--cols", "2", "--mines", "1",
];

fn one_click_games(games: usize) -> Vec<u8> {
    let mut typed = String::new();
    for i in 0..games {
        typed.push_str("1 1 r\n");
        typed.push_str(if i + 1 < games { "y\n" } else { "n\n" });
    }
    typed.into_bytes()
}

fn args_with_seed(seed: &str) -> Vec<&str> {
    let mut args = unrecorded_with_seed(seed);
    args.push("--record");
    args
}

/// The same without `--record`: a game whose input is not a terminal,
/// kept nowhere unless asked.
fn unrecorded_with_seed(seed: &str) -> Vec<&str> {
    let mut args = ONE_CLICK.to_vec();
    args.extend(["--seed", seed]);
    args
}

#[test]
fn two_programs_finishing_games_at_once_both_record_every_game() {
    let home = Home::new();
    let typed = one_click_games(500);
    let first = home.spawn(&args_with_seed("0"), &typed);
    let second = home.spawn(&args_with_seed("100000"), &typed);
    for child in [first, second] {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert_eq!(text(&output.stderr), "");
    }
    let lines = home.lines();
    assert_eq!(lines.len(), 1000);
    let mut seeds: Vec<u64> = lines
        .iter()
        .map(|line| {
            let record: Value = serde_json::from_str(line).expect("every line a whole record");
            assert_eq!(record["result"], "won");
            record["board"]["seed"].as_u64().unwrap()
        })
        .collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), 1000, "each game once");
    let stats = home.run(&["stats", "--json"], b"");
    let stats: Value = serde_json::from_slice(&stats.stdout).unwrap();
    assert_eq!(stats["groups"][0]["played"], 1000);
}

#[cfg(unix)]
#[test]
fn a_program_killed_while_recording_leaves_every_earlier_record_readable() {
    let home = Home::new();
    // Some games in, then killed at once, wherever it is. The kill waits
    // for a game of the round to be recorded, however slow the machine.
    for (round, wait_ms) in [(0, 150), (1, 90), (2, 220)] {
        let seed = (round * 100_000).to_string();
        let recorded = std::fs::metadata(home.history()).map_or(0, |m| m.len());
        let mut child = home.spawn(&args_with_seed(&seed), &one_click_games(100_000));
        let started = std::time::Instant::now();
        while std::fs::metadata(home.history()).map_or(0, |m| m.len()) == recorded {
            assert!(
                started.elapsed().as_secs() < 60,
                "no game recorded in a minute"
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        std::thread::sleep(std::time::Duration::from_millis(wait_ms));
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let before = std::fs::read(home.history()).unwrap();
    let lines = home.lines();
    assert!(lines.len() >= 3, "games were recorded before the kills");
    // At most the line being written when each kill came is broken.
    let whole = lines
        .iter()
        .filter(|l| serde_json::from_str::<Value>(l).is_ok())
        .count();
    assert!(
        whole + 3 >= lines.len(),
        "{} whole of {}",
        whole,
        lines.len()
    );
    let output = home.run(&["stats", "--json"], b"");
    assert!(output.status.success());
    let stats: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(stats["groups"][0]["played"], whole);
    // One more game goes on a line of its own; nothing before is touched.
    // A game the last kill caught while it was being filed is filed now,
    // unless its line made it in: no game is in the history twice.
    let output = home.run(&args_with_seed("7"), &one_click_games(1));
    assert!(output.status.success());
    let after = std::fs::read(home.history()).unwrap();
    assert!(after.starts_with(&before));
    let records: Vec<Value> = home
        .lines()
        .iter()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let ids: std::collections::HashSet<&str> =
        records.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), records.len(), "a game filed twice");
    assert!(records.len() == whole + 1 || records.len() == whole + 2);
    assert!(!home.save("prompt").exists());
    let stats: Value = serde_json::from_slice(&home.run(&["stats", "--json"], b"").stdout).unwrap();
    assert_eq!(stats["groups"][0]["played"], records.len());
}

/// `transcript` with each time a game took as `[time]`: how long it
/// took is the machine's, not the game's.
fn without_times(transcript: &str) -> String {
    transcript
        .lines()
        .map(|line| match line.split_once("Time: ") {
            Some((before, _)) => format!("{before}Time: [time]"),
            None => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_folder_it_cannot_write_leaves_the_game_as_it_was_and_says_so_once() {
    let home = Home::new();
    let plain = home.run(
        &[&unrecorded_with_seed("3")[..], &["--no-record"]].concat(),
        &one_click_games(3),
    );
    // The data folder's place is taken by a file: nothing can be made in
    // it, whoever runs the test (root included).
    std::fs::write(home.path().join("data"), "not a folder").unwrap();
    std::fs::write(home.path().join("state"), "not a folder").unwrap();
    let output = home.run(&args_with_seed("3"), &one_click_games(3));
    assert!(output.status.success());
    // The same game, its time as the machine made it aside (0.1 s on a
    // busy machine where the other took 0.0 s).
    assert_eq!(
        without_times(&text(&output.stdout)),
        without_times(&text(&plain.stdout)),
        "the game is the same"
    );
    let stderr = text(&output.stderr);
    assert_eq!(stderr.matches("cannot record games").count(), 1, "{stderr}");
    assert!(
        stderr.contains("the game goes on without a record"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(home.path().join("data")).unwrap(),
        "not a folder"
    );
}

/// A history that is a device (`/dev/full`, where every write fails as
/// on a full disk) is refused as one, said once, and the games play on.
/// A full disk itself is the history's unit test.
#[cfg(target_os = "linux")]
#[test]
fn a_history_that_is_a_device_is_said_once_and_the_games_play_on() {
    let home = Home::new();
    let folder = home.history();
    std::fs::create_dir_all(folder.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink("/dev/full", home.history()).unwrap();
    let output = home.run(&args_with_seed("3"), &one_click_games(3));
    assert!(output.status.success());
    assert_eq!(text(&output.stdout).matches("You won!").count(), 3);
    let stderr = text(&output.stderr);
    assert_eq!(stderr.matches("cannot record games").count(), 1, "{stderr}");
    assert!(stderr.contains("not a regular file"), "{stderr}");
}

/// `output` of a child that must end within a minute, however the
/// machine is loaded: a hang fails the test instead of stalling it.
fn within_a_minute(mut child: Child) -> Output {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("still running after a minute: it waits on a file");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Makes a FIFO at `path`.
#[cfg(unix)]
fn fifo(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

/// Record files replaced by a FIFO or a link to `/dev/zero`: `stats`,
/// `replay` and the prompt game each say so in a line and never wait or
/// fill memory; the game goes on.
#[cfg(unix)]
#[test]
fn record_files_that_are_not_regular_files_are_refused_at_once() {
    for make in ["fifo", "zero"] {
        let home = Home::new();
        let place = |path: &Path| match make {
            "fifo" => fifo(path),
            _ => {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::os::unix::fs::symlink("/dev/zero", path).unwrap();
            }
        };
        place(&home.history());
        place(&home.save("prompt"));
        let stats = within_a_minute(home.spawn(&["stats"], b""));
        assert_eq!(stats.status.code(), Some(1), "{make}");
        let said = text(&stats.stderr);
        let why = match make {
            "fifo" => "history.jsonl: not a regular file",
            _ => "history.jsonl: a link, not a regular file of its own",
        };
        assert!(said.contains(why), "{make}: {said}");
        let replay = within_a_minute(home.spawn(&["replay", "last"], b""));
        assert!(
            text(&replay.stderr).contains("not a regular file"),
            "{make}"
        );
        let replay =
            within_a_minute(home.spawn(&["replay", home.save("prompt").to_str().unwrap()], b""));
        assert!(
            text(&replay.stderr).contains("not a regular file"),
            "{make}"
        );
        let game = within_a_minute(home.spawn(&args_with_seed("3"), &one_click_games(1)));
        assert!(text(&game.stdout).contains("You won!"), "{make}");
        assert!(text(&game.stderr).contains("not a regular file"), "{make}");
    }
}

/// A hand-edited history whose words carry escape sequences and line
/// ends: `stats`, its JSON and an exported move log show them escaped,
/// and no control byte reaches the terminal.
#[test]
fn what_a_record_says_reaches_no_terminal_raw() {
    let home = Home::new();
    home.run(&args_with_seed("1"), &one_click_games(1));
    let line = home.lines().remove(0);
    let mut record: Value = serde_json::from_str(&line).unwrap();
    record["rules"] = "classic\u{1b}]0;owned\u{7}".into();
    record["when"] = "\u{1b}[2J".into();
    record["board"]["name"] = "b.txt\nresult: won".into();
    std::fs::write(home.history(), format!("{record}\n")).unwrap();
    let raw = |bytes: &[u8]| bytes.iter().any(|&b| b == 0x1b || b == 0x07);
    for args in [&["stats"][..], &["replay", "1", "--export", "-"]] {
        let output = home.run(args, b"");
        assert!(!raw(&output.stdout) && !raw(&output.stderr), "{args:?}");
        assert!(
            text(&output.stdout).contains(r"\u{1b}"),
            "{args:?}: shown escaped"
        );
    }
    let json = home.run(&["stats", "--json"], b"");
    assert!(!raw(&json.stdout), "JSON escapes it its own way");
}

#[test]
fn a_damaged_or_newer_history_is_named_line_by_line_counted_and_never_rewritten() {
    let home = Home::new();
    home.run(&args_with_seed("1"), &one_click_games(2));
    let mut history = std::fs::read_to_string(home.history()).unwrap();
    history.push_str("{\"v\":3,\"a game of\":\"the future\"}\n");
    history.push_str("a line typed by hand\n");
    std::fs::write(home.history(), &history).unwrap();
    home.run(&args_with_seed("5"), &one_click_games(1));
    let grown = std::fs::read_to_string(home.history()).unwrap();
    assert!(grown.starts_with(&history), "never rewritten or cut");
    let output = home.run(&["stats"], b"");
    assert!(output.status.success());
    let stderr = text(&output.stderr);
    let shown = home.history().display().to_string();
    assert!(
        stderr.contains(&format!(
            "{shown}:3: written by a newer minesweeper (record version 3"
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{shown}:4: not a game record (")),
        "{stderr}"
    );
    let stdout = text(&output.stdout);
    assert!(stdout.contains("played 3, won 3"), "{stdout}");
    assert_eq!(std::fs::read_to_string(home.history()).unwrap(), grown);
}

/// `--quiet` means the same to every command: no warning (a damaged
/// line of the history, a seed made up), the same output, and the error
/// that ends the program still said.
#[test]
fn quiet_keeps_the_output_and_the_errors_and_says_no_warning() {
    let home = Home::new();
    home.run(&args_with_seed("1"), &one_click_games(1));
    let mut history = std::fs::read_to_string(home.history()).unwrap();
    history.push_str("a line typed by hand\n");
    std::fs::write(home.history(), &history).unwrap();
    let loud = home.run(&["stats"], b"");
    assert!(text(&loud.stderr).contains("not a game record"), "{loud:?}");
    for quiet in [&["stats", "--quiet"][..], &["-q", "stats"]] {
        let quiet = home.run(quiet, b"");
        assert!(quiet.status.success());
        assert_eq!(text(&quiet.stdout), text(&loud.stdout));
        assert_eq!(text(&quiet.stderr), "");
    }

    let made_up = home.run(&["generate", "--level", "beginner"], b"");
    assert!(text(&made_up.stderr).contains("generated with --seed"));
    let quiet = home.run(&["generate", "--level", "beginner", "-q"], b"");
    assert_eq!(text(&quiet.stderr), "");
    assert_eq!(text(&quiet.stdout).lines().count(), 11, "a board file");

    let failed = home.run(&["--quiet", "no-such-board.txt"], b"");
    assert_eq!(failed.status.code(), Some(1));
    assert!(text(&failed.stderr).starts_with("error: "), "{failed:?}");
    let both = home.run(&["-q", "-v", "stats"], b"");
    assert_eq!(both.status.code(), Some(2), "{both:?}");
}

#[test]
fn a_game_left_unfinished_is_carried_on_with_resume_and_recorded_whole() {
    let home = Home::new();
    let args = [
        "--rules", "classic", "--level", "beginner", "--seed", "11", "--record",
    ];
    // One move, then the input ends: the game is saved in progress.
    let first = home.run(&args, b"5 5 r\n");
    assert!(text(&first.stdout).contains("Input ended before the game finished."));
    assert!(home.save("prompt").exists());
    assert!(home.lines().is_empty());
    let saved: Value =
        serde_json::from_slice(&std::fs::read(home.save("prompt")).unwrap()).unwrap();
    assert_eq!(saved["result"], "playing");
    assert_eq!(saved["moves"].as_str().unwrap().split(' ').count(), 1);
    // Carried on: the board comes back as it was left.
    let output = home.run(&["--resume"], b"q\n");
    let resumed = text(&output.stdout);
    let left = text(&first.stdout);
    let opened_row = left.lines().rfind(|line| line.starts_with("5  +")).unwrap();
    assert!(opened_row.contains(|c: char| c.is_ascii_digit() || c == ' '));
    assert!(resumed.contains(opened_row), "{resumed}\n---\n{left}");
    assert!(
        !resumed.contains("flag every mine"),
        "the words of its own rules"
    );
    // Played to its end after a second resume: one record, every move.
    let (game, moves) = solve_from_save(&home);
    let output = home.run(&["--resume"], game.as_bytes());
    let out = text(&output.stdout);
    assert!(out.contains("You won!"), "{out}");
    assert!(!home.save("prompt").exists(), "the save is let go");
    let lines = home.lines();
    assert_eq!(lines.len(), 1);
    let record: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(record["result"], "won");
    let played = record["moves"].as_str().unwrap();
    assert!(played.starts_with("r5,5@0 "));
    // Islands open squares ahead of their moves: the win can come early.
    let count = played.split(' ').count();
    assert!((2..=1 + moves).contains(&count), "{count} of {moves}");
}

/// Moves that open every safe square of the saved beginner game, read
/// from a board the program prints: `show` of the exported log's board.
fn solve_from_save(home: &Home) -> (String, usize) {
    let saved: Value =
        serde_json::from_slice(&std::fs::read(home.save("prompt")).unwrap()).unwrap();
    let seed = saved["board"]["seed"].as_u64().unwrap().to_string();
    let board = home.run(
        &[
            "generate",
            "--level",
            "beginner",
            "--seed",
            &seed,
            "--at",
            "5,5",
            "--first-move",
            "safe",
        ],
        b"",
    );
    let board = text(&board.stdout);
    let mut moves = String::new();
    let mut count = 0;
    for (row, line) in board.lines().skip(1).take(9).enumerate() {
        for (col, c) in line.chars().skip(1).take(9).enumerate() {
            if c == ' ' {
                moves.push_str(&format!("{} {} r\n", row + 1, col + 1));
                count += 1;
            }
        }
    }
    (moves, count)
}

#[test]
fn a_finished_game_exports_a_move_log_that_reads_back_and_stats_counts_it() {
    let home = Home::new();
    home.run(&args_with_seed("21"), &one_click_games(2));
    let log = home.dir.path().join("game.txt");
    let output = home.run(&["replay", "last", "--export", log.to_str().unwrap()], b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(written.starts_with("minesweeper game log 2\n"), "{written}");
    assert!(
        written.contains("board: 1x2, 1 mines, seed 22\n"),
        "{written}"
    );
    assert!(written.ends_with("moves:\n0 reveal 1,1\n"), "{written}");
    let again = home.run(&["replay", log.to_str().unwrap(), "--export", "-"], b"");
    assert_eq!(text(&again.stdout), written);
    let first = home.run(&["replay", "1", "--export", "-"], b"");
    assert!(text(&first.stdout).contains("seed 21"));
    let missing = home.run(&["replay", "9", "--export", "-"], b"");
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        text(&missing.stderr).contains("no game #9 in ")
            && text(&missing.stderr).contains("numbered 1 to 2"),
        "{}",
        text(&missing.stderr)
    );
}

/// README's move log is the start of a log the program wrote, of a game
/// played at the prompt, and reading it back writes it again byte for
/// byte: the format README shows is the one the program speaks.
#[test]
fn the_readme_game_log_is_one_the_program_reads_and_writes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let whole = std::fs::read_to_string(root.join("tests/golden/game-log.txt")).unwrap();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let start = readme
        .find("```\nminesweeper game log 2\n")
        .expect("README shows a move log")
        + 4;
    let shown = &readme[start..start + readme[start..].find("```").unwrap()];
    let shown = shown.strip_suffix("…\n").expect("README's log ends with …");
    assert!(
        whole.starts_with(shown),
        "README's log is not the start of the file:\n{shown}"
    );
    let home = Home::new();
    let output = home.run(
        &["replay", "tests/golden/game-log.txt", "--export", "-"],
        b"",
    );
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(text(&output.stdout), whole);
}

#[test]
fn no_record_leaves_no_trace() {
    let home = Home::new();
    home.run(
        &[&unrecorded_with_seed("1")[..], &["--no-record"]].concat(),
        &one_click_games(2),
    );
    home.run(
        &["--rules", "classic", "--seed", "4", "--no-record"],
        b"5 5 r\n",
    );
    // A finished game, which is kept unless the variable says not to.
    let mut with_variable = home.command(&args_with_seed("1"));
    with_variable.env("MINESWEEPER_NO_RECORD", "1");
    let output = common::typing(&mut with_variable, &one_click_games(1))
        .wait_with_output()
        .unwrap();
    assert!(text(&output.stdout).contains("You won!"));
    assert!(!home.path().join("data").exists());
    assert!(!home.path().join("state").exists());
}

/// A game played from a script, won or left unfinished, keeps nothing
/// without `--record`: a teacher's thousand snapshot runs leave no history
/// and no game to carry on.
#[test]
fn a_scripted_game_keeps_nothing_unless_asked() {
    let home = Home::new();
    let won = home.run(&unrecorded_with_seed("1"), &one_click_games(2));
    assert_eq!(text(&won.stdout).matches("You won!").count(), 2);
    let left = home.run(&["--rules", "classic", "--seed", "4"], b"5 5 r\n");
    assert!(text(&left.stdout).contains("Input ended before the game finished."));
    assert!(!home.path().join("data").exists());
    assert!(!home.path().join("state").exists());
    home.run(&args_with_seed("1"), &one_click_games(1));
    assert_eq!(home.lines().len(), 1, "kept with --record");
}

/// A history that is a link to another file (here a copy of a password
/// file): a recorded game writes nothing into that file, says once why
/// it cannot record, and plays on.
#[cfg(unix)]
#[test]
fn a_history_that_is_a_link_is_never_written_through() {
    let home = Home::new();
    let target = home.history().with_file_name("passwd");
    std::fs::create_dir_all(target.parent().unwrap()).unwrap();
    std::fs::write(&target, "root:x:0:0:root:/root:/bin/sh\n").unwrap();
    std::os::unix::fs::symlink(&target, home.history()).unwrap();
    let output = home.run(&args_with_seed("3"), &one_click_games(2));
    assert!(output.status.success());
    let stderr = text(&output.stderr);
    assert_eq!(stderr.matches("cannot record games").count(), 1, "{stderr}");
    assert!(stderr.contains("a link, not a regular file"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "root:x:0:0:root:/root:/bin/sh\n"
    );
}

/// Words from record files that reach the terminal in errors or exports:
/// `replay N` of a history line whose rules, first move or moves carry
/// escape sequences; `replay LOG` of a move log whose field name carries
/// them; a move log whose board carries them, refused as a board file is
/// (so `--export -` copies no escape to stdout). No control byte reaches
/// stdout or stderr.
#[test]
fn record_words_in_errors_and_boards_reach_no_terminal_raw() {
    let home = Home::new();
    home.run(&args_with_seed("1"), &one_click_games(1));
    let line = home.lines().remove(0);
    let raw = |bytes: &[u8]| bytes.iter().any(|&b| b == 0x1b || b == 0x07);
    for field in ["rules", "first_move", "moves"] {
        let mut record: Value = serde_json::from_str(&line).unwrap();
        record[field] = "x\u{1b}]0;PWN\u{7}".into();
        std::fs::write(home.history(), format!("{record}\n")).unwrap();
        let output = home.run(&["replay", "1"], b"");
        assert!(!output.status.success(), "{field}");
        assert!(
            !raw(&output.stdout) && !raw(&output.stderr),
            "{field}: {}",
            text(&output.stderr)
        );
    }
    stored_board_with_an_escape(&home);
    let output = home.run(&["replay", "last", "--export", "-"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        !raw(&output.stdout) && !raw(&output.stderr),
        "a stored board: {}",
        text(&output.stderr)
    );
    assert!(text(&output.stderr).contains("is not a board file"));
    let log = home.dir.path().join("game.txt");
    let board = "minesweeper game log 2\nrules: proj3\nfirst move: safe\nboard: 2x2, 1 mines\n\
                 board file: b.txt\n  ++++\n  + *+\n  +\u{1b}[2J+\n  ++++\nresult: won\nmoves:\n";
    let named = "minesweeper game log 2\nru\u{1b}]0;PWN\u{7}les: proj3\nmoves:\n";
    for written in [board, named] {
        std::fs::write(&log, written).unwrap();
        let output = home.run(&["replay", log.to_str().unwrap(), "--export", "-"], b"");
        assert_eq!(output.status.code(), Some(1), "{written:?}");
        assert!(
            !raw(&output.stdout) && !raw(&output.stderr),
            "{written:?}: {}",
            text(&output.stderr)
        );
    }
}

/// Records a game on a board file, then puts a board text holding an
/// escape sequence in the store under its true SHA-256 (`sha256sum`),
/// named by the history's line: the store's check by name passes, and
/// only reading it as a board file can refuse it.
fn stored_board_with_an_escape(home: &Home) {
    let board = home.dir.path().join("b.txt");
    std::fs::write(&board, "++++\n+ *+\n+  +\n++++\n").unwrap();
    std::fs::write(home.history(), "").unwrap();
    home.run(&["--record", board.to_str().unwrap()], b"1\n2\nf\n");
    let text = "++++\n+ *+\n+\u{1b}[2J+\n++++\n";
    let written = home.dir.path().join("escaped.txt");
    std::fs::write(&written, text).unwrap();
    let sum = Command::new("sha256sum").arg(&written).output().unwrap();
    let sum = String::from_utf8(sum.stdout).unwrap();
    let sha = sum.split_whitespace().next().unwrap().to_owned();
    let store = home.history().with_file_name("boards");
    std::fs::write(store.join(format!("{sha}.txt")), text).unwrap();
    let mut record: Value = serde_json::from_str(&home.lines().remove(0)).unwrap();
    record["board"]["sha256"] = sha.into();
    std::fs::write(home.history(), format!("{record}\n")).unwrap();
}

/// A game saved in progress is never lost to the next one: a scripted
/// `--record` game quit midway, then another on another seed (nobody at a
/// terminal to ask): the first is filed as abandoned, which is said, and
/// the second is the one saved.
#[test]
fn a_saved_game_a_new_one_replaces_is_filed_as_abandoned() {
    let home = Home::new();
    let quit_midway = b"5 5 r\nq\n";
    home.run(
        &["--rules", "classic", "--seed", "3", "--record"],
        quit_midway,
    );
    assert!(home.save("prompt").exists());
    let output = home.run(
        &["--rules", "classic", "--seed", "4", "--record"],
        quit_midway,
    );
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("kept in the history as abandoned"),
        "{stderr}"
    );
    let lines = home.lines();
    assert_eq!(lines.len(), 1, "{lines:?}");
    let first: Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(first["result"], "abandoned");
    assert_eq!(first["board"]["seed"], 3);
    // Played again from its moves: the board's 3BV is known.
    assert!(first["3bv"].as_u64().unwrap() > 0, "{first}");
    // A save's first line is the game; the lines after it, its moves.
    let save = std::fs::read_to_string(home.save("prompt")).unwrap();
    let saved: Value = serde_json::from_str(save.lines().next().unwrap()).unwrap();
    assert_eq!(saved["board"]["seed"], 4);
}

/// A save that cannot be read (a FIFO in its place) is set aside under a
/// name of its own, which is said, before a new game saves in its place;
/// and a saved game whose kept board cannot be read is refused naming the
/// board's file, not the save's.
#[cfg(unix)]
#[test]
fn an_unreadable_save_is_set_aside_and_a_broken_board_named() {
    let home = Home::new();
    fifo(&home.save("prompt"));
    let output = home.run(
        &["--rules", "classic", "--seed", "3", "--record"],
        b"5 5 r\nq\n",
    );
    let stderr = text(&output.stderr);
    assert!(stderr.contains("it is kept as"), "{stderr}");
    let folder = home.save("prompt").parent().unwrap().to_owned();
    let kept: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("prompt-game.json.unread-"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(home.save("prompt").is_file(), "the new game is saved");
    // A game on a board file, quit midway: its board is kept in the store.
    let board = home.dir.path().join("b.txt");
    std::fs::write(&board, "++++++\n+ *  +\n+    +\n+   *+\n++++++\n").unwrap();
    std::fs::remove_file(home.save("prompt")).unwrap();
    home.run(&["--record", board.to_str().unwrap()], b"3\n1\nr\n");
    let store = home.history().with_file_name("boards");
    let stored = std::fs::read_dir(&store)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    std::fs::remove_file(&stored).unwrap();
    fifo(&stored);
    let output = within_a_minute(home.spawn(&["--resume"], b""));
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!("{}: not a regular file", stored.display())),
        "{stderr}"
    );
}

/// Games in progress killed outright (SIGKILL, once each is saved),
/// restarted alternately with `--resume` (the game carried on, and killed
/// again) and with a new game on another seed: every game killed reaches
/// the history, as abandoned, exactly once, and the last is the one saved.
#[cfg(unix)]
#[test]
fn games_killed_in_progress_and_replaced_are_each_filed_once() {
    use std::io::{BufRead as _, Write as _};
    let home = Home::new();
    let games = 10;
    let saved_seed = || -> Option<u64> {
        let save = std::fs::read_to_string(home.save("prompt")).ok()?;
        let first: Value = serde_json::from_str(save.lines().next()?).ok()?;
        first["board"]["seed"].as_u64()
    };
    let wait_until = |what: &str, done: &mut dyn FnMut() -> bool| {
        let started = std::time::Instant::now();
        while !done() {
            assert!(started.elapsed().as_secs() < 60, "{what}: not in a minute");
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    };
    for game in 0..games {
        let seed = 100 + game;
        // A new game: its first move, and the input kept open, so that it
        // waits for more; killed once it is saved.
        let mut child = home
            .command(&[
                "--rules",
                "classic",
                "--seed",
                &seed.to_string(),
                "--record",
            ])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"5 5 r\n").unwrap();
        stdin.flush().unwrap();
        wait_until("a new game saved", &mut || saved_seed() == Some(seed));
        child.kill().unwrap();
        child.wait().unwrap();
        drop(stdin);
        // Carried on with --resume, and killed again once it shows its
        // board: the save is its, still.
        let mut child = home
            .command(&["--resume", "--record"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut shown = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        wait_until("the game carried on", &mut || {
            line.clear();
            shown.read_line(&mut line).unwrap() == 0 || line.contains("mines left")
        });
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(saved_seed(), Some(seed), "carried on, not replaced");
    }
    let records: Vec<Value> = home
        .lines()
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let seeds: Vec<u64> = records
        .iter()
        .map(|r| r["board"]["seed"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (100..100 + games - 1).collect();
    assert_eq!(seeds, expected, "each game killed filed once, in order");
    assert!(records.iter().all(|r| r["result"] == "abandoned"));
    assert_eq!(
        saved_seed(),
        Some(100 + games - 1),
        "the last game is saved"
    );
}

/// A kept board changed by hand into another valid board is not trusted
/// by its name: the next game recorded on the original file puts the
/// original back, and both games replay on the board they were played on.
#[test]
fn a_tampered_kept_board_is_replaced_from_the_file_played() {
    let home = Home::new();
    let board = home.dir.path().join("b.txt");
    let original = "++++\n+ *+\n+  +\n++++\n";
    std::fs::write(&board, original).unwrap();
    let flag_the_mine = b"1\n2\nf\n";
    home.run(&["--record", board.to_str().unwrap()], flag_the_mine);
    let store = home.history().with_file_name("boards");
    let kept: Vec<_> = std::fs::read_dir(&store).unwrap().collect();
    assert_eq!(kept.len(), 1);
    let kept = kept[0].as_ref().unwrap().path();
    std::fs::write(&kept, "++++\n+* +\n+  +\n++++\n").unwrap();
    home.run(&["--record", board.to_str().unwrap()], flag_the_mine);
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), original);
    for game in ["1", "2"] {
        let output = home.run(&["replay", game, "--export", "-"], b"");
        assert!(output.status.success(), "{}", text(&output.stderr));
        let log = text(&output.stdout);
        assert!(log.contains("  ++++\n  + *+\n  +  +\n  ++++\n"), "{log}");
    }
}

/// What is not a move is not kept as one, and a game begins with its
/// first opening: a hint before it is not counted, a flag on an open
/// square is not saved, and a game of flags alone leaves no save and
/// files nothing.
#[test]
fn what_is_not_a_move_is_not_kept_and_marks_alone_are_no_game() {
    let home = Home::new();
    let classic = ["--rules", "classic", "--seed", "3", "--record", "--hints"];
    home.run(&classic, b"h\n5 5 r\n5 5 f\nh\nq\n");
    let save = std::fs::read_to_string(home.save("prompt")).unwrap();
    let last: Value = serde_json::from_str(save.lines().last().unwrap()).unwrap();
    assert_eq!(
        (last["hints"].as_u64(), last["clicks"].as_u64()),
        (Some(1), Some(1))
    );
    let first: Value = serde_json::from_str(save.lines().next().unwrap()).unwrap();
    assert_eq!(first["moves"], "r5,5@0", "{save}");
    assert!(!save.contains(" f5,5"), "{save}");

    let home = Home::new();
    let output = home.run(&classic, b"1 1 f\n2 2 f\nq\n");
    assert!(output.status.success());
    assert!(!home.save("prompt").exists());
    let again = home.run(&classic, b"q\n");
    assert!(!text(&again.stderr).contains("abandoned"));
    assert_eq!(home.lines(), Vec::<String>::new());

    // A save of flags alone (an older version wrote them) is let go
    // unfiled, and said so, not said to be kept.
    home.run(&classic, b"5 5 r\nq\n");
    let path = home.save("prompt");
    let first = std::fs::read_to_string(&path).unwrap();
    let mut save: Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    save["moves"] = "f1,1@0".into();
    std::fs::write(&path, format!("{save}\n")).unwrap();
    let output = home.run(&classic, b"q\n");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("let go, not kept in the history"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("kept in the history as abandoned"),
        "{stderr}"
    );
    assert_eq!(home.lines(), Vec::<String>::new());
}

/// A saved game that cannot be filed (the history cannot be written: a
/// folder in its place here, a full disk elsewhere) is never written over
/// by the next game: it is set aside as `…unfiled-SECONDS`, which is said,
/// whole, and the new game is saved in its place.
#[test]
fn a_save_that_cannot_be_filed_is_set_aside_not_written_over() {
    let home = Home::new();
    let quit_midway = b"5 5 r\nq\n";
    let seed = |n: &'static str| ["--rules", "classic", "--seed", n, "--record"];
    home.run(&seed("3"), quit_midway);
    let first = std::fs::read_to_string(home.save("prompt")).unwrap();
    std::fs::create_dir_all(home.history()).unwrap();
    let output = home.run(&seed("4"), quit_midway);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("the saved game is kept as"), "{stderr}");
    let folder = home.save("prompt").parent().unwrap().to_owned();
    let aside: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().contains(".json.unfiled-"))
        .collect();
    assert_eq!(aside.len(), 1, "{stderr}");
    let id = |text: &str| -> Value {
        let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        first["id"].clone()
    };
    assert_eq!(id(&std::fs::read_to_string(&aside[0]).unwrap()), id(&first));
    let saved = std::fs::read_to_string(home.save("prompt")).unwrap();
    let saved: Value = serde_json::from_str(saved.lines().next().unwrap()).unwrap();
    assert_eq!(saved["board"]["seed"], 4);

    // While the history still cannot be written, each start says the
    // game set aside is still unfiled; the first start with room files
    // it, once, and says so.
    let output = home.run(&seed("5"), quit_midway);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("still cannot be filed"), "{stderr}");
    std::fs::remove_dir(home.history()).unwrap();
    let output = home.run(&seed("6"), quit_midway);
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("games set aside when the history could not be written are filed"),
        "{stderr}"
    );
    let again = home.run(&seed("7"), quit_midway);
    assert!(
        !text(&again.stderr).contains("set aside"),
        "{}",
        text(&again.stderr)
    );
    let seeds: Vec<u64> = home
        .lines()
        .iter()
        .map(|line| {
            serde_json::from_str::<Value>(line).unwrap()["board"]["seed"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(seeds.len(), 4, "{seeds:?}");
    for seed in [3, 4, 5, 6] {
        assert!(seeds.contains(&seed), "{seed} filed: {seeds:?}");
    }
    assert!(
        std::fs::read_dir(&folder).unwrap().all(|entry| !entry
            .unwrap()
            .file_name()
            .to_string_lossy()
            .contains("unfiled")),
        "nothing left set aside"
    );
}

/// Two scripts side by side, each starting 100 `--record` games one after
/// another and quitting each midway: every game is filed once, as
/// abandoned (by whichever session starts next) or lost, or is the one
/// left saved; none is filed twice and none is lost, however the two
/// sessions' starts and moves interleave. A game belongs to the session
/// playing it: another never files it while it is live.
#[test]
fn two_sessions_side_by_side_file_every_game_once() {
    let home = Home::new();
    let games: u64 = 100;
    let play = |first_seed: u64| {
        let home = &home;
        move || {
            for seed in first_seed..first_seed + games {
                let output = home.run(
                    &[
                        "--rules",
                        "classic",
                        "--seed",
                        &seed.to_string(),
                        "--record",
                    ],
                    b"5 5 r\n1 1 r\n9 9 r\n2 2 r\nq\n",
                );
                assert!(output.status.success(), "{}", text(&output.stderr));
                let stderr = text(&output.stderr);
                assert!(!stderr.contains("cannot record"), "{stderr}");
            }
        }
    };
    std::thread::scope(|scope| {
        let one = scope.spawn(play(0));
        let two = scope.spawn(play(100_000));
        one.join().unwrap();
        two.join().unwrap();
    });
    let mut seeds: Vec<u64> = home
        .lines()
        .iter()
        .map(|line| {
            let record: Value = serde_json::from_str(line).unwrap();
            record["board"]["seed"].as_u64().unwrap()
        })
        .collect();
    let filed = seeds.len();
    for save in home.saves("prompt") {
        let save = std::fs::read_to_string(save).unwrap();
        let first: Value = serde_json::from_str(save.lines().next().unwrap()).unwrap();
        seeds.push(first["board"]["seed"].as_u64().unwrap());
    }
    let saved = seeds.len() - filed;
    seeds.sort_unstable();
    let expected: Vec<u64> = (0..games).chain(100_000..100_000 + games).collect();
    assert_eq!(seeds, expected, "{filed} filed, {saved} saved");
    assert!(saved <= 2, "{saved} saved");
}

/// Saves that claim what no game can be (a board of no rows, of no
/// columns, of 100000x100000, moves that do not read or fall off the
/// board) panic nothing and build nothing: a new game sets the save
/// aside in one line and is saved in its place; `--resume` and `replay`
/// of such a save say what is wrong with it and exit 1.
#[test]
fn a_save_claiming_what_no_game_can_be_is_set_aside_and_built_never() {
    type Claim<'a> = (&'a str, &'a dyn Fn(&mut Value));
    let claims: [Claim; 5] = [
        ("0x0", &|save| save["board"]["rows"] = 0.into()),
        ("0x5", &|save| {
            (save["board"]["rows"], save["board"]["cols"]) = (0.into(), 5.into());
        }),
        ("100000x100000", &|save| {
            save["board"]["rows"] = 100_000.into();
            save["board"]["cols"] = 100_000.into();
        }),
        ("unread moves", &|save| {
            save["moves"] = "r5,5@0 x\u{1b}]0;\u{7}".into();
        }),
        ("off the board", &|save| save["moves"] = "r99,99@0".into()),
    ];
    for (claim, change) in claims {
        let home = Home::new();
        let seed = |n: &'static str| ["--rules", "classic", "--seed", n, "--record"];
        home.run(&seed("3"), b"5 5 r\nq\n");
        let path = home.save("prompt");
        let mut save: Value = serde_json::from_str(
            std::fs::read_to_string(&path)
                .unwrap()
                .lines()
                .next()
                .unwrap(),
        )
        .unwrap();
        change(&mut save);
        std::fs::write(&path, format!("{save}\n")).unwrap();
        for args in [vec!["--resume"], vec!["replay", path.to_str().unwrap()]] {
            let output = within_a_minute(home.spawn(&args, b""));
            let stderr = text(&output.stderr);
            assert_eq!(output.status.code(), Some(1), "{claim} {args:?}: {stderr}");
            assert!(!stderr.contains("panicked"), "{claim}: {stderr}");
            assert!(!stderr.contains('\u{1b}'), "{claim}: {stderr:?}");
            assert_eq!(stderr.lines().count(), 1, "{claim} {args:?}: {stderr}");
        }
        let output = within_a_minute(home.spawn(&seed("4"), b"5 5 r\nq\n"));
        let stderr = text(&output.stderr);
        assert!(output.status.success(), "{claim}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{claim}: {stderr}");
        assert!(
            stderr.contains("cannot be played again"),
            "{claim}: {stderr}"
        );
        assert!(stderr.contains("it is kept as"), "{claim}: {stderr}");
        let saved: Value = serde_json::from_str(
            std::fs::read_to_string(home.save("prompt"))
                .unwrap()
                .lines()
                .next()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(saved["board"]["seed"], 4, "{claim}: the new game is saved");
        assert!(home.lines().is_empty(), "{claim}: nothing filed");
    }
}

/// Record folders that are not folders of their own: the data folder a
/// link (to a folder elsewhere: nothing is written there), a file, a
/// FIFO or a link to /dev/null; the boards' folder a file; a kept board
/// a folder. The game plays on, and the one line said names the path
/// that is wrong and what is wrong with it.
#[cfg(unix)]
#[test]
fn a_record_folder_that_is_no_folder_of_its_own_is_named() {
    let board = |home: &Home| {
        let path = home.path().join("b.txt");
        std::fs::write(&path, "++++++\n+ *  +\n+    +\n+   *+\n++++++\n").unwrap();
        path
    };
    let data = |home: &Home| home.path().join("data/minesweeper");
    type Case<'a> = (&'a str, &'a dyn Fn(&Home) -> PathBuf);
    let cases: [Case; 6] = [
        ("a link, not a folder of its own", &|home| {
            let elsewhere = home.path().join("elsewhere");
            std::fs::create_dir_all(&elsewhere).unwrap();
            std::fs::create_dir_all(home.path().join("data")).unwrap();
            std::os::unix::fs::symlink(&elsewhere, data(home)).unwrap();
            data(home)
        }),
        ("a file, where the records' folder should be", &|home| {
            std::fs::create_dir_all(home.path().join("data")).unwrap();
            std::fs::write(data(home), "").unwrap();
            data(home)
        }),
        ("a FIFO, socket or device", &|home| {
            fifo(&data(home));
            data(home)
        }),
        ("a link, not a folder of its own", &|home| {
            std::fs::create_dir_all(home.path().join("data")).unwrap();
            std::os::unix::fs::symlink("/dev/null", data(home)).unwrap();
            data(home)
        }),
        ("a file, where the records' folder should be", &|home| {
            std::fs::create_dir_all(data(home)).unwrap();
            std::fs::write(data(home).join("boards"), "").unwrap();
            data(home).join("boards")
        }),
        ("Is a directory", &|home| {
            // The board's name in the store is the SHA-256 of its text.
            let text = std::fs::read_to_string(board(home)).unwrap();
            let sha = records::boards::sha256(&records::BoardText::Text(text));
            let kept = data(home).join(format!("boards/{sha}.txt"));
            std::fs::create_dir_all(&kept).unwrap();
            kept
        }),
    ];
    for (what, make) in cases {
        let home = Home::new();
        let board = board(&home);
        let wrong = make(&home);
        let output = within_a_minute(home.spawn(
            &["--record", board.to_str().unwrap()],
            b"2\n1\nr\n3\n4\nf\n",
        ));
        let stderr = text(&output.stderr);
        assert!(output.status.success(), "{what}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
        assert!(
            stderr.contains(&format!("cannot record games: {}: {what}", wrong.display())),
            "{what}: {stderr}"
        );
        let elsewhere = home.path().join("elsewhere");
        if elsewhere.exists() {
            assert_eq!(std::fs::read_dir(elsewhere).unwrap().count(), 0);
        }
    }
}

/// A state folder the player cannot write, with a game saved in it: each
/// start says the saved game cannot be taken from it, and files it never
/// (once, the game filed, it could not be let go, and every start would
/// file it again). Run as the user nobody when the test runs as root,
/// whom no folder's mode stops.
#[cfg(unix)]
#[test]
fn a_game_saved_in_a_folder_that_cannot_be_written_is_never_filed_twice() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let home = Home::new();
    let seed = |n: &'static str| ["--rules", "classic", "--seed", n, "--record"];
    let root = runs_as_root();
    // As nobody, the program is a copy in the home, run from there: the
    // build folder and the sources may be in a folder only root enters.
    let program = home.path().join("minesweeper");
    std::fs::copy(common::minesweeper_binary(), &program).unwrap();
    let as_player = |args: &[&str], input: &[u8]| {
        let mut command = Command::new(&program);
        let envs = home.command(&[]);
        command
            .args(args)
            .current_dir(home.path())
            .envs(envs.get_envs().filter_map(|(k, v)| Some((k, v?))))
            .env_remove("MINESWEEPER_NO_RECORD");
        if root {
            command.uid(65534).gid(65534);
        }
        common::typing(&mut command, input)
            .wait_with_output()
            .unwrap()
    };
    if root {
        for path in walk_all(home.path()) {
            std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        }
    }
    let output = as_player(&seed("3"), b"5 5 r\nq\n");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let folder = home.path().join("state/minesweeper");
    // Its lock's file left, as a session killed leaves it: one that can
    // be opened and locked even where no file can be made.
    std::fs::write(home.save("prompt").with_extension("lock"), "").unwrap();
    if root {
        for path in walk_all(home.path()) {
            std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        }
    }
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    for start in 0..3 {
        let output = as_player(&seed("4"), b"5 5 r\nq\n");
        let stderr = text(&output.stderr);
        assert!(output.status.success(), "{start}: {stderr}");
        assert!(
            stderr.contains("the saved game cannot be taken from its folder"),
            "{start}: {stderr}"
        );
    }
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(home.lines(), Vec::<String>::new(), "filed never");
    let output = as_player(&seed("5"), b"5 5 r\nq\n");
    assert!(
        text(&output.stderr).contains("kept in the history as abandoned"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(
        home.lines().len(),
        1,
        "filed once the folder can be written"
    );
}

/// Whether the tests run as root.
#[cfg(unix)]
fn runs_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = tempfile::tempdir().unwrap();
    std::fs::metadata(probe.path()).unwrap().uid() == 0
}

/// `folder` and everything in it.
#[cfg(unix)]
fn walk_all(folder: &Path) -> Vec<PathBuf> {
    let mut found = vec![folder.to_owned()];
    if let Ok(entries) = std::fs::read_dir(folder) {
        for entry in entries.flatten() {
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                found.extend(walk_all(&path));
            } else {
                found.push(path);
            }
        }
    }
    found
}

/// A history of a million damaged lines (2 MiB of `x`) before three
/// games: `stats` and `replay --export` (the last game) read it under a 256 MiB address-space
/// limit, counting the damaged lines past the first hundred named,
/// where each line once held its whole parse (390 MB here, 1.6 GB for
/// four million). Skipped where
/// there is no `prlimit`.
#[cfg(target_os = "linux")]
#[test]
fn a_damaged_history_is_read_in_bounded_memory() {
    let prlimit = Command::new("prlimit").arg("--version").output();
    if !prlimit.is_ok_and(|p| p.status.success()) {
        eprintln!("no prlimit here: the memory limit cannot be set");
        return;
    }
    let home = Home::new();
    home.run(&args_with_seed("3"), &one_click_games(3));
    let games = std::fs::read(home.history()).unwrap();
    let mut damaged = b"x\n".repeat(1 << 20);
    damaged.extend_from_slice(&games);
    std::fs::write(home.history(), damaged).unwrap();
    let export = home.path().join("last.log");
    let export = export.to_str().unwrap();
    for args in [
        &["stats", "--json"][..],
        &["replay", "--export", export][..],
    ] {
        let command = home.command(&[]);
        let mut capped = Command::new("prlimit");
        capped
            .arg("--as=268435456")
            .arg(command.get_program())
            .args(args)
            .envs(command.get_envs().filter_map(|(k, v)| Some((k, v?))))
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        let output = within_a_minute(common::typing(&mut capped, b"q"));
        let stderr = text(&output.stderr);
        assert!(
            !stderr.contains("out of memory"),
            "{args:?}: {}",
            &stderr[stderr.len().saturating_sub(300)..]
        );
        assert!(
            stderr.lines().count() <= 102,
            "{args:?}: named, then counted"
        );
        assert!(
            stderr.contains("more lines after line"),
            "{args:?}: {stderr}"
        );
        assert!(output.status.success(), "{args:?}: {stderr}");
        if args[0] == "stats" {
            let stats: Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(stats["groups"][0]["played"], 3);
        }
    }
}

/// `stats --json` on a history whose rules, times and board names hold a
/// C1 control (U+009B, which some terminals take as an escape) and a
/// right-to-left override: written as `\u009b` and `\u202e`, read back as
/// the same strings, nothing raw.
#[test]
fn stats_json_writes_nothing_raw_past_ascii() {
    let home = Home::new();
    let board = home.path().join("b.txt");
    std::fs::write(&board, "++++\n+* +\n+  +\n++++\n").unwrap();
    home.run(&["--record", board.to_str().unwrap()], b"1\n1\nf\n");
    let line = home.lines().pop().expect("the game filed");
    let mut record: Value = serde_json::from_str(&line).unwrap();
    record["board"]["name"] = "b\u{9b}31m\u{202e}.txt".into();
    record["when"] = "2026\u{9b}-11-28\u{202e}".into();
    let mut other = record.clone();
    other["rules"] = "x\u{9b}y".into();
    other["id"] = "00000000000000ff".into();
    std::fs::write(home.history(), format!("{record}\n{other}\n")).unwrap();
    let output = home.run(&["stats", "--json"], b"");
    let shown = text(&output.stdout);
    for raw in ['\u{9b}', '\u{202e}'] {
        assert!(!shown.contains(raw), "{raw:?} raw in {shown}");
    }
    assert!(
        shown.contains("\\u009b") && shown.contains("\\u202e"),
        "{shown}"
    );
    let stats: Value = serde_json::from_str(&shown).unwrap();
    let text = stats.to_string();
    assert!(
        text.contains("b\u{9b}31m\u{202e}.txt"),
        "the same name read back"
    );
}

/// The game a page carries for its player: the `data-game` attribute,
/// its HTML escapes read back, as JSON.
fn game_in_page(page: &str) -> Value {
    let start = page.find("data-game=\"").expect("a game in the page") + "data-game=\"".len();
    let attribute = &page[start..start + page[start..].find('"').unwrap()];
    let json = attribute
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap()
}

/// `replay --html` writes a game as one page that plays it back: the
/// board before any move, every event with what it changed and when, and
/// the figures at the end; to a file or to stdout alike. A board too big
/// for a page is refused, saying what to use instead.
#[test]
fn a_game_becomes_a_page_that_plays_it_back() {
    let home = Home::new();
    home.run(&args_with_seed("21"), &one_click_games(1));
    let output = home.run(&["replay", "last", "--html", "-"], b"");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let page = text(&output.stdout);
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.contains("default-src 'none'"));
    let game = game_in_page(&page);
    assert_eq!(
        (game["rows"].as_u64(), game["cols"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(game["start"], "..");
    let steps = game["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 1, "{game}");
    assert_eq!(steps[0]["said"], "reveal 1, 1");
    // The square opened, and the mine shown at the win's end.
    assert!(
        !steps[0]["changes"].as_array().unwrap().is_empty(),
        "{game}"
    );
    assert!(
        game["end"].as_str().unwrap().starts_with("Won in "),
        "{game}"
    );
    let file = home.path().join("last.html");
    let written = home.run(&["replay", "last", "--html", file.to_str().unwrap()], b"");
    assert!(written.status.success(), "{}", text(&written.stderr));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), page);
    // 201x201, nearly all mines: the second move loses, and the game is
    // filed, too big for a page.
    let big = [
        "--rules", "classic", "--rows", "201", "--cols", "201", "--mines", "40000", "--seed", "5",
        "--record",
    ];
    home.run(&big, b"1 1 r\n201 201 r\n200 200 r\n199 199 r\nn\n");
    let refused = home.run(&["replay", "last", "--html", "-"], b"");
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(
        text(&refused.stderr)
            .contains("201x201 board, too large for a page (at most 40000 squares"),
        "{}",
        text(&refused.stderr)
    );
    assert!(refused.stdout.is_empty());
}

/// `stats` shows 3BV/s and efficiency only for games won by opening every
/// safe square: a proj3 game is won by flags, which 3BV does not count,
/// so its group has the wins and times alone, and its JSON the figures as
/// null.
#[test]
fn stats_show_3bv_only_where_games_are_won_by_opening() {
    let home = Home::new();
    let board = home.path().join("one.txt");
    std::fs::write(&board, "+++\n+*+\n+++\n").unwrap();
    let won = home.run(&[board.to_str().unwrap(), "--record"], b"1\n1\nf\n");
    assert!(text(&won.stdout).contains("won"), "{}", text(&won.stdout));
    home.run(&args_with_seed("21"), &one_click_games(1));
    let said = text(&home.run(&["stats"], b"").stdout);
    let groups: Vec<&str> = said.split("\n\n").collect();
    let proj3 = groups.iter().find(|g| g.contains("proj3")).expect(&said);
    assert!(
        !proj3.contains("3BV") && !proj3.contains("efficiency"),
        "{said}"
    );
    let classic = groups.iter().find(|g| g.contains("classic")).expect(&said);
    assert!(
        classic.contains("best 3BV/s") && classic.contains("efficiency"),
        "{said}"
    );
    let json: Value = serde_json::from_slice(&home.run(&["stats", "--json"], b"").stdout).unwrap();
    for group in json["groups"].as_array().unwrap() {
        let clean = &group["clean_wins"];
        let by_flags = group["rules"] == "proj3";
        // (A scripted game takes no time: no 3BV/s for either.)
        assert_eq!(clean["mean_efficiency"].is_null(), by_flags, "{group}");
        assert!(!by_flags || clean["best_3bv_per_s"].is_null(), "{group}");
        assert_eq!(clean["count"], 1, "{group}");
    }
}
