# What an AGI GUI must send its engine, and what the text recommends, graded separately: every
# GUI-side row the built-in GUI checks judge. Run the GUI against an engine behind
# `arbiter spy --protocol agi --profile agi-gui -- pbrain-arbiter`.
profile: agi-gui
protocol: agi
side: gui
title: an AGI GUI: what it sends its engine
spec: agi-gomoku.zh.txt, the GUI's duties throughout
required: agi-r02 agi-r04 agi-r07 agi-r10 agi-r14 agi-r17 agi-r20 agi-r21 agi-r29 agi-r40 agi-r47 agi-r56 agi-r61 agi-r64 agi-r67 agi-r80
recommended: agi-r39
