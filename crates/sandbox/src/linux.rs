//! How games are confined on Linux: each layer found once, by a trial
//! game that runs `sh -c 'exit 0'` under all of them (and again without
//! each layer that failed, so that what the system gives is used and
//! what it does not is said), then every game's setup prepared for its
//! fork.
//!
//! The layers, each enough alone for what it guards:
//! - an identity with nothing of its own, in a user namespace of its own
//!   ([`identity`](super::identity)), no capability, out of the check's
//!   session;
//! - a root of its own ([`view`](super::view)) in a mount namespace, and
//!   a namespace of its own of every other kind ([`enter`](super::enter));
//! - Landlock ([`landlock`](super::landlock)) and a seccomp allowlist
//!   ([`calls`](super::calls));
//! - limits per game ([`groups`](super::groups), the processes counted in
//!   the game's own user namespace, its disk a tmpfs), and per process
//!   (rlimits);
//! - no copy of this program to run ([`copies`](super::copies)).

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::bpf::Filter;
use super::enter::{self, Entry, Jail, Maps};
use super::exec::{Exec, Stack};
use super::groups::{Bounds, Controller, Groups};
use super::identity::{self, INSIDE, Identity};
use super::landlock::{self, Right, Rules};
use super::protection::{self as names, Protection};
use super::raw::{self, SetupFailure, Stage};
use super::view::{Game, Proc, Source, View};
use super::{Limits, Readable, Setup, Without, copies, folder};

/// Where a game's folder comes from, and its control group.
#[derive(Debug)]
pub(super) struct GameFolder {
    /// The game's number in the check: its identity when the check is
    /// root's.
    pub(super) number: u64,
    /// Its folder, as the program sees it.
    pub(super) path: PathBuf,
    /// Whether a copy of the program was made there on the host (no
    /// overlay): removed with the game.
    pub(super) copied: bool,
    group: Option<super::groups::Group>,
    /// Where its setup tells a step that failed past the spawn.
    told: Told,
    /// The stacks of its init and its program's process.
    stacks: [Stack; 2],
}

/// A game's pipe for a failed step of its setup: written between fork
/// and exec (the write end closes on exec), read once the game has ended
/// (the read end never blocks).
#[derive(Debug)]
struct Told {
    reader: OwnedFd,
    writer: OwnedFd,
}

impl Told {
    fn new() -> io::Result<Told> {
        let mut fds = [0; 2];
        // SAFETY: pipe2 into a local; both ends are owned below.
        let made = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) };
        if made != 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: the two descriptors pipe2 just made, each owned once.
        unsafe {
            Ok(Told {
                reader: OwnedFd::from_raw_fd(fds[0]),
                writer: OwnedFd::from_raw_fd(fds[1]),
            })
        }
    }
}

impl GameFolder {
    /// The step of its setup that failed, once the game has ended: not
    /// the program's doing. A program that could not be run at all is
    /// said as the spawn would say it.
    pub(super) fn failed_setup(&self) -> Option<io::Error> {
        let error = raw::told(&self.told.reader)?;
        match SetupFailure::of(&error) {
            Some(failure) if failure.stage == Stage::Exec => {
                Some(io::Error::from_raw_os_error(failure.errno))
            }
            _ => Some(error),
        }
    }
}

/// How the games of a check are confined here.
#[derive(Debug)]
pub(super) struct Confinement {
    identity: Identity,
    root: bool,
    limits: Limits,
    groups: Groups,
    /// Each controller's groups, or why there are none.
    groups_found: Vec<(Controller, Result<(), String>)>,
    filter: Result<Filter, String>,
    landlock: Result<(), String>,
    /// The game's root and namespaces, or why there are none.
    jail: Result<View, String>,
    /// Whether the program gets a user namespace of its own (in a jail).
    own_user_namespace: bool,
    /// What a game may read, for Landlock where there is no jail: every
    /// copy of this program taken out.
    readable: Readable,
    /// The copies of this program found among what a game sees.
    copies: Vec<PathBuf>,
    /// The program's one copy.
    master: PathBuf,
    /// What it holds, where it is small enough to be copied into each
    /// game's own tmpfs (else the games see it through an overlay).
    listing: Option<folder::Listing>,
    /// The folder games' folders are named in.
    runs: PathBuf,
    /// The check's process id, which names its games' users.
    check: u32,
    /// Layers a test takes out.
    without: Without,
}

impl Confinement {
    /// Finds what this system gives, by trial games.
    pub(super) fn new(setup: Setup<'_>) -> Confinement {
        // SAFETY: geteuid and getegid cannot fail.
        let (euid, egid) = unsafe { (libc::geteuid(), libc::getegid()) };
        let identity = Identity::for_check(euid, egid, setup.unprivileged);
        let without = setup.without;
        let (groups, mut groups_found) = Groups::new(
            Bounds {
                processes: setup.limits.processes,
                memory: setup.limits.memory,
            },
            !without.groups,
        );
        if without.groups {
            for (_, found) in &mut groups_found {
                *found = Err(Without::TAKEN_OUT.to_owned());
            }
        }
        let checked_is_a_copy = setup.checked.is_some_and(copies::is_a_copy);
        let checked = setup.checked.and_then(|c| c.canonicalize().ok());
        let mut copies = if without.copies {
            Vec::new()
        } else {
            copies::copies_among(&setup.readable.paths, setup.path)
        };
        copies.retain(|copy| Some(copy) != checked.as_ref());
        let mut readable = setup.readable.clone();
        for copy in &copies {
            readable = readable.without(copy);
        }
        let mountpoint = setup.runs.join("root");
        let mut view = View::new(&mountpoint, &setup.readable.paths, &copies);
        view.overlay = !without.overlay;
        if !identity.built_by_root() {
            view = view.built_unprivileged();
        }
        let mut confinement = Confinement {
            identity,
            root: euid == 0,
            limits: setup.limits,
            groups,
            groups_found,
            filter: if without.calls {
                Err(Without::TAKEN_OUT.to_owned())
            } else {
                Filter::new(!checked_is_a_copy && !without.canary)
            },
            landlock: if without.landlock {
                Err(Without::TAKEN_OUT.to_owned())
            } else if landlock::kernel_abi() >= 1 {
                Ok(())
            } else {
                Err("the kernel has no Landlock, or it is off".to_owned())
            },
            jail: Err(String::new()),
            own_user_namespace: true,
            readable,
            copies,
            master: setup.master.to_owned(),
            listing: folder::Listing::of(setup.master),
            runs: setup.runs.to_owned(),
            check: std::process::id(),
            without,
        };
        if without.root {
            confinement.jail = Err(Without::TAKEN_OUT.to_owned());
            confinement.find_what_works();
        } else if let Err(e) = std::fs::create_dir_all(&mountpoint) {
            confinement.jail = Err(format!("cannot make the folder its root is built on: {e}"));
        } else {
            confinement.jail = Ok(view);
            confinement.find_what_works();
        }
        confinement
    }

    /// Tries a game under every layer found so far, and takes out the
    /// layer that stops it, until one runs: a jail, else no namespace.
    fn find_what_works(&mut self) {
        for _ in 0..10 {
            let Err(failure) = self.trial() else {
                return;
            };
            let stage = failure.setup.map(|f| f.stage);
            let why = failure.to_string();
            use super::raw::Stage;
            match (&mut self.jail, stage) {
                (Ok(view), Some(Stage::Overlay)) if view.overlay => view.overlay = false,
                (Ok(view), Some(Stage::Proc)) if view.proc == Proc::Processes => {
                    view.proc = Proc::Whole;
                }
                (Ok(view), Some(Stage::Proc)) if view.proc == Proc::Whole => {
                    view.proc = Proc::None;
                    // Its maps are written through its /proc.
                    self.own_user_namespace = false;
                }
                // The program's own user namespace (the third namespace
                // step, and the maps written after it), where the root is
                // root's to build: the game goes on as its user without.
                (Ok(_), Some(_))
                    if self.own_user_namespace
                        && self.identity.built_by_root()
                        && failure.setup.is_some_and(|f| {
                            f.stage == Stage::Namespaces && f.step == 2
                                || f.stage == Stage::UserMap && f.step >= 3
                        }) =>
                {
                    self.own_user_namespace = false;
                }
                (_, Some(Stage::Landlock)) if self.landlock.is_ok() => self.landlock = Err(why),
                (_, Some(Stage::Calls)) if self.filter.is_ok() => self.filter = Err(why),
                (Ok(_), _) => self.jail = Err(why),
                (Err(_), _) => {
                    // No jail, and nothing left to take out but the
                    // confinement of files and calls.
                    if self.landlock.is_ok() {
                        self.landlock = Err(why);
                    } else if self.filter.is_ok() {
                        self.filter = Err(why);
                    } else {
                        return;
                    }
                }
            }
        }
    }

    /// A game that does nothing, under the layers found so far.
    fn trial(&self) -> Result<(), TrialFailure> {
        let made = Told::new().and_then(|told| Ok((told, [Stack::new()?, Stack::new()?])));
        let (told, stacks) = made.map_err(|e| TrialFailure {
            setup: None,
            said: e.to_string(),
        })?;
        let folder = GameFolder {
            number: 0,
            path: self.runs.join("trial"),
            copied: false,
            group: None,
            told,
            stacks,
        };
        let own = self.jail.is_ok() && (self.listing.is_some() || self.overlay());
        if !own {
            let _ = std::fs::create_dir_all(&folder.path);
        }
        let mut trial = Command::new("/bin/sh");
        trial.args(["-c", "exit 0"]);
        self.prepare(&mut trial, &folder, None);
        let status = {
            let _starting = folder::starting_a_process();
            trial.status()
        };
        let _ = std::fs::remove_dir(&folder.path);
        if let Some(e) = folder.failed_setup() {
            return Err(TrialFailure {
                setup: SetupFailure::of(&e),
                said: e.to_string(),
            });
        }
        match status {
            Ok(status) if status.success() => Ok(()),
            Ok(status) => Err(TrialFailure {
                setup: None,
                said: format!("a trial game {status}"),
            }),
            Err(e) => Err(TrialFailure {
                setup: SetupFailure::of(&e),
                said: e.to_string(),
            }),
        }
    }

    /// The folder game number `number` plays in: named in the runs'
    /// folder; a copy of the program made there where there is no
    /// overlay, handed to the game's user.
    pub(super) fn folder_for_game(&self, number: u64) -> io::Result<GameFolder> {
        let path = self.runs.join(format!("run-{number}"));
        let own = self.jail.is_ok() && (self.listing.is_some() || self.overlay());
        let group = self.groups.for_game(&format!("run-{number}"))?;
        if !own {
            std::fs::create_dir(&path)?;
            let _writing = folder::writing_executables();
            folder::copy_folder(&self.master, &path, &[], false)?;
            if self.root {
                folder::hand_over(&path, self.identity.outside(self.check, number))?;
            }
        }
        Ok(GameFolder {
            number,
            path,
            copied: !own,
            group,
            told: Told::new()?,
            stacks: [Stack::new()?, Stack::new()?],
        })
    }

    /// Whether the games run as a user other than the check's, who must
    /// be able to reach the program and what it names on the host: a
    /// root built by nobody, or no root of its own.
    pub(super) fn others_must_reach(&self) -> bool {
        self.root && (self.identity == Identity::Nobody || self.jail.is_err())
    }

    /// Whether the games see the program's copy through an overlay.
    fn overlay(&self) -> bool {
        self.jail.as_ref().is_ok_and(|view| view.overlay)
    }

    /// Whether the games see the program's one copy through an overlay
    /// (it is too large to copy into each game's tmpfs).
    pub(super) fn overlays_the_copy(&self) -> bool {
        self.listing.is_none() && self.overlay()
    }

    /// The games' user, in words.
    /// The CPU seconds each process of a game may use.
    pub(super) fn cpu_seconds(&self) -> Option<u64> {
        Some(self.limits.cpu_seconds)
    }

    pub(super) fn games_user(&self) -> &'static str {
        self.identity.said()
    }

    /// Whether each game has a root of its own (else it sees the host's
    /// files, Landlock permitting).
    pub(super) fn has_a_root_of_its_own(&self) -> bool {
        self.jail.is_ok()
    }

    /// Sets `command` up to run as game `game`, reading `board`.
    pub(super) fn prepare(&self, command: &mut Command, game: &GameFolder, board: Option<&Path>) {
        use std::os::unix::process::CommandExt;
        if self.jail.is_err() {
            // No root of its own: it starts in its folder on the host.
            command.current_dir(&game.path);
        }
        let entry = self.entry(command, game, board);
        // SAFETY: `enter` makes system calls only, on the entry prepared
        // here, between fork and exec.
        unsafe {
            command.pre_exec(move || enter::enter(&entry));
        }
    }

    /// Everything game `game`'s processes are set up with, to run
    /// `command` as it stands.
    fn entry(&self, command: &Command, game: &GameFolder, board: Option<&Path>) -> Entry {
        let outside = self.identity.outside(self.check, game.number);
        let limits = self.limits;
        let (jail, program_maps) = match &self.jail {
            Ok(view) => {
                let by_root = self.identity.built_by_root();
                let user = if by_root {
                    outside
                } else {
                    match self.identity {
                        Identity::Checker { uid, gid } => (uid, gid),
                        _ => (identity::NOBODY, identity::NOBODY),
                    }
                };
                let inside = if self.own_user_namespace {
                    INSIDE
                } else {
                    user
                };
                let steps = view.steps(&Game {
                    folder: &game.path,
                    source: match &self.listing {
                        Some(listing) => Source::Copied(&self.master, listing),
                        None if view.overlay => Source::Overlay(&self.master),
                        None => Source::Bound(&game.path),
                    },
                    board,
                    owner: by_root.then_some(outside),
                    inside,
                });
                let jail = if by_root {
                    Jail::ByRoot(steps)
                } else {
                    Jail::ByUser {
                        builder: user,
                        maps: Maps {
                            users: identity::map(user.0, user.0),
                            groups: identity::map(user.1, user.1),
                        },
                        steps,
                    }
                };
                let maps = (self.own_user_namespace && !self.without.user).then(|| Maps {
                    users: identity::map(INSIDE.0, user.0),
                    groups: identity::map(INSIDE.1, user.1),
                });
                (jail, maps)
            }
            Err(_) => (Jail::Bare, None),
        };
        let without = self.without;
        Entry {
            namespaces: if without.network {
                enter::NAMESPACES & !libc::CLONE_NEWNET
            } else {
                enter::NAMESPACES
            },
            keep_privilege: without.user,
            leave_session: !without.session,
            exec: Exec::of(command),
            told: game.told.writer.as_raw_fd(),
            stacks: [game.stacks[0].top(), game.stacks[1].top()],
            limits: limits.per_process().to_vec(),
            processes: limits.processes,
            group: game.group.as_ref().and_then(super::groups::Group::procs_fd),
            root: self.root,
            landlock: self
                .landlock
                .is_ok()
                .then(|| self.rules(game, board))
                .flatten(),
            filter: self.filter.as_ref().ok().cloned(),
            jail,
            outside,
            program_maps,
        }
    }

    /// Landlock's rules for a game: in its root, read anything, write its
    /// folder and /tmp; else the host's paths it may read, its folder to
    /// write.
    fn rules(&self, game: &GameFolder, board: Option<&Path>) -> Option<Rules> {
        let mut rules = Rules::new()?;
        if self.jail.is_ok() {
            rules.inside(Path::new("/"), Right::Read, true);
            rules.inside(&game.path, Right::Write, true);
            rules.inside(Path::new("/tmp"), Right::Write, true);
            rules.inside(Path::new("/dev/null"), Right::Device, false);
        } else {
            for path in &self.readable.paths {
                rules.host(path, Right::Read);
            }
            rules.host(&game.path, Right::Write);
            if let Some(board) = board {
                rules.host(board, Right::Read);
            }
            rules.host(Path::new("/dev/null"), Right::Device);
        }
        Some(rules)
    }

    /// Each layer, given or why not, in the order the report lists them.
    pub(super) fn protections(&self) -> Vec<Protection> {
        let jail = self.jail.as_ref().map(|_| ()).map_err(Clone::clone);
        let view = self.jail.as_ref().ok();
        let without_jail = |what: &str| {
            jail.clone().map_err(|why| {
                format!("{what} needs the namespaces this system did not give ({why})")
            })
        };
        let group = |controller: Controller| {
            self.groups_found
                .iter()
                .find(|(c, _)| *c == controller)
                .map_or(Err("not tried".to_owned()), |(_, found)| found.clone())
        };
        let processes = match (&jail, group(Controller::Pids)) {
            (Ok(()), _) | (_, Ok(())) => Ok(()),
            (Err(_), Err(_)) if self.identity == Identity::OwnUser => Ok(()),
            (Err(_), Err(why)) => Err(format!(
                "with no user namespace of the game's own, the system counts them for {}, \
                 with everything else it runs, and {why}",
                self.identity.said()
            )),
        };
        let privilege = if self.root || self.jail.is_ok() {
            Ok(())
        } else {
            Err(
                "the program runs as the check's own user, who owns the teacher's files, and \
                 no root of its own hides them"
                    .to_owned(),
            )
        };
        vec![
            Protection::given(names::FOLDER),
            Protection::given(names::ENVIRONMENT),
            Protection::given(names::PROCESS_LIMITS),
            Protection::new(names::PROCESSES, processes),
            Protection::new(names::MEMORY, group(Controller::Memory)),
            Protection::new(
                names::DISK,
                without_jail("a disk of the game's own").and_then(|()| {
                    if self.listing.is_some() || view.is_some_and(|v| v.overlay) {
                        Ok(())
                    } else {
                        Err(
                            "this kernel would not mount an overlay over the program's copy"
                                .to_owned(),
                        )
                    }
                }),
            ),
            Protection::new(names::ROOT, without_jail("a root of its own")),
            Protection::new(
                names::PROC,
                without_jail("a /proc of its own").and_then(|()| match view.map(|v| v.proc) {
                    Some(Proc::None) => Err("this kernel would not mount one".to_owned()),
                    _ => Ok(()),
                }),
            ),
            Protection::new(names::NETWORK, without_jail("a network of its own")),
            Protection::new(names::PID, without_jail("a PID namespace")),
            Protection::new(names::SHARED, without_jail("namespaces of its own")),
            Protection::new(names::PRIVILEGE, privilege),
            Protection::new(
                names::USER_NAMESPACE,
                without_jail("a user namespace").and_then(|()| {
                    if self.own_user_namespace {
                        Ok(())
                    } else {
                        Err("this system would not make one for the program".to_owned())
                    }
                }),
            ),
            Protection::new(
                names::SESSION,
                jail.clone().map_err(|why| {
                    format!(
                        "without a PID namespace ({why}) it stays in the check's session; it \
                         gave up the terminal"
                    )
                }),
            ),
            Protection::new(names::LANDLOCK, self.landlock.clone()),
            Protection::new(
                names::CALLS,
                self.filter.as_ref().map(|_| ()).map_err(Clone::clone),
            ),
            Protection::new(
                names::COPIES,
                if self.jail.is_ok() || self.landlock.is_ok() || self.copies.is_empty() {
                    Ok(())
                } else {
                    Err(format!(
                        "{} copies were found, which nothing here can hide",
                        self.copies.len()
                    ))
                },
            ),
        ]
    }

    /// Says what the games get, for `MINESWEEPER_LOG=debug`.
    pub(super) fn log(&self) {
        tracing::debug!(identity = self.identity.said(), "the games run as");
        match &self.jail {
            Ok(view) => {
                tracing::debug!(overlay = view.overlay, proc = ?view.proc, own_user_namespace = self.own_user_namespace, "each game has a root of its own");
                for path in view.shown() {
                    tracing::debug!(path = %visible::path(path), "shown read-only");
                }
            }
            Err(why) => tracing::debug!(why = %visible::Visible(why), "no root of its own"),
        }
        for copy in &self.copies {
            tracing::debug!(path = %visible::path(copy), "a copy of minesweeper, hidden");
        }
        tracing::debug!(
            abi = landlock::kernel_abi(),
            "Landlock's ABI in this kernel"
        );
        for call in super::calls::allowed() {
            tracing::trace!(call, "allowed");
        }
    }
}

/// Why a trial game did not run.
struct TrialFailure {
    setup: Option<SetupFailure>,
    said: String,
}

impl std::fmt::Display for TrialFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.setup {
            Some(setup) => write!(f, "{setup}"),
            None => write!(f, "{}", self.said),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_protections_are_those_every_system_lists_in_the_same_order() {
        let runs = tempfile::tempdir().unwrap();
        let master = runs.path().join("program");
        std::fs::create_dir(&master).unwrap();
        let confinement = Confinement::new(Setup {
            runs: runs.path(),
            master: &master,
            limits: Limits::for_games(std::time::Duration::from_secs(1)),
            unprivileged: false,
            readable: &Readable::system(),
            checked: None,
            path: None,
            without: Without::default(),
        });
        let listed: Vec<&str> = confinement.protections().iter().map(|p| p.name).collect();
        let mut expected = vec![names::FOLDER, names::ENVIRONMENT, names::PROCESS_LIMITS];
        expected.extend(names::LINUX_ONLY);
        assert_eq!(listed, expected);
    }
}
