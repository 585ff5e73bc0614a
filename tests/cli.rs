//! Whole runs of the program: scripted input in, snapshots of stdout, stderr
//! and the exit status out. Each snapshot under `tests/snapshots/` reads as a
//! transcript; review one like a transcript before accepting it.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use insta_cmd::{assert_cmd_snapshot, get_cargo_bin};

/// The program, run from the project root with the colour settings of the
/// surrounding shell removed, so `auto` means plain on a pipe, and help
/// wrapped to 80 columns whatever the terminal.
fn minesweeper() -> Command {
    let mut cmd = Command::new(get_cargo_bin("minesweeper"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("COLUMNS", "80")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("NO_COLOR");
    cmd
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
    fn crlf_board_plays_like_any_other() {
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
