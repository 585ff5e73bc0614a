//! The page around a body: its style, and the policy that keeps it to
//! itself.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::replay::PLAYER_SCRIPT;
use crate::table::SORT_SCRIPT;

/// The page's style: boards in a fixed-width font, side by side where
/// the width allows and one above the other where it does not (a phone);
/// a replay's board drawn as the full screen's classic theme draws it
/// (its colours those of `screen::theme`, each square's look chosen by
/// its character, so the player changes a character alone), its squares
/// as large as the width allows, from 16 to 32 px;
/// long lines of text (commands, stderr, names) wrapped, where a board's
/// lines never are; a chart at its own size (its text 12 px), scrolled
/// sideways on a narrow screen rather than shrunk.
const STYLE: &str = r#"
body { font-family: system-ui, sans-serif; margin: 1.5rem; max-width: 72rem; color: #111; background: #fff; line-height: 1.4; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
h1, h2, p, code { overflow-wrap: anywhere; }
td, li, figcaption, caption { overflow-wrap: break-word; }
table { border-collapse: collapse; margin: 0.5rem 0; display: block; max-width: 100%; overflow-x: auto; }
svg { max-width: 100%; height: auto; }
figure.chart { margin: 0.5rem 0; max-width: 100%; overflow-x: auto; }
figure.chart svg { max-width: none; }
th, td { border: 1px solid #bbb; padding: 0.25rem 0.6rem; text-align: left; vertical-align: top; }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
th button { font: inherit; font-weight: bold; border: 0; background: none; padding: 0; cursor: pointer; }
th[aria-sort=ascending] button::after { content: " \25B2"; }
th[aria-sort=descending] button::after { content: " \25BC"; }
.boards { display: flex; flex-wrap: wrap; gap: 1.5rem; }
figure.board { margin: 0; }
figure.board figcaption { font-weight: bold; margin-bottom: 0.25rem; }
pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; background: #f6f6f6; padding: 0.5rem; margin: 0; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
figure.board pre, pre.board-file, pre.printed { white-space: pre; overflow-wrap: normal; }
header.game h1 { margin-bottom: 0.25rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 1rem; margin: 0.5rem 0 1rem; }
dl.facts div { display: contents; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
p.controls button, p.controls select { font: inherit; }
input#at { width: 100%; max-width: 32rem; }
.clock, .figures { font-variant-numeric: tabular-nums; }
.clock { font-weight: bold; margin-left: 0.5rem; }
div.board { max-width: 100%; overflow-x: auto; }
table#board { display: table; margin: 0; border-collapse: separate; border-spacing: 2px; padding: 4px; background: #262626; --cell: clamp(16px, calc((100vw - 6rem - 2px * var(--cols)) / (var(--cols) + 1)), 32px); font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: calc(var(--cell) * 0.66); line-height: 1; }
#board th, #board td { border: 0; padding: 0; width: var(--cell); min-width: var(--cell); height: var(--cell); text-align: center; vertical-align: middle; }
#board th { color: #8a8a8a; font-weight: normal; font-size: calc(var(--cell) * 0.5); }
#board td { background: #262626; color: #767676; font-weight: bold; }
#board td[data-g="."], #board td[data-g="F"], #board td[data-g="?"] { background: #3a3a3a; }
#board td::before { content: attr(data-g); }
#board td[data-g="."]::before { content: "\B7"; }
#board td[data-g="F"]::before { content: "\2691"; }
#board td[data-g="F"] { color: #ff5f5f; }
#board td[data-g="?"] { color: #d7d700; }
#board td[data-g="*"] { color: #eeeeee; }
#board td[data-g="X"], #board td[data-g="x"] { color: #fff; background: #cd0000; }
#board td[data-g="1"] { color: #5f87ff; }
#board td[data-g="2"] { color: #00af00; }
#board td[data-g="3"] { color: #ff5f5f; }
#board td[data-g="4"] { color: #af87ff; }
#board td[data-g="5"] { color: #d78700; }
#board td[data-g="6"] { color: #00afaf; }
#board td[data-g="7"] { color: #eeeeee; }
#board td[data-g="8"] { color: #8a8a8a; }
.square { outline: 3px solid #c00; outline-offset: 1px; background: #ffe08a; color: inherit; font-weight: bold; }
.label { color: #c00; font-weight: bold; }
.bad { color: #c00; }
svg text { font-family: system-ui, sans-serif; font-size: 12px; }
svg .bar { fill: #3b6ea8; }
@media print { th button::after { content: none; } }
"#;

/// A script a page may carry: the only ones any page may run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// Sorts a table by the column whose header is pressed.
    Sort,
    /// Plays a recorded game back.
    Player,
}

impl Script {
    fn text(self) -> &'static str {
        match self {
            Script::Sort => SORT_SCRIPT,
            Script::Player => PLAYER_SCRIPT,
        }
    }

    /// Its SHA-256, base64, as a policy names it (a test checks each
    /// against its script).
    fn hash(self) -> &'static str {
        match self {
            Script::Sort => SORT_SCRIPT_HASH,
            Script::Player => PLAYER_SCRIPT_HASH,
        }
    }
}

/// The policy: nothing fetched or sent (`default-src 'none'`), style
/// inline, and no script but the page's own, each named by its hash.
fn policy(scripts: &[Script]) -> String {
    let hashes: Vec<String> = scripts.iter().map(|s| format!("'{}'", s.hash())).collect();
    let run = if hashes.is_empty() {
        "'none'".to_owned()
    } else {
        hashes.join(" ")
    };
    format!(
        "default-src 'none'; style-src 'unsafe-inline'; script-src {run}; base-uri 'none'; \
         form-action 'none'"
    )
}

const PLAYER_SCRIPT_HASH: &str = "sha256-Dz8oGLVsFxjq76dVsGE7qm0fpzb2sK8to4CMGeQbg5k=";

const SORT_SCRIPT_HASH: &str = "sha256-fwHQRLKsVPLQg8AWlGylb4odHveJmBQwcRYM6lukg8g=";

/// A whole page titled `title`, with `body` in it and `scripts` after
/// it. No control character but a line
/// break or a tab reaches the page raw, whatever `body` holds: the last
/// guard, as the console's messages have one.
pub fn document(title: &str, body: Markup, scripts: &[Script]) -> String {
    let page = html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta http-equiv="Content-Security-Policy" content=(policy(scripts));
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (visible::without_controls(title)) }
                style { (PreEscaped(STYLE)) }
            }
            body {
                (body)
                @for script in scripts {
                    script { (PreEscaped(script.text())) }
                }
            }
        }
    };
    visible::without_controls(&page.into_string())
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    use super::*;

    /// Base64 as the policy writes a hash.
    fn base64(bytes: &[u8]) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let n =
                chunk.iter().fold(0u32, |n, &b| n << 8 | u32::from(b)) << (8 * (3 - chunk.len()));
            for i in 0..=chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            }
        }
        while !out.len().is_multiple_of(4) {
            out.push('=');
        }
        out
    }

    #[test]
    fn the_policy_names_each_script_by_its_hash() {
        for script in [Script::Sort, Script::Player] {
            let hash = base64(&Sha256::digest(script.text().as_bytes()));
            assert_eq!(script.hash(), format!("sha256-{hash}"), "{script:?}");
        }
        assert!(policy(&[]).contains("script-src 'none'"));
    }

    #[test]
    fn a_page_lets_nothing_leave_it_and_escapes_its_title() {
        let page = document(
            "<script>x</script>\u{7}",
            html! { p { "hi" } },
            &[Script::Sort],
        );
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("default-src 'none'"));
        assert!(page.contains("<title>&lt;script&gt;x&lt;/script&gt;\\u{7}</title>"));
        assert_eq!(
            page.matches("<script>").count(),
            1,
            "the page's own script alone"
        );
    }

    #[test]
    fn no_control_character_reaches_a_page_raw_whatever_its_body_holds() {
        let body = html! { pre { (maud::PreEscaped("a\u{1b}[2Jb\u{7}\nc")) } };
        let page = document("t", body, &[]);
        assert!(page.contains("a\\u{1b}[2Jb\\u{7}\nc"), "{page}");
    }
}
