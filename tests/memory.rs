//! What the program allocates, counted by a global allocator: a solver's
//! game stays under what `bench` plans for, and the end of a game costs
//! less than the game.
//!
//! The tests take turns ([`COUNTING_ALONE`]), so that nothing else
//! allocates while one counts.

use std::alloc::{GlobalAlloc, Layout as Allocation, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use engine::{Board, FirstMove, Frame, Game, Grid, Layout, Pos, Rules, three_bv};
use minesweeper::bench::{Trial, play_game};
use minesweeper::memory::game_bytes;
use solver::hint;

/// The system allocator, keeping count of the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every block comes from the system allocator and goes back to
// it with the layout it was asked with; the counts touch no block.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Allocation) -> *mut u8 {
        // SAFETY: the caller's promises about `layout` are passed on.
        let block = unsafe { System.alloc(layout) };
        if !block.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(now, Ordering::SeqCst);
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Allocation) {
        // SAFETY: `block` came from `alloc` above with this `layout`.
        unsafe { System.dealloc(block, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Held by the test counting.
static COUNTING_ALONE: Mutex<()> = Mutex::new(());

/// The most heap in use at once while `work` runs, over what was in use before.
fn peak_of(work: impl FnOnce()) -> usize {
    let before = IN_USE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    work();
    PEAK.load(Ordering::SeqCst) - before
}

/// The heap peak while the solver plays game `seed` of `layout`.
fn peak_of_game(layout: Layout, first_move: FirstMove, seed: u64) -> usize {
    let trial = Trial {
        layout,
        first_move,
        at: Pos::new(0, 0),
        games: 1,
        seed,
        threads: 1,
        each: false,
    };
    peak_of(|| {
        play_game(&trial, 0);
    })
}

#[test]
fn a_game_stays_within_what_bench_plans_for() {
    let _alone = COUNTING_ALONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let layouts = [
        Layout::BEGINNER,
        Layout::EXPERT,
        Layout::new(50, 50, 250),
        Layout::new(150, 150, 225),
        Layout::new(150, 150, 1_800),
        Layout::new(150, 150, 2_250),
        Layout::new(150, 150, 4_500),
        Layout::new(150, 150, 11_250),
        Layout::new(1, 20_000, 2_000),
        Layout::new(20_000, 1, 200),
    ];
    for layout in layouts {
        for first_move in [FirstMove::Safe, FirstMove::Opening] {
            for seed in 1..=2 {
                let peak = peak_of_game(layout, first_move, seed) as u64;
                let planned = game_bytes(layout);
                assert!(
                    peak <= planned,
                    "{layout:?}, {first_move:?}, seed {seed}: {peak} bytes at the peak, {planned} planned"
                );
            }
        }
    }
}

#[test]
fn the_3bv_of_an_open_board_takes_a_byte_a_square() {
    let _alone = COUNTING_ALONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // One mine in a corner of 1000x1000: a single opening of a million
    // squares, which a fill that keeps a call per square would remember.
    let (rows, cols) = (1000, 1000);
    let mut mines = Grid::filled(rows, cols, false);
    mines[Pos::new(rows - 1, cols - 1)] = true;
    let board = Board::new(mines, Frame::Plus);
    let mut value = 0;
    let peak = peak_of(|| value = three_bv(&board));
    assert_eq!(value, 1);
    assert!(peak <= rows * cols + 64 * 1024, "{peak} bytes");
}

#[test]
fn a_hint_takes_a_few_bytes_a_square() {
    let _alone = COUNTING_ALONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // A 1000x1000 board with 12 % mines, nothing open: every square is a
    // candidate for the guess, and the solver's grids are all it needs.
    let board = place(Layout::new(1000, 1000, 120_000));
    let game = Game::new(board, Rules::CLASSIC);
    let squares = 1_000_000;
    let mut given = None;
    let peak = peak_of(|| given = hint(&game));
    assert!(given.is_some());
    // The solver's knowledge (2 bytes a square) and its lists' flags (3).
    assert!(peak <= 6 * squares, "{peak} bytes");
}

/// A random board of `layout`, mines anywhere.
fn place(layout: Layout) -> Board {
    engine::place_mines(layout, FirstMove::Any, None, 1).unwrap()
}
