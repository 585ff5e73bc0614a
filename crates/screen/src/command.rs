//! What the player can ask of the full screen, and which key or mouse
//! action asks it. Kept apart from the state, so the key map reads as a
//! table and the state can be driven in tests without a terminal.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton};
use crossterm::event::{MouseEvent, MouseEventKind};

/// One request of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Move the cursor this many rows and columns.
    Move {
        /// Rows down (negative: up).
        rows: isize,
        /// Columns right (negative: left).
        cols: isize,
    },
    /// Move the cursor to an edge of the board.
    Jump(Edge),
    /// Reveal the square under the cursor, or chord on an open number.
    Reveal,
    /// Flag the square under the cursor (or step through its marks).
    Flag,
    /// A mouse button on the terminal cell at `column`, `row`.
    Click {
        /// The terminal column, from 0.
        column: u16,
        /// The terminal row, from 0.
        row: u16,
        /// The button.
        button: Button,
    },
    /// The mouse is over the terminal cell at `column`, `row`, holding
    /// down what `press` says: shown, never played.
    Pointer {
        /// The terminal column, from 0.
        column: u16,
        /// The terminal row, from 0.
        row: u16,
        /// What is held down.
        press: Press,
    },
    /// The wheel: scroll the view.
    Scroll {
        /// Rows down (negative: up).
        rows: isize,
        /// Columns right (negative: left).
        cols: isize,
    },
    /// Take the last move back.
    Undo,
    /// Play the last move taken back again.
    Redo,
    /// Stop the clock and hide the board, or go on.
    Pause,
    /// Show the keys, or hide them.
    Help,
    /// Show the best times and statistics of every kind of game.
    Scores,
    /// Watch the game just ended again, as `replay` plays it.
    Watch,
    /// Larger squares (`by` > 0) or smaller.
    Zoom(isize),
    /// In the menu: name the size chosen (`s`).
    NamePreset,
    /// In the menu: forget the named size chosen (`d`, Delete).
    ForgetPreset,
    /// A character typed into a name.
    Typed(char),
    /// The last character of a name taken back (Backspace).
    Erase,
    /// Ask the solver for a hint.
    Hint,
    /// Show or hide the chance of a mine on every covered square.
    Overlay,
    /// The menu: what the next game is dealt with.
    Menu,
    /// The same board again.
    Restart,
    /// A new board.
    New,
    /// Leave the game.
    Quit,
    /// Esc: closes what is open over the board; in a game in progress it
    /// asks before quitting, since a lone Esc is easily pressed by chance.
    Escape,
    /// Stop the program (Ctrl-Z), to resume with `fg`.
    Suspend,
    /// The terminal has a new size.
    Resize {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
    },
    /// A key that asks for nothing else: it still skips an animation.
    OtherKey,
    /// The terminal went to the back (another window or tab): a game
    /// under way pauses.
    FocusLost,
    /// The terminal came to the front again.
    FocusGained,
}

/// An edge of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// The first column of the row.
    FirstColumn,
    /// The last column of the row.
    LastColumn,
    /// The first row of the column.
    FirstRow,
    /// The last row of the column.
    LastRow,
}

/// What a mouse button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Button {
    /// Reveal (chord on a number).
    Left,
    /// Flag.
    Right,
    /// Chord: the middle button, or left and right together.
    Middle,
}

/// What the mouse holds down over a square, as the classic game shows it
/// before the button is let go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// Nothing: the mouse only points.
    Up,
    /// The left button: the square looks pressed.
    Reveal,
    /// Both buttons: the square and its covered neighbours look pressed.
    Chord,
}

/// The mouse buttons held down, so that left and right pressed together
/// chord when let go, as in the classic game. Left reveals when it is let
/// go (where it is let go), and the middle button chords when it is let
/// go, as left and right together do; right flags as soon as it is pressed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    left: bool,
    right: bool,
    middle: bool,
    /// Both went down together: the first to be let go chords.
    both: bool,
    /// The chord is done: letting go of the other button does nothing.
    spent: bool,
}

/// The terminal's size once resizes are heard: crossterm listens for
/// SIGWINCH only from its first poll, and a window resized before that
/// (between the program's start and its first wait for a key, long on a
/// busy machine) was never told, and the screen stayed drawn for the old
/// size. The reader is started here and the size read after it, so a
/// resize is either in this size or in an event to come.
pub(crate) fn size_once_resizes_are_heard() -> std::io::Result<(u16, u16)> {
    crossterm::event::poll(std::time::Duration::ZERO)?;
    crossterm::terminal::size()
}

/// How far Shift moves the cursor.
const LEAP: isize = 5;

/// The command an input event asks for, if any, given the mouse buttons
/// `held` before it (which it updates).
pub(crate) fn command_for(event: &Event, held: &mut Held) -> Option<Command> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => {
            key_command(key).or(Some(Command::OtherKey))
        }
        Event::Mouse(mouse) => mouse_command(mouse, held),
        Event::Resize(width, height) => Some(Command::Resize {
            width: *width,
            height: *height,
        }),
        Event::FocusLost => Some(Command::FocusLost),
        Event::FocusGained => Some(Command::FocusGained),
        Event::Key(_) | Event::Paste(_) => None,
    }
}

/// The command an input event asks for while a name is typed: a
/// character is itself, Backspace takes one back, Enter gives the name,
/// Esc (or Ctrl-C) gives it up; the mouse and the terminal act as ever.
pub(crate) fn typing_command(event: &Event, held: &mut Held) -> Option<Command> {
    let Event::Key(key) = event else {
        return command_for(event, held);
    };
    if key.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c') if ctrl => Some(Command::Quit),
        KeyCode::Char('z') if ctrl => Some(Command::Suspend),
        KeyCode::Char(c) if !ctrl => Some(Command::Typed(c)),
        KeyCode::Backspace => Some(Command::Erase),
        KeyCode::Enter => Some(Command::Reveal),
        KeyCode::Esc => Some(Command::Quit),
        _ => None,
    }
}

/// The commands `keys` asks for, typed one key at a time through the key
/// map, as a player would: a character is its key (upper case with
/// Shift), and a name in angle brackets a key without one: `<space>`,
/// `<enter>`, `<esc>`, `<f1>`, `<up>`, `<down>`, `<left>`, `<right>`, `<home>`,
/// `<end>`, `<pgup>`, `<pgdn>`, and `<C-x>` for Ctrl with `x`. For
/// scripted play: `"jjl<space>f"` moves, opens and flags. A name it does
/// not know is a mistake in the script: `None`.
pub fn typed(keys: &str) -> Option<Vec<Command>> {
    let mut held = Held::default();
    let events = key_events(keys)?;
    Some(
        events
            .iter()
            .filter_map(|event| command_for(event, &mut held))
            .collect(),
    )
}

/// The key presses `keys` names, as [`typed`] reads them: what a script
/// hands the loop itself (a `Scripted` host).
pub fn key_events(keys: &str) -> Option<Vec<Event>> {
    let mut events = Vec::new();
    let mut rest = keys;
    while let Some(c) = rest.chars().next() {
        let (key, after) = match c {
            '<' => {
                let end = rest.find('>')?;
                (named_key(&rest[1..end])?, &rest[end + 1..])
            }
            _ => {
                let shift = if c.is_uppercase() {
                    KeyModifiers::SHIFT
                } else {
                    KeyModifiers::NONE
                };
                (
                    KeyEvent::new(KeyCode::Char(c), shift),
                    &rest[c.len_utf8()..],
                )
            }
        };
        events.push(Event::Key(key));
        rest = after;
    }
    Some(events)
}

/// The key called `name` in [`typed`]'s scripts.
fn named_key(name: &str) -> Option<KeyEvent> {
    let plain = |code| Some(KeyEvent::new(code, KeyModifiers::NONE));
    match name {
        "space" => plain(KeyCode::Char(' ')),
        "enter" => plain(KeyCode::Enter),
        "esc" => plain(KeyCode::Esc),
        "f1" => plain(KeyCode::F(1)),
        "up" => plain(KeyCode::Up),
        "down" => plain(KeyCode::Down),
        "left" => plain(KeyCode::Left),
        "right" => plain(KeyCode::Right),
        "home" => plain(KeyCode::Home),
        "end" => plain(KeyCode::End),
        "pgup" => plain(KeyCode::PageUp),
        "pgdn" => plain(KeyCode::PageDown),
        _ => {
            let mut letter = name.strip_prefix("C-")?.chars();
            let (Some(c), None) = (letter.next(), letter.next()) else {
                return None;
            };
            Some(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
        }
    }
}

fn key_command(key: &KeyEvent) -> Option<Command> {
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let step = if shift { LEAP } else { 1 };
    let to = |rows: isize, cols: isize| Some(Command::Move { rows, cols });
    match key.code {
        KeyCode::Char('r') if ctrl => Some(Command::Redo),
        KeyCode::Char('c') if ctrl => Some(Command::Quit),
        KeyCode::Char('z') if ctrl => Some(Command::Suspend),
        KeyCode::Up | KeyCode::Char('k') => to(-step, 0),
        KeyCode::Down | KeyCode::Char('j') => to(step, 0),
        KeyCode::Left | KeyCode::Char('h') => to(0, -step),
        KeyCode::Right | KeyCode::Char('l') => to(0, step),
        KeyCode::Char('K') => to(-LEAP, 0),
        KeyCode::Char('J') => to(LEAP, 0),
        KeyCode::Char('H') => to(0, -LEAP),
        KeyCode::Char('L') => to(0, LEAP),
        KeyCode::Home => Some(Command::Jump(Edge::FirstColumn)),
        KeyCode::End => Some(Command::Jump(Edge::LastColumn)),
        KeyCode::PageUp => Some(Command::Jump(Edge::FirstRow)),
        KeyCode::PageDown => Some(Command::Jump(Edge::LastRow)),
        KeyCode::Char(' ') | KeyCode::Enter => Some(Command::Reveal),
        KeyCode::Char('f') => Some(Command::Flag),
        KeyCode::Char('u') => Some(Command::Undo),
        KeyCode::Char('p') => Some(Command::Pause),
        KeyCode::Char('?') => Some(Command::Help),
        KeyCode::Char('i') => Some(Command::Hint),
        KeyCode::Char('o') => Some(Command::Overlay),
        KeyCode::Char('r') => Some(Command::Restart),
        KeyCode::Char('n') => Some(Command::New),
        KeyCode::Char('m') => Some(Command::Menu),
        KeyCode::Char('b') => Some(Command::Scores),
        KeyCode::Char('w') => Some(Command::Watch),
        KeyCode::Char('+' | '=') => Some(Command::Zoom(1)),
        KeyCode::Char('s') => Some(Command::NamePreset),
        KeyCode::Char('d') | KeyCode::Delete => Some(Command::ForgetPreset),
        KeyCode::Char('-') => Some(Command::Zoom(-1)),
        KeyCode::Char('q') => Some(Command::Quit),
        KeyCode::Esc => Some(Command::Escape),
        KeyCode::F(1) => Some(Command::Help),
        _ => None,
    }
}

fn mouse_command(mouse: &MouseEvent, held: &mut Held) -> Option<Command> {
    let (column, row) = (mouse.column, mouse.row);
    let click = |button| {
        Some(Command::Click {
            column,
            row,
            button,
        })
    };
    let point = |press| Some(Command::Pointer { column, row, press });
    let pressing = |held: &Held| match (held.both || held.middle, held.left && !held.spent) {
        (true, _) => Press::Chord,
        (false, true) => Press::Reveal,
        (false, false) => Press::Up,
    };
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => {
            held.left = true;
            held.both = held.right;
            point(pressing(held))
        }
        MouseEventKind::Down(MouseButton::Right) => {
            held.right = true;
            held.both = held.left;
            if held.both {
                point(Press::Chord)
            } else {
                click(Button::Right)
            }
        }
        MouseEventKind::Moved | MouseEventKind::Drag(_) => point(pressing(held)),
        MouseEventKind::Up(button @ (MouseButton::Left | MouseButton::Right)) => {
            let chord = std::mem::take(&mut held.both);
            let spent = held.spent;
            match button {
                MouseButton::Left => held.left = false,
                _ => held.right = false,
            }
            held.spent = chord || (spent && (held.left || held.right));
            if chord {
                click(Button::Middle)
            } else if button == MouseButton::Left && !spent {
                click(Button::Left)
            } else {
                None
            }
        }
        MouseEventKind::Down(MouseButton::Middle) => {
            held.middle = true;
            point(Press::Chord)
        }
        // Let go where it is let go, as the left button is: a press can
        // still be dragged off a square it was not meant for.
        MouseEventKind::Up(MouseButton::Middle) => {
            if std::mem::take(&mut held.middle) {
                click(Button::Middle)
            } else {
                None
            }
        }
        // With Ctrl, as a browser's: the squares' size.
        MouseEventKind::ScrollUp if mouse.modifiers.contains(KeyModifiers::CONTROL) => {
            Some(Command::Zoom(1))
        }
        MouseEventKind::ScrollDown if mouse.modifiers.contains(KeyModifiers::CONTROL) => {
            Some(Command::Zoom(-1))
        }
        MouseEventKind::ScrollUp => Some(Command::Scroll { rows: -3, cols: 0 }),
        MouseEventKind::ScrollDown => Some(Command::Scroll { rows: 3, cols: 0 }),
        MouseEventKind::ScrollLeft => Some(Command::Scroll { rows: 0, cols: -3 }),
        MouseEventKind::ScrollRight => Some(Command::Scroll { rows: 0, cols: 3 }),
    }
}

/// One line of the key list: the keys and what they do, and both in
/// fewer words for a narrow terminal.
pub(crate) struct KeyLine {
    pub(crate) keys: &'static str,
    pub(crate) does: &'static str,
    pub(crate) short_keys: &'static str,
    pub(crate) short_does: &'static str,
}

const fn line(
    keys: &'static str,
    does: &'static str,
    short_keys: &'static str,
    short_does: &'static str,
) -> KeyLine {
    KeyLine {
        keys,
        does,
        short_keys,
        short_does,
    }
}

/// The keys, as the key list (`?`) shows them.
pub(crate) const KEYS: &[KeyLine] = &[
    line("arrows, h j k l", "move", "arrows hjkl", "move"),
    line("Shift, H J K L", "move 5 squares", "Shift HJKL", "move 5"),
    line(
        "Home End PgUp PgDn",
        "to an edge",
        "Home End Pg",
        "to an edge",
    ),
    line(
        "Space, Enter",
        "reveal (chord on a number)",
        "Space Enter",
        "reveal, chord",
    ),
    line(
        "f",
        "flag, ? (classic, unless m turns it off), none",
        "f",
        "flag, ?, none",
    ),
    line("u, Ctrl-r", "undo, redo", "u Ctrl-r", "undo, redo"),
    line("i", "hint", "i", "hint"),
    line(
        "o",
        "chance of a mine on each square",
        "o",
        "chance of a mine",
    ),
    line(
        "p",
        "pause (also when the terminal goes to the back)",
        "p",
        "pause",
    ),
    line(
        "r, n",
        "same board again, new board",
        "r n",
        "same board, new",
    ),
    line(
        "m",
        "menu: level, size, rules, no guess, marks, colours",
        "m",
        "menu",
    ),
    line(
        "b",
        "best times and statistics, by kind of game",
        "b",
        "best times",
    ),
    line("w", "watch the game just ended again", "w", "watch again"),
    line(
        "+ -, Ctrl-wheel",
        "larger, smaller squares (kept)",
        "+ -",
        "square size",
    ),
    line(
        "?, F1",
        "these keys (the clock stops)",
        "? F1",
        "these keys",
    ),
    line(
        "q, Esc",
        "quit (Esc asks first during a game)",
        "q Esc",
        "quit",
    ),
    line("Ctrl-z", "suspend (fg resumes)", "Ctrl-z", "suspend"),
    line(
        "mouse",
        "left opens, right flags, middle or both chord on release",
        "mouse",
        "L open, R flag, M chord",
    ),
    line("wheel", "scroll the view (sideways too)", "wheel", "scroll"),
    // Not keys, but the status line's counts, which the short status
    // line gives as letters alone.
    line(
        "Hints Undos Deaths",
        "hints taken, moves undone, mines set off",
        "H U D",
        "hints, undos, deaths",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn command(event: &Event) -> Option<Command> {
        command_for(event, &mut Held::default())
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    #[test]
    fn a_script_of_keys_goes_through_the_key_map() {
        let to = |rows, cols| Command::Move { rows, cols };
        assert_eq!(
            typed("jL<space>f<C-r><pgup>x"),
            Some(vec![
                to(1, 0),
                to(0, LEAP),
                Command::Reveal,
                Command::Flag,
                Command::Redo,
                Command::Jump(Edge::FirstRow),
                Command::OtherKey,
            ])
        );
        assert_eq!(typed("<C-zz>"), None);
        assert_eq!(typed("<space"), None);
    }

    #[test]
    fn keys_move_reveal_and_undo() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            command(&key(KeyCode::Char('j'), none)),
            Some(Command::Move { rows: 1, cols: 0 })
        );
        assert_eq!(
            command(&key(KeyCode::Left, KeyModifiers::SHIFT)),
            Some(Command::Move { rows: 0, cols: -5 })
        );
        assert_eq!(
            command(&key(KeyCode::Char('L'), KeyModifiers::SHIFT)),
            Some(Command::Move { rows: 0, cols: 5 })
        );
        assert_eq!(
            command(&key(KeyCode::Char(' '), none)),
            Some(Command::Reveal)
        );
        assert_eq!(
            command(&key(KeyCode::Char('r'), KeyModifiers::CONTROL)),
            Some(Command::Redo)
        );
        assert_eq!(
            command(&key(KeyCode::Char('r'), none)),
            Some(Command::Restart)
        );
        assert_eq!(
            command(&key(KeyCode::Char('z'), none)),
            Some(Command::OtherKey)
        );
    }

    #[test]
    fn mouse_buttons_and_wheel() {
        let mouse = |kind| {
            Event::Mouse(MouseEvent {
                kind,
                column: 7,
                row: 3,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(
            command(&mouse(MouseEventKind::Down(MouseButton::Right))),
            Some(Command::Click {
                column: 7,
                row: 3,
                button: Button::Right
            })
        );
        assert_eq!(
            command(&mouse(MouseEventKind::ScrollDown)),
            Some(Command::Scroll { rows: 3, cols: 0 })
        );
        assert_eq!(
            command(&mouse(MouseEventKind::Moved)),
            Some(Command::Pointer {
                column: 7,
                row: 3,
                press: Press::Up
            })
        );
    }

    /// The command each mouse event in turn makes, at one cell.
    fn mouse(kinds: &[MouseEventKind]) -> Vec<Option<Command>> {
        let mut held = Held::default();
        kinds
            .iter()
            .map(|&kind| {
                let event = Event::Mouse(MouseEvent {
                    kind,
                    column: 7,
                    row: 3,
                    modifiers: KeyModifiers::NONE,
                });
                command_for(&event, &mut held)
            })
            .collect()
    }

    /// What each mouse event shows of the buttons held down.
    fn presses(kinds: &[MouseEventKind]) -> Vec<Option<Press>> {
        let pressed = |command| match command {
            Some(Command::Pointer { press, .. }) => Some(press),
            _ => None,
        };
        mouse(kinds).into_iter().map(pressed).collect()
    }

    #[test]
    fn the_pointer_shows_what_is_held_down() {
        use MouseButton::{Left, Right};
        use MouseEventKind::{Down, Drag, Moved, Up};
        use Press::{Chord, Reveal};
        assert_eq!(
            presses(&[Moved, Down(Left), Drag(Left), Up(Left), Moved]),
            [
                Some(Press::Up),
                Some(Reveal),
                Some(Reveal),
                None,
                Some(Press::Up)
            ]
        );
        assert_eq!(
            presses(&[Down(Left), Down(Right), Drag(Left), Up(Right), Drag(Left)]),
            [
                Some(Reveal),
                Some(Chord),
                Some(Chord),
                None,
                Some(Press::Up)
            ],
            "after a chord the other button opens nothing"
        );
    }

    /// The buttons pressed and let go in turn, and what each asked for.
    fn clicks(kinds: &[MouseEventKind]) -> Vec<Option<Button>> {
        let clicked = |command| match command {
            Some(Command::Click { button, .. }) => Some(button),
            _ => None,
        };
        mouse(kinds).into_iter().map(clicked).collect()
    }

    #[test]
    fn left_reveals_when_let_go_and_with_right_chords() {
        use MouseButton::{Left, Right};
        use MouseEventKind::{Down, Up};
        assert_eq!(clicks(&[Down(Left), Up(Left)]), [None, Some(Button::Left)]);
        // Left and right together: one chord at the first let go, in
        // whichever order, and nothing else.
        assert_eq!(
            clicks(&[Down(Left), Down(Right), Up(Right), Up(Left)]),
            [None, None, Some(Button::Middle), None]
        );
        assert_eq!(
            clicks(&[
                Down(Left),
                Down(Right),
                Up(Left),
                Up(Right),
                Down(Left),
                Up(Left)
            ]),
            [
                None,
                None,
                Some(Button::Middle),
                None,
                None,
                Some(Button::Left)
            ]
        );
        // Right first flags at once; left joining it still chords.
        assert_eq!(
            clicks(&[Down(Right), Down(Left), Up(Left), Up(Right)]),
            [Some(Button::Right), None, Some(Button::Middle), None]
        );
    }

    #[test]
    fn the_middle_button_chords_when_let_go() {
        use MouseButton::Middle;
        use MouseEventKind::{Down, Drag, Up};
        assert_eq!(
            clicks(&[Down(Middle), Drag(Middle), Up(Middle)]),
            [None, None, Some(Button::Middle)]
        );
        assert_eq!(
            presses(&[Down(Middle), Drag(Middle), Up(Middle)]),
            [Some(Press::Chord), Some(Press::Chord), None],
            "held down, the square and its neighbours look pressed"
        );
        // A let go with no press before it (the press was outside the
        // terminal) chords nothing.
        assert_eq!(clicks(&[Up(Middle)]), [None]);
    }

    #[test]
    fn plus_minus_and_the_wheel_with_ctrl_choose_the_size() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            command(&key(KeyCode::Char('+'), none)),
            Some(Command::Zoom(1))
        );
        assert_eq!(
            command(&key(KeyCode::Char('='), none)),
            Some(Command::Zoom(1))
        );
        assert_eq!(
            command(&key(KeyCode::Char('-'), none)),
            Some(Command::Zoom(-1))
        );
        let wheel = |kind, modifiers| {
            Event::Mouse(MouseEvent {
                kind,
                column: 1,
                row: 1,
                modifiers,
            })
        };
        let ctrl = KeyModifiers::CONTROL;
        assert_eq!(
            command(&wheel(MouseEventKind::ScrollUp, ctrl)),
            Some(Command::Zoom(1))
        );
        assert_eq!(
            command(&wheel(MouseEventKind::ScrollDown, ctrl)),
            Some(Command::Zoom(-1))
        );
        assert_eq!(
            command(&wheel(MouseEventKind::ScrollDown, none)),
            Some(Command::Scroll { rows: 3, cols: 0 })
        );
    }

    #[test]
    fn typing_a_name_takes_every_character() {
        let typing = |code, modifiers| typing_command(&key(code, modifiers), &mut Held::default());
        let none = KeyModifiers::NONE;
        assert_eq!(typing(KeyCode::Char('q'), none), Some(Command::Typed('q')));
        assert_eq!(
            typing(KeyCode::Char('W'), KeyModifiers::SHIFT),
            Some(Command::Typed('W'))
        );
        assert_eq!(typing(KeyCode::Backspace, none), Some(Command::Erase));
        assert_eq!(typing(KeyCode::Enter, none), Some(Command::Reveal));
        assert_eq!(typing(KeyCode::Esc, none), Some(Command::Quit));
        assert_eq!(
            typing(KeyCode::Char('c'), KeyModifiers::CONTROL),
            Some(Command::Quit)
        );
    }

    #[test]
    fn the_terminal_losing_and_regaining_focus_is_told() {
        assert_eq!(command(&Event::FocusLost), Some(Command::FocusLost));
        assert_eq!(command(&Event::FocusGained), Some(Command::FocusGained));
    }
}
