//! The allowlist of [`calls`](super::calls) as one seccomp filter, in
//! classic BPF: the architecture checked (another ends the process), then
//! the calls with answers or arguments of their own, then a search tree
//! over the numbers of the calls allowed whatever their arguments.
//!
//! Written here rather than with a filter builder because a game needs
//! three answers in one filter (allow; EPERM; ENOSYS for `clone3`, the
//! canary's own errno), where a builder gives one answer a filter, and
//! because every game loads the filter again: a builder's linear chain of
//! five instructions a call made 1,170 instructions for this list, which
//! the kernel checked, translated and compiled for every game; the tree is
//! a third of that, and a call is decided in a dozen steps, not hundreds.
//! The kernel still caches, for each call allowed whatever its arguments,
//! that it is allowed.

use std::io;

use super::calls::{self, CANARY, CANARY_ERRNO};
use super::raw::{self, Stage};

/// `struct sock_filter`: one instruction.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Instruction {
    code: u16,
    jt: u8,
    jf: u8,
    k: u32,
}

/// `BPF_LD | BPF_W | BPF_ABS`: a word of the call's data.
const LOAD: u16 = 0x20;
/// `BPF_JMP | BPF_JEQ | BPF_K`.
const JUMP_IF_EQUAL: u16 = 0x15;
/// `BPF_JMP | BPF_JGE | BPF_K`.
const JUMP_IF_AT_LEAST: u16 = 0x35;
/// `BPF_JMP | BPF_JSET | BPF_K`: jump if any of the bits is set.
const JUMP_IF_ANY: u16 = 0x45;
/// `BPF_RET | BPF_K`.
const RETURN: u16 = 0x06;

/// `SECCOMP_RET_ALLOW`.
const ALLOW: u32 = 0x7fff_0000;
/// `SECCOMP_RET_KILL_PROCESS`.
const KILL_PROCESS: u32 = 0x8000_0000;

/// `SECCOMP_RET_ERRNO` with `errno`.
const fn fail(errno: u32) -> u32 {
    0x0005_0000 | (errno & 0xffff)
}

/// Where `struct seccomp_data` keeps the call's number, its architecture,
/// and the low and high words of its arguments (little-endian).
const NUMBER: u32 = 0;
const ARCHITECTURE: u32 = 4;
const fn low_word(argument: u32) -> u32 {
    16 + 8 * argument
}
const fn high_word(argument: u32) -> u32 {
    16 + 8 * argument + 4
}

/// The architecture the kernel says this program's calls are made in.
#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: Option<u32> = Some(0xC000_003E);
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: Option<u32> = Some(0xC000_00B7);
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const AUDIT_ARCH: Option<u32> = None;

const fn load(offset: u32) -> Instruction {
    Instruction {
        code: LOAD,
        jt: 0,
        jf: 0,
        k: offset,
    }
}

const fn jump(code: u16, k: u32, jt: u8, jf: u8) -> Instruction {
    Instruction { code, jt, jf, k }
}

const fn answer(k: u32) -> Instruction {
    Instruction {
        code: RETURN,
        jt: 0,
        jf: 0,
        k,
    }
}

/// The filter, made before the fork (it allocates) and installed after.
#[derive(Clone, Debug)]
pub(crate) struct Filter {
    program: Vec<Instruction>,
}

impl Filter {
    /// The filter for this processor; with `canary`, the answer that
    /// tells a copy of this program it runs in a game. Or why there is
    /// none.
    pub(crate) fn new(canary: bool) -> Result<Filter, String> {
        let arch = AUDIT_ARCH
            .ok_or_else(|| format!("no seccomp filter is made for {}", std::env::consts::ARCH))?;
        Ok(Filter {
            program: program(arch, canary)?,
        })
    }

    /// Installs it on the calling process (between fork and exec), after
    /// no_new_privs, as seccomp needs without privileges.
    ///
    /// With `SECCOMP_FILTER_FLAG_SPEC_ALLOW`, as container runtimes
    /// install theirs: without it the kernel turns on its mitigation of
    /// speculative store bypass for the process, which protects the
    /// program's own data from the program, and made a Python game a
    /// quarter slower.
    pub(crate) fn install(&self) -> io::Result<()> {
        let program = libc::sock_fprog {
            len: self.program.len() as libc::c_ushort,
            filter: self.program.as_ptr().cast_mut().cast(),
        };
        // SAFETY: prctl and seccomp on a program held for the call.
        unsafe {
            raw::check_int(
                libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0),
                Stage::Calls,
                0,
            )?;
            raw::check(
                libc::syscall(
                    libc::SYS_seccomp,
                    libc::SECCOMP_SET_MODE_FILTER,
                    libc::SECCOMP_FILTER_FLAG_SPEC_ALLOW,
                    &program as *const libc::sock_fprog,
                ),
                Stage::Calls,
                1,
            )?;
        }
        Ok(())
    }
}

/// The number a call has, as the filter sees it (32 bits).
fn number(call: libc::c_long) -> u32 {
    call as u32
}

/// The whole program.
fn program(arch: u32, canary: bool) -> Result<Vec<Instruction>, String> {
    let refused = fail(libc::EPERM as u32);
    let mut program = vec![
        load(ARCHITECTURE),
        jump(JUMP_IF_EQUAL, arch, 1, 0),
        answer(KILL_PROCESS),
        load(NUMBER),
    ];
    // The calls with answers or arguments of their own, each a block
    // entered when the number is its own, and ending in an answer.
    let mut blocks: Vec<(libc::c_long, Vec<Instruction>)> = vec![
        (libc::SYS_clone3, vec![answer(fail(libc::ENOSYS as u32))]),
        (
            libc::SYS_clone,
            vec![
                load(low_word(0)),
                jump(JUMP_IF_ANY, calls::NEW_NAMESPACES as u32, 1, 0),
                answer(ALLOW),
                answer(refused),
            ],
        ),
        (
            libc::SYS_socket,
            one_of(0, calls::FAMILIES.map(|(_, f)| f as u32)),
        ),
        (
            libc::SYS_ioctl,
            one_of(1, calls::REQUESTS.map(|(_, r)| r as u32)),
        ),
    ];
    if canary {
        let (call, argument) = CANARY;
        blocks.push((
            call,
            vec![
                load(low_word(0)),
                jump(JUMP_IF_EQUAL, argument as u32, 0, 3),
                load(high_word(0)),
                jump(JUMP_IF_EQUAL, (argument >> 32) as u32, 0, 1),
                answer(fail(CANARY_ERRNO)),
                answer(ALLOW),
            ],
        ));
    }
    for (call, block) in &blocks {
        let length = u8::try_from(block.len()).map_err(|_| "a block too long".to_owned())?;
        program.push(jump(JUMP_IF_EQUAL, number(*call), 0, length));
        program.extend(block);
    }
    let special: Vec<u32> = blocks.iter().map(|(call, _)| number(*call)).collect();
    let mut plain: Vec<u32> = calls::ANY_ARGUMENTS
        .iter()
        .chain(calls::X86_64_ONLY)
        .map(|&(_, call)| number(call))
        .filter(|call| !special.contains(call))
        .collect();
    plain.sort_unstable();
    plain.dedup();
    program.extend(tree(&plain, refused)?);
    Ok(program)
}

/// Allows argument `argument` (its low word) when it is one of `values`,
/// else refuses.
fn one_of<const N: usize>(argument: u32, values: [u32; N]) -> Vec<Instruction> {
    let mut block = vec![load(low_word(argument))];
    for (i, value) in values.iter().enumerate() {
        // To the allowing answer, past the rest and the refusal.
        let to_allow = (N - i) as u8;
        block.push(jump(JUMP_IF_EQUAL, *value, to_allow, 0));
    }
    block.push(answer(fail(libc::EPERM as u32)));
    block.push(answer(ALLOW));
    block
}

/// Most numbers a leaf of the tree compares one by one.
const LEAF: usize = 6;

/// Allows the sorted `numbers`, refuses with `refused` the rest: halves
/// split by `>=` down to leaves of a few comparisons, every jump forward
/// and within BPF's reach (255 instructions).
fn tree(numbers: &[u32], refused: u32) -> Result<Vec<Instruction>, String> {
    if numbers.len() <= LEAF {
        let n = numbers.len();
        let mut leaf: Vec<Instruction> = numbers
            .iter()
            .enumerate()
            .map(|(i, &call)| jump(JUMP_IF_EQUAL, call, (n - i) as u8, 0))
            .collect();
        leaf.push(answer(refused));
        leaf.push(answer(ALLOW));
        return Ok(leaf);
    }
    let middle = numbers.len() / 2;
    let below = tree(&numbers[..middle], refused)?;
    let above = tree(&numbers[middle..], refused)?;
    let past_below =
        u8::try_from(below.len()).map_err(|_| "the filter's tree is too deep".to_owned())?;
    let mut node = vec![jump(JUMP_IF_AT_LEAST, numbers[middle], past_below, 0)];
    node.extend(below);
    node.extend(above);
    Ok(node)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `struct seccomp_data`, as the filter reads it.
    struct Data {
        number: u32,
        arch: u32,
        arguments: [u64; 6],
    }

    impl Data {
        fn word(&self, offset: u32) -> u32 {
            match offset {
                NUMBER => self.number,
                ARCHITECTURE => self.arch,
                _ => {
                    let i = ((offset - 16) / 8) as usize;
                    let value = self.arguments[i];
                    if (offset - 16).is_multiple_of(8) {
                        value as u32
                    } else {
                        (value >> 32) as u32
                    }
                }
            }
        }
    }

    /// What the kernel would answer, running `program` on `data`.
    fn run(program: &[Instruction], data: &Data) -> u32 {
        let (mut pc, mut a) = (0usize, 0u32);
        loop {
            let i = program[pc];
            pc += 1;
            let taken = match i.code {
                LOAD => {
                    a = data.word(i.k);
                    continue;
                }
                RETURN => return i.k,
                JUMP_IF_EQUAL => a == i.k,
                JUMP_IF_AT_LEAST => a >= i.k,
                JUMP_IF_ANY => a & i.k != 0,
                code => panic!("no such instruction {code:#x}"),
            };
            pc += usize::from(if taken { i.jt } else { i.jf });
        }
    }

    fn call(number: libc::c_long, arguments: [u64; 6]) -> Data {
        Data {
            number: number as u32,
            arch: AUDIT_ARCH.unwrap(),
            arguments,
        }
    }

    /// Every number up to 1024 and past the x32 mark is answered as the
    /// list says, with the arguments the special calls look at.
    #[test]
    fn every_call_is_answered_as_the_list_says() {
        let program = program(AUDIT_ARCH.unwrap(), true).unwrap();
        assert!(program.len() < 450, "{} instructions", program.len());
        let plain: Vec<libc::c_long> = calls::ANY_ARGUMENTS
            .iter()
            .chain(calls::X86_64_ONLY)
            .map(|&(_, call)| call)
            .collect();
        let eperm = fail(libc::EPERM as u32);
        let special = [
            libc::SYS_clone,
            libc::SYS_clone3,
            libc::SYS_socket,
            libc::SYS_ioctl,
        ];
        for nr in (0..1024).chain(0x4000_0000..0x4000_0200) {
            if special.contains(&nr) {
                continue;
            }
            let expected = if plain.contains(&nr) { ALLOW } else { eperm };
            let got = run(&program, &call(nr, [0x5EED_CA11, 0, 0, 0, 0, 0]));
            let expected = if nr == CANARY.0 {
                fail(CANARY_ERRNO)
            } else {
                expected
            };
            assert_eq!(got, expected, "call {nr}");
        }
        let ask = |nr, arguments| run(&program, &call(nr, arguments));
        assert_eq!(ask(libc::SYS_getpgid, [0, 0, 0, 0, 0, 0]), ALLOW);
        // The canary's number with a high word set is no canary.
        assert_eq!(
            ask(libc::SYS_getpgid, [0x1_5EED_CA11, 0, 0, 0, 0, 0]),
            ALLOW
        );
        assert_eq!(ask(libc::SYS_clone3, [0; 6]), fail(libc::ENOSYS as u32));
        let thread = (libc::CLONE_VM | libc::CLONE_THREAD | libc::CLONE_SIGHAND) as u64;
        assert_eq!(ask(libc::SYS_clone, [thread, 0, 0, 0, 0, 0]), ALLOW);
        let new_user = libc::CLONE_NEWUSER as u64 | libc::SIGCHLD as u64;
        assert_eq!(ask(libc::SYS_clone, [new_user, 0, 0, 0, 0, 0]), eperm);
        assert_eq!(
            ask(libc::SYS_socket, [libc::AF_INET6 as u64, 1, 0, 0, 0, 0]),
            ALLOW
        );
        assert_eq!(
            ask(libc::SYS_socket, [libc::AF_UNIX as u64, 1, 0, 0, 0, 0]),
            eperm
        );
        assert_eq!(
            ask(libc::SYS_socket, [libc::AF_NETLINK as u64, 3, 0, 0, 0, 0]),
            eperm
        );
        assert_eq!(ask(libc::SYS_ioctl, [0, libc::TCGETS, 0, 0, 0, 0]), ALLOW);
        // The kernel reads the request's low word, as the filter does.
        let high = 1 << 32 | libc::TIOCGWINSZ;
        assert_eq!(ask(libc::SYS_ioctl, [0, high, 0, 0, 0, 0]), ALLOW);
        assert_eq!(ask(libc::SYS_ioctl, [0, libc::TIOCSTI, 0, 0, 0, 0]), eperm);
        // Another architecture's calls end the process.
        let i386 = Data {
            number: 1,
            arch: 0x4000_0003,
            arguments: [0; 6],
        };
        assert_eq!(run(&program, &i386), KILL_PROCESS);
    }

    #[test]
    fn without_the_canary_its_call_is_allowed_like_any() {
        let program = program(AUDIT_ARCH.unwrap(), false).unwrap();
        let (nr, argument) = CANARY;
        assert_eq!(run(&program, &call(nr, [argument, 0, 0, 0, 0, 0])), ALLOW);
    }
}
