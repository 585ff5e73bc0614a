//! `generate`'s plan: the board to make, from which square, and how.

use engine::{FirstMove, Layout, Pos};

use crate::cli::GenerateArgs;
use crate::error::AppError;
use crate::options::square_on;

/// The boards `generate` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct GeneratePlan {
    /// Their size and mines.
    pub layout: Layout,
    /// What the first opening is kept clear of.
    pub policy: FirstMove,
    /// The first square opened, when one is kept clear or the board must
    /// need no guess from it.
    pub first: Option<Pos>,
    /// The first board's seed.
    pub seed: u64,
    /// Whether the seed was made here, not given: then it is said.
    pub seed_made: bool,
    /// Whether the solver must clear the boards without guessing.
    pub no_guess: bool,
    /// How many boards.
    pub count: u64,
}

/// The plan `args` ask for, with a fresh seed from `seed` when none is
/// given. A square named with `--at` is kept clear unless `--first-move`
/// says otherwise, and a no-guess board starts with an opening at the
/// centre unless one is named. Refused: a square off the board, and a
/// first move kept clear with no square to keep.
pub(crate) fn generate(
    args: &GenerateArgs,
    seed: impl FnOnce() -> u64,
) -> Result<GeneratePlan, AppError> {
    let layout = args.random.layout();
    let policy = args.random.first_move.map(FirstMove::from);
    let first = match args.at {
        Some(at) => Some(square_on(at, layout.rows, layout.cols)?),
        None if args.no_guess => Some(centre(layout)),
        None if matches!(policy, Some(FirstMove::Safe | FirstMove::Opening)) => {
            return Err(AppError::Usage(
                "--first-move safe or opening needs --at ROW,COL, the square to keep clear"
                    .to_owned(),
            ));
        }
        None => None,
    };
    let policy = policy.unwrap_or(match first {
        Some(_) if args.no_guess => FirstMove::Opening,
        Some(_) => FirstMove::Safe,
        None => FirstMove::Any,
    });
    Ok(GeneratePlan {
        layout,
        policy,
        first,
        seed: args.random.seed.unwrap_or_else(seed),
        seed_made: args.random.seed.is_none(),
        no_guess: args.no_guess,
        count: args.count,
    })
}

/// The centre square, where a no-guess board starts by default.
fn centre(layout: Layout) -> Pos {
    Pos::new(
        layout.rows.saturating_sub(1) / 2,
        layout.cols.saturating_sub(1) / 2,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn plan(line: &[&str]) -> Result<GeneratePlan, AppError> {
        let cli = Cli::try_parse_from(line).unwrap();
        let Some(Command::Generate(args)) = cli.command else {
            panic!("a generate");
        };
        generate(&args, || 5)
    }

    #[test]
    fn a_square_is_kept_clear_only_when_one_is_named() {
        let refused = plan(&["m", "generate", "--first-move", "safe"]);
        assert!(matches!(refused, Err(AppError::Usage(why)) if why.contains("needs --at")));
        let off = plan(&["m", "generate", "--level", "beginner", "--at", "10,1"]);
        assert!(matches!(off, Err(AppError::Usage(why)) if why.contains("off a board")));
        let named = plan(&["m", "generate", "--at", "2,3"]).unwrap();
        assert_eq!(
            (named.first, named.policy),
            (Some(Pos::new(1, 2)), FirstMove::Safe)
        );
        let plain = plan(&["m", "generate", "--seed", "9"]).unwrap();
        assert_eq!((plain.first, plain.policy), (None, FirstMove::Any));
        assert_eq!((plain.seed, plain.seed_made), (9, false));
    }

    #[test]
    fn a_board_without_guessing_opens_at_the_centre() {
        let no_guess = plan(&["m", "generate", "--level", "expert", "--no-guess"]).unwrap();
        assert_eq!(no_guess.first, Some(Pos::new(7, 14)));
        assert_eq!(no_guess.policy, FirstMove::Opening);
        assert_eq!((no_guess.seed, no_guess.seed_made), (5, true));
    }
}
