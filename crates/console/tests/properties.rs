//! Invariants of the console: the printer, and games played at the prompts
//! with anything typed.

use engine::strategies::{any_board, any_moves, to_move};
use engine::{Board, Game, RuleSet, Rules, parse_board};
use minesweeper_console::animate::Animation;
use minesweeper_console::messages::Printer;
use minesweeper_console::prompt::{BoardSource, Console, Session, play};
use minesweeper_console::render::{Paint, write_board, write_solution};
use proptest::prelude::*;

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
            printer: Printer::default(),
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

proptest! {
    #[test]
    fn comp1511_takes_any_integers(numbers in prop::collection::vec(-3i64..12, 0..80)) {
        let typed: String = numbers.iter().map(|n| format!("{n}\n")).collect();
        let mut out = Vec::new();
        minesweeper_console::comp1511::play(typed.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        prop_assert!(text.starts_with("Welcome to minesweeper!\nHow many mines? "));
    }
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
        let rule_set = RuleSet::ALL[rule_set];
        let session = Session {
            rule_set,
            rules: rule_set.rules,
            source: BoardSource::Board(board.clone()),
            animation: animated.then_some(Animation::PRINTED),
            hints,
            hint_penalty: None,
            voice: Default::default(),
            recording: Default::default(),
        };
        let mut console = Console {
            input: typed.as_slice(),
            out: Vec::new(),
            err: Vec::new(),
            paint: Paint::Plain,
            printer: Printer::default(),
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
