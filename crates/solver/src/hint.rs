//! A hint for a player: the first thing the solver is certain of that the
//! player has not acted on, or where to guess.

use crate::{Deduction, Guess, Known, Probabilities, Progress, Solver, Verdict};
use engine::FirstMove;
use engine::Pos;
use engine::{Cover, Game, Status};
use engine::{RevealStatus, Step};

/// What a hint says.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// A square that is certainly safe (not open) or certainly a mine (not flagged).
    Certain(Deduction),
    /// Before the first opening of a random board whose first square is
    /// kept clear (by `policy`): any square is safe; under
    /// [`FirstMove::Safe`] this one is the most likely to open an area,
    /// under [`FirstMove::Opening`] any square opens one.
    FirstMove {
        /// The square.
        at: Pos,
        /// What the first opening is kept clear of.
        policy: FirstMove,
    },
    /// Nothing is certain: the square to guess.
    Guess(Guess),
}

impl Hint {
    /// Whether the hint counts as one the player used: where to start,
    /// when wherever they start is kept clear, tells nothing of the board
    /// and risks nothing.
    pub fn counts(&self) -> bool {
        !matches!(self, Hint::FirstMove { .. })
    }
}

/// The hint for the player of `game`, from what they can see; `None` once
/// the game is over. For many hints in one game, an [`Adviser`] costs less.
pub fn hint(game: &Game) -> Option<Hint> {
    Adviser::new().hint(game)
}

/// Hints and chances of a mine through one game. From the first hint (or
/// chances) on it keeps a solver that follows the game, told each square
/// that opens ([`Adviser::opened`]), so a hint costs what changed since the
/// last, and the chances what is next to open squares, not a look at the
/// whole board.
#[derive(Debug, Default)]
pub struct Adviser {
    following: Option<Following>,
    /// Changes to what the solver knows (squares opened, hints worked
    /// out): chances worked out elsewhere are taken only for the knowledge
    /// they were worked out from.
    changes: u64,
}

/// The chances to work out for the game as it stands, apart from the
/// adviser (on a thread of the caller's, for a board whose chances take
/// longer than a frame): [`ChancesToWorkOut::work_out`], then
/// [`Adviser::take_chances`].
#[derive(Debug)]
pub struct ChancesToWorkOut {
    solver: Solver,
    changes: u64,
}

/// Chances worked out apart, with the solver that worked them out (its
/// components counted, kept for the next time).
#[derive(Debug)]
pub struct ChancesWorkedOut {
    solver: Solver,
    chances: Probabilities,
    changes: u64,
}

impl ChancesToWorkOut {
    /// Works the chances out: all the time it takes, none of the adviser's.
    pub fn work_out(mut self) -> ChancesWorkedOut {
        let chances = self.solver.probabilities();
        ChancesWorkedOut {
            solver: self.solver,
            chances,
            changes: self.changes,
        }
    }
}

#[derive(Debug)]
struct Following {
    solver: Solver,
    /// Deductions made, in order, that the player may not have acted on:
    /// every mine, and every safe square not open yet.
    found: Vec<Deduction>,
    /// The chances of a mine as last worked out.
    chances: Option<Probabilities>,
}

impl Adviser {
    /// An adviser that has given no hint yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The game opened `pos`, which shows `clue`. Before the first hint
    /// there is nothing to keep up to date.
    pub fn opened(&mut self, pos: Pos, clue: u8) {
        if let Some(following) = &mut self.following {
            following.solver.open(pos, clue);
            self.changes += 1;
        }
    }

    /// A step of an animated reveal of a square whose clue is `clue`: the
    /// square opens at its first step, seen or revealed.
    pub fn stepped(&mut self, step: Step, clue: u8) {
        if !matches!(step.status, RevealStatus::Exploring(_)) {
            self.opened(step.at, clue);
        }
    }

    /// The hint for the player of `game`, which must be the game it has
    /// followed; `None` once the game is over.
    pub fn hint(&mut self, game: &Game) -> Option<Hint> {
        if game.status() != Status::Playing {
            return None;
        }
        self.changes += 1;
        let Following { solver, found, .. } = self.follow(game);
        found.retain(|d| d.verdict == Verdict::Mine || game.cover(d.at) != Cover::Open);
        // The squares opened since the last hint in reading order, however
        // the game reported them (an animated reveal goes in its own order).
        solver.pending.sort();
        if let Some(useful) = found.iter().find(|d| news(game, d)) {
            return Some(Hint::Certain(useful.clone()));
        }
        let before_first = game.board().mine_count() < game.mine_count();
        loop {
            let probabilities = match solver.deduce() {
                Progress::Deduced(deduced) => {
                    let first_news = deduced.iter().position(|d| news(game, d));
                    let start = found.len();
                    found.extend(deduced);
                    if let Some(k) = first_news {
                        return Some(Hint::Certain(found[start + k].clone()));
                    }
                    continue;
                }
                Progress::Stuck(probabilities) => probabilities,
            };
            let guess = solver.guess(&probabilities)?;
            let policy = game.rules().first_move;
            if before_first && policy != FirstMove::Any {
                return Some(Hint::FirstMove {
                    at: guess.at,
                    policy,
                });
            }
            return Some(Hint::Guess(guess));
        }
    }

    /// Works out the chance of a mine on every covered square of `game`,
    /// the game it has followed, for [`Adviser::chance`] to tell.
    pub fn work_out_chances(&mut self, game: &Game) {
        let following = self.follow(game);
        following.chances = Some(following.solver.probabilities());
    }

    /// The chances of `game`, the game it has followed, to work out apart
    /// from the adviser; the chances last worked out stand meanwhile.
    pub fn chances_to_work_out(&mut self, game: &Game) -> ChancesToWorkOut {
        let changes = self.changes;
        ChancesToWorkOut {
            solver: self.follow(game).solver.clone(),
            changes,
        }
    }

    /// Takes chances worked out apart, if what the solver knows has not
    /// changed since they were asked for (else they are of another board,
    /// and dropped); whether they were taken.
    pub fn take_chances(&mut self, worked: ChancesWorkedOut) -> bool {
        let Some(following) = &mut self.following else {
            return false;
        };
        if worked.changes != self.changes {
            return false;
        }
        // The same knowledge, its components counted: kept for the next.
        following.solver = worked.solver;
        following.chances = Some(worked.chances);
        true
    }

    /// The chance of a mine on `pos` as last worked out: 0 or 1 for a
    /// square deduced since, `None` for an open square or before any.
    pub fn chance(&self, pos: Pos) -> Option<f64> {
        let following = self.following.as_ref()?;
        let chances = following.chances.as_ref()?;
        match following.solver.known(pos) {
            Known::Open(_) => None,
            Known::Safe => Some(0.0),
            Known::Mine => Some(1.0),
            Known::Unknown => Some(chances.at(pos)),
        }
    }

    /// The solver following `game`, made from what it shows the first
    /// time it is needed.
    fn follow(&mut self, game: &Game) -> &mut Following {
        self.following.get_or_insert_with(|| Following {
            solver: Solver::seeing(game),
            found: Vec::new(),
            chances: None,
        })
    }
}

/// Whether a deduction tells the player something the board does not show.
fn news(game: &Game, deduction: &Deduction) -> bool {
    match deduction.verdict {
        Verdict::Safe => true,
        Verdict::Mine => game.cover(deduction.at) != Cover::Flagged,
    }
}
