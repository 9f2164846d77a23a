# Gomocup: the tournament's mandatory commands are required (§3 强制指令); the optional ones,
# and what the text only recommends, are graded separately.
profile: gomocup
protocol: gomocup
title: Gomocup: mandatory commands required, optional ones recommended
spec: gomocup.zh.txt, §3 (mandatory) and §4 (optional)
required: gomocup-r18 gomocup-r35 gomocup-r37 gomocup-r40 gomocup-r42 gomocup-r44 gomocup-r57 gomocup-r92 gomocup-r98
recommended: gomocup-r19 gomocup-r38 gomocup-r93 gomocup-r95
scenarios: gomocup/game gomocup/board gomocup/board-order gomocup/unknown gomocup/about gomocup/info gomocup/info-memory gomocup/no-info gomocup/timeout gomocup/time-left gomocup/timeout-zero gomocup/start-sizes gomocup/start-unsupported gomocup/crlf gomocup/renju-overline gomocup/renju-double-three gomocup/continuous gomocup/rectstart gomocup/restart gomocup/takeback gomocup/end-thinking gomocup/long-line
