//! Speed of the records: `stats` over a history of 100,000 games (read,
//! parse, tally), and recording one game (its line appended and synced,
//! the save written, synced and renamed, and a move appended to it). Run with `cargo bench
//! --bench records`; the figures are in BENCHMARKS.md.
//!
//! The history is made of real games: expert boards played by the solver,
//! each move recorded as a player's would be (flags included), so a line
//! is as long as a long game's. Its file is written under Cargo's
//! temporary folder for benches, never in a user's folders, at
//! `bench-home/data/minesweeper/history.jsonl`, where a whole-program
//! timing can point `XDG_DATA_HOME` at it.

use std::path::PathBuf;
use std::sync::OnceLock;

use divan::Bencher;
use engine::{Action, Deal, Layout, Move, Pos, Rules};
use records::log::{Described, Log};
use records::stats::{Filter, Tally};
use records::{Event, Front, Record, history, save};
use serde::de::IgnoredAny;
use solver::{Event as Played, Verdict, WhenStuck, autoplay};

fn main() {
    divan::main();
}

const GAMES: usize = 100_000;

/// Real games to make the history of: solver games on expert boards.
fn sample_games() -> Vec<Record> {
    (0..200)
        .map(|seed| {
            let deal = Deal::Random {
                layout: Layout::EXPERT,
                seed,
                no_guess: false,
            };
            let mut game = deal.game(Rules::CLASSIC, &solver::NoGuess).unwrap();
            let mut log = Log::new(Described {
                front: Front::Screen,
                rules: "classic",
                first_move: "safe",
                no_question_marks: false,
                deal: &deal,
                board_name: None,
            });
            let mut moves = Vec::new();
            autoplay(
                &mut game,
                Some(Pos::new(0, 0)),
                WhenStuck::Guess,
                |event, _| {
                    let (action, at) = match event {
                        Played::First(at) | Played::Hint(at) => (Action::Reveal, at),
                        Played::Guessed(guess) => (Action::Reveal, guess.at),
                        Played::Deduced(d) if d.verdict == Verdict::Mine => (Action::Flag, d.at),
                        Played::Deduced(d) => (Action::Reveal, d.at),
                    };
                    moves.push(Move { action, at });
                },
            );
            for (i, mv) in moves.into_iter().enumerate() {
                log.note(Event::Move(mv), 700 * i as u64, true);
            }
            log.record(&game, 95_000)
        })
        .collect()
}

/// The history of [`GAMES`] games, written once.
fn history_file() -> &'static PathBuf {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join("bench-home/data/minesweeper/history.jsonl");
        let samples = sample_games();
        let mut text = String::new();
        for i in 0..GAMES {
            let mut record = samples[i % samples.len()].clone();
            record.board.seed = Some(i as u64);
            record.ms = 60_000 + (i as u64 * 7919) % 120_000;
            record.when = "2026-11-22T10:00:00.000Z".to_owned();
            text.push_str(&serde_json::to_string(&record).unwrap());
            text.push('\n');
        }
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    })
}

#[divan::bench(sample_count = 10)]
fn stats_of_100k_games(bencher: Bencher) {
    let path = history_file();
    let bytes = std::fs::metadata(path).unwrap().len();
    bencher
        .counter(divan::counter::BytesCount::new(bytes))
        .bench(|| {
            // As `stats` does: tallied as the history streams by.
            let mut tally = Tally::new(Filter::default());
            let mut games = 0;
            history::each::<IgnoredAny>(path, |number, record| {
                games += 1;
                tally.add(number, &record);
            })
            .unwrap();
            assert_eq!(games, GAMES);
            tally.groups()
        });
}

#[divan::bench(sample_count = 50)]
fn record_a_finished_expert_game(bencher: Bencher) {
    let folder = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let record = sample_games().swap_remove(0);
    let history = folder.path().join("history.jsonl");
    bencher.bench_local(|| history::append(&history, &record).unwrap());
}

#[divan::bench(sample_count = 50)]
fn save_a_game_in_progress(bencher: Bencher) {
    let folder = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let record = sample_games().swap_remove(0);
    let path = folder.path().join("play-game.json");
    bencher.bench_local(|| save::write(&path, &record).unwrap());
}

/// A move after the game's first save: one line appended and synced.
#[divan::bench(sample_count = 50)]
fn save_a_move(bencher: Bencher) {
    let folder = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let before = sample_games().swap_remove(0);
    let mut after = before.clone();
    after.moves.push_str(" f1,1@99999");
    let path = folder.path().join("play-game.json");
    bencher
        // The save as the move before left it, written untimed.
        .with_inputs(|| save::write(&path, &before).unwrap())
        .bench_local_values(|written| {
            save::append_or_write(&path, &after, Some(&written)).unwrap()
        });
}
