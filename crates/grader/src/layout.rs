//! Where a check's folders stand, relative to each other, and what a
//! game may read because of it.
//!
//! A check involves the program's folder (copied for every game), the
//! reports' folder (OUT, by default `check-failures` inside the program's
//! folder), in a class the class folder, the teacher's home and the
//! temporary folder the games' own folders are made in. They may stand
//! anywhere: side by side under one course folder, one inside another,
//! all under /tmp or HOME, named by relative paths or through links. So
//! every rule here is about the folders as they are on disk (links
//! followed), never about how they were named:
//!
//! - the program runs its copy: a path into its folder among the words
//!   of its command line is a path into the copy, relative to it;
//! - a folder is readable by a game only when it holds none of what must
//!   stay hidden (the reports, the class, other students' folders, the
//!   teacher's home, the other games' folders), nor lies inside the
//!   reports or the class; a command whose folder may not be read is
//!   readable as a file on its own;
//! - what a game would need but may not have (the program itself inside
//!   the reports' folder) is refused before the first game, naming both
//!   folders and what to move.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};

use crate::runner::Program;

/// A layout that cannot be sandboxed as promised.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct LayoutError(pub String);

/// The check's folders, each as it is on disk.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// The program's folder, copied for every game.
    folder: Option<PathBuf>,
    /// The reports' folder.
    out: PathBuf,
    /// In a class: the class folder and the class's reports' folder.
    class: Option<(PathBuf, PathBuf)>,
    /// The teacher's home.
    home: Option<PathBuf>,
    /// Where the games' folders and board files are made.
    temp: PathBuf,
}

/// `path` as it is on disk: absolute, with every link on the way followed
/// as far as the path exists (a reports' folder not made yet is placed
/// where its parent really is).
pub fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let parts: Vec<Component> = absolute.components().collect();
    for cut in (1..=parts.len()).rev() {
        let existing: PathBuf = parts[..cut].iter().collect();
        let Ok(mut real) = existing.canonicalize() else {
            continue;
        };
        // What does not exist yet has no links to follow.
        for part in &parts[cut..] {
            match part {
                Component::Normal(name) => real.push(name),
                Component::ParentDir => {
                    real.pop();
                }
                _ => {}
            }
        }
        return real;
    }
    absolute
}

/// Whether `outer` is `inner` or holds it.
fn holds(outer: &Path, inner: &Path) -> bool {
    inner.starts_with(outer)
}

impl Layout {
    /// The layout of a check of the program in `folder`, reporting to
    /// `out`; in a class, `class` is the class folder and its reports'
    /// folder.
    pub(crate) fn new(
        folder: Option<&Path>,
        out: &Path,
        class: Option<(&Path, &Path)>,
        home: Option<&Path>,
    ) -> Layout {
        Layout {
            folder: folder.map(resolved),
            out: resolved(out),
            class: class.map(|(class, out)| (resolved(class), resolved(out))),
            home: home.map(resolved),
            temp: resolved(&sandbox::games_temp_dir()),
        }
    }

    /// The folders no game may read anything of, nor a folder holding
    /// them: the reports and the class.
    fn sealed(&self) -> impl Iterator<Item = (&Path, &'static str)> {
        let class = self.class.iter().flat_map(|(class, out)| {
            [
                (class.as_path(), "the class folder"),
                (out.as_path(), "the class's reports' folder"),
            ]
        });
        std::iter::once((self.out.as_path(), "the reports' folder")).chain(class)
    }

    /// The folders a game may read inside of (what the command names)
    /// but never as a whole: the teacher's home, the folder of the
    /// games' own folders, and the folder around the program's (where
    /// other students' folders may be).
    fn kept_whole(&self) -> impl Iterator<Item = &Path> {
        let around = self.folder.as_deref().and_then(Path::parent);
        self.home
            .as_deref()
            .into_iter()
            .chain([self.temp.as_path()])
            .chain(around)
    }

    /// Whether a game may read `path` (and all inside it), and if not,
    /// what it would reach that it may not.
    pub(crate) fn hides(&self, path: &Path) -> Option<String> {
        let path = resolved(path);
        if path.parent().is_none() {
            return Some("the whole file system".to_owned());
        }
        for (sealed, name) in self.sealed() {
            if holds(sealed, &path) {
                return Some(format!("it lies inside {name} {}", visible::path(sealed)));
            }
            if holds(&path, sealed) {
                return Some(format!("it holds {name} {}", visible::path(sealed)));
            }
        }
        self.kept_whole()
            .find(|kept| holds(&path, kept))
            .map(|kept| format!("it holds {}", visible::path(kept)))
    }

    /// The folders the copy of the program's folder leaves out: the
    /// reports (the default `check-failures` lies inside it), lest a game
    /// read an earlier check's expected output.
    pub(crate) fn not_copied(&self) -> Vec<PathBuf> {
        self.sealed().map(|(path, _)| path.to_owned()).collect()
    }

    /// Refuses what cannot be sandboxed as promised, before any game:
    /// the reports' folder the program's folder itself (its reports would
    /// be copied into the next check's games).
    pub(crate) fn refusal(&self) -> Result<(), LayoutError> {
        let Some(folder) = &self.folder else {
            return Ok(());
        };
        if *folder == self.out {
            return Err(LayoutError(format!(
                "the reports' folder (--out) is the program's folder {}, which every game gets \
                 a copy of: give the reports a folder of their own, such as --out \
                 check-failures",
                visible::path(folder)
            )));
        }
        Ok(())
    }

    /// `program` as the games run it: an absolute path into the program's
    /// folder (the command or an argument) made relative, into the game's
    /// copy, unless it lies in a folder the copy leaves out (`left_out`,
    /// relative to the folder). Refused: the command, or a file named by
    /// its full path, in a folder no game may read.
    pub(crate) fn program_for_runs(
        &self,
        program: &Program,
        left_out: &[PathBuf],
        path_variable: Option<&std::ffi::OsStr>,
    ) -> Result<Program, LayoutError> {
        let command = self.in_copy(&program.command, left_out, true);
        let args: Vec<OsString> = program
            .args
            .iter()
            .map(|arg| self.in_copy(arg, left_out, false))
            .collect();
        let found = sandbox::find_command(Path::new(&command), path_variable);
        // A file named is one the program needs (its script); a folder
        // named that holds what is hidden is simply not given.
        let named = args
            .iter()
            .map(Path::new)
            .filter(|arg| arg.is_absolute() && arg.is_file());
        for path in found.as_deref().into_iter().chain(named) {
            for (sealed, name) in self.sealed() {
                if holds(sealed, &resolved(path)) {
                    return Err(LayoutError(format!(
                        "{} lies inside {name} {}, which no game may read: put the program \
                         where the games may read it, or {name} elsewhere",
                        visible::path(path),
                        visible::path(sealed),
                    )));
                }
            }
        }
        Ok(Program {
            command,
            args,
            env: program.env.clone(),
        })
    }

    /// A file that `program` (as the games run it) names relative to the
    /// program's folder and that is not there: `proj3.py` in a folder
    /// where a student handed in no such file. Only words that look like a
    /// file's name (with an extension, not an option) are looked for.
    pub(crate) fn missing_file<'a>(&self, program: &'a Program) -> Option<&'a Path> {
        let folder = self.folder.as_ref()?;
        let plain = |c: char| c.is_alphanumeric() || "._-/+@".contains(c);
        let extension = |e: &std::ffi::OsStr| {
            let e = e.to_string_lossy();
            (1..=5).contains(&e.len()) && e.chars().all(|c| c.is_ascii_alphanumeric())
        };
        program.args.iter().map(Path::new).find(|arg| {
            let word = arg.to_string_lossy();
            arg.is_relative()
                && !word.starts_with('-')
                && word.chars().all(plain)
                && arg.extension().is_some_and(extension)
                && !folder.join(arg).exists()
        })
    }

    /// `word` as a game's copy names it: relative to the copy when it
    /// names a file or folder in the program's folder, by its full path or
    /// from where the check was started, as a shell would read it (`./`
    /// before a command, which would otherwise be looked for on the PATH);
    /// as it is otherwise (a relative path then names a file of the copy).
    fn in_copy(&self, word: &OsString, left_out: &[PathBuf], command: bool) -> OsString {
        let path = Path::new(word);
        let Some(folder) = &self.folder else {
            return word.clone();
        };
        // A bare command is looked for on the PATH, not here.
        let on_the_path = command && path.components().count() == 1;
        if on_the_path || word.is_empty() || !path.exists() {
            return word.clone();
        }
        let Ok(inside) = resolved(path).strip_prefix(folder).map(Path::to_owned) else {
            return word.clone();
        };
        let full = folder.join(&inside);
        let copied = !left_out.iter().any(|left| inside.starts_with(left))
            && !self
                .sealed()
                .any(|(sealed, _)| sealed.starts_with(folder) && holds(sealed, &full));
        if !copied {
            return word.clone();
        }
        if inside.as_os_str().is_empty() {
            return OsString::from(".");
        }
        let relative: PathBuf = if command {
            std::iter::once(Component::CurDir)
                .chain(inside.components())
                .collect()
        } else {
            inside
        };
        relative.into_os_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// A course folder: `prog` with proj3.py, `venv/bin/python3`, and
    /// whatever else the test makes.
    fn course() -> tempfile::TempDir {
        let course = tempfile::tempdir().unwrap();
        fs::create_dir_all(course.path().join("prog/.venv/bin")).unwrap();
        fs::write(course.path().join("prog/proj3.py"), "").unwrap();
        fs::write(course.path().join("prog/.venv/bin/python3"), "").unwrap();
        fs::create_dir_all(course.path().join("venv/bin")).unwrap();
        fs::write(course.path().join("venv/bin/python3"), "").unwrap();
        course
    }

    fn program(words: &[&Path]) -> Program {
        Program {
            command: words[0].as_os_str().to_owned(),
            args: words[1..]
                .iter()
                .map(|w| w.as_os_str().to_owned())
                .collect(),
            env: Vec::new(),
        }
    }

    #[test]
    fn a_path_does_not_stand_for_a_missing_folder_s_parent() {
        let course = course();
        let real = course.path().canonicalize().unwrap();
        assert_eq!(
            resolved(&course.path().join("out/a/../b")),
            real.join("out/b")
        );
        assert_eq!(resolved(&course.path().join("prog")), real.join("prog"));
    }

    #[test]
    fn the_program_runs_its_copy_whatever_path_names_it() {
        let course = course();
        let prog = course.path().join("prog");
        let layout = Layout::new(Some(&prog), &course.path().join("out"), None, None);
        let left_out = [PathBuf::from(".venv")];
        let run = layout
            .program_for_runs(
                &program(&[Path::new("python3"), &prog.join("proj3.py"), &prog]),
                &left_out,
                None,
            )
            .unwrap();
        assert_eq!(run.command, "python3");
        assert_eq!(run.args, ["proj3.py", "."]);
        // Its own program by full path, and an interpreter left out of the copy.
        let venv = prog.join(".venv/bin/python3");
        let run = layout
            .program_for_runs(&program(&[&venv, Path::new("x")]), &left_out, None)
            .unwrap();
        assert_eq!(run.command, venv.as_os_str());
        let binary = program(&[&prog.join("proj3.py")]);
        let run = layout.program_for_runs(&binary, &left_out, None).unwrap();
        assert_eq!(run.command, "./proj3.py");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_the_folder_is_the_folder() {
        let course = course();
        let link = course.path().join("link");
        std::os::unix::fs::symlink(course.path().join("prog"), &link).unwrap();
        let layout = Layout::new(Some(&link), &course.path().join("out"), None, None);
        let run = layout
            .program_for_runs(
                &program(&[Path::new("python3"), &course.path().join("prog/proj3.py")]),
                &[],
                None,
            )
            .unwrap();
        assert_eq!(run.args, ["proj3.py"]);
    }

    #[test]
    fn a_script_not_handed_in_is_missing() {
        let course = course();
        let layout = Layout::new(
            Some(&course.path().join("prog")),
            Path::new("out"),
            None,
            None,
        );
        let missing = program(&[Path::new("python3"), Path::new("main.py")]);
        assert_eq!(layout.missing_file(&missing), Some(Path::new("main.py")));
        let there = program(&[Path::new("python3"), Path::new("-u"), Path::new("proj3.py")]);
        assert_eq!(layout.missing_file(&there), None);
        let words = program(&[Path::new("java"), Path::new("Proj3")]);
        assert_eq!(layout.missing_file(&words), None);
        let script = program(&[
            Path::new("sh"),
            Path::new("-c"),
            Path::new("cat x.csv; exit 1"),
        ]);
        assert_eq!(layout.missing_file(&script), None);
    }

    #[test]
    fn a_program_inside_the_reports_is_refused_with_both_folders() {
        let course = course();
        let out = course.path().join("prog");
        let layout = Layout::new(None, &out, None, None);
        let refused = layout
            .program_for_runs(
                &program(&[Path::new("python3"), &out.join("proj3.py")]),
                &[],
                None,
            )
            .unwrap_err()
            .to_string();
        assert!(
            refused.contains("proj3.py lies inside the reports' folder"),
            "{refused}"
        );
        let same = Layout::new(Some(&out), &out, None, None).refusal();
        assert!(same.unwrap_err().to_string().contains("--out"));
    }

    #[test]
    fn what_a_game_may_read_holds_nothing_hidden() {
        let course = course();
        let c = course.path();
        let layout = Layout::new(
            Some(&c.join("prog")),
            &c.join("out"),
            None,
            Some(&c.join("home")),
        );
        // An interpreter beside the program's folder, and its folder.
        assert_eq!(layout.hides(&c.join("venv/bin")), None);
        assert_eq!(layout.hides(&c.join("prog/.venv")), None);
        // Not the course folder, which holds the reports and other students.
        assert!(layout.hides(c).unwrap().contains("reports"));
        assert!(
            layout
                .hides(&c.join("out/crash"))
                .unwrap()
                .contains("lies inside")
        );
        assert!(layout.hides(Path::new("/")).is_some());
        assert!(layout.hides(&std::env::temp_dir()).is_some());
        // The program's folder itself, with the reports inside it, neither.
        let inside = Layout::new(Some(&c.join("prog")), &c.join("prog/out"), None, None);
        assert!(
            inside
                .hides(&c.join("prog"))
                .unwrap()
                .contains("holds the reports")
        );
        assert_eq!(inside.hides(&c.join("prog/.venv")), None);
        // In a class, the class folder and every report.
        let class = Layout::new(
            Some(&c.join("subs/alice")),
            &c.join("graded/alice"),
            Some((&c.join("subs"), &c.join("graded"))),
            None,
        );
        assert!(class.hides(&c.join("subs/bob")).is_some());
        assert!(class.hides(&c.join("graded/bob")).is_some());
        assert_eq!(class.hides(&c.join("venv")), None);
    }
}
