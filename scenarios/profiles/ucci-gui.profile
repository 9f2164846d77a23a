# What a UCCI GUI must send its engine, and what the text recommends, graded separately: every
# GUI-side row the built-in GUI checks judge. Run the GUI against `arbiter stand-in --protocol ucci
# --profile ucci-gui` (or against a real engine behind `arbiter spy --profile ucci-gui`).
profile: ucci-gui
protocol: ucci
side: gui
title: a UCCI GUI: what it sends its engine
spec: ucci-overview.zh.txt and ucci-commands-ponder-example.zh.txt, the GUI's duties throughout
required: ucci-r03 ucci-r04 ucci-r05 ucci-r06 ucci-r07 ucci-r08 ucci-r14 ucci-r15 ucci-r16 ucci-r17 ucci-r20 ucci-r25 ucci-r47 ucci-r50 ucci-r56 ucci-r59
required: ucci-r61 ucci-r62 ucci-r68 ucci-r72 ucci-r74 ucci-r75 ucci-r77 ucci-r89 ucci-r93 ucci-r94 ucci-r95 ucci-r116 ucci-r120 ucci-r124 ucci-r129
recommended: ucci-r51
