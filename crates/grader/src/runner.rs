//! Running the program under test: its input written to it, its output
//! kept, a time limit, and the whole process group (or job, on Windows)
//! killed when the limit runs out, so a program that started others leaves
//! nothing behind.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use process_wrap::std::{ChildWrapper, CommandWrap};

/// The program and its arguments, as given after `--`.
#[derive(Clone, Debug)]
pub struct Program {
    /// The command, found on the PATH or by its path.
    pub command: OsString,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Variables every run is given, over what the sandbox leaves (the
    /// caller's word: this crate knows no program's variables).
    pub env: Vec<(OsString, OsString)>,
}

impl Program {
    /// The command line as a person would type it, every character that
    /// is not plainly visible escaped.
    pub fn shown(&self) -> String {
        std::iter::once(&self.command)
            .chain(&self.args)
            .map(|word| shown_word(&word.to_string_lossy()))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `word` as a person would type it to a shell: every character that is
/// not plainly visible escaped, and quoted unless every character means
/// itself to a shell.
pub(crate) fn shown_word(word: &str) -> String {
    // A word may hold anything: escaped before it is shown, as a path is
    // (on Windows its separators, `\`, stay as typed, and mean only
    // themselves to cmd).
    let word = visible::path(std::path::Path::new(word));
    let plain =
        |c: char| c.is_alphanumeric() || "_./,:=@%+-".contains(c) || (cfg!(windows) && c == '\\');
    if word.is_empty() || !word.chars().all(plain) {
        crate::bundle::shell_word(&word)
    } else {
        word
    }
}

/// Output past this much on either stream stops the program: a game of
/// the largest board prints a few hundred kilobytes, so more is a loop.
/// (Held for every game at once: with 8 at a time, 64 MiB at most.)
pub(crate) const MOST_OUTPUT: usize = 4 << 20;

/// How the program stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// It exited, or a signal ended it.
    Exited(ExitStatus),
    /// Still running when its time on the clock ran out.
    TimedOut,
    /// Stopped by the system for using up its CPU time (`SIGXCPU`, at the
    /// limit a sandboxed game's processes are given): computing too long,
    /// whatever the machine's load.
    OutOfCpu,
    /// Printed more than `MOST_OUTPUT`.
    TooMuchOutput,
}

/// What one run of the program did.
#[derive(Clone, Debug)]
pub struct Run {
    /// What it printed on stdout.
    pub stdout: Vec<u8>,
    /// What it printed on stderr.
    pub stderr: Vec<u8>,
    /// How it stopped.
    pub end: End,
}

/// A program played in this process instead of started: what a test
/// hands `check` to judge, shrink, score and report on its games without
/// starting a process a game. The real runs (the sandbox, limits, a
/// program's own ways to fail) are tested with real programs.
pub trait Model: Send + Sync {
    /// One game: `input` typed (the board file's path first), what the
    /// program printed and how it ended.
    fn run(&self, input: &[u8]) -> Run;
}

/// A [`Model`] as the options hold it.
#[derive(Clone)]
pub struct InProcess(pub std::sync::Arc<dyn Model>);

impl std::fmt::Debug for InProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("InProcess(..)")
    }
}

/// How a program that exited with `code` ended.
pub fn exited(code: i32) -> End {
    #[cfg(unix)]
    let status = {
        use std::os::unix::process::ExitStatusExt;
        ExitStatus::from_raw((code & 0xff) << 8)
    };
    #[cfg(windows)]
    let status = {
        use std::os::windows::process::ExitStatusExt;
        ExitStatus::from_raw(code as u32)
    };
    End::Exited(status)
}

/// Runs `program` with `input` on its stdin, for at most `limit`.
///
/// Fails only when the program cannot be started.
pub fn run(program: &Program, input: &[u8], limit: Duration) -> io::Result<Run> {
    run_in(program, input, limit, |_| {})
}

/// Runs `program` as [`run`] does, its command (program and arguments
/// given) set up by `place` (a sandbox's folder, environment, limits and
/// jail), which gives the program's variables where it clears the rest.
pub(crate) fn run_in(
    program: &Program,
    input: &[u8],
    limit: Duration,
    place: impl FnOnce(&mut std::process::Command),
) -> io::Result<Run> {
    let mut command = CommandWrap::with_new(&program.command, |command| {
        command
            .args(&program.args)
            .envs(program.env.iter().map(|(name, value)| (name, value)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        place(command);
    });
    #[cfg(unix)]
    command.wrap(process_wrap::std::ProcessGroup::leader());
    #[cfg(windows)]
    command.wrap(process_wrap::std::JobObject);
    let (done, finished) = mpsc::channel();
    thread::scope(|scope| {
        // The threads that talk to the program start before it does: a
        // program that starts processes until none more can be (a control
        // group bounds them, where threads of this one are born too)
        // would otherwise leave none to start, and its game unplayed.
        let (give_stdin, take_stdin) = mpsc::channel::<Option<std::process::ChildStdin>>();
        let (give_stdout, take_stdout) = mpsc::channel::<Option<std::process::ChildStdout>>();
        let (give_stderr, take_stderr) = mpsc::channel::<Option<std::process::ChildStderr>>();
        let start = || thread::Builder::new();
        let writer = start().spawn_scoped(scope, move || {
            if let Ok(Some(mut stdin)) = take_stdin.recv() {
                // A program that stops reading early closes its end: fine.
                let _ = stdin.write_all(input);
            }
        });
        let out = start().spawn_scoped(scope, {
            let done = done.clone();
            move || read_capped(take_stdout.recv().ok().flatten(), &done)
        });
        let err = start().spawn_scoped(scope, move || {
            read_capped(take_stderr.recv().ok().flatten(), &done)
        });
        let (Ok(_), Ok(out), Ok(err)) = (writer, out, err) else {
            // No memory for a thread's stack: the game is not played, and
            // the threads that started end as their channels close.
            return Err(io::Error::other(
                "cannot start the threads that talk to the program",
            ));
        };
        // Outside the terminal's process group, Ctrl-C does not reach it.
        let (mut child, _killed_on_interrupt) = {
            // No run's copy is being written while this one starts.
            let _starting = sandbox::starting_a_process();
            signals::KillOnInterrupt::spawn(|| command.spawn(), |child| child.id())?
        };
        let deadline = Instant::now() + limit;
        let _ = give_stdin.send(child.stdin().take());
        let _ = give_stdout.send(child.stdout().take());
        let _ = give_stderr.send(child.stderr().take());
        let end = wait_for(&mut *child, &finished, deadline);
        if end.is_some() {
            // Its time ran out or it printed too much: the readers end
            // once every process holding the pipes is gone.
            let _ = child.kill();
        }
        let (stdout, out_over) = out.join().unwrap_or_default();
        let (stderr, err_over) = err.join().unwrap_or_default();
        let end = match end {
            Some(end) => end,
            None if out_over || err_over => End::TooMuchOutput,
            None => match child.wait() {
                Ok(status) if stopped_for_cpu(status) => End::OutOfCpu,
                Ok(status) => End::Exited(status),
                Err(_) => End::TimedOut,
            },
        };
        if !matches!(end, End::Exited(status) if status.success()) {
            let tail =
                String::from_utf8_lossy(&stderr[stderr.len().saturating_sub(300)..]).into_owned();
            tracing::debug!(?end, stderr = %visible::Visible(&tail), "a run ended otherwise than well");
        }
        Ok(Run {
            stdout,
            stderr,
            end,
        })
    })
}

/// Why a reader stopped.
enum Finished {
    /// Its stream ended.
    Ended,
    /// It read more than [`MOST_OUTPUT`].
    Overflowed,
}

/// Waits until both streams end and the program exits, or the deadline
/// passes (`Some(TimedOut)`), or a stream overflows (`Some(TooMuchOutput)`).
fn wait_for(
    child: &mut dyn ChildWrapper,
    finished: &mpsc::Receiver<Finished>,
    deadline: Instant,
) -> Option<End> {
    let mut ended = 0;
    while ended < 2 {
        let left = deadline.saturating_duration_since(Instant::now());
        match finished.recv_timeout(left) {
            Ok(Finished::Ended) => ended += 1,
            Ok(Finished::Overflowed) => return Some(End::TooMuchOutput),
            Err(_) => return Some(End::TimedOut),
        }
    }
    // The streams are closed; the program may still be running (it closed
    // them itself, and an interpreter goes on tidying up after that). Wait
    // for its exit, woken by it where the system can tell, else looking
    // again and again.
    let mut pause = Duration::from_micros(200);
    loop {
        match child.try_wait() {
            Ok(Some(_)) | Err(_) => return None,
            Ok(None) if Instant::now() >= deadline => return Some(End::TimedOut),
            Ok(None) => {
                if !block_until_exit(child.id(), deadline) {
                    thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(20));
                }
            }
        }
    }
}

/// Blocks until the child `pid` (not yet waited for) exits, or `deadline`
/// passes, or a signal comes; `false` where the system cannot tell (no
/// pidfd: a kernel older than 5.3), and then nothing was waited for.
/// Woken at the exit itself: polling with pauses cost 10 to 20 ms a game,
/// a third of a Python game.
#[cfg(target_os = "linux")]
fn block_until_exit(pid: u32, deadline: Instant) -> bool {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: pidfd_open takes a process id and no flags, and gives a new
    // descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    let Ok(fd) = i32::try_from(fd) else {
        return false;
    };
    if fd < 0 {
        return false;
    }
    // SAFETY: the descriptor was just opened here, and is owned only here.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    let mut exited = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    let left = deadline.saturating_duration_since(Instant::now());
    let millis = i32::try_from(left.as_millis()).unwrap_or(i32::MAX);
    // SAFETY: one pollfd, which lives across the call. An interruption
    // returns early: the caller looks again.
    unsafe { libc::poll(&mut exited, 1, millis.max(1)) };
    true
}

#[cfg(not(target_os = "linux"))]
fn block_until_exit(_pid: u32, _deadline: Instant) -> bool {
    false
}

/// Everything `stream` gives, up to [`MOST_OUTPUT`] bytes, and whether
/// there was more; tells `done` when it stops.
fn read_capped(stream: Option<impl Read>, done: &mpsc::Sender<Finished>) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let over = match stream {
        Some(stream) => {
            let mut limited = stream.take(MOST_OUTPUT as u64 + 1);
            let _ = limited.read_to_end(&mut kept);
            kept.len() > MOST_OUTPUT
        }
        None => false,
    };
    kept.truncate(MOST_OUTPUT);
    let _ = done.send(if over {
        Finished::Overflowed
    } else {
        Finished::Ended
    });
    (kept, over)
}

/// Whether `status` is that of a process the system stopped at its CPU
/// time's limit.
fn stopped_for_cpu(status: ExitStatus) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        status.signal() == Some(libc::SIGXCPU)
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        false
    }
}

/// How the program ended, in words: `exited with status 1`, `was killed by
/// signal 11 (SIGSEGV)`.
pub(crate) fn describe_status(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("was killed by signal {signal}{}", signal_name(signal));
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => "ended abnormally".to_owned(),
    }
}

/// ` (SIGSEGV)`: the signal's name, from signal-hook's table; nothing for
/// a number it does not know.
#[cfg(unix)]
fn signal_name(signal: i32) -> String {
    signal_hook::low_level::signal_name(signal)
        .map(|name| format!(" ({name})"))
        .unwrap_or_default()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str) -> Program {
        Program {
            command: "sh".into(),
            args: vec!["-c".into(), script.into()],
            env: Vec::new(),
        }
    }

    #[test]
    fn output_and_status_are_kept() {
        let run = run(
            &sh("cat; echo oops >&2; exit 3"),
            b"hello\n",
            Duration::from_secs(120),
        )
        .unwrap();
        assert_eq!(run.stdout, b"hello\n");
        assert_eq!(run.stderr, b"oops\n");
        let End::Exited(status) = run.end else {
            panic!("{:?}", run.end)
        };
        assert_eq!(status.code(), Some(3));
    }

    #[test]
    fn a_hang_is_stopped_with_everything_it_started() {
        let started = Instant::now();
        // The shell starts a second sleeper that holds stdout open: only
        // killing the whole group lets the readers finish before the
        // sleepers would. The limit leaves a busy machine time to start it.
        let run = run(
            &sh("echo start; sleep 120 & sleep 120"),
            b"",
            Duration::from_secs(5),
        )
        .unwrap();
        assert_eq!(run.end, End::TimedOut);
        assert_eq!(run.stdout, b"start\n");
        assert!(started.elapsed() < Duration::from_secs(100));
    }

    #[test]
    fn a_program_stopped_at_its_cpu_time_is_told_from_one_the_clock_stopped() {
        // One second of CPU time, as the soft limit: the system sends
        // SIGXCPU there, however long the busy machine takes to give it.
        let run = run(
            &sh("ulimit -S -t 1; while :; do :; done"),
            b"",
            Duration::from_secs(120),
        )
        .unwrap();
        assert_eq!(run.end, End::OutOfCpu);
    }

    #[test]
    fn endless_output_is_cut_off() {
        let run = run(&sh("yes"), b"", Duration::from_secs(20)).unwrap();
        assert_eq!(run.end, End::TooMuchOutput);
        assert_eq!(run.stdout.len(), MOST_OUTPUT);
    }

    #[test]
    fn a_program_that_is_not_there_cannot_start() {
        let missing = Program {
            command: "/no/such/program".into(),
            args: Vec::new(),
            env: Vec::new(),
        };
        let error = run(&missing, b"", Duration::from_secs(1)).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn a_program_that_reads_nothing_still_ends() {
        let input = vec![b'x'; 1 << 20];
        let run = run(&sh("exit 0"), &input, Duration::from_secs(120)).unwrap();
        assert!(matches!(run.end, End::Exited(s) if s.success()));
    }

    #[test]
    fn signals_are_named_from_the_table() {
        use std::os::unix::process::ExitStatusExt;
        for (signal, name) in [(6, "SIGABRT"), (24, "SIGXCPU"), (25, "SIGXFSZ")] {
            let said = describe_status(ExitStatus::from_raw(signal));
            assert_eq!(said, format!("was killed by signal {signal} ({name})"));
        }
    }

    #[test]
    fn the_command_line_is_shown_as_typed() {
        let program = Program {
            command: "python3".into(),
            args: vec!["my proj3.py".into(), "it's".into()],
            env: Vec::new(),
        };
        assert_eq!(program.shown(), r"python3 'my proj3.py' 'it'\''s'");
    }
}
