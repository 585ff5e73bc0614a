//! Choosing where to guess when nothing is certain, among the squares
//! [`candidates`](super::candidates) picks out.
//!
//! With an exact analysis, a square that holds a mine only where a 50/50
//! would form around it anyway ([`long_term`](super::long_term)) is
//! guessed at once. Otherwise the squares nearly as safe as the safest (at
//! least [`CUTOFF`] of its chance of being safe, the [`LOOKED_AT`] safest
//! of them) are looked past ([`look_ahead`]): the one
//! most likely to be survived together with the best move after it wins
//! (with a bonus of [`PROGRESS`] for the chance that something is certain
//! after it, one for the 50/50s it may spare, and, while at least [`EARLY`]
//! of the board is unknown, one of [`OPENING`] for the chance that it
//! opens an area), unless a square is safe whenever it is (then that one),
//! and dead squares only when every candidate is dead. Candidates go
//! safest first, so the look stops at the first square too risky to win
//! even if everything after it were certain and it spared every 50/50 it
//! could. When a second candidate comes within
//! [`NEAR_BEST`] of the best, the [`FURTHER`] best are looked two moves
//! past ([`two_ahead`]) and the better there is taken.
//!
//! Without an exact analysis (a component too big to count), on a
//! frontier of more than [`LOOK_AHEAD_FRONTIER`] squares, or for the
//! squares a caller allows ([`Solver::ranked_guess`], which hints that
//! must be safe use), one step: the safest squares first, and among
//! those nearly as safe (within [`TOLERANCE`]) the one that pays most at
//! once, the chance it is safe times the safe squares layers 1 and 2
//! would then find near it (up to [`ENOUGH`]), over the clues it could
//! show, each with its chance (its neighbours taken as independent). Ties
//! go to the square most likely to open an area, which is why the corners
//! of an untouched board come first.

mod look_ahead;
mod two_ahead;

use crate::arrangements::GUESS_POOL;
use crate::long_term::CREDIT_WEIGHT;
use crate::{Known, Probabilities, Solver, local};
use engine::Pos;
use look_ahead::{Outlook, mine_count_chances};
use two_ahead::TwoAhead;

/// Looked past: candidates at least this share of the safest square's
/// chance of being safe.
const CUTOFF: f64 = 0.8;

/// Looked past: at most this many candidates, the safest.
const LOOKED_AT: usize = 40;

/// Looked past: how much it adds to a candidate's worth that something is
/// certain after it, per unit of that chance. Measured (BENCHMARKS.md):
/// 0.01 and 0.02 won 0.5 points more intermediate games than nothing,
/// 0.001 and 0.005 no more, and none changed expert beyond the noise.
const PROGRESS: f64 = 0.01;

/// Looked past while at least [`EARLY`] of the board is unknown: how much
/// it adds to a candidate's worth that it opens an area, per unit of that
/// chance. A look one or two moves ahead sees an opening as one safe move
/// more, when it is the start of many, and half the expert games lost are
/// lost before the first opening. Measured (BENCHMARKS.md) on three sets
/// of 100,000 expert games: 0.1 won 195, 248 and 192 more than without
/// (over a million, 1,126: 0.11 points); 0.05 and 0.15 fewer, and 0.2
/// lost games.
const OPENING: f64 = 0.1;

/// The share of the board still unknown down to which [`OPENING`] counts:
/// at most 14 of the 480 expert squares open, which with a safe first move
/// is before the first opening. Measured on the first set: 0.97 won more
/// than 0.99, 0.94 and 0.9; the last two also cost more (the bonus
/// loosens the bound that stops the look early).
const EARLY: f64 = 0.97;

/// Looked two moves past: at most this many candidates, the best by the
/// one-move look ahead. Measured (BENCHMARKS.md): three or four won no
/// more expert games than two, and cost more.
const FURTHER: usize = 2;

/// Looked two moves past: candidates whose one-move worth is at least this
/// share of the best's. Closer to 1 looks further less often and is
/// faster; 0.99 won 69 and -3 games more than one move ahead on two sets
/// of 30,000 expert games, 0.97 103 and 41, and looking at every
/// candidate (at 1.2 times the instructions) no more than 0.97.
const NEAR_BEST: f64 = 0.97;

/// Looked past only while the frontier has at most this many squares:
/// each supposed clue redoes the analysis, whose cost follows the frontier
/// (an expert board has 480 squares in all; one guess on a 5000x5000
/// board with a frontier of tens of thousands took seconds).
const LOOK_AHEAD_FRONTIER: usize = 2_000;

/// Scores closer than this are taken as equal (the safer, earlier candidate stays).
const SAME: f64 = 1e-9;

/// How much riskier than the safest square a guess may be when it is more
/// likely to lead somewhere.
const TOLERANCE: f64 = 0.01;

/// How many of the safest squares get a look ahead.
const LOOK_AHEAD: usize = 12;

/// Safe squares found after a guess count up to this many: counting every
/// one favours squares that might open an area over safer ones, and loses
/// games (caps of 2 and 3 win the most; 5 and more win fewer than no
/// count at all).
const ENOUGH: usize = 3;

/// A square considered for a guess.
struct Candidate {
    square: usize,
    /// The chance of a mine.
    mine: f64,
    /// The chance that it opens an area.
    opens: f64,
    /// If safe, how many safe squares it is expected to let be found at
    /// once (each clue counting at most [`ENOUGH`]); worked out by the
    /// one-step rule only.
    progress: f64,
}

/// A square to open without certainty, its chance of holding a mine, and
/// why it was chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guess {
    /// The square.
    pub at: Pos,
    /// Its chance of holding a mine.
    pub probability: f64,
    /// Why it was chosen.
    pub why: Why,
}

/// Why a guess was chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Why {
    /// Among the safest squares, the one most likely to let something be
    /// found at once.
    Safest,
    /// Looked past: if it is safe, the best next move is safe with
    /// probability `next_safety`, and something is certain then with
    /// probability `certain_next`.
    LookAhead {
        /// The chance that the best next move is safe.
        next_safety: f64,
        /// The chance that something is certain after it.
        certain_next: f64,
    },
    /// Looked two moves past, the best of the candidates the look ahead
    /// rated nearly alike: if it is safe, the best two moves after it are
    /// both safe with probability `next_two`.
    TwoAhead {
        /// The chance that the best two moves after it are safe.
        next_two: f64,
    },
    /// It is safe whenever `over`, the square the look ahead liked best,
    /// is safe, and no riskier.
    SafeWhenever {
        /// The square the look ahead liked best.
        over: Pos,
    },
    /// Every candidate is dead: opening any of them tells nothing.
    OnlyDead,
    /// It and `other` hold one mine between them and no clue can ever tell
    /// which: a guess that must be made sooner or later, made now.
    FiftyFifty {
        /// The other square of the pair.
        other: Pos,
    },
    /// Whenever it holds a mine, it is one of a pair (or a 2x2 box) that
    /// no clue could ever tell apart: guessing it now loses nothing a later
    /// guess would not.
    PseudoFiftyFifty,
    /// Searched to the end over the `arrangements` left: playing here and
    /// on as well as can be wins with probability `win`.
    Endgame {
        /// The chance of winning from here.
        win: f64,
        /// The arrangements of the mines left.
        arrangements: usize,
    },
}

impl Solver {
    /// The square to guess, or `None` when no square is unknown. `self`
    /// is scratch space for the look ahead, left knowing what it knew.
    pub fn guess(&mut self, probabilities: &Probabilities) -> Option<Guess> {
        self.fifty_fifty_guess(probabilities)
            .or_else(|| self.endgame_guess(probabilities))
            .or_else(|| self.look_ahead_guess(probabilities))
            .or_else(|| self.ranked_guess(probabilities, |_| true))
    }

    /// The riskiest square a guess weighs when the safest has this chance
    /// of a mine: what may be set aside is riskier.
    pub(super) fn worth_weighing(safest: f64) -> f64 {
        (safest + TOLERANCE).max(1.0 - CUTOFF * (1.0 - safest))
    }

    /// What the chance of opening an area adds to a guess's worth, per
    /// unit of worth: [`OPENING`] while at least [`EARLY`] of the board is
    /// unknown, nothing after.
    pub(super) fn opening_weight(&self) -> f64 {
        let squares = (self.rows * self.cols) as f64;
        if self.unknown as f64 >= EARLY * squares {
            OPENING
        } else {
            0.0
        }
    }

    /// The most a look ahead's worth can be per unit of its survival,
    /// before the credit for the 50/50s it may spare (bounded candidate by
    /// candidate): what lets a look stop early.
    pub(super) fn most_worth(&self) -> f64 {
        (1.0 + PROGRESS) * (1.0 + self.opening_weight())
    }

    /// A square of a pair no clue can ever tell apart, taken at once.
    fn fifty_fifty_guess(&mut self, probabilities: &Probabilities) -> Option<Guess> {
        let [a, b] = self.unavoidable_fifty_fifty(probabilities)?;
        Some(Guess {
            at: self.pos(a),
            probability: probabilities.at_index(a),
            why: Why::FiftyFifty { other: self.pos(b) },
        })
    }

    /// The move of the exact search, when few enough arrangements are left.
    fn endgame_guess(&mut self, probabilities: &Probabilities) -> Option<Guess> {
        let left = probabilities.log_arrangements()?;
        if left > (self.most_searched() as f64 + 0.5).ln() {
            return None;
        }
        let end = self.endgame()?;
        Some(Guess {
            at: self.pos(end.square),
            probability: end.mine,
            why: Why::Endgame {
                win: end.win,
                arrangements: end.arrangements,
            },
        })
    }

    /// The guess that looks past itself, or `None` without an exact analysis.
    fn look_ahead_guess(&mut self, probabilities: &Probabilities) -> Option<Guess> {
        let now = probabilities.log_arrangements()?;
        if !now.is_finite() || probabilities.frontier_squares() > LOOK_AHEAD_FRONTIER {
            return None;
        }
        self.keep_frontier(|solver| solver.best_looked_ahead(probabilities))
    }

    /// The guess that looks past itself, with the frontier kept for the
    /// suppositions ([`Solver::keep_frontier`]).
    fn best_looked_ahead(&mut self, probabilities: &Probabilities) -> Option<Guess> {
        let mut risks = self.risks(probabilities)?;
        if let Some(guess) = self.pseudo_guess(probabilities, &risks.pseudos) {
            return Some(guess);
        }
        let candidates = self.nearly_safest(
            probabilities,
            &|_| true,
            |mine, safest| 1.0 - mine >= CUTOFF * (1.0 - safest),
            LOOKED_AT,
        );
        let squares: Vec<usize> = candidates.iter().map(|c| c.square).collect();
        // The best outlooks so far, best first: the best, and up to
        // `FURTHER - 1` others nearly as good.
        let mut best: Vec<Outlook> = Vec::new();
        let mut dead: Option<Outlook> = None;
        let most = self.most_worth();
        for Candidate {
            square: i, mine, ..
        } in candidates
        {
            let to_beat = best.first().map_or(0.0, |b| b.worth() * NEAR_BEST);
            let to_beat = match best.get(FURTHER - 1) {
                Some(last) => to_beat.max(last.worth() + SAME),
                None => to_beat,
            };
            // The most the 50/50s spared can add, which falls as the
            // candidates get riskier: the look can stop at the first
            // candidate that cannot win even with it.
            if (1.0 - mine + CREDIT_WEIGHT * mine.min(1.0 - mine)) * most <= to_beat {
                break;
            }
            let long_term = if mine < 1.0 {
                1.0 + CREDIT_WEIGHT * risks.credit(self, i, mine) / (1.0 - mine)
            } else {
                1.0
            };
            if (1.0 - mine) * most * long_term <= to_beat {
                continue;
            }
            // Without exact chances there is nothing to compare: one step instead.
            let Some(mut outlook) = self
                .outlook(i, probabilities, to_beat / (most * long_term), &[])
                .ok()?
            else {
                continue;
            };
            outlook.long_term = long_term;
            if outlook.is_dead() {
                dead.get_or_insert(outlook);
            } else if outlook.worth() > to_beat {
                let at = best.partition_point(|b| b.worth() + SAME >= outlook.worth());
                best.insert(at, outlook);
                best.truncate(FURTHER);
            }
        }
        let Some(first) = best.first() else {
            let dead = dead?;
            return Some(Guess {
                at: self.pos(dead.square),
                probability: dead.mine,
                why: Why::OnlyDead,
            });
        };
        if let Some(j) = first.dominated_by {
            return Some(Guess {
                at: self.pos(j),
                probability: probabilities.at_index(j),
                why: Why::SafeWhenever {
                    over: self.pos(first.square),
                },
            });
        }
        if best.len() > 1
            && let Some(guess) = self.best_two_ahead(&best, &squares)
        {
            return Some(guess);
        }
        Some(Guess {
            at: self.pos(first.square),
            probability: first.mine,
            why: Why::LookAhead {
                next_safety: first.next_safety(),
                certain_next: first.certain_next,
            },
        })
    }

    /// The best of the pseudo 50/50s `pseudos` by the look ahead, leaving
    /// out dead squares; `None` when there is none to take.
    pub(super) fn pseudo_guess(
        &mut self,
        probabilities: &Probabilities,
        pseudos: &[usize],
    ) -> Option<Guess> {
        let mut best: Option<Outlook> = None;
        let most = self.most_worth();
        for &i in pseudos {
            let to_beat = best.as_ref().map_or(0.0, |b| b.worth() + SAME);
            // `outlook` stops at a bound on survival; the worth compared is
            // at most `most` times that.
            let Ok(Some(outlook)) = self.outlook(i, probabilities, to_beat / most, &[]) else {
                continue;
            };
            if !outlook.is_dead() && outlook.worth() > to_beat {
                best = Some(outlook);
            }
        }
        let best = best?;
        Some(Guess {
            at: self.pos(best.square),
            probability: best.mine,
            why: Why::PseudoFiftyFifty,
        })
    }

    /// The best of `outlooks` looking two moves ahead, the next moves
    /// weighed among `squares` and each supposed frontier; `None` when a
    /// supposed analysis is not exact.
    fn best_two_ahead(&mut self, outlooks: &[Outlook], squares: &[usize]) -> Option<Guess> {
        let mut best: Option<(&Outlook, TwoAhead)> = None;
        for outlook in outlooks {
            let to_beat = best.map_or(0.0, |(_, b)| b.worth + SAME);
            // Weighed, as by the look ahead, with the 50/50s it may spare
            // and the chance of an opening.
            let weight = outlook.long_term * outlook.opening;
            if let Some(mut two) = self.two_ahead(outlook, squares, to_beat / weight).ok()? {
                two.worth *= weight;
                if two.worth > to_beat {
                    best = Some((outlook, two));
                }
            }
        }
        let (outlook, two) = best?;
        Some(Guess {
            at: self.pos(outlook.square),
            probability: outlook.mine,
            why: Why::TwoAhead {
                next_two: outlook.given_safe(two.survival),
            },
        })
    }

    /// The best guess among the squares `allowed` lets through.
    pub fn ranked_guess(
        &mut self,
        probabilities: &Probabilities,
        allowed: impl Fn(Pos) -> bool,
    ) -> Option<Guess> {
        let mut candidates = self.nearly_safest(
            probabilities,
            &allowed,
            |mine, safest| mine <= safest + TOLERANCE,
            LOOK_AHEAD,
        );
        if candidates.len() > 1 {
            for c in &mut candidates {
                c.progress = self.expected_progress(c.square, probabilities);
            }
        }
        let best = candidates.iter().max_by(|a, b| {
            // Safe, and then somewhere: what the guess is expected to pay at once.
            let score = |c: &Candidate| (1.0 - c.mine) * c.progress;
            score(a)
                .total_cmp(&score(b))
                .then(a.opens.total_cmp(&b.opens))
                .then(b.mine.total_cmp(&a.mine))
                .then(b.square.cmp(&a.square))
        })?;
        Some(Guess {
            at: self.pos(best.square),
            probability: best.mine,
            why: Why::Safest,
        })
    }

    /// The squares a guess weighs further, among those `allowed` lets
    /// through: those whose chance of a mine is `near` enough the safest's
    /// (`near(mine, safest)`), safest first, ties to the likeliest to open
    /// an area, then reading order; at most `most` of them.
    fn nearly_safest(
        &mut self,
        probabilities: &Probabilities,
        allowed: &impl Fn(Pos) -> bool,
        near: impl Fn(f64, f64) -> bool,
        most: usize,
    ) -> Vec<Candidate> {
        let mut mines = self.candidate_chances(probabilities, allowed);
        let mut safest = mines.iter().map(|&(_, p)| p).fold(f64::INFINITY, f64::min);
        let worth = probabilities.worth_weighing();
        if !self.set_aside.is_empty()
            && safest > worth
            && self.bring_back_hidden(probabilities, allowed, &mines, safest)
        {
            mines = self.candidate_chances(probabilities, allowed);
            safest = mines.iter().map(|&(_, p)| p).fold(f64::INFINITY, f64::min);
        }
        let mut candidates: Vec<Candidate> = mines
            .into_iter()
            .filter(|&(_, mine)| near(mine, safest))
            .map(|(i, mine)| Candidate {
                square: i,
                mine,
                opens: self.chance_of_opening(i, probabilities),
                progress: 0.0,
            })
            .collect();
        candidates.sort_by(|a, b| a.mine.total_cmp(&b.mine).then(b.opens.total_cmp(&a.opens)));
        candidates.truncate(most);
        candidates
    }

    /// Brings back to be weighed the components set aside that hide a
    /// square `allowed` lets through and safer than `safest`, the best a
    /// guess weighs now (`weighed`, those it weighs): at most a pool of
    /// them ([`GUESS_POOL`]), those holding or watching the safest such
    /// squares of the frontier or the interior first, then those with the
    /// safest squares of their own. Gives whether any came back.
    ///
    /// Under hints the safest square is often a mine a hint may not give,
    /// and at the end of a big board every square left may be in a 50/50
    /// pocket set aside or in a hole between them: bringing all of them
    /// back there made every hint analyse them all again, and set them all
    /// aside again after it (on 10000x10000, 2 million components brought
    /// back over 1,000 hints).
    fn bring_back_hidden(
        &mut self,
        probabilities: &Probabilities,
        allowed: &impl Fn(Pos) -> bool,
        weighed: &[(usize, f64)],
        safest: f64,
    ) -> bool {
        let safer = |p: f64| p + TOLERANCE < safest;
        let mut back = 0;
        for i in self.hidden_squares(probabilities, allowed, weighed, safer) {
            if back >= GUESS_POOL {
                return true;
            }
            for aside in self.set_aside.take_holding(i) {
                self.bring_back(&aside);
                back += 1;
            }
        }
        let safest_first: Vec<u32> = self
            .set_aside
            .safest_first()
            .take_while(|&(p, _, _)| safer(p))
            .filter(|(_, _, aside)| {
                (aside.squares.iter()).any(|&(i, p)| safer(p) && allowed(self.pos(i)))
            })
            .map(|(_, id, _)| id)
            .take(GUESS_POOL - back)
            .collect();
        back += safest_first.len();
        for id in safest_first {
            let aside = self.set_aside.take(id);
            self.bring_back(&aside);
        }
        back > 0
    }

    /// The squares `allowed` lets through and `safer` than the best
    /// weighed that a guess does not weigh because components set aside
    /// hold or watch them, safest first, then in reading order: those on
    /// the frontier, and where no square weighed (`weighed`) has the
    /// interior's chance, some of the interior, which may then lie only
    /// beside components set aside, among the squares they watch.
    fn hidden_squares(
        &self,
        probabilities: &Probabilities,
        allowed: &impl Fn(Pos) -> bool,
        weighed: &[(usize, f64)],
        safer: impl Fn(f64) -> bool,
    ) -> Vec<usize> {
        let mut hidden: Vec<(f64, usize)> = probabilities
            .frontier_chances()
            .filter(|&(i, p)| safer(p) && self.set_aside.holds(i) && allowed(self.pos(i)))
            .map(|(i, p)| (p, i))
            .collect();
        if let Some(p) = probabilities.interior_chance()
            && safer(p)
            && !weighed.iter().any(|&(_, q)| q == p)
        {
            let interior = (self.set_aside.unknown_watched())
                .filter(|&i| !probabilities.on_frontier(i) && allowed(self.pos(i)));
            hidden.extend(interior.take(GUESS_POOL).map(|i| (p, i)));
        }
        hidden.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        hidden.into_iter().map(|(_, i)| i).collect()
    }

    /// The squares a guess weighs, with their chances of a mine.
    fn candidate_chances(
        &mut self,
        probabilities: &Probabilities,
        allowed: &impl Fn(Pos) -> bool,
    ) -> Vec<(usize, f64)> {
        let squares = self.guess_candidates(allowed);
        self.work += squares.len() as u64;
        squares
            .into_iter()
            .map(|i| (i, probabilities.at_index(i)))
            .collect()
    }

    /// What opening the unknown square `i` is expected to give at once, if
    /// it is safe: its clue's distribution (neighbours taken as
    /// independent) against the safe squares layers 1 and 2 would then
    /// find near it, counting at most [`ENOUGH`]. `self` is scratch space,
    /// left as it was.
    fn expected_progress(&mut self, i: usize, probabilities: &Probabilities) -> f64 {
        let (unknown, mines) = self.around(i);
        let (clue, _) = mine_count_chances(unknown.into_iter().map(|n| probabilities.at_index(n)));
        let mut chance = 0.0;
        for (extra, &p) in clue.iter().enumerate() {
            if p <= 0.0 {
                continue;
            }
            self.known.set(i, Known::Open(mines + extra as u8));
            chance += p * local::safe_found_near(self, i).min(ENOUGH) as f64;
        }
        self.known.set(i, Known::Unknown);
        chance
    }

    /// Roughly, the chance that opening `i` shows a 0: every neighbour not
    /// open is clear (taken as independent).
    fn chance_of_opening(&self, i: usize, probabilities: &Probabilities) -> f64 {
        self.neighbours(i)
            .into_iter()
            .map(|n| match self.known.get(n) {
                Known::Unknown => 1.0 - probabilities.at_index(n),
                Known::Mine => 0.0,
                Known::Safe | Known::Open(_) => 1.0,
            })
            .product()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{follow_openings, pockets_on_a_row, stuck};
    use proptest::prelude::*;

    /// An expert board whose corner was opened and shows `clue`.
    fn expert_corner_showing(clue: u8) -> Solver {
        let mut solver = Solver::new(16, 30, 99);
        solver.open(Pos::new(0, 0), clue);
        solver
    }

    #[test]
    fn before_the_first_opening_a_guess_looks_for_one_in_a_far_corner() {
        // The corner shows 1: its three neighbours hold one mine, and every
        // other square is as likely a mine as any (about 0.21). The square
        // beside them at 1,3 tells most about them, but a far corner opens
        // an area half the time it is safe, which the look ahead alone
        // sees as one safe move more.
        let mut solver = expert_corner_showing(1);
        let now = stuck(&mut solver);
        let guess = solver.guess(&now).unwrap();
        let Pos { row, col } = guess.at;
        assert!(
            (row == 0 || row == 15) && (col == 0 || col == 29),
            "{guess:?} is not a corner"
        );
        assert!(matches!(
            guess.why,
            Why::LookAhead { .. } | Why::TwoAhead { .. }
        ));
    }

    #[test]
    fn the_chance_of_an_opening_counts_only_while_nearly_all_is_unknown() {
        let mut solver = expert_corner_showing(0);
        assert_eq!(solver.opening_weight(), OPENING);
        // 15 of the 480 squares open: less than 0.97 of the board unknown.
        for col in 1..15 {
            solver.open(Pos::new(0, col), 0);
        }
        assert_eq!(solver.opening_weight(), 0.0);
    }

    #[test]
    fn a_hint_brings_back_a_pool_of_the_pockets_set_aside_not_all() {
        // On a row of 200: 30 pockets "? 1 ?", then "? 1 ? 1 ?" at 90 to
        // 94, whose middle square (92) is the safest on the board, and an
        // interior of 105 squares at about 0.7. The pockets (0.5) are too
        // risky for a guess to weigh, and are set aside.
        let mut solver = pockets_on_a_row(200, 105, 30, 3);
        solver.set_aside.from = 1;
        solver.open(Pos::new(0, 91), 1);
        solver.open(Pos::new(0, 93), 1);
        let now = stuck(&mut solver);
        assert!(
            now.at_index(92) < 0.4 && now.at_index(90) > 0.6,
            "{}",
            now.at_index(92)
        );
        let held = |solver: &Solver| (0..30).filter(|k| solver.set_aside.holds(3 * k)).count();
        assert_eq!(held(&solver), 30);

        // A hint may not give 92: the pockets hide squares safer than any
        // it weighs, and a pool of them comes back to be weighed.
        let hint = solver.ranked_guess(&now, |p| p.col != 92).unwrap();
        assert!(hint.at.col < 90 && hint.at.col % 3 != 1, "{hint:?}");
        assert!((hint.probability - 0.5).abs() < 1e-9, "{hint:?}");
        assert_eq!(held(&solver), 30 - crate::arrangements::GUESS_POOL);
    }

    #[test]
    fn the_pockets_beside_a_hidden_interior_come_back_a_pool_at_a_time() {
        // On a row of 120: 30 pockets "? 1 ?" with a square between each
        // two that touches no clue ("? 1 ? h ? 1 ? h"). Those 30 squares
        // are the interior, each a mine one time in three, all of it
        // beside pockets set aside (0.5, too risky to weigh).
        let mut solver = pockets_on_a_row(120, 40, 30, 4);
        solver.set_aside.from = 1;
        let now = stuck(&mut solver);
        assert!(
            (now.at_index(3) - 1.0 / 3.0).abs() < 1e-9,
            "{}",
            now.at_index(3)
        );
        let held = |solver: &Solver| (0..30).filter(|k| solver.set_aside.holds(4 * k)).count();
        assert_eq!(held(&solver), 30);

        let guess = solver.ranked_guess(&now, |_| true).unwrap();
        assert_eq!(guess.at.col % 4, 3, "{guess:?} is not in the interior");
        assert_eq!(held(&solver), 30 - crate::arrangements::GUESS_POOL);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// Of the pseudo 50/50s, the one taken is worth the most by the
        /// look ahead (dead squares left out): the bound that stops a look
        /// early never drops a better one.
        #[test]
        fn the_pseudo_fifty_fifty_taken_is_the_best_of_them(
            mines in prop::collection::vec(prop::bool::weighted(0.25), 30),
            opens in prop::collection::vec(0usize..30, 1..15),
        ) {
            follow_openings(5, 6, &mines, &opens, |solver| {
                let now = stuck(solver);
                let Some(risks) = solver.risks(&now) else {
                    return Ok(());
                };
                let mut worths = Vec::new();
                for &i in &risks.pseudos {
                    if let Ok(Some(outlook)) = solver.outlook(i, &now, 0.0, &[])
                        && !outlook.is_dead()
                    {
                        worths.push((i, outlook.worth()));
                    }
                }
                let best = worths.iter().map(|&(_, w)| w).fold(0.0, f64::max);
                let taken = solver.pseudo_guess(&now, &risks.pseudos);
                if best <= 0.0 {
                    prop_assert_eq!(taken, None);
                    return Ok(());
                }
                let taken = taken.expect("a pseudo 50/50 worth something");
                let (_, worth) = worths
                    .iter()
                    .find(|&&(i, _)| solver.pos(i) == taken.at)
                    .expect("taken among the pseudo 50/50s");
                prop_assert!(*worth >= best - SAME, "{worth} against {best}");
                Ok(())
            })?;
        }
    }
}
