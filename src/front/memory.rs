//! How much memory the machine can give this process: what the kernel
//! reports available (`MemAvailable` in /proc/meminfo), or less when a
//! control group (v2) limits the process. Unknown elsewhere.

use std::fs;

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
}
