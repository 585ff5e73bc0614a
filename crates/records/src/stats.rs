//! Statistics, worked out from the records each time they are read, never
//! kept as running totals: nothing a crash could leave half-updated.
//!
//! Games are grouped by rule set and board (size, mines, and whether it
//! was made to need no guess). Losses never count in times. A win with an
//! undo, a hint or a mine set off and taken back is counted as a win, and
//! its figures are kept apart from the clean wins'.

use std::collections::HashMap;

use crate::{GameResult, Record};

/// Which games a group holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub rules: String,
    pub rows: usize,
    pub cols: usize,
    pub mines: usize,
    pub no_guess: bool,
}

impl Key {
    fn of<M>(record: &Record<M>) -> Self {
        Key {
            rules: record.rules.clone(),
            rows: record.board.rows,
            cols: record.board.cols,
            mines: record.board.mines,
            no_guess: record.board.no_guess,
        }
    }

    /// The standard level this size is, if it is one.
    pub fn level(&self) -> Option<&'static str> {
        LEVELS
            .iter()
            .find(|(_, size)| *size == (self.rows, self.cols, self.mines))
            .map(|(name, _)| *name)
    }
}

/// The standard levels by name: rows, columns, mines.
pub const LEVELS: [(&str, (usize, usize, usize)); 3] = [
    ("beginner", (9, 9, 10)),
    ("intermediate", (16, 16, 40)),
    ("expert", (16, 30, 99)),
];

/// Which games to count.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only this rule set.
    pub rules: Option<String>,
    /// Only boards of this size: rows, columns, mines.
    pub size: Option<(usize, usize, usize)>,
}

impl Filter {
    fn keeps<M>(&self, record: &Record<M>) -> bool {
        let board = &record.board;
        self.rules.as_ref().is_none_or(|r| *r == record.rules)
            && self
                .size
                .is_none_or(|size| size == (board.rows, board.cols, board.mines))
    }
}

/// The figures of one group of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub key: Key,
    pub played: usize,
    pub won: usize,
    /// The winning streak the last games make (0 after a loss), and the
    /// longest.
    pub current_streak: usize,
    pub best_streak: usize,
    /// Wins without undo, hints or deaths.
    pub clean: Wins,
    /// Wins with any of them.
    pub assisted: Wins,
    /// The last games, the latest first, by their numbers in the history.
    pub last: Vec<usize>,
}

/// Figures of a set of wins; times in milliseconds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Wins {
    pub count: usize,
    pub best_ms: Option<u64>,
    pub median_ms: Option<u64>,
    pub mean_ms: Option<u64>,
    /// The most 3BV a second among them.
    pub best_3bv_per_s: Option<f64>,
    /// The mean of 3BV done per click.
    pub mean_efficiency: Option<f64>,
}

/// How many of the last games each group lists.
pub const LAST_GAMES: usize = 5;

impl Group {
    /// Wins in percent of games played.
    pub fn win_percent(&self) -> f64 {
        if self.played == 0 {
            return 0.0;
        }
        100.0 * self.won as f64 / self.played as f64
    }
}

/// The groups of the finished games that `filter` keeps, the most played
/// first. `records` are in the history's order (its line numbers).
pub fn groups<M>(records: &[(usize, Record<M>)], filter: &Filter) -> Vec<Group> {
    let mut by_key: HashMap<Key, Vec<(usize, &Record<M>)>> = HashMap::new();
    for (line, record) in records {
        if record.result != GameResult::Playing && filter.keeps(record) {
            by_key
                .entry(Key::of(record))
                .or_default()
                .push((*line, record));
        }
    }
    let mut groups: Vec<Group> = by_key
        .into_iter()
        .map(|(key, games)| group(key, &games))
        .collect();
    groups.sort_by(|a, b| b.played.cmp(&a.played).then_with(|| a.key.cmp(&b.key)));
    groups
}

/// Where a win stands among the finished games of its kind (its group)
/// before it, counting itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Its place among the clean wins by time (1: the best); `None` for a
    /// win with help, whose time is not compared.
    pub place: Option<usize>,
    pub clean_wins: usize,
    /// The best clean time, its own included.
    pub best_ms: Option<u64>,
    pub won: usize,
    pub played: usize,
}

/// Where `win` stands among the finished games of its group in `records`
/// (which do not hold it yet).
pub fn standing<M, N>(records: &[(usize, Record<M>)], win: &Record<N>) -> Standing {
    let key = Key::of(win);
    let earlier: Vec<&Record<M>> = records
        .iter()
        .map(|(_, record)| record)
        .filter(|record| record.result != GameResult::Playing && Key::of(*record) == key)
        .collect();
    let won = earlier.iter().filter(|r| r.result == GameResult::Won);
    let clean: Vec<u64> = won
        .clone()
        .filter(|r| !r.assisted())
        .map(|r| r.ms)
        .collect();
    let place = (!win.assisted()).then(|| 1 + clean.iter().filter(|&&ms| ms < win.ms).count());
    let own = (!win.assisted()).then_some(win.ms);
    Standing {
        place,
        clean_wins: clean.len() + usize::from(own.is_some()),
        best_ms: clean.iter().copied().chain(own).min(),
        won: won.count() + 1,
        played: earlier.len() + 1,
    }
}

fn group<M>(key: Key, games: &[(usize, &Record<M>)]) -> Group {
    let mut streak = 0;
    let mut best_streak = 0;
    for (_, record) in games {
        if record.result == GameResult::Won {
            streak += 1;
            best_streak = best_streak.max(streak);
        } else {
            streak = 0;
        }
    }
    let won: Vec<&Record<M>> = games
        .iter()
        .map(|(_, r)| *r)
        .filter(|r| r.result == GameResult::Won)
        .collect();
    let (assisted, clean): (Vec<&Record<M>>, Vec<&Record<M>>) =
        won.iter().partition(|r| r.assisted());
    Group {
        key,
        played: games.len(),
        won: won.len(),
        current_streak: streak,
        best_streak,
        clean: wins(&clean),
        assisted: wins(&assisted),
        last: games
            .iter()
            .rev()
            .take(LAST_GAMES)
            .map(|(line, _)| *line)
            .collect(),
    }
}

fn wins<M>(won: &[&Record<M>]) -> Wins {
    if won.is_empty() {
        return Wins::default();
    }
    let mut times: Vec<u64> = won.iter().map(|r| r.ms).collect();
    times.sort_unstable();
    let middle = times.len() / 2;
    let median = if times.len() % 2 == 1 {
        times[middle]
    } else {
        (times[middle - 1] + times[middle]) / 2
    };
    let total: u128 = times.iter().map(|&t| u128::from(t)).sum();
    let rates = won
        .iter()
        .filter(|r| r.ms > 0 && r.three_bv_done > 0)
        .map(|r| f64::from(r.three_bv_done) * 1000.0 / r.ms as f64);
    let efficiencies: Vec<f64> = won
        .iter()
        .filter(|r| r.clicks > 0)
        .map(|r| f64::from(r.three_bv_done) / f64::from(r.clicks))
        .collect();
    Wins {
        count: won.len(),
        best_ms: times.first().copied(),
        median_ms: Some(median),
        mean_ms: Some((total / times.len() as u128) as u64),
        best_3bv_per_s: rates.reduce(f64::max),
        mean_efficiency: (!efficiencies.is_empty())
            .then(|| efficiencies.iter().sum::<f64>() / efficiencies.len() as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{played, reveal};

    fn game(result: GameResult, ms: u64, undos: u32) -> Record {
        let (_, mut record) = played(1, &[reveal(0, 0)]);
        record.result = result;
        record.ms = ms;
        record.undos = undos;
        record.three_bv_done = 20;
        record.clicks = 40;
        record
    }

    #[test]
    fn figures_of_a_group() {
        use GameResult::{Lost, Won};
        let games = [
            game(Won, 10_000, 0),
            game(Lost, 1_000, 0),
            game(Won, 20_000, 0),
            game(Won, 40_000, 0),
            game(Won, 5_000, 2),
            game(Lost, 500, 0),
            game(Won, 30_000, 0),
        ];
        let records: Vec<(usize, Record)> = games
            .into_iter()
            .enumerate()
            .map(|(i, r)| (i + 1, r))
            .collect();
        let groups = groups(&records, &Filter::default());
        assert_eq!(groups.len(), 1);
        let g = &groups[0];
        assert_eq!(g.key.level(), Some("beginner"));
        assert_eq!((g.played, g.won), (7, 5));
        assert_eq!((g.current_streak, g.best_streak), (1, 3));
        // Losses never count in times; the win with undos stands apart.
        assert_eq!(g.clean.count, 4);
        assert_eq!(g.clean.best_ms, Some(10_000));
        assert_eq!(g.clean.median_ms, Some(25_000));
        assert_eq!(g.clean.mean_ms, Some(25_000));
        assert_eq!(g.clean.best_3bv_per_s, Some(2.0));
        assert_eq!(g.clean.mean_efficiency, Some(0.5));
        assert_eq!(g.assisted.count, 1);
        assert_eq!(g.assisted.best_ms, Some(5_000));
        assert_eq!(g.last, [7, 6, 5, 4, 3]);
        assert!((g.win_percent() - 500.0 / 7.0).abs() < 1e-9);
    }

    #[test]
    fn groups_split_by_rules_and_board_and_filters_pick_them() {
        let mut expert = game(GameResult::Won, 1, 0);
        (expert.board.rows, expert.board.cols, expert.board.mines) = (16, 30, 99);
        let mut proj3 = game(GameResult::Lost, 1, 0);
        proj3.rules = "proj3".to_owned();
        let mut in_progress = game(GameResult::Playing, 1, 0);
        in_progress.rules = "coms227".to_owned();
        let records: Vec<(usize, Record)> = [
            game(GameResult::Won, 1, 0),
            expert,
            proj3,
            in_progress,
            game(GameResult::Lost, 1, 0),
        ]
        .into_iter()
        .enumerate()
        .map(|(i, r)| (i + 1, r))
        .collect();
        let all = groups(&records, &Filter::default());
        let names: Vec<(&str, Option<&str>, usize)> = all
            .iter()
            .map(|g| (g.key.rules.as_str(), g.key.level(), g.played))
            .collect();
        assert_eq!(
            names,
            [
                ("classic", Some("beginner"), 2),
                ("classic", Some("expert"), 1),
                ("proj3", Some("beginner"), 1)
            ]
        );
        let filter = Filter {
            rules: Some("classic".to_owned()),
            size: Some((16, 30, 99)),
        };
        let expert_only = groups(&records, &filter);
        assert_eq!(expert_only.len(), 1);
        assert_eq!(expert_only[0].last, [2]);
    }

    #[test]
    fn a_win_stands_among_the_wins_of_its_kind() {
        let history: Vec<(usize, Record)> = [
            game(GameResult::Won, 30_000, 0),
            game(GameResult::Lost, 5_000, 0),
            game(GameResult::Won, 10_000, 0),
            game(GameResult::Won, 2_000, 1),
        ]
        .into_iter()
        .enumerate()
        .map(|(i, r)| (i + 1, r))
        .collect();
        let win = game(GameResult::Won, 20_000, 0);
        let s = standing(&history, &win);
        assert_eq!(s.place, Some(2), "after 10 s, before 30 s; 2 s had help");
        assert_eq!((s.clean_wins, s.best_ms), (3, Some(10_000)));
        assert_eq!((s.won, s.played), (4, 5));
        let helped = game(GameResult::Won, 1_000, 1);
        assert_eq!(standing(&history, &helped).place, None);
        assert_eq!(standing(&history, &helped).best_ms, Some(10_000));
        // Another kind of board counts nothing.
        let mut other = game(GameResult::Won, 20_000, 0);
        other.board.mines = 11;
        assert_eq!(standing(&history, &other).played, 1);
    }
}
