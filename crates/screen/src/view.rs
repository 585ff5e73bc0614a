//! Draws the screen's state: the status line, the board in view with its
//! labels, the message at the foot, and over them the keys, the menu or
//! the pause. Only what is on screen is drawn, whatever the board's size.

use std::io;
use std::time::Instant;

use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Padding, Paragraph, Wrap};
use ratatui::{Frame, Terminal};

use crate::geometry::{BOTTOM, Geometry, digits};
use crate::menu::Menu;
use crate::sheet::Sheet;
use crate::state::Screen;
use crate::words::{units_kept, wrapped, wrapped_lines};
use engine::{Cover, Glyph, Pos, Status};

/// Draws `screen` as it is at `now`.
pub fn draw(frame: &mut Frame, screen: &Screen, now: Instant) {
    // The screen's own size: a replay keeps the frame's last line for its bar.
    let (width, height) = screen.size();
    let area = Rect::new(0, 0, width, height).intersection(frame.area());
    let Some(geometry) = screen.geometry() else {
        too_small(frame, screen);
        return;
    };
    let buffer = frame.buffer_mut();
    status_line(buffer, area, screen, now);
    if screen.is_paused() {
        // In the middle of where the board is hidden.
        let middle = geometry.top + (geometry.bottom() - geometry.top) / 2;
        centred(
            buffer,
            area.width,
            middle,
            "Paused: p to go on",
            Style::default().bold(),
        );
    } else {
        column_labels(buffer, area, screen, &geometry);
        board(buffer, screen, &geometry);
        more_beyond(buffer, area, screen, &geometry);
    }
    // Under the board after a blank line: two lines at least, up to four
    // where the board leaves room (a hint's reason may take three on 80
    // columns). No more: the paragraph styles every cell of its area.
    let top = (geometry.bottom() + 1).min(area.height - BOTTOM);
    let foot = Rect::new(0, top, area.width, (area.height - top).min(4));
    // The message, or where it is longer than its lines, a shorter form:
    // the keys for what comes next are the last thing to go.
    let fits = |text: &String| wrapped_lines(text, foot.width) <= usize::from(foot.height);
    let forms: Vec<String> = message_forms(screen)
        .iter()
        .map(|form| units_kept(form))
        .collect();
    let message = forms
        .iter()
        .find(|form| fits(form))
        .or(forms.last())
        .cloned()
        .unwrap_or_default();
    frame.render_widget(Paragraph::new(message).wrap(Wrap { trim: true }), foot);
    if let Some((sheet, page)) = screen.sheet() {
        sheet_box(frame, area, sheet, page);
    } else if let Some(menu) = screen.menu() {
        menu_box(frame, area, menu);
    }
}

/// What the line under the board says, longest first: the message (at
/// the end of a game, with its figures, its standing and the keys for
/// what comes next), then shorter forms of it, for a terminal that has no
/// room for the long one.
fn message_forms(screen: &Screen) -> Vec<String> {
    let message = screen.message();
    let Some(summary) = screen.summary() else {
        return [Some(message), screen.short_message()]
            .into_iter()
            .flatten()
            .map(str::to_owned)
            .collect();
    };
    let ended = if summary.won { "Won" } else { "Lost" };
    // The message a sentence of its own, the figures after it.
    let message = match message.trim_end().chars().last() {
        Some('.' | '!' | '?') | None => message.trim_end().to_owned(),
        Some(_) => format!("{}.", message.trim_end()),
    };
    if screen.is_replay() {
        // A replay's keys are on its own bar.
        return vec![
            format!("{message} {summary}."),
            format!("{ended}: {}.", summary.short()),
        ];
    }
    let keys = screen.end_keys(summary);
    let mut forms = Vec::new();
    if let Some(standing) = summary.standing() {
        forms.push(format!("{message} {summary}. {standing} {keys}"));
    }
    forms.push(format!("{message} {summary}. {keys}"));
    forms.push(format!("{ended}: {}. {keys}", summary.short()));
    forms.push(format!("{ended}. {keys}"));
    forms
}

fn status_line(buffer: &mut Buffer, area: Rect, screen: &Screen, now: Instant) {
    let game = screen.game();
    let state = match game.status() {
        Status::Playing if screen.is_paused() => "paused",
        Status::Playing => "",
        Status::Won => "won",
        Status::Lost(_) => "lost",
    };
    let status = StatusLine {
        mines: game.mines_minus_flags(),
        seconds: screen.elapsed(now).as_secs_f64(),
        rules: screen.setup().rule_set.name,
        hints: screen.hints(),
        undos: screen.undos(),
        deaths: game.deaths(),
        state,
        // With the overlay, the exact chance under the cursor.
        chance: screen.chance(screen.cursor()).map(percent),
    };
    buffer.set_stringn(
        0,
        0,
        status.fitted(usize::from(area.width)),
        usize::from(area.width),
        Style::default().add_modifier(Modifier::REVERSED),
    );
}

/// What the status line says.
struct StatusLine<'a> {
    mines: i64,
    seconds: f64,
    rules: &'a str,
    hints: usize,
    undos: usize,
    deaths: usize,
    state: &'a str,
    chance: Option<String>,
}

impl StatusLine<'_> {
    /// The longest of the status line's forms that fits `width` columns:
    /// in full, then without the rules' name, then short, then only what
    /// a move needs (the mines left, the time, how the game stands, the
    /// chance under the cursor), so that a narrow terminal still reads
    /// the overlay's chance.
    fn fitted(&self, width: usize) -> String {
        let chance = |label: &str| {
            self.chance
                .as_ref()
                .map(|c| format!("  {label}{c}"))
                .unwrap_or_default()
        };
        let state = if self.state.is_empty() {
            String::new()
        } else {
            format!("  {}", self.state)
        };
        let counts = format!(
            "Hints {}  Undos {}  Deaths {}",
            self.hints, self.undos, self.deaths
        );
        let forms = [
            format!(
                "Mines {}  Time {:.1}  {}  {counts}{state}{}",
                self.mines,
                self.seconds,
                self.rules,
                chance("mine here ")
            ),
            format!(
                "Mines {}  Time {:.1}  {counts}{state}{}",
                self.mines,
                self.seconds,
                chance("mine here ")
            ),
            format!(
                "Mines {}  {:.1} s  H{} U{} D{}{state}{}",
                self.mines,
                self.seconds,
                self.hints,
                self.undos,
                self.deaths,
                chance("here ")
            ),
            format!("{}  {:.1}s{state}{}", self.mines, self.seconds, chance("")),
        ];
        let fits = |form: &&String| form.chars().count() <= width;
        forms.iter().find(fits).unwrap_or(&forms[3]).clone()
    }
}

/// A chance as a percentage with as many decimals as keep it from reading
/// as certain when it is not: `0 %` and `100 %` only when exact.
fn percent(p: f64) -> String {
    let shown = |decimals: usize| format!("{:.decimals$}", 100.0 * p);
    let text = [0, 1, 2, 3]
        .into_iter()
        .map(shown)
        .find(|text| {
            let certain = text.parse::<f64>().is_ok_and(|v| v == 0.0 || v == 100.0);
            !certain || p == 0.0 || p == 1.0
        })
        .unwrap_or_else(|| shown(4));
    format!("{text}\u{a0}%")
}

/// Column numbers above the board: the first in view and every fifth,
/// each whole or not at all (none runs into the mark of more beyond).
fn column_labels(buffer: &mut Buffer, area: Rect, screen: &Screen, geometry: &Geometry) {
    let more_right = screen.origin().col + geometry.cols < screen.game().board().cols();
    let ends_before = if more_right {
        after_last(area, geometry)
    } else {
        area.width
    };
    let mut free_from = 0;
    for k in 0..geometry.cols {
        let col = screen.origin().col + k;
        let (x, _) = geometry.cell_of(0, k);
        let label = (col + 1).to_string();
        let whole = x + label.len() as u16 <= ends_before;
        if (k == 0 || (col + 1).is_multiple_of(5)) && x >= free_from && whole {
            buffer.set_string(
                x,
                geometry.top - 1,
                &label,
                Style::default().add_modifier(Modifier::DIM),
            );
            free_from = x + label.len() as u16 + 1;
        }
    }
}

/// The column after the last square in view, where `▶` says more of the
/// board lies to the right.
fn after_last(area: Rect, geometry: &Geometry) -> u16 {
    let (last, _) = geometry.cell_of(0, geometry.cols - 1);
    (last + 2).min(area.width - 1)
}

/// Marks at the edges of the view where more of the board lies beyond
/// it: above the row labels, under them, before the first column label
/// and after the last square.
fn more_beyond(buffer: &mut Buffer, area: Rect, screen: &Screen, geometry: &Geometry) {
    let board = screen.game().board();
    let origin = screen.origin();
    let unicode = screen.setup().looks.unicode;
    let mark = |unicode_mark| {
        if unicode {
            unicode_mark
        } else {
            crate::font::ascii(unicode_mark)
        }
    };
    let style = Style::default().add_modifier(Modifier::BOLD);
    let label_row = geometry.top - 1;
    let after_last = after_last(area, geometry);
    // Under the row labels; where the message takes that line (a short
    // terminal), after the last row's squares, so that it is never hidden.
    let below = if geometry.bottom() < area.height - BOTTOM {
        (geometry.labels, geometry.bottom())
    } else {
        (after_last, geometry.bottom() - 1)
    };
    let marks = [
        (origin.row > 0, geometry.labels, label_row, mark("▲")),
        (
            origin.row + geometry.rows < board.rows(),
            below.0,
            below.1,
            mark("▼"),
        ),
        (
            origin.col > 0,
            geometry.left - geometry.scale,
            label_row,
            mark("◀"),
        ),
        (
            origin.col + geometry.cols < board.cols(),
            after_last,
            label_row,
            mark("▶"),
        ),
    ];
    for (more, x, y, text) in marks {
        if more && let Some(cell) = buffer.cell_mut((x, y)) {
            cell.set_symbol(text).set_style(style);
        }
    }
}

fn board(buffer: &mut Buffer, screen: &Screen, geometry: &Geometry) {
    let looks = screen.setup().looks;
    let label_width = usize::from(digits(screen.game().board().rows()));
    let scale = geometry.scale;
    for down in 0..geometry.rows {
        let row = screen.origin().row + down;
        let (_, y) = geometry.cell_of(down, 0);
        let label = format!("{:>label_width$}", row + 1);
        let dim = Style::default().add_modifier(Modifier::DIM);
        buffer.set_string(geometry.labels, y, label, dim);
        for across in 0..geometry.cols {
            let at = Pos::new(row, screen.origin().col + across);
            let chance = match screen.game().cover(at) {
                Cover::Hidden | Cover::Questioned => screen.chance(at),
                Cover::Open | Cover::Flagged => None,
            };
            let glyph = screen.glyph(at);
            let (text, mut style) = match chance {
                // A button held down shows what letting go would open,
                // as an empty square, the way the classic game does.
                _ if screen.looks_pressed(at) => looks.square(Glyph::Open(0)),
                Some(chance) => looks.chance(chance),
                None => looks.square(glyph),
            };
            if screen.hovered() == Some(at) {
                style = looks.hover(style);
            }
            if screen.hinted() == Some(at) {
                style = looks.hinted(style);
            }
            if at == screen.cursor() {
                style = looks.cursor(style, glyph);
            }
            // A square is one character of width one, set in its cell
            // directly, without set_string's splitting into graphemes; a
            // larger square is its style's block around it. The gap before
            // the next square is the board's.
            let (x, y) = geometry.cell_of(down, across);
            let gap = across + 1 < geometry.cols;
            for dy in 0..scale {
                for dx in 0..2 * scale {
                    let at_x = x + dx - (scale - 1);
                    let (symbol, style) = match (dx, dy) {
                        (dx, 0) if dx == scale - 1 => (text, style),
                        (dx, _) if dx == 2 * scale - 1 && !gap => continue,
                        (dx, _) if dx == 2 * scale - 1 => (" ", looks.board()),
                        _ => (" ", style),
                    };
                    if let Some(cell) = buffer.cell_mut((at_x, y + dy)) {
                        cell.set_symbol(symbol).set_style(style);
                    }
                }
            }
        }
    }
}

fn too_small(frame: &mut Frame, screen: &Screen) {
    let board = screen.game().board();
    let (wide, high) = Geometry::smallest(board.rows(), board.cols());
    // In words: a board's size is rows x columns, a terminal's the other
    // way round, and "12x9" would read as either.
    // Short: it must fit the smallest terminal, "q quits" included.
    let text = format!("Too small: needs {wide} columns, {high} lines. q quits");
    let area = frame.area();
    frame.render_widget(Paragraph::new(text).wrap(Default::default()), area);
}

fn centred(buffer: &mut Buffer, width: u16, y: u16, text: &str, style: Style) {
    let x = width.saturating_sub(text.len() as u16) / 2;
    buffer.set_string(x, y, text, style);
}

/// A sheet (the keys, the statistics) in a box over the board, a page at
/// a time, its title saying how to turn the page and close it.
fn sheet_box(frame: &mut Frame, area: Rect, sheet: &Sheet, page: usize) {
    let pages = sheet.pages(area.width, area.height);
    let page = page.min(pages.len() - 1);
    let title = sheet.title(page, pages.len(), area.width);
    let shown: Vec<Line> = pages
        .into_iter()
        .nth(page)
        .unwrap_or_default()
        .into_iter()
        .map(Line::from)
        .collect();
    boxed(frame, area, shown, &title, 1);
}

/// A menu line's width: " {name:<15} {value:<20} ".
const MENU_LINE: usize = 38;

/// The menu: a line for each choice, the chosen one in reverse video, and
/// the keys that work it.
fn menu_box(frame: &mut Frame, area: Rect, menu: &Menu) {
    let mut lines: Vec<Line> = menu
        .lines()
        .into_iter()
        .map(|(name, value, chosen)| {
            let line = Line::from(format!(" {name:<15} {value:<20} "));
            if chosen {
                line.style(Style::default().add_modifier(Modifier::REVERSED))
            } else {
                line
            }
        })
        .collect();
    // What the last key did, where the lines do not show it, as wide as
    // they are; in the title where the terminal has no line for it.
    let free = usize::from(area.height.saturating_sub(2)).saturating_sub(lines.len());
    let width = MENU_LINE.min(usize::from(area.width).saturating_sub(2));
    let note = menu
        .note()
        .map(|note| wrapped(&note.long, width, " ", "   "));
    let titled_note = match note {
        Some(note) if free > note.len() => {
            lines.push(Line::from(""));
            lines.extend(note.into_iter().map(Line::from));
            None
        }
        Some(_) => menu.note().map(|note| format!(" {} ", note.short)),
        None => None,
    };
    // The keys that work it, in as many lines as the terminal has room
    // for; how to close it is in the title, which always shows.
    let room = usize::from(area.height.saturating_sub(2)).saturating_sub(lines.len());
    let help: &[&str] = match (room, area.width >= 44) {
        _ if menu.is_naming() => &[" Enter: name it   Esc: give up"],
        (2.., true) => &[
            " Up, Down: choose   Left, Right: change",
            " Shift: by 5   Enter: deal   Esc, m: close ",
            " s: name this size   d: forget its name",
        ],
        (2.., false) => &[
            " Up/Down choose, Left/Right change",
            " Shift: by 5, Enter: deal",
            " s: name the size, d: forget",
        ],
        _ => &[" Arrows: choose, change; Enter: deal"],
    };
    if room > help.len() {
        lines.push(Line::from(""));
    }
    lines.extend(help.iter().take(room).map(|&line| Line::from(line)));
    // With no line left for the keys, the title says them.
    let title = match room {
        0 => " Arrows, Enter deals, Esc closes ",
        _ => " Next game (Esc closes) ",
    };
    let title = titled_note.as_deref().unwrap_or(title);
    // The menu's lines carry their own margins.
    boxed(frame, area, lines, title, 0);
}

/// `lines` in a bordered box titled `title`, `padding` columns in from
/// each side, in the middle of `area`, over what is drawn there.
fn boxed(frame: &mut Frame, area: Rect, lines: Vec<Line>, title: &str, padding: u16) {
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 2 * padding;
    let width = (widest.max(title.chars().count() as u16) + 2).min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let boxed = Rect::new(
        area.width.saturating_sub(width) / 2,
        area.height.saturating_sub(height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, boxed);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(title)
                .padding(Padding::horizontal(padding)),
        ),
        boxed,
    );
}

/// Clears the screen and forgets what was drawn, so that the next frame is
/// drawn whole. ratatui's own `clear` first asks the terminal where its
/// cursor is, and fails after two seconds on one that does not answer.
pub(crate) fn redraw_whole<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
) -> io::Result<()> {
    terminal.backend_mut().clear()?;
    // Each swap empties the buffer that becomes current: after two, both
    // are empty, and the next frame is compared with nothing.
    terminal.swap_buffers();
    terminal.swap_buffers();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The status line keeps the overlay's chance readable on a narrow
    /// terminal: the longest form that fits, down to what a move needs.
    #[test]
    fn the_status_line_fits_its_width_and_keeps_the_chance() {
        let status = StatusLine {
            mines: 10,
            seconds: 12.34,
            rules: "classic",
            hints: 1,
            undos: 2,
            deaths: 0,
            state: "",
            chance: Some(percent(0.3)),
        };
        let full = status.fitted(200);
        assert!(
            full.starts_with("Mines 10  Time 12.3  classic  Hints 1"),
            "{full}"
        );
        assert!(full.ends_with("mine here 30\u{a0}%"), "{full}");
        for width in [80, 60, 40, 20] {
            let fitted = status.fitted(width);
            assert!(fitted.chars().count() <= width, "{width}: {fitted}");
            assert!(fitted.contains("30\u{a0}%"), "{width}: {fitted}");
        }
        assert_eq!(status.fitted(20), "10  12.3s  30\u{a0}%");
    }

    #[test]
    fn a_chance_reads_certain_only_when_it_is() {
        assert_eq!(percent(0.0), "0\u{a0}%");
        assert_eq!(percent(1.0), "100\u{a0}%");
        assert_eq!(percent(0.123), "12\u{a0}%");
        assert_eq!(percent(0.0004), "0.04\u{a0}%");
        assert_eq!(percent(0.9996), "99.96\u{a0}%");
        assert_eq!(percent(1e-9), "0.0000\u{a0}%");
    }
}
