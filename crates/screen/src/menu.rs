//! The menu (`m`): what the next game is dealt with, chosen inside the
//! game rather than on the command line: a level or a size (the player's
//! named sizes among the levels), the rules, the first move, boards that
//! need no guess, question marks, hints, and the colours. As values: the
//! state moves through it, the view draws it.

use engine::{FirstMove, Layout, RuleSet};
use records::settings::{Preset, Settings};

use crate::theme::Theme;

/// What the next game is dealt with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choices {
    pub rule_set: &'static RuleSet,
    pub layout: Layout,
    pub no_guess: bool,
    /// Marking steps through a question mark (under rules that have them).
    pub question_marks: bool,
    /// What the first square opened is kept clear of.
    pub first_move: FirstMove,
    /// Each hint adds to the time, and a win with hints stays clean.
    pub hint_penalty: bool,
    pub theme: Theme,
}

impl Choices {
    /// The choices as the settings file keeps them.
    pub fn settings(&self) -> Settings {
        Settings {
            theme: Some(self.theme.name().to_owned()),
            rules: Some(self.rule_set.name.to_owned()),
            size: Some((self.layout.rows, self.layout.cols, self.layout.mines)),
            no_guess: Some(self.no_guess),
            question_marks: Some(self.question_marks),
            first_move: Some(self.first_move.name().to_owned()),
            hint_penalty: Some(self.hint_penalty),
            zoom: None,
            presets: None,
            background: None,
        }
    }
}

/// One line of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Level,
    Rows,
    Columns,
    Mines,
    Rules,
    FirstMove,
    NoGuess,
    QuestionMarks,
    HintPenalty,
    Colours,
}

const ITEMS: [Item; 10] = [
    Item::Level,
    Item::Rows,
    Item::Columns,
    Item::Mines,
    Item::Rules,
    Item::FirstMove,
    Item::NoGuess,
    Item::QuestionMarks,
    Item::HintPenalty,
    Item::Colours,
];

/// The levels, in the order the menu steps through them.
const LEVELS: [(&str, Layout); 3] = [
    ("beginner", Layout::BEGINNER),
    ("intermediate", Layout::INTERMEDIATE),
    ("expert", Layout::EXPERT),
];

/// The menu, open: the line chosen and the choices so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    line: usize,
    choices: Choices,
    /// Whether colours may be used at all (not with NO_COLOR and the like).
    colour: bool,
    /// The sizes the player named, stepped through after the levels.
    presets: Vec<Preset>,
    /// A name being typed for the size chosen, while it is.
    naming: Option<String>,
    /// What the last key did, where the lines do not show it (a size
    /// named or forgotten, or why not), until the next key.
    note: Option<Note>,
}

/// What a key in the menu did, in full and in a few words for the title
/// of a menu with no line to spare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub long: String,
    pub short: String,
}

fn note(long: String, short: String) -> Option<Note> {
    Some(Note { long, short })
}

impl Menu {
    pub fn new(choices: Choices, colour: bool, presets: Vec<Preset>) -> Self {
        Menu {
            line: 0,
            choices,
            colour,
            presets,
            naming: None,
            note: None,
        }
    }

    /// What the last key did, where the lines do not show it.
    pub fn note(&self) -> Option<&Note> {
        self.note.as_ref()
    }

    /// The note read: the next key makes its own.
    pub fn forget_note(&mut self) {
        self.note = None;
    }

    /// The sizes the player named.
    pub fn presets(&self) -> &[Preset] {
        &self.presets
    }

    /// Whether a name is being typed.
    pub fn is_naming(&self) -> bool {
        self.naming.is_some()
    }

    /// Starts naming the size chosen (`s`); a level's size has its
    /// name already, and the note says so.
    pub fn start_naming(&mut self) {
        if let Some((level, _)) = LEVELS.iter().find(|(_, l)| *l == self.choices.layout) {
            self.note = note(
                format!("This size is {level}'s: change the rows, columns or mines to name one"),
                format!("{level} has its name"),
            );
            return;
        }
        self.naming = Some(String::new());
    }

    /// A character typed into the name: printable ones, up to the
    /// longest name.
    pub fn type_char(&mut self, c: char) {
        if let Some(name) = &mut self.naming
            && !c.is_control()
            && name.chars().count() < Preset::LONGEST_NAME
        {
            name.push(c);
        }
    }

    /// The name's last character taken back.
    pub fn erase(&mut self) {
        if let Some(name) = &mut self.naming {
            name.pop();
        }
    }

    /// The name typed given to the size chosen (replacing a preset of the
    /// same name, the oldest dropped past [`Preset::MOST`]); whether the
    /// presets changed. An empty name names nothing.
    pub fn finish_naming(&mut self) -> bool {
        let Some(name) = self.naming.take() else {
            return false;
        };
        let name = name.trim().to_owned();
        if name.is_empty() {
            return false;
        }
        let layout = self.choices.layout;
        // One name a size, one size a name: a size named again is renamed.
        self.presets
            .retain(|preset| preset.name != name && !is(preset, layout));
        let shown = visible::Visible(&name);
        self.note = note(
            format!("Named {shown}: Left and Right on Level reach it"),
            format!("Named {shown}"),
        );
        self.presets.push(Preset {
            name,
            rows: layout.rows,
            cols: layout.cols,
            mines: layout.mines,
        });
        if self.presets.len() > Preset::MOST {
            self.presets.remove(0);
        }
        true
    }

    /// Stops naming, with nothing named.
    pub fn cancel_naming(&mut self) {
        self.naming = None;
    }

    /// Forgets the preset the size chosen is (`d`); whether there was one.
    pub fn forget_preset(&mut self) -> bool {
        let layout = self.choices.layout;
        let named = self.presets.iter().find(|preset| is(preset, layout));
        self.note = match named {
            Some(preset) => {
                let forgotten = format!("{} forgotten", visible::Visible(&preset.name));
                note(forgotten.clone(), forgotten)
            }
            None => note(
                "This size has no name to forget".to_owned(),
                "No name to forget".to_owned(),
            ),
        };
        let before = self.presets.len();
        self.presets.retain(|preset| !is(preset, layout));
        self.presets.len() < before
    }

    pub fn choices(&self) -> Choices {
        self.choices
    }

    /// The line chosen.
    pub fn item(&self) -> Item {
        ITEMS[self.line]
    }

    /// Up (`by` < 0) or down a line, stopping at the ends.
    pub fn go(&mut self, by: isize) {
        self.line = self.line.saturating_add_signed(by).min(ITEMS.len() - 1);
    }

    /// The chosen line's value changed by `by` steps: a number up or down
    /// by as many, the next or the previous of a list, a switch turned.
    pub fn change(&mut self, by: isize) {
        let item = self.item();
        let next = by.signum();
        let colour = self.colour;
        let choices = &mut self.choices;
        let layout = &mut choices.layout;
        match item {
            Item::Level => {
                // The levels, then the named sizes, each size once (a
                // settings file written by hand may name a level's size
                // too; stepping would stick on it).
                let mut sizes: Vec<Layout> = LEVELS.iter().map(|&(_, level)| level).collect();
                for size in self.presets.iter().map(preset_layout) {
                    if !sizes.contains(&size) {
                        sizes.push(size);
                    }
                }
                let now = sizes.iter().position(|l| l == layout);
                let next = match now {
                    Some(i) => cycle(i, next, sizes.len()),
                    None if by > 0 => 0,
                    None => sizes.len() - 1,
                };
                *layout = sizes[next];
            }
            Item::Rows => layout.rows = step(layout.rows, by, 1, Layout::MOST_SIDE),
            Item::Columns => layout.cols = step(layout.cols, by, 1, Layout::MOST_SIDE),
            Item::Mines => layout.mines = step(layout.mines, by, 0, usize::MAX),
            Item::Rules => {
                let now = RuleSet::ALL
                    .iter()
                    .position(|set| set.name == choices.rule_set.name)
                    .unwrap_or(0);
                choices.rule_set = RuleSet::ALL[cycle(now, next, RuleSet::ALL.len())];
            }
            Item::FirstMove => {
                let now = FIRST_MOVES
                    .iter()
                    .position(|&f| f == choices.first_move)
                    .unwrap_or(0);
                choices.first_move = FIRST_MOVES[cycle(now, next, FIRST_MOVES.len())];
            }
            Item::NoGuess => choices.no_guess = !choices.no_guess,
            Item::QuestionMarks => choices.question_marks = !choices.question_marks,
            Item::HintPenalty => choices.hint_penalty = !choices.hint_penalty,
            Item::Colours if colour => {
                let themes = Theme::ALL;
                let now = themes.iter().position(|&t| t == choices.theme).unwrap_or(0);
                choices.theme = themes[cycle(now, next, themes.len())];
            }
            Item::Colours => {}
        }
        // Never more mines than squares.
        layout.mines = layout.mines.min(layout.rows * layout.cols);
    }

    /// The lines as they are shown: a name, a value, and whether it is the
    /// line chosen.
    pub fn lines(&self) -> Vec<(&'static str, String, bool)> {
        let c = &self.choices;
        let on = |yes: bool| if yes { "on" } else { "off" }.to_owned();
        let mut lines: Vec<_> = ITEMS
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let (name, value) = match item {
                    Item::Level => ("Level", self.level_name()),
                    Item::Rows => ("Rows", c.layout.rows.to_string()),
                    Item::Columns => ("Columns", c.layout.cols.to_string()),
                    Item::Mines => ("Mines", c.layout.mines.to_string()),
                    Item::Rules => ("Rules", c.rule_set.name.to_owned()),
                    Item::FirstMove => ("First move", first_move_words(c.first_move).to_owned()),
                    Item::NoGuess => ("No guess", on(c.no_guess)),
                    Item::QuestionMarks => ("Question marks", on(c.question_marks)),
                    Item::HintPenalty => (
                        "Hints",
                        if c.hint_penalty {
                            "+10 s each"
                        } else {
                            "free (win helped)"
                        }
                        .to_owned(),
                    ),
                    Item::Colours if self.colour => ("Colours", c.theme.name().to_owned()),
                    Item::Colours => ("Colours", "mono (colour is off)".to_owned()),
                };
                (name, value, i == self.line)
            })
            .collect();
        if let Some(name) = &self.naming {
            lines.push(("Name it", format!("{name}_"), true));
        }
        lines
    }

    /// The level the size is, the preset it is, or `custom`.
    fn level_name(&self) -> String {
        let layout = self.choices.layout;
        let level = LEVELS.iter().find(|(_, l)| *l == layout);
        let preset = self.presets.iter().find(|p| is(p, layout));
        match (level, preset) {
            (Some((name, _)), _) => (*name).to_owned(),
            (None, Some(preset)) => format!("{}", visible::Visible(&preset.name)),
            (None, None) => "custom".to_owned(),
        }
    }
}

fn preset_layout(preset: &Preset) -> Layout {
    Layout::new(preset.rows, preset.cols, preset.mines)
}

/// Whether `preset` is the size `layout`.
fn is(preset: &Preset, layout: Layout) -> bool {
    preset_layout(preset) == layout
}

/// The first-move rules, in the order the menu steps through them.
const FIRST_MOVES: [FirstMove; 3] = [FirstMove::Safe, FirstMove::Opening, FirstMove::Any];

/// A first-move rule as the menu says it: its name, and what it keeps.
fn first_move_words(first_move: FirstMove) -> &'static str {
    match first_move {
        FirstMove::Safe => "safe (no mine)",
        FirstMove::Opening => "opening (an area)",
        FirstMove::Any => "any (may be a mine)",
    }
}

/// `at` moved `by` places round a list of `len`.
fn cycle(at: usize, by: isize, len: usize) -> usize {
    (at as isize + by).rem_euclid(len as isize) as usize
}

/// `value` moved by `by`, kept within `least..=most`.
fn step(value: usize, by: isize, least: usize, most: usize) -> usize {
    value.saturating_add_signed(by).clamp(least, most)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu() -> Menu {
        Menu::new(
            Choices {
                rule_set: &RuleSet::CLASSIC,
                layout: Layout::BEGINNER,
                no_guess: false,
                question_marks: true,
                first_move: FirstMove::Safe,
                hint_penalty: false,
                theme: Theme::Classic,
            },
            true,
            Vec::new(),
        )
    }

    /// A level's size has its name: `s` on it says so and names nothing;
    /// a name given says where to find it; a settings file that names a
    /// level's size anyway never holds Left and Right on it.
    #[test]
    fn a_levels_size_is_not_named_again_and_never_holds_the_level_line() {
        let mut m = menu();
        m.start_naming();
        assert!(!m.is_naming());
        assert_eq!(
            m.note().unwrap().long,
            "This size is beginner's: change the rows, columns or mines to name one"
        );
        assert_eq!(m.note().unwrap().short, "beginner has its name");
        let quick = Preset {
            name: "quick".to_owned(),
            rows: 9,
            cols: 9,
            mines: 10,
        };
        let mut m = Menu::new(m.choices(), true, vec![quick]);
        m.change(-1);
        assert_eq!(m.choices().layout, Layout::EXPERT, "Left leaves beginner");
        m.change(-1);
        assert_eq!(m.choices().layout, Layout::INTERMEDIATE);
        m.change(1);
        m.change(1);
        assert_eq!(m.choices().layout, Layout::BEGINNER, "round again");
    }

    #[test]
    fn naming_says_what_it_did_and_a_size_has_one_name() {
        let mut m = menu();
        m.go(3);
        m.change(5);
        for name in ["first", "second"] {
            m.start_naming();
            name.chars().for_each(|c| m.type_char(c));
            assert!(m.finish_naming());
        }
        assert_eq!(
            m.note().unwrap().long,
            "Named second: Left and Right on Level reach it"
        );
        assert_eq!(m.presets().len(), 1, "renamed, not named twice");
        assert_eq!(m.presets()[0].name, "second");
        assert!(m.forget_preset());
        assert_eq!(m.note().unwrap().long, "second forgotten");
        assert!(!m.forget_preset());
        assert_eq!(m.note().unwrap().short, "No name to forget");
        m.forget_note();
        assert_eq!(m.note(), None);
    }

    #[test]
    fn a_size_named_is_stepped_to_after_the_levels_and_can_be_forgotten() {
        let mut m = menu();
        m.go(3);
        m.change(5);
        m.start_naming();
        assert!(m.is_naming());
        for c in "wide!\u{7}x".chars() {
            m.type_char(c);
        }
        m.erase();
        assert_eq!(
            m.lines().last().unwrap().1,
            "wide!_",
            "no bell, x taken back"
        );
        assert!(m.finish_naming());
        assert_eq!(m.presets()[0].name, "wide!");
        assert_eq!(m.lines()[0].1, "wide!");
        m.go(-3);
        m.change(-1);
        assert_eq!(m.choices().layout, Layout::EXPERT);
        m.change(1);
        assert_eq!(
            m.choices().layout,
            Layout::new(9, 9, 15),
            "expert, then the preset"
        );
        m.change(1);
        assert_eq!(m.choices().layout, Layout::BEGINNER, "round again");
        m.change(-1);
        assert!(m.forget_preset());
        assert!(m.presets().is_empty());
        assert_eq!(m.lines()[0].1, "custom");
        m.start_naming();
        m.type_char(' ');
        assert!(!m.finish_naming(), "a blank name names nothing");
    }

    #[test]
    fn levels_step_round_and_a_size_of_its_own_is_custom() {
        let mut m = menu();
        m.change(1);
        assert_eq!(m.choices().layout, Layout::INTERMEDIATE);
        m.change(-1);
        m.change(-5);
        assert_eq!(m.choices().layout, Layout::EXPERT, "a step at a time");
        m.go(3);
        assert_eq!(m.item(), Item::Mines);
        m.change(5);
        assert_eq!(m.choices().layout, Layout::new(16, 30, 104));
        assert_eq!(m.lines()[0].1, "custom");
        assert!(m.lines()[3].2, "the mines' line is chosen");
    }

    #[test]
    fn numbers_stay_within_the_board() {
        let mut m = menu();
        m.go(1);
        m.change(-20);
        assert_eq!(m.choices().layout.rows, 1);
        m.go(1);
        m.change(-20);
        assert_eq!(
            m.choices().layout,
            Layout::new(1, 1, 1),
            "mines cut to the squares"
        );
        m.go(-10);
        assert_eq!(m.item(), Item::Level);
    }

    #[test]
    fn rules_switches_and_colours_step_round() {
        let mut m = menu();
        m.go(4);
        m.change(1);
        assert_eq!(m.choices().rule_set.name, "coms227");
        m.go(1);
        m.change(1);
        assert_eq!(m.choices().first_move, FirstMove::Opening);
        assert_eq!(m.lines()[5].1, "opening (an area)");
        m.go(1);
        m.change(1);
        m.go(1);
        m.change(1);
        m.go(1);
        m.change(1);
        assert_eq!(m.lines()[8].1, "+10 s each");
        m.go(1);
        m.change(-1);
        let choices = m.choices();
        assert!(choices.no_guess && !choices.question_marks && choices.hint_penalty);
        assert_eq!(choices.theme, Theme::Mono);
        let settings = choices.settings();
        assert_eq!(settings.rules.as_deref(), Some("coms227"));
        assert_eq!(settings.theme.as_deref(), Some("mono"));
        assert_eq!(settings.size, Some((9, 9, 10)));
        assert_eq!(settings.first_move.as_deref(), Some("opening"));
        assert_eq!(settings.hint_penalty, Some(true));
    }

    #[test]
    fn without_colour_the_colours_do_not_change() {
        let mut m = Menu::new(menu().choices(), false, Vec::new());
        m.go(9);
        m.change(1);
        assert_eq!(m.choices().theme, Theme::Classic);
        assert_eq!(m.lines()[9].1, "mono (colour is off)");
    }
}
