//! Every arrangement of the remaining mines that fits what is known,
//! listed square by square.

use super::{LISTING_STEPS, MOST_SQUARES};
use crate::{Known, Solver};

/// The arrangements, and what each unknown square shows in each.
pub(super) struct Arrangements {
    /// The unknown squares (row-major indexes); square `k` of an
    /// arrangement is bit `k`.
    pub(super) squares: Vec<usize>,
    /// Each arrangement's mines.
    pub(super) mines: Vec<u64>,
    /// Per unknown square: its unknown neighbours (as bits) and the mines
    /// known around it.
    around: Vec<(u64, u8)>,
}

/// What a square shows in an arrangement that has a mine on it.
pub(super) const MINE: u8 = 9;

impl Arrangements {
    /// `None` when there are more than `most`, or more unknown squares
    /// than fit a word.
    pub(super) fn list(solver: &Solver, most: usize) -> Option<Self> {
        if solver.unknown > MOST_SQUARES {
            return None;
        }
        let squares: Vec<usize> = (0..solver.known.len())
            .filter(|&i| solver.known.get(i) == Known::Unknown)
            .collect();
        let bit = |i: usize| squares.binary_search(&i).ok().map(|k| 1u64 << k);
        let bits = |i: usize| {
            let (unknown, mines) = solver.around(i);
            (
                unknown.into_iter().filter_map(bit).fold(0, |m, b| m | b),
                mines,
            )
        };
        // Each open clue with unknown neighbours: its mask and the mines it still needs.
        let mut clues = Vec::new();
        for i in solver.frontier_clues() {
            let Known::Open(value) = solver.known.get(i) else {
                continue;
            };
            let (mask, mines) = bits(i);
            clues.push((mask, u32::from(value.saturating_sub(mines))));
        }
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
            mines_left: solver.mines.saturating_sub(solver.known_mines) as u32,
            most,
            found: Vec::new(),
            steps: most.saturating_mul(LISTING_STEPS),
        };
        listing.place(0, 0).then_some(())?;
        Some(Self {
            around: squares.iter().map(|&i| bits(i)).collect(),
            squares,
            mines: listing.found,
        })
    }

    pub(super) fn count(&self) -> usize {
        self.mines.len()
    }

    /// What unknown square `k` shows in arrangement `a`: its clue, or
    /// [`MINE`].
    pub(super) fn shows(&self, a: usize, k: usize) -> u8 {
        let placed = self.mines[a];
        if placed >> k & 1 == 1 {
            return MINE;
        }
        let (neighbours, known) = self.around[k];
        ((placed & neighbours).count_ones() as u8 + known).min(8)
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
    most: usize,
    found: Vec<u64>,
    /// Steps left before the listing gives up.
    steps: usize,
}

impl Listing<'_> {
    /// Places mines on squares `k` on, with `placed` on the squares
    /// before; false once there are too many or it took too long.
    fn place(&mut self, k: usize, placed: u64) -> bool {
        if self.steps == 0 {
            return false;
        }
        self.steps -= 1;
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
            if self.found.len() == self.most {
                return false;
            }
            self.found.push(placed);
            return true;
        }
        self.place(k + 1, placed) && self.place(k + 1, placed | 1 << k)
    }
}
