//! Invariants that hold for every board and every sequence of moves.

use std::collections::{HashSet, VecDeque};

use engine::Script;
use engine::{
    Action, Board, Cover, FirstMove, Frame, Game, Glyph, Grid, Layout, Move, Outcome, Pos, Rules,
    Status, parse_board, place_mines, to_board_file,
};
use minesweeper::front::animate::Animation;
use minesweeper::front::prompt::{BoardSource, Console, Session, play};
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
fn expected_island(
    board: &Board,
    flagged: &HashSet<Pos>,
    start: Pos,
    four_way: bool,
) -> HashSet<Pos> {
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
            let orthogonal = near.row == pos.row || near.col == pos.col;
            if board.clue(near) > 0 {
                opened.insert(near);
            } else if (orthogonal || !four_way) && seen.insert(near) {
                opened.insert(near);
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

    /// Every clue is the number of mines among the square's neighbours,
    /// counted one neighbour at a time.
    #[test]
    fn clues_count_the_neighbouring_mines(board in any_board()) {
        for pos in board.mines().positions() {
            let counted = board.mines().neighbours(pos).filter(|&n| board.is_mine(n)).count();
            prop_assert_eq!(usize::from(board.clue(pos)), counted, "{:?}", pos);
        }
    }

    #[test]
    /// Proj3 and classic islands are 8-connected; COMS 227 regions are
    /// 4-connected. Both open the numbered squares around them.
    fn island_is_the_empty_component_and_its_rim(
        board in any_board(),
        flags in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0), 0..6),
        start in (0.0f64..1.0, 0.0f64..1.0),
        four_way in any::<bool>(),
    ) {
        let rules = if four_way { Rules::COMS227 } else { Rules::PROJ3 };
        let mut game = Game::new(board.clone(), rules);
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
        // Played plainly (the fill) and with its steps traced (clearRegion):
        // the same squares either way, the ones worked out independently.
        let mut traced = game.clone();
        let outcome = game.apply(mv);
        let mut steps = 0;
        let traced_outcome = traced.apply_traced(mv, |_, _| steps += 1);
        let expected = expected_island(&board, &flagged, mv.at, four_way);
        prop_assert_eq!(outcome, Outcome::Opened(expected.len()));
        prop_assert_eq!(traced_outcome, outcome);
        prop_assert!(steps >= expected.len());
        prop_assert_eq!(open_squares(&game), expected.clone());
        prop_assert_eq!(open_squares(&traced), expected);
        for &flag in &flagged {
            prop_assert_eq!(game.cover(flag), Cover::Flagged);
        }
    }

    #[test]
    fn moves_keep_the_books_straight(board in any_board(), moves in any_moves()) {
        let mut game = Game::new(board.clone(), Rules::PROJ3);
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
    fn colour_stripped_is_plain(board in any_board(), moves in any_moves(), classic in any::<bool>()) {
        // Classic rules add question marks and, after a loss, wrong flags.
        let rules = if classic { Rules::CLASSIC } else { Rules::PROJ3 };
        let mut game = Game::new(board.clone(), rules);
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
        play(&mut console, Session::proj3(board)).unwrap();
        let text = String::from_utf8(console.out).unwrap();
        prop_assert!(
            text.ends_with("You won! Congratulations, and good game!\n")
                || text.ends_with("You detonated a mine!  Game Over!\n")
                || text.ends_with("\nInput ended before the game finished.\n"),
            "{}", text
        );
    }
}

/// Layouts up to 12x12 with any number of mines that fits.
fn any_layout() -> impl Strategy<Value = Layout> {
    (1usize..=12, 1usize..=12)
        .prop_flat_map(|(rows, cols)| (Just(rows), Just(cols), 0..=rows * cols))
        .prop_map(|(rows, cols, mines)| Layout::new(rows, cols, mines))
}

fn any_policy() -> impl Strategy<Value = FirstMove> {
    prop::sample::select(vec![FirstMove::Any, FirstMove::Safe, FirstMove::Opening])
}

proptest! {
    #[test]
    fn first_move_is_kept_clear_as_the_policy_says(
        layout in any_layout(),
        policy in any_policy(),
        first in (0.0f64..1.0, 0.0f64..1.0),
        seed in any::<u64>(),
    ) {
        let first = Pos::new(
            (first.0 * layout.rows as f64) as usize,
            (first.1 * layout.cols as f64) as usize,
        );
        prop_assume!(layout.mines <= layout.max_mines(policy));
        let board = place_mines(layout, policy, Some(first), seed).unwrap();
        prop_assert_eq!(board.mine_count(), layout.mines);
        match policy {
            FirstMove::Any => {}
            FirstMove::Safe => prop_assert!(!board.is_mine(first)),
            FirstMove::Opening => {
                prop_assert!(!board.is_mine(first));
                prop_assert_eq!(board.clue(first), 0, "the first square opens an area");
            }
        }
    }

    #[test]
    fn opening_policy_opens_an_area_in_play(
        layout in any_layout(),
        first in (0.0f64..1.0, 0.0f64..1.0),
        seed in any::<u64>(),
    ) {
        let rules = Rules::CLASSIC.with_first_move(FirstMove::Opening);
        prop_assume!(layout.mines <= layout.max_mines(FirstMove::Opening));
        let mut game = Game::random(layout, seed, rules).unwrap();
        let at = Pos::new(
            (first.0 * layout.rows as f64) as usize,
            (first.1 * layout.cols as f64) as usize,
        );
        let outcome = game.apply(Move { action: Action::Reveal, at });
        let around = game.board().mines().neighbours(at).count();
        prop_assert!(matches!(outcome, Outcome::Opened(n) if n > around));
    }

    #[test]
    fn generated_boards_load_back(layout in any_layout(), seed in any::<u64>()) {
        let board = place_mines(layout, FirstMove::Any, None, seed).unwrap();
        prop_assert_eq!(parse_board(to_board_file(&board).as_bytes()).unwrap(), board);
    }

    #[test]
    fn classic_is_won_exactly_when_every_safe_square_is_open(
        board in any_board(),
        moves in any_moves(),
    ) {
        let mut game = Game::new(board.clone(), Rules::CLASSIC);
        for spot in moves {
            game.apply(to_move(&board, spot));
            if matches!(game.status(), Status::Lost(_)) {
                break;
            }
            let all_safe_open = board
                .mines()
                .positions()
                .all(|p| board.is_mine(p) || game.cover(p) == Cover::Open);
            prop_assert_eq!(game.status() == Status::Won, all_safe_open);
            prop_assert!(game.mines_left() >= 0);
        }
    }
}

proptest! {
    #[test]
    fn comp1511_takes_any_integers(numbers in prop::collection::vec(-3i64..12, 0..80)) {
        let typed: String = numbers.iter().map(|n| format!("{n}\n")).collect();
        let mut out = Vec::new();
        minesweeper::front::comp1511::play(typed.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        prop_assert!(text.starts_with("Welcome to minesweeper!\nHow many mines? "));
    }
}

/// Every placement of 2 mines on a 3x3 board is equally likely: a
/// chi-square test over 7,200 seeds, with the first square (a corner) kept
/// clear, so 28 placements of 2 mines over the other 8 squares. The seeds
/// are fixed, so the test gives the same answer every time.
#[test]
fn placement_is_uniform() {
    let layout = Layout::new(3, 3, 2);
    let seeds = 7_200u64;
    let mut counts = std::collections::HashMap::new();
    for seed in 0..seeds {
        let board = place_mines(layout, FirstMove::Safe, Some(Pos::new(0, 0)), seed).unwrap();
        *counts.entry(to_board_file(&board)).or_insert(0u64) += 1;
    }
    assert_eq!(counts.len(), 28, "every placement occurs");
    let expected = seeds as f64 / 28.0;
    let chi_square: f64 = counts
        .values()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum();
    // 27 degrees of freedom: 55.5 is the 99.9th percentile.
    assert!(
        chi_square < 55.5,
        "chi-square {chi_square:.1} over 27 degrees of freedom"
    );
}

/// Lines a player might type, and lines nobody would: any bytes at all.
fn any_typed_lines() -> impl Strategy<Value = Vec<u8>> {
    let line = prop_oneof![
        prop::sample::select(vec!["1", "2", "3", "r", "f", "h", "y", "n", " 2 ", "0", ""])
            .prop_map(|l| l.as_bytes().to_vec()),
        prop::collection::vec(any::<u8>(), 0..12),
    ];
    prop::collection::vec(line, 0..80).prop_map(|lines| lines.join(&b'\n'))
}

/// Every board in `text` is whole: a frame line, `rows` rows of `cols`
/// squares between `+` (or `#`) frames, each square one character the
/// printer uses, then the frame line again.
fn boards_are_well_formed(text: &str, board: &Board) -> Result<usize, String> {
    let glyph = board.frame().glyph();
    let frame_line = format!("   {}", format!("{glyph} ").repeat(board.cols() + 2));
    let lines: Vec<&str> = text.lines().collect();
    let mut boards = 0;
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != frame_line {
            i += 1;
            continue;
        }
        for (r, line) in lines[i + 1..].iter().take(board.rows()).enumerate() {
            let label = format!("{:<3}", r + 1);
            let cells = line
                .strip_prefix(&format!("{label}{glyph} "))
                .and_then(|rest| rest.strip_suffix(&format!("{glyph} ")))
                .ok_or_else(|| format!("row {} is not framed: {line:?}", r + 1))?;
            let squares: Vec<char> = cells.chars().step_by(2).collect();
            let spaced = cells.chars().skip(1).step_by(2).all(|c| c == ' ');
            if squares.len() != board.cols() || !spaced {
                return Err(format!("row {} has the wrong squares: {line:?}", r + 1));
            }
            if let Some(bad) = squares
                .iter()
                .find(|c| !".F?12345678 *Xxo^<v>\\/".contains(**c))
            {
                return Err(format!("row {} shows {bad:?}", r + 1));
            }
        }
        let bottom = i + 1 + board.rows();
        if lines.get(bottom) != Some(&frame_line.as_str()) {
            return Err(format!("no bottom frame after line {i}"));
        }
        boards += 1;
        i = bottom + 1;
    }
    Ok(boards)
}

#[test]
fn the_board_check_finds_broken_boards() {
    let board = parse_board(b"+++++\n+*  +\n+   +\n+++++\n").unwrap();
    let mut text = Vec::new();
    write_solution(&mut text, &board, Paint::Plain).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(boards_are_well_formed(&text, &board), Ok(1));
    for broken in [
        text.replace("1  + * 1   + ", "1  + * 1 + "),
        text.replace("2  + 1 1   + ", "2  + 1 1 #"),
        text.replace("2  + 1 1   + ", "2  + 1 ! 1 + "),
        {
            let bottom = text.rfind("   + + + + + \n").unwrap();
            text[..bottom].to_owned()
        },
    ] {
        assert!(boards_are_well_formed(&broken, &board).is_err(), "{broken}");
    }
}

proptest! {
    /// Any bytes typed into any rule set's game, with or without hints and
    /// animation: it ends cleanly, saying how, and every board it printed
    /// is whole.
    #[test]
    fn any_bytes_typed_end_any_game_cleanly(
        board in any_board(),
        typed in any_typed_lines(),
        rule_set in 0usize..3,
        hints: bool,
        animated: bool,
    ) {
        let (rules, script) = [
            (Rules::PROJ3, &Script::PROJ3),
            (Rules::CLASSIC, &Script::CLASSIC),
            (Rules::COMS227, &Script::CLASSIC),
        ][rule_set];
        let session = Session {
            rules,
            script,
            source: BoardSource::Board(board.clone()),
            animation: animated.then_some(Animation::PRINTED),
            hints,
            recording: Default::default(),
        };
        let mut console = Console {
            input: typed.as_slice(),
            out: Vec::new(),
            err: Vec::new(),
            paint: Paint::Plain,
        };
        prop_assert!(play(&mut console, session).is_ok());
        let text = String::from_utf8(console.out).unwrap();
        // After the last game's ending, only its report and the play-again question.
        let endings = [
            "You won! Congratulations, and good game!\n",
            "You detonated a mine!  Game Over!\n",
            "\nInput ended before the game finished.\n",
            "\nYou quit the game.\n",
        ];
        let tail = endings
            .iter()
            .filter_map(|e| text.rfind(e).map(|at| &text[at + e.len()..]))
            .min_by_key(|tail| tail.len());
        prop_assert!(tail.is_some(), "no ending: {}", text);
        let tail_is_report = tail.unwrap().lines().all(|line| {
            line.starts_with('\t')
                || line.is_empty()
                || line.starts_with("Play again? (y/n) ")
        });
        prop_assert!(tail_is_report, "{}", text);
        let boards = boards_are_well_formed(&text, &board);
        prop_assert!(matches!(boards, Ok(n) if n >= 1), "{:?}\n{}", boards, text);
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

/// Everything of a game a player can see, to compare two moments of it.
fn seen(game: &Game) -> (Vec<Glyph>, i64, Status) {
    let glyphs = game
        .board()
        .mines()
        .positions()
        .map(|p| game.glyph(p))
        .collect();
    (glyphs, game.mines_left(), game.status())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Undo puts back exactly what a move changed, after a loss too, and
    /// redo plays it again to the same end; chords among the moves.
    #[test]
    fn undo_takes_back_what_a_move_did_and_redo_replays_it(
        board in any_board(),
        moves in prop::collection::vec((0u8..3, 0.0f64..1.0, 0.0f64..1.0), 1..40),
        classic in any::<bool>(),
    ) {
        let rules = if classic { Rules::CLASSIC } else { Rules::PROJ3 };
        let mut game = Game::new(board.clone(), rules).with_undo();
        let start = seen(&game);
        let mut played = 0;
        for (action, row, col) in moves {
            let mut mv = to_move(&board, (true, row, col));
            mv.action = [Action::Reveal, Action::Flag, Action::Chord][usize::from(action)];
            let before = seen(&game);
            let undoable = game.undoable();
            let outcome = game.apply(mv);
            let after = seen(&game);
            if game.undoable() == undoable {
                // Nothing changed: nothing to undo.
                prop_assert_eq!(&after, &before, "{:?} {:?}", mv, outcome);
                continue;
            }
            played += 1;
            prop_assert_eq!(game.undo(), Some(mv));
            prop_assert_eq!(&seen(&game), &before, "undoing {:?} ({:?})", mv, outcome);
            prop_assert_eq!(game.redo(|_, _| {}), Some(outcome));
            prop_assert_eq!(&seen(&game), &after, "redoing {:?}", mv);
            if game.status() != Status::Playing {
                // Take the loss (or win) back and go on, as a player would.
                game.undo();
                played -= 1;
            }
        }
        prop_assert_eq!(game.undoable(), played);
        while game.undo().is_some() {}
        prop_assert_eq!(seen(&game), start);
    }
}
