//! The scratch folders of `check` (the board files it hands a program),
//! removed by an ending signal.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The scratch folders of `check`, removed by an ending signal.
static FOLDERS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A scratch folder that an ending signal removes, while this is kept.
pub struct RemoveOnInterrupt(PathBuf);

impl RemoveOnInterrupt {
    /// Keeps `folder` to be removed by an ending signal until this is dropped.
    pub fn keep(folder: &Path) -> RemoveOnInterrupt {
        crate::watcher::watch_for(crate::watcher::FOLDERS, remove_all);
        let mut folders = FOLDERS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        folders.push(folder.to_owned());
        RemoveOnInterrupt(folder.to_owned())
    }
}

impl Drop for RemoveOnInterrupt {
    fn drop(&mut self) {
        crate::watcher::let_go(&FOLDERS, &self.0);
    }
}

/// Removes `check`'s scratch folders. A board file may still be being
/// written into one by a thread that has not seen its program die: the
/// folder is tried again while it is not yet empty.
pub(crate) fn remove_all() {
    let folders = FOLDERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    for folder in folders.iter() {
        for _ in 0..3 {
            if std::fs::remove_dir_all(folder).is_ok() || !folder.exists() {
                break;
            }
        }
    }
}
