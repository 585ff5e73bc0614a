//! `bench`: the solver alone on many random games, reported as text or JSON.

use std::io::Write;

use engine::{FirstMove, Layout, Rules};

use crate::bench::{self, Trial, report};
use crate::cli::BenchArgs;
use crate::error::AppError;
use crate::memory::{self, Room, TooBig};
use crate::options::{fresh_seed, square_on, too_many_mines};

pub fn run(args: &BenchArgs, out: &mut impl Write) -> Result<(), AppError> {
    let trial = trial(args)?;
    let tally = bench::run(trial);
    if args.json {
        report::write_json(out, &trial, &tally)?;
    } else {
        report::write_text(out, &trial, &tally)?;
    }
    Ok(())
}

/// The games the options ask for, checked: room for the mines, the first
/// square on the board, and memory for the games played at once.
fn trial(args: &BenchArgs) -> Result<Trial, AppError> {
    let layout = args.random.layout();
    let first_move = args
        .random
        .first_move
        .map_or(FirstMove::Safe, FirstMove::from);
    let rules = Rules::CLASSIC.with_first_move(first_move);
    layout
        .check_room(first_move)
        .map_err(|no_room| too_many_mines(layout, rules, no_room))?;
    let at = match args.at {
        Some(at) => square_on(at, layout.rows, layout.cols)?,
        None => bench::default_first_square(layout, first_move),
    };
    // The results kept for --each first; the games at once in what is left.
    let room = Room::of_this_process();
    let kept = if args.each {
        each_fits(args.games, &room)?
    } else {
        0
    };
    // No more threads than games: only those hold a game in memory.
    let most = usize::try_from(args.games).unwrap_or(usize::MAX);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let threads = memory::threads_that_fit(
        args.threads.map(|t| usize::from(t).min(most)),
        cores.min(most),
        memory::game_bytes(layout),
        &room.less(kept),
    )
    .map_err(|too_big| no_memory_for(layout, too_big))?;
    Ok(Trial {
        layout,
        first_move,
        at,
        games: args.games,
        seed: args.random.seed.unwrap_or_else(fresh_seed),
        threads,
        each: args.each,
    })
}

/// The memory every game's result takes, kept for `--each`, if it fits.
fn each_fits(games: u64, room: &Room) -> Result<u64, AppError> {
    let need = games.saturating_mul(std::mem::size_of::<bench::Played>() as u64);
    match room.short_of(need) {
        None => Ok(need),
        Some((limit, left)) => Err(AppError::Memory(format!(
            "keeping each of {games} games for --each needs about {} of memory, and {} {}: \
             fewer --games, or leave out --each",
            memory::human(need),
            limit.describe(),
            memory::human(left)
        ))),
    }
}

/// Why `bench` cannot play: not enough memory for the games at once.
fn no_memory_for(layout: Layout, too_big: TooBig) -> AppError {
    let TooBig {
        threads,
        fit,
        need,
        one,
        limit,
        room,
    } = too_big;
    let (rows, cols) = (layout.rows, layout.cols);
    let (limit, room) = (limit.describe(), memory::human(room));
    AppError::Memory(if fit == 0 {
        format!(
            "one {rows}x{cols} game needs about {} of memory, and {limit} {room}: a smaller \
             board needs less",
            memory::human(one)
        )
    } else {
        format!(
            "playing {threads} {rows}x{cols} games at once needs about {} of memory, and \
             {limit} {room}: use --threads {fit} or fewer",
            memory::human(need)
        )
    })
}
