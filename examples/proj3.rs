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
//! The program is `crates/grader/src/model/proj3.rs`, which tests also
//! hand to `check` in-process; this runs it as a program a check starts. Bugs:
//! `wide-edge` (clues miss mines in columns past the number of rows),
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
    clippy::print_stderr,
    reason = "a student's program says what it likes"
)]

use std::io::{self, Write};

// The program itself, the same file the grader's tests play in-process:
// included, not linked, so the example stays a small program of std alone.
#[allow(
    unreachable_pub,
    dead_code,
    reason = "a module of the grader's, included"
)]
#[path = "../crates/grader/src/model/proj3.rs"]
mod proj3;

use proj3::{Ended, Proj3};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let program = Proj3::from_args(&args).unwrap_or_else(|said| panic!("{said}"));
    let mut out = io::stdout();
    match program.play(&mut io::stdin().lock(), &mut out) {
        Ended::Returned => {}
        Ended::Exit(code) => {
            let _ = out.flush();
            std::process::exit(code);
        }
        // As the model says it, without the line of the panic below.
        Ended::Panicked(said) => {
            let _ = out.flush();
            eprint!("{}", proj3::panic_message(&said));
            std::process::exit(101);
        }
        Ended::WaitsForEver => loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
        },
    }
}
