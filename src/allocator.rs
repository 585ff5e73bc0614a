//! The program's allocator: small blocks from mimalloc, large ones from
//! the system's.
//!
//! The solver's look ahead builds and drops many small vectors for every
//! clue it supposes; with the system allocator a third of a `bench` run
//! went to malloc and free. mimalloc makes those cheap, but it keeps freed
//! memory for reuse and copies a block to grow it, so on the big boards
//! (grids of tens of megabytes, grown while a file is read) its peak
//! memory was 2.7 times the system's (134 MB against 50 MB for one move on
//! 4000x4000). The system allocator maps such blocks on their own, grows
//! them in place and hands them back when freed. So each block goes to one
//! or the other by its size; the size a block is freed with is the size it
//! was asked for with, so it always returns to the allocator it came from.
//!
//! When the system refuses a block (an address-space limit, `ulimit -v`,
//! or no memory left to commit), Rust's stable allocation API cannot
//! recover outside `try_reserve`, and its default is an abort: status 134
//! and "memory allocation of N bytes failed". The commands plan their
//! memory from the process's limits before the big buffers
//! (`memory.rs`), so this should not happen; should it still, the
//! allocator ends the program with a message and status 1 instead.
//!
//! mimalloc is built without transparent huge pages (its `no_thp` feature):
//! with them every run, `--help` included, held 6 MB more, for no speed
//! the solver could measure.
//!
//! Under an address-space limit every block goes to the system allocator,
//! with one arena. mimalloc reserves address space ahead, as much as the
//! limit lets it (1 GiB, else 128 MiB, else less), and so does glibc for
//! each thread (64 MiB): the more a limit allowed, the more was reserved
//! and the less was left for a game, so a game refused under 150 MiB was
//! played under 100. (mimalloc told to reserve nothing ahead refused
//! blocks of 16 bytes at random limits instead.) Without reservations what is left grows with the
//! limit, and so does what the commands let themselves do (`memory.rs`).
//! The choice is made at the first block, before any thread, and never
//! changes, so a block is always freed by the allocator it came from.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use mimalloc::MiMalloc;

/// Blocks of at least this many bytes go to the system allocator (its own
/// threshold for mapping a block on its own is twice this).
const LARGE: usize = 64 * 1024;

/// Small blocks from mimalloc, large ones from the system; every block from
/// the system under an address-space limit.
pub struct BySize;

/// How blocks are shared out: not chosen yet, by size, or all to the
/// system.
static SHARING: AtomicU8 = AtomicU8::new(UNDECIDED);
const UNDECIDED: u8 = 0;
const SHARED_BY_SIZE: u8 = 1;
const ALL_TO_SYSTEM: u8 = 2;

/// Whether a block of `size` bytes goes to the system allocator.
fn to_system(size: usize) -> bool {
    size >= LARGE
        || match SHARING.load(Ordering::Relaxed) {
            SHARED_BY_SIZE => false,
            ALL_TO_SYSTEM => true,
            _ => choose_sharing(),
        }
}

/// Chooses how blocks are shared out, once: all to the system under an
/// address-space limit. Nothing here allocates.
#[cold]
fn choose_sharing() -> bool {
    let limited = address_space_limited();
    let sharing = if limited {
        ALL_TO_SYSTEM
    } else {
        SHARED_BY_SIZE
    };
    match SHARING.compare_exchange(UNDECIDED, sharing, Ordering::Relaxed, Ordering::Relaxed) {
        Ok(_) => {
            if limited {
                one_system_arena();
            }
            limited
        }
        // Another thread chose first: its choice stands.
        Err(chosen) => chosen == ALL_TO_SYSTEM,
    }
}

/// Whether this process has an address-space limit (`ulimit -v`).
fn address_space_limited() -> bool {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes the limit into `limit`, which it owns.
        let read = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } == 0;
        read && limit.rlim_cur != libc::RLIM_INFINITY
    }
    #[cfg(not(unix))]
    false
}

/// What a command can do to need less memory, said when a block is
/// refused: each command says which fits it before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Advice {
    /// Nothing the command can do: only a higher limit.
    Limit,
    /// A game, on a board of the player's choosing.
    Board,
    /// Games on threads: `bench`.
    BoardOrThreads,
    /// Figures from the whole history: `stats`.
    History,
    /// Games of a program played at once: `check`.
    Programs,
}

impl Advice {
    const ALL: [Advice; 5] = [
        Advice::Limit,
        Advice::Board,
        Advice::BoardOrThreads,
        Advice::History,
        Advice::Programs,
    ];

    /// What to say when a block of `size` bytes was refused: a board
    /// or threads are named only when the block is one a large board
    /// takes (a 4x4 game refused a few bytes is helped by no smaller
    /// board, only by a higher limit).
    fn words(self, size: usize) -> &'static str {
        let board_sized = size >= BOARD_SIZED;
        match self {
            Advice::Board | Advice::BoardOrThreads if !board_sized => Advice::Limit.words(size),
            Advice::Limit => "it needs a higher memory limit",
            Advice::Board => "a smaller board needs less",
            Advice::BoardOrThreads => "a smaller board, or fewer --threads, needs less",
            Advice::History => {
                "stats reads the history 8 MB at a time and keeps a time for every win: a \
                 higher memory limit, or fewer games with --rules or --level"
            }
            Advice::Programs => "fewer --threads, or fewer --games, need less",
        }
    }
}

/// The smallest block a board's grids take that a smaller board would
/// not: 16 MiB, the mines of a 4000x4000 board. Below it the board is not
/// the reason a block is refused.
const BOARD_SIZED: usize = 16 << 20;

/// The advice of the command running.
static ADVICE: AtomicU8 = AtomicU8::new(Advice::Limit as u8);

/// From now on, a refused block's message gives `advice`.
pub fn advise(advice: Advice) {
    ADVICE.store(advice as u8, Ordering::Relaxed);
}

fn advice() -> Advice {
    let index = usize::from(ADVICE.load(Ordering::Relaxed));
    Advice::ALL.get(index).copied().unwrap_or(Advice::Limit)
}

/// glibc's allocator gives each thread that allocates an arena of its own,
/// reserving 64 MiB of address space for it when the limit lets it: one
/// arena for every thread reserves nothing, at the cost of threads that
/// allocate at once waiting for each other.
fn one_system_arena() {
    arenas_at_most(1);
}

/// Lets `threads` threads about to start, whose address space has been
/// planned for (`memory::at_once`), have an arena each under an
/// address-space limit, so that they do not wait for each other: the
/// first shares the main thread's, which only waits for them. No change
/// without a limit. glibc fixes its count of arenas when a thread first
/// needs one, so this is for the first threads a command starts
/// (`bench`'s); called later it changes nothing, and they share.
pub fn arenas_for_threads(threads: usize) {
    if SHARING.load(Ordering::Relaxed) == ALL_TO_SYSTEM {
        arenas_at_most(threads.max(1));
    }
}

fn arenas_at_most(arenas: usize) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tunable.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, i32::try_from(arenas).unwrap_or(i32::MAX));
    }
    let _ = arenas;
}

// SAFETY: every call is forwarded to one allocator chosen by the block's
// size, which `dealloc` and `realloc` are given unchanged; a block that
// changes sides in `realloc` is copied into a new block from the other.
unsafe impl GlobalAlloc for BySize {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees on `layout` are passed on.
        let block = unsafe {
            if to_system(layout.size()) {
                System.alloc(layout)
            } else {
                MiMalloc.alloc(layout)
            }
        };
        granted(block, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe {
            if to_system(layout.size()) {
                System.alloc_zeroed(layout)
            } else {
                MiMalloc.alloc_zeroed(layout)
            }
        };
        granted(block, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from the allocator its size chose.
        unsafe {
            if to_system(layout.size()) {
                System.dealloc(ptr, layout);
            } else {
                MiMalloc.dealloc(ptr, layout);
            }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from the allocator its old size chose; a
        // block that changes sides is copied (the smaller of the two
        // sizes) into a block of the new layout, which `alloc` checks as
        // the caller's `new_size` is valid for `layout.align()`.
        let block = unsafe {
            match (to_system(layout.size()), to_system(new_size)) {
                (true, true) => System.realloc(ptr, layout, new_size),
                (false, false) => MiMalloc.realloc(ptr, layout, new_size),
                _ => {
                    let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
                    let new = self.alloc(new_layout);
                    if !new.is_null() {
                        std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                    new
                }
            }
        };
        granted(block, new_size)
    }
}

/// `block`, unless the system refused it: then the program ends, with a
/// message and status 1.
fn granted(block: *mut u8, size: usize) -> *mut u8 {
    if block.is_null() {
        refused(size);
    }
    block
}

/// Says that `size` bytes were refused, and ends the program. Nothing here
/// allocates: the message is written from a buffer on the stack.
#[cold]
fn refused(size: usize) -> ! {
    // Once: a second refusal (another thread's at the same moment, or one
    // while the first exit runs) ends the process at once, without a
    // second message, where a second `exit` would abort it.
    static REFUSED: AtomicBool = AtomicBool::new(false);
    if REFUSED.swap(true, Ordering::SeqCst) {
        end_now();
    }
    let mut text = [0u8; 512];
    let mut cursor = std::io::Cursor::new(&mut text[..]);
    let _ = writeln!(
        cursor,
        "error: out of memory: the system refused a block of {}; {}",
        Megabytes(size),
        advice().words(size)
    );
    let written = usize::try_from(cursor.position()).unwrap_or(0);
    // The terminal first: a full screen left as it is would hide the
    // message and leave the shell in raw mode.
    signals::put_back_without_allocating();
    // Straight to stderr: the channel's message would allocate.
    #[expect(
        clippy::disallowed_methods,
        reason = "out of memory, nothing may allocate"
    )]
    let _ = std::io::stderr().write_all(&text[..written]);
    std::process::exit(1);
}

/// Ends the process with status 1 now, running nothing more of it.
fn end_now() -> ! {
    #[cfg(unix)]
    // SAFETY: _exit(2) ends the process; it touches nothing of Rust's.
    unsafe {
        libc::_exit(1)
    }
    #[cfg(not(unix))]
    std::process::abort()
}

/// A size as people read it, written without allocating: `9 MB`, or
/// `48 bytes` under a megabyte.
struct Megabytes(usize);

impl std::fmt::Display for Megabytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        const MB: usize = 1_000_000;
        match self.0 {
            bytes if bytes < MB => write!(f, "{bytes} bytes"),
            bytes => write!(f, "{} MB", bytes.div_ceil(MB)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_advice_names_a_board_only_for_a_block_a_large_board_takes() {
        let limit = Advice::Limit.words(0);
        assert_eq!(Advice::Board.words(4096), limit, "a 4x4 game's block");
        assert_eq!(Advice::BoardOrThreads.words(8 << 20), limit);
        assert_eq!(
            Advice::Board.words(BOARD_SIZED),
            "a smaller board needs less"
        );
        assert!(Advice::History.words(100).starts_with("stats reads"));
    }

    #[test]
    fn a_refused_size_reads_in_bytes_or_megabytes() {
        assert_eq!(Megabytes(48).to_string(), "48 bytes");
        assert_eq!(Megabytes(999_999).to_string(), "999999 bytes");
        assert_eq!(Megabytes(9_000_000).to_string(), "9 MB");
        assert_eq!(Megabytes(9_000_001).to_string(), "10 MB");
    }

    /// Blocks that grow and shrink across the threshold keep their bytes.
    #[test]
    fn a_block_keeps_its_bytes_across_the_threshold() {
        let sizes = [16, LARGE - 1, LARGE, 4 * LARGE, LARGE / 2, 8];
        let layout = Layout::from_size_align(sizes[0], 8).unwrap();
        // SAFETY: each block is used within its size and freed with the
        // layout it has.
        unsafe {
            let mut ptr = BySize.alloc_zeroed(layout);
            assert!(!ptr.is_null());
            let mut size = sizes[0];
            for (step, &next) in sizes.iter().enumerate().skip(1) {
                for k in 0..size.min(next) {
                    assert_eq!(*ptr.add(k), (step - 1) as u8 * u8::from(step > 1));
                }
                ptr = BySize.realloc(ptr, Layout::from_size_align(size, 8).unwrap(), next);
                assert!(!ptr.is_null());
                size = next;
                std::ptr::write_bytes(ptr, step as u8, size);
            }
            BySize.dealloc(ptr, Layout::from_size_align(size, 8).unwrap());
        }
    }
}
