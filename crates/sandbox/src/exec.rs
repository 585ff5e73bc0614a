//! The program's exec, made by the game's own process in its jail: that
//! process shares its memory with the namespace's init (a vfork, not a
//! fork, so the grader's memory is not copied for every game), so it
//! cannot go back to the standard library's exec and makes its own, as
//! `execvp` does: each place on PATH in turn, and a file that is no
//! executable the kernel knows (a script without `#!`) run by `/bin/sh`.
//! Prepared before the fork; carried out with system calls only.

use std::ffi::{CString, OsStr};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::process::Command;

use super::raw::{self, Stage};

/// What the program is run as: where to look for it, its arguments and
/// its environment, as C wants them.
#[derive(Debug)]
pub(crate) struct Exec {
    /// The places the program may be, in the order they are tried.
    places: Vec<CString>,
    /// Its arguments, the first its name as given.
    arguments: Vec<CString>,
    /// Its environment, `NAME=value` each.
    environment: Vec<CString>,
    /// The pointers C takes, into the strings above, each list ended by
    /// a null: the arguments, the environment, and for each place the
    /// arguments that run it with /bin/sh.
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    by_shell: Vec<Vec<*const libc::c_char>>,
}

// SAFETY: the pointers point into the strings the same value owns, which
// are never changed; they are read by the process that execs.
unsafe impl Send for Exec {}
// SAFETY: as above: nothing is written through them.
unsafe impl Sync for Exec {}

/// The shell a script without `#!` is run by.
const SHELL: &std::ffi::CStr = c"/bin/sh";

impl Exec {
    /// `command` as it stands: its program, arguments and environment
    /// (cleared, then set: the variables set are the whole of it).
    pub(crate) fn of(command: &Command) -> Exec {
        let c = |s: &OsStr| CString::new(s.as_bytes()).unwrap_or_default();
        let program = command.get_program();
        let arguments: Vec<CString> = std::iter::once(program)
            .chain(command.get_args())
            .map(c)
            .collect();
        let mut path = None;
        let environment: Vec<CString> = command
            .get_envs()
            .filter_map(|(name, value)| {
                let value = value?;
                if name == "PATH" {
                    path = Some(value.to_owned());
                }
                let mut pair = name.as_bytes().to_vec();
                pair.push(b'=');
                pair.extend_from_slice(value.as_bytes());
                CString::new(pair).ok()
            })
            .collect();
        let places: Vec<CString> = if program.as_bytes().contains(&b'/') {
            vec![c(program)]
        } else {
            let path = path.unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
            std::env::split_paths(&path)
                .map(|folder| {
                    let folder = if folder.as_os_str().is_empty() {
                        std::path::PathBuf::from(".")
                    } else {
                        folder
                    };
                    c(folder.join(program).as_os_str())
                })
                .collect()
        };
        let mut exec = Exec {
            places,
            arguments,
            environment,
            argv: Vec::new(),
            envp: Vec::new(),
            by_shell: Vec::new(),
        };
        exec.argv = pointers(exec.arguments.iter().map(|a| a.as_ptr()));
        exec.envp = pointers(exec.environment.iter().map(|e| e.as_ptr()));
        exec.by_shell = exec
            .places
            .iter()
            .map(|place| {
                let rest = exec.arguments.iter().skip(1).map(|a| a.as_ptr());
                pointers([SHELL.as_ptr(), place.as_ptr()].into_iter().chain(rest))
            })
            .collect();
        exec
    }

    /// Runs the program in the calling process, or says why it could not:
    /// the first error that is not "not here", else that.
    ///
    /// # Safety
    /// Between fork and exec: system calls only.
    pub(crate) unsafe fn run(&self) -> io::Error {
        let mut error = libc::ENOENT;
        for (place, by_shell) in self.places.iter().zip(&self.by_shell) {
            // SAFETY: execve of C strings and null-ended lists we hold.
            unsafe {
                libc::execve(place.as_ptr(), self.argv.as_ptr(), self.envp.as_ptr());
                let failed = raw::errno();
                if failed == libc::ENOEXEC {
                    libc::execve(SHELL.as_ptr(), by_shell.as_ptr(), self.envp.as_ptr());
                    return raw::failed(Stage::Exec, 1);
                }
                match failed {
                    // Not here: the next place.
                    libc::ENOENT
                    | libc::ENOTDIR
                    | libc::ESTALE
                    | libc::ELOOP
                    | libc::ENAMETOOLONG => {}
                    // Here, but not to be run: said unless it is found.
                    libc::EACCES => error = libc::EACCES,
                    other => return raw::failed_with(Stage::Exec, 0, other),
                }
            }
        }
        raw::failed_with(Stage::Exec, 0, error)
    }
}

/// `items`, then a null.
fn pointers(items: impl Iterator<Item = *const libc::c_char>) -> Vec<*const libc::c_char> {
    items.chain(std::iter::once(std::ptr::null())).collect()
}

/// The stack of a process that shares its parent's memory, mapped
/// before the fork, with a page below it that is never mapped, so that
/// running past it ends the process rather than writes over the
/// parent's.
#[derive(Debug)]
pub(crate) struct Stack {
    base: *mut libc::c_void,
    length: usize,
}

// SAFETY: the mapping is this value's alone; it is used by the process
// that forks from the one holding it.
unsafe impl Send for Stack {}
// SAFETY: as above.
unsafe impl Sync for Stack {}

/// The stack every such process gets: what it runs is a few calls deep.
const STACK: usize = 256 << 10;

impl Stack {
    pub(crate) fn new() -> io::Result<Stack> {
        let page = 4096;
        let length = STACK + page;
        // SAFETY: a new private mapping, then its lowest page made
        // unreachable.
        unsafe {
            let base = libc::mmap(
                std::ptr::null_mut(),
                length,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            );
            if base == libc::MAP_FAILED {
                return Err(io::Error::last_os_error());
            }
            if libc::mprotect(base, page, libc::PROT_NONE) != 0 {
                let error = io::Error::last_os_error();
                libc::munmap(base, length);
                return Err(error);
            }
            Ok(Stack { base, length })
        }
    }

    /// Its top, where a stack that grows down starts.
    pub(crate) fn top(&self) -> *mut libc::c_void {
        // SAFETY: one past the mapping's end, aligned (the length is a
        // multiple of the page).
        unsafe { self.base.cast::<u8>().add(self.length).cast() }
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, unmapped once.
        unsafe { libc::munmap(self.base, self.length) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_looked_for_on_the_path_it_is_given() {
        let mut command = Command::new("python3");
        command
            .args(["proj3.py", "x y"])
            .env_clear()
            .env("PATH", "/opt/py/bin::/usr/bin")
            .env("HOME", "/game");
        let exec = Exec::of(&command);
        let shown = |list: &[CString]| {
            list.iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            shown(&exec.places),
            ["/opt/py/bin/python3", "./python3", "/usr/bin/python3"]
        );
        assert_eq!(shown(&exec.arguments), ["python3", "proj3.py", "x y"]);
        let mut environment = shown(&exec.environment);
        environment.sort();
        assert_eq!(environment, ["HOME=/game", "PATH=/opt/py/bin::/usr/bin"]);
        assert_eq!(exec.argv.len(), 4);
        assert!(exec.argv[3].is_null());
        assert_eq!(exec.by_shell[0].len(), 5);
        let by_path = Exec::of(Command::new("./proj3").env_clear());
        assert_eq!(shown(&by_path.places), ["./proj3"]);
    }
}
