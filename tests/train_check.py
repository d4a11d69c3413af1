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
import random
import struct
import sys
import unittest
import zlib

import mindgames as mg
from mindgames import _ffi
from mindgames.eval import Eval, eval_inputs
from mindgames.train import mgnn

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


def random_net(n_in: int, hidden=(16, 8), seed: int = 1):
    rng = random.Random(seed)
    sizes = [n_in] + list(hidden) + [1]
    layers = []
    for a, b in zip(sizes, sizes[1:]):
        w = [rng.uniform(-0.5, 0.5) for _ in range(a * b)]
        layers.append((w, [rng.uniform(-0.2, 0.2) for _ in range(b)]))
    return layers


def positions(spec: str, n: int, seed: int = 7):
    """n distinct positions (not over) of random games."""
    rng = random.Random(seed)
    game = mg.Game(spec)
    out, seen = [], set()
    while len(out) < n:
        st = game.new_state()
        cut = rng.randrange(game.num_actions)
        for _ in range(cut):
            if st.is_terminal:
                break
            st.apply(rng.choice(st.legal_actions()))
        if not st.is_terminal and (st.hash, st.scores) not in seen:
            seen.add((st.hash, st.scores))
            out.append(st)
        else:
            st.close()
    return game, out


class Format(unittest.TestCase):
    """The exporter's bytes, read back in pure Python."""

    def setUp(self):
        self.layers = random_net(12)
        self.blob = mgnn.pack("dots_and_boxes(rows=2,cols=2)", 2,
                              self.layers)

    def test_parses_back(self):
        net = mgnn.unpack(self.blob)
        self.assertEqual(net.spec, "dots_and_boxes(rows=2,cols=2)")
        self.assertEqual((net.inputs, net.n_in, net.sizes), (2, 12,
                                                             [12, 16, 8, 1]))
        for (w, b), (w0, b0) in zip(net.layers, self.layers):
            self.assertEqual(w, [struct.unpack("<f", struct.pack("<f", v))[0]
                                 for v in w0])
            self.assertEqual(len(b), len(b0))
        # the header, byte for byte, as the contract lays it out
        self.assertEqual(self.blob[:4], b"MGNN")
        self.assertEqual(struct.unpack("<3I", self.blob[4:16]),
                         (1, 0, len("dots_and_boxes(rows=2,cols=2)")))
        self.assertEqual(len(self.blob) % 4, 0)
        self.assertEqual(struct.unpack("<I", self.blob[-4:])[0],
                         zlib.crc32(self.blob[:-4]))
        n_floats = 12 * 16 + 16 + 16 * 8 + 8 + 8 + 1
        self.assertEqual(len(self.blob), 16 + 32 + 12 + 12 + 4 * n_floats + 4)

    def test_damage_refused(self):
        b = self.blob
        for bad, what in [(b"XGNN" + b[4:], "magic"),
                          (b[:-1], "checksum"),
                          (b + b"\0\0\0\0", "checksum"),
                          (b[:100] + bytes([b[100] ^ 1]) + b[101:],
                           "checksum"),
                          (b[:4] + struct.pack("<I", 2) + b[8:], "version")]:
            with self.assertRaisesRegex(mgnn.MGNNError, what):
                mgnn.unpack(bad)
        with self.assertRaisesRegex(mgnn.MGNNError, "non-finite"):
            mgnn.pack("x", 1, [([float("nan")], [0.0])])
        with self.assertRaisesRegex(mgnn.MGNNError, "last layer"):
            mgnn.pack("x", 1, [([1.0, 2.0], [0.0, 0.0])])


class Library(unittest.TestCase):
    """The library's loader (mg_eval_new) and evaluator on exported files."""

    def setUp(self):
        if "mg_eval_new" in _ffi.MISSING:
            self.fail("the loaded library %s has no mg_eval_new"
                      % _ffi.LIBRARY_PATH)

    def test_inputs(self):
        game = mg.Game(SPEC)
        st = game.new_state()
        planes, sites = game.observation_shape
        obs = eval_inputs(st, 1)
        self.assertEqual(len(obs), planes * sites)
        self.assertGreaterEqual(len(eval_inputs(st, 2)), len(obs))
        with self.assertRaises(ValueError):
            eval_inputs(st, 3)

    def test_same_as_reference(self):
        game, states = positions(SPEC, 200)
        n_in = len(eval_inputs(states[0], 2))
        net = mgnn.unpack(mgnn.pack(game.spec, 2, random_net(n_in)))
        ev = Eval(mgnn.pack(game.spec, 2, net.layers))
        self.assertEqual(ev.spec, game.spec)
        worst = max(abs(ev.value(s) - net.forward(eval_inputs(s, 2)))
                    for s in states)
        self.assertLessEqual(worst, TOL)

    def test_damaged_refused(self):
        game = mg.Game(SPEC)
        n_in = len(eval_inputs(game.new_state(), 2))
        good = mgnn.pack(game.spec, 2, random_net(n_in))
        Eval(good).close()
        flip = good[:200] + bytes([good[200] ^ 0x40]) + good[201:]
        wrong = mgnn.pack(game.spec, 2, random_net(n_in + 1))
        for bad, what in [(flip, "checksum"), (b"XGNN" + good[4:], "magic"),
                          (good[:40], "truncated"), (wrong, "n_in")]:
            with self.assertRaises(mg.MindgamesError) as cm:
                Eval(bad)
            self.assertIn(what, str(cm.exception))


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
