//! `bench`: the solver alone on many random games, reported as text or JSON.

use std::io::Write;

use crate::bench::{self, report};
use crate::cli::BenchArgs;
use crate::error::AppError;
use crate::memory::Room;
use crate::options::fresh_seed;
use crate::plan;

pub(super) fn run(args: &BenchArgs, out: &mut impl Write) -> Result<(), AppError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let trial = plan::bench(args, &Room::of_this_process(), cores, fresh_seed)?;
    let tally = bench::run(trial);
    if args.json {
        report::write_json(out, &trial, &tally)?;
    } else {
        report::write_text(out, &trial, &tally)?;
    }
    Ok(())
}
