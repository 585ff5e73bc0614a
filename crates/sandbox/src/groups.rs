//! Limits that belong to a game, not to a process or a user: control
//! groups of the `pids` and `memory` controllers, one for each game, with
//! `pids.max` and the memory limit set, so that a fork loop or a process
//! that allocates without end costs no other game anything.
//!
//! Moving a process into a group waits for the kernel (an RCU grace
//! period: 10 to 20 ms, a third of a Python game). So where the groups
//! are cgroup v1's, each thread that plays games is moved once, into
//! groups of its own, and the processes it starts are born there: a
//! thread plays one game at a time, so its groups bound that game (the
//! game's holder and init count too, so the program has a few processes
//! fewer). Under cgroup v2, where one thread cannot be moved alone, each
//! game's first process joins a group of the game's own.

use std::cell::RefCell;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which version of control groups holds a controller here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Version {
    V1,
    V2,
}

/// A controller the games' groups bound them with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Controller {
    /// Processes (and threads): `pids.max`.
    Pids,
    /// Memory, swap included: `memory.limit_in_bytes` and
    /// `memory.memsw.limit_in_bytes` (v1), `memory.max` and
    /// `memory.swap.max` (v2).
    Memory,
}

impl Controller {
    fn name(self) -> &'static str {
        match self {
            Controller::Pids => "pids",
            Controller::Memory => "memory",
        }
    }
}

/// What each game's groups hold it to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// Processes and threads, all of the game's.
    pub(crate) processes: u64,
    /// Bytes of memory, all of the game's processes and its tmpfs.
    pub(crate) memory: u64,
}

/// A controller, and whether groups of it could be made (or why not).
pub(crate) type Found = (Controller, Result<(), String>);

/// Where the games' control groups are made: for each controller this
/// process may make groups of, the folder they are made in.
#[derive(Debug)]
pub(crate) struct Groups {
    /// Each controller's folder, and its version.
    parents: Vec<(Controller, PathBuf, Version)>,
    /// Names each group: the check's process id and the sandbox's
    /// number, then the game's or the thread's.
    prefix: String,
    /// Tells the sandboxes of one process apart (a class's students).
    id: u64,
    bounds: Bounds,
    /// The threads moved into groups of their own: each group's folder
    /// and the thread, moved back and removed when the sandbox goes.
    threads: Mutex<Vec<(PathBuf, libc::c_long)>>,
}

impl Groups {
    /// Groups bounding each game to `bounds`, under this process's own
    /// groups (cgroup v2 where it delegates the controller, else cgroup
    /// v1's hierarchy of it); for each controller, whether one could be
    /// made, or why not.
    /// With `wanted` false, none are made (a test takes them out).
    pub(super) fn new(bounds: Bounds, wanted: bool) -> (Groups, Vec<Found>) {
        static SANDBOXES: AtomicU64 = AtomicU64::new(0);
        let id = SANDBOXES.fetch_add(1, Ordering::Relaxed);
        let mut groups = Groups {
            parents: Vec::new(),
            prefix: format!("minesweeper-check-{}-{id}", std::process::id()),
            id,
            bounds,
            threads: Mutex::new(Vec::new()),
        };
        let own = if wanted {
            fs::read_to_string("/proc/self/cgroup")
        } else {
            Err(io::Error::other("not wanted"))
        };
        let mut found = Vec::new();
        for controller in [Controller::Pids, Controller::Memory] {
            let parent = match &own {
                Err(e) => Err(format!("cannot read /proc/self/cgroup: {e}")),
                Ok(own) => candidates(own, controller)
                    .into_iter()
                    .inspect(|(parent, _)| remove_leftovers(parent))
                    // Tried once: a group made, bounded and removed.
                    .find(|(parent, version)| {
                        groups
                            .make_bounded(parent, *version, controller, "trial")
                            .map(|path| remove_group(&path))
                            .is_ok()
                    })
                    .ok_or_else(|| {
                        format!(
                            "no control group of the {} controller could be made",
                            controller.name()
                        )
                    }),
            };
            if let Ok((parent, version)) = &parent {
                groups.parents.push((controller, parent.clone(), *version));
            }
            found.push((controller, parent.map(|_| ())));
        }
        (groups, found)
    }

    /// The groups the next game is to join itself, under cgroup v2; under
    /// v1, the calling thread is put in groups of its own instead (once),
    /// and the game is born in them.
    pub(crate) fn for_game(&self, name: &str) -> io::Result<Option<Group>> {
        let mut group = None;
        for (controller, parent, version) in &self.parents {
            match version {
                Version::V2 => {
                    // v2 keeps every controller in one group.
                    if group.is_none() {
                        let path = self.make_bounded(parent, *version, *controller, name)?;
                        let mut made = Group { path, procs: None };
                        made.procs = Some(
                            fs::OpenOptions::new()
                                .write(true)
                                .open(made.path.join("cgroup.procs"))?,
                        );
                        group = Some(made);
                    }
                }
                Version::V1 => self.hold_this_thread(*controller, parent)?,
            }
        }
        Ok(group)
    }

    /// The folder of a new group named `name` under `parent`, bounded;
    /// removed again when that fails.
    fn make_bounded(
        &self,
        parent: &Path,
        version: Version,
        controller: Controller,
        name: &str,
    ) -> io::Result<PathBuf> {
        let path = parent.join(format!("{}-{name}", self.prefix));
        fs::create_dir(&path)?;
        let bounded = self.bound(&path, version, controller);
        if let Err(e) = bounded {
            remove_group(&path);
            return Err(e);
        }
        Ok(path)
    }

    /// Sets the bounds of `controller` on the group at `path`: under v2,
    /// every controller the parent gives.
    fn bound(&self, path: &Path, version: Version, controller: Controller) -> io::Result<()> {
        let Bounds { processes, memory } = self.bounds;
        let v2 = version == Version::V2;
        if controller == Controller::Pids || v2 && self.gives(Controller::Pids) {
            fs::write(path.join("pids.max"), processes.to_string())?;
        }
        if controller == Controller::Memory || v2 && self.gives(Controller::Memory) {
            if v2 {
                fs::write(path.join("memory.max"), memory.to_string())?;
                // Where the system has swap: none of it for a game.
                let _ = fs::write(path.join("memory.swap.max"), "0");
            } else {
                fs::write(path.join("memory.limit_in_bytes"), memory.to_string())?;
                // Where swap is counted: memory and swap together.
                let _ = fs::write(path.join("memory.memsw.limit_in_bytes"), memory.to_string());
            }
        }
        Ok(())
    }

    /// Whether `controller` was found for the games.
    fn gives(&self, controller: Controller) -> bool {
        self.parents.iter().any(|(c, _, _)| *c == controller)
    }

    /// Puts the calling thread in a group of `controller` of its own for
    /// this sandbox, unless it is in one already (cgroup v1: its `tasks`
    /// takes one thread).
    fn hold_this_thread(&self, controller: Controller, parent: &Path) -> io::Result<()> {
        thread_local! {
            /// The sandbox and controllers whose groups this thread is in.
            static HELD_FOR: RefCell<Vec<(u64, Controller)>> = const { RefCell::new(Vec::new()) };
        }
        if HELD_FOR.with(|held| held.borrow().contains(&(self.id, controller))) {
            return Ok(());
        }
        // The system call, not glibc's wrapper, which glibc 2.30 added: the
        // portable build links against glibc 2.17.
        // SAFETY: gettid takes nothing and cannot fail.
        let thread = unsafe { libc::syscall(libc::SYS_gettid) };
        let path =
            self.make_bounded(parent, Version::V1, controller, &format!("thread-{thread}"))?;
        // Kept until the sandbox goes, which moves the thread back first.
        self.lock_threads().push((path.clone(), thread));
        fs::write(path.join("tasks"), thread.to_string())?;
        HELD_FOR.with(|held| held.borrow_mut().push((self.id, controller)));
        Ok(())
    }

    fn lock_threads(&self) -> std::sync::MutexGuard<'_, Vec<(PathBuf, libc::c_long)>> {
        self.threads
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Drop for Groups {
    /// Moves each thread back to the group it came from (a thread that has
    /// ended is gone from its group already) and removes its group.
    fn drop(&mut self) {
        for (path, thread) in self.lock_threads().drain(..) {
            if let Some(parent) = path.parent() {
                let _ = fs::write(parent.join("tasks"), thread.to_string());
            }
            remove_group(&path);
        }
    }
}

/// The folders where this process may make groups of `controller`, as
/// `/proc/self/cgroup` (`own`) places it: cgroup v2's (mounted at
/// /sys/fs/cgroup, or /sys/fs/cgroup/unified beside v1) where its
/// children get the controller, then v1's hierarchy of it.
fn candidates(own: &str, controller: Controller) -> Vec<(PathBuf, Version)> {
    let name = controller.name();
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
                    .is_ok_and(|c| c.split_whitespace().any(|c| c == name));
                if delegated {
                    found.push((parent, Version::V2));
                }
            }
        } else if controllers.split(',').any(|c| c == name) {
            found.push((
                Path::new("/sys/fs/cgroup").join(name).join(path),
                Version::V1,
            ));
        }
    }
    found
}

/// One game's group (cgroup v2): the process written to it, and every
/// process that one starts, count against its bounds. Removed when
/// dropped (once its processes are gone).
#[derive(Debug)]
pub(crate) struct Group {
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

/// Removes the group at `path`; the last processes of a killed game may
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
        Err(super::raw::failed(super::raw::Stage::Group, 0))
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
    fn each_controller_s_groups_are_found_in_either_version() {
        let v1 = "9:name=systemd:/\n8:pids:/user/1\n4:memory:/session/2\n0::/\n";
        assert_eq!(
            candidates(v1, Controller::Pids),
            [(PathBuf::from("/sys/fs/cgroup/pids/user/1"), Version::V1)]
        );
        assert_eq!(
            candidates(v1, Controller::Memory),
            [(
                PathBuf::from("/sys/fs/cgroup/memory/session/2"),
                Version::V1
            )]
        );
        assert_eq!(
            candidates("5:cpu,cpuacct:/\n", Controller::Pids),
            Vec::new()
        );
    }
}
