//! Invariants that hold for every board and every sequence of moves.

use std::collections::{HashSet, VecDeque};

use minesweeper::engine::{
    Action, Board, Cover, Frame, Game, Glyph, Grid, Move, Outcome, Pos, Status, parse_board,
    to_board_file,
};
use minesweeper::front::prompt::{Console, play};
use minesweeper::render::{Paint, write_board, write_solution};
use proptest::prelude::*;

/// Boards up to 12x12 of any mine density, in either frame.
fn any_board() -> impl Strategy<Value = Board> {
    (1usize..=12, 1usize..=12, 0.0f64..0.6, any::<bool>())
        .prop_flat_map(|(rows, cols, density, hash)| {
            let cells = prop::collection::vec(prop::bool::weighted(density), rows * cols);
            (Just(rows), Just(cols), cells, Just(hash))
        })
        .prop_map(|(rows, cols, cells, hash)| {
            let frame = if hash { Frame::Hash } else { Frame::Plus };
            Board::new(Grid::from_row_major(rows, cols, cells), frame)
        })
}

/// Moves as fractions of the board's size, so one strategy fits every board.
fn any_moves() -> impl Strategy<Value = Vec<(bool, f64, f64)>> {
    prop::collection::vec((any::<bool>(), 0.0f64..1.0, 0.0f64..1.0), 0..40)
}

fn to_move(board: &Board, (reveal, row, col): (bool, f64, f64)) -> Move {
    let at = Pos::new(
        (row * board.rows() as f64) as usize,
        (col * board.cols() as f64) as usize,
    );
    let action = if reveal { Action::Reveal } else { Action::Flag };
    Move { action, at }
}

/// What reveal(start) should open, worked out independently of the engine:
/// a breadth-first search of the 8-connected empty squares that are not
/// flagged, plus every unflagged square touching them.
fn expected_island(board: &Board, flagged: &HashSet<Pos>, start: Pos) -> HashSet<Pos> {
    let mut opened = HashSet::from([start]);
    if board.clue(start) > 0 {
        return opened;
    }
    let mut queue = VecDeque::from([start]);
    let mut seen = HashSet::from([start]);
    while let Some(pos) = queue.pop_front() {
        for near in board.mines().neighbours(pos) {
            if flagged.contains(&near) {
                continue;
            }
            opened.insert(near);
            if board.clue(near) == 0 && seen.insert(near) {
                queue.push_back(near);
            }
        }
    }
    opened
}

fn open_squares(game: &Game) -> HashSet<Pos> {
    let mines = game.board().mines();
    mines
        .positions()
        .filter(|&p| game.cover(p) == Cover::Open)
        .collect()
}

/// Removes ANSI escape sequences (`ESC [ ... letter`).
fn strip_ansi(text: &str) -> String {
    let mut plain = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain
}

/// Reads a solved board back from the printer's output into a board file.
fn unprint(text: &str, frame: char) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let framed: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].trim_start().starts_with(frame))
        .collect();
    let (top, bottom) = (framed[0], *framed.last().unwrap());
    let cols = lines[top].matches(frame).count() - 2;
    let edge: String = std::iter::repeat_n(frame, cols + 2).collect();
    let mut file = format!("{edge}\n");
    for line in &lines[top + 1..bottom] {
        let start = line.find(frame).unwrap();
        let squares: String = (0..cols)
            .map(|k| match line.as_bytes()[start + 2 * (k + 1)] {
                b'*' => '*',
                _ => ' ',
            })
            .collect();
        file.push_str(&format!("{frame}{squares}{frame}\n"));
    }
    file + &edge + "\n"
}

proptest! {
    #[test]
    fn island_is_the_empty_component_and_its_rim(
        board in any_board(),
        flags in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0), 0..6),
        start in (0.0f64..1.0, 0.0f64..1.0),
    ) {
        let mut game = Game::new(board.clone());
        let mut flagged = HashSet::new();
        for spot in flags {
            let mv = to_move(&board, (false, spot.0, spot.1));
            if flagged.insert(mv.at) {
                game.apply(mv);
            }
        }
        let mv = to_move(&board, (true, start.0, start.1));
        prop_assume!(!board.is_mine(mv.at) && !flagged.contains(&mv.at));
        prop_assume!(game.status() == Status::Playing);
        let outcome = game.apply(mv);
        let expected = expected_island(&board, &flagged, mv.at);
        prop_assert_eq!(outcome, Outcome::Opened(expected.len()));
        prop_assert_eq!(open_squares(&game), expected);
        for &flag in &flagged {
            prop_assert_eq!(game.cover(flag), Cover::Flagged);
        }
    }

    #[test]
    fn moves_keep_the_books_straight(board in any_board(), moves in any_moves()) {
        let mut game = Game::new(board.clone());
        for spot in moves {
            let mv = to_move(&board, spot);
            let before = game.cover(mv.at);
            let outcome = game.apply(mv);
            // A reveal never opens a mine it was not aimed at.
            for pos in open_squares(&game) {
                prop_assert!(!board.is_mine(pos), "{pos:?} is an open mine");
            }
            if outcome == Outcome::Detonated {
                prop_assert!(board.is_mine(mv.at) && before == Cover::Hidden);
                prop_assert_eq!(game.status(), Status::Lost(mv.at));
                prop_assert_eq!(game.glyph(mv.at), Glyph::Detonated);
            }
            let flags: Vec<Pos> = board
                .mines()
                .positions()
                .filter(|&p| game.cover(p) == Cover::Flagged)
                .collect();
            prop_assert_eq!(game.mines_left(), board.mine_count() as i64 - flags.len() as i64);
            let exactly_the_mines = flags.len() == board.mine_count()
                && flags.iter().all(|&p| board.is_mine(p));
            if !matches!(game.status(), Status::Lost(_)) {
                prop_assert_eq!(game.status() == Status::Won, exactly_the_mines);
            }
        }
    }

    #[test]
    fn colour_stripped_is_plain(board in any_board(), moves in any_moves()) {
        let mut game = Game::new(board.clone());
        for spot in moves {
            game.apply(to_move(&board, spot));
        }
        let print = |paint| {
            let mut out = Vec::new();
            write_board(&mut out, game.board(), |p| game.glyph(p), paint).unwrap();
            String::from_utf8(out).unwrap()
        };
        let (plain, coloured) = (print(Paint::Plain), print(Paint::Colour));
        prop_assert!(coloured.contains('\x1b'));
        prop_assert_eq!(strip_ansi(&coloured), plain);
    }

    #[test]
    fn show_output_parses_back_to_the_board(board in any_board()) {
        let mut out = Vec::new();
        write_solution(&mut out, &board, Paint::Plain).unwrap();
        let text = String::from_utf8(out).unwrap();
        let file = unprint(&text, board.frame().glyph());
        prop_assert_eq!(parse_board(file.as_bytes()).unwrap(), board);
    }

    #[test]
    fn board_files_load_back(board in any_board()) {
        prop_assert_eq!(parse_board(to_board_file(&board).as_bytes()).unwrap(), board);
    }

    #[test]
    fn any_bytes_load_or_are_pointed_at(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        check_refusal(&bytes);
    }

    #[test]
    fn damaged_boards_load_or_are_pointed_at(
        board in any_board(),
        damage in prop::collection::vec(
            (0.0f64..1.0, prop::sample::select(b"+#* \t\r\nx\xff\xc3".to_vec())),
            1..4,
        ),
    ) {
        let mut bytes = to_board_file(&board).into_bytes();
        for (at, byte) in damage {
            let index = (at * bytes.len() as f64) as usize;
            bytes[index] = byte;
        }
        check_refusal(&bytes);
    }

    #[test]
    fn any_typing_ends_the_game_cleanly(
        board in any_board(),
        lines in prop::collection::vec(
            prop::sample::select(vec!["1", "2", "3", "12", "0", "-1", "r", "f", "R", " f ", "", "x", "1 2", "é", "99999999999999999999"]),
            0..60,
        ),
    ) {
        let typed = lines.join("\n");
        let mut console = Console {
            input: typed.as_bytes(),
            out: Vec::new(),
            err: Vec::new(),
            paint: Paint::Plain,
        };
        play(&mut console, Some(board)).unwrap();
        let text = String::from_utf8(console.out).unwrap();
        prop_assert!(
            text.ends_with("You won! Congratulations, and good game!\n")
                || text.ends_with("You detonated a mine!  Game Over!\n")
                || text.ends_with("\nInput ended before the game finished.\n"),
            "{}", text
        );
    }
}

/// A refused file's error points inside the file, or just past its last line.
fn check_refusal(bytes: &[u8]) {
    if let Err(error) = parse_board(bytes) {
        let lines = bytes
            .strip_suffix(b"\n")
            .unwrap_or(bytes)
            .split(|&b| b == b'\n')
            .count();
        assert!(
            error.line >= 1 && error.line <= lines + 1,
            "{error:?} in {lines} lines"
        );
        assert!(error.column >= 1, "{error:?}");
        assert!(!error.to_string().is_empty());
    }
}
