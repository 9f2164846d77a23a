# What a UCI GUI must send its engine, and what the text recommends, graded separately: every
# GUI-side row the built-in GUI checks judge. Run the GUI against `arbiter stand-in --protocol uci
# --profile uci-gui` (or against a real engine behind `arbiter spy --profile uci-gui`).
profile: uci-gui
protocol: uci
side: gui
title: a UCI GUI: what it sends its engine
spec: uci.ru.txt, the GUI's duties throughout
required: uci-r01 uci-r06 uci-r09 uci-r13 uci-r17 uci-r18 uci-r19 uci-r20 uci-r25 uci-r33 uci-r37 uci-r39 uci-r40 uci-r41 uci-r44 uci-r49 uci-r53 uci-r54 uci-r56 uci-r57
required: uci-r62 uci-r63 uci-r64 uci-r65 uci-r77 uci-r100 uci-r169 uci-r171 uci-r175 uci-r178 uci-r179 uci-r180 uci-r181 uci-r182 uci-r183 uci-r185 uci-r186 uci-r187 uci-r196 uci-r198
recommended: uci-r15 uci-r22 uci-r45 uci-r48 uci-r51 uci-r67 uci-r94 uci-r188
