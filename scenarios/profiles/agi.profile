# AGI: every engine-side `must` of the text is required, every `should` recommended.
profile: agi
protocol: agi
title: AGI, all of it
spec: agi-gomoku.zh.txt
required: all-must
recommended: all-should
scenarios: agi/exchange agi/lower-case
