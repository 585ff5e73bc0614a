//! Landlock, through its three system calls: what a game may read and
//! write, by the files themselves (their inodes), whatever path reaches
//! them; no TCP socket bound or connected; no abstract Unix socket or
//! signal reaching past the game's own processes.
//!
//! In a game's own root, its rules are short: read and run anything the
//! root shows, write in its folder, /tmp and /dev/null. Where there is no
//! root of its own, they name the host's files the game may read, and
//! stand alone between the program and the rest of the machine.
//!
//! The rules are made and the files they name opened between fork and
//! exec, after the game has changed into its root (a rule holds an inode,
//! and the game's folder is a new mount there), so this is system calls
//! on data prepared before the fork, not the `landlock` crate, which
//! opens paths and allocates.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};

use super::raw::{self, Stage};

/// Access rights to files (`LANDLOCK_ACCESS_FS_*`).
mod fs {
    pub(super) const EXECUTE: u64 = 1 << 0;
    pub(super) const WRITE_FILE: u64 = 1 << 1;
    pub(super) const READ_FILE: u64 = 1 << 2;
    pub(super) const READ_DIR: u64 = 1 << 3;
    pub(super) const MAKE_CHAR: u64 = 1 << 6;
    pub(super) const MAKE_BLOCK: u64 = 1 << 11;
    /// Every right of ABI 1.
    pub(super) const ABI_1: u64 = (1 << 13) - 1;
    pub(super) const REFER: u64 = 1 << 13;
    pub(super) const TRUNCATE: u64 = 1 << 14;
    pub(super) const IOCTL_DEV: u64 = 1 << 15;
}

/// TCP rights (`LANDLOCK_ACCESS_NET_*`, ABI 4).
const NET_BIND_AND_CONNECT_TCP: u64 = 0b11;
/// Scopes (`LANDLOCK_SCOPE_*`, ABI 6): abstract Unix sockets and signals.
const SCOPE_ABSTRACT_AND_SIGNALS: u64 = 0b11;

/// `struct landlock_ruleset_attr`.
#[repr(C)]
struct RulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

/// `struct landlock_path_beneath_attr`, packed as the kernel has it.
#[repr(C, packed)]
struct PathBeneath {
    allowed_access: u64,
    parent_fd: i32,
}

/// `LANDLOCK_RULE_PATH_BENEATH`.
const RULE_PATH_BENEATH: libc::c_int = 1;

/// Landlock's ABI version in the kernel; below 1 when it has none.
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

/// What a rule gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Right {
    /// Read and run what lies beneath.
    Read,
    /// Everything but making devices and their ioctls.
    Write,
    /// Read and write one device file (/dev/null).
    Device,
}

/// Where a rule's file is.
#[derive(Debug)]
enum Place {
    /// Opened before the fork: a host file, where the game has no root
    /// of its own.
    Open(OwnedFd),
    /// Opened between fork and exec, in the game's root.
    Path(CString),
}

/// The rules of a run, ready to be enforced after the fork.
#[derive(Debug)]
pub(crate) struct Rules {
    abi: i64,
    rules: Vec<(Place, Right, bool)>,
}

impl Rules {
    /// No rule yet; `None` where the kernel has no Landlock.
    pub(crate) fn new() -> Option<Rules> {
        let abi = kernel_abi();
        (abi >= 1).then_some(Rules {
            abi,
            rules: Vec::new(),
        })
    }

    /// Gives `right` to `path` as the game will see it, opened once the
    /// game is in its root; `folder` when it is one.
    pub(crate) fn inside(&mut self, path: &std::path::Path, right: Right, folder: bool) {
        if let Ok(path) = CString::new(path.as_os_str().as_encoded_bytes()) {
            self.rules.push((Place::Path(path), right, folder));
        }
    }

    /// Gives `right` to the host's `path`, opened now; a path that cannot
    /// be opened is not there to read.
    pub(crate) fn host(&mut self, path: &std::path::Path, right: Right) {
        use std::os::unix::fs::OpenOptionsExt;
        // The inode only (O_PATH), as a rule needs: no right to read it
        // is asked.
        let Ok(file) = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_PATH | libc::O_CLOEXEC)
            .open(path)
        else {
            return;
        };
        let folder = file.metadata().is_ok_and(|meta| meta.is_dir());
        self.rules.push((Place::Open(file.into()), right, folder));
    }

    /// The rights the ruleset handles: every one this kernel knows.
    fn handled_fs(&self) -> u64 {
        let mut handled = fs::ABI_1;
        if self.abi >= 2 {
            handled |= fs::REFER;
        }
        if self.abi >= 3 {
            handled |= fs::TRUNCATE;
        }
        if self.abi >= 5 {
            handled |= fs::IOCTL_DEV;
        }
        handled
    }

    /// What `right` allows on a folder or a file, within what is handled.
    fn allowed(&self, right: Right, folder: bool) -> u64 {
        let read = fs::EXECUTE | fs::READ_FILE | fs::READ_DIR;
        let allowed = match right {
            Right::Read => read,
            Right::Write => self.handled_fs() & !(fs::MAKE_CHAR | fs::MAKE_BLOCK | fs::IOCTL_DEV),
            Right::Device => fs::READ_FILE | fs::WRITE_FILE | fs::TRUNCATE,
        };
        let on_files = fs::EXECUTE | fs::WRITE_FILE | fs::READ_FILE | fs::TRUNCATE | fs::IOCTL_DEV;
        let allowed = if folder { allowed } else { allowed & on_files };
        allowed & self.handled_fs()
    }

    /// Puts the calling process under the rules (between fork and exec,
    /// after no_new_privs).
    ///
    /// # Safety
    /// Between fork and exec: system calls only.
    pub(crate) unsafe fn enforce(&self) -> io::Result<()> {
        let attr = RulesetAttr {
            handled_access_fs: self.handled_fs(),
            handled_access_net: if self.abi >= 4 {
                NET_BIND_AND_CONNECT_TCP
            } else {
                0
            },
            scoped: if self.abi >= 6 {
                SCOPE_ABSTRACT_AND_SIGNALS
            } else {
                0
            },
        };
        // SAFETY: the three Landlock calls and open/close, on memory we
        // hold for the length of each call.
        unsafe {
            let ruleset = libc::syscall(
                libc::SYS_landlock_create_ruleset,
                &attr as *const RulesetAttr,
                std::mem::size_of::<RulesetAttr>(),
                0u32,
            );
            let ruleset = raw::check(ruleset, Stage::Landlock, 0)? as libc::c_int;
            for (step, (place, right, folder)) in self.rules.iter().enumerate() {
                let (fd, opened) = match place {
                    Place::Open(file) => (file.as_raw_fd(), false),
                    Place::Path(path) => {
                        let fd = libc::open(path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
                        if fd < 0 {
                            // Not in this game's root: nothing to give.
                            continue;
                        }
                        (fd, true)
                    }
                };
                let rule = PathBeneath {
                    allowed_access: self.allowed(*right, *folder),
                    parent_fd: fd,
                };
                let added = libc::syscall(
                    libc::SYS_landlock_add_rule,
                    ruleset,
                    RULE_PATH_BENEATH,
                    &rule as *const PathBeneath,
                    0u32,
                );
                if opened {
                    libc::close(fd);
                }
                raw::check(added, Stage::Landlock, step + 1)?;
            }
            let restricted = libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0u32);
            libc::close(ruleset);
            raw::check(restricted, Stage::Landlock, self.rules.len() + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_given_only_the_rights_a_file_has() {
        let rules = Rules {
            abi: 6,
            rules: Vec::new(),
        };
        assert_eq!(
            rules.allowed(Right::Read, true),
            fs::EXECUTE | fs::READ_FILE | fs::READ_DIR
        );
        assert_eq!(
            rules.allowed(Right::Read, false),
            fs::EXECUTE | fs::READ_FILE
        );
        let write = rules.allowed(Right::Write, true);
        assert_eq!(write & (fs::MAKE_CHAR | fs::MAKE_BLOCK | fs::IOCTL_DEV), 0);
        assert_ne!(write & fs::REFER, 0);
        let old = Rules {
            abi: 1,
            rules: Vec::new(),
        };
        assert_eq!(old.allowed(Right::Write, true) & fs::TRUNCATE, 0);
        assert_eq!(
            old.allowed(Right::Device, false),
            fs::READ_FILE | fs::WRITE_FILE
        );
    }
}
