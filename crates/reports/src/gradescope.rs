//! Gradescope's `results.json`: a test a part of the score, worth its
//! weight, a part with faults drawing them as a page draws them; without
//! a score, 0 points, no tests and the reason. Above both the text report
//! and the pages, which it uses.

use std::fs;
use std::io;
use std::path::Path;

use serde::Serialize;

use crate::report::{Reader, part_explained, without_machine_paths, write_text_for};
use grader::score::Part;
use grader::{Options, Outcome};

/// Gradescope's `results.json`: one test a part of the score, worth
/// the part's weight, each with the findings of its kinds.
pub fn write_gradescope(path: &Path, options: &Options, outcome: &Outcome) -> io::Result<()> {
    let Some(score) = &outcome.score else {
        return write_gradescope_unscored(path, options, outcome);
    };
    let tests = score
        .parts
        .iter()
        .map(|part| {
            let mut output = part_explained(part, outcome);
            // A part with faults to show draws their boards (Gradescope
            // renders a test's HTML); the rest stays text.
            let mut findings = outcome
                .findings
                .iter()
                .filter(|f| Part::of(f.kind()) == part.part)
                .peekable();
            let output_format = if findings.peek().is_some() {
                output = crate::html::gradescope_output(&output, findings);
                "html"
            } else {
                "text"
            };
            GradescopeTest {
                name: part.part.title().to_owned(),
                score: part.points,
                max_score: part.most,
                status: if part.points >= part.most {
                    "passed"
                } else {
                    "failed"
                },
                output: without_machine_paths(&output, options),
                output_format,
                visibility: "visible",
            }
        })
        .collect();
    let mut summary = Vec::new();
    write_text_for(&mut summary, options, outcome, Reader::Elsewhere)?;
    let results = GradescopeResults {
        score: score.total,
        output: without_machine_paths(&String::from_utf8_lossy(&summary), options),
        output_format: "text",
        visibility: "visible",
        execution_time: (outcome.seconds * 1000.0).round() / 1000.0,
        tests,
    };
    let text = serde_json::to_string_pretty(&results)?;
    fs::write(path, visible::json_escaped(&text) + "\n")
}

/// Gradescope's `results.json` when the games did not all fit in the
/// time budget: 0 points and no tests, with the reason for the student
/// and the instructor, never a score over some of the games.
fn write_gradescope_unscored(path: &Path, options: &Options, outcome: &Outcome) -> io::Result<()> {
    let mut summary = Vec::new();
    write_text_for(&mut summary, options, outcome, Reader::Elsewhere)?;
    let output = format!(
        "No score was given: the check ran out of time after {} of {} games. Please tell your \
         instructor, who can check again with a longer budget.\n\n{}",
        outcome.games,
        options.games,
        String::from_utf8_lossy(&summary)
    );
    let results = GradescopeResults {
        score: 0.0,
        output: without_machine_paths(&output, options),
        output_format: "text",
        visibility: "visible",
        execution_time: (outcome.seconds * 1000.0).round() / 1000.0,
        tests: Vec::new(),
    };
    let text = serde_json::to_string_pretty(&results)?;
    fs::write(path, visible::json_escaped(&text) + "\n")
}

#[derive(Serialize)]
struct GradescopeResults {
    /// The whole score: the tests' scores added up.
    score: f64,
    output: String,
    /// Shown as written, in a fixed-width font: the boards line up.
    output_format: &'static str,
    visibility: &'static str,
    /// Seconds the check took.
    execution_time: f64,
    tests: Vec<GradescopeTest>,
}

#[derive(Serialize)]
struct GradescopeTest {
    name: String,
    score: f64,
    max_score: f64,
    status: &'static str,
    output: String,
    output_format: &'static str,
    visibility: &'static str,
}
