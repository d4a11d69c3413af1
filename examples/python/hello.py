#!/usr/bin/env python3
"""Play one random game of Dots and Boxes through the mindgames package.

    pip install --no-build-isolation ./python     # once
    python3 examples/python/hello.py

Prints every move in notation, the final position and the result.
"""
import random

import mindgames as mg

rng = random.Random()
with mg.Game("dots_and_boxes(rows=3,cols=3)") as game:
    state = game.new_state()
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        print(state.action_to_string(action), end=" ")
        state.apply(action)
    print("\n" + state.render())
    a, b = state.scores
    print("result:", {0: "A wins", 1: "B wins", mg.DRAW: "draw"}[state.winner],
          "%d-%d" % (a, b))
