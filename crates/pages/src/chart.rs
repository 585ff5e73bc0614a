//! Counts drawn as bars.

use maud::{Markup, html};

/// The bars' height at the largest count, and each bar's width, in
/// pixels.
const HEIGHT: usize = 160;
const BAR: usize = 44;

/// `bars` (a label and a count each) as an SVG bar chart, described in
/// words for whoever cannot see it (`title`, and every bar's count
/// written over it).
pub fn histogram(title: &str, bars: &[(String, usize)]) -> Markup {
    let most = bars.iter().map(|&(_, n)| n).max().unwrap_or(0).max(1);
    let width = BAR * bars.len().max(1) + 20;
    let said: Vec<String> = bars
        .iter()
        .map(|(label, n)| format!("{label}: {n}"))
        .collect();
    let description = format!("{title}. {}", said.join(", "));
    html! {
        figure.chart {
            figcaption { (title) }
            svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label=(description)
                width=(width) height=(HEIGHT + 50) viewBox={ "0 0 " (width) " " (HEIGHT + 50) } {
                title { (description) }
                @for (i, (label, n)) in bars.iter().enumerate() {
                    @let height = n * HEIGHT / most;
                    @let x = 10 + i * BAR;
                    rect.bar x=(x + 4) y=(HEIGHT + 20 - height) width=(BAR - 8) height=(height) {}
                    text x=(x + BAR / 2) y=(HEIGHT + 16 - height) text-anchor="middle" { (n) }
                    text x=(x + BAR / 2) y=(HEIGHT + 36) text-anchor="middle" { (label) }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bar_stands_as_high_as_its_count_and_says_it() {
        let bars = vec![
            ("0-9".to_owned(), 1),
            ("90-99".to_owned(), 4),
            ("100".to_owned(), 0),
        ];
        let svg = histogram("Scores", &bars).into_string();
        assert_eq!(svg.matches("<rect").count(), 3);
        assert!(svg.contains(r#"height="40""#) && svg.contains(r#"height="160""#));
        assert!(svg.contains("Scores. 0-9: 1, 90-99: 4, 100: 0"));
    }
}
