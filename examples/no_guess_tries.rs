//! How many random boards `generate --no-guess` tries, and how long it
//! takes, at each level from the centre, over 2,000 seeds. The figures are
//! in BENCHMARKS.md.
//!
//! ```text
//! cargo run --release --example no_guess_tries
//! ```

#![allow(clippy::print_stdout, reason = "figures for BENCHMARKS.md, printed")]

use std::time::Instant;

use engine::{FirstMove, Layout, Pos};
use solver::no_guess_board;

const BOARDS: u64 = 2000;

fn main() {
    let levels = [
        ("beginner", Layout::BEGINNER),
        ("intermediate", Layout::INTERMEDIATE),
        ("expert", Layout::EXPERT),
    ];
    for (name, layout) in levels {
        let centre = Pos::new((layout.rows - 1) / 2, (layout.cols - 1) / 2);
        let (mut tries, mut most) = (0, 0);
        let started = Instant::now();
        for k in 0..BOARDS {
            let found = no_guess_board(layout, FirstMove::Opening, centre, k * 1_000_000)
                .expect("the standard levels always have no-guess boards");
            tries += found.tries;
            most = most.max(found.tries);
        }
        let each = started.elapsed().as_secs_f64() * 1000.0 / BOARDS as f64;
        println!(
            "{name}: {:.2} tries a board on average, {most} at most, {each:.3} ms a board",
            tries as f64 / BOARDS as f64
        );
    }
}
