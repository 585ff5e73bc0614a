//! What `check` tells: a summary, each kind of failure with its smallest
//! game (what differs, the two boards side by side with the square marked,
//! the board and the moves), the files to run it again, and the same as
//! JSON or as a Gradescope `results.json`.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use console::render::write_marked_board;
use engine::{Action, Board, Frame, Glyph, Grid, Pos, to_board_file};
use pages::{Mark, Picture};

use grader::case::Case;
use grader::fault::EdgeCase;
use grader::judge::Kind;
use grader::reader::{self, Printed};
use grader::score::{Part, PartScore, Points, Score};
use grader::{Finding, HANGS_BEFORE_STOPPING, Options, Outcome, Stopped};

/// Who reads a report: whether the reproductions' files are at hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// On the machine that checked: the files are named.
    Here,
    /// Elsewhere (a student on Gradescope): the files never reach them,
    /// so a game is told as the board to save and the answers to type.
    Elsewhere,
}

/// The report for a person on the machine that checked.
pub fn write_text(out: &mut impl Write, options: &Options, outcome: &Outcome) -> io::Result<()> {
    write_text_for(out, options, outcome, Reader::Here)
}

/// The report for `reader`.
pub(crate) fn write_text_for(
    out: &mut impl Write,
    options: &Options,
    outcome: &Outcome,
    reader: Reader,
) -> io::Result<()> {
    let failed = outcome.games - outcome.agreed;
    writeln!(
        out,
        "Checked `{}` with {} games (seed {seed}: --seed {seed} plays the same games).",
        options.program.shown(),
        options.games,
        seed = options.seed
    )?;
    writeln!(
        out,
        "{} agreed with the course's game, {failed} did not{}.",
        outcome.agreed,
        match outcome.not_played {
            0 => String::new(),
            n => format!(", {n} {} not played", if n == 1 { "was" } else { "were" }),
        }
    )?;
    for (kind, count) in &outcome.failures {
        let faults = outcome
            .findings
            .iter()
            .filter(|f| f.kind() == *kind)
            .count()
            + outcome
                .more_faults
                .get(kind)
                .map_or(0, |&(faults, _)| faults);
        let faults = if faults > 1 {
            format!("  ({faults} faults)")
        } else {
            String::new()
        };
        writeln!(out, "  {:<14} {count:>5}{faults}", kind.name())?;
    }
    match &outcome.score {
        Some(score) => write_score(out, score)?,
        None => writeln!(
            out,
            "No score: {} of {} games were played before the time budget ran out, and a \
             score over some of the games would pass for one over all of them. A longer \
             --budget, or a machine less busy, plays them all.",
            outcome.games, options.games
        )?,
    }
    let glyph = outcome.frame.glyph();
    // Said when the frame is not the course's: found, or asked for.
    if outcome.frame_found && outcome.frame != Frame::Plus {
        writeln!(
            out,
            "Board files framed with `{glyph}`: the program went further with them than with \
             `+` in its first games (--frame + plays those)."
        )?;
    } else if outcome.frame != Frame::Plus {
        writeln!(out, "Board files framed with `{glyph}`, as --frame asks.")?;
    }
    if outcome.won_after_a_move > 0 {
        writeln!(
            out,
            "{} on boards without mines won after the first move, not before it: the course \
             leaves that open, and either ending agrees.",
            count(outcome.won_after_a_move as usize, "game")
        )?;
    }
    if outcome.stopped == Some(Stopped::Hangs) {
        writeln!(
            out,
            "{} games were not played: the program had not finished in time in at least \
             {HANGS_BEFORE_STOPPING} of its first {} games, half of them or more. They count \
             as not finished.",
            outcome.not_played, outcome.games
        )?;
    }
    for (kind, (faults, games)) in &outcome.more_faults {
        writeln!(
            out,
            "{} more {} {}, in {}, counted but not shown.",
            faults,
            kind.name(),
            if *faults == 1 { "fault" } else { "faults" },
            count(*games as usize, "game")
        )?;
    }
    if outcome.out_of_time_faults > 0 {
        writeln!(
            out,
            "({} of them found when the time budget had run out.)",
            count(outcome.out_of_time_faults, "fault")
        )?;
    }
    write_protections(out, outcome)?;
    if !outcome.left_out.is_empty() {
        let left: Vec<String> = outcome.left_out.iter().map(|p| visible::path(p)).collect();
        writeln!(
            out,
            "Not copied with the program's folder (version control, caches, virtual \
             environments): {}.",
            left.join(", ")
        )?;
    }
    for finding in &outcome.findings {
        writeln!(out)?;
        out.write_all(describe(finding, reader).as_bytes())?;
    }
    Ok(())
}

/// The score, part by part.
fn write_score(out: &mut impl Write, score: &Score) -> io::Result<()> {
    writeln!(
        out,
        "Score {} of {}:",
        Points(score.total),
        Points(score.most)
    )?;
    for part in &score.parts {
        let points = format!("{} of {}", Points(part.points), Points(part.most));
        writeln!(
            out,
            "  {:<8} {points:<14} {}",
            part.part.name(),
            counted(part)
        )?;
    }
    Ok(())
}

/// What a part of the score counted: "12 of 15 boards right".
pub(crate) fn counted(part: &PartScore) -> String {
    let what = match part.part {
        Part::Boards => "boards right",
        Part::Endings => "games ended as they should",
        Part::Input => "games took their bad answers right",
        Part::Text => "transcripts the same",
    };
    match (part.part, part.of) {
        (Part::Input, 0) if part.points == 0.0 => {
            "every game went wrong before a bad answer reached it".to_owned()
        }
        (Part::Input, 0) => "no bad answers were typed".to_owned(),
        _ => format!("{} of {} {what}", part.right, part.of),
    }
}

/// What each game ran under, and what this system would not give; or
/// that there was no sandbox.
fn write_protections(out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
    if !outcome.sandboxed {
        return writeln!(
            out,
            "Each game ran without a sandbox (--no-sandbox), in the program's own folder with \
             the check's environment and rights: nothing kept it from reading, writing or \
             reaching anything they can."
        );
    }
    let protections = &outcome.protections;
    let given: Vec<&str> = protections
        .iter()
        .filter(|p| p.given.is_ok())
        .map(|p| p.name)
        .collect();
    writeln!(out, "Each game ran with {}.", given.join("; "))?;
    for protection in protections {
        match (&protection.given, protection.option) {
            (Ok(()), _) => {}
            (Err(why), Some(option)) => {
                writeln!(out, "Not asked for: {} ({why}; {option}).", protection.name)?;
            }
            (Err(why), None) => {
                writeln!(out, "Not available here: {} ({why}).", protection.name)?;
            }
        }
    }
    Ok(())
}

/// One finding in words, with its boards and how to run it again.
pub fn describe(finding: &Finding, reader: Reader) -> String {
    let mut text = heading(finding);
    let Some(failure) = &finding.played.failure else {
        let _ = writeln!(
            text,
            "  The program did not fail again when run from {}: it does not always do the same.",
            visible::path(&finding.folder)
        );
        return text;
    };
    text.push_str(&what_went_wrong(finding, failure));
    text.push_str(&how_to_play_it_again(finding, reader));
    text
}

/// A finding's first lines: its kind, how often and where it was seen,
/// what it was shrunk to, the edges it was seen only on, and whether the
/// budget cut the shrinking short.
pub(crate) fn heading(finding: &Finding) -> String {
    let mut text = String::new();
    let case = &finding.case;
    let (rows, cols, turns) = finding.first_seen;
    let number = match finding.number {
        (_, 1) => String::new(),
        (n, of) => format!(", fault {n} of {of}"),
    };
    let _ = writeln!(
        text,
        "{}{number}: in {}, first seen in game {} ({rows}x{cols}, {}), shrunk to {}x{}, {} in {}",
        finding.kind().name(),
        count(finding.games as usize, "game"),
        // Counted from 1, as people count.
        finding.game + 1,
        count(turns, "move"),
        case.rows(),
        case.cols(),
        count(case.turns.len(), "move"),
        count(finding.steps, "step"),
    );
    for edge in &finding.seen_only_on {
        let _ = writeln!(text, "  {}.", capitalised(&edge.describe()));
    }
    if finding.cut_short {
        let _ = writeln!(
            text,
            "  (The time budget ran out while shrinking: a smaller game may show it.)"
        );
    }
    text
}

/// When the program went wrong and how: the move, its last words for a
/// crash, the answers it needs for an input fault, and both boards where
/// they differ.
fn what_went_wrong(finding: &Finding, failure: &grader::judge::Failure) -> String {
    let mut text = String::new();
    let case = &finding.case;
    let _ = writeln!(text, "  {}", when_it_went_wrong(finding, failure));
    if finding.kind() == Kind::Crash {
        text.push_str(&last_words(&finding.played.run.stderr));
    }
    if let Some(needs) = answers_needed(finding) {
        let _ = writeln!(text, "  {needs}");
    }
    if let Some((ours, theirs)) = &failure.boards {
        text.push_str(&side_by_side(
            &case.board().with_frame(finding.frame),
            ours,
            theirs,
            &finding.played.run.stdout,
            failure.square,
        ));
    } else if let Some((cut, lines)) = last_printed(&finding.played.run.stdout) {
        // No board to draw beside ours (it crashed first, or its boards
        // cannot be read): what it did print is what tells why.
        let _ = writeln!(text, "  What it printed{}:", its_last(cut));
        if cut {
            let _ = writeln!(text, "    ...");
        }
        for line in lines {
            let _ = writeln!(text, "    {line}");
        }
    }
    text
}

/// How much of what it printed is shown: " (its last 24 lines)" when
/// lines before were left out.
pub(crate) fn its_last(cut: bool) -> String {
    if cut {
        format!(" (its last {PRINTED_LINES} lines)")
    } else {
        String::new()
    }
}

/// When the program went wrong and how, in a sentence: "After move 2
/// (reveal 1, 3), the program printed a wrong board."
pub(crate) fn when_it_went_wrong(finding: &Finding, failure: &grader::judge::Failure) -> String {
    let case = &finding.case;
    let when = match failure.after_move {
        Some(0) => "Before any move".to_owned(),
        // What shows before a move's board, the program did while playing it.
        Some(n) if n <= case.turns.len() && failure.during_move => {
            format!("During move {n} ({})", describe_move(case, n - 1))
        }
        Some(n) if n <= case.turns.len() => {
            format!("After move {n} ({})", describe_move(case, n - 1))
        }
        Some(_) => "After the last move".to_owned(),
        None => String::new(),
    };
    if when.is_empty() {
        format!("The program {}.", failure.what)
    } else {
        format!("{when}, the program {}.", failure.what)
    }
}

/// For an input fault, that the program needs answers the course's game
/// refuses.
pub(crate) fn answers_needed(finding: &Finding) -> Option<String> {
    (finding.kind() == Kind::Input).then(|| {
        format!(
            "It needs the answers in brackets below: the course's game refuses them{}.",
            if finding.case.turns.iter().any(|t| t.upper) {
                " (or takes R and F as r and f)"
            } else {
                ""
            }
        )
    })
}

/// The finding's board and what was typed, and how to play it again:
/// from its folder where the program can be run, by hand elsewhere.
fn how_to_play_it_again(finding: &Finding, reader: Reader) -> String {
    let mut text = String::new();
    let case = &finding.case;
    let file = to_board_file(&case.board().with_frame(finding.frame));
    match reader {
        Reader::Here => {
            let _ = writeln!(text, "  The board (* a mine):");
            for line in file.lines() {
                let _ = writeln!(text, "    {line}");
            }
        }
        // Saved as shown, it must be a board file: no indent.
        Reader::Elsewhere => {
            let _ = writeln!(
                text,
                "  The board (* a mine), to save as board.txt line by line as it stands:"
            );
            text.push_str(&file);
        }
    }
    let ended = finding.played.expected.moves();
    let _ = writeln!(
        text,
        "  Typed after the board file's name (bad answers in brackets):"
    );
    if case.turns.is_empty() {
        let _ = writeln!(text, "    nothing");
    }
    for (i, _) in case.turns.iter().enumerate() {
        let after = if i >= ended {
            "  (after the game's end)"
        } else {
            ""
        };
        let _ = writeln!(text, "    move {}: {}{after}", i + 1, typed(case, i));
    }
    match reader {
        Reader::Here => {
            let again = &finding.again;
            let from = again
                .where_to_run_it("this report")
                .map(|from| format!(", {from}"))
                .unwrap_or_default();
            let _ = writeln!(
                text,
                "  Run it again{from}: {}\n  \
                 ({} holds board.txt, input.txt, expected.txt and actual.txt.)",
                again.line(),
                again.folder_shown(),
            );
        }
        Reader::Elsewhere => {
            let _ = writeln!(
                text,
                "  Play it again: save the board above as board.txt beside your program, run \
                 it, give board.txt as the board file, and type the answers above, one a line."
            );
        }
    }
    text
}

/// What the program wrote on stderr that says what went wrong, at most
/// five lines: a Rust panic's message, or the end (a Python traceback ends
/// with its exception).
fn last_words(stderr: &[u8]) -> String {
    let Some((cut, lines)) = last_lines(stderr) else {
        return String::new();
    };
    let mut shown = "  It wrote on stderr:\n".to_owned();
    if cut {
        shown.push_str("    ...\n");
    }
    for line in lines {
        let _ = writeln!(shown, "    {}", visible::Visible(&line));
    }
    shown
}

/// The most lines of what a program printed that a finding shows.
const PRINTED_LINES: usize = 24;

/// The most characters of one line of it shown: a board of the largest
/// size fits; a flood of one line does not fill the report.
const PRINTED_WIDTH: usize = 160;

/// The last lines the program printed on stdout (at most
/// [`PRINTED_LINES`], blank lines in a row as one, each cut at
/// [`PRINTED_WIDTH`] characters), each escaped, colour codes taken out, and whether lines before them were
/// left out; `None` when it printed nothing. What a finding without two
/// boards to draw shows (a crash, output no board could be read from).
pub(crate) fn last_printed(stdout: &[u8]) -> Option<(bool, Vec<String>)> {
    let lines = reader::lines(stdout);
    let blank = |line: &String| line.trim().is_empty();
    let end = lines
        .iter()
        .rposition(|line| !blank(line))
        .map(|at| at + 1)?;
    // A run of blank lines (a program that clears the screen with them)
    // is shown as one.
    let mut kept: Vec<&String> = Vec::new();
    for line in &lines[..end] {
        if !(blank(line) && kept.last().is_none_or(|last| blank(last))) {
            kept.push(line);
        }
    }
    let start = kept.len().saturating_sub(PRINTED_LINES);
    let shown = kept[start..]
        .iter()
        .map(|line| {
            let mut chars = line.chars();
            let head: String = chars.by_ref().take(PRINTED_WIDTH).collect();
            let more = if chars.next().is_some() { " …" } else { "" };
            format!("{}{more}", visible::Visible(&head))
        })
        .collect();
    Some((start > 0, shown))
}

/// Where `lines` (the last of stderr) of a finding of `kind` end with
/// Python's `EOFError`: that it is the end every game has, not the fault,
/// said after "It wrote on stderr"; else nothing. A crash's own `EOFError`
/// is the fault (its program read past its answers), and says nothing.
pub(crate) fn when_the_answers_ran_out(lines: &[String], kind: Kind) -> &'static str {
    let eof = lines
        .last()
        .is_some_and(|line| line.trim_start().starts_with("EOFError"));
    if eof && kind != Kind::Crash {
        " when its answers ran out, as the course's program does at the end of every game (not \
         the fault)"
    } else {
        ""
    }
}

/// The lines of `stderr` that say what went wrong (see [`last_words`]),
/// as written, and whether lines before them were left out; `None` when
/// it wrote nothing.
pub(crate) fn last_lines(stderr: &[u8]) -> Option<(bool, Vec<String>)> {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return None;
    }
    let (start, most) = match lines.iter().position(|l| l.contains("panicked at")) {
        // The panic's place and message; a backtrace may follow.
        Some(panic) => (panic, 2),
        None => (lines.len().saturating_sub(5), 5),
    };
    let shown = lines.iter().skip(start).take(most).map(|&l| l.to_owned());
    Some((start > 0, shown.collect()))
}

pub(crate) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

pub(crate) fn describe_move(case: &Case, turn: usize) -> String {
    let mv = case.turns[turn].mv;
    let verb = match mv.action {
        Action::Flag => "flag",
        _ => "reveal",
    };
    format!("{verb} {}, {}", mv.at.row + 1, mv.at.col + 1)
}

/// A turn as typed: `row [0] 1, column 2, action [x] r`.
pub(crate) fn typed(case: &Case, turn: usize) -> String {
    case.answers(&case.turns[turn])
        .into_iter()
        .map(|(prompt, bad, answer)| {
            let mut shown = format!("{} ", prompt.name());
            for bad in bad {
                let _ = write!(shown, "[{bad}] ");
            }
            shown.push_str(&answer);
            shown
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Our board in the course's layout, framed as `board` (the board file
/// the program was given) is, beside the program's board as it printed
/// it (its rows and the frame lines around them, from `stdout`), the
/// square marked in both: in brackets where the program left spaces
/// around it, else by an arrow after its row.
fn side_by_side(
    board: &Board,
    ours: &Grid<Glyph>,
    theirs: &Printed,
    stdout: &[u8],
    square: Option<Pos>,
) -> String {
    let mut left = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_marked_board(&mut left, board, |p| ours[p], square);
    let left = String::from_utf8_lossy(&left);
    let left = course_lines(&left);
    let first_row = left.len().saturating_sub(board.rows() + 1);
    let right = as_printed(theirs, stdout, square, first_row);
    let width = left
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(17)
        + 4;
    let mut text = format!("    {:<width$}{}\n", "the course's game", "the program");
    for i in 0..left.len().max(right.len()) {
        let l = left.get(i).copied().unwrap_or("");
        let r = right.get(i).map_or("", String::as_str);
        let line = format!("    {l:<width$}{r}");
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text
}

/// The lines of a board the course's printer wrote, the blank lines it
/// prints around it left out.
fn course_lines(printed: &str) -> Vec<&str> {
    printed
        .lines()
        .skip(1)
        .filter(|line| !line.is_empty())
        .collect()
}

/// The two boards of a finding as pictures for a page: the course's game
/// and the program's, as printed, the square that differs marked in both
/// (`None`: the finding has no boards that differ).
pub(crate) fn pictures(finding: &Finding) -> Option<(Picture, Picture)> {
    let failure = finding.played.failure.as_ref()?;
    let (ours, theirs) = failure.boards.as_ref()?;
    let board = finding.case.board().with_frame(finding.frame);
    let square = failure.square;
    let mut printed = Vec::new();
    let _ = write_marked_board(&mut printed, &board, |p| ours[p], None);
    let printed = String::from_utf8_lossy(&printed);
    let lines: Vec<String> = course_lines(&printed)
        .into_iter()
        .map(str::to_owned)
        .collect();
    let first_row = lines.len().saturating_sub(board.rows() + 1);
    let label = |at: Pos| format!("row {}, column {}", at.row + 1, at.col + 1);
    // Where our printer puts the square: where it writes the brackets.
    let ours_mark = square.and_then(|at| {
        let mut bracketed = Vec::new();
        let _ = write_marked_board(&mut bracketed, &board, |p| ours[p], Some(at));
        let bracketed = String::from_utf8_lossy(&bracketed);
        let line = first_row + at.row;
        let open = course_lines(&bracketed)
            .get(line)?
            .chars()
            .position(|c| c == '[')?;
        Some(Mark {
            line,
            at: open + 1,
            label: label(at),
        })
    });
    let (program_lines, program_mark) =
        printed_board(theirs, &finding.played.run.stdout, square, first_row);
    let course = Picture {
        caption: "the course's game".to_owned(),
        lines,
        mark: ours_mark,
    };
    let program = Picture {
        caption: "the program".to_owned(),
        lines: program_lines,
        mark: program_mark.map(|(line, at, pos)| Mark {
            line,
            at,
            label: label(pos),
        }),
    };
    Some((course, program))
}

/// The program's board as it printed it: up to `above` lines of frame
/// and labels printed just before its first row, its rows, and the frame
/// line just after, as printed; blank lines first where fewer than
/// `above` lines of frame came before, so its rows stand beside ours.
/// With it, where `square` stands: its line, its character there, and
/// the square.
fn printed_board(
    theirs: &Printed,
    stdout: &[u8],
    square: Option<Pos>,
    above: usize,
) -> (Vec<String>, Option<(usize, usize, Pos)>) {
    let lines = reader::lines(stdout);
    let first = theirs.line.saturating_sub(1);
    let rows = theirs.places.len();
    let framing = |line: &&String| reader::is_decoration(line);
    let before: Vec<&String> = lines[..first.min(lines.len())]
        .iter()
        .rev()
        .take(above)
        .take_while(framing)
        .collect();
    let mut shown: Vec<String> = vec![String::new(); above - before.len()];
    shown.extend(before.into_iter().rev().cloned());
    let mut mark = None;
    for (r, line) in lines.iter().skip(first).take(rows).enumerate() {
        if let Some(at) = square.filter(|s| s.row == r)
            && let Some(&place) = theirs.places[r].get(at.col)
        {
            mark = Some((shown.len(), place, at));
        }
        shown.push(line.clone());
    }
    shown.extend(
        lines
            .get(first + rows)
            .filter(|l| reader::is_decoration(l))
            .cloned(),
    );
    (shown, mark)
}

/// The program's board as [`printed_board`] finds it, escaped, the
/// square marked as [`marked`] marks it.
fn as_printed(theirs: &Printed, stdout: &[u8], square: Option<Pos>, above: usize) -> Vec<String> {
    let (lines, mark) = printed_board(theirs, stdout, square, above);
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| match mark {
            Some((at_line, at, pos)) if at_line == i => marked(line, at, pos.col),
            _ => visible::Visible(line).to_string(),
        })
        .collect()
}

/// `line` escaped, the character at `at` (the square of column `col`,
/// from 0) in brackets where spaces stand on either side of it, else with
/// an arrow naming its column after the line.
fn marked(line: &str, at: usize, col: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    let spaced = at > 0
        && at < chars.len()
        && chars.get(at - 1) == Some(&' ')
        && chars.get(at + 1).is_none_or(|&c| c == ' ');
    if !spaced {
        return format!("{}  <- column {}", visible::Visible(line), col + 1);
    }
    let text = |part: &[char]| visible::Visible(&part.iter().collect::<String>()).to_string();
    let after = chars.get(at + 2..).unwrap_or_default();
    format!(
        "{}[{}]{}",
        text(&chars[..at - 1]),
        text(&chars[at..=at]),
        text(after)
    )
}

#[derive(Serialize)]
struct JsonReport<'a> {
    program: String,
    seed: u64,
    frame: String,
    frame_found: bool,
    /// Each game's result, game 0 first: `agreed`, `not played`, or the
    /// kind it failed as.
    results: Vec<&'static str>,
    /// Games asked for.
    games_asked: u64,
    /// Games played.
    games: u64,
    not_played: u64,
    /// Why games were not played: `hangs` or `budget`.
    stopped: Option<&'static str>,
    agreed: u64,
    /// Games on boards without mines won after the first move (agreed).
    won_after_a_move: u64,
    failures: Vec<JsonCount>,
    /// `null` when the time budget ran out before every game was played.
    score: Option<&'a Score>,
    findings: Vec<JsonFinding<'a>>,
    /// Faults counted but not shown: past the most shown of a kind, or
    /// found when the time budget had run out.
    more_faults: Vec<JsonMore>,
    /// Whether the games ran in a sandbox (not with `--no-sandbox`).
    sandboxed: bool,
    sandbox: Vec<JsonProtection<'a>>,
}

#[derive(Serialize)]
struct JsonProtection<'a> {
    protection: &'a str,
    given: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    why_not: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonCount {
    kind: Kind,
    games: u64,
}

#[derive(Serialize)]
struct JsonMore {
    kind: Kind,
    faults: usize,
    games: u64,
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    kind: Kind,
    /// Which fault of the kind the games first failed as, from 1.
    fault: usize,
    /// The games that showed it.
    games: u64,
    seen_only_on: &'a [EdgeCase],
    /// Shrinking stopped when the time budget ran out.
    cut_short: bool,
    game: u64,
    rows: usize,
    cols: usize,
    moves: usize,
    after_move: Option<usize>,
    /// Row and column from 1.
    square: Option<(usize, usize)>,
    what: Option<&'a str>,
    /// It shows while that move was played, before its board.
    during_move: bool,
    board: String,
    input: String,
    /// How many lines of `input` each move takes, after the board file's.
    input_lines: Vec<usize>,
    /// The program's board shown beside ours, as it printed it.
    program_board: Option<JsonPrinted>,
    folder: String,
    steps: usize,
}

/// A board as the program printed it: its first line in actual.txt (from
/// 1, colour codes taken out), its rows, and where each square is in
/// them (by character, from 0).
#[derive(Serialize)]
struct JsonPrinted {
    line: usize,
    rows: Vec<String>,
    squares: Vec<Vec<usize>>,
}

impl JsonPrinted {
    fn of(printed: &Printed, stdout: &[u8]) -> JsonPrinted {
        let first = printed.line.saturating_sub(1);
        JsonPrinted {
            line: printed.line,
            rows: reader::lines(stdout)
                .into_iter()
                .skip(first)
                .take(printed.places.len())
                .collect(),
            squares: printed.places.clone(),
        }
    }
}

/// One JSON object: the counts, and each finding with its files.
pub fn write_json(out: &mut impl Write, options: &Options, outcome: &Outcome) -> io::Result<()> {
    let report = JsonReport {
        program: options.program.shown(),
        seed: options.seed,
        frame: outcome.frame.glyph().to_string(),
        frame_found: outcome.frame_found,
        results: outcome
            .results
            .iter()
            .map(|result| match result {
                None => "not played",
                Some(result) => result.kind.map_or("agreed", Kind::name),
            })
            .collect(),
        games_asked: options.games,
        games: outcome.games,
        not_played: outcome.not_played,
        stopped: outcome.stopped.map(|stopped| match stopped {
            Stopped::Hangs => "hangs",
            Stopped::Budget => "budget",
        }),
        agreed: outcome.agreed,
        won_after_a_move: outcome.won_after_a_move,
        failures: outcome
            .failures
            .iter()
            .map(|(&kind, &games)| JsonCount { kind, games })
            .collect(),
        score: outcome.score.as_ref(),
        more_faults: outcome
            .more_faults
            .iter()
            .map(|(&kind, &(faults, games))| JsonMore {
                kind,
                faults,
                games,
            })
            .collect(),
        sandboxed: outcome.sandboxed,
        sandbox: outcome
            .protections
            .iter()
            .map(|p| JsonProtection {
                protection: p.name,
                given: p.given.is_ok(),
                why_not: p.given.as_ref().err().map(String::as_str),
            })
            .collect(),
        findings: outcome
            .findings
            .iter()
            .map(|f| {
                let failure = f.played.failure.as_ref();
                JsonFinding {
                    kind: f.kind(),
                    fault: f.number.0,
                    games: f.games,
                    seen_only_on: &f.seen_only_on,
                    cut_short: f.cut_short,
                    game: f.game,
                    rows: f.case.rows(),
                    cols: f.case.cols(),
                    moves: f.case.turns.len(),
                    after_move: failure.and_then(|f| f.after_move),
                    square: failure
                        .and_then(|f| f.square)
                        .map(|p| (p.row + 1, p.col + 1)),
                    what: failure.map(|f| f.what.as_str()),
                    during_move: failure.is_some_and(|f| f.during_move),
                    board: to_board_file(&f.case.board().with_frame(f.frame)),
                    input: f.input.clone(),
                    input_lines: f.case.turns.iter().map(|t| f.case.lines_of(t)).collect(),
                    program_board: failure
                        .and_then(|f| f.boards.as_ref())
                        .map(|(_, printed)| JsonPrinted::of(printed, &f.played.run.stdout)),
                    folder: f.folder.to_string_lossy().into_owned(),
                    steps: f.steps,
                }
            })
            .collect(),
    };
    // What the program printed is in it: nothing raw past ASCII either.
    let text = serde_json::to_string_pretty(&report)?;
    writeln!(out, "{}", visible::json_escaped(&text))
}

/// The games that `lost` credit in a part, counted by the kind each
/// failed as, so that every game the part lost is told: `wrong-board 4,
/// crash 3`; nothing where none did.
fn lost_by_kind(outcome: &Outcome, lost: impl Fn(&grader::judge::Credit) -> bool) -> String {
    let mut by_kind: std::collections::BTreeMap<Option<Kind>, usize> = Default::default();
    for result in outcome.results.iter().flatten() {
        if lost(&result.credit) {
            *by_kind.entry(result.kind).or_default() += 1;
        }
    }
    by_kind
        .iter()
        .map(|(kind, games)| match kind {
            Some(kind) => format!("{} {games}", kind.name()),
            None => format!("agreed otherwise {games}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The games whose bad answers were not taken right, by the kind each
/// failed as (a crash on a bogus action is shown with the crashes, under
/// the boards), so the answers' test says what cost it points.
fn answers_taken_wrong(outcome: &Outcome) -> String {
    let mut by_kind: std::collections::BTreeMap<Kind, usize> = Default::default();
    for result in outcome.results.iter().flatten() {
        if let (Some(kind), Some(false)) = (result.kind, result.credit.input_right) {
            *by_kind.entry(kind).or_default() += 1;
        }
    }
    if by_kind.is_empty() {
        return String::new();
    }
    let games: Vec<String> = by_kind
        .iter()
        .map(|(kind, games)| format!("{} {games}", kind.name()))
        .collect();
    format!(
        " Games that took a bad answer wrong, by how they failed: {} (a kind other than input \
         is shown under its own test).",
        games.join(", ")
    )
}

/// `text` with the grading machine's folders taken out: the folder of the
/// reproductions named as `--out` gave it, and the program's folder as
/// `.`, so a student reads paths that mean something in their own copy.
pub(crate) fn without_machine_paths(text: &str, options: &Options) -> String {
    let mut text = text.to_owned();
    if let Ok(out) = fs::canonicalize(&options.out) {
        let given = options
            .out
            .file_name()
            .map(Path::new)
            .unwrap_or(&options.out);
        text = text.replace(&*out.to_string_lossy(), &given.to_string_lossy());
    }
    if let Some(folder) = options
        .folder
        .as_ref()
        .and_then(|f| fs::canonicalize(f).ok())
    {
        text = text.replace(&format!("{}/", folder.to_string_lossy()), "");
    }
    text
}

/// What a part of the score counted, and the kinds of the games that
/// failed it, in words: a platform's test of that part says it.
pub(crate) fn part_explained(part: &PartScore, outcome: &Outcome) -> String {
    let unit = match part.part {
        Part::Boards => "boards the course's game prints were printed right",
        Part::Endings => "games ended as they should",
        Part::Input => {
            "games that reached a bad answer before going wrong took every one \
                     right (a game that goes wrong for another reason is judged up to there)"
        }
        Part::Text => "transcripts match the course's text",
    };
    let mut output = match (part.part, part.of) {
        (Part::Input, 0) if part.points == 0.0 => {
            "No game got as far as a bad answer: each went wrong before one was \
                     reached, so how the program takes them was never seen."
                .to_owned()
        }
        (Part::Input, 0) => "No bad answers were typed.".to_owned(),
        _ => format!("{} of {} {unit}.", part.right, part.of),
    };
    if part.part == Part::Input && outcome.findings.iter().any(|f| f.kind() == Kind::Input) {
        output =
            format!("A bad answer is taken as good, as the smallest game below shows. {output}");
    }
    let lost = match part.part {
        Part::Boards => lost_by_kind(outcome, |credit| credit.boards_right < credit.boards),
        Part::Endings => lost_by_kind(outcome, |credit| !credit.ending_right),
        Part::Input | Part::Text => String::new(),
    };
    if !lost.is_empty() {
        output = format!("{output} Games that lost points here, by how they failed: {lost}.");
    }
    if part.part == Part::Input {
        output.push_str(&answers_taken_wrong(outcome));
    }
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Python's EOFError at the end of the answers is said to be the end
    /// every game has, in a finding that is not a crash; a crash's own
    /// EOFError (it read past its answers) is its fault, and a traceback
    /// ending otherwise is shown as it is.
    #[test]
    fn stderr_that_ends_at_the_answers_end_says_so() {
        let eof = b"Traceback (most recent call last):\n  File \"./proj3.py\", line 9\nEOFError: \
                    EOF when reading a line\n";
        let (_, lines) = last_lines(eof).unwrap();
        let said = when_the_answers_ran_out(&lines, Kind::WrongBoard);
        assert!(
            said.starts_with(" when its answers ran out, as the course's"),
            "{said}"
        );
        assert_eq!(when_the_answers_ran_out(&lines, Kind::Crash), "");
        let crash = b"Traceback (most recent call last):\nIndexError: list index out of range\n";
        let (_, lines) = last_lines(crash).unwrap();
        assert_eq!(when_the_answers_ran_out(&lines, Kind::WrongBoard), "");
    }

    /// The square is marked in the program's own line: in brackets in
    /// the spaces around it, by an arrow where there are none or the line
    /// stops short of it (a square read as blank past its end).
    #[test]
    fn a_square_is_marked_without_changing_what_was_printed() {
        assert_eq!(marked("1  + . 1 . + ", 7, 1), "1  + .[1]. + ");
        assert_eq!(marked(" 1 |.1.|", 5, 1), " 1 |.1.|  <- column 2");
        assert_eq!(marked("1  + .", 7, 1), "1  + .  <- column 2");
        assert_eq!(marked("1 \u{1b}x 1 ", 5, 0), "1 \\u{1b}x[1]");
    }
}
