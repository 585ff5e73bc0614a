//! Speed of the work that grows with the board: loading a file, counting
//! clues, opening an island, printing; of the solver: whole games, and
//! no-guess boards, hints that need a guess; and of drawing the full screen, which must not grow. Run with `cargo bench`; the figures
//! are recorded in BENCHMARKS.md.

use console::render::{Paint, write_board};
use divan::Bencher;
use engine::RuleSet;
use engine::{
    Action, Board, Cover, FirstMove, Frame, Game, Grid, Layout, Move, Pos, Rules, parse_board,
    place_mines, to_board_file,
};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use screen::command::Command;
use screen::state::{Deal, Screen, Setup};
use screen::theme::{Looks, Theme};
use screen::view;
use solver::{WhenStuck, autoplay, hint, no_guess_board};
use std::time::Instant;

fn main() {
    divan::main();
}

/// A `size` x `size` board with about `percent` % mines, scattered by a
/// fixed multiplicative hash so every run measures the same board.
fn board(size: usize, percent: usize) -> Board {
    let cells = (0..size * size)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 7) % 100 < percent)
        .collect();
    Board::new(Grid::from_row_major(size, size, cells), Frame::Plus)
}

/// A board with a single mine in the top-left corner: one reveal in the
/// opposite corner opens every other square, the deepest island there is.
fn open_board(size: usize) -> Board {
    let mut mines = Grid::filled(size, size, false);
    mines[Pos::new(0, 0)] = true;
    Board::new(mines, Frame::Plus)
}

#[divan::bench(args = [100, 1000, 4000], sample_count = 20)]
fn load_board_file(bencher: Bencher, size: usize) {
    let file = to_board_file(&board(size, 15)).into_bytes();
    bencher
        .counter(divan::counter::BytesCount::new(file.len()))
        .bench(|| parse_board(divan::black_box(&file)).unwrap());
}

#[divan::bench(args = [100, 1000, 4000], sample_count = 20)]
fn count_clues(bencher: Bencher, size: usize) {
    let mines = board(size, 15).mines().clone();
    bencher
        .with_inputs(|| mines.clone())
        .bench_values(|mines| Board::new(mines, Frame::Plus));
}

/// 3BV and ZiNi of a board at expert's density (about 20 %), as the end
/// of a won game works them out (200x200 is the largest with a ZiNi).
#[divan::bench(args = [30, 100, 200], sample_count = 20)]
fn three_bv_and_zini(bencher: Bencher, size: usize) {
    let board = board(size, 20);
    bencher.bench(|| {
        (
            engine::three_bv(divan::black_box(&board)),
            engine::zini(divan::black_box(&board)),
        )
    });
}

#[divan::bench(args = [100, 1000, 4000], sample_count = 20)]
fn open_whole_board(bencher: Bencher, size: usize) {
    let board = open_board(size);
    let corner = Move {
        action: Action::Reveal,
        at: Pos::new(size - 1, size - 1),
    };
    bencher
        .with_inputs(|| Game::new(board.clone(), Rules::PROJ3))
        .bench_local_values(|mut game| game.apply(corner));
}

/// Placing mines on a 1000x1000 board: the work should not grow with density.
#[divan::bench(args = [1, 15, 50, 90])]
fn place_mines_1000x1000(bencher: Bencher, percent: usize) {
    let layout = Layout::new(1000, 1000, 1000 * 1000 * percent / 100);
    bencher.bench(|| place_mines(layout, FirstMove::Safe, Some(Pos::new(500, 500)), 7).unwrap());
}

#[divan::bench(args = [100, 1000, 4000], sample_count = 20)]
fn print_solved(bencher: Bencher, size: usize) {
    let board = board(size, 15);
    bencher.bench(|| {
        write_board(
            &mut std::io::sink(),
            &board,
            |p| board.solved_glyph(p),
            Paint::Plain,
        )
        .unwrap();
    });
}

/// Colour costs little: every glyph's escape codes are worked out once.
#[divan::bench(args = [Paint::Plain, Paint::Colour])]
fn print_1000x1000(bencher: Bencher, paint: Paint) {
    let board = board(1000, 15);
    bencher.bench(|| {
        write_board(
            &mut std::io::sink(),
            &board,
            |p| board.solved_glyph(p),
            paint,
        )
        .unwrap();
    });
}

/// The solver playing whole random games alone (first move safe, in the
/// corner), one game per iteration, over a fixed run of seeds.
#[divan::bench(args = ["beginner", "intermediate", "expert"])]
fn solver_game(bencher: Bencher, level: &str) {
    let layout = match level {
        "beginner" => Layout::BEGINNER,
        "intermediate" => Layout::INTERMEDIATE,
        _ => Layout::EXPERT,
    };
    let rules = Rules::CLASSIC;
    let mut seed = 0u64;
    bencher
        .with_inputs(|| {
            seed += 1;
            Game::random(layout, seed, rules).unwrap()
        })
        .bench_local_values(|mut game| {
            autoplay(&mut game, Some(Pos::new(0, 0)), WhenStuck::Guess, |_, _| {})
        });
}

/// A no-guess expert board from the centre, one per iteration, each from a
/// new seed: the average over many seeds is what a user waits.
/// A hint on an expert position that needs a guess, asked afresh (the
/// whole analysis, the look ahead or the endgame search): each input is
/// game `seed` played by the solver from the corner until it is stuck.
#[divan::bench(sample_count = 200)]
fn hint_expert_guess(bencher: Bencher) {
    let rules = Rules::CLASSIC;
    let mut seed = 0u64;
    bencher
        .with_inputs(|| {
            loop {
                seed += 1;
                let mut game = Game::random(Layout::EXPERT, seed, rules).unwrap();
                autoplay(&mut game, Some(Pos::new(0, 0)), WhenStuck::Stop, |_, _| {});
                if game.status() == engine::Status::Playing {
                    return game;
                }
            }
        })
        .bench_local_refs(|game| hint(game));
}

#[divan::bench(sample_count = 200)]
fn no_guess_expert(bencher: Bencher) {
    let mut seed = 0u64;
    bencher
        .with_inputs(|| {
            seed += 1_000_000;
            seed
        })
        .bench_local_values(|seed| {
            no_guess_board(Layout::EXPERT, FirstMove::Opening, Pos::new(7, 14), seed).unwrap()
        });
}

/// One frame of `minesweeper play` drawn whole (as after a resize) on a
/// 200x60 terminal into ratatui's test backend, with a game in progress
/// and the cursor in the middle of the board: the cost must not depend on
/// the size of the board, only on the screen.
#[divan::bench(args = ["expert", "1000x1000", "10000x10000"], sample_count = 200)]
fn draw_full_screen(bencher: Bencher, board: &str) {
    let layout = match board {
        "expert" => Layout::EXPERT,
        "1000x1000" => Layout::new(1000, 1000, 150_000),
        _ => Layout::new(10_000, 10_000, 15_000_000),
    };
    let setup = Setup {
        deal: Deal::Random {
            layout,
            seed: 1,
            no_guess: false,
        },
        rules: Rules::CLASSIC,
        rule_set: &RuleSet::CLASSIC,
        looks: Looks {
            colour: true,
            sixteen: false,
            theme: Theme::Classic,
            unicode: true,
        },
        animate: None,
        board_name: None,
        hint_penalty: None,
        spare_seed: 2,
    };
    let (width, height) = (200, 60);
    let mut screen = Screen::new(setup, width, height).unwrap();
    let now = Instant::now();
    let (rows, cols) = (layout.rows as isize / 2, layout.cols as isize / 2);
    screen.update(Command::Move { rows, cols }, now);
    screen.update(Command::Reveal, now);
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    bencher.bench_local(|| {
        // Both buffers emptied: every cell is compared and written.
        terminal.swap_buffers();
        terminal.swap_buffers();
        terminal
            .draw(|frame| view::draw(frame, &screen, now))
            .map(|_| ())
            .unwrap();
    });
}

/// A 1000x1000 board at 15 % mines on a 200x60 screen, for the frame
/// budget of a key, a first reveal and the chance overlay.
fn big_screen(overlay: bool) -> (Screen, Terminal<TestBackend>, Instant) {
    let layout = Layout::new(1000, 1000, 150_000);
    let setup = Setup {
        deal: Deal::Random {
            layout,
            seed: 1,
            no_guess: false,
        },
        rules: Rules::CLASSIC,
        rule_set: &RuleSet::CLASSIC,
        looks: Looks {
            colour: true,
            sixteen: false,
            theme: Theme::Classic,
            unicode: true,
        },
        animate: None,
        board_name: None,
        hint_penalty: None,
        spare_seed: 2,
    };
    let (width, height) = (200, 60);
    let mut screen = Screen::new(setup, width, height).unwrap();
    let now = Instant::now();
    screen.update(Command::Move { rows: 0, cols: 0 }, now);
    if overlay {
        screen.update(Command::Reveal, now);
        screen.update(Command::Overlay, now);
    }
    let terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    (screen, terminal, now)
}

fn draw(terminal: &mut Terminal<TestBackend>, screen: &Screen, now: Instant) {
    terminal
        .draw(|frame| view::draw(frame, screen, now))
        .map(|_| ())
        .unwrap();
}

/// A key on a 1000x1000 board in play: the cursor moved and the frame
/// drawn (a 60 Hz frame is 16.7 ms).
#[divan::bench(sample_count = 100)]
fn key_1000x1000(bencher: Bencher) {
    let (mut screen, mut terminal, now) = big_screen(false);
    screen.update(Command::Reveal, now);
    let mut right = true;
    bencher.bench_local(|| {
        let cols = if right { 1 } else { -1 };
        right = !right;
        screen.update(Command::Move { rows: 0, cols }, now);
        draw(&mut terminal, &screen, now);
    });
}

/// The first reveal on a 1000x1000 board (the mines placed, an opening
/// opened) and its frame.
#[divan::bench(sample_count = 20)]
fn first_reveal_1000x1000(bencher: Bencher) {
    bencher
        .with_inputs(|| big_screen(false))
        .bench_local_values(|(mut screen, mut terminal, now)| {
            screen.update(Command::Reveal, now);
            draw(&mut terminal, &screen, now);
            screen
        });
}

/// With the chance overlay on, a move that opens a square somewhere new,
/// and its frame: the chances worked out again.
#[divan::bench(sample_count = 20)]
fn overlay_move_1000x1000(bencher: Bencher) {
    bencher.with_inputs(|| big_screen(true)).bench_local_values(
        |(mut screen, mut terminal, now)| {
            let (rows, cols) = safe_covered_square(&screen);
            screen.update(Command::Move { rows, cols }, now);
            screen.update(Command::Reveal, now);
            draw(&mut terminal, &screen, now);
            screen
        },
    );
}

/// How far the cursor is from the first covered square without a mine
/// that touches an open one: a move that opens it changes the chances.
fn safe_covered_square(screen: &Screen) -> (isize, isize) {
    let game = screen.game();
    let mines = game.board().mines();
    let target = mines
        .positions()
        .find(|&pos| {
            game.cover(pos) != Cover::Open
                && !game.board().is_mine(pos)
                && mines.neighbours(pos).any(|n| game.cover(n) == Cover::Open)
        })
        .expect("a covered safe square on the frontier");
    let cursor = screen.cursor();
    (
        target.row as isize - cursor.row as isize,
        target.col as isize - cursor.col as isize,
    )
}

/// The end of a game on a 1000x1000 board: a mine opened, the summary's
/// 3BV worked out (once: the record takes it from the summary) and the
/// frame drawn.
#[divan::bench(sample_count = 20)]
fn loss_1000x1000(bencher: Bencher) {
    bencher
        .with_inputs(|| {
            let (mut screen, terminal, now) = big_screen(false);
            screen.update(Command::Reveal, now);
            let game = screen.game();
            let mine = game
                .board()
                .mines()
                .positions()
                .find(|&pos| game.board().is_mine(pos))
                .expect("a mine");
            let cursor = screen.cursor();
            let to = (
                mine.row as isize - cursor.row as isize,
                mine.col as isize - cursor.col as isize,
            );
            screen.update(
                Command::Move {
                    rows: to.0,
                    cols: to.1,
                },
                now,
            );
            (screen, terminal, now)
        })
        .bench_local_values(|(mut screen, mut terminal, now)| {
            screen.update(Command::Reveal, now);
            draw(&mut terminal, &screen, now);
            screen
        });
}

/// A 1000x1000 game with the overlay on, 200 squares on the frontier
/// opened, each move's chances taken before the next: the frontier whose
/// chances are worked out is long.
fn later_in_the_game() -> (Screen, Terminal<TestBackend>, Instant) {
    let (mut screen, terminal, now) = big_screen(true);
    for _ in 0..200 {
        let (rows, cols) = safe_covered_square(&screen);
        screen.update(Command::Move { rows, cols }, now);
        screen.update(Command::Reveal, now);
        chances_taken(&mut screen);
    }
    (screen, terminal, now)
}

/// Waits for the chances being worked out on their thread.
fn chances_taken(screen: &mut Screen) {
    while screen.is_working_out_chances() {
        screen.collect_chances();
        std::thread::yield_now();
    }
}

/// Later in the game, a move and its frame: the chances worked out on a
/// thread, the frame drawn without waiting for them.
#[divan::bench(sample_count = 10)]
fn overlay_move_1000x1000_later(bencher: Bencher) {
    bencher
        .with_inputs(later_in_the_game)
        .bench_local_values(|(mut screen, mut terminal, now)| {
            let (rows, cols) = safe_covered_square(&screen);
            screen.update(Command::Move { rows, cols }, now);
            screen.update(Command::Reveal, now);
            draw(&mut terminal, &screen, now);
            screen
        });
}

/// Later in the game, how long a move's chances take to come from their
/// thread (the overlay drawn again then).
#[divan::bench(sample_count = 10)]
fn overlay_chances_1000x1000_later(bencher: Bencher) {
    bencher
        .with_inputs(later_in_the_game)
        .bench_local_values(|(mut screen, _, now)| {
            let (rows, cols) = safe_covered_square(&screen);
            screen.update(Command::Move { rows, cols }, now);
            screen.update(Command::Reveal, now);
            chances_taken(&mut screen);
            screen
        });
}
