//! System calls a run may not make, refused by a seccomp filter: those
//! that reach past the run's own folder where the files' rules cannot
//! follow, or leave state for the next game or the next student.
//!
//! - `socket(AF_UNIX, …)`: a Unix socket is connected by its path, and a
//!   path anywhere on the machine is reached whatever Landlock allows
//!   (root passes every permission check), so a listener in /tmp would
//!   hear a student's program. (`socketpair`, a program's own pair, is
//!   left: it reaches no one.)
//! - the kernel's keyrings (`add_key`, `request_key`, `keyctl`): a user's
//!   keyring outlives the process, and every run is the same user;
//! - System V IPC and POSIX message queues (`shmget`, `semget`, `msgget`,
//!   `mq_open`): where the run has no IPC namespace of its own (the check
//!   not run as root), their objects outlive it too.
//!
//! Each is refused with EACCES, as a permission a program may lack.

use std::collections::BTreeMap;
use std::io;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

/// The filter, built before the fork (it allocates) and installed after.
pub(crate) type Filter = BpfProgram;

/// The calls refused whatever their arguments.
const REFUSED: [libc::c_long; 7] = [
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_keyctl,
    libc::SYS_shmget,
    libc::SYS_semget,
    libc::SYS_msgget,
    libc::SYS_mq_open,
];

/// The filter for this processor, or why there is none.
// A system call's number is a `c_long`: the same as i64 only where
// longs are 64 bits.
#[allow(clippy::useless_conversion)]
pub(crate) fn filter() -> Result<Filter, String> {
    let arch: TargetArch = std::env::consts::ARCH
        .try_into()
        .map_err(|_| format!("no seccomp filter is made for {}", std::env::consts::ARCH))?;
    let failed = |e: seccompiler::BackendError| e.to_string();
    let unix = SeccompCondition::new(
        0,
        SeccompCmpArgLen::Dword,
        SeccompCmpOp::Eq,
        libc::AF_UNIX as u64,
    )
    .map_err(failed)?;
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = REFUSED
        .iter()
        .map(|&call| (i64::from(call), Vec::new()))
        .collect();
    rules.insert(
        i64::from(libc::SYS_socket),
        vec![SeccompRule::new(vec![unix]).map_err(failed)?],
    );
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EACCES as u32),
        arch,
    )
    .map_err(failed)?;
    filter.try_into().map_err(failed)
}

/// Installs `filter` on the calling process (between fork and exec; it
/// sets no_new_privs first, as seccomp needs without privileges).
pub(crate) fn install(filter: &Filter) -> io::Result<()> {
    // Said without allocating: this runs between fork and exec.
    seccompiler::apply_filter(filter).map_err(|_| io::Error::from_raw_os_error(libc::EPERM))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under the filter, a Unix socket and a keyring are refused, and a
    /// process still runs.
    #[test]
    fn a_filtered_process_makes_no_unix_socket_and_no_key() {
        let Ok(filter) = filter() else {
            return;
        };
        let mut child = std::process::Command::new("/bin/sh");
        child.args([
            "-c",
            "python3 -c 'import socket; socket.socket(socket.AF_UNIX)' 2>&1; \
             python3 -c 'import socket; socket.socket(socket.AF_INET)' && echo inet",
        ]);
        use std::os::unix::process::CommandExt;
        // SAFETY: install makes system calls only.
        unsafe {
            child.pre_exec(move || install(&filter));
        }
        let Ok(output) = child.output() else {
            return;
        };
        let said = String::from_utf8_lossy(&output.stdout);
        if said.contains("not found") {
            return;
        }
        assert!(said.contains("PermissionError"), "{said}");
        assert!(said.ends_with("inet\n"), "{said}");
    }
}
