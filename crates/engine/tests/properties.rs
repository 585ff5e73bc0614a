//! Invariants of the rules that hold for every board and every sequence
//! of moves.

use std::collections::{HashSet, VecDeque};

use minesweeper_engine::strategies::{any_board, any_layout, any_moves, any_policy, to_move};
use minesweeper_engine::{
    Action, Board, Cover, FirstMove, Game, Glyph, Layout, Move, Outcome, Pos, Rules, Status,
    parse_board, place_mines, to_board_file,
};
use proptest::prelude::*;

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

/// Greedy ZiNi worked out the slow way, independently of the engine:
/// every premium from scratch at every step, openings found by search.
fn naive_zini(board: &Board) -> usize {
    let grid = board.mines();
    let all: Vec<Pos> = grid.positions().collect();
    let safe = |p: Pos| !board.is_mine(p);
    let empty = |p: Pos| safe(p) && board.clue(p) == 0;
    // Each empty square's opening: the empty squares reached through empty ones.
    let opening_of = |p: Pos| -> Vec<Pos> {
        let mut seen = vec![p];
        let mut queue = VecDeque::from([p]);
        while let Some(at) = queue.pop_front() {
            for n in grid.neighbours(at) {
                if empty(n) && !seen.contains(&n) {
                    seen.push(n);
                    queue.push_back(n);
                }
            }
        }
        seen.sort_unstable_by_key(|p| (p.row, p.col));
        seen
    };
    let isolated = |p: Pos| safe(p) && board.clue(p) > 0 && !grid.neighbours(p).any(empty);
    let mut open: HashSet<Pos> = HashSet::new();
    let mut flagged: HashSet<Pos> = HashSet::new();
    let open_one = |p: Pos, open: &mut HashSet<Pos>| {
        if empty(p) {
            for z in opening_of(p) {
                open.insert(z);
                open.extend(grid.neighbours(z));
            }
        } else {
            open.insert(p);
        }
    };
    let mut clicks = 0;
    while all.iter().any(|&p| safe(p) && !open.contains(&p)) {
        let premium = |p: Pos| -> i64 {
            let mut openings: Vec<Vec<Pos>> = Vec::new();
            let mut cleared = 0;
            let mut flags = 0;
            for n in grid.neighbours(p) {
                if !safe(n) {
                    flags += i64::from(!flagged.contains(&n));
                } else if !open.contains(&n) {
                    if empty(n) {
                        let opening = opening_of(n);
                        if !openings.contains(&opening) {
                            openings.push(opening);
                            cleared += 1;
                        }
                    } else if isolated(n) {
                        cleared += 1;
                    }
                }
            }
            cleared - flags - i64::from(!open.contains(&p)) - 1
        };
        // Highest premium, the first in reading order among equals.
        let best = all
            .iter()
            .filter(|&&p| safe(p))
            .map(|&p| (premium(p), p))
            .fold(None::<(i64, Pos)>, |best, (q, p)| match best {
                Some((b, _)) if b >= q => best,
                _ => Some((q, p)),
            });
        match best {
            Some((q, at)) if q >= 0 => {
                if !open.contains(&at) {
                    clicks += 1;
                    open_one(at, &mut open);
                }
                for n in grid.neighbours(at) {
                    if !safe(n) && flagged.insert(n) {
                        clicks += 1;
                    }
                }
                clicks += 1;
                for n in grid.neighbours(at) {
                    if safe(n) {
                        open_one(n, &mut open);
                    }
                }
            }
            _ => {
                let at = all
                    .iter()
                    .copied()
                    .find(|&p| !open.contains(&p) && (empty(p) || isolated(p)))
                    .expect("a 3BV left while a safe square is covered");
                clicks += 1;
                open_one(at, &mut open);
            }
        }
    }
    clicks
}

fn open_squares(game: &Game) -> HashSet<Pos> {
    let mines = game.board().mines();
    mines
        .positions()
        .filter(|&p| game.cover(p) == Cover::Open)
        .collect()
}

proptest! {
    /// ZiNi as the engine counts it (premiums kept up to date round what
    /// changes) is the greedy count worked out from scratch at every step,
    /// and never more than 3BV.
    #[test]
    fn zini_is_the_greedy_count_and_never_more_than_3bv(board in any_board()) {
        let counted = minesweeper_engine::zini(&board).expect("a small board");
        prop_assert_eq!(counted, naive_zini(&board));
        prop_assert!(counted <= minesweeper_engine::three_bv(&board));
    }

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
    /// redo plays it again to the same end; chords among the moves. A win
    /// is final: nothing of it is taken back.
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
            if game.status() == Status::Won {
                prop_assert_eq!(game.undo(), None, "a win is taken back by {:?}", mv);
                prop_assert_eq!(&seen(&game), &after);
                return Ok(());
            }
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
                // Take the loss back and go on, as a player would.
                game.undo();
                played -= 1;
            }
        }
        prop_assert_eq!(game.undoable(), played);
        while game.undo().is_some() {}
        prop_assert_eq!(seen(&game), start);
    }
}
