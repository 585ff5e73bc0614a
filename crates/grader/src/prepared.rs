//! The program and its sandbox made ready before the first game: the
//! folders' layout checked, the program's folder measured, a file it
//! names and was not handed in refused, what a game may read.

use std::path::{Path, PathBuf};

use sandbox::{Limits, Sandbox};

use crate::layout::Layout;
use crate::runner::Program;
use crate::{CheckError, Options};

/// The program as the games run it, and the sandbox its folders allow:
/// the layout checked, the program's folder measured, a file it names
/// and was not handed in refused, what a game may read.
pub(crate) fn prepared(options: &Options) -> Result<(Program, Sandbox), CheckError> {
    if options.in_process.is_some() {
        // Nothing is started: nothing to find, copy or confine.
        let here = std::env::current_dir().map_err(CheckError::io("cannot find this folder"))?;
        return Ok((options.program.clone(), Sandbox::none(&here)?));
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let layout = Layout::new(
        options.folder.as_deref(),
        &options.out,
        options
            .class
            .as_ref()
            .map(|(c, o)| (c.as_path(), o.as_path())),
        home.as_deref(),
    );
    layout.refusal()?;
    let folder = options
        .folder
        .as_deref()
        .map(|folder| sandbox::ProgramFolder::measure(folder, &layout.not_copied()))
        .transpose()?;
    let path_variable = std::env::var_os("PATH");
    let program = layout.program_for_runs(
        &options.program,
        folder
            .as_ref()
            .map_or(&[][..], sandbox::ProgramFolder::left_out),
        path_variable.as_deref(),
    )?;
    if let Some(missing) = layout.missing_file(&program) {
        return Err(CheckError::NotRunnable {
            program: options.program.shown(),
            reason: format!(
                "there is no {} in the program's folder{}",
                visible::path(missing),
                options
                    .folder
                    .as_ref()
                    .map(|f| format!(" ({})", visible::path(f)))
                    .unwrap_or_default()
            ),
        });
    }
    let limits = Limits::for_games(options.timeout);
    let sandbox = if options.sandboxed {
        let readable = readable(&layout, &program, path_variable.as_deref());
        let checked = sandbox::find_command(Path::new(&program.command), path_variable.as_deref());
        Sandbox::new(
            folder.as_ref(),
            limits,
            options.unprivileged,
            readable,
            checked.as_deref(),
        )?
    } else {
        let here = match &options.folder {
            Some(folder) => folder.clone(),
            None => std::env::current_dir().map_err(CheckError::io("cannot find this folder"))?,
        };
        Sandbox::none(&here)?
    };
    #[cfg(unix)]
    if let Some(user) = sandbox.others_must_reach() {
        unreachable_by_the_games_user(&program, &options.program, user)?;
    }
    Ok((program, sandbox))
}

/// What `program`'s games may read besides their folder and board: what
/// its command and arguments need, none of what `layout` hides. (Copies
/// of the grader among them are the sandbox's to find and hide.)
fn readable(
    layout: &Layout,
    program: &Program,
    path_variable: Option<&std::ffi::OsStr>,
) -> sandbox::Readable {
    let args: Vec<PathBuf> = program.args.iter().map(PathBuf::from).collect();
    let command = Path::new(&program.command);
    sandbox::Readable::for_program(command, &args, path_variable, |path| {
        layout.hides(path).is_some()
    })
}

/// Refuses a program that `user`, whom the games run as, could not reach
/// on the host, saying where it is stopped and what to do, rather than
/// "permission denied" from every game. `program` is as the games run
/// it, `shown` as the teacher gave it.
#[cfg(unix)]
fn unreachable_by_the_games_user(
    program: &Program,
    shown: &Program,
    user: &str,
) -> Result<(), CheckError> {
    let command = Path::new(&program.command);
    let found = sandbox::find_command(command, std::env::var_os("PATH").as_deref());
    let named = program
        .args
        .iter()
        .map(Path::new)
        .filter(|a| a.is_absolute());
    for path in found.as_deref().into_iter().chain(named) {
        if let Some(closed) = sandbox::closed_to_others(path) {
            return Err(CheckError::NotRunnable {
                program: shown.shown(),
                reason: format!(
                    "its games run as {user}, who cannot reach {}: {} is closed to other users. \
                     Put it where every user may read it, or in the program's folder (--folder, \
                     copied for every game) and run it from there{}",
                    visible::path(path),
                    visible::path(&closed),
                    if user.contains("--unprivileged") {
                        ", or check without --unprivileged"
                    } else {
                        ""
                    }
                ),
            });
        }
    }
    Ok(())
}
