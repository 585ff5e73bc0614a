//! Any bytes typed into the console game, under every rule set, with and
//! without hints and animation, boards printed or a line a move for a
//! screen reader: it must end without a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use console::animate::Animation;
use console::prompt::{BoardSource, Console, Session, play};
use console::render::Paint;
use console::spoken::Voice;
use engine::{RuleSet, parse_board};

const BOARD: &[u8] = b"++++++\n+*   +\n+  * +\n+    +\n+*   +\n++++++\n";

fuzz_target!(|bytes: &[u8]| {
    let Some((&settings, typed)) = bytes.split_first() else {
        return;
    };
    let rule_set = RuleSet::ALL[usize::from(settings % 3)];
    let session = Session {
        rule_set,
        rules: rule_set.rules,
        source: BoardSource::Board(parse_board(BOARD).unwrap()),
        animation: (settings & 4 != 0).then_some(Animation::PRINTED),
        hints: settings & 8 != 0,
        voice: if settings & 32 != 0 {
            Voice::Lines
        } else {
            Voice::Boards
        },
        recording: Default::default(),
    };
    let mut console = Console {
        input: typed,
        out: std::io::sink(),
        err: std::io::sink(),
        paint: if settings & 16 != 0 {
            Paint::Colour
        } else {
            Paint::Plain
        },
    };
    play(&mut console, session).unwrap();
});
