"""Drives gomokurs (coding-kelps/gomokurs, a Gomocup manager in Rust) for the survey: its CLI
plays games between the two brain commands given, each described in a player file of its YAML
form (`protocol: stdio: binary`), with a 5 s turn and a 60 s match. It plays game after game
(`Mode::Loop`) and has no way to stop of its own, so after SECONDS it is interrupted as its
user would (SIGINT).

    gomokurs_match.py SECONDS CLI WORKDIR BLACK WHITE
"""

import json
import signal
import subprocess
import sys
from pathlib import Path


def main() -> int:
    seconds, cli = float(sys.argv[1]), sys.argv[2]
    work, brains = Path(sys.argv[3]).resolve(), sys.argv[4:6]
    work.mkdir(parents=True, exist_ok=True)
    files = []
    for colour, brain in zip(("black", "white"), brains):
        path = work / f"{colour}.yaml"
        # JSON is YAML: the brain's path quoted as JSON needs no YAML escaping of its own.
        path.write_text(f"protocol:\n  stdio:\n    binary: {json.dumps(brain)}\n    args: []\n")
        files.append(path)
    manager = subprocess.Popen(
        [cli, "--black-file", str(files[0]), "--white-file", str(files[1]),
         "--turn-duration", "5", "--match-duration", "60"],
    )
    try:
        return manager.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        manager.send_signal(signal.SIGINT)
        try:
            manager.wait(timeout=10)
        except subprocess.TimeoutExpired:
            manager.kill()
            manager.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
