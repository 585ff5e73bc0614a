//! A recorded game as a page that plays itself back: play and pause, a
//! step either way, the speed, a slider over the moves, the clock, and
//! the game's figures at its end. The board at every move is the board
//! before any move and, for each event, the squares it changed.

use maud::{Markup, html};
use serde::Serialize;

/// A game to play back.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Game {
    /// The board's rows and columns.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Each square's character before any move, row by row.
    pub start: String,
    /// Each event, in order.
    pub steps: Vec<Step>,
    /// The figures said at the end: the time, 3BV, efficiency.
    pub end: String,
}

/// One event of a game: when, what it changed, and what it was.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Step {
    /// Milliseconds since the game was dealt.
    pub ms: u64,
    /// The squares it changed: each one's index (row by row) and its new
    /// character.
    pub changes: Vec<(usize, char)>,
    /// What was done: "reveal 3, 4".
    pub said: String,
}

/// The player: draws the board at a move, steps and plays at the game's
/// own pace times the speed chosen; `#end` or `#move=N` in the address
/// opens the page at that move. Its hash is in the page's policy.
pub(crate) const PLAYER_SCRIPT: &str = r#"
const holder = document.getElementById("game");
const game = JSON.parse(holder.dataset.game);
const cells = Array.from(game.start);
const undo = [];
const board = document.getElementById("board");
const clock = document.getElementById("clock");
const said = document.getElementById("said");
const slider = document.getElementById("at");
const play = document.getElementById("play");
const speed = document.getElementById("speed");
const end = document.getElementById("end");
let at = 0, timer = null;
function draw() {
  let text = "";
  for (let r = 0; r < game.rows; r++) {
    text += cells.slice(r * game.cols, (r + 1) * game.cols).join(" ") + "\n";
  }
  board.textContent = text;
  board.dataset.move = at;
  const ms = at === 0 ? 0 : game.steps[at - 1].ms;
  clock.textContent = (ms / 1000).toFixed(1) + " s";
  said.textContent = at === 0 ? "Before any move" : "Move " + at + " of " + game.steps.length + ": " + game.steps[at - 1].said;
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
  const wait = at === 0 ? 0 : game.steps[at].ms - game.steps[at - 1].ms;
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

/// The page's body: the board, the controls, and the game as data for
/// the player (an attribute: the browser reads it as text, never as
/// markup or script).
pub fn replay(title: &str, game: &Game) -> Markup {
    let data = serde_json::to_string(game).unwrap_or_default();
    html! {
        h1 { (visible::without_controls(title)) }
        div #game data-game=(data) {
            p {
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
                span #clock { "0.0 s" }
            }
            p { input #at type="range" min="0" max=(game.steps.len()) value="0" aria-label="Move"; }
            p #said { "Before any move" }
            pre #board data-move="0" { (start_board(game)) }
            p #end hidden { (visible::without_controls(&game.end)) }
        }
    }
}

/// The board before any move, as the player draws it: a page without
/// script shows the game's start.
fn start_board(game: &Game) -> String {
    let chars: Vec<char> = game.start.chars().collect();
    chars
        .chunks(game.cols.max(1))
        .map(|row| {
            let row: Vec<String> = row.iter().map(char::to_string).collect();
            row.join(" ") + "\n"
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_rides_in_an_attribute_escaped_and_the_start_is_drawn() {
        let game = Game {
            rows: 2,
            cols: 2,
            start: "....".to_owned(),
            steps: vec![Step {
                ms: 1500,
                changes: vec![(0, '1'), (1, ' ')],
                said: "reveal 1, 1 \"><script>".to_owned(),
            }],
            end: "Won in 1.5 s".to_owned(),
        };
        let html = replay("Game #3", &game).into_string();
        assert!(html.contains("<pre id=\"board\" data-move=\"0\">. .\n. .\n</pre>"));
        assert!(html.contains(r#"data-game="{&quot;rows&quot;:2"#), "{html}");
        assert!(
            html.contains(r#"[[0,&quot;1&quot;],[1,&quot; &quot;]]"#),
            "{html}"
        );
        assert!(!html.contains("<script>"));
        assert!(html.contains(r#"<p id="end" hidden>Won in 1.5 s</p>"#));
    }
}
