//! Where the program under test runs, and what it may do there. A
//! student's program is untrusted, and each game is a jail of its own,
//! on the model of the sandboxes programming contests trust (isolate,
//! nsjail, bubblewrap): denied by default, each layer enough alone for
//! what it guards, nothing shared with the next game or the next student.
//! What the system could not give is said, never assumed.
//!
//! Here is what every system has: a folder of its own for each game, an
//! environment with nothing of the teacher's in it (HOME and TMPDIR in
//! that folder), and limits on each process. The layers Linux gives are
//! in `linux.rs` (the jail); elsewhere, `portable.rs` says they are
//! missing.
//!
//! # Map
//!
//! Owns: a checked program's place (a folder of its own for each game,
//! its environment, its limits) and, on Linux, the jail around it, with
//! what the system refused named as `Protection`s. Knows nothing of
//! games: the grader hands it a program, a folder and limits. May use:
//! `visible` (paths in its logs and errors), `tempfile`, `thiserror`,
//! `tracing`, `libc` (Unix: limits, namespaces, mounts, Landlock and
//! seccomp between fork and exec), `memchr` (Linux: a copy of this
//! program found by its help). Must never use: the engine or anything
//! above it, an allocator between fork and exec.
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/lib.rs` | `Sandbox::new` (the program's folder copied once, the confinement found with its protections), `place` (a game's folder), `prepare` (between fork and exec), `failed_setup` and `setup_failure` (a step that failed, never the program's fault), `Sandbox::none` (`--no-sandbox`), `Without` (layers a test takes out) |
//! | `src/linux.rs` | the jail, on Linux | `Confinement::new` (the identity, control groups, Landlock, the seccomp filter, the view; a trial game under all of them, and again without each layer that failed, `find_what_works`), `folder_for_game` (the game's number, its control group, its pipe and stacks; a copy on the host only without a root of its own), `entry` (what a game's processes are set up with), `rules` (Landlock's), `protections` |
//! | `src/enter.rs` | between fork and exec | `enter(Entry)`: the holder joins the groups, sets the limits, makes the namespaces (as nobody or the check's user, in a user namespace, where the root is not root's), clones the init (`CLONE_VM`), which builds the root, pivots, names the host and vforks the program's process: session, identity, its own user namespace, no capability, Landlock, seccomp, exec; `Jail::Bare` without namespaces; `end_as` the program's status |
//! | `src/view.rs` | a game's root of its own | `View::new(mountpoint, readable, hidden)` (the system's folders, /etc's few files copied or bound, the installation; never a folder holding the games'), `View::steps(Game)` (a tmpfs root, the game's own tmpfs staged for its folder and /tmp, binds read-only, /dev, the board, the folder copied or overlaid, copies covered, /proc, read-only), `Steps::build` (system calls only) |
//! | `src/identity.rs` | who a game runs as | `Identity` (a user of its own per game as root, nobody with `--unprivileged`, the check's user otherwise), `INSIDE` (1000 in its own user namespace), `map` |
//! | `src/calls.rs` | the system calls allowed | `ANY_ARGUMENTS`, `X86_64_ONLY`, `clone` without namespace flags, `socket` of `FAMILIES`, `ioctl` of `REQUESTS`; `CANARY`, `allowed` (the list in words, a snapshot) |
//! | `src/bpf.rs` | the allowlist as one filter | `Filter::new(canary)` (the architecture, the special calls, a search tree of the rest), `install` (`SPEC_ALLOW`) |
//! | `src/landlock.rs` | Landlock by its system calls | `Rules` (`inside` a game's root, or `host` paths), `Right`, `enforce` (files, TCP and the scopes of the kernel's ABI) |
//! | `src/groups.rs` | limits per game | `Groups::new(Bounds)` (pids and memory, cgroup v2 or v1, tried once), `for_game` (v1: the thread once; v2: a group a game), `join` |
//! | `src/copies.rs` | copies of this program | `is_a_copy` (a rustc executable whose .rodata holds the help), `copies_among` (bin folders shown and on PATH), `inside_a_checked_game` (the canary, asked by a system call of its own) |
//! | `src/exec.rs` | the program's own exec | `Exec::of(Command)` (places on PATH, arguments, environment, a script without `#!` by /bin/sh), `Stack` (a guarded stack for a process sharing its parent's memory) |
//! | `src/raw.rs` | what runs between fork and exec | `Stage`, `failed`, `SetupFailure::of` (a failed step read back from an error), `tell`/`told`, `close_all_but`, `wait_for`, `end_as` |
//! | `src/folder.rs` | the program's folder | `ProgramFolder::measure` (left out and not copied), `copy_of_program`, `Listing` (a small copy, copied into each game), `open_to_every_user`, `hand_over`, `closed_to_others`, `games_temp_dir` (TMPDIR, or /tmp where the games' user could not reach it) |
//! | `src/readable.rs` | what a game may read | `Readable::for_program` (the system's folders and /etc's few files, the command's installation, absolute arguments, never what the layout hides), `without`, `find_command` |
//! | `src/protection.rs` | the report's protections | `Protection`, each one's name |
//! | `src/portable.rs` | elsewhere than Linux | the same `Confinement`, limits alone, every Linux layer said to be missing |
//!
//! # Decisions
//!
//! - **Each game is a jail, denied by default.** A student's program once
//!   got out nine ways through a sandbox that refused a list of things
//!   (io_uring made the Unix socket seccomp refused; a device node made in
//!   its folder reached the teacher's terminal; the mtime of /var/tmp
//!   carried answers to the next student). So, as isolate, nsjail and
//!   bubblewrap do, every layer starts from nothing and is enough alone
//!   for what it guards: an identity with nothing of its own (as root a
//!   user of each game's own, as nobody or the check's user otherwise), in
//!   a user namespace of its own, without a capability, out of the
//!   teacher's session; a root of its own in a mount namespace, shown
//!   read-only but for the game's folder and /tmp, which are a tmpfs of
//!   the game's (its disk), a /dev of three devices, a /proc of its own
//!   processes; a namespace of its own of every kind, so two games at
//!   once share nothing and a game leaves nothing behind; control groups
//!   bounding its processes and memory together (and processes counted in
//!   its own user namespace, whoever else runs as the same user);
//!   Landlock over what the root shows; a seccomp allowlist, which a new
//!   kernel interface cannot walk around; copies of this program hidden,
//!   or told to refuse. Each layer is tried once on a game that does
//!   nothing, and what the system refuses is named in the report. The
//!   attacks are hostile programs in the tests, held by each layer alone
//!   (`MINESWEEPER_SANDBOX_WITHOUT` takes layers out, in debug builds).
//! - **The jail is built with system calls on data prepared before the
//!   fork**, by its own code rather than a sandboxing crate: between fork
//!   and exec nothing may allocate, a game needs a holder and an init of
//!   its own whose ends the grader reads as the program's, control groups
//!   of either version, and a build for glibc 2.17 with no C library to
//!   link (libseccomp). The init shares the holder's memory and the
//!   program's process is a vfork (`enter.rs`): each copy of the grader's
//!   memory cost a game a third of a millisecond. A small program's
//!   folder is copied into the game's tmpfs rather than overlaid (an
//!   overlay's mount cost half a millisecond). A failed step is told
//!   through the game's pipe, never taken for the program's crash.

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

mod folder;
mod protection;
mod readable;

#[cfg(target_os = "linux")]
mod bpf;
#[cfg(target_os = "linux")]
mod calls;
#[cfg(target_os = "linux")]
mod copies;
#[cfg(target_os = "linux")]
mod enter;
#[cfg(target_os = "linux")]
mod exec;
#[cfg(target_os = "linux")]
mod groups;
#[cfg(target_os = "linux")]
mod identity;
#[cfg(target_os = "linux")]
mod landlock;
#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
mod raw;
#[cfg(target_os = "linux")]
mod view;

#[cfg(not(target_os = "linux"))]
mod portable;

#[cfg(target_os = "linux")]
use linux::{Confinement, GameFolder};
#[cfg(not(target_os = "linux"))]
use portable::{Confinement, GameFolder};

#[cfg(target_os = "linux")]
pub use copies::inside_a_checked_game;
pub use folder::FolderError;
#[cfg(unix)]
pub use folder::closed_to_others;
pub use folder::{ProgramFolder, games_temp_dir, set_mode, starting_a_process};
#[cfg(not(target_os = "linux"))]
pub use portable::inside_a_checked_game;
pub use protection::Protection;
pub use readable::{Readable, find_command};

/// Whether this system has the jail (Linux's namespaces, Landlock,
/// seccomp and control groups). Elsewhere a game has only a folder of its
/// own and a clean environment, which keep nothing from a hostile program:
/// `check` then runs only a program its user trusts.
pub const JAILS_HERE: bool = cfg!(target_os = "linux");

/// A resource `setrlimit` limits, as the system's C library names its
/// type.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(crate) type Resource = libc::__rlimit_resource_t;
#[cfg(all(unix, not(all(target_os = "linux", target_env = "gnu"))))]
pub(crate) type Resource = libc::c_int;

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU seconds of each process, past which the system stops it with
    /// `SIGXCPU` (and with `SIGKILL` a second later, where it goes on).
    pub cpu_seconds: u64,
    /// Address space of each process, and memory of the whole game where
    /// a control group holds it, in bytes.
    pub memory: u64,
    /// The largest file it may write, in bytes.
    pub file_size: u64,
    /// Files open at once in each process.
    pub open_files: u64,
    /// Processes and threads of the whole game.
    pub processes: u64,
}

impl Limits {
    /// Each limit `setrlimit` sets, the soft limit then the hard one. CPU
    /// time's hard limit is a second past its soft one: at the soft one
    /// the system sends `SIGXCPU`, which tells a program stopped for
    /// computing too long from one killed for anything else.
    #[cfg(unix)]
    pub(crate) fn per_process(&self) -> [(Resource, u64, u64); 5] {
        [
            (libc::RLIMIT_CPU, self.cpu_seconds, self.cpu_seconds + 1),
            (libc::RLIMIT_AS, self.memory, self.memory),
            (libc::RLIMIT_FSIZE, self.file_size, self.file_size),
            (libc::RLIMIT_NOFILE, self.open_files, self.open_files),
            (libc::RLIMIT_CORE, 0, 0),
        ]
    }

    /// Limits for games of at most `timeout` of CPU time each (whole
    /// seconds: the system counts no less).
    pub fn for_games(timeout: Duration) -> Self {
        Limits {
            cpu_seconds: timeout.as_secs_f64().ceil().max(1.0) as u64,
            memory: 2 << 30,
            file_size: 64 << 20,
            open_files: 256,
            processes: 256,
        }
    }
}

/// What the confinement of a check's games starts from.
pub(crate) struct Setup<'a> {
    /// The folder the games' folders are named in.
    pub(crate) runs: &'a Path,
    /// The program's one copy.
    pub(crate) master: &'a Path,
    pub(crate) limits: Limits,
    pub(crate) unprivileged: bool,
    pub(crate) readable: &'a Readable,
    /// The checked program's command, where it is found: a copy of this
    /// program there is the one checked, neither hidden nor refused.
    pub(crate) checked: Option<&'a Path>,
    /// The games' PATH.
    pub(crate) path: Option<&'a std::ffi::OsStr>,
    /// Layers a test takes out.
    pub(crate) without: Without,
}

/// Layers taken out of every game's sandbox, to show that the attack a
/// test makes is held by each of the others alone, and gets through
/// without them: read from `MINESWEEPER_SANDBOX_WITHOUT` (`root,calls`,
/// say) in debug builds only. A release build has no such switch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Without {
    /// The root of its own and its namespaces.
    pub(crate) root: bool,
    /// The network namespace.
    pub(crate) network: bool,
    /// The overlay over the program's one copy (each game gets a copy of
    /// its own instead, and no disk of its own).
    pub(crate) overlay: bool,
    /// The identity with nothing of its own, and dropping capabilities.
    pub(crate) user: bool,
    /// Leaving the check's session and terminal.
    pub(crate) session: bool,
    /// The seccomp allowlist.
    pub(crate) calls: bool,
    /// Landlock.
    pub(crate) landlock: bool,
    /// The control groups.
    pub(crate) groups: bool,
    /// Covering the copies of this program.
    pub(crate) copies: bool,
    /// Telling a copy of this program that it runs in a game.
    pub(crate) canary: bool,
}

impl Without {
    /// What `MINESWEEPER_SANDBOX_WITHOUT` takes out, in a debug build.
    pub(crate) fn from_environment() -> Without {
        #[cfg(debug_assertions)]
        if let Some(layers) = std::env::var_os("MINESWEEPER_SANDBOX_WITHOUT") {
            return Without::parse(&layers.to_string_lossy());
        }
        Without::default()
    }

    /// The layers a comma-separated list names.
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    fn parse(layers: &str) -> Without {
        let mut without = Without::default();
        for layer in layers.split(',') {
            match layer.trim() {
                "root" => without.root = true,
                "network" => without.network = true,
                "overlay" => without.overlay = true,
                "user" => without.user = true,
                "session" => without.session = true,
                "calls" => without.calls = true,
                "landlock" => without.landlock = true,
                "groups" => without.groups = true,
                "copies" => without.copies = true,
                "canary" => without.canary = true,
                _ => {}
            }
        }
        without
    }

    /// Why a layer taken out is not given.
    #[cfg(target_os = "linux")]
    pub(crate) const TAKEN_OUT: &str = "taken out for a test (MINESWEEPER_SANDBOX_WITHOUT)";
}

/// The games' folders and the protections they run under.
#[derive(Debug)]
pub struct Sandbox {
    /// Where the games' folders are named, and the program's one copy
    /// made; removed with the sandbox.
    runs: tempfile::TempDir,
    next: AtomicU64,
    /// How the games are confined; `None` without a sandbox.
    confinement: Option<Confinement>,
    /// The folders left out of the copy of the program's folder.
    left_out: Vec<PathBuf>,
    protections: Vec<Protection>,
    /// Without a sandbox (`--no-sandbox`): the program's own folder,
    /// where every run is made as it is, with the check's environment.
    in_place: Option<PathBuf>,
}

impl Sandbox {
    /// A sandbox whose games start in a copy of `folder` (or an empty
    /// folder), under `limits`; what the system allows is found out here,
    /// once. With `unprivileged`, a check run as root runs its games as
    /// the user nobody, who builds their roots too. `readable` is what
    /// the program may read besides its folder and its board file;
    /// `checked` its command, found.
    pub fn new(
        folder: Option<&ProgramFolder>,
        limits: Limits,
        unprivileged: bool,
        readable: Readable,
        checked: Option<&Path>,
    ) -> Result<Self, FolderError> {
        let left_out = folder.map(|f| f.left_out().to_vec()).unwrap_or_default();
        let runs = runs_folder()?;
        let master = folder::copy_of_program(folder, runs.path())?;
        let unreadable = |source| FolderError::Unreadable {
            folder: "a temporary folder".to_owned(),
            source,
        };
        #[cfg(unix)]
        if is_root() && unprivileged {
            // Nobody builds each game's root from it.
            set_mode(runs.path(), 0o711).map_err(unreadable)?;
            folder::hand_over(&master, (NOBODY, NOBODY)).map_err(unreadable)?;
        }
        let path = std::env::var_os("PATH");
        let confinement = Confinement::new(Setup {
            runs: runs.path(),
            master: &master,
            limits,
            unprivileged,
            readable: &readable,
            checked,
            path: path.as_deref(),
            without: Without::from_environment(),
        });
        if confinement.others_must_reach() {
            // The games' user must reach their folders here.
            set_mode(runs.path(), 0o711).map_err(unreadable)?;
        }
        #[cfg(unix)]
        if is_root() && !unprivileged && confinement.overlays_the_copy() {
            // Each game's user of its own writes its files, through an
            // overlay that keeps them as they are here.
            folder::open_to_every_user(&master).map_err(unreadable)?;
        }
        #[cfg(unix)]
        if !confinement.has_a_root_of_its_own() {
            // Each game gets a copy of the program's copy, which no game
            // then sees: a change to it would reach every game after.
            if is_root() && unprivileged {
                folder::hand_over(&master, (0, 0)).map_err(unreadable)?;
            }
            set_mode(&master, 0o700).map_err(unreadable)?;
        }
        let protections = confinement.protections();
        log_decisions(&protections, limits, &readable, &left_out);
        confinement.log();
        Ok(Sandbox {
            runs,
            next: AtomicU64::new(0),
            confinement: Some(confinement),
            left_out,
            protections,
            in_place: None,
        })
    }

    /// No sandbox: every run is made in `folder` itself, with the check's
    /// environment and rights, no limits, namespaces or Landlock. What
    /// `--no-sandbox` gives, to measure what the sandbox costs.
    pub fn none(folder: &Path) -> Result<Self, FolderError> {
        Ok(Sandbox {
            runs: runs_folder()?,
            next: AtomicU64::new(0),
            confinement: None,
            left_out: Vec::new(),
            protections: Vec::new(),
            in_place: Some(folder.to_owned()),
        })
    }

    /// The CPU seconds each process of a game may use, past which the
    /// system stops it (`runner::End::OutOfCpu`): none without a
    /// sandbox, or where the system keeps no such count.
    pub fn cpu_seconds(&self) -> Option<u64> {
        self.confinement.as_ref().and_then(Confinement::cpu_seconds)
    }

    /// Whether the runs are sandboxed at all.
    pub fn is_sandboxed(&self) -> bool {
        self.in_place.is_none()
    }

    /// The user the games run as must reach the program and the files its
    /// command line names on the host, in their own right: its user, when
    /// so (the user nobody, or a user of each game's own).
    pub fn others_must_reach(&self) -> Option<&'static str> {
        self.confinement
            .as_ref()
            .filter(|c| c.others_must_reach())
            .map(Confinement::games_user)
    }

    /// The folders left out of the copy of the program's folder (version
    /// control, caches, virtual environments), by their paths in it.
    pub fn left_out(&self) -> &[PathBuf] {
        &self.left_out
    }

    /// The folder the runs' folders are made in.
    pub fn root(&self) -> &Path {
        self.runs.path()
    }

    /// What the runs are protected by, and what the system did not allow.
    pub fn protections(&self) -> &[Protection] {
        &self.protections
    }

    /// A folder for one game: the program's copy as it is. Removed when
    /// dropped.
    pub fn place(&self) -> io::Result<Place> {
        let Some(confinement) = &self.confinement else {
            let folder = self.in_place.clone().unwrap_or_default();
            return Ok(Place {
                path: folder,
                game: None,
            });
        };
        let number = self.next.fetch_add(1, Ordering::Relaxed);
        let game = confinement.folder_for_game(number)?;
        Ok(Place {
            path: game.path.clone(),
            game: Some(game),
        })
    }

    /// `command` (its program and arguments given) set up to run in
    /// `place` reading `board`: its folder, a clean environment with
    /// `env` over it, then its confinement, set up between fork and exec.
    pub fn prepare(
        &self,
        command: &mut Command,
        place: &Place,
        board: Option<&Path>,
        env: &[(OsString, OsString)],
    ) {
        let (Some(confinement), Some(game)) = (&self.confinement, &place.game) else {
            command.current_dir(&place.path);
            return;
        };
        tracing::debug!(
            folder = %visible::path(&place.path),
            board = %board.map(visible::path).unwrap_or_default(),
            "run"
        );
        command
            .env_clear()
            .env("HOME", &place.path)
            .env("TMPDIR", place.path.join("tmp"))
            .env(
                "PATH",
                std::env::var_os("PATH").unwrap_or_else(default_path),
            )
            .env("LANG", "C.UTF-8")
            .env("TERM", "dumb")
            .envs(env.iter().map(|(name, value)| (name, value)));
        confinement.prepare(command, game, board);
    }
}

impl Sandbox {
    /// What failed of `place`'s setup past the spawn, once its game has
    /// ended: the program is not to blame for it.
    pub fn failed_setup(&self, place: &Place) -> Option<io::Error> {
        place.game.as_ref()?.failed_setup()
    }
}

/// Why a game could not be started, when its sandbox could not be set up
/// (the program is not to blame): what failed, in words.
pub fn setup_failure(error: &io::Error) -> Option<String> {
    #[cfg(target_os = "linux")]
    return raw::SetupFailure::of(error).map(|failure| failure.to_string());
    #[cfg(not(target_os = "linux"))]
    {
        let _ = error;
        None
    }
}

/// A new temporary folder for the runs' folders, removed when dropped.
fn runs_folder() -> Result<tempfile::TempDir, FolderError> {
    tempfile::Builder::new()
        .prefix("minesweeper-runs")
        .tempdir_in(games_temp_dir())
        .map_err(|source| FolderError::Unreadable {
            folder: "a temporary folder".to_owned(),
            source,
        })
}

/// Says what the runs will get, for `MINESWEEPER_LOG=debug`: each
/// protection and why not, the limits, what may be read.
fn log_decisions(
    protections: &[Protection],
    limits: Limits,
    readable: &Readable,
    left_out: &[PathBuf],
) {
    for protection in protections {
        match &protection.given {
            Ok(()) => tracing::debug!(protection = protection.name, "given"),
            Err(why) => tracing::debug!(protection = protection.name, why = %why, "not given"),
        }
    }
    tracing::debug!(
        cpu_seconds = limits.cpu_seconds,
        memory = limits.memory,
        file_size = limits.file_size,
        open_files = limits.open_files,
        processes = limits.processes,
        "limits"
    );
    for path in &readable.paths {
        tracing::debug!(path = %visible::path(path), "readable (with the game's folder and board)");
    }
    for path in left_out {
        tracing::debug!(folder = %visible::path(path), "left out of the program's copy");
    }
}

/// A game's folder, and what goes with it; removed when dropped.
#[derive(Debug)]
pub struct Place {
    path: PathBuf,
    /// `None` without a sandbox.
    game: Option<GameFolder>,
}

impl Place {
    /// The game's folder, as the program sees it.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `command` as a program started in this place must be named. Windows
    /// looks for a program named by a relative path (`.\proj3.exe`) from
    /// the folder of the process that starts it, where Unix looks from the
    /// folder the program is started in: there it is named from the place.
    pub fn command<'a>(&self, command: &'a OsStr) -> Cow<'a, OsStr> {
        let path = Path::new(command);
        if cfg!(windows) && path.is_relative() && path.components().count() > 1 {
            Cow::Owned(self.path.join(path).into_os_string())
        } else {
            Cow::Borrowed(command)
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        // A program may have left files it cannot be asked to remove.
        if self.game.as_ref().is_some_and(|game| game.copied) {
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

fn default_path() -> OsString {
    OsString::from("/usr/local/bin:/usr/bin:/bin")
}

/// The user nobody, whom `--unprivileged` runs the games as.
#[cfg(unix)]
const NOBODY: u32 = 65534;

/// Whether this process runs as root.
#[cfg(unix)]
fn is_root() -> bool {
    // SAFETY: geteuid cannot fail and touches no memory.
    unsafe { libc::geteuid() == 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sandbox for games of a second, as a check run by its owner makes
    /// it, its runs in a copy of `folder`.
    fn trial_sandbox(folder: Option<&Path>) -> Result<Sandbox, FolderError> {
        let folder = folder
            .map(|folder| ProgramFolder::measure(folder, &[folder.join("out")]))
            .transpose()?;
        Sandbox::new(
            folder.as_ref(),
            Limits::for_games(Duration::from_secs(1)),
            false,
            Readable::system(),
            None,
        )
    }

    /// A program named by a relative path starts from the game's folder on
    /// every system; one found on the PATH or named in full stays as it is.
    #[test]
    fn a_relative_command_is_named_from_the_place_where_the_system_needs_it() {
        let place = Place {
            path: PathBuf::from("games").join("run-1"),
            game: None,
        };
        let relative = Path::new(".").join("proj3.exe");
        let expected = if cfg!(windows) {
            Path::new("games").join("run-1").join(".").join("proj3.exe")
        } else {
            relative.clone()
        };
        assert_eq!(place.command(relative.as_os_str()), expected.as_os_str());
        assert_eq!(place.command(OsStr::new("python3")), OsStr::new("python3"));
        let full = std::env::temp_dir().join("proj3.exe");
        assert_eq!(place.command(full.as_os_str()), full.as_os_str());
    }

    #[test]
    fn a_run_starts_in_a_fresh_copy_of_the_folder() {
        let folder = tempfile::tempdir().unwrap();
        fs::write(folder.path().join("proj3.py"), "print(1)\n").unwrap();
        fs::create_dir(folder.path().join("boards")).unwrap();
        fs::write(folder.path().join("boards/b.txt"), "+++\n").unwrap();
        fs::create_dir(folder.path().join(".git")).unwrap();
        for i in 0..=folder::MOST_FOLDER_FILES {
            fs::write(folder.path().join(format!(".git/{i}")), "").unwrap();
        }
        // The reports of an earlier check, which no game may read.
        fs::create_dir_all(folder.path().join("out/crash")).unwrap();
        fs::write(folder.path().join("out/crash/expected.txt"), "").unwrap();
        let sandbox = trial_sandbox(Some(folder.path())).unwrap();
        assert_eq!(sandbox.left_out(), [PathBuf::from(".git")]);
        let place = sandbox.place().unwrap();
        let mut writes = Command::new("/bin/sh");
        writes.args([
            "-c",
            "cat proj3.py boards/b.txt; ls -a; echo changed > proj3.py; test -d tmp && echo tmp",
        ]);
        sandbox.prepare(&mut writes, &place, None, &[]);
        let first = writes.output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&first.stdout),
            "print(1)\n+++\n.\n..\nboards\nproj3.py\ntmp\ntmp\n",
            "{}",
            String::from_utf8_lossy(&first.stderr)
        );
        drop(place);
        let again = sandbox.place().unwrap();
        let mut reads = Command::new("/bin/sh");
        reads.args(["-c", "cat proj3.py"]);
        sandbox.prepare(&mut reads, &again, None, &[]);
        let second = reads.output().unwrap();
        assert_eq!(String::from_utf8_lossy(&second.stdout), "print(1)\n");
        assert_eq!(
            fs::read_to_string(folder.path().join("proj3.py")).unwrap(),
            "print(1)\n"
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_program_sees_its_own_home_and_nothing_of_ours() {
        let sandbox = trial_sandbox(None).unwrap();
        let place = sandbox.place().unwrap();
        let mut command = Command::new("/bin/sh");
        // Cargo gives its tests CARGO_MANIFEST_DIR: the program must not see it.
        assert!(std::env::var_os("CARGO_MANIFEST_DIR").is_some());
        command.args([
            "-c",
            "echo \"$HOME|$TMPDIR|$CARGO_MANIFEST_DIR|$X|$(pwd)\"; ulimit -f",
        ]);
        // A variable of the program's own is given.
        sandbox.prepare(&mut command, &place, None, &[("X".into(), "1".into())]);
        let output = command.output().unwrap();
        let said = String::from_utf8_lossy(&output.stdout).into_owned();
        let home = place.path.display().to_string();
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(lines[0], format!("{home}|{home}/tmp||1|{home}"), "{said}");
        // `ulimit -f` counts blocks of 512 bytes.
        assert_eq!(lines[1], (64u64 << 20 >> 9).to_string());
    }
}
