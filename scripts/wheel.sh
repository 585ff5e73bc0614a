#!/bin/sh
# scripts/wheel.sh DIR [ARCH]: builds the portable wheel of `minesweeper`
# for ARCH (x86_64, the default, or aarch64) into DIR and checks it.
#
# The wheel is manylinux2014 (any Linux on ARCH with glibc 2.17 or later),
# linked with zig against glibc 2.17's symbols. maturin and ziglang come
# from the Python package index into a virtual environment of this
# script's own (target/wheel-venv), and the target's Rust standard library
# from rustup when it is missing; nothing is installed for the machine.
# Then the wheel is checked:
# - the binary is ARCH's and asks for no glibc symbol newer than 2.17;
# - it carries the manual page and completion scripts of packaging/wheel-data;
# - on a machine of ARCH, installed with pip into a fresh virtual
#   environment with no index to fetch from, it puts a `minesweeper` on that
#   environment's PATH that plays a scripted game, the manual page and
#   completions under its share/ as the binary prints them, `man -w`
#   finds the page, and the whole-program tests pass against it;
# - on another machine, the binary plays the same game and passes the
#   whole-program tests that emulation can carry (all but full screen,
#   memory limits and `check`) under qemu user emulation, where
#   qemu-ARCH-static and ARCH's C library are installed (Debian:
#   qemu-user-static libc6-arm64-cross); where they are not, it says it
#   was not run.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: scripts/wheel.sh DIR [x86_64|aarch64]" >&2
    exit 2
fi
out=$1
arch=${2:-x86_64}
case $arch in
    x86_64) machine="X86-64" ;;
    aarch64) machine="AArch64" ;;
    *)
        echo "error: no wheel for $arch: x86_64 or aarch64" >&2
        exit 2
        ;;
esac
target=$arch-unknown-linux-gnu
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

# The target's standard library: rustup fetches it once.
if [ ! -d "$(rustc --print target-libdir --target "$target")" ]; then
    if ! command -v rustup > /dev/null 2>&1; then
        echo "error: no Rust standard library for $target, and no rustup to fetch it" >&2
        exit 1
    fi
    rustup target add "$target"
fi

venv=$root/target/wheel-venv
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ ! -x "$venv/bin/maturin" ]; then
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check \
        "maturin[zig]>=1.9,<2"
fi

# maturin finds zig through the Python on the PATH: this environment's.
PATH=$venv/bin:$PATH "$venv/bin/maturin" build --release --zig --compatibility manylinux2014 \
    --target "$target" --manifest-path "$root/Cargo.toml" --out "$out"
wheel=$(ls -t "$out"/minesweeper_proj3-*manylinux2014_"$arch"*.whl | head -n 1)
echo "built $wheel ($(du -h "$wheel" | cut -f1))"

check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
"$venv/bin/python" -m zipfile -e "$wheel" "$check/unpacked"
binary=$(find "$check/unpacked" -type f -path '*/scripts/minesweeper' | head -n 1)
if [ -z "$binary" ]; then
    echo "error: no minesweeper binary in $wheel" >&2
    exit 1
fi
# zipfile does not keep the mode the wheel records.
chmod +x "$binary"

# Its machine, and the glibc it needs: the newest GLIBC_ version among its
# symbols.
if ! readelf -h "$binary" | grep -q "Machine:.*$machine"; then
    echo "error: the binary is not $arch's: $(readelf -h "$binary" | grep Machine:)" >&2
    exit 1
fi
newest=$(readelf -W --dyn-syms "$binary" | grep -o 'GLIBC_[0-9.]*' | sort -t. -k1,1 -k2,2n -k3,3n -u | tail -n 1)
if [ -z "$newest" ]; then
    echo "error: readelf found no GLIBC_ symbol in $binary: not a binary linked with glibc" >&2
    exit 1
fi
echo "the $arch binary needs $newest at most"
case $newest in
    GLIBC_2.[0-9] | GLIBC_2.1[0-7] | GLIBC_2.[0-9].* | GLIBC_2.1[0-7].*) ;;
    *)
        echo "error: $newest is newer than GLIBC_2.17" >&2
        exit 1
        ;;
esac

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

if [ "$(uname -m)" != "$arch" ]; then
    # Another machine's binary: under qemu, with that machine's C library.
    qemu=qemu-$arch-static
    sysroot=/usr/$arch-linux-gnu
    if command -v "$qemu" > /dev/null 2>&1 && [ -e "$sysroot/lib/ld-linux-$arch.so.1" ]; then
        "$qemu" -L "$sysroot" "$binary" --version
        plays "$qemu" -L "$sysroot" "$binary"
        echo "the $arch minesweeper plays under $qemu"
        # The whole-program tests that emulation can carry: not the
        # full-screen ones (qemu 7.2 has no TCSETS2, which sets the
        # terminal), nor those that limit memory (the limit would fall on
        # the emulator's own address space), nor `check`'s (its sandbox
        # forks a threaded process, and an emulated fork of one can hang).
        # The binary keeps its name, which its messages quote.
        mkdir -p "$check/emulated/$arch"
        cp "$binary" "$check/emulated/$arch/minesweeper"
        printf '#!/bin/sh\nexec %s -L %s %s "$@"\n' "$qemu" "$sysroot" \
            "$check/emulated/$arch/minesweeper" > "$check/emulated/minesweeper"
        chmod +x "$check/emulated/minesweeper"
        # A test copies the program and runs it as the user nobody, whom
        # the script's private folder would stop short of the binary.
        chmod 711 "$check"
        chmod 755 "$check/emulated" "$check/emulated/$arch"
        tests "$check/emulated/minesweeper" golden:: cli:: records:: screen_reader:: packaging:: \
            --skip under_a_memory_limit --skip in_bounded_memory
    else
        echo "not run here: no $qemu or no $sysroot (apt-get install qemu-user-static libc6-arm64-cross)"
    fi
    echo "$wheel"
    exit 0
fi

# Installed into a fresh environment with no index: the command works, and
# the manual page and completions are where man and the shells' loaders
# look under a prefix, as the installed binary prints them.
"$python" -m venv "$check/venv"
"$check/venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$wheel"
installed=$check/venv/bin/minesweeper
"$installed" --version
plays "$installed"
echo "the installed minesweeper plays"
for page in "man/man1/minesweeper.1:man" \
    "bash-completion/completions/minesweeper:completions bash" \
    "zsh/site-functions/_minesweeper:completions zsh" \
    "fish/vendor_completions.d/minesweeper.fish:completions fish"; do
    file=$check/venv/share/${page%%:*}
    # shellcheck disable=SC2086 # the arguments are words on purpose
    if ! "$installed" ${page#*:} | cmp -s - "$file"; then
        echo "error: the wheel did not install $file as \`minesweeper ${page#*:}\` prints it" >&2
        exit 1
    fi
done
if command -v man > /dev/null 2>&1; then
    # man-db looks in ../share/man beside each folder of PATH.
    found=$(env -u MANPATH PATH="$check/venv/bin:$PATH" man -w minesweeper 2>&1 || true)
    case $found in
        "$check/venv/share/man/"*) echo "man minesweeper finds $found" ;;
        *)
            echo "error: with the environment on PATH, man minesweeper found: $found" >&2
            exit 1
            ;;
    esac
fi
echo "the manual page and completions are installed under the environment's share/"
tests "$installed"
echo "$wheel"
