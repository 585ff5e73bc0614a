//! The rule sets the program plays, each in one place: the name that the
//! command line takes and the records keep, the rules, and the words.

use crate::rules::{FirstMove, Marks, Rules};
use crate::script::Script;

/// One rule set by name.
#[derive(Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The name `--rules` takes, which records keep too.
    pub name: &'static str,
    /// The rules, with their usual first move.
    pub rules: Rules,
    /// What the console game says under them.
    pub script: &'static Script,
}

impl RuleSet {
    /// CMSC 201 Project 3: flag exactly the mines to win.
    pub const PROJ3: RuleSet = RuleSet {
        name: "proj3",
        rules: Rules::PROJ3,
        script: &Script::PROJ3,
    };

    /// The classic game: open every safe square.
    pub const CLASSIC: RuleSet = RuleSet {
        name: "classic",
        rules: Rules::CLASSIC,
        script: &Script::CLASSIC,
    };

    /// Iowa State COMS 227: the classic game with islands opened through
    /// four neighbours. It differs from classic only in how islands open,
    /// so it says the same words.
    pub const COMS227: RuleSet = RuleSet {
        name: "coms227",
        rules: Rules::COMS227,
        script: &Script::CLASSIC,
    };

    /// Every rule set, in the order help lists them.
    pub const ALL: [&'static RuleSet; 3] = [&RuleSet::PROJ3, &RuleSet::CLASSIC, &RuleSet::COMS227];

    /// The rule set called `name`.
    pub fn named(name: &str) -> Option<&'static RuleSet> {
        RuleSet::ALL.into_iter().find(|set| set.name == name)
    }

    /// Whether `rules`, played under this set, have its question marks
    /// turned off.
    pub fn drops_question_marks(&self, rules: Rules) -> bool {
        self.rules.marks == Marks::FlagThenQuestion && rules.marks == Marks::Flag
    }

    /// The rules of the set called `name` with the first-move policy called
    /// `first_move`, as records name them; `None` for a name this version
    /// does not know.
    pub fn rules_named(name: &str, first_move: &str) -> Option<Rules> {
        let set = RuleSet::named(name)?;
        Some(set.rules.with_first_move(FirstMove::named(first_move)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_set_is_found_by_its_name_with_any_first_move() {
        for set in RuleSet::ALL {
            assert_eq!(RuleSet::named(set.name), Some(set));
            for first_move in [FirstMove::Any, FirstMove::Safe, FirstMove::Opening] {
                let rules = set.rules.with_first_move(first_move);
                assert_eq!(
                    RuleSet::rules_named(set.name, first_move.name()),
                    Some(rules)
                );
            }
        }
        assert_eq!(RuleSet::named("custom"), None);
        assert_eq!(RuleSet::rules_named("classic", "sometimes"), None);
    }

    #[test]
    fn coms227_speaks_as_classic_does() {
        assert_eq!(RuleSet::COMS227.script, RuleSet::CLASSIC.script);
        assert_ne!(RuleSet::PROJ3.script, RuleSet::CLASSIC.script);
    }
}
