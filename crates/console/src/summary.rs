//! A finished game in the figures players of the classic game compare:
//! time, 3BV (the fewest clicks that clear the board), 3BV per second,
//! clicks, and efficiency (3BV done per click, every click counted, those
//! that changed nothing too, as minesweeper.online's IOE counts them); a
//! win's ZiNi too (the fewest clicks with flags and chords) and the
//! efficiency against it. Worked out once, when the game ends, since both
//! look at the whole board.

use std::fmt;
use std::time::Duration;

use crate::words::counted;
use engine::{
    Cover, Game, Status, ThreeBv, WinCondition, three_bv_done, three_bv_per_second, zini,
};
use records::stats::Standing;

/// The end of a game in figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// Whether the game was won.
    pub won: bool,
    /// Whether its rules win by opening every safe square, as 3BV
    /// counts: a game won by flags (proj3's) is told by its time and
    /// clicks alone, as `stats` tells it.
    pub by_opening: bool,
    /// Its time on the game's clock.
    pub time: Duration,
    /// The board's 3BV and how much of it the open squares have done;
    /// `None` while a big board's are still being counted.
    pub three_bv: Option<ThreeBv>,
    /// Moves that changed the board.
    pub clicks: usize,
    /// Clicks that changed nothing.
    pub wasted: usize,
    /// A win's ZiNi (the fewest clicks with flags and chords), to measure
    /// the clicks against as a flagger would; `None` for a loss and a
    /// board too big to count.
    pub zini: Option<usize>,
    /// Where a win stands among the games of its kind, once the records
    /// have said.
    pub standing: Option<Standing>,
}

impl Summary {
    /// The figures of `game`, which has ended, played in `time` with
    /// `clicks`: the moves, and the clicks that changed nothing.
    pub fn of(game: &Game, time: Duration, clicks: (usize, usize)) -> Self {
        let mut summary = Summary::counting(game, time, clicks);
        let (three_bv, zini) = figures(game);
        summary.counted(three_bv, zini);
        summary
    }

    /// The same with the board's figures still to count ([`figures`],
    /// then [`Summary::counted`]): a big board's take longer than a frame.
    pub fn counting(game: &Game, time: Duration, (clicks, wasted): (usize, usize)) -> Self {
        Summary {
            won: game.status() == Status::Won,
            by_opening: game.rules().win == WinCondition::OpenEverySafeSquare,
            time,
            three_bv: None,
            clicks,
            wasted,
            zini: None,
            standing: None,
        }
    }

    /// The board's figures, counted.
    pub fn counted(&mut self, three_bv: ThreeBv, zini: Option<usize>) {
        self.three_bv = Some(three_bv);
        self.zini = zini;
    }

    /// The win's place among the games of its kind, in words: how its
    /// time compares with the clean wins', then the games won of those
    /// played (`Best 10.2 s, this one 3rd of 5; 4 won of 6 played.`).
    pub fn standing(&self) -> Option<String> {
        let standing = self.standing?;
        let seconds = |ms: u64| format!("{:.1} s", ms as f64 / 1000.0);
        let times = match (standing.place, standing.best_ms) {
            (Some(_), _) if standing.clean_wins == 1 => "Your first clean win; ".to_owned(),
            (Some(1), _) => format!("A new best time, of {} clean wins; ", standing.clean_wins),
            (Some(place), Some(best)) => format!(
                "Best {}, this one {} of {}; ",
                seconds(best),
                ordinal(place),
                standing.clean_wins
            ),
            // Won with help: its time is not compared.
            (_, Some(best)) => format!("Best clean time {}; ", seconds(best)),
            (_, None) => String::new(),
        };
        Some(format!(
            "{times}{} won of {} played.",
            standing.won, standing.played
        ))
    }

    /// The figures in a few words: the time, the 3BV done, the
    /// efficiency over every click.
    pub fn short(&self) -> String {
        if !self.by_opening {
            return self.to_string();
        }
        let Some(ThreeBv { total, done }) = self.three_bv else {
            return format!("{:.1}\u{a0}s, 3BV being counted", self.time.as_secs_f64());
        };
        // The efficiency said as such: a bare percentage reads as anything.
        format!(
            "{:.1} s, 3BV {done}/{total}, {:.0}\u{a0}% efficient",
            self.time.as_secs_f64(),
            self.efficiency()
        )
    }

    /// Every click, those that changed nothing too, as IOE counts them.
    fn every_click(&self) -> usize {
        self.clicks + self.wasted
    }

    /// The 3BV done per click, in percent.
    fn efficiency(&self) -> f64 {
        let done = self.three_bv.map_or(0, |three_bv| three_bv.done);
        100.0 * done as f64 / self.every_click().max(1) as f64
    }
}

/// A finished game's board figures: its 3BV and what the open squares did
/// of it, and, won, its ZiNi. A look at the whole board.
pub fn figures(game: &Game) -> (ThreeBv, Option<usize>) {
    let three_bv = three_bv_done(game.board(), |pos| game.cover(pos) == Cover::Open);
    let won = game.status() == Status::Won;
    (three_bv, won.then(|| zini(game.board())).flatten())
}

/// Boards up to this many squares have their figures counted at once,
/// within a frame (3BV takes some 40 ns a square); bigger ones on a thread
/// of their own, the end of the game shown meanwhile.
pub const COUNTED_AT_ONCE: usize = 250_000;

/// `n` as a place: 1st, 2nd, 3rd, 4th, 11th, 21st.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.time.as_secs_f64();
        let Some(ThreeBv { total, done }) = self.three_bv else {
            let clicks = counted(self.every_click(), "click");
            return write!(f, "{seconds:.1} s, {clicks}, 3BV being counted");
        };
        if !self.by_opening {
            return write!(
                f,
                "{seconds:.1} s, {}",
                counted(self.every_click(), "click")
            );
        }
        write!(f, "{seconds:.1} s, 3BV {done}")?;
        if done < total {
            write!(f, " of {total}")?;
        }
        // Every click, as IOE counts them.
        let mut clicks = counted(self.every_click(), "click");
        if self.wasted > 0 {
            clicks = format!("{clicks} ({} to no effect)", self.wasted);
        }
        // Nothing opened (a proj3 win by flags alone): no rate to give.
        if done == 0 {
            return write!(f, ", {clicks}");
        }
        let ms = u64::try_from(self.time.as_millis()).unwrap_or(u64::MAX);
        if let Some(rate) = three_bv_per_second(done, ms) {
            write!(f, ", {rate:.2} 3BV/s")?;
        }
        // The percent sign kept to its number when the line wraps.
        write!(f, ", {clicks}, {:.0}\u{a0}% efficient", self.efficiency())?;
        match self.zini {
            // The clicks measured against a flagger's fewest.
            Some(zini) => write!(
                f,
                ", ZiNi {zini} ({:.0}\u{a0}%)",
                100.0 * zini as f64 / self.every_click().max(1) as f64
            ),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(won: bool, total: usize, done: usize) -> Summary {
        Summary {
            won,
            by_opening: true,
            time: Duration::from_millis(12_340),
            three_bv: Some(ThreeBv { total, done }),
            clicks: 20,
            wasted: 0,
            zini: None,
            standing: None,
        }
    }

    /// The short form for a small terminal says what its percentage is.
    #[test]
    fn the_short_form_labels_the_efficiency() {
        assert_eq!(
            summary(true, 23, 23).short(),
            "12.3 s, 3BV 23/23, 115\u{a0}% efficient"
        );
    }

    /// A win in under a twentieth of a second shows 0.0 s and no rate.
    #[test]
    fn a_win_in_no_time_gives_no_rate() {
        let mut quick = summary(true, 1, 1);
        quick.time = Duration::from_millis(30);
        assert_eq!(
            quick.to_string(),
            "0.0 s, 3BV 1, 20 clicks, 5\u{a0}% efficient"
        );
    }

    #[test]
    fn efficiency_counts_the_clicks_that_changed_nothing() {
        let wasteful = Summary {
            wasted: 5,
            ..summary(true, 40, 40)
        };
        assert_eq!(
            wasteful.to_string(),
            "12.3 s, 3BV 40, 3.24 3BV/s, 25 clicks (5 to no effect), 160\u{a0}% efficient"
        );
    }

    #[test]
    fn a_win_shows_its_whole_3bv() {
        assert_eq!(
            summary(true, 40, 40).to_string(),
            "12.3 s, 3BV 40, 3.24 3BV/s, 20 clicks, 200\u{a0}% efficient"
        );
    }

    #[test]
    fn a_win_measures_its_clicks_against_zini_too() {
        let flagged = Summary {
            zini: Some(15),
            ..summary(true, 40, 40)
        };
        assert_eq!(
            flagged.to_string(),
            "12.3 s, 3BV 40, 3.24 3BV/s, 20 clicks, 200\u{a0}% efficient, ZiNi 15 (75\u{a0}%)"
        );
    }

    #[test]
    fn a_big_board_still_being_counted_says_so() {
        let counting = Summary {
            three_bv: None,
            ..summary(false, 40, 10)
        };
        assert_eq!(counting.to_string(), "12.3 s, 20 clicks, 3BV being counted");
        assert_eq!(counting.short(), "12.3\u{a0}s, 3BV being counted");
    }

    #[test]
    fn a_win_that_opened_nothing_has_no_rate() {
        assert_eq!(
            summary(true, 4, 0).to_string(),
            "12.3 s, 3BV 0 of 4, 20 clicks"
        );
    }

    /// A game won by flags (proj3's) is told by its time and clicks: 3BV
    /// and efficiency count openings, which it is not won by.
    #[test]
    fn a_game_won_by_flags_gives_no_3bv() {
        let flags = Summary {
            by_opening: false,
            ..summary(true, 13, 1)
        };
        assert_eq!(flags.to_string(), "12.3 s, 20 clicks");
        assert_eq!(flags.short(), "12.3 s, 20 clicks");
    }

    #[test]
    fn a_loss_shows_how_much_was_done() {
        assert_eq!(
            summary(false, 40, 10).to_string(),
            "12.3 s, 3BV 10 of 40, 0.81 3BV/s, 20 clicks, 50\u{a0}% efficient"
        );
    }

    #[test]
    fn a_win_says_where_it_stands() {
        let with = |place, clean_wins, best_ms, won, played| Summary {
            standing: Some(Standing {
                place,
                clean_wins,
                best_ms,
                won,
                played,
            }),
            ..summary(true, 40, 40)
        };
        let text = |s: Summary| s.standing().unwrap();
        assert_eq!(
            text(with(Some(3), 5, Some(10_200), 6, 9)),
            "Best 10.2 s, this one 3rd of 5; 6 won of 9 played."
        );
        assert_eq!(
            text(with(Some(1), 5, Some(9_000), 6, 9)),
            "A new best time, of 5 clean wins; 6 won of 9 played."
        );
        assert_eq!(
            text(with(Some(1), 1, Some(9_000), 1, 1)),
            "Your first clean win; 1 won of 1 played."
        );
        assert_eq!(
            text(with(None, 2, Some(9_000), 3, 4)),
            "Best clean time 9.0 s; 3 won of 4 played."
        );
        assert_eq!(text(with(None, 0, None, 1, 2)), "1 won of 2 played.");
        assert_eq!(summary(true, 40, 40).standing(), None);
        assert_eq!(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal),
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }
}
