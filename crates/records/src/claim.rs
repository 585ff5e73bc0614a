//! A game in progress belongs to the one session playing it. Each session
//! saves its game in a file of its own, `<front>-<token>.json`, and holds
//! an advisory lock on `<front>-<token>.lock` for as long as it lives. The
//! kernel lets the lock go when the process ends, however it ends, so
//! another session sees at once which saves are live (locked: neither
//! offered nor filed, nor written over) and which a session that is gone
//! left behind (free: taken, then offered or filed by whoever takes it).

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use crate::{Front, file};

/// A save this session holds: its own, or one it took from a session that
/// is gone. Dropped, it removes the lock's file and lets the lock go: a
/// save left behind has no lock beside it unless its session was killed.
#[derive(Debug)]
pub(crate) struct Claim {
    save: PathBuf,
    lock_path: PathBuf,
    /// Held locked while the claim lives; closing it releases the lock.
    /// Only Unix reads it again (to tell its file from one put in its
    /// place); elsewhere holding it is its whole use.
    #[cfg_attr(
        not(unix),
        expect(dead_code, reason = "held for its lock, read only on Unix")
    )]
    lock: File,
}

/// The file-name start of `front`'s saves.
fn prefix(front: Front) -> &'static str {
    match front {
        Front::Prompt => "prompt-",
        Front::Screen => "play-",
    }
}

/// The lock beside `save`: the same name ending `.lock`.
fn lock_of(save: &Path) -> PathBuf {
    save.with_extension("lock")
}

impl Claim {
    /// A save of its own for a new session of `front` in `folder`, named
    /// by a token no other session has, its lock held.
    pub(crate) fn new(folder: &Path, front: Front) -> io::Result<Claim> {
        Self::new_pausing(folder, front, || {})
    }

    /// [`Claim::new`], `pause` run once the lock is held and before it
    /// has its name: where another session's sweep of stale locks may
    /// come, for tests.
    ///
    /// The lock's file is made and locked under a temporary name no
    /// session looks at, and only then linked to its own (a link fails
    /// where the name is taken): a lock is held from the moment it has
    /// its name. Made under its name and locked after, a sweep could lock
    /// it in between, find no save beside it, and remove it; the session
    /// then held a lock on a file no longer there, and another took its
    /// live save.
    fn new_pausing(folder: &Path, front: Front, pause: impl Fn()) -> io::Result<Claim> {
        file::own_folder(folder)?;
        let (lock, unnamed) = tempfile::Builder::new()
            .prefix(crate::save::TEMPORARY)
            .tempfile_in(folder)?
            .into_parts();
        lock.try_lock().map_err(io::Error::from)?;
        pause();
        for attempt in 0u32.. {
            let save = folder.join(format!("{}{}.json", prefix(front), token(attempt)));
            let lock_path = lock_of(&save);
            match fs::hard_link(&unnamed, &lock_path) {
                Ok(()) => {
                    // The temporary name goes; the lock keeps its own.
                    drop(unnamed);
                    return Ok(Claim {
                        save,
                        lock_path,
                        lock,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => continue,
                Err(e) => return Err(e),
            }
        }
        unreachable!("the loop returns within 101 attempts")
    }

    /// The save at `save`, taken from the session that left it; `None`
    /// while a live session holds it, or once it is gone (another session
    /// took it and let it go in the meantime).
    pub(crate) fn take(save: &Path) -> io::Result<Option<Claim>> {
        let lock_path = lock_of(save);
        let lock = file::open(
            &lock_path,
            OpenOptions::new().read(true).write(true).create(true),
        )?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => return Ok(None),
            Err(fs::TryLockError::Error(e)) => return Err(e),
        }
        let claim = Claim {
            save: save.to_owned(),
            lock_path,
            lock,
        };
        // The lock locked must still be the one at its path (a session
        // letting a save go removes the lock's file before releasing it),
        // and the save still there.
        if !claim.lock_is_in_place() || fs::symlink_metadata(save).is_err() {
            return Ok(None);
        }
        // A save taken must be one that can be let go once filed: in a
        // folder that cannot be written it would be filed at every start.
        let folder = save.parent().unwrap_or(Path::new("."));
        tempfile::Builder::new()
            .prefix(crate::save::TEMPORARY)
            .tempfile_in(folder)?;
        Ok(Some(claim))
    }

    /// The save's path.
    pub(crate) fn save(&self) -> &Path {
        &self.save
    }

    #[cfg(unix)]
    fn lock_is_in_place(&self) -> bool {
        use std::os::unix::fs::MetadataExt;
        match (self.lock.metadata(), fs::symlink_metadata(&self.lock_path)) {
            (Ok(held), Ok(there)) => held.dev() == there.dev() && held.ino() == there.ino(),
            _ => false,
        }
    }

    /// Elsewhere a file that is open cannot be removed: the one at its
    /// path is the one locked.
    #[cfg(not(unix))]
    fn lock_is_in_place(&self) -> bool {
        self.lock_path.exists()
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        // Removed while still locked: a session that locks the file after
        // this sees it is no longer at its path, and holds nothing.
        if self.lock_is_in_place() {
            let _ = fs::remove_file(&self.lock_path);
        }
    }
}

/// A token for a new save: the process and the time, in hex, and the
/// attempt when those were taken already.
fn token(attempt: u32) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let base = format!(
        "{:x}-{:x}",
        std::process::id(),
        nanos & u128::from(u64::MAX)
    );
    if attempt == 0 {
        base
    } else {
        format!("{base}-{attempt}")
    }
}

/// The saves of `front` in `folder` (live or left), the last written
/// first. A name is a save when it is `<front>-….json`; a file of another
/// kind there is said when it is read.
pub(crate) fn saves(folder: &Path, front: Front) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with(prefix(front)) && name.ends_with(".json")
        })
        .map(|entry| {
            let when = entry
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (when, entry.path())
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().map(|(_, path)| path).collect()
}

/// The saves of `front` in `folder` set aside because their games could
/// not be filed (`<front>-….json.unfiled-SECONDS`), oldest first.
pub(crate) fn unfiled(folder: &Path, front: Front) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.starts_with(prefix(front)) && name.contains(".json.unfiled-")
        })
        .map(|entry| entry.path())
        .collect();
    found.sort();
    found
}

/// Removes the locks of `front` in `folder` that have no save beside them
/// and no session holding them: left by a session killed after its game
/// was filed. How many went.
pub(crate) fn remove_stale_locks(folder: &Path, front: Front) -> usize {
    let Ok(entries) = fs::read_dir(folder) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(prefix(front)) && name.ends_with(".lock")) {
            continue;
        }
        let save = entry.path().with_extension("json");
        if fs::symlink_metadata(&save).is_ok() {
            continue;
        }
        // Taken as a claim on a save that is not there: dropping it
        // removes the lock's file, under the lock.
        let lock_path = entry.path();
        let Ok(lock) = file::open(&lock_path, OpenOptions::new().read(true).write(true)) else {
            continue;
        };
        if lock.try_lock().is_ok() {
            let claim = Claim {
                save,
                lock_path,
                lock,
            };
            if claim.lock_is_in_place() {
                removed += 1;
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A save held by a live session cannot be taken; once that session
    /// lets it go (its process ends), it can, by one taker at a time.
    #[test]
    fn a_live_save_is_not_taken_and_a_left_one_is_taken_once() {
        let folder = tempfile::tempdir().unwrap();
        let live = Claim::new(folder.path(), Front::Prompt).unwrap();
        fs::write(live.save(), "{}").unwrap();
        assert_eq!(
            saves(folder.path(), Front::Prompt),
            vec![live.save().to_owned()]
        );
        assert!(saves(folder.path(), Front::Screen).is_empty());
        assert!(Claim::take(live.save()).unwrap().is_none(), "live");
        let path = live.save().to_owned();
        drop(live);
        let taken = Claim::take(&path).unwrap().expect("left behind");
        assert!(Claim::take(&path).unwrap().is_none(), "taken already");
        drop(taken);
        assert!(!lock_of(&path).exists(), "no lock is left");
        // A session killed after its game was filed leaves a lock alone.
        fs::remove_file(&path).unwrap();
        fs::write(lock_of(&path), "").unwrap();
        assert_eq!(remove_stale_locks(folder.path(), Front::Prompt), 1);
        assert_eq!(fs::read_dir(folder.path()).unwrap().count(), 0);
    }

    /// Each new session has a save of its own, and leaves no lock behind.
    #[test]
    fn sessions_have_saves_of_their_own_and_leave_no_lock() {
        let folder = tempfile::tempdir().unwrap();
        let first = Claim::new(folder.path(), Front::Screen).unwrap();
        let second = Claim::new(folder.path(), Front::Screen).unwrap();
        assert_ne!(first.save(), second.save());
        assert!(first.save().to_string_lossy().ends_with(".json"));
        drop((first, second));
        assert_eq!(fs::read_dir(folder.path()).unwrap().count(), 0);
    }

    /// A sweep of stale locks that comes while a new session is making
    /// its lock finds nothing to remove: the lock has its name only once
    /// it is held. (Made under its name and locked after, the sweep locked
    /// it, found no save and removed it; a third session then took the
    /// save the first was writing.)
    #[test]
    fn a_sweep_while_a_lock_is_made_leaves_it_held() {
        let folder = tempfile::tempdir().unwrap();
        let swept = std::cell::Cell::new(usize::MAX);
        let live = Claim::new_pausing(folder.path(), Front::Prompt, || {
            swept.set(remove_stale_locks(folder.path(), Front::Prompt));
        })
        .unwrap();
        assert_eq!(swept.get(), 0);
        assert!(live.lock_is_in_place(), "the lock was removed under it");
        // Swept again with the session live and no save written yet.
        assert_eq!(remove_stale_locks(folder.path(), Front::Prompt), 0);
        assert!(live.lock_is_in_place());
        fs::write(live.save(), "{}").unwrap();
        assert!(
            Claim::take(live.save()).unwrap().is_none(),
            "a live save was taken"
        );
        // Only the save and its lock are left: no temporary name.
        assert_eq!(fs::read_dir(folder.path()).unwrap().count(), 2);
    }

    /// A taker that locked a lock's file after its session removed it
    /// (and the save) holds nothing.
    #[test]
    fn a_lock_removed_under_a_taker_is_no_claim() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("play-x.json");
        fs::write(&path, "{}").unwrap();
        let taken = Claim::take(&path).unwrap().unwrap();
        let stale = File::open(lock_of(&path)).unwrap();
        fs::remove_file(&path).unwrap();
        drop(taken);
        assert!(!lock_of(&path).exists());
        stale.try_lock().unwrap();
        assert!(Claim::take(&path).unwrap().is_none(), "no save");
    }
}
