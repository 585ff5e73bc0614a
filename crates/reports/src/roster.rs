//! A class as values: its students (each folder of the class, by name),
//! the entries passed over and why, and each student's check once made.
//! What the class's run makes and its pages read.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use grader::layout::resolved;
use grader::{CheckError, Outcome};

/// One student: the name of their folder, and where it is.
#[derive(Clone, Debug)]
pub struct Student {
    /// The folder's name, the student's.
    pub name: OsString,
    /// The folder.
    pub folder: PathBuf,
}

/// An entry of the class folder that is not checked, and why.
#[derive(Clone, Debug)]
pub struct Skipped {
    /// The entry's name.
    pub name: OsString,
    /// Why it is not a student's folder.
    pub why: &'static str,
}

/// The students of `class`: its folders, by name, but the reports'
/// folder `out` when it lies there; and its other entries, each with why
/// it is passed over (a link could lead anywhere on the machine, so it is
/// not followed).
pub fn students(class: &Path, out: &Path) -> Result<(Vec<Student>, Vec<Skipped>), CheckError> {
    let shown = visible::path(class);
    let entries = fs::read_dir(class).map_err(CheckError::io(format!("cannot read {shown}")))?;
    let out = resolved(out);
    let mut students = Vec::new();
    let mut skipped = Vec::new();
    for entry in entries {
        let entry = entry.map_err(CheckError::io(format!("cannot read {shown}")))?;
        if resolved(&entry.path()) == out {
            continue;
        }
        let kind = entry.file_type().ok();
        let why = match kind {
            Some(kind) if kind.is_dir() => {
                students.push(Student {
                    name: entry.file_name(),
                    folder: entry.path(),
                });
                continue;
            }
            Some(kind) if kind.is_symlink() => {
                "a link, not a folder: links are not followed (copy the folder in)"
            }
            Some(kind) if kind.is_file() => "a file, not a student's folder",
            _ => "not a folder",
        };
        skipped.push(Skipped {
            name: entry.file_name(),
            why,
        });
    }
    students.sort_by(|a, b| a.name.cmp(&b.name));
    skipped.sort_by(|a, b| a.name.cmp(&b.name));
    Ok((students, skipped))
}

/// A class checked: each student's check, and the entries passed over.
#[derive(Debug)]
pub struct Class {
    /// The students checked, by name.
    pub checked: Vec<Checked>,
    /// The entries that are not students' folders.
    pub skipped: Vec<Skipped>,
}

impl Class {
    /// The students who got no score: not checked, or out of time.
    pub fn without_a_score(&self) -> usize {
        self.checked
            .iter()
            .filter(|one| one.outcome.as_ref().map_or(true, |o| o.score.is_none()))
            .count()
    }
}

/// How one student's check went.
#[derive(Debug)]
pub struct Checked {
    /// Whose check it is.
    pub student: Student,
    /// The check, or why it could not be made.
    pub outcome: Result<Outcome, String>,
    /// How long the check took.
    pub seconds: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn students_are_the_folders_by_name_and_the_rest_passed_over_with_why() {
        let class = tempfile::tempdir().unwrap();
        for name in ["bo", "al"] {
            fs::create_dir(class.path().join(name)).unwrap();
        }
        fs::write(class.path().join("notes.txt"), "").unwrap();
        std::os::unix::fs::symlink("/", class.path().join("root")).unwrap();
        let (students, skipped) = students(class.path(), &class.path().join("out")).unwrap();
        let names: Vec<OsString> = students.into_iter().map(|s| s.name).collect();
        assert_eq!(names, ["al", "bo"]);
        let skipped: Vec<(OsString, &str)> = skipped.into_iter().map(|s| (s.name, s.why)).collect();
        assert_eq!(skipped[0].0, "notes.txt");
        assert!(skipped[0].1.contains("a file"));
        assert_eq!(skipped[1].0, "root");
        assert!(skipped[1].1.contains("a link"));
    }
}
