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
//! - [`replay`]: a recorded game that plays itself back ([`Game`],
//!   [`Step`]).
//!
//! Every text comes in as a plain `&str` and is escaped twice over: its
//! control characters made visible (`visible`), then HTML's own
//! characters by maud, which escapes every value it is given.

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
