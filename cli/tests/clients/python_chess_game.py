"""A real GUI-side client: python-chess's `chess.engine` plays a short game against itself
through the engine command given on the command line, and prints its moves, one line.

Used by tests/gui_side.rs to run Stockfish directly and through `arbiter spy`, so the test can
check that the spy changed nothing the client sees. The game is fixed by node limits (no
clock), so the same engine plays the same moves.

    python_chess_game.py PLIES -- ENGINE [ARGS...]
"""

import sys

import chess
import chess.engine


def main() -> int:
    plies = int(sys.argv[1])
    command = sys.argv[sys.argv.index("--") + 1 :]
    board = chess.Board()
    moves = []
    with chess.engine.SimpleEngine.popen_uci(command, timeout=20) as engine:
        engine.configure({"Hash": 16, "Threads": 1})
        for _ in range(plies):
            if board.is_game_over():
                break
            result = engine.play(board, chess.engine.Limit(nodes=2000))
            board.push(result.move)
            moves.append(result.move.uci())
        # Then pondering, which timing makes nondeterministic, so it comes after the game
        # compared: `go ponder` after each move, then `ponderhit` or `stop`.
        ponder_board = board.copy()
        for _ in range(4):
            if ponder_board.is_game_over():
                break
            result = engine.play(ponder_board, chess.engine.Limit(nodes=2000), ponder=True)
            ponder_board.push(result.move)
        # An analysis: `go infinite`, then `stop` once a few depths are in.
        with engine.analysis(ponder_board, chess.engine.Limit(depth=6)) as analysis:
            for info in analysis:
                if info.get("depth", 0) >= 6:
                    break
        engine.ping()
    print(" ".join(moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
