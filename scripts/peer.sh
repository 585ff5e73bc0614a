#!/usr/bin/env bash
# Side by side with DavidNHill's solver on the very same expert boards.
#
#   scripts/peer.sh safe 15000       # first square kept clear, clicked at 1,1
#   scripts/peer.sh opening 15000    # its 3x3 kept clear, clicked at 3,3
#
# Board i is `minesweeper generate --level expert --seed (FROM + i)` with the
# rule's first move (FROM is 100000, or the third argument). Each board is
# played by `minesweeper bench` (the game of that seed) and by DavidNHill's solver
# (its source, at the commit below, built with javac; peer/PlayBoards.java
# drives it as its own bulk runs do). Prints both win counts, how the
# games split between them, the games each was expected to lose from
# the chances of a mine of its guesses (luck aside), the difference with
# its standard error and z, and how many each lost before any area opened.
# Needs git, a JDK 17 and network access to clone the peer, or a clone of
# it in DNH_REPO. The peer takes about 40 minutes for 200,000 games on two
# cores, this solver 4; PEER_KEEP=DIR keeps the peer's answers for reuse.
set -euo pipefail
cd "$(dirname "$0")/.."

rule="${1:-safe}"
games="${2:-15000}"
from="${3:-100000}"
case "$rule" in
safe) at="1,1" ;;
opening) at="3,3" ;;
*) echo "usage: scripts/peer.sh safe|opening [GAMES] [FROM]" >&2; exit 2 ;;
esac
peer_commit=0806bb80042184e4f2b1413f4092c4e09526c237

cargo build --release --quiet
bin="$PWD/target/release/minesweeper"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_STATE_HOME="$work/home/state" XDG_CONFIG_HOME="$work/home/config"

repo="${DNH_REPO:-}"
if [ -z "$repo" ]; then
    repo="$work/peer"
    git clone --quiet https://github.com/DavidNHill/Minesweeper "$repo"
fi
git -C "$repo" archive "$peer_commit" MineSweeperSolver/src MinesweeperGameState/src Asynchronous/src | tar -x -C "$work"
mkdir "$work/classes"
if ! javac -nowarn -d "$work/classes" $(find "$work"/*/src -name '*.java') scripts/peer/*.java 2> "$work/javac.log"; then
    cat "$work/javac.log" >&2
    exit 1
fi

echo "== boards: $games expert boards, $rule at $at, seeds $from on"
# The peer's line per board: the rows without their frame, '*' a mine and '.' clear.
"$bin" generate --level expert --seed "$from" --count "$games" --first-move "$rule" --at "$at" |
    awk 'BEGIN { RS = "" } {
        n = split($0, rows, "\n"); line = ""
        for (r = 2; r < n; r++) line = line substr(rows[r], 2, length(rows[r]) - 2)
        gsub(/ /, ".", line); print line
    }' > "$work/boards.txt"
# A line per board: 1 if won, and the chances of a mine of its guesses
# added up (what the game was expected to lose, luck aside).
"$bin" bench --level expert --first-move "$rule" --at "$at" --games "$games" --seed "$from" --each > "$work/bench.txt"
awk -F'\t' 'NR > 1 && NF == 4 { print ($2 == "won"), $4 }' "$work/bench.txt" > "$work/ours.txt"

# The peer's answers depend only on the boards: kept in PEER_KEEP (a
# folder) when it is set, they are reused by the next run on the same boards.
kept=""
if [ -n "${PEER_KEEP:-}" ]; then
    mkdir -p "$PEER_KEEP"
    kept="$PEER_KEEP/peer-$peer_commit-$rule-$from-$games.txt"
fi
if [ -n "$kept" ] && [ -s "$kept" ]; then
    cp "$kept" "$work/peer.txt"
else
    # The peer on every core, each on its share of the boards.
    cores="$(nproc)"
    split -n "l/$cores" -d "$work/boards.txt" "$work/share."
    row="${at%,*}" col="${at#*,}"
    for share in "$work"/share.*; do
        java -cp "$work/classes" PlayBoards "$share" "$row" "$col" > "$share.won" &
    done
    wait
    # The peer writes its own warnings ("might be looping") among the results.
    grep -h '^[01] ' "$work"/share.*.won > "$work/peer.txt"
    [ -z "$kept" ] || cp "$work/peer.txt" "$kept"
fi
if [ "$(wc -l < "$work/peer.txt")" -ne "$games" ] || [ "$(wc -l < "$work/ours.txt")" -ne "$games" ]; then
    echo "answers for $(wc -l < "$work/ours.txt") and $(wc -l < "$work/peer.txt") of $games boards" >&2
    exit 1
fi

# Paired on the boards: the difference in win rate is (only ours - only
# the peer's) / games; its standard error is the spread of the per-board
# differences over the square root of the games.
paste -d' ' "$work/ours.txt" "$work/peer.txt" | awk -v games="$games" '
    {
        ours += $1; peer += $3; both += $1 && $3; only_ours += $1 && !$3; only_peer += !$1 && $3
        ours_expected += $2; peer_expected += $4; peer_blind += !$3 && !$5
    }
    END {
        d = (only_ours - only_peer) / games
        se = sqrt(((only_ours + only_peer) / games - d * d) / (games - 1))
        printf "this solver:        %d of %d won (%.2f %%)\n", ours, games, 100 * ours / games
        printf "DavidNHill'"'"'s solver: %d of %d won (%.2f %%)\n", peer, games, 100 * peer / games
        printf "won by both %d, by this one only %d, by the peer only %d\n", both, only_ours, only_peer
        printf "difference %+.3f points, standard error %.3f, z = %.2f\n", 100 * d, 100 * se, (se > 0 ? d / se : 0)
        printf "lost, and expected to lose from the chances of the guesses: this one %d and %.0f, the peer %d and %.0f\n", games - ours, ours_expected, games - peer, peer_expected
        printf "the peer lost %d before any area opened\n", peer_blind
    }'
echo "this solver, on the same boards:"
# (bench prints no "lost" line when every game was won.)
grep '^lost' "$work/bench.txt" || echo "lost none"
