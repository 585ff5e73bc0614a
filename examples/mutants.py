"""Writes mutants of proj3.py: the correct program of examples/proj3.py
with one fault each, of the kinds students hand in, for `minesweeper
check`'s tests and benchmarks.

    python3 examples/mutants.py DIR          writes DIR/NAME.py for each
    python3 examples/mutants.py DIR NAME...  only those

Each mutant is a list of (old, new) changes to proj3.py's text; a change
whose old text is not found stops the script, so the mutants stay true
to the program they are made from.
"""

import pathlib
import sys

# The win looked for after each move only: a board without mines is won
# after the first move (a reading the course allows), or, with no move
# typed, not before the input ends.
WIN_AFTER_A_MOVE = [
    ("    while not won(mines, shown):\n", "    while True:\n"),
    (
        "        mines_left(mines, shown)\n        print()\n    print(\"You won!",
        "        mines_left(mines, shown)\n        print()\n"
        "        if won(mines, shown):\n            break\n    print(\"You won!",
    ),
]

MUTANTS = {
    # Correct: the other reading of a board without mines.
    "win_after_a_move": WIN_AFTER_A_MOVE,
    # Exits with status 1 once its first board is printed.
    "exits": [
        (
            "    pretty_print(shown, frame)\n    mines_left(mines, shown)\n    print()\n    while",
            "    pretty_print(shown, frame)\n    raise SystemExit(1)\n    while",
        )
    ],
    # Divides by the number of mines at every move: a board without
    # mines crashes at its first move.
    "divides": WIN_AFTER_A_MOVE
    + [
        (
            "        action = ask_action()\n",
            "        action = ask_action()\n        1 / sum(row.count(True) for row in mines)\n",
        )
    ],
    # Crashes where it should say the game is won.
    "dies_winning": [
        (
            '    print("You won! Congratulations, and good game!")',
            '    print("You won! Congratulations, and good game!"[1 // 0])',
        )
    ],
    # Clues: the column checked against the number of rows.
    "clue_edges": [
        (
            "if (dr or dc) and 0 <= nr < rows and 0 <= nc < cols and mines[nr][nc]:",
            "if (dr or dc) and 0 <= nr < rows and 0 <= nc < rows and mines[nr][nc]:",
        )
    ],
    # Islands open up, down, left and right only.
    "no_diagonal": [
        (
            "                if 0 <= r < len(shown) and 0 <= c < len(shown[0]):\n"
            "                    reveal(shown, counts, r, c)",
            "                if (dr == 0 or dc == 0) and 0 <= r < len(shown) and 0 <= c < len(shown[0]):\n"
            "                    reveal(shown, counts, r, c)",
        )
    ],
    # 0 taken as a row or column: Python's index -1, the last.
    "accepts_zero": [
        (
            "    if digits.isascii() and digits.isdigit() and 1 <= int(digits) <= most:",
            "    if digits.isascii() and digits.isdigit() and 0 <= int(digits) <= most:",
        )
    ],
    # A lost game goes on.
    "lost_goes_on": [
        (
            '                print("You detonated a mine!  Game Over!")\n                return\n',
            '                print("You detonated a mine!  Game Over!")\n                continue\n',
        )
    ],
    # A flag on an open square is said to be refused, and no board follows.
    "skips_refused_board": [
        (
            "        pretty_print(shown, frame)\n        if message:",
            "        if not (message and 'cannot be flagged' in message):\n"
            "            pretty_print(shown, frame)\n        if message:",
        )
    ],
    # Reads board files framed with `#` only, as the 2019 offering's were.
    "hash_only": [
        (
            "    frame = lines[0][0]\n",
            "    frame = lines[0][0]\n    assert frame == '#', 'not a board file'\n",
        )
    ],
}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    here = pathlib.Path(__file__).parent
    source = (here / "proj3.py").read_text()
    folder = pathlib.Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[2:] or MUTANTS:
        text = source
        for old, new in MUTANTS[name]:
            if old not in text:
                sys.exit(f"{name}: not found in proj3.py: {old!r}")
            text = text.replace(old, new)
        (folder / f"{name}.py").write_text(text)
        print(name)


main()
