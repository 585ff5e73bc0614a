//! Making a failing game as small as it goes: fewer turns, no bad answer
//! it does not need, fewer rows, columns and mines, for as long as the
//! program still fails the same way.
//!
//! Cuts are made in passes, each kept up while it works: first around
//! where the game went wrong (its `Focus`): the turns up to that move,
//! the board cropped to a few squares around it (around the square that
//! differs alone, the turns outside moved to the edge, where the move is
//! far from it); halves and quarters of
//! the board away from it; rows and columns one at a time; fewer turns
//! (none, halves and quarters, one); bad answers; a row and a column
//! together; a row or column with its turns moved onto the line beside;
//! mines (halves of them with the turns on them, then one alone); mines
//! moved nearer. Every step removes something,
//! so it ends. The games of a pass are tried in parallel, and the first
//! in its list that fails is kept, so the result does not depend on the
//! number of threads.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use engine::{Grid, Pos};

use crate::case::Case;

/// The most runs of the program one shrink may take.
pub(crate) const MOST_RUNS: usize = 2000;

/// Where a failing game went wrong: what shrinking cuts around first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Focus {
    /// The turns the failure shows within: those up to its move.
    pub turns: Option<usize>,
    /// The square that differs.
    pub square: Option<Pos>,
    /// The square of the move it shows at.
    pub moved: Option<Pos>,
}

/// How it went.
#[derive(Debug)]
pub(crate) struct Shrunk<T> {
    pub case: Case,
    /// What `fails` said about the smallest case.
    pub found: T,
    /// Smaller cases kept on the way: the same for any number of threads.
    pub steps: usize,
    /// Runs of the program made while shrinking (more with more threads,
    /// as cases after the one kept may have been tried at the same time).
    pub runs: usize,
}

/// The smallest case reached from `case` for which `fails` still says
/// `Some`, with what it said. `found` is what it said about `case`, and
/// `focus` where it went wrong there; `focus_of` tells where a smaller
/// case went wrong from what `fails` said of it.
///
/// The cuts are made in passes ([`PASSES`]): each pass is made again as
/// long as one of its cuts still fails, then the next; the passes go
/// round until none takes anything away. A pass that worked is not
/// tried again from the start after every cut of another, which is most
/// of what a list of every cut, tried from its start each round, costs.
pub(crate) fn shrink<T: Send>(
    case: Case,
    found: T,
    focus: Focus,
    fails: impl Fn(&Case) -> Option<T> + Sync,
    focus_of: impl Fn(&Case, &T) -> Focus,
) -> Shrunk<T> {
    let mut shrunk = Shrunk {
        case,
        found,
        steps: 0,
        runs: 0,
    };
    let mut focus = focus;
    let runs = AtomicUsize::new(0);
    let counted = |case: &Case| {
        // Past the budget, a case counts as not failing: the round ends.
        (runs.fetch_add(1, Ordering::Relaxed) < MOST_RUNS)
            .then(|| fails(case))
            .flatten()
    };
    // How many cuts were kept, and how many there had been when each
    // pass last found none: a pass is not made again on a case it has
    // already found nothing to cut in.
    let mut kept_cuts = 0;
    let mut found_none_at: [Option<usize>; PASSES.len()] = [None; PASSES.len()];
    loop {
        let mut cut = false;
        for (number, pass) in PASSES.into_iter().enumerate() {
            if found_none_at[number] == Some(kept_cuts) {
                continue;
            }
            // Where in the pass's list the last cut was found: the next
            // list, of a case a little smaller, is tried from there on
            // (and then from its start), so the cuts that failed before
            // it are not all tried again after every cut kept.
            let mut from = 0;
            loop {
                let mut candidates = pass(&shrunk.case, focus);
                let start = from.min(candidates.len());
                candidates.rotate_left(start);
                let kept = candidates
                    .par_iter()
                    .enumerate()
                    .find_map_first(|(at, candidate)| {
                        counted(candidate).map(|found| (at, candidate.clone(), found))
                    });
                shrunk.runs = runs.load(Ordering::Relaxed).min(MOST_RUNS);
                let Some((at, case, found)) = kept else {
                    tracing::trace!(pass = number, runs = shrunk.runs, "no cut");
                    found_none_at[number] = Some(kept_cuts);
                    break;
                };
                from = (start + at) % candidates.len();
                kept_cuts += 1;
                tracing::trace!(
                    pass = number,
                    to = ?(case.rows(), case.cols(), case.turns.len()),
                    runs = shrunk.runs,
                    "cut"
                );
                focus = focus_of(&case, &found);
                shrunk.case = case;
                shrunk.found = found;
                shrunk.steps += 1;
                cut = true;
            }
        }
        if !cut {
            return shrunk;
        }
    }
}

/// A kind of cut: the smaller cases it makes of a case, the most likely
/// to fail and take most away first.
type Pass = fn(&Case, Focus) -> Vec<Case>;

/// The passes, in order: where it went wrong first, then halves and
/// quarters of the board, then its rows and columns (each takes the turns on it too: a long game of
/// flags shrinks by its rows, not a turn at a time), the turns, the bad
/// answers, rows and columns together, rows and columns whose turns
/// move onto the line beside, mines.
const PASSES: [Pass; 9] = [
    around_the_focus,
    line_blocks,
    fewer_lines,
    fewer_turns,
    fewer_bad_answers,
    fewer_lines_together,
    fewer_lines_keeping_turns,
    fewer_mines,
    mines_nearer,
];

/// The turns up to where it went wrong; the board cropped around it.
fn around_the_focus(case: &Case, focus: Focus) -> Vec<Case> {
    let mut cases = Vec::new();
    if let Some(needed) = focus.turns.filter(|&needed| needed < case.turns.len()) {
        cases.push(first_turns(case, needed));
    }
    let squares: Vec<Pos> = focus.square.into_iter().chain(focus.moved).collect();
    if !squares.is_empty() {
        cases.extend(windows(case, &squares, Outside::Gone));
    }
    // Where the move is far from the square that differs, windows around
    // the square alone, the turns outside moved to their edge: an island
    // opened from afar is often opened from nearer too.
    if let (Some(square), Some(moved)) = (focus.square, focus.moved)
        && square != moved
    {
        for window in windows(case, &[square], Outside::ToTheEdge) {
            if !cases.contains(&window) {
                cases.push(window);
            }
        }
    }
    cases
}

/// What a window does with the turns outside it.
#[derive(Clone, Copy)]
enum Outside {
    Gone,
    /// Moved to the nearest square inside.
    ToTheEdge,
}

/// No turn at all; then without a run of turns: halves, quarters, …
/// down to one turn (the last half gone is the first half kept).
fn fewer_turns(case: &Case, _: Focus) -> Vec<Case> {
    let n = case.turns.len();
    let mut cases = Vec::new();
    if n > 0 {
        cases.push(first_turns(case, 0));
    }
    let mut run = n / 2;
    while run >= 1 {
        for start in (0..n).step_by(run) {
            let mut smaller = case.clone();
            smaller.turns.drain(start..(start + run).min(n));
            cases.push(smaller);
        }
        run /= 2;
    }
    cases
}

/// No bad answer at all, then without each one.
fn fewer_bad_answers(case: &Case, _: Focus) -> Vec<Case> {
    let mut cases = Vec::new();
    if case.has_bad_answers() {
        cases.push(case.without_bad_answers());
    }
    for (i, turn) in case.turns.iter().enumerate() {
        for k in 0..turn.bad.len() {
            let mut smaller = case.clone();
            smaller.turns[i].bad.remove(k);
            cases.push(smaller);
        }
        if turn.upper {
            let mut smaller = case.clone();
            smaller.turns[i].upper = false;
            cases.push(smaller);
        }
    }
    cases
}

/// The board's rows and columns that may go, last first.
fn lines(case: &Case) -> (Vec<usize>, Vec<usize>) {
    let all = |count: usize| -> Vec<usize> {
        if count > 1 {
            (0..count).rev().collect()
        } else {
            Vec::new()
        }
    };
    (all(case.rows()), all(case.cols()))
}

/// Without a half or a quarter of the rows, of the columns, or of both
/// at once (a program that plays square boards only), where the game
/// did not go wrong: a big board halves in one run where it would lose
/// a line a run. Every block takes the turns on it.
fn line_blocks(case: &Case, focus: Focus) -> Vec<Case> {
    let kept: Vec<Pos> = focus.square.into_iter().chain(focus.moved).collect();
    let rows = blocks(case.rows(), |r| kept.iter().any(|at| at.row == r));
    let cols = blocks(case.cols(), |c| kept.iter().any(|at| at.col == c));
    let without_rows = |case: &Case, block: &Range<usize>| {
        block
            .clone()
            .rev()
            .fold(case.clone(), |case, r| without_line(&case, Line::Row(r)))
    };
    let without_cols = |case: &Case, block: &Range<usize>| {
        block
            .clone()
            .rev()
            .fold(case.clone(), |case, c| without_line(&case, Line::Column(c)))
    };
    let mut cases: Vec<Case> = rows.iter().map(|r| without_rows(case, r)).collect();
    cases.extend(cols.iter().map(|c| without_cols(case, c)));
    for r in &rows {
        for c in cols.iter().filter(|c| c.len() == r.len()) {
            cases.push(without_cols(&without_rows(case, r), c));
        }
    }
    cases
}

/// The halves and quarters of `count` lines (two lines or more, the last
/// first), but those holding a line `needed`.
fn blocks(count: usize, needed: impl Fn(usize) -> bool) -> Vec<Range<usize>> {
    let mut found = Vec::new();
    for parts in [2, 4] {
        let size = count / parts;
        if size < 2 {
            break;
        }
        for start in (0..parts).rev().map(|part| part * size) {
            // The last block takes what division leaves over.
            let end = if start + 2 * size > count {
                count
            } else {
                start + size
            };
            if !(start..end).any(&needed) {
                found.push(start..end);
            }
        }
    }
    found
}

/// Without a row or a column, last first (the turns on it go too).
fn fewer_lines(case: &Case, _: Focus) -> Vec<Case> {
    let (rows, cols) = lines(case);
    rows.iter()
        .map(|&r| without_line(case, Line::Row(r)))
        .chain(cols.iter().map(|&c| without_line(case, Line::Column(c))))
        .collect()
}

/// Without a row or a column, last first, its turns moved onto the line
/// before it (after it, for the first): a fault that a move shows only
/// where it opens something of the line beside it (a flag on an open
/// square needs the square opened first) keeps its move.
fn fewer_lines_keeping_turns(case: &Case, _: Focus) -> Vec<Case> {
    let (rows, cols) = lines(case);
    let mut cases: Vec<Case> = rows
        .iter()
        .map(|&r| Line::Row(r))
        .chain(cols.iter().map(|&c| Line::Column(c)))
        .filter(|&line| case.turns.iter().any(|turn| line.holds(turn.mv.at)))
        .map(|line| without_line_keeping_turns(case, line))
        .collect();
    // Then the row and the column of a turn together (a program that
    // plays square boards only loses neither alone), one pair a square
    // turned on, not every pair.
    if !rows.is_empty() && !cols.is_empty() {
        let mut squares: Vec<Pos> = case.turns.iter().map(|turn| turn.mv.at).collect();
        squares.sort_by_key(|at| std::cmp::Reverse((at.row, at.col)));
        squares.dedup();
        for at in squares {
            let without_row = without_line_keeping_turns(case, Line::Row(at.row));
            cases.push(without_line_keeping_turns(
                &without_row,
                Line::Column(at.col),
            ));
        }
    }
    cases
}

/// Without a row and a column together (a fault of square boards needs
/// both to go), but the focus's own.
fn fewer_lines_together(case: &Case, focus: Focus) -> Vec<Case> {
    let (rows, cols) = lines(case);
    let far = |line: usize, at: Option<usize>| at.is_none_or(|at| line != at);
    let mut cases = Vec::new();
    for &r in rows
        .iter()
        .filter(|&&r| far(r, focus.square.map(|s| s.row)))
    {
        for &c in cols
            .iter()
            .filter(|&&c| far(c, focus.square.map(|s| s.col)))
        {
            cases.push(without_line(
                &without_line(case, Line::Row(r)),
                Line::Column(c),
            ));
        }
    }
    cases
}

/// Fewer mines with the turns on their squares (a flag on every mine is
/// kept a flag on every mine): half of them, a quarter, … one; then a
/// mine fewer alone.
fn fewer_mines(case: &Case, _: Focus) -> Vec<Case> {
    let mines: Vec<Pos> = case.mines.positions().filter(|&p| case.mines[p]).collect();
    let mut cases = Vec::new();
    let mut run = mines.len().div_ceil(2);
    while run >= 1 {
        for gone in mines.chunks(run) {
            let mut smaller = case.clone();
            for &pos in gone {
                smaller.mines[pos] = false;
            }
            smaller.turns.retain(|turn| !gone.contains(&turn.mv.at));
            if smaller.turns.len() < case.turns.len() {
                cases.push(smaller);
            }
        }
        run /= 2;
    }
    for &pos in &mines {
        let mut smaller = case.clone();
        smaller.mines[pos] = false;
        cases.push(smaller);
    }
    cases
}

/// A mine moved up or left to a free square: no smaller by itself, but
/// it can bring two mines close enough for a row or column to go. (The
/// sum of the mines' rows and columns falls, so this too ends.)
fn mines_nearer(case: &Case, _: Focus) -> Vec<Case> {
    let mut cases = Vec::new();
    for pos in case.mines.positions().filter(|&p| case.mines[p]) {
        let nearer = [
            pos.row.checked_sub(1).map(|row| Pos::new(row, pos.col)),
            pos.col.checked_sub(1).map(|col| Pos::new(pos.row, col)),
        ];
        for to in nearer.into_iter().flatten().filter(|&to| !case.mines[to]) {
            let mut moved = case.clone();
            moved.mines[pos] = false;
            moved.mines[to] = true;
            cases.push(moved);
        }
    }
    cases
}

/// `case` with its first `turns` turns only.
fn first_turns(case: &Case, turns: usize) -> Case {
    Case {
        turns: case.turns[..turns].to_vec(),
        ..case.clone()
    }
}

/// `case` cropped to windows of one to three rows and columns around
/// `squares` (the square that differs and the move's), smallest first,
/// then to four by four and five by five: the squares and turns outside each go. Only
/// windows that hold every one of `squares`, smaller than the board.
fn windows(case: &Case, squares: &[Pos], outside: Outside) -> Vec<Case> {
    let mut sizes: Vec<(usize, usize)> = (1..=3)
        .flat_map(|h| (1..=3).map(move |w| (h, w)))
        .chain([(4, 4), (5, 5)])
        .collect();
    sizes.sort_by_key(|&(h, w)| (h * w, h.abs_diff(w)));
    let (rows, cols) = (case.rows(), case.cols());
    let bounds = |at: fn(&Pos) -> usize| {
        let low = squares.iter().map(at).min().unwrap_or(0);
        let high = squares.iter().map(at).max().unwrap_or(0);
        (low, high)
    };
    let (row_bounds, col_bounds) = (bounds(|p| p.row), bounds(|p| p.col));
    // The `size` lines from `low` to `high`, as centred as the board lets.
    let span = |(low, high): (usize, usize), size: usize, most: usize| {
        let size = size.min(most);
        let needed = high - low + 1;
        (needed <= size).then(|| {
            let start = low.saturating_sub((size - needed) / 2).min(most - size);
            start..start + size
        })
    };
    let mut cropped: Vec<Case> = Vec::new();
    for (h, w) in sizes {
        let (Some(r), Some(c)) = (span(row_bounds, h, rows), span(col_bounds, w, cols)) else {
            continue;
        };
        if r.len() * c.len() >= rows * cols {
            continue;
        }
        let window = crop(case, r, c, outside);
        if !cropped.contains(&window) {
            cropped.push(window);
        }
    }
    cropped
}

/// `case` with only the rows `r` and the columns `c`: the turns on other
/// squares go (or move to the edge), and the squares move up and left.
fn crop(case: &Case, r: Range<usize>, c: Range<usize>, outside: Outside) -> Case {
    let mines = Grid::from_row_major(
        r.len(),
        c.len(),
        r.clone()
            .flat_map(|row| c.clone().map(move |col| Pos::new(row, col)))
            .map(|pos| case.mines[pos])
            .collect(),
    );
    let inside = |at: Pos| r.contains(&at.row) && c.contains(&at.col);
    let nearest = |at: usize, lines: &Range<usize>| at.clamp(lines.start, lines.end - 1);
    let turns = case
        .turns
        .iter()
        .filter(|turn| matches!(outside, Outside::ToTheEdge) || inside(turn.mv.at))
        .map(|turn| {
            let mut turn = turn.clone();
            let (row, col) = (nearest(turn.mv.at.row, &r), nearest(turn.mv.at.col, &c));
            turn.mv.at = Pos::new(row - r.start, col - c.start);
            turn
        })
        .collect();
    Case { mines, turns }
}

#[derive(Clone, Copy)]
enum Line {
    Row(usize),
    Column(usize),
}

impl Line {
    fn holds(self, pos: Pos) -> bool {
        match self {
            Line::Row(r) => pos.row == r,
            Line::Column(c) => pos.col == c,
        }
    }

    /// The square beside `pos` (on this line) on the line before, or
    /// after for the first line (a line goes only where there are two).
    fn beside(self, pos: Pos) -> Pos {
        let before = |at: usize| at.checked_sub(1).unwrap_or(1);
        match self {
            Line::Row(_) => Pos::new(before(pos.row), pos.col),
            Line::Column(_) => Pos::new(pos.row, before(pos.col)),
        }
    }
}

/// `case` without `line`, its turns moved onto the line beside it (which
/// stays; then `without_line` moves it up or left with the rest).
fn without_line_keeping_turns(case: &Case, line: Line) -> Case {
    let mut merged = case.clone();
    for turn in merged
        .turns
        .iter_mut()
        .filter(|turn| line.holds(turn.mv.at))
    {
        turn.mv.at = line.beside(turn.mv.at);
    }
    without_line(&merged, line)
}

/// `case` without row or column `line`: its squares and the turns on them
/// go, and the squares after it move up or left.
fn without_line(case: &Case, line: Line) -> Case {
    let (rows, cols) = match line {
        Line::Row(_) => (case.rows() - 1, case.cols()),
        Line::Column(_) => (case.rows(), case.cols() - 1),
    };
    let kept = |pos: Pos| -> Option<Pos> {
        match line {
            Line::Row(r) if pos.row == r => None,
            Line::Row(r) if pos.row > r => Some(Pos::new(pos.row - 1, pos.col)),
            Line::Column(c) if pos.col == c => None,
            Line::Column(c) if pos.col > c => Some(Pos::new(pos.row, pos.col - 1)),
            _ => Some(pos),
        }
    };
    let mut mines = Grid::filled(rows, cols, false);
    for pos in case.mines.positions() {
        if let Some(moved) = kept(pos) {
            mines[moved] = case.mines[pos];
        }
    }
    let turns = case
        .turns
        .iter()
        .filter_map(|turn| {
            let at = kept(turn.mv.at)?;
            let mut turn = turn.clone();
            turn.mv.at = at;
            Some(turn)
        })
        .collect();
    Case { mines, turns }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::{Bad, Prompt, Turn};
    use engine::{Action, Game, Move, Rules};

    fn reveal(row: usize, col: usize) -> Turn {
        Turn::plain(Move {
            action: Action::Reveal,
            at: Pos::new(row, col),
        })
    }

    #[test]
    fn a_row_goes_with_its_moves() {
        let mines = Grid::from_row_major(3, 2, vec![false, true, false, false, true, false]);
        let case = Case {
            mines,
            turns: vec![reveal(0, 0), reveal(1, 1), reveal(2, 1)],
        };
        let smaller = without_line(&case, Line::Row(1));
        assert_eq!(
            smaller.mines.iter().copied().collect::<Vec<_>>(),
            vec![false, true, true, false]
        );
        assert_eq!(smaller.turns, vec![reveal(0, 0), reveal(1, 1)]);
        let smaller = without_line(&case, Line::Column(0));
        assert_eq!(
            smaller.mines.iter().copied().collect::<Vec<_>>(),
            vec![true, false, false]
        );
        assert_eq!(smaller.turns, vec![reveal(1, 0), reveal(2, 0)]);
    }

    /// A "program" that fails whenever a square next to a mine in the last
    /// column is revealed, and whenever it is given the bad answer 0.
    fn fails(case: &Case) -> Option<()> {
        let cols = case.cols();
        let mut game = Game::new(case.board(), Rules::PROJ3);
        let zero = case
            .turns
            .iter()
            .any(|t| t.bad.contains(&(Prompt::Row, Bad::Zero)));
        let edge = case.turns.iter().any(|t| {
            game.apply(t.mv);
            t.mv.at.col + 1 == cols - 1 && case.mines[Pos::new(t.mv.at.row, cols - 1)]
        });
        (zero || edge).then_some(())
    }

    #[test]
    fn a_big_game_shrinks_to_what_shows_the_failure() {
        let mut mines = Grid::filled(6, 8, false);
        for pos in [
            Pos::new(0, 0),
            Pos::new(2, 7),
            Pos::new(4, 3),
            Pos::new(5, 6),
        ] {
            mines[pos] = true;
        }
        let mut turns: Vec<Turn> = (0..6).map(|c| reveal(5, c)).collect();
        turns.push(reveal(2, 6));
        turns.push(reveal(0, 1));
        turns[2].bad.push((Prompt::Column, Bad::PastEnd));
        let case = Case { mines, turns };
        assert!(fails(&case).is_some());
        let shrunk = shrink(case, (), Focus::default(), fails, |_, _| Focus::default());
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (1, 2));
        assert_eq!(shrunk.case.turns, vec![reveal(0, 0)]);
        assert!(shrunk.runs < MOST_RUNS);
    }

    /// A fault of square boards: neither a row nor a column may go
    /// alone, only both together.
    #[test]
    fn a_square_board_loses_a_row_and_a_column_together() {
        let square = |case: &Case| (case.rows() == case.cols() && case.rows() >= 2).then_some(());
        let case = Case {
            mines: Grid::filled(5, 5, false),
            turns: vec![reveal(4, 4)],
        };
        let shrunk = shrink(case, (), Focus::default(), square, |_, _| Focus::default());
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (2, 2));
    }

    /// A big square board halves, rows and columns together, away from
    /// where the game went wrong: a few cuts, not one a line.
    #[test]
    fn a_big_board_loses_halves_and_quarters_at_once() {
        let square = |case: &Case| {
            let moved = case.turns.first()?.mv.at;
            (case.rows() == case.cols() && case.rows() >= 2 && moved == Pos::new(0, 0))
                .then_some(())
        };
        let case = Case {
            mines: Grid::filled(16, 16, false),
            turns: vec![reveal(0, 0)],
        };
        // No focus: no window to crop to first.
        let shrunk = shrink(case, (), Focus::default(), square, |_, _| Focus::default());
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (2, 2));
        // 16, 8, 4, 2: the bottom right half each time.
        assert_eq!(shrunk.steps, 3, "{shrunk:?}");
    }

    #[test]
    fn blocks_are_halves_and_quarters_without_the_needed_line() {
        assert_eq!(blocks(9, |_| false), [4..9, 0..4, 6..9, 4..6, 2..4, 0..2]);
        assert_eq!(blocks(8, |line| line == 5), [0..4, 6..8, 2..4, 0..2]);
        assert!(blocks(3, |_| false).is_empty());
    }

    /// Cropped around where it went wrong first: a board of 9x9 showing
    /// a fault at one square is three rows and columns around it in one
    /// step.
    #[test]
    fn a_window_around_the_fault_is_tried_first() {
        let mut mines = Grid::filled(9, 9, false);
        mines[Pos::new(4, 5)] = true;
        let case = Case {
            mines,
            turns: vec![reveal(4, 4)],
        };
        // Fails while the move's square has the mine on its right.
        let beside = |case: &Case| {
            let at = case.turns.first()?.mv.at;
            let right = Pos::new(at.row, at.col + 1);
            (right.col < case.cols() && case.mines[right]).then_some(())
        };
        let focus = Focus {
            turns: Some(1),
            square: Some(Pos::new(4, 5)),
            moved: Some(Pos::new(4, 4)),
        };
        let shrunk = shrink(case, (), focus, beside, |_, _| focus);
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (1, 2));
        assert!(shrunk.runs < 40, "{} runs", shrunk.runs);
    }

    fn flag(row: usize, col: usize) -> Turn {
        Turn::plain(Move {
            action: Action::Flag,
            at: Pos::new(row, col),
        })
    }

    /// A "program" that fails when a square already open is flagged.
    fn flags_an_open_square(case: &Case) -> Option<()> {
        let mut game = Game::new(case.board(), Rules::PROJ3);
        case.turns
            .iter()
            .any(|turn| {
                let open = game.cover(turn.mv.at) == engine::Cover::Open;
                game.apply(turn.mv);
                open && turn.mv.action == Action::Flag
            })
            .then_some(())
    }

    /// The flag on an open square needs the reveal that opened it: as a
    /// row or column goes, the reveal on it moves onto the one beside it,
    /// so a 3x3 island opened from its corner shrinks to one of 1x2, and
    /// to 2x2 where only square boards are played.
    #[test]
    fn a_reveal_moves_with_its_line_to_keep_what_it_opens() {
        let mut mines = Grid::filled(3, 3, false);
        mines[Pos::new(0, 0)] = true;
        let case = Case {
            mines,
            turns: vec![reveal(2, 2), flag(1, 1), flag(0, 0)],
        };
        assert!(flags_an_open_square(&case).is_some());
        let focus = Focus {
            turns: Some(2),
            square: None,
            moved: Some(Pos::new(1, 1)),
        };
        let shrunk = shrink(case.clone(), (), focus, flags_an_open_square, |_, _| focus);
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (1, 2));
        let square_only = |case: &Case| {
            (case.rows() == case.cols())
                .then(|| flags_an_open_square(case))
                .flatten()
        };
        let shrunk = shrink(case, (), focus, square_only, |_, _| focus);
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (2, 2));
    }

    /// A fault far from the move that shows it (an island opened from a
    /// corner, wrong at its other end): the window around the square that
    /// differs, the move brought to its edge, shows it at once.
    #[test]
    fn a_move_far_away_is_brought_to_the_window() {
        let mut mines = Grid::filled(9, 9, false);
        mines[Pos::new(4, 8)] = true;
        let case = Case {
            mines,
            turns: vec![reveal(0, 0)],
        };
        // Fails while a square left of a mine in the last column is open.
        let wrong_at_the_edge = |case: &Case| {
            let mut game = Game::new(case.board(), Rules::PROJ3);
            for turn in &case.turns {
                game.apply(turn.mv);
            }
            let last = case.cols().checked_sub(1)?;
            let beside = last.checked_sub(1)?;
            (0..case.rows())
                .any(|row| {
                    case.mines[Pos::new(row, last)]
                        && game.cover(Pos::new(row, beside)) == engine::Cover::Open
                })
                .then_some(())
        };
        assert!(wrong_at_the_edge(&case).is_some());
        let focus = Focus {
            turns: Some(1),
            square: Some(Pos::new(4, 7)),
            moved: Some(Pos::new(0, 0)),
        };
        let shrunk = shrink(case, (), focus, wrong_at_the_edge, |_, _| focus);
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (1, 2));
        assert_eq!(shrunk.steps, 1, "{shrunk:?}");
    }

    #[test]
    fn a_needed_bad_answer_stays() {
        let mut turn = reveal(1, 1);
        turn.bad = vec![(Prompt::Row, Bad::Negative), (Prompt::Row, Bad::Zero)];
        let case = Case {
            mines: Grid::filled(3, 3, false),
            turns: vec![reveal(0, 0), turn],
        };
        let shrunk = shrink(case, (), Focus::default(), fails, |_, _| Focus::default());
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (1, 1));
        assert_eq!(shrunk.case.turns.len(), 1);
        assert_eq!(shrunk.case.turns[0].bad, vec![(Prompt::Row, Bad::Zero)]);
    }
}
