# UCI spoken by a xiangqi engine (Fairy-Stockfish with `UCI_Variant xiangqi`, Pikafish): the UCI
# scenarios that are not about chess, and the chess ones rewritten with xiangqi positions and
# moves (ranks 1-10). Every engine-side `must` the scenarios exercise is required, every
# `should` recommended; rows only chess can show (castling, promotion, en passant, mate
# scores of set chess positions) are not applicable here.
profile: uci-xiangqi
protocol: uci
game: xiangqi
title: UCI with xiangqi positions and moves
spec: uci.ru.txt
required: all-must
recommended: all-should
scenarios: uci/xiangqi/handshake uci/xiangqi/worked-example uci/xiangqi/search uci/xiangqi/depth-nodes uci/xiangqi/movetime uci/clock uci/xiangqi/searchmoves uci/infinite uci/xiangqi/long-search uci/xiangqi/info-grammar uci/xiangqi/multipv uci/xiangqi/ponder uci/xiangqi/ponder-stop uci/options uci/xiangqi/quit
