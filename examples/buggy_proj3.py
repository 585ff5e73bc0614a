# A proj3.py as a student might write it, with two bugs for `minesweeper check`
# to find: clues miss mines in columns past the number of rows, and a lost
# game goes on until the flags number the mines. Run:
#   minesweeper check -- python3 examples/buggy_proj3.py
def prettyPrintBoard(board):
    print()
    rows, cols = len(board), len(board[0])
    if cols >= 10:
        print("     " + "".join(str(c // 10) + " " if c >= 10 else "  " for c in range(1, cols + 1)))
    print("     " + "".join(str(c % 10) + " " for c in range(1, cols + 1)))
    print("   " + "+ " * (cols + 2))
    for r in range(rows):
        print(str(r + 1).ljust(3) + "+ " + "".join(ch + " " for ch in board[r]) + "+ ")
    print("   " + "+ " * (cols + 2))
    print()

def countMines(mines, r, c):
    n = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            rr, cc = r + dr, c + dc
            # bug: the column checked against the number of rows
            if 0 <= rr < len(mines) and 0 <= cc < len(mines):
                if mines[rr][cc]:
                    n += 1
    return n

def reveal(mines, shown, r, c):
    if r < 0 or c < 0 or r >= len(mines) or c >= len(mines[0]) or shown[r][c] != ".":
        return
    n = countMines(mines, r, c)
    shown[r][c] = " " if n == 0 else str(n)
    if n == 0:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                reveal(mines, shown, r + dr, c + dc)

def ask(prompt, high):
    print(prompt)
    while True:
        n = int(input("Enter a number between 1 and " + str(high) + " (inclusive): "))
        if 1 <= n <= high:
            return n - 1
        print("That number is not allowed.  Please try again!")

def main():
    name = input("Enter the file to load the board from: ")
    lines = open(name.strip()).read().split("\n")
    rows = [l for l in lines if l][1:-1]
    mines = [[ch == "*" for ch in row[1:-1]] for row in rows]
    shown = [["." for _ in row] for row in mines]
    total = sum(sum(row) for row in mines)
    prettyPrintBoard(shown)
    flags = 0
    # bug: the game goes on until the flags number the mines
    while flags != total or any(shown[r][c] == "F" and not mines[r][c] for r in range(len(mines)) for c in range(len(mines[0]))):
        print("\tThere are", total - flags, "mines left to find\n")
        r = ask("Please choose the row:", len(mines))
        c = ask("Please choose the column:", len(mines[0]))
        action = input("Enter 'r' to reveal the space, or\nenter 'f' to mark the space with a flag: ")
        while action not in ("r", "f"):
            print("That's not a valid action.")
            action = input("Enter 'r' to reveal the space, or\nenter 'f' to mark the space with a flag: ")
        if action == "f":
            if shown[r][c] == ".":
                shown[r][c] = "F"; flags += 1
            elif shown[r][c] == "F":
                shown[r][c] = "."; flags -= 1
            prettyPrintBoard(shown)
        elif mines[r][c] and shown[r][c] == ".":
            shown[r][c] = "X"
            prettyPrintBoard(shown)
            print("You detonated a mine!  Game Over!")
        else:
            reveal(mines, shown, r, c)
            prettyPrintBoard(shown)
    print("You won! Congratulations, and good game!")

main()
