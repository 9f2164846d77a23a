"""Drives an XBoard (CECP) adapter headless, for the survey: an adapter such as uci2wb or
PolyGlot is the GUI of the UCI or UCCI engine behind it, and this script is the XBoard GUI in
front of it. The engine plays both sides (`go`, then `force` and `go` again for the other
side), so no move notation is needed here; then it is asked to analyse and to stop, and to
quit.

    xboard_selfplay.py PLIES [--variant NAME] -- ADAPTER [ARGS...]

Exit status 0 when the adapter answered every request, 1 otherwise (said on stderr).
"""

import queue
import subprocess
import sys
import threading
import time


class Adapter:
    def __init__(self, command: list[str]):
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait_for(self, test, seconds: float) -> str | None:
        """The first line `test` accepts within `seconds`, or None."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            if test(line):
                return line
        return None


def main() -> int:
    plies = int(sys.argv[1])
    variant = sys.argv[sys.argv.index("--variant") + 1] if "--variant" in sys.argv else None
    command = sys.argv[sys.argv.index("--") + 1 :]
    adapter = Adapter(command)
    adapter.send("xboard")
    adapter.send("protover 2")
    # The adapter lists its features, ending with `done=1` once its engine has booted.
    if adapter.wait_for(lambda l: "done=1" in l, 30) is None:
        print("no `feature done=1` from the adapter", file=sys.stderr)
        return 1
    adapter.send("new")
    if variant:
        adapter.send(f"variant {variant}")
    adapter.send("easy")
    adapter.send("post")
    adapter.send("st 1")
    moves = []
    for _ in range(plies):
        adapter.send("go")
        line = adapter.wait_for(lambda l: l.startswith("move ") or " resign" in l or l.startswith(("1-0", "0-1", "1/2")), 30)
        if line is None:
            print("no move from the adapter", file=sys.stderr)
            return 1
        if not line.startswith("move "):
            break
        moves.append(line.split()[1])
        # The other side is the engine's too: `force` leaves it idle, `go` sets it playing
        # the side to move.
        adapter.send("force")
    # Analysis: the adapter sends its engine an infinite search, then a stop on `exit`.
    adapter.send("analyze")
    time.sleep(1.5)
    adapter.send("exit")
    adapter.send("ping 7")
    if adapter.wait_for(lambda l: l.strip() == "pong 7", 10) is None:
        print("no `pong 7` after the analysis", file=sys.stderr)
        return 1
    adapter.send("quit")
    try:
        adapter.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        adapter.process.kill()
    print(" ".join(moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
