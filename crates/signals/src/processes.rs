//! The programs `check` runs, each in its own process group (so the
//! terminal's Ctrl-C does not reach them), killed by an ending signal.

use std::sync::Mutex;

/// The process groups of the programs being run by `check`.
static GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// A process group that an ending signal kills, while this is kept.
pub struct KillOnInterrupt(u32);

impl KillOnInterrupt {
    /// Starts a process group with `spawn` (`group_of` tells its leader's
    /// id) and keeps it to be killed by an ending signal. The list is
    /// locked from before the start to after the keeping, and the watcher
    /// kills under the same lock and never lets it go: a signal cannot fall
    /// between the two and leave a program running.
    pub fn spawn<T>(
        spawn: impl FnOnce() -> std::io::Result<T>,
        group_of: impl Fn(&T) -> u32,
    ) -> std::io::Result<(T, KillOnInterrupt)> {
        crate::watcher::watch_for(crate::watcher::PROGRAMS, kill_all);
        let mut groups = GROUPS
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let started = spawn()?;
        let group = group_of(&started);
        groups.push(group);
        Ok((started, KillOnInterrupt(group)))
    }
}

impl Drop for KillOnInterrupt {
    fn drop(&mut self) {
        crate::watcher::let_go(&GROUPS, &self.0);
    }
}

/// Kills every process group `check` is running, and keeps the list
/// locked until the process exits: no program starts after.
pub(crate) fn kill_all() {
    let groups = GROUPS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    #[cfg(unix)]
    for &group in groups.iter() {
        if let Ok(group) = i32::try_from(group) {
            // SAFETY: kill(2) takes plain integers and touches no memory.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
    }
    std::mem::forget(groups);
}
