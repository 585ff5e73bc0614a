//! What a run may read and write, with Landlock where the kernel has it.
//! Writes are kept inside the run's folder (and `/dev/null`). Reads are
//! kept to that folder, the board file of the game, the system's folders
//! (libraries, interpreters, the few files of `/etc` that programs read)
//! and the program's own installation (a pyenv or a virtual
//! environment): another student's files, the teacher's home, the
//! report's folder and `/etc/shadow` are out of reach, whoever runs the
//! program.

#[cfg(unix)]
use std::io;
use std::path::{Path, PathBuf};

/// Folders every program may read and run from, where they exist.
const SYSTEM_FOLDERS: &[&str] = &[
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/opt",
    "/nix/store",
];

/// The files and folders of `/etc` that programs read to start: the
/// dynamic linker's cache, time zones, users and names, locales,
/// certificates, interpreters' own settings. Not `/etc/shadow`, nor
/// anything else of the machine's.
const ETC: &[&str] = &[
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/ld.so.preload",
    "/etc/localtime",
    "/etc/timezone",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
    "/etc/host.conf",
    "/etc/hosts",
    "/etc/resolv.conf",
    "/etc/gai.conf",
    "/etc/locale.alias",
    "/etc/locale.conf",
    "/etc/default/locale",
    "/etc/mime.types",
    "/etc/ssl",
    "/etc/ca-certificates",
    "/etc/pki",
    "/etc/alternatives",
    "/etc/python3",
    "/etc/java",
    "/etc/inputrc",
    "/etc/terminfo",
];

/// Devices a program may read: randomness and zeros.
const DEVICES: &[&str] = &["/dev/urandom", "/dev/random", "/dev/zero", "/dev/full"];

/// The folders and files a program may read besides its own folder and
/// its board file: the system's, and those its command and arguments
/// name (see `Readable::for_program`).
#[derive(Clone, Debug, Default)]
pub struct Readable {
    /// Files and folders the program may read, by full path.
    pub paths: Vec<PathBuf>,
}

impl Readable {
    /// The system's folders and files only.
    pub fn system() -> Readable {
        Readable {
            paths: SYSTEM_FOLDERS
                .iter()
                .chain(ETC)
                .chain(DEVICES)
                .map(PathBuf::from)
                .collect(),
        }
    }

    /// What `command` run with `args` may read: the system's folders and
    /// files; the folder its command is found in (through `path`, the
    /// PATH it runs with), and when that folder is a `bin` (or pyenv's
    /// `shims`), the installation around it, both as found and with links
    /// followed; each argument that names an existing file or folder by
    /// its full path. Never a path `hidden` says a game may not read
    /// whole: a command whose folder is hidden is readable on its own.
    pub(crate) fn for_program(
        command: &Path,
        args: &[PathBuf],
        path: Option<&std::ffi::OsStr>,
        hidden: impl Fn(&Path) -> bool,
    ) -> Readable {
        let mut paths = Readable::system().paths;
        if let Some(found) = find_command(command, path) {
            let mut places = vec![found.clone()];
            if let Ok(real) = found.canonicalize() {
                places.push(real);
            }
            for place in places {
                let Some(folder) = place.parent() else {
                    continue;
                };
                if hidden(folder) {
                    paths.push(place.clone());
                    continue;
                }
                paths.push(folder.to_owned());
                let named = |name: &str| folder.file_name().is_some_and(|n| n == name);
                if (named("bin") || named("shims") || named("Scripts"))
                    && let Some(installation) = folder.parent()
                {
                    paths.push(installation.to_owned());
                }
            }
        }
        paths.extend(
            args.iter()
                .filter(|arg| arg.is_absolute() && arg.exists())
                .cloned(),
        );
        paths.retain(|path| path.exists() && !hidden(path));
        paths.sort();
        paths.dedup();
        Readable { paths }
    }
}

impl Readable {
    /// The same paths, but none that reaches `hidden` (a file, by its
    /// real path): a folder holding it is replaced by its entries, those
    /// on the way to it by theirs, so the rest of the folder stays
    /// readable. How the grader's own binary is kept from a program whose
    /// interpreter lies beside it (both installed into one virtual
    /// environment): Landlock grants folders whole, and cannot take one
    /// file back.
    pub(crate) fn without(self, hidden: &Path) -> Readable {
        let mut paths = Vec::new();
        for path in self.paths {
            let real = path.canonicalize().unwrap_or_else(|_| path.clone());
            if !hidden.starts_with(&real) {
                paths.push(path);
            } else if real != hidden {
                entries_but(&real, hidden, &mut paths);
            }
        }
        paths.sort();
        paths.dedup();
        Readable { paths }
    }
}

/// The entries of `folder` but `hidden`, those on the way to it replaced
/// by theirs, into `paths`.
fn entries_but(folder: &Path, hidden: &Path, paths: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path == hidden {
            continue;
        }
        let is_folder = entry.file_type().is_ok_and(|kind| kind.is_dir());
        if is_folder && hidden.starts_with(&path) {
            entries_but(&path, hidden, paths);
        } else {
            paths.push(path);
        }
    }
}

/// Where `command` is: itself when it names a path (a relative one is the
/// program's own folder's, copied into every run, so nothing to add), or
/// the first match in `path`.
pub fn find_command(command: &Path, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    if command.components().count() > 1 {
        return command.is_absolute().then(|| command.to_owned());
    }
    std::env::split_paths(path?)
        .map(|folder| folder.join(command))
        .find(|candidate| candidate.is_file())
}

#[cfg(target_os = "linux")]
pub(super) use landlock::RulesetCreated as Rules;
#[cfg(not(target_os = "linux"))]
pub(super) struct Rules;

/// Whether the kernel confines files, and with which ABI.
pub(super) fn available() -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        match kernel_abi() {
            abi if abi >= 1 => Ok(()),
            _ => Err("the kernel has no Landlock, or it is off".to_owned()),
        }
    }
    #[cfg(not(target_os = "linux"))]
    Err("not on this system".to_owned())
}

/// Landlock's ABI version in the kernel; below 1 when it has none.
#[cfg(target_os = "linux")]
pub(crate) fn kernel_abi() -> i64 {
    const VERSION: libc::c_uint = 1;
    // SAFETY: asks for the version only: no memory is passed.
    unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            VERSION,
        )
    }
}

/// The rules for a run in `folder` reading `board`: everything there;
/// reading `readable`'s paths (those that exist), `board` and, with
/// `own_proc`, `/proc` (the PID namespace's own); writing `/dev/null`.
/// `None` where the kernel has no Landlock or the rules cannot be made.
#[cfg(target_os = "linux")]
pub(crate) fn confined_to(
    folder: &Path,
    board: Option<&Path>,
    readable: &Readable,
    own_proc: bool,
) -> Option<Rules> {
    use landlock::{
        ABI, Access, AccessFs, PathBeneath, PathFd, Ruleset, RulesetAttr, RulesetCreatedAttr,
    };
    if kernel_abi() < 1 {
        return None;
    }
    let abi = ABI::V6;
    let all = AccessFs::from_all(abi);
    let read = AccessFs::from_read(abi);
    let mut rules = Ruleset::default()
        .handle_access(all)
        .ok()?
        .create()
        .ok()?
        .add_rule(PathBeneath::new(PathFd::new(folder).ok()?, all))
        .ok()?
        .add_rule(PathBeneath::new(
            PathFd::new("/dev/null").ok()?,
            AccessFs::ReadFile | AccessFs::WriteFile | AccessFs::IoctlDev,
        ))
        .ok()?;
    let proc = own_proc.then(|| PathBuf::from("/proc"));
    let reads = readable
        .paths
        .iter()
        .map(PathBuf::as_path)
        .chain(board)
        .chain(proc.as_deref());
    for path in reads {
        // What does not exist on this system is not there to read.
        let Ok(fd) = PathFd::new(path) else { continue };
        let rights = if path.is_dir() {
            read
        } else {
            read & AccessFs::from_file(abi)
        };
        rules = rules.add_rule(PathBeneath::new(fd, rights)).ok()?;
    }
    Some(rules)
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn confined_to(
    _folder: &Path,
    _board: Option<&Path>,
    _readable: &Readable,
    _own_proc: bool,
) -> Option<Rules> {
    None
}

/// Whether a process does start under the rules for `folder`: tried
/// once on a process that does nothing.
#[cfg(target_os = "linux")]
pub(crate) fn probe(folder: &Path, readable: &Readable) -> Result<(), String> {
    let mut rules = confined_to(folder, None, readable, false);
    if rules.is_none() {
        return Err("its rules could not be made".to_owned());
    }
    // SAFETY: Landlock's restrict_self: system calls only.
    unsafe {
        super::trial(move || match rules.take() {
            Some(rules) => enforce(rules),
            None => Ok(()),
        })
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn probe(_folder: &Path, _readable: &Readable) -> Result<(), String> {
    Err("not on this system".to_owned())
}

/// Puts the calling process (between fork and exec) under `rules`.
#[cfg(target_os = "linux")]
pub(crate) fn enforce(rules: Rules) -> io::Result<()> {
    match rules.restrict_self() {
        Ok(_) => Ok(()),
        // Said without allocating: this runs between fork and exec.
        Err(_) => Err(io::Error::from_raw_os_error(libc::EPERM)),
    }
}

#[cfg(all(unix, not(target_os = "linux")))]
pub(crate) fn enforce(_rules: Rules) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_taken_out_of_a_folder_leaves_the_rest_readable() {
        let root = tempfile::tempdir().unwrap();
        let venv = root.path().canonicalize().unwrap().join("venv");
        std::fs::create_dir_all(venv.join("bin")).unwrap();
        std::fs::create_dir_all(venv.join("lib")).unwrap();
        for file in ["bin/python3", "bin/minesweeper", "pyvenv.cfg"] {
            std::fs::write(venv.join(file), "").unwrap();
        }
        let readable = Readable {
            paths: vec![venv.clone(), PathBuf::from("/usr")],
        };
        let without = readable.without(&venv.join("bin/minesweeper"));
        assert_eq!(
            without.paths,
            [
                venv.join("bin/python3"),
                venv.join("lib"),
                venv.join("pyvenv.cfg"),
                PathBuf::from("/usr"),
            ]
        );
    }

    #[test]
    fn a_command_s_installation_is_readable_but_never_what_is_hidden() {
        let root = tempfile::tempdir().unwrap();
        let home = root.path().join("home");
        let venv = home.join("venv");
        std::fs::create_dir_all(venv.join("bin")).unwrap();
        std::fs::write(venv.join("bin/python3"), "").unwrap();
        let path = std::env::join_paths([venv.join("bin")]).unwrap();
        let holds_home = |p: &Path| home.starts_with(p);
        let readable = Readable::for_program(
            Path::new("python3"),
            &[PathBuf::from("proj3.py"), home.join("venv/bin/python3")],
            Some(&path),
            holds_home,
        );
        assert!(readable.paths.contains(&venv), "{readable:?}");
        assert!(readable.paths.contains(&venv.join("bin")), "{readable:?}");
        assert!(readable.paths.contains(&PathBuf::from("/usr")));
        assert!(!readable.paths.iter().any(|p| p.ends_with("proj3.py")));
        // A command in a `bin` right in the teacher's home: only its folder.
        std::fs::create_dir_all(home.join("bin")).unwrap();
        std::fs::write(home.join("bin/tool"), "").unwrap();
        let readable = Readable::for_program(&home.join("bin/tool"), &[], None, holds_home);
        assert!(readable.paths.contains(&home.join("bin")), "{readable:?}");
        assert!(!readable.paths.contains(&home), "{readable:?}");
        // A command right in a hidden folder: the command alone.
        std::fs::write(home.join("tool"), "").unwrap();
        let readable = Readable::for_program(&home.join("tool"), &[], None, holds_home);
        assert!(readable.paths.contains(&home.join("tool")), "{readable:?}");
        assert!(
            !readable
                .paths
                .iter()
                .any(|p| p == &home || p == root.path())
        );
    }
}
