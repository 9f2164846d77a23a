# UCI: every engine-side `must` of the text is required, every `should` recommended.
profile: uci
protocol: uci
title: UCI, all of it
spec: uci.ru.txt
required: all-must
recommended: all-should
scenarios: uci/handshake uci/worked-example uci/unknown-commands uci/search uci/positions uci/castling uci/promotion uci/depth-nodes uci/movetime uci/clock uci/mate uci/searchmoves uci/infinite uci/long-search uci/info-grammar uci/multipv uci/score-sign uci/ponder uci/ponder-stop uci/ponder-mate uci/null-move uci/options uci/one-write uci/cut-write uci/quit
