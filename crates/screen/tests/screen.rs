//! The full screen as values: commands in, state out, and the drawn screen
//! as text (ratatui's test backend), for each kind of screen.

use std::time::{Duration, Instant};

use engine::{Cover, Glyph, Layout, Pos, RuleSet, Status, parse_board};
use insta::assert_snapshot;
use minesweeper_screen::command::{Button, Command, Edge, typed};
use minesweeper_screen::state::{Deal, Screen, Setup};
use minesweeper_screen::theme::{Looks, Theme};
use minesweeper_screen::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use records::stats::Standing;

/// Two mines: in the top left corner and at row 2, column 3.
const TWO_MINES: &[u8] = b"+++++\n+*  +\n+  *+\n+   +\n+++++\n";

fn setup(deal: Deal, classic: bool) -> Setup {
    let rule_set = if classic {
        &RuleSet::CLASSIC
    } else {
        &RuleSet::PROJ3
    };
    Setup {
        deal,
        rule_set,
        rules: rule_set.rules,
        looks: Looks {
            colour: true,
            sixteen: false,
            theme: Theme::Mono,
            unicode: false,
        },
        animate: None,
        board_name: None,
        hint_penalty: None,
        spare_seed: 99,
    }
}

/// The looks of `theme`, in ASCII.
fn setup_looks(theme: Theme) -> Looks {
    Looks {
        colour: true,
        sixteen: false,
        theme,
        unicode: false,
    }
}

/// The two mines' board, by classic rules or proj3's.
fn two_mines_setup(classic: bool) -> Setup {
    setup(Deal::Board(parse_board(TWO_MINES).unwrap()), classic)
}

/// The two mines' board, the cursor in its top left corner, where the
/// tests' moves count from (a game starts in the middle).
fn two_mines(classic: bool) -> Screen {
    from_the_corner(Screen::new(two_mines_setup(classic), 80, 24).unwrap())
}

/// A random board of seed 7, the cursor in its top left corner.
fn random(layout: Layout, width: u16, height: u16) -> Screen {
    let deal = Deal::Random {
        layout,
        seed: 7,
        no_guess: false,
    };
    from_the_corner(Screen::new(setup(deal, true), width, height).unwrap())
}

fn from_the_corner(mut screen: Screen) -> Screen {
    let edges = [
        Command::Jump(Edge::FirstRow),
        Command::Jump(Edge::FirstColumn),
    ];
    go(&mut screen, &edges, Instant::now());
    screen
}

/// The screen drawn at `now`, as a test backend holds it.
fn backend(screen: &Screen, now: Instant) -> TestBackend {
    let mut terminal = Terminal::new(TestBackend::new(screen.size().0, screen.size().1)).unwrap();
    terminal
        .draw(|frame| view::draw(frame, screen, now))
        .unwrap();
    terminal.backend().clone()
}

/// The screen drawn at `now`, as text.
fn drawn(screen: &Screen, now: Instant) -> String {
    backend(screen, now).to_string()
}

/// Types `script` on the screen at `now`, key by key through the real key
/// map ([`typed`]): `"jl<space>f"` moves down and right, opens, flags.
fn keys(screen: &mut Screen, script: &str, now: Instant) {
    let commands = typed(script).unwrap_or_else(|| panic!("not a script of keys: {script}"));
    go(screen, &commands, now);
}

fn go(screen: &mut Screen, commands: &[Command], now: Instant) {
    for &command in commands {
        screen.update(command, now);
    }
}

const fn to(rows: isize, cols: isize) -> Command {
    Command::Move { rows, cols }
}

/// On the two mines' board from the top left: open the 2 at 2,2, then flag
/// both mines around it. The cursor ends on the second, at 2,3.
const OPEN_THE_2_AND_FLAG_ITS_MINES: &str = "jl<space>khfjllf";

#[test]
fn the_cursor_stays_on_the_board_and_the_view_follows_it() {
    let now = Instant::now();
    let mut screen = random(Layout::new(100, 100, 10), 80, 24);
    keys(&mut screen, "kkkhhh", now);
    assert_eq!(screen.cursor(), Pos::new(0, 0));
    go(&mut screen, &[to(40, 60)], now);
    assert_eq!(screen.cursor(), Pos::new(40, 60));
    let view = screen.geometry().unwrap();
    assert!(screen.origin().row + view.rows > 40 && screen.origin().row <= 40);
    assert!(screen.origin().col + view.cols > 60 && screen.origin().col <= 60);
    // A smaller terminal: the view still holds the cursor.
    go(
        &mut screen,
        &[Command::Resize {
            width: 30,
            height: 12,
        }],
        now,
    );
    let view = screen.geometry().unwrap();
    assert!(screen.origin().col + view.cols > 60 && screen.origin().col <= 60);
}

#[test]
fn a_chord_on_a_number_opens_its_neighbours_and_a_loss_can_be_undone() {
    let now = Instant::now();
    let mut screen = two_mines(true);
    // Reveal 2,2 (a 2), flag both mines, chord on it: won.
    keys(&mut screen, OPEN_THE_2_AND_FLAG_ITS_MINES, now);
    keys(&mut screen, "h<space>", now);
    assert_eq!(screen.game().status(), Status::Won);
    assert!(drawn(&screen, now).contains("clicks"), "the score is shown");

    // A wrong flag: the chord loses; undo takes it back.
    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space>khflf", now);
    keys(&mut screen, "j<space>", now);
    assert_eq!(screen.game().status(), Status::Lost(Pos::new(1, 2)));
    assert!(screen.summary().is_some_and(|s| !s.won));
    keys(&mut screen, "u", now);
    assert_eq!(screen.game().status(), Status::Playing);
    assert_eq!(screen.summary(), None, "the figures go with the loss");
    assert_eq!((screen.game().deaths(), screen.undos()), (1, 1));
    keys(&mut screen, "<C-r>", now);
    assert_eq!(screen.game().status(), Status::Lost(Pos::new(1, 2)));
}

#[test]
fn the_clock_starts_at_the_first_reveal_and_stops_while_paused() {
    let start = Instant::now();
    let later = |s: u64| start + Duration::from_secs(s);
    let mut screen = random(Layout::EXPERT, 80, 24);
    assert_eq!(screen.elapsed(later(5)), Duration::ZERO);
    keys(&mut screen, "<space>", later(10));
    assert_eq!(screen.elapsed(later(12)), Duration::from_secs(2));
    screen.update(Command::Pause, later(12));
    assert!(screen.is_paused());
    // Moves wait while paused.
    screen.update(Command::Reveal, later(13));
    assert_eq!(screen.elapsed(later(20)), Duration::from_secs(2));
    screen.update(Command::Pause, later(20));
    assert_eq!(screen.elapsed(later(21)), Duration::from_secs(3));
}

/// The mouse shows before it plays: the square under it is marked, a
/// button held down shows what letting go would open (with both, the
/// square and its covered neighbours), and moving it never skips an
/// animation nor counts as a move.
#[test]
fn the_mouse_is_shown_before_it_plays() {
    use minesweeper_screen::command::Press;
    let now = Instant::now();
    let mut screen = two_mines(true);
    // Row 3, column 2 of the board, where the screen draws it.
    let (column, row) = screen.geometry().unwrap().cell_of(2, 1);
    let point = |press| Command::Pointer { column, row, press };
    go(&mut screen, &[point(Press::Up)], now);
    assert_eq!(screen.hovered(), Some(Pos::new(2, 1)));
    assert!(!screen.looks_pressed(Pos::new(2, 1)));
    let cell = |screen: &Screen| backend(screen, now).buffer()[(column, row)].clone();
    assert!(
        cell(&screen).modifier.contains(Modifier::BOLD),
        "mono: bold"
    );
    go(&mut screen, &[point(Press::Reveal)], now);
    assert!(screen.looks_pressed(Pos::new(2, 1)));
    assert!(!screen.looks_pressed(Pos::new(1, 1)));
    assert_eq!(cell(&screen).symbol(), " ");
    go(&mut screen, &[point(Press::Chord)], now);
    assert!(screen.looks_pressed(Pos::new(1, 1)) && screen.looks_pressed(Pos::new(2, 2)));
    assert!(!screen.looks_pressed(Pos::new(0, 0)), "two rows up");
    assert_eq!(screen.clicks(), 0, "nothing played yet");
    assert!(
        screen
            .game()
            .board()
            .mines()
            .positions()
            .all(|p| screen.game().cover(p) == Cover::Hidden)
    );
    // Let go: played, and nothing held down any more.
    let click = Command::Click {
        column,
        row,
        button: Button::Left,
    };
    go(&mut screen, &[click], now);
    assert_eq!(screen.game().cover(Pos::new(2, 1)), Cover::Open);
    assert!(!screen.looks_pressed(Pos::new(2, 2)));
    // Off the board: nothing under the mouse.
    go(
        &mut screen,
        &[Command::Pointer {
            column: 70,
            row: 20,
            press: Press::Up,
        }],
        now,
    );
    assert_eq!(screen.hovered(), None);

    let delay = Duration::from_millis(60);
    let mut setup = two_mines_setup(true);
    setup.animate = Some(delay);
    let mut animated = from_the_corner(Screen::new(setup, 30, 9).unwrap());
    keys(&mut animated, "jj<space>", now);
    assert!(animated.next_step_due().is_some());
    go(&mut animated, &[point(Press::Up)], now);
    assert!(animated.next_step_due().is_some(), "the animation plays on");
}

/// A game starts with the cursor in the middle of the board, in view.
#[test]
fn the_cursor_starts_in_the_middle() {
    let deal = |layout| Deal::Random {
        layout,
        seed: 7,
        no_guess: false,
    };
    let expert = Screen::new(setup(deal(Layout::EXPERT), true), 80, 24).unwrap();
    assert_eq!(expert.cursor(), Pos::new(7, 14));
    let big = Screen::new(setup(deal(Layout::new(1000, 1000, 10)), true), 80, 24).unwrap();
    assert_eq!(big.cursor(), Pos::new(499, 499));
    let geometry = big.geometry().unwrap();
    let origin = big.origin();
    assert!((origin.row..origin.row + geometry.rows).contains(&499));
    assert!((origin.col..origin.col + geometry.cols).contains(&499));
}

#[test]
fn a_click_acts_on_the_square_under_it() {
    let now = Instant::now();
    let mut screen = two_mines(false);
    // Row 3, column 2 of the board, where the screen draws it.
    let (column, row) = screen.geometry().unwrap().cell_of(2, 1);
    let click = |button| Command::Click {
        column,
        row,
        button,
    };
    screen.update(click(Button::Right), now);
    assert_eq!(screen.game().cover(Pos::new(2, 1)), Cover::Flagged);
    assert_eq!(screen.cursor(), Pos::new(2, 1));
    screen.update(click(Button::Right), now);
    screen.update(click(Button::Left), now);
    assert_eq!(screen.game().cover(Pos::new(2, 1)), Cover::Open);
    // Outside the board: nothing.
    screen.update(
        Command::Click {
            column: 70,
            row: 20,
            button: Button::Left,
        },
        now,
    );
    assert_eq!(screen.cursor(), Pos::new(2, 1));
}

/// A hint marks its square and says why; the cursor stays where the
/// player left it (a guess under the cursor is one Space from going off),
/// and the mark goes with the next move.
#[test]
fn a_hint_marks_its_square_and_says_why() {
    let now = Instant::now();
    let mut screen = two_mines(false);
    keys(&mut screen, "jj<space>i", now);
    assert_eq!(screen.hints(), 1);
    assert!(
        screen.message().starts_with("Field"),
        "{}",
        screen.message()
    );
    assert_eq!(screen.cursor(), Pos::new(2, 0));
    let hinted = screen.hinted().expect("a square marked");
    assert_ne!(hinted, screen.cursor());
    let backend = backend(&screen, now);
    let (x, y) = screen.geometry().unwrap().cell_of(hinted.row, hinted.col);
    let cell = &backend.buffer()[(x, y)];
    assert!(
        cell.modifier.contains(Modifier::UNDERLINED),
        "the mono mark: {cell:?}"
    );
    keys(&mut screen, "f", now);
    assert_eq!(screen.hinted(), None);
}

/// The mine that went off keeps its alarm under the cursor: it never
/// looks like the cursor on a covered square.
#[test]
fn the_mine_that_went_off_keeps_its_alarm_under_the_cursor() {
    let now = Instant::now();
    for theme in [Theme::Classic, Theme::Colorblind, Theme::Mono] {
        let mut setup = two_mines_setup(true);
        setup.looks.theme = theme;
        let mut screen = from_the_corner(Screen::new(setup, 80, 24).unwrap());
        keys(&mut screen, "<space>", now);
        assert!(matches!(screen.game().status(), Status::Lost(_)));
        let backend = backend(&screen, now);
        let cell = &backend.buffer()[screen.geometry().unwrap().cell_of(0, 0)];
        assert_eq!(cell.symbol(), "X");
        let (_, alarm) = setup_looks(theme).square(Glyph::Detonated);
        assert_eq!(cell.bg, alarm.bg.unwrap_or(Color::Reset), "{theme:?}");
        assert!(cell.modifier.contains(Modifier::UNDERLINED), "{theme:?}");
    }
}

/// Waits, a minute at most, for chances worked out on a thread (a board
/// of more than 250,000 squares).
fn chances_taken(screen: &mut Screen) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while screen.is_working_out_chances() {
        screen.collect_chances();
        assert!(Instant::now() < deadline, "no chances within a minute");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The overlay on a board of 360,000 squares with two mines, at the
/// first and third squares of the top row: once the rest is open, the
/// chances are certain, and a hint agrees with them.
#[test]
fn the_overlay_works_on_a_big_board() {
    let size = 600;
    let mut file = format!("+{}+\n", "+".repeat(size));
    file += &format!("+* *{}+\n", " ".repeat(size - 3));
    for _ in 1..size {
        file += &format!("+{}+\n", " ".repeat(size));
    }
    file += &format!("+{}+\n", "+".repeat(size));
    let board = parse_board(file.as_bytes()).unwrap();
    let mut screen = from_the_corner(Screen::new(setup(Deal::Board(board), true), 80, 24).unwrap());
    let now = Instant::now();
    let far = to(size as isize, size as isize);
    go(&mut screen, &[far, Command::Reveal, Command::Overlay], now);
    assert!(screen.shows_overlay(), "{}", screen.message());
    chances_taken(&mut screen);
    let top = |screen: &Screen, col| screen.chance(Pos::new(0, col));
    assert_eq!(
        (
            top(&screen, 0),
            top(&screen, 1),
            top(&screen, 2),
            top(&screen, 3)
        ),
        (Some(1.0), Some(0.0), Some(1.0), None)
    );
    keys(&mut screen, "i", now);
    let hinted = screen.hinted().expect("a hint");
    assert!(hinted.row == 0 && hinted.col < 3, "{}", screen.message());
    // The view went to the hint, and the cursor is still in it.
    let geometry = screen.geometry().unwrap();
    let origin = screen.origin();
    let in_view = |at: Pos| {
        (origin.row..origin.row + geometry.rows).contains(&at.row)
            && (origin.col..origin.col + geometry.cols).contains(&at.col)
    };
    assert!(in_view(hinted) && in_view(screen.cursor()));
}

/// Before a random board's first opening, with that square kept clear,
/// the overlay says what a hint does: any square is safe to open first.
/// The status line gives the exact chance under the cursor.
#[test]
fn the_overlay_before_the_first_move_agrees_with_the_rules() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 80, 24);
    keys(&mut screen, "o", now);
    assert_eq!(screen.chance(Pos::new(4, 4)), Some(0.0));
    assert!(drawn(&screen, now).contains("mine here 0\u{a0}%"));
    keys(&mut screen, "<space>", now);
    let status = |screen: &Screen| drawn(screen, now).lines().next().unwrap().to_owned();
    assert!(!status(&screen).contains("mine here"), "an open square");
    let covered = screen
        .game()
        .board()
        .mines()
        .positions()
        .find(|&p| screen.game().cover(p) == Cover::Hidden)
        .unwrap();
    go(
        &mut screen,
        &[to(covered.row as isize, covered.col as isize)],
        now,
    );
    assert!(status(&screen).contains("mine here"), "{}", status(&screen));

    let mut any = Screen::new(
        Setup {
            rules: RuleSet::CLASSIC
                .rules
                .with_first_move(engine::FirstMove::Any),
            ..screen.setup().clone()
        },
        80,
        24,
    )
    .unwrap();
    keys(&mut any, "o", now);
    let p = any.chance(Pos::new(4, 4)).unwrap();
    assert!((p - 10.0 / 81.0).abs() < 1e-9, "{p}");
}

/// Wins and losses under both kinds of rules: the rules' own words, then
/// the game's figures and what can be done next.
#[test]
fn ends_of_games() {
    let now = Instant::now();
    // Classic: the chord on the 2 at 2,2 opens the last safe squares.
    let mut won = two_mines(true);
    keys(&mut won, OPEN_THE_2_AND_FLAG_ITS_MINES, now);
    keys(&mut won, "h<space>", now);
    assert_snapshot!("won_classic", drawn(&won, now));
    let mut lost = two_mines(true);
    keys(&mut lost, "jj<space>kk<space>", now);
    assert_snapshot!("lost_classic", drawn(&lost, now));

    // proj3: flagging exactly the mines wins with nothing opened.
    let mut won = two_mines(false);
    keys(&mut won, "fjllf", now);
    assert_snapshot!("won_proj3", drawn(&won, now));
    let mut lost = two_mines(false);
    keys(&mut lost, "jj<space>kll<space>", now);
    assert_snapshot!("lost_proj3", drawn(&lost, now));
}

/// Two mines in the colour-blind palette, a flag and the cursor on an
/// open 1: every cell's colours, as drawn.
#[test]
fn colour_blind_theme() {
    let now = Instant::now();
    let mut setup = two_mines_setup(true);
    setup.looks = Looks {
        colour: true,
        sixteen: false,
        theme: Theme::Colorblind,
        unicode: true,
    };
    let mut screen = from_the_corner(Screen::new(setup, 24, 7).unwrap());
    keys(&mut screen, "jj<space>kkllf", now);
    assert_snapshot!(
        "colour_blind",
        format!("{:?}", backend(&screen, now).buffer())
    );
}

/// The cursor stands out in every theme: on an open square with nothing
/// on it too, where only its background (or reverse video) shows.
#[test]
fn the_cursor_is_seen_in_every_theme() {
    let now = Instant::now();
    for theme in [Theme::Classic, Theme::Colorblind, Theme::Mono] {
        let board = parse_board(b"+++++\n+*  +\n+   +\n+   +\n+++++\n").unwrap();
        let mut setup = setup(Deal::Board(board), true);
        setup.looks.theme = theme;
        let mut screen = from_the_corner(Screen::new(setup, 80, 24).unwrap());
        // 3,3 is empty: its reveal opens all but the mine.
        keys(&mut screen, "jjll<space>", now);
        let backend = backend(&screen, now);
        let geometry = screen.geometry().unwrap();
        let cell = &backend.buffer()[geometry.cell_of(2, 2)];
        assert_eq!(cell.symbol(), " ");
        let style = cell.style();
        let stands_out = match theme {
            Theme::Mono => style.add_modifier.contains(Modifier::REVERSED),
            _ => style.bg == Some(Color::Yellow),
        };
        assert!(stands_out, "{theme:?}: {style:?}");
    }
}

/// `--animate`: a reveal's steps shown one at a time, a delay apart; any
/// key skips to the end and does nothing else; the adviser saw every
/// square open all the same.
#[test]
fn an_animated_reveal_shows_its_steps_and_a_key_skips_them() {
    let start = Instant::now();
    let delay = Duration::from_millis(60);
    let mut setup = two_mines_setup(true);
    setup.animate = Some(delay);
    let mut screen = from_the_corner(Screen::new(setup, 30, 9).unwrap());
    // 3,1 is empty: its island is 2,1 2,2 3,1 3,2.
    keys(&mut screen, "jj<space>", start);
    assert_snapshot!("animation_first_step", drawn(&screen, start));
    assert!(screen.tick(start + delay * 3));
    assert_snapshot!("animation_fourth_step", drawn(&screen, start + delay * 3));
    let due = screen.next_step_due().unwrap();
    assert_eq!(due, start + delay * 4);

    // A key: the end at once, the cursor where it was.
    keys(&mut screen, "k", start + delay * 4);
    assert_eq!(screen.next_step_due(), None);
    assert_eq!(screen.cursor(), Pos::new(2, 0));
    assert_eq!(screen.glyph(Pos::new(1, 1)), Glyph::Open(2));
    keys(&mut screen, "i", start + delay * 4);
    let mut plain = two_mines(true);
    keys(&mut plain, "jj<space>i", start);
    assert_eq!(screen.message(), plain.message());
}

/// The clock counts play only: not a stop (Ctrl-Z), not an animated
/// reveal; and a game left by quitting is saved with its time to the quit.
#[test]
fn the_clock_counts_only_the_time_played() {
    use records::Request;
    let start = Instant::now();
    let later = |ms: u64| start + Duration::from_millis(ms);
    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space>", start);
    // Stopped for 8 s after 2 s of play.
    screen.away(later(2000), later(10_000));
    assert_eq!(screen.elapsed(later(11_000)), Duration::from_secs(3));
    screen.take_requests();
    keys(&mut screen, "q", later(11_000));
    let requests = screen.take_requests();
    let [Request::Save(record)] = &requests[..] else {
        panic!("{requests:?}");
    };
    assert_eq!(record.ms, 3000, "the time up to the quit");

    let delay = Duration::from_millis(60);
    let mut setup = two_mines_setup(true);
    setup.animate = Some(delay);
    let mut screen = from_the_corner(Screen::new(setup, 30, 9).unwrap());
    keys(&mut screen, "jj<space>", start);
    let mut now = start;
    while let Some(due) = screen.next_step_due() {
        assert_eq!(screen.elapsed(due), Duration::ZERO, "the reveal plays");
        now = due;
        screen.tick(now);
    }
    assert!(now > start);
    assert_eq!(
        screen.elapsed(now + Duration::from_secs(1)),
        Duration::from_secs(1)
    );
}

/// A key after the end says the game is won in a sentence of its own,
/// the figures after it and the keys for what comes next once.
#[test]
fn a_key_after_a_win_says_so_once() {
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, "jj<space>ll<space>kk<space>h<space>", now);
    assert_eq!(screen.game().status(), Status::Won);
    keys(&mut screen, "<space>", now);
    let shown: String = drawn(&screen, now)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(shown.contains("The game is won. "), "{shown}");
    assert_eq!(shown.matches("again").count(), 1, "{shown}");
    assert!(!shown.contains("plays it again"), "{shown}");
}

/// The moves' times are the game's clock, which a replay tells: 8 s
/// stopped after 2 s of play do not count, and a game carried on goes on
/// from its time.
#[test]
fn move_times_are_the_game_s_own_clock() {
    use records::Request;
    let start = Instant::now();
    let later = |ms: u64| start + Duration::from_millis(ms);
    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space>", start);
    screen.away(later(2000), later(10_000));
    screen.take_requests();
    keys(&mut screen, "k<space>", later(11_000));
    let requests = screen.take_requests();
    let Some(Request::Save(record) | Request::File(record)) = requests.last() else {
        panic!("{requests:?}\n{}", drawn(&screen, later(11_000)));
    };
    assert_eq!(record.moves, "r2,2@0 r1,2@3000", "{record:?}");
    assert_eq!(record.ms, 3000);
    // Carried on a day later: the clock goes on from 3 s at the next
    // opening, and a move 1 s after it is at 4 s.
    let mut again = Screen::resume(two_mines_setup(true), record, 80, 24).unwrap();
    let resumed = later(86_400_000);
    keys(&mut again, "j<space>", resumed);
    keys(&mut again, "l<space>", resumed + Duration::from_secs(1));
    let requests = again.take_requests();
    let Some(Request::Save(record) | Request::File(record)) = requests.last() else {
        panic!("{requests:?}");
    };
    assert_eq!(record.moves, "r2,2@0 r1,2@3000 r3,2@3000 r3,3@4000");
}

/// The screen sleeps while nothing it shows changes: the clock asks to be
/// drawn again only at its next tenth of a second, and only while it runs.
#[test]
fn the_clock_asks_to_be_drawn_only_while_it_runs() {
    let start = Instant::now();
    let later = |ms: u64| start + Duration::from_millis(ms);
    let mut screen = two_mines(true);
    assert_eq!(screen.next_clock_tick(start), None, "before the first move");
    keys(&mut screen, "jl<space>", start);
    assert_eq!(screen.next_clock_tick(start), Some(later(100)));
    assert_eq!(screen.next_clock_tick(later(150)), Some(later(200)));
    keys(&mut screen, "p", later(250));
    assert_eq!(screen.next_clock_tick(later(300)), None, "paused");
}

/// A column label is whole or not drawn: none runs into the mark that
/// says more lies to the right (on 1000 columns at 80x24 the view's
/// last label, 500, read "5▶").
#[test]
fn column_labels_stay_whole_beside_the_mark_of_more() {
    let now = Instant::now();
    let deal = Deal::Random {
        layout: Layout::new(1000, 1000, 10),
        seed: 7,
        no_guess: false,
    };
    let big = Screen::new(setup(deal, true), 80, 24).unwrap();
    let drawn = drawn(&big, now);
    let labels = drawn.lines().nth(1).unwrap().trim_matches('"');
    assert!(labels.ends_with(['▶', '>']), "{labels}");
    let geometry = big.geometry().unwrap();
    let in_view = big.origin().col + 1..=big.origin().col + geometry.cols;
    for token in labels.split_whitespace() {
        let number = token.trim_matches(['▲', '◀', '▶', '^', '<', '>']);
        if number.is_empty() {
            continue;
        }
        let column: usize = number.parse().unwrap();
        assert!(in_view.contains(&column), "{column} in {labels}");
        assert!(
            column == *in_view.start() || column.is_multiple_of(5),
            "{labels}"
        );
    }
}

/// Flagging more squares than there are mines shows the true count below
/// zero, as minesweeper.online does (classic's prompt stops at 0).
#[test]
fn the_mine_counter_goes_below_zero() {
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, "f<right>f<right>f", now);
    let drawn = drawn(&screen, now);
    assert!(
        drawn.lines().next().unwrap().contains("Mines -1"),
        "{drawn}"
    );
}

/// Under `TERM=linux` every character drawn is one the console's default
/// fonts hold: the flag, the chances, the marks of more beyond, an
/// animation's arrows, the boxes and the replay's bar all come out in
/// ASCII or in [`font::CONSOLE_HOLDS`], drawn in Unicode and fitted as
/// every frame is.
#[test]
fn every_character_drawn_on_the_linux_console_is_in_its_font() {
    use minesweeper_screen::font::{self, CONSOLE_HOLDS, Font};
    use minesweeper_screen::replay::Replay;
    use std::collections::BTreeSet;
    let now = Instant::now();
    let console = Font::of_term(Some("linux"));
    let unicode = |mut setup: Setup| {
        setup.looks = Looks {
            colour: true,
            sixteen: true,
            theme: Theme::Classic,
            unicode: true,
        };
        setup
    };
    let mut drawn_before = String::new();
    let mut drawn_after = BTreeSet::new();
    let mut look = |screen: &Screen, now: Instant, bar: Option<String>| {
        let (width, height) = screen.size();
        let mut terminal = Terminal::new(TestBackend::new(width, height + 1)).unwrap();
        terminal
            .draw(|frame| {
                view::draw(frame, screen, now);
                if let Some(bar) = &bar {
                    frame
                        .buffer_mut()
                        .set_string(0, height, bar, ratatui::style::Style::default());
                }
                drawn_before.push_str(
                    &frame
                        .buffer_mut()
                        .content
                        .iter()
                        .map(ratatui::buffer::Cell::symbol)
                        .collect::<String>(),
                );
                font::fit(frame.buffer_mut(), console);
            })
            .unwrap();
        drawn_after.extend(terminal.backend().to_string().chars());
    };
    // Flags and a question mark, the chances, the keys and the menu.
    let mut screen = from_the_corner(Screen::new(unicode(two_mines_setup(true)), 80, 24).unwrap());
    keys(&mut screen, "jj<space>kkfflf", now);
    look(&screen, now, None);
    keys(&mut screen, "c", now);
    look(&screen, now, None);
    for key in ["?", "m"] {
        keys(&mut screen, key, now);
        look(&screen, now, None);
        keys(&mut screen, "<esc>", now);
    }
    // The marks of more beyond on every side.
    let deal = Deal::Random {
        layout: Layout::new(1000, 1000, 10),
        seed: 7,
        no_guess: false,
    };
    let big = Screen::new(unicode(setup(deal, true)), 80, 24).unwrap();
    look(&big, now, None);
    // An animation's arrows.
    let mut setup = unicode(two_mines_setup(true));
    setup.animate = Some(Duration::from_millis(60));
    let mut animated = from_the_corner(Screen::new(setup, 30, 9).unwrap());
    keys(&mut animated, "jj<space>", now);
    for step in 0..6 {
        let at = now + Duration::from_millis(60 * step);
        animated.tick(at);
        look(&animated, at, None);
    }
    // A replay and its bar.
    let mut played = from_the_corner(Screen::new(unicode(two_mines_setup(true)), 80, 24).unwrap());
    keys(&mut played, "jl<space>khf", now);
    let Some(records::Request::Save(record)) = played.take_requests().pop() else {
        panic!("saved");
    };
    let replay = Replay::new(
        unicode(two_mines_setup(true)),
        record.events().unwrap(),
        1.0,
        "of a game".into(),
        (80, 23),
        now,
    )
    .unwrap();
    look(&replay.screen, now, Some(replay.bar(80)));

    assert!(
        drawn_before.contains('⚑') && drawn_before.contains('▶'),
        "drawn in Unicode"
    );
    let lacking: String = drawn_after
        .into_iter()
        .filter(|&c| !c.is_ascii() && !CONSOLE_HOLDS.contains(c))
        .collect();
    assert_eq!(lacking, "", "characters the console's font lacks");
}

#[test]
fn screens() {
    let now = Instant::now();
    let mut screen = random(Layout::EXPERT, 80, 24);
    assert_snapshot!("new_expert_game", drawn(&screen, now));
    go(&mut screen, &[to(7, 14), Command::Reveal, to(1, 1)], now);
    assert_snapshot!("expert_in_progress", drawn(&screen, now));
    screen.update(Command::Overlay, now);
    assert_snapshot!("probability_overlay", drawn(&screen, now));
    screen.update(Command::Overlay, now);
    screen.update(Command::Help, now);
    assert_snapshot!("keys", drawn(&screen, now));
    screen.update(Command::Help, now);
    screen.update(Command::Pause, now);
    assert_snapshot!("paused", drawn(&screen, now));

    let big = random(Layout::new(1000, 1000, 100_000), 60, 20);
    assert_snapshot!("viewport_on_a_big_board", drawn(&big, now));
    let tiny = random(Layout::EXPERT, 12, 6);
    assert_snapshot!("too_small", drawn(&tiny, now));
}

/// The screen asks for a save after every move, keeps a finished game in
/// the history when it is left, and lets go of an unfinished one left for
/// a new board; quitting a game in progress saves it.
#[test]
fn the_records_follow_the_game() {
    use records::GameResult;
    use records::Request;
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space>", now);
    let requests = screen.take_requests();
    assert!(
        matches!(&requests[..], [Request::Save(r)] if r.result == GameResult::Playing && r.moves == "r2,2@0"),
        "{requests:?}"
    );
    // A new board: the unfinished game is kept, abandoned.
    keys(&mut screen, "n", now);
    let requests = screen.take_requests();
    assert!(
        matches!(&requests[..], [Request::File(r)] if r.result == GameResult::Abandoned && r.moves == "r2,2@0"),
        "{requests:?}"
    );
    // Lost, undone, lost again, then left: kept once, with its deaths.
    keys(&mut screen, "kh<space>", now + Duration::from_millis(300));
    keys(&mut screen, "u<C-r>", now + Duration::from_millis(900));
    assert_eq!(screen.take_requests().len(), 3, "a save after each");
    keys(&mut screen, "r", now);
    let requests = screen.take_requests();
    let [Request::File(record)] = &requests[..] else {
        panic!("{requests:?}");
    };
    assert_eq!(record.result, GameResult::Lost);
    assert_eq!((record.deaths, record.undos), (2, 1));
    // At the game's clock, stopped by the loss: not the 600 ms the wall
    // counted before the undo.
    assert_eq!(record.moves, "r1,1@0 u@0 a@0");
    assert!(record.game_clock);
    // Quitting in the middle saves the game once more, to be carried on,
    // and lets nothing go.
    keys(&mut screen, "jl<space>", now);
    screen.take_requests();
    keys(&mut screen, "q", now);
    assert!(screen.has_quit());
    let requests = screen.take_requests();
    assert!(
        matches!(&requests[..], [Request::Save(r)] if r.result == GameResult::Playing),
        "{requests:?}"
    );
}

/// A game begins with its first opening: marks and a hint before it ask
/// nothing of the records and count nothing; and a key or a click that
/// changes nothing (a flag or Space on an open square, a middle click on
/// a covered one) is not kept as a move.
#[test]
fn marks_alone_are_no_game_and_what_changes_nothing_is_no_move() {
    use records::Request;
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 80, 24);
    keys(&mut screen, "fi", now);
    assert!(
        screen
            .message()
            .contains("first square opened never holds a mine")
    );
    assert_eq!(screen.hints(), 0, "where to start, all safe, is not a hint");
    keys(&mut screen, "n", now);
    assert_eq!(screen.take_requests(), []);
    let mut screen = two_mines(true);
    keys(&mut screen, "fq", now);
    assert_eq!(screen.take_requests(), []);

    let mut screen = two_mines(true);
    // 3,1 has no mine around it: it opens an area.
    keys(&mut screen, "jj<space>", now);
    let [Request::Save(opened)] = &screen.take_requests()[..] else {
        panic!("the game begins with its first opening");
    };
    let (column, row) = screen.geometry().unwrap().cell_of(0, 2);
    let middle = Command::Click {
        column,
        row,
        button: Button::Middle,
    };
    go(&mut screen, &[Command::Flag, Command::Reveal, middle], now);
    assert_eq!(screen.cursor(), Pos::new(0, 2));
    assert_eq!(screen.take_requests(), []);
    keys(&mut screen, "q", now);
    let [Request::Save(quit)] = &screen.take_requests()[..] else {
        panic!("a game in progress is saved");
    };
    assert_eq!(quit.moves, opened.moves);
    assert_eq!(quit.clicks, 1);
}

/// A win is kept the moment it is made, once: leaving it, starting a new
/// board or quitting asks nothing more.
#[test]
fn a_win_is_kept_when_it_is_made() {
    use records::GameResult;
    use records::Request;
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, OPEN_THE_2_AND_FLAG_ITS_MINES, now);
    screen.take_requests();
    keys(&mut screen, "h<space>", now);
    assert_eq!(screen.game().status(), Status::Won);
    let requests = screen.take_requests();
    assert!(
        matches!(&requests[..], [Request::Save(s), Request::File(f)] if s == f && f.result == GameResult::Won),
        "{requests:?}"
    );
    keys(&mut screen, "ifq", now);
    assert_eq!(screen.take_requests(), []);
}

/// With the games not recorded, the screen asks nothing of them and
/// the game plays as before.
#[test]
fn without_records_nothing_is_asked_of_them() {
    let now = Instant::now();
    let mut screen = two_mines(true);
    screen.set_recording(false);
    keys(&mut screen, "jl<space>", now);
    assert_eq!(screen.game().status(), Status::Playing);
    keys(&mut screen, "kh<space>", now);
    assert!(matches!(screen.game().status(), Status::Lost(_)));
    keys(&mut screen, "u", now);
    assert_eq!(screen.game().status(), Status::Playing);
    keys(&mut screen, "nq", now);
    assert!(screen.has_quit());
    assert_eq!(screen.take_requests(), []);
}

/// A terminal too small for the board says what it needs in words:
/// columns and lines, never "12x9", which reads as rows x columns the way
/// boards are sized.
#[test]
fn a_terminal_too_small_says_the_columns_and_lines_it_needs() {
    let screen = random(Layout::EXPERT, 30, 8);
    let drawn = drawn(&screen, Instant::now()).replace('"', " ");
    let text = drawn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("Too small: needs 13 columns, 9 lines. q quits"),
        "{text}"
    );
}

/// While the terminal is too small to show the board, keys and clicks do
/// nothing to it: after enlarging, nothing was opened and no clock runs.
#[test]
fn a_board_too_big_to_show_takes_no_moves() {
    let now = Instant::now();
    let mut screen = random(Layout::EXPERT, 30, 8);
    assert_eq!(screen.geometry(), None);
    let cursor = screen.cursor();
    go(
        &mut screen,
        &[
            Command::Reveal,
            Command::Flag,
            to(1, 1),
            Command::Hint,
            Command::Click {
                column: 3,
                row: 2,
                button: Button::Left,
            },
        ],
        now,
    );
    go(
        &mut screen,
        &[Command::Resize {
            width: 80,
            height: 24,
        }],
        now,
    );
    assert!(screen.geometry().is_some());
    let board = screen.game().board();
    assert!(
        board
            .mines()
            .positions()
            .all(|p| screen.game().cover(p) == Cover::Hidden)
    );
    assert_eq!(screen.cursor(), cursor);
    assert_eq!((screen.hints(), screen.clicks()), (0, 0));
    assert_eq!(screen.elapsed(now + Duration::from_secs(5)), Duration::ZERO);
}

/// The seed to play a board again is given only once there is a board:
/// a random game's mines are placed at its first opening.
#[test]
fn a_seed_is_given_once_its_board_is_dealt() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 80, 24);
    assert_eq!((screen.seed(), screen.dealt_seed()), (Some(7), None));
    keys(&mut screen, "<space>", now);
    assert_eq!(screen.dealt_seed(), Some(7));
    keys(&mut screen, "n", now);
    assert_eq!((screen.seed(), screen.dealt_seed()), (Some(8), None));
}

/// A win is final: `u` on the win screen takes nothing back, and the
/// record keeps a clean win.
#[test]
fn a_win_is_not_undone() {
    use records::{GameResult, Request};
    let now = Instant::now();
    let mut screen = two_mines(false);
    keys(&mut screen, OPEN_THE_2_AND_FLAG_ITS_MINES, now);
    assert_eq!(screen.game().status(), Status::Won);
    let requests = screen.take_requests();
    let Some(Request::File(record)) = requests.last() else {
        panic!("{requests:?}");
    };
    assert_eq!((record.result, record.undos), (GameResult::Won, 0));
    assert!(!record.assisted());
    keys(&mut screen, "u", now);
    assert_eq!(screen.game().status(), Status::Won);
    assert_eq!(screen.undos(), 0);
    assert!(
        screen.message().starts_with("A win stays won"),
        "{}",
        screen.message()
    );
    keys(&mut screen, "n", now);
    assert_eq!(screen.take_requests(), [], "kept once, when it was won");
}

/// A saved game carried on is the game as it was left: its squares, its
/// counts, its clock.
#[test]
fn a_saved_game_comes_back_as_it_was_left() {
    use records::Request;
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, OPEN_THE_2_AND_FLAG_ITS_MINES, now);
    keys(&mut screen, "i", now + Duration::from_millis(1500));
    let Some(Request::Save(saved)) = screen.take_requests().pop() else {
        panic!("saved");
    };
    let resumed = Screen::resume(two_mines_setup(true), &saved, 80, 24).unwrap();
    for pos in screen.game().board().mines().positions() {
        assert_eq!(
            resumed.game().glyph(pos),
            screen.game().glyph(pos),
            "{pos:?}"
        );
    }
    assert_eq!((resumed.hints(), resumed.clicks()), (1, 3));
    assert_eq!(resumed.elapsed(now), Duration::from_millis(1500));
    assert!(
        resumed.message().starts_with("Carried on"),
        "{}",
        resumed.message()
    );
}

/// A replay plays the events at their times, scaled by its speed, steps
/// back and forward, and stops at the end.
#[test]
fn a_replay_plays_at_the_pace_of_the_game() {
    use minesweeper_screen::replay::{Control, Replay};
    use records::Request;
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space>", now);
    keys(&mut screen, "khf", now + Duration::from_secs(2));
    keys(&mut screen, "lf", now + Duration::from_secs(3));
    let Some(Request::Save(record)) = screen.take_requests().pop() else {
        panic!("saved");
    };
    let events = record.events().unwrap();
    let mut replay = Replay::new(
        two_mines_setup(true),
        events,
        1.0,
        "test".into(),
        (80, 24),
        now,
    )
    .unwrap();
    replay.advance(Duration::ZERO);
    assert_eq!(replay.played, 1, "the first move at once");
    replay.advance(Duration::from_millis(1500));
    assert_eq!(replay.played, 1);
    replay.control(Control::Faster);
    replay.advance(Duration::from_millis(300));
    assert_eq!(replay.played, 2, "2.1 s of the game in 1.8 s at 2x");
    replay.control(Control::Back);
    assert!(replay.paused);
    assert_eq!(replay.played, 1);
    assert_eq!(replay.screen.game().cover(Pos::new(0, 0)), Cover::Hidden);
    replay.control(Control::End);
    assert!(replay.at_end());
    assert_eq!(replay.screen.game().cover(Pos::new(0, 0)), Cover::Flagged);
    let bar = replay.bar(200);
    assert!(bar.contains("move 3 of 3, the end"), "{bar}");
    assert!(bar.ends_with("q quit"), "{bar}");
    // On 80 columns the keys are told short; on 40 the place is told
    // short and the keys still fit; on 20 the place alone, whole.
    assert!(replay.bar(80).chars().count() <= 80, "{}", replay.bar(80));
    assert!(replay.bar(80).ends_with(" q"), "{}", replay.bar(80));
    let mut titled = replay;
    titled.title = "of game #12 (an older record)".to_owned();
    assert_eq!(
        titled.bar(40),
        "Move 3 of 3, the end, 2x  space \u{2190}\u{2192} + - q"
    );
    assert_eq!(
        titled.bar(38),
        "Move 3/3, the end, 2x  space \u{2190}\u{2192} + - q"
    );
    assert_eq!(titled.bar(20), "3/3 the end 2x");
    let mut replay = titled;
    // The end of a replay gives its figures, not the game's keys.
    let drawn = drawn(&replay.screen, now);
    assert!(!drawn.contains("r again"), "{drawn}");
    replay.control(Control::Pause);
    assert_eq!(
        (replay.played, replay.paused),
        (0, false),
        "from the start again"
    );
}

/// The menu deals the next game with what it says, keeps the choices for
/// the settings, and lets the unfinished game go; marks without question
/// marks go from a flag straight back to covered.
#[test]
fn the_menu_deals_the_next_game_with_its_choices() {
    use records::Request;
    let now = Instant::now();
    let mut screen = two_mines(false);
    keys(&mut screen, "jl<space>m", now);
    screen.take_requests();
    let menu = screen.menu().expect("m opens the menu");
    let lines = menu.lines();
    assert_eq!(
        lines[0],
        ("Level", "custom".to_owned(), true),
        "a board file's size"
    );
    assert_eq!(lines[4].1, "proj3");
    // Beginner, then intermediate; classic rules; the first move opens an
    // area; question marks off.
    let choose = [
        to(0, 1),
        to(0, 1),
        to(4, 0),
        to(0, 1),
        to(1, 0),
        to(0, 1),
        to(2, 0),
        to(0, -1),
    ];
    go(&mut screen, &choose, now);
    assert!(
        screen.take_settings().is_none(),
        "nothing kept before Enter"
    );
    keys(&mut screen, "<space>", now);
    assert!(screen.menu().is_none());
    let requests = screen.take_requests();
    assert!(
        matches!(&requests[..], [Request::File(r)] if r.result == records::GameResult::Abandoned),
        "{requests:?}"
    );
    assert!(
        matches!(screen.setup().deal, Deal::Random { layout, .. } if layout == Layout::INTERMEDIATE),
        "{:?}",
        screen.setup().deal
    );
    assert_eq!(screen.setup().rule_set.name, "classic");
    assert_eq!(
        screen.seed(),
        Some(99),
        "the spare seed, after a board file"
    );
    assert_eq!(
        screen.cursor(),
        Pos::new(7, 7),
        "a new game starts in the middle"
    );
    let settings = screen.take_settings().expect("the choices, to keep");
    assert_eq!(settings.size, Some((16, 16, 40)));
    assert_eq!(settings.rules.as_deref(), Some("classic"));
    assert_eq!(settings.question_marks, Some(false));
    assert_eq!(settings.first_move.as_deref(), Some("opening"));
    assert_eq!(screen.setup().rules.first_move, engine::FirstMove::Opening);
    assert!(screen.take_settings().is_none(), "kept once");

    let at = screen.cursor();
    keys(&mut screen, "f", now);
    assert_eq!(screen.glyph(at), Glyph::Flag);
    keys(&mut screen, "f", now);
    assert_eq!(screen.glyph(at), Glyph::Hidden, "no question mark");

    // The next deal from the menu follows the random board's seed.
    keys(&mut screen, "m<space>", now);
    assert_eq!(screen.seed(), Some(100));
}

/// The menu can be closed with nothing changed, stops the clock while it
/// is open, and refuses a size that leaves no room for the first move,
/// saying why.
#[test]
fn the_menu_holds_the_clock_and_refuses_a_board_without_room() {
    let start = Instant::now();
    let later = |s: u64| start + Duration::from_secs(s);
    let mut screen = random(Layout::BEGINNER, 80, 24);
    keys(&mut screen, "<space>", start);
    keys(&mut screen, "m", later(2));
    // While it is open, keys work the menu, not the board.
    keys(&mut screen, "jf", later(3));
    assert_eq!(screen.game().status(), Status::Playing);
    keys(&mut screen, "q", later(10));
    assert!(
        !screen.has_quit() && screen.menu().is_none(),
        "Esc closes it"
    );
    assert_eq!(screen.elapsed(later(11)), Duration::from_secs(3));
    assert_eq!(screen.setup().deal.seed(), Some(7), "nothing changed");

    // One row, one column: the mine fills the only square.
    let shrink = [Command::Menu, to(1, 0), to(0, -10), to(1, 0), to(0, -10)];
    go(&mut screen, &shrink, later(12));
    keys(&mut screen, "<space>", later(12));
    assert!(screen.menu().is_some(), "still open");
    assert_eq!(
        screen.message(),
        "1 mine is too many for 1x1: at most 0 leave room for the first move"
    );
    assert_eq!(screen.game().board().rows(), 9, "the game is as it was");
}

/// The colours chosen in the menu are the screen's from the next game on;
/// without colour the menu offers none.
#[test]
fn the_menu_changes_the_colours() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 80, 24);
    keys(&mut screen, "mjjjjjjjjjh<space>", now);
    assert_eq!(screen.setup().looks.theme, Theme::Colorblind);
    let settings = screen.take_settings().unwrap();
    assert_eq!(settings.theme.as_deref(), Some("colorblind"));

    let mut setup = two_mines_setup(true);
    setup.looks.colour = false;
    let mut screen = Screen::new(setup, 80, 24).unwrap();
    keys(&mut screen, "mjjjjjjjjjl<space>", now);
    assert_eq!(screen.setup().looks.theme, Theme::Mono);
}

#[test]
fn the_menu_screen() {
    let now = Instant::now();
    let mut screen = random(Layout::EXPERT, 80, 24);
    keys(&mut screen, "mjj", now);
    assert_snapshot!("menu", drawn(&screen, now));
    let backend = backend(&screen, now);
    let chosen = backend
        .buffer()
        .content()
        .iter()
        .filter(|cell| cell.modifier.contains(Modifier::REVERSED))
        .map(ratatui::buffer::Cell::symbol)
        .collect::<String>();
    assert!(
        chosen.contains("Columns"),
        "the chosen line stands out: {chosen:?}"
    );
}

/// A win, told where it stands among the earlier games of its kind.
#[test]
fn a_win_with_its_standing() {
    let now = Instant::now();
    let mut won = two_mines(true);
    keys(&mut won, OPEN_THE_2_AND_FLAG_ITS_MINES, now);
    keys(&mut won, "h<space>", now);
    assert!(won.wants_standing());
    won.note_standing(Standing {
        place: Some(2),
        clean_wins: 3,
        best_ms: Some(1500),
        won: 3,
        played: 5,
    });
    assert!(!won.wants_standing(), "asked once");
    assert_snapshot!("won_with_standing", drawn(&won, now));
}

/// A board that fits twice over is drawn at twice the size, centred: a
/// square four cells by two lines, its clue in the top line's middle.
#[test]
fn a_board_with_room_is_centred_and_doubled() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 80, 30);
    keys(&mut screen, "<space>", now);
    assert_snapshot!("beginner_doubled", drawn(&screen, now));

    // In colour, each square is a block of three cells by two lines in its
    // own colours, a board-coloured gap after it.
    let mut setup = screen.setup().clone();
    setup.looks.theme = Theme::Classic;
    let screen = Screen::new(setup, 80, 30).unwrap();
    let backend = backend(&screen, now);
    let geometry = screen.geometry().unwrap();
    let (x, y) = geometry.cell_of(2, 6);
    let square = backend.buffer()[(x, y)].style();
    assert_ne!(square.bg, Some(Color::Reset));
    for (dx, dy) in [(-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        let cell = &backend.buffer()[((i32::from(x) + dx) as u16, y + dy)];
        assert_eq!(cell.style().bg, square.bg, "{dx},{dy}");
    }
    let gap = &backend.buffer()[(x + 2, y)];
    assert_eq!(gap.style().bg, Some(minesweeper_screen::theme::BOARD));
}

/// The overlay in each theme, cell by cell: no chance drawn as a digit,
/// the safe mark only where the chance is 0.
#[test]
fn the_overlay_in_each_theme() {
    let now = Instant::now();
    for theme in Theme::ALL {
        let mut setup = two_mines_setup(true);
        setup.looks = Looks {
            colour: true,
            sixteen: false,
            theme,
            unicode: true,
        };
        let mut screen = from_the_corner(Screen::new(setup, 44, 8).unwrap());
        keys(&mut screen, "jj<space>o", now);
        assert_snapshot!(
            format!("overlay_{}", theme.name()),
            format!("{:?}", backend(&screen, now).buffer())
        );
    }
}

/// A player who knows the board wins beginner by mouse in one click per
/// 3BV: a left click on each opening and on each number no opening
/// reaches, nothing else counted (the first click opens an opening here,
/// so it is one of them).
#[test]
fn a_mouse_win_costs_a_click_per_3bv() {
    let now = Instant::now();
    for seed in 1..=20 {
        let deal = Deal::Random {
            layout: Layout::BEGINNER,
            seed,
            no_guess: false,
        };
        let rules = RuleSet::CLASSIC
            .rules
            .with_first_move(engine::FirstMove::Opening);
        let setup = Setup {
            rules,
            ..setup(deal, true)
        };
        let mut screen = Screen::new(setup, 80, 24).unwrap();
        let click = |screen: &Screen, pos: Pos| {
            let (column, row) = screen
                .geometry()
                .unwrap()
                .cell_of(pos.row - screen.origin().row, pos.col - screen.origin().col);
            Command::Click {
                column,
                row,
                button: Button::Left,
            }
        };
        let first = click(&screen, screen.cursor());
        screen.update(first, now);
        while screen.game().status() == Status::Playing {
            let board = screen.game().board();
            let covered_safe =
                |pos: &Pos| !board.is_mine(*pos) && screen.game().cover(*pos) == Cover::Hidden;
            let positions = (0..9).flat_map(|row| (0..9).map(move |col| Pos::new(row, col)));
            let next = positions
                .clone()
                .filter(covered_safe)
                .find(|&pos| board.clue(pos) == 0)
                .or_else(|| positions.clone().find(covered_safe))
                .unwrap();
            let command = click(&screen, next);
            screen.update(command, now);
        }
        let summary = screen.summary().unwrap();
        assert!(summary.won, "seed {seed}");
        assert_eq!(
            summary.clicks,
            summary.three_bv.expect("counted").total,
            "seed {seed}"
        );
    }
}

/// On a 40x12 terminal the menu still says how to close it (in its title)
/// and how to work it, in lines that fit.
#[test]
fn the_menu_fits_a_small_terminal() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 40, 12);
    keys(&mut screen, "m", now);
    let shown = drawn(&screen, now);
    for line in [
        "First move",
        "Hints",
        "Colours",
        "Arrows, Enter deals, Esc closes",
    ] {
        assert!(shown.contains(line), "{line} missing:\n{shown}");
    }
}

/// A hint on a board larger than the view shows its square, and keeps the
/// cursor where the player left it whenever both fit in the view.
#[test]
fn a_hint_shows_its_square_and_leaves_the_cursor_where_it_can() {
    let now = Instant::now();
    let mut screen = random(Layout::EXPERT, 40, 12);
    keys(&mut screen, "<space>", now);
    let in_view = |screen: &Screen, at: Pos| {
        let geometry = screen.geometry().unwrap();
        let origin = screen.origin();
        (origin.row..origin.row + geometry.rows).contains(&at.row)
            && (origin.col..origin.col + geometry.cols).contains(&at.col)
    };
    let mut both_fitted = 0;
    for script in ["", "lll", "jjj", "llllllll", "jjjjjjjjll"] {
        keys(&mut screen, script, now);
        let cursor = screen.cursor();
        keys(&mut screen, "i", now);
        let Some(hinted) = screen.hinted() else {
            continue;
        };
        assert!(in_view(&screen, hinted), "{script}: {hinted:?} out of view");
        let geometry = screen.geometry().unwrap();
        if hinted.row.abs_diff(cursor.row) < geometry.rows
            && hinted.col.abs_diff(cursor.col) < geometry.cols
        {
            assert_eq!(screen.cursor(), cursor, "{script}: the cursor moved");
            both_fitted += 1;
        }
    }
    assert!(both_fitted > 0, "no hint near enough to keep the cursor");
}

/// A short terminal (40x12) gives a beginner board 8 of its 9 rows, not 5,
/// and a hint too long for the two lines under it is said in its short
/// form there, whole.
#[test]
fn a_short_terminal_shows_more_rows_and_a_hint_in_few_words() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 40, 12);
    assert_eq!(screen.geometry().unwrap().rows, 8);
    keys(&mut screen, "jjjjllll<space>i", now);
    let short = screen
        .short_message()
        .expect("a hint has a short form")
        .to_owned();
    assert_ne!(short, screen.message());
    // The two lines under the board say the short form, whole, and nothing
    // else.
    let drawn = backend(&screen, now);
    let buffer = drawn.buffer();
    let foot: String = (10..12)
        .flat_map(|y| (0..40).map(move |x| (x, y)))
        .map(|(x, y)| buffer[(x, y)].symbol().to_owned())
        .collect();
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(&foot), words(&short));
}

/// `+` where the whole board already fits large squares says they are
/// large, not that they wait for room.
#[test]
fn larger_squares_on_a_small_board_are_said_to_be_large() {
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, "+", now);
    assert_eq!(screen.message(), "Large squares: - for smaller");
}

/// A loss watched again (its replay shows every mine) stands: no undo
/// plays on from it to a win; before it is watched, an undo does.
#[test]
fn a_loss_watched_again_stands() {
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, "<space>", now);
    assert!(matches!(screen.game().status(), Status::Lost(_)));
    keys(&mut screen, "w", now);
    assert!(screen.take_replay_request().is_some(), "w watches it");
    keys(&mut screen, "u", now);
    assert!(matches!(screen.game().status(), Status::Lost(_)), "undone");
    let shown = drawn(&screen, now);
    assert!(shown.contains("it stands"), "{shown}");
    assert!(!shown.contains("u undoes"), "{shown}");
    // The same board again: its new game may be undone as any.
    keys(&mut screen, "r<space>u", now);
    assert_eq!(screen.game().status(), Status::Playing);
}

/// A list of one page closes at any key, as its title says: Space,
/// Enter and the arrows too.
#[test]
fn a_list_of_one_page_closes_at_any_key() {
    let now = Instant::now();
    for key in ["<space>", "<enter>", "j", "k", "<down>", "<up>"] {
        let mut screen = two_mines(true);
        keys(&mut screen, "?", now);
        assert!(drawn(&screen, now).contains("any key closes"), "{key}");
        keys(&mut screen, key, now);
        assert!(!drawn(&screen, now).contains("Keys"), "{key} left it open");
    }
}

/// The key list covers the board, so the clock stands still under it;
/// a key typed at the list closes it and does nothing to the game.
#[test]
fn the_key_list_holds_the_clock_and_takes_the_key_that_closes_it() {
    let start = Instant::now();
    let later = |ms: u64| start + Duration::from_millis(ms);
    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space>k", start);
    keys(&mut screen, "?", later(1000));
    assert_eq!(screen.next_clock_tick(later(1500)), None, "held");
    assert_eq!(screen.elapsed(later(5000)), Duration::from_secs(1));
    let cursor = screen.cursor();
    keys(&mut screen, "f", later(5000));
    assert_eq!(
        screen.game().glyph(cursor),
        Glyph::Hidden,
        "f only closed the list"
    );
    assert_eq!(screen.elapsed(later(6000)), Duration::from_secs(2));
    assert!(!drawn(&screen, later(6000)).contains("Keys"));
}

/// On a terminal too short for every key, the list is in pages: Down and
/// Space turn them, Up turns back, and the title says so; too narrow for
/// the long words, each key is said in a few.
#[test]
fn the_key_list_fits_a_small_terminal_in_pages() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 40, 12);
    keys(&mut screen, "?", now);
    let first = drawn(&screen, now);
    assert_snapshot!("keys_40x12_first_page", first);
    keys(&mut screen, "<space>", now);
    let last = drawn(&screen, now);
    assert_snapshot!("keys_40x12_last_page", last);
    keys(&mut screen, "k", now);
    assert_eq!(drawn(&screen, now), first);
    // Down on the last page, where its title says only Up turns, closes
    // the list as any other key does.
    keys(&mut screen, "jj", now);
    assert!(!drawn(&screen, now).contains("Up: back"));
    for screen in [&first, &last] {
        for line in screen.lines() {
            assert!(
                line.chars().count() <= 42,
                "wider than the terminal: {line}"
            );
        }
    }
    // Every key is on one page or another.
    for key in ["arrows hjkl", "wheel", "Ctrl-z", "q Esc"] {
        assert!(first.contains(key) || last.contains(key), "{key} missing");
    }
}

/// A game whose clock runs pauses when the terminal goes to the back and
/// goes on when it comes to the front; a pause the player chose stays.
#[test]
fn losing_focus_pauses_and_regaining_it_goes_on() {
    let start = Instant::now();
    let later = |ms: u64| start + Duration::from_millis(ms);
    let mut screen = two_mines(true);
    screen.update(Command::FocusLost, start);
    assert!(!screen.is_paused(), "no game under way yet");
    keys(&mut screen, "jl<space>", start);
    screen.update(Command::FocusLost, later(1000));
    assert!(screen.is_paused());
    screen.update(Command::FocusGained, later(4000));
    assert!(!screen.is_paused());
    assert_eq!(screen.elapsed(later(5000)), Duration::from_secs(2));
    keys(&mut screen, "p", later(5000));
    screen.update(Command::FocusLost, later(6000));
    screen.update(Command::FocusGained, later(7000));
    assert!(screen.is_paused(), "the player's own pause stays");
}

/// A click that changes nothing (Space on a number without its flags) is
/// no move, but the end of the game counts it among the clicks.
#[test]
fn the_end_counts_the_clicks_that_changed_nothing() {
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space><space>kh<space>", now);
    let summary = screen.summary().expect("lost on the corner mine");
    assert_eq!((summary.clicks, summary.wasted), (2, 1));
    assert!(
        summary.to_string().contains("3 clicks (1 to no effect)"),
        "{summary}"
    );
}

/// With hints paid for in time, each hint adds 10 s to the clock and the
/// record says so: a win with hints stays a clean one, its time the
/// dearer. Free, a hint adds nothing and makes the win one with help.
#[test]
fn a_hint_paid_for_in_time_adds_ten_seconds() {
    use records::Request;
    let start = Instant::now();
    let later = |ms: u64| start + Duration::from_millis(ms);
    for penalty in [Some(Duration::from_secs(10)), None] {
        let setup = Setup {
            hint_penalty: penalty,
            ..two_mines_setup(true)
        };
        let mut screen = from_the_corner(Screen::new(setup, 80, 24).unwrap());
        keys(&mut screen, "jl<space>", start);
        keys(&mut screen, "i", later(1000));
        assert_eq!(screen.hints(), 1);
        let added = penalty.unwrap_or_default();
        assert_eq!(screen.elapsed(later(2000)), Duration::from_secs(2) + added);
        let saved = screen
            .take_requests()
            .into_iter()
            .filter_map(|request| match request {
                Request::Save(record) => Some(record),
                Request::File(_) => None,
            })
            .last()
            .expect("the hint saved the game");
        assert_eq!(saved.ms, 1000 + added.as_millis() as u64);
        assert_eq!(saved.hint_penalty_s, added.as_secs() as u32);
        assert_eq!(saved.assisted(), penalty.is_none());
        if penalty.is_some() {
            assert!(
                screen.message().ends_with("(+10 s)"),
                "{}",
                screen.message()
            );
        }
    }
}

/// Opens a mine of the game on `screen`, which has begun.
fn lose(screen: &mut Screen, now: Instant) {
    let board = screen.game().board();
    let mine = (0..board.rows())
        .flat_map(|r| (0..board.cols()).map(move |c| Pos::new(r, c)))
        .find(|&p| board.is_mine(p))
        .expect("a mine");
    let from_the_corner = [
        Command::Jump(Edge::FirstRow),
        Command::Jump(Edge::FirstColumn),
    ];
    go(screen, &from_the_corner, now);
    go(
        screen,
        &[to(mine.row as isize, mine.col as isize), Command::Reveal],
        now,
    );
}

/// `b` shows the statistics the records give, this game's kind first,
/// with the clock held while they cover the board; without records it
/// says there are none.
#[test]
fn the_statistics_show_this_kind_of_game_first() {
    use records::Request;
    use records::stats::{Filter, Tally};
    let now = Instant::now();
    let mut tally = Tally::new(Filter::default());
    // A win on the two mines' board, and a loss on a random board.
    let mut won = two_mines(true);
    keys(&mut won, OPEN_THE_2_AND_FLAG_ITS_MINES, now);
    keys(&mut won, "h<space>", now + Duration::from_millis(2500));
    let mut lost = random(Layout::BEGINNER, 80, 24);
    keys(&mut lost, "<space>", now);
    lose(&mut lost, now);
    // A loss is filed when it is left (it could still be undone).
    keys(&mut lost, "n", now);
    for (number, screen) in [&mut lost, &mut won].into_iter().enumerate() {
        for request in screen.take_requests() {
            if let Request::File(record) = request {
                tally.add(number + 1, &record);
            }
        }
    }
    let groups = tally.groups();
    assert_eq!(groups.len(), 2);

    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space>", now);
    keys(&mut screen, "b", now + Duration::from_secs(1));
    assert!(screen.wants_scores());
    screen.show_scores(Ok(groups.clone()));
    assert!(!screen.wants_scores());
    assert_eq!(
        screen.next_clock_tick(now + Duration::from_secs(5)),
        None,
        "held"
    );
    let shown = drawn(&screen, now);
    assert_snapshot!("statistics", shown);
    let first = shown
        .find("classic, board file ? (3x3, 2\u{a0}mines)")
        .expect("this game's kind");
    assert!(
        first
            < shown
                .find("classic, beginner (9x9, 10\u{a0}mines)")
                .expect("the other kind")
    );
    keys(&mut screen, "b", now);
    assert!(
        !drawn(&screen, now).contains("Statistics"),
        "b again closes it"
    );

    let mut narrow = Screen::new(two_mines_setup(true), 40, 12).unwrap();
    keys(&mut narrow, "b", now);
    narrow.show_scores(Ok(groups));
    let shown = drawn(&narrow, now);
    for line in [
        "> classic, board file ?",
        " 1/1 won (100\u{a0}%), streak\u{a0}1,\u{a0}best\u{a0}1",
        " fastest: 2.5\u{a0}s",
    ] {
        assert!(shown.contains(line), "{line} missing:\n{shown}");
    }
    assert!(
        shown.lines().all(|line| line.chars().count() <= 42),
        "{shown}"
    );

    let mut narrow = Screen::new(two_mines_setup(true), 40, 12).unwrap();
    let recorder = records::Recorder::off(records::Front::Screen);
    narrow.set_recording(recorder.is_on());
    keys(&mut narrow, "b", now);
    assert!(narrow.wants_scores());
    narrow.show_scores(recorder.groups());
    assert!(drawn(&narrow, now).contains("No records are kept"));
}

/// A board cut at the bottom always says so: on a short terminal, where
/// the message takes the line under the board, the mark stands after the
/// last row shown (beginner at 40x12 shows rows 1 to 8).
#[test]
fn a_board_cut_below_says_so_when_the_message_takes_the_line_under_it() {
    let screen = random(Layout::BEGINNER, 40, 12);
    let geometry = screen.geometry().unwrap();
    assert!(geometry.rows < 9, "{geometry:?}");
    let shown = drawn(&screen, Instant::now());
    let last_row = shown
        .lines()
        .find(|line| {
            line.trim_matches('"')
                .trim_start()
                .starts_with(&format!("{} ", geometry.rows))
        })
        .unwrap_or_else(|| panic!("{shown}"));
    assert!(
        last_row.contains('▼') || last_row.trim_end_matches([' ', '"']).ends_with('v'),
        "{shown}"
    );
}

/// On a terminal with no room for doubled squares (beginner at 40x12),
/// `+` draws them as they were and says so, not "Large squares"; the
/// choice is kept for when the terminal grows, and then it shows.
#[test]
fn a_size_the_terminal_has_no_room_for_is_said_as_it_is() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 40, 12);
    let scale = |screen: &Screen| screen.geometry().unwrap().scale;
    assert_eq!(scale(&screen), 1);
    keys(&mut screen, "+", now);
    assert_eq!(scale(&screen), 1);
    assert_eq!(
        screen.message(),
        "Large squares once the terminal has room for them: - for smaller"
    );
    screen.update(
        Command::Resize {
            width: 80,
            height: 30,
        },
        now,
    );
    assert_eq!(scale(&screen), 2, "kept, and shown once there is room");
}

/// `+` and `-` choose the squares' size whatever fits: doubled squares
/// on a board too big for them scroll; the choice is kept.
#[test]
fn plus_and_minus_choose_the_size_of_the_squares() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 80, 24);
    let scale = |screen: &Screen| screen.geometry().unwrap().scale;
    assert_eq!(scale(&screen), 1, "beginner does not fit doubled at 80x24");
    keys(&mut screen, "+", now);
    assert_eq!(scale(&screen), 2);
    let geometry = screen.geometry().unwrap();
    assert_eq!(
        (geometry.rows, geometry.cols),
        (9, 9),
        "all of it, message and all"
    );
    assert!(geometry.bottom() <= 22);
    let kept = screen.take_settings().expect("the size, to keep");
    assert_eq!(kept.zoom.as_deref(), Some("double"));
    assert_eq!(kept.theme, None, "nothing else said");
    assert_snapshot!("beginner_doubled_at_80x24", drawn(&screen, now));
    keys(&mut screen, "+", now);
    assert_eq!(screen.message(), "The squares are as large as they go");
    keys(&mut screen, "--", now);
    assert_eq!(scale(&screen), 1);
    keys(&mut screen, "-", now);
    assert_eq!(screen.message(), "The squares are as small as they go");

    let mut expert = random(Layout::EXPERT, 80, 24);
    keys(&mut expert, "+", now);
    let geometry = expert.geometry().unwrap();
    assert_eq!((geometry.scale, geometry.cols), (2, 19), "the rest scrolls");
    keys(&mut expert, "<end>", now);
    assert_eq!(expert.origin().col, 30 - 19, "the view follows the cursor");
}

/// A size chosen in the menu can be named (`s`, the name, Enter): it is
/// kept in the settings, and the menu steps to it after the levels.
#[test]
fn a_size_named_in_the_menu_is_kept_and_offered_again() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 80, 24);
    keys(&mut screen, "mjjjL", now);
    keys(&mut screen, "s", now);
    assert!(screen.is_typing(), "keys are characters now");
    for c in "quick".chars() {
        screen.update(Command::Typed(c), now);
    }
    screen.update(Command::Reveal, now);
    assert!(!screen.is_typing());
    assert!(screen.menu().is_some(), "naming leaves the menu open");
    let kept = screen.take_settings().expect("the presets, to keep");
    let presets = kept.presets.expect("named");
    assert_eq!(
        (presets[0].name.as_str(), presets[0].rows, presets[0].mines),
        ("quick", 9, 15)
    );
    assert_eq!(screen.menu().unwrap().lines()[0].1, "quick");
    keys(&mut screen, "<esc>", now);
    assert!(screen.menu().is_none());

    // The next time: before beginner, round the list, the named size.
    keys(&mut screen, "mh", now);
    assert_eq!(screen.menu().unwrap().lines()[0].1, "quick");
    // Esc while naming gives the name up and leaves the menu open.
    keys(&mut screen, "s", now);
    screen.update(Command::Typed('x'), now);
    screen.update(Command::Quit, now);
    assert!(screen.menu().is_some() && !screen.is_typing());
    keys(&mut screen, "d", now);
    assert_eq!(screen.menu().unwrap().lines()[0].1, "custom", "forgotten");
    assert_eq!(screen.take_settings().unwrap().presets, Some(Vec::new()));
}

/// On a small terminal the end of a game is said in fewer words, and the
/// keys for what comes next are never what is cut.
#[test]
fn the_end_of_a_game_fits_a_small_terminal() {
    let now = Instant::now();
    let mut screen = random(Layout::BEGINNER, 40, 12);
    keys(&mut screen, "<space>", now);
    lose(&mut screen, now);
    let shown = drawn(&screen, now);
    let foot: Vec<&str> = shown
        .lines()
        .skip(10)
        .map(|line| line.trim_matches('"').trim_end())
        .collect();
    let foot = foot.join(" ");
    assert!(foot.contains("Lost: 0.0\u{a0}s, 3BV 1/10"), "{shown}");
    assert!(
        foot.contains("u undoes, r again, n new, w watch, q quit"),
        "{shown}"
    );
    // Where there is room, every figure.
    screen.update(
        Command::Resize {
            width: 80,
            height: 24,
        },
        now,
    );
    // (No rate for a game of 0.0 s.)
    assert!(drawn(&screen, now).contains("3BV 1 of 10, 2 clicks, "));
}

/// A replay's end counts the clicks the record says changed nothing, as
/// the game's end did, though they are not among its moves; a step back
/// and on to the end again counts them once.
#[test]
fn a_replay_counts_the_clicks_that_changed_nothing() {
    use minesweeper_screen::replay::{Control, Replay};
    use records::Request;
    let now = Instant::now();
    let mut screen = two_mines(true);
    // Space on the 2 before its mines are flagged changes nothing.
    keys(&mut screen, "jl<space><space>khfjllfh<space>", now);
    assert_eq!(screen.game().status(), Status::Won);
    let played = screen.summary().unwrap().to_string();
    let Some(Request::File(record)) = screen.take_requests().pop() else {
        panic!("filed");
    };
    assert_eq!(record.wasted, 1);
    let replay = Replay::new(
        two_mines_setup(true),
        record.events().unwrap(),
        1.0,
        "test".into(),
        (80, 24),
        now,
    )
    .unwrap();
    let mut replay = replay.with_wasted_clicks(usize::try_from(record.wasted).unwrap());
    replay.control(Control::End);
    let replayed = replay.screen.summary().unwrap().to_string();
    // The times differ (a replay's clock is its own); the clicks agree.
    let clicks = |summary: &str| summary.split(", ").skip(2).collect::<Vec<_>>().join(", ");
    assert_eq!(clicks(&replayed), clicks(&played));
    assert!(played.contains("(1 to no effect)"), "{played}");
    replay.control(Control::Start);
    replay.control(Control::End);
    assert_eq!(replay.screen.summary().unwrap().wasted, 1);
}

/// A lone Esc, easily pressed by chance, asks before it quits a game in
/// progress, and says whether the game is kept; a second Esc quits, any
/// other key goes back to the game and does nothing else. Before the
/// first move and after the end, Esc quits at once; F1 opens the keys.
#[test]
fn a_lone_esc_asks_before_quitting_a_game_in_progress() {
    let now = Instant::now();
    let mut screen = two_mines(true);
    keys(&mut screen, "jl<space>", now);
    screen.take_requests();
    keys(&mut screen, "<esc>", now);
    assert!(!screen.has_quit());
    let shown = drawn(&screen, now);
    assert!(
        shown.contains("Quit? Esc again quits (the game is kept for --resume)"),
        "{shown}"
    );
    // Any other key answers "no", and is not played.
    let cursor = screen.cursor();
    keys(&mut screen, "l", now);
    assert_eq!(screen.cursor(), cursor, "the key only answered");
    assert!(!drawn(&screen, now).contains("Quit?"));
    assert_eq!(screen.take_requests(), []);
    keys(&mut screen, "<esc><esc>", now);
    assert!(screen.has_quit());
    assert!(
        matches!(&screen.take_requests()[..], [records::Request::Save(_)]),
        "kept to be carried on"
    );

    let mut unkept = two_mines(true);
    unkept.set_recording(false);
    keys(&mut unkept, "jl<space><esc>", now);
    assert!(drawn(&unkept, now).contains("this game is not kept"));

    let mut fresh = two_mines(true);
    keys(&mut fresh, "<esc>", now);
    assert!(fresh.has_quit(), "nothing played: nothing to lose");

    let mut keys_shown = two_mines(true);
    keys(&mut keys_shown, "<f1>", now);
    let shown = drawn(&keys_shown, now);
    assert!(shown.contains("Keys"), "{shown}");
}

/// Naming a size in the menu says what it did, or why not, on the
/// menu's own lines where the terminal has room, else in its title.
#[test]
fn the_menu_says_what_naming_a_size_did_at_any_height() {
    let now = Instant::now();
    let mut tall = random(Layout::BEGINNER, 80, 24);
    keys(&mut tall, "ms", now);
    let shown = drawn(&tall, now).replace('\u{a0}', " ");
    assert!(
        shown.contains("This size is beginner's: change the"),
        "{shown}"
    );
    keys(&mut tall, "jjjls", now);
    // Typed as a name, not as the game's keys.
    for c in "quick".chars() {
        tall.update(Command::Typed(c), now);
    }
    keys(&mut tall, "<enter>", now);
    let shown = drawn(&tall, now);
    assert!(
        shown.contains("Named quick: Left and Right on Level"),
        "{shown}"
    );
    keys(&mut tall, "j", now);
    assert!(
        !drawn(&tall, now).contains("Named quick"),
        "until the next key"
    );

    let mut short = random(Layout::BEGINNER, 40, 12);
    keys(&mut short, "ms", now);
    let shown = drawn(&short, now);
    assert!(shown.contains("┌ beginner has its name ─"), "{shown}");
}

/// The end of a game on a board too big to count within a frame is shown
/// at once, its figures said to be counting; they come from a thread of
/// their own, and the game's save and filing wait for them.
#[test]
fn a_big_boards_end_is_shown_at_once_and_counted_meanwhile() {
    let now = Instant::now();
    // 600x600: three mines shut the top-left square off, so that the
    // first reveal opens all but it; the mine in the far corner ends the
    // game.
    let mut rows: Vec<String> = (0..600).map(|_| ".".repeat(600)).collect();
    rows[0].replace_range(1..2, "*");
    rows[1].replace_range(0..2, "**");
    rows[599].replace_range(599.., "*");
    let text: String = std::iter::once("+".repeat(602))
        .chain(
            rows.iter()
                .map(|row| format!("+{}+", row.replace('.', " "))),
        )
        .chain(std::iter::once("+".repeat(602)))
        .map(|line| line + "\n")
        .collect();
    let board = parse_board(text.as_bytes()).unwrap();
    let mut setup = two_mines_setup(true);
    setup.deal = Deal::Board(board);
    let mut screen = Screen::new(setup, 80, 24).unwrap();
    screen.set_recording(true);
    keys(&mut screen, "<space>", now);
    screen.take_requests();
    // The mine, from the corner where the cursor stands.
    let cursor = screen.cursor();
    screen.update(
        Command::Move {
            rows: 599 - cursor.row as isize,
            cols: 599 - cursor.col as isize,
        },
        now,
    );
    keys(&mut screen, "<space>", now);
    assert!(matches!(screen.game().status(), Status::Lost(_)));
    if screen.is_counting() {
        assert!(drawn(&screen, now).contains("3BV being counted"));
        assert_eq!(screen.take_requests(), [], "the save waits for the figures");
    }
    // However long the thread takes: a bound, not a speed to meet.
    let deadline = Instant::now() + Duration::from_secs(60);
    while screen.is_counting() {
        screen.collect_counts();
        assert!(Instant::now() < deadline, "no figures within a minute");
        std::thread::sleep(Duration::from_millis(5));
    }
    let shown = drawn(&screen, now).replace('\n', " ");
    assert!(shown.contains("3BV 1 of 2"), "{shown}");
    let requests = screen.take_requests();
    let [records::Request::Save(record)] = &requests[..] else {
        panic!("{requests:?}");
    };
    assert_eq!((record.three_bv, record.three_bv_done), (2, 1));
}

/// On a board too big to work the chances out within a frame, the
/// overlay's chances come from a thread of their own; the frame does not
/// wait, and the chances are there once they come.
#[test]
fn a_big_boards_chances_come_from_a_thread() {
    let now = Instant::now();
    let mut rows: Vec<String> = (0..600).map(|_| ".".repeat(600)).collect();
    rows[0].replace_range(1..2, "*");
    rows[1].replace_range(0..2, "**");
    rows[599].replace_range(599.., "*");
    let text: String = std::iter::once("+".repeat(602))
        .chain(
            rows.iter()
                .map(|row| format!("+{}+", row.replace('.', " "))),
        )
        .chain(std::iter::once("+".repeat(602)))
        .map(|line| line + "\n")
        .collect();
    let mut setup = two_mines_setup(true);
    setup.deal = Deal::Board(parse_board(text.as_bytes()).unwrap());
    let mut screen = Screen::new(setup, 80, 24).unwrap();
    keys(&mut screen, "<space>o", now);
    assert!(screen.is_working_out_chances());
    drawn(&screen, now);
    chances_taken(&mut screen);
    // The square the three mines shut off: covered, and its chance known.
    let chance = screen.chance(Pos::new(0, 0)).expect("a chance");
    assert!((0.0..=1.0).contains(&chance), "{chance}");
    // The mines round it are certain.
    assert_eq!(screen.chance(Pos::new(1, 1)), Some(1.0));
}
