//! What may run between fork and exec: system calls on data prepared
//! before the fork, and nothing that allocates or takes a lock (another
//! thread of the grader may have held the allocator's when it forked).
//! And how a step that fails there is said: as the error the spawn
//! returns, a raw OS error carrying the stage, the step and the errno,
//! so that a sandbox that could not be set up for a game is never taken
//! for the program failing.

use std::ffi::CStr;
use std::io;

/// The errno of the last system call.
pub(super) fn errno() -> i32 {
    io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// What was being done when a step of a game's setup failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Stage {
    /// Joining the game's control groups.
    Group = 1,
    /// Setting its resource limits.
    Limits,
    /// Giving up the teacher's terminal or session.
    Session,
    /// Taking the game's identity.
    Identity,
    /// Making its namespaces.
    Namespaces,
    /// Writing a user namespace's maps.
    UserMap,
    /// Starting its first process.
    Fork,
    /// Building its root (a folder, a link, a file or a mount).
    Root,
    /// Mounting its /proc.
    Proc,
    /// Mounting its folder over the program's copy.
    Overlay,
    /// Changing into its root.
    Pivot,
    /// Dropping every capability.
    Capabilities,
    /// Landlock's rules.
    Landlock,
    /// The seccomp filter.
    Calls,
    /// Running the program.
    Exec,
}

impl Stage {
    const ALL: [Stage; 15] = [
        Stage::Group,
        Stage::Limits,
        Stage::Session,
        Stage::Identity,
        Stage::Namespaces,
        Stage::UserMap,
        Stage::Fork,
        Stage::Root,
        Stage::Proc,
        Stage::Overlay,
        Stage::Pivot,
        Stage::Capabilities,
        Stage::Landlock,
        Stage::Calls,
        Stage::Exec,
    ];

    /// What was being done, in words.
    pub(crate) fn doing(self) -> &'static str {
        match self {
            Stage::Group => "joining the game's control groups",
            Stage::Limits => "setting the game's limits",
            Stage::Session => "leaving the check's session and terminal",
            Stage::Identity => "taking the game's identity",
            Stage::Namespaces => "making the game's namespaces",
            Stage::UserMap => "mapping the game's user namespace",
            Stage::Fork => "starting the game's first process",
            Stage::Root => "building the game's root",
            Stage::Proc => "mounting the game's /proc",
            Stage::Overlay => "mounting the game's folder",
            Stage::Pivot => "changing into the game's root",
            Stage::Capabilities => "dropping the game's capabilities",
            Stage::Landlock => "confining the game's files (Landlock)",
            Stage::Calls => "installing the game's seccomp filter",
            Stage::Exec => "running the program",
        }
    }
}

/// The top bits that mark an error as a failed setup step: no errno
/// comes near them.
const MARK: i32 = 0b101 << 28;

/// The error for `stage`'s step `step` failing with the last errno.
pub(super) fn failed(stage: Stage, step: usize) -> io::Error {
    failed_with(stage, step, errno())
}

/// The error for `stage`'s step `step` failing with `errno`.
pub(super) fn failed_with(stage: Stage, step: usize, errno: i32) -> io::Error {
    let step = step.min(0xFFF) as i32;
    let code = MARK | (stage as i32) << 24 | step << 12 | (errno & 0xFFF);
    io::Error::from_raw_os_error(code)
}

/// A setup step that failed, read back from the spawn's error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SetupFailure {
    /// What was being done.
    pub(crate) stage: Stage,
    /// Which of its steps, counted from 0.
    pub(crate) step: usize,
    /// Why it failed.
    pub(crate) errno: i32,
}

impl SetupFailure {
    /// The failed step `error` carries, when it carries one.
    pub(crate) fn of(error: &io::Error) -> Option<SetupFailure> {
        let code = error.raw_os_error()?;
        if code & (0b111 << 28) != MARK {
            return None;
        }
        let stage = Stage::ALL
            .into_iter()
            .find(|stage| *stage as i32 == (code >> 24) & 0xF)?;
        Some(SetupFailure {
            stage,
            step: ((code >> 12) & 0xFFF) as usize,
            errno: code & 0xFFF,
        })
    }
}

impl std::fmt::Display for SetupFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (step {}) failed: {}",
            self.stage.doing(),
            self.step + 1,
            io::Error::from_raw_os_error(self.errno)
        )
    }
}

/// `result` of a system call that returns -1 on failure, as the failure
/// of `stage`'s step `step`.
pub(super) fn check(result: libc::c_long, stage: Stage, step: usize) -> io::Result<libc::c_long> {
    if result < 0 {
        Err(failed(stage, step))
    } else {
        Ok(result)
    }
}

/// `check` for the calls that return an int.
pub(super) fn check_int(result: libc::c_int, stage: Stage, step: usize) -> io::Result<libc::c_int> {
    check(libc::c_long::from(result), stage, step).map(|n| n as libc::c_int)
}

/// Writes all of `bytes` to the file at `path` (opened for writing
/// only): how a user namespace's maps are written.
///
/// # Safety
/// Between fork and exec: system calls only.
pub(super) unsafe fn write_file(path: &CStr, bytes: &[u8]) -> Result<(), i32> {
    // SAFETY: open, write and close on a path and a buffer we hold.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(errno());
        }
        let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        let error = errno();
        libc::close(fd);
        if written == bytes.len() as isize {
            Ok(())
        } else {
            Err(error)
        }
    }
}

/// Closes every file descriptor but those in `kept`, however many are
/// open; one by one where the kernel is older than close_range.
///
/// # Safety
/// Between fork and exec: system calls only.
pub(super) unsafe fn close_all_but(kept: &[i32]) {
    // The gaps between the kept descriptors, in order: at most four kept.
    let mut sorted = [-1i32; 4];
    let n = kept.len().min(4);
    sorted[..n].copy_from_slice(&kept[..n]);
    sorted[..n].sort_unstable();
    let mut from = 0u32;
    let mut ranged = true;
    // SAFETY: closing descriptors this process no longer needs.
    unsafe {
        for &fd in &sorted[..n] {
            let fd = fd as u32;
            if fd > from {
                ranged &= libc::syscall(libc::SYS_close_range, from, fd - 1, 0u32) == 0;
            }
            from = fd + 1;
        }
        ranged &= libc::syscall(libc::SYS_close_range, from, u32::MAX, 0u32) == 0;
        if !ranged {
            for fd in (0..1024).filter(|fd| !kept.contains(fd)) {
                libc::close(fd);
            }
        }
    }
}

/// Tells a failed step through `told` (a pipe the grader reads when the
/// game has ended), where no spawn carries it: the code of
/// [`failed_with`], four bytes.
///
/// # Safety
/// Between fork and exec: system calls only.
pub(super) unsafe fn tell(told: i32, failure: &io::Error) {
    let code = failure.raw_os_error().unwrap_or(0).to_ne_bytes();
    // SAFETY: a write of a local.
    unsafe { libc::write(told, code.as_ptr().cast(), code.len()) };
}

/// What a game's setup told through its pipe, read once the game has
/// ended (the read end does not block): the failed step, if one did.
pub(crate) fn told(reader: &std::os::fd::OwnedFd) -> Option<io::Error> {
    use std::os::fd::AsRawFd;
    let mut code = [0u8; 4];
    // SAFETY: a read into a local from a descriptor we hold.
    let read = unsafe { libc::read(reader.as_raw_fd(), code.as_mut_ptr().cast(), code.len()) };
    (read == 4).then(|| io::Error::from_raw_os_error(i32::from_ne_bytes(code)))
}

/// Waits for `child`, through interruptions; its wait status.
///
/// # Safety
/// Between fork and exec: system calls only.
pub(super) unsafe fn wait_for(child: libc::pid_t) -> i32 {
    let mut status = 0;
    // SAFETY: waitpid on our own child into a local.
    unsafe {
        loop {
            let waited = libc::waitpid(child, &mut status, 0);
            if waited == child {
                return status;
            }
            if waited < 0 && errno() != libc::EINTR {
                libc::_exit(127);
            }
        }
    }
}

/// Ends this process as a process with wait `status` ended: the same
/// exit status, or the same signal.
///
/// # Safety
/// Between fork and exec: system calls only.
pub(super) unsafe fn end_as(status: i32) -> ! {
    // SAFETY: system calls on this process only.
    unsafe {
        if libc::WIFEXITED(status) {
            libc::_exit(libc::WEXITSTATUS(status));
        }
        let signal = libc::WTERMSIG(status);
        libc::signal(signal, libc::SIG_DFL);
        // A signal held back would never come: let it through.
        let mut set = std::mem::zeroed::<libc::sigset_t>();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal);
        libc::sigprocmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::kill(libc::getpid(), signal);
        libc::_exit(128 + signal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_step_is_read_back_from_the_error_the_spawn_gives() {
        let error = failed_with(Stage::Overlay, 7, libc::EPERM);
        let failure = SetupFailure::of(&error).unwrap();
        assert_eq!(
            failure,
            SetupFailure {
                stage: Stage::Overlay,
                step: 7,
                errno: libc::EPERM
            }
        );
        assert_eq!(
            failure.to_string(),
            "mounting the game's folder (step 8) failed: Operation not permitted (os error 1)"
        );
        for errno in [libc::ENOENT, libc::EACCES, libc::ETXTBSY, 4095] {
            assert_eq!(SetupFailure::of(&io::Error::from_raw_os_error(errno)), None);
        }
    }
}
