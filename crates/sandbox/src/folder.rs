//! The program's folder as every game gets it: measured (a submission is
//! a few files; a teacher's home is not), copied once without what no
//! program runs from, and handed to the user the games run as.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The most a program's folder may hold to be copied for the games: a
/// proj3 submission is a few files; a teacher's home is not.
pub(crate) const MOST_FOLDER_BYTES: u64 = 64 << 20;
/// The most files it may hold.
pub(crate) const MOST_FOLDER_FILES: usize = 2000;

/// Why a program's folder cannot serve.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    #[error(
        "{folder} holds more than {most} to copy for every game, not counting version-control, \
         cache and virtual-environment folders (left out); give the program's own folder with \
         --folder"
    )]
    /// The folder is larger than the copies of every game can take.
    TooLarge {
        /// The folder, escaped.
        folder: String,
        /// The most it may hold, in words.
        most: String,
    },
    #[error("cannot read {folder}: {source}")]
    /// The folder cannot be read or copied.
    Unreadable {
        /// The folder, escaped.
        folder: String,
        /// Why.
        source: io::Error,
    },
}

/// Held to write into a run's folder (where executables are copied), and
/// shared to start a process. A process forked while a file is open for
/// writing holds that file open until it execs; another run's exec of the
/// file then fails with ETXTBSY ("Text file busy"), a crash the program
/// never had (1 game in 40 of a correct program, under load). `spawn`
/// returns once the child has exec'd, so no child is between fork and
/// exec while a copy is written.
static EXECUTABLES: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Shared while a process starts: see `EXECUTABLES`.
pub fn starting_a_process() -> std::sync::RwLockReadGuard<'static, ()> {
    EXECUTABLES
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Held while files a process may exec are written: see [`EXECUTABLES`].
pub(super) fn writing_executables() -> std::sync::RwLockWriteGuard<'static, ()> {
    EXECUTABLES
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The program's `folder` as it is now (or nothing), copied once into
/// `runs`, with a `tmp` folder for its TMPDIR: the games see this copy,
/// never the folder itself, which may hold the runs' own folder or the
/// reports, or change while the check goes on.
pub(super) fn copy_of_program(
    folder: Option<&ProgramFolder>,
    runs: &Path,
) -> Result<PathBuf, FolderError> {
    let copy = runs.join("program");
    let unreadable = |source| FolderError::Unreadable {
        folder: folder.map_or_else(
            || "a temporary folder".to_owned(),
            |f| visible::path(&f.path),
        ),
        source,
    };
    fs::create_dir(&copy).map_err(unreadable)?;
    if let Some(folder) = folder {
        let mut skipped = folder.not_copied.clone();
        skipped.push(runs.to_owned());
        let writing = writing_executables();
        copy_folder(&folder.path, &copy, &skipped, true).map_err(unreadable)?;
        drop(writing);
    }
    fs::create_dir_all(copy.join("tmp")).map_err(unreadable)?;
    Ok(copy)
}

/// A small copy of the program's, listed once, so that each game's jail
/// can copy it into the game's own tmpfs with a few system calls (a
/// mount of an overlay over it cost half a millisecond more a game).
#[cfg(target_os = "linux")]
#[derive(Clone, Debug, Default)]
pub(crate) struct Listing {
    /// Each entry, by its path in the copy, folders before what they
    /// hold.
    pub(crate) entries: Vec<(PathBuf, Entry)>,
}

/// An entry of a [`Listing`].
#[cfg(target_os = "linux")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// A folder, and its mode.
    Folder(u32),
    /// A file, and its mode.
    File(u32),
    /// A symbolic link, and its target.
    Link(PathBuf),
}

/// The most entries a copy may have to be listed, and its most bytes.
#[cfg(target_os = "linux")]
const MOST_LISTED: (usize, u64) = (64, 4 << 20);

#[cfg(target_os = "linux")]
impl Listing {
    /// The copy at `copy`, listed, where it is small (else `None`: the
    /// games see it through an overlay).
    pub(crate) fn of(copy: &Path) -> Option<Listing> {
        use std::os::unix::fs::PermissionsExt;
        let mut listing = Listing::default();
        let mut bytes = 0;
        let mut stack = vec![copy.to_owned()];
        while let Some(folder) = stack.pop() {
            let mut entries: Vec<fs::DirEntry> = fs::read_dir(&folder).ok()?.flatten().collect();
            entries.sort_by_key(fs::DirEntry::file_name);
            for entry in entries {
                let path = entry.path();
                let meta = fs::symlink_metadata(&path).ok()?;
                let relative = path.strip_prefix(copy).ok()?.to_owned();
                let mode = meta.permissions().mode() & 0o7777;
                let item = if meta.is_dir() {
                    stack.push(path.clone());
                    Entry::Folder(mode)
                } else if meta.is_file() {
                    bytes += meta.len();
                    Entry::File(mode)
                } else if meta.is_symlink() {
                    Entry::Link(fs::read_link(&path).ok()?)
                } else {
                    continue;
                };
                listing.entries.push((relative, item));
                if listing.entries.len() > MOST_LISTED.0 || bytes > MOST_LISTED.1 {
                    return None;
                }
            }
        }
        // Folders before what they hold.
        listing
            .entries
            .sort_by_key(|(path, _)| path.components().count());
        Some(listing)
    }
}

/// Folders left out of the copy of a program's folder: version control,
/// caches and editors' settings, which no program runs from (a
/// submission with a `.git` of thousands of files is still a few files
/// to run). A folder holding `pyvenv.cfg`, a virtual environment, is left
/// out too: the program runs with the teacher's interpreter.
const LEFT_OUT: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    "__pycache__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".tox",
    ".venv",
    "node_modules",
    ".idea",
    ".vscode",
];

/// Whether the folder `dir` is left out of the copy.
fn left_out(dir: &Path) -> bool {
    dir.file_name()
        .is_some_and(|name| LEFT_OUT.iter().any(|left| name == *left))
        || dir.join("pyvenv.cfg").is_file()
}

/// The program's folder as every game gets it: the folder, the folders
/// left out of its copy because no program runs from them (`left_out`),
/// and those it must not be given (the reports, when they lie inside).
#[derive(Clone, Debug)]
pub struct ProgramFolder {
    path: PathBuf,
    left_out: Vec<PathBuf>,
    not_copied: Vec<PathBuf>,
}

impl ProgramFolder {
    /// `folder`, checked to be small enough to copy for every run without
    /// the folders `left_out` and `not_copied` (full paths, links
    /// followed).
    pub fn measure(folder: &Path, not_copied: &[PathBuf]) -> Result<Self, FolderError> {
        Ok(ProgramFolder {
            path: folder.to_owned(),
            left_out: measure(folder, not_copied)?,
            not_copied: not_copied.to_vec(),
        })
    }

    /// The folders left out of the copy because no program runs from them,
    /// by their paths in it.
    pub fn left_out(&self) -> &[PathBuf] {
        &self.left_out
    }
}

/// Checks that `folder`, without the folders [`left_out`] and
/// `not_copied`, is small enough to copy for every run; gives those left
/// out, by their paths in it.
fn measure(folder: &Path, not_copied: &[PathBuf]) -> Result<Vec<PathBuf>, FolderError> {
    let shown = || visible::path(folder);
    let (mut bytes, mut files) = (0u64, 0usize);
    let mut left = Vec::new();
    let mut stack = vec![folder.to_owned()];
    while let Some(dir) = stack.pop() {
        let entries = fs::read_dir(&dir).map_err(|source| FolderError::Unreadable {
            folder: shown(),
            source,
        })?;
        for entry in entries.flatten() {
            // Links are not followed, as the copy does not follow them.
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                let path = entry.path();
                if not_copied.iter().any(|skip| same_file(&path, skip)) {
                    continue;
                }
                if left_out(&path) {
                    left.extend(path.strip_prefix(folder).ok().map(Path::to_owned));
                } else {
                    stack.push(path);
                }
            } else if kind.is_file() {
                bytes += entry.metadata().map_or(0, |meta| meta.len());
                files += 1;
            }
            if bytes > MOST_FOLDER_BYTES || files > MOST_FOLDER_FILES {
                return Err(FolderError::TooLarge {
                    folder: shown(),
                    most: format!(
                        "{} MiB or {MOST_FOLDER_FILES} files",
                        MOST_FOLDER_BYTES >> 20
                    ),
                });
            }
        }
    }
    left.sort();
    Ok(left)
}

/// Copies the files and folders of `from` into `to`, leaving out `skip`
/// (the runs' own folder and the reports, when they lie inside) and, with
/// `leave_out`, the folders [`left_out`]; links are not followed (a link
/// out of the folder is left behind).
pub(super) fn copy_folder(
    from: &Path,
    to: &Path,
    skip: &[PathBuf],
    leave_out: bool,
) -> io::Result<()> {
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() && skip.iter().any(|skip| same_file(&entry.path(), skip)) {
            continue;
        }
        if kind.is_dir() {
            if leave_out && left_out(&entry.path()) {
                continue;
            }
            fs::create_dir(&target)?;
            copy_folder(&entry.path(), &target, skip, leave_out)?;
        } else if kind.is_file() {
            fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Whether `a` and `b` name the same file or folder.
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Where the games' folders and their board files are made: the system's
/// temporary folder, unless the games may run as another user (a check
/// run as root) and a folder on the way to it shuts others out, as a
/// `TMPDIR` in root's home does: then /tmp, which every user may go
/// through. Without it those games could not reach their own board, and
/// a grade would hang on where the teacher's `TMPDIR` points.
pub fn games_temp_dir() -> PathBuf {
    let temp = std::env::temp_dir();
    #[cfg(unix)]
    if super::is_root() && closed_to_others(&temp).is_some() {
        let shared = Path::new("/tmp");
        if closed_to_others(shared).is_none() {
            return shared.to_owned();
        }
    }
    temp
}

/// The first folder on the way to `path` (or `path` itself) that a user
/// who is neither its owner nor in its group cannot go through or read:
/// where such a user, running a program, is stopped. `None` when every
/// step is open to others.
#[cfg(unix)]
pub fn closed_to_others(path: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::path::absolute(path).ok()?;
    let mut steps: Vec<&Path> = path.ancestors().collect();
    steps.reverse();
    for step in steps {
        let Ok(meta) = fs::metadata(step) else {
            continue;
        };
        let mode = meta.permissions().mode();
        let open = if meta.is_dir() {
            mode & 0o001 != 0
        } else {
            mode & 0o005 != 0
        };
        if !open {
            return Some(step.to_owned());
        }
    }
    None
}

/// Sets the permission bits of `path` to `mode` where files have them
/// (Unix); elsewhere nothing to set.
pub fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        let _ = (path, mode);
        Ok(())
    }
}

/// Lets every user read and write `folder` and everything in it, and
/// run what its owner may run: the program's one copy, seen by every
/// game through an overlay, whose writes land in the game's own tmpfs
/// (as the copy's owner, with its modes), never in the copy.
#[cfg(unix)]
pub(super) fn open_to_every_user(folder: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let meta = fs::symlink_metadata(folder)?;
    if meta.is_symlink() {
        return Ok(());
    }
    let mode = meta.permissions().mode();
    let open = if meta.is_dir() || mode & 0o111 != 0 {
        0o777
    } else {
        0o666
    };
    fs::set_permissions(folder, fs::Permissions::from_mode(mode | open))?;
    if meta.is_dir() {
        for entry in fs::read_dir(folder)? {
            open_to_every_user(&entry?.path())?;
        }
    }
    Ok(())
}

/// Gives `folder` and everything in it to the user and group `owner`
/// (links themselves, not what they point to).
#[cfg(unix)]
pub(super) fn hand_over(folder: &Path, owner: (u32, u32)) -> io::Result<()> {
    std::os::unix::fs::lchown(folder, Some(owner.0), Some(owner.1))?;
    if fs::symlink_metadata(folder)?.is_dir() {
        for entry in fs::read_dir(folder)? {
            hand_over(&entry?.path(), owner)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::os::unix::fs::PermissionsExt;

    #[cfg(unix)]
    #[test]
    fn a_folder_closed_to_others_is_found_on_the_way() {
        let root = tempfile::tempdir().unwrap();
        let open = root.path().join("open");
        fs::create_dir_all(open.join("closed/inner")).unwrap();
        let program = open.join("closed/inner/program");
        fs::write(&program, "").unwrap();
        for folder in [root.path(), &open, &open.join("closed/inner")] {
            fs::set_permissions(folder, fs::Permissions::from_mode(0o755)).unwrap();
        }
        fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
        fs::set_permissions(open.join("closed"), fs::Permissions::from_mode(0o700)).unwrap();
        let blocked = closed_to_others(&program);
        // The temporary folder's own parents may be closed too on some
        // machines: the first closed step is ours or above it.
        assert!(blocked.is_some());
        assert!(open.join("closed").starts_with(blocked.unwrap()));
        fs::set_permissions(open.join("closed"), fs::Permissions::from_mode(0o755)).unwrap();
        if closed_to_others(root.path()).is_none() {
            assert_eq!(closed_to_others(&program), None);
        }
    }

    #[test]
    fn a_large_folder_is_refused_with_what_to_do() {
        let folder = tempfile::tempdir().unwrap();
        for i in 0..=MOST_FOLDER_FILES {
            fs::write(folder.path().join(format!("{i}")), "").unwrap();
        }
        let error = ProgramFolder::measure(folder.path(), &[])
            .unwrap_err()
            .to_string();
        assert!(error.contains("--folder"), "{error}");
    }
}
