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

/// `text` for a terminal `width` columns wide (none: as it is, for a
/// pipe or a file): each line longer than that wrapped between words,
/// and never between two numbers ("2026-12-07 07:12" stays on one line),
/// nor inside one, which a terminal's own wrap would cut anywhere.
pub fn to_width(text: &str, width: Option<u16>) -> String {
    let Some(width) = width.map(usize::from).filter(|&w| w > 0) else {
        return text.to_owned();
    };
    let options = textwrap::Options::new(width)
        .break_words(false)
        .word_separator(textwrap::WordSeparator::AsciiSpace)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    text.split('\n')
        .map(|line| {
            textwrap::wrap(&numbers_held(line), &options)
                .iter()
                .map(|wrapped| wrapped.replace(HELD, " "))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The width of the terminal stdout is, if it is one.
pub fn stdout_width() -> Option<u16> {
    use std::io::IsTerminal;
    std::io::stdout()
        .is_terminal()
        .then(crossterm::terminal::size)
        .and_then(Result::ok)
        .map(|(width, _)| width)
}

/// What stands for a space between two digits while a line is wrapped.
const HELD: char = '\u{a0}';

/// `line` with each space between two digits held.
fn numbers_held(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    (0..chars.len())
        .map(|i| {
            let between_digits = i > 0
                && chars[i - 1].is_ascii_digit()
                && chars.get(i + 1).is_some_and(char::is_ascii_digit);
            if chars[i] == ' ' && between_digits {
                HELD
            } else {
                chars[i]
            }
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_narrow_terminal_wraps_between_words_never_inside_a_number() {
        let said = "A classic game on a 9x9 board with 10 mines is in progress:\n\
                    12 moves, 3.4 s played, saved 2026-12-07 07:12.";
        let wrapped = to_width(said, Some(40));
        assert!(
            wrapped.lines().all(|line| line.chars().count() <= 40),
            "{wrapped}"
        );
        assert!(wrapped.contains("2026-12-07 07:12."), "{wrapped}");
        let seed = seed_sentence(18_446_744_073_709_551_615);
        let wrapped = to_width(&seed, Some(40));
        assert_eq!(
            wrapped.matches("18446744073709551615").count(),
            2,
            "{wrapped}"
        );
        assert_eq!(to_width(said, None), said, "a pipe gets it as it is");
    }
}
