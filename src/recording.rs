//! The records as the commands reach them: where they are, the recorder a
//! game is played with (none with `--no-record`), the saved game carried
//! on, and the history read with each line left out said on stderr.

use std::io::{self, IsTerminal};

use console::messages::Printer;
use console::resume::Answer;
use engine::Layout;
use records::history::{self, Problem};
use records::places::Places;
use records::{Front, Record, Recorder};
use serde::de::DeserializeOwned;

use crate::cli::{RandomArgs, RecordArgs};
use crate::error::AppError;

/// The kind of game the command line asks for: a saved game of another
/// kind is not offered (it stays saved). Each part is `None` when the
/// command line leaves it open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wanted {
    /// The rule set's name.
    pub rules: Option<&'static str>,
    /// A board file, by the name it was given.
    pub board: Option<String>,
    /// A random board of this size and number of mines.
    pub layout: Option<Layout>,
    pub seed: Option<u64>,
    /// A random board that needs no guess.
    pub no_guess: bool,
}

impl Wanted {
    /// What the random-board options ask for, beside `rules` and `board`.
    pub(crate) fn of(
        rules: Option<&'static str>,
        board: Option<String>,
        random: &RandomArgs,
        no_guess: bool,
    ) -> Self {
        Wanted {
            rules,
            board,
            layout: random.size_given().then(|| random.layout()),
            seed: random.seed,
            no_guess,
        }
    }

    /// Whether `record` is a game of the kind asked for.
    pub(crate) fn matches(&self, record: &Record) -> bool {
        let board = &record.board;
        let random = board.is_random();
        let size = Layout::new(board.rows, board.cols, board.mines);
        self.rules.is_none_or(|rules| record.rules == rules)
            && self
                .board
                .as_ref()
                .is_none_or(|name| !random && board.name.as_ref() == Some(name))
            && self.layout.is_none_or(|layout| random && size == layout)
            && self.seed.is_none_or(|seed| board.seed == Some(seed))
            && (!self.no_guess || board.no_guess)
    }
}

/// The name a board file given as `path` is recorded by.
pub(crate) fn board_name(path: Option<&std::path::Path>) -> Option<String> {
    path.map(|path| path.display().to_string())
}

/// Where the records live, for the commands that read them.
pub(crate) fn places() -> Result<Places, AppError> {
    Places::find().map_err(|e| AppError::Records(e.to_string()))
}

/// Where a front end's records go: nowhere with `--no-record` or
/// MINESWEEPER_NO_RECORD, when the input is not a terminal (a script's
/// game) unless `--record` or `--resume` asks for the records, or when
/// there is no home folder (said once on stderr).
pub(crate) fn recorder_for(records: &RecordArgs, front: Front, printer: Printer) -> Recorder {
    let switched_off =
        std::env::var_os(records::NO_RECORD_VARIABLE).is_some_and(|value| !value.is_empty());
    let asked = records.record || records.resume;
    let scripted = !io::stdin().is_terminal() && !asked;
    if records.no_record || switched_off || scripted {
        return Recorder::off(front);
    }
    match Places::find() {
        Ok(places) => Recorder::new(places, front),
        Err(e) => {
            printer.warn(format_args!("{e}; games are not recorded"));
            Recorder::off(front)
        }
    }
}

/// The recorder of `front`'s games and the saved game to carry on first:
/// with `--resume` the save, which must be there; otherwise, when it is
/// the kind of game `wanted`, the player's answer on a terminal, given as
/// `answer` says. A saved game that cannot be played again stops here,
/// before the game starts, as a bad board file does.
pub(crate) fn recorder_and_saved(
    records: &RecordArgs,
    front: Front,
    wanted: &Wanted,
    answer: Answer,
    printer: Printer,
) -> Result<(Recorder, Option<Record>), AppError> {
    let mut recorder = recorder_for(records, front, printer);
    let saved = console::resume::choose(
        &mut recorder,
        records.resume,
        |r| wanted.matches(r),
        answer,
        printer,
    )?;
    if let Some(record) = &saved {
        records::rebuild::dealt(record).map_err(AppError::saved_game)?;
    }
    Ok((recorder, saved))
}

/// Hands each record of the history to `visit` with its number, in
/// order, a chunk at a time; each line left out is said on stderr with its
/// file and line, and returned.
pub(crate) fn each_in_history<M: DeserializeOwned + Send>(
    places: &Places,
    visit: impl FnMut(usize, Record<M>),
    printer: Printer,
) -> Result<Vec<Problem>, AppError> {
    let problems = history::each(&places.history, visit).map_err(|e| {
        AppError::Records(format!(
            "cannot read {}: {e}",
            visible::path(&places.history)
        ))
    })?;
    for problem in &problems {
        printer.warn(problem);
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;
    use records::BoardRecord;

    fn saved(rules: &str, board: BoardRecord) -> Record {
        Record {
            v: 1,
            clicks: 1,
            moves: "r1,1@0".to_owned(),
            ..Record::started(Front::Screen, rules, "safe", board)
        }
    }

    fn random(rows: usize, cols: usize, mines: usize, seed: u64) -> BoardRecord {
        BoardRecord {
            rows,
            cols,
            mines,
            seed: Some(seed),
            no_guess: false,
            sha256: None,
            file: None,
            name: None,
        }
    }

    #[test]
    fn a_saved_game_is_offered_only_when_it_is_the_kind_asked_for() {
        let beginner = saved("classic", random(9, 9, 10, 7));
        assert!(Wanted::default().matches(&beginner), "nothing asked");
        let classic = |layout, seed| Wanted {
            rules: Some("classic"),
            layout,
            seed,
            ..Wanted::default()
        };
        assert!(classic(None, None).matches(&beginner));
        assert!(classic(Some(Layout::BEGINNER), Some(7)).matches(&beginner));
        assert!(!classic(Some(Layout::EXPERT), None).matches(&beginner));
        assert!(!classic(None, Some(8)).matches(&beginner));
        let proj3 = Wanted {
            rules: Some("proj3"),
            ..Wanted::default()
        };
        assert!(!proj3.matches(&beginner));
        let no_guess = Wanted {
            no_guess: true,
            ..Wanted::default()
        };
        assert!(!no_guess.matches(&beginner));
        // A board file: by the name it was given.
        let mut file = random(5, 6, 1, 0);
        (file.seed, file.name) = (None, Some("boards/board3.txt".to_owned()));
        file.file = Some(String::from("+++").into());
        let on_file = saved("proj3", file);
        let board = |name: &str| Wanted {
            board: Some(name.to_owned()),
            ..Wanted::default()
        };
        assert!(board("boards/board3.txt").matches(&on_file));
        assert!(!board("boards/board4.txt").matches(&on_file));
        assert!(!board("boards/board3.txt").matches(&beginner));
        assert!(!classic(Some(Layout::new(5, 6, 1)), None).matches(&on_file));
    }
}
