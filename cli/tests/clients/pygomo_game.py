"""A real Gomocup manager-side client: pygomo (PyPI `pygomo-lib`) plays a short game against
the brain command given on the command line and prints the brain's moves, one line.

Used by tests/gui_side.rs to run the reference brain directly and through `arbiter spy`, so
the test can check that the spy changed nothing the client sees. `timeout_turn 0` asks the
brain for its fastest move (gomocup-r84), which the reference brain plays without a search,
so the same brain plays the same moves.

    pygomo_game.py -- BRAIN [ARGS...]
"""

import sys

from pygomo import EngineClient


def main() -> int:
    command = sys.argv[sys.argv.index("--") + 1 :]
    moves = []
    with EngineClient(command[0], args=command[1:]) as brain:
        if not brain.start(15):
            print("the brain refused START 15", file=sys.stderr)
            return 1
        brain.set_time(turn_time_ms=0, match_time_ms=100000, time_left_ms=100000)
        brain.set_rule(0)
        reply = brain.begin()
        moves.append(str(reply.move))
        for opponent in ["0,0", "0,1", "0,2", "0,3"]:
            reply = brain.turn(opponent)
            moves.append(str(reply.move))
        if brain.about() is None:
            print("no answer to ABOUT", file=sys.stderr)
            return 1
        brain.quit()
    print(" ".join(moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
