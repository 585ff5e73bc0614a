"""A proj3.py written from the course's text, with no known bug: the game
`minesweeper check` grades, as a student would hand it in. It prints its
boards with the frame of the board file it reads (`+` for the course's
files, `#` for the 2019 offering's), and at the end of input it stops as
the course's own does, with an EOFError.

    python3 examples/proj3.py
    minesweeper check --folder examples -- python3 proj3.py
"""

MINE = "*"
COVERED = "."
FLAG = "F"
DETONATED = "X"


def read_board(name):
    """The mines of a board file, as rows of booleans, and its frame."""
    with open(name) as board_file:
        lines = [line.rstrip("\r\n") for line in board_file]
    frame = lines[0][0]
    mines = [[square == MINE for square in line[1:-1]] for line in lines[1:-1]]
    return mines, frame


def clues(mines):
    """Each square's count of mines among its eight neighbours."""
    rows, cols = len(mines), len(mines[0])
    counts = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nr, nc = r + dr, c + dc
                    if (dr or dc) and 0 <= nr < rows and 0 <= nc < cols and mines[nr][nc]:
                        counts[r][c] += 1
    return counts


def pretty_print(shown, frame):
    """The board between its column numbers and its frame, as the course prints it."""
    cols = len(shown[0])
    print()
    if cols >= 10:
        print("     " + "".join((str(c // 10) if c >= 10 else " ") + " " for c in range(1, cols + 1)))
    print("     " + "".join(str(c % 10) + " " for c in range(1, cols + 1)))
    print("   " + (frame + " ") * (cols + 2))
    for r, row in enumerate(shown):
        print(f"{r + 1:<3}{frame} " + "".join(square + " " for square in row) + frame + " ")
    print("   " + (frame + " ") * (cols + 2))
    print()


def mines_left(mines, shown):
    left = sum(row.count(True) for row in mines) - sum(row.count(FLAG) for row in shown)
    if left == 1:
        print("\tThere is 1 mine left to find")
    else:
        print(f"\tThere are {left} mines left to find")


def number_in_range(answer, most):
    """The whole number typed (spaces around it allowed), if it is from 1 to `most`."""
    digits = answer.strip()
    digits = digits[1:] if digits.startswith("+") else digits
    if digits.isascii() and digits.isdigit() and 1 <= int(digits) <= most:
        return int(digits)
    return None


def ask_number(most):
    """A number from 1 to `most`, asked until one is typed; its index from 0."""
    number = number_in_range(input(f"Enter a number between 1 and {most} (inclusive): "), most)
    while number is None:
        print("That number is not allowed.  Please try again!")
        number = number_in_range(input(f"Enter a number between 1 and {most} (inclusive): "), most)
    return number - 1


def ask_action():
    """`r` or `f`, in either case, asked until one is typed."""
    prompt = "Enter 'r' to reveal the space, or\nenter 'f' to mark the space with a flag: "
    answer = input(prompt).strip().lower()
    while answer not in ("r", "f"):
        print("That's not a valid action.")
        answer = input(prompt).strip().lower()
    return answer


def reveal(shown, counts, row, col):
    """Opens the square, and the island around it when its clue is 0."""
    if shown[row][col] != COVERED:
        return
    shown[row][col] = str(counts[row][col]) if counts[row][col] else " "
    if counts[row][col] == 0:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if 0 <= r < len(shown) and 0 <= c < len(shown[0]):
                    reveal(shown, counts, r, c)


def won(mines, shown):
    """Exactly the mines are flagged."""
    return all(
        (shown[r][c] == FLAG) == mines[r][c]
        for r in range(len(mines))
        for c in range(len(mines[0]))
    )


def main():
    print()
    print("\tThis program allows you to play Minesweeper.")
    print("\tThe object of the game is to flag every mine,")
    print("\tusing clues about the number of neighboring")
    print("\tmines in each field.  To win the game, flag")
    print("\tall of the mines (and don't incorrectly flag")
    print("\tany non-mine fields).  Good luck!")
    print()
    mines, frame = read_board(input("Enter the file to load the board from: "))
    counts = clues(mines)
    shown = [[COVERED] * len(mines[0]) for _ in mines]
    pretty_print(shown, frame)
    mines_left(mines, shown)
    print()
    while not won(mines, shown):
        print("Please choose the row:")
        row = ask_number(len(mines))
        print("Please choose the column:")
        col = ask_number(len(mines[0]))
        action = ask_action()
        message = None
        if action == "r":
            if shown[row][col] == FLAG:
                message = f"\tField {row + 1}, {col + 1} must be unflagged before it can be revealed"
            elif shown[row][col] != COVERED:
                message = f"\tField {row + 1}, {col + 1} is already revealed"
            elif mines[row][col]:
                shown[row][col] = DETONATED
                pretty_print(shown, frame)
                print("You detonated a mine!  Game Over!")
                return
            else:
                reveal(shown, counts, row, col)
        elif shown[row][col] == FLAG:
            shown[row][col] = COVERED
            message = f"\tFlag removed from {row + 1}, {col + 1}"
        elif shown[row][col] == COVERED:
            shown[row][col] = FLAG
        else:
            message = f"\tField {row + 1}, {col + 1} is already revealed, so it cannot be flagged"
        pretty_print(shown, frame)
        if message:
            print(message)
        mines_left(mines, shown)
        print()
    print("You won! Congratulations, and good game!")


main()
