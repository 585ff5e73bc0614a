//! The full screen's output in the words of a terminal of 16 colours.
//!
//! ratatui, through crossterm, names even the 16 ANSI colours by their
//! palette index (`\e[38;5;9m`) and resets the underline's colour at the
//! end of every frame (`\e[59m`): the Linux console (`TERM=linux`) and
//! other 16-colour terminals know neither. Where the terminal shows 16
//! colours, this writer says each colour in the codes every such terminal
//! knows (30–37, 90–97, 40–47, 100–107) and drops the underline's colour;
//! everything else passes through unchanged.

use std::io::{self, Write};

/// A writer that turns the SGR sequences written through it into the 16
/// colours' own codes when `sixteen`, and passes everything through
/// unchanged otherwise.
pub(crate) struct SixteenColours<W: Write> {
    inner: W,
    sixteen: bool,
    /// An escape sequence begun but not yet ended by a write: a sequence
    /// may come in more than one.
    pending: Vec<u8>,
}

/// Longest escape sequence held back: anything longer is not one this
/// writer rewrites, and goes out as it came.
const LONGEST: usize = 256;

impl<W: Write> SixteenColours<W> {
    pub(crate) fn new(inner: W, sixteen: bool) -> Self {
        SixteenColours {
            inner,
            sixteen,
            pending: Vec::new(),
        }
    }

    /// Writes out what is held back, rewritten if it is a whole SGR
    /// sequence.
    fn settle(&mut self) -> io::Result<()> {
        let held = std::mem::take(&mut self.pending);
        match held
            .strip_prefix(b"\x1b[")
            .and_then(|rest| rest.strip_suffix(b"m"))
        {
            Some(params) => self.inner.write_all(&sgr_in_sixteen(params)),
            None => self.inner.write_all(&held),
        }
    }
}

impl<W: Write> Write for SixteenColours<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.sixteen {
            return self.inner.write(buf);
        }
        // The start of the plain text not yet written.
        let mut plain = 0;
        for (i, &byte) in buf.iter().enumerate() {
            if self.pending.is_empty() {
                if byte == 0x1b {
                    self.inner.write_all(&buf[plain..i])?;
                    self.pending.push(byte);
                    plain = i + 1;
                }
                continue;
            }
            self.pending.push(byte);
            plain = i + 1;
            let len = self.pending.len();
            let ended = match self.pending[1] {
                // A control sequence ends at its final byte.
                b'[' => len > 2 && (0x40..=0x7e).contains(&byte),
                // Any other escape is two bytes.
                _ => true,
            };
            if ended || len >= LONGEST {
                self.settle()?;
            }
        }
        if self.pending.is_empty() {
            self.inner.write_all(&buf[plain..])?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// `\e[…m` with the parameters `params` said in the 16 colours' codes:
/// `38;5;N` and `48;5;N` for N below 16 become 30–37 or 90–97 and 40–47
/// or 100–107; the underline's colour (`58;…`, `59`) is dropped. Empty
/// when nothing is left.
fn sgr_in_sixteen(params: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(params);
    let mut words = text.split(';').peekable();
    let mut said: Vec<String> = Vec::new();
    while let Some(word) = words.next() {
        match word {
            "38" | "48" | "58" => {
                let base = if word == "38" { 30 } else { 40 };
                let colour = colour_after(&mut words);
                match (word, colour) {
                    ("58", _) => {}
                    (_, Some(Colour::Index(n))) if n < 8 => said.push((base + n).to_string()),
                    (_, Some(Colour::Index(n))) if n < 16 => {
                        said.push((base + 60 + n - 8).to_string());
                    }
                    // A colour beyond the 16: the nearest fitting has
                    // already made this rare; the terminal's own then.
                    (_, _) => said.push((base + 9).to_string()),
                }
            }
            "59" => {}
            other => said.push(other.to_owned()),
        }
    }
    if said.is_empty() {
        return Vec::new();
    }
    format!("\x1b[{}m", said.join(";")).into_bytes()
}

/// A colour given after 38, 48 or 58.
enum Colour {
    Index(u16),
    Other,
}

fn colour_after<'a>(words: &mut impl Iterator<Item = &'a str>) -> Option<Colour> {
    match words.next()? {
        "5" => words.next()?.parse().ok().map(Colour::Index),
        "2" => {
            for _ in 0..3 {
                words.next();
            }
            Some(Colour::Other)
        }
        _ => Some(Colour::Other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(chunks: &[&[u8]], sixteen: bool) -> Vec<u8> {
        let mut writer = SixteenColours::new(Vec::new(), sixteen);
        for chunk in chunks {
            writer.write_all(chunk).unwrap();
        }
        writer.flush().unwrap();
        writer.inner
    }

    #[test]
    fn the_sixteen_colours_are_said_in_their_own_codes() {
        let out = through(
            &[b"a\x1b[38;5;9;48;5;0mX\x1b[38;5;4m\x1b[48;5;15mY\x1b[39m\x1b[49m\x1b[59m\x1b[0m"],
            true,
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a\x1b[91;40mX\x1b[34m\x1b[107mY\x1b[39m\x1b[49m\x1b[0m"
        );
    }

    #[test]
    fn a_sequence_cut_between_writes_is_rewritten_whole() {
        let out = through(&[b"x\x1b[3", b"8;5;", b"2mhi\x1b[1;", b"1H"], true);
        assert_eq!(String::from_utf8(out).unwrap(), "x\x1b[32mhi\x1b[1;1H");
    }

    #[test]
    fn other_sequences_and_other_terminals_pass_unchanged() {
        let text: &[u8] = b"\x1b[?1049h\x1b[2J\x1b[38;5;243mz\x1b[59m\x1b7";
        assert_eq!(through(&[text], false), text);
        let out = through(&[b"\x1b[?25l\x1b[1m\x1b[7m\x1b(B"], true);
        assert_eq!(out, b"\x1b[?25l\x1b[1m\x1b[7m\x1b(B");
        // Bold, dim, underline and reverse stay: the console knows them.
        let out = through(&[b"\x1b[1;2;4;7;22;27m"], true);
        assert_eq!(out, b"\x1b[1;2;4;7;22;27m");
    }
}
