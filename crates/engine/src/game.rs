//! The state of play: what the player has opened and marked, and the
//! outcome of each move under a rule set.

use crate::board::{Board, Frame};
use crate::cover::Cover;
use crate::glyph::Glyph;
use crate::grid::{Grid, Neighbourhood, Pos};
use crate::history::{Change, Counts, History};
use crate::maker::{BoardMaker, GaveUp};
use crate::moves::{Action, Move};
use crate::outcome::{Outcome, Status};
use crate::placement::{Layout, NoRoom, place_mines};
use crate::reveal::{Step, fill, reveal};
use crate::rules::{Counter, EndDisplay, FirstMove, Marks, Rules, WinCondition};

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    board: Board,
    /// A random board whose mines are placed at the first opening.
    pending: Option<Pending>,
    cover: Grid<Cover>,
    flags: usize,
    /// Flags on squares without a mine: under proj3 rules the game is won
    /// when none are misplaced and the flags number the mines.
    misplaced_flags: usize,
    /// Open squares: under classic rules the game is won when every square
    /// without a mine is open.
    opened: usize,
    status: Status,
    /// What the moves changed, when the game can undo them.
    history: Option<History>,
    /// Mines set off, undone or not.
    deaths: usize,
    /// A reveal has opened a square or set off a mine, undone or not.
    begun: bool,
    /// The board maker made no board: the ordinary board of the seed is
    /// played, and this says why.
    maker_gave_up: Option<GaveUp>,
}

/// How a move opens squares: the reveal from a square, told where to
/// record each square it opens (and what covered it).
type Record<'a> = dyn FnMut(Pos, Cover) + 'a;

/// What a random board needs to place its mines.
#[derive(Clone, Copy, Debug)]
struct Pending {
    layout: Layout,
    seed: u64,
    /// Who makes the board instead of the engine's own placement.
    maker: Option<&'static dyn BoardMaker>,
}

impl Game {
    /// A game on a board whose mines are known.
    pub fn new(board: Board, rules: Rules) -> Self {
        Self::start(board, None, rules)
    }

    /// A game on a board whose mines are known, where a win is first
    /// looked for after the first move, not before it: on a board without
    /// mines, the game of a program that checks for a win only after each
    /// move (the course leaves open which of the two a program does).
    pub fn new_won_only_after_a_move(board: Board, rules: Rules) -> Self {
        let mut game = Self::new(board, rules);
        game.status = Status::Playing;
        game
    }

    fn start(board: Board, pending: Option<Pending>, rules: Rules) -> Self {
        let cover = Grid::filled(board.rows(), board.cols(), Cover::Hidden);
        let mut game = Self {
            rules,
            board,
            pending,
            cover,
            flags: 0,
            misplaced_flags: 0,
            opened: 0,
            status: Status::Playing,
            history: None,
            deaths: 0,
            begun: false,
            maker_gave_up: None,
        };
        // A board can be won before the first move: no mines to flag, or
        // no safe square to open.
        game.update_win();
        game
    }

    /// A game on a random board: `layout.mines` mines, placed from `seed`
    /// when the first square is opened, kept clear of it as the rules'
    /// first-move policy says.
    pub fn random(layout: Layout, seed: u64, rules: Rules) -> Result<Self, NoRoom> {
        layout.check_room(rules.first_move)?;
        let unplaced = Grid::filled(layout.rows, layout.cols, false);
        // Without mines there is nothing to place, and nothing to wait for.
        let pending = (layout.mines > 0).then_some(Pending {
            layout,
            seed,
            maker: None,
        });
        Ok(Self::start(
            Board::new(unplaced, Frame::Plus),
            pending,
            rules,
        ))
    }

    /// As [`Game::random`], with the board made by `maker` at the first
    /// opening (the solver's boards that need no guess). Where it makes
    /// none the seed's ordinary board is played, and
    /// [`Game::maker_gave_up`] says why.
    pub fn random_made_by(
        layout: Layout,
        seed: u64,
        rules: Rules,
        maker: &'static dyn BoardMaker,
    ) -> Result<Self, NoRoom> {
        let mut game = Self::random(layout, seed, rules)?;
        if let Some(pending) = &mut game.pending {
            pending.maker = Some(maker);
        }
        Ok(game)
    }

    /// Whether the mines are where they stay: a board file's from the
    /// start, a random board's from its first opening.
    pub fn is_dealt(&self) -> bool {
        self.pending.is_none()
    }

    /// Why the board maker made no board, once the first opening asked it.
    pub fn maker_gave_up(&self) -> Option<&GaveUp> {
        self.maker_gave_up.as_ref()
    }

    /// The same game, keeping what each move changes so it can be undone
    /// and redone ([`Game::undo`]): 4 bytes a square opened, at most.
    /// Only boards of fewer than 2^32 squares (every board the command
    /// line makes) can undo.
    pub fn with_undo(mut self) -> Self {
        let squares = self.cover.rows() * self.cover.cols();
        if u32::try_from(squares).is_ok() {
            self.history = Some(History::default());
        }
        self
    }

    /// The rules the game is played by.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The board. Before the first opening of a random game its mines are
    /// not placed yet, and it shows none.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the game goes on, is won or is lost.
    pub fn status(&self) -> Status {
        self.status
    }

    /// What covers the square at `pos`.
    pub fn cover(&self, pos: Pos) -> Cover {
        self.cover[pos]
    }

    /// How many mines the board holds, placed or not.
    pub fn mine_count(&self) -> usize {
        self.pending
            .map_or(self.board.mine_count(), |p| p.layout.mines)
    }

    /// Flags on the board, right or wrong.
    pub fn flags(&self) -> usize {
        self.flags
    }

    /// Squares opened (a mine set off is not one).
    pub fn opened(&self) -> usize {
        self.opened
    }

    /// Squares without a mine: opening all of them wins under classic rules.
    pub fn safe_squares(&self) -> usize {
        let mines = self.board.mines();
        (mines.rows() * mines.cols()).saturating_sub(self.mine_count())
    }

    /// Mines minus flags, as the rules show it: possibly negative under
    /// proj3, never below zero under classic rules, and none once a won
    /// game's end display flags every mine.
    pub fn mines_left(&self) -> i64 {
        let left = self.mines_minus_flags();
        match self.rules.counter {
            Counter::MayGoNegative => left,
            Counter::StopsAtZero => left.max(0),
        }
    }

    /// Mines minus flags, below zero when more squares are flagged than
    /// there are mines, as minesweeper.online shows it (the full screen's
    /// counter, whatever the rules' prompt shows); none once a won game's
    /// end display flags every mine.
    pub fn mines_minus_flags(&self) -> i64 {
        if self.status == Status::Won && self.rules.end_display == EndDisplay::Uncovered {
            return 0;
        }
        self.mine_count() as i64 - self.flags as i64
    }

    /// What the player sees at `pos`; once the game is over, as the rules'
    /// end display says.
    pub fn glyph(&self, pos: Pos) -> Glyph {
        let as_played = match self.cover[pos] {
            Cover::Hidden => Glyph::Hidden,
            Cover::Flagged => Glyph::Flag,
            Cover::Questioned => Glyph::Question,
            Cover::Open => Glyph::Open(self.board.clue(pos)),
        };
        let mine = self.board.is_mine(pos);
        match (self.status, self.rules.end_display) {
            (Status::Lost(at), _) if at == pos => Glyph::Detonated,
            (Status::Won, EndDisplay::Uncovered) if mine => Glyph::Flag,
            (Status::Lost(_), EndDisplay::Uncovered) => match as_played {
                Glyph::Flag if !mine => Glyph::WrongFlag,
                Glyph::Flag => Glyph::Flag,
                _ if mine => Glyph::Mine,
                other => other,
            },
            _ => as_played,
        }
    }

    /// Plays `mv`, which must aim at a square of the board.
    pub fn apply(&mut self, mv: Move) -> Outcome {
        self.apply_noting(mv, |_, _| {})
    }

    /// Plays `mv`, telling `note` each square a reveal opens, with its
    /// clue: what a watcher needs (the solver), in memory that does not
    /// grow with the island.
    pub fn apply_noting(&mut self, mv: Move, note: impl FnMut(Pos, u8)) -> Outcome {
        let outcome = self.play_noting(mv, note);
        self.forget_undone_after(outcome);
        outcome
    }

    /// Plays `mv`, reporting each status change of the squares a reveal
    /// opens to `observe`, with the square's clue, in the order the reveal
    /// makes them. The same squares open as with [`Game::apply`]; only the
    /// steps are extra.
    pub fn apply_traced(&mut self, mv: Move, mut observe: impl FnMut(Step, u8)) -> Outcome {
        let outcome = self.play(mv, &mut |board, cover, at, region, record| {
            reveal(board, cover, at, region, |step, was| {
                if was != Cover::Open {
                    record(step.at, was);
                }
                observe(step, board.clue(step.at));
            })
        });
        self.forget_undone_after(outcome);
        outcome
    }

    /// Takes back the last move still done, a lost one included, and
    /// returns it; `None` if there is none, or the game is won: a win is
    /// final (a loss taken back still counts its death). It costs what the
    /// move changed. A random board's mines stay where its first opening
    /// placed them. Anything following the game square by square (a
    /// solver) must start again from what it shows.
    pub fn undo(&mut self) -> Option<Move> {
        if self.status == Status::Won {
            return None;
        }
        let history = self.history.as_mut()?;
        let change = history.done.pop()?;
        history.undone.push(change.mv);
        let cols = self.cover.cols();
        let pos = |i: u32| Pos::new(i as usize / cols, i as usize % cols);
        for &i in &change.opened {
            self.cover[pos(i)] = Cover::Hidden;
        }
        for &i in &change.questioned {
            self.cover[pos(i)] = Cover::Questioned;
        }
        if let Some((i, was)) = change.marked {
            self.cover[pos(i)] = was;
        }
        let Counts {
            flags,
            misplaced_flags,
            opened,
            status,
        } = change.before;
        (self.flags, self.opened, self.status) = (flags, opened, status);
        self.misplaced_flags = misplaced_flags;
        if change.placed_mines {
            // The flags were counted against a board without mines.
            self.count_misplaced_flags();
        }
        Some(change.mv)
    }

    /// Plays again the last move undone, telling `note` each square it
    /// opens; `None` if there is none, or another move was played since.
    pub fn redo(&mut self, note: impl FnMut(Pos, u8)) -> Option<Outcome> {
        let mv = self.history.as_mut()?.undone.pop()?;
        Some(self.play_noting(mv, note))
    }

    /// Moves that [`Game::undo`] can take back: none once the game is won.
    pub fn undoable(&self) -> usize {
        match self.status {
            Status::Won => 0,
            Status::Playing | Status::Lost(_) => self.history.as_ref().map_or(0, |h| h.done.len()),
        }
    }

    /// Moves that [`Game::redo`] can play again.
    pub fn redoable(&self) -> usize {
        self.history.as_ref().map_or(0, |h| h.undone.len())
    }

    /// A move played anew: what was undone can no longer be redone,
    /// unless the move changed nothing (a flag on an open square is not a
    /// move, and takes nothing away).
    fn forget_undone_after(&mut self, outcome: Outcome) {
        if let Some(history) = &mut self.history
            && outcome.changed_board()
        {
            history.undone.clear();
        }
    }

    /// Whether the game has begun: a game begins with its first opening
    /// (a mine set off included) or a win (proj3's flags alone win), and
    /// an undo does not take that back. Marks before then change what
    /// the board shows, but nothing is known yet: no game has been played.
    pub fn has_begun(&self) -> bool {
        self.begun
    }

    /// Mines set off in this game, those undone included.
    pub fn deaths(&self) -> usize {
        self.deaths
    }

    fn play_noting(&mut self, mv: Move, mut note: impl FnMut(Pos, u8)) -> Outcome {
        self.play(mv, &mut |board, cover, at, region, record| {
            fill(board, cover, at, region, &mut |pos, clue, was| {
                record(pos, was);
                note(pos, clue);
            })
        })
    }

    /// Plays `mv`, opening islands with `open`, and keeps what it changed.
    fn play(
        &mut self,
        mv: Move,
        open: &mut impl FnMut(&Board, &mut Grid<Cover>, Pos, Neighbourhood, &mut Record) -> usize,
    ) -> Outcome {
        if self.status != Status::Playing {
            return Outcome::GameOver;
        }
        let mut change = Change::new(mv, self.counts(), self.history.is_some());
        let outcome = match mv.action {
            Action::Reveal => self.reveal(mv.at, open, &mut change),
            Action::Flag => self.mark(mv.at, &mut change),
            Action::Chord => self.chord(mv.at, open, &mut change),
        };
        self.update_win();
        if outcome == Outcome::Detonated {
            self.deaths += 1;
        }
        self.begun |= matches!(outcome, Outcome::Detonated | Outcome::Opened(1..))
            || self.status == Status::Won;
        let changed = !change.changed_nothing(self.counts());
        if let Some(history) = &mut self.history
            && changed
        {
            history.done.push(change);
        }
        outcome
    }

    fn counts(&self) -> Counts {
        Counts {
            flags: self.flags,
            misplaced_flags: self.misplaced_flags,
            opened: self.opened,
            status: self.status,
        }
    }

    fn reveal(
        &mut self,
        at: Pos,
        open: &mut impl FnMut(&Board, &mut Grid<Cover>, Pos, Neighbourhood, &mut Record) -> usize,
        change: &mut Change,
    ) -> Outcome {
        match self.cover[at] {
            Cover::Flagged => return Outcome::RevealFlagged,
            Cover::Open => return Outcome::RevealOpen,
            Cover::Hidden | Cover::Questioned => {}
        }
        change.placed_mines = self.place_pending_mines(at);
        if self.board.is_mine(at) {
            self.status = Status::Lost(at);
            return Outcome::Detonated;
        }
        let cols = self.cover.cols();
        let mut record = |pos: Pos, was: Cover| change.opened(pos.row * cols + pos.col, was);
        let opened = open(
            &self.board,
            &mut self.cover,
            at,
            self.rules.region,
            &mut record,
        );
        self.opened += opened;
        Outcome::Opened(opened)
    }

    /// Opens the covered neighbours of the open number at `at` when as
    /// many flags as its clue surround it, in reading order; a neighbour
    /// with a mine (a flag was wrong) loses the game there.
    fn chord(
        &mut self,
        at: Pos,
        open: &mut impl FnMut(&Board, &mut Grid<Cover>, Pos, Neighbourhood, &mut Record) -> usize,
        change: &mut Change,
    ) -> Outcome {
        let clue = self.board.clue(at);
        if self.cover[at] != Cover::Open || clue == 0 {
            return Outcome::ChordIgnored;
        }
        let neighbours: Vec<Pos> = self.cover.neighbours(at).collect();
        let flags = neighbours
            .iter()
            .filter(|&&n| self.cover[n] == Cover::Flagged)
            .count();
        if flags != usize::from(clue) {
            return Outcome::ChordIgnored;
        }
        let cols = self.cover.cols();
        let mut opened = 0;
        for n in neighbours {
            if !matches!(self.cover[n], Cover::Hidden | Cover::Questioned) {
                continue;
            }
            if self.board.is_mine(n) {
                self.opened += opened;
                self.status = Status::Lost(n);
                return Outcome::Detonated;
            }
            let mut record = |pos: Pos, was: Cover| change.opened(pos.row * cols + pos.col, was);
            opened += open(
                &self.board,
                &mut self.cover,
                n,
                self.rules.region,
                &mut record,
            );
        }
        self.opened += opened;
        Outcome::Opened(opened)
    }

    /// Places a random board's mines, now that `first` is being opened;
    /// whether it did.
    fn place_pending_mines(&mut self, first: Pos) -> bool {
        let Some(Pending {
            layout,
            seed,
            maker,
        }) = self.pending.take()
        else {
            return false;
        };
        let policy = self.rules.first_move;
        self.board = match maker.map(|maker| maker.make(layout, policy, first, seed)) {
            Some(Ok(board)) => board,
            Some(Err(gave_up)) => {
                self.maker_gave_up = Some(gave_up);
                ordinary_board(layout, policy, first, seed)
            }
            None => ordinary_board(layout, policy, first, seed),
        };
        // Flags placed before the mines were are right or wrong only now.
        self.count_misplaced_flags();
        true
    }

    fn count_misplaced_flags(&mut self) {
        // No flag, none misplaced: a first reveal without flags before it
        // (nearly every one) spares a look at every square.
        if self.flags == 0 {
            self.misplaced_flags = 0;
            return;
        }
        self.misplaced_flags = self
            .cover
            .positions()
            .filter(|&p| self.cover[p] == Cover::Flagged && !self.board.is_mine(p))
            .count();
    }

    fn mark(&mut self, at: Pos, change: &mut Change) -> Outcome {
        let misplaced = usize::from(!self.board.is_mine(at));
        let (next, outcome) = match (self.cover[at], self.rules.marks) {
            (Cover::Open, _) => return Outcome::FlagOpen,
            (Cover::Hidden, _) => (Cover::Flagged, Outcome::FlagPlaced),
            (Cover::Flagged, Marks::Flag) => (Cover::Hidden, Outcome::FlagRemoved),
            (Cover::Flagged, Marks::FlagThenQuestion) => {
                (Cover::Questioned, Outcome::QuestionPlaced)
            }
            (Cover::Questioned, _) => (Cover::Hidden, Outcome::QuestionRemoved),
        };
        if self.cover[at] == Cover::Flagged {
            self.flags -= 1;
            self.misplaced_flags -= misplaced;
        }
        if next == Cover::Flagged {
            self.flags += 1;
            self.misplaced_flags += misplaced;
        }
        change.marked = Some(((at.row * self.cover.cols() + at.col) as u32, self.cover[at]));
        self.cover[at] = next;
        outcome
    }

    fn update_win(&mut self) {
        if self.status != Status::Playing || self.pending.is_some() {
            return;
        }
        let won = match self.rules.win {
            WinCondition::FlagEveryMine => {
                self.misplaced_flags == 0 && self.flags == self.board.mine_count()
            }
            WinCondition::OpenEverySafeSquare => {
                self.opened == self.cover.rows() * self.cover.cols() - self.board.mine_count()
            }
        };
        if won {
            self.status = Status::Won;
        }
    }
}

/// The seed's random board, kept clear of `first` as `policy` says.
fn ordinary_board(layout: Layout, policy: FirstMove, first: Pos, seed: u64) -> Board {
    place_mines(layout, policy, Some(first), seed)
        .expect("Game::random checked there is room for the mines")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_file::parse_board;

    fn game(text: &str) -> Game {
        Game::new(parse_board(text.as_bytes()).unwrap(), Rules::PROJ3)
    }

    fn play(game: &mut Game, action: Action, row: usize, col: usize) -> Outcome {
        game.apply(Move {
            action,
            at: Pos::new(row, col),
        })
    }

    const TWO_MINES: &str = "+++++\n+*  +\n+  *+\n+   +\n+++++\n";

    /// A maker that puts one mine in the last square, or gives up.
    #[derive(Debug)]
    struct LastSquare {
        gives_up: bool,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("no board today")]
    struct NoBoardToday;

    impl BoardMaker for LastSquare {
        fn make(&self, layout: Layout, _: FirstMove, _: Pos, _: u64) -> Result<Board, GaveUp> {
            if self.gives_up {
                return Err(std::sync::Arc::new(NoBoardToday));
            }
            let mut mines = Grid::filled(layout.rows, layout.cols, false);
            mines[Pos::new(layout.rows - 1, layout.cols - 1)] = true;
            Ok(Board::new(mines, Frame::Plus))
        }
    }

    #[test]
    fn a_board_maker_makes_the_board_at_the_first_opening() {
        static MAKER: LastSquare = LastSquare { gives_up: false };
        let layout = Layout::new(3, 3, 1);
        let mut g = Game::random_made_by(layout, 1, Rules::CLASSIC, &MAKER).unwrap();
        assert_eq!(play(&mut g, Action::Reveal, 0, 0), Outcome::Opened(8));
        assert!(g.board().is_mine(Pos::new(2, 2)));
        assert_eq!(g.status(), Status::Won);
        assert!(g.maker_gave_up().is_none());
    }

    #[test]
    fn a_maker_that_gives_up_leaves_the_ordinary_board_and_says_why() {
        static MAKER: LastSquare = LastSquare { gives_up: true };
        let layout = Layout::new(9, 9, 10);
        let mut g = Game::random_made_by(layout, 7, Rules::CLASSIC, &MAKER).unwrap();
        play(&mut g, Action::Reveal, 4, 4);
        let ordinary = place_mines(layout, FirstMove::Safe, Some(Pos::new(4, 4)), 7).unwrap();
        assert_eq!(g.board(), &ordinary);
        assert_eq!(g.maker_gave_up().unwrap().to_string(), "no board today");
    }

    #[test]
    fn a_game_begins_with_its_first_opening_not_with_marks() {
        let mut g = game(TWO_MINES).with_undo();
        assert_eq!(play(&mut g, Action::Flag, 2, 2), Outcome::FlagPlaced);
        assert_eq!(play(&mut g, Action::Reveal, 2, 2), Outcome::RevealFlagged);
        assert!(!g.has_begun());
        assert_eq!(play(&mut g, Action::Reveal, 0, 2), Outcome::Opened(1));
        assert!(g.has_begun());
        g.undo();
        assert!(g.has_begun(), "an undone opening was still played");
        let mut set_off = game(TWO_MINES);
        play(&mut set_off, Action::Reveal, 0, 0);
        assert!(set_off.has_begun());
        // Proj3: flagging both mines wins, nothing opened.
        let mut flagged = game(TWO_MINES);
        play(&mut flagged, Action::Flag, 0, 0);
        assert!(!flagged.has_begun());
        play(&mut flagged, Action::Flag, 1, 2);
        assert!(flagged.has_begun());
    }

    #[test]
    fn revealing_a_mine_loses() {
        let mut g = game(TWO_MINES);
        assert_eq!(play(&mut g, Action::Reveal, 0, 0), Outcome::Detonated);
        assert_eq!(g.status(), Status::Lost(Pos::new(0, 0)));
        assert_eq!(g.glyph(Pos::new(0, 0)), Glyph::Detonated);
        assert_eq!(play(&mut g, Action::Flag, 1, 1), Outcome::GameOver);
    }

    #[test]
    fn a_chord_opens_the_neighbours_of_a_number_whose_flags_are_complete() {
        // Classic rules: under proj3 the two flags would win at once.
        let mut g = Game::new(parse_board(TWO_MINES.as_bytes()).unwrap(), Rules::CLASSIC);
        play(&mut g, Action::Reveal, 1, 1);
        assert_eq!(play(&mut g, Action::Chord, 1, 1), Outcome::ChordIgnored);
        play(&mut g, Action::Flag, 0, 0);
        assert_eq!(play(&mut g, Action::Chord, 1, 1), Outcome::ChordIgnored);
        play(&mut g, Action::Flag, 1, 2);
        // The six other neighbours; the empty ones bring their island.
        assert_eq!(play(&mut g, Action::Chord, 1, 1), Outcome::Opened(6));
        assert_eq!(g.status(), Status::Won);
        // Nothing to chord on a covered square or a blank one.
        let mut g = game(TWO_MINES);
        assert_eq!(play(&mut g, Action::Chord, 2, 0), Outcome::ChordIgnored);
    }

    #[test]
    fn a_chord_with_a_wrong_flag_loses_on_the_mine_it_opens() {
        let mut g = game(TWO_MINES).with_undo();
        play(&mut g, Action::Reveal, 1, 1);
        play(&mut g, Action::Flag, 0, 0);
        play(&mut g, Action::Flag, 0, 1);
        assert_eq!(play(&mut g, Action::Chord, 1, 1), Outcome::Detonated);
        assert_eq!(g.status(), Status::Lost(Pos::new(1, 2)));
        assert_eq!(g.deaths(), 1);
        // Taken back: playing again, the death still counted.
        assert!(g.undo().is_some());
        assert_eq!(g.status(), Status::Playing);
        assert_eq!(g.glyph(Pos::new(0, 2)), Glyph::Hidden);
        assert_eq!(g.deaths(), 1);
        assert_eq!(g.undoable(), 3);
    }

    #[test]
    fn a_won_game_stays_won() {
        // Proj3: flagging both mines wins.
        let mut g = game(TWO_MINES).with_undo();
        play(&mut g, Action::Flag, 0, 0);
        play(&mut g, Action::Flag, 1, 2);
        assert_eq!(g.status(), Status::Won);
        assert_eq!((g.undoable(), g.undo()), (0, None));
        assert_eq!(g.status(), Status::Won);
        assert_eq!(g.glyph(Pos::new(1, 2)), Glyph::Flag);
    }

    #[test]
    fn a_game_without_undo_keeps_no_history() {
        let mut g = game(TWO_MINES);
        play(&mut g, Action::Reveal, 2, 0);
        assert_eq!((g.undoable(), g.undo()), (0, None));
        // A new move forgets what was undone.
        let mut g = game(TWO_MINES).with_undo();
        play(&mut g, Action::Reveal, 1, 1);
        play(&mut g, Action::Flag, 0, 0);
        g.undo();
        assert_eq!(g.redoable(), 1);
        // What changes nothing is not a move, and forgets nothing.
        assert_eq!(play(&mut g, Action::Flag, 1, 1), Outcome::FlagOpen);
        assert_eq!(play(&mut g, Action::Chord, 0, 0), Outcome::ChordIgnored);
        assert_eq!(g.redoable(), 1);
        play(&mut g, Action::Reveal, 2, 0);
        assert_eq!((g.redoable(), g.redo(|_, _| {})), (0, None));
    }

    #[test]
    fn revealing_a_clue_shows_its_number() {
        let mut g = game(TWO_MINES);
        assert_eq!(play(&mut g, Action::Reveal, 1, 1), Outcome::Opened(1));
        assert_eq!(g.glyph(Pos::new(1, 1)), Glyph::Open(2));
        assert_eq!(play(&mut g, Action::Reveal, 1, 1), Outcome::RevealOpen);
        assert_eq!(play(&mut g, Action::Flag, 1, 1), Outcome::FlagOpen);
    }

    #[test]
    fn flags_toggle_and_block_reveal() {
        let mut g = game(TWO_MINES);
        assert_eq!(play(&mut g, Action::Flag, 2, 0), Outcome::FlagPlaced);
        assert_eq!(g.mines_left(), 1);
        assert_eq!(play(&mut g, Action::Reveal, 2, 0), Outcome::RevealFlagged);
        assert_eq!(g.glyph(Pos::new(2, 0)), Glyph::Flag);
        assert_eq!(play(&mut g, Action::Flag, 2, 0), Outcome::FlagRemoved);
        assert_eq!(g.mines_left(), 2);
        assert_eq!(g.glyph(Pos::new(2, 0)), Glyph::Hidden);
    }

    #[test]
    fn mines_left_can_go_negative() {
        let mut g = game(TWO_MINES);
        for col in 0..3 {
            play(&mut g, Action::Flag, 2, col);
        }
        assert_eq!(g.mines_left(), -1);
    }

    #[test]
    fn the_true_count_goes_below_zero_where_the_classic_counter_stops() {
        let mut g = classic(TWO_MINES);
        for col in 0..3 {
            play(&mut g, Action::Flag, 2, col);
        }
        assert_eq!(g.mines_left(), 0, "the classic prompt's counter");
        assert_eq!(g.mines_minus_flags(), -1);
    }

    #[test]
    fn won_when_exactly_the_mines_are_flagged() {
        let mut g = game(TWO_MINES);
        play(&mut g, Action::Flag, 0, 0);
        play(&mut g, Action::Flag, 2, 2);
        assert_eq!(g.status(), Status::Playing, "one flag is wrong");
        play(&mut g, Action::Flag, 2, 2);
        assert_eq!(play(&mut g, Action::Flag, 1, 2), Outcome::FlagPlaced);
        assert_eq!(g.status(), Status::Won);
    }

    #[test]
    fn opening_every_safe_square_does_not_win() {
        let mut g = game("++++\n+* +\n++++\n");
        play(&mut g, Action::Reveal, 0, 1);
        assert_eq!(g.status(), Status::Playing);
    }

    #[test]
    fn board_without_mines_is_won_at_once() {
        assert_eq!(game("+++\n+ +\n+++\n").status(), Status::Won);
    }

    #[test]
    fn a_board_without_mines_can_be_won_only_after_a_move() {
        let board = || parse_board(b"++++\n+  +\n++++\n").unwrap();
        let mut g = Game::new_won_only_after_a_move(board(), Rules::PROJ3);
        assert_eq!(g.status(), Status::Playing);
        // A wrong flag is no win; taken away again, the next move wins.
        play(&mut g, Action::Flag, 0, 1);
        assert_eq!(g.status(), Status::Playing);
        play(&mut g, Action::Flag, 0, 1);
        assert_eq!(g.status(), Status::Won);
        let mut g = Game::new_won_only_after_a_move(board(), Rules::PROJ3);
        play(&mut g, Action::Reveal, 0, 0);
        assert_eq!(g.status(), Status::Won);
        assert_eq!(g.glyph(Pos::new(0, 1)), Glyph::Open(0));
    }

    fn classic(text: &str) -> Game {
        Game::new(parse_board(text.as_bytes()).unwrap(), Rules::CLASSIC)
    }

    #[test]
    fn classic_marks_cycle_through_a_question_mark() {
        let mut g = classic(TWO_MINES);
        assert_eq!(play(&mut g, Action::Flag, 2, 0), Outcome::FlagPlaced);
        assert_eq!(play(&mut g, Action::Flag, 2, 0), Outcome::QuestionPlaced);
        assert_eq!(g.glyph(Pos::new(2, 0)), Glyph::Question);
        assert_eq!(g.mines_left(), 2, "a question mark is no flag");
        assert_eq!(play(&mut g, Action::Flag, 2, 0), Outcome::QuestionRemoved);
        assert_eq!(g.glyph(Pos::new(2, 0)), Glyph::Hidden);
    }

    #[test]
    fn classic_counter_stops_at_zero() {
        let mut g = classic(TWO_MINES);
        for col in 0..3 {
            play(&mut g, Action::Flag, 2, col);
        }
        assert_eq!(g.mines_left(), 0);
    }

    #[test]
    fn classic_is_won_by_opening_every_safe_square() {
        let mut g = classic("++++\n+* +\n+  +\n++++\n");
        play(&mut g, Action::Reveal, 0, 1);
        play(&mut g, Action::Reveal, 1, 0);
        assert_eq!(g.status(), Status::Playing);
        play(&mut g, Action::Reveal, 1, 1);
        assert_eq!(g.status(), Status::Won);
        assert_eq!(g.glyph(Pos::new(0, 0)), Glyph::Flag, "mines show as flags");
        assert_eq!(g.mines_left(), 0, "and the counter agrees with the board");
    }

    #[test]
    fn classic_loss_uncovers_flags_and_mines() {
        let mut g = classic(TWO_MINES);
        play(&mut g, Action::Flag, 0, 0); // right
        play(&mut g, Action::Flag, 0, 1); // wrong
        play(&mut g, Action::Reveal, 1, 2); // the other mine
        assert_eq!(g.glyph(Pos::new(0, 0)), Glyph::Flag);
        assert_eq!(g.glyph(Pos::new(0, 1)), Glyph::WrongFlag);
        assert_eq!(g.glyph(Pos::new(1, 2)), Glyph::Detonated);
        assert_eq!(g.glyph(Pos::new(2, 2)), Glyph::Hidden);
    }

    #[test]
    fn random_mines_wait_for_the_first_opening() {
        let layout = Layout::new(3, 3, 8);
        let mut g = Game::random(layout, 1, Rules::PROJ3).unwrap();
        assert_eq!(g.mines_left(), 8);
        assert_eq!(g.board().mine_count(), 0, "not placed yet");
        play(&mut g, Action::Flag, 0, 0);
        assert_eq!(play(&mut g, Action::Reveal, 1, 1), Outcome::Opened(1));
        assert_eq!(g.board().mine_count(), 8);
        assert_eq!(g.glyph(Pos::new(1, 1)), Glyph::Open(8));
        for row in 0..3 {
            for col in 0..3 {
                if (row, col) != (1, 1) && (row, col) != (0, 0) {
                    play(&mut g, Action::Flag, row, col);
                }
            }
        }
        assert_eq!(
            g.status(),
            Status::Won,
            "the flag placed before the mines counts"
        );
    }

    #[test]
    fn random_board_without_room_is_refused() {
        let err = Game::random(Layout::new(2, 2, 4), 1, Rules::CLASSIC).unwrap_err();
        assert_eq!(err, NoRoom { mines: 4, room: 3 });
    }
}
