//! How a game's program is started in its jail, between fork and exec.
//!
//! The process the grader starts (the holder) joins the game's control
//! groups and sets its limits, then makes the game's namespaces (mount,
//! PID, network, IPC, UTS, cgroup; as the user the root is built by, in a
//! user namespace of its own, where that is not root) and starts the
//! namespace's first process (the init). The init builds the game's root
//! and changes into it, names the host, and starts the program's process,
//! which leaves the check's session and terminal, takes the game's
//! identity in a user namespace of its own, drops every capability, puts
//! itself under Landlock and the seccomp filter, and execs the program.
//!
//! The init and the program's process share the holder's memory (the
//! init as a process of its own on a stack of its own, `CLONE_VM`; the
//! program's as a vfork, the init waiting until it execs) rather than
//! copying it: the holder's memory is a copy of the grader's, and each
//! copy, with the faults that follow it in the grader, cost a game a
//! third of a millisecond. Their failures are told through a pipe of the
//! game's ([`raw::tell`]), the holder's own through the spawn.
//!
//! The init waits for the program and tells its wait status through a
//! pipe; when it ends, every process left in the namespace ends too. The
//! holder waits for the init and ends as the program did, so that the
//! grader sees one process whose end is the program's, and killing it
//! kills the init (which dies with its parent), and so every process of
//! the game. A namespace's first process is not the program's because
//! Linux drops the signals a namespace's first process sends itself: a
//! program that aborts there would seem to live on.
//!
//! Where the system gives no namespaces (a container, an old kernel),
//! the holder is the program: it gives up the check's terminal, takes
//! the game's identity where the check runs as root, and is confined by
//! its limits, Landlock and seccomp alone; the standard library execs it.

use std::ffi::CStr;
use std::io;

use super::bpf::Filter;
use super::exec::Exec;
use super::landlock::Rules;
use super::raw::{self, Stage};
use super::view::{self, Steps};

// SAFETY: the entry is read, never written, by the processes between
// fork and exec, each of which has it as its own (a fork's copy); the
// stacks' pointers are addresses in the memory they share.
unsafe impl Send for Entry {}
// SAFETY: as above.
unsafe impl Sync for Entry {}

/// A limit set with `setrlimit`: the resource, its soft limit and its
/// hard one.
pub(crate) type Limit = (super::Resource, u64, u64);

/// What a game's processes are set up with, prepared before the fork.
#[derive(Debug)]
pub(crate) struct Entry {
    /// The per-process limits, processes aside.
    pub(crate) limits: Vec<Limit>,
    /// The processes a game may have, counted in its own user namespace
    /// (or for its own user).
    pub(crate) processes: u64,
    /// The control group to join (cgroup v2), as its `cgroup.procs`.
    pub(crate) group: Option<i32>,
    /// Whether the check runs as root.
    pub(crate) root: bool,
    /// How the game is confined.
    pub(crate) jail: Jail,
    /// The game's user and group outside: taken by the program's
    /// process where the check runs as root and the root is its to build.
    pub(crate) outside: (u32, u32),
    /// The maps of the program's own user namespace, where it gets one.
    pub(crate) program_maps: Option<Maps>,
    /// Landlock's rules, where the kernel has it.
    pub(crate) landlock: Option<Rules>,
    /// The seccomp filter, where it could be made.
    pub(crate) filter: Option<Filter>,
    /// The namespaces made, the user namespace aside: every kind, but
    /// where a test takes one out.
    pub(crate) namespaces: libc::c_int,
    /// The program keeps the identity and capabilities of the process
    /// that builds its root (only where a test takes that layer out).
    pub(crate) keep_privilege: bool,
    /// The program leaves the check's session and terminal (always, but
    /// where a test takes that layer out).
    pub(crate) leave_session: bool,
    /// The program, as its process execs it in a jail.
    pub(crate) exec: Exec,
    /// Where the init and the program's process tell a step that failed
    /// (the write end of the game's pipe).
    pub(crate) told: i32,
    /// The tops of the stacks of the init and of the program's process,
    /// mapped by the game's folder until it ends.
    pub(crate) stacks: [*mut libc::c_void; 2],
}

/// A user namespace's `uid_map` and `gid_map`.
#[derive(Debug)]
pub(crate) struct Maps {
    pub(crate) users: Vec<u8>,
    pub(crate) groups: Vec<u8>,
}

/// How a game is confined.
#[derive(Debug)]
pub(crate) enum Jail {
    /// Namespaces and a root of its own, built by root.
    ByRoot(Steps),
    /// Namespaces and a root of its own, built by `builder` (nobody or
    /// the check's user) in a user namespace mapped by `maps`.
    ByUser {
        /// The user and group the root is built by: taken first when the
        /// check runs as root.
        builder: (u32, u32),
        /// Its user namespace's maps.
        maps: Maps,
        /// The root.
        steps: Steps,
    },
    /// No namespaces: the program's process is the holder.
    Bare,
}

/// The namespaces every jailed game gets, its user namespace aside.
pub(crate) const NAMESPACES: libc::c_int = libc::CLONE_NEWNS
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWCGROUP;

/// Sets up the calling process, the holder, between fork and exec; in a
/// jail, returns only in the program's process, which the standard
/// library then execs.
///
/// # Safety
/// Between fork and exec: system calls only, on data prepared before the
/// fork.
pub(crate) unsafe fn enter(entry: &Entry) -> io::Result<()> {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        // First: every process of the game, the holder and the init too,
        // counts against its group's bounds.
        if let Some(procs) = entry.group {
            super::groups::join(procs)?;
        }
        set_limits(&entry.limits)?;
        // Root's groups would let the game read what they may.
        if entry.root {
            raw::check_int(libc::setgroups(0, std::ptr::null()), Stage::Identity, 0)?;
        }
        match &entry.jail {
            Jail::Bare => bare(entry),
            Jail::ByRoot(steps) => {
                raw::check_int(libc::unshare(entry.namespaces), Stage::Namespaces, 0)?;
                set_processes(entry.processes)?;
                holder(entry, steps)
            }
            Jail::ByUser {
                builder,
                maps,
                steps,
            } => {
                // The count of processes above the game's own namespace
                // is the builder's, shared with everything else it runs:
                // left unbounded there, and bounded in the namespace.
                unbound_processes();
                if entry.root {
                    become_user(*builder)?;
                }
                raw::check_int(
                    libc::unshare(libc::CLONE_NEWUSER | entry.namespaces),
                    Stage::Namespaces,
                    1,
                )?;
                // Its maps are written to /proc/self, which its user owns
                // only while it may be dumped; then no more, for its
                // memory is a copy of the grader's.
                libc::prctl(libc::PR_SET_DUMPABLE, 1);
                write_maps(maps, 0)?;
                libc::prctl(libc::PR_SET_DUMPABLE, 0);
                set_processes(entry.processes)?;
                holder(entry, steps)
            }
        }
    }
}

/// The holder: starts the init and waits for it, ending as the program
/// did.
///
/// # Safety
/// As [`enter`].
unsafe fn holder(entry: &Entry, steps: &Steps) -> io::Result<()> {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        // The init tells the program's wait status through this pipe.
        let mut status_pipe = [0; 2];
        raw::check_int(
            libc::pipe2(status_pipe.as_mut_ptr(), libc::O_CLOEXEC),
            Stage::Fork,
            0,
        )?;
        let [from_init, to_holder] = status_pipe;
        let mut init = Init {
            entry,
            steps,
            to_holder,
            from_init,
        };
        // The init shares this process's memory, on a stack of its own;
        // this process only waits until it ends.
        let pid = libc::clone(
            init_main,
            entry.stacks[0],
            libc::CLONE_VM | libc::SIGCHLD,
            (&raw mut init).cast(),
        );
        raw::check_int(pid, Stage::Fork, 1)?;
        raw::close_all_but(&[from_init]);
        let mut status = raw::wait_for(pid);
        let mut told = [0u8; 4];
        if libc::read(from_init, told.as_mut_ptr().cast(), told.len()) == 4 {
            status = i32::from_ne_bytes(told);
        }
        raw::end_as(status)
    }
}

/// What the init is given.
struct Init<'a> {
    entry: &'a Entry,
    steps: &'a Steps,
    to_holder: i32,
    from_init: i32,
}

/// The init's first function: its work, or its failure told.
extern "C" fn init_main(init: *mut libc::c_void) -> libc::c_int {
    // SAFETY: the holder passed its `Init`, which outlives the init (the
    // holder waits for it); the init makes system calls only.
    unsafe {
        let init = &*init.cast::<Init<'_>>();
        libc::close(init.from_init);
        if let Err(failure) = init_then_program(init.entry, init.steps, init.to_holder) {
            raw::tell(init.entry.told, &failure);
        }
        libc::_exit(127)
    }
}

/// The namespace's first process: builds the root, changes into it,
/// names the host, starts the program's process, and waits for it,
/// adopting and reaping what it leaves, then writes its wait status to
/// `to_holder` and ends. Returns only a failure.
///
/// # Safety
/// As [`enter`].
unsafe fn init_then_program(entry: &Entry, steps: &Steps, to_holder: i32) -> io::Result<()> {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        // Dies with the holder; and, its memory the grader's, keeps the
        // program from reading it through /proc.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        libc::prctl(libc::PR_SET_DUMPABLE, 0);
        // Nor does its name or command line tell the program what runs it.
        libc::prctl(libc::PR_SET_NAME, c"init".as_ptr());
        blank_command_line();
        // Mounts made here stay here.
        let none = std::ptr::null::<libc::c_char>();
        raw::check_int(
            libc::mount(
                none,
                c"/".as_ptr(),
                none,
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ),
            Stage::Root,
            0,
        )?;
        steps.build()?;
        name_the_host()?;
        change_root(&steps.root)?;
        let mut program = Program {
            entry,
            folder: &steps.folder,
        };
        // A vfork: this process waits until the program's execs (or
        // ends), its memory untouched meanwhile.
        let pid = libc::clone(
            program_main,
            entry.stacks[1],
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            (&raw mut program).cast(),
        );
        raw::check_int(pid, Stage::Fork, 2)?;
        raw::close_all_but(&[to_holder]);
        let mut status = 0;
        // Orphans the program leaves are adopted here: they are reaped as
        // they end, until the program itself does.
        loop {
            let waited = libc::waitpid(-1, &mut status, 0);
            if waited == pid {
                break;
            }
            if waited < 0 && raw::errno() != libc::EINTR {
                libc::_exit(127);
            }
        }
        let told = status.to_ne_bytes();
        libc::write(to_holder, told.as_ptr().cast(), told.len());
        libc::_exit(0)
    }
}

/// What the program's process is given.
struct Program<'a> {
    entry: &'a Entry,
    folder: &'a CStr,
}

/// The program's process's first function: the program, or its failure
/// told.
extern "C" fn program_main(program: *mut libc::c_void) -> libc::c_int {
    // SAFETY: the init passed its `Program`, and waits (a vfork) until
    // this process execs or ends; system calls only.
    unsafe {
        let program = &*program.cast::<Program<'_>>();
        let entry = program.entry;
        let failure = match program_process(entry, Some(program.folder)) {
            Ok(()) => entry.exec.run(),
            Err(failure) => failure,
        };
        raw::tell(entry.told, &failure);
        libc::_exit(127)
    }
}

/// The program's process in a jail, in its folder `folder`: out of the
/// check's session, its identity, no capability, Landlock, seccomp.
///
/// # Safety
/// As [`enter`].
unsafe fn program_process(entry: &Entry, folder: Option<&CStr>) -> io::Result<()> {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        // Dies with the init, as the init dies with the holder.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        // A session of its own has no controlling terminal.
        if entry.leave_session {
            raw::check_int(libc::setsid(), Stage::Session, 0)?;
        }
        // The usual mask, not the one the root was built with.
        libc::umask(0o022);
        if let Some(folder) = folder {
            raw::check_int(libc::chdir(folder.as_ptr()), Stage::Pivot, 3)?;
        }
        if matches!(entry.jail, Jail::ByRoot(_)) && !entry.keep_privilege {
            become_user(entry.outside)?;
            // A change of user clears the signal that ends it with the
            // init.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        }
        if let Some(maps) = &entry.program_maps {
            // Its own maps are written to /proc/self, which its user
            // owns only while it may be dumped: until it execs.
            libc::prctl(libc::PR_SET_DUMPABLE, 1);
            raw::check_int(libc::unshare(libc::CLONE_NEWUSER), Stage::Namespaces, 2)?;
            write_maps(maps, 1)?;
        }
        confine(entry)
    }
}

/// No capability, no new privileges, then Landlock and seccomp (last:
/// the calls it refuses are none of those before it).
///
/// # Safety
/// As [`enter`].
unsafe fn confine(entry: &Entry) -> io::Result<()> {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        if !entry.keep_privilege {
            drop_capabilities()?;
        }
        raw::check_int(
            libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0),
            Stage::Capabilities,
            1,
        )?;
        if let Some(rules) = &entry.landlock {
            rules.enforce()?;
        }
        if let Some(filter) = &entry.filter {
            filter.install()?;
        }
        Ok(())
    }
}

/// With no namespaces, the holder is the program's process.
///
/// # Safety
/// As [`enter`].
unsafe fn bare(entry: &Entry) -> io::Result<()> {
    // SAFETY: the caller's promise, passed on.
    unsafe {
        if entry.leave_session {
            give_up_terminal();
        }
        if entry.root && !entry.keep_privilege {
            become_user(entry.outside)?;
        }
        set_processes(entry.processes)?;
        confine(entry)
    }
}

/// The per-process limits.
///
/// # Safety
/// As [`enter`].
unsafe fn set_limits(limits: &[Limit]) -> io::Result<()> {
    for (step, &(resource, soft, hard)) in limits.iter().enumerate() {
        let limit = libc::rlimit {
            rlim_cur: soft as libc::rlim_t,
            rlim_max: hard as libc::rlim_t,
        };
        // SAFETY: setrlimit on a local.
        let set = unsafe { libc::setrlimit(resource, &limit) };
        raw::check_int(set, Stage::Limits, step)?;
    }
    Ok(())
}

/// The bound on processes, as soft and hard limit.
///
/// # Safety
/// As [`enter`].
unsafe fn set_processes(most: u64) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: most as libc::rlim_t,
        rlim_max: most as libc::rlim_t,
    };
    // SAFETY: setrlimit on a local.
    let set = unsafe { libc::setrlimit(libc::RLIMIT_NPROC, &limit) };
    raw::check_int(set, Stage::Limits, 99).map(|_| ())
}

/// Raises the bound on processes as far as it goes (root: without end),
/// before a user namespace is made: the namespace takes it as the bound
/// of everything in it, counted for its maker's user, which is shared.
///
/// # Safety
/// As [`enter`].
unsafe fn unbound_processes() {
    // SAFETY: getrlimit and setrlimit on a local.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: libc::RLIM_INFINITY,
            rlim_max: libc::RLIM_INFINITY,
        };
        if libc::setrlimit(libc::RLIMIT_NPROC, &limit) != 0
            && libc::getrlimit(libc::RLIMIT_NPROC, &mut limit) == 0
        {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NPROC, &limit);
        }
    }
}

/// Takes `(uid, gid)` as every user and group id, no supplementary
/// group; from root, which every capability then leaves.
///
/// # Safety
/// As [`enter`].
unsafe fn become_user((uid, gid): (u32, u32)) -> io::Result<()> {
    // SAFETY: identity calls on integers.
    unsafe {
        raw::check_int(libc::setgroups(0, std::ptr::null()), Stage::Identity, 1)?;
        raw::check_int(libc::setresgid(gid, gid, gid), Stage::Identity, 2)?;
        raw::check_int(libc::setresuid(uid, uid, uid), Stage::Identity, 3)?;
    }
    Ok(())
}

/// Writes the calling process's user namespace maps (`deny` to setgroups
/// first, as a map written without privilege needs).
///
/// # Safety
/// As [`enter`].
unsafe fn write_maps(maps: &Maps, step: usize) -> io::Result<()> {
    let step = step * 3;
    // SAFETY: the caller's promise, passed on.
    unsafe {
        for (index, (path, bytes)) in [
            (c"/proc/self/setgroups", &b"deny"[..]),
            (c"/proc/self/uid_map", &maps.users),
            (c"/proc/self/gid_map", &maps.groups),
        ]
        .into_iter()
        .enumerate()
        {
            raw::write_file(path, bytes)
                .map_err(|errno| raw::failed_with(Stage::UserMap, step + index, errno))?;
        }
    }
    Ok(())
}

/// Drops every capability: the bounding set (where the process may), the
/// ambient set, and the permitted, effective and inheritable sets.
///
/// # Safety
/// As [`enter`].
unsafe fn drop_capabilities() -> io::Result<()> {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: libc::c_int,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const VERSION_3: u32 = 0x2008_0522;
    // SAFETY: prctl and capset on locals.
    unsafe {
        for capability in 0..64 {
            // EINVAL past the last capability; EPERM where the process
            // has none to drop it with (it has none to regain it by then,
            // and no_new_privs keeps exec from giving any).
            libc::prctl(libc::PR_CAPBSET_DROP, capability, 0, 0, 0);
        }
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        );
        let header = Header {
            version: VERSION_3,
            pid: 0,
        };
        let none = Data {
            effective: 0,
            permitted: 0,
            inheritable: 0,
        };
        let data = [none; 2];
        raw::check(
            libc::syscall(libc::SYS_capset, &header as *const Header, data.as_ptr()),
            Stage::Capabilities,
            0,
        )?;
    }
    Ok(())
}

/// Names the game's host (its UTS namespace's own).
///
/// # Safety
/// As [`enter`].
unsafe fn name_the_host() -> io::Result<()> {
    let host = view::HOSTNAME;
    // SAFETY: sethostname and setdomainname on static strings.
    unsafe {
        raw::check_int(
            libc::sethostname(host.as_ptr(), host.count_bytes()),
            Stage::Root,
            1000,
        )?;
        let domain = c"(none)";
        raw::check_int(
            libc::setdomainname(domain.as_ptr(), domain.count_bytes()),
            Stage::Root,
            1001,
        )?;
    }
    Ok(())
}

/// Makes `root` this process's root and working folder, and lets go of
/// the old root (and every host mount under it).
///
/// # Safety
/// As [`enter`].
unsafe fn change_root(root: &CStr) -> io::Result<()> {
    // SAFETY: chdir, pivot_root and umount2 on C strings.
    unsafe {
        raw::check_int(libc::chdir(root.as_ptr()), Stage::Pivot, 0)?;
        // The old root is put under the new one, at the same place, then
        // taken away: no folder is needed for it.
        raw::check(
            libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()),
            Stage::Pivot,
            1,
        )?;
        raw::check_int(
            libc::umount2(c".".as_ptr(), libc::MNT_DETACH),
            Stage::Pivot,
            2,
        )?;
        raw::check_int(libc::chdir(c"/".as_ptr()), Stage::Pivot, 3)?;
    }
    Ok(())
}

/// Gives up the check's terminal, where it has one: without it the
/// program can neither write to the teacher's terminal nor type into it.
///
/// # Safety
/// As [`enter`].
unsafe fn give_up_terminal() {
    // SAFETY: open, ioctl and close on a local descriptor.
    unsafe {
        let tty = libc::open(
            c"/dev/tty".as_ptr(),
            libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
        );
        if tty >= 0 {
            libc::ioctl(tty, libc::TIOCNOTTY);
            libc::close(tty);
        }
    }
}

/// Writes zeros over this process's command line, as /proc shows it
/// (from `arg_start` to `arg_end`, fields 48 and 49 of /proc/self/stat):
/// the init is a fork of the grader, whose command line names the grader
/// and the teacher's folders.
///
/// # Safety
/// As [`enter`]: the stat line is read into the stack.
unsafe fn blank_command_line() {
    let mut stat = [0u8; 1024];
    // SAFETY: reading a file of this process into a buffer on the stack.
    let read = unsafe {
        let fd = libc::open(
            c"/proc/self/stat".as_ptr(),
            libc::O_RDONLY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            return;
        }
        let read = libc::read(fd, stat.as_mut_ptr().cast(), stat.len());
        libc::close(fd);
        read
    };
    let Ok(read) = usize::try_from(read) else {
        return;
    };
    let Some((start, end)) = command_line_span(&stat[..read]) else {
        return;
    };
    // SAFETY: the span is this process's own argument strings, on its
    // stack, writable, and read by nothing else in this process.
    unsafe { std::ptr::write_bytes(start as *mut u8, 0, end - start) };
}

/// `arg_start` and `arg_end` in a /proc/PID/stat line: fields 48 and 49,
/// counted from 1, the command's name (field 2, in parentheses that may
/// hold spaces and parentheses) ending at the last `)`.
fn command_line_span(stat: &[u8]) -> Option<(usize, usize)> {
    let name_end = stat.iter().rposition(|&b| b == b')')?;
    let mut fields = stat[name_end + 1..]
        .split(u8::is_ascii_whitespace)
        .filter(|field| !field.is_empty());
    // Field 3 comes first here: field 48 is the 46th.
    let number = |field: &[u8]| {
        field.iter().try_fold(0usize, |n, &b| {
            b.is_ascii_digit()
                .then(|| n.checked_mul(10)?.checked_add(usize::from(b - b'0')))
                .flatten()
        })
    };
    let start = number(fields.nth(45)?)?;
    let end = number(fields.next()?)?;
    (start > 0 && start < end).then_some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_found_in_a_stat_line() {
        let mut stat = "1234 (a) b (c)) S".to_owned();
        for field in 4..=47 {
            stat.push_str(&format!(" {field}"));
        }
        stat.push_str(" 140000 140100 140100 140200 0\n");
        assert_eq!(command_line_span(stat.as_bytes()), Some((140000, 140100)));
        assert_eq!(command_line_span(b"1 (x) S 1 2"), None);
        let own = std::fs::read("/proc/self/stat").unwrap();
        let (start, end) = command_line_span(&own).unwrap();
        let cmdline = std::fs::read("/proc/self/cmdline").unwrap();
        assert_eq!(end - start, cmdline.len());
    }
}
