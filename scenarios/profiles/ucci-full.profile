# All of UCCI: every engine-side `must` of the texts is required, every `should` recommended.
profile: ucci-full
protocol: ucci
title: UCCI, all of it
spec: ucci-overview.zh.txt and ucci-commands-ponder-example.zh.txt
required: all-must
recommended: all-should
scenarios: ucci/handshake ucci/option-defaults ucci/usemillisec ucci/search ucci/positions ucci/startpos ucci/coordinates ucci/depth ucci/nodes ucci/depth-zero ucci/dead-position ucci/info ucci/stop ucci/ponder ucci/ponder-miss ucci/ponderhit-draw ucci/banmoves ucci/time ucci/draw ucci/probe ucci/unknown-command ucci/one-write ucci/cut-write ucci/quit
