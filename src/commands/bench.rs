//! `bench`: the solver alone on many random games, reported as text or JSON.

use std::io::Write;

use console::messages::Printer;

use crate::bench::{self, report};
use crate::error::AppError;
use crate::plan::BenchPlan;

pub(super) fn run(plan: BenchPlan, out: &mut impl Write, printer: Printer) -> Result<(), AppError> {
    let BenchPlan { trial, json } = plan;
    let tally = bench::run(trial, printer);
    if json {
        report::write_json(out, &trial, &tally)?;
    } else {
        report::write_text(out, &trial, &tally)?;
    }
    Ok(())
}
