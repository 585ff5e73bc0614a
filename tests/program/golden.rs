//! The course's example transcripts, byte for byte: each `tests/golden/NAME.in`
//! typed into the program must print exactly `tests/golden/NAME.out`.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common;

/// Runs the program from the project root with `args`, typing `input`, and
/// returns what it printed; stdout and stdin are pipes, as in the examples.
fn run(args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut child = common::sandboxed(&mut Command::new(common::minesweeper_binary()))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
    output.stdout
}

/// `NAME.in` typed (nothing if there is no such file) must print `NAME.out`.
fn golden(name: &str, args: &[&str]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let input = std::fs::read(dir.join(format!("{name}.in"))).unwrap_or_default();
    let expected = std::fs::read(dir.join(format!("{name}.out"))).unwrap();
    let printed = run(args, &input);
    if printed != expected {
        panic!(
            "{name}: output differs from the transcript\n--- expected\n{}\n--- printed\n{}",
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(&printed)
        );
    }
}

#[test]
fn board2_win() {
    golden("board2-win", &["boards/board2.txt"]);
}

#[test]
fn board2_loss() {
    golden("board2-loss", &["boards/board2.txt"]);
}

#[test]
fn board2_input_ends_mid_move() {
    golden("board2-eof", &["boards/board2.txt"]);
}

#[test]
fn board4_named_at_the_prompt() {
    golden("board4-prompt", &[]);
}

/// The COMP1511 examples of the seed, each typed into `minesweeper comp1511`.
/// The debug print ends each number with a space, as the course's
/// `print_debug_minefield` does (`printf("%d ", ...)`).
mod comp1511 {
    use super::golden;

    macro_rules! examples {
        ($($test:ident: $name:literal,)*) => {
            $(
                #[test]
                fn $test() {
                    golden($name, &["comp1511"]);
                }
            )*
        };
    }

    examples! {
        place_mines: "comp1511-place-mines",
        detect_row_and_column: "comp1511-detect-row-column",
        detect_square: "comp1511-detect-square",
        reveal_square_alone: "comp1511-reveal-square-alone",
        reveal_square_around: "comp1511-reveal-square-around",
        hints_run_out: "comp1511-hints",
        gameplay_then_debug: "comp1511-gameplay-then-debug",
        gameplay_lost: "comp1511-gameplay-lost",
        reveal_radial: "comp1511-reveal-radial",
        safe_first_turn: "comp1511-safe-first-turn",
    }
}

/// The solver on the course's boards, step by step: every deduction with
/// its reason and the board after it. These transcripts are the program's
/// own, each read through against its board when it was made.
mod solve {
    use super::golden;

    #[test]
    fn board1() {
        golden("solve-board1", &["solve", "--steps", "boards/board1.txt"]);
    }

    #[test]
    fn board2() {
        golden("solve-board2", &["solve", "--steps", "boards/board2.txt"]);
    }

    #[test]
    fn board3() {
        golden("solve-board3", &["solve", "--steps", "boards/board3.txt"]);
    }

    #[test]
    fn board4_from_a_first_move_guessing_when_stuck() {
        golden(
            "solve-board4-guess",
            &[
                "solve",
                "--steps",
                "--at",
                "8,8",
                "--when-stuck",
                "guess",
                "boards/board4.txt",
            ],
        );
    }
}

/// README's snapshot-testing lines, run as they stand, in a folder of a
/// player's own holding `boards/board2.txt` and a correct `proj3.py` (the
/// example's): `diff` prints nothing, and each line does what it says.
#[test]
fn the_readme_snapshot_lines_give_an_empty_diff_for_a_correct_program() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme
        .split("## Snapshot-testing a board or a program with it")
        .nth(1)
        .expect("README's snapshot section");
    let block = section
        .split("```")
        .nth(1)
        .expect("its code block")
        .trim_start_matches('\n');
    let folder = tempfile::tempdir().unwrap();
    std::fs::create_dir(folder.path().join("boards")).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(
        root.join("boards/board2.txt"),
        folder.path().join("boards/board2.txt"),
    )
    .unwrap();
    std::fs::copy(
        root.join("examples/proj3.py"),
        folder.path().join("proj3.py"),
    )
    .unwrap();
    let binary = common::minesweeper_binary();
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut shell = Command::new("sh");
    common::sandboxed(&mut shell);
    let output = shell
        .arg("-e")
        .arg("-c")
        .arg(block)
        .current_dir(folder.path())
        .env("PATH", path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(said, "", "diff printed something");
    let expected = std::fs::read_to_string(folder.path().join("expected.txt")).unwrap();
    assert!(
        expected.contains("You won!"),
        "played to its end:\n{expected}"
    );
    let solved = std::fs::read_to_string(folder.path().join("board2.solved")).unwrap();
    assert!(solved.contains('*'), "{solved}");
}
