//! A bound on the processes of one run that holds for root too: control
//! groups of the `pids` controller, with `pids.max` set. `RLIMIT_NPROC`
//! counts the processes of a user and does not bind root, so a check run
//! as root without `--unprivileged` needs this one to stop a fork loop.
//!
//! Moving a process into a group waits for the kernel (an RCU grace
//! period: 10 to 20 ms, a third of a Python game). So where the groups
//! are cgroup v1's, each thread that plays games is moved once, into a
//! group of its own, and the processes it starts are born there: a
//! thread plays one game at a time, so the group bounds that game (the
//! thread, its helpers, the run's holder and init count too, so the
//! program has a few processes fewer). Under
//! cgroup v2, where one thread cannot be moved alone, each run's first
//! process joins a group of the run's own.

use std::cell::RefCell;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which version of control groups holds the `pids` controller here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Version {
    V1,
    V2,
}

/// Where the runs' control groups are made: a folder of the `pids`
/// controller this process may make groups in.
#[derive(Debug)]
pub(crate) struct ProcessGroups {
    parent: PathBuf,
    version: Version,
    /// Names each group: the check's process id and the sandbox's number,
    /// then the run's or the thread's.
    prefix: String,
    /// Tells the sandboxes of one process apart (a class's students).
    id: u64,
    most: u64,
    /// The threads moved into groups of their own: each group's folder
    /// and the thread, moved back and removed when the sandbox goes.
    threads: Mutex<Vec<(PathBuf, libc::c_long)>>,
}

impl ProcessGroups {
    /// Groups of at most `most` processes each, under this process's own
    /// group of the `pids` controller (cgroup v2 where it delegates
    /// `pids`, else cgroup v1's `pids` hierarchy). Says why not when none
    /// can be made.
    pub(super) fn new(most: u64) -> Result<Self, String> {
        let own = fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
        static SANDBOXES: AtomicU64 = AtomicU64::new(0);
        let id = SANDBOXES.fetch_add(1, Ordering::Relaxed);
        let prefix = format!("minesweeper-check-{}-{id}", std::process::id());
        candidates(&own)
            .into_iter()
            .inspect(|(parent, _)| remove_leftovers(parent))
            .map(|(parent, version)| ProcessGroups {
                parent,
                version,
                prefix: prefix.clone(),
                id,
                most,
                threads: Mutex::new(Vec::new()),
            })
            // Tried once: a group made, bounded and removed.
            .find(|groups| groups.make("trial").is_ok())
            .ok_or_else(|| "no control group of the pids controller could be made".to_owned())
    }

    /// The group the next run is to join itself, under cgroup v2; `None`
    /// under v1, where the calling thread is put in a group of its own
    /// instead (once), and the run is born in it.
    pub(crate) fn for_run(&self, name: &str) -> io::Result<Option<Group>> {
        match self.version {
            Version::V2 => self.make(name).map(Some),
            Version::V1 => {
                self.hold_this_thread()?;
                Ok(None)
            }
        }
    }

    /// A group named `name`, bounded, ready to take a process.
    fn make(&self, name: &str) -> io::Result<Group> {
        let mut group = Group {
            path: self.make_bounded(name)?,
            procs: None,
        };
        // Dropped on a failure below: the group is removed again.
        group.procs = Some(
            fs::OpenOptions::new()
                .write(true)
                .open(group.path.join("cgroup.procs"))?,
        );
        Ok(group)
    }

    /// The folder of a new group named `name`, its `pids.max` set;
    /// removed again when that fails.
    fn make_bounded(&self, name: &str) -> io::Result<PathBuf> {
        let path = self.parent.join(format!("{}-{name}", self.prefix));
        fs::create_dir(&path)?;
        if let Err(e) = fs::write(path.join("pids.max"), self.most.to_string()) {
            remove_group(&path);
            return Err(e);
        }
        Ok(path)
    }

    /// Puts the calling thread in a group of its own for this sandbox,
    /// unless it is in one already (cgroup v1: its `tasks` takes one
    /// thread).
    fn hold_this_thread(&self) -> io::Result<()> {
        thread_local! {
            /// The sandbox whose group this thread is in.
            static HELD_FOR: RefCell<Option<u64>> = const { RefCell::new(None) };
        }
        if HELD_FOR.with(|held| *held.borrow() == Some(self.id)) {
            return Ok(());
        }
        // The system call, not glibc's wrapper, which glibc 2.30 added: the
        // portable build links against glibc 2.17.
        // SAFETY: gettid takes nothing and cannot fail.
        let thread = unsafe { libc::syscall(libc::SYS_gettid) };
        let path = self.make_bounded(&format!("thread-{thread}"))?;
        // Kept until the sandbox goes, which moves the thread back first.
        self.lock_threads().push((path.clone(), thread));
        fs::write(path.join("tasks"), thread.to_string())?;
        HELD_FOR.with(|held| *held.borrow_mut() = Some(self.id));
        Ok(())
    }

    fn lock_threads(&self) -> std::sync::MutexGuard<'_, Vec<(PathBuf, libc::c_long)>> {
        self.threads
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Drop for ProcessGroups {
    /// Moves each thread back to the group it came from (a thread that has
    /// ended is gone from its group already) and removes its group.
    fn drop(&mut self) {
        for (path, thread) in self.lock_threads().drain(..) {
            let _ = fs::write(self.parent.join("tasks"), thread.to_string());
            remove_group(&path);
        }
    }
}

/// The folders where this process may make `pids` groups, as
/// `/proc/self/cgroup` (`own`) places it: cgroup v2's (mounted at
/// /sys/fs/cgroup, or /sys/fs/cgroup/unified beside v1) where its
/// children get `pids`, then v1's `pids` hierarchy.
fn candidates(own: &str) -> Vec<(PathBuf, Version)> {
    let mut found = Vec::new();
    for line in own.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let path = path.trim_start_matches('/');
        if id == "0" && controllers.is_empty() {
            for mount in ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"] {
                let parent = Path::new(mount).join(path);
                let delegated = fs::read_to_string(parent.join("cgroup.subtree_control"))
                    .is_ok_and(|c| c.split_whitespace().any(|c| c == "pids"));
                if delegated {
                    found.push((parent, Version::V2));
                }
            }
        } else if controllers.split(',').any(|c| c == "pids") {
            found.push((Path::new("/sys/fs/cgroup/pids").join(path), Version::V1));
        }
    }
    found
}

/// One group: the process written to it, and every process that one
/// starts, count against its `pids.max`. Removed when dropped (once its
/// processes are gone).
#[derive(Debug)]
pub(super) struct Group {
    path: PathBuf,
    procs: Option<fs::File>,
}

impl Group {
    /// The descriptor to write `0` to, between fork and exec, to move the
    /// writing process into the group.
    pub(crate) fn procs_fd(&self) -> Option<i32> {
        use std::os::fd::AsRawFd;
        self.procs.as_ref().map(AsRawFd::as_raw_fd)
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.procs = None;
        remove_group(&self.path);
    }
}

/// Removes the groups in `parent` that checks which have ended left there
/// (a check stopped by a signal exits without tidying up): each is named
/// after its check's process, and is empty once that process is gone.
fn remove_leftovers(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix("minesweeper-check-"))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = fs::remove_dir(entry.path());
        }
    }
}

/// Removes the group at `path`; the last processes of a killed run may
/// take a moment to go.
fn remove_group(path: &Path) {
    for _ in 0..50 {
        if fs::remove_dir(path).is_ok() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Moves the calling process into the group open as `procs_fd`: between
/// fork and exec, a write of a static byte.
///
/// # Safety
/// A plain system call on a descriptor this process holds.
pub(super) unsafe fn join(procs_fd: i32) -> io::Result<()> {
    // SAFETY: writes one byte from a static buffer.
    let written = unsafe { libc::write(procs_fd, c"0".as_ptr().cast(), 1) };
    if written == 1 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_left_by_checks_that_ended_are_removed_and_no_others() {
        let parent = tempfile::tempdir().unwrap();
        // No process has a number this high (the kernel's most is 2^22).
        let gone = parent.path().join("minesweeper-check-99999999-0-thread-7");
        let alive = parent
            .path()
            .join(format!("minesweeper-check-{}-0-run-1", std::process::id()));
        let other = parent.path().join("user.slice");
        for folder in [&gone, &alive, &other] {
            fs::create_dir(folder).unwrap();
        }
        remove_leftovers(parent.path());
        assert!(!gone.exists());
        assert!(alive.exists());
        assert!(other.exists());
    }

    #[test]
    fn the_pids_groups_are_found_in_either_version() {
        let v1 = "9:name=systemd:/\n8:pids:/user/1\n0::/\n";
        assert_eq!(
            candidates(v1),
            [(PathBuf::from("/sys/fs/cgroup/pids/user/1"), Version::V1)]
        );
        assert_eq!(candidates("5:cpu,cpuacct:/\n"), Vec::new());
    }
}
