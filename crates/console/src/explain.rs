//! The solver's findings in words: one sentence each, beginning with the
//! square (`Field R, C is safe: …`), numbered from 1 as the board prints them.

use engine::{FirstMove, Pos};
use solver::{Deduction, Guess, Hint, Reason, Verdict, Why};

/// How squares are named: as the board's labels (`4, 7`), or in words
/// for the ear (`row 4 column 7`), never the two in one sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Naming {
    /// `Field 4, 7 …, the 1 at 3, 6`: the labels the board prints.
    Labels,
    /// `Row 4 column 7 …, the 1 at row 3 column 6`: what a screen reader
    /// says of a square everywhere else.
    Words,
}

impl Naming {
    /// `pos` within a sentence.
    fn of(self, pos: Pos) -> String {
        match self {
            Naming::Labels => square(pos),
            Naming::Words => format!("row {} column {}", pos.row + 1, pos.col + 1),
        }
    }

    /// `pos` beginning a sentence.
    fn subject(self, pos: Pos) -> String {
        match self {
            Naming::Labels => format!("Field {}", square(pos)),
            Naming::Words => format!("Row {} column {}", pos.row + 1, pos.col + 1),
        }
    }
}

/// `Field 4, 7 is safe: the 1 at 3, 6 already touches its mine at 2, 6.`
pub fn deduction(deduction: &Deduction) -> String {
    deduction_named(deduction, Naming::Labels)
}

fn deduction_named(deduction: &Deduction, name: Naming) -> String {
    let verdict = match deduction.verdict {
        Verdict::Safe => "safe",
        Verdict::Mine => "a mine",
    };
    format!(
        "{} is {verdict}: {}.",
        name.subject(deduction.at),
        reason(&deduction.reason, deduction.verdict, name)
    )
}

/// `Field 1, 1 is the safest guess: it is a mine with probability 12.3 %.`,
/// with why this square when it is more than the safest.
pub fn guess(guess: &Guess) -> String {
    guess_named(guess, Naming::Labels)
}

fn guess_named(guess: &Guess, name: Naming) -> String {
    let at = name.subject(guess.at);
    let mine = percent(guess.probability);
    match guess.why {
        Why::Safest => {
            format!("{at} is the safest guess: it is a mine with probability {mine}.")
        }
        Why::LookAhead { next_safety, .. } => format!(
            "{at} is the best guess looking a move further: it is a mine with \
             probability {mine}, and if it is safe the best move after it is safe with \
             probability {}.",
            percent(next_safety)
        ),
        Why::TwoAhead { next_two } => format!(
            "{at} is the best guess looking two moves further: it is a mine with \
             probability {mine}, and if it is safe the best two moves after it are both safe \
             with probability {}.",
            percent(next_two)
        ),
        Why::SafeWhenever { over } => format!(
            "{at} is the best guess: it is a mine with probability {mine}, and it is \
             safe whenever {}, the square it was weighed against, is.",
            name.of(over)
        ),
        Why::OnlyDead => format!(
            "{at} is the safest guess, though no guess can tell anything new: it is a \
             mine with probability {mine}."
        ),
        Why::FiftyFifty { other } => format!(
            "{at} is a guess that cannot be avoided: it and {} hold one mine between \
             them, and no clue can ever tell which, so it might as well be now. It is a mine \
             with probability {mine}.",
            name.of(other)
        ),
        Why::PseudoFiftyFifty => format!(
            "{at} is a guess that costs nothing later: whenever it holds a mine, it is \
             part of a 50/50 (a pair or a 2x2 block) that no clue could ever settle, so it \
             might as well be now. It is a mine with probability {mine}."
        ),
        Why::Endgame { win, arrangements } => format!(
            "{at} is the best guess, found by trying every way to play on over the \
             {arrangements} arrangements of the mines left: it is a mine with probability \
             {mine}, and the game is won with probability {} from here.",
            percent(win)
        ),
    }
}

/// A chance as a percentage with one decimal: `12.3 %`.
fn percent(chance: f64) -> String {
    format!("{:.1} %", 100.0 * chance)
}

/// A hint for the player, as one sentence.
pub fn hint(hint: &Hint) -> String {
    hint_named(hint, Naming::Labels)
}

/// A hint as one sentence, its squares named by `name`.
pub fn hint_named(hint: &Hint, name: Naming) -> String {
    match hint {
        Hint::Certain(found) => deduction_named(found, name),
        Hint::FirstMove {
            at,
            policy: FirstMove::Opening,
        } => format!(
            "{} is safe: the first square opened and its neighbours never hold a mine, \
             so any square opens an area.",
            name.subject(*at)
        ),
        Hint::FirstMove { at, .. } => format!(
            "{} is safe: the first square opened never holds a mine, and this one is \
             the most likely to open an area.",
            name.subject(*at)
        ),
        Hint::Guess(g) => guess_named(g, name),
    }
}

/// A hint in the fewest words, for a screen with no room for its reason:
/// the square and what it is, or the chance of a mine there.
pub fn hint_short(hint: &Hint) -> String {
    match hint {
        Hint::Certain(found) => {
            let what = match found.verdict {
                Verdict::Safe => "safe",
                Verdict::Mine => "a mine",
            };
            format!("Field {} is {what}.", square(found.at))
        }
        Hint::FirstMove { at, .. } => format!("Field {} is safe: start there.", square(*at)),
        // The sign kept with its number, should the line break.
        Hint::Guess(g) => format!(
            "Guess {}: a mine with probability {:.1}\u{a0}%.",
            square(g.at),
            100.0 * g.probability
        ),
    }
}

fn reason(reason: &Reason, verdict: Verdict, name: Naming) -> String {
    match reason {
        Reason::Satisfied { clue, value, mines } => match mines.as_slice() {
            [] => format!("the {value} at {} has no mine around it", name.of(*clue)),
            [mine] => format!(
                "the {value} at {} already touches its mine at {}",
                name.of(*clue),
                name.of(*mine)
            ),
            _ => format!(
                "the {value} at {} already touches its {} mines, {}",
                name.of(*clue),
                mines.len(),
                places(mines, name)
            ),
        },
        Reason::Crowded { clue, value, needs } => format!(
            "the {value} at {} {} and has just {} left that could hold {}",
            name.of(*clue),
            needs_phrase(*value, *needs),
            count(usize::from(*needs), "square"),
            if *needs == 1 { "it" } else { "them" }
        ),
        Reason::Pair {
            clue,
            value,
            other,
            other_value,
            other_needs,
            bound,
        } => match verdict {
            Verdict::Safe => format!(
                "the {value} at {} has at least {} in the squares it shares with the \
                 {other_value} at {}, and that is all the {other_value} at {} {}needs",
                name.of(*clue),
                count(usize::from(*bound), "mine"),
                name.of(*other),
                name.of(*other),
                if other_needs < other_value {
                    "still "
                } else {
                    ""
                }
            ),
            Verdict::Mine => format!(
                "the {other_value} at {} {}, but the {value} at {} allows at most {} in \
                 the squares they share, so the squares only the {other_value} at {} \
                 touches hold the other {}",
                name.of(*other),
                needs_phrase(*other_value, *other_needs),
                name.of(*clue),
                bound,
                name.of(*other),
                other_needs - bound
            ),
        },
        Reason::Arrangements { mines_left } => {
            let mines = match mines_left {
                1 => "the 1 mine left".to_owned(),
                n => format!("the {n} mines left"),
            };
            let decides = match verdict {
                Verdict::Safe => "keeps it clear",
                Verdict::Mine => "puts a mine on it",
            };
            format!("every way to place {mines} that fits the clues {decides}")
        }
    }
}

/// `needs 2 mines`, or `still needs 1 mine` when some are already known.
fn needs_phrase(value: u8, needs: u8) -> String {
    let still = if needs < value { "still " } else { "" };
    format!("{still}needs {}", count(usize::from(needs), "mine"))
}

/// `1 mine`, `2 mines`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `at 2, 6 and at 2, 7`; `at 1, 1, at 1, 2 and at 2, 1`.
fn places(squares: &[Pos], name: Naming) -> String {
    let each: Vec<String> = squares
        .iter()
        .map(|&p| format!("at {}", name.of(p)))
        .collect();
    match each.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// One-based, as the board's labels: `4, 7`.
pub fn square(pos: Pos) -> String {
    format!("{}, {}", pos.row + 1, pos.col + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(row: usize, col: usize) -> Pos {
        Pos::new(row - 1, col - 1)
    }

    #[test]
    fn a_short_hint_names_the_square_and_what_it_is() {
        let mine = Hint::Certain(Deduction {
            at: at(2, 3),
            verdict: Verdict::Mine,
            reason: Reason::Arrangements { mines_left: 4 },
        });
        assert_eq!(hint_short(&mine), "Field 2, 3 is a mine.");
        let first = Hint::FirstMove {
            at: at(1, 1),
            policy: FirstMove::Safe,
        };
        assert_eq!(hint_short(&first), "Field 1, 1 is safe: start there.");
    }

    #[test]
    fn a_first_move_hint_says_what_its_rules_keep_clear() {
        let safe = hint(&Hint::FirstMove {
            at: at(1, 1),
            policy: FirstMove::Safe,
        });
        assert!(safe.contains("the most likely to open an area"), "{safe}");
        let opening = hint(&Hint::FirstMove {
            at: at(1, 1),
            policy: FirstMove::Opening,
        });
        assert!(opening.contains("any square opens an area"), "{opening}");
        assert!(!opening.contains("most likely"), "{opening}");
    }

    #[test]
    fn the_issue_example_reads_as_written() {
        let found = Deduction {
            at: at(4, 7),
            verdict: Verdict::Safe,
            reason: Reason::Satisfied {
                clue: at(3, 6),
                value: 1,
                mines: vec![at(2, 6)],
            },
        };
        assert_eq!(
            deduction(&found),
            "Field 4, 7 is safe: the 1 at 3, 6 already touches its mine at 2, 6."
        );
    }

    #[test]
    fn lists_of_mines_and_counts() {
        let found = Deduction {
            at: at(1, 3),
            verdict: Verdict::Safe,
            reason: Reason::Satisfied {
                clue: at(2, 2),
                value: 3,
                mines: vec![at(1, 1), at(1, 2), at(2, 1)],
            },
        };
        assert_eq!(
            deduction(&found),
            "Field 1, 3 is safe: the 3 at 2, 2 already touches its 3 mines, at 1, 1, at 1, 2 \
             and at 2, 1."
        );
        let crowded = Deduction {
            at: at(1, 1),
            verdict: Verdict::Mine,
            reason: Reason::Crowded {
                clue: at(2, 2),
                value: 3,
                needs: 1,
            },
        };
        assert_eq!(
            deduction(&crowded),
            "Field 1, 1 is a mine: the 3 at 2, 2 still needs 1 mine and has just 1 square \
             left that could hold it."
        );
    }

    #[test]
    fn pairs_say_which_clue_decides() {
        let safe = Deduction {
            at: at(3, 4),
            verdict: Verdict::Safe,
            reason: Reason::Pair {
                clue: at(2, 2),
                value: 1,
                other: at(2, 3),
                other_value: 1,
                other_needs: 1,
                bound: 1,
            },
        };
        assert_eq!(
            deduction(&safe),
            "Field 3, 4 is safe: the 1 at 2, 2 has at least 1 mine in the squares it shares \
             with the 1 at 2, 3, and that is all the 1 at 2, 3 needs."
        );
        let mine = Deduction {
            verdict: Verdict::Mine,
            reason: Reason::Pair {
                clue: at(2, 2),
                value: 1,
                other: at(2, 3),
                other_value: 2,
                other_needs: 2,
                bound: 1,
            },
            ..safe
        };
        assert_eq!(
            deduction(&mine),
            "Field 3, 4 is a mine: the 2 at 2, 3 needs 2 mines, but the 1 at 2, 2 allows at \
             most 1 in the squares they share, so the squares only the 2 at 2, 3 touches \
             hold the other 1."
        );
    }

    #[test]
    fn guesses_give_their_chance_and_why() {
        let guess_at = |why| {
            guess(&Guess {
                at: at(1, 1),
                probability: 0.123_45,
                why,
            })
        };
        assert_eq!(
            guess_at(Why::Safest),
            "Field 1, 1 is the safest guess: it is a mine with probability 12.3 %."
        );
        assert_eq!(
            guess_at(Why::LookAhead {
                next_safety: 0.83,
                certain_next: 0.5
            }),
            "Field 1, 1 is the best guess looking a move further: it is a mine with \
             probability 12.3 %, and if it is safe the best move after it is safe with \
             probability 83.0 %."
        );
        assert_eq!(
            guess_at(Why::TwoAhead { next_two: 0.7 }),
            "Field 1, 1 is the best guess looking two moves further: it is a mine with \
             probability 12.3 %, and if it is safe the best two moves after it are both safe \
             with probability 70.0 %."
        );
        assert_eq!(
            guess_at(Why::SafeWhenever { over: at(1, 2) }),
            "Field 1, 1 is the best guess: it is a mine with probability 12.3 %, and it is \
             safe whenever 1, 2, the square it was weighed against, is."
        );
        assert_eq!(
            guess_at(Why::FiftyFifty { other: at(2, 1) }),
            "Field 1, 1 is a guess that cannot be avoided: it and 2, 1 hold one mine between \
             them, and no clue can ever tell which, so it might as well be now. It is a mine \
             with probability 12.3 %."
        );
        assert_eq!(
            guess_at(Why::PseudoFiftyFifty),
            "Field 1, 1 is a guess that costs nothing later: whenever it holds a mine, it is \
             part of a 50/50 (a pair or a 2x2 block) that no clue could ever settle, so it \
             might as well be now. It is a mine with probability 12.3 %."
        );
        assert_eq!(
            guess_at(Why::Endgame {
                win: 0.625,
                arrangements: 12
            }),
            "Field 1, 1 is the best guess, found by trying every way to play on over the 12 \
             arrangements of the mines left: it is a mine with probability 12.3 %, and the \
             game is won with probability 62.5 % from here."
        );
    }
}
