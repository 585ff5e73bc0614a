//! Sheets shown over the board: the key list (`?`) and the statistics
//! (`b`). Each is lines of text, long or short as the terminal's width
//! allows, shown a page at a time where its height does not hold them;
//! the clock stands still while one covers the board.

use console::words::group_title;
use records::stats::{Group, Key, Wins};

use crate::command::{KEYS, KeyLine};

/// What a sheet shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Sheet {
    /// The keys.
    Keys,
    /// The statistics of every kind of game, this game's kind first (marked
    /// `>`);
    /// `Err` says why there are none. `None` until the records are read.
    Scores(Option<Result<Scores, String>>),
}

/// The statistics a sheet shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Scores {
    /// Every kind of game in the history, the most played first.
    pub groups: Vec<Group>,
    /// The kind of game being played, shown first.
    pub current: Key,
}

/// A sheet and the page of it shown.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Shown {
    pub(crate) sheet: Sheet,
    pub(crate) page: usize,
}

/// Lines a page holds on a terminal `height` rows high: all but the box's
/// border; at least one.
pub(crate) fn per_page(height: u16) -> usize {
    usize::from(height.saturating_sub(2)).max(1)
}

/// Pages `lines` take on a terminal `height` rows high; at least one.
pub(crate) fn pages(lines: usize, height: u16) -> usize {
    lines.div_ceil(per_page(height)).max(1)
}

impl Sheet {
    /// The sheet's lines on a terminal `width` columns wide.
    pub(crate) fn lines(&self, width: u16) -> Vec<String> {
        let room = usize::from(width).saturating_sub(2);
        match self {
            Sheet::Keys => keys(room),
            Sheet::Scores(None) => vec!["Reading the records…".to_owned()],
            Sheet::Scores(Some(Err(why))) => vec![why.clone()],
            Sheet::Scores(Some(Ok(scores))) => scores.lines(room),
        }
    }

    /// The title, for `page` (from 0) of `pages`: what the sheet is, how
    /// to turn its pages and close it, in as many words as `width` holds.
    pub(crate) fn title(&self, page: usize, pages: usize, width: u16) -> String {
        let name = match self {
            Sheet::Keys => "Keys",
            Sheet::Scores(_) => "Statistics",
        };
        let titles = if pages == 1 {
            vec![format!(" {name} (any key closes) "), format!(" {name} ")]
        } else {
            let at = page + 1;
            let turn = if at < pages { "Down: more" } else { "Up: back" };
            vec![
                format!(" {name} {at}/{pages} ({turn}, any other key closes) "),
                format!(" {name} {at}/{pages} ({turn}, Esc closes) "),
                format!(" {name} {at}/{pages} ({turn}) "),
                format!(" {at}/{pages} ({turn}) "),
            ]
        };
        let room = usize::from(width).saturating_sub(2);
        let last = titles.len() - 1;
        titles
            .into_iter()
            .enumerate()
            .find(|(i, title)| *i == last || title.chars().count() <= room)
            .map(|(_, title)| title)
            .unwrap_or_default()
    }
}

/// The key list: the long words where they fit in `room`, else the short.
fn keys(room: usize) -> Vec<String> {
    let long = |key: &KeyLine| format!("{:<20} {}", key.keys, key.does);
    let fits = KEYS.iter().all(|key| long(key).chars().count() <= room);
    KEYS.iter()
        .map(|key| match fits {
            true => long(key),
            false => format!("{:<11} {}", key.short_keys, key.short_does),
        })
        .collect()
}

/// Below this many columns, each kind of game is said in short lines.
const LONG_FROM: usize = 60;

impl Scores {
    fn lines(&self, room: usize) -> Vec<String> {
        if self.groups.is_empty() {
            return vec!["No game finished yet: the figures start with the first.".to_owned()];
        }
        let current = self.groups.iter().filter(|g| g.key == self.current);
        let others = self.groups.iter().filter(|g| g.key != self.current);
        let mut lines = Vec::new();
        for (i, group) in current.chain(others).enumerate() {
            if i > 0 {
                lines.push(String::new());
            }
            let this = group.key == self.current;
            if room >= LONG_FROM {
                lines.extend(long_lines(group, this));
            } else {
                lines.extend(short_lines(group, this));
            }
        }
        lines
    }
}

fn seconds(ms: u64) -> String {
    format!("{:.1}", ms as f64 / 1000.0)
}

/// The fastest times in seconds, `between` each.
fn fastest(wins: &Wins, between: &str) -> String {
    let times: Vec<String> = wins.fastest.iter().map(|&ms| seconds(ms)).collect();
    times.join(between)
}

fn long_lines(group: &Group, this: bool) -> Vec<String> {
    let marker = if this { "> " } else { "" };
    let mut lines = vec![
        format!("{marker}{}", group_title(group)),
        format!(
            "  {} played, {} won ({:.0} %), {} lost, {} abandoned; streak {}, best {}",
            group.played,
            group.won,
            group.win_percent(),
            group.lost,
            group.abandoned,
            group.current_streak,
            group.best_streak
        ),
    ];
    let opening = group.won_by_opening();
    lines.extend(wins_lines(&group.clean, "clean wins", opening));
    lines.extend(wins_lines(&group.assisted, "wins with help", opening));
    lines
}

/// A set of wins' figures, and its fastest times; 3BV's figures only
/// for games won by `opening` (not proj3's, won by flags).
fn wins_lines(wins: &Wins, name: &str, opening: bool) -> Vec<String> {
    let (Some(best), Some(median)) = (wins.best_ms, wins.median_ms) else {
        return Vec::new();
    };
    let mut figures = format!(
        "  {name} {}: best {} s, median {} s",
        wins.count,
        seconds(best),
        seconds(median)
    );
    if let Some(rate) = wins.best_3bv_per_s.filter(|_| opening) {
        figures += &format!(", best {rate:.2} 3BV/s");
    }
    if let Some(efficiency) = wins.mean_efficiency.filter(|_| opening) {
        figures += &format!(", {:.0} % efficient", 100.0 * efficiency);
    }
    vec![figures, format!("    fastest: {} s", fastest(wins, "  "))]
}

fn short_lines(group: &Group, this: bool) -> Vec<String> {
    let marker = if this { "> " } else { "" };
    let mut lines = vec![
        format!("{marker}{}", group_title(group)),
        format!(
            " {}/{} won, {:.0} %, streak {} ({})",
            group.won,
            group.played,
            group.win_percent(),
            group.current_streak,
            group.best_streak
        ),
    ];
    if let (Some(best), Some(median)) = (group.clean.best_ms, group.clean.median_ms) {
        lines.push(format!(
            " best {} s, median {} s",
            seconds(best),
            seconds(median)
        ));
        lines.push(format!(" fastest {}", fastest(&group.clean, " ")));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_say_how_to_turn_and_close_in_the_room_there_is() {
        assert_eq!(Sheet::Keys.title(0, 1, 80), " Keys (any key closes) ");
        assert_eq!(
            Sheet::Keys.title(0, 2, 80),
            " Keys 1/2 (Down: more, any other key closes) "
        );
        assert_eq!(
            Sheet::Keys.title(1, 2, 40),
            " Keys 2/2 (Up: back, Esc closes) "
        );
        assert_eq!(Sheet::Scores(None).title(0, 3, 30), " 1/3 (Down: more) ");
    }

    #[test]
    fn pages_hold_what_the_terminal_does() {
        assert_eq!(per_page(12), 10);
        assert_eq!(pages(16, 12), 2);
        assert_eq!(pages(0, 12), 1);
        assert_eq!(per_page(1), 1);
    }
}
