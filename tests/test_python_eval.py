"""The Python package's learned evaluation (mindgames.eval, mg_eval of
1.6) and the MGNN format of mindgames.train.mgnn (pure Python, no NumPy
or PyTorch): the exporter's bytes parse back, damaged files are refused by
the pure reader and by the library (with its message naming the defect),
and the library's value equals the format's float64 reference to 1e-5.
make check-train runs these too.  See mgtest.py for how to run them."""
import random
import struct
import unittest
import zlib

from mgtest import mg

from mindgames import _ffi
from mindgames.eval import Eval, eval_inputs
from mindgames.train import mgnn

SPEC = "dots_and_boxes(rows=3,cols=3)"
TOL = 1e-5


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

    def test_attach_to_a_bot(self):
        game, states = positions(SPEC, 3)
        n_in = len(eval_inputs(states[0], 2))
        ev = Eval(mgnn.pack(game.spec, 2, random_net(n_in)))
        self.assertEqual(ev.shape, (2, n_in))
        bot = mg.Bot("mcts(iterations=64,net=1)", seed=3)
        ev.attach(bot)
        for st in states:
            self.assertIn(bot.choose(st), st.legal_actions())
        bot.close()
        ev.close()
        with self.assertRaises(TypeError):
            Eval(mgnn.pack(game.spec, 2, random_net(n_in))).attach("mcts")

    def test_builtin(self):
        ev = Eval.builtin(mg.Game(SPEC))
        self.assertEqual(ev.spec, mg.Game(SPEC).spec)
        self.assertEqual(ev.shape[0], 2)
        with self.assertRaises(mg.MindgamesError):
            Eval.builtin(mg.Game("china_squares"))
