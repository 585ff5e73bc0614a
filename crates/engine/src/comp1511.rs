//! The COMP1511 (UNSW, 20T1) game: an 8x8 minefield driven by integer
//! commands, with hints that count mines, a 3x3 reveal and a radial reveal.
//!
//! Coordinates are zero-based, as the course has them. Arguments off the
//! field, which the course promises never to send, are answered without a
//! panic: counts cover only the squares on the field, reveals off the field
//! do nothing.

use crate::grid::{Grid, Neighbourhood, Pos};

/// The field is always this many squares a side.
pub const SIZE: usize = 8;

/// Hints (row, column and square counts) allowed in one game.
pub const HINTS: u32 = 3;

/// A square, with the course's numbers for its states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// Opened by the player.
    VisibleSafe = 0,
    /// Covered, without a mine.
    HiddenSafe = 1,
    /// Covered, with a mine.
    HiddenMine = 2,
}

/// One command, as the player types it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `1 r`: count the mines in row r.
    DetectRow(i64),
    /// `2 c`: count the mines in column c.
    DetectColumn(i64),
    /// `3 r c s`: count the mines in the s x s square centred at r, c.
    /// `3 r c s`: count the mines in the s x s square centred at r, c.
    DetectSquare {
        /// The centre's row.
        row: i64,
        /// The centre's column.
        col: i64,
        /// The square's side.
        size: i64,
    },
    /// `4 r c`: reveal r, c, and its neighbours if none is a mine.
    /// `4 r c`: reveal r, c, and its neighbours if none is a mine.
    RevealSquare {
        /// The square's row.
        row: i64,
        /// The square's column.
        col: i64,
    },
    /// `5`: print the field as the player sees it.
    GameplayMode,
    /// `6`: print the field's numbers.
    DebugMode,
    /// `7 r c`: reveal r, c, and if no neighbour is a mine, lines out from it at every 45°.
    /// `7 r c`: reveal r, c, and if no neighbour is a mine, lines out from it at every 45°.
    RevealRadial {
        /// The square's row.
        row: i64,
        /// The square's column.
        col: i64,
    },
}

impl Command {
    /// How many numbers follow the command's code, or `None` for an unknown code.
    pub fn arity(code: i64) -> Option<usize> {
        match code {
            1 | 2 => Some(1),
            3 => Some(3),
            4 | 7 => Some(2),
            5 | 6 => Some(0),
            _ => None,
        }
    }

    /// The command with code `code` and its numbers `args` (as many as [`Command::arity`] says).
    pub fn new(code: i64, args: &[i64]) -> Option<Command> {
        let command = match (code, args) {
            (1, &[row]) => Command::DetectRow(row),
            (2, &[col]) => Command::DetectColumn(col),
            (3, &[row, col, size]) => Command::DetectSquare { row, col, size },
            (4, &[row, col]) => Command::RevealSquare { row, col },
            (5, &[]) => Command::GameplayMode,
            (6, &[]) => Command::DebugMode,
            (7, &[row, col]) => Command::RevealRadial { row, col },
            _ => return None,
        };
        Some(command)
    }
}

/// What a command did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A hint's count.
    Mines(usize),
    /// A hint asked for after the last one was used.
    HelpAlreadyUsed,
    /// A reveal that changed the field, or found nothing to change.
    Revealed,
    /// A reveal hit a mine.
    GameOver,
    /// Every square without a mine is visible.
    GameWon,
    /// A mode switch: the field is unchanged.
    Mode,
}

/// Whether the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Commands are still taken.
    Playing,
    /// Every safe square is visible.
    Won,
    /// A mine was revealed.
    Lost,
}

/// The field and what the game remembers between commands.
#[derive(Clone, Debug)]
pub struct Minefield {
    squares: Grid<Square>,
    hints_used: u32,
    /// The first reveal is made safe by shifting the field; only the first.
    revealed_before: bool,
    state: State,
}

impl Default for Minefield {
    fn default() -> Self {
        Self::new()
    }
}

impl Minefield {
    /// A field with no mines.
    pub fn new() -> Self {
        Self {
            squares: Grid::filled(SIZE, SIZE, Square::HiddenSafe),
            hints_used: 0,
            revealed_before: false,
            state: State::Playing,
        }
    }

    /// Places a mine at `row`, `col`; a pair off the field is ignored.
    pub fn place_mine(&mut self, row: i64, col: i64) {
        if let Some(pos) = on_field(row, col) {
            self.squares[pos] = Square::HiddenMine;
        }
    }

    /// The state of the square at `pos`.
    pub fn square(&self, pos: Pos) -> Square {
        self.squares[pos]
    }

    /// Whether the game goes on.
    pub fn state(&self) -> State {
        self.state
    }

    /// Mines next to `pos` (the course's 3x3 count, which cannot include
    /// `pos` itself when it is visible).
    pub fn adjacent_mines(&self, pos: Pos) -> usize {
        self.squares
            .neighbours(pos)
            .filter(|&n| self.squares[n] == Square::HiddenMine)
            .count()
    }

    /// Carries out `command`. Modes are the front end's; here they change nothing.
    pub fn apply(&mut self, command: Command) -> Reply {
        match command {
            Command::DetectRow(row) => self.hint(|pos| pos.row as i64 == row),
            Command::DetectColumn(col) => self.hint(|pos| pos.col as i64 == col),
            Command::DetectSquare { row, col, size } => {
                // An odd side s reaches s / 2 squares each way from the centre.
                let reach = u64::try_from(size / 2).ok();
                self.hint(|pos| {
                    reach.is_some_and(|reach| {
                        (pos.row as i64).abs_diff(row) <= reach
                            && (pos.col as i64).abs_diff(col) <= reach
                    })
                })
            }
            Command::RevealSquare { row, col } => self.reveal(row, col, Minefield::open_around),
            Command::RevealRadial { row, col } => self.reveal(row, col, Minefield::open_radial),
            Command::GameplayMode | Command::DebugMode => Reply::Mode,
        }
    }

    /// Counts the mines on the squares `inside` picks, if a hint is left.
    fn hint(&mut self, inside: impl Fn(Pos) -> bool) -> Reply {
        if self.hints_used >= HINTS {
            return Reply::HelpAlreadyUsed;
        }
        self.hints_used += 1;
        let mines = self
            .squares
            .positions()
            .filter(|&p| inside(p) && self.squares[p] == Square::HiddenMine)
            .count();
        Reply::Mines(mines)
    }

    /// The shared part of both reveals: the safe first turn, the mine, and
    /// a square next to a mine opening alone; `spread` does the rest.
    fn reveal(&mut self, row: i64, col: i64, spread: fn(&mut Minefield, Pos)) -> Reply {
        let Some(pos) = on_field(row, col) else {
            return Reply::Revealed;
        };
        if !self.revealed_before {
            self.revealed_before = true;
            self.shift_until_safe(pos);
        }
        if self.squares[pos] == Square::HiddenMine {
            self.state = State::Lost;
            return Reply::GameOver;
        }
        self.squares[pos] = Square::VisibleSafe;
        if self.adjacent_mines(pos) == 0 {
            spread(self, pos);
        }
        if self.squares.iter().all(|&s| s != Square::HiddenSafe) {
            self.state = State::Won;
            return Reply::GameWon;
        }
        Reply::Revealed
    }

    /// Shifts every row down one, the bottom row wrapping to the top, until
    /// `pos` holds no mine. A column full of mines can never clear: after a
    /// whole turn round the field it gives up, and the reveal hits a mine.
    fn shift_until_safe(&mut self, pos: Pos) {
        for _ in 0..SIZE {
            if self.squares[pos] != Square::HiddenMine {
                return;
            }
            let before = self.squares.clone();
            for p in before.positions() {
                let below = Pos::new((p.row + 1) % SIZE, p.col);
                self.squares[below] = before[p];
            }
        }
    }

    /// Reveal square: the eight neighbours of a square with no mine next to it.
    fn open_around(&mut self, pos: Pos) {
        for near in self.squares.neighbours(pos) {
            self.squares[near] = Square::VisibleSafe;
        }
    }

    /// Reveal radial: from a square with no mine next to it, a line in each
    /// of the eight directions, each stopping after a square that has a mine
    /// next to it or lies on the edge of the field.
    fn open_radial(&mut self, pos: Pos) {
        for direction in Neighbourhood::Eight.directions() {
            let offset = direction.offset();
            let mut at = pos;
            while let Some(next) = self.squares.neighbour(at, offset) {
                self.squares[next] = Square::VisibleSafe;
                let on_edge =
                    next.row == 0 || next.col == 0 || next.row == SIZE - 1 || next.col == SIZE - 1;
                if on_edge || self.adjacent_mines(next) > 0 {
                    break;
                }
                at = next;
            }
        }
    }
}

/// The square at `row`, `col`, if it is on the field.
fn on_field(row: i64, col: i64) -> Option<Pos> {
    let row = usize::try_from(row).ok().filter(|&r| r < SIZE)?;
    let col = usize::try_from(col).ok().filter(|&c| c < SIZE)?;
    Some(Pos::new(row, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(mines: &[(i64, i64)]) -> Minefield {
        let mut field = Minefield::new();
        for &(row, col) in mines {
            field.place_mine(row, col);
        }
        field
    }

    fn visible(field: &Minefield) -> Vec<String> {
        (0..SIZE)
            .map(|r| {
                (0..SIZE)
                    .map(|c| match field.square(Pos::new(r, c)) {
                        Square::VisibleSafe => 'o',
                        Square::HiddenSafe => '.',
                        Square::HiddenMine => '*',
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn pairs_off_the_field_are_ignored() {
        let f = field(&[(0, 0), (9, 9), (-1, 3), (7, 8)]);
        assert_eq!(
            f.squares
                .iter()
                .filter(|&&s| s == Square::HiddenMine)
                .count(),
            1
        );
    }

    #[test]
    fn hints_count_rows_columns_and_squares_three_times() {
        let mut f = field(&[(0, 0), (1, 1), (4, 3)]);
        assert_eq!(f.apply(Command::DetectRow(1)), Reply::Mines(1));
        assert_eq!(f.apply(Command::DetectColumn(3)), Reply::Mines(1));
        let square = Command::DetectSquare {
            row: 1,
            col: 1,
            size: 3,
        };
        assert_eq!(f.apply(square), Reply::Mines(2));
        assert_eq!(f.apply(Command::DetectRow(0)), Reply::HelpAlreadyUsed);
    }

    #[test]
    fn reveal_square_next_to_a_mine_opens_alone() {
        let mut f = field(&[(3, 3)]);
        assert_eq!(
            f.apply(Command::RevealSquare { row: 3, col: 4 }),
            Reply::Revealed
        );
        assert_eq!(visible(&f)[3], "...*o...");
        assert_eq!(visible(&f)[2], "........");
    }

    #[test]
    fn reveal_square_away_from_mines_opens_three_by_three() {
        let mut f = field(&[(3, 3), (4, 4)]);
        f.apply(Command::RevealSquare { row: 2, col: 5 });
        let v = visible(&f);
        assert_eq!(&v[1..5], ["....ooo.", "....ooo.", "...*ooo.", "....*..."]);
    }

    #[test]
    fn reveal_radial_follows_the_seed_example() {
        let mut f = field(&[(1, 0), (5, 6)]);
        f.apply(Command::RevealRadial { row: 3, col: 3 });
        assert_eq!(
            visible(&f),
            [
                "...o..o.", "*o.o.o..", "..ooo...", "oooooooo", "..ooo...", ".o.o.o*.", "o..o....",
                "...o....",
            ]
        );
    }

    #[test]
    fn first_reveal_on_a_mine_shifts_the_field_down() {
        let mut f = field(&[(5, 5), (7, 0)]);
        assert_eq!(
            f.apply(Command::RevealSquare { row: 5, col: 5 }),
            Reply::Revealed
        );
        assert_eq!(f.square(Pos::new(6, 5)), Square::HiddenMine);
        assert_eq!(
            f.square(Pos::new(0, 0)),
            Square::HiddenMine,
            "the bottom row wraps"
        );
        // Only the first reveal is made safe.
        assert_eq!(
            f.apply(Command::RevealSquare { row: 6, col: 5 }),
            Reply::GameOver
        );
        assert_eq!(f.state(), State::Lost);
    }

    #[test]
    fn a_column_of_mines_cannot_be_made_safe() {
        let column: Vec<(i64, i64)> = (0..8).map(|r| (r, 2)).collect();
        let mut f = field(&column);
        assert_eq!(
            f.apply(Command::RevealSquare { row: 0, col: 2 }),
            Reply::GameOver
        );
    }

    #[test]
    fn won_when_only_mines_are_hidden() {
        let mut f = field(&[(0, 0)]);
        assert_eq!(
            f.apply(Command::RevealRadial { row: 4, col: 4 }),
            Reply::Revealed
        );
        let mut last = Reply::Revealed;
        for row in 0..8 {
            for col in 0..8 {
                if (row, col) != (0, 0) && f.state() == State::Playing {
                    last = f.apply(Command::RevealSquare { row, col });
                }
            }
        }
        assert_eq!(last, Reply::GameWon);
        assert_eq!(f.state(), State::Won);
    }

    #[test]
    fn commands_from_codes() {
        assert_eq!(Command::arity(3), Some(3));
        assert_eq!(Command::arity(9), None);
        assert_eq!(
            Command::new(4, &[1, 2]),
            Some(Command::RevealSquare { row: 1, col: 2 })
        );
        assert_eq!(Command::new(5, &[]), Some(Command::GameplayMode));
    }

    #[test]
    fn off_field_arguments_do_not_panic() {
        let mut f = field(&[(0, 0)]);
        assert_eq!(
            f.apply(Command::RevealSquare { row: 99, col: -4 }),
            Reply::Revealed
        );
        assert_eq!(f.apply(Command::DetectRow(-1)), Reply::Mines(0));
        let huge = Command::DetectSquare {
            row: i64::MAX,
            col: i64::MIN,
            size: i64::MAX,
        };
        assert_eq!(f.apply(huge), Reply::Mines(0));
    }
}
