//! `check`'s plan: the grader's options, and what to do with them.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use console::messages::Printer;
use grader::case::Plan;
use grader::runner::Program;
use grader::score::Weights;

use crate::cli::CheckArgs;
use crate::error::AppError;

/// What `check` does.
#[derive(Debug)]
pub(crate) struct CheckPlan {
    /// How the program is checked.
    pub options: grader::Options,
    /// What is done with the options.
    pub then: Then,
}

/// Where each grading platform's results are written, if anywhere.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Results {
    /// Gradescope's results.json.
    pub gradescope: Option<PathBuf>,
    /// GitHub Classroom's test runner result.
    pub github_classroom: Option<PathBuf>,
    /// PrairieLearn's results.json.
    pub prairielearn: Option<PathBuf>,
}

/// What `check` does with its options.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Then {
    /// Writes a Gradescope autograder into this folder.
    Bundle(PathBuf),
    /// Checks every student's folder in this one.
    Class(PathBuf),
    /// Checks the program, and reports.
    One {
        /// The report as JSON rather than text.
        json: bool,
        /// Where the platforms' results go too, if anywhere.
        results: Results,
    },
}

/// The plan `args` ask for: a fresh seed from `seed` when none is given,
/// the program's folder from `here` when none is named. Refused: a
/// smallest board larger than the largest.
pub(crate) fn check(
    args: &CheckArgs,
    seed: impl FnOnce() -> u64,
    here: impl FnOnce() -> io::Result<PathBuf>,
    printer: Printer,
) -> Result<CheckPlan, AppError> {
    if args.min_size > args.max_size {
        return Err(AppError::Usage(format!(
            "--min-size {} is more than --max-size {}",
            args.min_size, args.max_size
        )));
    }
    if args.no_sandbox && !args.trust_programs {
        let whose = match (&args.class, &args.gradescope_bundle) {
            (Some(_), _) => Some("--class"),
            (None, Some(_)) => Some("--gradescope-bundle"),
            (None, None) => None,
        };
        if let Some(option) = whose {
            return Err(AppError::Usage(format!(
                "--no-sandbox with {option} runs every student's program with your rights: give \
                 --trust-programs too if you mean it"
            )));
        }
    }
    if let Some(why) = refusal_without_a_jail(args, sandbox::JAILS_HERE) {
        return Err(AppError::Usage(why));
    }
    let mut words = args.program.iter().cloned();
    let command = words
        .next()
        .ok_or_else(|| AppError::Usage("check needs the program to run".to_owned()))?;
    let weights = Weights::default_for(args.exact);
    let options = grader::Options {
        program: Program {
            command,
            args: words.collect(),
            // Games played to be checked are no one's to remember (when
            // the program is this one).
            env: vec![(records::NO_RECORD_VARIABLE.into(), "1".into())],
        },
        games: args.games,
        seed: args.seed.unwrap_or_else(seed),
        plan: Plan {
            inputs: args.inputs.into(),
            max_size: usize::from(args.max_size),
            min_size: usize::from(args.min_size),
            at_least_one_mine: args.at_least_one_mine,
        },
        exact: args.exact,
        timeout: Duration::from_secs_f64(args.timeout),
        threads: args.threads.map(usize::from),
        out: args.out.clone(),
        frame: args.frame.map(Into::into),
        folder: Some(match &args.folder {
            Some(folder) => folder.clone(),
            None => here()?,
        }),
        weights: match &args.weights {
            Some(given) => weights.with(given),
            None => weights,
        },
        budget: args.budget,
        printer,
        unprivileged: args.unprivileged,
        class: None,
        sandboxed: !args.no_sandbox,
        in_process: None,
    };
    let then = match (&args.gradescope_bundle, &args.class) {
        (Some(bundle), _) => Then::Bundle(bundle.clone()),
        (None, Some(class)) => Then::Class(class.clone()),
        (None, None) => Then::One {
            json: args.json,
            results: Results {
                gradescope: args.gradescope.clone(),
                github_classroom: args.github_classroom.clone(),
                prairielearn: args.prairielearn.clone(),
            },
        },
    };
    Ok(CheckPlan { options, then })
}

/// Why `args` cannot be checked on a system whose `jails` is false (no
/// jail for a game): a class's or a bundle's programs are students', and
/// a program run without the jail only with `--no-sandbox`, which says
/// the user trusts it.
fn refusal_without_a_jail(args: &CheckArgs, jails: bool) -> Option<String> {
    if jails {
        return None;
    }
    const NONE: &str = "this system has no jail for a checked program (it is Linux's: \
                        namespaces, Landlock, seccomp, control groups)";
    if args.class.is_some() {
        return Some(format!(
            "{NONE}, so a class's programs are not run here: check the class on Linux"
        ));
    }
    if args.gradescope_bundle.is_some() {
        return Some(format!(
            "{NONE}, and the bundle would carry this system's binary where Gradescope runs \
             Linux: make it on Linux"
        ));
    }
    (!args.no_sandbox).then(|| {
        format!(
            "{NONE}: a program of your own is checked with --no-sandbox, which runs it with \
             your rights; never a program you do not trust"
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser;

    fn plan(line: &[&str]) -> Result<CheckPlan, AppError> {
        let cli = Cli::try_parse_from(line).unwrap();
        let Some(Command::Check(args)) = cli.command else {
            panic!("a check");
        };
        check(
            &args,
            || 77,
            || Ok(PathBuf::from("/here")),
            Printer::default(),
        )
    }

    #[test]
    fn sizes_the_wrong_way_round_are_refused_before_anything_runs() {
        let refused = plan(&[
            "m",
            "check",
            "--min-size",
            "5",
            "--max-size",
            "3",
            "--",
            "p",
        ]);
        let Err(AppError::Usage(why)) = refused else {
            panic!("a usage error");
        };
        assert_eq!(why, "--min-size 5 is more than --max-size 3");
    }

    #[test]
    fn what_is_not_given_comes_from_outside_and_the_mode_from_the_options() {
        let one = plan(&["m", "check", "--json", "--", "python3", "p.py"]).unwrap();
        assert_eq!(one.options.seed, 77);
        assert_eq!(one.options.folder, Some(PathBuf::from("/here")));
        assert_eq!(one.options.program.args, ["p.py"]);
        assert_eq!(
            one.then,
            Then::One {
                json: true,
                results: Results::default()
            }
        );
        let class = plan(&["m", "check", "--seed", "3", "--class", "c", "--", "p"]).unwrap();
        assert_eq!(
            (class.options.seed, class.then),
            (3, Then::Class("c".into()))
        );
    }

    /// Where there is no jail, a program runs only when its user says it
    /// is trusted, and a class or a bundle never; with the jail, all go.
    #[test]
    fn without_a_jail_only_a_trusted_program_of_ones_own_is_checked() {
        let args = |line: &[&str]| {
            let cli = Cli::try_parse_from(line).unwrap();
            let Some(Command::Check(args)) = cli.command else {
                panic!("a check");
            };
            args
        };
        let own = args(&["m", "check", "--", "python3", "p.py"]);
        let trusted = args(&["m", "check", "--no-sandbox", "--", "python3", "p.py"]);
        let class = args(&[
            "m",
            "check",
            "--class",
            "c",
            "--no-sandbox",
            "--trust-programs",
            "--",
            "p",
        ]);
        let bundle = args(&["m", "check", "--gradescope-bundle", "b", "--", "p"]);
        for args in [&own, &trusted, &class, &bundle] {
            assert_eq!(refusal_without_a_jail(args, true), None);
        }
        let said = refusal_without_a_jail(&own, false).unwrap();
        assert!(said.contains("--no-sandbox"), "{said}");
        assert_eq!(refusal_without_a_jail(&trusted, false), None);
        assert!(
            refusal_without_a_jail(&class, false)
                .unwrap()
                .contains("on Linux")
        );
        assert!(
            refusal_without_a_jail(&bundle, false)
                .unwrap()
                .contains("Gradescope")
        );
    }
}
