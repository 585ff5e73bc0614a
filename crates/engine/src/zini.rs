//! ZiNi: the clicks a player who flags and chords needs to clear a board,
//! as the community's greedy ZiNi counts them (Elmar Zimmermann and
//! Christoph Nikolaus, 2009). 3BV counts the clicks without flags; ZiNi
//! is never more, and efficiency measured against it does not punish the
//! flags a chord needs.
//!
//! Every safe square has a *premium*: the 3BV a chord on it clears (each
//! opening it touches once, each number outside every opening once), less
//! the flags the chord still needs, less a click to open the square if it
//! is covered, less the chord. While a square's premium is not negative,
//! the one with the highest (the top-left-most among equals) is opened if
//! covered, its mines flagged and chorded; when none is, the top-left-most
//! square whose click clears a 3BV is clicked. Each step changes a few
//! squares, so only their neighbours' premiums are worked out again: the
//! count takes time in proportion to the board, not to its square.

use crate::board::Board;

/// Boards larger than this get no ZiNi. It is worked out when a game is
/// won, between two frames: some 0.2 µs a square (a 1000x1000 board takes
/// 170 ms), so up to 200x200 it stays well within a frame of 16 ms; and a
/// board bigger than that is not raced for clicks.
pub const MOST_SQUARES: usize = 40_000;

/// The ZiNi of `board`; `None` for a board of more than [`MOST_SQUARES`].
pub fn zini(board: &Board) -> Option<usize> {
    let squares = board.rows() * board.cols();
    if squares > MOST_SQUARES {
        return None;
    }
    Some(Count::new(board).run())
}

/// No opening.
const NONE: u32 = u32::MAX;

/// The count under way: what is open, flagged and left.
struct Count {
    /// Columns, the border's two included.
    cols: usize,
    /// Each square's clue, or [`MINE`]: read at every premium, faster
    /// flat than through the board's grids.
    cells: Vec<u8>,
    /// The step each square's premium was last worked out in: once a step.
    reworked: Vec<u32>,
    step: u32,
    /// Each empty square's opening, numbered from 0; [`NONE`] elsewhere.
    opening: Vec<u32>,
    /// Whether each opening has been opened.
    opened: Vec<bool>,
    /// Numbers that touch no empty square: a 3BV each.
    isolated: Vec<bool>,
    open: Vec<bool>,
    flagged: Vec<bool>,
    /// Each safe square's premium as last worked out.
    premium: Vec<i32>,
    /// The squares of each premium from 0 up, the top-left-most found at
    /// once: the choice at every step.
    by_premium: Vec<Firsts>,
    /// 3BV not yet cleared.
    left: usize,
    /// Squares before this one are not worth a click on their own.
    scan: usize,
    clicks: usize,
}

/// A mine, among the clues.
const MINE: u8 = 9;
/// A square of the border round the board.
const OUTSIDE: u8 = 10;

impl Count {
    fn new(board: &Board) -> Self {
        // A border of squares outside the board, open and safe from the
        // start: the squares round any square of the board are then at
        // fixed steps from it, with no division and no bounds to check.
        let (rows, cols) = (board.rows(), board.cols() + 2);
        let squares = (rows + 2) * cols;
        let mut cells = vec![OUTSIDE; squares];
        for p in board.mines().positions() {
            let i = (p.row + 1) * cols + p.col + 1;
            cells[i] = if board.is_mine(p) {
                MINE
            } else {
                board.clue(p)
            };
        }
        let open = cells.iter().map(|&cell| cell == OUTSIDE).collect();
        let mut count = Count {
            cols,
            cells,
            reworked: vec![0; squares],
            // Step 0 is no step: every square's premium is worked out.
            step: 1,
            opening: vec![NONE; squares],
            opened: Vec::new(),
            isolated: vec![false; squares],
            open,
            flagged: vec![false; squares],
            premium: vec![i32::MIN; squares],
            by_premium: (0..=HIGHEST).map(|_| Firsts::new(squares)).collect(),
            left: 0,
            scan: 0,
            clicks: 0,
        };
        count.number_the_openings();
        for i in 0..squares {
            if count.is_safe(i) && count.cells[i] > 0 {
                let touches_empty = count.around(i).into_iter().any(|n| count.is_empty(n));
                count.isolated[i] = !touches_empty;
                count.left += usize::from(!touches_empty);
            }
        }
        count.left += count.opened.len();
        for i in 0..squares {
            count.rework(i);
        }
        count
    }

    /// A square of the board with no mine.
    fn is_safe(&self, i: usize) -> bool {
        self.cells[i] < MINE
    }

    fn is_mine(&self, i: usize) -> bool {
        self.cells[i] == MINE
    }

    fn is_empty(&self, i: usize) -> bool {
        self.cells[i] == 0
    }

    /// The squares round square `i` of the board (some of them outside).
    fn around(&self, i: usize) -> [usize; 8] {
        let w = self.cols;
        [
            i - w - 1,
            i - w,
            i - w + 1,
            i - 1,
            i + 1,
            i + w - 1,
            i + w,
            i + w + 1,
        ]
    }

    /// Numbers each opening: the empty squares joined through each other.
    fn number_the_openings(&mut self) {
        let mut todo = Vec::new();
        for start in 0..self.opening.len() {
            if !self.is_empty(start) || self.opening[start] != NONE {
                continue;
            }
            let id = self.opened.len() as u32;
            self.opened.push(false);
            self.opening[start] = id;
            todo.push(start);
            while let Some(i) = todo.pop() {
                for n in self.around(i) {
                    if self.is_empty(n) && self.opening[n] == NONE {
                        self.opening[n] = id;
                        todo.push(n);
                    }
                }
            }
        }
    }

    /// The premium of square `i`, as the squares around it stand.
    fn premium_of(&self, i: usize) -> i32 {
        let mut openings = [NONE; 8];
        let mut cleared = 0;
        let mut flags = 0;
        for n in self.around(i) {
            if self.is_mine(n) {
                flags += i32::from(!self.flagged[n]);
            } else if !self.open[n] {
                let id = self.opening[n];
                if id != NONE && !openings.contains(&id) {
                    openings[cleared as usize] = id;
                    cleared += 1;
                } else if self.isolated[n] {
                    cleared += 1;
                }
            }
        }
        cleared - flags - i32::from(!self.open[i]) - 1
    }

    /// Works square `i`'s premium out again, and ranks it; once a step.
    fn rework(&mut self, i: usize) {
        if !self.is_safe(i) || self.reworked[i] == self.step {
            return;
        }
        self.reworked[i] = self.step;
        let premium = self.premium_of(i);
        let was = std::mem::replace(&mut self.premium[i], premium);
        if premium != was {
            if let Ok(was) = usize::try_from(was) {
                self.by_premium[was].remove(i);
            }
            if let Ok(premium) = usize::try_from(premium) {
                self.by_premium[premium].insert(i);
            }
        }
    }

    /// Opens square `i` (its whole opening, if empty), noting the squares
    /// that changed in `changed`.
    fn open(&mut self, i: usize, changed: &mut Vec<usize>) {
        if self.open[i] {
            return;
        }
        let id = self.opening[i];
        if id == NONE {
            self.open[i] = true;
            changed.push(i);
            self.left -= usize::from(self.isolated[i]);
            return;
        }
        // An opening opens whole, with its rim.
        self.opened[id as usize] = true;
        self.left -= 1;
        let mut todo = vec![i];
        self.open[i] = true;
        changed.push(i);
        while let Some(at) = todo.pop() {
            if self.opening[at] != id {
                continue;
            }
            for n in self.around(at) {
                if !self.open[n] {
                    self.open[n] = true;
                    changed.push(n);
                    todo.push(n);
                }
            }
        }
    }

    fn run(mut self) -> usize {
        let mut changed = Vec::new();
        while self.left > 0 {
            changed.clear();
            match self.best_premium() {
                Some(at) => self.chord(at, &mut changed),
                None => {
                    let at = self.next_single_click();
                    self.clicks += 1;
                    self.open(at, &mut changed);
                }
            }
            self.step += 1;
            for &i in &changed {
                self.rework(i);
                for n in self.around(i) {
                    self.rework(n);
                }
            }
        }
        self.clicks
    }

    /// The square with the highest premium, if it is not negative.
    fn best_premium(&self) -> Option<usize> {
        self.by_premium.iter().rev().find_map(Firsts::first)
    }

    /// Opens `at` if covered, flags the mines around it and chords it.
    fn chord(&mut self, at: usize, changed: &mut Vec<usize>) {
        if !self.open[at] {
            self.clicks += 1;
            self.open(at, changed);
        }
        for n in self.around(at) {
            if self.is_mine(n) && !self.flagged[n] {
                self.flagged[n] = true;
                self.clicks += 1;
                changed.push(n);
            }
        }
        self.clicks += 1;
        for n in self.around(at) {
            if self.is_safe(n) {
                self.open(n, changed);
            }
        }
    }

    /// The top-left-most covered square whose click clears a 3BV: an empty
    /// one (its opening) or a number outside every opening.
    fn next_single_click(&mut self) -> usize {
        while self.open[self.scan] || !(self.isolated[self.scan] || self.is_empty(self.scan)) {
            self.scan += 1;
        }
        self.scan
    }
}

/// Above the highest premium there is (eight 3BV round a square, less
/// the chord): a table a premium.
const HIGHEST: usize = 8;

/// A set of squares that finds its first at once: a bit a square, and
/// above each 64 words a word that says which of them hold any, up to
/// one word.
struct Firsts {
    levels: Vec<Vec<u64>>,
}

impl Firsts {
    fn new(squares: usize) -> Self {
        let mut levels = Vec::new();
        let mut width = squares.max(1);
        loop {
            let words = width.div_ceil(64);
            levels.push(vec![0; words]);
            if words == 1 {
                return Firsts { levels };
            }
            width = words;
        }
    }

    fn insert(&mut self, mut i: usize) {
        for level in &mut self.levels {
            let word = &mut level[i / 64];
            let was_empty = *word == 0;
            *word |= 1 << (i % 64);
            if !was_empty {
                return;
            }
            i /= 64;
        }
    }

    fn remove(&mut self, mut i: usize) {
        for level in &mut self.levels {
            let word = &mut level[i / 64];
            *word &= !(1 << (i % 64));
            if *word != 0 {
                return;
            }
            i /= 64;
        }
    }

    fn first(&self) -> Option<usize> {
        let mut at = 0;
        for level in self.levels.iter().rev() {
            let word = level[at];
            if word == 0 {
                return None;
            }
            at = at * 64 + word.trailing_zeros() as usize;
        }
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::drawn;
    use crate::three_bv::three_bv;

    #[test]
    fn chords_save_clicks_round_a_lone_mine() {
        // Eight numbers, none touching an empty square: 3BV 8. Open the top
        // middle, flag, chord (3); chord the left middle (1) and the right
        // middle (1): 5.
        let board = drawn(&["...", ".*.", "..."]);
        assert_eq!(three_bv(&board), 8);
        assert_eq!(zini(&board), Some(5));
    }

    #[test]
    fn without_a_chord_worth_it_zini_is_3bv() {
        for rows in [&[".*."][..], &["...."], &["..*..", "..*..", "..*.."]] {
            let board = drawn(rows);
            assert_eq!(zini(&board), Some(three_bv(&board)), "{rows:?}");
        }
    }

    #[test]
    fn a_board_too_big_to_race_has_none() {
        let side = MOST_SQUARES.isqrt() + 1;
        let rows: Vec<String> = (0..side).map(|_| ".".repeat(side)).collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        assert_eq!(zini(&drawn(&rows)), None);
    }

    #[test]
    fn a_board_of_mines_alone_needs_no_click() {
        assert_eq!(zini(&drawn(&["**", "**"])), Some(0));
    }

    #[test]
    fn firsts_find_the_first_square_in_the_set() {
        let mut set = Firsts::new(300_000);
        assert_eq!(set.first(), None);
        for i in [299_999, 70_000, 64, 4_097] {
            set.insert(i);
        }
        assert_eq!(set.first(), Some(64));
        set.remove(64);
        assert_eq!(set.first(), Some(4_097));
        set.remove(4_097);
        set.remove(70_000);
        assert_eq!(set.first(), Some(299_999));
        set.remove(299_999);
        assert_eq!(set.first(), None);
    }
}
