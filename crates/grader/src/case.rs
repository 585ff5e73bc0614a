//! One game of `check`: a board, and what is typed at each prompt, bad
//! answers mixed in. Made from a seed, so any game can be made again.

use std::fmt::Write as _;

use console::load::course_board;
use engine::dice::Dice;
use engine::{
    Action, Board, Cover, FirstMove, Frame, Game, Grid, Layout, Move, Pos, Rules, Status,
    place_mines,
};

/// Which bad answers are typed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Inputs {
    /// What the assignment says a program must refuse: numbers out of
    /// range or negative, and actions other than r and f.
    #[default]
    Required,
    /// Also what it lets programs assume away: words where a number is
    /// asked for, empty lines, and actions in upper case.
    All,
}

/// The three questions of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// The row prompt.
    Row,
    /// The column prompt.
    Column,
    /// The action prompt.
    Action,
}

impl Prompt {
    /// The prompt in words.
    pub fn name(self) -> &'static str {
        match self {
            Prompt::Row => "row",
            Prompt::Column => "column",
            Prompt::Action => "action",
        }
    }
}

/// An answer a program must refuse, and ask again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bad {
    /// `0`: numbers start at 1.
    Zero,
    /// One past the last row or column.
    PastEnd,
    /// Far past the last row or column.
    FarPastEnd,
    /// A number below zero.
    Negative,
    /// An action that is neither r nor f (an index into `BOGUS_ACTIONS`).
    BogusAction(u8),
    /// A word where a number is asked for (an index into `NOT_NUMBERS`).
    NotNumber(u8),
    /// An empty line.
    Empty,
}

const BOGUS_ACTIONS: [&str; 6] = ["x", "reveal", "rf", "1", "q", "flag"];
const NOT_NUMBERS: [&str; 4] = ["abc", "2.5", "two", "r"];

impl Bad {
    /// The text typed, for a prompt whose answers go from 1 to `max`.
    pub fn text(self, max: usize) -> String {
        match self {
            Bad::Zero => "0".to_owned(),
            Bad::PastEnd => (max + 1).to_string(),
            Bad::FarPastEnd => (max * 10 + 7).to_string(),
            Bad::Negative => "-1".to_owned(),
            Bad::BogusAction(i) => BOGUS_ACTIONS[usize::from(i)].to_owned(),
            Bad::NotNumber(i) => NOT_NUMBERS[usize::from(i)].to_owned(),
            Bad::Empty => String::new(),
        }
    }

    /// The bad answers of `inputs` that make sense at `prompt`.
    fn choices(prompt: Prompt, inputs: Inputs) -> Vec<Bad> {
        let mut choices = match prompt {
            Prompt::Row | Prompt::Column => {
                vec![Bad::Zero, Bad::PastEnd, Bad::FarPastEnd, Bad::Negative]
            }
            Prompt::Action => (0..BOGUS_ACTIONS.len() as u8)
                .map(Bad::BogusAction)
                .collect(),
        };
        if inputs == Inputs::All {
            if prompt != Prompt::Action {
                choices.extend((0..NOT_NUMBERS.len() as u8).map(Bad::NotNumber));
            }
            choices.push(Bad::Empty);
        }
        choices
    }
}

/// One move as it is typed: bad answers first at any of its prompts, then
/// the row, the column and the action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The move the turn ends with.
    pub mv: Move,
    /// The action typed in upper case (`R`, `F`).
    pub upper: bool,
    /// The bad answers, in the order typed, each with its prompt.
    pub bad: Vec<(Prompt, Bad)>,
}

impl Turn {
    /// Whether it types a bad answer, or its action in upper case.
    pub(crate) fn has_bad_answers(&self) -> bool {
        !self.bad.is_empty() || self.upper
    }

    /// A turn that types `mv` and nothing else.
    pub fn plain(mv: Move) -> Self {
        Self {
            mv,
            upper: false,
            bad: Vec::new(),
        }
    }
}

/// A game to play against a program: the mines, and every turn typed,
/// including any typed after the game should have ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// Where the mines are.
    pub mines: Grid<bool>,
    /// What is typed, turn by turn.
    pub turns: Vec<Turn>,
}

impl Case {
    /// The board the game is played on.
    pub fn board(&self) -> Board {
        Board::new(self.mines.clone(), Frame::Plus)
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.mines.rows()
    }

    /// Whether any turn types a bad answer, or an action in upper case.
    pub(crate) fn has_bad_answers(&self) -> bool {
        self.turns.iter().any(Turn::has_bad_answers)
    }

    /// The same game typed with good answers only.
    pub(crate) fn without_bad_answers(&self) -> Case {
        Case {
            mines: self.mines.clone(),
            turns: self.turns.iter().map(|t| Turn::plain(t.mv)).collect(),
        }
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.mines.cols()
    }

    /// What the program reads: the board file's name, then each turn's
    /// answers, one a line.
    pub fn input(&self, board_file: &str) -> String {
        let mut input = format!("{board_file}\n");
        for turn in &self.turns {
            self.write_turn(&mut input, turn);
        }
        input
    }

    /// How many lines `turn` types: its bad answers and its three answers.
    pub fn lines_of(&self, turn: &Turn) -> usize {
        self.answers(turn)
            .iter()
            .map(|(_, bad, _)| bad.len() + 1)
            .sum()
    }

    fn write_turn(&self, input: &mut String, turn: &Turn) {
        for (_, bad, answer) in self.answers(turn) {
            for line in bad.iter().chain([&answer]) {
                let _ = writeln!(input, "{line}");
            }
        }
    }

    /// What `turn` types at each of its prompts: the bad answers, then the
    /// good one.
    pub fn answers(&self, turn: &Turn) -> [(Prompt, Vec<String>, String); 3] {
        let action = match (turn.mv.action, turn.upper) {
            (Action::Flag, false) => "f",
            (Action::Flag, true) => "F",
            (_, false) => "r",
            (_, true) => "R",
        };
        let bad = |prompt: Prompt, max: usize| -> Vec<String> {
            turn.bad
                .iter()
                .filter(|(p, _)| *p == prompt)
                .map(|(_, bad)| bad.text(max))
                .collect()
        };
        [
            (
                Prompt::Row,
                bad(Prompt::Row, self.rows()),
                (turn.mv.at.row + 1).to_string(),
            ),
            (
                Prompt::Column,
                bad(Prompt::Column, self.cols()),
                (turn.mv.at.col + 1).to_string(),
            ),
            (Prompt::Action, bad(Prompt::Action, 0), action.to_owned()),
        ]
    }
}

/// What games to make.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Which bad answers are typed before the good ones.
    pub inputs: Inputs,
    /// The most rows and columns of a random board.
    pub max_size: usize,
    /// The fewest rows and columns of a random board, and of a game made
    /// smaller: a teacher leaves out what the assignment never asked.
    pub min_size: usize,
    /// Every random board, and every game made smaller, has a mine.
    pub at_least_one_mine: bool,
}

impl Plan {
    /// Whether `case` is a game this plan may play (the course's boards
    /// always are; a game made smaller must stay within the plan).
    pub fn allows(&self, case: &Case) -> bool {
        case.rows().min(case.cols()) >= self.min_size
            && (!self.at_least_one_mine || case.mines.iter().any(|&mine| mine))
    }
}

/// Turns a game may take before its input simply ends.
const MOST_TURNS: usize = 60;

/// Game `index` of the games made from `seed`: the course's four boards
/// first, then random boards of every shape.
pub fn make(seed: u64, index: u64, plan: Plan) -> Case {
    let mut dice = Dice::new(seed.wrapping_add(index));
    let board = match index {
        0..4 => course_board(index as usize + 1),
        _ => random_board(&mut dice, plan),
    };
    let turns = play_turns(&board, &mut dice, plan.inputs);
    Case {
        mines: board.mines().clone(),
        turns,
    }
}

/// The shapes a random board can take.
#[derive(Clone, Copy, Debug)]
enum Shape {
    Course,
    OneRow,
    OneColumn,
    Wide,
    Tall,
    Square,
    NoMines,
    AllMines,
}

const SHAPES: [(Shape, u64); 8] = [
    (Shape::Course, 1),
    (Shape::OneRow, 2),
    (Shape::OneColumn, 2),
    (Shape::Wide, 5),
    (Shape::Tall, 5),
    (Shape::Square, 4),
    (Shape::NoMines, 1),
    (Shape::AllMines, 1),
];

fn random_board(dice: &mut Dice, plan: Plan) -> Board {
    let (min, max) = (plan.min_size.min(plan.max_size), plan.max_size);
    let weights: Vec<u64> = SHAPES
        .iter()
        .map(|&(shape, weight)| match shape {
            Shape::OneRow | Shape::OneColumn if min > 1 => 0,
            Shape::NoMines if plan.at_least_one_mine => 0,
            _ => weight,
        })
        .collect();
    let shape = SHAPES[dice.weighted(&weights)].0;
    let long = |dice: &mut Dice| dice.between(min.max(2).min(max), max);
    let (rows, cols) = match shape {
        Shape::Course => return course_board(dice.between(1, 4)),
        Shape::OneRow => (1, long(dice)),
        Shape::OneColumn => (long(dice), 1),
        Shape::Wide | Shape::Tall if max <= min => (min, min),
        Shape::Wide => {
            let rows = dice.between(min, max - 1);
            (rows, dice.between(rows + 1, max))
        }
        Shape::Tall => {
            let cols = dice.between(min, max - 1);
            (dice.between(cols + 1, max), cols)
        }
        Shape::Square => {
            let side = dice.between(min, max);
            (side, side)
        }
        Shape::NoMines | Shape::AllMines => (dice.between(min, max), dice.between(min, max)),
    };
    let squares = rows * cols;
    let mines = match shape {
        Shape::NoMines => 0,
        Shape::AllMines => squares,
        _ => (squares * dice.between(5, 35))
            .div_ceil(100)
            .clamp(1, squares),
    };
    let layout = Layout::new(rows, cols, mines);
    place_mines(layout, FirstMove::Any, None, dice.below(u64::MAX))
        .expect("no square is kept free, so every mine has room")
}

/// How a game is meant to go; the turns only aim at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    Win,
    Lose,
    /// The input ends after this many turns, the game still going.
    Stop(usize),
}

/// Plays turns on `board` as a player who knows where the mines are and
/// mostly plays well: revealing safe squares, flagging mines, now and then
/// placing a wrong flag, taking one away, or touching an open square. A
/// game meant to be lost reveals a mine at some point. Once the game is
/// over, a turn or two more are typed, which the program must not take.
fn play_turns(board: &Board, dice: &mut Dice, inputs: Inputs) -> Vec<Turn> {
    let aim = match dice.weighted(&[40, 35, 25]) {
        0 => Aim::Win,
        1 => Aim::Lose,
        _ => Aim::Stop(dice.between(0, 12)),
    };
    let mut game = Game::new(board.clone(), Rules::PROJ3);
    let mut turns = Vec::new();
    while game.status() == Status::Playing && turns.len() < MOST_TURNS {
        if aim == Aim::Stop(turns.len()) {
            return turns;
        }
        let mv = choose_move(&game, aim, dice);
        game.apply(mv);
        turns.push(typed(mv, dice, inputs));
    }
    if game.status() != Status::Playing {
        for _ in 0..dice.between(1, 2) {
            let at = Pos::new(dice.index(board.rows()), dice.index(board.cols()));
            let action = *dice.pick(&[Action::Reveal, Action::Flag]);
            turns.push(Turn::plain(Move { action, at }));
        }
    }
    turns
}

/// A move of one of the kinds below, chosen by weight among those that
/// have a square to act on.
fn choose_move(game: &Game, aim: Aim, dice: &mut Dice) -> Move {
    let board = game.board();
    let squares: Vec<Pos> = board.mines().positions().collect();
    let having = |want: fn(Cover, bool) -> bool| -> Vec<Pos> {
        squares
            .iter()
            .copied()
            .filter(|&p| want(game.cover(p), board.is_mine(p)))
            .collect()
    };
    let kinds: [(Action, Vec<Pos>, u64); 7] = [
        (
            Action::Reveal,
            having(|c, mine| c == Cover::Hidden && !mine),
            10,
        ),
        (
            Action::Flag,
            having(|c, mine| c == Cover::Hidden && mine),
            6,
        ),
        (
            Action::Flag,
            having(|c, mine| c == Cover::Hidden && !mine),
            1,
        ),
        (
            Action::Flag,
            having(|c, mine| c == Cover::Flagged && !mine),
            4,
        ),
        (Action::Reveal, having(|c, _| c == Cover::Flagged), 1),
        (
            *dice.pick(&[Action::Reveal, Action::Flag]),
            having(|c, _| c == Cover::Open),
            1,
        ),
        (
            Action::Reveal,
            having(|c, mine| c == Cover::Hidden && mine),
            if aim == Aim::Lose { 3 } else { 0 },
        ),
    ];
    let weights: Vec<u64> = kinds
        .iter()
        .map(|(_, squares, weight)| if squares.is_empty() { 0 } else { *weight })
        .collect();
    if weights.iter().all(|&w| w == 0) {
        // Only flagged mines are left: take a flag away.
        let flagged = having(|c, _| c == Cover::Flagged);
        return Move {
            action: Action::Flag,
            at: *dice.pick(&flagged),
        };
    }
    let (action, squares, _) = &kinds[dice.weighted(&weights)];
    Move {
        action: *action,
        at: *dice.pick(squares),
    }
}

/// The move as typed, now and then after a bad answer or two.
fn typed(mv: Move, dice: &mut Dice, inputs: Inputs) -> Turn {
    let mut bad = Vec::new();
    for prompt in [Prompt::Row, Prompt::Column, Prompt::Action] {
        if dice.percent(12) {
            let choices = Bad::choices(prompt, inputs);
            for _ in 0..dice.between(1, 2) {
                bad.push((prompt, *dice.pick(&choices)));
            }
        }
    }
    Turn {
        mv,
        upper: inputs == Inputs::All && dice.percent(20),
        bad,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use console::answer;

    const PLAN: Plan = Plan {
        inputs: Inputs::All,
        max_size: 10,
        min_size: 1,
        at_least_one_mine: false,
    };

    #[test]
    fn every_bad_answer_is_refused_by_the_course_game() {
        for max in [1, 5, 10, 99] {
            for prompt in [Prompt::Row, Prompt::Column] {
                for bad in Bad::choices(prompt, Inputs::All) {
                    assert_eq!(
                        answer::number_in_range(&bad.text(max), max),
                        None,
                        "{bad:?}"
                    );
                }
            }
            for bad in Bad::choices(Prompt::Action, Inputs::All) {
                assert_eq!(answer::action(&bad.text(max)), None, "{bad:?}");
            }
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_game() {
        for index in 0..20 {
            assert_eq!(make(7, index, PLAN), make(7, index, PLAN));
        }
        assert_ne!(make(7, 10, PLAN), make(8, 10, PLAN));
    }

    #[test]
    fn the_first_four_games_are_the_course_boards() {
        for index in 0..4 {
            let case = make(1, index, PLAN);
            assert_eq!(case.mines, *course_board(index as usize + 1).mines());
        }
    }

    #[test]
    fn boards_stay_within_the_largest_size_and_take_every_shape() {
        let cases: Vec<Case> = (4..400)
            .map(|i| {
                make(
                    3,
                    i,
                    Plan {
                        max_size: 6,
                        ..PLAN
                    },
                )
            })
            .collect();
        let random: Vec<&Case> = cases
            .iter()
            .filter(|c| c.rows() <= 6 && c.cols() <= 6)
            .collect();
        assert!(random.len() > 350, "course boards are the only bigger ones");
        let count = |f: &dyn Fn(&Case) -> bool| random.iter().filter(|c| f(c)).count();
        assert!(count(&|c| c.rows() == 1 && c.cols() > 1) > 0);
        assert!(count(&|c| c.cols() == 1 && c.rows() > 1) > 0);
        assert!(count(&|c| c.cols() > c.rows() && c.rows() > 1) > 0);
        assert!(count(&|c| c.rows() > c.cols() && c.cols() > 1) > 0);
        assert!(count(&|c| c.board().mine_count() == 0) > 0);
        assert!(count(&|c| c.board().mine_count() == c.rows() * c.cols()) > 0);
    }

    #[test]
    fn a_plan_can_leave_out_thin_boards_and_boards_without_mines() {
        let plan = Plan {
            min_size: 2,
            at_least_one_mine: true,
            ..PLAN
        };
        for index in 4..400 {
            let case = make(5, index, plan);
            assert!(case.rows().min(case.cols()) >= 2, "game {index}");
            assert!(case.board().mine_count() > 0, "game {index}");
            assert!(plan.allows(&case));
        }
        let thin = Case {
            mines: Grid::filled(1, 3, true),
            turns: Vec::new(),
        };
        assert!(!plan.allows(&thin) && PLAN.allows(&thin));
    }

    #[test]
    fn games_are_won_lost_and_left_going() {
        let mut endings = [0; 3];
        for index in 0..300 {
            let case = make(11, index, PLAN);
            let mut game = Game::new(case.board(), Rules::PROJ3);
            for turn in &case.turns {
                if game.status() != Status::Playing {
                    break;
                }
                game.apply(turn.mv);
            }
            endings[match game.status() {
                Status::Won => 0,
                Status::Lost(_) => 1,
                Status::Playing => 2,
            }] += 1;
        }
        assert!(endings.iter().all(|&n| n > 30), "{endings:?}");
    }

    #[test]
    fn the_input_is_the_file_then_three_answers_a_turn_after_the_bad_ones() {
        let mines = Grid::from_row_major(1, 2, vec![false, true]);
        let turn = Turn {
            mv: Move {
                action: Action::Reveal,
                at: Pos::new(0, 0),
            },
            upper: true,
            bad: vec![
                (Prompt::Action, Bad::BogusAction(0)),
                (Prompt::Row, Bad::PastEnd),
            ],
        };
        let case = Case {
            mines,
            turns: vec![turn.clone(), Turn::plain(turn.mv)],
        };
        assert_eq!(case.input("b.txt"), "b.txt\n2\n1\n1\nx\nR\n1\n1\nr\n");
    }
}
