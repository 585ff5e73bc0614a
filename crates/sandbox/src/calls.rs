//! The system calls a game may make: an allowlist. Every call not on it
//! is refused with EPERM, so a new kernel interface (io_uring was one)
//! is refused until someone decides otherwise. [`bpf`](super::bpf) makes
//! it the seccomp filter every game runs under.
//!
//! The list is what CPython, shells and the programs they run, and
//! compiled C, C++ and Rust programs make (read off `strace -f` of each
//! playing games), and the ordinary POSIX calls around them: files in the
//! game's own root, memory, processes and threads, signals, time, pipes,
//! and sockets of the Internet families (in a network of its own, with no
//! interface up) or of a pair. Left off: io_uring, ptrace and reading
//! other processes, bpf and perf, mounts and namespaces, changing
//! identity or capabilities, host and domain names, the clock, kernel
//! keyrings, System V and POSIX message IPC, devices made with mknod,
//! file handles, extended attributes set or removed, inotify and
//! fanotify (which would hear other games open the files they share),
//! `sync`, modules, reboot, swap, and the 32-bit and x32 ABIs (another
//! architecture ends the process; an x32 number is on no list).
//!
//! Three calls are allowed only with some arguments: `clone` without a
//! namespace flag, `socket` of `AF_INET` and `AF_INET6` (a Unix socket
//! is connected by a path or an abstract name, so it could reach a
//! listener outside the game), and `ioctl` with the requests that ask
//! about a file (`TCGETS`, `TIOCGWINSZ`, `FIONREAD`, …), never one that
//! types into a terminal (`TIOCSTI`).
//!
//! Two get answers of their own: `clone3`, whose flags are in memory a
//! filter cannot read, fails with ENOSYS, on which the C library falls
//! back to `clone`; and, where the checked program is not this program,
//! the [`CANARY`] call fails with [`CANARY_ERRNO`], which is how a copy
//! of this program knows it runs inside a game.

/// A call and its number.
pub(crate) type Call = (&'static str, libc::c_long);

/// The calls the libc crate has no number for yet: the generic numbers
/// every 64-bit system shares.
const SYS_FCHMODAT2: libc::c_long = 452;
#[cfg(target_arch = "x86_64")]
const SYS_MAP_SHADOW_STACK: libc::c_long = 453;

/// Every call allowed whatever its arguments, on every 64-bit system.
pub(crate) const ANY_ARGUMENTS: &[Call] = &[
    // Files, as the game's root and Landlock allow them.
    ("read", libc::SYS_read),
    ("write", libc::SYS_write),
    ("readv", libc::SYS_readv),
    ("writev", libc::SYS_writev),
    ("pread64", libc::SYS_pread64),
    ("pwrite64", libc::SYS_pwrite64),
    ("preadv", libc::SYS_preadv),
    ("pwritev", libc::SYS_pwritev),
    ("preadv2", libc::SYS_preadv2),
    ("pwritev2", libc::SYS_pwritev2),
    ("openat", libc::SYS_openat),
    ("openat2", libc::SYS_openat2),
    ("close", libc::SYS_close),
    ("close_range", libc::SYS_close_range),
    ("lseek", libc::SYS_lseek),
    ("fstat", libc::SYS_fstat),
    ("newfstatat", libc::SYS_newfstatat),
    ("statx", libc::SYS_statx),
    ("statfs", libc::SYS_statfs),
    ("fstatfs", libc::SYS_fstatfs),
    ("faccessat", libc::SYS_faccessat),
    ("faccessat2", libc::SYS_faccessat2),
    ("getdents64", libc::SYS_getdents64),
    ("getcwd", libc::SYS_getcwd),
    ("chdir", libc::SYS_chdir),
    ("fchdir", libc::SYS_fchdir),
    ("mkdirat", libc::SYS_mkdirat),
    ("unlinkat", libc::SYS_unlinkat),
    ("renameat", libc::SYS_renameat),
    ("renameat2", libc::SYS_renameat2),
    ("linkat", libc::SYS_linkat),
    ("symlinkat", libc::SYS_symlinkat),
    ("readlinkat", libc::SYS_readlinkat),
    ("fchmod", libc::SYS_fchmod),
    ("fchmodat", libc::SYS_fchmodat),
    ("fchmodat2", SYS_FCHMODAT2),
    ("utimensat", libc::SYS_utimensat),
    ("truncate", libc::SYS_truncate),
    ("ftruncate", libc::SYS_ftruncate),
    ("fallocate", libc::SYS_fallocate),
    ("fsync", libc::SYS_fsync),
    ("fdatasync", libc::SYS_fdatasync),
    ("sync_file_range", libc::SYS_sync_file_range),
    ("fadvise64", libc::SYS_fadvise64),
    ("readahead", libc::SYS_readahead),
    ("flock", libc::SYS_flock),
    ("fcntl", libc::SYS_fcntl),
    ("dup", libc::SYS_dup),
    ("dup3", libc::SYS_dup3),
    ("pipe2", libc::SYS_pipe2),
    ("sendfile", libc::SYS_sendfile),
    ("splice", libc::SYS_splice),
    ("tee", libc::SYS_tee),
    ("vmsplice", libc::SYS_vmsplice),
    ("copy_file_range", libc::SYS_copy_file_range),
    ("umask", libc::SYS_umask),
    ("getxattr", libc::SYS_getxattr),
    ("lgetxattr", libc::SYS_lgetxattr),
    ("fgetxattr", libc::SYS_fgetxattr),
    ("listxattr", libc::SYS_listxattr),
    ("llistxattr", libc::SYS_llistxattr),
    ("flistxattr", libc::SYS_flistxattr),
    ("memfd_create", libc::SYS_memfd_create),
    // Waiting on files.
    ("ppoll", libc::SYS_ppoll),
    ("pselect6", libc::SYS_pselect6),
    ("epoll_create1", libc::SYS_epoll_create1),
    ("epoll_ctl", libc::SYS_epoll_ctl),
    ("epoll_pwait", libc::SYS_epoll_pwait),
    ("epoll_pwait2", libc::SYS_epoll_pwait2),
    ("eventfd2", libc::SYS_eventfd2),
    ("timerfd_create", libc::SYS_timerfd_create),
    ("timerfd_settime", libc::SYS_timerfd_settime),
    ("timerfd_gettime", libc::SYS_timerfd_gettime),
    ("signalfd4", libc::SYS_signalfd4),
    // Memory.
    ("brk", libc::SYS_brk),
    ("mmap", libc::SYS_mmap),
    ("munmap", libc::SYS_munmap),
    ("mremap", libc::SYS_mremap),
    ("mprotect", libc::SYS_mprotect),
    ("madvise", libc::SYS_madvise),
    ("mincore", libc::SYS_mincore),
    ("msync", libc::SYS_msync),
    ("mlock", libc::SYS_mlock),
    ("mlock2", libc::SYS_mlock2),
    ("munlock", libc::SYS_munlock),
    ("mlockall", libc::SYS_mlockall),
    ("munlockall", libc::SYS_munlockall),
    ("pkey_alloc", libc::SYS_pkey_alloc),
    ("pkey_free", libc::SYS_pkey_free),
    ("pkey_mprotect", libc::SYS_pkey_mprotect),
    ("membarrier", libc::SYS_membarrier),
    ("mseal", libc::SYS_mseal),
    // Processes and threads, in the game's own PID namespace.
    ("execve", libc::SYS_execve),
    ("execveat", libc::SYS_execveat),
    ("exit", libc::SYS_exit),
    ("exit_group", libc::SYS_exit_group),
    ("wait4", libc::SYS_wait4),
    ("waitid", libc::SYS_waitid),
    ("kill", libc::SYS_kill),
    ("tkill", libc::SYS_tkill),
    ("tgkill", libc::SYS_tgkill),
    ("pidfd_open", libc::SYS_pidfd_open),
    ("pidfd_send_signal", libc::SYS_pidfd_send_signal),
    ("getpid", libc::SYS_getpid),
    ("getppid", libc::SYS_getppid),
    ("gettid", libc::SYS_gettid),
    ("getpgid", libc::SYS_getpgid),
    ("setpgid", libc::SYS_setpgid),
    ("getsid", libc::SYS_getsid),
    ("setsid", libc::SYS_setsid),
    ("getuid", libc::SYS_getuid),
    ("geteuid", libc::SYS_geteuid),
    ("getgid", libc::SYS_getgid),
    ("getegid", libc::SYS_getegid),
    ("getresuid", libc::SYS_getresuid),
    ("getresgid", libc::SYS_getresgid),
    ("getgroups", libc::SYS_getgroups),
    ("capget", libc::SYS_capget),
    ("prctl", libc::SYS_prctl),
    ("set_tid_address", libc::SYS_set_tid_address),
    ("set_robust_list", libc::SYS_set_robust_list),
    ("rseq", libc::SYS_rseq),
    ("futex", libc::SYS_futex),
    ("futex_waitv", libc::SYS_futex_waitv),
    ("sched_yield", libc::SYS_sched_yield),
    ("sched_getaffinity", libc::SYS_sched_getaffinity),
    ("sched_setaffinity", libc::SYS_sched_setaffinity),
    ("sched_getparam", libc::SYS_sched_getparam),
    ("sched_getscheduler", libc::SYS_sched_getscheduler),
    ("sched_get_priority_max", libc::SYS_sched_get_priority_max),
    ("sched_get_priority_min", libc::SYS_sched_get_priority_min),
    ("sched_rr_get_interval", libc::SYS_sched_rr_get_interval),
    ("getpriority", libc::SYS_getpriority),
    ("setpriority", libc::SYS_setpriority),
    ("getcpu", libc::SYS_getcpu),
    ("prlimit64", libc::SYS_prlimit64),
    ("getrlimit", libc::SYS_getrlimit),
    ("setrlimit", libc::SYS_setrlimit),
    ("getrusage", libc::SYS_getrusage),
    ("times", libc::SYS_times),
    ("sysinfo", libc::SYS_sysinfo),
    ("uname", libc::SYS_uname),
    ("getrandom", libc::SYS_getrandom),
    ("restart_syscall", libc::SYS_restart_syscall),
    // Signals.
    ("rt_sigaction", libc::SYS_rt_sigaction),
    ("rt_sigprocmask", libc::SYS_rt_sigprocmask),
    ("rt_sigreturn", libc::SYS_rt_sigreturn),
    ("rt_sigpending", libc::SYS_rt_sigpending),
    ("rt_sigtimedwait", libc::SYS_rt_sigtimedwait),
    ("rt_sigsuspend", libc::SYS_rt_sigsuspend),
    ("rt_sigqueueinfo", libc::SYS_rt_sigqueueinfo),
    ("rt_tgsigqueueinfo", libc::SYS_rt_tgsigqueueinfo),
    ("sigaltstack", libc::SYS_sigaltstack),
    // Time.
    ("clock_gettime", libc::SYS_clock_gettime),
    ("clock_getres", libc::SYS_clock_getres),
    ("clock_nanosleep", libc::SYS_clock_nanosleep),
    ("nanosleep", libc::SYS_nanosleep),
    ("gettimeofday", libc::SYS_gettimeofday),
    ("getitimer", libc::SYS_getitimer),
    ("setitimer", libc::SYS_setitimer),
    ("timer_create", libc::SYS_timer_create),
    ("timer_settime", libc::SYS_timer_settime),
    ("timer_gettime", libc::SYS_timer_gettime),
    ("timer_getoverrun", libc::SYS_timer_getoverrun),
    ("timer_delete", libc::SYS_timer_delete),
    // Sockets: made only as `socket` below allows, or as a pair.
    ("socketpair", libc::SYS_socketpair),
    ("bind", libc::SYS_bind),
    ("listen", libc::SYS_listen),
    ("accept", libc::SYS_accept),
    ("accept4", libc::SYS_accept4),
    ("connect", libc::SYS_connect),
    ("getsockname", libc::SYS_getsockname),
    ("getpeername", libc::SYS_getpeername),
    ("getsockopt", libc::SYS_getsockopt),
    ("setsockopt", libc::SYS_setsockopt),
    ("sendto", libc::SYS_sendto),
    ("recvfrom", libc::SYS_recvfrom),
    ("sendmsg", libc::SYS_sendmsg),
    ("recvmsg", libc::SYS_recvmsg),
    ("sendmmsg", libc::SYS_sendmmsg),
    ("recvmmsg", libc::SYS_recvmmsg),
    ("shutdown", libc::SYS_shutdown),
    // A program may confine itself further.
    ("seccomp", libc::SYS_seccomp),
    ("landlock_create_ruleset", libc::SYS_landlock_create_ruleset),
    ("landlock_add_rule", libc::SYS_landlock_add_rule),
    ("landlock_restrict_self", libc::SYS_landlock_restrict_self),
];

/// The older calls of x86-64 that newer ones replace elsewhere.
#[cfg(target_arch = "x86_64")]
pub(crate) const X86_64_ONLY: &[Call] = &[
    ("open", libc::SYS_open),
    ("creat", libc::SYS_creat),
    ("stat", libc::SYS_stat),
    ("lstat", libc::SYS_lstat),
    ("access", libc::SYS_access),
    ("getdents", libc::SYS_getdents),
    ("mkdir", libc::SYS_mkdir),
    ("rmdir", libc::SYS_rmdir),
    ("unlink", libc::SYS_unlink),
    ("rename", libc::SYS_rename),
    ("link", libc::SYS_link),
    ("symlink", libc::SYS_symlink),
    ("readlink", libc::SYS_readlink),
    ("chmod", libc::SYS_chmod),
    ("utime", libc::SYS_utime),
    ("utimes", libc::SYS_utimes),
    ("futimesat", libc::SYS_futimesat),
    ("dup2", libc::SYS_dup2),
    ("pipe", libc::SYS_pipe),
    ("poll", libc::SYS_poll),
    ("select", libc::SYS_select),
    ("epoll_create", libc::SYS_epoll_create),
    ("epoll_wait", libc::SYS_epoll_wait),
    ("eventfd", libc::SYS_eventfd),
    ("signalfd", libc::SYS_signalfd),
    ("fork", libc::SYS_fork),
    ("vfork", libc::SYS_vfork),
    ("getpgrp", libc::SYS_getpgrp),
    ("pause", libc::SYS_pause),
    ("alarm", libc::SYS_alarm),
    ("time", libc::SYS_time),
    ("arch_prctl", libc::SYS_arch_prctl),
    ("map_shadow_stack", SYS_MAP_SHADOW_STACK),
];

#[cfg(not(target_arch = "x86_64"))]
pub(crate) const X86_64_ONLY: &[Call] = &[];

/// The namespace flags `clone` may not be given.
pub(crate) const NEW_NAMESPACES: u64 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWCGROUP
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET) as u64;

/// The socket families a game may make a socket of.
pub(crate) const FAMILIES: [(&str, libc::c_int); 2] =
    [("AF_INET", libc::AF_INET), ("AF_INET6", libc::AF_INET6)];

/// The `ioctl` requests a game may make: what a file or terminal is,
/// never a change to a terminal.
pub(crate) const REQUESTS: [(&str, libc::Ioctl); 9] = [
    ("TCGETS", libc::TCGETS),
    ("TCGETS2", 0x802C_542A),
    ("TIOCGWINSZ", libc::TIOCGWINSZ),
    ("TIOCGPGRP", libc::TIOCGPGRP),
    ("FIONREAD", libc::FIONREAD),
    ("FIONBIO", libc::FIONBIO),
    ("FIOCLEX", libc::FIOCLEX),
    ("FIONCLEX", libc::FIONCLEX),
    ("FIOASYNC", libc::FIOASYNC),
];

/// The call a copy of this program makes to learn whether it runs in a
/// game: `getpgid` of a process number no system gives (above the
/// kernel's most, 2^22).
pub(crate) const CANARY: (libc::c_long, u64) = (libc::SYS_getpgid, 0x5EED_CA11);

/// The errno the canary fails with inside a game: none the kernel uses.
pub(crate) const CANARY_ERRNO: u32 = 3917;

/// What the allowlist allows, in words, one line a call: for the test
/// that prints it, and for `MINESWEEPER_LOG=debug`.
pub(crate) fn allowed() -> Vec<String> {
    let mut lines: Vec<String> = ANY_ARGUMENTS
        .iter()
        .chain(X86_64_ONLY)
        .map(|(name, _)| (*name).to_owned())
        .collect();
    lines.push("clone without CLONE_NEW* flags".to_owned());
    lines.push(format!(
        "socket of {}",
        FAMILIES.map(|(name, _)| name).join(" or ")
    ));
    lines.push(format!(
        "ioctl of {}",
        REQUESTS.map(|(name, _)| name).join(", ")
    ));
    lines.sort();
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    /// What the allowlist allows, reviewed as a snapshot: a call added
    /// or taken away is a change someone reads.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_allowlist_is_this_list() {
        insta::assert_snapshot!(allowed().join("\n"));
    }

    /// `program` run under the filter (`canary` as given), its stdout
    /// and stderr; `None` where it cannot start.
    fn under_filters(program: &str, args: &[&str], canary: bool) -> Option<String> {
        let filter = super::super::bpf::Filter::new(canary).ok()?;
        let mut child = std::process::Command::new(program);
        child.args(args);
        // SAFETY: installing the filter is system calls only.
        unsafe {
            child.pre_exec(move || filter.install());
        }
        let output = child.output().ok()?;
        Some(format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }

    /// A shell and the commands a test or a student's wrapper runs work
    /// under the allowlist: pipes, subshells, background processes,
    /// files, `ls -la` (which asks for extended attributes).
    #[test]
    fn a_shell_and_its_commands_run_under_the_allowlist() {
        let folder = tempfile::tempdir().unwrap();
        let script = format!(
            "cd {}; echo a > f; cat f | tr a b; ls -la >/dev/null && echo listed; \
             (sleep 0 &); wait; mkdir d; mv f d/g; rm -r d; echo $((1+2)); id -u >/dev/null && echo id",
            folder.path().display()
        );
        let said = under_filters("/bin/sh", &["-c", &script], true).unwrap();
        assert_eq!(said, "b\nlisted\n3\nid\n");
    }

    /// Python, with threads, a subprocess and a temporary file, runs; and
    /// the calls left off are refused as the list says: io_uring,
    /// Unix sockets, ptrace, bpf, mounts and namespaces, mknod, setting
    /// attributes, a terminal's input, the x32 ABI; `clone3` is not
    /// there (ENOSYS), the canary answers.
    #[test]
    fn python_runs_and_what_is_left_off_is_refused() {
        let probe = r#"
import ctypes, os, socket, subprocess, sys, tempfile, threading
t = threading.Thread(target=lambda: None); t.start(); t.join()
subprocess.run(["true"], check=True)
tempfile.mkstemp()
socket.socket(socket.AF_INET).close()
libc = ctypes.CDLL(None, use_errno=True)
def errno(call, *args):
    ctypes.set_errno(0)
    result = libc.syscall(call, *[ctypes.c_long(a) for a in args])
    return ctypes.get_errno() if result == -1 else 0
calls = {
    "io_uring_setup": (425, 1, 0), "ptrace": (101, 16, 1), "bpf": (321, 0, 0, 0),
    "mount": (165, 0, 0, 0, 0), "unshare": (272, 0x10000000), "mknodat": (259, -100, 0, 0o20666, 0),
    "setxattr": (188, 0, 0, 0, 0, 0), "keyctl": (250, 0), "clone3": (435, 0, 0),
    "x32 getpid": (0x40000000 | 39,), "getpgid canary": (121, 0x5EEDCA11),
    "socket unix": (41, 1, 1, 0), "ioctl TIOCSTI": (16, 0, 0x5412, 0),
}
for name, (call, *args) in calls.items():
    print(name, errno(call, *args))
print("python ok")
"#;
        // Where there is no python3, nothing to try.
        let Some(said) = under_filters("python3", &["-c", probe], true) else {
            return;
        };
        if said.contains("not found") {
            return;
        }
        let eperm = libc::EPERM.to_string();
        for name in [
            "io_uring_setup",
            "ptrace",
            "bpf",
            "mount",
            "unshare",
            "mknodat",
            "setxattr",
            "keyctl",
            "socket unix",
            "ioctl TIOCSTI",
        ] {
            assert!(
                said.contains(&format!("{name} {eperm}\n")),
                "{name}: {said}"
            );
        }
        #[cfg(target_arch = "x86_64")]
        assert!(said.contains(&format!("x32 getpid {eperm}\n")), "{said}");
        assert!(
            said.contains(&format!("clone3 {}\n", libc::ENOSYS)),
            "{said}"
        );
        assert!(
            said.contains(&format!("getpgid canary {CANARY_ERRNO}\n")),
            "{said}"
        );
        assert!(said.ends_with("python ok\n"), "{said}");
    }

    /// Without the canary (the program checked is this one), its call
    /// gets what the kernel says of a process that is not there.
    #[test]
    fn without_the_canary_its_call_is_the_kernel_s() {
        let said = under_filters(
            "python3",
            &[
                "-c",
                "import ctypes; l = ctypes.CDLL(None, use_errno=True); \
                 l.syscall(121, ctypes.c_long(0x5EEDCA11)); print(ctypes.get_errno())",
            ],
            false,
        );
        if let Some(said) = said.filter(|s| !s.contains("not found")) {
            assert_eq!(said, format!("{}\n", libc::ESRCH));
        }
    }
}
