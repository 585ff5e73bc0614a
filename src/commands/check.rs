//! `check`: a student's proj3 program played against the course's game,
//! with the report as text, JSON or Gradescope's results; a whole class
//! of them; or a Gradescope autograder that runs it.

use std::io::Write;

use grader::score::Points;
use grader::{self, CheckError, bundle};
use reports::{class, gradescope, platforms, report};

use crate::error::AppError;
use crate::plan::{CheckPlan, Then};

/// Writes a platform's results of a check at a path.
type Writer = fn(&std::path::Path, &grader::Options, &grader::Outcome) -> std::io::Result<()>;

pub(super) fn run(plan: CheckPlan, out: &mut impl Write) -> Result<(), AppError> {
    let CheckPlan { options, then } = plan;
    let (json, results) = match then {
        Then::Bundle(bundle) => return write_bundle(&options, &bundle, out),
        Then::Class(class) => return check_class(&options, &class, out),
        Then::One { json, results } => (json, results),
    };
    let outcome = grader::check(&options)?;
    if json {
        report::write_json(out, &options, &outcome)?;
    } else {
        report::write_text(out, &options, &outcome)?;
    }
    let page = reports::html::write_student_page(&options, &outcome);
    page.map_err(|source| CheckError::Io {
        what: format!(
            "cannot write {}",
            visible::path(&options.out.join("index.html"))
        ),
        source,
    })?;
    let writers: [(Option<std::path::PathBuf>, Writer); 3] = [
        (results.gradescope, gradescope::write_gradescope),
        (results.github_classroom, platforms::write_github_classroom),
        (results.prairielearn, platforms::write_prairielearn),
    ];
    for (path, write) in writers {
        let Some(path) = path else { continue };
        write(&path, &options, &outcome).map_err(|source| CheckError::Io {
            what: format!("cannot write {}", visible::path(&path)),
            source,
        })?;
    }
    // The report is out before the status says the program disagreed.
    out.flush()?;
    if outcome.score.is_none() {
        return Err(AppError::Unscored {
            played: outcome.games,
            games: options.games,
        });
    }
    if outcome.agreed < outcome.games {
        return Err(AppError::Disagreed {
            failed: outcome.games - outcome.agreed,
            games: outcome.games,
        });
    }
    Ok(())
}

/// `--class`: every student's folder, and a line each as they are told.
fn check_class(
    options: &grader::Options,
    class: &std::path::Path,
    out: &mut impl Write,
) -> Result<(), AppError> {
    let at_once = options.threads.unwrap_or_else(grader::every_core);
    let class = class::check_class(options, class, &options.out, at_once)?;
    let checked = &class.checked;
    writeln!(
        out,
        "Checked {} students with {} games each (seed {seed}: --seed {seed} plays the same games).",
        checked.len(),
        options.games,
        seed = options.seed
    )?;
    for one in checked {
        let name = visible::Visible(&one.student.name.to_string_lossy()).to_string();
        match &one.outcome {
            Ok(outcome) => {
                let score = match &outcome.score {
                    Some(score) => format!("{:>7} of {}", Points(score.total), Points(score.most)),
                    None => format!(
                        "no score: {} of {} games played",
                        outcome.games, options.games
                    ),
                };
                writeln!(
                    out,
                    "  {name:<24} {score}  {} of {} games agreed  {:.1} s",
                    outcome.agreed, outcome.games, one.seconds
                )?;
            }
            Err(error) => writeln!(out, "  {name:<24} not checked: {}", visible::Visible(error))?,
        }
    }
    for entry in &class.skipped {
        let name = visible::Visible(&entry.name.to_string_lossy()).to_string();
        writeln!(out, "  {name:<24} skipped: {}", entry.why)?;
    }
    writeln!(
        out,
        "Each student's report, page, results.json and smallest games are in {}/<student>; \
         the table is {}, the class's page {}.",
        visible::path(&options.out),
        visible::path(&options.out.join("summary.csv")),
        visible::path(&options.out.join("index.html"))
    )?;
    out.flush()?;
    // An entry passed over may be a student's work handed in as a link
    // or a file: the class is not all graded.
    match (class.without_a_score(), class.skipped.len()) {
        (0, 0) => Ok(()),
        (unscored, passed_over) => Err(AppError::ClassUnscored {
            unscored,
            students: checked.len(),
            passed_over,
        }),
    }
}

/// `--gradescope-bundle`: the autograder, with the options as given.
fn write_bundle(
    options: &grader::Options,
    folder: &std::path::Path,
    out: &mut impl Write,
) -> Result<(), AppError> {
    let binary = std::env::current_exe()?;
    let written = bundle::write(folder, &binary, &bundle::Settings::from_options(options))?;
    writeln!(
        out,
        "Wrote a Gradescope autograder to {}: zip its files ({}) and upload them as the \
         autograder. Each submission is checked with --budget {} s, stopped at {} s.",
        visible::path(folder),
        written.files.join(", "),
        written.budget.as_secs(),
        written.hard_limit.as_secs()
    )?;
    if let Some(needed @ (major, minor)) = written.glibc
        && needed > bundle::PORTABLE_GLIBC
    {
        let (portable_major, portable_minor) = bundle::PORTABLE_GLIBC;
        writeln!(
            out,
            "Note: this binary needs glibc {major}.{minor} or later; an image with an older \
             one (Ubuntu 20.04 has 2.31) cannot run it, which setup.sh says when the image is \
             built. The portable build (scripts/wheel.sh, or the minesweeper-proj3 wheel) \
             needs glibc {portable_major}.{portable_minor}: write the bundle with that one."
        )?;
    }
    Ok(())
}
