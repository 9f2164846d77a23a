# The computer-xiangqi league's entry rules: what an engine must handle and answer, and what
# the league recommends, graded separately (ucci-overview.zh.txt, the league section).
profile: ucci-league
protocol: ucci
title: computer-xiangqi league: entry minimum, and its recommendations graded separately
spec: ucci-overview.zh.txt, 「参赛引擎必须能够识别并正确处理」 and 「建议」
required: ucci-r130 ucci-r131 ucci-r132 ucci-r133 ucci-r134 ucci-r135 ucci-r136
recommended: ucci-r137 ucci-r138 ucci-r139
scenarios: ucci/handshake ucci/one-write ucci/search ucci/banmoves ucci/time ucci/draw ucci/quit ucci/usemillisec ucci/stop
