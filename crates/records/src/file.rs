//! Record files opened as untrusted: the history, a save, a move log and
//! the settings can each be replaced by anything, a FIFO that would make a
//! read wait for ever or a link to `/dev/zero` that never ends. Only a
//! regular file is read, and never more of it than a record file of its
//! kind can hold.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// `path` opened for reading if it is a regular file; `None` when there
/// is nothing there; an error saying so when it is something else.
pub(crate) fn open_regular(path: &Path) -> io::Result<Option<File>> {
    match open(path, OpenOptions::new().read(true)) {
        Ok(file) => Ok(Some(file)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// `error` as it is, unless it is the one a link at the end of the path
/// gives under `O_NOFOLLOW` (ELOOP), which is said as what it is.
fn said_of_a_link(error: io::Error) -> io::Error {
    #[cfg(unix)]
    if error.raw_os_error() == Some(libc::ELOOP) {
        return io::Error::new(
            io::ErrorKind::InvalidInput,
            "a link, not a regular file of its own: record files are never written through links",
        );
    }
    error
}

/// `path` opened with `options` if it is, or becomes, a regular file of
/// its own; an error when it is something else, a link included (a link
/// to another file would have a record written into that file).
pub fn open(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    // Opening a FIFO waits for the other end unless it is opened without
    // blocking; a regular file reads and writes the same either way. A
    // link as the last part of the path is not followed.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(options, libc::O_NONBLOCK | libc::O_NOFOLLOW);
    let file = options.open(path).map_err(said_of_a_link)?;
    // The file opened is the one looked at: no other can be put in its
    // place between the two.
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok(file)
}

/// What is wrong, said of the path that is wrong: a record folder that is
/// a file, a board kept that is a folder. Its kind stays the error's.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {what}")]
pub struct Named {
    /// The path, escaped.
    path: String,
    /// What is wrong with it.
    what: io::Error,
}

/// `what`, said of `path`, unless it names a path already.
pub(crate) fn named(path: &Path, what: io::Error) -> io::Error {
    if is_named(&what) {
        return what;
    }
    let kind = what.kind();
    let path = visible::path(path).to_string();
    io::Error::new(kind, Named { path, what })
}

/// Whether `error` names the path it is about.
pub fn is_named(error: &io::Error) -> bool {
    matches!(error.get_ref(), Some(inner) if inner.is::<Named>())
}

/// Makes sure `folder`, one of the records' own (`…/minesweeper`, its
/// `boards`), is a folder of its own, made if it is missing: never a link
/// (records are not written through one, wherever it points: as root, a
/// link to /etc would put them there) and never a file, a FIFO or a
/// device. The folders above it are the user's and are followed: a home
/// or an `XDG_DATA_HOME` kept elsewhere through a link is common.
/// Errors name `folder`.
pub(crate) fn own_folder(folder: &Path) -> io::Result<()> {
    let kind_of = |meta: &std::fs::Metadata| -> Option<&'static str> {
        let kind = meta.file_type();
        if kind.is_dir() {
            None
        } else if kind.is_symlink() {
            Some("a link, not a folder of its own: records are never written through links")
        } else if kind.is_file() {
            Some("a file, where the records' folder should be")
        } else {
            Some("a FIFO, socket or device, where the records' folder should be")
        }
    };
    let wrong = |what: &str| {
        named(
            folder,
            io::Error::new(io::ErrorKind::InvalidInput, what.to_owned()),
        )
    };
    match std::fs::symlink_metadata(folder) {
        Ok(meta) => kind_of(&meta).map_or(Ok(()), |what| Err(wrong(what))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            std::fs::create_dir_all(folder).map_err(|e| named(folder, e))?;
            // Made by another at the same moment, as something else?
            let meta = std::fs::symlink_metadata(folder).map_err(|e| named(folder, e))?;
            kind_of(&meta).map_or(Ok(()), |what| Err(wrong(what)))
        }
        Err(e) => Err(named(folder, e)),
    }
}

/// The whole of the regular file at `path`, if it holds at most `most`
/// bytes; `None` when there is nothing there. A larger file is refused
/// by its size, unread.
pub fn read_at_most(path: &Path, most: u64) -> io::Result<Option<Vec<u8>>> {
    let Some(file) = open_regular(path)? else {
        return Ok(None);
    };
    let size = file.metadata()?.len();
    if size > most {
        return Err(too_large(most));
    }
    // Sized to the file (which may still grow: the read stops past `most`).
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0) + 1);
    file.take(most + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > most {
        return Err(too_large(most));
    }
    Ok(Some(bytes))
}

/// The error of a file larger than any of its kind.
pub(crate) fn too_large(most: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("larger than any record file ({} MiB at most)", most >> 20),
    )
}

/// How old a temporary file must be before it is taken for one a killed
/// program left: a live writer renames its own within milliseconds.
pub(crate) const LEFT_FOR: std::time::Duration = std::time::Duration::from_secs(60);

/// Removes the temporary files in `folder` named `prefix…` that were last
/// written `LEFT_FOR` ago or more: left by a program killed between
/// writing one and renaming it into place. How many went.
pub fn remove_leftovers(folder: &Path, prefix: &str) -> usize {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    let now = std::time::SystemTime::now();
    entries
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().starts_with(prefix))
        .filter(|entry| {
            entry.metadata().is_ok_and(|m| {
                m.is_file()
                    && m.modified()
                        .is_ok_and(|at| now.duration_since(at).is_ok_and(|age| age >= LEFT_FOR))
            })
        })
        .filter(|entry| std::fs::remove_file(entry.path()).is_ok())
        .count()
}

/// Makes a FIFO at `path`, for tests of files that are not regular.
#[cfg(all(test, unix))]
pub(crate) fn make_fifo(path: &Path) {
    let name = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo(3) on a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A records' folder is made when missing and refused, by its path,
    /// when a link (wherever it points), a file or a FIFO stands there.
    #[cfg(unix)]
    #[test]
    fn a_records_folder_is_a_folder_of_its_own() {
        let root = tempfile::tempdir().unwrap();
        let made = root.path().join("a/minesweeper");
        own_folder(&made).unwrap();
        assert!(made.is_dir());
        own_folder(&made).unwrap();
        let link = root.path().join("link");
        std::os::unix::fs::symlink(&made, &link).unwrap();
        let file = root.path().join("file");
        std::fs::write(&file, "").unwrap();
        let fifo = root.path().join("fifo");
        make_fifo(&fifo);
        for (path, what) in [(&link, "a link"), (&file, "a file"), (&fifo, "a FIFO")] {
            let error = own_folder(path).unwrap_err();
            assert!(is_named(&error), "{error}");
            let said = error.to_string();
            assert!(
                said.starts_with(&format!("{}: {what}", path.display())),
                "{said}"
            );
        }
    }

    #[test]
    fn a_regular_file_is_read_and_nothing_is_none() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("a.json");
        assert!(read_at_most(&path, 10).unwrap().is_none());
        std::fs::write(&path, "0123456789").unwrap();
        assert_eq!(read_at_most(&path, 10).unwrap().unwrap(), b"0123456789");
        let error = read_at_most(&path, 9).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn a_folder_is_refused() {
        let folder = tempfile::tempdir().unwrap();
        let error = open_regular(folder.path()).unwrap_err();
        assert!(
            error.to_string().contains("not a regular file")
                || error.kind() == io::ErrorKind::IsADirectory,
            "{error}"
        );
    }

    #[test]
    fn only_old_leftovers_go() {
        let folder = tempfile::tempdir().unwrap();
        let old = folder.path().join(".saving-old");
        let new = folder.path().join(".saving-new");
        let other = folder.path().join("play-game.json");
        for path in [&old, &new, &other] {
            std::fs::write(path, "x").unwrap();
        }
        let long_ago = std::time::SystemTime::now() - 2 * LEFT_FOR;
        for path in [&old, &other] {
            let file = File::options().write(true).open(path).unwrap();
            file.set_modified(long_ago).unwrap();
        }
        assert_eq!(remove_leftovers(folder.path(), ".saving-"), 1);
        assert!(!old.exists() && new.exists() && other.exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_neither_read_nor_written_through() {
        let folder = tempfile::tempdir().unwrap();
        let target = folder.path().join("passwd");
        std::fs::write(&target, "root:x:0:0\n").unwrap();
        let link = folder.path().join("history.jsonl");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let error = open(&link, OpenOptions::new().append(true)).unwrap_err();
        assert!(error.to_string().contains("a link"), "{error}");
        assert!(read_at_most(&link, 1 << 20).is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "root:x:0:0\n");
    }

    /// A sparse file of 2 GiB is refused by its size: nothing is read.
    #[cfg(unix)]
    #[test]
    fn a_file_larger_than_any_record_is_refused_unread() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("save.json");
        let file = File::create(&path).unwrap();
        file.set_len(2 << 30).unwrap();
        let error = read_at_most(&path, 1 << 20).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_and_a_device_are_refused_without_waiting() {
        let folder = tempfile::tempdir().unwrap();
        let fifo = folder.path().join("fifo");
        make_fifo(&fifo);
        let error = read_at_most(&fifo, 1 << 20).unwrap_err();
        assert_eq!(error.to_string(), "not a regular file");
        let error = read_at_most(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(error.to_string(), "not a regular file");
        // A link to it is refused as a link, before anything is read.
        let zero = folder.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let error = read_at_most(&zero, 1 << 20).unwrap_err();
        assert!(error.to_string().starts_with("a link"), "{error}");
    }
}
