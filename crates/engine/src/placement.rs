//! Random boards: mines placed uniformly, reproducibly from a seed.
//!
//! The choices come from [`Dice`] (ChaCha8 keyed with the seed). Both its
//! draws and the steps below are fixed, so a seed gives the same board on
//! every platform and in every release; a unit test pins one layout.
//!
//! Placement is a partial Fisher–Yates shuffle of the squares allowed to
//! hold a mine: the first `mines` of them after `mines` swaps. Every set of
//! squares of that size is equally likely, and the work is the same at any
//! density (no retrying of squares that already hold a mine).

use crate::board::{Board, Frame};
use crate::dice::Dice;
use crate::grid::{Grid, Pos};
use crate::rules::FirstMove;

/// The shape of a random board and how many mines it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Mines on it.
    pub mines: usize,
}

impl Layout {
    /// Beginner: 9x9 with 10 mines.
    pub const BEGINNER: Layout = Layout::new(9, 9, 10);
    /// Intermediate: 16x16 with 40 mines.
    pub const INTERMEDIATE: Layout = Layout::new(16, 16, 40);
    /// Expert: 16 rows and 30 columns with 99 mines.
    pub const EXPERT: Layout = Layout::new(16, 30, 99);
    /// The most rows, and the most columns, a random board is dealt with,
    /// on the command line and in the menu alike: the largest size the
    /// program is measured on.
    pub const MOST_SIDE: usize = 5000;

    /// A board of `rows` x `cols` with `mines` mines.
    pub const fn new(rows: usize, cols: usize, mines: usize) -> Self {
        Self { rows, cols, mines }
    }

    /// Squares on the board.
    pub fn squares(&self) -> usize {
        self.rows * self.cols
    }

    /// The most mines that leave room for any first move under `policy`.
    pub fn max_mines(&self, policy: FirstMove) -> usize {
        let kept_free = match policy {
            FirstMove::Any => 0,
            FirstMove::Safe => 1,
            // The largest neighbourhood a first square can have on this board.
            FirstMove::Opening => self.rows.min(3) * self.cols.min(3),
        };
        self.squares().saturating_sub(kept_free)
    }

    /// Fails when the mines leave no room for some first move under `policy`.
    pub fn check_room(&self, policy: FirstMove) -> Result<(), NoRoom> {
        let room = self.max_mines(policy);
        if self.mines > room {
            return Err(NoRoom {
                mines: self.mines,
                room,
            });
        }
        Ok(())
    }
}

/// Too many mines for the squares left free by the first-move policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mines} mines are too many: only {room} squares may hold a mine")]
pub struct NoRoom {
    /// The mines asked for.
    pub mines: usize,
    /// The squares that may hold one.
    pub room: usize,
}

/// Places `layout.mines` mines uniformly over the squares that `policy`
/// allows, given the first square opened (`None`: no square is kept free).
pub fn place_mines(
    layout: Layout,
    policy: FirstMove,
    first: Option<Pos>,
    seed: u64,
) -> Result<Board, NoRoom> {
    let mut mines = Grid::filled(layout.rows, layout.cols, false);
    let mut kept: Vec<usize> = first
        .map(|first| kept_free(&mines, policy, first))
        .unwrap_or_default()
        .into_iter()
        .map(|pos| mines.index_of(pos))
        .collect();
    kept.sort_unstable();
    let room = layout.squares() - kept.len();
    if layout.mines > room {
        return Err(NoRoom {
            mines: layout.mines,
            room,
        });
    }
    // Every board the command line allows has fewer than 2^32 squares.
    if u32::try_from(layout.squares()).is_ok() {
        shuffle_in::<u32>(&mut mines, &kept, layout.mines, seed);
    } else {
        shuffle_in::<usize>(&mut mines, &kept, layout.mines, seed);
    }
    Ok(Board::new(mines, Frame::Plus))
}

/// Puts `count` mines on the squares of `mines` not in `kept` (sorted): the
/// first `count` of them after a partial Fisher–Yates shuffle.
fn shuffle_in<I: SquareIndex>(mines: &mut Grid<bool>, kept: &[usize], count: usize, seed: u64) {
    let squares = mines.rows() * mines.cols();
    let mut allowed: Vec<I> = (0..squares)
        .filter(|i| kept.binary_search(i).is_err())
        .map(I::from_index)
        .collect();
    let mut dice = Dice::new(seed);
    for i in 0..count {
        let j = i + dice.index(allowed.len() - i);
        allowed.swap(i, j);
        let pos = mines.pos_at(allowed[i].index());
        mines[pos] = true;
    }
}

/// A square's index in the list being shuffled: 32 bits when the board is
/// small enough, which halves the largest allocation of a new game.
trait SquareIndex: Copy {
    fn from_index(i: usize) -> Self;
    fn index(self) -> usize;
}

impl SquareIndex for u32 {
    fn from_index(i: usize) -> Self {
        debug_assert!(u32::try_from(i).is_ok());
        i as u32
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl SquareIndex for usize {
    fn from_index(i: usize) -> Self {
        i
    }

    fn index(self) -> usize {
        self
    }
}

/// The squares the policy keeps free around the first square.
fn kept_free(grid: &Grid<bool>, policy: FirstMove, first: Pos) -> Vec<Pos> {
    match policy {
        FirstMove::Any => Vec::new(),
        FirstMove::Safe => vec![first],
        FirstMove::Opening => std::iter::once(first)
            .chain(grid.neighbours(first))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_file::to_board_file;

    #[test]
    fn seed_42_gives_the_same_board_forever() {
        let board =
            place_mines(Layout::BEGINNER, FirstMove::Safe, Some(Pos::new(4, 4)), 42).unwrap();
        assert_eq!(to_board_file(&board), SEED_42);
    }

    /// Seed 42, 9x9 with 10 mines, first move at row 5, column 5.
    const SEED_42: &str = "\
+++++++++++
+      ** +
+       * +
+   **    +
+         +
+   *     +
+      *  +
+         +
+*   *    +
+        *+
+++++++++++
";

    #[test]
    fn the_32_bit_shuffle_places_what_the_full_width_one_does() {
        for seed in 0..20 {
            let mut narrow = Grid::filled(7, 11, false);
            let mut wide = Grid::filled(7, 11, false);
            shuffle_in::<u32>(&mut narrow, &[3, 40], 30, seed);
            shuffle_in::<usize>(&mut wide, &[3, 40], 30, seed);
            assert_eq!(narrow, wide);
            assert!(!narrow[Pos::new(0, 3)] && !narrow[narrow.pos_at(40)]);
        }
    }

    #[test]
    fn different_seeds_give_different_boards() {
        let a = place_mines(Layout::EXPERT, FirstMove::Any, None, 1).unwrap();
        let b = place_mines(Layout::EXPERT, FirstMove::Any, None, 2).unwrap();
        assert_ne!(a, b);
        assert_eq!((a.mine_count(), b.mine_count()), (99, 99));
    }

    #[test]
    fn full_board_has_a_mine_everywhere() {
        let board = place_mines(Layout::new(3, 4, 12), FirstMove::Any, None, 7).unwrap();
        assert_eq!(board.mine_count(), 12);
    }

    #[test]
    fn too_many_mines_for_the_policy() {
        let layout = Layout::new(3, 3, 9);
        let err = place_mines(layout, FirstMove::Safe, Some(Pos::new(0, 0)), 1).unwrap_err();
        assert_eq!(err, NoRoom { mines: 9, room: 8 });
        assert_eq!(layout.max_mines(FirstMove::Opening), 0);
        assert_eq!(Layout::BEGINNER.max_mines(FirstMove::Opening), 72);
        assert_eq!(Layout::new(1, 5, 0).max_mines(FirstMove::Opening), 2);
    }
}
