//! `stats`: the statistics of the history as a table, or one JSON object.

use std::io::{self, Write};
use std::path::Path;

use serde::de::IgnoredAny;
use serde_json::json;

use console::messages::Printer;
use console::words::{counted, group_title, local_time};
use records::GameResult;
use records::history::Problem;
use records::settings::Preset;
use records::stats::{Filter, Group, Tally, Wins};

use crate::cli::StatsArgs;
use crate::error::AppError;
use crate::recording::{each_in_history, places};

pub(super) fn run(
    args: &StatsArgs,
    out: &mut impl Write,
    printer: Printer,
) -> Result<(), AppError> {
    let places = places()?;
    let filter = Filter {
        rules: args.rules.map(|r| r.set().name.to_owned()),
        size: args.level.map(|level| {
            let layout = level.layout();
            (layout.rows, layout.cols, layout.mines)
        }),
    };
    // The history tallied as it is read, whatever its size.
    let mut tally = Tally::new(filter);
    let problems = each_in_history::<IgnoredAny>(
        &places,
        |number, record| tally.add(number, &record),
        printer,
    )?;
    let groups = tally.groups();
    if args.json {
        write_json(out, &places.history, &problems, &groups)?;
    } else {
        // The sizes the player named in `play`'s menu name their games.
        let presets = records::settings::read(&places.settings)
            .presets
            .unwrap_or_default();
        write_text(out, &places.history, &groups, &presets)?;
    }
    Ok(())
}

fn seconds(ms: Option<u64>) -> String {
    ms.map_or("-".to_owned(), |ms| format!("{:.1} s", ms as f64 / 1000.0))
}

/// The table.
fn write_text(
    out: &mut impl Write,
    history: &Path,
    groups: &[Group],
    presets: &[Preset],
) -> io::Result<()> {
    let played: usize = groups.iter().map(|g| g.played).sum();
    writeln!(
        out,
        "History: {} ({} counted)",
        visible::path(history),
        counted(played, "game")
    )?;
    if groups.is_empty() {
        writeln!(out, "\nNo finished games to count yet.")?;
    }
    for group in groups {
        writeln!(out, "\n{}", group_title(group, presets))?;
        // Abandoned games are played and not won: said when there are any.
        let abandoned = match group.abandoned {
            0 => String::new(),
            n => format!(", abandoned {n}"),
        };
        writeln!(
            out,
            "  played {}, won {} ({:.1} %){abandoned}, streak {}, best streak {}",
            group.played,
            group.won,
            group.win_percent(),
            group.current_streak,
            group.best_streak
        )?;
        let opening = group.won_by_opening();
        let mut heading = format!(
            "  {:<14}{:>10}{:>10}{:>10}",
            "wins", "best", "median", "mean"
        );
        if opening {
            heading.push_str(&format!(
                "{:>12}{:>8}{:>6}{:>12}{:>11}",
                "best 3BV/s", "RQP", "IOS", "efficiency", "ZiNi eff."
            ));
        }
        writeln!(out, "{heading}")?;
        write_wins(out, "clean", &group.clean, opening)?;
        write_wins(out, "with help", &group.assisted, opening)?;
        // NF wins, counted apart as minesweeper.online does; a flag-won
        // rule set has none.
        if opening {
            write_wins(out, "no flags", &group.no_flags, opening)?;
        }
        let last: Vec<String> = group
            .last
            .iter()
            .map(|game| {
                let time = match game.result {
                    GameResult::Won => format!(" {}", seconds(Some(game.ms))),
                    _ => String::new(),
                };
                format!(
                    "#{} {}{time} ({})",
                    game.number,
                    game.result.word(),
                    local_time(&game.when)
                )
            })
            .collect();
        writeln!(out, "  last: {}", last.join(", "))?;
    }
    Ok(())
}

/// A row of wins: the count and the times, and with `opening` the best
/// 3BV/s, RQP (time over 3BV/s: lower is better) and IOS (log 3BV over log
/// time), the efficiency (3BV per click) and the ZiNi efficiency (ZiNi
/// per click: a flagger's measure).
fn write_wins(out: &mut impl Write, name: &str, wins: &Wins, opening: bool) -> io::Result<()> {
    let mut row = format!(
        "  {:<14}{:>10}{:>10}{:>10}",
        format!("{name} {}", wins.count),
        seconds(wins.best_ms),
        seconds(wins.median_ms),
        seconds(wins.mean_ms),
    );
    if opening {
        let rate = wins
            .best_3bv_per_s
            .map_or("-".to_owned(), |r| format!("{r:.2}"));
        let figure =
            |value: Option<f64>, shown: &dyn Fn(f64) -> String| value.map_or("-".to_owned(), shown);
        let percent = |e: f64| format!("{:.0} %", 100.0 * e);
        let rqp = figure(wins.best_rqp, &|r| format!("{r:.1}"));
        let ios = figure(wins.best_ios, &|i| format!("{i:.2}"));
        let efficiency = figure(wins.mean_efficiency, &percent);
        let zini = figure(wins.mean_zini_efficiency, &percent);
        row.push_str(&format!(
            "{rate:>12}{rqp:>8}{ios:>6}{efficiency:>12}{zini:>11}"
        ));
    }
    writeln!(out, "{row}")
}

/// One JSON object: the history, the lines left out, and each group.
fn write_json(
    out: &mut impl Write,
    history: &Path,
    problems: &[Problem],
    groups: &[Group],
) -> io::Result<()> {
    // 3BV's figures only where games are won by opening (null else).
    let wins = |w: &Wins, opening: bool| {
        json!({
            "count": w.count,
            "best_ms": w.best_ms,
            "median_ms": w.median_ms,
            "mean_ms": w.mean_ms,
            "best_3bv_per_s": w.best_3bv_per_s.filter(|_| opening),
            "best_rqp": w.best_rqp.filter(|_| opening),
            "best_ios": w.best_ios.filter(|_| opening),
            "mean_efficiency": w.mean_efficiency.filter(|_| opening),
            "mean_zini_efficiency": w.mean_zini_efficiency.filter(|_| opening),
        })
    };
    let groups: Vec<_> = groups
        .iter()
        .map(|g| {
            let last: Vec<_> = g
                .last
                .iter()
                .map(|game| {
                    json!({
                        "game": game.number,
                        "result": game.result.word(),
                        "ms": game.ms,
                        "when": game.when,
                    })
                })
                .collect();
            json!({
                "rules": g.key.rules,
                "rows": g.key.rows,
                "cols": g.key.cols,
                "mines": g.key.mines,
                "no_guess": g.key.no_guess,
                "level": g.key.level(),
                "board_sha256": g.key.board,
                "board_name": g.board_name,
                "played": g.played,
                "won": g.won,
                "lost": g.lost,
                "abandoned": g.abandoned,
                "win_percent": g.win_percent(),
                "current_streak": g.current_streak,
                "best_streak": g.best_streak,
                "clean_wins": wins(&g.clean, g.won_by_opening()),
                "wins_with_help": wins(&g.assisted, g.won_by_opening()),
                "no_flag_wins": wins(&g.no_flags, g.won_by_opening()),
                "last": last,
            })
        })
        .collect();
    let left_out: Vec<_> = problems
        .iter()
        .map(|p| json!({ "line": p.line, "problem": p.to_string() }))
        .collect();
    let object = json!({
        "history": history.to_string_lossy(),
        "left_out": left_out,
        "groups": groups,
    });
    // Rules, times and board names come from a file anyone can write:
    // what JSON would leave raw past ASCII is escaped too.
    let text = serde_json::to_string_pretty(&object)?;
    writeln!(out, "{}", visible::json_escaped(&text))
}
