// The league page's script: replays the game shown on a board drawn as inline SVG (xiangqi,
// chess, gomoku and renju), lists its moves with their times, search reports and protocol
// findings, and keeps the game and move shown in the address (#game=12&ply=34), so links,
// the arrow keys and the page's own reloads (while the match is played) all land there.
// The games come from the JSON in #league-data; only the game shown is drawn, so a page of
// a thousand games loads as fast as one of ten.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("league-data").textContent);
  var games = data.games;
  var indexOf = {};
  games.forEach(function (g, i) { indexOf[g.number] = i; });

  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" }[c];
    });
  }

  // ---- The games' rules, as far as replaying legal moves needs them. ----

  // Xiangqi: points a0..i9 (ICCS: files a-i from red's left, ranks 0-9 from red's side);
  // a position is a map from point to FEN letter (upper case red). A move only moves a piece:
  // the moves are the referee's, already legal.
  var XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  var CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  var FILES = "abcdefghi";

  // The board part of a FEN as a map from square to letter, ranks counted from the last
  // row (rank 0 in xiangqi, 1 in chess); the FEN's side to move as 0 (first colour) or 1.
  function readFen(fen, files, ranks, firstRank) {
    var fields = fen.trim().split(/\s+/);
    var board = {};
    fields[0].split("/").forEach(function (row, i) {
      var rank = firstRank + ranks - 1 - i;
      var file = 0;
      for (var k = 0; k < row.length; k++) {
        var c = row[k];
        if (c >= "0" && c <= "9") {
          // Two-digit gaps do not occur on boards this narrow.
          file += Number(c);
        } else {
          // Some xiangqi FENs name the horse H and the elephant E.
          var letter = { H: "N", h: "n", E: "B", e: "b" }[c] || c;
          board[FILES[file] + rank] = letter;
          file += 1;
        }
      }
    });
    var toMove = fields[1] === "b" ? 1 : 0;
    return { board: board, toMove: toMove };
  }

  function moveXiangqi(board, move) {
    var from = move.slice(0, 2).toLowerCase();
    var to = move.slice(2, 4).toLowerCase();
    var next = Object.assign({}, board);
    next[to] = next[from];
    delete next[from];
    return { board: next, from: from, to: to };
  }

  // Chess: UCI moves (castling as the king's two-square move, a promotion's piece last); the
  // rook goes with a castling king and a pawn taking diagonally onto an empty square takes
  // en passant.
  function moveChess(board, move) {
    var from = move.slice(0, 2);
    var to = move.slice(2, 4);
    var next = Object.assign({}, board);
    var piece = next[from];
    if (!piece) { return { board: next, from: from, to: to }; }
    var white = piece === piece.toUpperCase();
    var kind = piece.toUpperCase();
    var df = FILES.indexOf(to[0]) - FILES.indexOf(from[0]);
    if (kind === "K" && Math.abs(df) === 2) {
      var rank = from[1];
      var rookFrom = (df > 0 ? "h" : "a") + rank;
      var rookTo = (df > 0 ? "f" : "d") + rank;
      next[rookTo] = next[rookFrom];
      delete next[rookFrom];
    }
    if (kind === "P" && df !== 0 && !next[to]) {
      delete next[to[0] + from[1]];
    }
    if (move.length > 4) {
      var promoted = move[4];
      piece = white ? promoted.toUpperCase() : promoted.toLowerCase();
    }
    delete next[from];
    next[to] = piece;
    return { board: next, from: from, to: to };
  }

  // Every position of a game, from the one the engines took over (ply 0) to the last; each
  // with the move that led to it. Gomoku positions are the stones in the order played.
  function positions(game) {
    var list = [];
    if (data.board === "gomoku") {
      var stones = game.opening.concat(game.moves).map(function (point, i) {
        var xy = point.split(",").map(Number);
        return { x: xy[0], y: xy[1], stone: i % 2 === 0 ? "black" : "white", n: i + 1 };
      });
      for (var k = 0; k <= game.moves.length; k++) {
        list.push({ stones: stones.slice(0, game.opening.length + k) });
      }
      return { list: list, toMove: game.opening.length % 2 };
    }
    var chess = data.board === "chess";
    var start = chess
      ? readFen(game.fen || CHESS_START, 8, 8, 1)
      : readFen(game.fen || XIANGQI_START, 9, 10, 0);
    var play = chess ? moveChess : moveXiangqi;
    var board = start.board;
    game.opening.forEach(function (move) { board = play(board, move).board; });
    list.push({ board: board });
    game.moves.forEach(function (move) {
      var played = play(board, move);
      board = played.board;
      list.push({ board: board, from: played.from, to: played.to });
    });
    return { list: list, toMove: (start.toMove + game.opening.length) % 2 };
  }

  // ---- Drawing. ----

  var XIANGQI_GLYPHS = {
    K: "帥", A: "仕", B: "相", N: "傌", R: "俥", C: "炮", P: "兵",
    k: "將", a: "士", b: "象", n: "馬", r: "車", c: "砲", p: "卒"
  };

  function svgOpen(width, height, game, ply) {
    return "<svg class=\"board\" id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
      width + " " + height + "\" width=\"" + width + "\" height=\"" + height +
      "\" data-game=\"" + game.number + "\" data-ply=\"" + ply + "\" role=\"img\">";
  }

  function drawXiangqi(game, ply, position) {
    var cell = 44, margin = 36;
    var width = 2 * margin + 8 * cell, height = 2 * margin + 9 * cell;
    var x = function (file) { return margin + file * cell; };
    var y = function (rank) { return margin + (9 - rank) * cell; };
    var at = function (square) { return [x(FILES.indexOf(square[0])), y(Number(square.slice(1)))]; };
    var out = [svgOpen(width, height, game, ply)];
    out.push("<rect class=\"wood\" x=\"0\" y=\"0\" width=\"" + width + "\" height=\"" + height + "\"></rect>");
    out.push("<rect class=\"frame\" x=\"" + (margin - 6) + "\" y=\"" + (margin - 6) + "\" width=\"" +
      (8 * cell + 12) + "\" height=\"" + (9 * cell + 12) + "\"></rect>");
    var lines = [];
    for (var r = 0; r <= 9; r++) { lines.push([0, r, 8, r]); }
    // The edge files cross the river; the others stop at it.
    lines.push([0, 0, 0, 9], [8, 0, 8, 9]);
    for (var f = 1; f <= 7; f++) { lines.push([f, 0, f, 4], [f, 5, f, 9]); }
    // The palaces' diagonals.
    lines.push([3, 0, 5, 2], [5, 0, 3, 2], [3, 7, 5, 9], [5, 7, 3, 9]);
    lines.forEach(function (l) {
      out.push("<line class=\"line\" x1=\"" + x(l[0]) + "\" y1=\"" + y(l[1]) + "\" x2=\"" + x(l[2]) +
        "\" y2=\"" + y(l[3]) + "\"></line>");
    });
    var riverY = (y(4) + y(5)) / 2;
    out.push("<text class=\"river\" x=\"" + x(2) + "\" y=\"" + (riverY + 7) + "\" text-anchor=\"middle\">楚 河</text>");
    out.push("<text class=\"river\" x=\"" + x(6) + "\" y=\"" + (riverY + 7) + "\" text-anchor=\"middle\">漢 界</text>");
    for (var file = 0; file < 9; file++) {
      out.push("<text class=\"coord\" x=\"" + x(file) + "\" y=\"" + (height - 8) + "\" text-anchor=\"middle\">" + FILES[file] + "</text>");
    }
    for (var rank = 0; rank <= 9; rank++) {
      out.push("<text class=\"coord\" x=\"10\" y=\"" + (y(rank) + 4) + "\" text-anchor=\"middle\">" + rank + "</text>");
    }
    if (position.from) {
      var p = at(position.from);
      out.push("<circle class=\"from-ring\" cx=\"" + p[0] + "\" cy=\"" + p[1] + "\" r=\"19\"></circle>");
    }
    Object.keys(position.board).sort().forEach(function (square) {
      var letter = position.board[square];
      var red = letter === letter.toUpperCase();
      var q = at(square);
      out.push("<g class=\"piece " + (red ? "red" : "black") + "\" data-square=\"" + esc(square) +
        "\" data-piece=\"" + esc(letter) + "\"><circle cx=\"" + q[0] + "\" cy=\"" + q[1] +
        "\" r=\"19\"></circle><text x=\"" + q[0] + "\" y=\"" + q[1] + "\">" +
        esc(XIANGQI_GLYPHS[letter] || letter) + "</text></g>");
    });
    if (position.to) {
      var t = at(position.to);
      out.push("<circle class=\"to-ring\" cx=\"" + t[0] + "\" cy=\"" + t[1] + "\" r=\"22\"></circle>");
    }
    out.push("</svg>");
    return out.join("");
  }

  // The solid glyphs for both colours (filled white or black), each followed by the text
  // variation selector, so no system draws them as emoji.
  var CHESS_GLYPHS = { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟" };

  function drawChess(game, ply, position) {
    var cell = 56, margin = 22;
    var size = 2 * margin + 8 * cell;
    var at = function (square) {
      return [margin + FILES.indexOf(square[0]) * cell, margin + (8 - Number(square[1])) * cell];
    };
    var out = [svgOpen(size, size, game, ply)];
    out.push("<rect class=\"wood\" x=\"0\" y=\"0\" width=\"" + size + "\" height=\"" + size + "\"></rect>");
    for (var f = 0; f < 8; f++) {
      for (var r = 1; r <= 8; r++) {
        var p = at(FILES[f] + r);
        out.push("<rect class=\"" + ((f + r) % 2 === 0 ? "dark" : "light") + "\" x=\"" + p[0] + "\" y=\"" +
          p[1] + "\" width=\"" + cell + "\" height=\"" + cell + "\"></rect>");
      }
      out.push("<text class=\"coord\" x=\"" + (margin + f * cell + cell / 2) + "\" y=\"" + (size - 6) +
        "\" text-anchor=\"middle\">" + FILES[f] + "</text>");
    }
    for (var rank = 1; rank <= 8; rank++) {
      out.push("<text class=\"coord\" x=\"" + margin / 2 + "\" y=\"" + (margin + (8 - rank) * cell + cell / 2 + 4) +
        "\" text-anchor=\"middle\">" + rank + "</text>");
    }
    [["from", position.from], ["to", position.to]].forEach(function (mark) {
      if (!mark[1]) { return; }
      var q = at(mark[1]);
      out.push("<rect class=\"" + mark[0] + "\" x=\"" + q[0] + "\" y=\"" + q[1] + "\" width=\"" + cell +
        "\" height=\"" + cell + "\"></rect>");
    });
    Object.keys(position.board).sort().forEach(function (square) {
      var letter = position.board[square];
      var white = letter === letter.toUpperCase();
      var q = at(square);
      out.push("<g class=\"piece\" data-square=\"" + esc(square) + "\" data-piece=\"" + esc(letter) +
        "\"><text class=\"glyph " + (white ? "white" : "black") + "\" x=\"" + (q[0] + cell / 2) + "\" y=\"" +
        (q[1] + cell / 2 + 2) + "\">" + esc((CHESS_GLYPHS[letter.toUpperCase()] || letter) + "\uFE0E") + "</text></g>");
    });
    out.push("</svg>");
    return out.join("");
  }

  // Gomoku and renju: Gomocup points x,y, x from the left and y from the top, both from 0;
  // each stone numbered in the order played, the opening's stones first.
  function drawGomoku(game, ply, position) {
    var n = data.size || 15;
    var cell = n <= 15 ? 30 : Math.floor(440 / (n - 1));
    var margin = 26;
    var size = 2 * margin + (n - 1) * cell;
    var px = function (i) { return margin + i * cell; };
    var out = [svgOpen(size, size, game, ply)];
    out.push("<rect class=\"wood\" x=\"0\" y=\"0\" width=\"" + size + "\" height=\"" + size + "\"></rect>");
    for (var i = 0; i < n; i++) {
      out.push("<line class=\"line\" x1=\"" + px(0) + "\" y1=\"" + px(i) + "\" x2=\"" + px(n - 1) + "\" y2=\"" + px(i) + "\"></line>");
      out.push("<line class=\"line\" x1=\"" + px(i) + "\" y1=\"" + px(0) + "\" x2=\"" + px(i) + "\" y2=\"" + px(n - 1) + "\"></line>");
      out.push("<text class=\"coord\" x=\"" + px(i) + "\" y=\"" + (margin - 12) + "\" text-anchor=\"middle\">" + i + "</text>");
      out.push("<text class=\"coord\" x=\"" + (margin - 14) + "\" y=\"" + (px(i) + 4) + "\" text-anchor=\"middle\">" + i + "</text>");
    }
    // The star points: the centre and, on boards wide enough, four more three in from the corners.
    var stars = [[(n - 1) / 2, (n - 1) / 2]];
    if (n >= 13) { stars.push([3, 3], [n - 4, 3], [3, n - 4], [n - 4, n - 4]); }
    stars.forEach(function (s) {
      if (s[0] % 1 === 0) {
        out.push("<circle class=\"star\" cx=\"" + px(s[0]) + "\" cy=\"" + px(s[1]) + "\" r=\"3\"></circle>");
      }
    });
    var last = position.stones[position.stones.length - 1];
    position.stones.forEach(function (s) {
      out.push("<circle class=\"stone " + s.stone + "\" data-point=\"" + s.x + "," + s.y + "\" data-stone=\"" +
        s.stone + "\" cx=\"" + px(s.x) + "\" cy=\"" + px(s.y) + "\" r=\"" + (cell * 0.45) + "\"></circle>");
      out.push("<text class=\"stone-n on-" + s.stone + "\" x=\"" + px(s.x) + "\" y=\"" + px(s.y) + "\">" +
        s.n + "</text>");
    });
    if (last && ply > 0) {
      out.push("<circle class=\"last-stone\" cx=\"" + (px(last.x) + cell * 0.3) + "\" cy=\"" +
        (px(last.y) - cell * 0.3) + "\" r=\"3.5\"></circle>");
    }
    out.push("</svg>");
    return out.join("");
  }

  function draw(game, ply, position) {
    if (data.board === "gomoku") { return drawGomoku(game, ply, position); }
    if (data.board === "chess") { return drawChess(game, ply, position); }
    return drawXiangqi(game, ply, position);
  }

  // ---- The move list and the findings at each move. ----

  function duration(ms) {
    return ms < 1000 ? ms + " ms" : (ms / 1000).toFixed(ms < 10000 ? 2 : 1) + " s";
  }

  function marks(findings) {
    var fails = findings.filter(function (f) { return f.grade === "fail"; }).length;
    var warns = findings.length - fails;
    var title = esc(findings.map(function (f) { return f.engine + ": " + f.check + ": " + f.message; }).join("\n"));
    return (fails ? "<span class=\"mark fail\" title=\"" + title + "\">" + fails + " fail</span>" : "") +
      (warns ? "<span class=\"mark warn\" title=\"" + title + "\">" + warns + " warn</span>" : "");
  }

  // The findings shown at `ply`: those of the move that led to it; at the last position also
  // those after each engine's last move (the game's ending).
  function findingsAt(game, ply) {
    var last = game.moves.length;
    return game.findings.filter(function (f) {
      return f.ply === ply || (ply === last && f.ply !== null && f.ply > last);
    });
  }

  var shown = { game: null, ply: 0, positions: null, toMove: 0 };

  function moverColour(ply) {
    return data.colours[(shown.toMove + ply - 1) % 2];
  }

  function moveList(game) {
    var rows = [];
    var startFindings = findingsAt(game, 0).filter(function (f) { return f.ply === 0; });
    rows.push("<tr data-ply=\"0\" class=\"edge\"><td class=\"n\">0</td><td colspan=\"5\">start" +
      (game.opening.length ? " (after the opening " + esc(game.opening.join(" ")) + ")" : "") +
      (game.fen ? " from " + esc(game.fen) : "") + "</td><td>" + marks(startFindings) + "</td></tr>");
    game.moves.forEach(function (move, i) {
      var ply = i + 1;
      var info = game.info[i];
      var here = game.findings.filter(function (f) { return f.ply === ply; });
      rows.push("<tr data-ply=\"" + ply + "\"><td class=\"n\">" + ply + "</td><td class=\"mv\"><span class=\"dot " +
        moverColour(ply) + "\"></span>" + esc(move) + "</td><td class=\"t\">" +
        (game.times[i] !== undefined ? duration(game.times[i]) : "") + "</td><td class=\"depth\">" +
        (info && info[0] !== null ? "d" + info[0] : "") + "</td><td class=\"score\">" + (info ? esc(info[1]) : "") +
        "</td><td class=\"pv\" title=\"" + (info ? esc(info[2]) : "") + "\">" + (info ? esc(info[2]) : "") +
        "</td><td>" + marks(here) + "</td></tr>");
    });
    var end = game.findings.filter(function (f) { return f.ply !== null && f.ply > game.moves.length; });
    rows.push("<tr data-ply=\"" + game.moves.length + "\" class=\"edge end\"><td class=\"n\">end</td><td colspan=\"5\">" +
      esc(game.result) + " " + esc(game.termination) +
      (game.fault ? " <span class=\"fault\">(" + esc(game.fault) + " at fault)</span>" : "") + "</td><td>" +
      marks(end) + "</td></tr>");
    return rows.join("");
  }

  function findingPanel(game, ply) {
    var here = findingsAt(game, ply);
    var nowhere = game.findings.filter(function (f) { return f.ply === null; });
    var block = function (f) {
      return "<div class=\"finding " + f.grade + "\"><p><span class=\"badge " + f.grade + "\">" + f.grade +
        "</span> " + esc(f.engine) + ": <code>" + esc(f.check) + "</code>" +
        (f.requirements ? " <span class=\"muted\">(" + esc(f.requirements) + ")</span>" : "") + "</p><p>" +
        esc(f.message) + "</p>" + (f.excerpt.length ? "<pre>" + esc(f.excerpt.join("\n")) + "</pre>" : "") + "</div>";
    };
    var out = "";
    if (here.length) { out += "<h3>Findings at this move</h3>" + here.map(block).join(""); }
    if (nowhere.length) { out += "<h3>Findings at no move</h3>" + nowhere.map(block).join(""); }
    return out;
  }

  // ---- Showing a game and a move, and the address that keeps them. ----

  function colourOf(index) { return data.colours[index]; }

  function selectGame(number) {
    var game = games[indexOf[number]];
    if (!game) { return false; }
    var replayed;
    try {
      replayed = positions(game);
    } catch (e) {
      // A game whose start does not read (an opening the referee refused) shows no board.
      replayed = { list: [], toMove: 0 };
    }
    shown = { game: game, ply: 0, positions: replayed.list, toMove: replayed.toMove };
    document.getElementById("game-title").textContent = "Game " + game.number + ": " + game.first + " vs " + game.second;
    document.getElementById("game-sub").innerHTML = "<span class=\"dot " + colourOf(0) + "\"></span>" + esc(game.first) +
      " (" + colourOf(0) + ") – <span class=\"dot " + colourOf(1) + "\"></span>" + esc(game.second) + " (" + colourOf(1) +
      ") · " + esc(game.result) + " · " + esc(game.termination) +
      (game.fault ? " · <span class=\"fault\">" + esc(game.fault) + " at fault</span>" : "");
    document.getElementById("moves").innerHTML = moveList(game);
    document.querySelectorAll("#game-list tr.current").forEach(function (row) { row.classList.remove("current"); });
    var row = document.getElementById("g" + game.number);
    if (row) { row.classList.add("current"); }
    return true;
  }

  function showPly(ply) {
    var game = shown.game;
    if (!game) { return; }
    var last = game.moves.length;
    ply = Math.max(0, Math.min(last, ply));
    shown.ply = ply;
    var position = shown.positions[ply];
    document.getElementById("board-box").innerHTML = position ? draw(game, ply, position) : "";
    document.getElementById("ply-label").textContent = ply === 0 ? "start" : "move " + ply + " of " + last;
    document.querySelectorAll("#moves tr").forEach(function (row) {
      var at = Number(row.getAttribute("data-ply"));
      // The ending's row shows the last position too, but the last move's row is the one lit.
      row.classList.toggle("current", at === ply && !row.classList.contains("end"));
    });
    var box = document.querySelector(".moves-box");
    var current = document.querySelector("#moves tr.current");
    if (box && current) {
      var top = current.offsetTop, bottom = top + current.offsetHeight;
      if (top < box.scrollTop) { box.scrollTop = top; }
      if (bottom > box.scrollTop + box.clientHeight) { box.scrollTop = bottom - box.clientHeight; }
    }
    document.getElementById("move-findings").innerHTML = findingPanel(game, ply);
    var address = "#game=" + game.number + "&ply=" + ply;
    if (window.location.hash !== address) {
      try {
        window.history.replaceState(null, "", address);
      } catch (e) {
        window.location.replace(address);
      }
    }
  }

  function fromAddress() {
    var wanted = {};
    window.location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var kv = part.split("=");
      if (kv.length === 2) { wanted[kv[0]] = Number(kv[1]); }
    });
    var number = wanted.game !== undefined && indexOf[wanted.game] !== undefined
      ? wanted.game
      : (games.length ? games[games.length - 1].number : null);
    if (number === null) { return; }
    if (!shown.game || shown.game.number !== number) { selectGame(number); }
    showPly(wanted.ply !== undefined && !isNaN(wanted.ply) ? wanted.ply : shown.game.moves.length);
  }

  document.getElementById("moves").addEventListener("click", function (event) {
    var row = event.target.closest("tr[data-ply]");
    if (row) { showPly(Number(row.getAttribute("data-ply"))); }
  });
  document.querySelectorAll(".nav button").forEach(function (button) {
    button.addEventListener("click", function () {
      var step = button.getAttribute("data-step");
      var last = shown.game ? shown.game.moves.length : 0;
      showPly({ start: 0, back: shown.ply - 1, forward: shown.ply + 1, end: last }[step]);
    });
  });
  document.addEventListener("keydown", function (event) {
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || !shown.game || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    var last = shown.game.moves.length;
    var to = { ArrowLeft: shown.ply - 1, ArrowRight: shown.ply + 1, Home: 0, End: last }[event.key];
    if (to === undefined) { return; }
    event.preventDefault();
    showPly(to);
  });
  window.addEventListener("hashchange", fromAddress);

  // The list of games: filtered by an engine's name, or to games with a fault or a finding.
  var filter = document.getElementById("game-filter");
  var noted = document.getElementById("only-findings");
  function filterGames() {
    var name = filter.value.trim().toLowerCase();
    var onlyNoted = noted.checked;
    document.querySelectorAll("#game-list tbody tr").forEach(function (row) {
      var engines = row.getAttribute("data-engines").toLowerCase();
      row.hidden = (name !== "" && engines.indexOf(name) < 0) || (onlyNoted && !row.classList.contains("noted"));
    });
  }
  filter.addEventListener("input", filterGames);
  noted.addEventListener("change", filterGames);

  fromAddress();
  // How long the page took to be usable, from the start of its loading to the game drawn
  // (laid out: showing a move measures the move list), and to its load event: what
  // benches/league_page.rs reads, and anyone can in the inspector.
  var root = document.documentElement;
  root.setAttribute("data-drawn-ms", Math.round(window.performance.now()));
  window.addEventListener("load", function () {
    root.setAttribute("data-loaded-ms", Math.round(window.performance.now()));
  });

  // While the match is played the file is rewritten every few seconds: reload it, keeping
  // the game and move shown (they are in the address).
  if (data.reload_ms) {
    window.setTimeout(function () { window.location.reload(); }, data.reload_ms);
  }
})();
