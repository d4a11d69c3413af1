"""NumPy on and off: lists by default everywhere, NumPy arrays with
as_numpy=True, zero-copy into a caller's array with out=, and a clear
ImportError without NumPy.  make python-tests runs the suite with NumPy
importable and once more with it hidden (MINDGAMES_TEST_NUMPY=0)."""
import os
import unittest

from mgtest import (HAVE_NUMPY, NUMPY_EXPECTED, SPEC, mg, needs_numpy,
                    run_python, without_numpy)


def position(spec=SPEC, seed=3, actions=7):
    s = mg.Game(spec).new_state()
    s.playout(seed, actions)
    return s


class TestWhatIsThere(unittest.TestCase):

    def test_expected(self):
        if NUMPY_EXPECTED is None:
            self.skipTest("MINDGAMES_TEST_NUMPY not set: testing whatever "
                          "is there (NumPy %s)" % ("importable" if HAVE_NUMPY
                                                   else "absent"))
        self.assertEqual(HAVE_NUMPY, NUMPY_EXPECTED == "1")

    def test_import_does_not_load_numpy(self):
        p = run_python("import sys, mindgames; print('numpy' in sys.modules)",
                       env=dict(os.environ))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), "False")


class TestLists(unittest.TestCase):
    """The default: lists, the same with or without NumPy."""

    def test_lists(self):
        s = position()
        g = s.game
        self.assertIsInstance(s.legal_actions(), list)
        self.assertIsInstance(s.sites(), list)
        obs = s.observation(0)
        self.assertIsInstance(obs, list)
        self.assertIsInstance(obs[0], list)
        self.assertIsInstance(obs[0][0], float)
        self.assertIsInstance(g.site_symmetries(), list)
        self.assertIsInstance(g.action_symmetries()[0], list)
        self.assertIs(type(s.legal_actions()[0]), int)
        self.assertIs(type(s.sites()[0]), int)


@without_numpy
class TestWithoutNumpy(unittest.TestCase):

    def test_as_numpy_says_what_is_missing(self):
        s = position()
        g = s.game
        for call in (lambda: s.legal_actions(as_numpy=True),
                     lambda: s.sites(as_numpy=True),
                     lambda: s.observation(0, as_numpy=True),
                     lambda: g.site_symmetries(as_numpy=True),
                     lambda: g.action_symmetries(as_numpy=True)):
            with self.assertRaises(ImportError) as cm:
                call()
            self.assertIn("needs NumPy", str(cm.exception))
            self.assertIn("python3-numpy", str(cm.exception))
        self.assertFalse(mg.have_numpy())

    def test_out_must_be_an_array(self):
        import array
        s = position()
        with self.assertRaises(TypeError) as cm:
            s.legal_actions(out=array.array("i", [0] * 64))
        self.assertIn("numpy.ndarray", str(cm.exception))
        with self.assertRaises(TypeError):
            s.observation(0, out=[0.0] * 198)


@needs_numpy
class TestNumpy(unittest.TestCase):

    def setUp(self):
        import numpy
        self.np = numpy
        self.s = position()
        self.g = self.s.game

    def test_as_numpy(self):
        np, s, g = self.np, self.s, self.g
        legal = s.legal_actions(as_numpy=True)
        self.assertIsInstance(legal, np.ndarray)
        self.assertEqual(legal.dtype, np.int32)
        self.assertEqual(legal.tolist(), s.legal_actions())
        sites = s.sites(as_numpy=True)
        self.assertEqual(sites.dtype, np.int8)
        self.assertEqual(sites.shape, (g.num_sites,))
        self.assertEqual(sites.tolist(), s.sites())
        obs = s.observation(1, as_numpy=True)
        self.assertEqual(obs.dtype, np.float32)
        self.assertEqual(obs.shape, g.observation_shape)
        self.assertEqual(obs.tolist(), s.observation(1))
        syms = g.site_symmetries(as_numpy=True)
        self.assertEqual(syms.shape, (g.num_symmetries, g.num_sites))
        self.assertEqual(syms.dtype, np.int32)
        self.assertEqual(syms.tolist(), g.site_symmetries())
        acts = g.action_symmetries(as_numpy=True)
        self.assertEqual(acts.shape, (g.num_symmetries, g.num_actions))
        self.assertEqual(acts.tolist(), g.action_symmetries())
        self.assertTrue(mg.have_numpy())

    def test_out_is_filled_in_place(self):
        np, s, g = self.np, self.s, self.g
        buf = np.full(g.max_legal_actions, -7, np.int32)
        view = s.legal_actions(out=buf)
        self.assertEqual(view.tolist(), s.legal_actions())
        self.assertTrue(np.shares_memory(view, buf))   # zero-copy
        sites = np.zeros(g.num_sites, np.int8)
        self.assertIs(s.sites(out=sites), sites)
        self.assertEqual(sites.tolist(), s.sites())
        planes, n = g.observation_shape
        batch = np.zeros((3, planes, n), np.float32)
        for i, p in enumerate((0, 1, 0)):
            row = batch[i]
            self.assertIs(s.observation(p, out=row), row)
        self.assertEqual(batch[1].tolist(), s.observation(1))
        flat = np.zeros(planes * n, np.float32)
        self.assertIs(s.observation(0, out=flat), flat)
        self.assertEqual(flat.reshape(planes, n).tolist(), s.observation(0))
        # a terminal position has no legal actions: an empty view
        s.playout(1)
        self.assertEqual(s.legal_actions(out=buf).size, 0)

    def test_out_errors(self):
        np, s, g = self.np, self.s, self.g
        planes, n = g.observation_shape
        bad = [
            (lambda: s.legal_actions(out=np.zeros(64, np.int64)), TypeError,
             "dtype int32"),
            (lambda: s.legal_actions(out=np.zeros(64, np.float32)),
             TypeError, "dtype int32"),
            (lambda: s.legal_actions(out=np.zeros(3, np.int32)), ValueError,
             "max_legal_actions"),
            (lambda: s.legal_actions(out=np.zeros(128, np.int32)[::2]),
             ValueError, "C-contiguous"),
            (lambda: s.sites(out=np.zeros(g.num_sites + 1, np.int8)),
             ValueError, "%d elements" % g.num_sites),
            (lambda: s.sites(out=np.zeros(g.num_sites, np.uint8)),
             TypeError, "int8"),
            (lambda: s.observation(0, out=np.zeros((planes, n), np.float64)),
             TypeError, "float32"),
            (lambda: s.observation(0, out=np.zeros((planes, n + 1),
                                                   np.float32)),
             ValueError, "elements"),
            (lambda: s.observation(0, out=np.zeros((n, planes),
                                                   np.float32).T),
             ValueError, "C-contiguous"),
            (lambda: s.observation(0, out=[0.0] * (planes * n)), TypeError,
             "numpy.ndarray"),
        ]
        ro = np.zeros((planes, n), np.float32)
        ro.flags.writeable = False
        bad.append((lambda: s.observation(0, out=ro), ValueError,
                    "read-only"))
        for call, cls, words in bad:
            with self.subTest(words=words):
                with self.assertRaises(cls) as cm:
                    call()
                self.assertIn(words, str(cm.exception))
        self.assertFalse(ro.any())  # nothing written on refusal

    def test_numpy_ids_round_trip(self):
        s = self.s
        legal = s.legal_actions(as_numpy=True)
        for a in legal[:3]:
            t = s.clone()
            self.assertEqual(t.apply(a), int(a))
            self.assertTrue(s.is_legal(a))

    def test_symmetries_move_observations(self):
        np = self.np
        g = mg.Game(SPEC)
        perms = g.site_symmetries(as_numpy=True)
        amap = g.action_symmetries(as_numpy=True)
        s = g.new_state()
        s.playout(5, 9)
        obs = s.observation(0, as_numpy=True)
        for k in range(g.num_symmetries):
            image = g.new_state()
            for a in s.history():
                image.apply(amap[k][a])
            moved = np.empty_like(obs)
            moved[:, perms[k]] = obs
            self.assertTrue(np.array_equal(moved,
                                           image.observation(0,
                                                             as_numpy=True)))


if __name__ == "__main__":
    unittest.main()
