//! Which games are played, and in what order. Games are handed out in the
//! order of their numbers, whatever the number of threads, so that when
//! the games stop early the games that count are a function of the
//! program's results alone, never of which thread was quicker:
//!
//! - a program that does not finish in time in most of its first games
//!   (at least [`HANGS_BEFORE_STOPPING`] of them, and at least half of a
//!   run of games from the first) is not played further: the games past
//!   that run are left unplayed;
//! - when the time budget runs out, the games not yet finished are left
//!   unplayed too, and then the check gives no score.

use std::io;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::{self, Scope, ScopedJoinHandle};

/// How many games must have run out of time, at least half of the games
/// from the first, before the rest are left unplayed.
pub const HANGS_BEFORE_STOPPING: u64 = 5;

/// Starts up to `count` threads in `scope`, each doing `work`; those that
/// cannot start (no memory left for a stack) are done without. An error
/// only when not one starts: a thread that cannot start is an error like
/// any other, never a panic.
pub fn workers<'scope, T: Send + 'scope>(
    scope: &'scope Scope<'scope, '_>,
    count: usize,
    work: &'scope (impl Fn() -> T + Sync),
) -> io::Result<Vec<ScopedJoinHandle<'scope, T>>> {
    let mut started = Vec::new();
    let mut refused = None;
    for _ in 0..count.max(1) {
        match thread::Builder::new().spawn_scoped(scope, work) {
            Ok(worker) => started.push(worker),
            Err(error) => refused = Some(error),
        }
    }
    match refused {
        Some(error) if started.is_empty() => Err(io::Error::new(
            error.kind(),
            format!("cannot start a thread to play on: {error}"),
        )),
        _ => Ok(started),
    }
}

/// The games of a check, handed out one at a time in order.
#[derive(Debug)]
pub(crate) struct Schedule {
    games: u64,
    next: AtomicU64,
    /// Games from this one on are not played (`u64::MAX`: none stopped).
    stop_at: AtomicU64,
    tally: Mutex<Tally>,
}

/// The games from the first whose results are all known, and how many of
/// them hung.
#[derive(Debug, Default)]
struct Tally {
    /// Whether each finished game hung, by number; `None`: not finished.
    hung: Vec<Option<bool>>,
    /// Games 0 to `known` - 1 are all finished.
    known: u64,
    hangs: u64,
}

impl Schedule {
    /// The games `first` to `games` - 1 (those before `first` are played
    /// apart and told with [`Schedule::finished`] all the same).
    pub(crate) fn new(first: u64, games: u64) -> Self {
        Schedule {
            games,
            next: AtomicU64::new(first),
            stop_at: AtomicU64::new(u64::MAX),
            tally: Mutex::new(Tally {
                hung: vec![None; usize::try_from(games).unwrap_or(usize::MAX)],
                ..Tally::default()
            }),
        }
    }

    /// The next game to play, or `None` when there are no more or the
    /// games were stopped.
    pub(crate) fn take(&self) -> Option<u64> {
        let game = self.next.fetch_add(1, Ordering::Relaxed);
        (game < self.games && game < self.stop_at.load(Ordering::Relaxed)).then_some(game)
    }

    /// Says that `game` finished, and whether it hung.
    pub(crate) fn finished(&self, game: u64, hung: bool) {
        let mut tally = self
            .tally
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some(slot) = usize::try_from(game)
            .ok()
            .and_then(|i| tally.hung.get_mut(i))
        else {
            return;
        };
        *slot = Some(hung);
        while let Some(&Some(hung)) = usize::try_from(tally.known)
            .ok()
            .and_then(|i| tally.hung.get(i))
        {
            tally.known += 1;
            tally.hangs += u64::from(hung);
            if tally.hangs >= HANGS_BEFORE_STOPPING && tally.hangs * 2 >= tally.known {
                self.stop_at.fetch_min(tally.known, Ordering::Relaxed);
                break;
            }
        }
    }

    /// The first game not played because too many hung, if they were
    /// stopped: every game from it on is left unplayed, even one a thread
    /// had already started.
    pub(crate) fn stopped_at(&self) -> Option<u64> {
        let at = self.stop_at.load(Ordering::Relaxed);
        (at < self.games).then_some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_handed_out_in_order() {
        let schedule = Schedule::new(1, 4);
        let taken: Vec<u64> = std::iter::from_fn(|| schedule.take()).collect();
        assert_eq!(taken, [1, 2, 3]);
    }

    #[test]
    fn a_program_that_hangs_in_its_first_games_is_stopped_after_them() {
        let schedule = Schedule::new(0, 300);
        for game in 0..5 {
            assert_eq!(schedule.take(), Some(game));
        }
        // Finished out of order: the stop waits for the run from game 0.
        for game in [4, 2, 3, 1] {
            schedule.finished(game, true);
            assert_eq!(schedule.stopped_at(), None);
        }
        schedule.finished(0, true);
        assert_eq!(schedule.stopped_at(), Some(5));
        assert_eq!(schedule.take(), None);
    }

    #[test]
    fn a_few_hangs_among_many_games_stop_nothing() {
        let schedule = Schedule::new(0, 300);
        while let Some(game) = schedule.take() {
            // Every tenth game hangs: 30 in all, never half.
            schedule.finished(game, game % 10 == 0);
        }
        assert_eq!(schedule.stopped_at(), None);
    }

    #[test]
    fn where_the_games_stop_does_not_depend_on_the_order_they_finish_in() {
        // Games 0, 1, 3, 5 and 8 hang; the others agree. In order, the
        // run reaches 5 hangs at game 8 with 9 games known: 5 >= 9 / 2.
        let hangs = [0, 1, 3, 5, 8];
        let orders: [Vec<u64>; 3] = [
            (0..20).collect(),
            (0..20).rev().collect(),
            vec![8, 5, 3, 1, 19, 18, 0, 2, 4, 6, 7, 9, 10],
        ];
        for order in orders {
            let schedule = Schedule::new(0, 20);
            for game in order {
                schedule.finished(game, hangs.contains(&game));
            }
            assert_eq!(schedule.stopped_at(), Some(9));
        }
    }
}
