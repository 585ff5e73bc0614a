//! Memory, planned before a game is played: what one game takes at its
//! peak, and what the process may still take under each limit it has.
//!
//! Three limits can stop a process, and they stop it in two ways:
//! - an address-space limit (`ulimit -v`, `prlimit --as`) refuses the
//!   allocation, which the program's allocator reports (`allocator.rs`);
//! - a control group's memory limit (`memory.max` in version 2,
//!   `memory.limit_in_bytes` in version 1, of the process's group and every
//!   group above it), and the machine running out (`MemAvailable` in
//!   /proc/meminfo), do not refuse: the kernel kills the process.
//!
//! So every command that plays with the solver checks, before its big
//! buffers, that a game fits the two that kill (`Room::check`), and
//! `bench` plays no more games at once than fit all three
//! (`threads_that_fit`).

use std::fs;
use std::path::Path;

use engine::{Board, Layout};

/// Which limit leaves the least room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// An address-space limit (`ulimit -v`), which refuses a block.
    AddressSpace,
    /// A control group's memory limit, which kills.
    ControlGroup,
    /// The memory the machine has free, which kills when it runs out.
    Machine,
}

impl Limit {
    /// How a message names the limit: "{describe} 80 MB".
    pub fn describe(self) -> &'static str {
        match self {
            Limit::AddressSpace => "this process's address-space limit (ulimit -v) leaves",
            Limit::ControlGroup => "its control group's memory limit leaves",
            Limit::Machine => "the machine has",
        }
    }
}

/// What the process may still take under each of its limits, in bytes;
/// `None` for a limit it does not have or that the system does not tell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Room {
    /// Under the address-space limit.
    pub address_space: Option<u64>,
    /// Under the control groups' limits.
    pub control_group: Option<u64>,
    /// On the machine.
    pub machine: Option<u64>,
}

impl Room {
    /// The room this process has now.
    pub fn of_this_process() -> Self {
        let read = |path: &str| fs::read_to_string(path).ok();
        Self {
            address_space: address_space_room(
                read("/proc/self/limits").as_deref(),
                read("/proc/self/status").as_deref(),
            ),
            control_group: control_group_room(
                read("/proc/self/cgroup").as_deref(),
                Path::new("/sys/fs/cgroup"),
            ),
            machine: read("/proc/meminfo").and_then(|text| mem_available(&text)),
        }
    }

    /// The limits known, with the room each leaves.
    fn known(&self) -> impl Iterator<Item = (Limit, u64)> {
        [
            (Limit::AddressSpace, self.address_space),
            (Limit::ControlGroup, self.control_group),
            (Limit::Machine, self.machine),
        ]
        .into_iter()
        .filter_map(|(limit, room)| Some((limit, room?)))
    }

    /// How many games of `per_game` bytes, each on a thread of its own,
    /// fit under every limit ([`at_once`]), and the limit that allows the
    /// fewest with its room; `None` when no limit is known.
    fn how_many(&self, per_game: u64) -> Option<(usize, Limit, u64)> {
        self.known()
            .map(|(limit, room)| {
                let fit = fit_at_once(per_game, limit, room);
                (fit, limit, room)
            })
            .min_by_key(|&(fit, ..)| fit)
    }

    /// The room left once `bytes` more are taken.
    pub fn less(&self, bytes: u64) -> Room {
        let left = |room: Option<u64>| room.map(|r| r.saturating_sub(bytes));
        Room {
            address_space: left(self.address_space),
            control_group: left(self.control_group),
            machine: left(self.machine),
        }
    }

    /// The limit that `bytes` more would not fit, with the room it leaves;
    /// `None` when they fit every limit known.
    pub fn short_of(&self, bytes: u64) -> Option<(Limit, u64)> {
        self.known().find(|&(_, room)| room < bytes)
    }

    /// Whether one game of `layout` with the solver fits the limits that
    /// kill rather than refuse; if not, why. The plan errs on the side of
    /// never running out (`game_bytes`): a game under an address-space
    /// limit is played rather than refused on a guess, as that limit
    /// refuses the block it cannot hold, which the allocator reports.
    pub fn check(&self, layout: Layout) -> Result<(), Short> {
        let need = game_bytes(layout);
        let killing = Room {
            address_space: None,
            ..*self
        };
        match killing.short_of(need) {
            Some((limit, room)) => Err(Short {
                layout,
                need,
                limit,
                room,
            }),
            None => Ok(()),
        }
    }
}

/// The layout of `board`: its size and mines.
pub fn layout_of(board: &Board) -> Layout {
    Layout::new(board.rows(), board.cols(), board.mine_count())
}

/// Not room for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the solver on a {rows}x{cols} board needs about {need} of memory, and {limit} {room}",
    rows = layout.rows,
    cols = layout.cols,
    need = human(*need),
    limit = limit.describe(),
    room = human(*room)
)]
pub struct Short {
    /// The board.
    pub layout: Layout,
    /// What one game of it needs, in bytes.
    pub need: u64,
    /// The limit it does not fit.
    pub limit: Limit,
    /// The room that limit leaves, in bytes.
    pub room: u64,
}

/// The room an address-space limit leaves: the soft limit ("Max address
/// space" in /proc/self/limits) less the address space in use (`VmSize` in
/// /proc/self/status).
fn address_space_room(limits: Option<&str>, status: Option<&str>) -> Option<u64> {
    let line = limits?
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft: u64 = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    let in_use = status
        .and_then(|text| kib_field(text, "VmSize:"))
        .unwrap_or(0);
    Some(soft.saturating_sub(in_use))
}

/// The least room any control group above the process leaves, in either
/// version: `cgroup` is the text of /proc/self/cgroup, `root` where the
/// groups are mounted.
fn control_group_room(cgroup: Option<&str>, root: &Path) -> Option<u64> {
    let read = |path: &Path| fs::read_to_string(path).ok();
    let mut least: Option<u64> = None;
    for line in cgroup?.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(group)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (base, max, current) = match controllers {
            "" => (root.to_path_buf(), "memory.max", "memory.current"),
            c if c.split(',').any(|c| c == "memory") => (
                root.join("memory"),
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            ),
            _ => continue,
        };
        // The group and each group above it, up to the root.
        let mut dir = base.join(group.trim_start_matches('/'));
        loop {
            let room = group_room(read(&dir.join(max)), read(&dir.join(current)));
            least = match (least, room) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            if dir == base || !dir.pop() || !dir.starts_with(&base) {
                break;
            }
        }
    }
    least
}

/// What a group's limit leaves: its limit less its use. Version 2 writes
/// `max` for no limit, version 1 a number near 2^63.
fn group_room(max: Option<String>, current: Option<String>) -> Option<u64> {
    let max: u64 = max?.trim().parse().ok()?;
    if max >= 1 << 62 {
        return None;
    }
    let current: u64 = current?.trim().parse().ok()?;
    Some(max.saturating_sub(current))
}

/// `MemAvailable` from the text of /proc/meminfo, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    kib_field(meminfo, "MemAvailable:")
}

/// A field given in kB (`VmSize:   1234 kB`), in bytes.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Bytes as people read them: `7.6 GB`, `450 MB`.
pub fn human(bytes: u64) -> String {
    const MB: f64 = 1e6;
    const GB: f64 = 1e9;
    let bytes = bytes as f64;
    if bytes >= GB {
        format!("{:.1} GB", bytes / GB)
    } else {
        format!("{:.0} MB", (bytes / MB).max(1.0))
    }
}

/// The heap one game of `layout` takes at its peak, with room to spare:
/// the board, the game and the solver's grids (about 17 bytes a square),
/// and the solver's work, which grows with the board: the deductions of a
/// round of layer 1 that sweeps a large area, the frontier's groups. The
/// most measured was 40 bytes a square (games of 10 % mines) and 44 KB
/// for the smallest boards; `tests/memory.rs` plays games of several sizes
/// and densities and checks they stay under it. The memory the process
/// really touches is less (151 MB for `solve` on 5000x5000 with 15 %
/// mines, planned at 1.2 GB): this errs on the side of never running out.
pub fn game_bytes(layout: Layout) -> u64 {
    const PER_SQUARE: u64 = 48;
    const FIXED: u64 = 256 << 10;
    (layout.squares() as u64)
        .saturating_mul(PER_SQUARE)
        .saturating_add(FIXED)
}

/// What each thread of `bench` takes besides its game: its stack (2 MiB)
/// and its allocator's own arena.
pub const THREAD_BYTES: u64 = 8 << 20;

/// What each thread of `bench` past the first takes of an address-space
/// limit besides its game and stack: under one, every block comes from
/// glibc's allocator (`allocator.rs`), which gives each thread's arena a
/// heap of 64 MiB, reserving twice that to align it. Where the reservation
/// fails the arena is not made, and the thread maps each block it needs
/// alone: 124,906 failed mappings in 50 expert games, 12 to 54 games a
/// second under 96 to 136 MiB against 500 above; planned at 128 MiB, the
/// thread is not started unless it fits. The first thread shares the main
/// thread's arena, as the main thread only waits for the games.
pub const ARENA: u64 = 128 << 20;

/// What `threads` games of `per_game` bytes, each on a thread of its own,
/// take of `limit` at once.
pub fn at_once(per_game: u64, threads: u64, limit: Limit) -> u64 {
    let arenas = match limit {
        Limit::AddressSpace => threads.saturating_sub(1).saturating_mul(ARENA),
        Limit::ControlGroup | Limit::Machine => 0,
    };
    threads
        .saturating_mul(per_game.saturating_add(THREAD_BYTES))
        .saturating_add(arenas)
}

/// The most games of `per_game` bytes at once that `room` of `limit` holds.
fn fit_at_once(per_game: u64, limit: Limit, room: u64) -> usize {
    let first = at_once(per_game, 1, limit);
    let each_more = at_once(per_game, 2, limit) - first;
    let fit = match room.checked_sub(first) {
        None => 0,
        Some(left) => 1 + left / each_more.max(1),
    };
    usize::try_from(fit).unwrap_or(usize::MAX)
}

/// More games at once than the memory holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig {
    /// The threads asked for, or every core.
    pub threads: usize,
    /// How many games at once fit (0: not even one).
    pub fit: usize,
    /// What the threads asked for (or every core) take at once.
    pub need: u64,
    /// What one game on a thread takes.
    pub one: u64,
    /// The limit that holds the fewest, and the room it leaves.
    pub limit: Limit,
    /// The room that limit leaves, in bytes.
    pub room: u64,
}

/// The threads to play on: as many as asked, or every core, each playing
/// one game of `per_game` bytes at a time. Without a number asked for,
/// fewer threads when the room would not hold a game on each; with one, an
/// error instead, as when not even one game fits.
pub fn threads_that_fit(
    asked: Option<usize>,
    cores: usize,
    per_game: u64,
    room: &Room,
) -> Result<usize, TooBig> {
    let wanted = asked.unwrap_or(cores).max(1);
    let Some((fit, limit, room)) = room.how_many(per_game) else {
        return Ok(wanted);
    };
    let too_big = TooBig {
        threads: wanted,
        fit,
        need: at_once(per_game, wanted.max(1) as u64, limit),
        one: at_once(per_game, 1, limit),
        limit,
        room,
    };
    match asked {
        _ if fit == 0 => Err(too_big),
        Some(_) if fit < wanted => Err(too_big),
        _ => Ok(wanted.min(fit)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under an address-space limit a second thread counts its arena as
    /// glibc makes it (128 MiB reserved): 120 MiB of room plays on one
    /// thread, 200 MiB on two; without that limit, on two.
    #[test]
    fn a_second_thread_starts_only_with_room_for_its_arena() {
        let expert = game_bytes(engine::Layout::EXPERT);
        let room = |address_space: Option<u64>| Room {
            address_space,
            control_group: None,
            machine: Some(8 << 30),
        };
        assert_eq!(
            threads_that_fit(None, 2, expert, &room(Some(120 << 20))),
            Ok(1)
        );
        assert_eq!(
            threads_that_fit(None, 2, expert, &room(Some(200 << 20))),
            Ok(2)
        );
        assert_eq!(threads_that_fit(None, 2, expert, &room(None)), Ok(2));
    }

    #[test]
    fn a_block_is_short_of_the_first_limit_it_passes() {
        let room = Room {
            address_space: Some(1_000),
            control_group: None,
            machine: Some(500),
        };
        assert_eq!(room.short_of(400), None);
        assert_eq!(room.short_of(600), Some((Limit::Machine, 500)));
        assert_eq!(room.short_of(2_000), Some((Limit::AddressSpace, 1_000)));
        assert_eq!(Room::default().short_of(u64::MAX), None);
        let left = room.less(400);
        assert_eq!(left.address_space, Some(600));
        assert_eq!(left.machine, Some(100));
        assert_eq!(left.control_group, None);
        assert_eq!(room.less(2_000).machine, Some(0));
    }

    #[test]
    fn reads_mem_available_in_kib() {
        let meminfo = "MemTotal:       24684092 kB\nMemFree:  100 kB\nMemAvailable:   2000 kB\n";
        assert_eq!(mem_available(meminfo), Some(2_048_000));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);
    }

    #[test]
    fn a_control_group_without_a_limit_says_nothing() {
        assert_eq!(group_room(Some("max\n".into()), Some("10\n".into())), None);
        assert_eq!(
            group_room(Some("9223372036854771712\n".into()), Some("10\n".into())),
            None
        );
        assert_eq!(
            group_room(Some("1000\n".into()), Some("300\n".into())),
            Some(700)
        );
        assert_eq!(group_room(Some("100".into()), Some("300".into())), Some(0));
        assert_eq!(group_room(None, Some("300".into())), None);
    }

    /// Writes a group's limit and use under `root`.
    fn group(root: &Path, dir: &str, files: [(&str, &str); 2]) {
        let dir = root.join(dir);
        fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            fs::write(dir.join(name), text).unwrap();
        }
    }

    #[test]
    fn the_tightest_group_above_the_process_counts_in_either_version() {
        let root = tempfile::tempdir().unwrap();
        let root = root.path();
        // Version 2: the process's group has no limit, its parent has.
        group(
            root,
            "a/b",
            [("memory.max", "max\n"), ("memory.current", "5\n")],
        );
        group(
            root,
            "a",
            [("memory.max", "1000\n"), ("memory.current", "400\n")],
        );
        assert_eq!(control_group_room(Some("0::/a/b\n"), root), Some(600));
        // Version 1: the memory controller's own hierarchy.
        group(
            root,
            "memory/job",
            [
                ("memory.limit_in_bytes", "300\n"),
                ("memory.usage_in_bytes", "100\n"),
            ],
        );
        let v1 = "4:memory:/job\n3:cpu:/\n";
        assert_eq!(control_group_room(Some(v1), root), Some(200));
        // Both: the least.
        let both = "4:memory:/job\n0::/a/b\n";
        assert_eq!(control_group_room(Some(both), root), Some(200));
        // No group file: nothing known.
        assert_eq!(control_group_room(None, root), None);
        assert_eq!(control_group_room(Some("0::/elsewhere\n"), root), None);
    }

    #[test]
    fn an_address_space_limit_leaves_what_is_not_in_use() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max address space         1073741824           unlimited            bytes\n";
        let status = "Name:\tminesweeper\nVmSize:\t  102400 kB\n";
        assert_eq!(
            address_space_room(Some(limits), Some(status)),
            Some(1_073_741_824 - 104_857_600)
        );
        let unlimited =
            "Max address space         unlimited            unlimited            bytes\n";
        assert_eq!(address_space_room(Some(unlimited), Some(status)), None);
        assert_eq!(address_space_room(None, Some(status)), None);
    }

    #[test]
    fn sizes_in_words() {
        assert_eq!(human(7_600_000_000), "7.6 GB");
        assert_eq!(human(450_000_000), "450 MB");
        assert_eq!(human(10), "1 MB");
    }

    #[test]
    fn threads_are_as_many_as_asked_while_the_memory_holds_them() {
        let gb = 1_000_000_000;
        let game = gb - THREAD_BYTES;
        let machine = |bytes| Room {
            machine: Some(bytes),
            ..Room::default()
        };
        // Unknown memory: as asked, or every core.
        assert_eq!(
            threads_that_fit(Some(16), 4, game, &Room::default()),
            Ok(16)
        );
        assert_eq!(threads_that_fit(None, 4, game, &Room::default()), Ok(4));
        // Every core, but only as many games as fit.
        assert_eq!(threads_that_fit(None, 8, game, &machine(3 * gb)), Ok(3));
        assert_eq!(threads_that_fit(None, 2, game, &machine(3 * gb)), Ok(2));
        // Asked for: all of them, or an error that says how many fit.
        assert_eq!(threads_that_fit(Some(3), 8, game, &machine(3 * gb)), Ok(3));
        let too_big = TooBig {
            threads: 4,
            fit: 3,
            need: 4 * gb,
            one: gb,
            limit: Limit::Machine,
            room: 3 * gb + 5,
        };
        assert_eq!(
            threads_that_fit(Some(4), 8, game, &machine(3 * gb + 5)),
            Err(too_big)
        );
        // Not even one game.
        let none = threads_that_fit(None, 8, 4 * gb, &machine(3 * gb)).unwrap_err();
        assert_eq!((none.threads, none.fit), (8, 0));
    }

    /// Under an address-space limit every thread past the first reserves
    /// an arena of its own: one game fits where two would not.
    #[test]
    fn threads_past_the_first_count_their_arena_against_the_address_space() {
        let mb = 1 << 20;
        let per_game = 50 * mb;
        let one = per_game + THREAD_BYTES;
        assert_eq!(at_once(per_game, 1, Limit::AddressSpace), one);
        assert_eq!(at_once(per_game, 2, Limit::AddressSpace), 2 * one + ARENA);
        assert_eq!(at_once(per_game, 2, Limit::Machine), 2 * one);
        let limited = |room| Room {
            address_space: Some(room),
            ..Room::default()
        };
        for (room, threads) in [
            (one - 1, 0),
            (one, 1),
            (2 * one + ARENA - 1, 1),
            (2 * one + ARENA, 2),
        ] {
            let fit = threads_that_fit(None, 4, per_game, &limited(room)).unwrap_or(0);
            assert_eq!(fit, threads, "{room}");
        }
    }

    #[test]
    fn the_tightest_limit_plans_the_threads() {
        let gb = 1_000_000_000;
        let room = Room {
            address_space: Some(2 * (gb + THREAD_BYTES) + ARENA),
            control_group: Some(3 * gb),
            machine: Some(9 * gb),
        };
        assert_eq!(threads_that_fit(None, 8, gb, &room), Ok(2));
        let too_big = threads_that_fit(Some(4), 8, gb, &room).unwrap_err();
        assert_eq!((too_big.fit, too_big.limit), (2, Limit::AddressSpace));
        // One game: the limits that kill, not the one that refuses.
        let one_game = room.check(Layout::new(10_000, 10_000, 1)).unwrap_err();
        assert_eq!(one_game.limit, Limit::ControlGroup);
        assert_eq!(
            one_game.to_string(),
            "the solver on a 10000x10000 board needs about 4.8 GB of memory, and its \
             control group's memory limit leaves 3.0 GB"
        );
        assert_eq!(room.check(Layout::new(5000, 5000, 1)), Ok(()));
        assert_eq!(room.check(Layout::EXPERT), Ok(()));
    }

    #[test]
    fn a_game_takes_memory_in_proportion_to_its_board() {
        let expert = game_bytes(Layout::EXPERT);
        assert!(expert < 2_000_000, "{expert}");
        let huge = game_bytes(Layout::new(65_535, 65_535, 1));
        assert!(huge > 100_000_000_000, "{huge}");
    }
}
