//! The end of a game, searched exactly: once few arrangements of the mines
//! are left, every way of playing on is tried and the move with the
//! highest chance of winning the game is taken.
//!
//! The arrangements that fit (at most [`MOST_ARRANGEMENTS`], over at most
//! [`MOST_SQUARES`] unknown squares) are listed one by one. A position in
//! the search is the set of arrangements still possible; the squares known
//! safe in all of them are open (or free to open, which the search does
//! first, splitting the set by the clues they show). Otherwise each
//! uncertain square is tried: the chance of winning after it is the sum,
//! over the clues it could show, of the share of arrangements showing that
//! clue times the chance of winning from there. Positions met twice are
//! taken from a cache; a square whose chance of being safe cannot beat the
//! best move found is not tried (the squares go safest first, so the rest
//! cannot either); and the whole search stops after [`NODE_BUDGET`]
//! positions, in which case the guess is left to the look ahead.
//!
//! Each square's arrangements are kept as sets, one for a mine there and
//! one for each clue it would show: opening a square splits a position in
//! a few operations on words, whatever the number of arrangements. The
//! listing checks, as it decides each square, only the clues beside it.

use rustc_hash::FxHashMap;

use crate::{Known, Solver};

/// The search starts only with at most this many arrangements left.
/// Measured (BENCHMARKS.md) on two sets of 100,000 expert games, against
/// 128: 256 won 27 more, 512 102 more at 15 % fewer games a second, and
/// 2,048 (with budgets five times as large) 177 more at a quarter of the
/// speed; against 512, 1,024 won 44 more at 17 % fewer games a second.
/// At 512 the position budget below never ran out in those games.
pub(super) const MOST_ARRANGEMENTS: usize = 512;

/// Or with at most this many unknown squares (one bit each).
const MOST_SQUARES: usize = 64;

/// Positions the search may evaluate before it gives up.
const NODE_BUDGET: usize = 20_000;

/// Listing the arrangements gives up after this many steps.
const LISTING_BUDGET: usize = 200_000;

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

/// A set of arrangements, one bit each.
type Set = [u64; MOST_ARRANGEMENTS / 64];

impl Solver {
    /// The move with the best chance of winning, if few enough
    /// arrangements are left to search them all within the budgets.
    pub(super) fn endgame(&mut self) -> Option<Endgame> {
        let board = Arrangements::list(self)?;
        let mut search = Search {
            board: &board,
            cache: FxHashMap::default(),
            nodes: 0,
        };
        let all = board.all();
        let found = search.best_move(&all);
        self.work += search.nodes as u64;
        let (win, square) = found?;
        let unknown = board.squares[square?];
        let safe = board.safe_in(&all, square?);
        Some(Endgame {
            square: unknown,
            mine: 1.0 - safe as f64 / board.count() as f64,
            win,
            arrangements: board.count(),
        })
    }
}

/// Every arrangement of the remaining mines that fits what is known.
struct Arrangements {
    /// The unknown squares (row-major indexes); square `k` of an
    /// arrangement is bit `k`.
    squares: Vec<usize>,
    /// Each arrangement's mines.
    mines: Vec<u64>,
    /// Per unknown square: the arrangements with a mine on it, and those
    /// where it is safe and shows each clue. A set of arrangements splits
    /// by a square's clue in a few word operations, whatever its size.
    mine_on: Vec<Set>,
    showing: Vec<[Set; 9]>,
}

impl Arrangements {
    /// `None` when there are too many to search.
    fn list(solver: &Solver) -> Option<Self> {
        if solver.unknown > MOST_SQUARES {
            return None;
        }
        let squares: Vec<usize> = (0..solver.known.len())
            .filter(|&i| solver.known[i] == Known::Unknown)
            .collect();
        let bit = |i: usize| squares.binary_search(&i).ok().map(|k| 1u64 << k);
        // Each open clue with unknown neighbours: its mask and the mines it still needs.
        let mut clues = Vec::new();
        for i in solver.frontier_clues() {
            let Known::Open(value) = solver.known[i] else {
                continue;
            };
            let (unknown, mines) = solver.around(i);
            let mask = unknown.into_iter().filter_map(bit).fold(0, |m, b| m | b);
            clues.push((mask, u32::from(value.saturating_sub(mines))));
        }
        let mines_left = solver.mines.saturating_sub(solver.known_mines) as u32;
        let mut touching = vec![Vec::new(); squares.len()];
        for &(mask, needs) in &clues {
            for (k, touching) in touching.iter_mut().enumerate() {
                if mask >> k & 1 == 1 {
                    touching.push((mask, needs));
                }
            }
        }
        let mut listing = Listing {
            squares: squares.len(),
            clues: &clues,
            touching: &touching,
            mines_left,
            found: Vec::new(),
            steps: 0,
        };
        listing.place(0, 0).then_some(())?;
        let mines = listing.found;
        let mut mine_on = vec![EMPTY; squares.len()];
        let mut showing = vec![[EMPTY; 9]; squares.len()];
        for (k, &i) in squares.iter().enumerate() {
            let (unknown, known_mines) = solver.around(i);
            let neighbours = unknown.into_iter().filter_map(bit).fold(0, |m, b| m | b);
            for (a, &placed) in mines.iter().enumerate() {
                let into = if placed >> k & 1 == 1 {
                    &mut mine_on[k]
                } else {
                    let clue =
                        (placed & neighbours).count_ones() as usize + usize::from(known_mines);
                    &mut showing[k][clue.min(8)]
                };
                into[a / 64] |= 1 << (a % 64);
            }
        }
        Some(Self {
            squares,
            mines,
            mine_on,
            showing,
        })
    }

    fn count(&self) -> usize {
        self.mines.len()
    }

    fn all(&self) -> Set {
        let mut set = EMPTY;
        for a in 0..self.count() {
            set[a / 64] |= 1 << (a % 64);
        }
        set
    }

    /// In how many arrangements of `set` square `k` is safe.
    fn safe_in(&self, set: &Set, k: usize) -> usize {
        count(set) - count(&and(set, &self.mine_on[k]))
    }

    /// The arrangements of `set` where square `k` is safe, by the clue it
    /// shows, leaving out clues it shows in none: the sets opening it
    /// splits `set` into.
    fn split(&self, set: &Set, k: usize) -> impl Iterator<Item = Set> + '_ {
        let set = *set;
        self.showing[k]
            .iter()
            .map(move |showing| and(&set, showing))
            .filter(|part| part.iter().any(|&w| w != 0))
    }
}

/// The search for every arrangement, square by square in reading order.
struct Listing<'a> {
    squares: usize,
    /// Each clue with unknown neighbours: its mask and the mines it needs.
    clues: &'a [(u64, u32)],
    /// Per square, the clues it is a neighbour of.
    touching: &'a [Vec<(u64, u32)>],
    mines_left: u32,
    found: Vec<u64>,
    steps: usize,
}

impl Listing<'_> {
    /// Places mines on squares `k` on, with `placed` on the squares
    /// before; false once there are too many or it took too long.
    fn place(&mut self, k: usize, placed: u64) -> bool {
        self.steps += 1;
        if self.steps > LISTING_BUDGET {
            return false;
        }
        let decided = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
        let fits = |&(mask, needs): &(u64, u32)| {
            let got = (placed & mask).count_ones();
            let open = (mask & !decided).count_ones();
            got <= needs && got + open >= needs
        };
        let mines = placed.count_ones();
        let left = (self.squares - k) as u32;
        // Only the clues beside the square just decided can have stopped
        // fitting: the others fitted one square ago.
        let changed = match k {
            0 => self.clues,
            _ => &self.touching[k - 1],
        };
        if mines > self.mines_left || mines + left < self.mines_left || !changed.iter().all(fits) {
            return true;
        }
        if k == self.squares {
            if self.found.len() == MOST_ARRANGEMENTS {
                return false;
            }
            self.found.push(placed);
            return true;
        }
        self.place(k + 1, placed) && self.place(k + 1, placed | 1 << k)
    }
}

/// The game tree over sets of arrangements.
struct Search<'a> {
    board: &'a Arrangements,
    /// The chance of winning from each set met.
    cache: FxHashMap<Set, f64>,
    nodes: usize,
}

impl Search<'_> {
    /// The chance of winning from `set`; `None` past the budget.
    fn win(&mut self, set: &Set) -> Option<f64> {
        if let Some(&win) = self.cache.get(set) {
            return Some(win);
        }
        let win = match self.free_square(set) {
            Some(k) => self.expected(self.board.split(set, k), count(set))?,
            None => self.best_move(set)?.0,
        };
        self.cache.insert(*set, win);
        Some(win)
    }

    /// The best chance of winning from `set` and the square that gives it
    /// (`None` when every square is decided: the game is won).
    fn best_move(&mut self, set: &Set) -> Option<(f64, Option<usize>)> {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return None;
        }
        let board = self.board;
        let total = count(set);
        let (any, all) = self.mines_any_all(set);
        if any == all {
            return Some((1.0, None));
        }
        let mut tries = [(0, 0); MOST_SQUARES];
        let mut uncertain = 0;
        for k in (0..board.squares.len()).filter(|&k| (any & !all) >> k & 1 == 1) {
            tries[uncertain] = (board.safe_in(set, k), k);
            uncertain += 1;
        }
        let tries = &mut tries[..uncertain];
        tries.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = (0.0, None);
        for &(safe, k) in tries.iter() {
            if safe as f64 / total as f64 <= best.0 {
                break;
            }
            let win = self.expected(board.split(set, k), total)?;
            if win > best.0 {
                best = (win, Some(k));
            }
        }
        Some(best)
    }

    /// A square known safe everywhere in `set` that splits it by its
    /// clue, if one does: opening it is free.
    fn free_square(&self, set: &Set) -> Option<usize> {
        let (any, _) = self.mines_any_all(set);
        (0..self.board.squares.len())
            .filter(|&k| any >> k & 1 == 0)
            .find(|&k| self.board.split(set, k).nth(1).is_some())
    }

    /// The chance of winning over `parts`, out of `total` arrangements.
    fn expected(&mut self, parts: impl Iterator<Item = Set>, total: usize) -> Option<f64> {
        let mut win = 0.0;
        for part in parts {
            win += count(&part) as f64 / total as f64 * self.win(&part)?;
        }
        Some(win)
    }

    /// The squares with a mine in some arrangement of `set`, and in all.
    fn mines_any_all(&self, set: &Set) -> (u64, u64) {
        members(set).fold((0, u64::MAX), |(any, all), a| {
            (any | self.board.mines[a], all & self.board.mines[a])
        })
    }
}

/// No arrangement.
const EMPTY: Set = [0; MOST_ARRANGEMENTS / 64];

/// The arrangements in both.
fn and(a: &Set, b: &Set) -> Set {
    std::array::from_fn(|w| a[w] & b[w])
}

fn count(set: &Set) -> usize {
    set.iter().map(|w| w.count_ones() as usize).sum()
}

/// The arrangements in `set`, in order.
fn members(set: &Set) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            let b = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            (b < 64).then_some(w * 64 + b)
        })
    })
}
