//! `play`'s and `replay`'s loops themselves, fed keys in this process: the
//! same loop a player's keys reach, on a scripted host (ratatui's test
//! backend), with records kept in a folder of the test's own. What only a
//! terminal shows (its modes given back, signals, its colours) is left to
//! the pseudo-terminal tests of the program.

use std::path::Path;

use crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use engine::{Deal, RuleSet, parse_board};
use minesweeper_screen::command::key_events;
use minesweeper_screen::host::Scripted;
use minesweeper_screen::replay::{self, Replay};
use minesweeper_screen::state::Setup;
use minesweeper_screen::theme::{Looks, Theme};
use minesweeper_screen::{Shows, Zoom, play_on, ready};
use records::places::Places;
use records::{Front, GameResult, Record, Recorder};

/// Two mines: in the top left corner and at row 2, column 3. A game
/// starts with the cursor in the middle, on the 2 between them.
const TWO_MINES: &[u8] = b"+++++\n+*  +\n+  *+\n+   +\n+++++\n";

fn places(folder: &Path) -> Places {
    Places {
        history: folder.join("data/history.jsonl"),
        saves: folder.join("state"),
        settings: folder.join("config/settings.json"),
        boards: folder.join("data/boards"),
    }
}

fn two_mines() -> Setup {
    on_board(TWO_MINES, &RuleSet::CLASSIC)
}

fn on_board(board: &[u8], rule_set: &'static RuleSet) -> Setup {
    Setup {
        deal: Deal::Board(parse_board(board).unwrap()),
        rule_set,
        rules: rule_set.rules,
        looks: Looks {
            colour: false,
            sixteen: false,
            theme: Theme::Mono,
            unicode: false,
        },
        animate: None,
        board_name: Some("board.txt".to_owned()),
        hint_penalty: None,
        spare_seed: 99,
    }
}

fn keys(script: &str) -> Vec<Event> {
    key_events(script).unwrap()
}

/// Plays `events` on the two mines' board, 80x24, recording in `folder`;
/// the host as the loop left it, and what the loop returned.
fn play(folder: &Path, events: Vec<Event>) -> (Scripted, std::io::Result<Option<u64>>) {
    play_setup(two_mines(), folder, events)
}

fn play_setup(
    setup: Setup,
    folder: &Path,
    events: Vec<Event>,
) -> (Scripted, std::io::Result<Option<u64>>) {
    let recorder = Recorder::new(places(folder), Front::Screen);
    let mut host = Scripted::new(80, 24, events);
    let screen = ready(
        setup,
        Zoom::Fit,
        None,
        &recorder,
        Shows::default(),
        (80, 24),
    )
    .unwrap();
    let ended = play_on(&mut host, screen, recorder, Shows::default()).map_err(|e| match e {
        minesweeper_screen::RunError::Io(e) => e,
        other => std::io::Error::other(other.to_string()),
    });
    (host, ended)
}

/// The squares of board row `row` (from 1) as `screen` shows them: the
/// line labelled `row` whose other words are the three squares.
fn squares(screen: &str, row: usize) -> Vec<String> {
    screen
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|words| words.len() == 4 && words[0] == row.to_string())
        .map(|words| words[1..].iter().map(|&w| w.to_owned()).collect())
        .unwrap_or_else(|| panic!("no row {row} in\n{screen}"))
}

/// Whether `screen` says `text`, its line breaks and runs of spaces (a
/// message wrapped where the width falls) read as one space.
fn said(screen: &str, text: &str) -> bool {
    let shown = screen.replace('\u{a0}', " ");
    let shown = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    shown.contains(text)
}

fn history(folder: &Path) -> Vec<Record> {
    let mut games = Vec::new();
    records::history::each(&places(folder).history, |_, record: Record| {
        games.push(record);
    })
    .unwrap();
    games
}

#[test]
fn keys_reach_the_loop_and_quitting_keeps_the_game_in_progress() {
    let folder = tempfile::tempdir().unwrap();
    let (host, ended) = play(folder.path(), keys("<space>q"));
    assert_eq!(ended.unwrap(), None, "a board file has no seed to say");
    // Seen when `q` was pressed: the 2 opened under the cursor.
    assert_eq!(squares(&host.seen[0], 2), [".", ".", "."]);
    assert_eq!(squares(&host.seen[1], 2), [".", "2", "."]);
    assert!(history(folder.path()).is_empty(), "nothing filed yet");
    let mut recorder = Recorder::new(places(folder.path()), Front::Screen);
    let saved = recorder.saved().unwrap().expect("the game is saved");
    assert_eq!(saved.result, GameResult::Playing);
}

#[test]
fn a_lost_game_is_filed_and_watched_again_on_the_same_screen() {
    let folder = tempfile::tempdir().unwrap();
    // Up and left onto the mine in the corner, then `w` to watch it, `q`
    // to leave the replay and `q` to quit.
    let (host, ended) = play(folder.path(), keys("kh<space>wqq"));
    ended.unwrap();
    let games = history(folder.path());
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].result, GameResult::Lost);
    assert_eq!(squares(&host.seen[3], 1), ["X", ".", "."]);
    // The replay's bar was on the screen when its `q` came, and is gone
    // when the game's own `q` comes, the game drawn whole again.
    let bar = "Replay of the game just played: move 1 of 1, the end";
    assert!(host.seen[4].contains(bar), "{}", host.seen[4]);
    assert!(!host.seen[5].contains("Replay of"), "{}", host.seen[5]);
    assert_eq!(squares(&host.seen[5], 2), [".", ".", "*"]);
    assert_eq!(host.redrawn_whole, 3, "the start, the replay, back");
}

#[test]
fn ctrl_z_stops_the_game_and_it_is_drawn_whole_when_resumed() {
    let folder = tempfile::tempdir().unwrap();
    let (host, ended) = play(folder.path(), keys("<C-z>q"));
    ended.unwrap();
    assert_eq!(host.suspended, 1);
    assert_eq!(host.redrawn_whole, 2, "once at the start, once resumed");
}

#[test]
fn a_terminal_too_small_says_so_and_the_board_comes_back_when_it_grows() {
    let folder = tempfile::tempdir().unwrap();
    let mut events = vec![Event::Resize(12, 4), Event::Resize(80, 24)];
    events.extend(keys("q"));
    let (host, ended) = play(folder.path(), events);
    ended.unwrap();
    assert!(host.seen[1].starts_with("Too small"), "{}", host.seen[1]);
    assert_eq!(host.seen[1].lines().count(), 4, "drawn on 12x4");
    assert_eq!(squares(&host.seen[2], 1), [".", ".", "."]);
    assert_eq!(host.seen[2].lines().count(), 24);
}

/// A terminal too small for the board takes no key and no click: once it
/// is big enough, the board is as dealt, the clock at 0, nothing kept.
#[test]
fn keys_do_nothing_while_the_board_cannot_be_seen() {
    let folder = tempfile::tempdir().unwrap();
    let click = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 1,
        row: 1,
        modifiers: KeyModifiers::NONE,
    });
    let mut events = vec![Event::Resize(12, 4)];
    events.extend(keys(" f "));
    events.extend([click, Event::Resize(80, 24)]);
    events.extend(keys("q"));
    let (host, ended) = play(folder.path(), events);
    ended.unwrap();
    let shown = host.seen.last().unwrap();
    for row in 1..=3 {
        assert_eq!(squares(shown, row), [".", ".", "."], "{shown}");
    }
    assert!(shown.starts_with("Mines 2  Time 0.0 "), "{shown}");
    let mut recorder = Recorder::new(places(folder.path()), Front::Screen);
    assert!(recorder.saved().unwrap().is_none(), "no game begun");
}

/// After a win, where it stands among the games of its kind, from the
/// records: the first, then the second on the same board (the flags of a
/// proj3 win start no clock: both take 0 s); `b` shows the statistics of
/// the history, and any key closes them.
#[test]
fn a_win_says_where_it_stands_among_the_earlier_ones() {
    let folder = tempfile::tempdir().unwrap();
    let single_mine = on_board(b"+++\n+*+\n+++\n", &RuleSet::PROJ3);
    let (host, ended) = play_setup(single_mine, folder.path(), keys("frfbxq"));
    ended.unwrap();
    let first = "Your first clean win; 1 won of 1 played.";
    assert!(said(&host.seen[1], first), "{}", host.seen[1]);
    assert!(
        said(&host.seen[2], "The same board again"),
        "{}",
        host.seen[2]
    );
    let second = "A new best time, of 2 clean wins; 2 won of 2 played.";
    assert!(said(&host.seen[3], second), "{}", host.seen[3]);
    assert!(said(&host.seen[4], "Statistics"), "{}", host.seen[4]);
    assert!(said(&host.seen[4], "2 played, 2 won (100 %)"));
    assert!(!said(&host.seen[5], "Statistics"), "{}", host.seen[5]);
    assert_eq!(history(folder.path()).len(), 2);
}

#[test]
fn a_script_that_runs_out_ends_the_loop_with_an_error_not_a_hang() {
    let folder = tempfile::tempdir().unwrap();
    let (_, ended) = play(folder.path(), keys("<space>"));
    let error = ended.unwrap_err();
    assert!(error.to_string().contains("ran out of events"), "{error}");
}

#[test]
fn a_replay_plays_on_its_own_and_quits() {
    let folder = tempfile::tempdir().unwrap();
    let (_, ended) = play(folder.path(), keys("kh<space>q"));
    ended.unwrap();
    let mut record = history(folder.path()).remove(0);
    // The history names the board; the board itself is kept beside it.
    records::boards::attach(&places(folder.path()).boards, &mut record).unwrap();
    let setup = Setup::recorded(&record, two_mines().looks, None).unwrap();
    let events = records::rebuild::Rebuilder::new(&record, &solver::NoGuess)
        .unwrap()
        .events_to_watch();
    let replay = Replay::new(
        setup,
        events,
        1.0,
        "of a test".to_owned(),
        (80, 24),
        std::time::Instant::now(),
    )
    .unwrap();
    // `0` goes back to the start, `.` steps to the loss.
    let mut host = Scripted::new(80, 24, keys("0.q"));
    replay::play_on(&mut host, replay, Shows::default()).unwrap();
    assert_eq!(squares(&host.seen[1], 1), [".", ".", "."]);
    assert!(host.seen[1].contains("move 0 of 1"), "{}", host.seen[1]);
    assert_eq!(squares(&host.seen[2], 1), ["X", ".", "."]);
    assert!(host.seen[2].contains("move 1 of 1"), "{}", host.seen[2]);
}

/// The screen README shows after a hint (`play --level expert --seed 5
/// --first-move opening`, then Space and `i`, on 80x24) is the one the
/// loop draws, the clock aside (a player's hint comes later than a
/// script's).
#[test]
fn the_readme_hint_screen_is_what_the_loop_draws() {
    let rule_set = &RuleSet::CLASSIC;
    let setup = Setup {
        deal: Deal::Random {
            layout: engine::Layout::EXPERT,
            seed: 5,
            no_guess: false,
        },
        rule_set,
        rules: engine::Rules {
            first_move: engine::FirstMove::Opening,
            ..rule_set.rules
        },
        looks: Looks {
            colour: true,
            sixteen: false,
            theme: Theme::Classic,
            unicode: true,
        },
        animate: None,
        board_name: None,
        hint_penalty: None,
        spare_seed: 6,
    };
    let folder = tempfile::tempdir().unwrap();
    let (host, ended) = play_setup(setup, folder.path(), keys(" iq"));
    ended.unwrap();
    // A no-break space holds a number to its unit on the screen; README
    // shows a space.
    let drawn = without_the_clock(&trimmed(&host.seen[2].replace('\u{a0}', " ")));
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let start = readme
        .find("hint (`i`) on an 80x24 terminal:\n\n```\n")
        .expect("README's hint screen")
        + "hint (`i`) on an 80x24 terminal:\n\n```\n".len();
    let shown = &readme[start..start + readme[start..].find("```").unwrap()];
    assert_eq!(without_the_clock(shown.trim_end()), drawn, "\n{drawn}");
}

/// `screen` with each line's trailing spaces and the blank lines at its
/// end taken off.
fn trimmed(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    lines.join("\n").trim_end().to_owned()
}

/// `screen` with its clock's figure as `N`.
fn without_the_clock(screen: &str) -> String {
    let Some(at) = screen.find("Time ") else {
        return screen.to_owned();
    };
    let after = at + "Time ".len();
    let end = after + screen[after..].find(' ').unwrap_or(0);
    format!("{}N{}", &screen[..after], &screen[end..])
}
