//! The best strategy on boards small enough to search, written apart
//! from the solver, and the solver's own play on every arrangement of
//! the mines: what the optimality tests compare, and what the example
//! `optimal_table` prints for BENCHMARKS.md. Each uses part of it.
#![allow(dead_code, unreachable_pub)]

use std::collections::{BTreeMap, HashMap};

use engine::{Action, Board, Cover, FirstMove, Frame, Game, Grid, Move, Pos, Rules, Status};
use minesweeper_solver::{Finish, Guess, Progress, Solver, Verdict, WhenStuck, autoplay};

/// A board small enough to search: each square a bit of a `u64`.
pub struct Small {
    pub rows: usize,
    pub cols: usize,
}

impl Small {
    pub fn squares(&self) -> usize {
        self.rows * self.cols
    }

    /// The squares around `i` (not `i` itself), as bits.
    pub fn around(&self, i: usize) -> u64 {
        let (r, c) = ((i / self.cols) as i64, (i % self.cols) as i64);
        let mut bits = 0;
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (nr, nc) = (r + dr, c + dc);
                let inside =
                    (0..self.rows as i64).contains(&nr) && (0..self.cols as i64).contains(&nc);
                if (dr, dc) != (0, 0) && inside {
                    bits |= 1 << (nr as usize * self.cols + nc as usize);
                }
            }
        }
        bits
    }

    /// Every way to place `mines` mines, the first square (top left) kept
    /// free by `first`: safe, or with its neighbours (an opening).
    pub fn arrangements(&self, mines: u32, first: FirstMove) -> Vec<u64> {
        let kept = match first {
            FirstMove::Any => 0,
            FirstMove::Safe => 1,
            FirstMove::Opening => 1 | self.around(0),
        };
        let mut all = Vec::new();
        let mut choose = |placed: u64| all.push(placed);
        place(self.squares(), kept, mines, 0, 0, &mut choose);
        all
    }
}

/// Each set of `mines` squares among `squares` not in `kept`, from
/// square `from` on, added to `placed`.
pub fn place(
    squares: usize,
    kept: u64,
    mines: u32,
    from: usize,
    placed: u64,
    found: &mut impl FnMut(u64),
) {
    if mines == 0 {
        found(placed);
        return;
    }
    for i in from..squares {
        if kept >> i & 1 == 0 {
            place(squares, kept, mines - 1, i + 1, placed | 1 << i, found);
        }
    }
}

/// The most games any strategy wins, out of the arrangements given.
pub struct Optimum<'a> {
    pub board: &'a Small,
    pub around: Vec<u64>,
    pub known: HashMap<Vec<u64>, u64>,
}

impl<'a> Optimum<'a> {
    pub fn new(board: &'a Small) -> Self {
        Optimum {
            board,
            around: (0..board.squares()).map(|i| board.around(i)).collect(),
            known: HashMap::new(),
        }
    }

    pub fn clue(&self, arrangement: u64, square: usize) -> u32 {
        (arrangement & self.around[square]).count_ones()
    }

    /// The arrangements of `set` where every one of `squares` is safe,
    /// by the clues they show.
    pub fn by_clue(&self, set: &[u64], squares: &[usize]) -> Vec<Vec<u64>> {
        let mut parts: BTreeMap<Vec<u32>, Vec<u64>> = BTreeMap::new();
        for &a in set {
            if squares.iter().any(|&s| a >> s & 1 == 1) {
                continue;
            }
            let clues = squares.iter().map(|&s| self.clue(a, s)).collect();
            parts.entry(clues).or_default().push(a);
        }
        parts.into_values().collect()
    }

    /// Games won from the first move at the top left corner.
    pub fn after_first_move(&mut self, all: &[u64]) -> u64 {
        self.by_clue(all, &[0])
            .iter()
            .map(|part| self.wins(part))
            .sum()
    }

    /// Games won, at best, out of `set`: the arrangements that fit what
    /// has been seen.
    pub fn wins(&mut self, set: &[u64]) -> u64 {
        if set.len() == 1 {
            return 1;
        }
        if let Some(&wins) = self.known.get(set) {
            return wins;
        }
        let any = set.iter().fold(0, |m, &a| m | a);
        let all = set.iter().fold(u64::MAX, |m, &a| m & a);
        let free: Vec<usize> = (0..self.board.squares())
            .filter(|&s| any >> s & 1 == 0)
            .collect();
        let parts = self.by_clue(set, &free);
        let wins = if parts.len() > 1 {
            parts.iter().map(|part| self.wins(part)).sum()
        } else {
            (0..self.board.squares())
                .filter(|&s| any >> s & 1 == 1 && all >> s & 1 == 0)
                .map(|s| self.wins_opening(set, s))
                .max()
                .unwrap_or(0)
        };
        self.known.insert(set.to_vec(), wins);
        wins
    }

    /// Games won, at best, out of `set` when `square` is opened next.
    pub fn wins_opening(&mut self, set: &[u64], square: usize) -> u64 {
        self.by_clue(set, &[square])
            .iter()
            .map(|part| self.wins(part))
            .sum()
    }
}

/// The game of `mines` on `board`, nothing opened.
pub fn game_of(board: &Small, mines: u64) -> Game {
    let grid = Grid::from_row_major(
        board.rows,
        board.cols,
        (0..board.squares()).map(|s| mines >> s & 1 == 1).collect(),
    );
    Game::new(Board::new(grid, Frame::Plus), Rules::CLASSIC)
}

/// Games the solver wins, each arrangement played alone from the top left
/// by [`autoplay`]: the measure itself, and slow.
pub fn solver_wins_one_by_one(board: &Small, arrangements: &[u64]) -> u64 {
    arrangements
        .iter()
        .filter(|&&mines| {
            let mut game = game_of(board, mines);
            let played = autoplay(&mut game, Some(Pos::new(0, 0)), WhenStuck::Guess, |_, _| {});
            played.finish == Finish::Won
        })
        .count() as u64
}

/// Games that have shown the same so far, and the solver that saw it.
pub struct Group {
    pub solver: Solver,
    pub games: Vec<Game>,
}

/// What a game showed while moves were made: the squares opened, with
/// their clues, in order, and how it stands (playing, won, lost).
pub type Seen = (Vec<(Pos, u8)>, u8);

pub fn standing(game: &Game) -> u8 {
    match game.status() {
        Status::Playing => 0,
        Status::Won => 1,
        Status::Lost(_) => 2,
    }
}

/// Games the solver wins, every arrangement played as [`autoplay`] plays
/// it, from the top left; but games that have shown the same so far share
/// one solver, which decides for all of them at once. The same count as
/// one game at a time (a test says so), in a fraction of the time.
pub fn solver_wins(board: &Small, mines: u32, arrangements: &[u64]) -> u64 {
    solver_wins_noting(board, mines, arrangements, |_, _| {})
}

/// As [`solver_wins`], telling `guessed` of each guess with the group it
/// was made for.
pub fn solver_wins_noting(
    board: &Small,
    mines: u32,
    arrangements: &[u64],
    mut guessed: impl FnMut(&Group, &Guess),
) -> u64 {
    let start = Group {
        solver: Solver::new(board.rows, board.cols, mines as usize),
        games: arrangements.iter().map(|&a| game_of(board, a)).collect(),
    };
    let reveal = |at| Move {
        action: Action::Reveal,
        at,
    };
    let mut groups = played(start, |game, note| {
        game.apply_noting(reveal(Pos::new(0, 0)), note);
    });
    let mut won = 0;
    while let Some(mut group) = groups.pop() {
        match group.games[0].status() {
            Status::Won => {
                won += group.games.len() as u64;
                continue;
            }
            Status::Lost(_) => continue,
            Status::Playing => {}
        }
        let next = match group.solver.deduce() {
            Progress::Deduced(found) => played(group, |game, note| {
                for deduction in &found {
                    if game.status() != Status::Playing {
                        break;
                    }
                    let cover = game.cover(deduction.at);
                    match deduction.verdict {
                        Verdict::Safe if cover != Cover::Open => {
                            game.apply_noting(reveal(deduction.at), &mut *note);
                        }
                        Verdict::Mine if cover != Cover::Flagged => {
                            game.apply(Move {
                                action: Action::Flag,
                                at: deduction.at,
                            });
                        }
                        Verdict::Safe | Verdict::Mine => {}
                    }
                }
            }),
            Progress::Stuck(probabilities) => {
                let guess = group
                    .solver
                    .guess(&probabilities)
                    .expect("a square to guess");
                guessed(&group, &guess);
                played(group, |game, note| {
                    game.apply_noting(reveal(guess.at), note);
                })
            }
        };
        groups.extend(next);
    }
    won
}

/// The games of `group` after `moves`, grouped by what they showed, each
/// group with the solver told what it saw.
pub fn played(
    group: Group,
    mut moves: impl FnMut(&mut Game, &mut dyn FnMut(Pos, u8)),
) -> Vec<Group> {
    let mut by_seen: BTreeMap<Seen, Vec<Game>> = BTreeMap::new();
    for mut game in group.games {
        let mut opened = Vec::new();
        moves(&mut game, &mut |pos, clue| opened.push((pos, clue)));
        let seen = (opened, standing(&game));
        by_seen.entry(seen).or_default().push(game);
    }
    by_seen
        .into_iter()
        .map(|((opened, _), games)| {
            let mut solver = group.solver.clone();
            for (pos, clue) in opened {
                solver.open(pos, clue);
            }
            Group { solver, games }
        })
        .collect()
}

/// The optimum and the solver's wins on `rows` x `cols` with `mines`.
pub fn both(rows: usize, cols: usize, mines: u32, first: FirstMove) -> (u64, u64, usize) {
    let board = Small { rows, cols };
    let all = board.arrangements(mines, first);
    let best = Optimum::new(&board).after_first_move(&all);
    (best, solver_wins(&board, mines, &all), all.len())
}

/// The arrangement of the mines of `game`, a bit a square.
pub fn arrangement_of(game: &Game) -> u64 {
    game.board()
        .mines()
        .positions()
        .filter(|&p| game.board().is_mine(p))
        .fold(0, |bits, p| {
            bits | 1 << (p.row * game.board().cols() + p.col)
        })
}
