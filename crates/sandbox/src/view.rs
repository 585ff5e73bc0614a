//! A game's root of its own: what it sees of the machine, built afresh
//! for every game in its own mount namespace, as bubblewrap and nsjail
//! build theirs.
//!
//! The root is an empty tmpfs. Into it go, read-only, at the paths the
//! host has them: the system's folders, the few files of /etc programs
//! start with, its interpreter's installation and the files its command
//! line names, and its board file. Its own folder is the program's copy
//! seen through an overlay whose writes land in a tmpfs of the game's
//! (64 MiB: the game's disk, all of it), as does an empty /tmp. /dev holds
//! null, zero and urandom; /proc is its PID namespace's own, its
//! processes only; /etc's passwd, group, hosts and hostname are the
//! game's own, naming its user. Every copy of this program among what is
//! shown is covered by /dev/null. Then the root itself is made read-only,
//! and nothing the game can change outlives it: its tmpfs, its mounts and
//! their times go with its last process.
//!
//! The plan is made before the fork ([`View::steps`], which allocates);
//! the steps are carried out between fork and exec by the namespace's
//! first process ([`Steps::build`]), system calls only.

use std::collections::BTreeSet;
use std::ffi::{CStr, CString};
use std::io;
use std::path::{Path, PathBuf};

use super::folder::{Entry, Listing};
use super::raw::{self, Stage};

/// Bytes a game may write, in its folder and /tmp together.
pub(crate) const GAME_DISK: u64 = 64 << 20;

/// The files a game may have in its folder and /tmp together.
const GAME_FILES: u64 = 16 << 10;

/// What every game of a check sees, found once.
#[derive(Clone, Debug)]
pub(crate) struct View {
    /// The empty folder each game's root is mounted on.
    mountpoint: PathBuf,
    /// The host's paths shown read-only, those inside another left out.
    shown: Vec<Shown>,
    /// Copies of this program among them, covered by /dev/null.
    hidden: Vec<PathBuf>,
    /// How /proc is mounted, or not at all.
    pub(crate) proc: Proc,
    /// Whether the game's folder is an overlay of the program's copy
    /// (else a copy of its own, bound).
    pub(crate) overlay: bool,
    /// The overlay's `userxattr` option: its bookkeeping in `user.`
    /// attributes, as a user namespace's mounts must keep it.
    userxattr: bool,
}

/// How /proc is mounted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Proc {
    /// Only the processes' folders and `self` (`subset=pid`, Linux 5.8).
    Processes,
    /// All of it, still of its own PID namespace only.
    Whole,
    /// None could be mounted.
    None,
}

/// A host path shown in the game's root.
#[derive(Clone, Debug)]
enum Shown {
    /// A folder, with everything in it.
    Folder(PathBuf),
    /// One file.
    File(PathBuf),
    /// A symbolic link, made again (its target is shown, or not).
    Link(PathBuf, PathBuf),
    /// A small file of /etc, copied into the root with what it holds
    /// (cheaper than a mount for every game); a folder of them is its
    /// folder and its entries.
    Copy(PathBuf, Vec<u8>),
    /// A folder made for copies.
    Made(PathBuf),
}

impl Shown {
    fn path(&self) -> &Path {
        match self {
            Shown::Folder(path)
            | Shown::File(path)
            | Shown::Link(path, _)
            | Shown::Copy(path, _)
            | Shown::Made(path) => path,
        }
    }
}

/// The largest file of /etc copied rather than mounted.
const MOST_COPIED: u64 = 256 << 10;

/// The most entries of a folder of /etc copied rather than mounted.
const MOST_COPIED_ENTRIES: usize = 16;

/// `path` of /etc as copies, where it is small enough: a file, a link,
/// or a folder of a few of them.
fn copied(path: &Path, into: &mut Vec<Shown>) -> bool {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return false;
    };
    if meta.is_file() && meta.len() <= MOST_COPIED {
        return match std::fs::read(path) {
            Ok(contents) => {
                into.push(Shown::Copy(path.to_owned(), contents));
                true
            }
            Err(_) => false,
        };
    }
    if meta.is_symlink() {
        return match std::fs::read_link(path) {
            Ok(target) => {
                into.push(Shown::Link(path.to_owned(), target));
                true
            }
            Err(_) => false,
        };
    }
    if !meta.is_dir() {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(path) else {
        return false;
    };
    let entries: Vec<PathBuf> = entries.flatten().map(|entry| entry.path()).collect();
    if entries.len() > MOST_COPIED_ENTRIES {
        return false;
    }
    let mut made = vec![Shown::Made(path.to_owned())];
    for entry in entries {
        if !copied(&entry, &mut made) {
            return false;
        }
    }
    into.extend(made);
    true
}

/// What a game's root holds of its own.
#[derive(Debug)]
pub(crate) struct Game<'a> {
    /// Its folder, at the path it is given on the host.
    pub(crate) folder: &'a Path,
    /// The program's copy its folder shows (an overlay), or the folder's
    /// own copy, bound writable.
    pub(crate) source: Source<'a>,
    /// Its board file, shown read-only.
    pub(crate) board: Option<&'a Path>,
    /// The user its folder and /tmp belong to, outside, when the root is
    /// built by root for a user of the game's own.
    pub(crate) owner: Option<(u32, u32)>,
    /// The game's user and group as its programs see them, for
    /// /etc/passwd and /etc/group.
    pub(crate) inside: (u32, u32),
}

/// Where a game's folder comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Source<'a> {
    /// The program's one copy, copied into the game's tmpfs (it is small):
    /// the copy, and what it holds.
    Copied(&'a Path, &'a Listing),
    /// The program's one copy, seen through an overlay.
    Overlay(&'a Path),
    /// A copy of the game's own on the host, bound writable.
    Bound(&'a Path),
}

/// Attributes set on a mount (`MOUNT_ATTR_*`).
mod attr {
    pub(super) const RDONLY: u64 = 0x1;
    pub(super) const NOSUID: u64 = 0x2;
    pub(super) const NODEV: u64 = 0x4;
    pub(super) const NOEXEC: u64 = 0x8;
}

/// One step of building a root.
#[derive(Debug)]
enum Step {
    /// A tmpfs, with its mount options.
    Tmpfs { at: CString, options: CString },
    /// A folder, with its mode.
    Folder { at: CString, mode: libc::mode_t },
    /// A symbolic link to `target`.
    Link { target: CString, at: CString },
    /// A file holding `contents` (empty: a place to bind a file on).
    File { at: CString, contents: Vec<u8> },
    /// A copy of the host's file `from`, with `mode`.
    Copy {
        from: CString,
        at: CString,
        mode: libc::mode_t,
    },
    /// A bind of `from` at `at`, with its subtree for a folder, then the
    /// attributes set on all of it.
    Bind {
        from: CString,
        at: CString,
        folder: bool,
        attributes: u64,
    },
    /// The game's folder: an overlay with these options.
    Overlay { at: CString, options: CString },
    /// The owner of `at`.
    Owner { at: CString, uid: u32, gid: u32 },
    /// The mount at `at` taken away (the staging tmpfs: its folders
    /// stay in use where they were mounted again).
    Detach { at: CString },
    /// The folder at `at` removed.
    Remove { at: CString },
    /// /proc, with its options.
    Proc {
        at: CString,
        options: Option<CString>,
    },
    /// The root made read-only.
    ReadOnly { at: CString },
}

/// The steps of one game's root, ready for the fork.
#[derive(Debug)]
pub(crate) struct Steps {
    steps: Vec<Step>,
    /// Where the root is built, then changed into.
    pub(crate) root: CString,
    /// The game's folder, inside the root.
    pub(crate) folder: CString,
}

/// The devices a game has.
const DEVICES: [&str; 3] = ["/dev/null", "/dev/zero", "/dev/urandom"];

/// The files of /etc each game gets of its own, not the host's.
const OWN_ETC: [&str; 4] = ["/etc/passwd", "/etc/group", "/etc/hosts", "/etc/hostname"];

/// The host name each game has.
pub(crate) const HOSTNAME: &CStr = c"minesweeper-game";

impl View {
    /// The view of a check's games: `readable` shown (the system's
    /// folders and what the program needs, `Readable`'s), `hidden`
    /// covered, the root built on `mountpoint`.
    pub(crate) fn new(mountpoint: &Path, readable: &[PathBuf], hidden: &[PathBuf]) -> View {
        let mut paths: Vec<PathBuf> = Vec::new();
        paths.extend(
            readable
                .iter()
                .filter(|path| !OWN_ETC.iter().any(|own| path.as_path() == Path::new(own)))
                .filter(|path| !path.starts_with("/dev") && !path.starts_with("/proc"))
                .cloned(),
        );
        paths.sort();
        paths.dedup();
        let mut shown = Vec::new();
        for path in paths {
            // Inside a folder shown already: there with it.
            let inside = shown
                .iter()
                .any(|s: &Shown| matches!(s, Shown::Folder(f) if path.starts_with(f)));
            // A folder that holds the games' own (the root's mountpoint,
            // the other games' folders beside it) is never shown whole.
            let holds_games = mountpoint.starts_with(&path);
            if inside || holds_games || !path.is_absolute() {
                continue;
            }
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if path.starts_with("/etc") && copied(&path, &mut shown) {
                continue;
            }
            if meta.is_symlink() {
                if let Ok(target) = std::fs::read_link(&path) {
                    shown.push(Shown::Link(path, target));
                }
            } else if meta.is_dir() {
                shown.push(Shown::Folder(path));
            } else if meta.is_file() {
                shown.push(Shown::File(path));
            }
        }
        View {
            mountpoint: mountpoint.to_owned(),
            shown,
            hidden: hidden.to_vec(),
            proc: Proc::Processes,
            overlay: true,
            userxattr: false,
        }
    }

    /// The same view for a root built in a user namespace of the check's
    /// own (not as root): the overlay keeps its bookkeeping where such a
    /// namespace may write it.
    pub(crate) fn built_unprivileged(mut self) -> View {
        self.userxattr = true;
        self
    }

    /// The host paths shown, for the log.
    pub(crate) fn shown(&self) -> impl Iterator<Item = &Path> {
        self.shown.iter().map(Shown::path)
    }

    /// The steps that build `game`'s root.
    pub(crate) fn steps(&self, game: &Game<'_>) -> Steps {
        let mut plan = Plan::new(&self.mountpoint);
        plan.tmpfs(Path::new("/"), "size=1m,nr_inodes=4096,mode=755");
        self.game_tmpfs(&mut plan, game);
        for shown in &self.shown {
            match shown {
                Shown::Folder(path) => plan.bind(path, path, true, READ_ONLY),
                Shown::File(path) => plan.bind(path, path, false, READ_ONLY),
                Shown::Link(path, target) => plan.link(target, path),
                Shown::Copy(path, contents) => plan.file(path, contents.clone()),
                Shown::Made(path) => plan.folder(path),
            }
        }
        plan.own_etc(game.inside, game.folder);
        plan.devices();
        if let Some(board) = game.board {
            plan.way_to(board);
            plan.bind(board, board, false, READ_ONLY | attr::NOEXEC);
        }
        self.folder(&mut plan, game);
        for hidden in &self.hidden {
            if self.shown.iter().any(|s| hidden.starts_with(s.path())) {
                plan.cover(hidden);
            }
        }
        plan.push(Step::Detach {
            at: plan.inside(Path::new(STAGING)),
        });
        plan.push(Step::Remove {
            at: plan.inside(Path::new(STAGING)),
        });
        if self.proc != Proc::None {
            plan.folder(Path::new("/proc"));
            plan.push(Step::Proc {
                at: plan.inside(Path::new("/proc")),
                options: (self.proc == Proc::Processes).then(|| c"subset=pid".to_owned()),
            });
        }
        plan.push(Step::ReadOnly {
            at: plan.inside(Path::new("/")),
        });
        let root = plan.inside(Path::new("/"));
        Steps {
            steps: plan.steps,
            root,
            folder: cstring(game.folder),
        }
    }

    /// The game's own tmpfs, staged where the game never looks: its
    /// overlay's upper and work folders and its /tmp, all in one, so that
    /// 64 MiB bounds what the game writes anywhere. /tmp is bound from it
    /// first, so that the folders made for paths in /tmp (the game's
    /// folder and board lie there on most machines) are made in it.
    fn game_tmpfs(&self, plan: &mut Plan, game: &Game<'_>) {
        let staging = Path::new(STAGING);
        plan.folder(staging);
        plan.tmpfs(
            staging,
            &format!("size={GAME_DISK},nr_inodes={GAME_FILES},mode=755"),
        );
        for (name, mode) in [("upper", 0o755), ("work", 0o755), ("tmp", 0o1777)] {
            let folder = staging.join(name);
            plan.push(Step::Folder {
                at: plan.inside(&folder),
                mode,
            });
            if let Some((uid, gid)) = game.owner
                && name == "upper"
            {
                plan.push(Step::Owner {
                    at: plan.inside(&folder),
                    uid,
                    gid,
                });
            }
        }
        plan.folder(Path::new("/tmp"));
        plan.push(Step::Bind {
            from: plan.inside(&staging.join("tmp")),
            at: plan.inside(Path::new("/tmp")),
            folder: true,
            attributes: attr::NOSUID | attr::NODEV,
        });
    }

    /// The game's folder: the program's copy through an overlay, or the
    /// game's own copy bound writable.
    fn folder(&self, plan: &mut Plan, game: &Game<'_>) {
        plan.way_to(game.folder);
        plan.folder(game.folder);
        match game.source {
            Source::Copied(copy, listing) => {
                let own = Path::new(STAGING).join("game");
                plan.push(Step::Folder {
                    at: plan.inside(&own),
                    mode: 0o755,
                });
                plan.own(&own, game.owner);
                for (relative, entry) in &listing.entries {
                    let at = own.join(relative);
                    match entry {
                        Entry::Folder(mode) => plan.push(Step::Folder {
                            at: plan.inside(&at),
                            mode: *mode,
                        }),
                        Entry::File(mode) => plan.push(Step::Copy {
                            from: cstring(&copy.join(relative)),
                            at: plan.inside(&at),
                            mode: *mode,
                        }),
                        Entry::Link(target) => plan.push(Step::Link {
                            target: cstring(target),
                            at: plan.inside(&at),
                        }),
                    }
                    plan.own(&at, game.owner);
                }
                plan.push(Step::Bind {
                    from: plan.inside(&own),
                    at: plan.inside(game.folder),
                    folder: true,
                    attributes: attr::NOSUID | attr::NODEV,
                });
            }
            Source::Overlay(lower) => {
                let staging = Path::new(STAGING);
                let upper = plan
                    .mountpoint
                    .join(staging.strip_prefix("/").unwrap_or(staging));
                let mut options = format!(
                    "lowerdir={},upperdir={},workdir={}",
                    escaped_option(lower),
                    escaped_option(&upper.join("upper")),
                    escaped_option(&upper.join("work"))
                );
                if self.userxattr {
                    options.push_str(",userxattr");
                }
                plan.push(Step::Overlay {
                    at: plan.inside(game.folder),
                    options: CString::new(options).unwrap_or_default(),
                });
            }
            Source::Bound(copy) => plan.push(Step::Bind {
                from: cstring(copy),
                at: plan.inside(game.folder),
                folder: true,
                attributes: attr::NOSUID | attr::NODEV,
            }),
        }
    }
}

/// Where the game's tmpfs is staged in its root, until it is taken away.
const STAGING: &str = "/.game";

/// Shown read-only, no set-user-ID or device files.
const READ_ONLY: u64 = attr::RDONLY | attr::NOSUID | attr::NODEV;

/// `path` as an overlay option takes it: `,` `:` and `\` escaped.
fn escaped_option(path: &Path) -> String {
    let mut escaped = String::new();
    for c in path.to_string_lossy().chars() {
        if matches!(c, ',' | ':' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// `path` as C wants it (a path holds no NUL).
fn cstring(path: &Path) -> CString {
    CString::new(path.as_os_str().as_encoded_bytes()).unwrap_or_default()
}

/// A root's steps as they are planned: which folders exist in it so far,
/// so that each is made once, before what is mounted in it.
struct Plan {
    mountpoint: PathBuf,
    steps: Vec<Step>,
    /// Folders made in the root.
    made: BTreeSet<PathBuf>,
    /// Folders shown from the host: what is in them is there already.
    shown: Vec<PathBuf>,
}

impl Plan {
    fn new(mountpoint: &Path) -> Plan {
        Plan {
            mountpoint: mountpoint.to_owned(),
            steps: Vec::new(),
            made: BTreeSet::from([PathBuf::from("/")]),
            shown: Vec::new(),
        }
    }

    fn push(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// `path` of the game's root, where it is built.
    fn inside(&self, path: &Path) -> CString {
        match path.strip_prefix("/") {
            Ok(relative) if relative.as_os_str().is_empty() => cstring(&self.mountpoint),
            Ok(relative) => cstring(&self.mountpoint.join(relative)),
            Err(_) => cstring(&self.mountpoint.join(path)),
        }
    }

    /// Makes `folder` and the folders on the way to it, where they are
    /// not there already (made, or inside a folder shown).
    fn folder(&mut self, folder: &Path) {
        self.folder_with_mode(folder, 0o755);
    }

    /// As [`Plan::folder`], the folders made with `mode`.
    fn folder_with_mode(&mut self, folder: &Path, mode: libc::mode_t) {
        let mut steps: Vec<&Path> = folder.ancestors().collect();
        steps.reverse();
        for step in steps {
            let there = self.made.contains(step) || self.shown.iter().any(|s| step.starts_with(s));
            if there {
                continue;
            }
            self.steps.push(Step::Folder {
                at: self.inside(step),
                mode,
            });
            self.made.insert(step.to_owned());
        }
    }

    /// Makes the folders on the way to the game's own `path` (its folder,
    /// its board): to go through, not to list, so that what else lies
    /// where they are on the host (the reports' folder, say, named as
    /// the program's students are) is not even named.
    fn way_to(&mut self, path: &Path) {
        if let Some(parent) = path.parent() {
            self.folder_with_mode(parent, 0o711);
        }
    }

    fn tmpfs(&mut self, at: &Path, options: &str) {
        let step = Step::Tmpfs {
            at: self.inside(at),
            options: CString::new(options).unwrap_or_default(),
        };
        self.steps.push(step);
    }

    /// Shows the host's `from` at `at`, with `attributes`.
    fn bind(&mut self, from: &Path, at: &Path, folder: bool, attributes: u64) {
        if let Some(parent) = at.parent() {
            self.folder(parent);
        }
        if folder {
            self.folder(at);
        } else {
            self.steps.push(Step::File {
                at: self.inside(at),
                contents: Vec::new(),
            });
        }
        self.steps.push(Step::Bind {
            from: cstring(from),
            at: self.inside(at),
            folder,
            attributes,
        });
        if folder {
            self.shown.push(at.to_owned());
        }
    }

    /// Gives `at` to `owner`, where there is one.
    fn own(&mut self, at: &Path, owner: Option<(u32, u32)>) {
        if let Some((uid, gid)) = owner {
            self.steps.push(Step::Owner {
                at: self.inside(at),
                uid,
                gid,
            });
        }
    }

    /// A symbolic link at `at` to `target`.
    fn link(&mut self, target: &Path, at: &Path) {
        if let Some(parent) = at.parent() {
            self.folder(parent);
        }
        self.steps.push(Step::Link {
            target: cstring(target),
            at: self.inside(at),
        });
    }

    /// A file of the game's own at `at`.
    fn file(&mut self, at: &Path, contents: impl Into<Vec<u8>>) {
        if let Some(parent) = at.parent() {
            self.folder(parent);
        }
        self.steps.push(Step::File {
            at: self.inside(at),
            contents: contents.into(),
        });
    }

    /// /etc's files that name the game's user, host and group.
    fn own_etc(&mut self, (uid, gid): (u32, u32), home: &Path) {
        let home = home.to_string_lossy();
        self.file(
            Path::new("/etc/passwd"),
            format!(
                "root:x:0:0:root:/root:/bin/sh\nplayer:x:{uid}:{gid}:player:{home}:/bin/sh\n\
                 nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
            ),
        );
        self.file(
            Path::new("/etc/group"),
            format!("root:x:0:\nplayer:x:{gid}:\nnogroup:x:65534:\n"),
        );
        let host = HOSTNAME.to_string_lossy();
        self.file(
            Path::new("/etc/hosts"),
            format!("127.0.0.1\tlocalhost\n::1\tlocalhost\n127.0.1.1\t{host}\n"),
        );
        self.file(Path::new("/etc/hostname"), format!("{host}\n"));
    }

    /// /dev: null, zero and urandom, and the links programs expect to
    /// their own descriptors.
    fn devices(&mut self) {
        for device in DEVICES {
            let device = Path::new(device);
            if device.exists() {
                self.bind(device, device, false, attr::NOSUID | attr::NOEXEC);
            }
        }
        for (name, target) in [
            ("/dev/fd", "/proc/self/fd"),
            ("/dev/stdin", "/proc/self/fd/0"),
            ("/dev/stdout", "/proc/self/fd/1"),
            ("/dev/stderr", "/proc/self/fd/2"),
        ] {
            self.link(Path::new(target), Path::new(name));
        }
    }

    /// Covers the file at `path` with /dev/null: there, but nothing to
    /// read or run.
    fn cover(&mut self, path: &Path) {
        self.steps.push(Step::Bind {
            from: c"/dev/null".to_owned(),
            at: self.inside(path),
            folder: false,
            attributes: READ_ONLY | attr::NOEXEC,
        });
    }
}

/// `struct mount_attr`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

impl Steps {
    /// Carries out the steps, in the mount namespace of the calling
    /// process (between fork and exec, with the rights to mount).
    ///
    /// # Safety
    /// Between fork and exec: system calls only.
    pub(crate) unsafe fn build(&self) -> io::Result<()> {
        // SAFETY: umask cannot fail; the modes given are the modes meant.
        unsafe { libc::umask(0) };
        for (index, step) in self.steps.iter().enumerate() {
            // SAFETY: the caller's promise; each step is system calls on
            // strings prepared before the fork.
            unsafe { step.carry_out(index) }?;
        }
        Ok(())
    }
}

impl Step {
    /// # Safety
    /// Between fork and exec: system calls only.
    unsafe fn carry_out(&self, index: usize) -> io::Result<()> {
        let stage = match self {
            Step::Overlay { .. } => Stage::Overlay,
            Step::Proc { .. } => Stage::Proc,
            _ => Stage::Root,
        };
        let check = |result: libc::c_int| raw::check_int(result, stage, index).map(|_| ());
        let none = std::ptr::null::<libc::c_char>();
        // SAFETY: system calls on C strings held by the step.
        unsafe {
            match self {
                Step::Tmpfs { at, options } => check(libc::mount(
                    c"tmpfs".as_ptr(),
                    at.as_ptr(),
                    c"tmpfs".as_ptr(),
                    libc::MS_NOSUID | libc::MS_NODEV,
                    options.as_ptr().cast(),
                )),
                Step::Folder { at, mode } => {
                    // The umask is 0 here: the mode is the mode asked for.
                    if libc::mkdir(at.as_ptr(), *mode) != 0 && raw::errno() != libc::EEXIST {
                        return Err(raw::failed(stage, index));
                    }
                    Ok(())
                }
                Step::Link { target, at } => check(libc::symlink(target.as_ptr(), at.as_ptr())),
                Step::File { at, contents } => {
                    let fd = libc::open(
                        at.as_ptr(),
                        libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC,
                        0o444,
                    );
                    check(fd)?;
                    let written = libc::write(fd, contents.as_ptr().cast(), contents.len());
                    let error = raw::errno();
                    libc::close(fd);
                    if written != contents.len() as isize {
                        return Err(raw::failed_with(stage, index, error));
                    }
                    Ok(())
                }
                Step::Copy { from, at, mode } => copy_file(from, at, *mode)
                    .map_err(|errno| raw::failed_with(stage, index, errno)),
                Step::Bind {
                    from,
                    at,
                    folder,
                    attributes,
                } => {
                    let recursive = if *folder { libc::MS_REC } else { 0 };
                    check(libc::mount(
                        from.as_ptr(),
                        at.as_ptr(),
                        none,
                        libc::MS_BIND | recursive,
                        std::ptr::null(),
                    ))?;
                    set_attributes(at, *attributes, *folder, index)
                }
                Step::Overlay { at, options } => check(libc::mount(
                    c"overlay".as_ptr(),
                    at.as_ptr(),
                    c"overlay".as_ptr(),
                    libc::MS_NOSUID | libc::MS_NODEV,
                    options.as_ptr().cast(),
                )),
                Step::Owner { at, uid, gid } => check(libc::lchown(at.as_ptr(), *uid, *gid)),
                Step::Detach { at } => check(libc::umount2(at.as_ptr(), libc::MNT_DETACH)),
                Step::Remove { at } => check(libc::rmdir(at.as_ptr())),
                Step::Proc { at, options } => check(libc::mount(
                    c"proc".as_ptr(),
                    at.as_ptr(),
                    c"proc".as_ptr(),
                    libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                    options
                        .as_ref()
                        .map_or(std::ptr::null(), |o| o.as_ptr().cast()),
                )),
                Step::ReadOnly { at } => set_attributes(at, READ_ONLY, false, index),
            }
        }
    }
}

/// Copies the file at `from` to a new file at `at`, with `mode`, through
/// a buffer on the stack.
///
/// # Safety
/// Between fork and exec: system calls only.
unsafe fn copy_file(from: &CStr, at: &CStr, mode: libc::mode_t) -> Result<(), i32> {
    let mut buffer = [0u8; 16 << 10];
    // SAFETY: open, read, write and close on descriptors opened here and
    // a buffer on the stack.
    unsafe {
        let source = libc::open(from.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC);
        if source < 0 {
            return Err(raw::errno());
        }
        let target = libc::open(
            at.as_ptr(),
            libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC,
            mode,
        );
        let mut result = if target < 0 {
            Err(raw::errno())
        } else {
            Ok(())
        };
        while result.is_ok() {
            let read = libc::read(source, buffer.as_mut_ptr().cast(), buffer.len());
            if read <= 0 {
                if read < 0 {
                    result = Err(raw::errno());
                }
                break;
            }
            let mut done = 0;
            while done < read as usize && result.is_ok() {
                let written =
                    libc::write(target, buffer[done..].as_ptr().cast(), read as usize - done);
                if written < 0 {
                    result = Err(raw::errno());
                } else {
                    done += written as usize;
                }
            }
        }
        libc::close(source);
        if target >= 0 {
            libc::close(target);
        }
        result
    }
}

/// Sets `attributes` on the mount at `at`, and with `recursive` on every
/// mount beneath it (`mount_setattr`, Linux 5.12); on older kernels on
/// that mount alone, by a remount.
///
/// # Safety
/// Between fork and exec: system calls only.
unsafe fn set_attributes(
    at: &CStr,
    attributes: u64,
    recursive: bool,
    index: usize,
) -> io::Result<()> {
    let attr = MountAttr {
        attr_set: attributes,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let flags = if recursive { libc::AT_RECURSIVE } else { 0 };
    // SAFETY: mount_setattr and mount on a C string and a local.
    unsafe {
        let set = libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            at.as_ptr(),
            flags as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        );
        if set == 0 {
            return Ok(());
        }
        if raw::errno() != libc::ENOSYS {
            return Err(raw::failed(Stage::Root, index));
        }
        let mut remount = libc::MS_REMOUNT | libc::MS_BIND;
        for (attribute, flag) in [
            (attr::RDONLY, libc::MS_RDONLY),
            (attr::NOSUID, libc::MS_NOSUID),
            (attr::NODEV, libc::MS_NODEV),
            (attr::NOEXEC, libc::MS_NOEXEC),
        ] {
            if attributes & attribute != 0 {
                remount |= flag;
            }
        }
        let none = std::ptr::null::<libc::c_char>();
        raw::check_int(
            libc::mount(none, at.as_ptr(), none, remount, std::ptr::null()),
            Stage::Root,
            index,
        )
        .map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The steps in words, one a line, with the root's folder shown as
    /// `R`.
    fn described(steps: &Steps, root: &Path) -> Vec<String> {
        let r = |c: &CString| c.to_string_lossy().replace(&*root.to_string_lossy(), "R");
        steps
            .steps
            .iter()
            .map(|step| match step {
                Step::Tmpfs { at, options } => format!("tmpfs {} {}", r(at), r(options)),
                Step::Folder { at, mode } => format!("folder {} {mode:o}", r(at)),
                Step::Link { target, at } => format!("link {} -> {}", r(at), r(target)),
                Step::File { at, contents } => format!("file {} ({} bytes)", r(at), contents.len()),
                Step::Copy { from, at, mode } => format!("copy {} to {} {mode:o}", r(from), r(at)),
                Step::Bind {
                    from,
                    at,
                    attributes,
                    ..
                } => format!("bind {} at {} {attributes:x}", r(from), r(at)),
                Step::Overlay { at, options } => format!("overlay {} {}", r(at), r(options)),
                Step::Owner { at, uid, gid } => format!("owner {} {uid}:{gid}", r(at)),
                Step::Detach { at } => format!("detach {}", r(at)),
                Step::Remove { at } => format!("remove {}", r(at)),
                Step::Proc { at, options } => format!("proc {} {options:?}", r(at)),
                Step::ReadOnly { at } => format!("read-only {}", r(at)),
            })
            .collect()
    }

    #[test]
    fn a_game_in_tmp_gets_its_folders_in_its_own_tmp_after_tmp_is_mounted() {
        let root = Path::new("/runs/root");
        let view = View::new(root, &[PathBuf::from("/usr")], &[]);
        let game = Game {
            folder: Path::new("/tmp/runs/run-3"),
            source: Source::Overlay(Path::new("/tmp/runs/program")),
            board: Some(Path::new("/tmp/check/board-3.txt")),
            owner: Some((7, 8)),
            inside: (1000, 1000),
        };
        let steps = described(&view.steps(&game), root);
        let at = |prefix: &str| {
            steps
                .iter()
                .position(|s| s.starts_with(prefix))
                .unwrap_or_else(|| panic!("no {prefix}: {steps:#?}"))
        };
        let tmp = at("bind R/.game/tmp at R/tmp");
        assert!(at("folder R/tmp/runs ") > tmp, "{steps:#?}");
        assert!(at("folder R/tmp/check ") > tmp, "{steps:#?}");
        assert!(
            at(
                "overlay R/tmp/runs/run-3 lowerdir=/tmp/runs/program,upperdir=R/.game/upper,workdir=R/.game/work"
            ) > tmp
        );
        assert!(steps.contains(&"owner R/.game/upper 7:8".to_owned()));
        assert!(steps.contains(&"folder R/.game/tmp 1777".to_owned()));
        assert!(
            steps.contains(&"bind /usr at R/usr 7".to_owned()),
            "{steps:#?}"
        );
        assert!(at("detach R/.game") > at("overlay"));
        assert_eq!(steps.last().unwrap(), "read-only R");
        assert!(at("proc R/proc") < at("read-only R"));
        // Folders already shown are never made again.
        assert_eq!(
            steps
                .iter()
                .filter(|s| s.starts_with("folder R/usr"))
                .count(),
            1
        );
    }

    #[test]
    fn a_folder_inside_one_shown_is_shown_with_it_and_copies_are_covered() {
        let root = Path::new("/r");
        let home = tempfile::tempdir().unwrap();
        let venv = home.path().join("venv");
        std::fs::create_dir_all(venv.join("bin")).unwrap();
        std::fs::write(venv.join("bin/minesweeper"), "").unwrap();
        let view = View::new(
            root,
            &[venv.clone(), venv.join("bin")],
            &[
                venv.join("bin/minesweeper"),
                PathBuf::from("/opt/elsewhere"),
            ],
        );
        let game = Game {
            folder: Path::new("/g"),
            source: Source::Bound(Path::new("/copy")),
            board: None,
            owner: None,
            inside: (1000, 1000),
        };
        let steps = described(&view.steps(&game), root);
        let venv = venv.to_string_lossy();
        let binds: Vec<&String> = steps
            .iter()
            .filter(|s| s.starts_with("bind") && s.contains(&*venv))
            .collect();
        assert_eq!(binds.len(), 2, "{steps:#?}");
        assert!(binds[1].starts_with("bind /dev/null at R"), "{steps:#?}");
        assert!(!steps.iter().any(|s| s.contains("/opt/elsewhere")));
        assert!(
            steps.contains(&"bind /copy at R/g 6".to_owned()),
            "{steps:#?}"
        );
    }

    #[test]
    fn an_overlay_option_escapes_its_separators() {
        assert_eq!(escaped_option(Path::new("/a,b:c\\d")), "/a\\,b\\:c\\\\d");
    }
}
