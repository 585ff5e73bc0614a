//! Why the program stopped early, and the exit status each reason gives.

use std::io;

use console::load::LoadError;
use console::resume::ResumeError;
use grader::CheckError;
use records::rebuild::RebuildError;

/// Why the program stopped early.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    /// A board file that cannot be played.
    Load(#[from] LoadError),
    #[error("cannot write or read the console: {0}")]
    /// The console could not be read or written.
    Io(#[from] io::Error),
    /// Options that cannot work together, found after clap's own checks.
    #[error("{0}")]
    Usage(String),
    /// `generate --no-guess` found no board within its bound.
    #[error("{0}")]
    NoGuess(String),
    /// `check` could not run the program, or write what it found.
    #[error(transparent)]
    Check(#[from] CheckError),
    /// `check` found games where the program does not agree.
    #[error("{failed} of {games} games did not agree with the course's game")]
    Disagreed {
        /// Games that did not agree.
        failed: u64,
        /// Games played.
        games: u64,
    },
    /// `check` ran out of its time budget before every game was played.
    #[error("no score: only {played} of {games} games were played before the time budget ran out")]
    Unscored {
        /// Games played.
        played: u64,
        /// Games the check asked for.
        games: u64,
    },
    /// `check --class` left students without a score, or entries of the
    /// class folder unchecked.
    #[error(
        "{unscored} of {students} students got no score: not checked, or out of time{}; see \
         summary.csv",
        match passed_over {
            0 => String::new(),
            1 => "; 1 entry of the class folder was passed over".to_owned(),
            n => format!("; {n} entries of the class folder were passed over"),
        }
    )]
    ClassUnscored {
        /// Students without a score.
        unscored: usize,
        /// Students checked.
        students: usize,
        /// Entries of the class folder not checked (links, files).
        passed_over: usize,
    },
    /// `--resume` found no game to carry on.
    #[error(transparent)]
    Resume(#[from] ResumeError),
    /// A recorded game that cannot be played again.
    #[error("{what} cannot be played again: {why}")]
    Rebuild {
        /// The game, in words.
        what: String,
        /// Why it cannot.
        why: RebuildError,
    },
    /// `stats` or `replay` could not read the records.
    #[error("{0}")]
    Records(String),
    /// Not memory enough for what was asked, under the process's limits.
    #[error("{0}")]
    Memory(String),
    /// The terminal cannot show what the command draws.
    #[error("{0}")]
    Terminal(String),
}

impl From<crate::memory::Short> for AppError {
    fn from(short: crate::memory::Short) -> Self {
        AppError::Memory(short.to_string())
    }
}

impl AppError {
    /// 2 for a usage error, as clap uses; 1 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            AppError::Usage(_) | AppError::Check(CheckError::NotRunnable { .. }) => 2,
            AppError::Load(_)
            | AppError::Io(_)
            | AppError::NoGuess(_)
            | AppError::Check(_)
            | AppError::Disagreed { .. }
            | AppError::Unscored { .. }
            | AppError::ClassUnscored { .. }
            | AppError::Resume(_)
            | AppError::Rebuild { .. }
            | AppError::Records(_)
            | AppError::Memory(_)
            | AppError::Terminal(_) => 1,
        }
    }

    /// A reader that went away (`minesweeper … | head`) is no failure to report.
    pub fn is_closed_output(&self) -> bool {
        matches!(self, AppError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }

    /// The saved game to carry on cannot be played again.
    pub fn saved_game(why: RebuildError) -> Self {
        AppError::Rebuild {
            what: "the saved game".to_owned(),
            why,
        }
    }
}
