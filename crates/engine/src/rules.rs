//! Rule sets as data: each way the game differs between the course's proj3
//! and the classic game is a field here, read by [`Game`](super::Game).

use crate::grid::Neighbourhood;

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinCondition {
    /// The flags are exactly the mines (proj3).
    FlagEveryMine,
    /// Every square without a mine is open; flags do not matter (classic).
    OpenEverySafeSquare,
}

/// What marking a closed square does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marks {
    /// Covered ↔ flag (proj3).
    Flag,
    /// Covered → flag → question mark → covered (classic).
    FlagThenQuestion,
}

/// How the mines-left counter (mines minus flags) is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// Negative when the player has flagged too many (proj3).
    MayGoNegative,
    /// Shown as 0 when it would go below zero (classic).
    StopsAtZero,
}

/// Which squares a random board keeps free of mines, given the first square
/// opened. Mines are placed at that moment, uniformly over the other squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstMove {
    /// No square is kept free: the first move may hit a mine.
    Any,
    /// The first square is never a mine.
    Safe,
    /// The first square and its neighbours are free, so it opens an area.
    Opening,
}

impl FirstMove {
    /// The policy's name on the command line (`--first-move`), and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            FirstMove::Any => "any",
            FirstMove::Safe => "safe",
            FirstMove::Opening => "opening",
        }
    }

    /// The policy called `name`.
    pub fn named(name: &str) -> Option<FirstMove> {
        [FirstMove::Any, FirstMove::Safe, FirstMove::Opening]
            .into_iter()
            .find(|policy| policy.name() == name)
    }
}

/// What the board shows once the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndDisplay {
    /// Just as played, with the detonated mine (proj3).
    AsPlayed,
    /// Everything: on a win every mine as a flag; on a loss the detonated
    /// mine, right flags, wrong flags and unflagged mines, each its own way (classic).
    Uncovered,
}

/// One rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The neighbours through which an empty square's island spreads.
    pub region: Neighbourhood,
    /// When the game is won.
    pub win: WinCondition,
    /// The marks a square can carry.
    pub marks: Marks,
    /// What the mine counter counts.
    pub counter: Counter,
    /// What the first opening is kept clear of.
    pub first_move: FirstMove,
    /// What the board shows once the game has ended.
    pub end_display: EndDisplay,
}

impl Rules {
    /// CMSC 201 Project 3: flag exactly the mines to win.
    pub const PROJ3: Rules = Rules {
        region: Neighbourhood::Eight,
        win: WinCondition::FlagEveryMine,
        marks: Marks::Flag,
        counter: Counter::MayGoNegative,
        first_move: FirstMove::Safe,
        end_display: EndDisplay::AsPlayed,
    };

    /// The game most people know (USC CS 455 PA3): open every safe square.
    pub const CLASSIC: Rules = Rules {
        region: Neighbourhood::Eight,
        win: WinCondition::OpenEverySafeSquare,
        marks: Marks::FlagThenQuestion,
        counter: Counter::StopsAtZero,
        first_move: FirstMove::Safe,
        end_display: EndDisplay::Uncovered,
    };

    /// Iowa State COMS 227: an empty square clears only the region reached
    /// through up, left, down and right, plus the numbered squares around it.
    /// Otherwise the classic game.
    pub const COMS227: Rules = Rules {
        region: Neighbourhood::Four,
        ..Rules::CLASSIC
    };

    /// The same rules with another first-move policy.
    pub const fn with_first_move(self, first_move: FirstMove) -> Rules {
        Rules { first_move, ..self }
    }

    /// The same rules with marks that step as `marks` says: a player may
    /// turn the classic game's question marks off.
    pub const fn with_marks(self, marks: Marks) -> Rules {
        Rules { marks, ..self }
    }
}
