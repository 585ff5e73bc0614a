import java.io.BufferedReader;
import java.io.FileReader;
import minesweeper.gamestate.GameStateModel;
import minesweeper.settings.GameSettings;
import minesweeper.solver.Solver;
import minesweeper.solver.settings.PlayStyle;
import minesweeper.solver.settings.SettingsFactory;
import minesweeper.solver.settings.SettingsFactory.Setting;
import minesweeper.solver.settings.SolverSettings;
import minesweeper.structure.Action;
import minesweeper.structure.Location;

/**
 * Plays every expert board of a file (one a line, see FixedBoard) with
 * DavidNHill's solver as its own bulk runs set it up (small analysis, one
 * thread, no flags), first clicking ROW,COL (from 1); prints a line per
 * board: 1 for a won game and 0 for a lost one (or one it failed on, said
 * on stderr), the chances of a mine of its guesses added up, from the
 * probability the solver gives each (what the game was expected to lose,
 * luck aside), and 1 if a square showing 0 had opened by the end (so a
 * lost game with 0 there was lost before any area opened).
 *
 *   java PlayBoards BOARDS ROW COL
 */
public class PlayBoards {
    public static void main(String[] args) throws Exception {
        Location first = new Location(Integer.parseInt(args[2]) - 1, Integer.parseInt(args[1]) - 1);
        try (BufferedReader in = new BufferedReader(new FileReader(args[0]))) {
            String line;
            while ((line = in.readLine()) != null) {
                boolean won;
                double[] expected = {0.0};
                boolean[] opened = {false};
                try {
                    won = play(line.trim(), first, expected, opened);
                } catch (Exception e) {
                    // A game the peer cannot finish is one it did not win.
                    System.err.println("the peer failed on board " + line.trim() + ": " + e);
                    won = false;
                }
                System.out.printf("%d %.6f %d%n", won ? 1 : 0, expected[0], opened[0] ? 1 : 0);
            }
        }
    }

    private static boolean play(String mines, Location first, double[] expected, boolean[] opened) {
        SolverSettings settings = SettingsFactory.GetSettings(Setting.SMALL_ANALYSIS);
        settings.setSingleThread(true);
        settings.setStartLocation(first);
        FixedBoard game = new FixedBoard(GameSettings.EXPERT, mines);
        Solver solver = new Solver(game, settings, false);
        solver.setPlayStyle(PlayStyle.NO_FLAG);
        // Its own bulk runner gives up a game after 1,000 rounds.
        for (int round = 0; round < 1000; round++) {
            solver.start();
            Action[] moves = solver.getResult();
            if (moves.length == 0) {
                break;
            }
            for (Action move : moves) {
                // A guess comes with its chance of being safe; a certain move with 1.
                if (move.getAction() == Action.CLEAR && move.getBigProb() != null) {
                    expected[0] += 1.0 - move.getBigProb().doubleValue();
                }
                game.doAction(move);
                if (move.getAction() == Action.CLEAR && game.query(move) == 0) {
                    opened[0] = true;
                }
                int state = game.getGameState();
                if (state == GameStateModel.WON || state == GameStateModel.LOST) {
                    return state == GameStateModel.WON;
                }
            }
        }
        return game.getGameState() == GameStateModel.WON;
    }
}
