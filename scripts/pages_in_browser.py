#!/usr/bin/env python3
"""The pages `check` writes, opened in headless Chromium as a reader would:
each loads with no console error and no request leaving it, its DOM (after
its script ran) holds what it must draw, and a screenshot's pixels show the
histogram's bars and the marked square, at a desktop's width and a phone's.

Usage: pages_in_browser.py MINESWEEPER PROJ3 WORK SHOTS
  MINESWEEPER  the program to check with
  PROJ3        examples/proj3 built (cargo build --examples)
  WORK         an empty folder for the class and the pages
  SHOTS        a folder for the screenshots, kept to be looked at
"""
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import zlib

BAR = (0x3B, 0x6E, 0xA8)  # the histogram's bars
SQUARE = (0xFF, 0xE0, 0x8A)  # a marked square's background
BOARD = (0x26, 0x26, 0x26)  # a replay's board, as the full screen's
WIDTHS = (1280, 400)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("no chromium: scripts/pages-in-browser.sh installs it")


def browse(page, *flags):
    """Chromium headless on `page`: its stdout and its log."""
    run = subprocess.run(
        [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu",
         "--no-first-run", "--enable-logging=stderr", "--v=0", *flags,
         "file://" + page],
        capture_output=True, text=True, timeout=120)
    return run.stdout, run.stderr


def pixels(png):
    """The RGB pixels of a PNG Chromium wrote (8 bits, RGB or RGBA)."""
    data = open(png, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", png
    pos, idat, width = 8, b"", None
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, at = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                nearest = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + nearest) & 255
        rows.append(line)
        previous = line
    return [tuple(row[i:i + 3]) for row in rows for i in range(0, stride, channels)]


def count(png, colour):
    return sum(1 for p in pixels(png) if p == colour)


def check_page(page, must, colour, shots, at=""):
    """Opens `page`: no console message of an error, no request refused,
    every pattern of `must` in its DOM, `colour` in its screenshots."""
    dom, log = browse(page + at, "--dump-dom")
    trouble = [line for line in log.splitlines()
               if "CONSOLE" in line or "Refused to" in line or "ERR_" in line]
    assert not trouble, f"{page}: {trouble}"
    assert not re.search(r'(src|href|action)="(https?:)?//', dom), f"{page} reaches out"
    for pattern, least in must:
        found = len(re.findall(pattern, dom))
        assert found >= least, f"{page}: {found} of {pattern!r}, not {least}"
    name = os.path.basename(os.path.dirname(page)) or "page"
    for width in WIDTHS:
        shot = os.path.join(shots, f"{name}-{width}.png")
        browse(page + at, f"--window-size={width},1600", "--hide-scrollbars",
               f"--screenshot={shot}")
        seen = count(shot, colour)
        assert seen > 20, f"{shot}: {seen} pixels of {colour}"
        print(f"  {os.path.relpath(shot, shots)}: {seen} pixels of #%02x%02x%02x" % colour)


def student(root, name, script, program=None):
    """A student's folder holding `proj3`, a script, and `program` copied
    in beside it as `program` (a game reads only its own folder)."""
    folder = os.path.join(root, name)
    os.makedirs(folder)
    if program:
        shutil.copy(program, os.path.join(folder, "program"))
    path = os.path.join(folder, "proj3")
    with open(path, "w") as f:
        f.write(script)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def main():
    minesweeper, proj3, work, shots = sys.argv[1:5]
    class_folder, out = (os.path.join(work, d) for d in ("class", "out"))
    os.makedirs(shots, exist_ok=True)
    student(class_folder, "ada", "#!/bin/sh\nexec ./program\n", proj3)
    student(class_folder, "bob", "#!/bin/sh\nexec ./program --bug wide-edge\n", proj3)
    student(class_folder, '"><img src=x onerror=alert(1)>',
            "#!/bin/sh\nprintf '<script>alert(2)</script>\\n'\n"
            "printf '<script>alert(3)</script>\\033[2J' >&2\nexit 3\n")
    subprocess.run([minesweeper, "check", "--games", "40", "--seed", "7", "--max-size", "6",
                    "--class", class_folder, "--out", out, "--", "./proj3"],
                   cwd=work, capture_output=True, check=False, timeout=600)
    print("pages in headless Chromium:")
    check_page(os.path.join(out, "index.html"),
               [(r"<rect", 11), (r'<table class="sortable"', 2), (r'href="[^"]*index\.html"', 3)],
               BAR, shots)
    # Sorted by score from the address, as the header's button sorts it.
    dom, log = browse(os.path.join(out, "index.html") + "#sort=score-down", "--dump-dom")
    students = dom.split("Students (press a heading to sort)")[1]
    scores = [float(n) for n in re.findall(r'<td class="number" data-sort="([-0-9.]+)">', students)[::4]]
    assert len(scores) == 3 and scores == sorted(scores, reverse=True), scores
    assert 'aria-sort="descending"' in students, "the header says how it sorts"
    print(f"  the students sorted by score, highest first: {scores}")
    check_page(os.path.join(out, "bob", "index.html"),
               [(r'<mark class="square"', 2), (r'<figure class="board"', 2)],
               SQUARE, shots)
    # A program reading boards framed with #, checked alone: its page.
    alone = os.path.join(work, "alone")
    os.makedirs(alone)
    subprocess.run([minesweeper, "check", "--games", "60", "--seed", "5", "--frame", "#",
                    "--max-size", "6", "--out", os.path.join(work, "hash"), "--",
                    proj3, "--frame", "#", "--bug", "wide-edge"],
                   cwd=alone, capture_output=True, check=False, timeout=600)
    check_page(os.path.join(work, "hash", "index.html"),
               [(r'<mark class="square"', 2), (r"# # #", 1)],
               SQUARE, shots)
    # A recorded game as a page, opened at its end: the player stepped
    # through every move (the board says which move it shows).
    home = os.path.join(work, "home")
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_STATE_HOME=os.path.join(home, "state"),
               XDG_CONFIG_HOME=os.path.join(home, "config"))
    moves = "".join(f"{r} {c} r\n" for r in range(1, 10) for c in range(1, 10)) + "n\n"
    subprocess.run([minesweeper, "--rules", "classic", "--level", "beginner", "--seed", "3",
                    "--record"], input=moves, text=True, env=env, capture_output=True,
                   timeout=120)
    replay = os.path.join(work, "replay", "index.html")
    os.makedirs(os.path.dirname(replay))
    subprocess.run([minesweeper, "replay", "last", "--html", replay], env=env, check=True)
    steps = len(re.findall(r"&quot;said&quot;", open(replay).read()))
    assert steps > 0, replay
    check_page(replay, [(rf'<table id="board" data-move="{steps}"', 1), (r'<p id="end">', 1),
                        (r"<h1>Beginner: (won|lost)", 1), (r"<dt>Board</dt><dd>beginner, 9x9", 1),
                        (r'<th scope="col">9</th>', 1), (r'<td data-g="[1-8]">', 1)],
               BOARD, shots, at="#end")
    print("every page loaded clean and drew what it must")


if __name__ == "__main__":
    main()
