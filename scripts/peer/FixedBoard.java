import minesweeper.gamestate.GameStateModel;
import minesweeper.gamestate.GameStateModelViewer;
import minesweeper.settings.GameSettings;
import minesweeper.structure.Location;

/**
 * A game of DavidNHill's solver whose mines are given: one board as a line of
 * '*' (mine) and '.' (clear) in reading order, as minesweeper's `generate`
 * placed them, so both solvers play the very same boards.
 */
public class FixedBoard extends GameStateModelViewer {
    private final int[][] board;

    public FixedBoard(GameSettings settings, String mines) {
        super(settings, 0);
        board = new int[width][height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (mines.charAt(y * width + x) == '*') {
                    board[x][y] = GameStateModel.MINE;
                }
            }
        }
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (board[x][y] != GameStateModel.MINE) {
                    board[x][y] = minesAround(x, y);
                }
            }
        }
    }

    private int minesAround(int x, int y) {
        int count = 0;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int a = x + dx, b = y + dy;
                if (a >= 0 && a < width && b >= 0 && b < height && board[a][b] == GameStateModel.MINE) {
                    count++;
                }
            }
        }
        return count;
    }

    // The mines are in place before the first click.
    @Override
    protected void startHandle(Location m) {}

    @Override
    protected void placeFlagHandle(Location m) {}

    @Override
    protected int queryHandle(int x, int y) {
        return board[x][y];
    }

    @Override
    protected boolean clearSquareHitMine(Location m) {
        if (board[m.x][m.y] == 0) {
            explode(m);
        }
        return board[m.x][m.y] == GameStateModel.MINE;
    }

    @Override
    public int privilegedQuery(Location m, boolean showMines) {
        return query(m);
    }

    @Override
    public String showGameKey() {
        return "a given board";
    }

    @Override
    protected boolean clearSurroundHandle(Location m) {
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int a = m.x + dx, b = m.y + dy;
                if ((dx != 0 || dy != 0) && a >= 0 && a < width && b >= 0 && b < height) {
                    clearSquare(new Location(a, b));
                }
            }
        }
        return true;
    }
}
