//! The score: how much of the game a program gets right, in parts a
//! teacher weighs. Each part is a share of what could be right, so a
//! program that never shows a right board scores near 0 however its
//! games fail, and one wrong on a rare path loses only that share.
//!
//! - boards: of all the boards the course's game prints, those the
//!   program printed right, in order, before its game first went wrong;
//! - endings: of all games, those it ended (or kept going) as it should,
//!   the boards' contents set aside (a wrong clue is the boards' fault);
//! - input: of the games with bad answers typed before they first went
//!   wrong, those where the bad answers changed nothing (the game agreed,
//!   or goes wrong the same way without them);
//! - text: of all games, those whose whole transcript matches (`--exact`).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::judge::{Credit, Kind};

/// The parts of a score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// The boards printed right, in order, before the game first goes wrong.
    Boards,
    /// Games ended (or kept going) as they should.
    Endings,
    /// Games with bad answers typed before they went wrong, where the bad
    /// answers changed nothing.
    Input,
    /// Games whose whole transcript matches the course's (`--exact`).
    Text,
}

impl Part {
    /// Every part, in the order reports list them.
    pub const ALL: [Part; 4] = [Part::Boards, Part::Endings, Part::Input, Part::Text];

    /// The part's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Part::Boards => "boards",
            Part::Endings => "endings",
            Part::Input => "input",
            Part::Text => "text",
        }
    }

    /// The part's test in a results file.
    pub fn title(self) -> &'static str {
        match self {
            Part::Boards => "Boards match the course's game",
            Part::Endings => "Games are won and lost when they should be",
            Part::Input => "Answers are checked as the assignment asks",
            Part::Text => "Transcripts match the course's text",
        }
    }

    /// The kinds of failure a part's findings are shown under.
    pub fn kinds(self) -> &'static [Kind] {
        match self {
            Part::Boards => &[
                Kind::WrongBoard,
                Kind::MissingBoard,
                Kind::Unreadable,
                Kind::Crash,
                Kind::Hang,
                Kind::TooMuchOutput,
            ],
            Part::Endings => &[Kind::WrongEnding],
            Part::Input => &[Kind::Input],
            Part::Text => &[Kind::WrongText],
        }
    }

    /// The part a kind of failure is shown under.
    pub fn of(kind: Kind) -> Part {
        Part::ALL
            .into_iter()
            .find(|part| part.kinds().contains(&kind))
            .expect("every kind has a part")
    }
}

/// Points for each part: the most a program can score in it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Points for the boards.
    pub boards: f64,
    /// Points for the endings.
    pub endings: f64,
    /// Points for refusing bad answers.
    pub input: f64,
    /// Points for the words.
    pub text: f64,
}

impl Weights {
    /// 100 points: 60 for the boards, 25 for the endings, 15 for the
    /// input; with `--exact`, 10 of the boards' go to the text.
    pub fn default_for(exact: bool) -> Weights {
        Weights {
            boards: if exact { 50.0 } else { 60.0 },
            endings: 25.0,
            input: 15.0,
            text: if exact { 10.0 } else { 0.0 },
        }
    }

    /// The points of `part`.
    pub fn of(&self, part: Part) -> f64 {
        match part {
            Part::Boards => self.boards,
            Part::Endings => self.endings,
            Part::Input => self.input,
            Part::Text => self.text,
        }
    }

    fn set(&mut self, part: Part, points: f64) {
        match part {
            Part::Boards => self.boards = points,
            Part::Endings => self.endings = points,
            Part::Input => self.input = points,
            Part::Text => self.text = points,
        }
    }

    /// The points of every part together.
    pub fn total(&self) -> f64 {
        Part::ALL.into_iter().map(|p| self.of(p)).sum()
    }

    /// `boards=70,endings=30,input=0`: the parts named take those
    /// points, the others keep `self`'s.
    pub fn with(mut self, given: &WeightsGiven) -> Weights {
        for &(part, points) in &given.0 {
            self.set(part, points);
        }
        self
    }
}

/// Weights as typed: some parts and their points.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WeightsGiven(pub Vec<(Part, f64)>);

impl FromStr for WeightsGiven {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let mut given = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (name, points) = item
                .split_once('=')
                .ok_or_else(|| format!("`{item}` is not PART=POINTS"))?;
            let part = Part::ALL
                .into_iter()
                .find(|p| p.name() == name.trim())
                .ok_or_else(|| {
                    format!(
                        "no part `{}`: the parts are boards, endings, input and text",
                        name.trim()
                    )
                })?;
            let points: f64 = points
                .trim()
                .parse()
                .ok()
                .filter(|p: &f64| p.is_finite() && (0.0..=10_000.0).contains(p))
                .ok_or_else(|| {
                    format!(
                        "`{}` is not a number of points from 0 to 10000",
                        points.trim()
                    )
                })?;
            given.push((part, points));
        }
        if given.is_empty() {
            return Err("no weights: write them as boards=60,endings=25,input=15".to_owned());
        }
        Ok(WeightsGiven(given))
    }
}

/// The score of a check, part by part.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    /// Each part's points.
    pub parts: Vec<PartScore>,
    /// The points earned.
    pub total: f64,
    /// The most points there are.
    pub most: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
/// One part of a score.
pub struct PartScore {
    /// Which part.
    pub part: Part,
    /// What was right, of how much could be.
    pub right: u64,
    /// How much could have been right.
    pub of: u64,
    /// The points earned.
    pub points: f64,
    /// The most points the part gives.
    pub most: f64,
}

impl Score {
    /// The score of games that earned `credits`, the kind each failed as
    /// beside it (`None`: agreed). Parts weighed 0 are left out.
    pub fn of(games: &[(Credit, Option<Kind>)], weights: &Weights) -> Score {
        let parts: Vec<PartScore> = Part::ALL
            .into_iter()
            .filter(|&part| weights.of(part) > 0.0)
            .map(|part| {
                let (right, of) = match part {
                    Part::Boards => games.iter().fold((0, 0), |(r, o), (c, _)| {
                        (r + c.boards_right as u64, o + c.boards as u64)
                    }),
                    Part::Endings => count(games, |_| true, |(c, _)| c.ending_right),
                    Part::Input => count(
                        games,
                        |(c, _)| c.input_right.is_some(),
                        |(c, _)| c.input_right == Some(true),
                    ),
                    Part::Text => count(games, |_| true, |(_, k)| k.is_none()),
                };
                let most = weights.of(part);
                // Nothing to get wrong is full marks; bad answers typed
                // that the program never got to (it always went wrong
                // first) earn nothing.
                let share = match (of, part) {
                    (0, Part::Input) if games.iter().any(|(c, _)| c.bad_answers) => 0.0,
                    (0, _) => 1.0,
                    _ => right as f64 / of as f64,
                };
                PartScore {
                    part,
                    right,
                    of,
                    points: rounded(share * most),
                    most,
                }
            })
            .collect();
        Score {
            total: rounded(parts.iter().map(|p| p.points).sum()),
            most: parts.iter().map(|p| p.most).sum(),
            parts,
        }
    }
}

/// Of the games that `counted`, how many are `right`.
fn count(
    games: &[(Credit, Option<Kind>)],
    counted: impl Fn(&(Credit, Option<Kind>)) -> bool,
    right: impl Fn(&(Credit, Option<Kind>)) -> bool,
) -> (u64, u64) {
    games
        .iter()
        .filter(|g| counted(g))
        .fold((0, 0), |(r, o), g| (r + u64::from(right(g)), o + 1))
}

/// Two decimals: what a grade book shows.
fn rounded(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}

/// Points as a person reads them: `42`, `41.5`, `41.25`.
pub struct Points(pub f64);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let text = format!("{:.2}", self.0);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(
        boards: usize,
        right: usize,
        ending: bool,
        bad: bool,
        kind: Option<Kind>,
    ) -> (Credit, Option<Kind>) {
        (
            Credit {
                boards,
                boards_right: right,
                ending_right: ending,
                bad_answers: bad,
                input_right: bad.then_some(kind.is_none()),
            },
            kind,
        )
    }

    #[test]
    fn a_program_that_shows_no_right_board_scores_nothing() {
        let crashed = vec![game(5, 0, false, true, Some(Kind::Crash)); 10];
        let score = Score::of(&crashed, &Weights::default_for(false));
        assert_eq!(score.total, 0.0);
        assert_eq!(score.most, 100.0);
    }

    #[test]
    fn each_part_is_the_share_right() {
        let games = [
            game(4, 4, true, true, None),
            game(4, 2, false, false, Some(Kind::WrongBoard)),
            game(2, 2, false, true, Some(Kind::WrongEnding)),
            game(2, 2, true, false, None),
        ];
        let score = Score::of(&games, &Weights::default_for(false));
        let points: Vec<(Part, u64, u64, f64)> = score
            .parts
            .iter()
            .map(|p| (p.part, p.right, p.of, p.points))
            .collect();
        assert_eq!(
            points,
            [
                (Part::Boards, 10, 12, 50.0),
                (Part::Endings, 2, 4, 12.5),
                (Part::Input, 1, 2, 7.5),
            ]
        );
        assert_eq!(score.total, 70.0);
    }

    #[test]
    fn weights_are_read_and_named_parts_replace_the_defaults() {
        let given: WeightsGiven = "boards=70, endings=30,input=0".parse().unwrap();
        let weights = Weights::default_for(false).with(&given);
        assert_eq!(
            (weights.boards, weights.endings, weights.input),
            (70.0, 30.0, 0.0)
        );
        assert_eq!(weights.total(), 100.0);
        for bad in [
            "",
            "boards",
            "moves=3",
            "boards=-1",
            "boards=x",
            "boards=inf",
        ] {
            assert!(bad.parse::<WeightsGiven>().is_err(), "{bad}");
        }
    }

    #[test]
    fn points_are_shown_without_trailing_zeros() {
        assert_eq!(Points(42.0).to_string(), "42");
        assert_eq!(Points(41.5).to_string(), "41.5");
        assert_eq!(Points(41.257).to_string(), "41.26");
    }
}
