//! `check`: a student's proj3 program played against the course's game,
//! with the report as text, JSON or Gradescope's results.

use std::io::Write;
use std::time::Duration;

use grader::{self, CheckError, case::Plan, report, runner::Program};

use crate::cli::CheckArgs;
use crate::error::AppError;
use crate::options::fresh_seed;

pub fn run(args: CheckArgs, out: &mut impl Write) -> Result<(), AppError> {
    let mut words = args.program.into_iter();
    let options = grader::Options {
        program: Program {
            command: words.next().expect("clap requires PROGRAM"),
            args: words.collect(),
        },
        games: args.games,
        seed: args.seed.unwrap_or_else(fresh_seed),
        plan: Plan {
            inputs: args.inputs.into(),
            max_size: usize::from(args.max_size),
        },
        exact: args.exact,
        timeout: Duration::from_secs_f64(args.timeout),
        threads: args.threads.map(usize::from),
        out: args.out,
        frame: args.frame.map(Into::into),
        folder: Some(match args.folder {
            Some(folder) => folder,
            None => std::env::current_dir()?,
        }),
    };
    let outcome = grader::check(&options)?;
    if args.json {
        report::write_json(out, &options, &outcome)?;
    } else {
        report::write_text(out, &options, &outcome)?;
    }
    if let Some(path) = args.gradescope {
        report::write_gradescope(&path, &options, &outcome).map_err(|source| CheckError::Io {
            what: format!("cannot write {}", visible::path(&path)),
            source,
        })?;
    }
    // The report is out before the status says the program disagreed.
    out.flush()?;
    if outcome.agreed < outcome.games {
        return Err(AppError::Disagreed {
            failed: outcome.games - outcome.agreed,
            games: outcome.games,
        });
    }
    Ok(())
}
