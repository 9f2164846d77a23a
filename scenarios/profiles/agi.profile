# AGI: every engine-side `must` of the text is required, every `should` recommended.
profile: agi
protocol: agi
title: AGI, all of it
spec: agi-gomoku.zh.txt
required: all-must
recommended: all-should
scenarios: agi/exchange agi/handshake agi/id-version agi/lower-case agi/thinking agi/quit-thinking agi/position agi/status agi/edges agi/domove agi/go-search agi/win-lose agi/ponder agi/one-write agi/cut-write
