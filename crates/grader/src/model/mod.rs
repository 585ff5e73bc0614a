//! Programs played in this process: what tests hand `check` (through
//! `Options::in_process`) to judge, shrink, score and report on games
//! without starting a process a game.

mod proj3;

pub use proj3::{Bug, Ended, Proj3, panic_message};

use crate::runner::{End, Model, Run, exited};

impl Model for Proj3 {
    /// One game in this process, ended as the program would end: a panic
    /// says what Rust says and exits 101, a hang is stopped by the clock.
    fn run(&self, input: &[u8]) -> Run {
        let mut stdout = Vec::new();
        let ended = self.play(&mut &input[..], &mut stdout);
        let (stderr, end) = match ended {
            Ended::Returned => (Vec::new(), exited(0)),
            Ended::Exit(code) => (Vec::new(), exited(code)),
            Ended::Panicked(said) => (panic_message(&said).into_bytes(), exited(101)),
            Ended::WaitsForEver => (Vec::new(), End::TimedOut),
        };
        Run {
            stdout,
            stderr,
            end,
        }
    }
}
