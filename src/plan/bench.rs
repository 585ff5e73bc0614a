//! `bench`'s plan: the games to play, on how many threads, and the report.

use engine::{FirstMove, Layout, Rules};

use crate::bench::Trial;
use crate::cli::BenchArgs;
use crate::error::AppError;
use crate::memory::{self, Room, TooBig};
use crate::options::{square_on, too_many_mines};

/// What `bench` plays, and how it reports it.
#[derive(Debug)]
pub(crate) struct BenchPlan {
    /// The games, on how many threads.
    pub(crate) trial: Trial,
    /// The report as JSON rather than text.
    pub(crate) json: bool,
}

/// The games `args` ask for, checked: room for the mines, the first
/// square on the board, and memory for the games played at once in
/// `room`, on at most `cores` threads unless more are asked for; a fresh
/// seed from `seed` when none is given.
pub(crate) fn bench(
    args: &BenchArgs,
    room: &Room,
    cores: usize,
    seed: impl FnOnce() -> u64,
) -> Result<BenchPlan, AppError> {
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
        None => crate::bench::default_first_square(layout, first_move),
    };
    // The results kept for --each first; the games at once in what is left.
    let kept = if args.each {
        each_fits(args.games, room)?
    } else {
        0
    };
    // No more threads than games: only those hold a game in memory.
    let most = usize::try_from(args.games).unwrap_or(usize::MAX);
    let threads = memory::threads_that_fit(
        args.threads.map(|t| usize::from(t).min(most)),
        cores.min(most),
        memory::game_bytes(layout),
        &room.less(kept),
    )
    .map_err(|too_big| no_memory_for(layout, too_big))?;
    let trial = Trial {
        layout,
        first_move,
        at,
        games: args.games,
        seed: args.random.seed.unwrap_or_else(seed),
        threads,
        each: args.each,
    };
    Ok(BenchPlan {
        trial,
        json: args.json,
    })
}

/// The memory every game's result takes, kept for `--each`, if it fits.
fn each_fits(games: u64, room: &Room) -> Result<u64, AppError> {
    let need = games.saturating_mul(std::mem::size_of::<crate::bench::Played>() as u64);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn plan(line: &[&str], room: Room) -> Result<Trial, AppError> {
        let cli = Cli::try_parse_from(line).unwrap();
        let Some(Command::Bench(args)) = cli.command else {
            panic!("a bench");
        };
        bench(&args, &room, 4, || 11).map(|plan| plan.trial)
    }

    #[test]
    fn threads_follow_the_memory_and_what_is_asked() {
        let big = [
            "m", "bench", "--rows", "1000", "--cols", "1000", "--games", "8",
        ];
        let free = plan(&big, Room::default()).unwrap();
        assert_eq!((free.threads, free.seed), (4, 11));
        let machine = |bytes| Room {
            machine: Some(bytes),
            ..Room::default()
        };
        let two = plan(&big, machine(150_000_000)).unwrap();
        assert_eq!(two.threads, 2);
        let asked = [&big[..], &["--threads", "3"]].concat();
        let refused = plan(&asked, machine(150_000_000));
        assert!(
            matches!(&refused, Err(AppError::Memory(why)) if why.contains("use --threads 2")),
            "{refused:?}"
        );
    }

    #[test]
    fn mines_and_the_first_square_must_fit_the_board() {
        let crowded = ["m", "bench", "--rows", "3", "--cols", "3", "--mines", "9"];
        let refused = plan(&crowded, Room::default());
        assert!(matches!(refused, Err(AppError::Usage(why)) if why.contains("too many")));
        let off = ["m", "bench", "--level", "beginner", "--at", "1,10"];
        let refused = plan(&off, Room::default());
        assert!(matches!(refused, Err(AppError::Usage(why)) if why.contains("off a board")));
    }
}
