//! Any bytes typed into the console game, under every rule set, with and
//! without hints and animation: it must end without a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use minesweeper::engine::{Rules, parse_board};
use minesweeper::front::animate::Animation;
use minesweeper::front::prompt::{BoardSource, Console, Session, play};
use minesweeper::front::script::Script;
use minesweeper::render::Paint;

const BOARD: &[u8] = b"++++++\n+*   +\n+  * +\n+    +\n+*   +\n++++++\n";

fuzz_target!(|bytes: &[u8]| {
    let Some((&settings, typed)) = bytes.split_first() else {
        return;
    };
    let (rules, script) = match settings % 3 {
        0 => (Rules::PROJ3, &Script::PROJ3),
        1 => (Rules::CLASSIC, &Script::CLASSIC),
        _ => (Rules::COMS227, &Script::CLASSIC),
    };
    let session = Session {
        rules,
        script,
        source: BoardSource::Board(parse_board(BOARD).unwrap()),
        animation: (settings & 4 != 0).then_some(Animation::PRINTED),
        hints: settings & 8 != 0,
        keeping: Default::default(),
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
