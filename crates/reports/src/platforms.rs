//! The results a course's grading platform reads, besides Gradescope's
//! (`gradescope::write_gradescope`): GitHub Classroom's autograding and
//! PrairieLearn's external grader. Each gives one test a part of the
//! score, worth the part's weight, and says what the part counted; a
//! check without a score (out of time) gives none, and says why, never
//! a score over some of the games.
//!
//! - GitHub Classroom: the JSON a test runner step hands
//!   `autograding-grading-reporter` (base64 in the step's `result`
//!   output): `version` 1, `status` (`pass`, `fail` or `error`),
//!   `max_score`, and `tests`, each with a `name`, `status`, `score` and
//!   `message`. The reporter adds up the tests' scores out of
//!   `max_score`.
//! - PrairieLearn: `/grade/results/results.json`: `gradable`, `score`
//!   from 0 to 1, `message`, `output`, and `tests`, each with a `name`,
//!   `points`, `max_points`, `message` and `output`; at most 1 MB.

use std::fs;
use std::io;
use std::path::Path;

use serde::Serialize;

use crate::report::{self, Reader, part_explained, without_machine_paths};
use grader::score::Score;
use grader::{Options, Outcome};

/// The largest results file PrairieLearn takes.
const PRAIRIELEARN_MOST_BYTES: usize = 1 << 20;

/// What GitHub Classroom's reporter reads of one test runner.
#[derive(Serialize)]
struct ClassroomResults {
    version: u32,
    status: &'static str,
    max_score: f64,
    tests: Vec<ClassroomTest>,
}

#[derive(Serialize)]
struct ClassroomTest {
    name: String,
    status: &'static str,
    score: f64,
    message: String,
}

/// Writes GitHub Classroom's results at `path`.
pub fn write_github_classroom(path: &Path, options: &Options, outcome: &Outcome) -> io::Result<()> {
    let results = match &outcome.score {
        Some(score) => {
            let tests: Vec<ClassroomTest> = score
                .parts
                .iter()
                .map(|part| ClassroomTest {
                    name: part.part.title().to_owned(),
                    status: if part.points >= part.most {
                        "pass"
                    } else {
                        "fail"
                    },
                    score: part.points,
                    message: without_machine_paths(&part_explained(part, outcome), options),
                })
                .collect();
            let passed = tests.iter().all(|test| test.status == "pass");
            ClassroomResults {
                version: 1,
                status: if passed { "pass" } else { "fail" },
                max_score: score.most,
                tests,
            }
        }
        None => ClassroomResults {
            version: 1,
            status: "error",
            max_score: 100.0,
            tests: vec![ClassroomTest {
                name: "minesweeper check".to_owned(),
                status: "error",
                score: 0.0,
                message: no_score(options, outcome),
            }],
        },
    };
    write_json(path, &results)
}

/// What PrairieLearn reads of a grading job.
#[derive(Serialize)]
struct PrairieLearnResults {
    gradable: bool,
    score: f64,
    message: String,
    output: String,
    tests: Vec<PrairieLearnTest>,
}

#[derive(Serialize)]
struct PrairieLearnTest {
    name: String,
    points: f64,
    max_points: f64,
    message: String,
    output: String,
}

/// Writes PrairieLearn's results at `path`: the report as a student
/// reads it (boards and answers to type, no files) in `output`, cut to
/// fit the platform's 1 MB.
pub fn write_prairielearn(path: &Path, options: &Options, outcome: &Outcome) -> io::Result<()> {
    let mut report = Vec::new();
    report::write_text_for(&mut report, options, outcome, Reader::Elsewhere)?;
    let output = without_machine_paths(&String::from_utf8_lossy(&report), options);
    let results = match &outcome.score {
        Some(score) => PrairieLearnResults {
            gradable: true,
            score: (share(score) * 10_000.0).round() / 10_000.0,
            message: format!(
                "{} of {} points.",
                rounded(score.total),
                rounded(score.most)
            ),
            output: cut_to(output, PRAIRIELEARN_MOST_BYTES / 2),
            tests: score
                .parts
                .iter()
                .map(|part| PrairieLearnTest {
                    name: part.part.title().to_owned(),
                    points: part.points,
                    max_points: part.most,
                    message: without_machine_paths(&part_explained(part, outcome), options),
                    output: String::new(),
                })
                .collect(),
        },
        // Gradable: the program ran; it is the check that could not
        // finish, so no attempt is counted as a score of some games.
        None => PrairieLearnResults {
            gradable: true,
            score: 0.0,
            message: no_score(options, outcome),
            output: cut_to(output, PRAIRIELEARN_MOST_BYTES / 2),
            tests: Vec::new(),
        },
    };
    write_json(path, &results)
}

/// The score as a share of its most, from 0 to 1.
fn share(score: &Score) -> f64 {
    if score.most > 0.0 {
        (score.total / score.most).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

fn rounded(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}

/// Why there is no score.
fn no_score(options: &Options, outcome: &Outcome) -> String {
    format!(
        "No score was given: the check ran out of time after {} of {} games. Please tell your \
         instructor, who can check again with a longer budget.",
        outcome.games, options.games
    )
}

/// `text` cut at a character's end to at most `most` bytes, saying so.
fn cut_to(text: String, most: usize) -> String {
    if text.len() <= most {
        return text;
    }
    let mut end = most;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n[… the rest of the report is left out]\n", &text[..end])
}

fn write_json(path: &Path, results: &impl Serialize) -> io::Result<()> {
    let text = serde_json::to_string_pretty(results)?;
    fs::write(path, visible::json_escaped(&text) + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_report_is_cut_at_a_character_s_end_and_says_so() {
        let text = "é".repeat(10);
        let cut = cut_to(text, 5);
        assert!(cut.starts_with("éé\n[…"), "{cut}");
        assert_eq!(cut_to("short".to_owned(), 5), "short");
    }
}
