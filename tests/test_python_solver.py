"""The Python package's Solver: values against the C library's
published ones (Dots and Boxes 2x2 +2, 3x3 -3), solve/values/bounds,
budgets, multi-action turns, range-checked integers, errors as the
package's exceptions, closing.  See mgtest.py for how to run them."""
import pickle
import pydoc
import typing
import unittest

from mgtest import mg

SMALL = "dots_and_boxes(rows=2,cols=2)"
MID = "dots_and_boxes(rows=3,cols=3)"
MB = 1 << 20


class TestSolver(unittest.TestCase):

    def setUp(self):
        self.g = mg.Game(SMALL)
        self.s = self.g.new_state()

    def tearDown(self):
        self.g.close()

    def test_solve(self):
        with mg.Solver(self.g, 4 * MB) as sv:
            r = sv.solve(self.s)
            self.assertIsInstance(r, mg.Solution)
            self.assertTrue(r.exact)
            self.assertEqual(r.value, 2)   # Winning Ways: +2
            self.assertEqual((r.lower, r.upper), (2, 2))
            self.assertEqual(sv.bounds, (2, 2))
            self.assertTrue(self.s.is_legal(r.best_action))
            self.assertGreater(r.nodes, 0)
            self.assertEqual(sv.memory, 4 * MB)
            self.assertIs(sv.game, self.g)
        self.assertTrue(sv.closed)

    def test_values(self):
        with mg.Solver(self.g, 4 * MB) as sv:
            vals = sv.values(self.s)
            self.assertEqual(list(vals), self.s.legal_actions())
            # outside lines win by 2, inner lines only tie
            self.assertEqual(sorted(vals.values()), [0] * 4 + [2] * 8)
            self.assertEqual(sv.bounds, (2, 2))
            best = sv.solve(self.s).best_action
            self.assertEqual(vals[best], 2)

    def test_consistency_over_turns(self):
        # the value is the best child's, negated only when the seat changes
        g = mg.Game(MID)
        s = g.new_state()
        s.playout(seed=3, max_actions=12)
        with mg.Solver(g, 8 * MB) as sv:
            v = sv.solve(s).value
            p = s.current_player
            vals = sv.values(s)
            for a, va in vals.items():
                before = s.scores[p] - s.scores[1 - p]
                s.apply(a)
                gain = s.scores[p] - s.scores[1 - p] - before
                if s.is_terminal:
                    child = 0
                else:
                    c = sv.solve(s).value
                    child = c if s.current_player == p else -c
                s.undo()
                self.assertEqual(va, gain + child)
            self.assertEqual(max(vals.values()), v)
        g.close()

    def test_budget(self):
        g = mg.Game(MID)
        with mg.Solver(g, 4 * MB) as sv:
            r = sv.solve(g.new_state(), max_nodes=5)
            self.assertFalse(r.exact)
            self.assertLessEqual(r.lower, -3)   # Wilson: -3
            self.assertGreaterEqual(r.upper, -3)
            self.assertEqual(r.value, r.lower)
            self.assertTrue(g.new_state().is_legal(r.best_action))
            vals = sv.values(g.new_state(), max_nodes=5)
            self.assertIn(None, vals.values())
            self.assertEqual(sv.solve(g.new_state()).value, -3)
        g.close()

    def test_win_draw_loss(self):
        g = mg.Game("fangqi(width=3,height=2,no_capture_limit=4)")
        with mg.Solver(g, 4 * MB) as sv:
            r = sv.solve(g.new_state())
            self.assertTrue(r.exact)
            self.assertIn(r.value, (-1, 0, 1))
        g.close()

    def test_errors(self):
        with self.assertRaises(TypeError):
            mg.Solver("dots_and_boxes")
        with self.assertRaises(mg.InvalidArgumentError) as cm:
            mg.Solver(self.g, 0)
        self.assertIn("at least", str(cm.exception))
        with self.assertRaises(OverflowError):
            mg.Solver(self.g, -1)
        with self.assertRaises(OverflowError):
            mg.Solver(self.g, 1 << 64)
        with self.assertRaises(TypeError):
            mg.Solver(self.g, 1.5)
        sv = mg.Solver(self.g, MB)
        with self.assertRaises(mg.InvalidArgumentError):
            sv.bounds   # nothing solved yet
        with self.assertRaises(TypeError):
            sv.solve("a1-b1")
        with self.assertRaises(OverflowError):
            sv.solve(self.s, max_nodes=-1)
        with self.assertRaises(OverflowError):
            sv.solve(self.s, time_ms=1 << 32)
        with self.assertRaises(OverflowError):
            sv.values(self.s, max_nodes=1 << 64)
        other = mg.Game(MID)
        with self.assertRaises(mg.MismatchError):
            sv.solve(other.new_state())
        over = self.g.new_state()
        over.playout(seed=1)
        with self.assertRaises(mg.GameOverError):
            sv.solve(over)
        with self.assertRaises(mg.GameOverError):
            sv.values(over)
        with self.assertRaises(TypeError):
            pickle.dumps(sv)
        self.assertIn("Solver of", repr(sv))
        sv.close()
        sv.close()
        self.assertEqual(repr(sv), "<mindgames.Solver closed>")
        with self.assertRaises(mg.ClosedError):
            sv.solve(self.s)
        other.close()

    def test_closed_game(self):
        g = mg.Game(SMALL)
        s = g.new_state()
        sv = mg.Solver(g, MB)
        g.close()
        with self.assertRaises(mg.ClosedError):
            sv.solve(s)
        sv.close()

    def test_budget_error_class(self):
        self.assertIs(mg.error_class(mg.EBUDGET), mg.BudgetError)
        self.assertEqual(mg.strerror(mg.EBUDGET), "search budget exhausted")
        self.assertEqual(mg.SOLVER_UNKNOWN, -(1 << 31))

    def test_annotations_are_types(self):
        # help(mg.Solution) showed ForwardRef('int') for every field (the
        # module's string annotations); the named tuples of the package
        # carry the types themselves (the API, no rule of doc/rules.md)
        want = {"value": int, "best_action": int, "exact": bool,
                "lower": int, "upper": int, "nodes": int}
        self.assertEqual(typing.get_type_hints(mg.Solution), want)
        self.assertEqual(mg.Solution.__annotations__, want)
        self.assertEqual(typing.get_type_hints(mg.Solution.__new__),
                         dict(want))
        self.assertEqual(typing.get_type_hints(mg.Site)["kind"], mg.SiteKind)
        self.assertEqual(mg.Option.__annotations__["type"], mg.OptionType)
        for cls in (mg.Solution, mg.Site, mg.Option):
            with self.subTest(cls=cls.__name__):
                doc = pydoc.render_doc(cls, renderer=pydoc.plaintext)
                self.assertNotIn("ForwardRef", doc)
                for hint in cls.__annotations__.values():
                    self.assertNotIsInstance(hint, (str, typing.ForwardRef))
        doc = pydoc.render_doc(mg.Solution, renderer=pydoc.plaintext)
        self.assertIn("value: int", doc)
        self.assertIn("exact: bool", doc)

    def test_solver_bot(self):
        with mg.Bot("solver(memory_mb=4)", seed=1) as bot:
            s = self.g.new_state()
            a = bot.choose(s)
            with mg.Solver(self.g, MB) as sv:
                self.assertEqual(sv.values(s)[a], 2)


if __name__ == "__main__":
    unittest.main()
