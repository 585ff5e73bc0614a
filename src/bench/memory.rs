//! Memory, planned before any game is played: what one game takes at its
//! peak, how many fit in what the machine can give this process (what the
//! kernel reports available, `MemAvailable` in /proc/meminfo, or less when a
//! control group (v2) limits the process; unknown elsewhere), and the
//! threads that follows.

use std::fs;

use engine::Layout;

/// Bytes this process could still allocate without swapping or being
/// killed, if the system says.
pub fn available_bytes() -> Option<u64> {
    let machine = fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_available(&text));
    let group = cgroup_room(
        fs::read_to_string("/sys/fs/cgroup/memory.max").ok(),
        fs::read_to_string("/sys/fs/cgroup/memory.current").ok(),
    );
    match (machine, group) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `MemAvailable` from the text of /proc/meminfo, in bytes.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// What the control group's limit leaves: its `memory.max` (or `max`,
/// none) less its `memory.current`.
fn cgroup_room(max: Option<String>, current: Option<String>) -> Option<u64> {
    let max: u64 = max?.trim().parse().ok()?;
    let current: u64 = current?.trim().parse().ok()?;
    Some(max.saturating_sub(current))
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
/// really touches is less (223 MB for a 5000x5000 game planned at 1.2 GB):
/// this errs on the side of never running out.
pub fn game_bytes(layout: Layout) -> u64 {
    const PER_SQUARE: u64 = 48;
    const FIXED: u64 = 256 << 10;
    (layout.squares() as u64)
        .saturating_mul(PER_SQUARE)
        .saturating_add(FIXED)
}

/// More games at once than the memory available holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig {
    /// The threads asked for, or every core.
    pub threads: usize,
    /// How many games at once fit (0: not even one).
    pub fit: usize,
    pub per_game: u64,
    pub available: u64,
}

/// The threads to play on: as many as asked, or every core, each playing
/// one game at a time. Without a number asked for, fewer threads when the
/// memory would not hold a game on each; with one, an error instead, as
/// when not even one game fits. `available` is `None` when the system
/// does not say.
pub fn threads_that_fit(
    asked: Option<usize>,
    cores: usize,
    per_game: u64,
    available: Option<u64>,
) -> Result<usize, TooBig> {
    let wanted = asked.unwrap_or(cores).max(1);
    let Some(available) = available else {
        return Ok(wanted);
    };
    let fit = usize::try_from(available / per_game.max(1)).unwrap_or(usize::MAX);
    let too_big = TooBig {
        threads: wanted,
        fit,
        per_game,
        available,
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

    #[test]
    fn reads_mem_available_in_kib() {
        let meminfo = "MemTotal:       24684092 kB\nMemFree:  100 kB\nMemAvailable:   2000 kB\n";
        assert_eq!(mem_available(meminfo), Some(2_048_000));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);
    }

    #[test]
    fn a_control_group_without_a_limit_says_nothing() {
        assert_eq!(cgroup_room(Some("max\n".into()), Some("10\n".into())), None);
        assert_eq!(
            cgroup_room(Some("1000\n".into()), Some("300\n".into())),
            Some(700)
        );
        assert_eq!(cgroup_room(Some("100".into()), Some("300".into())), Some(0));
        assert_eq!(cgroup_room(None, Some("300".into())), None);
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
        // Unknown memory: as asked, or every core.
        assert_eq!(threads_that_fit(Some(16), 4, gb, None), Ok(16));
        assert_eq!(threads_that_fit(None, 4, gb, None), Ok(4));
        // Every core, but only as many games as fit.
        assert_eq!(threads_that_fit(None, 8, gb, Some(3 * gb)), Ok(3));
        assert_eq!(threads_that_fit(None, 2, gb, Some(3 * gb)), Ok(2));
        // Asked for: all of them, or an error that says how many fit.
        assert_eq!(threads_that_fit(Some(3), 8, gb, Some(3 * gb)), Ok(3));
        let too_big = TooBig {
            threads: 4,
            fit: 3,
            per_game: gb,
            available: 3 * gb + 5,
        };
        assert_eq!(
            threads_that_fit(Some(4), 8, gb, Some(3 * gb + 5)),
            Err(too_big)
        );
        // Not even one game.
        let none = threads_that_fit(None, 8, 4 * gb, Some(3 * gb)).unwrap_err();
        assert_eq!((none.threads, none.fit), (8, 0));
    }

    #[test]
    fn a_game_takes_memory_in_proportion_to_its_board() {
        let expert = game_bytes(Layout::EXPERT);
        assert!(expert < 2_000_000, "{expert}");
        let huge = game_bytes(Layout::new(65_535, 65_535, 1));
        assert!(huge > 100_000_000_000, "{huge}");
    }
}
