//! `minesweeper play` and `replay`: the full-screen game, with keys and
//! mouse, and a recorded game watched again.
//!
//! In the shape of the Elm architecture that ratatui apps use: the
//! [`state`] of the screen and its `update` (a command in, a new state
//! out), the key and mouse map apart from it ([`command`]), a [`view`]
//! that draws the state (and the sheets shown over it: the keys, the
//! statistics), and the loops that feed them (`play`,
//! [`replay`]), with the terminal's modes taken and given back by the
//! signals crate's guard ([`RawMode`](signals::RawMode), signals
//! included). The rules, the hints and the words are the engine's, the
//! solver's and the console's.
//!
//! # Map
//!
//! Owns: the screen's state, its `update`, the key and mouse map, the view,
//! the animation of a reveal on the screen, the loop of `play`, and
//! `replay`'s playback. May use: `engine`, `solver`, `records`, `console`
//! (the terminal guard, words, explanations), `visible` (a board file's name in the statistics, escaped), `ratatui` and `crossterm`,
//! `textwrap` (the sheets' words wrapped, with hanging indents),
//! `thiserror`. Must never use: clap (its `Theme` is a plain enum the
//! command line mirrors), the grader, the environment's word on what the
//! terminal shows (the binary asks once and hands it down as `Shows`).
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/lib.rs` | the map | `run`, `ready`, `play_on` (the `play` loop), the modules |
//! | `src/play.rs` | `play`'s loop | `run` (the screen made `ready`, then the terminal taken), `play_on(host, screen, recorder)`: draw, signals, events; each command's requests carried out by the recorder, the first trouble told on the message line (`Screen::tell`) |
//! | `src/host.rs` | where the loops run | `Host` (draw, redraw whole, size, the next event, signals, Ctrl-Z, the seed a signal says), `OnTerminal` (raw mode and the alternate screen, crossterm's events), `Scripted` (events from a script drawn into ratatui's test backend, the screen kept as each event was taken: the loops' tests in this process) |
//! | `src/state.rs` | the screen's state | `Screen::new`, `update(Command, now)`, `run_clock`, `away`, `summary`, `refresh_overlay`, `Screen::resume`, `replay_event`, `take_requests`, `take_settings`, `show_scores`, `Setup` (`Setup::recorded`, `HINT_PENALTY`) |
//! | `src/menu.rs` | the menu (`m`) | the named sizes (`Preset`s: stepped through after the levels, `start_naming`/`type_char`/`finish_naming`, `forget_preset`), `Choices` (rule set, layout, first move, no guess, question marks, hint penalty, theme; `settings()` as the file keeps them), `Item`, `Menu` (`go`, `change`, `lines`): values the state moves and the view draws |
//! | `src/sheet.rs` | what is shown over the board | `Sheet` (the keys, or the statistics: `Scores`, this game's kind first, said to have no games where it has none), `pages(width, height)` (long or short words wrapped to the box, each kind of game or key kept whole on a page, a page never without its kind's name), `title` (how to turn and close, in the room there is): the state turns a sheet's pages, the view draws the page |
//! | `src/words.rs` | text for narrow lines | `units_kept` (a number held to its unit by a no-break space), `wrapped` (textwrap, with a hanging indent), `wrapped_lines` (how many lines the message under the board takes) |
//! | `src/command.rs` | the key and mouse map | `Command`, `command_for(event, held)` (`Held`: left and right together chord, the middle button chords when let go; focus reports), `typing_command` (keys as characters while a name is typed), `KEYS` (the key list's table, each line with a short form: `KeyLine`) |
//! | `src/animation.rs` | `--animate` on the full screen | `Steps` (a reveal's steps, up to `MOST_STEPS`), `Animation` (`advance(now)`, `glyph`, `next_due`) |
//! | `src/geometry.rs` | where things go | `Zoom` (fit, single, double: the squares' size the player chose), `Geometry::zoomed(width, height, rows, cols, zoom)` and `Geometry::of` (fit) (or too small; the board centred, squares doubled when the whole board fits them; five lines kept for the message under it, except on a short terminal, where the board takes every line but the message's two up to nine rows, and a taller terminal never shows fewer rows), `cell_of`, `square_at`, `follow`, `smallest` |
//! | `src/view.rs` | drawing | `draw(frame, screen, now)`: status line, labels and the squares in view (as an animation shows them), the message under the board (wrapped, two to four lines; `message_forms`: the longest form that fits, the keys for what comes next the last to go), marks where the board goes on beyond the view, the keys, the menu or the pause over it (`boxed`); `redraw_whole` |
//! | `src/depth.rs` | the terminal's colours | `Depth` (console's: 16, xterm's 256, 24-bit), `fit` (each cell's colours the nearest the terminal shows, after every frame is drawn), `palette` (xterm's 256 colours) |
//! | `src/font.rs` | the terminal's characters | `Font` (the Linux console's, by the `TERM` the binary read, or any), `fit` (on the console each symbol its default fonts may lack, as ⚑ ○ ▓ ▶, its ASCII stand-in, after every frame is drawn), `ascii` (the same stand-ins for a locale that is not UTF-8), `CONSOLE_HOLDS` |
//! | `src/shows.rs` | what the terminal shows | `Shows` (its `Depth` and `Font`, as the binary found them once and handed to `run`; `fit` a frame to both) |
//! | `src/sixteen.rs` | output for 16 colours | `SixteenColours` (a writer: `38;5;N` said as 30–37/90–97, `48;5;N` as 40–47/100–107, the underline's colour dropped, where the terminal shows 16 colours) |
//! | `src/theme.rs` | looks | `Theme` (classic, colorblind, mono; `name`, `named` as the settings keep it), `BOARD` (the board's own background), `Looks` (squares, cursor, hint mark, hover, chances; Unicode or ASCII; whether colour may be used at all; `sixteen`: the clues' own colours among the 16, `CLASSIC_16`, `COLOUR_BLIND_16`) |
//! | `src/replay.rs` | `replay` | `Replay` (a `Screen` fed the recorded events at their times, on a clock of its own; `with_wasted_clicks`: the record's clicks that changed nothing, counted at the end as the game counted them; `advance`, `control`: pause, step, speed, ends), `control_for`, `run`, `play_on` (on any `Host`); `watch` plays the game `play` has just ended back on its own host (`w`), `play_back` the loop both share |
//!
//! The state (`src/state.rs`) takes every command: the cursor and view,
//! reveals and chords, flags, undo and redo, pauses (the terminal at the
//! back pauses too), the key list's pages, hints, the overlay, restarts
//! and the menu's deals; keys do nothing to the game while the board does
//! not fit. Its clock runs only while nothing holds it (a pause, an
//! animation, the menu, the key list) and leaves a stop out (`away`). A
//! big board's end figures and the overlay's chances are worked out on a
//! thread and collected by the loop (`collect_counts`, `collect_chances`).
//! What it asks of the records (`Request`s, the settings, a win's
//! standing, the statistics) it hands to the loop, which has the
//! `Recorder`; with recording off it asks nothing.
//!
//! # Decisions
//!
//! - **The full screen is state, update and view.** The screen crate keeps
//!   the screen's state as a value, `update` turns a `Command` into the next
//!   state (the clock is given `now`, so tests drive time), `command.rs` maps
//!   crossterm's key and mouse events to commands, and `view.rs` draws with
//!   ratatui straight into the frame's buffer, cell by cell for the squares
//!   in view only. The terminal's modes (raw, alternate screen, mouse
//!   capture, hidden cursor) are the `RawMode` guard's, which already put the
//!   terminal back on drop, on ending signals and around Ctrl-Z. Rules never
//!   enter the front end: chording and undo are the engine's, hints are the
//!   `Adviser`'s, the words are the rule set's `Script`. The probability
//!   overlay is the `Adviser`'s too: its solver follows the game square by
//!   square, and works the chances out from the covered squares next to open
//!   ones (every other covered square has one chance, the same), so a move
//!   with the overlay on costs what the frontier holds, whatever the board's
//!   size. Only making that solver looks at the whole board, once, at the
//!   first hint or overlay and after an undo (63 ms on 5000x5000).
//! - **On the full screen an animation is state, not a loop.** The screen
//!   cannot stop inside the engine's reveal to draw (its loop also reads
//!   keys, signals and resizes), so the screen's `animation.rs` keeps the steps
//!   (up to 100,000, about 3 MB, over an hour and a half at 60 ms; a bigger
//!   reveal shows at once) with a map of what each touched square shows.
//!   `Screen::tick(now)` moves it on, the loop wakes when the next step is
//!   due, the view asks `Screen::glyph`; any key ends it (and only quitting
//!   also acts). The game itself is already past the move, so undo and
//!   hints are as without animation; the clock stands still while it plays.
//! - **What the full screen shows can be trusted.** Each of these was a
//!   fault a player met, and each is now a value the state tests:
//!   - *The clock counts play only.* It stands still while a pause, an
//!     animated reveal or the menu holds it (`run_clock` starts it again only
//!     when none does), and a stop (Ctrl-Z) is left out when the program
//!     resumes; a quit saves the time up to the quit.
//!   - *Keys do nothing while the board cannot be seen*: a terminal too small
//!     for it passes only resizes, quits and suspends.
//!   - *A win is final.* It is the engine's rule (`Game::undo` refuses after a
//!     win), so no front end can turn a clean win into a helped one; a loss
//!     can still be undone, its death counted.
//!   - *The overlay never reads as safe or as a clue.* `○` is drawn only for
//!     a chance of exactly 0; anything above it is a shade or `!`, never a
//!     digit, and the exact figure for the square under the cursor is in
//!     the status line.
//!   - *Colours do not depend on the terminal's.* The colour themes draw the
//!     board on a background of their own (`BOARD`, xterm 235), and a test
//!     holds every colour of every theme at 3:1 or more against it, and the
//!     colour-blind theme's clues apart under simulated protanopia,
//!     deuteranopia and tritanopia.
//!   - *A hint marks its square; the cursor stays.* Moving the cursor to a
//!     guess invited the next Space onto it.
//! - **The full screen sleeps when nothing it shows changes.** The loop
//!   waits for an event with a timeout of the next thing due: an animation's
//!   step, or the next tenth of a second the clock shows while it runs.
//!   Idle, nothing is due and it waits up to a second; a signal wakes it
//!   sooner (the stop and resume handlers raise SIGWINCH, which crossterm's
//!   reader hears). Measured with strace: 0 wake-ups in 10 s idle, where a
//!   fixed 50 ms poll woke 198 times and drew 99 frames; the wait was a
//!   minute until a SIGWINCH that came in one wake with keys was seen to go
//!   untold by crossterm (the screen stayed "too small" on a grown window,
//!   1 run in about 36 of a pty test under load). Now, with no input
//!   waiting, the loop asks the terminal's size and follows it
//!   (`follow_a_resize_not_told`): a wake-up a second idle (by the timeout;
//!   not measured with strace this time), each an ioctl
//!   and a frame with nothing to write but the attributes' reset. Asked only
//!   with no input waiting, so keys typed before a resize act before it.
//! - **The board is centred and grows with the window.** Squares take two
//!   cells by one line; when the whole board fits twice that with the
//!   message's room, they take four by two (expert in 200x60). One
//!   `Geometry` maps both ways, so what is drawn and where a click lands
//!   cannot disagree.
//! - **The menu's choices are settings, not records.** `settings.json` sits in
//!   the config folder, apart from the history: a convenience that is read
//!   only when regular and small, ignored when damaged, written whole, and
//!   never an error that stops a game. The command line always wins over it,
//!   and `--no-record` (a `Recorder` that is off) neither reads nor writes it,
//!   so a script's games do not depend on what a player chose. A deal from
//!   the menu is a random board on the next seed (after a board file, a
//!   fresh one), checked for room before the game in play is left.

mod animation;
pub mod command;
mod depth;
pub mod font;
mod geometry;
pub mod host;
mod menu;
mod play;
pub mod replay;
mod sheet;
pub mod shows;
mod sixteen;
pub mod state;
pub mod theme;
pub mod view;
mod words;

pub use geometry::Zoom;
pub use play::{RunError, play_on, ready, run};
pub use shows::Shows;
