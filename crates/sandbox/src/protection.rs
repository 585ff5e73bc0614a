//! What a game is protected by, as the report lists it: each protection
//! by name, given or not and why. The names are the report's words (and
//! its JSON's), the same on every system, in the order they are listed.

/// One protection, and whether the system gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Protection {
    /// What it protects from, in words.
    pub name: &'static str,
    /// `Err` with why not.
    pub given: Result<(), String>,
    /// Not given because the check was not asked for it: the option that
    /// gives it, rather than a want of this system's.
    pub option: Option<&'static str>,
}

impl Protection {
    /// `name`, given or not as `given` says.
    pub(crate) fn new(name: &'static str, given: Result<(), String>) -> Protection {
        Protection {
            name,
            given,
            option: None,
        }
    }

    /// `name`, which every system gives.
    pub(crate) fn given(name: &'static str) -> Protection {
        Protection::new(name, Ok(()))
    }
}

/// Each game's folder is its own, and its home and temporary folder.
pub(crate) const FOLDER: &str = "a folder of its own, HOME and TMPDIR in it";
/// Nothing of the teacher's environment but PATH.
pub(crate) const ENVIRONMENT: &str = "a clean environment";
/// Limits on each process (rlimits).
pub(crate) const PROCESS_LIMITS: &str =
    "limits on each process's CPU time, memory, file size and open files";
/// Processes counted for the game alone.
pub(crate) const PROCESSES: &str = "at most 256 processes in each game, whoever else runs";
/// Memory of the whole game.
pub(crate) const MEMORY: &str =
    "at most 2 GiB of memory in each game, all its processes together (a control group)";
/// The game's disk.
pub(crate) const DISK: &str = "at most 64 MiB written in each game, its folder and /tmp together";
/// What the game sees.
pub(crate) const ROOT: &str = "a root of its own: the system's folders, its interpreter's and its board read-only, its own folder, an empty /tmp, a /dev of null, zero and urandom (a mount namespace)";
/// Its /proc.
pub(crate) const PROC: &str = "a /proc of its own processes";
/// No network.
pub(crate) const NETWORK: &str = "no network (a network namespace of its own)";
/// Its processes end with it.
pub(crate) const PID: &str = "every process it starts ended with it (a PID namespace of its own)";
/// Namespaces of its own of the other kinds.
pub(crate) const SHARED: &str =
    "nothing shared with other games: IPC, host name and control groups of its own";
/// Its identity.
pub(crate) const PRIVILEGE: &str = "no privilege: a user with nothing of its own, no capability";
/// Its user namespace.
pub(crate) const USER_NAMESPACE: &str = "a user namespace of its own";
/// The check's terminal out of reach.
pub(crate) const SESSION: &str = "out of the check's session and terminal";
/// Landlock.
pub(crate) const LANDLOCK: &str = "reads and writes only what its game may (Landlock)";
/// The seccomp allowlist.
pub(crate) const CALLS: &str = "only the system calls programs need (a seccomp allowlist)";
/// No copy of this program to play for it.
pub(crate) const COPIES: &str = "no copy of minesweeper to run";

/// The protections only Linux gives, in the report's order: those every
/// system gives ([`FOLDER`], [`ENVIRONMENT`], [`PROCESS_LIMITS`]) come
/// first.
#[cfg(any(test, not(target_os = "linux")))]
pub(crate) const LINUX_ONLY: [&str; 14] = [
    PROCESSES,
    MEMORY,
    DISK,
    ROOT,
    PROC,
    NETWORK,
    PID,
    SHARED,
    PRIVILEGE,
    USER_NAMESPACE,
    SESSION,
    LANDLOCK,
    CALLS,
    COPIES,
];
