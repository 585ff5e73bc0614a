//! Sheets shown over the board: the key list (`?`) and the statistics
//! (`b`). Each is lines of text, long or short as the terminal's width
//! allows, shown a page at a time where its height does not hold them;
//! the clock stands still while one covers the board.

use console::words::group_title;
use records::settings::Preset;
use records::stats::{Group, Key, Wins};

use crate::command::KEYS;
use crate::words::wrapped;

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
    /// Its board file's name, if it has one.
    pub current_name: Option<String>,
    /// The sizes the player named in the menu: a kind of game of one is
    /// called by its name.
    pub presets: Vec<Preset>,
}

/// A sheet and the page of it shown.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Shown {
    pub(crate) sheet: Sheet,
    pub(crate) page: usize,
}

/// Columns the box takes around its lines: the border and a space each
/// side, so that no word touches the border.
pub(crate) const FRAME_COLUMNS: usize = 4;

/// Lines a page holds on a terminal `height` rows high: all but the box's
/// border; at least one.
fn per_page(height: u16) -> usize {
    usize::from(height.saturating_sub(2)).max(1)
}

/// Lines that belong together (a kind of game's figures, a key's line),
/// kept on one page where they fit; a block longer than a page goes on
/// onto the next, which its first line heads again.
struct Block {
    lines: Vec<String>,
}

impl Sheet {
    /// The sheet's pages on a terminal `width` x `height`: its lines
    /// wrapped to the room inside the box, whole blocks to a page.
    pub(crate) fn pages(&self, width: u16, height: u16) -> Vec<Vec<String>> {
        let room = usize::from(width).saturating_sub(FRAME_COLUMNS).max(1);
        let (blocks, gap) = match self {
            Sheet::Keys => (keys(room), false),
            Sheet::Scores(None) => (vec![said("Reading the records…", room)], false),
            Sheet::Scores(Some(Err(why))) => (vec![said(why, room)], false),
            Sheet::Scores(Some(Ok(scores))) => (scores.blocks(room), true),
        };
        paged(blocks, per_page(height), gap)
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

/// A sentence on its own, wrapped to `room`.
fn said(text: &str, room: usize) -> Block {
    Block {
        lines: wrapped(text, room, "", "  "),
    }
}

/// `blocks` laid on pages of `per_page` lines, a blank line between two
/// blocks on a page where `gap`. A block goes whole onto the next page
/// where it does not fit what is left of this one; one longer than a page
/// is cut, each page it goes on to headed by its first line, so that no
/// page shows figures without saying whose they are.
fn paged(blocks: Vec<Block>, per_page: usize, gap: bool) -> Vec<Vec<String>> {
    let mut pages = Vec::new();
    let mut page: Vec<String> = Vec::new();
    for block in blocks {
        let gap = usize::from(gap && !page.is_empty());
        if !page.is_empty() && page.len() + gap + block.lines.len() > per_page {
            pages.push(std::mem::take(&mut page));
        } else if gap == 1 {
            page.push(String::new());
        }
        let heading = block.lines.first().cloned().unwrap_or_default();
        for (i, line) in block.lines.into_iter().enumerate() {
            if page.len() >= per_page {
                pages.push(std::mem::take(&mut page));
                // A heading only where the page has room for more.
                if i > 0 && per_page > 1 {
                    page.push(heading.clone());
                }
            }
            page.push(line);
        }
    }
    if !page.is_empty() || pages.is_empty() {
        pages.push(page);
    }
    pages
}

/// The key list: the long words where `room` holds the keys and a few
/// words of what they do, else the short; what a key does wraps under
/// itself, beside the keys.
fn keys(room: usize) -> Vec<Block> {
    const KEYS_WIDE: usize = 20;
    const SHORT_KEYS_WIDE: usize = 11;
    let long = room >= KEYS_WIDE + 1 + 28;
    let (wide, under) = if long {
        (KEYS_WIDE, " ".repeat(KEYS_WIDE + 1))
    } else {
        (SHORT_KEYS_WIDE, " ".repeat(SHORT_KEYS_WIDE + 1))
    };
    KEYS.iter()
        .map(|key| match long {
            true => format!("{:<wide$} {}", key.keys, key.does),
            false => format!("{:<wide$} {}", key.short_keys, key.short_does),
        })
        .map(|line| Block {
            lines: wrapped(&line, room, "", &under),
        })
        .collect()
}

/// Below this many columns, each kind of game is said in short lines.
const LONG_FROM: usize = 56;

impl Scores {
    /// A block for each kind of game, this game's first (said to have no
    /// games yet where it has none), wrapped to `room`.
    fn blocks(&self, room: usize) -> Vec<Block> {
        let presets = &self.presets;
        let lines = |group: &Group, this: bool| {
            if room >= LONG_FROM {
                long_lines(group, this, presets)
            } else {
                short_lines(group, this, presets)
            }
        };
        let current = self.groups.iter().find(|g| g.key == self.current);
        let mut blocks = Vec::new();
        if current.is_none() {
            let unplayed = Group::unplayed(self.current.clone(), self.current_name.clone());
            blocks.push(unplayed_lines(&unplayed, presets));
        }
        let others = self.groups.iter().filter(|g| g.key != self.current);
        for group in current.into_iter().chain(others) {
            blocks.push(lines(group, group.key == self.current));
        }
        blocks
            .into_iter()
            .map(|paragraphs| Block {
                lines: paragraphs
                    .iter()
                    .flat_map(|(indent, text)| {
                        let rest = format!("{indent}  ");
                        wrapped(text, room, indent, &rest)
                    })
                    .collect(),
            })
            .collect()
    }
}

/// A kind of game's lines before wrapping: each an indent and its words.
type Paragraphs = Vec<(&'static str, String)>;

fn title(group: &Group, this: bool, presets: &[Preset]) -> (&'static str, String) {
    let marker = if this { "> " } else { "" };
    ("", format!("{marker}{}", group_title(group, presets)))
}

fn unplayed_lines(group: &Group, presets: &[Preset]) -> Paragraphs {
    vec![
        title(group, true, presets),
        ("  ", "no game of this kind finished yet".to_owned()),
    ]
}

fn seconds(ms: u64) -> String {
    format!("{:.1}", ms as f64 / 1000.0)
}

/// The fastest times: "fastest: 8.3, 9.1, 12.0 s".
fn fastest(wins: &Wins) -> String {
    let times: Vec<String> = wins.fastest.iter().map(|&ms| seconds(ms)).collect();
    format!("fastest: {} s", times.join(", "))
}

fn long_lines(group: &Group, this: bool, presets: &[Preset]) -> Paragraphs {
    let mut lines = vec![
        title(group, this, presets),
        (
            "  ",
            format!(
                "{} played, {} won ({:.0} %), {} lost, {} abandoned; winning streak {}, best {}",
                group.played,
                group.won,
                group.win_percent(),
                group.lost,
                group.abandoned,
                group.current_streak,
                group.best_streak
            ),
        ),
    ];
    let opening = group.won_by_opening();
    lines.extend(wins_lines(&group.clean, "clean wins", opening));
    lines.extend(wins_lines(&group.assisted, "wins with help", opening));
    // Counted apart, as minesweeper.online does; flag-won rules have none.
    if opening {
        lines.extend(wins_lines(
            &group.no_flags,
            "wins without flags (NF)",
            opening,
        ));
    }
    lines
}

/// A set of wins' figures, and its fastest times; 3BV's figures only
/// for games won by `opening` (not proj3's, won by flags).
fn wins_lines(wins: &Wins, name: &str, opening: bool) -> Paragraphs {
    let (Some(best), Some(median)) = (wins.best_ms, wins.median_ms) else {
        return Vec::new();
    };
    let mut figures = format!(
        "{name} {}: best {} s, median {} s",
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
    vec![("  ", figures), ("    ", fastest(wins))]
}

fn short_lines(group: &Group, this: bool, presets: &[Preset]) -> Paragraphs {
    let mut lines = vec![
        title(group, this, presets),
        (
            " ",
            format!(
                // "streak 1, best 1" is read as one: never cut.
                "{}/{} won ({:.0} %), streak\u{a0}{},\u{a0}best\u{a0}{}",
                group.won,
                group.played,
                group.win_percent(),
                group.current_streak,
                group.best_streak
            ),
        ),
    ];
    if let (Some(best), Some(median)) = (group.clean.best_ms, group.clean.median_ms) {
        lines.push((
            " ",
            format!("best {} s, median {} s", seconds(best), seconds(median)),
        ));
        lines.push((" ", fastest(&group.clean)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use records::stats::Key;

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

    fn block(lines: &[&str]) -> Block {
        Block {
            lines: lines.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn blocks_stay_whole_on_a_page_and_a_long_one_is_headed_again() {
        let blocks = vec![block(&["a", "a1", "a2"]), block(&["b", "b1", "b2"])];
        assert_eq!(
            paged(blocks, 5, true),
            [vec!["a", "a1", "a2"], vec!["b", "b1", "b2"]]
        );
        let long = vec![block(&["c", "c1", "c2", "c3", "c4"])];
        assert_eq!(
            paged(long, 3, true),
            [vec!["c", "c1", "c2"], vec!["c", "c3", "c4"]]
        );
        let two = vec![block(&["a"]), block(&["b"])];
        assert_eq!(paged(two, 5, true), [vec!["a", "", "b"]]);
        assert_eq!(paged(Vec::new(), 5, true), [Vec::<String>::new()]);
        // A page of one line has no room for a heading: every line shows.
        let lines = paged(vec![block(&["x", "y"])], 1, false);
        assert_eq!(lines, [vec!["x"], vec!["y"]]);
    }

    fn key(rules: &str, mines: usize, board: Option<&str>) -> Key {
        Key {
            rules: rules.to_owned(),
            rows: 9,
            cols: 9,
            mines,
            no_guess: false,
            board: board.map(str::to_owned),
        }
    }

    /// Kinds of game that have been played, with wins and long names.
    fn played(kinds: usize) -> Vec<Group> {
        (0..kinds)
            .map(|i| {
                let name = format!("boards/a-board-file-with-a-long-name-{i}.txt");
                let mut group = Group::unplayed(key("proj3", i, Some("sha")), Some(name));
                group.played = 7;
                group.won = 6;
                group.current_streak = 0;
                group.best_streak = 6;
                group.clean = Wins {
                    count: 6,
                    best_ms: Some(8_300),
                    median_ms: Some(9_100),
                    fastest: vec![8_300, 9_100, 12_000],
                    ..Wins::default()
                };
                group.assisted = group.clean.clone();
                group
            })
            .collect()
    }

    #[test]
    fn wins_without_flags_are_counted_apart_where_games_are_won_by_opening() {
        let mut groups = played(1);
        groups[0].key.rules = "classic".to_owned();
        groups[0].no_flags = groups[0].clean.clone();
        let current = groups[0].key.clone();
        let sheet = |groups: Vec<Group>| {
            Sheet::Scores(Some(Ok(Scores {
                groups,
                current: current.clone(),
                current_name: None,
                presets: Vec::new(),
            })))
            .pages(100, 40)
            .concat()
            .join("\n")
        };
        assert!(sheet(groups.clone()).contains("wins without flags (NF) 6"));
        groups[0].key.rules = "proj3".to_owned();
        assert!(!sheet(groups).contains("NF"), "proj3 is won by flags");
    }

    #[test]
    fn a_kind_with_no_games_yet_says_so_first() {
        let scores = Sheet::Scores(Some(Ok(Scores {
            groups: played(1),
            current: key("classic", 10, None),
            current_name: None,
            presets: Vec::new(),
        })));
        let pages = scores.pages(80, 24);
        assert_eq!(pages[0][0], "> classic, beginner (9x9, 10\u{a0}mines)");
        assert_eq!(pages[0][1], "  no game of this kind finished yet");
    }

    /// A size the player named in the menu names its games here, as the
    /// levels do theirs.
    #[test]
    fn a_size_named_in_the_menu_names_its_games() {
        let mut current = key("classic", 20, None);
        (current.rows, current.cols) = (12, 12);
        let scores = Sheet::Scores(Some(Ok(Scores {
            groups: Vec::new(),
            current,
            current_name: None,
            presets: vec![Preset {
                name: "Lunch break".to_owned(),
                rows: 12,
                cols: 12,
                mines: 20,
            }],
        })));
        let pages = scores.pages(80, 24);
        assert_eq!(pages[0][0], "> classic, Lunch break (12x12, 20\u{a0}mines)");
    }

    /// At any size: no line longer than the box holds, no word cut, every
    /// page begins with a kind of game's title, and the figures say what
    /// they count ("streak 0, best 6", "fastest: 8.3, 9.1, 12.0 s").
    #[test]
    fn every_page_says_whose_figures_it_shows_in_words_that_fit() {
        for (width, height) in [(40, 12), (60, 20), (80, 24), (30, 8), (200, 60)] {
            let scores = Sheet::Scores(Some(Ok(Scores {
                groups: played(5),
                current: key("proj3", 0, Some("sha")),
                current_name: None,
                presets: Vec::new(),
            })));
            let pages = scores.pages(width, height);
            let room = usize::from(width) - FRAME_COLUMNS;
            for page in &pages {
                assert!(page.len() <= per_page(height), "{width}x{height}: {page:?}");
                assert!(!page[0].starts_with(' '), "{width}x{height}: {page:?}");
                for line in page {
                    assert!(line.chars().count() <= room, "{width}x{height}: {line}");
                }
            }
            let all = pages.concat().join("\n").replace('\u{a0}', " ");
            // A name longer than a line is cut where a reader expects it
            // (after a hyphen, or where nothing else would fit), never lost.
            let joined: String = all.lines().map(str::trim_start).collect();
            assert!(
                joined.contains("a-board-file-with-a-long-name-4.txt"),
                "{all}"
            );
            assert!(all.contains("streak 0, best 6"), "{all}");
            assert!(all.contains("fastest: 8.3, 9.1, 12.0 s"), "{all}");
        }
    }
}
