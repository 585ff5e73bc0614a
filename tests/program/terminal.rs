//! `minesweeper play` in a real pseudo-terminal: keys and mouse reports go
//! in as a terminal sends them, and what the program writes is read back
//! through a terminal emulator (vt100), so the modes it sets and leaves are
//! the ones a player's terminal would be left in.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use vt100::{MouseProtocolEncoding, MouseProtocolMode, Parser};

use crate::common;

/// PgUp and Home, as a terminal sends them: the cursor to the top left
/// corner, where the tests' moves count from.
const TOP_LEFT: &[u8] = b"\x1b[5~\x1b[H";

const ROWS: u16 = 24;
const COLS: u16 = 80;

/// The program in a pseudo-terminal, and the screen it has drawn so far.
struct Terminal {
    parser: Parser,
    output: Receiver<Vec<u8>>,
    keyboard: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
    /// Everything written, for the message of a failed test.
    written: Vec<u8>,
    /// The terminal's device, to change its size with `stty -F`.
    tty: Option<std::path::PathBuf>,
}

impl Terminal {
    /// Runs `shell` under `sh -c` in an 80x24 pseudo-terminal, with a home
    /// of its own so that nothing of the real user's is read or written.
    fn start(shell: &str, home: &std::path::Path) -> Terminal {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut command = CommandBuilder::new("sh");
        command.args(["-c", shell]);
        command.cwd(env!("CARGO_MANIFEST_DIR"));
        command.env("HOME", home);
        command.env("XDG_DATA_HOME", home.join("data"));
        command.env("XDG_STATE_HOME", home.join("state"));
        command.env("XDG_CONFIG_HOME", home.join("config"));
        command.env("TERM", "xterm-256color");
        command.env("LANG", "C.UTF-8");
        command.env_remove("NO_COLOR");
        command.env_remove("LC_ALL");
        let child = pair.slave.spawn_command(command).unwrap();
        drop(pair.slave);
        let tty = pair.master.tty_name();
        let mut reader = pair.master.try_clone_reader().unwrap();
        let keyboard = pair.master.take_writer().unwrap();
        let (sender, output) = channel();
        std::thread::spawn(move || {
            // The master stays open as long as the reader: it is moved in.
            let _master = pair.master;
            let mut buffer = [0; 4096];
            // A read fails (EIO) once the last process on the terminal ends.
            while let Ok(count @ 1..) = reader.read(&mut buffer) {
                if sender.send(buffer[..count].to_vec()).is_err() {
                    break;
                }
            }
        });
        Terminal {
            parser: Parser::new(
                NonZeroU16::new(ROWS).unwrap(),
                NonZeroU16::new(COLS).unwrap(),
                0,
            ),
            output,
            keyboard,
            child,
            written: Vec::new(),
            tty,
        }
    }

    /// Gives the terminal a new size, as a window resized by the player:
    /// the program on it is told with SIGWINCH.
    fn resize(&mut self, cols: u16, rows: u16) {
        let tty = self.tty.as_ref().expect("a terminal device");
        let resized = std::process::Command::new("stty")
            .arg("-F")
            .arg(tty)
            .args(["rows", &rows.to_string(), "cols", &cols.to_string()])
            .status()
            .unwrap();
        assert!(resized.success());
    }

    fn send(&mut self, bytes: &[u8]) {
        self.keyboard.write_all(bytes).unwrap();
        self.keyboard.flush().unwrap();
    }

    /// Reads the program's output until `ready` holds of the screen, and
    /// fails the test with the screen if that takes more than a minute (a
    /// bound for a program that never gets there, not a speed to meet).
    fn wait_for(&mut self, what: &str, ready: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !ready(self.parser.screen()) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => {
                    self.parser.process(&bytes);
                    self.written.extend_from_slice(&bytes);
                }
                Err(_) => panic!(
                    "no {what} within a minute; the screen:\n{}\nwritten: {:?}",
                    self.parser.screen().contents(),
                    String::from_utf8_lossy(&self.written),
                ),
            }
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// Row `row` of the screen as text, a space for each empty cell.
fn line(screen: &vt100::Screen, row: u16) -> String {
    (0..COLS)
        .filter_map(|column| screen.cell(row, column))
        .map(|cell| match cell.contents() {
            "" => " ",
            text => text,
        })
        .collect()
}

/// Where the full screen draws the square of a beginner board at `row`,
/// `column` (from 1) on 80x24, from 0: the board centred, 19 cells wide
/// (a one-digit label, a space, two cells a square less the last gap) and
/// 9 lines high in the 17 above the message.
fn beginner_cell(row: u16, column: u16) -> (u16, u16) {
    (32 + 2 * (column - 1), 6 + (row - 1))
}

/// What a beginner board's square at `row`, `column` (from 1) shows.
fn square(screen: &vt100::Screen, row: u16, column: u16) -> Option<char> {
    let (x, y) = beginner_cell(row, column);
    screen
        .cell(y, x)
        .and_then(|cell| cell.contents().chars().next())
}

/// The squares of a beginner board's `row` (from 1), as drawn: its label
/// and the squares, a space apart.
fn board_line(screen: &vt100::Screen, row: u16) -> String {
    line(screen, beginner_cell(row, 1).1).trim().to_owned()
}

/// An SGR mouse report of `button` pressed and released on the square at
/// `row`, `column` (from 1) of a beginner board.
fn click(button: u8, row: u16, column: u16) -> Vec<u8> {
    let (x, y) = beginner_cell(row, column);
    let (x, y) = (x + 1, y + 1);
    format!("\x1b[<{button};{x};{y}M\x1b[<{button};{x};{y}m").into_bytes()
}

/// Starts `minesweeper play ARGS` in a shell that then prints the game's
/// exit status and the terminal's modes, with a home of its own.
fn play(args: &str, home: &std::path::Path) -> Terminal {
    std::fs::create_dir_all(home).unwrap();
    let bin = common::minesweeper_binary();
    let shell = format!("'{}' play {args}; echo status=$?; stty -a", bin.display());
    let mut terminal = Terminal::start(&shell, home);
    terminal.wait_for("the board", |screen| screen.contents().contains("Mines "));
    let screen = terminal.parser.screen();
    assert!(
        screen.alternate_screen(),
        "the game is on the alternate screen"
    );
    assert!(screen.hide_cursor(), "the terminal's own cursor is hidden");
    assert_ne!(screen.mouse_protocol_mode(), MouseProtocolMode::None);
    assert_eq!(screen.mouse_protocol_encoding(), MouseProtocolEncoding::Sgr);
    terminal
}

/// Waits for the shell's `stty -a` after the game, and checks that the game
/// ended with `status` and left the terminal as it found it: main screen,
/// no mouse reports, the cursor shown, lines edited and echoed.
fn assert_given_back(terminal: &mut Terminal, status: i32) -> String {
    terminal.wait_for("the shell's stty", |screen| {
        screen.contents().contains("icanon")
    });
    let screen = terminal.parser.screen();
    let contents = screen.contents();
    assert!(
        !screen.alternate_screen(),
        "alternate screen left:\n{contents}"
    );
    assert_eq!(screen.mouse_protocol_mode(), MouseProtocolMode::None);
    assert!(!screen.hide_cursor(), "cursor shown again");
    assert!(contents.contains(&format!("status={status}")), "{contents}");
    let modes: Vec<&str> = contents.split_whitespace().collect();
    for mode in ["icanon", "echo", "isig"] {
        assert!(modes.contains(&mode), "{mode} is off:\n{contents}");
    }
    contents
}

#[test]
fn keys_and_mouse_play_and_quitting_gives_the_terminal_back() {
    let home = std::env::temp_dir().join(format!("play-pty-{}", std::process::id()));
    let mut terminal = play("--rules classic --level beginner --seed 7", &home);
    assert!(line(terminal.parser.screen(), 0).starts_with("Mines 10 "));

    // Keys: to the top left corner (the game starts in the middle), two to
    // the right, then Space reveals row 1, column 3, which opens the
    // island of the top left corner (seed 7 deals no mine there).
    terminal.send(TOP_LEFT);
    terminal.send(b"ll ");
    terminal.wait_for("island", |screen| {
        board_line(screen, 2).starts_with("2   1 1 2 ·")
    });
    // A right click flags row 5, column 9: the counter goes down and the
    // square shows the flag.
    terminal.send(&click(2, 5, 9));
    terminal.wait_for("flag", |screen| square(screen, 5, 9) == Some('⚑'));
    assert!(line(terminal.parser.screen(), 0).starts_with("Mines 9 "));

    // The mouse moved over a square, no button down: it is underlined.
    let (x, y) = beginner_cell(8, 7);
    terminal.send(format!("\x1b[<35;{};{}M", x + 1, y + 1).as_bytes());
    terminal.wait_for("the square under the mouse", |screen| {
        screen.cell(y, x).is_some_and(vt100::Cell::underline)
    });

    // A left click on a covered square opens it too; `q` then quits.
    terminal.send(&click(0, 9, 1));
    terminal.wait_for("the click's square", |screen| {
        square(screen, 9, 1) != Some('·')
    });
    terminal.send(b"q");
    let contents = assert_given_back(&mut terminal, 0);
    assert!(contents.contains("--seed 7"), "{contents}");
    std::fs::remove_dir_all(&home).unwrap();
}

/// A real terminal's resize (a SIGWINCH on a pseudo-terminal) reaches the
/// loop: too small for the board, then once the window is big enough the
/// whole board drawn as dealt, the clock at 0. That keys and clicks do
/// nothing while it is too small is the loop's own test, in-process
/// (`event_loop.rs`): here a key written to the terminal reaches the
/// program when the kernel's worker hands it on, which on a busy machine
/// came after the resize it was written before, and opened a square.
#[test]
fn a_window_grown_big_enough_shows_the_board_as_dealt() {
    let home = std::env::temp_dir().join(format!("play-small-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let bin = common::minesweeper_binary();
    let shell = format!(
        "stty rows 8 cols 30; '{}' play --level expert --seed 7 --no-record; echo status=$?",
        bin.display()
    );
    let mut terminal = Terminal::start(&shell, &home);
    terminal.wait_for("Too small", |screen| {
        screen.contents().contains("Too small")
    });
    terminal.resize(COLS, ROWS);
    // The whole board drawn: its last row is there.
    terminal.wait_for("the board", |screen| {
        line(screen, 0).starts_with("Mines 99  Time 0.0 ")
            && line(screen, 17).trim().starts_with("16 ")
            && line(screen, 17).trim().chars().count() == 3 + 2 * 30 - 1
    });
    let screen = terminal.parser.screen();
    for row in 2..18 {
        assert_eq!(
            line(screen, row).matches('·').count(),
            30,
            "nothing opened: {:?}\n{}",
            line(screen, row),
            screen.contents()
        );
    }
    terminal.send(b"q");
    terminal.wait_for("the end", |screen| screen.contents().contains("status=0"));
    std::fs::remove_dir_all(&home).unwrap();
}

/// The menu deals the next game with what it says and keeps the choices
/// in the config folder: the next session starts with them, unless the
/// command line says otherwise.
#[test]
fn the_menu_choices_are_kept_for_the_next_session() {
    let home = std::env::temp_dir().join(format!("play-menu-{}", std::process::id()));
    let mut terminal = play("", &home);
    assert!(line(terminal.parser.screen(), 0).starts_with("Mines 10 "));
    terminal.send(b"m");
    terminal.wait_for("the menu", |screen| screen.contents().contains("Next game"));
    // Right: the next level; Enter deals it.
    terminal.send(b"\x1b[C\r");
    terminal.wait_for("an intermediate board", |screen| {
        line(screen, 0).starts_with("Mines 40 ") && !screen.contents().contains("Next game")
    });
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    let kept = std::fs::read_to_string(home.join("config/minesweeper/settings.json")).unwrap();
    assert!(kept.contains("\"size\""), "{kept}");

    let mut terminal = play("", &home);
    assert!(line(terminal.parser.screen(), 0).starts_with("Mines 40 "));
    // `+`, and in the menu a name for the size, typed key by key (its
    // letters are keys of the game elsewhere); both kept, with the rest.
    terminal.send(b"+m");
    terminal.wait_for("the menu", |screen| screen.contents().contains("Next game"));
    // A level's size has its name: one more mine makes a size to name.
    terminal.send(b"jjjl");
    terminal.wait_for("a size of its own", |screen| {
        screen.contents().contains("Level           custom")
    });
    // The name typed is waited for while it is being typed (a state that
    // lasts until Enter), not after Enter: the screen drawn while naming
    // and the one after may come in one read.
    terminal.send(b"shjkl q");
    terminal.wait_for("the name", |screen| screen.contents().contains("hjkl q_"));
    terminal.send(b"\r");
    terminal.wait_for("the name given", |screen| {
        !screen.contents().contains("hjkl q_")
    });
    terminal.send(b"\x1b");
    terminal.wait_for("the board", |screen| {
        !screen.contents().contains("Next game")
    });
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    let kept = std::fs::read_to_string(home.join("config/minesweeper/settings.json")).unwrap();
    for said in ["\"size\"", "\"zoom\": \"double\"", "\"name\": \"hjkl q\""] {
        assert!(kept.contains(said), "{said}: {kept}");
    }
    let mut terminal = play("--level expert", &home);
    assert!(line(terminal.parser.screen(), 0).starts_with("Mines 99 "));
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    std::fs::remove_dir_all(&home).unwrap();
}

/// The processes whose parent is `parent`, from Linux's /proc.
#[cfg(target_os = "linux")]
fn children_of(parent: u32) -> Vec<u32> {
    let mut children = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // pid (name) state ppid ...: the name may hold spaces, not ')'.
        let Some((pid, rest)) = stat.split_once(" (") else {
            continue;
        };
        let after_name = rest.rsplit_once(") ").map_or("", |(_, after)| after);
        let ppid = after_name.split_whitespace().nth(1);
        if ppid == Some(&parent.to_string()) {
            children.extend(pid.parse::<u32>().ok());
        }
    }
    children
}

/// The game the terminal's shell runs: its one child.
#[cfg(target_os = "linux")]
fn the_game(terminal: &Terminal) -> u32 {
    let game = children_of(terminal.child.process_id().unwrap());
    assert_eq!(game.len(), 1, "the game is the shell's one child");
    game[0]
}

/// Sends `signal` (a name: `INT`, `CONT`, …) to the process `pid`.
#[cfg(target_os = "linux")]
fn signal(pid: u32, signal: &str) {
    let sent = std::process::Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal} {pid}");
}

/// Killed in the middle of a game by each signal that ends a program from
/// outside, the game gives the terminal back and ends by that signal.
#[cfg(target_os = "linux")]
#[test]
fn signals_give_the_terminal_back() {
    for (signal, status) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let home = std::env::temp_dir().join(format!("play-signal-{}", std::process::id()));
        let mut terminal = play("--level beginner --seed 7", &home);
        // The first opening deals the board whose seed is then given.
        terminal.send(b" ");
        // Once the clock runs the board is dealt (a frame read half drawn
        // could show fewer covered squares before that).
        terminal.wait_for("the clock", |screen| !line(screen, 0).contains("Time 0.0 "));
        self::signal(the_game(&terminal), signal);
        let contents = assert_given_back(&mut terminal, status);
        assert!(
            contents.contains("--seed 7"),
            "{signal}: the seed\n{contents}"
        );
        std::fs::remove_dir_all(&home).unwrap();
    }
}

/// A live animation of the prompt game (COMS 227's clearRegion, a step
/// every 5 s) killed by each signal that ends a program, once its first
/// step is on the screen: the terminal is given back and the program ends
/// by that signal.
#[cfg(target_os = "linux")]
#[test]
fn signals_in_an_animation_give_the_terminal_back() {
    let home = std::env::temp_dir().join(format!("animate-signal-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let moves = home.join("moves.txt");
    std::fs::write(&moves, "1\n5\nr\n").unwrap();
    let bin = common::minesweeper_binary();
    for (signal, status) in [("INT", 130), ("TERM", 143), ("HUP", 129), ("QUIT", 131)] {
        let shell = format!(
            "'{}' --rules coms227 --animate=5000 boards/coms227-example.txt < '{}'; \
             echo status=$?; stty -a",
            bin.display(),
            moves.display()
        );
        let mut terminal = Terminal::start(&shell, &home);
        // The square being explored is marked: the animation runs.
        terminal.wait_for("the first step", |screen| screen.contents().contains('•'));
        self::signal(the_game(&terminal), signal);
        assert_given_back(&mut terminal, status);
    }
    std::fs::remove_dir_all(&home).unwrap();
}

/// Ctrl-Z stops the game and `fg` (SIGCONT) resumes it: the terminal is
/// given back meanwhile, and the game comes back where it was. (That the
/// clock leaves the time stopped out is the screen's rule, tested with
/// times given: `the_clock_counts_only_the_time_played`.)
#[cfg(target_os = "linux")]
#[test]
fn a_suspended_game_gives_the_terminal_back_and_comes_back() {
    let home = std::env::temp_dir().join(format!("play-suspend-{}", std::process::id()));
    let mut terminal = play(
        "--rules classic --level beginner --seed 7 --no-record",
        &home,
    );
    let game = the_game(&terminal);
    // Open the island (the clock starts), then stop at once.
    terminal.send(TOP_LEFT);
    terminal.send(b"ll \x1a");
    terminal.wait_for("the stop", |screen| !screen.alternate_screen());
    wait_until_stopped(game);
    signal(game, "CONT");
    terminal.wait_for("the game again", |screen| {
        screen.alternate_screen() && line(screen, 0).starts_with("Mines ") && island(screen)
    });
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    std::fs::remove_dir_all(&home).unwrap();
}

/// The terminal going to the back (another window, another tab) pauses
/// a game under way, and coming back goes on: the focus reports a
/// terminal sends once asked, typed into the pseudo-terminal.
#[test]
fn the_terminal_going_to_the_back_pauses_the_game() {
    let home = std::env::temp_dir().join(format!("play-focus-{}", std::process::id()));
    let mut terminal = play(
        "--rules classic --level beginner --seed 7 --no-record",
        &home,
    );
    terminal.send(TOP_LEFT);
    terminal.send(b"ll ");
    terminal.wait_for("island", |screen| {
        board_line(screen, 2).starts_with("2   1 1 2 ·")
    });
    terminal.send(b"\x1b[O");
    terminal.wait_for("the pause", |screen| line(screen, 0).contains("paused"));
    terminal.send(b"\x1b[I");
    terminal.wait_for("the game again", |screen| {
        !line(screen, 0).contains("paused") && board_line(screen, 2).starts_with("2   1 1 2 ·")
    });
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    std::fs::remove_dir_all(&home).unwrap();
}

/// The terminal closed under a game in progress (a window closed): the
/// game ends, rather than read end-of-file for ever.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_terminal_ends_the_game() {
    let home = std::env::temp_dir().join(format!("play-hang-up-{}", std::process::id()));
    let mut terminal = play("--level beginner --seed 7", &home);
    let game = children_of(terminal.child.process_id().unwrap())[0];
    // The clock runs: a frame every tenth of a second keeps the reader
    // reading, so it sees at once that nobody listens any more.
    terminal.send(b" ");
    terminal.wait_for("the clock", |screen| !line(screen, 0).contains("Time 0.0 "));
    terminal.output = channel().1;
    terminal.keyboard = Box::new(std::io::sink());
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::path::Path::new(&format!("/proc/{game}")).exists() {
        let stat = std::fs::read_to_string(format!("/proc/{game}/stat")).unwrap_or_default();
        if stat.contains(") Z ") {
            break; // Ended, not yet reaped.
        }
        if Instant::now() > deadline {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", &game.to_string()])
                .status();
            panic!("the game goes on: {stat}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    std::fs::remove_dir_all(&home).unwrap();
}

/// Whether the island the first move of the seed-7 beginner game opens
/// is on `screen`.
#[cfg(target_os = "linux")]
fn island(screen: &vt100::Screen) -> bool {
    board_line(screen, 2).starts_with("2   1 1 2 ·")
}

/// Plays the first move of the seed-7 beginner game and quits: a game
/// left, saved in progress in `home`.
#[cfg(target_os = "linux")]
fn leave_a_beginner_game(home: &std::path::Path) {
    let mut terminal = play("--rules classic --level beginner --seed 7", home);
    terminal.send(TOP_LEFT);
    terminal.send(b"ll ");
    terminal.wait_for("island", island);
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
}

/// A game left by quitting, and again by `kill -9` after another move, is
/// offered back at the next start and comes back as it was; answering no
/// deals a new game and files the old one as abandoned, and so does
/// starting a game of another kind, which is not offered it.
#[cfg(target_os = "linux")]
#[test]
fn a_game_left_or_killed_is_offered_back_as_it_was() {
    let home = std::env::temp_dir().join(format!("play-resume-{}", std::process::id()));
    leave_a_beginner_game(&home);

    // Started again without options: asked first, then the game as left.
    let bin = common::minesweeper_binary();
    let start = format!("'{}' play; echo status=$?; stty -a", bin.display());
    let offered = |screen: &vt100::Screen| screen.contents().contains("Carry it on? (y/n)");
    let mut terminal = Terminal::start(&start, &home);
    terminal.wait_for("the offer", offered);
    let contents = terminal.parser.screen().contents();
    assert!(
        contents.contains("A classic game on a 9x9 board with 10 mines is in progress:\n1 move,"),
        "{contents}"
    );
    assert!(contents.lines().all(|line| line.chars().count() <= 80));
    // One key answers: no Enter, which the game would take as a reveal.
    terminal.send(b"y");
    terminal.wait_for("the game carried on", island);
    terminal.send(&click(2, 5, 9));
    terminal.wait_for("flag", |screen| square(screen, 5, 9) == Some('⚑'));
    // Killed outright: the save after the last move is what comes back.
    signal(the_game(&terminal), "KILL");
    terminal.wait_for("the shell's stty", |screen| {
        screen.contents().contains("icanon")
    });
    drop(terminal);

    let mut terminal = Terminal::start(&start, &home);
    terminal.wait_for("the offer", offered);
    assert!(terminal.parser.screen().contents().contains("2 moves"));
    terminal.send(b"y");
    terminal.wait_for("the flag carried on", |screen| {
        island(screen) && square(screen, 5, 9) == Some('⚑')
    });
    assert!(line(terminal.parser.screen(), 0).starts_with("Mines 9 "));
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);

    // No: a new game; the one not carried on is kept, abandoned.
    let mut terminal = Terminal::start(&start, &home);
    terminal.wait_for("the offer", offered);
    terminal.send(b"n");
    terminal.wait_for("a new board", |screen| {
        line(screen, 0).starts_with("Mines 10 ") && board_line(screen, 1).starts_with("1 · · ·")
    });
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    let history_file = home.join("data/minesweeper/history.jsonl");
    let history = std::fs::read_to_string(&history_file).unwrap();
    assert_eq!(history.lines().count(), 1, "{history}");
    assert!(history.contains("\"result\":\"abandoned\""), "{history}");
    assert!(history.contains("\"moves\":\"r1,3@0 f5,9@"), "{history}");

    // Another level asked for: the beginner game left is not offered; it
    // is kept in the history as abandoned before the expert game takes
    // its place, never lost.
    leave_a_beginner_game(&home);
    let expert = format!(
        "'{}' play --level expert; echo status=$?; stty -a",
        bin.display()
    );
    let mut terminal = Terminal::start(&expert, &home);
    terminal.wait_for("an expert board", |screen| {
        line(screen, 0).starts_with("Mines 99 ")
    });
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    let history = std::fs::read_to_string(&history_file).unwrap();
    let lines: Vec<&str> = history.lines().collect();
    assert_eq!(lines.len(), 2, "{history}");
    assert!(lines[1].contains("\"result\":\"abandoned\""), "{history}");
    assert!(lines[1].contains("\"moves\":\"r1,3@0"), "{history}");
    std::fs::remove_dir_all(&home).unwrap();
}

/// Whether the process `pid` is stopped (state `T` in Linux's /proc).
#[cfg(target_os = "linux")]
fn is_stopped(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    stat.rsplit_once(") ")
        .is_some_and(|(_, after)| after.starts_with('T'))
}

/// Waits until `pid` is stopped, for at most a minute.
#[cfg(target_os = "linux")]
fn wait_until_stopped(pid: u32) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !is_stopped(pid) {
        assert!(Instant::now() < deadline, "{pid} was not stopped");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// At `play`'s "Carry it on? (y/n)", Ctrl-Z and a SIGTSTP sent from
/// elsewhere each stop the program, the terminal given back; resumed, it
/// asks again, and the answer still carries the game on.
#[cfg(target_os = "linux")]
#[test]
fn the_offer_to_carry_on_can_be_suspended() {
    let home = std::env::temp_dir().join(format!("play-offer-stop-{}", std::process::id()));
    leave_a_beginner_game(&home);

    let bin = common::minesweeper_binary();
    let start = format!("'{}' play; echo status=$?; stty -a", bin.display());
    let asked = |times: usize| {
        move |screen: &vt100::Screen| {
            screen.contents().matches("Carry it on? (y/n)").count() >= times
        }
    };
    let mut terminal = Terminal::start(&start, &home);
    terminal.wait_for("the offer", asked(1));
    let game = the_game(&terminal);
    terminal.send(b"\x1a");
    wait_until_stopped(game);
    signal(game, "CONT");
    terminal.wait_for("the offer again", asked(2));
    signal(game, "TSTP");
    wait_until_stopped(game);
    signal(game, "CONT");
    terminal.wait_for("the offer a third time", asked(3));
    terminal.send(b"y");
    terminal.wait_for("the game carried on", island);
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    std::fs::remove_dir_all(&home).unwrap();
}

/// Memory that runs out during a full-screen game (a 3000x3000 board
/// under an address-space limit: the board loads, the first opening
/// asks more than is left) ends the program with its message and the
/// terminal given back: no raw mode, no alternate screen, no mouse
/// reports. The limit is raised until the board loads, so the test does
/// not depend on this build's exact needs; skipped, saying so, where
/// there is no `prlimit`.
#[cfg(target_os = "linux")]
#[test]
fn memory_running_out_in_play_gives_the_terminal_back() {
    let prlimit = std::process::Command::new("prlimit")
        .arg("--version")
        .output();
    if !prlimit.is_ok_and(|p| p.status.success()) {
        eprintln!("no prlimit here: the memory limit cannot be set");
        return;
    }
    let home = std::env::temp_dir().join(format!("play-oom-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let board = home.join("b3000.txt");
    let mut text = format!("{}\n", "+".repeat(3002));
    for row in 0..3000 {
        let first = if row == 0 { '*' } else { ' ' };
        text.push_str(&format!("+{first}{}+\n", " ".repeat(2999)));
    }
    text.push_str(&format!("{}\n", "+".repeat(3002)));
    std::fs::write(&board, text).unwrap();
    let bin = common::minesweeper_binary();
    let mut reached = false;
    for mib in (60..=400).step_by(20) {
        let shell = format!(
            "prlimit --as={} '{}' play --no-record '{}'; echo status=$?; stty -a",
            mib << 20,
            bin.display(),
            board.display()
        );
        let mut terminal = Terminal::start(&shell, &home);
        terminal.wait_for("the board, or the end", |screen| {
            screen.contents().contains("icanon")
                || (screen.alternate_screen() && screen.contents().contains("Mines "))
        });
        if !terminal.parser.screen().alternate_screen() {
            continue; // Not even loaded: more room.
        }
        terminal.send(b" ");
        terminal.wait_for("the end, or the island", |screen| {
            screen.contents().contains("icanon")
                || screen.contents().contains("Time ") && !screen.contents().contains("Time 0.0 ")
        });
        if terminal.parser.screen().alternate_screen() {
            // It had room for the opening too: the limit went past it.
            terminal.send(b"q");
            assert_given_back(&mut terminal, 0);
            break;
        }
        let contents = assert_given_back(&mut terminal, 1);
        assert!(contents.contains("out of memory"), "{contents}");
        reached = true;
        break;
    }
    std::fs::remove_dir_all(&home).unwrap();
    assert!(reached, "no limit let the board load and then ran out");
}

/// Every colour on the screen, foreground and background.
fn colours_on(screen: &vt100::Screen) -> Vec<vt100::Color> {
    let (rows, cols) = screen.size();
    let (rows, cols) = (rows.get(), cols.get());
    (0..rows)
        .flat_map(|row| (0..cols).map(move |col| (row, col)))
        .filter_map(|(row, col)| screen.cell(row, col))
        .flat_map(|cell| [cell.fgcolor(), cell.bgcolor()])
        .collect()
}

/// On the Linux console (`TERM=linux`, 16 colours) the full screen uses
/// only the 16 colours it has, in every theme; on a 256-colour terminal
/// that does not say it shows 24-bit colour, no 24-bit colour either.
#[cfg(target_os = "linux")]
#[test]
fn the_screen_uses_only_the_colours_the_terminal_shows() {
    let home = std::env::temp_dir().join(format!("play-depth-{}", std::process::id()));
    for (term, most) in [("linux", 15), ("xterm-256color", 255)] {
        for theme in ["classic", "colorblind"] {
            std::fs::create_dir_all(&home).unwrap();
            let bin = common::minesweeper_binary();
            let shell = format!(
                "TERM={term} COLORTERM= '{}' play --level beginner --seed 7 --no-record \
                 --theme {theme}; echo status=$?; stty -a",
                bin.display()
            );
            let mut terminal = Terminal::start(&shell, &home);
            terminal.wait_for("the board", |screen| screen.contents().contains("Mines "));
            // The first opening brings out the clues' colours.
            terminal.send(b" ");
            terminal.wait_for("the clock", |screen| !line(screen, 0).contains("Time 0.0 "));
            let colours = colours_on(terminal.parser.screen());
            assert!(
                colours.iter().any(|c| *c != vt100::Color::Default),
                "{term} {theme}: coloured at all"
            );
            for colour in colours {
                let fits = match colour {
                    vt100::Color::Default => true,
                    vt100::Color::Idx(i) => i <= most,
                    vt100::Color::Rgb(..) => false,
                };
                assert!(fits, "{term} {theme}: {colour:?}");
            }
            terminal.send(b"q");
            assert_given_back(&mut terminal, 0);
            std::fs::remove_dir_all(&home).unwrap();
        }
    }
}

/// A terminal that cannot draw a full screen (`TERM=dumb`) is told so,
/// with the game that plays anywhere, and left as it was.
#[cfg(target_os = "linux")]
#[test]
fn a_dumb_terminal_is_told_to_play_at_the_prompt() {
    let home = std::env::temp_dir().join(format!("play-dumb-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let bin = common::minesweeper_binary();
    let shell = format!(
        "TERM=dumb '{}' play; echo status=$?; stty -a",
        bin.display()
    );
    let mut terminal = Terminal::start(&shell, &home);
    let contents = assert_given_back(&mut terminal, 1);
    assert!(contents.contains("TERM=dumb"), "{contents}");
    let said = contents.replace('\n', "");
    assert!(said.contains("minesweeper --rules classic"), "{contents}");
    assert!(
        said.contains("minesweeper play --screen-reader"),
        "{contents}"
    );
    std::fs::remove_dir_all(&home).unwrap();
}

/// On the Linux console (`TERM=linux`, 16 colours) every colour is said in
/// the codes it knows (30–37, 90–97, 40–47, 100–107), never by palette
/// index (`38;5;N`), and nothing it does not know (the underline's colour,
/// `59`) is sent; the clues take colours of their own among the 16.
#[test]
fn the_linux_console_gets_only_the_codes_it_knows() {
    let home = std::env::temp_dir().join(format!("play-linux-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let bin = common::minesweeper_binary();
    let shell = format!(
        "TERM=linux '{}' play --level expert --seed 7 --no-record; echo status=$?; stty -a",
        bin.display()
    );
    let mut terminal = Terminal::start(&shell, &home);
    terminal.wait_for("the board", |screen| screen.contents().contains("Mines "));
    terminal.send(b" ");
    terminal.wait_for("an opening", |screen| screen.contents().contains('1'));
    terminal.send(b"q");
    assert_given_back(&mut terminal, 0);
    let written = String::from_utf8_lossy(&terminal.written).into_owned();
    let known = |code: u32| matches!(code, 0..=2 | 4 | 5 | 7 | 22..=25 | 27 | 30..=37 | 39 | 40..=47 | 49 | 90..=97 | 100..=107);
    let mut colours = std::collections::BTreeSet::new();
    for sequence in written.split("\u{1b}[").skip(1) {
        let Some(end) = sequence.find(|c: char| !(c.is_ascii_digit() || c == ';')) else {
            continue;
        };
        if !sequence[end..].starts_with('m') {
            continue;
        }
        for code in sequence[..end].split(';').filter(|code| !code.is_empty()) {
            let code: u32 = code.parse().unwrap();
            assert!(
                known(code),
                "\\e[{}m is not the console's",
                &sequence[..end]
            );
            colours.insert(code);
        }
    }
    // The board's black, the covered squares' grey, and clues 1 and 2
    // (light blue, green) at least.
    for code in [40, 90, 94, 32] {
        assert!(colours.contains(&code), "{code} missing from {colours:?}");
    }
    std::fs::remove_dir_all(&home).unwrap();
}
