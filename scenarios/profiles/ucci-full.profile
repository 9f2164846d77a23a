# All of UCCI: every engine-side `must` of the texts is required, every `should` recommended.
profile: ucci-full
protocol: ucci
title: UCCI, all of it
spec: ucci-overview.zh.txt and ucci-commands-ponder-example.zh.txt
required: all-must
recommended: all-should
scenarios: ucci/handshake ucci/search ucci/stop ucci/ponder ucci/banmoves ucci/depth-zero ucci/time ucci/draw ucci/usemillisec ucci/quit
