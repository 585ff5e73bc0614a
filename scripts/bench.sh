#!/usr/bin/env bash
# Whole-process figures for BENCHMARKS.md: hyperfine medians and peak memory
# (GNU time's maximum resident set size) of a release build.
#
#   scripts/bench.sh            # everything, about two minutes
#
# Needs hyperfine and GNU time (Debian: `apt install hyperfine time`) and
# python3 to write the 10000x10000 board. The boards are made fresh in a
# temporary directory from fixed seeds, so every run measures the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet
bin="$PWD/target/release/minesweeper"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== machine"
lscpu | grep -E '^(Model name|CPU\(s\)):' || true
rustc --version

# The games played here keep their records in a fresh home, never the
# user's: a history that grew from run to run would change the figures.
export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_STATE_HOME="$work/home/state" XDG_CONFIG_HOME="$work/home/config"

echo "== boards"
# 4000x4000, 15 % mines, from a fixed seed.
"$bin" generate --rows 4000 --cols 4000 --mines 2400000 --seed 1 > "$work/random-4000.txt"
# 4000x4000 with one mine in the top left corner: opening the far corner opens everything else.
awk -v n=4000 'BEGIN {
    frame = ""; for (i = 0; i < n + 2; i++) frame = frame "+"
    empty = ""; for (i = 0; i < n; i++) empty = empty " "
    print frame; print "+*" substr(empty, 2) "+"
    for (r = 1; r < n; r++) print "+" empty "+"
    print frame }' > "$work/open-4000.txt"
# 10000x10000, about 15 % mines, random bytes from a fixed seed.
python3 - "$work/random-10000.txt" <<'PY'
import random, sys
n = 10000
rng = random.Random(1)
table = bytes(42 if b < 38 else 32 for b in range(256))
with open(sys.argv[1], "wb") as f:
    f.write(b"+" * (n + 2) + b"\n")
    for _ in range(n):
        f.write(b"+" + rng.randbytes(n).translate(table) + b"+\n")
    f.write(b"+" * (n + 2) + b"\n")
PY
printf '4000\n4000\nr\n' > "$work/open-far-corner.in"
printf '1\n1\nr\n' > "$work/open-first.in"
# What a one-move game prints on the open board: the file in, two boards out.
"$bin" "$work/open-4000.txt" < "$work/open-far-corner.in" > "$work/open-game.out"
"$bin" show "$work/random-4000.txt" > "$work/random-4000.solved"
ls -l "$work"/*.txt "$work"/*.out "$work"/*.solved

echo "== speed (hyperfine)"
hyperfine --warmup 2 --runs 10 --style basic --export-json "$work/speed.json" \
    -n "show 4000x4000" "$bin show $work/random-4000.txt > /dev/null" \
    -n "cat: the same file in, one board out" "cat $work/random-4000.txt $work/random-4000.solved > /dev/null" \
    -n "one-move game opening 4000x4000" "$bin $work/open-4000.txt < $work/open-far-corner.in > /dev/null" \
    -n "cat: the same file in, two boards out" "cat $work/open-4000.txt $work/open-game.out > /dev/null" \
    -n "board4 scripted game" "$bin < tests/golden/board4-prompt.in > /dev/null"
echo "== medians"
python3 - "$work/speed.json" <<'PY'
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    print(f"{result['command']:<45} {result['median'] * 1000:9.1f} ms")
PY

echo "== peak memory (GNU time, maximum resident set size)"
peak() {
    local name="$1" input="$2"; shift 2
    /usr/bin/time -f "%M" -o "$work/rss" "$@" < "$input" > /dev/null
    printf '%-45s %8d KB\n' "$name" "$(cat "$work/rss")"
}
peak "show 4000x4000" /dev/null "$bin" show "$work/random-4000.txt"
peak "one move, 4000x4000, 15 % mines" "$work/open-first.in" "$bin" "$work/random-4000.txt"
peak "one move opening all of 4000x4000" "$work/open-far-corner.in" "$bin" "$work/open-4000.txt"
peak "one move, 10000x10000, 15 % mines" "$work/open-first.in" "$bin" "$work/random-10000.txt"
