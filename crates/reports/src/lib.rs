//! What a check tells, from the values the grader returns: the text
//! report, JSON, Gradescope's `results.json` and the other platforms'
//! results, the pages; and a whole class checked a few students at once,
//! each one's reports written as they finish.
//!
//! The grader below plays the games and returns an `Outcome` (the games'
//! results, the findings with their files, the score); nothing here plays
//! a game or runs a program but through `grader::check`.
//!
//! # Map
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/roster.rs` | a class as values | `students(dir, out)` (its folders by name, but OUT; every other entry, a link or a file, `Skipped` with why), `Class`, `Checked` (each student's check, or why none), what the class's run makes and its pages read |
//! | `src/class.rs` | a whole class | a class whose reports would go into it refused, `check_class` (plain threads, one student a core, each check on one thread, quiet; report.txt and results.json a student) -> `Class` (`without_a_score`: the exit status), `summary_csv` (a row a student and a row a skipped entry; a student not checked has no score and `not checked: …`; control characters escaped as on a terminal, fields quoted as CSV quotes and kept from being formulas) |
//! | `src/html.rs` | the pages a check leaves | `student_page` (the score, each fault's two boards with the square marked, the board file, the moves, stderr, how to run it again), `class_page` (the scores' histogram, faults by students, the students' table that sorts), `write_student_page`, `gradescope_output` (a failed part's faults as Gradescope's HTML) |
//! | `src/platforms.rs` | other platforms' results | `write_github_classroom` (a test runner's result for GitHub Classroom's reporter), `write_prairielearn` (PrairieLearn's external grader `results.json`): a test a part of the score, each part's words from `report::part_explained`; no score said as such |
//! | `src/report.rs` | what `check` tells | `write_text` / `write_text_for`, `Reader` (here, or elsewhere: a Gradescope student), `side_by_side`, `as_printed`, `marked`, `write_json`, `part_explained` |
//! | `src/gradescope.rs` | Gradescope's results | `write_gradescope` (a test a part of the score, worth its weight, a part with faults as Gradescope's HTML from `html`; 0 points, no tests and the reason without a score): above both the text report and the pages |
//!
//! The text report (`src/report.rs`) gives the counts and faults, the
//! score part by part or why there is none, and each finding with its
//! games (counted from 1), its edge cases, and our board beside the
//! program's as it printed it, the square marked in brackets in the
//! program's spaces or by an arrow after its row. For a reader elsewhere
//! the board is flush left and the answers are to be typed, not files
//! opened. The JSON's `score` is null without one; each finding gives its
//! input a move a line and the program's board as printed.

pub mod class;
pub mod gradescope;
pub mod html;
pub mod platforms;
pub mod report;
mod roster;
