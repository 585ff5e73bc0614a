//! Statistics, worked out from the records each time they are read, never
//! kept as running totals: nothing a crash could leave half-updated.
//!
//! Games are grouped by rule set and board: a random board's size, mines
//! and whether it was made to need no guess, or a board file by its text.
//! Every game started and ended counts as played: won, lost, or abandoned
//! for another (minesweeper.online counts that as a loss; here it is
//! counted apart, and is not a win). Losses and abandoned games never
//! count in times. A win with an undo, a hint or a mine set off and taken
//! back is counted as a win, and its figures are kept apart from the clean
//! wins'.
//!
//! The records are tallied one at a time as the history is read: what is
//! kept of a game is its time if it is a win (for the median), so a
//! million games take a few megabytes whatever the history's size.

use std::collections::{HashMap, VecDeque};

use crate::boards;
use crate::{GameResult, Record};

/// Which games a group holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// The rule set's name.
    pub rules: String,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Mines on it.
    pub mines: usize,
    /// Whether it was made to need no guess.
    pub no_guess: bool,
    /// A board file's SHA-256; `None` for random boards.
    pub board: Option<String>,
}

impl Key {
    /// The kind of game `record` is.
    pub fn of<M>(record: &Record<M>) -> Self {
        let board = &record.board;
        // Version 1's records hold the text: hashed, it groups with the
        // same board's later records.
        let file = board
            .sha256
            .clone()
            .or_else(|| board.file.as_ref().map(boards::sha256));
        Key {
            rules: record.rules.clone(),
            rows: board.rows,
            cols: board.cols,
            mines: board.mines,
            no_guess: board.no_guess,
            board: file,
        }
    }

    /// The standard level this size is, if it is one and a random board.
    pub fn level(&self) -> Option<&'static str> {
        if self.board.is_some() {
            return None;
        }
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
    /// Only random boards of this size: rows, columns, mines.
    pub size: Option<(usize, usize, usize)>,
}

impl Filter {
    fn keeps<M>(&self, record: &Record<M>) -> bool {
        let board = &record.board;
        let random = board.is_random();
        self.rules.as_ref().is_none_or(|r| *r == record.rules)
            && self
                .size
                .is_none_or(|size| random && size == (board.rows, board.cols, board.mines))
    }
}

/// The figures of one group of games.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The kind of game.
    pub key: Key,
    /// The board file's name, as the group's last game gave it.
    pub board_name: Option<String>,
    /// Won, lost and abandoned.
    pub played: usize,
    /// Games won.
    pub won: usize,
    /// Games lost.
    pub lost: usize,
    /// Games left unfinished.
    pub abandoned: usize,
    /// The winning streak the last games make (0 after a loss or an
    /// abandoned game), and the longest.
    pub current_streak: usize,
    /// The longest run of wins.
    pub best_streak: usize,
    /// Wins without undo, hints or deaths.
    pub clean: Wins,
    /// Wins with any of them.
    pub assisted: Wins,
    /// Clean wins without a flag click (NF), as minesweeper.online
    /// counts them apart: a kind of clean win, so a win with help is
    /// never one (it would beat the best clean time); their efficiency is
    /// the flag-free one.
    pub no_flags: Wins,
    /// The last games, the latest first.
    pub last: Vec<Game>,
}

/// One of a group's last games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Its number in the history (its line).
    pub number: usize,
    /// How it ended.
    pub result: GameResult,
    /// Its time, in milliseconds.
    pub ms: u64,
    /// When it ended, as the record says.
    pub when: String,
}

/// Figures of a set of wins; times in milliseconds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Wins {
    /// Games won.
    pub count: usize,
    /// The shortest time.
    pub best_ms: Option<u64>,
    /// The median time.
    pub median_ms: Option<u64>,
    /// The mean time.
    pub mean_ms: Option<u64>,
    /// The most 3BV a second among them.
    pub best_3bv_per_s: Option<f64>,
    /// The mean of 3BV done per click.
    pub mean_efficiency: Option<f64>,
    /// The mean of ZiNi per click (efficiency against the fewest clicks
    /// with flags and chords), over the wins whose ZiNi is known.
    pub mean_zini_efficiency: Option<f64>,
    /// The least RQP: time over 3BV/s (time² / 3BV, in seconds), lower
    /// for a faster game of the same board.
    pub best_rqp: Option<f64>,
    /// The highest IOS: log(3BV) / log(time in seconds), for wins longer
    /// than a second.
    pub best_ios: Option<f64>,
    /// The shortest times, fastest first: at most [`FASTEST`].
    pub fastest: Vec<u64>,
}

/// How many of the shortest times [`Wins`] lists.
pub const FASTEST: usize = 5;

/// How many of the last games each group lists.
pub(crate) const LAST_GAMES: usize = 5;

impl Group {
    /// A kind of game with no game in the history yet.
    pub fn unplayed(key: Key, board_name: Option<String>) -> Self {
        Group {
            key,
            board_name,
            played: 0,
            won: 0,
            lost: 0,
            abandoned: 0,
            current_streak: 0,
            best_streak: 0,
            clean: Wins::default(),
            assisted: Wins::default(),
            no_flags: Wins::default(),
            last: Vec::new(),
        }
    }

    /// Wins in percent of games played (abandoned ones included).
    pub fn win_percent(&self) -> f64 {
        if self.played == 0 {
            return 0.0;
        }
        100.0 * self.won as f64 / self.played as f64
    }

    /// Whether the group's games are won by opening every safe square,
    /// where 3BV, its rate and efficiency measure the play. Under proj3's
    /// rules a game is won by flags, which 3BV does not count: there they
    /// mean nothing. A rule set this version does not know counts as
    /// opening.
    pub fn won_by_opening(&self) -> bool {
        engine::RuleSet::named(&self.key.rules)
            .is_none_or(|set| set.rules.win == engine::WinCondition::OpenEverySafeSquare)
    }
}

/// The groups of games, tallied a record at a time.
#[derive(Debug, Default)]
pub struct Tally {
    filter: Filter,
    groups: HashMap<Key, Tallied>,
}

/// A group as it is tallied.
#[derive(Debug, Default)]
struct Tallied {
    board_name: Option<String>,
    won: usize,
    lost: usize,
    abandoned: usize,
    streak: usize,
    best_streak: usize,
    clean: WinsSoFar,
    assisted: WinsSoFar,
    no_flags: WinsSoFar,
    last: VecDeque<Game>,
}

/// Wins as they are tallied: every time (for the median), the rest as sums.
#[derive(Debug, Default)]
struct WinsSoFar {
    times: Vec<u64>,
    best_rate: Option<f64>,
    efficiency_sum: f64,
    efficiencies: usize,
    zini_efficiency_sum: f64,
    zini_efficiencies: usize,
    best_rqp: Option<f64>,
    best_ios: Option<f64>,
}

impl Tally {
    /// A tally of the games `filter` keeps.
    pub fn new(filter: Filter) -> Self {
        Tally {
            filter,
            groups: HashMap::new(),
        }
    }

    /// Counts `record`, game `number` of the history (in the history's
    /// order); a game in progress is not counted.
    pub fn add<M>(&mut self, number: usize, record: &Record<M>) {
        if record.result == GameResult::Playing || !self.filter.keeps(record) {
            return;
        }
        let group = self.groups.entry(Key::of(record)).or_default();
        if record.board.name.is_some() {
            group.board_name.clone_from(&record.board.name);
        }
        match record.result {
            GameResult::Won => {
                group.won += 1;
                group.streak += 1;
                group.best_streak = group.best_streak.max(group.streak);
                let wins = if record.assisted() {
                    &mut group.assisted
                } else {
                    &mut group.clean
                };
                wins.add(record);
                if record.flag_clicks == Some(0) && !record.assisted() {
                    group.no_flags.add(record);
                }
            }
            GameResult::Lost | GameResult::Abandoned => {
                if record.result == GameResult::Lost {
                    group.lost += 1;
                } else {
                    group.abandoned += 1;
                }
                group.streak = 0;
            }
            GameResult::Playing => {}
        }
        if group.last.len() == LAST_GAMES {
            group.last.pop_front();
        }
        group.last.push_back(Game {
            number,
            result: record.result,
            ms: record.ms,
            when: record.when.clone(),
        });
    }

    /// The groups, the most played first.
    pub fn groups(self) -> Vec<Group> {
        let mut groups: Vec<Group> = self
            .groups
            .into_iter()
            .map(|(key, tallied)| tallied.group(key))
            .collect();
        groups.sort_by(|a, b| b.played.cmp(&a.played).then_with(|| a.key.cmp(&b.key)));
        groups
    }
}

impl Tallied {
    fn group(self, key: Key) -> Group {
        Group {
            key,
            board_name: self.board_name,
            played: self.won + self.lost + self.abandoned,
            won: self.won,
            lost: self.lost,
            abandoned: self.abandoned,
            current_streak: self.streak,
            best_streak: self.best_streak,
            clean: self.clean.wins(),
            assisted: self.assisted.wins(),
            no_flags: self.no_flags.wins(),
            last: self.last.into_iter().rev().collect(),
        }
    }
}

impl WinsSoFar {
    fn add<M>(&mut self, won: &Record<M>) {
        self.times.push(won.ms);
        if let Some(rate) = engine::three_bv_per_second(won.three_bv_done as usize, won.ms) {
            self.best_rate = Some(self.best_rate.map_or(rate, |best| best.max(rate)));
        }
        // Every click, those that changed nothing too (IOE).
        let clicks = won.clicks.saturating_add(won.wasted);
        if clicks > 0 {
            self.efficiency_sum += f64::from(won.three_bv_done) / f64::from(clicks);
            self.efficiencies += 1;
            if let Some(zini) = won.zini {
                self.zini_efficiency_sum += f64::from(zini) / f64::from(clicks);
                self.zini_efficiencies += 1;
            }
        }
        let seconds = won.ms as f64 / 1000.0;
        if won.ms > 0 && won.three_bv > 0 {
            let rqp = seconds * seconds / f64::from(won.three_bv);
            self.best_rqp = Some(self.best_rqp.map_or(rqp, |best| best.min(rqp)));
        }
        // log(time) is 0 at a second and below it negative: no IOS there.
        if seconds > 1.0 && won.three_bv > 1 {
            let ios = f64::from(won.three_bv).ln() / seconds.ln();
            self.best_ios = Some(self.best_ios.map_or(ios, |best| best.max(ios)));
        }
    }

    fn wins(mut self) -> Wins {
        if self.times.is_empty() {
            return Wins::default();
        }
        let times = &mut self.times;
        times.sort_unstable();
        let middle = times.len() / 2;
        let median = if times.len() % 2 == 1 {
            times[middle]
        } else {
            (times[middle - 1] + times[middle]) / 2
        };
        let total: u128 = times.iter().map(|&t| u128::from(t)).sum();
        Wins {
            count: times.len(),
            best_ms: times.first().copied(),
            median_ms: Some(median),
            mean_ms: Some((total / times.len() as u128) as u64),
            best_3bv_per_s: self.best_rate,
            mean_efficiency: (self.efficiencies > 0)
                .then(|| self.efficiency_sum / self.efficiencies as f64),
            mean_zini_efficiency: (self.zini_efficiencies > 0)
                .then(|| self.zini_efficiency_sum / self.zini_efficiencies as f64),
            best_rqp: self.best_rqp,
            best_ios: self.best_ios,
            fastest: times.iter().take(FASTEST).copied().collect(),
        }
    }
}

/// The groups of the finished games that `filter` keeps among `records`,
/// which are in the history's order: [`Tally`] over a list, for tests.
#[cfg(test)]
fn groups<M>(records: &[(usize, Record<M>)], filter: &Filter) -> Vec<Group> {
    let mut tally = Tally::new(filter.clone());
    for (number, record) in records {
        tally.add(*number, record);
    }
    tally.groups()
}

/// Where a win stands among the finished games of its kind (its group)
/// before it, counting itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Its place among the clean wins by time (1: the best); `None` for a
    /// win with help, whose time is not compared.
    pub place: Option<usize>,
    /// Clean wins of its kind, its own included.
    pub clean_wins: usize,
    /// The best clean time, its own included.
    pub best_ms: Option<u64>,
    /// Games of its kind won, its own included.
    pub won: usize,
    /// Games of its kind played, its own included.
    pub played: usize,
}

/// The games of one kind, tallied for where a new win stands among them:
/// counts, and the clean wins faster than it and the best.
#[derive(Clone, Debug)]
pub(crate) struct StandingTally {
    /// The win's own id: its line in the history is not another game.
    id: Option<String>,
    key: Key,
    ms: u64,
    assisted: bool,
    faster: usize,
    clean: usize,
    best_ms: Option<u64>,
    won: usize,
    played: usize,
}

impl StandingTally {
    /// A tally for `win`, a game just won, in the history or not yet (a
    /// record of the same game is not counted twice).
    pub(crate) fn new<N>(win: &Record<N>) -> Self {
        StandingTally {
            id: win.id.clone(),
            key: Key::of(win),
            ms: win.ms,
            assisted: win.assisted(),
            faster: 0,
            clean: 0,
            best_ms: None,
            won: 0,
            played: 0,
        }
    }

    /// Counts `record` if it is a finished game of the win's kind.
    pub(crate) fn add<M>(&mut self, record: &Record<M>) {
        if record.result == GameResult::Playing
            || Key::of(record) != self.key
            || (self.id.is_some() && record.id == self.id)
        {
            return;
        }
        self.played += 1;
        if record.result != GameResult::Won {
            return;
        }
        self.won += 1;
        if !record.assisted() {
            self.clean += 1;
            self.faster += usize::from(record.ms < self.ms);
            self.best_ms = Some(self.best_ms.map_or(record.ms, |best| best.min(record.ms)));
        }
    }

    /// Where the win stands, itself counted.
    pub(crate) fn standing(&self) -> Standing {
        let own = (!self.assisted).then_some(self.ms);
        Standing {
            place: own.map(|_| 1 + self.faster),
            clean_wins: self.clean + usize::from(own.is_some()),
            best_ms: self.best_ms.into_iter().chain(own).min(),
            won: self.won + 1,
            played: self.played + 1,
        }
    }
}

/// Where `win` stands among the finished games of its group in `records`
/// (which do not hold it yet): [`StandingTally`] over a list, for tests.
#[cfg(test)]
fn standing<M, N>(records: &[(usize, Record<M>)], win: &Record<N>) -> Standing {
    let mut tally = StandingTally::new(win);
    for (_, record) in records {
        tally.add(record);
    }
    tally.standing()
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
        // Each game its own, as games are.
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let next = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        record.id = Some(format!("{next:016x}"));
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
        assert_eq!(g.clean.fastest, [10_000, 20_000, 30_000, 40_000]);
        assert_eq!(g.assisted.count, 1);
        assert_eq!(g.assisted.best_ms, Some(5_000));
        let last: Vec<usize> = g.last.iter().map(|game| game.number).collect();
        assert_eq!(last, [7, 6, 5, 4, 3]);
        assert!((g.win_percent() - 500.0 / 7.0).abs() < 1e-9);
    }

    /// NF wins are counted apart (a record of an older version, whose
    /// flags are unknown, is not one); RQP, IOS and the ZiNi efficiency
    /// stand beside 3BV/s and the efficiency.
    #[test]
    fn no_flag_wins_rqp_ios_and_zini_efficiency() {
        use GameResult::Won;
        let mut flagged = game(Won, 10_000, 0);
        flagged.flag_clicks = Some(3);
        let mut unknown = game(Won, 12_000, 0);
        unknown.flag_clicks = None;
        let mut no_flags = game(Won, 20_000, 0);
        no_flags.flag_clicks = Some(0);
        // Faster, without flags, but with a hint: no NF win.
        let mut helped = game(Won, 800, 0);
        helped.flag_clicks = Some(0);
        helped.hints = 1;
        for record in [&mut flagged, &mut unknown, &mut no_flags, &mut helped] {
            record.three_bv = 20;
            record.zini = Some(16);
        }
        let records: Vec<(usize, Record)> = [flagged, unknown, no_flags, helped]
            .into_iter()
            .enumerate()
            .map(|(i, r)| (i + 1, r))
            .collect();
        let g = &groups(&records, &Filter::default())[0];
        assert_eq!(g.no_flags.count, 1);
        assert_eq!(g.no_flags.best_ms, Some(20_000));
        assert_eq!(g.no_flags.mean_efficiency, Some(0.5));
        // 10 s on a 3BV of 20: RQP 100 / 20 = 5; IOS ln 20 / ln 10.
        assert_eq!(g.clean.best_rqp, Some(5.0));
        let ios = g.clean.best_ios.unwrap();
        assert!((ios - 20f64.ln() / 10f64.ln()).abs() < 1e-9, "{ios}");
        // 16 ZiNi over 40 clicks.
        let zini = g.clean.mean_zini_efficiency.unwrap();
        assert!((zini - 0.4).abs() < 1e-9, "{zini}");
    }

    #[test]
    fn efficiency_counts_every_click() {
        let mut wasteful = game(GameResult::Won, 10_000, 0);
        wasteful.wasted = 40;
        let records = vec![(1, game(GameResult::Won, 10_000, 0)), (2, wasteful)];
        let groups = groups(&records, &Filter::default());
        // 20 of 40 clicks, then 20 of 80: a mean of 0.375.
        assert_eq!(groups[0].clean.mean_efficiency, Some(0.375));
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
        assert_eq!(expert_only[0].last[0].number, 2);
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
        // The win already filed (it is kept before the history is read)
        // stands where it would before: its own line is not another game.
        let mut win = win;
        win.id = Some("00000000000000aa".to_owned());
        let mut filed = history.clone();
        filed.push((5, win.clone()));
        assert_eq!(standing(&filed, &win), standing(&history, &win));
    }

    /// Abandoned games count as played, not won, and end a streak.
    #[test]
    fn abandoned_games_count_and_end_a_streak() {
        use GameResult::{Abandoned, Won};
        let records: Vec<(usize, Record)> = [Won, Won, Abandoned, Won]
            .into_iter()
            .map(|result| game(result, 1000, 0))
            .enumerate()
            .map(|(i, r)| (i + 1, r))
            .collect();
        let g = &groups(&records, &Filter::default())[0];
        assert_eq!((g.played, g.won, g.lost, g.abandoned), (4, 3, 0, 1));
        assert_eq!((g.current_streak, g.best_streak), (1, 2));
        assert!((g.win_percent() - 75.0).abs() < 1e-9);
        assert_eq!(g.last[1].result, Abandoned);
    }

    /// A board file is a group of its own, whatever its size: by its text,
    /// in either version's records.
    #[test]
    fn a_board_file_is_its_own_group() {
        let text =
            "+++++++++++\n".to_owned() + &"+         +\n".repeat(8) + "+*********+\n+++++++++++\n";
        let random = game(GameResult::Won, 1000, 0);
        let mut kept = game(GameResult::Won, 1000, 0);
        kept.board.sha256 = Some(boards::sha256(&crate::BoardText::Text(text.clone())));
        kept.board.seed = None;
        kept.board.name = Some("nine.txt".to_owned());
        let mut old = kept.clone();
        old.board.sha256 = None;
        old.board.file = Some(crate::BoardText::Text(text));
        let records: Vec<(usize, Record)> = [random, kept, old]
            .into_iter()
            .enumerate()
            .map(|(i, r)| (i + 1, r))
            .collect();
        let all = groups(&records, &Filter::default());
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].played, 2);
        assert_eq!(all[0].board_name.as_deref(), Some("nine.txt"));
        assert_eq!(all[0].key.level(), None);
        assert_eq!(all[1].key.level(), Some("beginner"));
        let beginner = Filter {
            rules: None,
            size: Some((9, 9, 10)),
        };
        assert_eq!(
            groups(&records, &beginner).len(),
            1,
            "--level is random boards"
        );
    }
}
