//! Whole runs of the program: scripted input in, snapshots of stdout, stderr
//! and the exit status out. Each snapshot under `tests/snapshots/` reads as a
//! transcript; review one like a transcript before accepting it.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use insta_cmd::assert_cmd_snapshot;

use crate::common;

/// The program, run from the project root with the colour settings of the
/// surrounding shell removed, so `auto` means plain on a pipe, and help
/// wrapped to 80 columns whatever the terminal.
fn minesweeper() -> Command {
    let mut cmd = Command::new(common::minesweeper_binary());
    common::sandboxed(&mut cmd);
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", "80")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR");
    cmd
}

/// What the game printed up to its first "mines left" line, read from
/// its stdout: the first board is on the screen.
fn read_until_mines_left(stdout: &mut impl std::io::BufRead) -> String {
    let mut shown = String::new();
    while !shown.contains("mines left") {
        let read = stdout.read_line(&mut shown).unwrap();
        assert!(read > 0, "the game ended before showing a board: {shown}");
    }
    shown
}

/// Runs `command` typing `input`, written from a thread so that a program
/// that stops reading early (its right) never blocks the test.
fn output_of(command: &mut Command, input: &[u8]) -> std::process::Output {
    common::typing(command, input).wait_with_output().unwrap()
}

/// What the program prints on stdout with `args`, typing `input`.
fn stdout_of(args: &[&str], input: &str) -> String {
    let output = output_of(minesweeper().args(args), input.as_bytes());
    String::from_utf8(output.stdout).unwrap()
}

/// What `solve` prints playing the board file `path` from 1,1, guessing
/// when stuck, with the options `extra`.
fn solved_guessing_from_the_corner(path: &std::path::Path, extra: &[&str]) -> String {
    let mut args = vec!["solve", "--at", "1,1", "--when-stuck", "guess"];
    args.extend(extra);
    args.push(path.to_str().unwrap());
    stdout_of(&args, "")
}

/// What the program says on stderr with `args`, which must fail with
/// status 1 and print nothing on stdout.
fn error_of(args: &[&str]) -> String {
    let output = output_of(minesweeper().args(args), b"");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}: {stderr}");
    stderr
}

/// Typed lines, one answer each.
fn typed(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

mod playing {
    use super::*;

    #[test]
    fn island_opens_with_its_rim() {
        // Above the wall of mines a reveal opens the top-left island; the
        // open right side is a second island reached from the far corner.
        assert_cmd_snapshot!(
            minesweeper()
                .arg("boards/islands.txt")
                .pass_stdin(typed(&["1", "1", "r", "8", "16", "r"]))
        );
    }

    #[test]
    fn every_message_then_a_win() {
        assert_cmd_snapshot!(minesweeper().arg("boards/board1.txt").pass_stdin(typed(&[
            "2", "1", "r", // a clue
            "2", "1", "r", // already revealed
            "2", "1", "f", // revealed, so it cannot be flagged
            "1", "1", "f", // a flag
            "1", "1", "r", // must be unflagged first
            "1", "1", "f", // flag removed
            "1", "2", "f", // the mine flagged: won
        ])));
    }

    #[test]
    fn refused_numbers_and_actions() {
        assert_cmd_snapshot!(minesweeper().arg("boards/board1.txt").pass_stdin(typed(&[
            "",
            "abc",
            "1.5",
            "1 2",
            "0",
            "-3",
            "3",
            "99999999999999999999999",
            " 2 ",
            "+1",
            "x",
            "reveal",
            "",
            " R ",
        ])));
    }

    #[test]
    fn flags_past_the_mine_count_go_negative() {
        assert_cmd_snapshot!(
            minesweeper()
                .arg("boards/board1.txt")
                .pass_stdin(typed(&["1", "1", "f", "2", "1", "f", "2", "2", "f"]))
        );
    }

    #[test]
    fn sixteen_columns_print_a_tens_line() {
        assert_cmd_snapshot!(
            minesweeper()
                .arg("boards/board4.txt")
                .pass_stdin(typed(&["16", "1", "f", "10", "10", "r"]))
        );
    }

    #[test]
    fn board_without_mines_is_won_at_once() {
        assert_cmd_snapshot!(minesweeper().arg("boards/no-mines.txt"));
    }

    #[test]
    fn single_square_mine_flagged_wins() {
        assert_cmd_snapshot!(
            minesweeper()
                .arg("boards/single-mine.txt")
                .pass_stdin(typed(&["1", "1", "f"]))
        );
    }

    #[test]
    fn one_row_and_one_column() {
        assert_cmd_snapshot!(
            "one_row",
            minesweeper()
                .arg("boards/one-row.txt")
                .pass_stdin(typed(&["1", "1", "r", "1", "5", "r"]))
        );
        assert_cmd_snapshot!(
            "one_column",
            minesweeper()
                .arg("boards/one-column.txt")
                .pass_stdin(typed(&["4", "1", "r", "2", "1", "r"]))
        );
    }

    #[test]
    fn hash_frame_prints_its_own_frame() {
        assert_cmd_snapshot!(
            minesweeper()
                .arg("boards/hash-frame.txt")
                .pass_stdin(typed(&["3", "1", "r"]))
        );
    }

    #[test]
    fn crlf_board_reads_like_an_lf_board() {
        let crlf = minesweeper()
            .args(["show", "boards/crlf.txt"])
            .output()
            .unwrap();
        let lf = minesweeper()
            .args(["show", "boards/hash-frame.txt"])
            .output()
            .unwrap();
        let as_plus = String::from_utf8(lf.stdout).unwrap().replace('#', "+");
        assert_eq!(String::from_utf8(crlf.stdout).unwrap(), as_plus);
    }

    #[test]
    fn input_ends_at_the_action_prompt() {
        assert_cmd_snapshot!(
            minesweeper()
                .arg("boards/board1.txt")
                .pass_stdin(typed(&["1", "1"]))
        );
    }

    #[test]
    fn colour_always() {
        assert_cmd_snapshot!(
            minesweeper()
                .args(["--color", "always", "boards/board2.txt"])
                .pass_stdin(typed(&["3", "1", "r", "1", "2", "f", "2", "4", "r"]))
        );
    }

    #[test]
    fn no_color_env_keeps_auto_plain() {
        let output = minesweeper()
            .arg("boards/board2.txt")
            .env("NO_COLOR", "1")
            .env("FORCE_COLOR", "0")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!output.stdout.contains(&0x1b));
    }

    #[test]
    fn closed_output_ends_quietly() {
        let mut child = minesweeper()
            .arg("boards/big-99.txt")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read one byte, then hang up, as `| head -c 1` would.
        let mut first = [0u8; 1];
        let mut stdout = child.stdout.take().unwrap();
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut stdin = child.stdin.take().unwrap();
        // The program may already have gone; a failed write is expected then.
        let _ = stdin.write_all(typed(&["50", "50", "r"]).repeat(20).as_bytes());
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    }
}

/// Classic games, from fixed seeds. Elapsed time is the one thing that
/// differs from run to run; the snapshots show it as `[elapsed]`.
mod classic {
    use super::*;

    /// Runs the program with `args`, typing `lines`, and snapshots the run.
    macro_rules! assert_classic_snapshot {
        ($args:expr, $lines:expr) => {
            insta::with_settings!({filters => vec![(r"Time: \d+\.\d seconds", "Time: [elapsed] seconds")]}, {
                assert_cmd_snapshot!(minesweeper().args($args).pass_stdin(typed($lines)));
            })
        };
    }

    /// Seed 1, 4x5 with 3 mines, first move at 1,1:
    /// ```text
    /// . . . . .
    /// * . * . .
    /// . . * . .
    /// . . . . .
    /// ```
    const SEED_1: [&str; 10] = [
        "--rules", "classic", "--rows", "4", "--cols", "5", "--mines", "3", "--seed", "1",
    ];

    /// A move typed wrong on one line is told what a move is; the course's
    /// game, which takes no such line, keeps its own sentence.
    #[test]
    fn a_move_typed_wrong_is_told_what_a_move_is() {
        let mut game = minesweeper();
        game.args(SEED_1);
        let typing = typed(&["2 2", "1 1 x", "a b c", "q"]);
        let output = common::typing(&mut game, typing.as_bytes())
            .wait_with_output()
            .unwrap();
        let said = String::from_utf8_lossy(&output.stdout);
        for sentence in [
            "A move on one line needs its action too: 2 2 r opens the square, 2 2 f flags it.",
            "The action is r (open) or f (flag), as in 1 1 r.",
            "A whole move is a row from 1 to 4, a column from 1 to 5, and r or f, such as 2 3 r.",
        ] {
            assert!(said.contains(sentence), "{said}");
        }
        assert!(!said.contains("That number is not allowed"), "{said}");
        let mut course = minesweeper();
        course.args(["boards/board1.txt"]);
        let course = common::typing(&mut course, typed(&["5 5", "q"]).as_bytes())
            .wait_with_output()
            .unwrap();
        let course = String::from_utf8_lossy(&course.stdout);
        assert!(
            course.contains("That number is not allowed.  Please try again!"),
            "{course}"
        );
    }

    #[test]
    fn win_by_opening_every_safe_square() {
        assert_classic_snapshot!(
            SEED_1,
            &[
                "1", "1", "r", // a clue: the mines are placed now, clear of it
                "1", "5", "r", // an island
                "1", "5", "r", // open already: quietly nothing
                "1", "2", "r", "1", "3", "r", "2", "2", "r", "3", "1", "r", "3", "2", "r", "4",
                "1", "r", "4", "2", "r", "4", "3", "r", // the last safe square
                "n",
            ]
        );
    }

    #[test]
    fn loss_uncovers_the_board() {
        assert_classic_snapshot!(
            SEED_1,
            &[
                "1", "1", "r", //
                "2", "1", "f", // a right flag
                "1", "2", "f", // a wrong flag
                "4", "1", "f", "4", "1", "f", // a question mark
                "3", "3", "r", // a mine
                "n",
            ]
        );
    }

    #[test]
    fn marks_cycle_flag_question_none() {
        assert_classic_snapshot!(
            SEED_1,
            &[
                "4", "5", "f", // flag
                "4", "5", "r", // refused: flagged
                "4", "5", "f", // question mark
                "4", "5", "f", // none
                "4", "5", "f", "4", "5", "f", // question mark again
                "4", "5", "r", // a question mark can be opened: an island
                "4", "5", "f", // open: cannot be marked
            ]
        );
    }

    #[test]
    fn play_again_with_the_next_seed() {
        assert_classic_snapshot!(
            SEED_1,
            &[
                "1", "1", "r", "2", "1", "r", // lost
                "maybe", "y", // asked again, then a new board from seed 2
                "1", "1", "r", "1", "2", "r", // lost again
                "n",
            ]
        );
    }

    #[test]
    fn a_board_file_plays_again_as_it_was() {
        let safe: Vec<String> = (1..=5)
            .flat_map(|r| (1..=5).map(move |c| (r, c)))
            .filter(|rc| ![(1, 2), (2, 4), (4, 3), (4, 4), (5, 5)].contains(rc))
            .flat_map(|(r, c)| [r.to_string(), c.to_string(), "r".to_owned()])
            .collect();
        let mut lines: Vec<&str> = safe.iter().map(String::as_str).collect();
        lines.push("y");
        assert_classic_snapshot!(["--rules", "classic", "boards/board2.txt"], &lines);
    }

    #[test]
    fn counter_stops_at_zero() {
        let args = [
            "--rules", "classic", "--rows", "1", "--cols", "4", "--mines", "1", "--seed", "3",
        ];
        assert_classic_snapshot!(args, &["1", "1", "f", "1", "2", "f"]);
    }

    #[test]
    fn unseeded_game_prints_a_seed_that_replays_it() {
        // Opening every square in turn ends the game, on a mine or in a win.
        let moves: String = (1..=9)
            .flat_map(|r| (1..=9).map(move |c| format!("{r}\n{c}\nr\n")))
            .collect();
        let first = stdout_of(&["--rules", "classic"], &moves);
        let seed_line = first
            .lines()
            .find(|l| l.starts_with("\tSeed: "))
            .expect("an unseeded game that ends prints its seed");
        let seed = seed_line["\tSeed: ".len()..].split(' ').next().unwrap();
        let again = stdout_of(&["--rules", "classic", "--seed", seed], &moves);
        let boards = |text: &str| {
            text.lines()
                .filter(|l| !l.contains("Time:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(boards(&first), boards(&again));
    }

    #[test]
    fn too_many_mines_is_a_usage_error() {
        assert_cmd_snapshot!(minesweeper().args(["--rules", "classic", "--mines", "81"]));
    }

    /// `q`, `?` and a whole move on one line at the row prompt.
    #[test]
    fn shortcuts_at_the_row_prompt() {
        assert_classic_snapshot!(SEED_1, &["?", "1 1 r", "2 1 f", "q"]);
    }

    #[test]
    fn proj3_takes_no_shortcuts() {
        let text = stdout_of(&["boards/board1.txt"], &typed(&["q", "1 1 r"]));
        assert_eq!(
            text.matches("That number is not allowed.").count(),
            2,
            "{text}"
        );
    }

    /// The clock starts at the first move, not when the board is printed.
    #[test]
    fn the_clock_starts_at_the_first_move() {
        let mut child = minesweeper()
            .args(SEED_1)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        // The wait starts once the board is shown, however long the
        // program took to start.
        let mut shown = read_until_mines_left(&mut stdout);
        let wait = std::time::Duration::from_millis(1500);
        std::thread::sleep(wait);
        // Seed 1's board: a clue, then the mine at 2,1.
        stdin
            .write_all(typed(&["1 1 r", "2 1 r", "n"]).as_bytes())
            .unwrap();
        drop(stdin);
        stdout.read_to_string(&mut shown).unwrap();
        child.wait().unwrap();
        let time = shown.split("Time: ").nth(1).expect(&shown);
        let seconds: f64 = time.split(' ').next().unwrap().parse().unwrap();
        assert!(
            seconds < wait.as_secs_f64(),
            "{seconds} s counts the wait before the first move"
        );
    }

    /// Ctrl-C in the middle of a random game still gives its seed.
    #[cfg(unix)]
    #[test]
    fn an_interrupted_game_prints_its_seed() {
        let mut child = minesweeper()
            .args(["--rules", "classic", "--seed", "42"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"5 5 r\n").unwrap();
        // Once a board is shown the game has its seed, and a signal
        // finds it, however long the program took to start.
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        read_until_mines_left(&mut stdout);
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let output = child.wait_with_output().unwrap();
        drop(stdin);
        assert_eq!(output.status.code(), Some(130));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.contains("Seed: 42 (play this board again with --seed 42)"),
            "{stderr}"
        );
    }

    #[test]
    fn expert_level_prints_thirty_columns() {
        assert_classic_snapshot!(
            ["--rules", "classic", "--level", "expert", "--seed", "7"],
            &["8", "15", "r"]
        );
    }
}

/// COMS 227 rules and the animated reveal.
mod coms227 {
    use super::*;

    #[test]
    fn animated_clear_region_of_the_handout() {
        // The handout's worked example: clearRegion from row 4, column 0
        // (5, 1 counted from 1). Every status change is a frame: SEEN `o`,
        // EXPLORING `^ < v >`, then the square revealed.
        assert_cmd_snapshot!(
            minesweeper()
                .args([
                    "--rules",
                    "coms227",
                    "--animate",
                    "boards/coms227-example.txt"
                ])
                .pass_stdin(typed(&["5", "1", "r"]))
        );
    }

    #[test]
    fn diagonal_empty_squares_stay_closed() {
        // Two empty regions meet only at a corner, between 2,2 and 3,3. The
        // same move under classic rules opens both.
        let run = |rules: &str| {
            stdout_of(
                &["--rules", rules, "boards/corners.txt"],
                &typed(&["1", "1", "r"]),
            )
        };
        assert_cmd_snapshot!(
            minesweeper()
                .args(["--rules", "coms227", "boards/corners.txt"])
                .pass_stdin(typed(&["1", "1", "r"]))
        );
        assert_ne!(run("coms227"), run("classic"));
    }

    #[test]
    fn a_printed_reveal_of_a_big_island_turns_to_one_line_a_step() {
        // One reveal of 100x100 squares, a mine in the last corner: about
        // 90,000 steps, which as whole boards would be 2 GB.
        let edge = "+".repeat(102) + "\n";
        let row = format!("+{}+\n", " ".repeat(100));
        let last = format!("+{}*+\n", " ".repeat(99));
        let board = edge.clone() + &row.repeat(99) + &last + &edge;
        let path = std::env::temp_dir().join(format!("open-100-{}.txt", std::process::id()));
        std::fs::write(&path, board).unwrap();
        let out = stdout_of(
            &["--animate", path.to_str().unwrap()],
            &typed(&["1", "1", "r"]),
        );
        std::fs::remove_file(&path).unwrap();
        assert!(out.len() < 4_000_000, "{} bytes", out.len());
        let (boards, lines) = out
            .split_once("(More steps than boards can show: from here, one step a line, row and column first.)\n")
            .expect("the boards give way to lines");
        // The animation's boards, after the greeting and the first board.
        assert!(boards.len() <= (1 << 20) + 50_000, "{}", boards.len());
        let steps = lines
            .lines()
            .take_while(|l| l.contains(',') && !l.starts_with(' '))
            .count();
        assert!(steps > 80_000, "{steps} step lines");
        assert!(
            lines.contains("\n99,100 revealed 1\n"),
            "the mine's neighbour opens"
        );
    }

    #[test]
    fn animation_works_with_proj3_too() {
        // An island under proj3 rules: explored through all eight
        // neighbours, diagonals `\` and `/` among them.
        assert_cmd_snapshot!(
            minesweeper()
                .args(["--animate", "boards/board2.txt"])
                .pass_stdin(typed(&["3", "1", "r"]))
        );
    }
}

mod generate {
    use super::*;

    #[test]
    fn seeded_board_file() {
        assert_cmd_snapshot!(minesweeper().args(["generate", "--level", "expert", "--seed", "7"]));
    }

    #[test]
    fn opening_around_a_square() {
        assert_cmd_snapshot!(minesweeper().args([
            "generate",
            "--rows",
            "6",
            "--cols",
            "6",
            "--mines",
            "20",
            "--seed",
            "5",
            "--at",
            "3,3",
            "--first-move",
            "opening",
        ]));
    }

    #[test]
    fn plays_back_as_the_same_game() {
        // The game places its mines with the same generator, clear of the
        // first square, as `generate --at` does.
        let file = minesweeper()
            .args([
                "generate", "--rows", "4", "--cols", "5", "--mines", "3", "--seed", "1", "--at",
                "1,1",
            ])
            .output()
            .unwrap();
        let generated = String::from_utf8(file.stdout).unwrap();
        assert_eq!(
            generated,
            "+++++++\n+     +\n+* *  +\n+  *  +\n+     +\n+++++++\n"
        );
    }

    #[test]
    fn a_count_of_boards_are_those_of_the_seeds_that_follow() {
        let board = |seed: &str, count: &str| {
            stdout_of(
                &[
                    "generate", "--level", "beginner", "--seed", seed, "--count", count,
                ],
                "",
            )
        };
        let three = board("41", "3");
        let alone: Vec<String> = ["41", "42", "43"].iter().map(|s| board(s, "1")).collect();
        assert_eq!(three, alone.join("\n"));
    }

    #[test]
    fn no_guess_boards_in_a_count_are_all_different() {
        let args: Vec<&str> = "generate --rows 6 --cols 6 --mines 6 --no-guess --seed 3 --count 4"
            .split(' ')
            .collect();
        let boards = stdout_of(&args, "");
        let boards: Vec<&str> = boards.split("\n\n").collect();
        assert_eq!(boards.len(), 4);
        for (i, a) in boards.iter().enumerate() {
            assert!(boards[i + 1..].iter().all(|b| a != b), "{boards:?}");
        }
    }

    #[test]
    fn safe_without_a_square_is_a_usage_error() {
        assert_cmd_snapshot!(minesweeper().args(["generate", "--first-move", "safe"]));
    }

    #[test]
    fn square_off_the_board_is_a_usage_error() {
        assert_cmd_snapshot!(minesweeper().args(["generate", "--at", "10,1"]));
    }

    #[test]
    fn no_guess_expert_board_from_the_centre() {
        assert_cmd_snapshot!(minesweeper().args([
            "generate",
            "--level",
            "expert",
            "--no-guess",
            "--seed",
            "7"
        ]));
    }

    #[test]
    fn no_guess_board_is_solved_without_hints_or_guesses() {
        // Re-solved through the command line from the file, as a user would.
        let board = stdout_of(
            &[
                "generate",
                "--level",
                "expert",
                "--no-guess",
                "--seed",
                "21",
                "--at",
                "2,3",
            ],
            "",
        );
        let path = std::env::temp_dir().join(format!("no-guess-{}.txt", std::process::id()));
        std::fs::write(&path, board).unwrap();
        let path_arg = path.to_str().unwrap();
        let solved = stdout_of(
            &["solve", "--at", "2,3", "--when-stuck", "guess", path_arg],
            "",
        );
        std::fs::remove_file(&path).unwrap();
        assert!(
            solved.ends_with("Hints used: 0\nGuesses: 0\nResult: won\n"),
            "{solved}"
        );
    }

    /// On a board small enough to search whole, a guess says how often
    /// the game is won from there, from the first guess on: this 5x5
    /// board with 4 mines leaves 3,990 arrangements after the corner.
    #[test]
    fn a_guess_on_a_small_board_says_its_chance_of_winning() {
        let path = std::env::temp_dir().join(format!("small-{}.txt", std::process::id()));
        let board = "+++++++\n+ *   +\n+     +\n+  *  +\n+    *+\n+ *   +\n+++++++\n";
        std::fs::write(&path, board).unwrap();
        let solved = solved_guessing_from_the_corner(&path, &["--steps", "--color", "never"]);
        std::fs::remove_file(&path).unwrap();
        let first = solved
            .lines()
            .find(|l| l.starts_with("Stuck, so a guess."))
            .unwrap();
        assert_eq!(
            first,
            "Stuck, so a guess. Field 5, 5 is the best guess, found by trying every way to play \
             on over the 3990 arrangements of the mines left: it is a mine with probability \
             14.3 %, and the game is won with probability 68.7 % from here."
        );
    }

    #[test]
    fn no_guess_board_that_cannot_be_made_says_so() {
        // Seven mines around the middle of 3x3: the eighth square is always a guess.
        assert_cmd_snapshot!(minesweeper().args([
            "generate",
            "--rows",
            "3",
            "--cols",
            "3",
            "--mines",
            "7",
            "--first-move",
            "safe",
            "--no-guess",
            "--seed",
            "1",
        ]));
    }
}

/// The solver: hints while playing, `solve` on board files, `bench`.
mod solver {
    use super::*;

    #[test]
    fn hints_do_not_depend_on_how_a_reveal_was_shown() {
        // A hint first, so the hints follow the game through the reveal,
        // which an animation reports in clearRegion's order.
        let hints_with = |animate: &[&str]| {
            let mut args = vec!["--rules", "coms227", "--hints"];
            args.extend(animate);
            args.push("boards/coms227-example.txt");
            stdout_of(&args, &typed(&["h", "5", "1", "r", "h", "h"]))
                .lines()
                .filter_map(|l| l.split_once("\tField").map(|(_, hint)| hint.to_owned()))
                .collect::<Vec<_>>()
        };
        let plain = hints_with(&[]);
        assert_eq!(plain.len(), 3, "{plain:?}");
        assert_eq!(hints_with(&["--animate"]), plain);
    }

    #[test]
    fn hints_at_the_row_and_action_prompts_then_a_win() {
        assert_cmd_snapshot!(
            minesweeper()
                .args(["--hints", "boards/board2.txt"])
                .pass_stdin(typed(&[
                    "h", // nothing open: the safest guess
                    "5", "1", "r", // an island
                    "h", // certain now
                    "1", "2", "h", // a hint at the action prompt
                    "1", "2", "f", "4", "3", "f", "4", "4", "f", "2", "4", "f", "5", "5", "f",
                ]))
        );
    }

    #[test]
    fn proj3_text_is_unchanged_without_hints() {
        let text = stdout_of(&["boards/board2.txt"], "h\n");
        assert!(text.ends_with("(inclusive): That number is not allowed.  Please try again!\nEnter a number between 1 and 5 (inclusive): \nInput ended before the game finished.\n"), "{text}");
    }

    #[test]
    fn classic_first_move_hint_and_hints_counted_at_the_end() {
        insta::with_settings!({filters => vec![(r"Time: \d+\.\d seconds", "Time: [elapsed] seconds")]}, {
            assert_cmd_snapshot!(minesweeper()
                .args(["--rules", "classic", "--rows", "4", "--cols", "5", "--mines", "3", "--seed", "1", "--hints"])
                .pass_stdin(typed(&[
                    "h", "1", "1", "r", // the first move is safe anywhere
                    "h", "2", "1", "f", "4", "5", "r", // a guess, a flag the hint ignores
                    "h", "4", "1", "r", "4", "3", "r", "1", "2", "r", "1", "3", "r", "2", "2", "r",
                    "n",
                ])));
        });
    }

    #[test]
    fn solve_prints_the_end_and_the_count() {
        assert_cmd_snapshot!(minesweeper().args(["solve", "boards/board3.txt"]));
    }

    #[test]
    fn solve_from_a_mine_is_lost_at_once() {
        assert_cmd_snapshot!(minesweeper().args(["solve", "--at", "1,2", "boards/board1.txt"]));
    }

    #[test]
    fn solve_square_off_the_board_is_a_usage_error() {
        assert_cmd_snapshot!(minesweeper().args(["solve", "--at", "3,1", "boards/board1.txt"]));
    }

    #[test]
    fn solve_refuses_a_bad_board_file() {
        assert_cmd_snapshot!(minesweeper().args(["solve", "tests/bad-boards/ragged.txt"]));
    }

    /// Speed differs from run to run, and on a busy machine drops below
    /// 100 games a second (one decimal) or a game a second (seconds per
    /// game): the snapshots show it as `[speed]`.
    macro_rules! assert_bench_snapshot {
        ($args:expr) => {
            insta::with_settings!({filters => vec![
                (r"\d+(\.\d)? (games per second|seconds per game)", "[speed]"),
                (r#""games_per_second":[0-9.]+"#, r#""games_per_second":[speed]"#),
            ]}, {
                assert_cmd_snapshot!(minesweeper().args($args));
            })
        };
    }

    #[test]
    fn bench_reports_the_win_rate_and_its_interval() {
        assert_bench_snapshot!(["bench", "--games", "500", "--seed", "1", "--threads", "2"]);
    }

    #[test]
    fn bench_json_is_one_object() {
        assert_bench_snapshot!([
            "bench",
            "--level",
            "intermediate",
            "--first-move",
            "opening",
            "--games",
            "100",
            "--seed",
            "9",
            "--threads",
            "1",
            "--json"
        ]);
    }

    #[test]
    fn bench_each_game_in_a_table() {
        assert_bench_snapshot!([
            "bench",
            "--level",
            "expert",
            "--games",
            "5",
            "--seed",
            "100000",
            "--threads",
            "1",
            "--each"
        ]);
    }

    #[test]
    fn bench_each_refuses_more_games_than_the_memory_keeps() {
        let stderr = error_of(&["bench", "--games", "18446744073709551615", "--each"]);
        assert!(
            stderr.starts_with("error: keeping each of 18446744073709551615 games for --each"),
            "{stderr}"
        );
        assert!(stderr.contains("leave out --each"), "{stderr}");
    }

    #[test]
    fn bench_each_game_is_the_game_solve_plays_on_that_seeds_board() {
        // What lets another solver be compared game by game: the board
        // `generate` gives for a seed, solved alone, ends as bench says.
        let table = stdout_of(
            &[
                "bench",
                "--games",
                "12",
                "--seed",
                "500",
                "--threads",
                "2",
                "--each",
            ],
            "",
        );
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("board.txt");
        for line in table.lines().skip(1).take_while(|l| !l.is_empty()) {
            let (seed, result) = line.split_once('\t').unwrap();
            let board = stdout_of(
                &[
                    "generate",
                    "--seed",
                    seed,
                    "--first-move",
                    "safe",
                    "--at",
                    "1,1",
                ],
                "",
            );
            std::fs::write(&file, board).unwrap();
            let solved = solved_guessing_from_the_corner(&file, &[]);
            let won = solved.contains("Result: won");
            assert_eq!(won, result.starts_with("won"), "seed {seed}: {solved}");
        }
    }

    #[test]
    fn bench_games_do_not_depend_on_threads() {
        let wins = |threads: &str| {
            let json = stdout_of(
                &[
                    "bench",
                    "--games",
                    "300",
                    "--seed",
                    "4",
                    "--threads",
                    threads,
                    "--json",
                ],
                "",
            );
            json.split("\"wins\":")
                .nth(1)
                .unwrap()
                .split(',')
                .next()
                .unwrap()
                .to_owned()
        };
        assert_eq!(wins("1"), wins("3"));
    }

    #[test]
    fn bench_refuses_more_games_at_once_than_the_memory_holds() {
        // 256 games of 5000x5000 at once need about 300 GB.
        let stderr = error_of(&[
            "bench",
            "--rows",
            "5000",
            "--cols",
            "5000",
            "--mines",
            "10",
            "--games",
            "1000",
            "--threads",
            "256",
        ]);
        // Each game 1.2 GB, and its thread 8 MB.
        assert!(
            stderr.contains("playing 256 5000x5000 games at once needs about 309.4 GB of memory"),
            "{stderr}"
        );
        assert!(stderr.contains("use --threads"), "{stderr}");
    }
}

/// Under an address-space limit (`ulimit -v`) too small for the solver on
/// a 3000x3000 board: a message and status 1, where std's own handling
/// aborts (status 134, "memory allocation of N bytes failed").
mod under_a_memory_limit {
    use super::*;

    /// A seeded 3000x3000 board file with 15 % mines, in a folder of its own.
    fn big_board() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let output = output_of(
            minesweeper().args([
                "generate", "--rows", "3000", "--cols", "3000", "--mines", "1350000", "--seed", "1",
            ]),
            b"",
        );
        assert!(output.status.success());
        std::fs::write(dir.path().join("big.txt"), output.stdout).unwrap();
        dir
    }

    /// The program with `args`, in `dir`, under an address-space limit of
    /// `kib` KiB, typing `input`: it must end with status 1 and a message.
    fn fails_cleanly(dir: &std::path::Path, kib: u32, args: &[&str], input: &str) -> String {
        let mut limited = Command::new("sh");
        common::sandboxed(&mut limited);
        limited
            .current_dir(dir)
            .arg("-c")
            .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
            .arg(common::minesweeper_binary())
            .args(args);
        let output = output_of(&mut limited, input.as_bytes());
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains("memory"), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("memory allocation of"),
            "{args:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        stderr
    }

    #[test]
    fn solving_hints_and_no_guess_boards_say_so_and_end() {
        let dir = big_board();
        // The game itself fits in 60 MB; the solver's grids do not.
        let limit = 60_000;
        let solve = fails_cleanly(
            dir.path(),
            limit,
            &["solve", "--color", "never", "big.txt"],
            "",
        );
        // Threads are bench's; no other command is told to use fewer.
        assert!(!solve.contains("--threads"), "{solve}");
        let no_guess = [
            "generate",
            "--rows",
            "3000",
            "--cols",
            "3000",
            "--mines",
            "900000",
            "--no-guess",
            "--seed",
            "1",
        ];
        fails_cleanly(dir.path(), limit, &no_guess, "");
        // The first hint needs more than the game: under the smallest limit
        // (in 5 MiB steps) that the game loads under, it says so and ends.
        // The limit is found, not fixed, as builds differ: a release build
        // gives this hint in 50 MB, a debug build loads the game in 45.
        let game = ["--hints", "--no-record", "big.txt"];
        let loads = (20..=200)
            .step_by(5)
            .find(|&mib| runs_or_refuses(dir.path(), mib, &game, "memory"))
            .expect("the game loads under 200 MiB");
        fails_cleanly(dir.path(), loads << 10, &game, &typed(&["1", "1", "h"]));
    }

    /// Whether the program with `args` ran under an address-space limit
    /// of `mib` MiB; if it did not, it refused with status 1 and one line
    /// about memory that holds `advice`.
    fn runs_or_refuses(dir: &std::path::Path, mib: u32, args: &[&str], advice: &str) -> bool {
        let mut limited = Command::new("sh");
        common::sandboxed(&mut limited);
        limited
            .current_dir(dir)
            .env("XDG_DATA_HOME", dir.join("data"))
            .arg("-c")
            .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mib << 10))
            .arg(common::minesweeper_binary())
            .args(args);
        let output = output_of(&mut limited, b"");
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.success() {
            return true;
        }
        assert_eq!(
            output.status.code(),
            Some(1),
            "{mib} MiB {args:?}: {stderr}"
        );
        assert!(stderr.contains("memory"), "{mib} MiB: {stderr}");
        assert!(stderr.contains(advice), "{mib} MiB: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{mib} MiB: {stderr}");
        false
    }

    /// Under address-space limits from just above where the program loads
    /// up to 200 MiB, each command either
    /// runs or refuses with advice that fits it, and once it runs under a
    /// limit it runs under every larger one: what the allocators reserve
    /// ahead no longer grows with the limit (mimalloc's 128 MiB arena made
    /// `bench` refuse under 150 MiB what it played under 100).
    #[test]
    fn refusals_follow_the_limit_and_fit_the_command() {
        let dir = tempfile::tempdir().unwrap();
        let history = dir.path().join("data/minesweeper/history.jsonl");
        std::fs::create_dir_all(history.parent().unwrap()).unwrap();
        let line = r#"{"v":2,"front":"prompt","rules":"classic","first_move":"safe","board":{"rows":9,"cols":9,"mines":10,"seed":1},"result":"won","ms":1000,"clicks":20,"3bv":14,"3bv_done":14,"hints":0,"undos":0,"deaths":0,"moves":"r5,5@0"}"#;
        std::fs::write(&history, format!("{line}\n").repeat(20_000)).unwrap();
        let bench = [
            "bench", "--rows", "300", "--cols", "300", "--mines", "9000", "--games", "2", "--seed",
            "1",
        ];
        let commands: [(&[&str], &str); 2] = [
            (&bench, "a smaller board"),
            (&["stats"], "--rules or --level"),
        ];
        // From where the program loads at all (a debug build needs more
        // than a release build), where neither command has room to run
        // and each must refuse with its advice: the lowest limit is found,
        // not fixed, so that the refusal is seen whatever the binary's
        // size, which moves the limits it runs under.
        let loads = |mib: u32| {
            Command::new("sh")
                .arg("-c")
                .arg(format!("ulimit -v {} && exec \"$0\" --version", mib << 10))
                .arg(common::minesweeper_binary())
                .output()
                .is_ok_and(|output| output.status.success())
        };
        let floor = (4..=64)
            .step_by(4)
            .find(|&mib| loads(mib))
            .expect("it loads");
        for (args, advice) in commands {
            let ran: Vec<(u32, bool)> = (floor..=200)
                .step_by(16)
                .map(|mib| (mib, runs_or_refuses(dir.path(), mib, args, advice)))
                .collect();
            let first = ran.iter().position(|&(_, ran)| ran);
            assert!(first.is_some_and(|i| i > 0), "{args:?}: {ran:?}");
            assert!(
                ran[first.unwrap()..].iter().all(|&(_, ran)| ran),
                "{args:?}: {ran:?}"
            );
        }
    }

    #[test]
    fn bench_plans_its_games_from_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let bench = [
            "bench", "--rows", "3000", "--cols", "3000", "--mines", "1350000", "--games", "2",
        ];
        let stderr = fails_cleanly(dir.path(), 120_000, &bench, "");
        assert!(
            stderr.contains(
                "one 3000x3000 game needs about 441 MB of memory, and this process's \
                 address-space limit (ulimit -v) leaves"
            ),
            "{stderr}"
        );
    }

    /// Under an address-space limit too small for a second thread's
    /// arena (glibc reserves 128 MiB to make one), `bench` plays on one
    /// thread, where a second would map each block alone and play at a
    /// tenth of the speed.
    #[test]
    fn bench_starts_no_thread_the_limit_has_no_arena_for() {
        let dir = tempfile::tempdir().unwrap();
        let threads_under = |kib: u32| -> u64 {
            let mut limited = Command::new("sh");
            common::sandboxed(&mut limited);
            limited
                .current_dir(dir.path())
                .arg("-c")
                .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
                .arg(common::minesweeper_binary())
                .args(["bench", "--level", "expert", "--games", "4", "--json"]);
            let output = output_of(&mut limited, b"");
            assert!(output.status.success(), "{kib} KiB");
            let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            report["threads"].as_u64().unwrap()
        };
        // (How many start with room to spare also follows the memory the
        // machine has free, which the tests beside this one take: not
        // asserted here.)
        assert_eq!(threads_under(128 << 10), 1);
    }
}

mod choosing_a_board {
    use super::*;

    #[test]
    fn empty_answer_plays_the_built_in_board() {
        assert_cmd_snapshot!(minesweeper().pass_stdin(typed(&["", "1", "1", "r"])));
    }

    #[test]
    fn bad_answers_are_asked_again() {
        assert_cmd_snapshot!(minesweeper().pass_stdin(typed(&[
            "no/such/board.txt",
            "boards",
            "tests/bad-boards/ragged.txt",
            "  boards/board1.txt  ",
            "1",
            "2",
            "r",
        ])));
    }

    #[test]
    fn input_ends_at_the_file_prompt() {
        assert_cmd_snapshot!(minesweeper());
    }
}

mod bad_board_files {
    use super::*;

    /// Runs the game on `tests/bad-boards/NAME.txt`.
    fn refused(name: &str) -> Command {
        let mut cmd = minesweeper();
        cmd.arg(format!("tests/bad-boards/{name}.txt"));
        cmd
    }

    #[test]
    fn each_fault_is_pointed_at() {
        for name in [
            "empty",
            "ragged",
            "after-bottom",
            "no-left-frame",
            "no-right-frame",
            "tab-inside",
            "latin1",
            "utf8",
            "no-interior",
            "no-bottom",
            "mixed-frame",
            "bad-top",
            "not-a-board",
        ] {
            assert_cmd_snapshot!(name, refused(name));
        }
    }

    #[test]
    fn missing_file() {
        assert_cmd_snapshot!(minesweeper().arg("no/such/board.txt"));
    }

    #[test]
    fn directory() {
        assert_cmd_snapshot!(minesweeper().arg("boards"));
    }

    /// A name that would retitle the terminal and forge a line, given as an
    /// argument and typed at the prompt (one line there): shown escaped.
    #[test]
    fn hostile_file_names_are_shown_escaped() {
        let name = "x\x1b]0;pwned\x07\nerror: forged\u{202e}";
        let output = minesweeper()
            .arg(name)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let typed = format!("{}\n", name.replace('\n', "\\n"));
        let prompted = output_of(&mut minesweeper(), typed.as_bytes());
        for stderr in [output.stderr, prompted.stderr] {
            let stderr = String::from_utf8(stderr).unwrap();
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(!stderr.contains(['\x1b', '\x07', '\u{202e}']), "{stderr}");
            assert!(stderr.contains("`x\\u{1b}]0;pwned\\u{7}\\"), "{stderr}");
            assert!(stderr.contains("nerror: forged\\u{202e}`"), "{stderr}");
        }
    }

    #[test]
    fn show_refuses_them_too() {
        assert_cmd_snapshot!(minesweeper().args(["show", "tests/bad-boards/ragged.txt"]));
    }
}

mod command_line {
    use super::*;

    #[test]
    fn help() {
        assert_cmd_snapshot!(minesweeper().arg("--help"));
    }

    #[test]
    fn solver_commands_help() {
        assert_cmd_snapshot!(minesweeper().args(["solve", "--help"]));
        assert_cmd_snapshot!(minesweeper().args(["bench", "--help"]));
    }

    #[test]
    fn colour_is_accepted_before_the_command() {
        let output = minesweeper()
            .args(["--color", "always", "show", "boards/board1.txt"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert!(output.stdout.contains(&0x1b));
    }

    #[test]
    fn an_empty_no_color_is_unset() {
        let coloured = |no_color: &str| {
            let output = minesweeper()
                .args(["show", "boards/board1.txt"])
                .env("FORCE_COLOR", "1")
                .env("NO_COLOR", no_color)
                .output()
                .unwrap();
            output.stdout.contains(&0x1b)
        };
        assert!(coloured(""));
        assert!(!coloured("1"));
    }

    /// Each error says what to type instead, never clap's `-- -1`.
    #[test]
    fn misplaced_options_say_what_to_type() {
        assert_cmd_snapshot!(
            "animate_with_a_space",
            minesweeper().args(["--animate", "5", "boards/board1.txt"])
        );
        assert_cmd_snapshot!("negative_seed", minesweeper().args(["--seed", "-1"]));
        assert_cmd_snapshot!(
            "option_of_another_command",
            minesweeper().args(["show", "--at", "3,3", "boards/board1.txt"])
        );
        assert_cmd_snapshot!(
            "game_option_before_a_command",
            minesweeper().args(["--rules", "classic", "show", "boards/board1.txt"])
        );
    }

    /// `--help > /dev/full` is a failed write, not a success.
    #[cfg(target_os = "linux")]
    #[test]
    fn help_and_version_into_a_full_disk_fail() {
        for flag in ["--help", "--version"] {
            let output = minesweeper()
                .arg(flag)
                .stdout(std::fs::File::create("/dev/full").unwrap())
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(1), "{flag}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(stderr.contains("No space left"), "{flag}: {stderr}");
        }
    }

    #[test]
    fn completions_for_every_shell_and_a_man_page() {
        for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
            let output = minesweeper().args(["completions", shell]).output().unwrap();
            assert_eq!(output.status.code(), Some(0), "{shell}");
            let script = String::from_utf8(output.stdout).unwrap();
            for word in ["minesweeper", "generate", "--first-move"] {
                assert!(script.contains(word), "{shell} lacks {word}");
            }
        }
        let output = minesweeper().arg("man").output().unwrap();
        let page = String::from_utf8(output.stdout).unwrap();
        assert!(page.contains(".TH minesweeper 1"), "{page}");
        assert!(page.contains("completions"), "{page}");
    }

    #[test]
    fn unknown_colour_is_a_usage_error() {
        assert_cmd_snapshot!(minesweeper().args(["--color", "sometimes"]));
    }

    #[test]
    fn show_prints_every_board_solved() {
        let boards = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/boards")).unwrap();
        let mut names: Vec<_> = boards
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        for name in names {
            let path = format!("boards/{name}");
            assert_cmd_snapshot!(
                format!("show_{}", name.trim_end_matches(".txt")),
                minesweeper().args(["show", &path])
            );
        }
    }
}

/// Input nobody should type, which must still get a normal game in
/// bounded memory: answers are never kept past 4096 bytes.
mod hostile_input {
    use super::*;

    /// `lines` joined, with `long` (100 MB of it) as the line at `at`.
    fn with_long_line(lines: &[&str], at: usize, long: u8) -> Vec<u8> {
        let mut input = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if i == at {
                input.resize(input.len() + 100_000_000, long);
                input.push(b'\n');
            }
            input.extend_from_slice(line.as_bytes());
            input.push(b'\n');
        }
        input
    }

    fn run(args: &[&str], input: Vec<u8>) -> (Option<i32>, String) {
        let output = output_of(minesweeper().args(args), &input);
        (
            output.status.code(),
            String::from_utf8(output.stdout).unwrap(),
        )
    }

    #[test]
    fn a_100_mb_answer_is_refused_and_the_game_goes_on() {
        let input = with_long_line(&["1", "2", "f"], 0, b'7');
        let (status, text) = run(&["boards/board1.txt"], input);
        assert_eq!(status, Some(0));
        assert!(
            text.contains("(inclusive): That number is not allowed.  Please try again!\n"),
            "{text}"
        );
        assert!(
            text.ends_with("You won! Congratulations, and good game!\n"),
            "{text}"
        );
    }

    #[test]
    fn a_100_mb_file_name_is_refused_and_asked_again() {
        let input = with_long_line(&[""], 0, b'a');
        let output = output_of(&mut minesweeper(), &input);
        let err = String::from_utf8(output.stderr).unwrap();
        assert_eq!(err, "error: no file name is that long (over 4096 bytes)\n");
        let out = String::from_utf8(output.stdout).unwrap();
        assert!(
            out.ends_with("Input ended before the game finished.\n"),
            "{out}"
        );
    }

    #[test]
    fn comp1511_stops_at_a_100_mb_number_like_scanf_at_a_word() {
        let input = with_long_line(&[], 0, b'9');
        let (status, text) = run(&["comp1511"], [b"0\n".as_slice(), &input].concat());
        assert_eq!(status, Some(0));
        // No mines, then something that is no int: the game ends as it does at a word.
        assert_eq!(text, stdout_of(&["comp1511"], "0\nword\n"));
    }

    /// A file in the system's temporary directory, removed when dropped.
    struct TempFile(std::path::PathBuf);

    impl TempFile {
        fn new(name: &str) -> Self {
            let path = std::env::temp_dir().join(format!("{}-{name}", std::process::id()));
            TempFile(path)
        }

        fn arg(&self) -> &str {
            self.0.to_str().unwrap()
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    #[test]
    fn a_1_gb_board_file_is_refused_unread() {
        let file = TempFile::new("1gb.txt");
        // Sparse: no gigabyte is written, but the file says it holds one.
        std::fs::File::create(&file.0)
            .unwrap()
            .set_len(1 << 30)
            .unwrap();
        let output = minesweeper().args(["show", file.arg()]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(
            err.ends_with(
                "is too big: more than 256 MiB (a 10000x10000 board takes under 100 MiB)\n"
            ),
            "{err}"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_endless_board_file_is_refused_at_its_first_foreign_byte() {
        // Read only while it could be a board: not to the 256 MiB limit.
        let output = minesweeper().args(["show", "/dev/zero"]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(err.contains("found the control character U+0000"), "{err}");
        assert!(err.contains("/dev/zero:1:1"), "{err}");
    }

    #[test]
    fn a_board_ten_million_columns_wide_loads_and_prints() {
        let file = TempFile::new("wide.txt");
        let width = 10_000_000;
        let mut text = vec![b'+'; width + 2];
        text.push(b'\n');
        text.push(b'+');
        text.extend((0..width).map(|c| if c % 7 == 0 { b'*' } else { b' ' }));
        text.extend_from_slice(b"+\n");
        text.extend(std::iter::repeat_n(b'+', width + 2));
        text.push(b'\n');
        std::fs::write(&file.0, text).unwrap();
        let output = minesweeper()
            .args(["show", file.arg()])
            .stdout(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        assert!(output.stderr.is_empty());
    }

    #[test]
    fn a_fault_in_a_ten_million_column_line_is_shown_around_it() {
        let file = TempFile::new("wide-bad.txt");
        let width = 10_000_000;
        let mut text = vec![b'+'; width + 2];
        text.extend_from_slice(b"\n+");
        text.extend(std::iter::repeat_n(b' ', width / 2));
        text.push(b'x');
        std::fs::write(&file.0, text).unwrap();
        let output = minesweeper().args(["show", file.arg()]).output().unwrap();
        assert_eq!(output.status.code(), Some(1));
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(err.len() < 400, "{err}");
        assert!(err.contains(":2:5000002"), "{err}");
    }
}

/// Under 16 colours (TERM=linux, no COLORTERM) no clue colour reads on
/// both black and white: the clues are coloured for the background the
/// player gives (`--background`), which is kept for the next time; with
/// nothing said, for a dark one.
mod background {
    use super::*;

    /// A column of three squares, mines at both ends: the middle shows 2.
    const TWO: &str = "+++\n+*+\n+ +\n+*+\n+++\n";

    fn opened_middle(home: &std::path::Path, extra: &[&str]) -> String {
        opened_middle_with(home, extra, None)
    }

    fn opened_middle_with(
        home: &std::path::Path,
        extra: &[&str],
        colorfgbg: Option<&str>,
    ) -> String {
        let board = home.join("two.txt");
        std::fs::write(&board, TWO).unwrap();
        let mut command = Command::new(common::minesweeper_binary());
        command
            .arg(&board)
            .args(["--color", "always", "--record"])
            .args(extra)
            .env("HOME", home)
            .env("XDG_DATA_HOME", home.join("data"))
            .env("XDG_STATE_HOME", home.join("state"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("TERM", "linux")
            .env_remove("COLORTERM")
            .env_remove("COLORFGBG")
            .env_remove("NO_COLOR")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE");
        if let Some(colorfgbg) = colorfgbg {
            command.env("COLORFGBG", colorfgbg);
        }
        let output = output_of(&mut command, typed(&["2", "1", "r"]).as_bytes());
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    #[test]
    fn the_clues_are_coloured_for_the_background_said_and_kept() {
        let home = tempfile::tempdir().unwrap();
        // Nothing said: dark, 2 in green.
        assert!(opened_middle(home.path(), &[]).contains("\u{1b}[32m2"));
        // Light: 2 in blue (no green reads on white), and kept.
        let light = opened_middle(home.path(), &["--background", "light"]);
        assert!(light.contains("\u{1b}[34m2"), "{light}");
        let kept =
            std::fs::read_to_string(home.path().join("config/minesweeper/settings.json")).unwrap();
        assert!(kept.contains("\"background\": \"light\""), "{kept}");
        assert!(opened_middle(home.path(), &[]).contains("\u{1b}[34m2"));
        // Said again: dark, and kept over light.
        let dark = opened_middle(home.path(), &["--background", "dark"]);
        assert!(dark.contains("\u{1b}[32m2"), "{dark}");
        assert!(opened_middle(home.path(), &[]).contains("\u{1b}[32m2"));
        // The terminal's COLORFGBG (white behind) comes before the kept word.
        let light = opened_middle_with(home.path(), &[], Some("0;15"));
        assert!(light.contains("\u{1b}[34m2"), "{light}");
    }
}
