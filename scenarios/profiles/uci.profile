# UCI: every engine-side `must` of the text is required, every `should` recommended.
profile: uci
protocol: uci
title: UCI, all of it
spec: uci.ru.txt
required: all-must
recommended: all-should
scenarios: uci/handshake uci/search uci/infinite uci/ponder
