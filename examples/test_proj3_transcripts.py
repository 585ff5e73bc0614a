"""Snapshot tests of a proj3 program against `minesweeper`.

The same board file and the same answers go to both programs, and what
the proj3 program prints must be what `minesweeper` prints, byte for byte:
every board, every prompt, every message. Each board is played three
ways, each to the game's end: every mine flagged (a win), a mine opened
(a loss), and every safe square opened in reading order, then every mine
flagged.

    MINESWEEPER=path/to/minesweeper PROJ3=path/to/proj3.py pytest examples/

MINESWEEPER defaults to the `minesweeper` on the PATH, PROJ3 to this
folder's proj3.py, and BOARDS to this project's boards folder.
"""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
MINESWEEPER = os.environ.get("MINESWEEPER") or shutil.which("minesweeper")
PROGRAM = pathlib.Path(os.environ.get("PROJ3", HERE / "proj3.py")).resolve()
BOARDS = pathlib.Path(os.environ.get("BOARDS", HERE.parent / "boards")).resolve()
PLAYED = [
    "board1.txt",
    "board2.txt",
    "board3.txt",
    "board4.txt",
    "wide.txt",
    "islands.txt",
    "corners.txt",
    "one-row.txt",
    "one-column.txt",
]


def squares(board):
    """The board file's squares, row by row: True for a mine."""
    lines = board.read_text().splitlines()
    return [[c == "*" for c in line[1:-1]] for line in lines[1:-1]]


def answers(board, how):
    """What is typed to play `board` to the end `how` says."""
    grid = squares(board)
    cells = [(r, c) for r, row in enumerate(grid) for c in range(len(row))]
    mines = [(r, c) for r, c in cells if grid[r][c]]
    safe = [(r, c) for r, c in cells if not grid[r][c]]
    if how == "loss":
        moves = [(r, c, "r") for r, c in mines[:1]]
    elif how == "open every square":
        moves = [(r, c, "r") for r, c in safe] + [(r, c, "f") for r, c in mines]
    else:
        moves = [(r, c, "f") for r, c in mines]
    return "".join(f"{r + 1}\n{c + 1}\n{action}\n" for r, c, action in moves)


def transcript(command, typed):
    """What `command` prints on stdout when `typed` is typed."""
    run = subprocess.run(
        command,
        input=typed,
        capture_output=True,
        text=True,
        cwd=BOARDS,
        timeout=60,
    )
    return run.stdout


def test_there_is_a_minesweeper_to_compare_with():
    """Without `minesweeper` every game below would have nothing to be
    compared with: that is a failure, not 27 games skipped and a pass."""
    assert MINESWEEPER is not None, (
        "no minesweeper to compare with: put it on the PATH "
        "(cargo install, pip install) or set MINESWEEPER=path/to/minesweeper"
    )
    assert os.access(MINESWEEPER, os.X_OK), f"MINESWEEPER={MINESWEEPER} is not a program"
    assert PROGRAM.is_file(), f"PROJ3={PROGRAM} is not a file"


@pytest.mark.parametrize("how", ["win", "loss", "open every square"])
@pytest.mark.parametrize("name", PLAYED)
def test_the_program_prints_what_minesweeper_prints(name, how):
    if MINESWEEPER is None:
        pytest.fail("no minesweeper to compare with: set MINESWEEPER or put it on the PATH")
    board = BOARDS / name
    if how == "loss" and not any(any(row) for row in squares(board)):
        pytest.skip("a board without mines cannot be lost")
    # The board file's name answers the first question, then the moves.
    typed = f"{name}\n" + answers(board, how)
    ours = transcript([MINESWEEPER, "--no-record", "--color", "never"], typed)
    theirs = transcript([sys.executable, str(PROGRAM)], typed)
    difference = first_difference(ours, theirs)
    assert difference is None, difference


def first_difference(ours, theirs):
    """Where `theirs` first differs from `ours`, line by line, in words;
    `None` when they are the same. (pytest's own difference of two long
    transcripts takes minutes.)"""
    expected, printed = ours.splitlines(keepends=True), theirs.splitlines(keepends=True)
    for number, (line, got) in enumerate(zip(expected, printed), start=1):
        if line != got:
            return f"line {number}: expected {line!r}, printed {got!r}"
    if len(expected) != len(printed):
        return f"expected {len(expected)} lines, printed {len(printed)}"
    return None
