#!/bin/sh
# scripts/wheel.sh DIR [PLATFORM]: builds the portable wheel of `minesweeper`
# for PLATFORM into DIR and checks it. PLATFORM is x86_64 (the default) or
# aarch64, Linux on that processor; windows, Windows 10 or later on x86-64
# (win_amd64); or macos, macOS 10.12 or later on Intel and 11 or later on
# Apple silicon (one universal2 wheel).
#
# The Linux wheels are manylinux2014 (any Linux on the processor with glibc
# 2.17 or later), linked with zig against glibc 2.17's symbols; zig links
# the others too, with the C libraries it carries for Windows and macOS.
# maturin and ziglang come from the Python package index into a virtual
# environment of this script's own (target/wheel-venv), the target's Rust
# standard library from rustup when it is missing; the build goes to
# target/wheels, apart from the machine's own. Nothing is installed for
# the machine. Then the wheel is checked:
# - the binary is the platform's: on Linux the processor's, asking for no
#   glibc symbol newer than 2.17; on Windows a PE32+ console program for
#   x86-64 loading only Windows' own DLLs; on macOS a universal binary
#   whose slices ask for no newer macOS than the wheel's tag and load only
#   the system's libraries, the arm64 one signed
#   (scripts/foreign_binary.py);
# - it carries the manual page and completion scripts of packaging/wheel-data;
# - on a Linux machine of its processor, installed with pip into a fresh virtual
#   environment with no index to fetch from, it puts a `minesweeper` on that
#   environment's PATH that plays a scripted game, the manual page and
#   completions under its share/ as the binary prints them, `man -w`
#   finds the page, and the whole-program tests pass against it;
# - on another Linux machine, the binary plays the same game and passes the
#   whole-program tests that emulation can carry (all but full screen,
#   memory limits and `check`) under qemu user emulation, where
#   qemu-ARCH-static and ARCH's C library are installed (Debian:
#   qemu-user-static libc6-arm64-cross); where they are not, it says it
#   was not run;
# - the Windows wheel, installed by pip for win_amd64, runs under Wine
#   (Debian: wine64) in a Wine prefix of its own: a transcript of the
#   prompt game, show, stats, replay and check --no-sandbox of a program
#   of one's own, then the course's transcripts (the golden tests). A Wine
#   without bcryptprimitives.dll (Wine 8) is given scripts/wine's stand-in.
#   Without Wine it says it was not run;
# - the macOS wheel cannot be run here, and the script says so.
set -eu
started=$(date +%s)

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: scripts/wheel.sh DIR [x86_64|aarch64|windows|macos]" >&2
    exit 2
fi
out=$1
platform=${2:-x86_64}
case $platform in
    x86_64 | aarch64)
        arch=$platform
        target=$arch-unknown-linux-gnu
        tag=manylinux2014_$arch
        ;;
    windows)
        arch=x86_64
        target=x86_64-pc-windows-gnu
        tag=win_amd64
        ;;
    macos)
        arch=universal2
        target=universal2-apple-darwin
        tag=universal2
        ;;
    *)
        echo "error: no wheel for $platform: x86_64, aarch64, windows or macos" >&2
        exit 2
        ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)

# The tools it needs besides what it installs itself, named when missing
# (without readelf the glibc check would read nothing and say nonsense).
python=${PYTHON:-python3}
for tool in "$python" readelf rustc cargo cmp find du; do
    if ! command -v "$tool" > /dev/null 2>&1; then
        case $tool in
            readelf) hint="binutils (apt-get install binutils)" ;;
            "$python") hint="Python 3 with venv, or PYTHON=path/to/python3" ;;
            rustc | cargo) hint="a Rust toolchain (rustup)" ;;
            *) hint="coreutils, diffutils or findutils" ;;
        esac
        echo "error: scripts/wheel.sh needs $tool: install $hint" >&2
        exit 1
    fi
done

# The targets' standard libraries: rustup fetches each once.
case $target in
    universal2-apple-darwin) std_targets="x86_64-apple-darwin aarch64-apple-darwin" ;;
    *) std_targets=$target ;;
esac
for std_target in $std_targets; do
    if [ ! -d "$(rustc --print target-libdir --target "$std_target")" ]; then
        if ! command -v rustup > /dev/null 2>&1; then
            echo "error: no Rust standard library for $std_target, and no rustup to fetch it" >&2
            exit 1
        fi
        rustup target add "$std_target"
    fi
done

venv=$root/target/wheel-venv
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ ! -x "$venv/bin/maturin" ]; then
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check \
        "maturin[zig]>=1.9,<2"
fi
zig() { "$venv/bin/python" -m ziglang "$@"; }

# maturin finds zig through the Python on the PATH: this environment's.
# zig's C compiler refuses mimalloc's __DATE__ for Windows and macOS (it
# makes builds differ): a warning there, as gcc has it. The build has a
# target folder of its own, so that the universal2 binary, which maturin
# leaves in target/release, never takes the place of this machine's.
case $target in
    *-linux-gnu) compatibility="--compatibility manylinux2014" ;;
    *) compatibility="" ;;
esac
# shellcheck disable=SC2086 # $compatibility is two words or none
CARGO_TARGET_DIR=$root/target/wheels \
    CFLAGS_x86_64_pc_windows_gnu=-Wno-error=date-time \
    CFLAGS_x86_64_apple_darwin=-Wno-error=date-time \
    CFLAGS_aarch64_apple_darwin=-Wno-error=date-time \
    PATH=$venv/bin:$PATH "$venv/bin/maturin" build --release --zig $compatibility \
    --target "$target" --manifest-path "$root/Cargo.toml" --out "$out"
wheel=$(ls -t "$out"/minesweeper_proj3-*"$tag"*.whl | head -n 1)
echo "built $wheel ($(du -h "$wheel" | cut -f1))"

check=$(mktemp -d)
# Wine's server for the prefix made below ends with it.
trap 'if [ -d "$check/wine" ]; then WINEPREFIX=$check/wine wineserver -k 2> /dev/null || true; fi; rm -rf "$check"' EXIT
"$venv/bin/python" -m zipfile -e "$wheel" "$check/unpacked"
binary=$(find "$check/unpacked" -type f -path '*/scripts/minesweeper*' | head -n 1)
if [ -z "$binary" ]; then
    echo "error: no minesweeper binary in $wheel" >&2
    exit 1
fi
# zipfile does not keep the mode the wheel records.
chmod +x "$binary"

# The manual page and completions it carries are the repository's (which a
# test keeps equal to what the binary prints).
shipped=$root/packaging/wheel-data/data/share
carried=$(find "$check/unpacked" -type d -path '*.data/data/share' | head -n 1)
if [ -z "$carried" ] || ! diff -r "$shipped" "$carried" > /dev/null; then
    echo "error: the wheel does not carry packaging/wheel-data as it is" >&2
    exit 1
fi
echo "the wheel carries the manual page and completions"

# plays COMMAND...: the command plays a scripted game of the course's board.
plays() {
    played=$(printf '1\n5\nr\n' | "$@" --no-record "$root/boards/board3.txt" 2>&1 || true)
    case $played in
        *"mines left to find"*) ;;
        *)
            echo "error: $* did not play:" >&2
            echo "$played" >&2
            exit 1
            ;;
    esac
}

# tests BINARY [FILTER...]: the whole-program tests (those FILTER names, or
# all), run against BINARY instead of the one cargo builds for them.
tests() {
    program=$1
    shift
    echo "the whole-program tests ${*:-(all)} against $program:"
    MINESWEEPER_BINARY=$program cargo test --quiet --locked \
        --manifest-path "$root/Cargo.toml" --test program -- "$@"
}

case $platform in
    windows) . "$root/scripts/wheel/windows.sh" ;;
    macos) . "$root/scripts/wheel/macos.sh" ;;
    *) . "$root/scripts/wheel/linux.sh" ;;
esac
echo "built and checked in $(($(date +%s) - started)) s"
echo "$wheel"
