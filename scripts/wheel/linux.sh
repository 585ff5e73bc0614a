# Sourced by scripts/wheel.sh for a Linux wheel ($arch, x86_64 or aarch64):
# the binary's processor and glibc, then the wheel installed and tested on
# this machine, or the binary under qemu when the machine is another's.

case $arch in
    x86_64) machine="X86-64" ;;
    aarch64) machine="AArch64" ;;
esac
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

# Another machine's binary: under qemu, with that machine's C library.
emulated() {
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
}

# Installed into a fresh environment with no index: the command works, and
# the manual page and completions are where man and the shells' loaders
# look under a prefix, as the installed binary prints them.
installed_here() {
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
}

if [ "$(uname -m)" = "$arch" ]; then
    installed_here
else
    emulated
fi
