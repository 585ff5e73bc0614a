//! What a check returns: each game's result, the findings with the
//! files that replay them, the score, and what the games ran under. The
//! reports read these values and nothing else.

use std::collections::BTreeMap;
use std::path::PathBuf;

use engine::Frame;
use sandbox::Protection;

use crate::again;
use crate::case::Case;
use crate::expected::Expected;
use crate::fault::{EdgeCase, Fault};
use crate::judge::{Credit, Failure, Kind};
use crate::runner::Run;
use crate::score::Score;

/// One game played and judged.
#[derive(Debug)]
pub struct Played {
    /// What the course's game does.
    pub expected: Expected,
    /// What the program did.
    pub run: Run,
    /// The first way they differ, if they do.
    pub failure: Option<Failure>,
    /// What the program got right, part by part.
    pub credit: Credit,
    /// Our whole transcript, with `--exact`.
    pub transcript: Option<String>,
    /// A board without mines the program won after the first move, not
    /// before it: the other ending the course allows.
    pub won_after_a_move: bool,
}

/// The smallest failing game found for one fault.
#[derive(Debug)]
pub struct Finding {
    /// The frame of its board file.
    pub frame: Frame,
    /// The fault: the same in every game it stands for.
    pub fault: Fault,
    /// Which fault of its first kind it is (from 1), of how many found.
    pub number: (usize, usize),
    /// The games that showed this fault.
    pub games: u64,
    /// The edge cases every one of those games was: the fault may be one
    /// the assignment never asked about.
    pub seen_only_on: Vec<EdgeCase>,
    /// The game it was first seen in, and that game's size.
    pub game: u64,
    /// That game's rows, columns and moves.
    pub first_seen: (usize, usize, usize),
    /// The smallest game that still shows it.
    pub case: Case,
    /// That game, as the program played it.
    pub played: Played,
    /// What input.txt holds: the board file's name (see [`again`]), then
    /// the turns.
    pub input: String,
    /// How it is played again by hand.
    pub again: again::RunAgain,
    /// Smaller games kept while shrinking.
    pub steps: usize,
    /// Shrinking stopped when the time budget ran out.
    pub cut_short: bool,
    /// Where the reproduction was written.
    pub folder: PathBuf,
}

impl Finding {
    /// What went wrong: its fault's kind.
    pub fn kind(&self) -> Kind {
        self.fault.kind
    }
}

/// One game's result.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The kind it failed as, `None` when it agreed.
    pub kind: Option<Kind>,
    /// What it got right, part by part.
    pub credit: Credit,
}

/// Everything a check found.
#[derive(Debug)]
pub struct Outcome {
    /// Each game's result, game 0 first; `None`: not played.
    pub results: Vec<Option<GameResult>>,
    /// How long the check took, shrinking included.
    pub seconds: f64,
    /// The frame of the board files the games were played with.
    pub frame: Frame,
    /// Whether it was found by trying both (the first game failed in `+`).
    pub frame_found: bool,
    /// Games played.
    pub games: u64,
    /// Games left unplayed: past a run of games that mostly hung, or
    /// when the time budget ran out.
    pub not_played: u64,
    /// Why games were left unplayed.
    pub stopped: Option<Stopped>,
    /// Games the program agreed with the course's game on.
    pub agreed: u64,
    /// Failing games by kind.
    pub failures: BTreeMap<Kind, u64>,
    /// The faults, each shrunk to its smallest game.
    pub findings: Vec<Finding>,
    /// Faults past `MOST_FAULTS_A_KIND` of a kind, or found when the
    /// time budget had run out, and their games: counted, not shown.
    pub more_faults: BTreeMap<Kind, (usize, u64)>,
    /// Faults counted but not shown because the budget ran out.
    pub out_of_time_faults: usize,
    /// The score over every game asked; `None` when the time budget ran
    /// out before every game was played: a score over some of them would
    /// pass for one over all.
    pub score: Option<Score>,
    /// What the games ran under, and what the system did not allow.
    pub protections: Vec<Protection>,
    /// Whether the games ran in a sandbox at all (not with
    /// `--no-sandbox`).
    pub sandboxed: bool,
    /// The folders left out of the copy of the program's folder.
    pub left_out: Vec<PathBuf>,
    /// Games on boards without mines that the program won after the
    /// first move, not before it (either agrees).
    pub won_after_a_move: u64,
}

/// Why games were left unplayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Most of a run of games from the first hung
    /// ([`HANGS_BEFORE_STOPPING`](crate::HANGS_BEFORE_STOPPING) at least): the games past it count as
    /// hung, unplayed.
    Hangs,
    /// The time budget ran out before every game was played: no score.
    Budget,
}
