//! Untrusted text made safe to print: file names, bytes from board files,
//! arguments echoed in errors. Control characters would drive the terminal
//! (an escape sequence can retitle it, a newline forge a line), and
//! invisible ones (a byte order mark, a no-break space, a right-to-left
//! override) would hide or reorder what is shown. Each is written as a
//! visible escape instead, `\n`, `\t`, `\r` or `\u{feff}`, and a backslash
//! as `\\`, so what is shown names exactly one string.
//!
//! # Map
//!
//! Owns: escaping control and invisible characters (file names, bytes of
//! board files, arguments, record fields) so that what is shown names exactly
//! one string. May use: std only. Every layer that shows what came from
//! outside uses this one, so the escape rules are written once.
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/lib.rs` | untrusted text made printable | `Visible` (Display), `path`, `write_char`, `shown_width`: control and invisible characters as `\n`, `\u{feff}`, a backslash as `\\` |
//!
//! # Decisions
//!
//! - **Untrusted text is escaped where it is printed.** File names, lines of
//!   board files (the caret counts the escapes' width) and arguments quoted in
//!   clap's errors go through the `visible` crate; the engine's `Found` names an
//!   invisible character by its code point.

use std::fmt;
use std::path::Path;

/// `text`, shown with every character that is not plainly visible escaped.
pub struct Visible<'a>(pub &'a str);

impl fmt::Display for Visible<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            write_char(f, c)?;
        }
        Ok(())
    }
}

/// A path made visible; bytes that are not UTF-8 show as U+FFFD. On
/// Windows its separators, `\`, are shown as they are, not doubled as a
/// backslash in a name is: there none can be in a name, and a student
/// reading `C:\\Users\\ana` would not know the folder.
pub fn path(path: &Path) -> String {
    with_separator(&path.to_string_lossy(), std::path::MAIN_SEPARATOR)
}

/// `text`, a path whose folders are parted by `separator`, made visible,
/// each separator as itself. Only `\` needs this: `/` is never escaped.
fn with_separator(text: &str, separator: char) -> String {
    if separator != '\\' {
        return Visible(text).to_string();
    }
    text.split(separator)
        .map(|part| Visible(part).to_string())
        .collect::<Vec<_>>()
        .join("\\")
}

/// Whether `c` is printed as an escape.
pub fn needs_escape(c: char) -> bool {
    c == '\\' || c.is_control() || is_invisible(c)
}

/// `c` as shown: itself, or its escape.
pub fn write_char(out: &mut impl fmt::Write, c: char) -> fmt::Result {
    match c {
        '\\' => out.write_str("\\\\"),
        '\n' => out.write_str("\\n"),
        '\t' => out.write_str("\\t"),
        '\r' => out.write_str("\\r"),
        c if needs_escape(c) => write!(out, "\\u{{{:x}}}", c as u32),
        c => out.write_char(c),
    }
}

/// `json`, a JSON text, with every control or invisible character past
/// ASCII (DEL, the C1 controls such as U+009B, which some terminals take
/// as an escape, a right-to-left override) written as a `\uXXXX` escape,
/// which JSON reads back as the same string. JSON writers escape only
/// the controls below U+0020; those past ASCII can only stand in strings,
/// so the text's meaning is unchanged and nothing raw reaches a terminal.
pub fn json_escaped(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if c.is_ascii() && c != '\u{7f}' || !needs_escape(c) {
            out.push(c);
            continue;
        }
        let mut units = [0u16; 2];
        for unit in c.encode_utf16(&mut units) {
            let _ = fmt::Write::write_fmt(&mut out, format_args!("\\u{unit:04x}"));
        }
    }
    out
}

/// `text` with every control character but line breaks and tabs escaped
/// as [`write_char`] escapes it, and nothing else changed (a backslash
/// stays one): the last guard on a message made of parts that were each
/// to be escaped already, so that none can reach a terminal raw.
pub fn without_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' && c != '\t' {
            let _ = write_char(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// The columns `c` takes on a terminal once shown: its escape's width
/// for a control character, one otherwise; so a caret under a shown line
/// can be placed under the right character.
pub fn shown_width(c: char) -> usize {
    let mut counter = Counter(0);
    let _ = write_char(&mut counter, c);
    counter.0
}

struct Counter(usize);

impl fmt::Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// Characters that print as nothing, or as a blank that is not a space, or
/// that change how the rest of the line is laid out: Unicode's format
/// characters (Cf), its separators other than the space (Zs, Zl, Zp) and
/// the variation selectors.
fn is_invisible(c: char) -> bool {
    matches!(
        c as u32,
        0xA0 | 0xAD
            | 0x034F
            | 0x0600..=0x0605
            | 0x061C
            | 0x06DD
            | 0x070F
            | 0x0890..=0x0891
            | 0x08E2
            | 0x115F..=0x1160
            | 0x1680
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x2000..=0x200F
            | 0x2028..=0x202F
            | 0x205F..=0x206F
            | 0x3000
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF0..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_separators_show_as_they_are_and_a_unix_backslash_is_escaped() {
        assert_eq!(
            with_separator("C:\\Users\\ana\\check-failures\\crash", '\\'),
            "C:\\Users\\ana\\check-failures\\crash"
        );
        assert_eq!(
            with_separator("C:\\Users\\a\u{1b}[2Jb", '\\'),
            "C:\\Users\\a\\u{1b}[2Jb"
        );
        assert_eq!(with_separator("/tmp/a\\b", '/'), "/tmp/a\\\\b");
    }

    #[test]
    fn json_keeps_its_meaning_with_nothing_raw() {
        let json = "{\n  \"name\": \"a\u{9b}31mb\u{202e}c\u{7f}é \\\" 😀\"\n}";
        let escaped = json_escaped(json);
        assert_eq!(
            escaped,
            "{\n  \"name\": \"a\\u009b31mb\\u202ec\\u007fé \\\" 😀\"\n}"
        );
        assert!(!escaped.contains('\u{9b}'));
    }

    #[test]
    fn controls_are_escaped_and_the_rest_left_as_it_is() {
        assert_eq!(
            without_controls("rules `classic\u{1b}]0;PWN\u{7}`\nC:\\boards\tx"),
            "rules `classic\\u{1b}]0;PWN\\u{7}`\nC:\\boards\tx"
        );
    }

    fn shown(text: &str) -> String {
        Visible(text).to_string()
    }

    #[test]
    fn plain_text_is_unchanged() {
        assert_eq!(shown("boards/board1.txt"), "boards/board1.txt");
        assert_eq!(shown("carte é ü 地図"), "carte é ü 地図");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(shown("a\nb\tc\rd"), "a\\nb\\tc\\rd");
        assert_eq!(shown("\x1b]0;pwned\x07"), "\\u{1b}]0;pwned\\u{7}");
        assert_eq!(shown("\u{9b}"), "\\u{9b}", "the one-byte CSI too");
    }

    #[test]
    fn invisible_characters_are_escaped() {
        assert_eq!(shown("\u{feff}board"), "\\u{feff}board");
        assert_eq!(shown("a\u{a0}b"), "a\\u{a0}b");
        assert_eq!(shown("abc\u{202e}txt.exe"), "abc\\u{202e}txt.exe");
        assert_eq!(shown("a\u{200b}b"), "a\\u{200b}b");
    }

    #[test]
    fn a_backslash_is_doubled_so_escapes_are_unambiguous() {
        assert_eq!(shown("a\\u{feff}"), "a\\\\u{feff}");
        assert_ne!(shown("a\\u{feff}"), shown("a\u{feff}"));
    }

    #[test]
    fn widths_count_the_escape() {
        assert_eq!(shown_width('x'), 1);
        assert_eq!(shown_width('\t'), 2);
        assert_eq!(shown_width('\u{feff}'), "\\u{feff}".len());
    }
}
