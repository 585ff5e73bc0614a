//! The end of a game, or a whole small game, searched exactly: once few
//! enough arrangements of the mines are left, every way of playing on is
//! tried and the move that wins the most of them is taken.
//!
//! The arrangements that fit ([`listing`], over at most [`MOST_SQUARES`]
//! unknown squares) are listed one by one. A position in the search
//! ([`search`]) is the set of arrangements still possible; the squares
//! known safe in all of them are opened first (free: they split the set by
//! the clues they show); otherwise each uncertain square is tried, and the
//! games it wins are the sum, over the clues it could show, of the games
//! won from there. Positions met twice are taken from a cache; a square
//! safe in no more arrangements than the best move wins is not tried (the
//! squares go safest first, so the rest cannot win more either).
//!
//! Two ways to hold a set ([`sets`]): up to [`MOST_ARRANGEMENTS`], one bit
//! each, so that opening a square splits a position in a few word
//! operations (the end of a big game); up to [`WHOLE_ARRANGEMENTS`], a
//! list of the arrangements, so that a position costs what it holds (a
//! small board from its first move). Each search has a budget of work;
//! past it, the guess is left to the look ahead.

mod listing;
mod search;
mod sets;

use listing::Arrangements;
use search::Search;
use sets::{Bits, Family, Listed};

use crate::Solver;

/// The bit sets' search starts with at most this many arrangements left.
/// Measured (BENCHMARKS.md) on two sets of 100,000 expert games, against
/// 128: 256 won 27 more, 512 102 more at 15 % fewer games a second, and
/// 2,048 (with budgets five times as large) 177 more at a quarter of the
/// speed; against 512, 1,024 won 44 more at 17 % fewer games a second.
/// At 512 the position budget below never ran out in those games.
pub(super) const MOST_ARRANGEMENTS: usize = 512;

/// The listed sets' search starts with at most this many. A 5x5 board
/// with 4 mines has 10,626 arrangements before its first move and at most
/// 3,990 after it, which this search takes whole in 1.7 to 2.5 s; the
/// 6,800 that 4x6 with 5 mines can leave took 3.3 s, more than a guess
/// should make a player wait.
pub(super) const WHOLE_ARRANGEMENTS: usize = 4096;

/// And with at most this many arrangements times unknown squares: what
/// one look at the first position costs. 5x5 with 4 mines needs 95,760
/// (3,990 arrangements over 24 squares); on a board of 60-odd squares
/// the same count of arrangements would cost more than twice as much at
/// every position, so fewer are taken on there.
const MOST_LOOKS_AT_ONCE: usize = 100_000;

/// Or with at most this many unknown squares (one bit each).
pub(super) const MOST_SQUARES: usize = 64;

/// Positions the bit sets' search may evaluate before it gives up.
const NODE_BUDGET: u64 = 20_000;

/// What the listed sets' search may do before it gives up, counted in
/// arrangements looked at, each once a square: this many times a look at
/// the first position. Measured (BENCHMARKS.md): the costliest search of
/// 5x5 with 4 mines, 3,990 arrangements over 24 squares after the first
/// move, takes 464 million looks (4,850 times the first), 1.7 to 2.5 s;
/// the cache holds less than one arrangement (4 bytes) for every 25
/// looks, so at most 80 MB. A smaller position gets a smaller budget: one
/// that cannot be searched whole is given up sooner.
const LOOKS_PER_LOOK: u64 = 5_000;

/// Listing the arrangements gives up after this many steps for each
/// arrangement it may find.
const LISTING_STEPS: usize = 400;

/// The move the search found best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Endgame {
    /// The square to open (row-major index).
    pub(super) square: usize,
    /// The chance of a mine on it.
    pub(super) mine: f64,
    /// The chance of winning the game by playing it, and best after.
    pub(super) win: f64,
    /// How many arrangements were left.
    pub(super) arrangements: usize,
}

impl Solver {
    /// The move with the best chance of winning, if few enough
    /// arrangements are left to search them all within the budgets.
    pub(super) fn endgame(&mut self) -> Option<Endgame> {
        let board = Arrangements::list(self, self.most_searched())?;
        if board.count() <= MOST_ARRANGEMENTS {
            self.endgame_over(Bits::of(&board), &board, NODE_BUDGET)
        } else {
            let budget = (board.count() * board.squares.len()) as u64 * LOOKS_PER_LOOK;
            self.endgame_over(Listed::of(&board), &board, budget)
        }
    }

    /// The most arrangements the search starts with: a board of at most
    /// [`MOST_SQUARES`] squares is searched whole, from its first guess;
    /// on a bigger one, the search of its first positions of more than
    /// [`MOST_ARRANGEMENTS`] ran out of its budget nearly every time
    /// (expert: from 800 games a second to under 40), so only its end is.
    pub(super) fn most_searched(&self) -> usize {
        if self.rows * self.cols <= MOST_SQUARES {
            let at_once = MOST_LOOKS_AT_ONCE / self.unknown.max(1);
            WHOLE_ARRANGEMENTS.min(at_once).max(MOST_ARRANGEMENTS)
        } else {
            MOST_ARRANGEMENTS
        }
    }

    fn endgame_over<F: Family>(
        &mut self,
        family: F,
        board: &Arrangements,
        budget: u64,
    ) -> Option<Endgame> {
        let mut search = Search::new(&family, board, budget);
        let all = family.all();
        let found = search.best_first(&all);
        self.work += search.work();
        let (wins, square) = found?;
        let square = square?;
        let total = board.count();
        Some(Endgame {
            square: board.squares[square],
            mine: 1.0 - family.safe_in(&all, square) as f64 / total as f64,
            win: f64::from(wins) / total as f64,
            arrangements: total,
        })
    }
}
