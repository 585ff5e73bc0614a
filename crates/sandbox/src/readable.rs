//! What a game may read besides its own folder and board: the system's
//! folders (libraries, interpreters, the few files of `/etc` that
//! programs start with) and the program's own installation (a pyenv or a
//! virtual environment), found from its command line. A game's root shows
//! these and nothing else; where there is no root of its own, Landlock
//! allows reading these and nothing else. Another student's files, the
//! teacher's home, the reports and `/etc/shadow` are out of reach.

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
    "/nix/store",
];

/// The files and folders of `/etc` that programs read to start: the
/// dynamic linker's cache, time zones, users and names, locales,
/// interpreters' own settings. Not `/etc/shadow`, nor anything else of
/// the machine's (not its certificates, nor where its name servers are:
/// a game has no network).
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
    "/etc/gai.conf",
    "/etc/locale.alias",
    "/etc/locale.conf",
    "/etc/default/locale",
    "/etc/alternatives",
    "/etc/python3",
    "/etc/java",
    "/etc/inputrc",
    "/etc/terminfo",
];

/// Devices a program may read: randomness and zeros.
pub(crate) const DEVICES: &[&str] = &["/dev/urandom", "/dev/zero"];

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
    pub fn for_program(
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
                // Itself, always: shown in its folder, or alone where
                // its folder may not be shown.
                paths.push(place.clone());
                if hidden(folder) {
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
    #[cfg(target_os = "linux")]
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
#[cfg(target_os = "linux")]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
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
