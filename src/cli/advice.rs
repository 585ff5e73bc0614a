//! Parsing the command line, with errors that say what to type instead.
//!
//! clap's own messages are kept where they are right. Three kinds are
//! rewritten, because clap's advice there is wrong for this program:
//! an option that belongs to another command (clap suggests `-- --at`,
//! which would pass `--at` as a file name), an option of the game given
//! before a command (clap would drop it silently), and a value given to
//! `--animate` with a space (clap takes the value for the board file).

use std::ffi::OsString;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgMatches, CommandFactory, FromArgMatches, parser::ValueSource};

use super::Cli;
use visible::Visible;

/// Parses `args` (the program's name first) into a [`Cli`].
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let mut command = Cli::command();
    if let Some(error) = value_after_a_space(&mut command, &args) {
        return Err(error);
    }
    let matches = command
        .try_get_matches_from_mut(&args)
        .map_err(|error| advise(error, &command))?;
    if let Some(error) = game_option_before_a_command(&mut command, &matches) {
        return Err(error);
    }
    Cli::from_arg_matches(&matches).map_err(|error| error.format(&mut command))
}

/// `--animate 5`: an option whose value must follow `=` (so that
/// `--animate BOARD` still reads BOARD as the board), given a number after
/// a space instead.
fn value_after_a_space(command: &mut clap::Command, args: &[OsString]) -> Option<clap::Error> {
    let joined: Vec<String> = command
        .get_arguments()
        .filter(|arg| arg.is_require_equals_set())
        .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
        .collect();
    // Past `--` the words are another program's (`check -- prog --animate 5`).
    let ours = args
        .iter()
        .position(|arg| arg == "--")
        .map_or(args, |end| &args[..end]);
    let (option, value) = ours.windows(2).find_map(|pair| {
        let option = pair[0].to_str()?;
        let value = pair[1].to_str()?;
        let number = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
        (number && joined.iter().any(|j| j == option)).then_some((option, value))
    })?;
    Some(command.error(
        ErrorKind::InvalidValue,
        format!(
            "{option} takes its value after `=`, as in `{option}={value}`; a value after a \
             space is read as the board file (for a board file named {value}, write ./{value})"
        ),
    ))
}

/// An option of the game given before a command, which the command would
/// never see: `minesweeper --seed 5 bench`, `minesweeper --rules classic show B`.
fn game_option_before_a_command(
    command: &mut clap::Command,
    matches: &ArgMatches,
) -> Option<clap::Error> {
    let (name, _) = matches.subcommand()?;
    let sub = command.find_subcommand(name)?.clone();
    let given = command.get_arguments().find(|arg| {
        !arg.is_global_set()
            && matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine)
    })?;
    let shown = given
        .get_long()
        .map_or_else(|| format!("{}", given.get_id()), |long| format!("--{long}"));
    let takes_it = given
        .get_long()
        .is_some_and(|long| sub.get_arguments().any(|arg| arg.get_long() == Some(long)));
    let message = if takes_it {
        format!("{shown} is given before `{name}`; put it after: `minesweeper {name} {shown} …`")
    } else if given.get_long().is_none() {
        format!(
            "a board file is played without a command: `minesweeper BOARD`, or `minesweeper \
             {name} …` on its own"
        )
    } else {
        format!("{shown} is an option for playing a game; `minesweeper {name}` takes no {shown}")
    };
    Some(command.error(ErrorKind::ArgumentConflict, message))
}

/// clap's error, with what the user typed made visible, and its advice
/// replaced where it would mislead.
fn advise(mut error: clap::Error, command: &clap::Command) -> clap::Error {
    for kind in [
        ContextKind::InvalidArg,
        ContextKind::InvalidValue,
        ContextKind::InvalidSubcommand,
    ] {
        if let Some(ContextValue::String(typed)) = error.get(kind) {
            let shown = Visible(typed).to_string();
            error.insert(kind, ContextValue::String(shown));
        }
    }
    if error.kind() != ErrorKind::UnknownArgument {
        return error;
    }
    let Some(ContextValue::String(invalid)) = error.get(ContextKind::InvalidArg) else {
        return error;
    };
    let long = invalid.split('=').next().unwrap_or_default().to_owned();
    if !long.starts_with("--") {
        return error;
    }
    let tips = match owners(command, &long[2..]) {
        owners if owners.is_empty() => Vec::new(),
        owners => vec![format!("{long} is an option of {}", owners.join(", ")).into()],
    };
    // Replaces clap's tips, the "to pass '--at' as a value, use '-- --at'" among them.
    error.insert(ContextKind::Suggested, ContextValue::StyledStrs(tips));
    error
}

/// The commands that take the option `--long`, as the player would type them.
fn owners(command: &clap::Command, long: &str) -> Vec<String> {
    let has = |c: &clap::Command| c.get_arguments().any(|a| a.get_long() == Some(long));
    let mut owners = Vec::new();
    if has(command) {
        owners.push("`minesweeper [BOARD]` (playing)".to_owned());
    }
    for sub in command.get_subcommands().filter(|sub| has(sub)) {
        owners.push(format!("`minesweeper {}`", sub.get_name()));
    }
    owners
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{ColorChoice, Command};

    fn error_of(args: &[&str]) -> String {
        let args = std::iter::once("minesweeper").chain(args.iter().copied());
        parse(args).unwrap_err().to_string()
    }

    #[test]
    fn colour_is_taken_before_or_after_a_command() {
        for args in [
            ["--color", "always", "show", "b.txt"],
            ["show", "--color", "always", "b.txt"],
            ["show", "b.txt", "--color", "always"],
        ] {
            let cli = parse(std::iter::once("minesweeper").chain(args)).unwrap();
            assert!(
                matches!(cli.command, Some(Command::Show { .. })),
                "{args:?}"
            );
            assert_eq!(cli.color, ColorChoice::Always, "{args:?}");
        }
    }

    #[test]
    fn words_after_a_double_dash_are_the_program_s_own() {
        let cli = parse(["minesweeper", "check", "--", "echo", "--animate", "5"]).unwrap();
        let Some(Command::Check(check)) = cli.command else {
            panic!("not a check");
        };
        assert_eq!(check.program, ["echo", "--animate", "5"]);
    }

    #[test]
    fn animate_with_a_space_says_to_use_equals() {
        let text = error_of(&["--animate", "5", "b.txt"]);
        assert!(text.contains("`--animate=5`"), "{text}");
        let cli = parse(["minesweeper", "--animate", "b.txt"]).unwrap();
        assert_eq!(cli.play.animate.animate, Some(60));
        assert_eq!(cli.play.board, Some("b.txt".into()));
    }

    #[test]
    fn an_option_of_another_command_names_its_commands() {
        let text = error_of(&["show", "--at", "3,3", "b.txt"]);
        assert!(!text.contains("'-- --at'"), "{text}");
        assert!(
            text.contains("--at is an option of `minesweeper generate`, `minesweeper solve`, `minesweeper bench`"),
            "{text}"
        );
        let text = error_of(&["show", "b.txt", "--rules", "classic"]);
        assert!(text.contains("`minesweeper [BOARD]` (playing)"), "{text}");
    }

    #[test]
    fn game_options_before_a_command_are_refused() {
        let text = error_of(&["--rules", "classic", "show", "b.txt"]);
        assert!(
            text.contains("`minesweeper show` takes no --rules"),
            "{text}"
        );
        let text = error_of(&["--seed", "5", "bench"]);
        assert!(
            text.contains("put it after: `minesweeper bench --seed …`"),
            "{text}"
        );
    }

    #[test]
    fn what_was_typed_is_shown_escaped() {
        let text = error_of(&["--rules", "\x1b]0;pwned\x07"]);
        assert!(!text.contains('\x1b'), "{text}");
        assert!(text.contains("\\u{1b}]0;pwned\\u{7}"), "{text}");
        let text = error_of(&["--bogus\x1b[2J"]);
        assert!(!text.contains('\x1b'), "{text}");
    }

    #[test]
    fn negative_numbers_reach_the_value_check() {
        let text = error_of(&["--seed", "-1"]);
        assert!(!text.contains("'-- -1'"), "{text}");
        assert!(text.contains("'-1'") && text.contains("--seed"), "{text}");
        let text = error_of(&["generate", "--at", "-1,3"]);
        assert!(text.contains("expected ROW,COL"), "{text}");
    }
}
