//! Components set aside: those with the same number of mines in every
//! solution that a guess need not weigh now, while nothing around them
//! changes.
//!
//! Such a component (the 50/50 of "? 1 ?" that a hint leaves behind on a
//! row, or one between two flags) has chances of its own: the mine count
//! cannot weigh one of its solutions against another, since they all take
//! as many mines. It only takes its mines from the count and multiplies the
//! arrangements by its own. Only a new clue beside one of its squares can
//! change it: opening one of them, or one of the unknown squares around
//! them (which it watches). Analysed anyway, such components pile up on a
//! big board played with hints (96 % of the frontier at the stuck points
//! of a 5000x5000 game, hundreds of pockets on a row of 40,000 squares),
//! and every stuck point went over all of them again. Set aside, an
//! analysis counts them as three numbers, and the chances are the same.
//!
//! Only once [`SET_ASIDE_FROM`] of them are found at once, so that a board
//! of the usual sizes is analysed and played as ever. Those too risky for
//! a guess to weigh are set aside, and of those it could weigh, all but a
//! pool (`GUESS_POOL`, the safest first): at the end of a row, hundreds of
//! 50/50 pockets are all as risky as anything left. One comes back to the
//! frontier when the pool has room for it, as does any whose square, or a
//! square beside one, is opened or learnt; all of them once few unknown
//! squares are left (the endgame lists them); and a pool of them when
//! they hide a square safer than any a guess weighs (under hints, the
//! safest square is often a mine a hint may not give). Meanwhile a guess
//! does not weigh their squares, nor the squares they watch.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::bits::Bits;

/// A component is set aside only when an analysis finds at least this
/// many to set aside: fewer cost little to analyse again.
pub(crate) const SET_ASIDE_FROM: usize = 64;

/// The components set aside, and what they add up to.
#[derive(Clone, Debug)]
pub(crate) struct SetAside {
    /// How many an analysis must find to set them aside: [`SET_ASIDE_FROM`]
    /// but in tests.
    pub(crate) from: usize,
    /// Each square set aside and its chance of a mine: shared with the
    /// analyses made meanwhile, which answer for these squares too.
    chances: Arc<FxHashMap<usize, f64>>,
    /// The component each square and each clue set aside belongs to.
    owner: FxHashMap<usize, u32>,
    /// The components watching each square beside them (both pockets
    /// watch a square between them).
    watchers: FxHashMap<usize, Vec<u32>>,
    /// Whether `owner` or `watchers` has a square. The solver asks for
    /// every square it opens or learns, and a hash lookup each was 6 % of
    /// a 3000x3000 game's instructions. Given room when the first
    /// component is set aside, so a board that never sets one aside never
    /// pays for it, and kept for the rest of the game
    /// ([`SetAside::engaged`]).
    held: Bits,
    /// For each 64 squares of `held`, whether any is held. On a
    /// 10000x10000 board `held` is 12 MB, beyond the processor's nearer
    /// caches, and asking it for every square opened cost a miss each;
    /// this is 64 times smaller, and nearly all of it is clear.
    any_held: Bits,
    /// Squares on the board: how many bits `held` needs.
    board: usize,
    parts: FxHashMap<u32, Aside>,
    /// The unknown squares watched, in reading order, and by how many
    /// components: where the interior may lie hidden when no untouched
    /// square is left but beside the pockets.
    unknown_watched: BTreeMap<usize, u32>,
    /// The components by the chance of a mine on their safest square
    /// (bits of a positive float, which sort as the float does).
    by_safest: BTreeSet<(u64, u32)>,
    next: u32,
    /// Mines and squares of all of them, and the natural logarithm of
    /// the ways they can hold their mines.
    mines: usize,
    squares: usize,
    ln_ways: f64,
}

/// One component set aside.
#[derive(Clone, Debug)]
pub(crate) struct Aside {
    /// Its squares with their chance of a mine.
    pub(crate) squares: Vec<(usize, f64)>,
    /// The open squares around it: its clues.
    pub(crate) clues: Vec<usize>,
    /// The squares beside its squares not open and not its own: a clue
    /// there would change it.
    pub(crate) watched: Vec<usize>,
    /// The unknown squares among those it watches.
    pub(crate) unknown_watched: Vec<usize>,
    pub(crate) mines: usize,
    pub(crate) ln_ways: f64,
}

impl Aside {
    /// Its squares, its clues and the squares it watches: what it holds.
    fn held(&self) -> impl Iterator<Item = usize> + '_ {
        let squares = self.squares.iter().map(|&(i, _)| i);
        squares
            .chain(self.clues.iter().copied())
            .chain(self.watched.iter().copied())
    }

    /// The chance of a mine on its safest square.
    pub(crate) fn safest(&self) -> f64 {
        self.squares.iter().map(|&(_, p)| p).fold(1.0, f64::min)
    }
}

impl SetAside {
    /// None set aside yet, on a board of `board` squares.
    pub(crate) fn new(board: usize) -> Self {
        SetAside {
            from: SET_ASIDE_FROM,
            held: Bits::default(),
            any_held: Bits::default(),
            board,
            chances: Arc::default(),
            owner: FxHashMap::default(),
            watchers: FxHashMap::default(),
            parts: FxHashMap::default(),
            unknown_watched: BTreeMap::new(),
            by_safest: BTreeSet::new(),
            next: 0,
            mines: 0,
            squares: 0,
            ln_ways: 0.0,
        }
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// Whether any component was ever set aside in this game: from then on
    /// the board is known to be big enough, and each one is set aside as
    /// it appears.
    pub(crate) fn engaged(&self) -> bool {
        self.held.has_room()
    }

    /// Whether the square or clue `i` belongs to a component set aside,
    /// or is a square one watches.
    #[inline]
    pub(crate) fn holds(&self, i: usize) -> bool {
        self.any_held.contains(i / 64) && self.held.contains(i)
    }

    fn hold(&mut self, i: usize) {
        if !self.held.has_room() {
            self.held = Bits::new(self.board);
            self.any_held = Bits::new(self.board.div_ceil(64));
        }
        self.held.set(i, true);
        self.any_held.set(i / 64, true);
    }

    /// Lets `i` go unless a component still holds or watches it.
    fn release(&mut self, i: usize) {
        if !self.owner.contains_key(&i) && !self.watchers.contains_key(&i) {
            self.held.set(i, false);
            if !self.held.any_beside(i) {
                self.any_held.set(i / 64, false);
            }
        }
    }

    /// The chances of a mine on the squares set aside, as they are now.
    pub(crate) fn chances(&self) -> Arc<FxHashMap<usize, f64>> {
        Arc::clone(&self.chances)
    }

    pub(crate) fn mines(&self) -> usize {
        self.mines
    }

    pub(crate) fn squares(&self) -> usize {
        self.squares
    }

    pub(crate) fn ln_ways(&self) -> f64 {
        self.ln_ways
    }

    pub(crate) fn put(&mut self, aside: Aside) {
        let id = self.next;
        self.next += 1;
        let chances = Arc::make_mut(&mut self.chances);
        for &(i, p) in &aside.squares {
            chances.insert(i, p);
            self.owner.insert(i, id);
        }
        for &clue in &aside.clues {
            self.owner.insert(clue, id);
        }
        for &i in &aside.watched {
            self.watchers.entry(i).or_default().push(id);
        }
        for &i in &aside.unknown_watched {
            *self.unknown_watched.entry(i).or_default() += 1;
        }
        for i in aside.held() {
            self.hold(i);
        }
        self.mines += aside.mines;
        self.squares += aside.squares.len();
        self.ln_ways += aside.ln_ways;
        self.by_safest.insert((aside.safest().to_bits(), id));
        self.parts.insert(id, aside);
    }

    /// Takes back the components holding the square or clue `i`, or
    /// watching it.
    pub(crate) fn take_holding(&mut self, i: usize) -> Vec<Aside> {
        if !self.holds(i) {
            return Vec::new();
        }
        let mut ids: Vec<u32> = self.owner.get(&i).copied().into_iter().collect();
        ids.extend(self.watchers.get(&i).into_iter().flatten());
        ids.sort_unstable();
        ids.dedup();
        ids.into_iter().map(|id| self.take(id)).collect()
    }

    /// Takes back the component with the safest square, if a guess could
    /// weigh it: its chance of a mine at most `worth_weighing`.
    pub(crate) fn take_safest_within(&mut self, worth_weighing: f64) -> Option<Aside> {
        let (safest, id, _) = self.safest_first().next()?;
        (safest <= worth_weighing).then(|| self.take(id))
    }

    /// Takes back every component.
    pub(crate) fn take_all(&mut self) -> Vec<Aside> {
        let ids: Vec<u32> = self.parts.keys().copied().collect();
        ids.into_iter().map(|id| self.take(id)).collect()
    }

    /// The components, the one with the safest square first (ties to the
    /// one set aside first), with the chance of a mine on that square.
    pub(crate) fn safest_first(&self) -> impl Iterator<Item = (f64, u32, &Aside)> + '_ {
        self.by_safest
            .iter()
            .map(|&(bits, id)| (f64::from_bits(bits), id, &self.parts[&id]))
    }

    /// The unknown squares the components watch, in reading order.
    pub(crate) fn unknown_watched(&self) -> impl Iterator<Item = usize> + '_ {
        self.unknown_watched.keys().copied()
    }

    pub(crate) fn take(&mut self, id: u32) -> Aside {
        let aside = self.parts.remove(&id).expect("a component set aside");
        let chances = Arc::make_mut(&mut self.chances);
        for &(i, _) in &aside.squares {
            chances.remove(&i);
            self.owner.remove(&i);
        }
        for clue in &aside.clues {
            self.owner.remove(clue);
        }
        for i in &aside.watched {
            if let Some(ids) = self.watchers.get_mut(i) {
                ids.retain(|&other| other != id);
                if ids.is_empty() {
                    self.watchers.remove(i);
                }
            }
        }
        for i in &aside.unknown_watched {
            if let Some(count) = self.unknown_watched.get_mut(i) {
                *count -= 1;
                if *count == 0 {
                    self.unknown_watched.remove(i);
                }
            }
        }
        for i in aside.held() {
            self.release(i);
        }
        self.by_safest.remove(&(aside.safest().to_bits(), id));
        self.mines -= aside.mines;
        self.squares -= aside.squares.len();
        self.ln_ways -= aside.ln_ways;
        if self.parts.is_empty() {
            // No rounding left behind.
            self.ln_ways = 0.0;
        }
        aside
    }
}

#[cfg(test)]
mod tests {
    use super::super::analyse;
    use crate::testing::{follow_openings, open_with_clue, pockets_on_a_row};
    use crate::{Known, Progress, Solver, Verdict};
    use engine::Pos;
    use proptest::prelude::*;

    /// Close enough for chances worked out in another order.
    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
    }

    #[test]
    fn a_sealed_fifty_fifty_is_set_aside_and_comes_back_when_opened() {
        // On a row of 80: the clue 1 at 5 between unknown 4 and 6, and
        // known mines at 3 and 7 ("* . 1 . *"): one mine in 4 or 6, which
        // nothing but opening one of them can tell.
        let mut solver = Solver::new(1, 80, 4);
        solver.set_aside.from = 1;
        for (i, clue) in [(2, 1), (8, 1), (5, 1)] {
            solver.open(Pos::new(0, i), clue);
        }
        for i in [3, 7] {
            solver.known.set(i, Known::Mine);
            solver.known_mines += 1;
            solver.unknown -= 1;
        }
        let before = analyse(&mut solver);
        assert!(solver.set_aside.holds(4) && solver.set_aside.holds(6));
        assert!(solver.set_aside.holds(5), "its clue too");
        let after = analyse(&mut solver);
        assert!(close(after.at_index(4), 0.5) && close(before.at_index(6), 0.5));
        assert!(!after.frontier_keys().any(|i| i == 4 || i == 6));

        // Opening one of them brings it back: the other is then a mine.
        solver.open(Pos::new(0, 4), 1);
        assert!(!solver.set_aside.holds(6) && !solver.set_aside.holds(5));
        let Progress::Deduced(found) = solver.deduce() else {
            panic!("the other square of the pair is certain")
        };
        assert!(found.iter().any(|d| d.at == Pos::new(0, 6)));
    }

    #[test]
    fn an_open_fifty_fifty_watches_the_squares_beside_it() {
        // On a row of 80: the clue 1 at 5 between unknown 4 and 6, whose
        // other neighbours 3 and 7 are unknown too ("? ? 1 ? ?").
        let mut solver = Solver::new(1, 80, 12);
        solver.set_aside.from = 1;
        solver.open(Pos::new(0, 5), 1);
        analyse(&mut solver);
        for i in [3, 4, 5, 6, 7] {
            assert!(solver.set_aside.holds(i), "square {i}");
        }
        assert!(!solver.set_aside.holds(2) && !solver.set_aside.holds(8));
        let after = analyse(&mut solver);
        assert!(close(after.at_index(4), 0.5) && close(after.at_index(6), 0.5));

        // A clue at 7 touches 6: the pair comes back to be analysed with it.
        solver.open(Pos::new(0, 7), 0);
        assert!(!solver.set_aside.holds(4) && !solver.set_aside.holds(3));
        let Progress::Deduced(found) = solver.deduce() else {
            panic!("7 shows 0, so 6 is clear and 4 the mine")
        };
        let decided: Vec<(usize, Verdict)> = found.iter().map(|d| (d.at.col, d.verdict)).collect();
        assert!(decided.contains(&(6, Verdict::Safe)), "{decided:?}");
        assert!(decided.contains(&(4, Verdict::Mine)), "{decided:?}");
    }

    #[test]
    fn of_many_pockets_as_risky_as_anything_a_pool_stays_to_be_weighed() {
        // 100 pockets "? 1 ?" with a mine on the left of each, filling the
        // row: every unknown square is a 50/50, all worth a guess's weighing.
        let mut solver = pockets_on_a_row(300, 100, 100, 3);
        solver.set_aside.from = 1;
        let first = analyse(&mut solver);
        let second = analyse(&mut solver);
        let on_frontier: Vec<usize> = second.frontier_keys().collect();
        assert_eq!(on_frontier.len(), 2 * super::super::GUESS_POOL);
        // The first on the board stay; every square keeps its chance.
        assert_eq!(on_frontier[..4], [0, 2, 3, 5]);
        for i in (0..300).filter(|i| i % 3 != 1) {
            assert!(close(first.at_index(i), 0.5) && close(second.at_index(i), 0.5));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// A solver that sets aside every fixed-total component it may answers
        /// as one that never does: the same chance on every unknown
        /// square, the same certainties, the same count of arrangements.
        #[test]
        fn setting_aside_changes_no_answer(
            rows in 10usize..=16,
            cols in 10usize..=16,
            mines in prop::collection::vec(prop::bool::weighted(0.25), 256),
            opens in prop::collection::vec(0usize..256, 1..60),
        ) {
            follow_openings(rows, cols, &mines, &opens, |solver| {
                solver.set_aside.from = 1;
                // Everything the layers find, opened as a game would, so
                // that components close up around fixed totals.
                while let Progress::Deduced(found) = solver.deduce() {
                    for d in found.iter().filter(|d| d.verdict == Verdict::Safe) {
                        open_with_clue(solver, &mines, solver.index(d.at));
                    }
                }
                let mut plain = solver.clone();
                plain.bring_back_all();
                plain.set_aside.from = usize::MAX;
                let (set, all) = (analyse(solver), analyse(&mut plain));
                prop_assert_eq!(set.exact, all.exact);
                if !all.exact {
                    // A component too big to count is weighed with the
                    // board's density, which those set aside make truer.
                    return Ok(());
                }
                for i in (0..rows * cols).filter(|&i| solver.known.get(i) == Known::Unknown) {
                    prop_assert!(close(set.at_index(i), all.at_index(i)), "square {i}");
                }
                prop_assert_eq!(&set.certain, &all.certain);
                prop_assert_eq!(set.interior_verdict, all.interior_verdict);
                match (set.log_arrangements, all.log_arrangements) {
                    (Some(a), Some(b)) => prop_assert!(close(a, b) || a == b, "{a} {b}"),
                    (a, b) => prop_assert_eq!(a, b),
                }
                Ok(())
            })?;
        }

        /// Played with hints as `solve` plays, a solver that sets aside
        /// all it may still opens every safe square.
        #[test]
        fn hints_still_clear_the_board(
            rows in 8usize..=12,
            cols in 8usize..=12,
            mines in prop::collection::vec(prop::bool::weighted(0.2), 144),
        ) {
            let squares = rows * cols;
            let mines = &mines[..squares];
            let mut solver = Solver::new(rows, cols, mines.iter().filter(|&&m| m).count());
            solver.set_aside.from = 1;
            let mut opened = 0;
            let safe = squares - mines.iter().filter(|&&m| m).count();
            while opened < safe {
                let at = match solver.deduce() {
                    Progress::Deduced(found) => found
                        .into_iter()
                        .filter(|d| d.verdict == Verdict::Safe)
                        .map(|d| solver.index(d.at))
                        .collect::<Vec<_>>(),
                    Progress::Stuck(now) => {
                        let hint = solver.ranked_guess(&now, |p| !mines[p.row * cols + p.col]);
                        prop_assert!(hint.is_some(), "a hint while {} safe squares are shut", safe - opened);
                        vec![solver.index(hint.unwrap().at)]
                    }
                };
                for i in at {
                    prop_assert!(!mines[i]);
                    if !matches!(solver.known.get(i), Known::Open(_)) {
                        open_with_clue(&mut solver, mines, i);
                        opened += 1;
                    }
                }
            }
        }
    }
}
