//! A proj3 program written the way a student might, in its own format,
//! with bugs chosen on the command line (`--bug a,b`), for `minesweeper
//! check` to find. Without `--bug` it plays the course's rules.
//!
//! ```text
//! cargo run --example proj3 -- --bug wide-edge
//! cargo run --example proj3 -- --frame '#'     (reads only `#` board files)
//! cargo run --example proj3 -- --message-first (says "You won!" before the last board)
//! cargo run --example proj3 -- --no-last-board (says "You won!" without its board)
//! cargo run --example proj3 -- --win-after-move (a board without mines is won after a move)
//! minesweeper check -- target/debug/examples/proj3 --bug wide-edge
//! ```
//!
//! Bugs: `wide-edge` (clues miss mines in columns past the number of rows),
//! `no-diagonal` (islands spread up, down, left and right only),
//! `lost-goes-on` (the game goes on after a mine goes off), `wrong-flag-wins`
//! (as many flags as mines wins, wherever they are), `accepts-zero` (0 is
//! taken as a row or column, and means the last, as in Python),
//! `crash-on-action` (an action other than r or f crashes), `hang` (the end
//! of input makes it wait for ever), `skip-unflag-board` (no board is
//! printed after a flag is taken away), `crash-on-one-square` (a board of
//! one square crashes it), `flag-opens-island` (a flag on a square with no
//! mine around it opens its island), `skip-refused-flag-board` (no board is
//! printed after a flag on an open square), `crash-without-mines` (a board
//! without mines is not won at once, and its first move crashes),
//! `exit-after-first-board` (it exits with status 1 once its first board
//! is printed).

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a student's program prints as it likes"
)]

use std::io::{self, BufRead, Write};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bug {
    None,
    WideEdge,
    NoDiagonal,
    LostGoesOn,
    WrongFlagWins,
    AcceptsZero,
    CrashOnAction,
    Hang,
    SkipUnflagBoard,
    CrashOnOneSquare,
    FlagOpensIsland,
    SkipRefusedFlagBoard,
    CrashWithoutMines,
    ExitAfterFirstBoard,
}

struct Game {
    mines: Vec<Vec<bool>>,
    /// What the player sees: '.' covered, 'F' a flag, '0'..'8' open, 'X' the mine that went off.
    shown: Vec<Vec<char>>,
    bugs: Vec<Bug>,
    /// The board of this move is not printed (`skip-unflag-board`).
    skip_board: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bugs: Vec<Bug> = args
        .iter()
        .position(|a| a == "--bug")
        .map_or("none", |i| args[i + 1].as_str())
        .split(',')
        .map(|name| match name {
            "none" => Bug::None,
            "wide-edge" => Bug::WideEdge,
            "no-diagonal" => Bug::NoDiagonal,
            "lost-goes-on" => Bug::LostGoesOn,
            "wrong-flag-wins" => Bug::WrongFlagWins,
            "accepts-zero" => Bug::AcceptsZero,
            "crash-on-action" => Bug::CrashOnAction,
            "hang" => Bug::Hang,
            "skip-unflag-board" => Bug::SkipUnflagBoard,
            "crash-on-one-square" => Bug::CrashOnOneSquare,
            "flag-opens-island" => Bug::FlagOpensIsland,
            "skip-refused-flag-board" => Bug::SkipRefusedFlagBoard,
            "crash-without-mines" => Bug::CrashWithoutMines,
            "exit-after-first-board" => Bug::ExitAfterFirstBoard,
            other => panic!("no such bug: {other}"),
        })
        .collect();
    let bug = |which: Bug| bugs.contains(&which);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut next_line = move || -> Option<String> {
        io::stdout().flush().unwrap();
        match lines.next() {
            Some(line) => Some(line.unwrap()),
            None if bug(Bug::Hang) => loop {
                std::thread::sleep(std::time::Duration::from_secs(1));
            },
            None => None,
        }
    };
    println!("Minesweeper! Flag every mine to win.");
    print!("Board file: ");
    let Some(path) = next_line() else { return };
    let text = std::fs::read_to_string(path.trim()).expect("cannot read the board");
    let rows: Vec<&str> = text.lines().collect();
    // `--frame C`: a program written for board files framed with C only,
    // as the 2019 offering's were with `#`.
    if let Some(frame) = args
        .iter()
        .position(|a| a == "--frame")
        .map(|i| &args[i + 1])
        && !rows[0].starts_with(frame.as_str())
    {
        panic!("the board file is not framed with {frame}");
    }
    let mines: Vec<Vec<bool>> = rows[1..rows.len() - 1]
        .iter()
        .map(|row| {
            row.chars()
                .skip(1)
                .take(row.len() - 2)
                .map(|c| c == '*')
                .collect()
        })
        .collect();
    if bug(Bug::CrashOnOneSquare) && mines.len() == 1 && mines[0].len() == 1 {
        panic!("index 1 out of range for a board of one square");
    }
    let shown = vec![vec!['.'; mines[0].len()]; mines.len()];
    let mut game = Game {
        mines,
        shown,
        bugs: bugs.clone(),
        skip_board: false,
    };
    let total = game.mines.iter().flatten().filter(|&&m| m).count();
    game.print();
    if bug(Bug::ExitAfterFirstBoard) {
        io::stdout().flush().unwrap();
        std::process::exit(1);
    }
    // `--win-after-move`: the win is looked for after each move only, so
    // a board without mines is won after the first, not before it.
    let win_after_move = args.iter().any(|a| a == "--win-after-move");
    if total == 0 && !win_after_move && !bug(Bug::CrashWithoutMines) {
        println!("You won!");
        return;
    }
    loop {
        let Some(row) = game.ask_number(&mut next_line, "Row", game.mines.len()) else {
            return;
        };
        let Some(col) = game.ask_number(&mut next_line, "Column", game.mines[0].len()) else {
            return;
        };
        let action = loop {
            print!("Action (r or f): ");
            let Some(answer) = next_line() else { return };
            match answer.trim() {
                "r" | "R" => break 'r',
                "f" | "F" => break 'f',
                other if bug(Bug::CrashOnAction) => panic!("bad action {other}"),
                _ => println!("Not an action."),
            }
        };
        if total == 0 && bug(Bug::CrashWithoutMines) {
            panic!("attempt to divide by zero: no mines to count");
        }
        let lost = game.play(row, col, action);
        // `--message-first`: the end is told before the last board, as
        // some programs do; the course prints it after.
        let message_first = args.iter().any(|a| a == "--message-first");
        let won = !lost && game.won(total);
        if message_first && won {
            println!("You won!");
        }
        // `--no-last-board`: a win told, its board never printed.
        if won && args.iter().any(|a| a == "--no-last-board") {
            println!("You won!");
            return;
        }
        if std::mem::take(&mut game.skip_board) && !won {
            continue;
        }
        game.print();
        if lost {
            println!("BOOM! You detonated a mine. Game over.");
            if !bug(Bug::LostGoesOn) {
                return;
            }
        } else if won {
            if !message_first {
                println!("You won!");
            }
            return;
        }
    }
}

impl Game {
    fn print(&self) {
        let cols = self.mines[0].len();
        print!("\n    ");
        for c in 1..=cols {
            print!("{}", c % 10);
        }
        println!("\n   +{}+", "-".repeat(cols));
        for (r, row) in self.shown.iter().enumerate() {
            let cells: String = row
                .iter()
                .map(|&c| if c == '0' { ' ' } else { c })
                .collect();
            println!("{:>2} |{cells}|", r + 1);
        }
        println!("   +{}+", "-".repeat(cols));
    }

    /// A number from 1 to `max`, asked until one is typed; the row or
    /// column's index from 0.
    fn ask_number(
        &self,
        next_line: &mut impl FnMut() -> Option<String>,
        what: &str,
        max: usize,
    ) -> Option<usize> {
        let lowest = if self.bugs.contains(&Bug::AcceptsZero) {
            0
        } else {
            1
        };
        loop {
            print!("{what} (1-{max}): ");
            let answer = next_line()?;
            match answer.trim().parse::<i64>() {
                Ok(n) if n >= lowest && n <= max as i64 => {
                    // Python's board[n - 1]: -1 is the last.
                    return Some((n - 1).rem_euclid(max as i64) as usize);
                }
                _ => println!("Out of range, try again."),
            }
        }
    }

    /// Plays a move; true if a mine went off.
    fn play(&mut self, row: usize, col: usize, action: char) -> bool {
        let here = self.shown[row][col];
        if action == 'f' {
            match here {
                '.' if self.bugs.contains(&Bug::FlagOpensIsland)
                    && !self.mines[row][col]
                    && self.clue(row, col) == 0 =>
                {
                    self.open(row as i64, col as i64);
                }
                '.' => self.shown[row][col] = 'F',
                'F' => {
                    self.shown[row][col] = '.';
                    println!("Flag removed.");
                    self.skip_board = self.bugs.contains(&Bug::SkipUnflagBoard);
                }
                _ => {
                    println!("That square is open.");
                    self.skip_board = self.bugs.contains(&Bug::SkipRefusedFlagBoard);
                }
            }
            return false;
        }
        match here {
            'F' => println!("Remove the flag first."),
            '.' if self.mines[row][col] => {
                self.shown[row][col] = 'X';
                return true;
            }
            '.' => self.open(row as i64, col as i64),
            _ => println!("Already open."),
        }
        false
    }

    fn open(&mut self, row: i64, col: i64) {
        let (rows, cols) = (self.mines.len() as i64, self.mines[0].len() as i64);
        if row < 0 || col < 0 || row >= rows || col >= cols {
            return;
        }
        let (r, c) = (row as usize, col as usize);
        if self.shown[r][c] != '.' || self.mines[r][c] {
            return;
        }
        let clue = self.clue(r, c);
        self.shown[r][c] = char::from(b'0' + clue);
        if clue > 0 {
            return;
        }
        for (dr, dc) in [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            if self.bugs.contains(&Bug::NoDiagonal) && dr != 0 && dc != 0 {
                continue;
            }
            self.open(row + dr, col + dc);
        }
    }

    fn clue(&self, row: usize, col: usize) -> u8 {
        let rows = self.mines.len() as i64;
        // The bug: the column's bound taken from the wrong side.
        let cols = if self.bugs.contains(&Bug::WideEdge) {
            rows
        } else {
            self.mines[0].len() as i64
        };
        let mut count = 0;
        for r in row as i64 - 1..=row as i64 + 1 {
            for c in col as i64 - 1..=col as i64 + 1 {
                let inside = r >= 0 && c >= 0 && r < rows && c < cols;
                if inside && self.mines[r as usize].get(c as usize) == Some(&true) {
                    count += 1;
                }
            }
        }
        count
    }

    fn won(&self, total: usize) -> bool {
        let flags = self.shown.iter().flatten().filter(|&&c| c == 'F');
        if self.bugs.contains(&Bug::WrongFlagWins) {
            return flags.count() == total;
        }
        (0..self.mines.len())
            .flat_map(|r| (0..self.mines[0].len()).map(move |c| (r, c)))
            .all(|(r, c)| (self.shown[r][c] == 'F') == self.mines[r][c])
    }
}
