//! A proj3 program as a student might write one, in its own format,
//! with bugs chosen by name. Plain Rust on std alone: `examples/proj3.rs`
//! includes this file to run it as a program (small, started thousands
//! of times a test run), and the grader's `model` hands it to `check` in
//! this process.
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

use std::io::{self, BufRead, Write};

/// A bug the program can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// None at all.
    None,
    /// Clues miss mines in columns past the number of rows.
    WideEdge,
    /// Islands spread up, down, left and right only.
    NoDiagonal,
    /// The game goes on after a mine goes off.
    LostGoesOn,
    /// As many flags as mines wins, wherever they are.
    WrongFlagWins,
    /// 0 is taken as a row or column, meaning the last.
    AcceptsZero,
    /// An action other than r or f crashes.
    CrashOnAction,
    /// The end of input makes it wait for ever.
    Hang,
    /// No board is printed after a flag is taken away.
    SkipUnflagBoard,
    /// A board of one square crashes it.
    CrashOnOneSquare,
    /// A flag on a square with no mine around it opens its island.
    FlagOpensIsland,
    /// No board is printed after a flag on an open square.
    SkipRefusedFlagBoard,
    /// A board without mines is not won at once; its first move crashes.
    CrashWithoutMines,
    /// It exits with status 1 once its first board is printed.
    ExitAfterFirstBoard,
}

impl Bug {
    /// The bug called `name` on the command line.
    pub fn named(name: &str) -> Option<Bug> {
        Some(match name {
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
            _ => return None,
        })
    }
}

/// The program, as its command line makes it.
#[derive(Clone, Debug, Default)]
pub struct Proj3 {
    bugs: Vec<Bug>,
    /// `--frame C`: reads only board files framed with C.
    frame: Option<String>,
    /// `--message-first`: says "You won!" before the last board.
    message_first: bool,
    /// `--no-last-board`: says "You won!" without its board.
    no_last_board: bool,
    /// `--win-after-move`: a board without mines is won after a move.
    win_after_move: bool,
}

/// How a run of the program ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Its main returned.
    Returned,
    /// It exited with this status.
    Exit(i32),
    /// It panicked, saying this.
    Panicked(String),
    /// It waits for ever (`hang`, at the end of its input).
    WaitsForEver,
}

impl Proj3 {
    /// The program its arguments ask for (`--bug a,b`, `--frame C`,
    /// `--message-first`, `--no-last-board`, `--win-after-move`).
    pub fn from_args(args: &[String]) -> Result<Proj3, String> {
        let after = |flag: &str| {
            args.iter()
                .position(|a| a == flag)
                .and_then(|i| args.get(i + 1))
        };
        let bugs = after("--bug")
            .map_or("none", String::as_str)
            .split(',')
            .map(|name| Bug::named(name).ok_or_else(|| format!("no such bug: {name}")))
            .collect::<Result<_, _>>()?;
        let has = |flag: &str| args.iter().any(|a| a == flag);
        Ok(Proj3 {
            bugs,
            frame: after("--frame").cloned(),
            message_first: has("--message-first"),
            no_last_board: has("--no-last-board"),
            win_after_move: has("--win-after-move"),
        })
    }

    fn bug(&self, which: Bug) -> bool {
        self.bugs.contains(&which)
    }

    /// Plays one game: `input` typed, `out` printed to.
    pub fn play(&self, input: &mut dyn BufRead, out: &mut dyn Write) -> Ended {
        match self.game(input, out) {
            Ok(()) => Ended::Returned,
            Err(ended) => ended,
        }
    }

    fn game(&self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Ended> {
        let written = |e: io::Error| Ended::Panicked(format!("failed printing to stdout: {e}"));
        let mut next_line = |out: &mut dyn Write| -> Result<Option<String>, Ended> {
            out.flush().map_err(written)?;
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) if self.bug(Bug::Hang) => Err(Ended::WaitsForEver),
                Ok(0) => Ok(None),
                Ok(_) => Ok(Some(line.trim_end_matches(['\n', '\r']).to_owned())),
                Err(e) => Err(Ended::Panicked(format!("cannot read stdin: {e}"))),
            }
        };
        let panic = |said: &str| Ended::Panicked(said.to_owned());
        writeln!(out, "Minesweeper! Flag every mine to win.").map_err(written)?;
        write!(out, "Board file: ").map_err(written)?;
        let Some(path) = next_line(out)? else {
            return Ok(());
        };
        let text = std::fs::read_to_string(path.trim())
            .map_err(|e| panic(&format!("cannot read the board: {e}")))?;
        let rows: Vec<&str> = text.lines().collect();
        if let Some(frame) = &self.frame
            && !rows
                .first()
                .is_some_and(|row| row.starts_with(frame.as_str()))
        {
            return Err(panic(&format!("the board file is not framed with {frame}")));
        }
        let mines: Vec<Vec<bool>> = rows[1..rows.len().saturating_sub(1).max(1)]
            .iter()
            .map(|row| {
                row.chars()
                    .skip(1)
                    .take(row.chars().count().saturating_sub(2))
                    .map(|c| c == '*')
                    .collect()
            })
            .collect();
        if mines.is_empty() || mines[0].is_empty() {
            return Err(panic("index out of bounds: the board has no squares"));
        }
        if self.bug(Bug::CrashOnOneSquare) && mines.len() == 1 && mines[0].len() == 1 {
            return Err(panic("index 1 out of range for a board of one square"));
        }
        let shown = vec![vec!['.'; mines[0].len()]; mines.len()];
        let mut game = Game {
            mines,
            shown,
            program: self,
            skip_board: false,
        };
        let total = game.mines.iter().flatten().filter(|&&m| m).count();
        game.print(out).map_err(written)?;
        if self.bug(Bug::ExitAfterFirstBoard) {
            out.flush().map_err(written)?;
            return Err(Ended::Exit(1));
        }
        // The win is looked for after each move only with
        // `--win-after-move`: a board without mines is won after the first.
        if total == 0 && !self.win_after_move && !self.bug(Bug::CrashWithoutMines) {
            writeln!(out, "You won!").map_err(written)?;
            return Ok(());
        }
        loop {
            let Some(row) = game.ask_number(&mut next_line, out, "Row", game.mines.len())? else {
                return Ok(());
            };
            let cols = game.mines[0].len();
            let Some(col) = game.ask_number(&mut next_line, out, "Column", cols)? else {
                return Ok(());
            };
            let action = loop {
                write!(out, "Action (r or f): ").map_err(written)?;
                let Some(answer) = next_line(out)? else {
                    return Ok(());
                };
                match answer.trim() {
                    "r" | "R" => break 'r',
                    "f" | "F" => break 'f',
                    other if self.bug(Bug::CrashOnAction) => {
                        return Err(panic(&format!("bad action {other}")));
                    }
                    _ => writeln!(out, "Not an action.").map_err(written)?,
                }
            };
            if total == 0 && self.bug(Bug::CrashWithoutMines) {
                return Err(panic("attempt to divide by zero: no mines to count"));
            }
            let lost = game.play(out, row, col, action).map_err(written)?;
            // `--message-first`: the end told before the last board, as
            // some programs do; the course prints it after.
            let won = !lost && game.won(total);
            if self.message_first && won {
                writeln!(out, "You won!").map_err(written)?;
            }
            if won && self.no_last_board {
                writeln!(out, "You won!").map_err(written)?;
                return Ok(());
            }
            if std::mem::take(&mut game.skip_board) && !won {
                continue;
            }
            game.print(out).map_err(written)?;
            if lost {
                writeln!(out, "BOOM! You detonated a mine. Game over.").map_err(written)?;
                if !self.bug(Bug::LostGoesOn) {
                    return Ok(());
                }
            } else if won {
                if !self.message_first {
                    writeln!(out, "You won!").map_err(written)?;
                }
                return Ok(());
            }
        }
    }
}

/// What a Rust program's panic prints on stderr, as the example's does.
pub fn panic_message(said: &str) -> String {
    format!(
        "\nthread 'main' panicked at examples/proj3.rs:\n{said}\nnote: run with \
         `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )
}

/// What reads the next line typed, flushing what was printed first.
type NextLine<'a> = dyn FnMut(&mut dyn Write) -> Result<Option<String>, Ended> + 'a;

struct Game<'a> {
    mines: Vec<Vec<bool>>,
    /// What the player sees: '.' covered, 'F' a flag, '0'..'8' open, 'X'
    /// the mine that went off.
    shown: Vec<Vec<char>>,
    program: &'a Proj3,
    /// The board of this move is not printed (`skip-unflag-board`).
    skip_board: bool,
}

impl Game<'_> {
    fn bug(&self, which: Bug) -> bool {
        self.program.bug(which)
    }

    fn print(&self, out: &mut dyn Write) -> io::Result<()> {
        let cols = self.mines[0].len();
        write!(out, "\n    ")?;
        for c in 1..=cols {
            write!(out, "{}", c % 10)?;
        }
        writeln!(out, "\n   +{}+", "-".repeat(cols))?;
        for (r, row) in self.shown.iter().enumerate() {
            let cells: String = row
                .iter()
                .map(|&c| if c == '0' { ' ' } else { c })
                .collect();
            writeln!(out, "{:>2} |{cells}|", r + 1)?;
        }
        writeln!(out, "   +{}+", "-".repeat(cols))
    }

    /// A number from 1 to `max`, asked until one is typed; the row or
    /// column's index from 0.
    fn ask_number(
        &self,
        next_line: &mut NextLine<'_>,
        out: &mut dyn Write,
        what: &str,
        max: usize,
    ) -> Result<Option<usize>, Ended> {
        let written = |e: io::Error| Ended::Panicked(format!("failed printing to stdout: {e}"));
        let lowest = i64::from(!self.bug(Bug::AcceptsZero));
        loop {
            write!(out, "{what} (1-{max}): ").map_err(written)?;
            let Some(answer) = next_line(out)? else {
                return Ok(None);
            };
            match answer.trim().parse::<i64>() {
                Ok(n) if n >= lowest && n <= max as i64 => {
                    // Python's board[n - 1]: -1 is the last.
                    return Ok(Some((n - 1).rem_euclid(max as i64) as usize));
                }
                _ => writeln!(out, "Out of range, try again.").map_err(written)?,
            }
        }
    }

    /// Plays a move; true if a mine went off.
    fn play(
        &mut self,
        out: &mut dyn Write,
        row: usize,
        col: usize,
        action: char,
    ) -> io::Result<bool> {
        let here = self.shown[row][col];
        if action == 'f' {
            match here {
                '.' if self.bug(Bug::FlagOpensIsland)
                    && !self.mines[row][col]
                    && self.clue(row, col) == 0 =>
                {
                    self.open(row as i64, col as i64);
                }
                '.' => self.shown[row][col] = 'F',
                'F' => {
                    self.shown[row][col] = '.';
                    writeln!(out, "Flag removed.")?;
                    self.skip_board = self.bug(Bug::SkipUnflagBoard);
                }
                _ => {
                    writeln!(out, "That square is open.")?;
                    self.skip_board = self.bug(Bug::SkipRefusedFlagBoard);
                }
            }
            return Ok(false);
        }
        match here {
            'F' => writeln!(out, "Remove the flag first.")?,
            '.' if self.mines[row][col] => {
                self.shown[row][col] = 'X';
                return Ok(true);
            }
            '.' => self.open(row as i64, col as i64),
            _ => writeln!(out, "Already open.")?,
        }
        Ok(false)
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
            if self.bug(Bug::NoDiagonal) && dr != 0 && dc != 0 {
                continue;
            }
            self.open(row + dr, col + dc);
        }
    }

    fn clue(&self, row: usize, col: usize) -> u8 {
        let rows = self.mines.len() as i64;
        // The bug: the column's bound taken from the wrong side.
        let cols = if self.bug(Bug::WideEdge) {
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
        if self.bug(Bug::WrongFlagWins) {
            return flags.count() == total;
        }
        (0..self.mines.len())
            .flat_map(|r| (0..self.mines[0].len()).map(move |c| (r, c)))
            .all(|(r, c)| (self.shown[r][c] == 'F') == self.mines[r][c])
    }
}
