//! The pages a check leaves for people who would rather look than read:
//! one student's (the score, and each fault's smallest game drawn as the
//! two boards side by side, the square marked) and the class's (the
//! scores as a histogram, the faults and how many students show each, a
//! table of students that sorts). Drawn with the `pages` crate, which
//! escapes every name, board and line of stderr a student's program
//! could have written.

use std::fmt::Write as _;

use engine::to_board_file;
use maud::{Markup, html};
use pages::{Cell, Script, board, document, histogram, table};

use crate::report::{
    self, Reader, capitalised, counted, describe_move, last_lines, pictures, typed,
};
use crate::roster::{Checked, Class};
use grader::judge::Kind;
use grader::score::Points;
use grader::{Finding, Options, Outcome};

/// Writes the page of a program checked alone into its reports' folder,
/// as `index.html`, and says where.
pub fn write_student_page(
    options: &Options,
    outcome: &Outcome,
) -> std::io::Result<std::path::PathBuf> {
    std::fs::create_dir_all(&options.out)?;
    let path = options.out.join("index.html");
    std::fs::write(&path, student_page(options, outcome, None))?;
    Ok(path)
}

/// The page of one check: `name` the student's, or `None` for a program
/// checked alone.
pub fn student_page(options: &Options, outcome: &Outcome, name: Option<&str>) -> String {
    let program = options.program.shown();
    let title = match name {
        Some(name) => format!("{}: minesweeper check", visible::Visible(name)),
        None => format!("{program}: minesweeper check"),
    };
    let body = html! {
        h1 { (title) }
        p {
            "Checked " code { (program) } " with " (outcome.games) " games (seed "
            (options.seed) "): " (outcome.agreed) " agreed with the course's game, "
            (outcome.games - outcome.agreed) " did not."
        }
        (score(outcome))
        @for finding in &outcome.findings {
            (finding_section(finding, Reader::Here))
        }
    };
    document(&title, body, &[])
}

/// The score and its parts, or why there is none.
fn score(outcome: &Outcome) -> Markup {
    match &outcome.score {
        Some(score) => {
            let rows: Vec<Vec<Cell>> = score
                .parts
                .iter()
                .map(|part| {
                    vec![
                        Cell::text(part.part.name()),
                        Cell::number(Points(part.points).to_string(), part.points),
                        Cell::number(Points(part.most).to_string(), part.most),
                        Cell::text(counted(part)),
                    ]
                })
                .collect();
            let caption = format!("Score {} of {}", Points(score.total), Points(score.most));
            table(&caption, &["part", "points", "of", "counted"], &rows)
        }
        None => html! {
            p.bad { "No score: " (outcome.games) " games were played before the time ran out." }
        },
    }
}

/// What Gradescope shows under one test (`output_format` html): `said`,
/// then each of `findings` drawn as on a page, told to be played again
/// by hand, as a student does.
pub(crate) fn gradescope_output<'a>(
    said: &str,
    findings: impl Iterator<Item = &'a Finding>,
) -> String {
    let fragment = html! {
        @for paragraph in said.split("\n\n") { p { (paragraph) } }
        @for finding in findings { (finding_section(finding, Reader::Elsewhere)) }
    };
    visible::without_controls(&fragment.into_string())
}

/// One fault: what went wrong and when, both boards, the moves typed,
/// what the program wrote on stderr, and how to run it again (`reader`:
/// here, from its folder; elsewhere, by hand).
fn finding_section(finding: &Finding, reader: Reader) -> Markup {
    let heading = report::heading(finding);
    let mut lines = heading.lines();
    let title = lines.next().unwrap_or_default().to_owned();
    let notes: Vec<&str> = lines.map(str::trim).collect();
    let failure = finding.played.failure.as_ref();
    let case = &finding.case;
    let ended = finding.played.expected.moves();
    let board_file = to_board_file(&case.board().with_frame(finding.frame));
    let again = &finding.again;
    html! {
        section.finding {
            h2 { (title) }
            @for note in &notes { p { (note) } }
            @match failure {
                Some(failure) => {
                    p { (report::when_it_went_wrong(finding, failure)) }
                    @if let Some(needs) = report::answers_needed(finding) { p { (needs) } }
                    @if let Some((course, program)) = pictures(finding) {
                        div.boards { (board(&course)) (board(&program)) }
                    }
                }
                None => p { "The program did not fail again when run from its folder: it does not always do the same." }
            }
            h3 { "The board file (* a mine)" }
            @if reader == Reader::Elsewhere { p { "Save it as board.txt, line by line as it stands." } }
            pre.board-file { (board_file) }
            h3 { "Typed after the board file's name" }
            @if case.turns.is_empty() {
                p { "Nothing." }
            } @else {
                ol {
                    @for (i, _) in case.turns.iter().enumerate() {
                        li {
                            (typed(case, i)) " (" (describe_move(case, i)) ")"
                            @if i >= ended { " (after the game's end)" }
                        }
                    }
                }
            }
            @if pictures(finding).is_none() {
                @if let Some((cut, lines)) = report::last_printed(&finding.played.run.stdout) {
                    h3 { "What it printed" (report::its_last(cut)) }
                    pre.printed { @if cut { "...\n" } @for line in &lines { (line) "\n" } }
                }
            }
            @if let Some((cut, lines)) = last_lines(&finding.played.run.stderr) {
                h3 { "What it wrote on stderr" }
                @let ran_out = report::when_the_answers_ran_out(&lines, finding.kind());
                @if !ran_out.is_empty() { p { (capitalised(ran_out.trim_start())) "." } }
                pre { @if cut { "...\n" } @for line in &lines { (visible::Visible(line)) "\n" } }
            }
            @match reader {
                Reader::Here => {
                    h3 { "Run it again" }
                    @if let Some(from) = again.where_to_run_it("this page") { p { (capitalised(&from)) ":" } }
                    pre { code { (again.line()) } }
                }
                Reader::Elsewhere => {
                    h3 { "Play it again" }
                    p {
                        "Save the board above as board.txt beside your program, run it, give \
                         board.txt as the board file, and type the answers above, one a line."
                    }
                }
            }
        }
    }
}

/// The class's page: the scores as a histogram, each kind of fault with
/// how many students show it, and a table of students linking to their
/// pages (`NAME/index.html`).
pub fn class_page(options: &Options, class: &Class) -> String {
    let title = format!("A class of {}: minesweeper check", class.checked.len());
    let scores: Vec<f64> = class
        .checked
        .iter()
        .filter_map(|one| one.outcome.as_ref().ok()?.score.as_ref())
        .map(|score| 100.0 * score.total / score.most.max(f64::MIN_POSITIVE))
        .collect();
    let body = html! {
        h1 { (title) }
        p {
            "Each program checked with " (options.games) " games (seed " (options.seed)
            "). " (class.without_a_score()) " without a score."
        }
        (histogram("Scores, in percent", &bins(&scores)))
        h2 { "Faults" }
        (faults(class))
        h2 { "Students" }
        (students(class))
        @if !class.skipped.is_empty() {
            h2 { "Passed over" }
            ul {
                @for entry in &class.skipped {
                    li { (visible::Visible(&entry.name.to_string_lossy())) ": " (entry.why) }
                }
            }
        }
    };
    document(&title, body, &[Script::Sort])
}

/// Scores in bins of ten points, 100 a bin of its own.
fn bins(scores: &[f64]) -> Vec<(String, usize)> {
    let mut counts = [0usize; 11];
    for &score in scores {
        let bin = (score.clamp(0.0, 100.0) / 10.0).floor();
        // In 0..=10 by the clamp.
        counts[bin as usize] += 1;
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let label = if i == 10 {
                "100".to_owned()
            } else {
                format!("{}-{}", i * 10, i * 10 + 9)
            };
            (label, n)
        })
        .collect()
}

/// The kinds of fault each student's program shows.
fn kinds_of(one: &Checked) -> Vec<Kind> {
    let Ok(outcome) = &one.outcome else {
        return Vec::new();
    };
    let mut kinds: Vec<Kind> = outcome.failures.keys().copied().collect();
    kinds.sort();
    kinds
}

/// Each kind of fault, and how many students' programs show it.
fn faults(class: &Class) -> Markup {
    let rows: Vec<Vec<Cell>> = Kind::ALL
        .into_iter()
        .filter_map(|kind| {
            let students = class
                .checked
                .iter()
                .filter(|one| kinds_of(one).contains(&kind))
                .count();
            (students > 0).then(|| {
                vec![
                    Cell::text(kind.name()),
                    Cell::number(students.to_string(), students as f64),
                ]
            })
        })
        .collect();
    if rows.is_empty() {
        return html! { p { "No program showed a fault." } };
    }
    table("Kinds of fault", &["fault", "students"], &rows)
}

/// The students' table: name (a link to their page), score, each part,
/// the kinds of fault.
fn students(class: &Class) -> Markup {
    let parts: Vec<&str> = class
        .checked
        .iter()
        .find_map(|one| one.outcome.as_ref().ok()?.score.as_ref())
        .map(|score| score.parts.iter().map(|p| p.part.name()).collect())
        .unwrap_or_default();
    let mut headers = vec!["student", "score"];
    headers.extend(parts.iter().copied());
    headers.push("faults");
    let rows: Vec<Vec<Cell>> = class
        .checked
        .iter()
        .map(|one| {
            let name = one.student.name.to_string_lossy().into_owned();
            let mut row = vec![Cell::link(name, page_of(&one.student.name))];
            match &one.outcome {
                Ok(outcome) => match &outcome.score {
                    Some(score) => {
                        row.push(Cell::number(Points(score.total).to_string(), score.total));
                        for part in &score.parts {
                            row.push(Cell::number(Points(part.points).to_string(), part.points));
                        }
                    }
                    None => {
                        row.push(Cell::number("no score", -1.0));
                        row.extend(parts.iter().map(|_| Cell::number("", -1.0)));
                    }
                },
                Err(why) => {
                    row.push(Cell::number(format!("not checked: {why}"), -1.0));
                    row.extend(parts.iter().map(|_| Cell::number("", -1.0)));
                }
            }
            let kinds: Vec<&str> = kinds_of(one).into_iter().map(Kind::name).collect();
            row.push(Cell::text(kinds.join(", ")));
            row
        })
        .collect();
    table("Students (press a heading to sort)", &headers, &rows)
}

/// The link to a student's page, the folder's name percent-encoded where
/// a URL could not hold it as it is.
fn page_of(name: &std::ffi::OsStr) -> String {
    let mut link = String::new();
    for byte in name.as_encoded_bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                link.push(char::from(*byte));
            }
            _ => {
                let _ = write!(link, "%{byte:02X}");
            }
        }
    }
    link.push_str("/index.html");
    link
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_fall_in_bins_of_ten_and_a_hundred_alone() {
        let counts: Vec<usize> = bins(&[0.0, 9.99, 10.0, 57.7, 99.9, 100.0])
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        assert_eq!(counts, [2, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1]);
    }

    #[test]
    fn a_link_to_a_student_holds_only_what_a_url_may() {
        let name = std::ffi::OsStr::new("ada lovelace\"><img src=x>");
        assert_eq!(
            page_of(name),
            "ada%20lovelace%22%3E%3Cimg%20src%3Dx%3E/index.html"
        );
    }
}
