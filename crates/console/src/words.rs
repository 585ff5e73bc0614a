//! Sentences more than one front end says: counts, times, a seed to play
//! again, and the rule set's message for a move that changed nothing.

use engine::{Outcome, Pos, Script};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use records::settings::Preset;
use records::stats::Group;

/// The line that gives a random board's seed, indented as the prompt
/// game's report is; also printed on a signal.
pub fn seed_line(seed: u64) -> String {
    format!("\t{}", seed_sentence(seed))
}

/// A random board's seed, to play it again.
pub fn seed_sentence(seed: u64) -> String {
    format!("Seed: {seed} (play this board again with --seed {seed})")
}

/// `n` things, in the singular for one.
pub fn counted(n: usize, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        n => format!("{n} {thing}s"),
    }
}

/// A kind of game in the statistics: its rules, then its level, the name
/// the player gave its size in the menu (`presets`) or its size, and no
/// guess, or the board file's name (`classic, beginner (9x9, 10 mines)`).
/// What came from the records or the settings is escaped: they may hold
/// anything.
pub fn group_title(group: &Group, presets: &[Preset]) -> String {
    let key = &group.key;
    let size = format!("{}x{}, {}", key.rows, key.cols, counted(key.mines, "mine"));
    let named = presets
        .iter()
        .find(|p| (p.rows, p.cols, p.mines) == (key.rows, key.cols, key.mines));
    let board = match (&key.board, key.level(), named) {
        (Some(_), ..) => {
            let name = group.board_name.as_deref().unwrap_or("?");
            format!("board file {} ({size})", visible::Visible(name))
        }
        (None, Some(level), _) => format!("{level} ({size})"),
        (None, None, Some(preset)) => format!("{} ({size})", visible::Visible(&preset.name)),
        (None, None, None) => size,
    };
    let no_guess = if key.no_guess { ", no guess" } else { "" };
    let rules = visible::Visible(&key.rules);
    format!("{rules}, {board}{no_guess}")
}

/// A record's time in the local time zone, to the minute; as written if
/// it does not read.
pub fn local_time(when: &str) -> String {
    match when.parse::<Timestamp>() {
        Ok(at) => at
            .to_zoned(TimeZone::system())
            .strftime("%Y-%m-%d %H:%M")
            .to_string(),
        // Not a time: as it stands in the record, escaped.
        Err(_) => visible::Visible(when).to_string(),
    }
}

/// The script's message for a move that changed nothing or took a flag away.
pub fn message(script: &Script, outcome: Outcome, at: Pos) -> Option<String> {
    let template = match outcome {
        Outcome::RevealFlagged => script.reveal_flagged,
        Outcome::RevealOpen => script.reveal_open,
        Outcome::FlagOpen => script.flag_open,
        Outcome::FlagRemoved => script.flag_removed,
        Outcome::Opened(_)
        | Outcome::Detonated
        | Outcome::FlagPlaced
        | Outcome::QuestionPlaced
        | Outcome::QuestionRemoved
        | Outcome::ChordIgnored
        | Outcome::GameOver => None,
    }?;
    let text = template
        .replace("{row}", &(at.row + 1).to_string())
        .replace("{col}", &(at.col + 1).to_string());
    Some(text)
}
