//! Pages a browser shows, each one file: no script, style, font or image
//! fetched from anywhere, readable offline and printable.
//!
//! - [`document`]: the page around a body, its style inline, and a
//!   Content-Security-Policy that lets nothing leave the page and no
//!   script run but the page's own (by its hash): should a student's text
//!   ever get past the escaping, it could still neither load nor run.
//! - [`board`]: a board as it was printed, a square marked by an outline
//!   and a label, not by colour alone ([`Picture`], [`Mark`]).
//! - [`histogram`]: counts drawn as bars, in SVG.
//! - [`table`]: a table whose columns sort when a header is pressed (a
//!   few lines of script; without it the table reads as it stands).
//! - [`replay`]: a recorded game that plays itself back, headed with
//!   what game it was, its board drawn as the full screen's ([`Game`],
//!   [`Step`]).
//!
//! Every text comes in as a plain `&str` and is escaped twice over: its
//! control characters made visible (`visible`), then HTML's own
//! characters by maud, which escapes every value it is given.
//!
//! # Map
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/document.rs` | the page around a body | `document`, `Script` (each script a page may run, named in the policy by its SHA-256, which a test checks), the style |
//! | `src/board.rs` | a board as printed | `board`, `Picture`, `Mark`: the square in a `<mark>` outlined, its label after the line |
//! | `src/chart.rs` | counts as bars | `histogram`: SVG, described in words for a screen reader |
//! | `src/table.rs` | a table that sorts | `table`, `Cell` (text, a number to sort by, a link), the sorting script |
//! | `src/replay.rs` | a game played back | `replay`, `Game` (its header and its board, numbered, each square's look the style's by its character), `Step` (each event's changed squares, clock, pace and figures), the player script |

mod board;
mod chart;
mod document;
mod replay;
mod table;

pub use board::{Mark, Picture, board};
pub use chart::histogram;
pub use document::{Script, document};
pub use maud::{Markup, html};
pub use replay::{Game, Step, replay};
pub use table::{Cell, table};
