//! The solver is sound and its probabilities exact: checked against brute
//! force, every layout of the mines that fits what the player sees.

use engine::{
    Action, Board, Cover, FirstMove, Frame, Game, Grid, Layout, Move, Pos, Rules, Status,
};
use minesweeper_solver::{
    Adviser, Finish, Hint, Known, MAX_WORK, NoGuessError, Progress, Solver, Verdict, WhenStuck,
    Why, autoplay, hint, no_guess_board_within,
};
use proptest::prelude::*;

/// A small board and which of its safe squares are open: at most 16
/// squares, so every layout of the mines can be tried.
fn any_position() -> impl Strategy<Value = (Board, Vec<bool>)> {
    (1usize..=8, 1usize..=8, 0.0f64..0.7, 0.0f64..0.9)
        .prop_filter("at most 16 squares", |&(rows, cols, _, _)| {
            rows * cols <= 16
        })
        .prop_flat_map(|(rows, cols, density, opened)| {
            let squares = rows * cols;
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(prop::bool::weighted(density), squares),
                prop::collection::vec(prop::bool::weighted(opened), squares),
            )
        })
        .prop_map(|(rows, cols, mines, open)| {
            let open = open.iter().zip(&mines).map(|(&o, &m)| o && !m).collect();
            let board = Board::new(Grid::from_row_major(rows, cols, mines), Frame::Plus);
            (board, open)
        })
}

fn solver_seeing(board: &Board, open: &[bool]) -> Solver {
    let mut solver = Solver::new(board.rows(), board.cols(), board.mine_count());
    for (i, pos) in board.mines().positions().enumerate() {
        if open[i] {
            solver.open(pos, board.clue(pos));
        }
    }
    solver
}

/// The layouts of the mines that fit what `open` shows, each as the
/// squares (row-major) that hold a mine.
fn layouts(board: &Board, open: &[bool]) -> Vec<Vec<bool>> {
    let squares: Vec<Pos> = board.mines().positions().collect();
    let hidden: Vec<usize> = (0..squares.len()).filter(|&i| !open[i]).collect();
    let mut fitting = Vec::new();
    for mask in 0u32..(1 << hidden.len()) {
        if mask.count_ones() as usize != board.mine_count() {
            continue;
        }
        let mut mines = vec![false; squares.len()];
        for (k, &h) in hidden.iter().enumerate() {
            mines[h] = mask >> k & 1 == 1;
        }
        let fits = squares.iter().enumerate().all(|(i, &pos)| {
            !open[i]
                || board
                    .mines()
                    .neighbours(pos)
                    .filter(|&n| mines[n.row * board.cols() + n.col])
                    .count()
                    == usize::from(board.clue(pos))
        });
        if fits {
            fitting.push(mines);
        }
    }
    fitting
}

/// For each square, in how many of the layouts that fit it holds a mine;
/// and how many layouts fit.
fn brute_force(board: &Board, open: &[bool]) -> (Vec<u64>, u64) {
    let fitting = layouts(board, open);
    let with_mine = (0..open.len())
        .map(|i| fitting.iter().filter(|l| l[i]).count() as u64)
        .collect();
    (with_mine, fitting.len() as u64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Every deduction, at every layer, is true in every layout that fits;
    /// and when the solver says it is stuck, no square is certain.
    #[test]
    fn deductions_agree_with_brute_force((board, open) in any_position(), depth in 1u8..=3) {
        let (with_mine, layouts) = brute_force(&board, &open);
        prop_assert!(layouts > 0);
        let mut solver = solver_seeing(&board, &open).with_depth(depth);
        while let Progress::Deduced(found) = solver.deduce() {
            prop_assert!(!found.is_empty());
            for d in found {
                let i = d.at.row * board.cols() + d.at.col;
                prop_assert!(!open[i], "{:?} is open", d.at);
                let expected = match d.verdict {
                    Verdict::Safe => 0,
                    Verdict::Mine => layouts,
                };
                prop_assert_eq!(with_mine[i], expected, "{:?}", d);
                prop_assert!(d.reason.layer() <= depth);
            }
        }
        if depth == 3 {
            for (i, pos) in board.mines().positions().enumerate() {
                if solver.known(pos) == Known::Unknown {
                    prop_assert!(with_mine[i] != 0 && with_mine[i] != layouts,
                        "{:?} is certain but was not found", pos);
                }
            }
        }
    }

    /// The probability of a mine on every unknown square is the share of
    /// fitting layouts that put one there, and the layouts are counted.
    #[test]
    fn probabilities_are_exact((board, open) in any_position()) {
        let (with_mine, layouts) = brute_force(&board, &open);
        let probabilities = solver_seeing(&board, &open).probabilities();
        prop_assert!(probabilities.is_exact());
        let counted = probabilities.log_arrangements().map(f64::exp);
        prop_assert!(counted.is_some_and(|n| (n - layouts as f64).abs() < 1e-6 * layouts as f64),
            "{:?} layouts counted, {} fit", counted, layouts);
        for (i, pos) in board.mines().positions().enumerate() {
            if !open[i] {
                let exact = with_mine[i] as f64 / layouts as f64;
                let p = probabilities.at(pos);
                prop_assert!((p - exact).abs() < 1e-9, "{:?}: {} against {}", pos, p, exact);
            }
        }
    }
}

/// A board of up to 14 x 14 and which of its safe squares are open, in
/// islands as a game opens them: too big to try every layout, the size a
/// guess is made on.
fn any_game_position() -> impl Strategy<Value = (Board, Vec<bool>)> {
    (1usize..=14, 1usize..=14, 0.05f64..0.4, 0usize..6)
        .prop_flat_map(|(rows, cols, density, openings)| {
            let squares = rows * cols;
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(prop::bool::weighted(density), squares),
                prop::collection::vec(0..squares, openings),
            )
        })
        .prop_map(|(rows, cols, mines, starts)| {
            let board = Board::new(Grid::from_row_major(rows, cols, mines), Frame::Plus);
            let mut open = vec![false; rows * cols];
            for start in starts {
                let pos = Pos::new(start / cols, start % cols);
                if !board.is_mine(pos) {
                    open_island(&board, &mut open, pos);
                }
            }
            (board, open)
        })
}

/// Opens `start` on `open` as the game does: an empty square opens its
/// neighbours too, and so on.
fn open_island(board: &Board, open: &mut [bool], start: Pos) {
    let mut to_open = vec![start];
    while let Some(pos) = to_open.pop() {
        let i = pos.row * board.cols() + pos.col;
        if open[i] {
            continue;
        }
        open[i] = true;
        if board.clue(pos) == 0 {
            to_open.extend(board.mines().neighbours(pos));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A no-guess board is cleared from its first move by brute force alone:
    /// at every point some closed square is safe in every layout that fits.
    #[test]
    fn no_guess_boards_need_no_guess(
        rows in 3usize..=4,
        cols in 3usize..=4,
        mines in 1usize..=4,
        seed: u64,
        row in 0usize..4,
        col in 0usize..4,
    ) {
        let layout = Layout::new(rows, cols, mines);
        let first = Pos::new(row % rows, col % cols);
        let found = match no_guess_board_within(layout, FirstMove::Safe, first, seed, 500, MAX_WORK) {
            Ok(found) => found,
            // Dense small boards may have no such layout at all.
            Err(NoGuessError::GaveUp { .. }) => return Ok(()),
            Err(e) => panic!("{e}"),
        };
        let board = found.board;
        prop_assert_eq!(board.mine_count(), mines);
        prop_assert!(!board.is_mine(first));
        let mut open = vec![false; rows * cols];
        open_island(&board, &mut open, first);
        let safe_squares = rows * cols - mines;
        while open.iter().filter(|&&o| o).count() < safe_squares {
            let (with_mine, _) = brute_force(&board, &open);
            let certain: Vec<Pos> = board
                .mines()
                .positions()
                .enumerate()
                .filter(|&(i, _)| !open[i] && with_mine[i] == 0)
                .map(|(_, pos)| pos)
                .collect();
            prop_assert!(!certain.is_empty(), "a guess is needed on seed {}", found.seed);
            for pos in certain {
                open_island(&board, &mut open, pos);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The guess is nearly as safe as the safest unknown square of the whole
    /// board (at least 0.8 of its chance of being safe, which the look ahead
    /// weighs; the exact search of an endgame may take any square, for a
    /// chance of winning no better than the square's safety, and a 50/50 no
    /// clue can ever settle is taken at once, as is a pseudo 50/50, a
    /// square that is a mine only where such a 50/50 forms, whatever its
    /// chance: it loses nothing a later guess would not), its chance is
    /// the analysis's, and choosing it leaves the solver as it was.
    #[test]
    fn the_guess_is_nearly_as_safe_as_the_safest((board, open) in any_game_position()) {
        let mut solver = solver_seeing(&board, &open);
        let probabilities = loop {
            match solver.deduce() {
                Progress::Deduced(_) => continue,
                Progress::Stuck(probabilities) => break probabilities,
            }
        };
        let unknown: Vec<Pos> = board
            .mines()
            .positions()
            .filter(|&pos| solver.known(pos) == Known::Unknown)
            .collect();
        let Some(guess) = solver.guess(&probabilities) else {
            prop_assert!(unknown.is_empty());
            return Ok(());
        };
        prop_assert!(unknown.contains(&guess.at), "{:?} is not unknown", guess.at);
        prop_assert!((guess.probability - probabilities.at(guess.at)).abs() < 1e-9);
        let safest = unknown
            .iter()
            .map(|&pos| probabilities.at(pos))
            .fold(f64::INFINITY, f64::min);
        match guess.why {
            Why::Endgame { win, .. } => prop_assert!(win <= 1.0 - guess.probability + 1e-9),
            Why::FiftyFifty { .. } => prop_assert!((guess.probability - 0.5).abs() < 1e-9),
            Why::PseudoFiftyFifty => {}
            _ => prop_assert!(1.0 - guess.probability >= 0.8 * (1.0 - safest) - 1e-12,
                "{:?} at {} when {} was possible: {:?}", guess.at, guess.probability, safest, guess.why),
        }
        prop_assert_eq!(solver.guess(&probabilities), Some(guess));
    }
}

/// The chance of winning by opening square `at` and playing perfectly
/// after, over the layouts `fitting` (none of which has a mine on an open
/// square): tried every way, without the solver.
fn win_after(board: &Board, fitting: &[Vec<bool>], open: &[bool], at: usize) -> f64 {
    let cols = board.cols();
    let clue = |layout: &[bool], i: usize| {
        board
            .mines()
            .neighbours(Pos::new(i / cols, i % cols))
            .filter(|n| layout[n.row * cols + n.col])
            .count()
    };
    let mut opened = open.to_vec();
    opened[at] = true;
    let mut win = 0.0;
    for value in 0..=8 {
        let part: Vec<Vec<bool>> = fitting
            .iter()
            .filter(|l| !l[at] && clue(l, at) == value)
            .cloned()
            .collect();
        if !part.is_empty() {
            win += part.len() as f64 / fitting.len() as f64 * best_win(board, &part, &opened);
        }
    }
    win
}

/// The chance of winning from `open` over the layouts `fitting`, playing
/// perfectly: won once every safe square is open.
fn best_win(board: &Board, fitting: &[Vec<bool>], open: &[bool]) -> f64 {
    let squares = open.len();
    let safe_everywhere = |i: usize| fitting.iter().all(|l| !l[i]);
    if let Some(free) = (0..squares).find(|&i| !open[i] && safe_everywhere(i)) {
        return win_after(board, fitting, open, free);
    }
    if fitting.len() == 1 {
        return 1.0;
    }
    (0..squares)
        .filter(|&i| !open[i])
        .map(|i| win_after(board, fitting, open, i))
        .fold(0.0, f64::max)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// On positions small enough to try every way of playing on (at most
    /// ten squares covered, 128 layouts), the solver's guess is a move with
    /// the highest chance of winning, and that is the chance it reports
    /// (a 50/50 no clue can settle is taken before any search).
    #[test]
    fn the_guess_wins_as_often_as_any_move((board, open) in any_position()) {
        prop_assume!(open.iter().filter(|&&o| !o).count() <= 10);
        // Played as a game: every square found safe is opened.
        let mut seen = open.clone();
        let mut solver = solver_seeing(&board, &seen);
        let probabilities = loop {
            match solver.deduce() {
                Progress::Deduced(found) => {
                    for d in found.iter().filter(|d| d.verdict == Verdict::Safe) {
                        seen[d.at.row * board.cols() + d.at.col] = true;
                        solver.open(d.at, board.clue(d.at));
                    }
                }
                Progress::Stuck(probabilities) => break probabilities,
            }
        };
        let fitting = layouts(&board, &seen);
        // Up to 128 layouts, the solver searches them all.
        prop_assume!(fitting.len() <= 128);
        let Some(guess) = solver.guess(&probabilities) else {
            return Ok(());
        };
        let cols = board.cols();
        let best = (0..seen.len())
            .filter(|&i| !seen[i])
            .map(|i| win_after(&board, &fitting, &seen, i))
            .fold(0.0, f64::max);
        let chosen = win_after(&board, &fitting, &seen, guess.at.row * cols + guess.at.col);
        prop_assert!(chosen >= best - 1e-9, "{:?} wins {} when {} can be won", guess, chosen, best);
        match guess.why {
            Why::Endgame { win, .. } => {
                prop_assert!((win - best).abs() < 1e-9, "reported {} for {}", win, best);
            }
            // Taken before any search: a coin that must be tossed sooner or later.
            Why::FiftyFifty { .. } => {}
            _ => return Err(TestCaseError::fail(format!("not searched: {guess:?}"))),
        }
    }
}

proptest! {
    // Fewer cases than the others: on a board of at most 64 squares every
    // hint may search the game whole, twice (the adviser and a fresh
    // look), which costs the most of the suite.
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// An adviser that follows a game gives hints as good as a look at the
    /// whole board: a certain square exactly when there is one, and true;
    /// otherwise the same guess. Its chances of a mine, worked out after
    /// the hint has taught it more, are those of a fresh look.
    #[test]
    fn an_adviser_that_follows_the_game_hints_as_a_fresh_look_does(
        rows in 2usize..=10,
        cols in 2usize..=10,
        mines in prop::collection::vec(prop::bool::weighted(0.18), 100),
        moves in prop::collection::vec((0usize..100, any::<bool>()), 1..20),
    ) {
        let squares = rows * cols;
        let grid = Grid::from_row_major(rows, cols, mines[..squares].to_vec());
        let mut game = Game::new(Board::new(grid, Frame::Plus), Rules::CLASSIC);
        let mut adviser = Adviser::new();
        for (k, flag) in moves {
            let at = Pos::new(k % squares / cols, k % cols);
            if game.board().is_mine(at) && !flag {
                continue;
            }
            let action = if flag { Action::Flag } else { Action::Reveal };
            game.apply_noting(Move { action, at }, |pos, clue| adviser.opened(pos, clue));
            if game.status() != Status::Playing {
                break;
            }
            let fresh = hint(&game);
            let followed = adviser.hint(&game);
            match (&fresh, &followed) {
                (Some(Hint::Certain(_)), Some(Hint::Certain(d))) => {
                    let mine = game.board().is_mine(d.at);
                    match d.verdict {
                        Verdict::Safe => prop_assert!(!mine && game.cover(d.at) != Cover::Open),
                        Verdict::Mine => prop_assert!(mine && game.cover(d.at) != Cover::Flagged),
                    }
                }
                _ => prop_assert_eq!(&fresh, &followed),
            }
            // Worked out by the adviser, or apart from it (as a big
            // board's are, on a thread) and taken back: the same chances.
            if k % 2 == 0 {
                adviser.work_out_chances(&game);
            } else {
                let work = adviser.chances_to_work_out(&game);
                prop_assert!(adviser.take_chances(work.work_out()), "taken back");
            }
            let chances = Solver::seeing(&game).probabilities();
            for pos in game.board().mines().positions() {
                let fresh = (game.cover(pos) != Cover::Open).then(|| chances.at(pos));
                match (adviser.chance(pos), fresh) {
                    (Some(followed), Some(fresh)) => {
                        prop_assert!((followed - fresh).abs() < 1e-9, "{pos:?}: {followed} {fresh}");
                    }
                    (followed, fresh) => prop_assert_eq!(followed, fresh),
                }
            }
        }
    }
}

/// Chances worked out apart from the adviser are dropped when what it
/// knows has changed since they were asked for: they are of another
/// board.
#[test]
fn chances_worked_out_apart_are_dropped_once_the_game_has_moved_on() {
    let grid = Grid::from_row_major(
        3,
        3,
        vec![true, false, false, false, false, false, false, false, false],
    );
    let mut game = Game::new(Board::new(grid, Frame::Plus), Rules::CLASSIC);
    let mut adviser = Adviser::new();
    let open = |game: &mut Game, adviser: &mut Adviser, at: Pos| {
        game.apply_noting(
            Move {
                action: Action::Reveal,
                at,
            },
            |pos, clue| adviser.opened(pos, clue),
        );
    };
    open(&mut game, &mut adviser, Pos::new(0, 1));
    let work = adviser.chances_to_work_out(&game);
    open(&mut game, &mut adviser, Pos::new(2, 2));
    assert!(
        !adviser.take_chances(work.work_out()),
        "of the board before"
    );
    let work = adviser.chances_to_work_out(&game);
    assert!(adviser.take_chances(work.work_out()));
    assert_eq!(adviser.chance(Pos::new(0, 0)), Some(1.0));
}

/// The solver's wins on a fixed set of games: expert, first square kept
/// clear and opened at the top left corner, seeds 1 to 400. The count is
/// pinned so that a change which weakens (or strengthens) the play shows;
/// `minesweeper bench --level expert --games 400 --seed 1 --at 1,1` plays
/// the same games.
#[test]
fn the_win_count_on_fixed_expert_games_is_pinned() {
    let rules = Rules::CLASSIC.with_first_move(FirstMove::Safe);
    let won = (1..=400u64)
        .filter(|&seed| {
            let mut game = Game::random(Layout::EXPERT, seed, rules).unwrap();
            let played = autoplay(&mut game, Some(Pos::new(0, 0)), WhenStuck::Guess, |_, _| {});
            played.finish == Finish::Won
        })
        .count();
    // 168 before the search counted games won instead of adding chances:
    // a tie it broke by a rounding error now goes to the safer square.
    assert_eq!(won, 169, "games won of 400");
}
