//! The game in progress, saved after every move. A game's first save is
//! written whole to a temporary file beside the save, synced, and renamed
//! over the last (a rename within a folder is atomic); each move after it
//! appends one line of what it adds (its moves, the figures now) and syncs
//! it. Reading takes the first line and every whole line after it, so a
//! crash or a power cut in the middle of a save loses at most the move
//! being saved, and a save grows by what a move adds, never rewriting the
//! game (nor the board, which records name by SHA-256).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::history::ProblemKind;
use crate::{GameResult, MOST_RECORD, Record, file};

/// Why a save could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("cannot read {path}: {source}")]
    /// The save could not be read.
    Io {
        /// The save's path, escaped.
        path: String,
        /// Why.
        source: io::Error,
    },
    #[error("cannot read the board of {path}: {source}")]
    /// The board the save names could not be read.
    Board {
        /// The board's path in the store, escaped.
        path: String,
        /// Why.
        source: io::Error,
    },
    #[error("{path}: not a saved game ({why})")]
    /// The file is not a save.
    Damaged {
        /// The save's path, escaped.
        path: String,
        /// What is wrong with it.
        why: String,
    },
    #[error("{path}: a saved game that cannot be played again: {why}")]
    /// A save that reads, of a game no one could have played: a board of
    /// no size or too large to deal, rules unknown, a move off its board.
    Unplayable {
        /// The save's path, escaped.
        path: String,
        /// What it claims that cannot be (escaped where it quotes the save).
        why: crate::rebuild::RebuildError,
    },
    #[error("{path}: saved by a newer minesweeper (record version {v})")]
    /// Written by a later version, in a format this one cannot read.
    Newer {
        /// The save's path, escaped.
        path: String,
        /// The format's version.
        v: u32,
    },
    #[error(
        "{path}: the saved game cannot be taken from its folder ({source}), so it is \
         neither offered nor filed"
    )]
    /// The save's lock could not be made or taken: its folder cannot be
    /// written, or the lock's name holds something else.
    Untaken {
        /// The save's path, escaped.
        path: String,
        /// Why.
        source: io::Error,
    },
    #[error("{path}: a game that had ended could not be kept in the history: {why}")]
    /// The save of a game that had ended could not be filed.
    Unfiled {
        /// The save's path, escaped.
        path: String,
        /// Why.
        why: String,
    },
}

/// Why a save is set aside, which its new name says: it cannot be read,
/// or its game could not be filed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aside {
    /// It cannot be read.
    Unread,
    /// Its game could not be filed.
    Unfiled,
}

/// How a save being written is named until it is renamed into place.
pub(crate) const TEMPORARY: &str = ".saving-";

/// Saves `record` at `path`, replacing the save before it only once the
/// new one is whole on disk; what is on disk then, to append to.
pub fn write(path: &Path, record: &Record) -> io::Result<Written> {
    let folder = path.parent().unwrap_or(Path::new("."));
    file::own_folder(folder)?;
    let mut file = tempfile::Builder::new()
        .prefix(TEMPORARY)
        .tempfile_in(folder)?;
    // Made whole, then written at once: serde writes token by token, a
    // call each (142 calls for a first save of 304 bytes).
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    file.write_all(&line)?;
    file.as_file().sync_all()?;
    let len = file.as_file().metadata()?.len();
    file.persist(path).map_err(|e| e.error)?;
    sync_folder(folder)?;
    Ok(Written::of(path, record, len))
}

/// A save as this program last wrote it: whose game, how many bytes of
/// its moves, and how long the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    path: PathBuf,
    id: Option<String>,
    moves: usize,
    len: u64,
}

impl Written {
    fn of(path: &Path, record: &Record, len: u64) -> Self {
        Written {
            path: path.to_owned(),
            id: record.id.clone(),
            moves: record.moves.len(),
            len,
        }
    }
}

/// What a move adds to a save: the moves since the line before, and the
/// game's figures as they are now.
#[derive(Debug, Serialize, Deserialize)]
struct Progress {
    /// The moves' notation added, with the space before it.
    #[serde(rename = "+")]
    added: String,
    when: String,
    result: GameResult,
    ms: u64,
    clicks: u32,
    #[serde(default)]
    wasted: u32,
    hints: u32,
    undos: u32,
    deaths: u32,
    #[serde(rename = "3bv")]
    three_bv: u32,
    #[serde(rename = "3bv_done")]
    three_bv_done: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    zini: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    flag_clicks: Option<u32>,
}

/// Saves `record` by appending what it adds to the save `written`
/// describes, when the file is still that one and the record the same
/// game grown; otherwise writes it whole. A save grows by a move's bytes,
/// not by the whole record again.
pub fn append_or_write(
    path: &Path,
    record: &Record,
    written: Option<&Written>,
) -> io::Result<Written> {
    let Some(written) = written.filter(|w| grows(w, path, record)) else {
        return write(path, record);
    };
    let progress = Progress {
        added: record.moves[written.moves..].to_owned(),
        when: record.when.clone(),
        result: record.result,
        ms: record.ms,
        clicks: record.clicks,
        wasted: record.wasted,
        hints: record.hints,
        undos: record.undos,
        deaths: record.deaths,
        three_bv: record.three_bv,
        three_bv_done: record.three_bv_done,
        zini: record.zini,
        flag_clicks: record.flag_clicks,
    };
    let mut line = serde_json::to_vec(&progress)?;
    line.push(b'\n');
    let mut file = file::open(path, fs::OpenOptions::new().append(true))?;
    // Not the file written last (replaced by another program): whole.
    if file.metadata()?.len() != written.len {
        return write(path, record);
    }
    file.write_all(&line)?;
    file.sync_data()?;
    Ok(Written {
        moves: record.moves.len(),
        len: written.len + line.len() as u64,
        ..written.clone()
    })
}

/// Whether `record` is the game `written` holds, at `path`, with more
/// moves and nothing else of it changed.
fn grows(written: &Written, path: &Path, record: &Record) -> bool {
    written.path == path
        && written.id.is_some()
        && written.id == record.id
        && record.filing_at.is_none()
        && record.moves.len() >= written.moves
        && record.moves.is_char_boundary(written.moves)
}

/// Makes the rename itself durable: on Unix a folder's entries are synced
/// through the folder.
fn sync_folder(folder: &Path) -> io::Result<()> {
    #[cfg(unix)]
    fs::File::open(folder)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = folder;
    Ok(())
}

/// The most bytes a save may spend on an event: its word in the moves
/// (`r5000,5000@` and the milliseconds, at most 32) and, saved a move at
/// a time, the line of figures appended with it (about 170).
const BYTES_AN_EVENT: u64 = 256;

/// What a save holds besides its events: its rules, times, board and the
/// board file's name.
const HEADER_ROOM: u64 = 64 << 10;

/// The most bytes a save on a board of `rows` x `cols` may be: room for
/// the most events a game on it is played with (see
/// [`crate::rebuild::most_events`]), never more than any record file.
fn most_bytes(rows: usize, cols: usize) -> u64 {
    let events = crate::rebuild::most_events(rows.saturating_mul(cols)) as u64;
    events
        .saturating_mul(BYTES_AN_EVENT)
        .saturating_add(HEADER_ROOM)
        .min(MOST_RECORD)
}

/// The most bytes the save at `path` may be, from the board its first
/// line names, read past its moves without keeping them; `None` when
/// there is no save. A save larger than that is an error that says so;
/// what does not read as a record is bounded by what any record file may
/// be, and said to be damaged when it is read.
fn most_for_its_board(path: &Path) -> io::Result<Option<u64>> {
    let Some(file) = file::open_regular(path)? else {
        return Ok(None);
    };
    let size = file.metadata()?.len();
    let reader = io::BufReader::new(io::Read::take(file, MOST_RECORD));
    let first = serde_json::Deserializer::from_reader(reader)
        .into_iter::<crate::Summary>()
        .next();
    let Some(Ok(summary)) = first else {
        return Ok(Some(MOST_RECORD));
    };
    let (rows, cols) = (summary.board.rows, summary.board.cols);
    let most = most_bytes(rows, cols);
    if size > most {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "larger than any save of a game on its {rows}x{cols} board ({} MiB at most)",
                most.div_ceil(1 << 20)
            ),
        ));
    }
    Ok(Some(most))
}

/// The game saved at `path`; `None` when there is none. What it costs to
/// read is bounded by its board, whatever the file holds: a save larger
/// than any game on its board is refused by its size, its moves unread.
pub fn read(path: &Path) -> Result<Option<Record>, SaveError> {
    let shown = || visible::path(path).to_string();
    let most = match most_for_its_board(path) {
        Ok(Some(most)) => most,
        Ok(None) => return Ok(None),
        Err(source) => {
            return Err(SaveError::Io {
                path: shown(),
                source,
            });
        }
    };
    let bytes = match file::read_at_most(path, most) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Ok(None),
        Err(source) => {
            return Err(SaveError::Io {
                path: shown(),
                source,
            });
        }
    };
    let mut lines = bytes.split(|&b| b == b'\n');
    let first = lines.next().unwrap_or_default();
    match crate::history::record_in(first) {
        Ok(mut record) => {
            // Each whole line after the first is a move's progress; a
            // line cut short by a kill ends what is read.
            for line in lines {
                let Ok(progress) = serde_json::from_slice::<Progress>(line) else {
                    break;
                };
                progress.apply(&mut record);
            }
            // What it claims is looked at before anything is built of it.
            crate::rebuild::check(&record)
                .map_err(|why| SaveError::Unplayable { path: shown(), why })?;
            Ok(Some(record))
        }
        Err(ProblemKind::Newer(v)) => Err(SaveError::Newer { path: shown(), v }),
        Err(ProblemKind::Damaged(why)) => Err(SaveError::Damaged {
            path: shown(),
            // Serde quotes what it could not read: escaped, as it may be anything.
            why: visible::Visible(&why).to_string(),
        }),
        // One line is read, never counted among others.
        Err(ProblemKind::More(_)) => Err(SaveError::Damaged {
            path: shown(),
            why: "not one record".to_owned(),
        }),
    }
}

impl Progress {
    fn apply(self, record: &mut Record) {
        record.moves.push_str(&self.added);
        record.when = self.when;
        record.result = self.result;
        record.ms = self.ms;
        record.clicks = self.clicks;
        record.wasted = self.wasted;
        record.hints = self.hints;
        record.undos = self.undos;
        record.deaths = self.deaths;
        record.three_bv = self.three_bv;
        record.three_bv_done = self.three_bv_done;
        record.zini = self.zini;
        record.flag_clicks = self.flag_clicks;
    }
}

/// Removes the save at `path`; none there is no error.
pub fn remove(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

/// Moves the save at `path`, which cannot be read or whose game could not
/// be filed, out of the new game's way: renamed beside it as
/// `<name>.unread-<seconds since 1970>` (or `.unfiled-`), kept as it is
/// for whoever wants to look at it or file it. Gives the new name.
pub fn set_aside(path: &Path, why: Aside) -> io::Result<PathBuf> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let mut name = path.file_name().unwrap_or_default().to_owned();
    let why = match why {
        Aside::Unread => "unread",
        Aside::Unfiled => "unfiled",
    };
    name.push(format!(".{why}-{seconds}"));
    let kept = path.with_file_name(name);
    if kept.exists() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} is there already", visible::path(&kept)),
        ));
    }
    fs::rename(path, &kept)?;
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Record;
    use crate::sample::{played, reveal};

    /// A save larger than any game on its board (a 9x9 one: 100,000
    /// events at most) is refused by its size, its moves unread; one
    /// within it reads.
    #[test]
    fn a_save_larger_than_its_board_allows_is_refused_unread() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("play-x.json");
        let (_, mut record) = played(1, &[reveal(0, 0)]);
        record.moves = "f1,1@0 ".repeat(90_000);
        write(&path, &record).unwrap();
        assert!(read(&path).unwrap().is_some());
        let most = most_bytes(9, 9);
        record.moves = "f1,1@0 ".repeat(most as usize / 7 + 1);
        write(&path, &record).unwrap();
        let Err(SaveError::Io { source, .. }) = read(&path) else {
            panic!("read");
        };
        assert!(
            source
                .to_string()
                .starts_with("larger than any save of a game on its 9x9 board"),
            "{source}"
        );
    }

    #[test]
    fn a_save_replaces_the_last_whole() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("state/play-game.json");
        assert!(read(&path).unwrap().is_none());
        let (_, first) = played(1, &[reveal(0, 0)]);
        let (_, second) = played(1, &[reveal(0, 0), reveal(8, 8)]);
        write(&path, &first).unwrap();
        write(&path, &second).unwrap();
        assert_eq!(read(&path).unwrap(), Some(second));
        let left: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file left behind");
        remove(&path).unwrap();
        remove(&path).unwrap();
        assert!(read(&path).unwrap().is_none());
    }

    /// Each move after the first save adds a line of what it adds; the
    /// save reads back as the last record; a line cut short by a kill is
    /// the move lost, no more.
    #[test]
    fn a_save_grows_by_what_each_move_adds() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("play-game.json");
        let moves = [reveal(0, 0), reveal(8, 8), reveal(0, 8), reveal(8, 0)];
        let records: Vec<Record> = (1..=moves.len())
            .map(|n| {
                let mut record = played(1, &moves[..n]).1;
                // A click that changed nothing between moves: its count
                // goes with the next line.
                record.wasted = u32::try_from(n / 2).unwrap();
                record
            })
            .collect();
        let mut written = write(&path, &records[0]).unwrap();
        let mut sizes = vec![fs::metadata(&path).unwrap().len()];
        for record in &records[1..] {
            written = append_or_write(&path, record, Some(&written)).unwrap();
            sizes.push(fs::metadata(&path).unwrap().len());
            assert_eq!(read(&path).unwrap().as_ref(), Some(record));
        }
        let added: Vec<u64> = sizes.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(added.iter().all(|&n| n < 200), "{added:?} bytes a move");
        assert_eq!(fs::read_to_string(&path).unwrap().lines().count(), 4);
        // Killed in the middle of the last line: the move before stands.
        let whole = fs::read(&path).unwrap();
        fs::write(&path, &whole[..whole.len() - 10]).unwrap();
        assert_eq!(read(&path).unwrap().as_ref(), Some(&records[2]));
    }

    /// A save another program replaced, or another game's, is written
    /// whole, not appended to.
    #[test]
    fn a_save_not_as_left_is_written_whole() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("play-game.json");
        let (_, first) = played(1, &[reveal(0, 0)]);
        let (_, second) = played(1, &[reveal(0, 0), reveal(8, 8)]);
        let (_, other) = played(2, &[reveal(0, 0), reveal(8, 8)]);
        let written = write(&path, &first).unwrap();
        write(&path, &other).unwrap();
        append_or_write(&path, &second, Some(&written)).unwrap();
        assert_eq!(read(&path).unwrap(), Some(second.clone()));
        assert_eq!(fs::read_to_string(&path).unwrap().lines().count(), 1);
        let written = write(&path, &first).unwrap();
        append_or_write(&path, &other, Some(&written)).unwrap();
        assert_eq!(read(&path).unwrap(), Some(other));
    }

    #[test]
    fn a_damaged_save_is_named() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("play-game.json");
        fs::write(&path, "{\"v\":1,").unwrap();
        let error = read(&path).unwrap_err().to_string();
        assert!(
            error.contains("play-game.json: not a saved game ("),
            "{error}"
        );
    }
}
