//! The game in short sentences, for the ear: what a move changed, a
//! square, its neighbours, a row, a column, the counts. Each is a function
//! of the game as it stands, so the same question always gets the same
//! answer.

use engine::{Action, Direction, Game, Glyph, Move, Neighbourhood, Outcome, Pos, Status};
use records::stats::Group;
use solver::{Hint, Verdict};

use super::commands::Read;
use crate::explain;
use crate::summary::Summary;
use crate::words::counted;

/// Squares opened by one move, as the move opens them: a few are named
/// one by one, more are said as a count and the rows and columns they span.
#[derive(Clone, Debug, Default)]
pub struct Opened {
    count: usize,
    named: Vec<(Pos, u8)>,
    /// Top-left and bottom-right corners of what was opened.
    span: Option<(Pos, Pos)>,
}

/// Up to this many squares opened are named one by one.
const NAMED: usize = 4;

impl Opened {
    /// Notes a square opened, with its clue.
    pub fn note(&mut self, pos: Pos, clue: u8) {
        self.count += 1;
        if self.named.len() < NAMED {
            self.named.push((pos, clue));
        }
        let (top_left, bottom_right) = self.span.get_or_insert((pos, pos));
        top_left.row = top_left.row.min(pos.row);
        top_left.col = top_left.col.min(pos.col);
        bottom_right.row = bottom_right.row.max(pos.row);
        bottom_right.col = bottom_right.col.max(pos.col);
    }
}

/// `row 5 column 3`, counted from 1 as the player types it.
pub fn at(pos: Pos) -> String {
    format!("row {} column {}", pos.row + 1, pos.col + 1)
}

/// What a square shows, in a word or two.
pub fn glyph(glyph: Glyph) -> String {
    match glyph {
        Glyph::Hidden | Glyph::Seen | Glyph::Exploring(_) => "covered".into(),
        Glyph::Flag => "flagged".into(),
        Glyph::Question => "question mark".into(),
        Glyph::Open(0) => "blank".into(),
        Glyph::Open(clue) => clue.to_string(),
        Glyph::Mine => "mine".into(),
        Glyph::Detonated => "the mine that went off".into(),
        Glyph::WrongFlag => "wrongly flagged".into(),
    }
}

/// The first line of a game: its size, its mines, how to begin.
pub fn opening(game: &Game) -> String {
    let mines = game.board().mines();
    format!(
        "{} rows, {} columns, {}. {}. Type ? for the commands.",
        mines.rows(),
        mines.cols(),
        counted(game.mine_count(), "mine"),
        if game.opened() == 0 && game.flags() == 0 {
            "Every square is covered".to_owned()
        } else {
            counts(game)
        }
    )
}

/// The line after a move: what it changed, then the mines left while the
/// game goes on.
pub fn after_move(game: &Game, mv: Move, outcome: Outcome, opened: &Opened) -> String {
    let said = changed(game, mv, outcome, opened);
    match game.status() {
        Status::Playing => format!("{said}; {}.", mines_left(game.mines_minus_flags())),
        Status::Won | Status::Lost(_) => format!("{said}."),
    }
}

fn changed(game: &Game, mv: Move, outcome: Outcome, opened: &Opened) -> String {
    let here = at(mv.at);
    match outcome {
        Outcome::Opened(_) => opened_words(opened),
        Outcome::Detonated => format!("{} was a mine", capital(&here)),
        Outcome::FlagPlaced => format!("Flagged {here}"),
        Outcome::FlagRemoved => format!("Flag taken off {here}"),
        Outcome::QuestionPlaced => format!("Question mark on {here}"),
        Outcome::QuestionRemoved => format!("{} covered again", capital(&here)),
        Outcome::RevealFlagged => format!("{} is flagged: take the flag off first", capital(&here)),
        Outcome::RevealOpen => format!(
            "{} is already open: {}",
            capital(&here),
            described(game.glyph(mv.at))
        ),
        Outcome::FlagOpen => format!("{} is open and cannot be flagged", capital(&here)),
        Outcome::ChordIgnored => format!(
            "Nothing opened: chording needs an open number with as many flags around it, at {here}"
        ),
        Outcome::GameOver => "The game is over".into(),
    }
}

fn opened_words(opened: &Opened) -> String {
    match (opened.count, opened.span) {
        (0, _) | (_, None) => "Nothing opened".into(),
        (1, _) => {
            let (pos, clue) = opened.named[0];
            format!("{} {}", capital(&at(pos)), shows_clue(clue))
        }
        (n, _) if n <= NAMED => {
            let each: Vec<String> = opened
                .named
                .iter()
                .map(|&(pos, clue)| format!("{} {}", at(pos), shows_clue(clue)))
                .collect();
            format!("Opened {n} squares: {}", each.join(", "))
        }
        (n, Some((top_left, bottom_right))) => format!(
            "Opened {n} squares, {} and {}",
            span("row", top_left.row, bottom_right.row),
            span("column", top_left.col, bottom_right.col)
        ),
    }
}

/// `row 4`, `rows 3 and 4`, or `rows 3 to 7`.
fn span(what: &str, first: usize, last: usize) -> String {
    format!(
        "{what}{} {}",
        if first == last { "" } else { "s" },
        run(first, last)
    )
}

/// A run of rows or columns, from 0, said from 1: `4`, `3 and 4`,
/// `3 to 7`.
fn run(first: usize, last: usize) -> String {
    match last - first {
        0 => format!("{}", first + 1),
        1 => format!("{} and {}", first + 1, last + 1),
        _ => format!("{} to {}", first + 1, last + 1),
    }
}

fn shows_clue(clue: u8) -> String {
    match clue {
        0 => "is blank".into(),
        n => format!("shows {n}"),
    }
}

/// In a list: `shows 2`, `blank`, `covered`.
fn described(shown: Glyph) -> String {
    match shown {
        Glyph::Open(clue @ 1..) => format!("shows {clue}"),
        other => glyph(other),
    }
}

/// `shows 2`, `is blank`, `is covered`.
fn shows(game: &Game, pos: Pos) -> String {
    match game.glyph(pos) {
        Glyph::Open(clue) => shows_clue(clue),
        other => format!("is {}", glyph(other)),
    }
}

/// A hint as a player who cannot see the board needs it: what to type
/// first, then the solver's reason.
pub fn hint(hint: &Hint) -> String {
    let (square, flag) = match hint {
        Hint::Certain(found) => (found.at, found.verdict == Verdict::Mine),
        Hint::FirstMove { at, .. } => (*at, false),
        Hint::Guess(guess) => (guess.at, false),
    };
    let typed = format!("{} {}", square.row + 1, square.col + 1);
    let act = match flag {
        true => format!("flag {}: f {typed}", at(square)),
        false => format!("open {}: {typed}", at(square)),
    };
    format!(
        "Hint, {act}. {}",
        explain::hint_named(hint, explain::Naming::Words)
    )
}

/// The answer to a reading command.
pub fn read(game: &Game, what: Read) -> String {
    match what {
        Read::Square(pos) => format!("{} {}.", capital(&at(pos)), shows(game, pos)),
        Read::Around(pos) => around(game, pos),
        Read::Row(row) => line(game, "Row", row, "column", |i| Pos::new(row, i)),
        Read::Column(col) => line(game, "Column", col, "row", |i| Pos::new(i, col)),
        Read::Counts => format!("{}.", counts(game)),
    }
}

/// A square, how many of its neighbours are flagged and covered (what a
/// deduction needs first), then each neighbour by its direction.
fn around(game: &Game, pos: Pos) -> String {
    let mines = game.board().mines();
    let near: Vec<(Direction, Pos)> = Neighbourhood::Eight
        .directions()
        .iter()
        .filter_map(|&d| mines.neighbour(pos, d.offset()).map(|p| (d, p)))
        .collect();
    let flagged = near
        .iter()
        .filter(|(_, p)| game.glyph(*p) == Glyph::Flag)
        .count();
    let covered = near
        .iter()
        .filter(|(_, p)| matches!(game.glyph(*p), Glyph::Hidden | Glyph::Question))
        .count();
    // Neighbours that show the same are said once, in the order the
    // first of them comes: "above, left and below covered".
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for &(d, p) in &near {
        let shown = described(game.glyph(p));
        match groups.iter_mut().find(|(said, _)| *said == shown) {
            Some((_, directions)) => directions.push(direction(d)),
            None => groups.push((shown, vec![direction(d)])),
        }
    }
    let each = match &groups[..] {
        [(shown, directions)] if directions.len() > 1 => {
            format!("all {} {}", directions.len(), plural_verb(shown))
        }
        _ => groups
            .iter()
            .map(|(shown, directions)| {
                let shown = if directions.len() > 1 {
                    plural_verb(shown)
                } else {
                    shown.clone()
                };
                format!("{} {shown}", and_list(directions))
            })
            .collect::<Vec<_>>()
            .join("; "),
    };
    format!(
        "{} {}, with {} and {} around it: {each}.",
        capital(&at(pos)),
        shows(game, pos),
        counted(flagged, "flag"),
        counted(covered, "covered square"),
    )
}

/// "shows 2" said of several: "show 2"; other words stay.
fn plural_verb(shown: &str) -> String {
    match shown.strip_prefix("shows ") {
        Some(clue) => format!("show {clue}"),
        None => shown.to_owned(),
    }
}

/// "a", "a and b", "a, b and c".
fn and_list<T: AsRef<str>>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// A move taken back, and what the square shows again.
pub fn undone(game: &Game, mv: Move) -> String {
    let what = match mv.action {
        // A mine is no opening: the move that set it off.
        Action::Reveal if game.board().is_mine(mv.at) => "mine set off",
        Action::Reveal => "opening",
        Action::Flag => "mark",
        Action::Chord => "chord",
    };
    let said = format!(
        "Undone: the {what} at {}, which {} again",
        at(mv.at),
        shows(game, mv.at)
    );
    match game.status() {
        Status::Playing => format!("{said}; {}.", mines_left(game.mines_minus_flags())),
        Status::Won | Status::Lost(_) => format!("{said}."),
    }
}

/// A game's end in lines: `said` (the rule set's words), the figures,
/// the hints asked for (`hints`, where hints are offered) and a win's
/// standing: "You won! … 12.3 s, 3BV 10, 0.81 3BV/s, 25 clicks,
/// 40 % efficient; 2 hints. Best 10.2 s, this one 3rd of 5; 4 won of 6
/// played."
pub fn ended(said: &str, summary: &Summary, hints: Option<usize>) -> String {
    let said = said.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut line = format!("{said} {summary}");
    if let Some(hints) = hints {
        line += &format!("; {}", counted(hints, "hint"));
    }
    line.push('.');
    if let Some(standing) = summary.standing() {
        line += &format!(" {standing}");
    }
    // No-break spaces keep a wrapped screen's numbers to their units; a
    // line that is heard or brailled needs none.
    line.replace('\u{a0}', " ")
}

/// Where the mines were, row by row: "Mines: row 1 columns 3 and 7;
/// row 4 column 2."
pub fn mines_were(game: &Game) -> String {
    let board = game.board();
    let mut rows: Vec<String> = Vec::new();
    for row in 0..board.rows() {
        // Mines side by side said as a run: "columns 1 to 9".
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for col in (0..board.cols()).filter(|&col| board.is_mine(Pos::new(row, col))) {
            match runs.last_mut() {
                Some((_, last)) if *last + 1 == col => *last = col,
                _ => runs.push((col, col)),
            }
        }
        if !runs.is_empty() {
            let one = runs == [(runs[0].0, runs[0].0)];
            let word = if one { "column" } else { "columns" };
            // Two side by side are two in the list: "3, 4 and 7".
            let said: Vec<String> = runs
                .iter()
                .flat_map(|&(first, last)| match last - first {
                    1 => vec![run(first, first), run(last, last)],
                    _ => vec![run(first, last)],
                })
                .collect();
            rows.push(format!("row {} {word} {}", row + 1, and_list(&said)));
        }
    }
    if rows.is_empty() {
        return "There were no mines.".into();
    }
    format!("Mines: {}.", rows.join("; "))
}

/// This kind of game's statistics from the history, for the ear: games
/// won of played, the streak, the clean wins' best and median times in
/// seconds; `None`: no game of this kind is in it yet.
pub fn statistics(group: Option<&Group>) -> String {
    let Some(group) = group else {
        return "No game of this kind is in the history yet.".into();
    };
    let mut said = format!(
        "This kind of game: {} won of {} played, {:.0} percent; winning streak {}, best {}",
        group.won,
        group.played,
        group.win_percent(),
        group.current_streak,
        group.best_streak
    );
    if let (Some(best), Some(median)) = (group.clean.best_ms, group.clean.median_ms) {
        said += &format!(
            ". Clean wins {}: best {:.1} seconds, median {:.1} seconds",
            group.clean.count,
            best as f64 / 1000.0,
            median as f64 / 1000.0
        );
    }
    said + "."
}

fn direction(d: Direction) -> &'static str {
    match d {
        Direction::UpLeft => "above left",
        Direction::Up => "above",
        Direction::UpRight => "above right",
        Direction::Left => "left",
        Direction::Right => "right",
        Direction::DownLeft => "below left",
        Direction::Down => "below",
        Direction::DownRight => "below right",
    }
}

/// A row or a column in runs: squares that show the same are said once,
/// so a row of nine covered squares is four words, not nine.
fn line(
    game: &Game,
    name: &str,
    index: usize,
    along: &str,
    square: impl Fn(usize) -> Pos,
) -> String {
    let mines = game.board().mines();
    let length = if along == "column" {
        mines.cols()
    } else {
        mines.rows()
    };
    let mut runs: Vec<String> = Vec::new();
    let mut start = 0;
    while start < length {
        let shown = game.glyph(square(start));
        let mut end = start;
        while end + 1 < length && game.glyph(square(end + 1)) == shown {
            end += 1;
        }
        // "columns 7 to 9 show 1", as "column 4 shows 1".
        let said = match shown {
            Glyph::Open(clue @ 1..) if end > start => format!("show {clue}"),
            other => described(other),
        };
        runs.push(format!("{} {said}", span(along, start, end)));
        start = end + 1;
    }
    format!("{name} {}: {}.", index + 1, runs.join(", "))
}

/// Mines left, flags, and what is still to open.
pub fn counts(game: &Game) -> String {
    let covered = game.safe_squares().saturating_sub(game.opened());
    format!(
        "{}, {} placed; {} without a mine still to open",
        capital(&mines_left(game.mines_minus_flags())),
        counted(game.flags(), "flag"),
        counted(covered, "square")
    )
}

/// `9 mines left`, `1 mine left`, or how many flags too many.
fn mines_left(left: i64) -> String {
    match left {
        1 => "1 mine left".into(),
        n if n >= 0 => format!("{n} mines left"),
        n => format!(
            "{} more than the mines",
            counted(n.unsigned_abs() as usize, "flag")
        ),
    }
}

/// The sentence begins with a capital.
fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Action, Rules, parse_board};

    /// Mines at row 1 column 1 and row 3 column 3 (0-based 0,0 and 2,2).
    fn game() -> Game {
        let board = parse_board(b"+++++++\n+*    +\n+     +\n+  *  +\n+     +\n+++++++\n")
            .expect("a board");
        Game::new(board, Rules::CLASSIC)
    }

    fn play(game: &mut Game, action: Action, row: usize, col: usize) -> String {
        let mv = Move {
            action,
            at: Pos::new(row, col),
        };
        let mut opened = Opened::default();
        let outcome = game.apply_noting(mv, |pos, clue| opened.note(pos, clue));
        after_move(game, mv, outcome, &opened)
    }

    #[test]
    fn a_move_says_what_it_opened_and_the_mines_left() {
        let mut game = game();
        assert_eq!(
            play(&mut game, Action::Reveal, 0, 1),
            "Row 1 column 2 shows 1; 2 mines left."
        );
        assert_eq!(
            play(&mut game, Action::Reveal, 0, 4),
            "Opened 11 squares, rows 1 to 4 and columns 2 to 5; 2 mines left."
        );
        assert_eq!(
            play(&mut game, Action::Flag, 0, 0),
            "Flagged row 1 column 1; 1 mine left."
        );
        assert_eq!(
            play(&mut game, Action::Reveal, 0, 0),
            "Row 1 column 1 is flagged: take the flag off first; 1 mine left."
        );
        assert_eq!(
            play(&mut game, Action::Reveal, 0, 1),
            "Row 1 column 2 is already open: shows 1; 1 mine left."
        );
        assert_eq!(
            play(&mut game, Action::Reveal, 2, 2),
            "Row 3 column 3 was a mine."
        );
    }

    #[test]
    fn a_few_squares_opened_are_named() {
        let mut opened = Opened::default();
        opened.note(Pos::new(1, 1), 0);
        opened.note(Pos::new(1, 2), 2);
        assert_eq!(
            opened_words(&opened),
            "Opened 2 squares: row 2 column 2 is blank, row 2 column 3 shows 2"
        );
    }

    #[test]
    fn reading_a_row_says_runs_of_the_same() {
        let mut game = game();
        play(&mut game, Action::Reveal, 0, 4);
        play(&mut game, Action::Flag, 0, 0);
        assert_eq!(
            read(&game, Read::Row(0)),
            "Row 1: column 1 flagged, column 2 shows 1, columns 3 to 5 blank."
        );
        assert_eq!(
            read(&game, Read::Column(2)),
            "Column 3: row 1 blank, row 2 shows 1, rows 3 and 4 covered."
        );
    }

    /// A run of one clue is said in the plural: "columns 2 to 4 show 1".
    #[test]
    fn a_run_of_clues_is_said_in_the_plural() {
        let mut game = game();
        for col in 1..=3 {
            play(&mut game, Action::Reveal, 3, col);
        }
        assert_eq!(
            read(&game, Read::Row(3)),
            "Row 4: column 1 covered, columns 2 to 4 show 1, column 5 covered."
        );
    }

    #[test]
    fn around_a_square_counts_flags_and_covered_first() {
        let mut game = game();
        play(&mut game, Action::Reveal, 1, 1);
        play(&mut game, Action::Flag, 0, 0);
        assert_eq!(
            read(&game, Read::Around(Pos::new(1, 1))),
            "Row 2 column 2 shows 2, with 1 flag and 7 covered squares around it: \
             above left flagged; above, above right, left, right, below left, below and \
             below right covered."
        );
        assert_eq!(
            read(&game, Read::Around(Pos::new(0, 0))),
            "Row 1 column 1 is flagged, with 0 flags and 2 covered squares around it: \
             right and below covered; below right shows 2."
        );
    }

    #[test]
    fn a_hint_says_what_to_type_first() {
        let mut game = game();
        play(&mut game, Action::Reveal, 0, 4);
        let mut adviser = solver::Adviser::new();
        let hint = adviser.hint(&game).expect("a hint");
        let said = super::hint(&hint);
        assert_eq!(
            said,
            "Hint, flag row 3 column 3: f 3 3. Row 3 column 3 is a mine: the 1 at row 2 column 4 \
             needs 1 mine and has just 1 square left that could hold it."
        );
    }

    #[test]
    fn the_counts_say_what_is_left() {
        let mut game = game();
        play(&mut game, Action::Flag, 0, 0);
        play(&mut game, Action::Flag, 0, 1);
        assert_eq!(
            read(&game, Read::Counts),
            "0 mines left, 2 flags placed; 18 squares without a mine still to open."
        );
        assert_eq!(mines_left(-2), "2 flags more than the mines");
    }

    #[test]
    fn around_a_square_all_alike_is_said_once() {
        let game = game();
        let said = read(&game, Read::Around(Pos::new(1, 1)));
        assert_eq!(
            said,
            "Row 2 column 2 is covered, with 0 flags and 8 covered squares around it: \
             all 8 covered."
        );
    }

    #[test]
    fn an_undo_says_what_it_took_back_and_a_loss_where_the_mines_were() {
        let mut game = game().with_undo();
        play(&mut game, Action::Reveal, 0, 1);
        play(&mut game, Action::Reveal, 2, 2);
        assert!(matches!(game.status(), Status::Lost(_)));
        assert_eq!(mines_were(&game), "Mines: row 1 column 1; row 3 column 3.");
        let mv = game.undo().expect("a move to undo");
        assert_eq!(
            undone(&game, mv),
            "Undone: the mine set off at row 3 column 3, which is covered again; 2 mines left."
        );
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }

    /// A row of mines is said as a run, as `row` says its squares; two
    /// side by side are "8 and 9", never "8 to 9".
    #[test]
    fn mines_side_by_side_are_said_as_runs() {
        let board =
            parse_board(b"+++++++++++\n+*********+\n+** *  ** +\n+         +\n+++++++++++\n")
                .expect("a board");
        let mut game = Game::new(board, Rules::CLASSIC);
        play(&mut game, Action::Reveal, 0, 0);
        assert_eq!(
            mines_were(&game),
            "Mines: row 1 columns 1 to 9; row 2 columns 1, 2, 4, 7 and 8."
        );
        assert_eq!(span("column", 7, 8), "columns 8 and 9");
        assert_eq!(span("column", 6, 8), "columns 7 to 9");
        assert_eq!(span("row", 3, 3), "row 4");
    }

    /// A hint names its squares one way: in words, as every other line.
    #[test]
    fn a_hint_names_every_square_in_words() {
        let mut game = game();
        play(&mut game, Action::Reveal, 0, 2);
        let hint = solver::Adviser::new().hint(&game).expect("a hint");
        let said = super::hint(&hint);
        assert!(said.contains("row ") && said.contains(" column "), "{said}");
        assert!(!said.contains("Field") && !said.contains(", 1"), "{said}");
    }

    /// The end is one line: the rule set's words, the figures, the hints.
    #[test]
    fn the_end_is_one_line_with_the_figures() {
        let summary = Summary {
            won: true,
            by_opening: true,
            time: std::time::Duration::from_millis(12_340),
            three_bv: Some(engine::ThreeBv {
                total: 10,
                done: 10,
            }),
            clicks: 20,
            wasted: 0,
            zini: Some(8),
            standing: None,
        };
        let said = ended("You won!  Well done!", &summary, Some(2));
        assert_eq!(
            said,
            "You won! Well done! 12.3 s, 3BV 10, 0.81 3BV/s, 20 clicks, 50 % efficient, \
             ZiNi 8 (40 %); 2 hints."
        );
        assert!(!said.contains('\n'));
    }

    #[test]
    fn the_statistics_are_said_in_words() {
        assert_eq!(
            statistics(None),
            "No game of this kind is in the history yet."
        );
    }
}
