//! What the player typed, checked: a number in range or an action letter.
//! Pure functions, so every odd input can be tested without a terminal.

use engine::Action;

/// A whole number from 1 to `max`, with spaces around it allowed.
///
/// Anything else (empty, `abc`, `1.5`, `1 2`, `0`, `-3`, a number too big
/// for any board) is refused.
pub fn number_in_range(answer: &str, max: usize) -> Option<usize> {
    let number: usize = answer.trim().parse().ok()?;
    (1..=max).contains(&number).then_some(number)
}

/// `r` to reveal or `f` to flag, in either case, with spaces around allowed.
pub fn action(answer: &str) -> Option<Action> {
    match answer.trim() {
        "r" | "R" => Some(Action::Reveal),
        "f" | "F" => Some(Action::Flag),
        _ => None,
    }
}

/// What else the row prompt takes, where the script allows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shortcut {
    /// A whole move: row and column (from 1) and the action.
    Move(usize, usize, Action),
    Quit,
    Help,
}

/// `q` quits, `?` asks what can be typed, and `ROW COL r|f` is a whole
/// move on a board of `rows` x `cols`; anything else is no shortcut.
pub(crate) fn shortcut(answer: &str, rows: usize, cols: usize) -> Option<Shortcut> {
    match answer.trim() {
        "q" | "Q" => return Some(Shortcut::Quit),
        "?" => return Some(Shortcut::Help),
        _ => {}
    }
    let mut words = answer.split_whitespace();
    let (row, col, act, rest) = (words.next()?, words.next()?, words.next()?, words.next());
    if rest.is_some() {
        return None;
    }
    Some(Shortcut::Move(
        number_in_range(row, rows)?,
        number_in_range(col, cols)?,
        action(act)?,
    ))
}

/// Why `answer`, refused at a row prompt that takes shortcuts, is not
/// what it takes, said as what is: a row alone, or a whole move of a row,
/// a column and `r` or `f` on a board of `rows` x `cols`.
pub(crate) fn row_refused(answer: &str, rows: usize, cols: usize) -> String {
    let words: Vec<&str> = answer.split_whitespace().collect();
    let example = format!("{} {} r", rows.div_ceil(2), cols.div_ceil(2));
    let numbers = |row: &str, col: &str| {
        number_in_range(row, rows).is_some() && number_in_range(col, cols).is_some()
    };
    let sentence = match words.as_slice() {
        [] => format!("Type a row from 1 to {rows}, or a whole move such as {example}."),
        [_] => format!(
            "A row is a number from 1 to {rows}; a whole move is a row, a column and r or f, \
             such as {example}. ? lists what may be typed."
        ),
        [row, col] if numbers(row, col) => format!(
            "A move on one line needs its action too: {row} {col} r opens the square, \
             {row} {col} f flags it."
        ),
        [row, col, _] if numbers(row, col) => {
            format!("The action is r (open) or f (flag), as in {row} {col} r.")
        }
        [_, _] | [_, _, _] => format!(
            "A whole move is a row from 1 to {rows}, a column from 1 to {cols}, and r or f, \
             such as {example}."
        ),
        _ => format!(
            "A whole move is three words: a row, a column and r or f, such as {example}. \
             ? lists what may be typed."
        ),
    };
    sentence + "\n"
}

/// An answer, or a request for a hint instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OrHint<T> {
    Answer(T),
    Hint,
}

/// `h` (either case, spaces around allowed) asks for a hint; anything else
/// is checked by `check`.
pub(crate) fn or_hint<T>(answer: &str, check: impl Fn(&str) -> Option<T>) -> Option<OrHint<T>> {
    match answer.trim() {
        "h" | "H" => Some(OrHint::Hint),
        _ => check(answer).map(OrHint::Answer),
    }
}

/// `y` or `yes` for yes, `n` or `no` for no, in any case, spaces around allowed.
pub(crate) fn yes_or_no(answer: &str) -> Option<bool> {
    match answer.trim().to_ascii_lowercase().as_str() {
        "y" | "yes" => Some(true),
        "n" | "no" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_at_the_row_prompt() {
        assert_eq!(shortcut("q", 9, 9), Some(Shortcut::Quit));
        assert_eq!(shortcut(" ? ", 9, 9), Some(Shortcut::Help));
        assert_eq!(
            shortcut("5 5 r", 9, 9),
            Some(Shortcut::Move(5, 5, Action::Reveal))
        );
        assert_eq!(
            shortcut(" 1\t9  F ", 9, 9),
            Some(Shortcut::Move(1, 9, Action::Flag))
        );
        for refused in ["5", "5 5", "5 10 r", "0 1 r", "5 5 x", "5 5 r r", ""] {
            assert_eq!(shortcut(refused, 9, 9), None, "{refused}");
        }
    }

    /// A row prompt that takes whole moves says what it takes, for each
    /// way a move is typed wrong.
    #[test]
    fn a_refused_move_is_told_what_is_expected() {
        let told = |typed: &str| row_refused(typed, 9, 9);
        assert_eq!(
            told("5 5"),
            "A move on one line needs its action too: 5 5 r opens the square, 5 5 f flags it.\n"
        );
        assert_eq!(
            told("5 5 x"),
            "The action is r (open) or f (flag), as in 5 5 r.\n"
        );
        assert_eq!(
            told("a b c"),
            "A whole move is a row from 1 to 9, a column from 1 to 9, and r or f, such as 5 5 r.\n"
        );
        assert_eq!(told("5 10 r"), told("a b c"));
        assert!(told("x").starts_with("A row is a number from 1 to 9; "));
        assert!(told("12").starts_with("A row is a number from 1 to 9; "));
        assert!(told("1 2 r r").starts_with("A whole move is three words"));
    }

    #[test]
    fn numbers_in_range_with_spaces() {
        assert_eq!(number_in_range("3", 5), Some(3));
        assert_eq!(number_in_range("  5\t", 5), Some(5));
        assert_eq!(number_in_range("1", 1), Some(1));
    }

    #[test]
    fn refuses_what_is_not_one_whole_number_in_range() {
        for bad in [
            "",
            " ",
            "abc",
            "1.5",
            "1 2",
            "0",
            "-3",
            "6",
            "99999999999999999999999",
            "٣",
            "0x3",
        ] {
            assert_eq!(number_in_range(bad, 5), None, "{bad:?}");
        }
    }

    #[test]
    fn actions_in_either_case() {
        assert_eq!(action("r"), Some(Action::Reveal));
        assert_eq!(action(" F "), Some(Action::Flag));
        assert_eq!(action("R"), Some(Action::Reveal));
    }

    #[test]
    fn yes_and_no() {
        assert_eq!(yes_or_no(" Y "), Some(true));
        assert_eq!(yes_or_no("no"), Some(false));
        assert_eq!(yes_or_no("maybe"), None);
        assert_eq!(yes_or_no(""), None);
    }

    #[test]
    fn h_asks_for_a_hint_instead() {
        assert_eq!(or_hint(" H ", action), Some(OrHint::Hint));
        assert_eq!(or_hint("r", action), Some(OrHint::Answer(Action::Reveal)));
        assert_eq!(
            or_hint("3", |a| number_in_range(a, 5)),
            Some(OrHint::Answer(3))
        );
        assert_eq!(or_hint("hint", action), None);
    }

    #[test]
    fn refuses_other_actions() {
        for bad in ["", "x", "rf", "reveal", "r r", "ř"] {
            assert_eq!(action(bad), None, "{bad:?}");
        }
    }
}
