//! The results GitHub Classroom's autograding reporter and PrairieLearn's
//! external grader read, each checked against its published format and
//! against the report's own score.

use super::*;

/// A check of the example with `bug` (none: the correct program) that
/// writes both platforms' results; the JSON report beside them.
fn results_of(bug: Option<&str>, more: &[&str]) -> (Value, Value, Value) {
    let out = folder();
    let classroom = out.path().join("classroom.json");
    let prairielearn = out.path().join("results.json");
    let mut args = vec!["--games", "40", "--seed", "5", "--json"];
    args.extend(more);
    let (classroom_arg, prairielearn_arg) = (
        classroom.to_string_lossy().into_owned(),
        prairielearn.to_string_lossy().into_owned(),
    );
    args.extend(["--github-classroom", &classroom_arg]);
    args.extend(["--prairielearn", &prairielearn_arg]);
    let example = example();
    let mut program = vec![example.as_str()];
    if let Some(bug) = bug {
        program.extend(["--bug", bug]);
    }
    let run = check(&args, out.path(), &program);
    let report: Value = serde_json::from_slice(&run.stdout)
        .unwrap_or_else(|_| panic!("no report: {}", text(&run.stderr)));
    let read = |path: &Path| -> Value {
        let bytes = std::fs::read(path).unwrap();
        assert!(bytes.len() <= 1 << 20, "{} is over 1 MB", path.display());
        serde_json::from_slice(&bytes).unwrap()
    };
    (report, read(&classroom), read(&prairielearn))
}

/// GitHub Classroom's format, as `autograding-grading-reporter` reads a
/// runner's result: version 1, a status of pass, fail or error, a
/// numeric max_score, and tests that each have a name, a status of the
/// same three, a numeric score and a message. The points it gives (the
/// tests' scores added up) are returned.
fn valid_classroom_results(results: &Value) -> f64 {
    const STATUS: [&str; 3] = ["pass", "fail", "error"];
    assert_eq!(results["version"], 1, "{results}");
    assert!(
        STATUS.contains(&results["status"].as_str().unwrap()),
        "{results}"
    );
    let most = results["max_score"].as_f64().expect("a max_score");
    let tests = results["tests"].as_array().expect("tests");
    assert!(
        !tests.is_empty(),
        "the reporter divides by the tests' count"
    );
    let mut points = 0.0;
    for test in tests {
        assert!(test["name"].is_string(), "{test}");
        assert!(STATUS.contains(&test["status"].as_str().unwrap()), "{test}");
        assert!(test["message"].is_string(), "{test}");
        points += test["score"].as_f64().expect("a score");
    }
    assert!(points <= most + 1e-9, "{points} of {most}");
    let all_pass = tests.iter().all(|t| t["status"] == "pass");
    assert_eq!(results["status"] == "pass", all_pass, "{results}");
    points
}

/// PrairieLearn's format: gradable, a score from 0 to 1, and tests that
/// each have a name, points at most their max_points, a message and an
/// output. The score is returned.
fn valid_prairielearn_results(results: &Value) -> f64 {
    const TOP: [&str; 7] = [
        "gradable",
        "score",
        "message",
        "output",
        "images",
        "tests",
        "format_errors",
    ];
    const TEST: [&str; 7] = [
        "name",
        "description",
        "points",
        "max_points",
        "message",
        "output",
        "images",
    ];
    for key in results.as_object().expect("an object").keys() {
        assert!(
            TOP.contains(&key.as_str()),
            "{key} is no field of results.json"
        );
    }
    assert_eq!(results["gradable"], true, "{results}");
    let score = results["score"].as_f64().expect("a score");
    assert!((0.0..=1.0).contains(&score), "{score}");
    assert!(results["message"].is_string() && results["output"].is_string());
    for test in results["tests"].as_array().expect("tests") {
        for key in test.as_object().expect("an object").keys() {
            assert!(TEST.contains(&key.as_str()), "{key} is no field of a test");
        }
        assert!(test["name"].is_string(), "{test}");
        let (points, most) = (test["points"].as_f64(), test["max_points"].as_f64());
        assert!(points.unwrap() <= most.unwrap(), "{test}");
        assert!(test["message"].is_string() && test["output"].is_string());
    }
    score
}

/// Each platform gives the score the report gives, part by part, for a
/// correct program and for one with a bug; and every test that lost
/// points says which games lost them, by how they failed, adding up to
/// all the games the part lost.
#[test]
fn each_platform_gives_the_report_s_score_in_its_own_format() {
    for bug in [None, Some("wide-edge"), Some("crash-on-action")] {
        let (report, classroom, prairielearn) = results_of(bug, &[]);
        let total = report["score"]["total"].as_f64().unwrap();
        let most = report["score"]["most"].as_f64().unwrap();
        let points = valid_classroom_results(&classroom);
        assert!((points - total).abs() < 1e-6, "{bug:?}: {points} {total}");
        assert_eq!(classroom["max_score"].as_f64().unwrap(), most);
        let share = valid_prairielearn_results(&prairielearn);
        assert!((share - total / most).abs() < 1e-4, "{bug:?}: {share}");
        assert_eq!(
            classroom["status"] == "pass",
            bug.is_none(),
            "{bug:?}: {classroom}"
        );
        let endings = &report["score"]["parts"][1];
        let lost = endings["of"].as_u64().unwrap() - endings["right"].as_u64().unwrap();
        let said = classroom["tests"][1]["message"].as_str().unwrap();
        let counted: u64 = said
            .split("by how they failed: ")
            .nth(1)
            .map(|kinds| {
                kinds
                    .trim_end_matches('.')
                    .split(", ")
                    .map(|kind| kind.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
                    .sum()
            })
            .unwrap_or(0);
        assert_eq!(counted, lost, "{bug:?}: {said}");
        assert_eq!(prairielearn["tests"][1]["message"], said);
    }
}

/// A check that runs out of its budget gives no score on either
/// platform: an error for GitHub Classroom, 0 with the reason for
/// PrairieLearn, never the score of the games that fitted.
#[test]
fn a_check_without_a_score_says_why_on_each_platform() {
    let (report, classroom, prairielearn) = results_of(None, &["--budget", "0.001s"]);
    assert!(report["score"].is_null(), "{report}");
    valid_classroom_results(&classroom);
    assert_eq!(classroom["status"], "error");
    assert_eq!(classroom["tests"][0]["score"], 0.0);
    assert!(
        classroom["tests"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("No score was given: the check ran out of time"),
        "{classroom}"
    );
    assert_eq!(valid_prairielearn_results(&prairielearn), 0.0);
    assert!(
        prairielearn["message"]
            .as_str()
            .unwrap()
            .starts_with("No score was given"),
        "{prairielearn}"
    );
}
