//! A whole class: every student's folder checked with the same games,
//! a few students at once, each with its own time budget, and a summary
//! with a row a student.
//!
//! Each student's check runs on one thread and the students share the
//! cores: a program that takes its whole budget then holds one core, not
//! all of them, and the class takes about (students x budget) / cores at
//! most.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::time::Instant;

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::html;
use crate::report;
pub use crate::roster::{Checked, Class, Skipped, Student, students};
use console::messages::Printer;
use grader::FolderError;
use grader::judge::Kind;
use grader::layout::{LayoutError, resolved};
use grader::score::Points;
use grader::{CheckError, Options, Outcome, check};

/// Checks every student of `class` with `options` (its `folder` and `out`
/// are each student's own), `at_once` students at a time, writing each
/// one's report.txt, results.json, page and smallest games under
/// `out/<student>/`, then `out/summary.csv` and the class's page,
/// `out/index.html`.
pub fn check_class(
    options: &Options,
    class: &Path,
    out: &Path,
    at_once: usize,
) -> Result<Class, CheckError> {
    let (students, skipped) = students(class, out)?;
    reports_stay_out_of_the_class(class, out, &students)?;
    fs::create_dir_all(out).map_err(CheckError::io(format!(
        "cannot make {}",
        visible::path(out)
    )))?;
    let progress = options.printer.progress(students.len() as u64, "students");
    // Plain threads, each taking the next student: a rayon worker waiting
    // on a student's own pool would take up further students meanwhile,
    // and more would run at once than there are cores.
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        while let Some(student) = students.get(next.fetch_add(1, Ordering::Relaxed)) {
            done.push(check_one(options, student.clone(), out, class));
            progress.inc(1);
        }
        done
    };
    let mut checked: Vec<Checked> = std::thread::scope(|scope| {
        let workers =
            grader::schedule::workers(scope, at_once.clamp(1, students.len().max(1)), &work)?;
        Ok::<_, std::io::Error>(
            workers
                .into_iter()
                .flat_map(|worker| worker.join().expect("a student's check does not panic"))
                .collect(),
        )
    })
    .map_err(CheckError::io("cannot check the class"))?;
    checked.sort_by(|a, b| a.student.name.cmp(&b.student.name));
    progress.finish_and_clear();
    let summary = out.join("summary.csv");
    fs::write(
        &summary,
        summary_csv(&checked, &skipped, options.exact, options.weights.total()),
    )
    .map_err(CheckError::io(format!(
        "cannot write {}",
        visible::path(&summary)
    )))?;
    let class = Class { checked, skipped };
    let index = out.join("index.html");
    let started = Instant::now();
    let page = html::class_page(options, &class);
    fs::write(&index, &page).map_err(CheckError::io(format!(
        "cannot write {}",
        visible::path(&index)
    )))?;
    tracing::debug!(
        "the class's page: {} bytes for {} students, made and written in {:.1} ms",
        page.len(),
        class.checked.len(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    Ok(class)
}

/// Refuses a class whose reports would be written into it: the reports'
/// folder the class folder itself, or a student's reports' folder
/// (`out/NAME`) the class folder or around it, as when the class lies in
/// the reports' folder under a student's name.
fn reports_stay_out_of_the_class(
    class: &Path,
    out: &Path,
    students: &[Student],
) -> Result<(), CheckError> {
    let real_class = resolved(class);
    let refused = |reports: &Path, whose: &str| {
        CheckError::Layout(LayoutError(format!(
            "{whose} would be written into {}, which is the class folder {} or holds it: give \
             the reports a folder outside the class (--out)",
            visible::path(reports),
            visible::path(class),
        )))
    };
    for student in students {
        let own = out.join(&student.name);
        if real_class.starts_with(resolved(&own)) {
            let whose = format!(
                "the reports of {}",
                visible::Visible(&student.name.to_string_lossy())
            );
            return Err(refused(&own, &whose));
        }
    }
    if resolved(out) == real_class {
        return Err(refused(out, "the reports of every student"));
    }
    Ok(())
}

/// One student's check, with its files written.
fn check_one(options: &Options, student: Student, out: &Path, class: &Path) -> Checked {
    let started = Instant::now();
    let own = out.join(&student.name);
    let options = Options {
        folder: Some(student.folder.clone()),
        out: own.clone(),
        threads: Some(1),
        printer: Printer::quiet(),
        class: Some((class.to_owned(), out.to_owned())),
        ..options.clone()
    };
    let name = student.name.to_string_lossy().into_owned();
    let outcome = check(&options)
        .and_then(|outcome| write_files(&options, &outcome, &own, &name).map(|()| outcome))
        .map_err(|error| {
            let error = match error {
                // Each student's folder is the one copied: --folder
                // cannot help here.
                CheckError::Folder(FolderError::TooLarge { most, .. }) => format!(
                    "this folder holds more than {most} to copy for every game, not counting \
                     version-control, cache and virtual-environment folders (left out)"
                ),
                error => error.to_string(),
            };
            // Said in the student's folder too, for whoever opens it.
            let _ = fs::create_dir_all(&own);
            let said = format!("Could not check this program: {error}\n");
            let _ = fs::write(own.join("report.txt"), said);
            error
        });
    Checked {
        student,
        outcome,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// report.txt, results.json and index.html (the page of `name`) in the
/// student's folder.
fn write_files(
    options: &Options,
    outcome: &Outcome,
    own: &Path,
    name: &str,
) -> Result<(), CheckError> {
    fs::create_dir_all(own).map_err(CheckError::io(format!(
        "cannot make {}",
        visible::path(own)
    )))?;
    let mut text = Vec::new();
    report::write_text(&mut text, options, outcome)
        .and_then(|()| fs::write(own.join("report.txt"), text))
        .and_then(|()| {
            crate::gradescope::write_gradescope(&own.join("results.json"), options, outcome)
        })
        .and_then(|()| {
            let started = Instant::now();
            let page = html::student_page(options, outcome, Some(name));
            fs::write(own.join("index.html"), &page)?;
            tracing::debug!(
                "the page of {}: {} bytes, made and written in {:.1} ms",
                visible::Visible(name),
                page.len(),
                started.elapsed().as_secs_f64() * 1000.0
            );
            Ok(())
        })
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

/// summary.csv: a row a student, by folder name, and a row for each entry
/// passed over, saying why.
pub(crate) fn summary_csv(
    checked: &[Checked],
    skipped: &[Skipped],
    exact: bool,
    most: f64,
) -> String {
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
            // Nothing could be run: no score, and why.
            Err(error) => {
                csv.push_str(&",".repeat(columns(exact).count() + 3));
                let _ = write!(
                    csv,
                    ",,{},{:.1},{}",
                    Points(most),
                    one.seconds,
                    field(&format!("not checked: {error}"))
                );
            }
        }
        csv.push('\n');
    }
    for entry in skipped {
        csv.push_str(&field(&entry.name.to_string_lossy()));
        csv.push_str(&",".repeat(columns(exact).count() + 6));
        let _ = writeln!(csv, ",{}", field(&format!("skipped: {}", entry.why)));
    }
    csv
}

/// One CSV field: control characters escaped as the terminal shows them
/// (`\u{1b}`: a summary is read with `cat` too, and a folder's name could
/// otherwise move the cursor or retitle the terminal), quoted when it
/// holds a comma or a quote, and a leading `=`, `+`, `-` or `@` kept from
/// being taken as a spreadsheet formula.
fn field(text: &str) -> String {
    let mut text = visible::Visible(text).to_string();
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        text.insert(0, '\'');
    }
    if text.contains([',', '"', '\n', '\r']) {
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
        // Escaped: a summary is read in terminals too.
        assert_eq!(field("two\nlines"), "two\\nlines");
        assert_eq!(field("a\u{1b}]0;x\u{7}b"), "a\\u{1b}]0;x\\u{7}b");
    }

    /// The reports going into the class itself, or a student's reports
    /// into a folder holding the class (the class inside the reports'
    /// folder under a student's name), are refused, naming both.
    #[test]
    fn reports_that_would_go_into_the_class_are_refused() {
        let root = tempfile::tempdir().unwrap();
        let class = root.path().join("subs");
        fs::create_dir_all(class.join("ada")).unwrap();
        let (names, _) = students(&class, &root.path().join("out")).unwrap();
        let same = reports_stay_out_of_the_class(&class, &class, &names).unwrap_err();
        assert!(
            same.to_string().contains("the reports of every student"),
            "{same}"
        );
        // The class at out/ada: ada's reports would be written over it.
        let out = root.path().join("out");
        fs::create_dir_all(out.join("ada")).unwrap();
        let inside = out.join("ada");
        fs::create_dir_all(inside.join("ada")).unwrap();
        let (names, _) = students(&inside, &out).unwrap();
        let over = reports_stay_out_of_the_class(&inside, &out, &names).unwrap_err();
        assert!(over.to_string().contains("the reports of ada"), "{over}");
        // The class inside the reports under a name no student has: fine.
        let (names, _) = students(&class, root.path()).unwrap();
        assert!(reports_stay_out_of_the_class(&class, root.path(), &names).is_ok());
    }
}
