//! A recorded game as a page a player would share: a header that says
//! what game it was (its board, rules, date and result), the board drawn
//! as the full screen draws it (its dark squares, clue colours, flags and
//! mines, rows and columns numbered), and a player that steps through the
//! moves with the game's clock and figures at each. The board at every
//! move is the board before any move and, for each event, the squares it
//! changed.

use maud::{Markup, html};
use serde::Serialize;

/// A game to play back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Game {
    /// The board's rows and columns.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Each square's character before any move, row by row: `.` covered,
    /// `F` a flag, `?` a question mark, a space or `1`–`8` open, `*` a
    /// mine, `X` the mine that went off, `x` a wrong flag.
    pub start: String,
    /// Each event, in order.
    pub steps: Vec<Step>,
    /// The figures said at the end: the time, 3BV, efficiency.
    pub end: String,
    /// What the page is headed with: "Beginner: won in 17.8 s".
    #[serde(skip)]
    pub heading: String,
    /// What the header says of the game, name and value: the board, the
    /// rules, when it was played, how it ended.
    #[serde(skip)]
    pub facts: Vec<(String, String)>,
}

/// One event of a game: when, what it changed, and what it was.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The game's clock after it, in milliseconds, as the game showed it
    /// (a hint's penalty counted).
    pub ms: u64,
    /// The time played before it, in milliseconds: what the player waits
    /// between two events (never a hint's penalty, which no one played).
    pub pace: u64,
    /// The squares it changed: each one's index (row by row) and its new
    /// character.
    pub changes: Vec<(usize, char)>,
    /// What was done: "reveal 3, 4".
    pub said: String,
    /// The figures after it: "3BV 5 of 23, 7 clicks".
    pub figures: String,
}

/// The player: draws the board at a move (each square's character in its
/// `data-g`, which the style draws), steps and plays at the game's own
/// pace times the speed chosen; `#end` or `#move=N` in the address opens
/// the page at that move. Its hash is in the page's policy.
pub(crate) const PLAYER_SCRIPT: &str = r#"
const holder = document.getElementById("game");
const game = JSON.parse(holder.dataset.game);
const cells = Array.from(game.start);
const undo = [];
const board = document.getElementById("board");
const squares = Array.from(board.querySelectorAll("td"));
const clock = document.getElementById("clock");
const said = document.getElementById("said");
const figures = document.getElementById("figures");
const slider = document.getElementById("at");
const play = document.getElementById("play");
const speed = document.getElementById("speed");
const end = document.getElementById("end");
let at = 0, timer = null;
function draw() {
  for (let i = 0; i < squares.length; i++) {
    if (squares[i].dataset.g !== cells[i]) squares[i].dataset.g = cells[i];
  }
  board.dataset.move = at;
  const step = at === 0 ? null : game.steps[at - 1];
  clock.textContent = ((step ? step.ms : 0) / 1000).toFixed(1) + " s";
  said.textContent = step ? "Move " + at + " of " + game.steps.length + ": " + step.said : "Before any move";
  // At the end the figures are the end's, said once.
  figures.textContent = step && at < game.steps.length ? step.figures : "";
  slider.value = at;
  end.hidden = at < game.steps.length;
}
function forward() {
  const step = game.steps[at];
  undo.push(step.changes.map(([i]) => [i, cells[i]]));
  for (const [i, c] of step.changes) cells[i] = c;
  at++;
}
function back() {
  for (const [i, c] of undo.pop()) cells[i] = c;
  at--;
}
function go(target) {
  target = Math.max(0, Math.min(game.steps.length, target));
  while (at < target) forward();
  while (at > target) back();
  draw();
}
function stop() {
  clearTimeout(timer);
  timer = null;
  play.textContent = "Play";
}
function next() {
  if (at >= game.steps.length) return stop();
  const wait = at === 0 ? 0 : game.steps[at].pace - game.steps[at - 1].pace;
  timer = setTimeout(() => { go(at + 1); next(); }, Math.min(wait, 5000) / parseFloat(speed.value));
}
play.addEventListener("click", () => {
  if (timer) return stop();
  if (at >= game.steps.length) go(0);
  play.textContent = "Pause";
  next();
});
document.getElementById("back").addEventListener("click", () => { stop(); go(at - 1); });
document.getElementById("forward").addEventListener("click", () => { stop(); go(at + 1); });
slider.max = game.steps.length;
slider.addEventListener("input", () => { stop(); go(parseInt(slider.value, 10)); });
const asked = location.hash.match(/^#(end|move=(\d+))$/);
go(asked ? (asked[1] === "end" ? game.steps.length : parseInt(asked[2], 10)) : 0);
"#;

/// The page's body: the header, the board, the controls, and the game as
/// data for the player (an attribute: the browser reads it as text, never
/// as markup or script).
pub fn replay(game: &Game) -> Markup {
    let data = serde_json::to_string(game).unwrap_or_default();
    html! {
        header.game {
            h1 { (visible::without_controls(&game.heading)) }
            dl.facts {
                @for (name, value) in &game.facts {
                    div {
                        dt { (visible::without_controls(name)) }
                        dd { (visible::without_controls(value)) }
                    }
                }
            }
        }
        div #game data-game=(data) {
            p.controls {
                button #play type="button" { "Play" }
                " "
                button #back type="button" aria-label="One move back" { "\u{25C0}" }
                " "
                button #forward type="button" aria-label="One move on" { "\u{25B6}" }
                " "
                label { "Speed " select #speed {
                    option value="0.5" { "0.5x" }
                    option value="1" selected { "1x" }
                    option value="2" { "2x" }
                    option value="4" { "4x" }
                } }
                " "
                span #clock.clock aria-label="The game's clock" { "0.0 s" }
            }
            p { input #at type="range" min="0" max=(game.steps.len()) value="0" aria-label="Move"; }
            p #said aria-live="polite" { "Before any move" }
            p #figures.figures {}
            (board(game))
            p #end hidden { (visible::without_controls(&game.end)) }
        }
    }
}

/// Whether column `col` (from 1) of `cols` is numbered above the board:
/// every one on a board of 16 columns or fewer, else the first and every
/// fifth, as the full screen numbers them.
fn numbered(col: usize, cols: usize) -> bool {
    cols <= 16 || col == 1 || col.is_multiple_of(5)
}

/// The board before any move, as the player draws it: a page without
/// script shows the game's start. Each square's look is the style's, by
/// its character.
fn board(game: &Game) -> Markup {
    let chars: Vec<char> = game.start.chars().collect();
    let width = format!("--cols: {}", game.cols.max(1));
    html! {
        div.board {
            table #board data-move="0" style=(width)
                aria-label=(format!("The board, {} rows by {} columns", game.rows, game.cols)) {
                thead {
                    tr {
                        th {}
                        @for col in 1..=game.cols {
                            th scope="col" {
                                @if numbered(col, game.cols) { (col) }
                            }
                        }
                    }
                }
                tbody {
                    @for (row, squares) in chars.chunks(game.cols.max(1)).enumerate() {
                        tr {
                            th scope="row" { (row + 1) }
                            @for square in squares {
                                td data-g=(square) {}
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game {
            rows: 2,
            cols: 2,
            start: "....".to_owned(),
            steps: vec![Step {
                ms: 1500,
                pace: 1500,
                changes: vec![(0, '1'), (1, ' ')],
                said: "reveal 1, 1 \"><script>".to_owned(),
                figures: "3BV 1 of 2, 1 click".to_owned(),
            }],
            end: "Won in 1.5 s".to_owned(),
            heading: "Beginner: won <b>".to_owned(),
            facts: vec![("Board".to_owned(), "2x2, 1 mine".to_owned())],
        }
    }

    #[test]
    fn the_game_rides_in_an_attribute_escaped_and_the_start_is_drawn() {
        let html = replay(&game()).into_string();
        assert!(html.contains(r#"<td data-g="."></td><td data-g="."></td></tr>"#));
        assert!(html.contains(r#"data-game="{&quot;rows&quot;:2"#), "{html}");
        assert!(
            html.contains(r#"[[0,&quot;1&quot;],[1,&quot; &quot;]]"#),
            "{html}"
        );
        assert!(!html.contains("<script>") && !html.contains("<b>"));
        assert!(html.contains(r#"<p id="end" hidden>Won in 1.5 s</p>"#));
    }

    #[test]
    fn the_header_says_what_game_it_was_and_the_board_is_numbered() {
        let html = replay(&game()).into_string();
        assert!(html.contains("<h1>Beginner: won &lt;b&gt;</h1>"), "{html}");
        assert!(
            html.contains("<dt>Board</dt><dd>2x2, 1 mine</dd>"),
            "{html}"
        );
        assert!(html.contains(r#"<th scope="col">2</th>"#), "{html}");
        assert!(html.contains(r#"<th scope="row">2</th>"#), "{html}");
        assert!(!html.contains("heading"), "the header is not in the data");
    }

    #[test]
    fn a_wide_board_numbers_its_first_column_and_every_fifth() {
        let numbers: Vec<usize> = (1..=30).filter(|&c| numbered(c, 30)).collect();
        assert_eq!(numbers, [1, 5, 10, 15, 20, 25, 30]);
        assert!((1..=16).all(|c| numbered(c, 16)));
    }
}
