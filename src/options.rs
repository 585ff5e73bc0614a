//! What the game options mean once clap has read them: the rules with the
//! first move asked for, a square named on the command line, a fresh seed,
//! and the usage errors they can give.

use std::hash::{BuildHasher, Hasher};

use engine::{Layout, NoRoom, Pos, RuleSet, Rules};

use crate::cli::RandomArgs;
use crate::error::AppError;

/// The rule set's rules, with the first-move policy the options ask for.
pub(crate) fn rules_of(rule_set: &RuleSet, random: &RandomArgs) -> Rules {
    match random.first_move {
        Some(policy) => rule_set.rules.with_first_move(policy.into()),
        None => rule_set.rules,
    }
}

/// The usage error of a layout with no room for its mines under `rules`.
pub(crate) fn too_many_mines(layout: Layout, rules: Rules, no_room: NoRoom) -> AppError {
    AppError::Usage(format!(
        "--mines {} is too many for a {}x{} board with --first-move {}: at most {} leave \
         room for the first move",
        no_room.mines,
        layout.rows,
        layout.cols,
        rules.first_move.name(),
        no_room.room
    ))
}

/// The square `--at ROW,COL` names, checked to lie on the board.
pub(crate) fn square_on(
    (row, col): (usize, usize),
    rows: usize,
    cols: usize,
) -> Result<Pos, AppError> {
    if row > rows || col > cols {
        return Err(AppError::Usage(format!(
            "--at {row},{col} is off a board of {rows} rows and {cols} columns"
        )));
    }
    Ok(Pos::new(row - 1, col - 1))
}

/// A seed for a game the player did not seed: std's hasher keys come from
/// the operating system's randomness, so this differs from run to run.
pub(crate) fn fresh_seed() -> u64 {
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}
