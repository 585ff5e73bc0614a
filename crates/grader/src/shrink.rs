//! Making a failing game as small as it goes: fewer turns, no bad answer
//! it does not need, fewer rows, columns and mines, for as long as the
//! program still fails the same way.
//!
//! Each round lists smaller games, the biggest cuts first, and keeps the
//! first that still fails; rounds go on until no smaller game fails. Every
//! step removes something, so it ends. The games of a round are tried in
//! parallel, and the first in the list that fails is kept, so the result
//! does not depend on the number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use engine::{Grid, Pos};

use crate::case::Case;

/// The most runs of the program one shrink may take.
pub(crate) const MOST_RUNS: usize = 2000;

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
/// `Some`, with what it said. `found` is what it said about `case`.
pub fn shrink<T: Send>(
    case: Case,
    found: T,
    fails: impl Fn(&Case) -> Option<T> + Sync,
) -> Shrunk<T> {
    let mut shrunk = Shrunk {
        case,
        found,
        steps: 0,
        runs: 0,
    };
    let runs = AtomicUsize::new(0);
    let counted = |case: &Case| {
        // Past the budget, a case counts as not failing: the round ends.
        (runs.fetch_add(1, Ordering::Relaxed) < MOST_RUNS)
            .then(|| fails(case))
            .flatten()
    };
    loop {
        let candidates = smaller(&shrunk.case);
        let kept = candidates
            .par_iter()
            .find_map_first(|candidate| counted(candidate).map(|found| (candidate.clone(), found)));
        shrunk.runs = runs.load(Ordering::Relaxed).min(MOST_RUNS);
        match kept {
            Some((case, found)) => {
                shrunk.case = case;
                shrunk.found = found;
                shrunk.steps += 1;
            }
            None => break,
        }
    }
    shrunk
}

/// Smaller cases, the biggest cuts first.
fn smaller(case: &Case) -> Vec<Case> {
    let mut cases = Vec::new();
    // Only the first n turns, shortest first.
    for n in 0..case.turns.len() {
        cases.push(Case {
            turns: case.turns[..n].to_vec(),
            ..case.clone()
        });
    }
    // No bad answer at all, then without each one.
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
    // Without one turn.
    for i in 0..case.turns.len() {
        let mut smaller = case.clone();
        smaller.turns.remove(i);
        cases.push(smaller);
    }
    // Without a row or a column, last first (moves on it go too).
    if case.rows() > 1 {
        cases.extend(
            (0..case.rows())
                .rev()
                .map(|r| without_line(case, Line::Row(r))),
        );
    }
    if case.cols() > 1 {
        cases.extend(
            (0..case.cols())
                .rev()
                .map(|c| without_line(case, Line::Column(c))),
        );
    }
    // A mine fewer.
    let mines: Vec<Pos> = case.mines.positions().filter(|&p| case.mines[p]).collect();
    for &pos in &mines {
        let mut smaller = case.clone();
        smaller.mines[pos] = false;
        cases.push(smaller);
    }
    // A mine moved up or left to a free square: no smaller by itself, but
    // it can bring two mines close enough for a row or column to go. (The
    // sum of the mines' rows and columns falls, so this too ends.)
    for &pos in &mines {
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

#[derive(Clone, Copy)]
enum Line {
    Row(usize),
    Column(usize),
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
        let shrunk = shrink(case, (), fails);
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (1, 2));
        assert_eq!(shrunk.case.turns, vec![reveal(0, 0)]);
        assert!(shrunk.runs < MOST_RUNS);
    }

    #[test]
    fn a_needed_bad_answer_stays() {
        let mut turn = reveal(1, 1);
        turn.bad = vec![(Prompt::Row, Bad::Negative), (Prompt::Row, Bad::Zero)];
        let case = Case {
            mines: Grid::filled(3, 3, false),
            turns: vec![reveal(0, 0), turn],
        };
        let shrunk = shrink(case, (), fails);
        assert_eq!((shrunk.case.rows(), shrunk.case.cols()), (1, 1));
        assert_eq!(shrunk.case.turns.len(), 1);
        assert_eq!(shrunk.case.turns[0].bad, vec![(Prompt::Row, Bad::Zero)]);
    }
}
