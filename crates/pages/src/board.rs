//! A board as it was printed, one square marked.

use maud::{Markup, html};

/// A board's lines as printed, and the square to mark.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    /// What the board is: "the course's game", "the program".
    pub caption: String,
    /// Its lines, as printed: frame, labels and rows.
    pub lines: Vec<String>,
    /// The square that differs, if one does.
    pub mark: Option<Mark>,
}

/// A square in a [`Picture`]: where it stands in the lines, and what to
/// call it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The line it stands on, from 0.
    pub line: usize,
    /// The character it is on that line, from 0.
    pub at: usize,
    /// What the label beside the line says: "row 2, column 3".
    pub label: String,
}

/// `picture` drawn: each line as printed, every control character shown
/// as an escape, the marked square outlined and labelled after its line
/// (a `<mark>`, which a page that keeps none of this style, as
/// Gradescope's, still shows highlighted).
/// A mark past the end of its line (a square the program left out) marks
/// the line alone.
pub fn board(picture: &Picture) -> Markup {
    html! {
        figure.board {
            figcaption { (visible::without_controls(&picture.caption)) }
            pre {
                @for (i, line) in picture.lines.iter().enumerate() {
                    @match picture.mark.as_ref().filter(|mark| mark.line == i) {
                        Some(mark) => { (marked(line, mark)) }
                        None => { (shown(line)) }
                    }
                    "\n"
                }
            }
        }
    }
}

/// `line` with the square at `mark.at` outlined, then the label.
fn marked(line: &str, mark: &Mark) -> Markup {
    let chars: Vec<char> = line.chars().collect();
    let label = format!("  \u{2190} {}", mark.label);
    let Some(&square) = chars.get(mark.at) else {
        return html! { (shown(line)) span.label { (label) } };
    };
    let before: String = chars[..mark.at].iter().collect();
    let after: String = chars[mark.at + 1..].iter().collect();
    html! {
        (shown(&before))
        mark.square title=(mark.label) { (shown(&square.to_string())) }
        (shown(&after))
        span.label { (label) }
    }
}

/// `text` as a page shows it: each control or invisible character as its
/// escape (maud escapes the rest).
fn shown(text: &str) -> String {
    visible::Visible(text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(lines: &[&str], mark: Option<(usize, usize)>) -> String {
        board(&Picture {
            caption: "the program".to_owned(),
            lines: lines.iter().map(|&l| l.to_owned()).collect(),
            mark: mark.map(|(line, at)| Mark {
                line,
                at,
                label: "row 1, column 2".to_owned(),
            }),
        })
        .into_string()
    }

    #[test]
    fn the_square_is_outlined_and_labelled_in_its_own_line() {
        let page = picture(&["  1 2", "1 . 3"], Some((1, 4)));
        assert!(page.contains(r#"1 . <mark class="square" title="row 1, column 2">3</mark>"#));
        assert!(page.contains("\u{2190} row 1, column 2</span>"));
        assert!(page.starts_with("<figure class=\"board\"><figcaption>the program"));
    }

    #[test]
    fn a_square_past_the_end_of_its_line_marks_the_line() {
        let page = picture(&["1 ."], Some((0, 9)));
        assert!(page.contains("1 .<span class=\"label\">"));
        assert!(!page.contains("class=\"square\""));
    }

    #[test]
    fn what_a_program_printed_can_neither_close_a_tag_nor_hide() {
        let page = picture(
            &[
                "<script>alert(1)</script>",
                "\"><img src=x onerror=alert(1)>\u{1b}[2J",
            ],
            Some((1, 1)),
        );
        assert!(!page.contains("<script>") && !page.contains("<img"));
        assert!(page.contains("&lt;script&gt;") && page.contains("&lt;img src=x"));
        assert!(page.contains("\\u{1b}[2J") && !page.contains('\u{1b}'));
    }
}
