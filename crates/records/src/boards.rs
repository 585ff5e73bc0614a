//! Board files kept once, by their content: a game on a board file
//! records the SHA-256 of the board's text, and the text itself is kept
//! in the data folder's `boards/` as `<sha256>.txt`, written the first
//! time a game is recorded on it. A 10000x10000 board is 100 MB of text:
//! kept in every record, every game and every move's save grew by as much.

use std::fmt::{self, Write as _};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use engine::BoardFile;
use sha2::{Digest, Sha256};

use crate::{BoardText, Record, file};

/// How a board being kept is named until it is renamed into place.
pub(crate) const TEMPORARY: &str = ".keeping-";

/// The largest board text kept: the largest board file the program loads.
pub(crate) const MOST_BOARD: u64 = 256 << 20;

/// The SHA-256 of `text`, in lower-case hexadecimal: the board's name in
/// the store. A board is hashed as it is written out, never held whole.
pub fn sha256(text: &BoardText) -> String {
    let mut hasher = Hashing(Sha256::new());
    // Writing to a hasher cannot fail.
    let _ = match text {
        BoardText::Text(text) => hasher.write_str(text),
        BoardText::Board(board) => {
            fmt::Write::write_fmt(&mut hasher, format_args!("{}", BoardFile(board)))
        }
    };
    hasher.hex()
}

/// The SHA-256 of a board's text as read back.
fn sha256_of_text(text: &str) -> String {
    let mut hasher = Hashing(Sha256::new());
    let _ = hasher.write_str(text);
    hasher.hex()
}

/// Text or bytes written into a hasher.
struct Hashing(Sha256);

impl Hashing {
    /// The hash, in lower-case hexadecimal.
    fn hex(self) -> String {
        self.0.finalize().iter().fold(String::new(), |mut hex, b| {
            let _ = write!(hex, "{b:02x}");
            hex
        })
    }
}

impl fmt::Write for Hashing {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.update(s.as_bytes());
        Ok(())
    }
}

/// Bytes read from a file (sha2 0.11 has no `io::Write` of its own).
impl Write for Hashing {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Whether `name` is a SHA-256 as [`sha256`] writes it: what a record
/// says is checked before it names a file, so no record reaches outside
/// the store.
pub(crate) fn is_sha256(name: &str) -> bool {
    name.len() == 64 && name.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

fn path_of(folder: &Path, sha256: &str) -> PathBuf {
    folder.join(format!("{sha256}.txt"))
}

/// Keeps `text`, whose SHA-256 is `sha256`, in the store at `folder`
/// unless it is there: written whole to a temporary file, synced, then
/// renamed into place. A file of that name that does not hold that text
/// (changed by hand, or cut short) is replaced: a game recorded on it
/// could never be replayed.
pub fn keep(folder: &Path, sha256: &str, text: &BoardText) -> io::Result<()> {
    let path = path_of(folder, sha256);
    if holds(&path, sha256) {
        return Ok(());
    }
    // The data folder it is in, then the store itself.
    if let Some(data) = folder.parent() {
        file::own_folder(data)?;
    }
    file::own_folder(folder)?;
    let mut file = tempfile::Builder::new()
        .prefix(TEMPORARY)
        .tempfile_in(folder)
        .map_err(|e| file::named(folder, e))?;
    {
        let mut out = io::BufWriter::new(&mut file);
        match text {
            BoardText::Text(text) => out.write_all(text.as_bytes())?,
            BoardText::Board(board) => write!(out, "{}", BoardFile(board))?,
        }
        out.flush()?;
    }
    file.as_file().sync_all()?;
    file.persist(&path)
        .map_err(|e| file::named(&path, e.error))?;
    Ok(())
}

/// Whether the file at `path` is a regular file of its own whose bytes
/// hash to `sha256`: read in blocks, never held whole.
fn holds(path: &Path, sha256: &str) -> bool {
    let Ok(Some(file)) = file::open_regular(path) else {
        return false;
    };
    if file.metadata().map_or(true, |m| m.len() > MOST_BOARD) {
        return false;
    }
    let mut hasher = Hashing(Sha256::new());
    let read = io::copy(&mut file.take(MOST_BOARD + 1), &mut hasher);
    read.is_ok() && hasher.hex() == sha256
}

/// The text of the board called `name` (its SHA-256) from the store at `folder`: refused
/// when the name is not a SHA-256, the file is not a regular file or too
/// large, or its text is not the one its name says.
pub fn text(folder: &Path, name: &str) -> io::Result<String> {
    if !is_sha256(name) {
        return Err(invalid(format!(
            "a record names the board {}, which is not a SHA-256",
            visible::Visible(name)
        )));
    }
    let path = path_of(folder, name);
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", visible::path(&path)));
    let bytes = file::read_at_most(&path, MOST_BOARD)
        .map_err(named)?
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("the board {} is missing", visible::path(&path)),
            )
        })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| invalid(format!("{} is not a board's text", visible::path(&path))))?;
    if sha256_of_text(&text) != name {
        return Err(invalid(format!(
            "{} does not hold the board its name says",
            visible::path(&path)
        )));
    }
    // Its name only says it was not changed since it was kept: the text
    // is checked as a board file is, before it is played or written out.
    engine::parse_board(text.as_bytes()).map_err(|why| {
        invalid(format!(
            "{} is not a board file: {why}",
            visible::path(&path)
        ))
    })?;
    Ok(text)
}

/// Puts the text of `record`'s board back in it, from the store at
/// `folder`, when the record names its board by SHA-256.
pub fn attach(folder: &Path, record: &mut Record) -> io::Result<()> {
    let board = &mut record.board;
    if let (None, Some(name)) = (&board.file, &board.sha256) {
        board.file = Some(BoardText::Text(text(folder, name)?));
    }
    Ok(())
}

fn invalid(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::parse_board;
    use std::fs;

    const BOARD: &str = "++++\n+* +\n+  +\n++++\n";

    #[test]
    fn a_board_is_hashed_the_same_as_text_or_as_a_board() {
        let board = parse_board(BOARD.as_bytes()).unwrap();
        let as_text = sha256(&BoardText::Text(BOARD.to_owned()));
        assert_eq!(sha256(&BoardText::Board(board)), as_text);
        assert!(is_sha256(&as_text));
        // The SHA-256 of the text, as `sha256sum` gives it.
        assert_eq!(
            sha256(&BoardText::Text("abc".to_owned())),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_board_is_kept_once_and_read_back() {
        let folder = tempfile::tempdir().unwrap();
        let store = folder.path().join("boards");
        let text = BoardText::Text(BOARD.to_owned());
        let name = sha256(&text);
        keep(&store, &name, &text).unwrap();
        keep(&store, &name, &text).unwrap();
        assert_eq!(fs::read_dir(&store).unwrap().count(), 1);
        assert_eq!(super::text(&store, &name).unwrap(), BOARD);
    }

    #[test]
    fn a_kept_board_that_is_not_what_its_name_says_is_replaced() {
        let folder = tempfile::tempdir().unwrap();
        let store = folder.path();
        let text = BoardText::Text(BOARD.to_owned());
        let name = sha256(&text);
        keep(store, &name, &text).unwrap();
        for changed in ["++++\n+ *+\n+  +\n++++\n", "++++\n+* +\n"] {
            fs::write(path_of(store, &name), changed).unwrap();
            keep(store, &name, &text).unwrap();
            assert_eq!(super::text(store, &name).unwrap(), BOARD);
        }
    }

    #[test]
    fn a_name_or_a_file_that_is_not_what_it_says_is_refused() {
        let folder = tempfile::tempdir().unwrap();
        let store = folder.path();
        let error = text(store, "../../etc/passwd").unwrap_err();
        assert!(error.to_string().contains("not a SHA-256"), "{error}");
        let name = sha256(&BoardText::Text(BOARD.to_owned()));
        fs::write(path_of(store, &name), "++\n++\n").unwrap();
        let error = text(store, &name).unwrap_err();
        assert!(
            error.to_string().contains("does not hold the board"),
            "{error}"
        );
        let missing = sha256(&BoardText::Text("other".to_owned()));
        let error = text(store, &missing).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }
}
