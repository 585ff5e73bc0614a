#!/bin/sh
# scripts/wheel.sh DIR: builds the portable wheel of `minesweeper` into DIR
# and checks it.
#
# The wheel is manylinux2014 (any x86-64 Linux with glibc 2.17 or later),
# linked with zig against glibc 2.17's symbols. maturin and ziglang come
# from the Python package index into a virtual environment of this
# script's own (target/wheel-venv); nothing is installed for the machine.
# Then the wheel is checked: the binary asks for no glibc symbol newer
# than 2.17, and installed with pip into a fresh virtual environment, with
# no index to fetch from, it puts a `minesweeper` on that environment's
# PATH that plays a scripted game, and the manual page and completion
# scripts (packaging/wheel-data) under its share/.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: scripts/wheel.sh DIR" >&2
    exit 2
fi
out=$1
root=$(cd "$(dirname "$0")/.." && pwd)

# The tools it needs besides what it installs itself, named when missing
# (without objdump the glibc check would read nothing and say nonsense).
python=${PYTHON:-python3}
for tool in "$python" objdump find du; do
    if ! command -v "$tool" > /dev/null 2>&1; then
        case $tool in
            objdump) hint="binutils (apt-get install binutils)" ;;
            "$python") hint="Python 3 with venv, or PYTHON=path/to/python3" ;;
            *) hint="coreutils or findutils" ;;
        esac
        echo "error: scripts/wheel.sh needs $tool: install $hint" >&2
        exit 1
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

# The wheel, from a clean list: DIR may hold older ones.
before=$(ls "$out"/*.whl 2>/dev/null || true)
# maturin finds zig through the Python on the PATH: this environment's.
PATH=$venv/bin:$PATH "$venv/bin/maturin" build --release --zig --compatibility manylinux2014 \
    --target x86_64-unknown-linux-gnu --manifest-path "$root/Cargo.toml" --out "$out"
wheel=$(ls -t "$out"/minesweeper_proj3-*manylinux2014*.whl | head -n 1)
echo "built $wheel ($(du -h "$wheel" | cut -f1))"

# The glibc it needs: the newest GLIBC_ version among its symbols.
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
"$venv/bin/python" -m zipfile -e "$wheel" "$check/unpacked"
binary=$(find "$check/unpacked" -type f -name minesweeper | head -n 1)
newest=$(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sort -t. -k1,1 -k2,2n -k3,3n -u | tail -n 1)
if [ -z "$newest" ]; then
    echo "error: objdump found no GLIBC_ symbol in $binary: not a binary linked with glibc" >&2
    exit 1
fi
echo "the binary needs $newest at most"
case $newest in
    GLIBC_2.[0-9] | GLIBC_2.1[0-7] | GLIBC_2.[0-9].* | GLIBC_2.1[0-7].*) ;;
    *)
        echo "error: $newest is newer than GLIBC_2.17" >&2
        exit 1
        ;;
esac

# Installed into a fresh environment with no index: the command works.
"$python" -m venv "$check/venv"
"$check/venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$wheel"
"$check/venv/bin/minesweeper" --version
played=$(printf '1\n5\nr\n' | "$check/venv/bin/minesweeper" --no-record "$root/boards/board3.txt" 2>&1 || true)
case $played in
    *"mines left to find"*) echo "the installed minesweeper plays" ;;
    *)
        echo "error: the installed minesweeper did not play:" >&2
        echo "$played" >&2
        exit 1
        ;;
esac
# The manual page and completions came with it, where man and the shells'
# loaders look under a prefix, and they are what the binary prints.
installed=$check/venv/bin/minesweeper
for shipped in "man/man1/minesweeper.1:man" \
    "bash-completion/completions/minesweeper:completions bash" \
    "zsh/site-functions/_minesweeper:completions zsh" \
    "fish/vendor_completions.d/minesweeper.fish:completions fish"; do
    file=$check/venv/share/${shipped%%:*}
    # shellcheck disable=SC2086 # the arguments are words on purpose
    if ! "$installed" ${shipped#*:} | cmp -s - "$file"; then
        echo "error: the wheel did not install $file as \`minesweeper ${shipped#*:}\` prints it" >&2
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
echo "$wheel"
