//! The game in lines, for a screen reader or a braille display: whole
//! games typed in and read out, as a player who cannot see the screen
//! plays them. Each snapshot under `tests/snapshots/` is such a game's
//! transcript; read it as that player would hear it.

use std::path::Path;
use std::process::{Command, Output};

use insta_cmd::assert_cmd_snapshot;

use crate::common;

/// The program in the tests' home, from the project root, with colour
/// forced on: the game in lines must send none of it.
fn minesweeper(home: &Path) -> Command {
    let mut cmd = Command::new(common::minesweeper_binary());
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("FORCE_COLOR", "3")
        .env("CLICOLOR_FORCE", "1")
        .env_remove("NO_COLOR");
    cmd
}

fn typed(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn output_of(command: &mut Command, lines: &[&str]) -> Output {
    common::typing(command, typed(lines).as_bytes())
        .wait_with_output()
        .unwrap()
}

/// The time a game took, and the rate that comes of it, as the machine
/// made them: filtered from a transcript.
fn elapsed() -> Vec<(&'static str, &'static str)> {
    vec![(
        r"\d+\.\d s,( 3BV \d+( of \d+)?)?(, \d+\.\d\d 3BV/s)?",
        "[elapsed] s,$1",
    )]
}

/// Nothing but words and line ends: no colour, no cursor movement, no
/// escape of any kind for a screen reader to stumble over.
fn assert_words_alone(output: &Output) {
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(
        !shown.contains('\u{1b}'),
        "an escape code was sent:\n{shown}"
    );
    assert!(
        shown
            .chars()
            .all(|c| c == '\n' || c == '\t' || !c.is_control()),
        "a control character was sent:\n{shown}"
    );
}

/// Seed 6, beginner (9x9, 10 mines). The first move opens 57 squares;
/// the player reads the counts, a row, the squares around one, a square,
/// asks for the commands, mistypes a row, and then wins on the hints
/// alone, as someone who cannot see the board would.
const BEGINNER_WIN: &[&str] = &[
    "5 5", "m", "row 1", "n 1 6", "l 9 9", "?", "f 10 1", "h", "f 1 7", "h", "f 1 8", "h", "f 2 9",
    "h", "f 5 3", "h", "f 7 9", "h", "8 9", "h", "f 9 5", "h", "9 6", "h", "f 9 7", "h", "f 9 8",
    "h", "9 9", "h", "1 9", "h", "3 3", "h", "4 3", "h", "f 2 3", "h", "1 3", "h", "1 2", "h",
    "2 2", "h", "1 1", "h", "f 4 2", "h", "4 1", "n",
];

#[test]
fn a_beginner_game_is_won_by_ear() {
    let home = common::home();
    let args = [
        "--rules",
        "classic",
        "--level",
        "beginner",
        "--seed",
        "6",
        "--hints",
        "--no-record",
        "--color",
        "always",
        "--screen-reader",
    ];
    let output = output_of(minesweeper(&home).args(args), BEGINNER_WIN);
    assert_words_alone(&output);
    insta::with_settings!({filters => elapsed()}, {
        assert_cmd_snapshot!(minesweeper(&home).args(args).pass_stdin(typed(BEGINNER_WIN)));
    });
}

/// The course's board 2 under its own rules, won by flagging every mine,
/// with the refusals the course's transcript makes (a flag on an open
/// square, a row that is not on the board) said in a line each.
#[test]
fn the_course_game_is_won_by_flags_in_lines() {
    let home = common::home();
    let moves = [
        "3 1", "1 2 f", "1 2", "f 1 2", "3 1", "f 3 1", "0 2", "seven", "f 2 4", "f 4 3", "f 4 4",
        "f 5 5", "n 5 4", "f 1 2",
    ];
    let args = ["--screen-reader", "boards/board2.txt"];
    let output = output_of(minesweeper(&home).args(args), &moves);
    assert_words_alone(&output);
    insta::with_settings!({filters => elapsed()}, {
        assert_cmd_snapshot!(minesweeper(&home).args(args).pass_stdin(typed(&moves)));
    });
}

/// `play --screen-reader` deals what `play` deals (here a board made to
/// need no guess) and plays it in lines, on a terminal that could never
/// draw the full screen.
#[test]
fn play_in_lines_deals_as_play_does_on_any_terminal() {
    let home = tempfile::tempdir().unwrap();
    let output = output_of(
        minesweeper(home.path())
            .env("TERM", "dumb")
            .args([
                "play",
                "--screen-reader",
                "--no-guess",
                "--level",
                "beginner",
            ])
            .args(["--seed", "6", "--no-record"]),
        &["5 5", "h", "m", "q"],
    );
    assert_words_alone(&output);
    let shown = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(shown.contains("9 rows, 9 columns, 10 mines."), "{shown}");
    // A no-guess board opens an area at the first square, and the hint
    // that follows is certain: no guess is ever needed.
    assert!(shown.contains("Move: Opened "), "{shown}");
    let hint = shown
        .lines()
        .skip_while(|line| !line.starts_with("Move: Opened "))
        .nth(1)
        .unwrap_or_default();
    assert!(
        hint.contains("is safe") || hint.contains("is a mine"),
        "{shown}"
    );
    assert!(!hint.contains("guess"), "{shown}");
    assert!(shown.contains("You quit the game."), "{shown}");
}

/// A game left in lines is saved after every move and carried on where
/// it stood, its first line saying how far it had come.
#[test]
fn a_game_left_in_lines_is_carried_on_where_it_stood() {
    let home = tempfile::tempdir().unwrap();
    let game = [
        "--screen-reader",
        "--rules",
        "classic",
        "--seed",
        "6",
        "--record",
    ];
    let left = output_of(minesweeper(home.path()).args(game), &["5 5", "f 1 7", "q"]);
    assert_eq!(left.status.code(), Some(0), "{left:?}");
    let carried = output_of(
        minesweeper(home.path()).args(game).arg("--resume"),
        &["l 1 7", "q"],
    );
    let shown = String::from_utf8_lossy(&carried.stdout);
    assert!(
        shown.contains(
            "9 rows, 9 columns, 10 mines. 9 mines left, 1 flag placed; \
             14 squares without a mine still to open."
        ),
        "{shown}"
    );
    assert!(
        shown.contains("Move: Row 1 column 7 is flagged."),
        "{shown}"
    );
}

/// With hints paid for in time (the full screen's menu), a hint in lines
/// adds its 10 s too and says so, and the record keeps the rule; a game
/// quit is said to be kept.
#[test]
fn a_hint_in_lines_costs_what_the_menu_says_and_a_quit_keeps_the_game() {
    let folder = tempfile::tempdir().unwrap();
    let home = folder.path();
    let config = home.join("config/minesweeper");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("settings.json"), r#"{"hint_penalty": true}"#).unwrap();
    let args = [
        "play",
        "--screen-reader",
        "--level",
        "beginner",
        "--seed",
        "6",
        "--record",
    ];
    let output = output_of(minesweeper(home).args(args), &["5 5", "h", "q"]);
    assert_words_alone(&output);
    let said = String::from_utf8_lossy(&output.stdout);
    let hint = said
        .lines()
        .find(|line| line.contains("Hint, "))
        .unwrap_or_default();
    assert!(hint.ends_with(" (+10 s)"), "{said}");
    assert!(
        said.contains("You quit the game. It is saved: the next game offers to carry it on."),
        "{said}"
    );
    let save = std::fs::read_dir(home.join("state/minesweeper"))
        .unwrap()
        .flatten()
        .find(|entry| entry.file_name().to_string_lossy().ends_with(".json"))
        .map(|entry| std::fs::read_to_string(entry.path()).unwrap())
        .unwrap_or_default();
    assert!(save.contains("\"hint_penalty_s\":10"), "{save}");
    assert!(save.contains("\"hints\":1"), "{save}");
}

/// Seed 12345678901234, beginner: after 5 5, row 1 column 6 is a mine.
const LOSS_SEED: &str = "12345678901234";

/// A loss by ear: where the mines were, when asked; the mine taken back
/// (a death counted, the loss never filed); the statistics and the seed
/// said only when asked; a move typed on by habit after the loss ends
/// nothing; then the loss let stand is filed once.
#[test]
fn a_loss_in_lines_can_be_heard_taken_back_or_let_stand() {
    // A history of its own: what it counts is this test's games alone.
    let folder = tempfile::tempdir().unwrap();
    let home = folder.path();
    let args = [
        "play",
        "--screen-reader",
        "--level",
        "beginner",
        "--seed",
        LOSS_SEED,
        "--record",
    ];
    let moves = [
        "5 5", "n 5 5", "1 6", "1 7", "w", "u", "s", "seed", "1 6", "", "n",
    ];
    let output = output_of(minesweeper(home).args(args), &moves);
    assert_words_alone(&output);
    let said = String::from_utf8_lossy(&output.stdout);
    let heard = |text: &str| assert!(said.contains(text), "{text} missing:\n{said}");
    heard("all 8 covered");
    heard("The game is lost: u, w, or an empty line.");
    heard("Mines: row 1 column 6;");
    heard("Undone: the mine set off at row 1 column 6, which is covered again; 10 mines left.");
    // The end let stand is one line, with the full screen's figures, and
    // the question on it: a braille display shows the last line alone.
    let end = said
        .lines()
        .find(|line| line.contains("Play again? (y/n)"))
        .unwrap_or_default();
    for part in [
        "Game Over! ",
        " s, 3BV ",
        " of ",
        " clicks, ",
        "% efficient; 0 hints.",
    ] {
        assert!(end.contains(part), "{part} in {end}");
    }
    heard("No game of this kind is in the history yet.");
    heard(&format!(
        "Seed {LOSS_SEED}: --seed {LOSS_SEED} plays this board again."
    ));
    assert_eq!(
        said.matches(LOSS_SEED).count(),
        2,
        "the seed only where asked:\n{said}"
    );
    let history =
        std::fs::read_to_string(home.join("data/minesweeper/history.jsonl")).unwrap_or_default();
    let games: Vec<&str> = history.lines().collect();
    assert_eq!(games.len(), 1, "the loss let stand, filed once: {history}");
    for field in ["\"result\":\"lost\"", "\"deaths\":2", "\"undos\":1"] {
        assert!(games[0].contains(field), "{field}: {}", games[0]);
    }
    // The next game's statistics count it.
    let output = output_of(minesweeper(home).args(args), &["s", "q"]);
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        said.contains("This kind of game: 0 won of 1 played, 0 percent; winning streak 0, best 0."),
        "{said}"
    );
}
