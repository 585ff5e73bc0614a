//! What `bench` tells: a report for people, or one JSON object for scripts.

use std::io::{self, Write};

use serde::Serialize;

use engine::Layout;

use super::loss::{Loss, Losses};
use super::{Played, Tally, Trial};

/// The Wilson score interval for `wins` out of `games` at 95 %.
pub fn wilson_95(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = games as f64;
    let p = wins as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The report for people.
pub fn write_text(out: &mut impl Write, trial: &Trial, tally: &Tally) -> io::Result<()> {
    write_each(out, trial, tally)?;
    let (low, high) = wilson_95(tally.wins, tally.games);
    let Layout { rows, cols, mines } = trial.layout;
    writeln!(
        out,
        "{rows}x{cols} with {mines} mines, first move {} at {},{}, {}",
        trial.first_move.name(),
        trial.at.row + 1,
        trial.at.col + 1,
        seed_range(trial.seed, tally.games),
    )?;
    writeln!(
        out,
        "won {} of {} games: {:.2} % (95 % interval {:.2} % to {:.2} %)",
        tally.wins,
        tally.games,
        100.0 * tally.win_rate(),
        100.0 * low,
        100.0 * high
    )?;
    write_losses(out, tally)?;
    writeln!(
        out,
        "{} on {} thread{}",
        speed(tally),
        tally.threads,
        if tally.threads == 1 { "" } else { "s" }
    )
}

/// A tab-separated table of the games, one a line, when they were kept.
fn write_each(out: &mut impl Write, trial: &Trial, tally: &Tally) -> io::Result<()> {
    if tally.each.is_empty() {
        return Ok(());
    }
    writeln!(out, "seed\tresult\tguesses\trisk")?;
    for (i, played) in (0u64..).zip(&tally.each) {
        let result = played.lost.map_or("won", Loss::key);
        writeln!(
            out,
            "{}\t{result}\t{}\t{:.6}",
            trial.seed.wrapping_add(i),
            played.guesses,
            played.risk
        )?;
    }
    writeln!(out)
}

/// The games lost, by where, leaving out the kinds no game was lost to.
fn write_losses(out: &mut impl Write, tally: &Tally) -> io::Result<()> {
    let lost = tally.games - tally.wins;
    if lost == 0 {
        return Ok(());
    }
    let parts: Vec<String> = Loss::ALL
        .iter()
        .map(|&loss| (loss, tally.losses.count(loss)))
        .filter(|&(_, count)| count > 0)
        .map(|(loss, count)| format!("{count} {}", loss.phrase()))
        .collect();
    writeln!(out, "lost {lost}: {}", parts.join(", "))
}

/// The seeds of `games` games from `seed`, which wrap past the largest seed to 0.
fn seed_range(seed: u64, games: u64) -> String {
    let last = seed.wrapping_add(games.saturating_sub(1));
    match (games, last >= seed) {
        (1, _) => format!("seed {seed}"),
        (_, true) => format!("seeds {seed} to {last}"),
        (_, false) if seed == u64::MAX => format!("seed {seed}, then 0 to {last}"),
        (_, false) => format!("seeds {seed} to {}, then 0 to {last}", u64::MAX),
    }
}

/// Games per second, with as many digits as it takes to be more than 0;
/// seconds per game when a game takes longer than a second.
fn speed(tally: &Tally) -> String {
    let rate = tally.games_per_second();
    if rate >= 100.0 {
        format!("{rate:.0} games per second")
    } else if rate >= 1.0 {
        format!("{rate:.1} games per second")
    } else {
        format!("{:.1} seconds per game", 1.0 / rate)
    }
}

/// The report as one JSON object, for scripts.
pub fn write_json(out: &mut impl Write, trial: &Trial, tally: &Tally) -> io::Result<()> {
    let (ci95_low, ci95_high) = wilson_95(tally.wins, tally.games);
    let Layout { rows, cols, mines } = trial.layout;
    let report = JsonReport {
        rows,
        cols,
        mines,
        first_move: trial.first_move.name(),
        at: [trial.at.row + 1, trial.at.col + 1],
        seed: trial.seed,
        threads: tally.threads,
        games: tally.games,
        wins: tally.wins,
        win_rate: tally.win_rate(),
        ci95_low,
        ci95_high,
        lost: &tally.losses,
        games_per_second: tally.games_per_second(),
        each: (!tally.each.is_empty()).then(|| {
            (0u64..)
                .zip(&tally.each)
                .map(|(i, played)| JsonGame::of(trial.seed.wrapping_add(i), played))
                .collect()
        }),
    };
    serde_json::to_writer(&mut *out, &report)?;
    writeln!(out)
}

/// The JSON object, its members in this order.
#[derive(Serialize)]
struct JsonReport<'a> {
    rows: usize,
    cols: usize,
    mines: usize,
    first_move: &'static str,
    /// The first square, from 1.
    at: [usize; 2],
    seed: u64,
    threads: usize,
    games: u64,
    wins: u64,
    win_rate: f64,
    ci95_low: f64,
    ci95_high: f64,
    lost: &'a Losses,
    games_per_second: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    each: Option<Vec<JsonGame>>,
}

/// One game in JSON: `lost` is null when it was won.
#[derive(Serialize)]
struct JsonGame {
    seed: u64,
    lost: Option<&'static str>,
    guesses: u32,
    risk: f64,
}

impl JsonGame {
    fn of(seed: u64, played: &Played) -> JsonGame {
        JsonGame {
            seed,
            lost: played.lost.map(Loss::key),
            guesses: played.guesses,
            risk: played.risk,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn wilson_interval_matches_published_values() {
        // Worked by hand from the formula: 40 of 100 gives 0.3094 to 0.4980.
        let (low, high) = wilson_95(40, 100);
        assert!((low - 0.3094).abs() < 1e-4, "{low}");
        assert!((high - 0.4980).abs() < 1e-4, "{high}");
        let (low, high) = wilson_95(0, 10);
        assert_eq!(low, 0.0);
        assert!((high - 0.2775).abs() < 1e-4, "{high}");
    }

    #[test]
    fn seeds_that_wrap_are_reported_as_they_are_played() {
        assert_eq!(seed_range(5, 10), "seeds 5 to 14");
        assert_eq!(seed_range(5, 1), "seed 5");
        assert_eq!(
            seed_range(u64::MAX, 100),
            "seed 18446744073709551615, then 0 to 98"
        );
        assert_eq!(
            seed_range(u64::MAX - 1, 3),
            "seeds 18446744073709551614 to 18446744073709551615, then 0 to 0"
        );
    }

    #[test]
    fn a_slow_game_is_never_zero_games_per_second() {
        let tally = |secs| Tally {
            games: 2,
            wins: 0,
            losses: Losses::default(),
            elapsed: Duration::from_secs_f64(secs),
            threads: 1,
            each: Vec::new(),
        };
        assert_eq!(speed(&tally(0.001)), "2000 games per second");
        assert_eq!(speed(&tally(0.5)), "4.0 games per second");
        assert_eq!(speed(&tally(9.0)), "4.5 seconds per game");
    }

    #[test]
    fn the_report_says_where_games_were_lost_leaving_out_what_none_were() {
        let mut losses = Losses::default();
        for loss in [Loss::BeforeOpening, Loss::Endgame, Loss::BeforeOpening] {
            losses.add(loss);
        }
        let tally = Tally {
            games: 10,
            wins: 7,
            losses,
            elapsed: Duration::from_secs(1),
            threads: 1,
            each: Vec::new(),
        };
        let mut text = Vec::new();
        write_losses(&mut text, &tally).unwrap();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "lost 3: 2 before any area opened, 1 in the endgame search\n"
        );
    }
}
