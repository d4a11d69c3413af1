"""Training value networks for the library's learned evaluation (an
optional extra: NumPy and PyTorch, imported only when used; the library
and the rest of the package never need them).

``python3 -m mindgames.train run --game SPEC --out FILE.mgnn`` does it
all (``make train GAME=SPEC``); the steps are also commands:

- ``data``: self-play with :class:`~mindgames.VectorGame` (random
  openings, then a bot), each position labelled with its result for the
  player to move: exact from the solver where it proves the position
  within a node budget, else the result of the game as the bot went on
  until the solver proved it (:mod:`mindgames.train.data`); the inputs
  come from the library (``mg_eval_inputs``), never recomputed in Python;
- ``fit``: train inputs -> 256 -> 32 -> 1 (``--hidden``), clipped ReLU,
  tanh output, squared error, backwards from the end (the latest
  positions first, as BoxesZero does: Entropy 27(3):285, 2025), and
  export the MGNN file (:mod:`mindgames.train.net`,
  :mod:`mindgames.train.mgnn`: the format, pure Python);
- ``measure``: the value's accuracy on held-out solver-labelled
  positions and the network alone, one ply deep, against ``random`` and
  ``greedy`` (:mod:`mindgames.train.play`);
- ``run``: all of them, with rounds of expert iteration (a search given
  the new network by ``mg_bot_set_eval`` plays and labels new positions,
  and the network trains on from its weights).
"""
from __future__ import annotations

__all__ = ["data", "mgnn", "net", "play"]
