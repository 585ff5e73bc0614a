//! The state of play: what the player has opened and flagged, and the
//! outcome of each move under the course's (proj3) rules.

use super::board::Board;
use super::glyph::Glyph;
use super::grid::{Grid, Pos};
use super::reveal::reveal;

/// What covers a square, from the player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    Hidden,
    Flagged,
    Open,
}

/// What the player asks to do to a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Reveal,
    /// Place a flag, or take one away.
    Flag,
}

/// One move: an action aimed at a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub action: Action,
    pub at: Pos,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Opened this many squares: one clue, or an empty field and its island.
    Opened(usize),
    /// Opened a mine; the game is lost.
    Detonated,
    FlagPlaced,
    FlagRemoved,
    /// Nothing happened: a flagged square must be unflagged before it is revealed.
    RevealFlagged,
    /// Nothing happened: the square was already open.
    RevealOpen,
    /// Nothing happened: an open square cannot be flagged.
    FlagOpen,
    /// Nothing happened: the game had already ended.
    GameOver,
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    /// Every mine is flagged and no other square is.
    Won,
    /// The player opened the mine at this square.
    Lost(Pos),
}

/// A game in progress on a fixed board.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    cover: Grid<Cover>,
    flags: usize,
    /// Flags on squares without a mine: the game is won when none are
    /// misplaced and the flags number the mines.
    misplaced_flags: usize,
    status: Status,
}

impl Game {
    pub fn new(board: Board) -> Self {
        let cover = Grid::filled(board.rows(), board.cols(), Cover::Hidden);
        let mut game = Self {
            board,
            cover,
            flags: 0,
            misplaced_flags: 0,
            status: Status::Playing,
        };
        // A board without mines has every mine flagged before the first move.
        game.update_win();
        game
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn cover(&self, pos: Pos) -> Cover {
        self.cover[pos]
    }

    /// Mines minus flags: negative when the player has flagged too many.
    pub fn mines_left(&self) -> i64 {
        self.board.mine_count() as i64 - self.flags as i64
    }

    /// What the player sees at `pos`.
    pub fn glyph(&self, pos: Pos) -> Glyph {
        if self.status == Status::Lost(pos) {
            return Glyph::Detonated;
        }
        match self.cover[pos] {
            Cover::Hidden => Glyph::Hidden,
            Cover::Flagged => Glyph::Flag,
            Cover::Open => Glyph::Open(self.board.clue(pos)),
        }
    }

    /// Plays `mv`, which must aim at a square of the board.
    pub fn apply(&mut self, mv: Move) -> Outcome {
        if self.status != Status::Playing {
            return Outcome::GameOver;
        }
        let outcome = match mv.action {
            Action::Reveal => self.reveal(mv.at),
            Action::Flag => self.toggle_flag(mv.at),
        };
        self.update_win();
        outcome
    }

    fn reveal(&mut self, at: Pos) -> Outcome {
        match self.cover[at] {
            Cover::Flagged => Outcome::RevealFlagged,
            Cover::Open => Outcome::RevealOpen,
            Cover::Hidden if self.board.is_mine(at) => {
                self.status = Status::Lost(at);
                Outcome::Detonated
            }
            Cover::Hidden => Outcome::Opened(reveal(&self.board, &mut self.cover, at)),
        }
    }

    fn toggle_flag(&mut self, at: Pos) -> Outcome {
        let misplaced = usize::from(!self.board.is_mine(at));
        match self.cover[at] {
            Cover::Open => Outcome::FlagOpen,
            Cover::Hidden => {
                self.cover[at] = Cover::Flagged;
                self.flags += 1;
                self.misplaced_flags += misplaced;
                Outcome::FlagPlaced
            }
            Cover::Flagged => {
                self.cover[at] = Cover::Hidden;
                self.flags -= 1;
                self.misplaced_flags -= misplaced;
                Outcome::FlagRemoved
            }
        }
    }

    fn update_win(&mut self) {
        if self.status == Status::Playing
            && self.misplaced_flags == 0
            && self.flags == self.board.mine_count()
        {
            self.status = Status::Won;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board_file::parse_board;

    fn game(text: &str) -> Game {
        Game::new(parse_board(text.as_bytes()).unwrap())
    }

    fn play(game: &mut Game, action: Action, row: usize, col: usize) -> Outcome {
        game.apply(Move {
            action,
            at: Pos::new(row, col),
        })
    }

    const TWO_MINES: &str = "+++++\n+*  +\n+  *+\n+   +\n+++++\n";

    #[test]
    fn revealing_a_mine_loses() {
        let mut g = game(TWO_MINES);
        assert_eq!(play(&mut g, Action::Reveal, 0, 0), Outcome::Detonated);
        assert_eq!(g.status(), Status::Lost(Pos::new(0, 0)));
        assert_eq!(g.glyph(Pos::new(0, 0)), Glyph::Detonated);
        assert_eq!(play(&mut g, Action::Flag, 1, 1), Outcome::GameOver);
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
}
