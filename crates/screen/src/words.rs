//! Text for the screen's narrow lines: numbers held to their units, and
//! words wrapped at their boundaries, as the message under the board and
//! the sheets over it need them.

/// `text` with each number held to its unit where a line may wrap: the
/// space between a digit and `%`, or a second's `s`, becomes a no-break
/// space ("92.9 %" never ends one line with "92.9").
pub(crate) fn units_kept(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut kept = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let after_digit = i > 0 && chars[i - 1].is_ascii_digit();
        let next_word: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '%')
            .collect();
        let unit = UNITS.contains(&next_word.as_str());
        kept.push(if c == ' ' && after_digit && unit {
            '\u{a0}'
        } else {
            c
        });
    }
    kept
}

/// The words a number is held to.
const UNITS: [&str; 4] = ["%", "s", "mine", "mines"];

/// `text`, its units kept, wrapped at word boundaries into lines of at
/// most `width` columns: the first begins with `indent`, the others with
/// `rest`, deeper, so that a reader sees where each entry starts.
pub(crate) fn wrapped(text: &str, width: usize, indent: &str, rest: &str) -> Vec<String> {
    let options = textwrap::Options::new(width.max(rest.len() + 1))
        .initial_indent(indent)
        .subsequent_indent(rest);
    textwrap::wrap(&units_kept(text), options)
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

/// How many lines `text` takes wrapped at word boundaries to `width`
/// columns.
pub(crate) fn wrapped_lines(text: &str, width: u16) -> usize {
    let width = usize::from(width.max(1));
    let mut lines = 1;
    let mut used = 0;
    // A no-break space holds its words together, as the paragraph's wrap
    // keeps them.
    let words = text
        .split(|c: char| c.is_whitespace() && c != '\u{a0}')
        .filter(|word| !word.is_empty());
    for word in words {
        let len = word.chars().count();
        if used > 0 && used + 1 + len > width {
            lines += 1 + (len.saturating_sub(1)) / width;
            used = len % width;
        } else {
            used += usize::from(used > 0) + len;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_stay_with_their_numbers() {
        assert_eq!(
            units_kept("safe with 92.9 %. 12.3 s, 3 squares, 5 steps"),
            "safe with 92.9\u{a0}%. 12.3\u{a0}s, 3 squares, 5 steps"
        );
        assert_eq!(units_kept("it is 5 s"), "it is 5\u{a0}s");
        assert_eq!(units_kept("rows 1 to 9"), "rows 1 to 9");
        assert_eq!(units_kept("(9x9, 10 mines)"), "(9x9, 10\u{a0}mines)");
        assert_eq!(units_kept("3 squares, 5 seconds"), "3 squares, 5 seconds");
    }

    #[test]
    fn wrapped_lines_count_as_a_paragraph_wraps() {
        assert_eq!(wrapped_lines("", 10), 1);
        assert_eq!(wrapped_lines("one two three", 13), 1);
        assert_eq!(wrapped_lines("one two three", 12), 2);
        assert_eq!(wrapped_lines("a verylongwordindeed", 5), 5);
    }

    #[test]
    fn wrapping_keeps_words_and_units_whole_and_indents_what_follows() {
        let lines = wrapped("clean wins 6: best 10.5 s, median 12.0 s", 20, "  ", "    ");
        assert_eq!(
            lines,
            [
                "  clean wins 6: best",
                "    10.5\u{a0}s, median",
                "    12.0\u{a0}s"
            ]
        );
        assert!(lines.iter().all(|line| line.chars().count() <= 20));
    }
}
