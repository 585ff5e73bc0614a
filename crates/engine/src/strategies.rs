//! Proptest strategies for boards, moves and layouts, for the property
//! tests of this crate and of the crates above it (the feature `proptest`).

use proptest::prelude::*;

use crate::{Action, Board, FirstMove, Frame, Grid, Layout, Move, Pos};

/// Boards up to 12x12 of any mine density, in either frame.
pub fn any_board() -> impl Strategy<Value = Board> {
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

/// Moves as fractions of the board's size, so one strategy fits every
/// board: reveal or not, row, column ([`to_move`]).
pub fn any_moves() -> impl Strategy<Value = Vec<(bool, f64, f64)>> {
    prop::collection::vec((any::<bool>(), 0.0f64..1.0, 0.0f64..1.0), 0..40)
}

/// The move a drawn `(reveal, row, col)` makes on `board`.
pub fn to_move(board: &Board, (reveal, row, col): (bool, f64, f64)) -> Move {
    let at = Pos::new(
        (row * board.rows() as f64) as usize,
        (col * board.cols() as f64) as usize,
    );
    let action = if reveal { Action::Reveal } else { Action::Flag };
    Move { action, at }
}

/// Layouts up to 12x12 with any number of mines that fits.
pub fn any_layout() -> impl Strategy<Value = Layout> {
    (1usize..=12, 1usize..=12)
        .prop_flat_map(|(rows, cols)| (Just(rows), Just(cols), 0..=rows * cols))
        .prop_map(|(rows, cols, mines)| Layout::new(rows, cols, mines))
}

/// Any first-move policy.
pub fn any_policy() -> impl Strategy<Value = FirstMove> {
    prop::sample::select(vec![FirstMove::Any, FirstMove::Safe, FirstMove::Opening])
}
