# Sourced by scripts/wheel.sh for the Windows wheel (win_amd64): what the
# binary's headers say, then the wheel as pip installs it for Windows, run
# under Wine in a prefix of its own.

"$venv/bin/python" "$root/scripts/foreign_binary.py" windows "$binary"

# shown COMMAND...: runs a command of the transcript, as a player would
# type it, printing the line and what it printed; ends the session when it
# fails (set -e does not hold on the left of the session's ||).
shown() {
    echo "> $*"
    "$@" || {
        echo "error: \`$*\` ended with status $?"
        exit 1
    }
}

under_wine() {
    # (Without 32-bit Wine, wine says so on stderr, which is no news here.)
    wine_version=$(wine --version 2> /dev/null)
    # A prefix made for this check (never the user's ~/.wine).
    WINEPREFIX=$check/wine WINEDEBUG=-all wineboot --init > /dev/null 2>&1
    system=$check/wine/drive_c/windows/system32
    if [ ! -e "$system/bcryptprimitives.dll" ]; then
        # Rust's standard library takes its random bytes there; a Wine
        # without it (Debian 12's 8.0) cannot start the program.
        zig cc -target x86_64-windows-gnu -shared -O2 -o "$system/bcryptprimitives.dll" \
            "$root/scripts/wine/bcryptprimitives.c" -ladvapi32
        echo "this Wine ($wine_version) has no bcryptprimitives.dll: given scripts/wine's stand-in"
    fi
    # pip installs for Windows what the wheel holds: the program in bin
    # (Scripts\ on Windows), the manual page and completions in share.
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-index --no-deps \
        --platform win_amd64 --only-binary=:all: --target "$check/windows" "$wheel"
    exe=$check/windows/bin/minesweeper.exe
    # The tests and the transcript call it as `minesweeper`, the name its
    # messages give.
    mkdir -p "$check/wine-bin"
    printf '#!/bin/sh\nWINEPREFIX='"'%s'"' WINEDEBUG=-all exec wine '"'%s'"' "$@"\n' \
        "$check/wine" "$exe" > "$check/wine-bin/minesweeper"
    chmod +x "$check/wine-bin/minesweeper"

    # A player's own folder: a board, and a program of their own (the
    # wheel's, which plays proj3 as the course's does) to check.
    mkdir -p "$check/player/prog"
    cp "$root/boards/board3.txt" "$check/player/"
    cp "$exe" "$check/player/prog/proj3.exe"
    echo "a player's session under $wine_version:"
    (
        cd "$check/player"
        PATH=$check/wine-bin:$PATH
        shown minesweeper --version
        printf '3\n1\nr\n1\n2\nr\n' > moves.txt
        shown minesweeper --record board3.txt < moves.txt
        shown minesweeper show board3.txt
        shown minesweeper stats
        shown minesweeper replay --export game.txt
        head -n 5 game.txt
        shown minesweeper replay --html game.html
        echo "(game.html: $(wc -c < game.html) bytes)"
        shown minesweeper check --no-sandbox --games 30 --seed 1 --folder prog --out reports \
            -- 'prog\proj3.exe' --no-record
    ) > "$check/transcript.txt" 2>&1 || {
        cat "$check/transcript.txt"
        echo "error: a command of the session under Wine failed" >&2
        exit 1
    }
    cat "$check/transcript.txt"
    for expected in "You detonated a mine!" "played 1, won 0" "minesweeper game log" "Score 100 of 100"; do
        if ! grep -q "$expected" "$check/transcript.txt"; then
            echo "error: the session under Wine never said \"$expected\"" >&2
            exit 1
        fi
    done
    # The course's transcripts, byte for byte, and the command line's
    # tests that hold on Windows; left out: what Unix alone has (signals,
    # /dev/full, /dev/zero, a closed pipe's SIGPIPE, memory limits), error
    # messages the system words (Windows: "Path not found."), and where
    # the records live (%APPDATA%, not the tests' XDG folders).
    tests "$check/wine-bin/minesweeper" golden:: cli:: \
        --skip bad_board_files --skip choosing_a_board::bad_answers_are_asked_again \
        --skip an_interrupted_game_prints_its_seed --skip into_a_full_disk \
        --skip an_endless_board_file --skip closed_output_ends_quietly \
        --skip under_a_memory_limit --skip the_clues_are_coloured_for_the_background
}

if command -v wine > /dev/null 2>&1; then
    under_wine
else
    echo "not run here: no wine (Debian: apt-get install wine64)"
fi
