# What a Gomocup manager must send its brain: every manager-side row the built-in GUI checks
# judge. Run the manager against a brain behind
# `arbiter spy --protocol gomocup --profile gomocup-manager -- pbrain-arbiter`.
profile: gomocup-manager
protocol: gomocup
side: gui
title: a Gomocup manager: what it sends its brain
spec: gomocup.zh.txt, the manager's duties throughout
required: gomocup-r07 gomocup-r12 gomocup-r36 gomocup-r41 gomocup-r49 gomocup-r50 gomocup-r51 gomocup-r52
required: gomocup-r53 gomocup-r56 gomocup-r58 gomocup-r65 gomocup-r66 gomocup-r68 gomocup-r69 gomocup-r70 gomocup-r74 gomocup-r76
required: gomocup-r77 gomocup-r79 gomocup-r80 gomocup-r96 gomocup-r105 gomocup-r106 gomocup-r111 gomocup-r112 gomocup-r114 gomocup-r118 gomocup-r137
