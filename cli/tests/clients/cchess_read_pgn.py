"""Reads each game of a xiangqi PGN file with PyPI cchess's own PGN reader and prints what it
read as JSON: the tags, the start position, and the main line as ICCS moves and as the Chinese
text cchess writes for them.

cchess reads one game a file (cchess.Game.read_from on a `.pgn`), so the games are split at
each tag section first, each written to a file of its own. Usage: cchess_read_pgn.py FILE.pgn
"""

import json
import os
import sys
import tempfile

import cchess


def games(text):
    """The games of a PGN text: a game starts at a tag line that follows movetext."""
    found, current, in_moves = [], [], False
    for line in text.splitlines():
        if line.startswith("[") and in_moves:
            found.append("\n".join(current) + "\n")
            current, in_moves = [], False
        if line.strip() and not line.startswith("["):
            in_moves = True
        current.append(line)
    if any(line.strip() for line in current):
        found.append("\n".join(current) + "\n")
    return found


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    read = []
    with tempfile.TemporaryDirectory() as tmp:
        for number, game_text in enumerate(games(text), 1):
            path = os.path.join(tmp, f"game-{number}.pgn")
            with open(path, "w", encoding="utf-8") as f:
                f.write(game_text)
            game = cchess.Game.read_from(path)
            lines = game.dump_iccs_moves()
            texts = game.dump_text_moves()
            read.append({
                "info": {k: v for k, v in game.info.items() if isinstance(v, str)},
                "start": game.init_board.to_fen(),
                "moves": lines[0] if lines else [],
                "texts": texts[0] if texts else [],
            })
    print(json.dumps(read, ensure_ascii=False))


if __name__ == "__main__":
    main()
