"""Drives GomocupJudge (Gomocup/GomocupJudge, the Gomocup tournament's referee client) for the
survey: its `ai_match` plays one game between the two brain commands given with the text's
("new") protocol, as its client does for each match the server hands it, without the server.

    gomocupjudge_match.py CHECKOUT WORKDIR BRAIN1 BRAIN2

Prints the result as `ai_match.play` gives it.
"""

import sys
from pathlib import Path


def main() -> int:
    checkout, work, brains = Path(sys.argv[1]), Path(sys.argv[2]).resolve(), sys.argv[3:5]
    folders = []
    for number in (1, 2):
        folder = work / f"folder{number}"
        folder.mkdir(parents=True, exist_ok=True)
        folders.append(f"{folder}/")
    sys.path.insert(0, str(checkout / "client"))
    from ai_match import ai_match

    match = ai_match(
        board_size=20,
        opening=[(9, 9), (9, 10), (10, 10)],
        cmd_1=brains[0],
        cmd_2=brains[1],
        protocol_1="new",
        protocol_2="new",
        timeout_turn_1=1000,
        timeout_turn_2=1000,
        timeout_match_1=60000,
        timeout_match_2=60000,
        game_type=1,
        rule=0,
        folder_1=folders[0],
        folder_2=folders[1],
        working_dir_1=folders[0],
        working_dir_2=folders[1],
        tolerance=1000,
    )
    print(*match.play())
    return 0


if __name__ == "__main__":
    sys.exit(main())
