#!/usr/bin/env bash
# The pages `check` writes, opened in headless Chromium (Debian's
# `chromium`, installed here where it is missing): see
# scripts/pages_in_browser.py. Run from the project's root after
# `cargo build --examples` (`.ci/run` runs it after the tests); the
# screenshots are left in pages-shots in cargo's target folder.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium > /dev/null && ! command -v chromium-browser > /dev/null; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium > /dev/null
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The programs where cargo put them (CARGO_TARGET_DIR may be anywhere),
# as .ci/run finds the binary.
target="$(cargo metadata --format-version 1 --no-deps --locked |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
# The screenshots stay, to be looked at.
shots="$target/pages-shots"
rm -rf "$shots"
python3 -S scripts/pages_in_browser.py "$target/debug/minesweeper" \
    "$target/debug/examples/proj3" "$work" "$shots"
