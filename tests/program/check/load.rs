//! A grade does not depend on the machine's load: a game the clock
//! stopped only because the machine held it back is played again, alone,
//! and a correct program scores 100 beside busy work.

use super::*;

/// A game that waits past its time on the clock once, as a game held
/// back by a busy machine does, is played again alone and scored on what
/// it then does: a correct program so held back in every game scores 100,
/// with no hang.
#[test]
fn a_game_the_clock_stopped_once_is_played_again_and_not_charged() {
    let marks = folder();
    let programs = folder();
    let script = programs.path().join("held-back-once.sh");
    // Each game's input, the first time it is seen, waits a minute
    // (the game's time on the clock is two seconds); then the correct
    // program plays it.
    std::fs::write(
        &script,
        format!(
            "input=$(cat; echo x); input=${{input%x}}\n\
             key=$(printf %s \"$input\" | cksum); key=${{key%% *}}\n\
             if mkdir '{marks}/'\"$key\" 2>/dev/null; then sleep 60; fi\n\
             printf %s \"$input\" | exec '{example}'\n",
            marks = marks.path().display(),
            example = example(),
        ),
    )
    .unwrap();
    let out = folder();
    let script = script.to_string_lossy().into_owned();
    let run = check(
        &[
            "--games",
            "2",
            "--seed",
            "1",
            "--threads",
            "2",
            "--timeout",
            "1",
            "--no-sandbox",
            "--json",
        ],
        out.path(),
        &["sh", &script],
    );
    let report: Value = serde_json::from_slice(&run.stdout)
        .unwrap_or_else(|_| panic!("no report: {}", text(&run.stderr)));
    assert_eq!(report["score"]["total"], 100.0, "{report}");
    assert_eq!(report["findings"], serde_json::json!([]), "{report}");
    // Every game was held back once: the test held what it meant to.
    assert_eq!(std::fs::read_dir(marks.path()).unwrap().count(), 2);
}

/// Busy loops, one a core and more, for as long as this lives.
struct BusyLoops(Vec<std::process::Child>);

impl BusyLoops {
    fn start(count: usize) -> BusyLoops {
        let loops = (0..count)
            .map(|_| {
                Command::new("sh")
                    .args(["-c", "while :; do :; done"])
                    .spawn()
                    .unwrap()
            })
            .collect();
        BusyLoops(loops)
    }
}

impl Drop for BusyLoops {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A correct program in either frame scores 100 with four busy loops
/// beside the check, at the time limit a teacher runs it with.
#[test]
fn a_correct_program_scores_100_beside_four_busy_loops() {
    let _busy = BusyLoops::start(4);
    for frame in ["+", "#"] {
        let out = folder();
        let run = check(
            &[
                "--games",
                "20",
                "--seed",
                "3",
                "--threads",
                "2",
                "--timeout",
                "5",
                "--json",
            ],
            out.path(),
            &[&example(), "--frame", frame],
        );
        let report: Value = serde_json::from_slice(&run.stdout)
            .unwrap_or_else(|_| panic!("no report: {}", text(&run.stderr)));
        assert_eq!(report["score"]["total"], 100.0, "{frame}: {report}");
    }
}
