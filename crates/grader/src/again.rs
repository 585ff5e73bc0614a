//! How a finding is played again by hand: from the program's folder, by
//! names its reader has.
//!
//! Whoever checked reads a check's report on the machine it ran on: the
//! board file in input.txt is named from the program's folder where the
//! reports lie inside it (a check run there, the usual way), else by its
//! full path. A class's reports are handed to students, who have their
//! own folder of them and none of the teacher's: there the finding's
//! folder is named as it is, to be copied into the program's folder, and
//! nothing names a folder of the machine that checked.

use std::path::{Path, PathBuf};

use crate::layout::resolved;
use crate::runner::{Program, shown_word};

/// A finding's way to be played again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunAgain {
    /// The program's command as it runs from its folder.
    pub command: String,
    /// The finding's folder, as the command reaches it from the program's
    /// folder.
    pub folder: PathBuf,
    /// Where the command is run, when not where the check was.
    pub from: RunFrom,
}

/// Where a finding is played again from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunFrom {
    /// Where the check was run: the program's folder, or any folder when
    /// the program has none.
    Here,
    /// The program's folder, which is not where the check was run.
    TheProgramsFolder,
    /// The program's folder, once the finding's folder is copied into it
    /// (a class's reports, handed to a student).
    TheProgramsFolderWithTheFindingCopiedIn,
}

impl RunAgain {
    /// How the finding written to `finding` is played again: `program` as
    /// the games run it (paths into its folder relative to it), from
    /// `folder`, the program's folder where it has one; `handed_out` when
    /// the reports go to the program's author, not to whoever checked.
    pub(crate) fn new(
        program: &Program,
        folder: Option<&Path>,
        finding: &Path,
        handed_out: bool,
    ) -> RunAgain {
        let command = program.shown();
        let Some(folder) = folder.map(resolved) else {
            return RunAgain {
                command,
                folder: finding.to_owned(),
                from: RunFrom::Here,
            };
        };
        let here = std::env::current_dir().map(|here| resolved(&here)).ok();
        let from_here = if here.as_ref() == Some(&folder) {
            RunFrom::Here
        } else {
            RunFrom::TheProgramsFolder
        };
        let whole = resolved(finding);
        match whole.strip_prefix(&folder) {
            Ok(inside) => RunAgain {
                command,
                folder: inside.to_owned(),
                from: from_here,
            },
            Err(_) if handed_out => RunAgain {
                command,
                folder: whole.file_name().map(PathBuf::from).unwrap_or_default(),
                from: RunFrom::TheProgramsFolderWithTheFindingCopiedIn,
            },
            Err(_) => RunAgain {
                command,
                folder: whole,
                from: from_here,
            },
        }
    }

    /// The board file's name as input.txt gives it.
    pub fn board_file(&self) -> String {
        slashed(&self.folder.join("board.txt"))
    }

    /// The command line to type: `python3 proj3.py < wrong-board/input.txt`;
    /// on Windows handed to cmd, so PowerShell, which has no `<`, takes it
    /// too.
    pub fn line(&self) -> String {
        let input = slashed(&self.folder.join("input.txt"));
        let line = format!("{} < {}", self.command, shown_word(&input));
        if cfg!(windows) {
            through_cmd(&line)
        } else {
            line
        }
    }

    /// Where to type it, when not where the check was run; `beside` is
    /// what the reader reads it in (`this report`, `this page`).
    pub fn where_to_run_it(&self, beside: &str) -> Option<String> {
        match self.from {
            RunFrom::Here => None,
            RunFrom::TheProgramsFolder => Some("from the program's folder".to_owned()),
            RunFrom::TheProgramsFolderWithTheFindingCopiedIn => Some(format!(
                "from the program's folder, with the folder {} (beside {beside}) copied into it",
                shown_word(&slashed(&self.folder))
            )),
        }
    }

    /// The finding's folder as the reader names it.
    pub fn folder_shown(&self) -> String {
        visible::path(&self.folder).to_string()
    }
}

/// `line`, a command reading its input with `<`, as cmd runs it from
/// cmd or PowerShell alike: cmd takes away the first and the last quote
/// of what follows `/c` when the line holds a `<`, whatever quotes are
/// inside.
fn through_cmd(line: &str) -> String {
    format!("cmd /c \"{line}\"")
}

/// `path` with `/` between its parts, which every system's programs
/// take.
fn slashed(path: &Path) -> String {
    if path.is_absolute() {
        return path.to_string_lossy().into_owned();
    }
    path.iter()
        .map(|part| part.to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_windows_the_line_is_handed_to_cmd_whole() {
        assert_eq!(
            through_cmd("\"my prog.exe\" --bug x < check-failures/crash/input.txt"),
            "cmd /c \"\"my prog.exe\" --bug x < check-failures/crash/input.txt\""
        );
    }

    fn program() -> Program {
        Program {
            command: "python3".into(),
            args: vec!["proj3.py".into()],
            env: Vec::new(),
        }
    }

    #[test]
    fn reports_inside_the_program_s_folder_are_named_from_it() {
        let folder = tempfile::tempdir().unwrap();
        let finding = folder.path().join("check-failures").join("wrong-board");
        let again = RunAgain::new(&program(), Some(folder.path()), &finding, false);
        assert_eq!(again.board_file(), "check-failures/wrong-board/board.txt");
        assert_eq!(
            again.line(),
            "python3 proj3.py < check-failures/wrong-board/input.txt"
        );
        // The test runs elsewhere than the program's folder.
        assert_eq!(
            again.where_to_run_it("this report").unwrap(),
            "from the program's folder"
        );
    }

    #[test]
    fn a_class_s_finding_is_copied_in_and_names_no_folder_of_the_teacher() {
        let course = tempfile::tempdir().unwrap();
        let student = course.path().join("class").join("alice");
        let finding = course.path().join("out").join("alice").join("crash 2");
        let again = RunAgain::new(&program(), Some(&student), &finding, true);
        assert_eq!(again.board_file(), "crash 2/board.txt");
        assert_eq!(again.line(), "python3 proj3.py < 'crash 2/input.txt'");
        let said = again.where_to_run_it("this report").unwrap();
        assert!(
            said.contains("'crash 2' (beside this report) copied"),
            "{said}"
        );
        let course = course.path().to_string_lossy().into_owned();
        for text in [again.line(), again.board_file(), said] {
            assert!(!text.contains(&course), "{text}");
        }
    }

    #[test]
    fn reports_elsewhere_on_the_machine_that_checked_are_named_whole() {
        let folder = tempfile::tempdir().unwrap();
        let out = tempfile::tempdir().unwrap();
        let finding = out.path().join("hang");
        let again = RunAgain::new(&program(), Some(folder.path()), &finding, false);
        let whole = resolved(&finding).join("board.txt");
        assert_eq!(again.board_file(), whole.to_string_lossy());
    }
}
