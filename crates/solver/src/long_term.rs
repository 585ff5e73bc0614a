//! 50/50s that may form: guesses weighed by the unavoidable guesses they
//! would spare later.
//!
//! Two squares side by side whose outer neighbours (the squares next to
//! one of them but not the other) are all mines can never be told apart:
//! every clue still to be opened sees both or neither. Nor can a 2x2 box
//! whose four outer corners are mines, with a mine on one diagonal: every
//! other square next to the box sees one square of each diagonal. Such a
//! shape is a 50/50 in waiting. Of the arrangements where it forms, the
//! player loses half sooner or later, whatever else they do.
//!
//! Guessing a square of the shape now, or one of its missing outer
//! squares (an *enabler*, not yet known to be a mine, which when safe
//! breaks the shape), loses some of those arrangements at once: a square
//! of the shape is a mine in half of them, an enabler in all of them. In
//! either case half of them would have been lost to the 50/50 anyway, so
//! the guess costs that much less than its chance of a mine says. Each
//! such square is credited with that half: the chance that the shape forms
//! with its first square (or diagonal) as the mines ([`Risks::credit`]).
//! The look ahead weighs a candidate's worth by its credit against its
//! chance of being safe.
//!
//! A square whose every mine arrangement is one where such a shape forms
//! is a **pseudo 50/50**: guessing it costs nothing a later guess would
//! not, and is taken at once (as [`fifty_fifty`](super::fifty_fifty) takes
//! one already formed).
//!
//! Each shape's chance is counted exactly: the analysis supposing its
//! mines, its safe squares and its missing enablers as mines, against the
//! analysis now. Only shapes missing few enablers are counted: those
//! missing more rarely form.

use rustc_hash::FxHashMap;

use crate::arrangements::analyse_supposing;
use crate::{Known, Probabilities, Solver};

/// Shapes credited to a square may miss at most this many enablers.
const MOST_MISSING: usize = 3;

/// Shapes whose chance is credited to their missing enablers (and that can
/// make a pseudo 50/50) miss at most this many.
const MOST_MISSING_FOR_ENABLERS: usize = 1;

/// Shapes less likely than this to form give their enablers nothing.
const LEAST_FOR_ENABLERS: f64 = 0.025;

/// How much of a square's credit counts toward its worth: the influence
/// is an estimate (the shapes of one square overlap, and a 50/50 formed
/// may still be spared by the mine count).
pub(super) const CREDIT_WEIGHT: f64 = 0.3;

/// Chances closer than this (relative) are taken as equal when deciding
/// a pseudo 50/50.
const SAME: f64 = 1e-9;

/// A place where a 50/50 may form, by its top-left square (row-major index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Shape {
    /// Two squares side by side.
    Across(usize),
    /// Two squares one above the other.
    Down(usize),
    /// A 2x2 box, its mines on one diagonal.
    Box(usize),
}

/// A shape placed on the board: which squares are supposed mines and
/// clear, and its outer squares as they are known.
struct Placed {
    mines: [usize; 2],
    mine_count: usize,
    clear: [usize; 2],
    clear_count: usize,
    /// Outer squares not known to be mines.
    missing: Vec<usize>,
}

impl Placed {
    /// The squares supposed mines: the first, or the first diagonal.
    fn mines(&self) -> &[usize] {
        &self.mines[..self.mine_count]
    }

    /// The squares supposed clear.
    fn clear(&self) -> &[usize] {
        &self.clear[..self.clear_count]
    }
}

/// The chances of the shapes looked at for one guess.
pub(super) struct Risks {
    /// Each shape's chance of forming with its first square (or diagonal)
    /// as the mines.
    chance: FxHashMap<Shape, f64>,
    /// What each enabler is credited, from the shapes it would complete.
    enablers: FxHashMap<usize, f64>,
    /// Squares whose every mine arrangement forms a shape.
    pub(super) pseudos: Vec<usize>,
    log_now: f64,
}

impl Solver {
    /// The shapes that may form near the known mines, their enablers'
    /// credits and the pseudo 50/50s among them; `None` without an exact
    /// analysis.
    pub(super) fn risks(&mut self, now: &Probabilities) -> Option<Risks> {
        let mut risks = Risks {
            chance: FxHashMap::default(),
            enablers: FxHashMap::default(),
            pseudos: Vec::new(),
            log_now: now.log_arrangements()?,
        };
        for shape in self.shapes_near_known_mines() {
            let Some(placed) = self.placed(shape, MOST_MISSING_FOR_ENABLERS) else {
                continue;
            };
            let chance = risks.chance_of(self, shape, &placed);
            if chance <= 0.0 {
                continue;
            }
            for &square in placed.mines().iter().chain(placed.clear()) {
                let mine = now.at_index(square);
                if (chance - mine).abs() <= SAME * mine && !risks.pseudos.contains(&square) {
                    risks.pseudos.push(square);
                }
            }
            if chance > LEAST_FOR_ENABLERS {
                for &enabler in &placed.missing {
                    *risks.enablers.entry(enabler).or_default() += chance;
                }
            }
        }
        risks.pseudos.sort_unstable();
        Some(risks)
    }

    /// Every shape with a known mine, which has unknown neighbours, among
    /// its outer squares: the only ones that can miss at most one enabler
    /// (a shape has at least two outer squares). Sorted, without repeats.
    fn shapes_near_known_mines(&self) -> Vec<Shape> {
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        let mut shapes = Vec::new();
        let mines: Vec<usize> = self
            .settled
            .iter()
            .filter(|&m| self.known.get(m) == Known::Mine)
            .collect();
        for m in mines {
            let (r, c) = ((m / self.cols) as isize, (m % self.cols) as isize);
            let mut add = |r: isize, c: isize, shape: fn(usize) -> Shape| {
                if (0..rows).contains(&r) && (0..cols).contains(&c) {
                    shapes.push(shape((r * cols + c) as usize));
                }
            };
            for dr in -1..=1 {
                add(r + dr, c + 1, Shape::Across);
                add(r + dr, c - 2, Shape::Across);
            }
            for dc in -1..=1 {
                add(r + 1, c + dc, Shape::Down);
                add(r - 2, c + dc, Shape::Down);
            }
            for (dr, dc) in [(1, 1), (1, -2), (-2, 1), (-2, -2)] {
                add(r + dr, c + dc, Shape::Box);
            }
        }
        shapes.sort_unstable_by_key(|&shape| match shape {
            Shape::Across(i) => (0, i),
            Shape::Down(i) => (1, i),
            Shape::Box(i) => (2, i),
        });
        shapes.dedup();
        shapes
    }

    /// `shape` on the board, if it fits there, its squares are all
    /// unknown, none of its outer squares is open or known clear, and it
    /// misses at most `most_missing` enablers (and no more than the mines
    /// left allow).
    fn placed(&self, shape: Shape, most_missing: usize) -> Option<Placed> {
        let (rows, cols) = (self.rows, self.cols);
        let (top, height, width) = match shape {
            Shape::Across(i) => (i, 1, 2),
            Shape::Down(i) => (i, 2, 1),
            Shape::Box(i) => (i, 2, 2),
        };
        let (r, c) = (top / cols, top % cols);
        if r + height > rows || c + width > cols {
            return None;
        }
        let at = |dr: usize, dc: usize| (r + dr) * cols + c + dc;
        let (mines, mine_count, clear, clear_count) = match shape {
            Shape::Across(_) => ([at(0, 0), 0], 1, [at(0, 1), 0], 1),
            Shape::Down(_) => ([at(0, 0), 0], 1, [at(1, 0), 0], 1),
            Shape::Box(_) => ([at(0, 0), at(1, 1)], 2, [at(0, 1), at(1, 0)], 2),
        };
        let inside = mines[..mine_count].iter().chain(&clear[..clear_count]);
        // A component set aside is out of the analyses that weigh a shape.
        if inside
            .copied()
            .any(|i| self.known.get(i) != Known::Unknown || self.set_aside.holds(i))
        {
            return None;
        }
        let mut missing = Vec::new();
        for &(dr, dc) in outer_offsets(shape) {
            let (r, c) = (r as isize + dr, c as isize + dc);
            if !(0..rows as isize).contains(&r) || !(0..cols as isize).contains(&c) {
                continue;
            }
            let i = r as usize * cols + c as usize;
            match self.known.get(i) {
                Known::Mine => {}
                Known::Unknown if self.set_aside.holds(i) => return None,
                Known::Unknown => missing.push(i),
                Known::Safe | Known::Open(_) => return None,
            }
        }
        let mines_left = self.mines.saturating_sub(self.known_mines);
        if missing.len() > most_missing || missing.len() + mine_count > mines_left {
            return None;
        }
        Some(Placed {
            mines,
            mine_count,
            clear,
            clear_count,
            missing,
        })
    }
}

/// Where a shape's outer squares are, from its top-left square.
fn outer_offsets(shape: Shape) -> &'static [(isize, isize)] {
    match shape {
        Shape::Across(_) => &[(-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)],
        Shape::Down(_) => &[(-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)],
        Shape::Box(_) => &[(-1, -1), (-1, 2), (2, -1), (2, 2)],
    }
}

impl Risks {
    /// The chance that `shape`, placed as `placed`, forms with its first
    /// square (or diagonal) as the mines: its mines and missing enablers
    /// mines, its other squares clear. By symmetry the chance with the
    /// other square (or diagonal) as the mines is the same: no open clue
    /// sees one without the other.
    fn chance_of(&mut self, solver: &mut Solver, shape: Shape, placed: &Placed) -> f64 {
        if let Some(&chance) = self.chance.get(&shape) {
            return chance;
        }
        let supposed: Vec<(usize, Known)> = placed
            .mines()
            .iter()
            .chain(&placed.missing)
            .map(|&i| (i, Known::Mine))
            .chain(placed.clear().iter().map(|&i| (i, Known::Safe)))
            .collect();
        let chance = analyse_supposing(solver, &supposed)
            .and_then(|then| then.log_arrangements())
            .map(|log_then| (log_then - self.log_now).exp())
            .filter(|chance| chance.is_finite())
            .unwrap_or(0.0);
        self.chance.insert(shape, chance);
        chance
    }

    /// What guessing the unknown square `i` is credited for the 50/50s it
    /// may spare: the likeliest shape of each kind with it inside, and
    /// what it has as an enabler; at most its chance of a mine and of
    /// being safe (`mine` is the former).
    pub(super) fn credit(&mut self, solver: &mut Solver, i: usize, mine: f64) -> f64 {
        let cols = solver.cols;
        let (r, c) = (i / cols, i % cols);
        let left = (c > 0).then(|| i - 1);
        let up = (r > 0).then(|| i - cols);
        let up_left = (r > 0 && c > 0).then(|| i - cols - 1);
        let kinds: [&[Option<Shape>]; 3] = [
            &[Some(Shape::Across(i)), left.map(Shape::Across)],
            &[Some(Shape::Down(i)), up.map(Shape::Down)],
            &[
                Some(Shape::Box(i)),
                left.map(Shape::Box),
                up.map(Shape::Box),
                up_left.map(Shape::Box),
            ],
        ];
        let mut credit = self.enablers.get(&i).copied().unwrap_or(0.0);
        for shapes in kinds {
            let likeliest = shapes
                .iter()
                .flatten()
                .filter_map(|&shape| {
                    let placed = solver.placed(shape, MOST_MISSING)?;
                    Some(self.chance_of(solver, shape, &placed))
                })
                .fold(0.0, f64::max);
            credit += likeliest;
        }
        credit.min(mine).min(1.0 - mine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{follow_openings, stuck};
    use crate::{Solver, Why};
    use engine::Pos;
    use proptest::prelude::*;

    /// Every arrangement of the board's mines that fits what `solver`
    /// knows, as one bit per square.
    fn arrangements(solver: &Solver) -> Vec<u32> {
        let squares = solver.rows * solver.cols;
        (0u32..1 << squares)
            .filter(|&set| {
                let mine = |i: usize| set >> i & 1 == 1;
                set.count_ones() as usize == solver.mines
                    && (0..squares).all(|i| match solver.known.get(i) {
                        Known::Unknown => true,
                        Known::Mine => mine(i),
                        Known::Safe => !mine(i),
                        Known::Open(clue) => {
                            !mine(i)
                                && solver
                                    .neighbours(i)
                                    .into_iter()
                                    .filter(|&n| mine(n))
                                    .count()
                                    == clue as usize
                        }
                    })
            })
            .collect()
    }

    /// A pseudo 50/50 of `risks` and an arrangement where it is a mine
    /// and no shape forms around it with it as one of the mines, if any.
    fn pseudo_without_a_shape(solver: &Solver, risks: &Risks) -> Option<(usize, u32)> {
        let cells = solver.rows * solver.cols;
        let shapes: Vec<Placed> = (0..cells)
            .flat_map(|top| [Shape::Across(top), Shape::Down(top), Shape::Box(top)])
            .filter_map(|shape| solver.placed(shape, MOST_MISSING_FOR_ENABLERS))
            .collect();
        let fits = arrangements(solver);
        risks.pseudos.iter().find_map(|&square| {
            let forms = |set: u32, placed: &Placed, mines: &[usize], clear: &[usize]| {
                mines.contains(&square)
                    && mines
                        .iter()
                        .chain(&placed.missing)
                        .all(|&i| set >> i & 1 == 1)
                    && clear.iter().all(|&i| set >> i & 1 == 0)
            };
            fits.iter()
                .copied()
                .filter(|&set| set >> square & 1 == 1)
                .find(|&set| {
                    !shapes.iter().any(|placed| {
                        forms(set, placed, placed.mines(), placed.clear())
                            || forms(set, placed, placed.clear(), placed.mines())
                    })
                })
                .map(|set| (square, set))
        })
    }

    #[test]
    fn a_square_that_holds_a_mine_only_in_a_fifty_fifty_is_guessed_at_once() {
        // 4x5 with 8 mines; open are 1,4 (a 4), 1,5 (a 2) and 4,5 (a 1).
        // Row 2's three right squares are mines, above the pair 3,4 and
        // 4,4; the 1 at 4,5 allows one mine among 3,4, 4,4 and 3,5. When
        // 3,4 holds it, so that 4,4 is clear, no clue can tell the pair
        // apart: guessing 3,4 now costs nothing a later guess would not.
        let mines: Vec<bool> = "*.*.. ..*** .*.*. .*..."
            .chars()
            .filter(|&c| c != ' ')
            .map(|c| c == '*')
            .collect();
        let mut checked = false;
        follow_openings(4, 5, &mines, &[19, 3, 4], |solver| {
            if solver.known.get(4) == Known::Unknown {
                return Ok(());
            }
            let now = stuck(solver);
            assert_eq!(solver.known(Pos::new(1, 3)), Known::Mine);
            let risks = solver.risks(&now).unwrap();
            assert!(risks.pseudos.contains(&(2 * 5 + 3)), "{:?}", risks.pseudos);
            assert_eq!(pseudo_without_a_shape(solver, &risks), None);
            // The pseudo 50/50 as the look ahead takes it (on a board this
            // small the endgame search comes first).
            let guess = solver.pseudo_guess(&now, &risks.pseudos).unwrap();
            assert_eq!(guess.at, Pos::new(2, 3));
            assert_eq!(guess.why, Why::PseudoFiftyFifty);
            checked = true;
            Ok::<(), ()>(())
        })
        .unwrap();
        assert!(checked, "the position was reached");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]

        /// A shape's chance of forming is the share of the arrangements
        /// that fit where its mines and missing enablers are mines and its
        /// other squares clear, counted one by one.
        #[test]
        fn a_shapes_chance_is_the_share_of_arrangements_where_it_forms(
            mines in prop::collection::vec(prop::bool::weighted(0.25), 16),
            opens in prop::collection::vec(0usize..16, 1..5),
        ) {
            follow_openings(4, 4, &mines, &opens, |solver| {
                let now = stuck(solver);
                let Some(mut risks) = solver.risks(&now) else {
                    return Ok(());
                };
                let fits = arrangements(solver);
                for top in 0..16 {
                    for shape in [Shape::Across(top), Shape::Down(top), Shape::Box(top)] {
                        let Some(placed) = solver.placed(shape, 8) else {
                            continue;
                        };
                        let mines = placed.mines().iter().chain(&placed.missing);
                        let clear = placed.clear();
                        let forming = fits
                            .iter()
                            .filter(|&&set| {
                                mines.clone().all(|&i| set >> i & 1 == 1)
                                    && clear.iter().all(|&i| set >> i & 1 == 0)
                            })
                            .count();
                        let expected = forming as f64 / fits.len() as f64;
                        let chance = risks.chance_of(solver, shape, &placed);
                        prop_assert!(
                            (chance - expected).abs() < 1e-9,
                            "{shape:?}: {chance} against {expected}"
                        );
                    }
                }
                Ok(())
            })?;
        }

        /// A pseudo 50/50 holds a mine only in arrangements where a shape
        /// forms around it with it as one of the mines: nothing a later
        /// guess would not lose.
        #[test]
        fn a_pseudo_fifty_fifty_is_a_mine_only_where_a_fifty_fifty_forms(
            mines in prop::collection::vec(prop::bool::weighted(0.3), 16),
            opens in prop::collection::vec(0usize..16, 1..6),
        ) {
            follow_openings(4, 4, &mines, &opens, |solver| {
                let now = stuck(solver);
                let Some(risks) = solver.risks(&now) else {
                    return Ok(());
                };
                let unfounded = pseudo_without_a_shape(solver, &risks);
                prop_assert_eq!(unfounded, None, "(pseudo, arrangement)");
                Ok(())
            })?;
        }
    }
}
