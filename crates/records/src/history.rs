//! The history file: one finished game a line, appended and never
//! rewritten.
//!
//! A record is written whole, in one write, under an exclusive lock on
//! the file (std's `File::lock`: `flock` on Unix, `LockFileEx` on
//! Windows), and synced before the lock is let go, so two games ending at
//! once in two terminals both land, one line each. A write that fails (a
//! full disk) is cut back off, so nothing half-written stays behind. A
//! line left half-written by a process killed mid-write is not glued to
//! the next: a record that finds the file not ending a line starts on a
//! line of its own, and the reader reports the broken line and counts the
//! rest. Reading takes a shared lock, so it never sees a record half
//! written.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::Deserialize;
use serde::de::{DeserializeOwned, IgnoredAny};

use crate::{MOST_RECORD, Record, VERSION, file};

/// The records of a history, with their line numbers, and the lines that
/// could not be read: the whole history held at once, which only tests
/// need (the program reads it with [`each`]).
#[cfg(test)]
#[derive(Clone, Debug, Default)]
pub(crate) struct Loaded {
    /// Each record with its line number (from 1), which is also its
    /// number for `replay`: the file only grows.
    pub records: Vec<(usize, Record)>,
    pub problems: Vec<Problem>,
}

/// A line of the history that was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file.
    pub path: PathBuf,
    /// From 1.
    pub line: usize,
    /// Why the line is left out.
    pub kind: ProblemKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// Why a line of a history is left out.
pub enum ProblemKind {
    /// Not a record this version can read: cut short, or edited.
    Damaged(String),
    /// Written by a later version of the program, in a format this one
    /// does not know.
    Newer(u32),
    /// So many more lines after this one left out, not named each.
    More(usize),
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = format!("{}:{}", visible::path(&self.path), self.line);
        match &self.kind {
            ProblemKind::Damaged(why) => {
                let why = visible::Visible(why);
                write!(f, "{at}: not a game record ({why}); left out")
            }
            ProblemKind::More(n) => write!(
                f,
                "{}: {n} more lines after line {} left out, not named each",
                visible::path(&self.path),
                self.line
            ),
            ProblemKind::Newer(v) => write!(
                f,
                "{at}: written by a newer minesweeper (record version {v}, this one reads \
                 {VERSION}); left out"
            ),
        }
    }
}

/// Appends `record` to the history at `path`, making its folder if need
/// be.
pub fn append(path: &Path, record: &Record) -> io::Result<()> {
    append_after(path, record, |_| Ok(()))
}

/// Appends `record` as [`append`] does, once `before` has been given the
/// history's length under the lock and has done its part without error:
/// what is written there is written before the line, and nothing else can
/// come between.
pub(crate) fn append_after(
    path: &Path,
    record: &Record,
    before: impl FnOnce(u64) -> io::Result<()>,
) -> io::Result<()> {
    if let Some(folder) = path.parent() {
        file::own_folder(folder)?;
    }
    let mut file = file::open(
        path,
        OpenOptions::new().read(true).append(true).create(true),
    )?;
    file.lock()?;
    let written = Appendable::len(&mut file)
        .and_then(before)
        .and_then(|()| append_locked(&mut file, record));
    // Dropping the file lets the lock go too; unlocking first says so.
    let _ = file.unlock();
    written
}

/// What appending needs of a file: its length, its last byte, writing,
/// syncing and cutting back. A trait so that a failing disk can be tested.
trait Appendable: Write {
    fn len(&mut self) -> io::Result<u64>;
    fn last_byte(&mut self) -> io::Result<u8>;
    fn sync(&mut self) -> io::Result<()>;
    fn cut_to(&mut self, len: u64) -> io::Result<()>;
}

impl Appendable for File {
    fn len(&mut self) -> io::Result<u64> {
        Ok(self.metadata()?.len())
    }

    fn last_byte(&mut self) -> io::Result<u8> {
        self.seek(SeekFrom::End(-1))?;
        let mut byte = [0];
        self.read_exact(&mut byte)?;
        Ok(byte[0])
    }

    fn sync(&mut self) -> io::Result<()> {
        self.sync_data()
    }

    fn cut_to(&mut self, len: u64) -> io::Result<()> {
        self.set_len(len)?;
        self.sync_data()
    }
}

/// Writes `record` as a line at the end of the locked `file` and syncs it;
/// on a failure the file is cut back to its length before. The line is
/// written as it is made, never held whole: a board file's record holds
/// its text, 16 MB for a 4000x4000 board.
fn append_locked(file: &mut impl Appendable, record: &Record) -> io::Result<()> {
    let before = file.len()?;
    // A line cut short by a crash stays on its own.
    let cut_short = before > 0 && file.last_byte()? != b'\n';
    let written = write_line(file, cut_short, record).and_then(|()| file.sync());
    if written.is_err() {
        // Nothing half-written is left behind; if even this fails, the
        // reader reports the line as broken and counts the rest.
        let _ = file.cut_to(before);
    }
    written
}

/// Writes `record` and a newline to `file`, after one more if `cut_short`.
fn write_line(file: &mut impl Write, cut_short: bool, record: &Record) -> io::Result<()> {
    let mut out = BufWriter::new(file);
    if cut_short {
        out.write_all(b"\n")?;
    }
    serde_json::to_writer(&mut out, record)?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Reads the whole history at `path`, as [`each`] hands it on.
#[cfg(test)]
pub(crate) fn read(path: &Path) -> io::Result<Loaded> {
    let mut loaded = Loaded::default();
    loaded.problems = each(path, |line, record| loaded.records.push((line, record)))?;
    Ok(loaded)
}

/// How much of the file is read at a time: the memory reading takes,
/// with the longest line, whatever the history's size.
const CHUNK: usize = 8 << 20;

/// Hands each record of the history at `path` to `visit` with its line
/// number, in order, holding no more than a chunk and a line at a time;
/// the lines left out are returned. No file is an empty history.
pub fn each<M: DeserializeOwned + Send>(
    path: &Path,
    mut visit: impl FnMut(usize, Record<M>),
) -> io::Result<Vec<Problem>> {
    let Some(file) = file::open_regular(path)? else {
        return Ok(Vec::new());
    };
    file.lock_shared()?;
    let mut lines = Lines::new(path, MOST_RECORD);
    let read = lines.read(&file, &mut visit);
    let _ = file.unlock();
    read.map(|()| lines.problems.into_list())
}

/// Whether the history at `path`, from byte `from` on, holds a record of
/// the game `id`: what a save left by a program killed while filing it
/// needs to know. Only what was appended since is read.
pub fn holds(path: &Path, from: u64, id: &str) -> io::Result<bool> {
    let Some(mut file) = file::open_regular(path)? else {
        return Ok(false);
    };
    file.lock_shared()?;
    let mut found = false;
    let read = file.seek(SeekFrom::Start(from)).and_then(|_| {
        Lines::new(path, MOST_RECORD).read::<IgnoredAny>(&file, &mut |_, record| {
            found |= record.id.as_deref() == Some(id);
        })
    });
    let _ = file.unlock();
    read.map(|()| found)
}

/// Reading whole lines out of chunks.
struct Lines<'a> {
    path: &'a Path,
    /// The longest line read; a longer one is left out.
    most: u64,
    /// The number of the next line to hand on, from 1.
    next_line: usize,
    /// The bytes of the line being read while it is longer than any
    /// record: read past, not kept.
    skipping: bool,
    problems: Problems,
}

/// The lines left out, each named up to [`MOST_NAMED`], then counted.
#[derive(Debug, Default)]
struct Problems {
    named: Vec<Problem>,
    more: usize,
}

/// How many lines left out are named one by one: a history of a million
/// broken lines is not a million messages, nor their memory.
const MOST_NAMED: usize = 100;

impl Problems {
    fn push(&mut self, problem: Problem) {
        if self.named.len() < MOST_NAMED {
            self.named.push(problem);
        } else {
            self.more += 1;
        }
    }

    /// The problems named, then one for the rest, if any.
    fn into_list(mut self) -> Vec<Problem> {
        if self.more > 0
            && let Some(last) = self.named.last()
        {
            let more = Problem {
                path: last.path.clone(),
                line: last.line,
                kind: ProblemKind::More(self.more),
            };
            self.named.push(more);
        }
        self.named
    }
}

impl<'a> Lines<'a> {
    fn new(path: &'a Path, most: u64) -> Self {
        Lines {
            path,
            most,
            next_line: 1,
            skipping: false,
            problems: Problems::default(),
        }
    }

    /// Reads `file` to its end. Each byte is looked at once: a chunk is
    /// searched for its last line end only in what it adds.
    fn read<M: DeserializeOwned + Send>(
        &mut self,
        mut file: &File,
        visit: &mut impl FnMut(usize, Record<M>),
    ) -> io::Result<()> {
        let mut buffer: Vec<u8> = Vec::with_capacity(CHUNK);
        loop {
            let before = buffer.len();
            let read = Read::take(&mut file, CHUNK as u64).read_to_end(&mut buffer)?;
            let at_end = read == 0;
            if self.skipping {
                match buffer.iter().position(|&b| b == b'\n') {
                    Some(end) => {
                        buffer.drain(..=end);
                        self.skipping = false;
                        self.next_line += 1;
                    }
                    None => buffer.clear(),
                }
                if at_end {
                    return Ok(());
                }
                continue;
            }
            // Up to the last whole line; a line longer than a chunk waits for more.
            let cut = match buffer[before..].iter().rposition(|&b| b == b'\n') {
                _ if at_end => buffer.len(),
                Some(last) => before + last + 1,
                None => 0,
            };
            // A long line is held until its end only while it could be a
            // record: one that does not open as JSON (the zeros of a
            // sparse file) is left out at once, not read to the limit.
            // Its first chunk is looked at once, as the line grows past it.
            let no_record =
                before < CHUNK && buffer.len() >= CHUNK && !opens_like_a_record(&buffer[..CHUNK]);
            if cut == 0 && (buffer.len() as u64 > self.most || no_record) {
                let why = if no_record {
                    "not a record: it does not open as JSON does".to_owned()
                } else {
                    format!("longer than any record, {} MiB at most", self.most >> 20)
                };
                self.problems.push(Problem {
                    path: self.path.to_owned(),
                    line: self.next_line,
                    kind: ProblemKind::Damaged(why),
                });
                buffer.clear();
                self.skipping = true;
                continue;
            }
            let lines = &buffer[..cut];
            parse_into(visit, &mut self.problems, self.path, lines, self.next_line);
            self.next_line += lines.iter().filter(|&&b| b == b'\n').count();
            buffer.drain(..cut);
            if at_end {
                return Ok(());
            }
        }
    }
}

/// Whether `start`, the start of a line, opens as a record does: `{`
/// after any spaces, and JSON as far as it goes (the zeros of a sparse
/// file, or a `{` before a gigabyte of anything else, do not).
fn opens_like_a_record(start: &[u8]) -> bool {
    let opens = start
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_none_or(|&b| b == b'{');
    let mut json = serde_json::Deserializer::from_slice(start);
    opens
        && match IgnoredAny::deserialize(&mut json) {
            Ok(_) => true,
            Err(error) => error.is_eof(),
        }
}

/// How many lines are read at once: the records of a batch are held
/// together until they are handed on, so a chunk of four million short
/// damaged lines costs a batch's memory, not four million records'.
const BATCH: usize = 4096;

/// Hands the records of `bytes`, whose first line is `first_line` of the
/// file, to `visit`, and the lines left out to `problems`. The lines are
/// read on every core, a batch at a time, and handed on in order.
fn parse_into<M: DeserializeOwned + Send>(
    visit: &mut impl FnMut(usize, Record<M>),
    problems: &mut Problems,
    path: &Path,
    bytes: &[u8],
    first_line: usize,
) {
    use rayon::prelude::*;
    let mut lines = bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, line)| !line.iter().all(u8::is_ascii_whitespace))
        .map(|(i, line)| (first_line + i, line))
        .peekable();
    let read_one = |(number, line): (usize, &[u8])| (number, record_in(line));
    let mut batch: Vec<(usize, &[u8])> = Vec::with_capacity(BATCH);
    while lines.peek().is_some() {
        batch.clear();
        batch.extend(lines.by_ref().take(BATCH));
        let read: Vec<(usize, Result<Record<M>, ProblemKind>)> = match readers() {
            Some(pool) => pool.install(|| batch.par_iter().copied().map(read_one).collect()),
            None => batch.iter().copied().map(read_one).collect(),
        };
        for (line, read) in read {
            match read {
                Ok(record) => visit(line, record),
                Err(kind) => problems.push(Problem {
                    path: path.to_owned(),
                    line,
                    kind,
                }),
            }
        }
    }
}

/// The threads the history's lines are read on, one a core, started the
/// first time; `None` when they cannot start (a memory limit leaves no
/// room for their stacks): the lines are then read on the calling thread.
fn readers() -> Option<&'static rayon::ThreadPool> {
    static READERS: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    READERS
        .get_or_init(|| rayon::ThreadPoolBuilder::new().build().ok())
        .as_ref()
}

/// One line's record, or why it is left out.
pub(super) fn record_in<M: DeserializeOwned>(line: &[u8]) -> Result<Record<M>, ProblemKind> {
    match serde_json::from_slice::<Record<M>>(line) {
        Ok(record) if record.v > VERSION => Err(ProblemKind::Newer(record.v)),
        Ok(record) => Ok(record),
        Err(e) => {
            #[derive(Deserialize)]
            struct Version {
                v: u32,
            }
            // A later version may write what this one cannot read.
            match serde_json::from_slice::<Version>(line) {
                Ok(Version { v }) if v > VERSION => Err(ProblemKind::Newer(v)),
                _ => Err(ProblemKind::Damaged(e.to_string())),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{played, reveal};
    use std::fs;

    fn record(seed: u64) -> Record {
        played(seed, &[reveal(0, 0)]).1
    }

    #[test]
    fn records_come_back_with_their_line_numbers() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("deep/er/history.jsonl");
        append(&path, &record(1)).unwrap();
        append(&path, &record(2)).unwrap();
        let loaded = read(&path).unwrap();
        assert_eq!(loaded.problems, []);
        assert_eq!(loaded.records, [(1, record(1)), (2, record(2))]);
    }

    #[test]
    fn no_history_is_an_empty_one() {
        let folder = tempfile::tempdir().unwrap();
        let loaded = read(&folder.path().join("none.jsonl")).unwrap();
        assert!(loaded.records.is_empty() && loaded.problems.is_empty());
    }

    #[test]
    fn a_record_cut_short_stays_on_its_own_line_and_the_rest_count() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("history.jsonl");
        append(&path, &record(1)).unwrap();
        // A process killed in the middle of its write.
        let whole = serde_json::to_string(&record(2)).unwrap();
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(&whole.as_bytes()[..whole.len() / 2])
            .unwrap();
        drop(file);
        let before = fs::read(&path).unwrap();
        append(&path, &record(3)).unwrap();
        let after = fs::read(&path).unwrap();
        assert!(
            after.starts_with(&before),
            "what was there is never rewritten"
        );
        let loaded = read(&path).unwrap();
        assert_eq!(loaded.records, [(1, record(1)), (3, record(3))]);
        assert_eq!(loaded.problems.len(), 1);
        assert_eq!(loaded.problems[0].line, 2);
        let said = loaded.problems[0].to_string();
        assert!(
            said.contains("history.jsonl:2: not a game record ("),
            "{said}"
        );
    }

    #[test]
    fn a_line_of_a_newer_version_is_named_and_left_out() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("history.jsonl");
        append(&path, &record(1)).unwrap();
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"{\"v\":7,\"shape\":\"hexagons\"}\nnot json at all\n")
            .unwrap();
        drop(file);
        let loaded = read(&path).unwrap();
        assert_eq!(loaded.records.len(), 1);
        let kinds: Vec<&ProblemKind> = loaded.problems.iter().map(|p| &p.kind).collect();
        assert!(matches!(
            kinds[..],
            [ProblemKind::Newer(7), ProblemKind::Damaged(_)]
        ));
        assert!(
            loaded.problems[0]
                .to_string()
                .contains(":2: written by a newer minesweeper")
        );
        assert_eq!(loaded.problems[1].line, 3);
    }

    /// A disk that fills up after `room` more bytes.
    struct FillingDisk {
        bytes: Vec<u8>,
        room: usize,
    }

    impl Write for FillingDisk {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::ErrorKind::StorageFull.into());
            }
            let n = buf.len().min(self.room);
            self.bytes.extend_from_slice(&buf[..n]);
            self.room -= n;
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Appendable for FillingDisk {
        fn len(&mut self) -> io::Result<u64> {
            Ok(self.bytes.len() as u64)
        }

        fn last_byte(&mut self) -> io::Result<u8> {
            Ok(*self.bytes.last().unwrap())
        }

        fn sync(&mut self) -> io::Result<()> {
            Ok(())
        }

        fn cut_to(&mut self, len: u64) -> io::Result<()> {
            self.bytes.truncate(len as usize);
            Ok(())
        }
    }

    #[test]
    fn a_record_the_disk_has_no_room_for_leaves_nothing_behind() {
        let mut disk = FillingDisk {
            bytes: b"{\"earlier\":1}\n".to_vec(),
            room: 100,
        };
        assert!(serde_json::to_string(&record(1)).unwrap().len() > 100);
        let error = append_locked(&mut disk, &record(1)).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::StorageFull);
        assert_eq!(disk.bytes, b"{\"earlier\":1}\n");
    }

    #[cfg(unix)]
    #[test]
    fn a_history_that_is_not_a_regular_file_is_refused_at_once() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("history.jsonl");
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        let error = read(&path).unwrap_err();
        assert!(error.to_string().starts_with("a link"), "{error}");
        let error = append(&path, &record(1)).unwrap_err();
        assert!(error.to_string().starts_with("a link"), "{error}");
        fs::remove_file(&path).unwrap();
        crate::file::make_fifo(&path);
        assert_eq!(read(&path).unwrap_err().to_string(), "not a regular file");
        assert!(append(&path, &record(1)).is_err());
    }

    /// A line longer than any record is named and read past, kept in
    /// memory no longer than the limit; the records around it count.
    #[test]
    fn a_line_longer_than_any_record_is_read_past() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("history.jsonl");
        append(&path, &record(1)).unwrap();
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        // JSON as far as it goes: held to the limit.
        file.write_all(b"{\"moves\":\"").unwrap();
        file.write_all(&vec![b'x'; 3 * CHUNK + 5]).unwrap();
        file.write_all(b"\n").unwrap();
        // A `{` and no JSON after it, and the zeros of a sparse file: no
        // record, left out at once.
        file.write_all(b"{").unwrap();
        file.write_all(&vec![b'x'; 3 * CHUNK]).unwrap();
        file.write_all(b"\n").unwrap();
        file.write_all(&vec![0; 3 * CHUNK]).unwrap();
        file.write_all(b"\n").unwrap();
        drop(file);
        append(&path, &record(5)).unwrap();
        let file = File::open(&path).unwrap();
        let mut lines = Lines::new(&path, (2 * CHUNK) as u64);
        let mut seen = Vec::new();
        lines
            .read::<IgnoredAny>(&file, &mut |line, _| seen.push(line))
            .unwrap();
        assert_eq!(seen, [1, 5]);
        let problems = lines.problems.into_list();
        assert_eq!(problems.len(), 3);
        assert_eq!(problems[0].line, 2);
        assert!(problems[0].to_string().contains("longer than any record"));
        for (problem, line) in problems[1..].iter().zip([3, 4]) {
            assert_eq!(problem.line, line);
            assert!(problem.to_string().contains("does not open as JSON"));
        }
    }

    #[test]
    fn what_a_damaged_line_says_is_shown_escaped() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("history.jsonl");
        // A result that is no result: serde's message quotes it, its
        // escape and bell decoded.
        let line = r#"{"v":1,"result":"\u001b]0;owned\u0007"}"#;
        fs::write(&path, format!("{line}\n")).unwrap();
        let loaded = read(&path).unwrap();
        let said = loaded.problems[0].to_string();
        assert!(said.contains(r"\u{1b}]0;owned\u{7}"), "{said:?}");
        assert!(!said.contains('\x1b') && !said.contains('\x07'), "{said:?}");
    }

    #[test]
    fn many_broken_lines_are_named_up_to_a_limit_then_counted() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("history.jsonl");
        fs::write(&path, "not a record\n".repeat(MOST_NAMED + 50)).unwrap();
        let problems = each::<IgnoredAny>(&path, |_, _| {}).unwrap();
        assert_eq!(problems.len(), MOST_NAMED + 1);
        let said = problems[MOST_NAMED].to_string();
        assert!(
            said.ends_with("50 more lines after line 100 left out, not named each"),
            "{said}"
        );
    }
}
