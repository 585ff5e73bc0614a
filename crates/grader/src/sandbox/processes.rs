//! A bound on the processes of one run that holds for root too: a control
//! group of the `pids` controller for each run, with `pids.max` set.
//! `RLIMIT_NPROC` counts the processes of a user and does not bind root,
//! so a check run as root without `--unprivileged` needs this one to stop
//! a fork loop.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Where runs' control groups are made: a folder of the `pids` controller
/// this process may make groups in.
#[derive(Debug)]
pub struct ProcessGroups {
    parent: PathBuf,
    /// Names each run's group: the check's process id and the sandbox's
    /// number, then the run's.
    prefix: String,
    most: u64,
}

impl ProcessGroups {
    /// Groups of at most `most` processes each, under this process's own
    /// group of the `pids` controller (cgroup v2 where it delegates
    /// `pids`, else cgroup v1's `pids` hierarchy). Says why not when none
    /// can be made.
    pub fn new(most: u64) -> Result<Self, String> {
        let own = fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("cannot read /proc/self/cgroup: {e}"))?;
        // Sandboxes of one process (a class's students) each have their own.
        static SANDBOXES: AtomicU64 = AtomicU64::new(0);
        let prefix = format!(
            "minesweeper-check-{}-{}",
            std::process::id(),
            SANDBOXES.fetch_add(1, Ordering::Relaxed)
        );
        candidates(&own)
            .into_iter()
            .map(|parent| ProcessGroups {
                parent,
                prefix: prefix.clone(),
                most,
            })
            // Tried once: a group made, bounded and removed.
            .find(|groups| groups.make("trial").is_ok())
            .ok_or_else(|| "no control group of the pids controller could be made".to_owned())
    }

    /// A group for run `name`, bounded, ready to take a process.
    pub fn make(&self, name: &str) -> io::Result<RunGroup> {
        let path = self.parent.join(format!("{}-{name}", self.prefix));
        fs::create_dir(&path)?;
        let mut group = RunGroup { path, procs: None };
        // Dropped on a failure below: the group is removed again.
        fs::write(group.path.join("pids.max"), self.most.to_string())?;
        group.procs = Some(
            fs::OpenOptions::new()
                .write(true)
                .open(group.path.join("cgroup.procs"))?,
        );
        Ok(group)
    }
}

/// The folders where this process may make `pids` groups, as
/// `/proc/self/cgroup` (`own`) places it: cgroup v2's (mounted at
/// /sys/fs/cgroup, or /sys/fs/cgroup/unified beside v1) where its
/// children get `pids`, then v1's `pids` hierarchy.
fn candidates(own: &str) -> Vec<PathBuf> {
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
                    found.push(parent);
                }
            }
        } else if controllers.split(',').any(|c| c == "pids") {
            found.push(Path::new("/sys/fs/cgroup/pids").join(path));
        }
    }
    found
}

/// One run's group: the process written to it before it runs the
/// program, and every process it starts, count against `pids.max`.
/// Removed when dropped (once its processes are gone).
#[derive(Debug)]
pub struct RunGroup {
    path: PathBuf,
    procs: Option<fs::File>,
}

impl RunGroup {
    /// The descriptor to write `0` to, between fork and exec, to move the
    /// writing process into the group.
    pub fn procs_fd(&self) -> Option<i32> {
        use std::os::fd::AsRawFd;
        self.procs.as_ref().map(AsRawFd::as_raw_fd)
    }
}

impl Drop for RunGroup {
    fn drop(&mut self) {
        self.procs = None;
        // The last processes of a killed run may take a moment to go.
        for _ in 0..50 {
            if fs::remove_dir(&self.path).is_ok() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
}

/// Moves the calling process into the group open as `procs_fd`: between
/// fork and exec, a write of a static byte.
///
/// # Safety
/// A plain system call on a descriptor this process holds.
pub unsafe fn join(procs_fd: i32) -> io::Result<()> {
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
    fn the_pids_groups_are_found_in_either_version() {
        let v1 = "9:name=systemd:/\n8:pids:/user/1\n0::/\n";
        assert_eq!(
            candidates(v1),
            [PathBuf::from("/sys/fs/cgroup/pids/user/1")]
        );
        assert_eq!(candidates("5:cpu,cpuacct:/\n"), Vec::<PathBuf>::new());
    }
}
