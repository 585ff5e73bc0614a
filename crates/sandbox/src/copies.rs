//! Copies of this program a game could run to play its games for it,
//! kept out of reach by what they are, not by where they lie.
//!
//! Two ways, each for what the other cannot reach. A copy of this
//! version or a later one asks the kernel, first thing, whether it runs
//! inside a game ([`inside_a_checked_game`]): the game's seccomp filter
//! answers one call no system answers so, and the copy refuses to play,
//! wherever it lies and however the program got it (unpacked from its
//! own folder, say). An older release does not ask; so every `bin`
//! folder a game can see (`bin`, `sbin`, `Scripts`, `shims`, `libexec`,
//! the folders shown and three levels into them, and the folders of
//! PATH) is searched for executables that carry this program's help text,
//! which every release has carried, and each one found is covered by
//! /dev/null in the game's root.

use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Text every release of this program carries (its help), and no other
/// program: what tells a copy of it, whatever its version.
const SIGNATURE: &[u8] = b"Board files are rows of `+` (the frame), `*` (a mine)";

/// The folders programs are run from, by their names.
const COMMAND_FOLDERS: [&str; 5] = ["bin", "sbin", "Scripts", "shims", "libexec"];

/// How deep into a folder shown `bin` folders are looked for.
const DEPTH: usize = 3;

/// The smallest a copy can be (every release is above 4 MiB), and the
/// largest file read to tell.
const SIZES: std::ops::RangeInclusive<u64> = (1 << 20)..=(512 << 20);

/// Whether the file at `path` is a copy of this program, any release:
/// a Rust executable (its `.comment` names rustc) whose read-only data
/// holds the help. Each file is read once a process (a class's checks
/// share what was found).
pub(crate) fn is_a_copy(path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let Ok(meta) = file.metadata() else {
        return false;
    };
    if !meta.is_file() || !SIZES.contains(&meta.len()) {
        return false;
    }
    let key = (
        meta.dev(),
        meta.ino(),
        meta.len(),
        meta.mtime(),
        meta.mtime_nsec(),
    );
    static SEEN: std::sync::Mutex<Vec<(Identity, bool)>> = std::sync::Mutex::new(Vec::new());
    let seen = |found: Option<bool>| {
        let mut seen = SEEN
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match found {
            Some(copy) => {
                seen.push((key, copy));
                copy
            }
            None => seen
                .iter()
                .find(|(k, _)| *k == key)
                .is_some_and(|(_, copy)| *copy),
        }
    };
    let known = SEEN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .iter()
        .any(|(k, _)| *k == key);
    if known {
        return seen(None);
    }
    seen(Some(carries_the_help(&mut file, meta.len())))
}

/// What tells a file from another, and from itself changed: its device,
/// inode, length and time of change.
type Identity = (u64, u64, u64, i64, i64);

/// Whether `file` (of `length` bytes) is an ELF executable built by
/// rustc that carries the help: read from its sections where it has
/// them, else whole.
fn carries_the_help(file: &mut std::fs::File, length: u64) -> bool {
    let mut magic = [0u8; 4];
    if file.read_exact(&mut magic).is_err() || &magic != b"\x7fELF" {
        return false;
    }
    let Some(sections) = sections(file) else {
        return holds(file, 0, length, SIGNATURE);
    };
    let section = |name: &[u8]| sections.iter().find(|(n, _, _)| n == name);
    // Not built by rustc: no copy (nor a reason to read megabytes).
    match section(b".comment") {
        Some(&(_, at, size)) if holds(file, at, size.min(64 << 10), b"rustc version") => {}
        _ => return false,
    }
    match section(b".rodata") {
        Some(&(_, at, size)) => holds(file, at, size, SIGNATURE),
        None => holds(file, 0, length, SIGNATURE),
    }
}

/// A 64-bit little-endian ELF file's sections: each one's name, offset
/// and length.
fn sections(file: &mut std::fs::File) -> Option<Vec<(Vec<u8>, u64, u64)>> {
    let mut header = [0u8; 64];
    file.seek(SeekFrom::Start(0)).ok()?;
    file.read_exact(&mut header).ok()?;
    // 64 bits, little-endian: the machines this program is built for.
    if header[4] != 2 || header[5] != 1 {
        return None;
    }
    let u16_at = |b: &[u8], at: usize| u16::from_le_bytes([b[at], b[at + 1]]);
    let u64_at =
        |b: &[u8], at: usize| u64::from_le_bytes(b[at..at + 8].try_into().unwrap_or([0; 8]));
    let table_at = u64_at(&header, 0x28);
    let size = usize::from(u16_at(&header, 0x3A));
    let count = usize::from(u16_at(&header, 0x3C));
    let names = usize::from(u16_at(&header, 0x3E));
    if size < 64 || count == 0 || names >= count {
        return None;
    }
    let mut table = vec![0u8; size * count];
    file.seek(SeekFrom::Start(table_at)).ok()?;
    file.read_exact(&mut table).ok()?;
    let section = |i: usize| &table[i * size..i * size + 64];
    let (names_at, names_len) = (u64_at(section(names), 0x18), u64_at(section(names), 0x20));
    let mut names_table = vec![0u8; usize::try_from(names_len.min(1 << 20)).ok()?];
    file.seek(SeekFrom::Start(names_at)).ok()?;
    file.read_exact(&mut names_table).ok()?;
    Some(
        (0..count)
            .filter_map(|i| {
                let at = u32::from_le_bytes(section(i)[..4].try_into().ok()?) as usize;
                let name = names_table.get(at..)?.split(|&b| b == 0).next()?;
                Some((
                    name.to_vec(),
                    u64_at(section(i), 0x18),
                    u64_at(section(i), 0x20),
                ))
            })
            .collect(),
    )
}

/// Whether `length` bytes of `file` from `start` hold `needle`.
fn holds(file: &mut std::fs::File, start: u64, length: u64, needle: &[u8]) -> bool {
    if file.seek(SeekFrom::Start(start)).is_err() {
        return false;
    }
    let finder = memchr::memmem::Finder::new(needle);
    let mut reader = file.take(length);
    let mut buffer = vec![0u8; 1 << 20];
    // What the last read ended with: the needle may cross two reads.
    let mut kept = 0;
    loop {
        let Ok(read) = reader.read(&mut buffer[kept..]) else {
            return false;
        };
        if read == 0 {
            return false;
        }
        let filled = kept + read;
        if finder.find(&buffer[..filled]).is_some() {
            return true;
        }
        kept = needle.len().saturating_sub(1).min(filled);
        buffer.copy_within(filled - kept..filled, 0);
    }
}

/// The copies of this program a game shown `shown` (folders and files,
/// by full path) could run, with `path` its PATH: found in the `bin`
/// folders of what is shown and on PATH, by their real paths, each once.
pub(crate) fn copies_among(shown: &[PathBuf], path: Option<&std::ffi::OsStr>) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = Vec::new();
    for place in shown {
        if place.is_dir() {
            command_folders(place, DEPTH, &mut folders);
        }
    }
    folders.extend(
        path.map(std::env::split_paths)
            .into_iter()
            .flatten()
            .filter(|folder| shown.iter().any(|s| folder.starts_with(s))),
    );
    let mut found: Vec<PathBuf> = Vec::new();
    let mut files: Vec<PathBuf> = shown.iter().filter(|s| s.is_file()).cloned().collect();
    for folder in &folders {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        files.extend(entries.flatten().map(|entry| entry.path()));
    }
    for file in files {
        let Ok(real) = file.canonicalize() else {
            continue;
        };
        if !found.contains(&real) && is_a_copy(&real) {
            found.push(real);
        }
    }
    found.sort();
    found
}

/// The command folders in `folder` and up to `depth` levels below it,
/// into `found` (links to folders are not followed).
fn command_folders(folder: &Path, depth: usize, found: &mut Vec<PathBuf>) {
    let named = |path: &Path| {
        path.file_name()
            .is_some_and(|name| COMMAND_FOLDERS.iter().any(|n| name == *n))
    };
    if named(folder) {
        found.push(folder.to_owned());
    }
    if depth == 0 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            command_folders(&entry.path(), depth - 1, found);
        }
    }
}

/// Whether this process runs inside a game `check` is playing: the
/// game's seccomp filter answers one call (`getpgid` of a process number
/// no system gives) with an errno no kernel uses. Asked by a system call
/// of its own, not through the C library, which a program could replace
/// (`LD_PRELOAD`).
pub fn inside_a_checked_game() -> bool {
    let (call, argument) = super::calls::CANARY;
    // SAFETY: getpgid reads no memory; the registers named are all the
    // call changes.
    let result = unsafe { raw_syscall1(call, argument) };
    result == -i64::from(super::calls::CANARY_ERRNO)
}

/// A system call with one argument, made directly.
///
/// # Safety
/// The call must touch no memory of the caller's.
#[cfg(target_arch = "x86_64")]
unsafe fn raw_syscall1(call: libc::c_long, argument: u64) -> i64 {
    let result: i64;
    // SAFETY: the caller's promise; `syscall` clobbers rcx and r11.
    unsafe {
        std::arch::asm!(
            "syscall",
            inlateout("rax") call => result,
            in("rdi") argument,
            lateout("rcx") _,
            lateout("r11") _,
            options(nostack),
        );
    }
    result
}

/// A system call with one argument, made directly.
///
/// # Safety
/// The call must touch no memory of the caller's.
#[cfg(target_arch = "aarch64")]
unsafe fn raw_syscall1(call: libc::c_long, argument: u64) -> i64 {
    let result: i64;
    // SAFETY: the caller's promise; `svc 0` takes the call in x8 and its
    // argument in x0, where the result comes back.
    unsafe {
        std::arch::asm!(
            "svc 0",
            in("x8") call as i64,
            inlateout("x0") argument as i64 => result,
            options(nostack),
        );
    }
    result
}

/// A system call with one argument, through the C library where this
/// program has no instruction of its own for it.
///
/// # Safety
/// The call must touch no memory of the caller's.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
unsafe fn raw_syscall1(call: libc::c_long, argument: u64) -> i64 {
    // SAFETY: the caller's promise.
    let result = unsafe { libc::syscall(call, argument) };
    if result < 0 {
        -i64::from(std::io::Error::last_os_error().raw_os_error().unwrap_or(0))
    } else {
        result as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_needle_is_found_across_the_reads_that_split_it() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("big");
        // The signature across the first megabyte's end.
        let mut bytes = vec![b'x'; (1 << 20) - 10];
        bytes.extend_from_slice(SIGNATURE);
        bytes.extend(vec![b'y'; 100]);
        std::fs::write(&path, &bytes).unwrap();
        let mut file = std::fs::File::open(&path).unwrap();
        assert!(holds(&mut file, 0, bytes.len() as u64, SIGNATURE));
        assert!(!holds(&mut file, 0, (1 << 20) - 5, SIGNATURE));
    }

    #[test]
    fn an_executable_carrying_the_help_is_a_copy_and_nothing_else_is() {
        let folder = tempfile::tempdir().unwrap();
        let write = |name: &str, magic: &[u8], with: bool| {
            let mut bytes = magic.to_vec();
            bytes.resize(2 << 20, 0);
            if with {
                bytes.extend_from_slice(SIGNATURE);
            }
            let path = folder.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        };
        // An ELF file without its sections: the whole file is read.
        assert!(is_a_copy(&write("copy", b"\x7fELF", true)));
        assert!(!is_a_copy(&write("other", b"\x7fELF", false)));
        assert!(!is_a_copy(&write("script", b"#!/bi", true)));
        assert!(!is_a_copy(Path::new("/bin/sh")));
        let found = copies_among(&[folder.path().to_owned()], None);
        assert_eq!(found, Vec::<PathBuf>::new(), "not in a bin folder");
        let bin = folder.path().join("venv/bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::rename(folder.path().join("copy"), bin.join("minesweeper")).unwrap();
        let found = copies_among(&[folder.path().to_owned()], None);
        assert_eq!(found, [bin.join("minesweeper").canonicalize().unwrap()]);
        assert!(!inside_a_checked_game());
    }
}
