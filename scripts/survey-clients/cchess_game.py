"""Drives cchess (PyPI `cchess`, a xiangqi library with a UCCI engine manager) for the survey:
its `EngineManager.load_ucci` boots the engine given, sets an option, and `run_engine` asks
for a move in each position of a short game the engine plays against itself, as its users
call it; then `quit`.

    cchess_game.py PLIES ENGINE

`ENGINE` is one executable (cchess starts it with no arguments, in its own folder).
"""

import sys

from cchess.board import ChessBoard
from cchess.engine import EngineManager, FenCache

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"


def main() -> int:
    plies, engine = int(sys.argv[1]), sys.argv[2]
    manager = EngineManager(FenCache())
    if not manager.load_ucci(engine, {"hashsize": 16}, {"depth": 3}):
        print("cchess could not boot the engine", file=sys.stderr)
        return 1
    board = ChessBoard(START)
    moves = []
    for _ in range(plies):
        fen = board.to_fen()
        action = manager.run_engine(fen)
        if action.get("action") != "bestmove":
            break
        board.move_iccs(action["move"])
        board.next_turn()
        moves.append(action["move"])
    manager.quit()
    print(" ".join(moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
