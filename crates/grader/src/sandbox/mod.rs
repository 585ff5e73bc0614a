//! Where the program under test runs, and what it may do there. A
//! student's program is untrusted: each run gets a folder of its own (a
//! fresh copy of the program's folder, when one is given), an environment
//! with nothing of the teacher's in it (HOME and TMPDIR inside that
//! folder), limits on CPU time, memory, file size, open files and
//! processes, and, where the system allows, no network. What could not be
//! had is said, never assumed.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

#[cfg(target_os = "linux")]
mod calls;
mod files;
#[cfg(unix)]
mod processes;
pub use files::{Readable, find_command};

/// The most a program's folder may hold to be copied for every run: a
/// proj3 submission is a few files; a teacher's home is not.
pub(crate) const MOST_FOLDER_BYTES: u64 = 64 << 20;
/// The most files it may hold.
pub(crate) const MOST_FOLDER_FILES: usize = 2000;

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    /// CPU seconds, past which the system stops the program.
    pub cpu_seconds: u64,
    /// Address space, in bytes.
    pub memory: u64,
    /// The largest file it may write, in bytes.
    pub file_size: u64,
    pub open_files: u64,
    /// Processes of its user (the system does not hold root to it).
    pub processes: u64,
}

impl Limits {
    /// Limits for games of at most `timeout` each.
    pub(crate) fn for_games(timeout: Duration) -> Self {
        Limits {
            cpu_seconds: timeout.as_secs() + 2,
            memory: 2 << 30,
            file_size: 64 << 20,
            open_files: 256,
            processes: 256,
        }
    }
}

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

/// The runs' folders and the protections they run under.
#[derive(Debug)]
pub(crate) struct Sandbox {
    /// A copy of the program's own files, copied into each run's folder.
    folder: Option<PathBuf>,
    /// Where the runs' folders are made; removed with the sandbox.
    runs: tempfile::TempDir,
    next: AtomicU64,
    /// The limits of every run (set on Unix, between fork and exec).
    #[cfg(unix)]
    limits: Limits,
    /// The namespaces the runs get.
    confine: Confine,
    /// The process holding the runs' network namespace, while they run.
    _network: Option<NetworkHolder>,
    /// Whether files are confined (Landlock): writes to each run's
    /// folder, reads to it and `readable`.
    confine_files: bool,
    /// What a run may read besides its folder and its board.
    readable: Readable,
    /// The folders left out of the copy of the program's folder.
    left_out: Vec<PathBuf>,
    /// A control group for each run, bounding its processes where the
    /// system's limit does not (root).
    #[cfg(unix)]
    process_groups: Option<processes::ProcessGroups>,
    /// The user the programs run as, when the grader is root and asked
    /// not to run them as root.
    #[cfg(unix)]
    drop_to: Option<u32>,
    protections: Vec<Protection>,
    /// The system calls refused to every run (Linux, where the filter
    /// could be made and installed).
    #[cfg(target_os = "linux")]
    calls: Option<calls::Filter>,
    /// Without a sandbox (`--no-sandbox`): the program's own folder,
    /// where every run is made as it is, with the check's environment.
    in_place: Option<PathBuf>,
}

/// The user and group a program runs as when the grader is root and
/// `--unprivileged` is given: nobody, who owns nothing.
pub(crate) const NOBODY: u32 = 65534;

/// Why a program's folder cannot serve.
#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    #[error(
        "{folder} holds more than {most} to copy for every game, not counting version-control, \
         cache and virtual-environment folders (left out); give the program's own folder with \
         --folder"
    )]
    /// The folder is larger than the copies of every game can take.
    TooLarge {
        /// The folder, escaped.
        folder: String,
        /// The most it may hold, in words.
        most: String,
    },
    #[error("cannot read {folder}: {source}")]
    /// The folder cannot be read or copied.
    Unreadable {
        /// The folder, escaped.
        folder: String,
        /// Why.
        source: io::Error,
    },
}

impl Sandbox {
    /// A sandbox whose runs start in a copy of `folder` (or an empty
    /// folder), under `limits`; what the system allows is found out here,
    /// once.
    /// With `unprivileged`, a grader running as root runs the programs as
    /// [`NOBODY`], their folders handed to that user.
    /// `readable` is what the program may read besides its folder and
    /// its board file.
    pub(crate) fn new(
        folder: Option<&ProgramFolder>,
        limits: Limits,
        unprivileged: bool,
        readable: Readable,
    ) -> Result<Self, FolderError> {
        let left_out = folder.map(|f| f.left_out.clone()).unwrap_or_default();
        let runs = runs_folder()?;
        let program = match folder {
            Some(folder) => Some(copy_of_program(folder, runs.path())?),
            None => None,
        };
        let no_network = probe(Confine {
            network: Network::New,
            processes: false,
        });
        let contained = probe(Confine {
            network: Network::Keep,
            processes: true,
        });
        let files_confined = files::available().and_then(|()| files::probe(runs.path(), &readable));
        let calls = calls_refused();
        let root = is_root();
        let drop_to = (unprivileged && root).then_some(NOBODY);
        // RLIMIT_NPROC counts a user's processes, and does not bind root.
        let processes_bounded = if root && drop_to.is_none() {
            bounded_processes(limits.processes).map(Some)
        } else {
            Ok(None)
        };
        if drop_to.is_some() {
            // Nobody must reach the runs' folders to work in them.
            set_mode(runs.path(), 0o711).map_err(|source| FolderError::Unreadable {
                folder: "a temporary folder".to_owned(),
                source,
            })?;
        }
        // One network namespace for all the runs, joined by each: making
        // one takes milliseconds, joining one microseconds.
        let network = match &no_network {
            Ok(()) => Some(NetworkHolder::new()),
            Err(_) => None,
        };
        let protections = protections(Probed {
            processes: processes_bounded
                .as_ref()
                .map(|_| ())
                .map_err(ToString::to_string),
            no_network: no_network.clone(),
            contained: contained.clone(),
            files_confined: files_confined.clone(),
            calls_refused: calls.as_ref().map(|_| ()).map_err(Clone::clone),
            unprivileged: !root || drop_to.is_some(),
        });
        log_decisions(&protections, limits, drop_to, &readable, &left_out);
        Ok(Sandbox {
            folder: program,
            runs,
            next: AtomicU64::new(0),
            #[cfg(unix)]
            limits,
            confine: Confine {
                network: match &network {
                    Some(Ok(holder)) => Network::Join(holder.fd()),
                    Some(Err(_)) => Network::New,
                    None => Network::Keep,
                },
                processes: contained.is_ok(),
            },
            _network: network.and_then(Result::ok),
            confine_files: files_confined.is_ok(),
            readable,
            left_out,
            #[cfg(unix)]
            process_groups: processes_bounded.ok().flatten(),
            #[cfg(unix)]
            drop_to,
            protections,
            #[cfg(target_os = "linux")]
            calls: calls.ok(),
            in_place: None,
        })
    }

    /// No sandbox: every run is made in `folder` itself, with the check's
    /// environment and rights, no limits, namespaces or Landlock. What
    /// `--no-sandbox` gives, to measure what the sandbox costs.
    pub(crate) fn none(folder: &Path, limits: Limits) -> Result<Self, FolderError> {
        let runs = runs_folder()?;
        #[cfg(not(unix))]
        let _ = limits;
        Ok(Sandbox {
            folder: None,
            runs,
            next: AtomicU64::new(0),
            #[cfg(unix)]
            limits,
            confine: Confine {
                network: Network::Keep,
                processes: false,
            },
            _network: None,
            confine_files: false,
            readable: Readable::default(),
            left_out: Vec::new(),
            #[cfg(unix)]
            process_groups: None,
            #[cfg(unix)]
            drop_to: None,
            protections: Vec::new(),
            #[cfg(target_os = "linux")]
            calls: None,
            in_place: Some(folder.to_owned()),
        })
    }

    /// Whether the runs are sandboxed at all.
    pub(crate) fn is_sandboxed(&self) -> bool {
        self.in_place.is_none()
    }

    /// The user the programs run as, when not the grader's.
    #[cfg(unix)]
    pub(crate) fn runs_as(&self) -> Option<u32> {
        self.drop_to
    }

    /// The folders left out of the copy of the program's folder (version
    /// control, caches, virtual environments), by their paths in it.
    pub(crate) fn left_out(&self) -> &[PathBuf] {
        &self.left_out
    }

    /// The folder the runs' folders are made in.
    pub(crate) fn root(&self) -> &Path {
        self.runs.path()
    }

    /// What the runs are protected by, and what the system did not allow.
    pub(crate) fn protections(&self) -> &[Protection] {
        &self.protections
    }

    /// A fresh folder for one run: a copy of the program's folder, with a
    /// `tmp` folder in it. Removed when dropped.
    pub(crate) fn place(&self) -> io::Result<Place> {
        if let Some(folder) = &self.in_place {
            return Ok(Place {
                path: folder.clone(),
                owned: false,
                #[cfg(unix)]
                group: None,
            });
        }
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let path = self.runs.path().join(format!("run-{n}"));
        fs::create_dir(&path)?;
        let place = Place {
            path,
            owned: true,
            #[cfg(unix)]
            group: match &self.process_groups {
                Some(groups) => groups.for_run(&format!("run-{n}"))?,
                None => None,
            },
        };
        if let Some(folder) = &self.folder {
            let _writing = writing_executables();
            copy_folder(folder, &place.path, &[], false)?;
        }
        fs::create_dir_all(place.path.join("tmp"))?;
        // Only root drops to another user, and only on Unix.
        #[cfg(unix)]
        if let Some(user) = self.drop_to {
            hand_over(&place.path, user)?;
        }
        Ok(place)
    }

    /// `command` set up to run in `place` reading `board`: its folder, a
    /// clean environment, the limits and namespaces, and its files
    /// confined.
    pub(crate) fn prepare(&self, command: &mut Command, place: &Place, board: Option<&Path>) {
        if self.in_place.is_some() {
            command.current_dir(&place.path);
            return;
        }
        tracing::debug!(
            folder = %visible::path(&place.path),
            board = %board.map(visible::path).unwrap_or_default(),
            files_confined = self.confine_files,
            pid_namespace = self.confine.processes,
            network = ?self.confine.network,
            control_group = place.in_a_group(),
            "run"
        );
        command
            .current_dir(&place.path)
            .env_clear()
            .env("HOME", &place.path)
            .env("TMPDIR", place.path.join("tmp"))
            .env(
                "PATH",
                std::env::var_os("PATH").unwrap_or_else(default_path),
            )
            .env("LANG", "C.UTF-8")
            .env("TERM", "dumb");
        let files = self
            .confine_files
            .then(|| files::confined_to(&place.path, board, &self.readable, self.confine.processes))
            .flatten();
        #[cfg(unix)]
        limit(
            command,
            self.limits,
            self.confine,
            self.drop_to,
            place.group.as_ref().and_then(processes::Group::procs_fd),
            files,
            #[cfg(target_os = "linux")]
            self.calls.clone(),
        );
        #[cfg(not(unix))]
        let _ = files;
    }
}

/// A new temporary folder for the runs' folders, removed when dropped.
fn runs_folder() -> Result<tempfile::TempDir, FolderError> {
    tempfile::Builder::new()
        .prefix("minesweeper-runs")
        .tempdir()
        .map_err(|source| FolderError::Unreadable {
            folder: "a temporary folder".to_owned(),
            source,
        })
}

/// The seccomp filter every run gets, tried once on a process that does
/// nothing; or why there is none.
fn calls_refused() -> Result<CallFilter, String> {
    #[cfg(target_os = "linux")]
    {
        let filter = calls::filter()?;
        let tried = filter.clone();
        // SAFETY: installing a filter is system calls only.
        unsafe { trial(move || calls::install(&tried)) }?;
        Ok(filter)
    }
    #[cfg(not(target_os = "linux"))]
    Err("not on this system".to_owned())
}

/// The seccomp filter, where there is one.
#[cfg(target_os = "linux")]
type CallFilter = calls::Filter;
#[cfg(not(target_os = "linux"))]
type CallFilter = ();

/// What the system was found to allow, for the report's protections.
struct Probed {
    /// A bound on the program's processes, or why there is none.
    processes: Result<(), String>,
    no_network: Result<(), String>,
    /// A PID namespace of its own.
    contained: Result<(), String>,
    /// Landlock.
    files_confined: Result<(), String>,
    /// The seccomp filter.
    calls_refused: Result<(), String>,
    /// The program does not run as root.
    unprivileged: bool,
}

/// Every protection a run has, or why the system does not give it, in the
/// order the report lists them.
fn protections(probed: Probed) -> Vec<Protection> {
    vec![
        Protection {
            name: "a folder of its own, HOME and TMPDIR in it",
            given: Ok(()),
            option: None,
        },
        Protection {
            name: "a clean environment",
            given: Ok(()),
            option: None,
        },
        Protection {
            name: "limits on CPU time, memory, file size and open files",
            given: if cfg!(unix) {
                Ok(())
            } else {
                Err("not on this system".to_owned())
            },
            option: None,
        },
        Protection {
            name: "at most 256 processes",
            given: probed.processes.map_err(|why| {
                format!(
                    "the check runs as root, whom the system's limit does not bind, and \
                     {why}; --unprivileged runs the program as nobody"
                )
            }),
            option: None,
        },
        Protection {
            name: "no network",
            given: probed.no_network,
            option: None,
        },
        Protection {
            name: "every process it starts ended with it (a PID namespace of its own)",
            given: probed.contained,
            option: None,
        },
        Protection {
            name: "writes only inside its own folder (Landlock)",
            given: probed.files_confined.clone(),
            option: None,
        },
        Protection {
            name: "reads only of its own folder, its board, the system's files and its \
                   interpreter's (Landlock)",
            given: probed.files_confined,
            option: None,
        },
        Protection {
            name: "no Unix sockets, kernel keyrings or System V IPC (seccomp), and IPC \
                   objects of its own (an IPC namespace, with the PID namespace)",
            given: probed.calls_refused,
            option: None,
        },
        Protection {
            name: "an unprivileged user",
            given: if probed.unprivileged {
                Ok(())
            } else {
                Err("the check runs as root, and so did the program".to_owned())
            },
            option: (!probed.unprivileged).then_some("--unprivileged runs it as the user nobody"),
        },
    ]
}

/// Held to write into a run's folder (where executables are copied), and
/// shared to start a process. A process forked while a file is open for
/// writing holds that file open until it execs; another run's exec of the
/// file then fails with ETXTBSY ("Text file busy"), a crash the program
/// never had (1 game in 40 of a correct program, under load). `spawn`
/// returns once the child has exec'd, so no child is between fork and
/// exec while a copy is written.
static EXECUTABLES: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Shared while a process starts: see [`EXECUTABLES`].
pub(crate) fn starting_a_process() -> std::sync::RwLockReadGuard<'static, ()> {
    EXECUTABLES
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Held while files a process may exec are written: see [`EXECUTABLES`].
fn writing_executables() -> std::sync::RwLockWriteGuard<'static, ()> {
    EXECUTABLES
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The program's `folder` as it is now, copied once into `runs`: the runs
/// copy this, never the folder itself, which may hold the runs' own folder
/// or the reports, or change while the check goes on.
fn copy_of_program(folder: &ProgramFolder, runs: &Path) -> Result<PathBuf, FolderError> {
    let copy = runs.join("program");
    let unreadable = |source| FolderError::Unreadable {
        folder: visible::path(&folder.path),
        source,
    };
    fs::create_dir(&copy).map_err(unreadable)?;
    let mut skipped = folder.not_copied.clone();
    skipped.push(runs.to_owned());
    let writing = writing_executables();
    copy_folder(&folder.path, &copy, &skipped, true).map_err(unreadable)?;
    drop(writing);
    Ok(copy)
}

/// Says what the runs will get, for `MINESWEEPER_LOG=debug`: each
/// protection and why not, the limits, the user, what may be read.
fn log_decisions(
    protections: &[Protection],
    limits: Limits,
    drop_to: Option<u32>,
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
    match drop_to {
        Some(user) => tracing::debug!(user, "programs run as this user"),
        #[cfg(unix)]
        None => tracing::debug!(
            // SAFETY: geteuid cannot fail and touches no memory.
            user = unsafe { libc::geteuid() },
            "programs run as the grader's user"
        ),
        #[cfg(not(unix))]
        None => tracing::debug!("programs run as the grader's user"),
    }
    #[cfg(target_os = "linux")]
    tracing::debug!(abi = files::kernel_abi(), "Landlock's ABI in this kernel");
    for path in &readable.paths {
        tracing::debug!(path = %visible::path(path), "readable (with the run's folder and board)");
    }
    for path in left_out {
        tracing::debug!(folder = %visible::path(path), "left out of the program's copy");
    }
}

/// A run's folder, removed with everything in it when dropped; and its
/// control group, where it has one.
#[derive(Debug)]
pub(crate) struct Place {
    path: PathBuf,
    /// Made for the run, and removed with it (not the program's own
    /// folder, where a run without a sandbox is made).
    owned: bool,
    #[cfg(unix)]
    group: Option<processes::Group>,
}

impl Place {
    /// The run's folder.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Whether its runs are born in a control group of their own.
    fn in_a_group(&self) -> bool {
        #[cfg(unix)]
        return self.group.is_some();
        #[cfg(not(unix))]
        false
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        // A program may have left files it cannot be asked to remove.
        if self.owned {
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

fn default_path() -> OsString {
    OsString::from("/usr/local/bin:/usr/bin:/bin")
}

/// Folders left out of the copy of a program's folder: version control,
/// caches and editors' settings, which no program runs from (a
/// submission with a `.git` of thousands of files is still a few files
/// to run). A folder holding `pyvenv.cfg`, a virtual environment, is left
/// out too: the program runs with the teacher's interpreter.
const LEFT_OUT: &[&str] = &[
    ".git",
    ".hg",
    ".svn",
    "__pycache__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".tox",
    ".venv",
    "node_modules",
    ".idea",
    ".vscode",
];

/// Whether the folder `dir` is left out of the copy.
fn left_out(dir: &Path) -> bool {
    dir.file_name()
        .is_some_and(|name| LEFT_OUT.iter().any(|left| name == *left))
        || dir.join("pyvenv.cfg").is_file()
}

/// The program's folder as every game gets it: the folder, the folders
/// left out of its copy because no program runs from them ([`left_out`]),
/// and those it must not be given (the reports, when they lie inside).
#[derive(Clone, Debug)]
pub(crate) struct ProgramFolder {
    path: PathBuf,
    left_out: Vec<PathBuf>,
    not_copied: Vec<PathBuf>,
}

impl ProgramFolder {
    /// `folder`, checked to be small enough to copy for every run without
    /// the folders [`left_out`] and `not_copied` (full paths, links
    /// followed).
    pub(crate) fn measure(folder: &Path, not_copied: &[PathBuf]) -> Result<Self, FolderError> {
        Ok(ProgramFolder {
            path: folder.to_owned(),
            left_out: measure(folder, not_copied)?,
            not_copied: not_copied.to_vec(),
        })
    }

    /// The folders left out of the copy because no program runs from them,
    /// by their paths in it.
    pub(crate) fn left_out(&self) -> &[PathBuf] {
        &self.left_out
    }
}

/// Checks that `folder`, without the folders [`left_out`] and
/// `not_copied`, is small enough to copy for every run; gives those left
/// out, by their paths in it.
fn measure(folder: &Path, not_copied: &[PathBuf]) -> Result<Vec<PathBuf>, FolderError> {
    let shown = || visible::path(folder);
    let (mut bytes, mut files) = (0u64, 0usize);
    let mut left = Vec::new();
    let mut stack = vec![folder.to_owned()];
    while let Some(dir) = stack.pop() {
        let entries = fs::read_dir(&dir).map_err(|source| FolderError::Unreadable {
            folder: shown(),
            source,
        })?;
        for entry in entries.flatten() {
            // Links are not followed, as the copy does not follow them.
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                let path = entry.path();
                if not_copied.iter().any(|skip| same_file(&path, skip)) {
                    continue;
                }
                if left_out(&path) {
                    left.extend(path.strip_prefix(folder).ok().map(Path::to_owned));
                } else {
                    stack.push(path);
                }
            } else if kind.is_file() {
                bytes += entry.metadata().map_or(0, |meta| meta.len());
                files += 1;
            }
            if bytes > MOST_FOLDER_BYTES || files > MOST_FOLDER_FILES {
                return Err(FolderError::TooLarge {
                    folder: shown(),
                    most: format!(
                        "{} MiB or {MOST_FOLDER_FILES} files",
                        MOST_FOLDER_BYTES >> 20
                    ),
                });
            }
        }
    }
    left.sort();
    Ok(left)
}

/// Copies the files and folders of `from` into `to`, leaving out `skip`
/// (the runs' own folder and the reports, when they lie inside) and, with
/// `leave_out`, the folders [`left_out`]; links are not followed (a link
/// out of the folder is left behind).
fn copy_folder(from: &Path, to: &Path, skip: &[PathBuf], leave_out: bool) -> io::Result<()> {
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() && skip.iter().any(|skip| same_file(&entry.path(), skip)) {
            continue;
        }
        if kind.is_dir() {
            if leave_out && left_out(&entry.path()) {
                continue;
            }
            fs::create_dir(&target)?;
            copy_folder(&entry.path(), &target, skip, leave_out)?;
        } else if kind.is_file() {
            fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// Whether `a` and `b` name the same file or folder.
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The first folder on the way to `path` (or `path` itself) that a user
/// who is neither its owner nor in its group cannot go through or read:
/// where such a user, running a program, is stopped. `None` when every
/// step is open to others.
#[cfg(unix)]
pub(crate) fn closed_to_others(path: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::path::absolute(path).ok()?;
    let mut steps: Vec<&Path> = path.ancestors().collect();
    steps.reverse();
    for step in steps {
        let Ok(meta) = fs::metadata(step) else {
            continue;
        };
        let mode = meta.permissions().mode();
        let open = if meta.is_dir() {
            mode & 0o001 != 0
        } else {
            mode & 0o005 != 0
        };
        if !open {
            return Some(step.to_owned());
        }
    }
    None
}

/// Whether this process runs as root.
fn is_root() -> bool {
    #[cfg(unix)]
    // SAFETY: geteuid cannot fail and touches no memory.
    return unsafe { libc::geteuid() } == 0;
    #[cfg(not(unix))]
    false
}

/// A bound of `most` processes on the programs run as root, or why there
/// is none (control groups are Linux's).
fn bounded_processes(most: u64) -> Result<ProcessBound, String> {
    #[cfg(unix)]
    return processes::ProcessGroups::new(most);
    #[cfg(not(unix))]
    {
        let _ = most;
        Err("this system has no control groups to bound them with".to_owned())
    }
}

/// What bounds the processes of the programs run as root.
#[cfg(unix)]
type ProcessBound = processes::ProcessGroups;
#[cfg(not(unix))]
type ProcessBound = ();

/// Sets the permission bits of `path` to `mode` where files have them
/// (Unix); elsewhere nothing to set.
pub(crate) fn set_mode(path: &Path, mode: u32) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        let _ = (path, mode);
        Ok(())
    }
}

/// Gives `folder` and everything in it to `user` (links themselves, not
/// what they point to).
#[cfg(unix)]
fn hand_over(folder: &Path, user: u32) -> io::Result<()> {
    std::os::unix::fs::lchown(folder, Some(user), Some(user))?;
    if fs::symlink_metadata(folder)?.is_dir() {
        for entry in fs::read_dir(folder)? {
            hand_over(&entry?.path(), user)?;
        }
    }
    Ok(())
}

/// The namespaces a run is put in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Confine {
    /// A network namespace with nothing but a loopback that is down.
    network: Network,
    /// A PID namespace of its own, the program its first process: when it
    /// ends, the kernel ends every process it started, detached or not.
    processes: bool,
}

/// Which network a run is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Network {
    /// The grader's own.
    Keep,
    /// A namespace of its own, made for it.
    New,
    /// The namespace open as this file descriptor, made once for every run.
    Join(i32),
}

/// A process that does nothing but keep a network namespace alive for the
/// runs to join; it ends with the sandbox (its input closed, then killed).
#[derive(Debug)]
struct NetworkHolder {
    process: std::process::Child,
    /// The namespace, open: what the runs join (Linux).
    #[cfg_attr(not(target_os = "linux"), expect(dead_code))]
    namespace: fs::File,
}

impl NetworkHolder {
    #[cfg(target_os = "linux")]
    fn new() -> io::Result<Self> {
        use std::os::unix::process::CommandExt;
        let mut holder = Command::new("/bin/cat");
        holder
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        // SAFETY: as in `limit`: system calls only between fork and exec.
        unsafe {
            holder.pre_exec(|| {
                confine_self(Confine {
                    network: Network::New,
                    processes: false,
                })
            });
        }
        let mut process = {
            let _starting = starting_a_process();
            holder.spawn()?
        };
        match fs::File::open(format!("/proc/{}/ns/net", process.id())) {
            Ok(namespace) => Ok(NetworkHolder { process, namespace }),
            Err(e) => {
                let _ = process.kill();
                let _ = process.wait();
                Err(e)
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    fn new() -> io::Result<Self> {
        Err(io::ErrorKind::Unsupported.into())
    }

    fn fd(&self) -> i32 {
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            self.namespace.as_raw_fd()
        }
        #[cfg(not(unix))]
        -1
    }
}

impl Drop for NetworkHolder {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// Whether this system lets a run be confined so: tried once on a
/// process that does nothing.
fn probe(confine: Confine) -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: as in `limit`: system calls only between fork and exec.
        unsafe { trial(move || confine_self(confine)) }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = confine;
        Err("not on this system".to_owned())
    }
}

/// Whether a process that does nothing starts and ends well with `setup`
/// run in it between fork and exec.
///
/// # Safety
/// `setup` runs between fork and exec: system calls only, nothing
/// allocated or locked.
#[cfg(target_os = "linux")]
unsafe fn trial(
    setup: impl FnMut() -> io::Result<()> + Send + Sync + 'static,
) -> Result<(), String> {
    use std::os::unix::process::CommandExt;
    let mut trial = Command::new("/bin/sh");
    trial.args(["-c", "exit 0"]);
    // SAFETY: the caller's promise.
    unsafe {
        trial.pre_exec(setup);
    }
    match trial.status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!("a trial process {status}")),
        Err(e) => Err(e.to_string()),
    }
}

/// Puts the calling process (between fork and exec) in the namespaces
/// `confine` asks for. For a PID namespace it forks twice: the first child
/// is the namespace's first process, a minimal init; the second, its
/// child, goes on to run the program as an ordinary process (Linux drops
/// the signals a namespace's first process sends itself, so a program
/// that aborts or kills itself there would seem to live on). The init
/// waits for the program, tells its status through a pipe, and ends,
/// which ends every process left in the namespace. This process closes
/// every other file it holds (the program's pipes, and the one the
/// standard library reads a failed exec from), waits, and ends as the
/// program did, so that the grader sees one process, and killing it kills
/// the init (which dies with its parent), and so every process in the
/// namespace.
///
/// # Safety
/// Only async-signal-safe system calls: nothing is allocated or locked.
#[cfg(target_os = "linux")]
unsafe fn confine_self(confine: Confine) -> io::Result<()> {
    let fail = || Err(io::Error::last_os_error());
    // SAFETY: plain system calls on integers and static strings.
    unsafe {
        let network = match confine.network {
            Network::Keep => 0,
            Network::New => libc::unshare(libc::CLONE_NEWNET),
            Network::Join(fd) => libc::setns(fd, libc::CLONE_NEWNET),
        };
        if network != 0 {
            return fail();
        }
        if !confine.processes {
            return Ok(());
        }
        // A group of its own before the fork: the grader kills the group.
        // System V IPC and POSIX message queues of its own too: gone
        // with its last process.
        let namespaces = libc::CLONE_NEWPID | libc::CLONE_NEWNS | libc::CLONE_NEWIPC;
        if libc::setpgid(0, 0) != 0 || libc::unshare(namespaces) != 0 {
            return fail();
        }
        // The init tells the program's wait status through this pipe.
        let mut status_pipe = [0; 2];
        if libc::pipe2(status_pipe.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
            return fail();
        }
        let [from_init, to_holder] = status_pipe;
        let init = libc::fork();
        if init < 0 {
            return fail();
        }
        if init == 0 {
            libc::close(from_init);
            return init_then_program(to_holder);
        }
        close_all_but(from_init);
        let mut status = 0;
        wait_for(init, &mut status);
        let mut told = [0u8; 4];
        if libc::read(from_init, told.as_mut_ptr().cast(), told.len()) == 4 {
            status = i32::from_ne_bytes(told);
        }
        end_as(status)
    }
}

/// In the namespace's first process: makes it the namespace's init (dies
/// with the process the grader holds, mounts a /proc of its own), forks
/// the program's process, which returns to run the program, and in the
/// init waits for it and writes its wait status to `to_holder`.
///
/// # Safety
/// As [`confine_self`].
#[cfg(target_os = "linux")]
unsafe fn init_then_program(to_holder: i32) -> io::Result<()> {
    // SAFETY: plain system calls on integers and static strings.
    unsafe {
        // Dies with the process the grader holds; and, a fork of the
        // grader, keeps the program from reading its memory, files and
        // binary through /proc (the program's own Landlock domain keeps a
        // program run as root out too).
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        libc::prctl(libc::PR_SET_DUMPABLE, 0);
        // Nor does its name or command line tell the program what runs it.
        libc::prctl(libc::PR_SET_NAME, c"init".as_ptr());
        // Mounts made here stay here; then a /proc showing this
        // namespace only, where the grader is not to be found.
        let private = libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        );
        if private == 0 {
            libc::mount(
                c"proc".as_ptr(),
                c"/proc".as_ptr(),
                c"proc".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                std::ptr::null(),
            );
        }
        blank_command_line();
        let program = libc::fork();
        if program < 0 {
            libc::_exit(127);
        }
        if program == 0 {
            libc::close(to_holder);
            // Dies with the init, as the init dies with the holder.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            return Ok(());
        }
        close_all_but(to_holder);
        let mut status = 0;
        // Orphans the program leaves are adopted here: they are reaped as
        // they end, until the program itself does.
        loop {
            let waited = libc::waitpid(-1, &mut status, 0);
            if waited == program {
                break;
            }
            if waited < 0 && *libc::__errno_location() != libc::EINTR {
                libc::_exit(127);
            }
        }
        let told = status.to_ne_bytes();
        libc::write(to_holder, told.as_ptr().cast(), told.len());
        libc::_exit(0)
    }
}

/// Writes zeros over this process's command line, as /proc shows it
/// (from `arg_start` to `arg_end`, fields 48 and 49 of /proc/self/stat):
/// the init is a fork of the grader, whose command line names the grader
/// and the teacher's folders.
///
/// # Safety
/// As [`confine_self`]: the stat line is read into the stack.
#[cfg(target_os = "linux")]
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
#[cfg(target_os = "linux")]
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

/// Closes every file descriptor but `kept`, however many are open; one
/// by one where the kernel is older than close_range.
///
/// # Safety
/// As [`confine_self`].
#[cfg(target_os = "linux")]
unsafe fn close_all_but(kept: i32) {
    // SAFETY: closing descriptors this process no longer needs.
    unsafe {
        let kept = kept as u32;
        let below = kept == 0 || libc::syscall(libc::SYS_close_range, 0u32, kept - 1, 0u32) == 0;
        let above = libc::syscall(libc::SYS_close_range, kept + 1, u32::MAX, 0u32) == 0;
        if !(below && above) {
            for fd in (0..1024).filter(|&fd| fd != kept as i32) {
                libc::close(fd);
            }
        }
    }
}

/// Waits for `child`, through interruptions, into `status`.
///
/// # Safety
/// As [`confine_self`].
#[cfg(target_os = "linux")]
unsafe fn wait_for(child: libc::pid_t, status: &mut i32) {
    // SAFETY: waitpid on our own child.
    unsafe {
        loop {
            let waited = libc::waitpid(child, status, 0);
            if waited == child {
                return;
            }
            if waited < 0 && *libc::__errno_location() != libc::EINTR {
                libc::_exit(127);
            }
        }
    }
}

/// Ends this process as a process with wait `status` ended: the same
/// exit status, or the same signal.
///
/// # Safety
/// As [`confine_self`].
#[cfg(target_os = "linux")]
unsafe fn end_as(status: i32) -> ! {
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

/// Sets `limits`, the namespaces and `files` in the child before it runs
/// the program.
#[cfg(unix)]
fn limit(
    command: &mut Command,
    limits: Limits,
    confine: Confine,
    drop_to: Option<u32>,
    group: Option<i32>,
    files: Option<files::Rules>,
    #[cfg(target_os = "linux")] calls: Option<calls::Filter>,
) {
    use std::os::unix::process::CommandExt;
    let set = [
        (libc::RLIMIT_CPU, limits.cpu_seconds),
        (libc::RLIMIT_AS, limits.memory),
        (libc::RLIMIT_FSIZE, limits.file_size),
        (libc::RLIMIT_NOFILE, limits.open_files),
        (libc::RLIMIT_NPROC, limits.processes),
        (libc::RLIMIT_CORE, 0),
    ];
    let mut files = files;
    // SAFETY: only a write to the run's control group, setrlimit, the
    // system calls of `confine_self` and
    // Landlock's restrict_self run between fork and exec: system calls,
    // and nothing is allocated on the way to the program.
    unsafe {
        command.pre_exec(move || {
            // First: every process of the run, the holder and the init
            // too, counts against the group's bound.
            if let Some(procs) = group {
                processes::join(procs)?;
            }
            for (resource, value) in set {
                let limit = libc::rlimit {
                    rlim_cur: value as libc::rlim_t,
                    rlim_max: value as libc::rlim_t,
                };
                if libc::setrlimit(resource, &limit) != 0 {
                    return Err(io::Error::last_os_error());
                }
            }
            #[cfg(target_os = "linux")]
            confine_self(confine)?;
            #[cfg(not(target_os = "linux"))]
            let _ = confine;
            // After the namespaces, which need root; before Landlock.
            if let Some(user) = drop_to {
                if libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(user) != 0
                    || libc::setuid(user) != 0
                {
                    return Err(io::Error::last_os_error());
                }
                // A change of user clears the signal that ends it with
                // the process the grader holds.
                #[cfg(target_os = "linux")]
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            }
            // Then: a process under Landlock can no longer mount its /proc.
            if let Some(rules) = files.take() {
                files::enforce(rules)?;
            }
            // Last: the calls refused are none of those above.
            #[cfg(target_os = "linux")]
            if let Some(filter) = &calls {
                calls::install(filter)?;
            }
            Ok(())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::os::unix::fs::PermissionsExt;

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
        )
    }

    #[test]
    fn a_run_starts_in_a_fresh_copy_of_the_folder() {
        let folder = tempfile::tempdir().unwrap();
        fs::write(folder.path().join("proj3.py"), "print(1)\n").unwrap();
        fs::create_dir(folder.path().join("boards")).unwrap();
        fs::write(folder.path().join("boards/b.txt"), "+++\n").unwrap();
        fs::create_dir(folder.path().join(".git")).unwrap();
        for i in 0..=MOST_FOLDER_FILES {
            fs::write(folder.path().join(format!(".git/{i}")), "").unwrap();
        }
        // The reports of an earlier check, which no game may read.
        fs::create_dir_all(folder.path().join("out/crash")).unwrap();
        fs::write(folder.path().join("out/crash/expected.txt"), "").unwrap();
        let sandbox = trial_sandbox(Some(folder.path())).unwrap();
        let place = sandbox.place().unwrap();
        fs::write(place.path.join("proj3.py"), "changed").unwrap();
        let again = sandbox.place().unwrap();
        assert_eq!(
            fs::read_to_string(again.path.join("proj3.py")).unwrap(),
            "print(1)\n"
        );
        assert!(again.path.join("boards/b.txt").exists());
        assert!(again.path.join("tmp").is_dir());
        assert_eq!(sandbox.left_out(), [PathBuf::from(".git")]);
        assert!(!again.path.join(".git").exists());
        assert!(!again.path.join("out").exists());
        let gone = place.path.clone();
        drop(place);
        assert!(!gone.exists());
    }

    #[cfg(target_os = "linux")]
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

    #[cfg(unix)]
    #[test]
    fn a_folder_closed_to_others_is_found_on_the_way() {
        let root = tempfile::tempdir().unwrap();
        let open = root.path().join("open");
        fs::create_dir_all(open.join("closed/inner")).unwrap();
        let program = open.join("closed/inner/program");
        fs::write(&program, "").unwrap();
        for folder in [root.path(), &open, &open.join("closed/inner")] {
            fs::set_permissions(folder, fs::Permissions::from_mode(0o755)).unwrap();
        }
        fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
        fs::set_permissions(open.join("closed"), fs::Permissions::from_mode(0o700)).unwrap();
        let blocked = closed_to_others(&program);
        // The temporary folder's own parents may be closed too on some
        // machines: the first closed step is ours or above it.
        assert!(blocked.is_some());
        assert!(open.join("closed").starts_with(blocked.unwrap()));
        fs::set_permissions(open.join("closed"), fs::Permissions::from_mode(0o755)).unwrap();
        if closed_to_others(root.path()).is_none() {
            assert_eq!(closed_to_others(&program), None);
        }
    }

    #[test]
    fn a_large_folder_is_refused_with_what_to_do() {
        let folder = tempfile::tempdir().unwrap();
        for i in 0..=MOST_FOLDER_FILES {
            fs::write(folder.path().join(format!("{i}")), "").unwrap();
        }
        let error = trial_sandbox(Some(folder.path())).unwrap_err().to_string();
        assert!(error.contains("--folder"), "{error}");
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
        sandbox.prepare(&mut command, &place, None);
        // A variable the caller sets after, as the runner does, is kept.
        command.env("X", "1");
        let output = command.output().unwrap();
        let said = String::from_utf8_lossy(&output.stdout).into_owned();
        let home = place.path.display().to_string();
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(lines[0], format!("{home}|{home}/tmp||1|{home}"), "{said}");
        // `ulimit -f` counts blocks of 512 bytes.
        assert_eq!(lines[1], (64u64 << 20 >> 9).to_string());
    }
}
