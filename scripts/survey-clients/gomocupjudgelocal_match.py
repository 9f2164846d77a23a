"""Drives GomocupJudgeLocal (MaciejKozarzewski/GomocupJudgeLocal, its `local_launcher`) headless
for the survey: a two-game tournament between the two brain commands given, each game from the
same three-stone opening, with its own board view turned off, as its README runs it.

    gomocupjudgelocal_match.py CHECKOUT WORKDIR BRAIN1 BRAIN2

`WORKDIR` receives its config.json, its log (judge.log) and its results; a brain command is one
executable (the survey's spy wrappers).
"""

import json
import logging
import sys
from pathlib import Path


def main() -> int:
    checkout, work, brains = Path(sys.argv[1]), Path(sys.argv[2]).resolve(), sys.argv[3:5]
    work.mkdir(parents=True, exist_ok=True)
    (work / "folder").mkdir(exist_ok=True)
    # A tournament resumes from the games and results it finds: each run starts afresh.
    for name in ("games.txt", "result.pgn"):
        (work / name).unlink(missing_ok=True)
    (work / "openings.txt").write_text("9,9 9,10 10,10\n")

    def player(number: int, command: str) -> dict:
        cwd = work / f"cwd{number}"
        cwd.mkdir(exist_ok=True)
        return {
            "command": command,
            "name": f"brain{number}",
            "timeout_turn": 1.0,
            "timeout_match": 60.0,
            "max_memory": 1000,
            "folder": f"{work}/folder",
            "allow_pondering": False,
            "tolerance": 1.0,
            "working_dir": f"{cwd}/",
        }

    config = {
        "games_to_play": 2,
        "games_in_parallel": 1,
        "openings": "openings.txt",
        "visualise": False,
        "game_config": {"rows": 20, "cols": 20, "rules": "freestyle"},
        "player_1": player(1, brains[0]),
        "player_2": player(2, brains[1]),
    }
    (work / "config.json").write_text(json.dumps(config, indent=2))
    logging.basicConfig(
        filename=work / "judge.log",
        level=logging.INFO,
        format="%(asctime)s %(threadName)s %(message)s",
    )
    sys.path.insert(0, str(checkout / "local_launcher"))
    from Tournament import run_tournament

    run_tournament(f"{work}/", draw_boards=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
