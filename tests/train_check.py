"""make check-train: the trainer (python/mindgames/train) end to end, in
seconds.

- the MGNN bytes the exporter writes parse back (pure Python), and the
  pure-Python reader refuses damaged files;
- the library's loader (mg_eval_new) takes the exporter's file, refuses
  damaged ones with its message naming the defect, and evaluates as the
  float64 reference of the format;
- a tiny training run (self-play and solver labels on Dots and Boxes
  3x3, a few training steps, export) whose file the library loads and
  evaluates as PyTorch does, to 1e-5, on every position of the run.

Run as `PYTHONPATH=python MINDGAMES_LIB=build/libmindgames.so.1 python3
tests/train_check.py`.  Without PyTorch the training test is skipped,
saying so -- unless CI is set (CI=true): then it fails.
"""
from __future__ import annotations

import os
import sys
import unittest

from mindgames import _ffi
from mindgames.eval import Eval, eval_inputs
from mindgames.train import mgnn
from test_python_eval import Format, Library, positions  # noqa: F401

CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
SPEC = "dots_and_boxes(rows=3,cols=3)"
TOL = 1e-5

try:
    import torch
    TORCH = None if torch.__version__ else None
except ImportError as e:
    TORCH = "PyTorch is not installed (%s): Debian's python3-torch" % e


def need_torch(case: unittest.TestCase) -> None:
    if TORCH is None:
        return
    if CI:
        case.fail("CI is set and " + TORCH + " must be installed")
    case.skipTest(TORCH)


class Training(unittest.TestCase):
    """A tiny training run end to end."""

    def test_tiny_run(self):
        need_torch(self)
        import numpy as np
        from mindgames.train import data as D
        from mindgames.train import net as N
        d = D.make_dataset(SPEC, 24, seed=3, bot="mcts(iterations=50)",
                           random_plies=6, solver_nodes=100000, inputs=2,
                           envs=24)
        self.assertGreater(len(d["y"]), 200)
        self.assertTrue(d["exact"].all(), "3x3 solves everywhere")
        self.assertTrue(set(np.unique(d["y"])) <= {-1.0, 0.0, 1.0})
        model = N.build(d["x"].shape[1], (32, 8), seed=1)
        before = float(np.mean((N.predict(model, d["x"]) - d["y"]) ** 2))
        s = N.train(model, d["x"], d["y"], d["ply"], epochs=3, stages=2,
                    batch=64, lr=3e-3)
        self.assertGreater(s["steps"], 10)
        after = float(np.mean((N.predict(model, d["x"]) - d["y"]) ** 2))
        self.assertLess(after, before)
        blob = N.export(model, d["spec"], 2)
        self.assertEqual(mgnn.unpack(blob).sizes, [d["x"].shape[1], 32, 8, 1])
        if "mg_eval_new" in _ffi.MISSING:
            self.fail("the library has no mg_eval_new")
        ev = Eval(blob)
        game, states = positions(SPEC, 300, seed=11)
        xs = np.stack([np.asarray(eval_inputs(st, 2), np.float32)
                       for st in states])
        torch_v = N.predict(model, xs)
        c_v = np.array([ev.value(st) for st in states], np.float32)
        self.assertLessEqual(float(np.abs(torch_v - c_v).max()), TOL)
        # and back from the file: the same network
        m2, spec, kind = N.from_mgnn(blob)
        self.assertEqual((spec, kind), (d["spec"], 2))
        self.assertEqual(N.export(m2, spec, kind), blob)


if __name__ == "__main__":
    print("check-train: %s, library %s%s" % (
        sys.executable, _ffi.LIBRARY_PATH,
        "" if TORCH is None else ", " + TORCH), flush=True)
    unittest.main(verbosity=2)
