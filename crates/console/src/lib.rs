//! The console: the course's printer and the games played at prompts.
//!
//! The proj3 prompt game and its kin ([`prompt`]), reveals shown step by
//! step ([`animate`]), COMP1511's integer console ([`comp1511`]), board
//! files read from disk ([`load`]), the printer ([`render`]), the solver
//! and the rules put into words ([`explain`], [`words`]), the question
//! that carries a saved game on ([`resume`]), the game in lines for a
//! screen reader ([`spoken`]), and the seed said if a signal ends a game
//! ([`interrupt`]; the terminal taken and given back whatever happens is
//! the `signals` crate's). Every line here reads
//! input, calls the engine, and prints; the rules are the engine's.
//!
//! # Map
//!
//! Owns: the course's printer (plain and coloured), board files on disk,
//! the prompt games (proj3, classic, coms227), `--animate`, COMP1511's
//! console, typed answers, the solver and the rules in words, the question
//! that carries a saved game on, the seed said if a signal ends a game, and
//! the one channel for messages on stderr. May use: `engine`, `solver`,
//! `records`, `signals` (the terminal's guard), `visible`, `crossterm` (keys
//! in raw mode), `owo-colors` (escape codes), `supports-color`, `jiff` (local
//! times), `indicatif` (the printer's progress bars), `thiserror`. Must
//! never use: the full screen's crates (ratatui), the command line's (clap),
//! or the grader.
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/render.rs` | the course printer | `write_board`, `write_frame` (with a `Charset` for animation glyphs), `write_solution` (rows read straight from the grids), `write_rows` (the labels and frames around any board's rows), `write_marked_board` and `write_marked_chars` (one square in brackets, for `check`'s reports), `Paint` (plain/colour), the palette |
//! | `src/load.rs` | board files on disk | `load_board(path)`, `built_in_board()`, `course_board(n)`, `LoadError`, `FormatReport` (the caret report) |
//! | `src/prompt.rs` | the console game | `play(console, session)`, `Console` (input, out, err, paint), `Session` (the rule set and its rules, board source, animation, hints, the `Voice`, `Recording`: the recorder, a saved game to carry on, the board's name), `BoardSource` (ask, a board, `RandomBoards`); each move noted in the game's `Log`, saved, and kept at the end |
//! | `src/animate.rs` | `--animate` | `Animation` (delay, live or printed, charset), `Show` (`start`, `step`, `finish`: frames, then lines, then a count when printed), the raw-mode guard |
//! | `src/comp1511.rs` | the COMP1511 console | `play(input, out)`: integers in, the course's replies and prints out |
//! | `src/answer.rs` | checking typed answers | `number_in_range`, `action`, `yes_or_no`, `shortcut` (`5 5 r`, `q`, `?` at the row prompt) |
//! | `src/explain.rs` | the solver in words | `deduction`, `guess`, `hint`: one sentence each, `Field R, C is …: …`; `hint_named` with `Naming` (the board's labels, or `row R column C` for the ear: one way in a sentence) |
//! | `src/summary.rs` | a finished game in figures | `Summary::of(game, time, (clicks, wasted))`, `Summary::counting` and `counted` (a board of more than `COUNTED_AT_ONCE` squares counted on a thread), `figures` (3BV done, a win's ZiNi), `short` (a few words, for a small terminal), `standing`: time, 3BV done of the board's, 3BV/s, every click (those that changed nothing said apart), efficiency over every click (IOE), ZiNi; the full screen's end and the end in lines |
//! | `src/terminal.rs` | what the terminal shows | `Depth` (16, xterm's 256, 24-bit), `Depth::of_stdout` (asked once, by the binary, which hands it down) |
//! | `src/words.rs` | what more than one front end says | `seed_line`, `to_width` (a line said on a narrow terminal wrapped between words, never inside a number), `counted` (`1 click`, `2 clicks`), `group_title` (a kind of game in the statistics, for `stats` and the screen's `b`, escaped), `local_time`, `message(script, outcome, at)` (the rule set's words for a move that changed nothing) |
//! | `src/spoken/mod.rs` | the game for a screen reader | `Voice` (boards printed, or lines): the prompt game's loop plays either way |
//! | `src/spoken/commands.rs` | what is typed in lines | `parse(line, Checked) -> Command` (a `Move`, a `Read`: square, around, row, column, counts; hint, help, quit) or the sentence that says why not; `HELP` |
//! | `src/spoken/words.rs` | the game in sentences | `opening`, `after_move` (what a move changed, from the squares it opened: `Opened`), `read` (a square, its neighbours by direction, a row or column in runs, the counts), `undone`, `mines_were` (runs), `ended` (a game's end in one line: the figures of `Summary`, the hints, the standing) |
//! | `src/resume.rs` | carrying on a saved game | `choose(recorder, --resume)`: the save, or the player's answer on a terminal; a save not carried on filed as abandoned and said, one that cannot be read set aside; `ask`, `describe`; `ResumeError` |
//! | `src/interrupt.rs` | the seed on an ending signal | `SeedOnInterrupt`: the seed sentence kept with the `signals` watcher |
//! | `src/messages.rs` | the one channel to stderr | `Printer` (made once from `--quiet`/`--verbose`, handed to each command): `warn`, `warn_to` (`minesweeper: ` and a line), `error` (`error: `), `progress`, `spinner`; `Verbosity`; control characters taken out |
//!
//! # Decisions
//!
//! - **A screen reader gets lines, not screens.** A screen reader speaks
//!   what changes on the terminal; the course's board reprinted after each
//!   move is 13 lines of noise a move at beginner, and the full screen is
//!   a cursor-addressed redraw it cannot follow. `--screen-reader` keeps the
//!   prompt game's loop, records and rules, and swaps what is printed
//!   (`console::spoken`): one sentence a move, built from the squares the
//!   move opened (the engine's `apply_noting` reports each), and reading
//!   commands that answer from the game as it stands. No colour, so a
//!   braille display shows words alone. `play --screen-reader` deals as
//!   `play` does and plays the same way, since a full screen cannot be made
//!   to read well line by line.
//! - **Animation shows steps as the engine reports them, it does not run
//!   the reveal.** `Game::apply_traced` hands each step to a `Show`, which
//!   updates its copy of what the squares show and draws a frame; it keeps no
//!   list of steps (ten or so a square, 24 bytes each) and reads clues from a
//!   copy of the board. On a terminal it redraws in place with ANSI cursor
//!   movement and reads keys in raw mode through `crossterm` (so any key,
//!   Ctrl-C included, skips), and a guard restores the terminal on drop
//!   whatever happens; piped, frames follow each other with no delay so the
//!   order can be snapshot-tested. Piped output is bounded: whole boards up
//!   to 1 MiB (every handout and course board fits), then one line a step up
//!   to 16 MiB, then a count. Boards only while the board is small would have
//!   cut short small reveals on big boards; lines keep the order readable
//!   and comparable at about 20 bytes a step. `Game::apply_traced` gives each
//!   step with its square's clue, so the adviser follows an animated game too.
//! - **COMP1511 is its own small engine.** Its field is 8x8 of the course's
//!   numbered states, its reveals are a 3x3 square and eight rays, and its
//!   first reveal shifts the field; nothing of `Game` fits. The engine's
//!   `comp1511.rs` holds the rules as values (`Command`, `Reply`), the
//!   console's `comp1511.rs` reads
//!   integers the way `scanf("%d")` does and prints the course's text. The
//!   debug print keeps the space after each number that the course's
//!   `print_debug_minefield` prints (`printf("%d ", ...)`), so a student's
//!   program using the starter code compares equal; the handout's examples
//!   lost trailing spaces in publishing.
//! - **The palette is worked out once per board.** Each glyph's text, escape
//!   codes included, is a `String` in a table; printing a square is a lookup
//!   and a copy. Colour wraps single characters only, so stripping escapes
//!   from coloured output gives the plain output exactly (a proptest checks).
//! - **Wide boards keep the course's layout.** Below 100 rows and columns the
//!   output is byte-identical to `prettyPrintBoard`. From 100 columns a
//!   hundreds line (and so on) is added; from 100 rows the label column widens
//!   to the row number's width plus one.
//! - **Elapsed time lives in the front end,** from the first move to the
//!   end; the engine has no clock. Snapshot tests filter it.
//! - **Every way out of a random game gives its seed.** The end of the game,
//!   the end of input and `q` print it on stdout; SIGINT, SIGTERM, SIGHUP and
//!   SIGQUIT print it on stderr (the game holds stdout's lock) and exit with
//!   128 + the signal. The full-screen game prints it on quit too.

pub mod animate;
pub mod answer;
pub mod comp1511;
pub mod explain;
pub mod interrupt;
pub mod load;
pub mod messages;
pub mod prompt;
pub mod render;
pub mod resume;
pub mod spoken;
pub mod summary;
pub mod terminal;
pub mod words;
