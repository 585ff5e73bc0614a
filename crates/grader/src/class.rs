//! A whole class: every student's folder checked with the same games,
//! a few students at once, each with its own time budget, and a summary
//! with a row a student.
//!
//! Each student's check runs on one thread and the students share the
//! cores: a program that takes its whole budget then holds one core, not
//! all of them, and the class takes about (students x budget) / cores at
//! most.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use std::sync::atomic::{AtomicUsize, Ordering};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::judge::Kind;
use crate::score::Points;
use crate::{CheckError, Options, Outcome, check, report};

/// One student: the name of their folder, and where it is.
#[derive(Clone, Debug)]
pub struct Student {
    pub name: OsString,
    pub folder: PathBuf,
}

/// The students of `class`: its folders, by name. Files beside them and
/// links are passed over (a link could lead anywhere on the machine).
pub fn students(class: &Path) -> Result<Vec<Student>, CheckError> {
    let shown = visible::path(class);
    let entries = fs::read_dir(class).map_err(CheckError::io(format!("cannot read {shown}")))?;
    let mut students = Vec::new();
    for entry in entries {
        let entry = entry.map_err(CheckError::io(format!("cannot read {shown}")))?;
        let is_folder = entry.file_type().is_ok_and(|t| t.is_dir());
        if is_folder {
            students.push(Student {
                name: entry.file_name(),
                folder: entry.path(),
            });
        }
    }
    students.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(students)
}

/// How one student's check went.
#[derive(Debug)]
pub struct Checked {
    pub student: Student,
    /// The check, or why it could not be made.
    pub outcome: Result<Outcome, String>,
    pub seconds: f64,
}

/// Checks every student of `class` with `options` (its `folder` and `out`
/// are each student's own), `at_once` students at a time, writing each
/// one's report.txt, results.json and smallest games under
/// `out/<student>/`, then `out/summary.csv`.
pub fn check_class(
    options: &Options,
    class: &Path,
    out: &Path,
    at_once: usize,
) -> Result<Vec<Checked>, CheckError> {
    let students = students(class)?;
    fs::create_dir_all(out).map_err(CheckError::io(format!(
        "cannot make {}",
        visible::path(out)
    )))?;
    let progress =
        ProgressBar::with_draw_target(Some(students.len() as u64), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} students, {eta} left")
            .expect("the template is well-formed"),
    );
    // Plain threads, each taking the next student: a rayon worker waiting
    // on a student's own pool would take up further students meanwhile,
    // and more would run at once than there are cores.
    let next = AtomicUsize::new(0);
    let mut checked: Vec<Checked> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..at_once.clamp(1, students.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    while let Some(student) = students.get(next.fetch_add(1, Ordering::Relaxed)) {
                        done.push(check_one(options, student.clone(), out));
                        progress.inc(1);
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("a student's check does not panic"))
            .collect()
    });
    checked.sort_by(|a, b| a.student.name.cmp(&b.student.name));
    progress.finish_and_clear();
    let summary = out.join("summary.csv");
    fs::write(
        &summary,
        summary_csv(&checked, options.exact, options.weights.total()),
    )
    .map_err(CheckError::io(format!(
        "cannot write {}",
        visible::path(&summary)
    )))?;
    Ok(checked)
}

/// One student's check, with its files written.
fn check_one(options: &Options, student: Student, out: &Path) -> Checked {
    let started = Instant::now();
    let own = out.join(&student.name);
    let options = Options {
        folder: Some(student.folder.clone()),
        out: own.clone(),
        threads: Some(1),
        quiet: true,
        ..options.clone()
    };
    let outcome = check(&options)
        .and_then(|outcome| write_files(&options, &outcome, &own).map(|()| outcome))
        .map_err(|error| {
            // Said in the student's folder too, for whoever opens it.
            let _ = fs::create_dir_all(&own);
            let said = format!("Could not check this program: {error}\n");
            let _ = fs::write(own.join("report.txt"), said);
            error.to_string()
        });
    Checked {
        student,
        outcome,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// report.txt and results.json in the student's folder.
fn write_files(options: &Options, outcome: &Outcome, own: &Path) -> Result<(), CheckError> {
    fs::create_dir_all(own).map_err(CheckError::io(format!(
        "cannot make {}",
        visible::path(own)
    )))?;
    let mut text = Vec::new();
    report::write_text(&mut text, options, outcome)
        .and_then(|()| fs::write(own.join("report.txt"), text))
        .and_then(|()| report::write_gradescope(&own.join("results.json"), options, outcome))
        .map_err(CheckError::io(format!(
            "cannot write into {}",
            visible::path(own)
        )))
}

/// The kinds a summary has a column for.
fn columns(exact: bool) -> impl Iterator<Item = Kind> {
    Kind::ALL
        .into_iter()
        .filter(move |&k| k != Kind::WrongText || exact)
}

/// summary.csv: a row a student, by folder name.
pub fn summary_csv(checked: &[Checked], exact: bool, most: f64) -> String {
    let mut csv = String::from("student,games,agreed");
    for kind in columns(exact) {
        let _ = write!(csv, ",{}", kind.name());
    }
    csv.push_str(",not played,score,out of,seconds,error\n");
    for one in checked {
        csv.push_str(&field(&one.student.name.to_string_lossy()));
        match &one.outcome {
            Ok(outcome) => {
                let _ = write!(csv, ",{},{}", outcome.games, outcome.agreed);
                for kind in columns(exact) {
                    let _ = write!(csv, ",{}", outcome.failures.get(&kind).unwrap_or(&0));
                }
                let (score, why_none) = match &outcome.score {
                    Some(score) => (Points(score.total).to_string(), String::new()),
                    None => (
                        String::new(),
                        format!(
                            "no score: {} of {} games were played before the time budget ran out",
                            outcome.games,
                            outcome.games + outcome.not_played
                        ),
                    ),
                };
                let _ = write!(
                    csv,
                    ",{},{score},{},{:.1},{}",
                    outcome.not_played,
                    Points(most),
                    one.seconds,
                    field(&why_none)
                );
            }
            // Nothing could be run: no points, and why.
            Err(error) => {
                csv.push_str(&",".repeat(columns(exact).count() + 3));
                let _ = write!(
                    csv,
                    ",0,{},{:.1},{}",
                    Points(most),
                    one.seconds,
                    field(error)
                );
            }
        }
        csv.push('\n');
    }
    csv
}

/// One CSV field: control characters (line breaks too) shown escaped,
/// quoted when it holds a comma or a quote, and a leading `=`, `+`, `-`
/// or `@` kept from being taken as a spreadsheet formula.
fn field(text: &str) -> String {
    let mut text = visible::Visible(text).to_string();
    if text.starts_with(['=', '+', '-', '@']) {
        text.insert(0, '\'');
    }
    if text.contains([',', '"']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_and_never_formulas() {
        assert_eq!(field("ada"), "ada");
        assert_eq!(field("lovelace, ada"), "\"lovelace, ada\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=cmd()"), "'=cmd()");
        assert!(!field("a\u{1b}[31mb").contains('\u{1b}'));
    }

    #[test]
    fn students_are_the_folders_by_name_and_links_are_passed_over() {
        let class = tempfile::tempdir().unwrap();
        for name in ["bo", "al"] {
            fs::create_dir(class.path().join(name)).unwrap();
        }
        fs::write(class.path().join("notes.txt"), "").unwrap();
        std::os::unix::fs::symlink("/", class.path().join("root")).unwrap();
        let names: Vec<OsString> = students(class.path())
            .unwrap()
            .into_iter()
            .map(|s| s.name)
            .collect();
        assert_eq!(names, ["al", "bo"]);
    }
}
