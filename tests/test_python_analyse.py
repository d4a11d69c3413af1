"""The Python package's analysis (1.6): Bot.analyse (mg_bot_analyse) and
mindgames.analyse, against values checked by hand on Dots and Boxes
(2x2: +2 from the start, 0 after an inside line; 3x3: a declined
4-chain turns +4 into -4), the struct's layout, errors.  See mgtest.py
for how to run them."""
import ctypes
import unittest

from mgtest import mg

SMALL = "dots_and_boxes(rows=2,cols=2)"
MID = "dots_and_boxes(rows=3,cols=3)"
EXACT = "strong(iterations=20000)"  # deterministic; 3x3 solves


def record(spec, moves):
    return "mindgames-record 1\ngame %s\nactions %d\n%s\n" % (
        spec, len(moves), "\n".join(moves))


MISTAKE_2X2 = ["a2-b2", "b2-c2", "b1-b2", "b2-b3", "a1-b1", "a1-a2",
               "b1-c1", "c1-c2", "a2-a3", "a3-b3", "c2-c3", "b3-c3"]
PERFECT_2X2 = ["a1-b1", "b1-b2", "b2-c2", "b2-b3", "a2-a3", "a2-b2",
               "a1-a2", "a3-b3", "b1-c1", "c1-c2", "c2-c3", "b3-c3"]
P16 = ("a1-b1 b1-c1 b2-c2 b3-c3 a2-b2 d2-d3 c2-d2 b1-b2 a1-a2 c1-c2 "
       "a3-b3 b3-b4 d3-d4 c4-d4 a2-a3 b2-b3").split()
MISTAKE_3X3 = P16 + "c1-d1 d1-d2 c2-c3 c3-d3 c3-c4 b4-c4 a3-a4 a4-b4".split()
PERFECT_3X3 = P16 + "c2-c3 c3-d3 c3-c4 b4-c4 c1-d1 d1-d2 a3-a4 a4-b4".split()


class TestBotAnalyse(unittest.TestCase):

    def test_struct_layout(self):
        from mindgames._ffi import ActionValueStruct
        self.assertEqual(ctypes.sizeof(ActionValueStruct), 24)
        self.assertIn("mg_bot_analyse", mg.PROTOTYPES)

    def test_exact_2x2(self):
        with mg.Game(SMALL) as g, mg.Bot(EXACT) as b:
            s = g.new_state()
            vals = b.analyse(s)
            self.assertEqual([v.action for v in vals], s.legal_actions())
            self.assertTrue(all(isinstance(v, mg.ActionValue) for v in vals))
            self.assertEqual(sorted(v.value for v in vals), [0] * 4 + [2] * 8)
            self.assertEqual({v.kind for v in vals}, {"exact"})
            self.assertEqual({v.visits for v in vals}, {0})

    def test_estimates(self):
        with mg.Game(MID) as g, mg.Bot("mcts(iterations=2000)") as b:
            vals = b.analyse(g.new_state())
            self.assertEqual(len(vals), 24)
            self.assertEqual({v.kind for v in vals}, {"estimate"})
            self.assertTrue(all(0 <= v.value <= 1 for v in vals))
            self.assertTrue(1900 <= sum(v.visits for v in vals) <= 2000)

    def test_errors(self):
        with mg.Game(SMALL) as g:
            s = g.new_state()
            with mg.Bot("greedy") as b:
                with self.assertRaisesRegex(mg.UnsupportedError,
                                            "greedy.*does not search"):
                    b.analyse(s)
            with mg.Bot(EXACT) as b:
                with self.assertRaises(TypeError):
                    b.analyse("a1-b1")
                for a in PERFECT_2X2:
                    s.apply(s.action_from_string(a))
                with self.assertRaises(mg.GameOverError):
                    b.analyse(s)
            b.close()
            with self.assertRaises(mg.ClosedError):
                b.analyse(s)


class TestAnalyse(unittest.TestCase):

    def test_2x2_mistake(self):
        moves = mg.analyse(record(SMALL, MISTAKE_2X2), EXACT)
        self.assertEqual(len(moves), 12)
        first = moves[0]
        self.assertIsInstance(first, mg.MoveAnalysis)
        self.assertEqual((first.ply, first.seat, first.move), (1, 0, "a2-b2"))
        self.assertEqual((first.value, first.kind), (0, "exact"))
        self.assertEqual((first.best_value, first.best_kind), (2, "exact"))
        self.assertEqual((first.compared, first.loss, first.mistake),
                         ("exact", 2, True))
        self.assertEqual([m.ply for m in moves if m.mistake], [1])
        self.assertTrue(moves[-1].forced)

    def test_perfect_play(self):
        for spec, moves in ((SMALL, PERFECT_2X2), (MID, PERFECT_3X3)):
            got = mg.analyse(record(spec, moves), EXACT)
            self.assertEqual(len(got), len(moves))
            self.assertFalse(any(m.mistake for m in got), spec)
            self.assertEqual({m.kind for m in got}, {"exact"})
            self.assertTrue(all(m.loss == 0 for m in got if not m.forced))

    def test_3x3_declined_chain(self):
        with mg.Game(MID) as g:
            s = g.new_state()
            for a in MISTAKE_3X3:
                s.apply(s.action_from_string(a))
            before = s.history()
            with mg.Bot(EXACT) as b:
                got = mg.analyse(s, b)
            self.assertEqual(s.history(), before)  # not changed
        m = got[16]
        self.assertEqual((m.ply, m.seat, m.move, m.value, m.best, m.best_value,
                          m.loss, m.mistake),
                         (17, 1, "c1-d1", -4, "c2-c3", 4, 8, True))
        self.assertEqual([x.ply for x in got if x.mistake], [17])
        self.assertEqual(got[0].value, -3)  # 3x3 from the start: -3

    def test_estimated_threshold(self):
        rec = record(SMALL, MISTAKE_2X2)
        got = mg.analyse(rec, "mcts(iterations=300)", threshold=1)
        self.assertFalse(any(m.mistake for m in got))
        self.assertTrue(all(m.kind in ("estimate", "unknown") for m in got))
        self.assertEqual(got[0].compared, "estimate")

    def test_bad_input(self):
        with self.assertRaises(mg.UnknownGameError):
            mg.analyse("mindgames-record 1\ngame frob\n")
        with self.assertRaises(mg.NotationError):
            mg.analyse("not a record")
        with self.assertRaises(mg.IllegalActionError):
            mg.analyse(record(SMALL, ["a1-b1", "a1-b1"]))
        with self.assertRaises(mg.OptionError):
            mg.analyse(record(SMALL, PERFECT_2X2), "strong(frob=1)")
        with self.assertRaises(mg.UnsupportedError):
            mg.analyse(record(SMALL, PERFECT_2X2), "random")
        with self.assertRaises(ValueError):
            mg.analyse(record(SMALL, PERFECT_2X2), EXACT, threshold=2)
        with self.assertRaises(TypeError):
            mg.analyse(42)


if __name__ == "__main__":
    unittest.main()
