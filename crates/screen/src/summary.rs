//! A finished game in the figures players of the classic game compare:
//! time, 3BV (the fewest clicks that clear the board), 3BV per second,
//! clicks, and efficiency (3BV done per click). Worked out once, when the
//! game ends, since 3BV looks at the whole board.

use std::fmt;
use std::time::Duration;

use engine::{Cover, Game, Status, ThreeBv, three_bv_done};

/// The end of a game in figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub won: bool,
    pub time: Duration,
    /// The board's 3BV and how much of it the open squares have done.
    pub three_bv: ThreeBv,
    pub clicks: usize,
}

impl Summary {
    /// The figures of `game`, which has ended, played in `time` with
    /// `clicks` moves.
    pub fn of(game: &Game, time: Duration, clicks: usize) -> Self {
        Summary {
            won: game.status() == Status::Won,
            time,
            three_bv: three_bv_done(game.board(), |pos| game.cover(pos) == Cover::Open),
            clicks,
        }
    }

    /// What the player can do next.
    pub fn keys(&self) -> &'static str {
        if self.won {
            "r again, n new, q quit"
        } else {
            "u undoes, r again, n new, q quit"
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.time.as_secs_f64();
        let ThreeBv { total, done } = self.three_bv;
        write!(f, "{seconds:.1} s, 3BV {done}")?;
        if done < total {
            write!(f, " of {total}")?;
        }
        // Nothing opened (a proj3 win by flags alone): no rate to give.
        if done == 0 {
            return write!(f, ", {} clicks", self.clicks);
        }
        let rate = if seconds > 0.0 {
            done as f64 / seconds
        } else {
            0.0
        };
        // The percent sign kept to its number when the line wraps.
        let efficiency = 100.0 * done as f64 / self.clicks.max(1) as f64;
        write!(
            f,
            ", {rate:.2} 3BV/s, {} clicks, {efficiency:.0}\u{a0}% efficient",
            self.clicks
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(won: bool, total: usize, done: usize) -> Summary {
        Summary {
            won,
            time: Duration::from_millis(12_340),
            three_bv: ThreeBv { total, done },
            clicks: 20,
        }
    }

    #[test]
    fn a_win_shows_its_whole_3bv() {
        assert_eq!(
            summary(true, 40, 40).to_string(),
            "12.3 s, 3BV 40, 3.24 3BV/s, 20 clicks, 200\u{a0}% efficient"
        );
    }

    #[test]
    fn a_win_that_opened_nothing_has_no_rate() {
        assert_eq!(
            summary(true, 4, 0).to_string(),
            "12.3 s, 3BV 0 of 4, 20 clicks"
        );
    }

    #[test]
    fn a_loss_shows_how_much_was_done() {
        assert_eq!(
            summary(false, 40, 10).to_string(),
            "12.3 s, 3BV 10 of 40, 0.81 3BV/s, 20 clicks, 50\u{a0}% efficient"
        );
        assert!(summary(false, 40, 10).keys().starts_with("u undoes"));
    }
}
