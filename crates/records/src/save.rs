//! The game in progress, saved after every move: written whole to a
//! temporary file beside the save, synced, and renamed over it. A rename
//! within a folder is atomic, so the save on disk is always a whole one,
//! the last or the one before: a crash or a power cut in the middle of a
//! save loses at most the move being saved.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use crate::file;
use crate::history::ProblemKind;
use crate::{MOST_RECORD, Record};

/// Why a save could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("cannot read {path}: {source}")]
    Io { path: String, source: io::Error },
    #[error("{path}: not a saved game ({why})")]
    Damaged { path: String, why: String },
    #[error("{path}: saved by a newer minesweeper (record version {v})")]
    Newer { path: String, v: u32 },
}

/// How a save being written is named until it is renamed into place.
pub const TEMPORARY: &str = ".saving-";

/// Saves `record` at `path`, replacing the save before it only once the
/// new one is whole on disk.
pub fn write(path: &Path, record: &Record) -> io::Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(folder)?;
    let mut file = tempfile::Builder::new()
        .prefix(TEMPORARY)
        .tempfile_in(folder)?;
    serde_json::to_writer(&mut file, record)?;
    file.write_all(b"\n")?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    sync_folder(folder)
}

/// Makes the rename itself durable: on Unix a folder's entries are synced
/// through the folder.
fn sync_folder(folder: &Path) -> io::Result<()> {
    #[cfg(unix)]
    fs::File::open(folder)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = folder;
    Ok(())
}

/// The game saved at `path`; `None` when there is none.
pub fn read(path: &Path) -> Result<Option<Record>, SaveError> {
    let shown = || visible::path(path).to_string();
    let bytes = match file::read_at_most(path, MOST_RECORD) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Ok(None),
        Err(source) => {
            return Err(SaveError::Io {
                path: shown(),
                source,
            });
        }
    };
    let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
    match crate::history::record_in(line) {
        Ok(record) => Ok(Some(record)),
        Err(ProblemKind::Newer(v)) => Err(SaveError::Newer { path: shown(), v }),
        Err(ProblemKind::Damaged(why)) => Err(SaveError::Damaged {
            path: shown(),
            // Serde quotes what it could not read: escaped, as it may be anything.
            why: visible::Visible(&why).to_string(),
        }),
        // One line is read, never counted among others.
        Err(ProblemKind::More(_)) => Err(SaveError::Damaged {
            path: shown(),
            why: "not one record".to_owned(),
        }),
    }
}

/// Removes the save at `path`; none there is no error.
pub fn remove(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{played, reveal};

    #[test]
    fn a_save_replaces_the_last_whole() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("state/play-game.json");
        assert!(read(&path).unwrap().is_none());
        let (_, first) = played(1, &[reveal(0, 0)]);
        let (_, second) = played(1, &[reveal(0, 0), reveal(8, 8)]);
        write(&path, &first).unwrap();
        write(&path, &second).unwrap();
        assert_eq!(read(&path).unwrap(), Some(second));
        let left: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file left behind");
        remove(&path).unwrap();
        remove(&path).unwrap();
        assert!(read(&path).unwrap().is_none());
    }

    #[test]
    fn a_damaged_save_is_named() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("play-game.json");
        fs::write(&path, "{\"v\":1,").unwrap();
        let error = read(&path).unwrap_err().to_string();
        assert!(
            error.contains("play-game.json: not a saved game ("),
            "{error}"
        );
    }
}
