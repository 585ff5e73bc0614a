//! A hostile student's program, for the tests of `check`'s sandbox: it
//! tries one way out of its game, and plays right only when that way was
//! open, so that a check of it scores 100 where the sandbox leaks and 0
//! where it holds.
//!
//! ```text
//! hostile ATTACK [ARGUMENT...] -- PLAYER [ARGUMENT...]
//! ```
//!
//! PLAYER is a program that plays right (`examples/proj3`, say), run in
//! this program's place when the attack got through. Otherwise this
//! program says on stderr what it tried and exits 3. The attacks:
//!
//! - `unix-socket PATH`: connect to a Unix socket outside the game,
//!   with `socket(2)` and then through io_uring (`IORING_OP_SOCKET` and
//!   `IORING_OP_CONNECT`), and say `LEAK` to it.
//! - `terminal`: open the check's terminal (`/dev/tty`, or a device node
//!   made in the game's folder for `/dev/tty` or for the terminal its
//!   parent's /proc/PID/stat names), write its title and push a command
//!   into its input (`TIOCSTI`).
//! - `state`: find what an earlier game left where games are not to
//!   reach (a time and an extended attribute on /var/tmp, the domain
//!   name, a mode on the program's copy), and leave it for the next.
//! - `side-by-side`: connect to an abstract Unix socket another game
//!   listens on (odd games), or listen on one (even games).
//! - `privilege FILE`: read /etc/shadow, make a BPF map, change the
//!   mode, owner, times or attributes of FILE (another student's); and
//!   set the host's name (which the test looks at on the machine).
//! - `memory MIB COUNT`: hold MIB MiB in each of COUNT processes at once.
//! - `fork-bomb`: start processes until none more can be, and hold them.
//! - `grader NAME`: play through a copy of minesweeper found on PATH.
//! - `grader-in FOLDER NAME`: play through the copy of minesweeper called
//!   NAME somewhere in FOLDER.
//! - `proc-status`: read /proc/self/status first (no attack: a correct
//!   program that does so must not be charged for it).
//!
//! The slow ones (`side-by-side`, `memory`) attack in the first four
//! games of a check only, those the tests score; the games after them
//! are the check's shrinking replays, where failing at once fails as
//! well, in a moment.

#![allow(
    clippy::print_stderr,
    reason = "a student's program prints as it likes; this one says what it tried"
)]

#[cfg(target_os = "linux")]
fn main() -> std::process::ExitCode {
    linux::main()
}

/// Elsewhere there is no jail of Linux's to attack.
#[cfg(not(target_os = "linux"))]
fn main() -> std::process::ExitCode {
    eprintln!("hostile: the attacks are on Linux's jail");
    std::process::ExitCode::from(2)
}

/// The attacks, on Linux.
#[cfg(target_os = "linux")]
mod linux {
    use std::ffi::{CString, OsString};
    use std::os::unix::process::CommandExt;
    use std::process::{Command, ExitCode};
    use std::time::{Duration, Instant};

    pub(super) fn main() -> ExitCode {
        let args: Vec<OsString> = std::env::args_os().skip(1).collect();
        let Some(split) = args.iter().position(|a| a == "--") else {
            eprintln!("usage: hostile ATTACK [ARGUMENT...] -- PLAYER [ARGUMENT...]");
            return ExitCode::from(2);
        };
        let (attack, player) = (&args[..split], &args[split + 1..]);
        let words: Vec<String> = attack
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let through = match words.as_slice() {
            ["unix-socket", path] => unix_socket(path),
            ["terminal"] => terminal(),
            ["state"] => state(),
            ["side-by-side"] => first_games_only().is_some_and(side_by_side),
            ["privilege", file] => privilege(file),
            ["memory", mib, count] => {
                first_games_only().is_some()
                    && memory(mib.parse().unwrap_or(1), count.parse().unwrap_or(1))
            }
            ["fork-bomb"] => fork_bomb(),
            ["grader", name] => return play_through(name),
            ["grader-in", folder, name] => match find_in(std::path::Path::new(folder), name) {
                Some(found) => return play_through(&found.to_string_lossy()),
                None => false,
            },
            ["proc-status"] => std::fs::read_to_string("/proc/self/status").is_ok(),
            _ => {
                eprintln!("hostile: no attack {words:?}");
                return ExitCode::from(2);
            }
        };
        if !through {
            eprintln!("hostile: blocked");
            return ExitCode::from(3);
        }
        eprintln!("hostile: THROUGH");
        let Some((program, rest)) = player.split_first() else {
            return ExitCode::from(2);
        };
        // `check` names a file of the program's folder by its path in the
        // game's copy, `proj3` for `./proj3`: a file here, not on PATH.
        let program = std::path::Path::new(program);
        let here = std::path::Path::new(".").join(program);
        let program = if program.components().count() == 1 && here.is_file() {
            here.as_os_str()
        } else {
            program.as_os_str()
        };
        let error = Command::new(program).args(rest).exec();
        eprintln!("hostile: cannot run the player: {error}");
        ExitCode::from(4)
    }

    /// A way to connect to a socket by its path or name: its descriptor.
    type Connect = fn(&str) -> Result<i32, std::io::Error>;

    /// What a system call returned, as a result.
    fn ok(result: libc::c_long) -> Result<libc::c_long, std::io::Error> {
        if result < 0 {
            Err(std::io::Error::last_os_error())
        } else {
            Ok(result)
        }
    }

    /// A Unix socket's address for `path`: a file's, or with a leading `@`
    /// an abstract name's.
    fn address(path: &str) -> (libc::sockaddr_un, libc::socklen_t) {
        // SAFETY: an all-zero sockaddr_un is a valid value.
        let mut address: libc::sockaddr_un = unsafe { std::mem::zeroed() };
        address.sun_family = libc::AF_UNIX as libc::sa_family_t;
        let bytes = path.as_bytes();
        let (bytes, abstract_name) = match bytes.strip_prefix(b"@") {
            Some(name) => (name, true),
            None => (bytes, false),
        };
        let start = usize::from(abstract_name);
        for (i, &b) in bytes.iter().take(100).enumerate() {
            address.sun_path[start + i] = b as libc::c_char;
        }
        let length = std::mem::size_of::<libc::sa_family_t>() + start + bytes.len().min(100);
        let length = if abstract_name { length } else { length + 1 };
        (address, length as libc::socklen_t)
    }

    /// Connects to the socket at `path` with `socket(2)`; its descriptor.
    fn connect_plainly(path: &str) -> Result<i32, std::io::Error> {
        let (address, length) = address(path);
        // SAFETY: socket and connect on a local address.
        unsafe {
            let fd = ok(libc::socket(libc::AF_UNIX, libc::SOCK_STREAM, 0).into())? as i32;
            let connected =
                libc::connect(fd, (&address as *const libc::sockaddr_un).cast(), length);
            if connected != 0 {
                let error = std::io::Error::last_os_error();
                libc::close(fd);
                return Err(error);
            }
            Ok(fd)
        }
    }

    fn unix_socket(path: &str) -> bool {
        let tries: [(&str, Connect); 2] =
            [("socket(2)", connect_plainly), ("io_uring", uring::connect)];
        for (how, connect) in tries {
            match connect(path) {
                Ok(fd) => {
                    // SAFETY: a write to the descriptor just connected.
                    unsafe { libc::write(fd, b"LEAK\n".as_ptr().cast(), 5) };
                    eprintln!("hostile: connected to {path} by {how}");
                    return true;
                }
                Err(error) => eprintln!("hostile: {how}: {error}"),
            }
        }
        false
    }

    /// The command pushed into a terminal's input.
    const PUSHED: &[u8] = b"echo PWNED-BY-TIOCSTI\n";

    /// The terminal devices this process and its parent have, from their
    /// /proc/PID/stat (field 7, `tty_nr`), as (major, minor).
    fn terminals() -> Vec<(u32, u32)> {
        // SAFETY: getppid cannot fail.
        let parent = unsafe { libc::getppid() };
        let mut found = Vec::new();
        for pid in ["self".to_owned(), parent.to_string()] {
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue;
            };
            let Some(after_name) = stat.rsplit(')').next() else {
                continue;
            };
            let Some(Ok(tty)) = after_name.split_whitespace().nth(4).map(str::parse::<u32>) else {
                continue;
            };
            if tty != 0 {
                found.push(((tty >> 8) & 0xfff, (tty & 0xff) | ((tty >> 12) & 0xfff00)));
            }
        }
        found
    }

    fn terminal() -> bool {
        let mut through = false;
        let mut paths = vec!["/dev/tty".to_owned()];
        for (i, (major, minor)) in [(5, 0)].into_iter().chain(terminals()).enumerate() {
            let node = format!("tty-{i}");
            let name = CString::new(node.clone()).unwrap();
            // SAFETY: mknod of a device node in this game's folder.
            let made = unsafe {
                libc::mknod(
                    name.as_ptr(),
                    libc::S_IFCHR | 0o666,
                    libc::makedev(major, minor),
                )
            };
            if made == 0 {
                paths.push(node);
            } else {
                eprintln!(
                    "hostile: mknod {major},{minor}: {}",
                    std::io::Error::last_os_error()
                );
            }
        }
        for path in paths {
            let path = CString::new(path).unwrap();
            // SAFETY: open, ioctl and write on the descriptor opened here.
            unsafe {
                let fd = libc::open(path.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
                if fd < 0 {
                    eprintln!(
                        "hostile: open {path:?}: {}",
                        std::io::Error::last_os_error()
                    );
                    continue;
                }
                let title = b"\x1b]0;PWNED-TITLE\x07";
                if libc::write(fd, title.as_ptr().cast(), title.len()) > 0 {
                    eprintln!("hostile: wrote to {path:?}");
                    through = true;
                }
                for byte in PUSHED {
                    if libc::ioctl(fd, libc::TIOCSTI, byte as *const u8) == 0 {
                        through = true;
                    } else {
                        eprintln!("hostile: TIOCSTI: {}", std::io::Error::last_os_error());
                        break;
                    }
                }
                libc::close(fd);
            }
        }
        through
    }

    /// What marks the state a game leaves.
    const MARK: &str = "minesweeper-state";
    /// The time a game leaves on /var/tmp.
    const MARKED_TIME: i64 = 1_000_000_007;
    /// The mode a game leaves on the program's copy.
    const MARKED_MODE: u32 = 0o741;

    /// The file of the program's one copy a game may try to mark, found
    /// beside its own folder where it can be.
    fn program_copy() -> Option<std::path::PathBuf> {
        let here = std::env::current_dir().ok()?;
        let copy = here.parent()?.join("program");
        std::fs::read_dir(&copy)
            .ok()?
            .flatten()
            .map(|entry| entry.path())
            .find(|path| path.is_file())
    }

    fn state() -> bool {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let var_tmp = CString::new("/var/tmp").unwrap();
        let name = CString::new("user.minesweeper").unwrap();
        let mut found = Vec::new();
        if std::fs::metadata("/var/tmp").is_ok_and(|m| m.mtime() == MARKED_TIME) {
            found.push("the time of /var/tmp");
        }
        let mut value = [0u8; 16];
        // SAFETY: getxattr into a local buffer.
        if unsafe {
            libc::getxattr(
                var_tmp.as_ptr(),
                name.as_ptr(),
                value.as_mut_ptr().cast(),
                16,
            )
        } > 0
        {
            found.push("an attribute of /var/tmp");
        }
        // SAFETY: an all-zero utsname is a valid value.
        let mut names: libc::utsname = unsafe { std::mem::zeroed() };
        // SAFETY: uname into a local.
        if unsafe { libc::uname(&mut names) } == 0 {
            // SAFETY: uname ends each name with a NUL.
            let domain = unsafe { std::ffi::CStr::from_ptr(names.domainname.as_ptr()) };
            if domain.to_bytes() == MARK.as_bytes() {
                found.push("the domain name");
            }
        }
        let copy = program_copy();
        if let Some(copy) = &copy
            && std::fs::metadata(copy).is_ok_and(|m| m.permissions().mode() & 0o777 == MARKED_MODE)
        {
            found.push("the mode of the program's copy");
        }
        if !found.is_empty() {
            eprintln!("hostile: found {found:?}");
            return true;
        }
        // Left for the next game.
        let times = [libc::timespec {
            tv_sec: MARKED_TIME,
            tv_nsec: 0,
        }; 2];
        // SAFETY: system calls on locals and C strings held here.
        unsafe {
            if libc::utimensat(libc::AT_FDCWD, var_tmp.as_ptr(), times.as_ptr(), 0) != 0 {
                eprintln!("hostile: utimensat: {}", std::io::Error::last_os_error());
            }
            if libc::setxattr(var_tmp.as_ptr(), name.as_ptr(), b"1".as_ptr().cast(), 1, 0) != 0 {
                eprintln!("hostile: setxattr: {}", std::io::Error::last_os_error());
            }
            if libc::setdomainname(MARK.as_ptr().cast(), MARK.len()) != 0 {
                eprintln!(
                    "hostile: setdomainname: {}",
                    std::io::Error::last_os_error()
                );
            }
        }
        if let Some(copy) = copy
            && let Err(error) =
                std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(MARKED_MODE))
        {
            eprintln!("hostile: chmod {}: {error}", copy.display());
        }
        false
    }

    /// The abstract socket games side by side would meet on.
    const MEETING: &str = "@minesweeper-side-by-side";

    /// The game's number, from the board file's name (`board-N.txt`), the
    /// first line of its input; the input is kept for the player, who reads
    /// it from the start.
    fn game_number() -> Option<u64> {
        let mut input = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut input).ok()?;
        // SAFETY: memfd_create, write, lseek and dup2 on descriptors of ours.
        unsafe {
            let fd = libc::memfd_create(c"input".as_ptr(), 0);
            if fd >= 0 {
                libc::write(fd, input.as_ptr().cast(), input.len());
                libc::lseek(fd, 0, libc::SEEK_SET);
                libc::dup2(fd, 0);
            }
        }
        let first = input.split(|&b| b == b'\n').next()?;
        let name = String::from_utf8_lossy(first);
        let number = name.rsplit("board-").next()?.strip_suffix(".txt")?;
        number.parse().ok()
    }

    /// The game's number, for the slow attacks, which attack in the first
    /// four games only: those the tests' checks score. The games after them
    /// are a check's shrinking replays, where a game that fails at once fails
    /// as well, in a moment rather than seconds.
    fn first_games_only() -> Option<u64> {
        game_number().filter(|&number| number < 4)
    }

    /// Games of even numbers listen for a second and a half; those of odd
    /// numbers, which a check with two threads starts at the same time as the
    /// one before, look for them for a second, until refused outright.
    fn side_by_side(number: u64) -> bool {
        if number % 2 == 1 {
            let tries: [(&str, Connect); 2] =
                [("socket(2)", connect_plainly), ("io_uring", uring::connect)];
            let mut refused = [false; 2];
            let until = Instant::now() + Duration::from_secs(1);
            while Instant::now() < until && !refused.iter().all(|r| *r) {
                for (i, (how, connect)) in tries.iter().enumerate() {
                    if refused[i] {
                        continue;
                    }
                    match connect(MEETING) {
                        Ok(_) => {
                            eprintln!("hostile: met another game by {how}");
                            return true;
                        }
                        // Nobody there yet.
                        Err(error)
                            if matches!(
                                error.raw_os_error(),
                                Some(libc::ECONNREFUSED | libc::ENOENT)
                            ) => {}
                        Err(error) => {
                            eprintln!("hostile: {how}: {error}");
                            refused[i] = true;
                        }
                    }
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            return false;
        }
        let (address, length) = address(MEETING);
        // A socket by socket(2), else made through io_uring.
        // SAFETY: socket on integers.
        let mut fd = unsafe { libc::socket(libc::AF_UNIX, libc::SOCK_STREAM, 0) };
        if fd < 0 {
            eprintln!("hostile: socket(2): {}", std::io::Error::last_os_error());
            match uring::socket() {
                Ok(made) => fd = made,
                Err(error) => {
                    eprintln!("hostile: io_uring: {error}");
                    return false;
                }
            }
        }
        // SAFETY: fcntl, bind, listen and accept on the socket and locals.
        unsafe {
            libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK);
            if libc::bind(fd, (&address as *const libc::sockaddr_un).cast(), length) != 0 {
                eprintln!("hostile: bind: {}", std::io::Error::last_os_error());
                return false;
            }
            libc::listen(fd, 16);
            let until = Instant::now() + Duration::from_millis(1500);
            while Instant::now() < until {
                let client = libc::accept(fd, std::ptr::null_mut(), std::ptr::null_mut());
                if client >= 0 {
                    libc::close(client);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        false
    }

    fn privilege(file: &str) -> bool {
        use std::os::unix::fs::PermissionsExt;
        let mut through = Vec::new();
        match std::fs::read("/etc/shadow") {
            Ok(_) => through.push("read /etc/shadow"),
            Err(error) => eprintln!("hostile: /etc/shadow: {error}"),
        }
        // The machine's name, which the test looks at: a game's own name,
        // in a namespace of its own, would be no way out.
        let host = b"pwned-host";
        // SAFETY: sethostname of a local name.
        if unsafe { libc::sethostname(host.as_ptr().cast(), host.len()) } != 0 {
            eprintln!("hostile: sethostname: {}", std::io::Error::last_os_error());
        }
        if bpf_map() {
            through.push("bpf");
        }
        let path = CString::new(file).unwrap();
        let name = CString::new("user.pwned").unwrap();
        if std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o777)).is_ok() {
            through.push("chmod");
        }
        // SAFETY: system calls on C strings held here.
        unsafe {
            if libc::chown(path.as_ptr(), 12345, 12345) == 0 {
                through.push("chown");
            }
            if libc::utimensat(libc::AT_FDCWD, path.as_ptr(), std::ptr::null(), 0) == 0 {
                through.push("utimensat");
            }
            if libc::setxattr(path.as_ptr(), name.as_ptr(), b"1".as_ptr().cast(), 1, 0) == 0 {
                through.push("setxattr");
            }
        }
        eprintln!("hostile: got through with {through:?}");
        !through.is_empty()
    }

    /// Whether a BPF map could be made.
    fn bpf_map() -> bool {
        // union bpf_attr for BPF_MAP_CREATE: type, key size, value size,
        // entries (an array map of one entry), the rest zero.
        let mut attr = [0u32; 30];
        attr[0] = 2; // BPF_MAP_TYPE_ARRAY
        attr[1] = 4;
        attr[2] = 4;
        attr[3] = 1;
        // SAFETY: bpf reads the attribute union from the local array.
        let fd = unsafe {
            libc::syscall(
                libc::SYS_bpf,
                0,
                attr.as_ptr(),
                std::mem::size_of_val(&attr),
            )
        };
        if fd < 0 {
            eprintln!("hostile: bpf: {}", std::io::Error::last_os_error());
            return false;
        }
        true
    }

    fn memory(mib: usize, count: usize) -> bool {
        let mut pipe = [0; 2];
        // SAFETY: pipe into a local.
        if unsafe { libc::pipe(pipe.as_mut_ptr()) } != 0 {
            return false;
        }
        let mut children = Vec::new();
        for _ in 0..count {
            // SAFETY: the child only allocates, writes a byte and sleeps.
            match unsafe { libc::fork() } {
                0 => {
                    let mut held = vec![0u8; mib << 20];
                    // In huge pages where the system allows: quicker to touch.
                    // SAFETY: advice on memory this process holds.
                    unsafe {
                        libc::madvise(held.as_mut_ptr().cast(), held.len(), libc::MADV_HUGEPAGE)
                    };
                    for page in held.chunks_mut(4096) {
                        page[0] = 1;
                    }
                    // SAFETY: a write to the inherited pipe.
                    unsafe { libc::write(pipe[1], b"x".as_ptr().cast(), 1) };
                    std::thread::sleep(Duration::from_secs(20));
                    std::hint::black_box(held);
                    std::process::exit(0);
                }
                pid if pid > 0 => children.push(pid),
                _ => break,
            }
        }
        // Held, until every child has said so, or one is gone (killed where
        // the game's memory ran out).
        let mut held = 0;
        let until = Instant::now() + Duration::from_secs(10);
        while held < count && Instant::now() < until {
            let mut poll = libc::pollfd {
                fd: pipe[0],
                events: libc::POLLIN,
                revents: 0,
            };
            let mut byte = [0u8; 1];
            // SAFETY: poll, read and waitpid on locals and our children.
            unsafe {
                if libc::poll(&mut poll, 1, 50) == 1
                    && libc::read(pipe[0], byte.as_mut_ptr().cast(), 1) == 1
                {
                    held += 1;
                }
                if libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) > 0 {
                    break;
                }
            }
        }
        // Held at once: every child still there once the last has said so
        // (a child the system killed for memory may have said so first).
        std::thread::sleep(Duration::from_millis(100));
        // SAFETY: waitpid of our own children, without waiting.
        let all_there = children.iter().all(
            |&child| unsafe { libc::waitpid(child, std::ptr::null_mut(), libc::WNOHANG) } == 0,
        );
        for child in children {
            // SAFETY: kill and reap our own children.
            unsafe {
                libc::kill(child, libc::SIGKILL);
                libc::waitpid(child, std::ptr::null_mut(), 0);
            }
        }
        eprintln!(
            "hostile: {held} of {count} processes held {mib} MiB each; all at once: {all_there}"
        );
        held == count && all_there
    }

    fn fork_bomb() -> bool {
        let mut started = 0;
        loop {
            // SAFETY: the child only sleeps.
            match unsafe { libc::fork() } {
                0 => {
                    std::thread::sleep(Duration::from_secs(4));
                    std::process::exit(0);
                }
                pid if pid > 0 => started += 1,
                _ => break,
            }
            if started >= 100_000 {
                break;
            }
        }
        eprintln!("hostile: started {started} processes");
        std::thread::sleep(Duration::from_millis(500));
        false
    }

    /// Plays the game through the copy of minesweeper called `name`, found
    /// on PATH: it plays the course's game from the same input and
    /// output. Its end is this program's; one that could not play (or
    /// refused) is said.
    fn play_through(name: &str) -> ExitCode {
        match Command::new(name).status() {
            Ok(status) if status.success() => ExitCode::SUCCESS,
            Ok(status) => {
                eprintln!("hostile: blocked ({name} {status})");
                ExitCode::from(3)
            }
            Err(error) => {
                eprintln!("hostile: blocked (cannot run {name}: {error})");
                ExitCode::from(3)
            }
        }
    }

    /// The file called `name` in `folder` or below it.
    fn find_in(folder: &std::path::Path, name: &str) -> Option<std::path::PathBuf> {
        for entry in std::fs::read_dir(folder).ok()?.flatten() {
            let path = entry.path();
            if entry.file_name() == name {
                return Some(path);
            }
            if entry.file_type().is_ok_and(|kind| kind.is_dir())
                && let Some(found) = find_in(&path, name)
            {
                return Some(found);
            }
        }
        None
    }

    /// io_uring, as little of it as the attacks need: one submission at a
    /// time, waited for.
    mod uring {
        use super::ok;

        /// `struct io_uring_params`.
        #[repr(C)]
        #[derive(Default)]
        struct Params {
            sq_entries: u32,
            cq_entries: u32,
            flags: u32,
            sq_thread_cpu: u32,
            sq_thread_idle: u32,
            features: u32,
            wq_fd: u32,
            resv: [u32; 3],
            sq_off: [u32; 10],
            cq_off: [u32; 10],
        }

        /// `struct io_uring_sqe`, as the attacks fill it.
        #[repr(C)]
        #[derive(Default, Clone, Copy)]
        struct Submission {
            opcode: u8,
            flags: u8,
            ioprio: u16,
            fd: i32,
            off: u64,
            addr: u64,
            len: u32,
            op_flags: u32,
            user_data: u64,
            buf_index: u16,
            personality: u16,
            file_index: i32,
            addr3: u64,
            pad: u64,
        }

        const OP_CONNECT: u8 = 16;
        const OP_SOCKET: u8 = 45;
        const ENTER_GETEVENTS: u32 = 1;
        const OFF_SQES: i64 = 0x1000_0000;

        /// A ring of one entry.
        struct Ring {
            fd: i32,
            params: Params,
            rings: *mut u8,
            submissions: *mut Submission,
        }

        impl Ring {
            fn new() -> Result<Ring, std::io::Error> {
                let mut params = Params::default();
                // SAFETY: io_uring_setup fills `params`; the mappings are the
                // kernel's rings, of the sizes it says.
                unsafe {
                    let fd = ok(libc::syscall(libc::SYS_io_uring_setup, 1u32, &mut params))? as i32;
                    let sq_size = params.sq_off[6] as usize + params.sq_entries as usize * 4;
                    let cq_size = params.cq_off[5] as usize + params.cq_entries as usize * 16;
                    let size = sq_size.max(cq_size);
                    let rings = libc::mmap(
                        std::ptr::null_mut(),
                        size,
                        libc::PROT_READ | libc::PROT_WRITE,
                        libc::MAP_SHARED | libc::MAP_POPULATE,
                        fd,
                        0,
                    );
                    let submissions = libc::mmap(
                        std::ptr::null_mut(),
                        params.sq_entries as usize * 64,
                        libc::PROT_READ | libc::PROT_WRITE,
                        libc::MAP_SHARED | libc::MAP_POPULATE,
                        fd,
                        OFF_SQES,
                    );
                    if rings == libc::MAP_FAILED || submissions == libc::MAP_FAILED {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(Ring {
                        fd,
                        params,
                        rings: rings.cast(),
                        submissions: submissions.cast(),
                    })
                }
            }

            /// Submits `entry` and waits for its result.
            fn run(&mut self, entry: Submission) -> i32 {
                let field = |offset: u32| {
                    // SAFETY: an offset the kernel gave, within the ring.
                    unsafe { self.rings.add(offset as usize).cast::<u32>() }
                };
                // SAFETY: the ring's fields, as the kernel lays them out; one
                // entry in flight at a time.
                unsafe {
                    let tail = field(self.params.sq_off[1]).read_volatile();
                    let mask = field(self.params.sq_off[2]).read_volatile();
                    let index = tail & mask;
                    self.submissions.add(index as usize).write(entry);
                    field(self.params.sq_off[6])
                        .add(index as usize)
                        .write_volatile(index);
                    std::sync::atomic::fence(std::sync::atomic::Ordering::Release);
                    field(self.params.sq_off[1]).write_volatile(tail.wrapping_add(1));
                    let entered = libc::syscall(
                        libc::SYS_io_uring_enter,
                        self.fd,
                        1u32,
                        1u32,
                        ENTER_GETEVENTS,
                        std::ptr::null::<u8>(),
                        0usize,
                    );
                    if entered < 0 {
                        return -std::io::Error::last_os_error().raw_os_error().unwrap_or(1);
                    }
                    std::sync::atomic::fence(std::sync::atomic::Ordering::Acquire);
                    let head = field(self.params.cq_off[0]).read_volatile();
                    let cq_mask = field(self.params.cq_off[2]).read_volatile();
                    let completion = self
                        .rings
                        .add(self.params.cq_off[5] as usize + (head & cq_mask) as usize * 16);
                    let result = completion.add(8).cast::<i32>().read_volatile();
                    field(self.params.cq_off[0]).write_volatile(head.wrapping_add(1));
                    result
                }
            }
        }

        /// A Unix socket made through a ring.
        fn socket_in(ring: &mut Ring) -> Result<i32, std::io::Error> {
            let socket = ring.run(Submission {
                opcode: OP_SOCKET,
                fd: libc::AF_UNIX,
                off: libc::SOCK_STREAM as u64,
                ..Submission::default()
            });
            if socket < 0 {
                return Err(std::io::Error::from_raw_os_error(-socket));
            }
            Ok(socket)
        }

        /// A Unix socket made through io_uring.
        pub(super) fn socket() -> Result<i32, std::io::Error> {
            socket_in(&mut Ring::new()?)
        }

        /// Makes a Unix socket and connects it to `path`, both through the
        /// ring; the socket's descriptor.
        pub(super) fn connect(path: &str) -> Result<i32, std::io::Error> {
            let mut ring = Ring::new()?;
            let socket = socket_in(&mut ring)?;
            let (address, length) = super::address(path);
            let connected = ring.run(Submission {
                opcode: OP_CONNECT,
                fd: socket,
                addr: (&address as *const libc::sockaddr_un) as u64,
                off: u64::from(length),
                ..Submission::default()
            });
            if connected < 0 {
                return Err(std::io::Error::from_raw_os_error(-connected));
            }
            Ok(socket)
        }
    }
}
