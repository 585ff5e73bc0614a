//! A solver that plays by deduction, as CIS 120's homework builds it, made
//! strong: what the player can see goes in, certain squares (each with the
//! reason it is certain) or the best guess (with why) come out.
//!
//! The layers, each tried only when the one before finds nothing:
//!
//! 1. **One clue** (`local`): a clue whose mines are all known clears its
//!    other neighbours; a clue with as many unknown neighbours as mines still
//!    to find makes them all mines. The homework's two rules.
//! 2. **Two clues** (`local`): what one clue forces on the squares it
//!    shares with another decides the other's remaining squares.
//! 3. **Every arrangement** (`arrangements`): the exact probability of a
//!    mine on every unknown square, counting all the arrangements of the
//!    remaining mines that fit the clues and the mine count. Probability 0 or
//!    1 is a deduction; otherwise `guess` picks where to guess: an
//!    unavoidable 50/50 at once (`fifty_fifty`), an exact search once
//!    few arrangements are left (`endgame`), a square that is a mine only
//!    where a 50/50 would form anyway, else the square most likely to be
//!    survived with the move after it (`look_ahead`, under `guess`),
//!    weighed with the 50/50s it may spare (`long_term`).
//!
//! The solver keeps its own knowledge: it never trusts a player's flags.
//!
//! ```
//! use engine::{Action, Game, Move, Pos, Rules, parse_board};
//! use minesweeper_solver::{Hint, Reason, Verdict, hint};
//!
//! let board = parse_board(b"+++++++\n+  *  +\n+++++++\n").unwrap();
//! let mut game = Game::new(board, Rules::CLASSIC);
//! game.apply(Move { action: Action::Reveal, at: Pos::new(0, 0) });
//! // Open: a blank, then a 1 whose one covered neighbour must be its mine.
//! let Some(Hint::Certain(found)) = hint(&game) else {
//!     panic!("the 1 decides its neighbour");
//! };
//! assert_eq!((found.at, found.verdict), (Pos::new(0, 2), Verdict::Mine));
//! assert!(matches!(found.reason, Reason::Crowded { value: 1, .. }));
//! ```

mod arrangements;
pub mod autoplay;
mod bits;
mod candidates;
mod endgame;
mod fifty_fifty;
mod guess;
mod hint;
mod knowledge;
mod local;
mod long_term;
mod neighbours;
mod no_guess;
mod pair_queue;
mod watchlist;

use engine::{Cover, Game, Pos};
use knowledge::{Knowledge, List};
use neighbours::Neighbours;
use pair_queue::PairQueue;
use watchlist::{Unmarked, Watchlist};

pub use arrangements::Probabilities;
pub use autoplay::{Autoplay, Event, Finish, OutOfWork, WhenStuck, autoplay, autoplay_within};
pub use guess::{Guess, Why};
pub use hint::{Adviser, Hint, hint};
pub use no_guess::{
    MAX_WORK, NoGuess, NoGuessBoard, NoGuessError, clears_without_guessing, max_tries,
    no_guess_board, no_guess_board_within,
};

/// What the solver knows of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Nothing yet.
    Unknown,
    /// Deduced to hold a mine.
    Mine,
    /// Deduced to be clear, not opened yet.
    Safe,
    /// Opened, showing its clue.
    Open(u8),
}

/// What a deduction says of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No mine.
    Safe,
    /// A mine.
    Mine,
}

/// Why a square is certain: the clues (and counts) that decide it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The clue's mines are all known (`mines`), so its other unknown
    /// neighbours are clear. Layer 1.
    Satisfied {
        /// The clue.
        clue: Pos,
        /// Its number.
        value: u8,
        /// Its mines, all known.
        mines: Vec<Pos>,
    },
    /// The clue still needs `needs` mines and has exactly that many unknown
    /// neighbours. Layer 1.
    Crowded {
        /// The clue.
        clue: Pos,
        /// Its number.
        value: u8,
        /// The mines it still needs.
        needs: u8,
    },
    /// Layer 2, for a safe square: `clue` needs at least `bound` mines among
    /// the unknown squares it shares with `other`, and `bound` is all that
    /// `other` still needs, so `other`'s remaining squares are clear.
    /// For a mine: `clue` allows at most `bound` mines among the shared
    /// squares, and `other` still needs `other_needs`, which leaves a mine
    /// on each of `other`'s remaining squares.
    Pair {
        /// The clue that bounds the shared squares.
        clue: Pos,
        /// Its number.
        value: u8,
        /// The clue whose remaining squares are decided.
        other: Pos,
        /// Its number.
        other_value: u8,
        /// The mines `other` still needs.
        other_needs: u8,
        /// The bound `clue` sets on the shared squares.
        bound: u8,
    },
    /// Every arrangement of the `mines_left` unknown mines that fits the
    /// clues agrees on the square. Layer 3.
    Arrangements {
        /// The mines not yet found.
        mines_left: usize,
    },
}

impl Reason {
    /// The layer that found it: 1, 2 or 3.
    pub fn layer(&self) -> u8 {
        match self {
            Reason::Satisfied { .. } | Reason::Crowded { .. } => 1,
            Reason::Pair { .. } => 2,
            Reason::Arrangements { .. } => 3,
        }
    }
}

/// A square the solver is certain of, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The square.
    pub at: Pos,
    /// Safe, or a mine.
    pub verdict: Verdict,
    /// Why.
    pub reason: Reason,
}

/// What one round of deduction found.
#[derive(Clone, Debug)]
pub enum Progress {
    /// Certain squares, in the order found; the solver already knows them.
    Deduced(Vec<Deduction>),
    /// Nothing is certain: the probabilities of a mine, to guess from.
    Stuck(Probabilities),
}

/// The solver's knowledge of a board of `rows` x `cols` with `mines` mines,
/// and the open clues still to look at.
#[derive(Clone, Debug)]
pub struct Solver {
    rows: usize,
    cols: usize,
    mines: usize,
    /// The deepest layer to use: 1, 2 or 3.
    depth: u8,
    known: Knowledge,
    known_mines: usize,
    unknown: usize,
    /// Open squares whose neighbourhood changed since layer 1 last looked.
    pending: Watchlist,
    /// The pairs of open squares layer 2 has yet to look at.
    to_pair: PairQueue,
    /// Every open square with unknown neighbours, and some whose neighbours
    /// have all become known since (dropped before an analysis or a guess
    /// reads the list, or when it would grow): the clues layer 3 and the
    /// guesses work from, so they never scan the whole board.
    frontier: Watchlist,
    /// Every square deduced and not opened that has unknown neighbours not
    /// set aside, and some that no longer do (dropped when a guess next
    /// looks, or when the list would grow; listed again when a component
    /// beside it comes back, twice if it was still on the list, which the
    /// guess's list of squares does not mind): with the frontier, where a
    /// guess looks for squares unlike the rest.
    settled: Watchlist,
    untouched: candidates::Untouched,
    /// Layer 3's components as the last analysis counted them.
    remembered: arrangements::Remembered,
    /// Components with a fixed mine total, kept out of the analyses while
    /// nothing around them changes.
    set_aside: arrangements::SetAside,
    /// The frontier as it is, while a look ahead supposes clues on it
    /// ([`Solver::keep_frontier`]).
    kept: Option<arrangements::Kept>,
    /// Work done so far, in squares looked at and search nodes visited:
    /// what bounds the search for boards that need no guess.
    work: u64,
}

impl Solver {
    /// Knows nothing yet of a board of `rows` x `cols` holding `mines` mines.
    pub fn new(rows: usize, cols: usize, mines: usize) -> Self {
        let squares = rows * cols;
        Self {
            rows,
            cols,
            mines,
            depth: 3,
            known: Knowledge::new(rows, cols),
            known_mines: 0,
            unknown: squares,
            pending: Watchlist::default(),
            to_pair: PairQueue::new(),
            frontier: Watchlist::default(),
            settled: Watchlist::default(),
            untouched: candidates::Untouched::default(),
            remembered: arrangements::Remembered::default(),
            set_aside: arrangements::SetAside::new(squares),
            kept: None,
            work: 0,
        }
    }

    /// Knows what the player of `game` can see: its open squares and its
    /// mine count. Flags are the player's opinion, and are ignored.
    pub fn seeing(game: &Game) -> Self {
        let board = game.board();
        let mut solver = Self::new(board.rows(), board.cols(), game.mine_count());
        for pos in board.mines().positions() {
            if game.cover(pos) == Cover::Open {
                solver.open(pos, board.clue(pos));
            }
        }
        solver
    }

    /// Uses layers 1 to `depth` only (1, 2 or 3).
    pub fn with_depth(mut self, depth: u8) -> Self {
        self.depth = depth.clamp(1, 3);
        self
    }

    /// The work done so far: squares looked at by every layer and by the
    /// guesses, and layer 3's search nodes. It depends only on what the
    /// solver was told, never on the machine.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// What the solver knows of the square at `pos`.
    pub fn known(&self, pos: Pos) -> Known {
        self.known.get(self.index(pos))
    }

    /// Learns that `pos` is open and shows `clue`.
    pub fn open(&mut self, pos: Pos, clue: u8) {
        let i = self.index(pos);
        // A clue beside a component set aside changes it: forgetting an
        // unknown square brings such components back, and so does this for
        // a square already deduced.
        match self.known.get(i) {
            Known::Open(_) => return,
            Known::Unknown => self.forget_unknown(i),
            Known::Safe => self.bring_back_holding(i),
            // A sound solver never deduces a mine on a square that opens;
            // should it happen, what the board shows wins.
            Known::Mine => {
                self.bring_back_holding(i);
                self.known_mines -= 1;
            }
        }
        self.known.set(i, Known::Open(clue));
        self.work += 1;
        self.queue(i);
        self.keep_on_frontier(i);
    }

    /// One round: layer 1 until it finds nothing more, else layer 2, else
    /// layer 3. What it deduces it knows from then on.
    pub fn deduce(&mut self) -> Progress {
        let found = local::single_clues(self);
        if !found.is_empty() || self.depth < 2 {
            return self.settle(found);
        }
        let found = local::pairs(self);
        if !found.is_empty() || self.depth < 3 {
            return self.settle(found);
        }
        let probabilities = arrangements::analyse(self);
        let found = probabilities.certainties(self);
        if found.is_empty() {
            return Progress::Stuck(probabilities);
        }
        self.settle(found)
    }

    /// The probabilities of a mine on every unknown square, whatever the depth.
    pub fn probabilities(&mut self) -> Probabilities {
        arrangements::analyse(self)
    }

    fn settle(&mut self, found: Vec<Deduction>) -> Progress {
        if found.is_empty() {
            return Progress::Stuck(arrangements::analyse(self));
        }
        Progress::Deduced(found)
    }

    /// Records a deduction, unless the square is already known.
    fn learn(&mut self, found: &mut Vec<Deduction>, deduction: Deduction) {
        let i = self.index(deduction.at);
        if self.known.get(i) != Known::Unknown {
            return;
        }
        self.forget_unknown(i);
        self.settle_square(i);
        let known = match deduction.verdict {
            Verdict::Safe => Known::Safe,
            Verdict::Mine => {
                self.known_mines += 1;
                Known::Mine
            }
        };
        self.known.set(i, known);
        found.push(deduction);
    }

    /// `i` stops being unknown: the open clues around it have news.
    fn forget_unknown(&mut self, i: usize) {
        self.bring_back_holding(i);
        self.unknown -= 1;
        for n in self.neighbours(i) {
            if matches!(self.known.get(n), Known::Open(_)) {
                self.queue(n);
            }
        }
    }

    /// Keeps the open square `i`, which has unknown neighbours, for layers 2 and 3.
    fn keep_on_frontier(&mut self, i: usize) {
        let Self {
            frontier,
            known,
            set_aside,
            ..
        } = self;
        frontier.add(i, &mut known.marks(List::Frontier), |marks, j| {
            still_on_frontier(marks.knowledge(), set_aside, j)
        });
    }

    /// Puts in line for layer 2 the pairs of every open square whose
    /// neighbourhood changed.
    fn line_up_pairs(&mut self) {
        let Self {
            to_pair,
            known,
            rows,
            cols,
            ..
        } = self;
        let is_open = |known: &Knowledge, j| matches!(known.get(j), Known::Open(_));
        to_pair.line_up(
            *rows,
            *cols,
            &mut known.marks(List::Changed),
            |marks, j| is_open(marks.knowledge(), j) && has_unknown_neighbour(marks.knowledge(), j),
            |marks, j| is_open(marks.knowledge(), j),
        );
    }

    /// Drops from the frontier the open squares with no unknown neighbour
    /// left. Opening an area lists every square it opens, and the list is
    /// pruned otherwise only when it would grow: read as it stands at each
    /// guess, its dead squares made a guess cost the largest area ever
    /// opened, not the frontier (half the time of `solve` at 5000x5000).
    fn prune_frontier(&mut self) {
        let Self {
            frontier,
            known,
            set_aside,
            ..
        } = self;
        frontier.retain(&mut known.marks(List::Frontier), |marks, j| {
            still_on_frontier(marks.knowledge(), set_aside, j)
        });
    }

    /// The open squares with unknown neighbours, in reading order, but
    /// the clues of components set aside.
    fn frontier_clues(&self) -> Vec<usize> {
        let mut clues: Vec<usize> = self
            .frontier
            .iter()
            .filter(|&i| still_on_frontier(&self.known, &self.set_aside, i))
            .collect();
        clues.sort_unstable();
        clues
    }

    /// Keeps the square `i`, just deduced, for choosing guesses.
    fn settle_square(&mut self, i: usize) {
        let Self {
            settled,
            known,
            rows,
            cols,
            set_aside,
            ..
        } = self;
        settled.add(i, &mut Unmarked, |_, j| {
            still_settled(known, *rows, *cols, set_aside, j)
        });
    }

    /// Puts the open square `i`, whose neighbourhood changed, in line for
    /// layers 1 and 2.
    fn queue(&mut self, i: usize) {
        let Self {
            pending,
            to_pair,
            known,
            ..
        } = self;
        let worth_a_look =
            |marks: &knowledge::ListMarks, j| has_unknown_neighbour(marks.knowledge(), j);
        pending.add(i, &mut known.marks(List::Pending), worth_a_look);
        to_pair.changed(i, &mut known.marks(List::Changed), worth_a_look);
    }

    fn index(&self, pos: Pos) -> usize {
        debug_assert!(pos.row < self.rows && pos.col < self.cols);
        pos.row * self.cols + pos.col
    }

    fn pos(&self, i: usize) -> Pos {
        Pos::new(i / self.cols, i % self.cols)
    }

    fn neighbours(&self, i: usize) -> Neighbours {
        Neighbours::of(i, self.rows, self.cols)
    }

    /// Unknown squares and deduced mines around the open square `i`.
    fn around(&self, i: usize) -> (Neighbours, u8) {
        let mut unknown = Neighbours::empty();
        let mut mines = 0;
        for n in self.neighbours(i) {
            match self.known.get(n) {
                Known::Unknown => unknown.push(n),
                Known::Mine => mines += 1,
                Known::Safe | Known::Open(_) => {}
            }
        }
        (unknown, mines)
    }
}

/// Whether the deduced square `i` is still not open and has unknown
/// neighbours not set aside, which a guess must weigh.
fn still_settled(
    known: &Knowledge,
    rows: usize,
    cols: usize,
    set_aside: &arrangements::SetAside,
    i: usize,
) -> bool {
    !matches!(known.get(i), Known::Open(_))
        && has_unknown_neighbour(known, i)
        && Neighbours::of(i, rows, cols)
            .into_iter()
            .any(|n| known.get(n) == Known::Unknown && !set_aside.holds(n))
}

/// Whether the open square `i` still has unknown neighbours and its
/// component is not set aside: a clue layer 3 and the guesses work from.
fn still_on_frontier(known: &Knowledge, set_aside: &arrangements::SetAside, i: usize) -> bool {
    has_unknown_neighbour(known, i) && !set_aside.holds(i)
}

/// Whether square `i` has a neighbour the solver knows nothing of: an open
/// square without one has nothing left to say, and never will again.
fn has_unknown_neighbour(known: &Knowledge, i: usize) -> bool {
    known.unknown_around(i) > 0
}

/// What the solver's property tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Probabilities, Progress, Solver};

    /// Deduces until nothing more is certain, and gives the analysis then.
    pub(crate) fn stuck(solver: &mut Solver) -> Probabilities {
        loop {
            if let Progress::Stuck(probabilities) = solver.deduce() {
                return probabilities;
            }
        }
    }

    /// A row of `cols` squares holding `mines` mines, with `pockets` clues
    /// of 1 every `stride` squares from the second ("? 1 ?" pockets when
    /// the stride is 3), opened.
    pub(crate) fn pockets_on_a_row(
        cols: usize,
        mines: usize,
        pockets: usize,
        stride: usize,
    ) -> Solver {
        let mut solver = Solver::new(1, cols, mines);
        for k in 0..pockets {
            solver.open(engine::Pos::new(0, stride * k + 1), 1);
        }
        solver
    }

    /// Follows a game on a `rows` x `cols` board whose mines `mines` gives
    /// (row-major, at least that long): opens the safe squares of `opens`
    /// (indexes taken modulo the board) one at a time, with their clues,
    /// and calls `after` after each.
    pub(crate) fn follow_openings<E>(
        rows: usize,
        cols: usize,
        mines: &[bool],
        opens: &[usize],
        mut after: impl FnMut(&mut Solver) -> Result<(), E>,
    ) -> Result<(), E> {
        let squares = rows * cols;
        let mine_count = mines[..squares].iter().filter(|&&m| m).count();
        let mut solver = Solver::new(rows, cols, mine_count);
        for &k in opens {
            let i = k % squares;
            if mines[i] {
                continue;
            }
            open_with_clue(&mut solver, mines, i);
            after(&mut solver)?;
        }
        Ok(())
    }

    /// Opens the square `i`, showing the clue the board's `mines`
    /// (row-major) give it.
    pub(crate) fn open_with_clue(solver: &mut Solver, mines: &[bool], i: usize) {
        let clue = solver
            .neighbours(i)
            .into_iter()
            .filter(|&n| mines[n])
            .count();
        solver.open(solver.pos(i), clue as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solver_can_work_on_another_thread() {
        // A front end may think about a hint while it keeps drawing.
        fn shareable<T: Send + Sync>() {}
        shareable::<Solver>();
    }
}
