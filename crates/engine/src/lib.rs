//! Minesweeper's rules, with no I/O: boards and board files, clues, the
//! state of play, moves and outcomes as values, rule sets as data, and
//! COMP1511's game beside them.
//!
//! Front ends turn what a player types into [`Move`]s, hand them to
//! [`Game::apply`], and show the [`Outcome`] and the [`Glyph`]s. Nothing
//! here reads, prints or waits; whatever needs more than the rules (a
//! board made by the solver) is handed in ([`BoardMaker`]).
//!
//! ```
//! use minesweeper_engine::{Action, Game, Glyph, Move, Outcome, Pos, Rules, Status, parse_board};
//!
//! // A board file: `+` frames, `*` mines, spaces for empty squares.
//! let board = parse_board(b"+++++\n+*  +\n+   +\n+++++\n").unwrap();
//! let mut game = Game::new(board, Rules::CLASSIC);
//! let reveal = |row, col| Move { action: Action::Reveal, at: Pos::new(row, col) };
//! // A square with no mine around it opens its island, and the clues at
//! // its rim.
//! assert_eq!(game.apply(reveal(1, 2)), Outcome::Opened(4));
//! assert_eq!(game.glyph(Pos::new(0, 1)), Glyph::Open(1));
//! assert_eq!(game.status(), Status::Playing);
//! // Every safe square open: won, by classic rules.
//! assert_eq!(game.apply(reveal(1, 0)), Outcome::Opened(1));
//! assert_eq!(game.status(), Status::Won);
//! ```
//!
//! # Map
//!
//! Owns: boards and board files, clues, the cover, moves and outcomes as
//! values, rules and rule sets as data (one `RuleSet` with its name, rules
//! and words), the reveal, undo history, 3BV, placement and seeded dice,
//! deals, and COMP1511's minefield. May use: `visible`, `rand_chacha` and
//! `rand_core` (the seeded generator), `thiserror`; `proptest` only under the
//! `proptest` feature, for tests. Must never use: any terminal, command-line,
//! process, file-location, serialisation or threading crate (clap,
//! crossterm, ratatui, indicatif, process-wrap, etcetera, jiff, serde_json,
//! owo-colors, signal-hook, rayon, libc, tempfile, mimalloc), nor any crate
//! above it. It reads no file and prints nothing: a front end gives it bytes
//! and moves, and shows what it returns. What it cannot know by itself (a
//! board the solver clears without guessing) is handed to it: a game of a
//! no-guess deal is given a `BoardMaker` and asks it for the board at the
//! first opening, so the engine never calls up.
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/grid.rs` | 2-D storage | `Pos` (0-based row, col), `Grid<T>` (row-major), `Direction`, `Neighbourhood` (four or eight), `neighbours`, `index_of`/`pos_at` |
//! | `src/board.rs` | the hidden truth | `Frame` (`+` or `#`), `Board` (mine grid + clue grid), `count_clues`, `solved_glyph` |
//! | `src/board_file.rs` | the file format | `parse_board(bytes)`, its inverse `to_board_file(board)`, `BoardError { line, column, fault }`, `Fault`, `Found` |
//! | `src/rules.rs` | rule sets as data | `Rules { region, win, marks, counter, first_move, end_display }`, `Rules::PROJ3`, `Rules::CLASSIC`, `Rules::COMS227`; `FirstMove::named` |
//! | `src/rule_set.rs` | a rule set in one place | `RuleSet { name, rules, script }`, `RuleSet::PROJ3`, `CLASSIC`, `COMS227`, `ALL`; `named` (as `--rules` and the records name it), `rules_named(name, first_move)` |
//! | `src/script.rs` | the words of each rule set | `Script::PROJ3` (the course's text), `Script::CLASSIC` |
//! | `src/cover.rs` | what covers a square | `Cover`: hidden, flagged, questioned, open |
//! | `src/moves.rs` | moves as values | `Action` (reveal, flag, chord), `Move` (an action at a square) |
//! | `src/outcome.rs` | what a move did | `Outcome` (`changed_board`: what a click counts), `Status` (playing, won, lost at a square) |
//! | `src/game.rs` | the state of play | `Game::new(board, rules)`, `Game::random(layout, seed, rules)`, `Game::random_made_by(…, maker)` (a board made by a `BoardMaker` at the first opening; `maker_gave_up` says why none was); `apply(Move) -> Outcome`, `apply_noting`, `apply_traced`, `glyph(pos)`; with `with_undo`, `undo`, `redo`, `deaths` |
//! | `src/maker.rs` | boards made from above | `BoardMaker` (`make(layout, policy, first, seed)`), `GaveUp` (why not, in the maker's words) |
//! | `src/deal.rs` | where a game's board comes from | `Deal` (a board file, or a random layout, seed and no-guess), `Deal::game(rules, no_guess_maker)`: a deal and the moves make the same game again |
//! | `src/history.rs` | what moves changed, for undo | `Change` (squares opened as 32-bit indexes, question marks among them, a mark, the counts before), `History` (done, undone) |
//! | `src/placement.rs` | random boards | `Layout` (levels), `place_mines(layout, policy, first, seed)`, `NoRoom` |
//! | `src/dice.rs` | seeded choices | `Dice`: ChaCha8 from a seed, `below` by rejection, `between`, `pick`, `weighted`; placement and `check`'s games draw from it |
//! | `src/reveal.rs` | opening islands | `reveal(board, cover, start, neighbourhood, observe)`: clearRegion on an explicit stack, reporting each `Step` (`RevealStatus`: seen, exploring a `Direction`, revealed); `fill`: the same squares a row's run at a time, without steps, on any `Covers` (a game's cover grid, or a bit a square for counting 3BV) |
//! | `src/three_bv.rs` | a board's difficulty | `three_bv(board)`: openings plus numbered squares no opening reaches; `three_bv_done(board, open)`: how much of it the open squares have done; `three_bv_per_second` (none at 0.0 s) (the reveal's fill marking the squares reached a bit each, through `reveal::Covers`) |
//! | `src/zini.rs` | the clicks a flagger needs | `zini(board)`: the community's greedy ZiNi (open, flag and chord the square of highest premium, else click the top-left-most 3BV), premiums worked out again only round what changed; `None` past `MOST_SQUARES` |
//! | `src/glyph.rs` | what the player sees | `Glyph`: hidden, flag, question, open(clue), mine, detonated, wrong flag; seen and exploring during an animation |
//! | `src/comp1511.rs` | the COMP1511 game | `Minefield` (8x8, `Square` states), `Command`, `Reply`, hints, reveals, the safe first turn |
//! | `src/strategies.rs` | test data (feature `proptest`) | proptest strategies: `any_board`, `any_moves` and `to_move`, `any_layout`, `any_policy`, for the property tests of this crate and of the console |
//!
//! # Decisions
//!
//! - **The engine does no I/O and allocates no text.** So the rules can be
//!   tested as values (unit tests and proptests drive `Game` directly), and
//!   other front ends can reuse them unchanged.
//! - **Board files are parsed from bytes, not `String`s.** A file with a stray
//!   Latin-1 byte must be reported at its line and column, not rejected whole
//!   as "not UTF-8". Columns count characters; everything before a fault is
//!   ASCII, so the caret lines up.
//! - **A ragged row is reported as a width, not as the character in the way.**
//!   `+ * +` in a board 6 wide says "the row is 5 wide, but the top frame is 6
//!   wide", which is what the author needs to hear.
//! - **Every input is read in bounded memory.** A board file over 256 MiB is
//!   refused (unread when its size is known; `/dev/zero` after 256 MiB): that
//!   is about 16000x16000 squares, three bytes a square once loaded. Lines are
//!   walked, never listed, and the mine grid is reserved once from the file's
//!   size. A typed answer is kept to 4096 bytes (the longest Linux file name);
//!   a longer line is read to its end, dropped and refused like any bad
//!   answer. COMP1511 reads a token at a time, so a 100 MB number costs 32
//!   bytes. A fault in a very long line is shown in an 80-character window.
//! - **Trailing empty lines are errors.** The format accepts CRLF, a missing
//!   final newline and blanks after the closing frame, and nothing else: a
//!   board file is something people snapshot, so it should have one spelling.
//! - **The recursive reveal runs on an explicit stack.** The course asks for
//!   recursion, and the code keeps its shape: `reveal` is COMS 227's
//!   clearRegion, the recursion written with a to-do list, where each entry is
//!   a call in progress and its status says how far through its neighbours it
//!   is. The call stack lives in a `Vec` (one packed 8-byte word a call), not on
//!   the thread's stack. Measured on a 3000x3000 board with one mine,
//!   revealing the far corner (9 million squares, recursion depth 8,999,994),
//!   release build:
//!
//!   | approach | time | peak memory |
//!   |---|---|---|
//!   | plain recursion, stack grown by `stacker::maybe_grow` | 4.85 s | 2,270 MB |
//!   | proj3's recursion on a stack of `Pos` (16 bytes a call) | 0.26 s | 151 MB |
//!   | proj3's recursion on a stack of indexes (8 bytes a call) | 0.20 s | 81 MB |
//!   | clearRegion with steps, one packed word a call | 0.46 s | |
//!   | the same, remembering each square's rim while exploring, current | 0.32 s | 133 MB (whole program) |
//!
//!   The explicit stack is an order of magnitude faster than growing the
//!   thread's stack, and needs no extra crate. The 2 MiB test-thread
//!   requirement is a unit test (`huge_open_board_opens_on_a_small_stack`).
//! - **One reveal for every rule set, with its steps as data.** The proj3
//!   recursion (open, then visit each neighbour) and clearRegion (SEEN, explore
//!   each direction, REVEALED, then the numbered rim) open the same squares
//!   with eight neighbours; clearRegion also names each step, which COMS 227
//!   requires in its order and `--animate` shows. So all rule sets use it when
//!   the steps are watched (`Game::apply_traced`), with a `Neighbourhood` of
//!   four (coms227) or eight (proj3, classic). Two things keep it fast: the
//!   innermost call is kept out of the list, so its index is only divided back
//!   into a row and column when a call returns; and each call notes which
//!   numbered neighbours it saw while exploring, so its rim is not searched
//!   again.
//! - **Unwatched reveals use a scanline fill.** clearRegion's to-do list holds
//!   a call for nearly every square of an open board (8 bytes each: 128 MB on
//!   4000x4000, 800 MB on 10000x10000), so `Game::apply` uses `fill`, which
//!   opens the same squares a run at a time: a seed grows into the whole run
//!   of empty squares along its row, the run and the numbered squares around
//!   it open, and the rows above and below are scanned once for new runs
//!   (diagonally too with eight neighbours). Its to-do list holds one seed per
//!   run waiting, and it reads rows in order, so the grids stream through the
//!   cache. A one-move game opening all of a 4000x4000 board peaks at 50 MB
//!   instead of 214 MB, and a 10000x10000 one plays in 297 MB. A breadth-first
//!   fill, tried first, had the same memory but was slower than clearRegion
//!   (its wavefront crosses rows: cache misses). A proptest checks that
//!   `apply` and `apply_traced` open exactly the squares an independent
//!   search finds.
//! - **Chording and undo are the engine's.** `Action::Chord` opens the
//!   covered neighbours of an open number whose flags match its clue, in
//!   reading order, losing on a wrong flag's mine. A game made `with_undo`
//!   keeps, per move, what it changed: the squares it opened (4 bytes each,
//!   reported by the reveal with what covered them, a question mark or
//!   nothing), a mark, and the counts before; `undo` puts exactly that back
//!   (after a loss too; `deaths` keeps counting) and `redo` plays the move
//!   again. Games without it (the solver's, the prompt game) record nothing.
//!   Undoing a random board's first opening keeps its mines where they were
//!   placed. A proptest undoes and redoes every move of random games.
//! - **Rules are a value, the words are another.** Everything the engine does
//!   differently between proj3 and classic is a field of `Rules`, matched in
//!   one place each (`Game::mark`, `update_win`, `mines_left`, `glyph`);
//!   everything the console says differently is a field of `Script`. A third
//!   rule set is a third pair of values, not new branches in the loop.
//! - **Mines are placed at the first opening,** as the classic game does,
//!   so the first-move policy can keep that square (and, for `opening`, its
//!   neighbours) clear. Flags placed before then are judged once the mines
//!   exist. `Game::random` refuses a layout that leaves no room for some
//!   first move, so placement cannot fail later.
//! - **Seeds are ours to keep stable.** `place_mines` keys ChaCha8 with the
//!   seed's bytes (not `seed_from_u64`, whose expansion is the crate's
//!   choice) and draws bounded numbers itself by rejection, rather than
//!   through `rand`'s range sampling, whose algorithm has changed between
//!   versions. A partial Fisher–Yates shuffle picks the mines: uniform at any
//!   density, no retry loop. A unit test pins seed 42's board; a chi-square
//!   test over fixed seeds checks uniformity.
//! - **An unseeded game gets its seed from std's `RandomState`,** whose keys
//!   come from the operating system: no extra crate for one number. The seed
//!   is printed when the game ends so it can be replayed; another game uses
//!   the next seed.
//!
//! # Types and constants
//!
//! - `Pos { row, col }`: zero-based. Players type one-based numbers; only the
//!   prompt front end converts.
//! - `Board`: `mines: Grid<bool>`, `clues: Grid<u8>`, `mine_count`, `frame`.
//!   The clue grid is computed once when the board is built (each mine adds
//!   one to its neighbours: work in proportion to the mines), so every later
//!   question is a lookup.
//! - `Cover`: `Hidden`, `Flagged`, `Questioned`, `Open`: one byte a square.
//!   The exploded mine is not a cover state but `Status::Lost(pos)`: it can
//!   only be one square.
//! - `Rules`: `region` (four or eight neighbours), `win` (flag every mine /
//!   open every safe square), `marks` (flag
//!   / flag then question mark), `counter` (may go negative / stops at zero),
//!   `first_move` (any / safe / opening), `end_display` (as played /
//!   uncovered). `Rules::PROJ3`, `Rules::CLASSIC` and `Rules::COMS227` are
//!   values of it.
//! - `Game`: rules, board, `pending` (a random board's layout and seed, until
//!   the first opening), cover grid, `flags`, `misplaced_flags`, `opened`,
//!   `status`. Both win conditions are kept up to date in O(1) per move:
//!   `misplaced_flags == 0 && flags == mines`, or `opened == squares − mines`.
//! - `Outcome`: `Opened(n)`, `Detonated`, `FlagPlaced`, `FlagRemoved`,
//!   `QuestionPlaced`, `QuestionRemoved`, `RevealFlagged`, `RevealOpen`,
//!   `FlagOpen`, `GameOver`. The front end maps them to its script's messages.
//! - `Layout { rows, cols, mines }`, with `BEGINNER`, `INTERMEDIATE`, `EXPERT`.
//! - `Script`: the intro, the action prompt, the win and loss lines, a
//!   message template (or silence) per refused move, and whether the game ends
//!   with time and 3BV and offers another game. Texts that do not depend on
//!   the rules (row and column prompts, the input-ended line) are constants in
//!   the console's `prompt.rs`.
//! - `RuleSet`: a name (`proj3`, `classic`, `coms227`: what `--rules` takes
//!   and the records keep), its `Rules` and its `Script`, in one place. A
//!   game's rules are its rule set's with the first move asked for.

mod board;
pub mod board_file;
pub mod comp1511;
mod cover;
mod deal;
pub mod dice;
mod game;
mod glyph;
mod grid;
mod history;
mod maker;
mod moves;
mod outcome;
mod placement;
mod reveal;
mod rule_set;
mod rules;
mod script;
#[cfg(feature = "proptest")]
pub mod strategies;
mod three_bv;
mod zini;

pub use board::{Board, Frame};
pub use board_file::{BoardError, BoardFile, Fault, Found, parse_board, to_board_file};
pub use cover::Cover;
pub use deal::Deal;
pub use game::Game;
pub use glyph::Glyph;
pub use grid::{Direction, Grid, Neighbourhood, Pos};
pub use maker::{BoardMaker, GaveUp};
pub use moves::{Action, Move};
pub use outcome::{Outcome, Status};
pub use placement::{Layout, NoRoom, place_mines};
pub use reveal::{RevealStatus, Step};
pub use rule_set::RuleSet;
pub use rules::{Counter, EndDisplay, FirstMove, Marks, Rules, WinCondition};
pub use script::Script;
pub use three_bv::{ThreeBv, three_bv, three_bv_done, three_bv_per_second};
pub use zini::{MOST_SQUARES as ZINI_MOST_SQUARES, zini};
