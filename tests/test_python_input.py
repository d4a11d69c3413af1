"""Bad input to the Python package: integers that do not fit the C
parameter (never wrapped by ctypes), wrong types (bools too), text with
NUL bytes, closed objects, the library's code and message in every
exception, and the reasons of 1.5 (why an action is refused, why a game
ended).  Rules sections are those of doc/rules.md."""
import pickle
import re
import unittest

from mgtest import HAVE_NUMPY, SPEC, mg

# Integers that ctypes would wrap onto small ones: 2**32 + 5 -> 5 in an
# int32_t, -2**64 + 7 -> 7 in a uint64_t.
WRAPS_32 = (2**32 + 5, -2**32 + 5, 2**31, -2**31 - 1, 2**63, -2**63 - 1,
            2**64 + 1, 10**30)
NOT_INTS = (1.0, 2.5, "x", None, [1], object())


class TestIds(unittest.TestCase):
    """Ids (actions, sites, cells, symmetries, players, coordinates)
    beyond int32_t are out of range like any other id."""

    def setUp(self):
        self.g = mg.Game(SPEC)
        self.s = self.g.new_state()
        self.s.apply(0)

    def assert_refused(self, call, *args):
        """call(*args) raises OutOfRangeError, a ValueError, and changes
        nothing."""
        before = (self.s.history(), self.s.hash)
        with self.assertRaises(mg.OutOfRangeError) as cm:
            call(*args)
        e = cm.exception
        self.assertIsInstance(e, ValueError)
        self.assertEqual(e.code, mg.ERANGE)
        self.assertTrue(e.message)
        self.assertEqual((self.s.history(), self.s.hash), before)
        return e

    def test_the_issue(self):
        # the defect: apply(2**32 + 5) played action 5, is_legal said True
        e = self.assert_refused(self.s.apply, 2**32 + 5)
        self.assertIn(str(2**32 + 5), e.message)
        self.assertFalse(self.s.is_legal(2**32 + 9))
        self.assertTrue(self.s.is_legal(9))
        self.assertEqual(self.s.history(), [0])

    def test_actions(self):
        for v in WRAPS_32 + (24, -1):
            with self.subTest(value=v):
                self.assert_refused(self.s.apply, v)
                self.assertFalse(self.s.is_legal(v))
                self.assert_refused(self.s.action_to_string, v)
                self.assert_refused(self.g.action_sites, v)
                self.assert_refused(self.g.symmetry_action, 0, v)

    def test_players(self):
        for v in WRAPS_32 + (2, -1, 3):
            with self.subTest(value=v):
                self.assert_refused(self.s.score, v)
                self.assert_refused(self.s.observation, v)
                with mg.Game("china_tangle(board=1)") as g:
                    self.assertRaises(mg.OutOfRangeError,
                                      g.new_state().groups, v)

    def test_sites_and_symmetries(self):
        for v in WRAPS_32 + (33, -1):
            with self.subTest(value=v):
                self.assert_refused(self.s.site, v)
                self.assert_refused(self.g.site, v)
                self.assert_refused(self.g.symmetry_site, 0, v)
                self.assert_refused(self.g.symmetry_site, v, 0)
                self.assert_refused(self.g.symmetry_action, v, 0)

    def test_cells_and_coordinates(self):
        b = mg.Board.generate("labyrinth", 1)
        for v in WRAPS_32 + (63, -1):
            with self.subTest(value=v):
                for call in (b.cell_position, b.cell_mask, b.cell_class,
                             b.cell_name, b.cell_neighbors):
                    self.assertRaises(mg.OutOfRangeError, call, v)
                x, y = b.cell_position(0)
                self.assertIsNone(b.cell_at(v + x, y) if abs(v) > 2**31
                                  else b.cell_at(v, 10**6))
                self.assertIsNone(b.cell_at(x, v))
        # 2**32 + x would be cell 0's x once wrapped
        x, y = b.cell_position(0)
        self.assertIsNone(b.cell_at(2**32 + x, y))
        self.assertEqual(b.cell_at(x, y), 0)

    def test_numbers_that_are_not_int(self):
        for v in NOT_INTS:
            with self.subTest(value=v):
                if not isinstance(v, str):
                    self.assertRaises(TypeError, self.s.apply, v)
                    self.assertRaises(TypeError, self.s.is_legal, v)
                self.assertRaises(TypeError, self.s.score, v)
                self.assertRaises(TypeError, self.s.site, v)
                self.assertRaises(TypeError, self.g.site, v)
                self.assertRaises(TypeError, self.s.playout, v)
                self.assertRaises(TypeError, mg.Bot, "random", v)
                self.assertRaises(TypeError, mg.Board.generate, 2, v)
        self.assertRaises(mg.NotationError, self.s.apply, "x")
        self.assertFalse(self.s.is_legal("x"))

    def test_integer_types_accepted(self):
        class Index:
            def __index__(self):
                return 5
        self.assertEqual(self.s.apply(Index()), 5)
        if HAVE_NUMPY:
            import numpy as np
            for t in (np.int8, np.int16, np.int32, np.int64, np.uint32,
                      np.uint64):
                with self.subTest(type=t.__name__):
                    a = self.s.legal_actions()[0]
                    self.assertEqual(self.s.apply(t(a)), a)
                    self.assertIs(type(self.s.history()[-1]), int)
                    self.s.undo()
            self.assert_refused(self.s.apply, np.int64(2**32 + 5))
            self.assert_refused(self.s.apply, np.uint64(2**63))


    def test_bools_refused(self):
        # a bool is not a number here (1.5): not an action id, a player, a
        # site, a seed or a limit
        b = mg.Board.generate("labyrinth", 1)
        calls = [self.s.apply, self.s.is_legal, self.s.illegal_reason,
                 self.s.action_to_string, self.s.score, self.s.observation,
                 self.s.site, self.g.site, self.g.action_sites,
                 lambda v: self.g.symmetry_site(v, 0),
                 lambda v: self.g.symmetry_action(0, v),
                 self.s.playout, lambda v: self.s.playout(1, v),
                 lambda v: mg.Bot("random", v),
                 lambda v: mg.Board.generate(2, v), b.cell_name,
                 lambda v: mg.Solver(self.g).solve(self.s, max_nodes=v)]
        values = [True, False]
        if HAVE_NUMPY:
            import numpy as np
            values += [np.True_, np.False_]
        for v in values:
            for i, call in enumerate(calls):
                with self.subTest(value=v, call=i):
                    with self.assertRaises(TypeError) as cm:
                        call(v)
                    self.assertIn("bool", str(cm.exception))
        self.assertEqual(self.s.history(), [0])

    def test_ranges_in_messages(self):
        # every OutOfRangeError names the range: 24 lines on 3x3 boxes
        # (rules 3.4), 33 sites, 8 symmetries, seats 0 and 1 (rules 0)
        n = self.g.num_actions
        self.assertEqual(n, 24)
        for v in (-1, 24, 10**20, -2**40):
            with self.subTest(action=v):
                for call in (self.s.apply, self.s.action_to_string,
                             self.g.action_sites,
                             lambda a: self.g.symmetry_action(0, a)):
                    e = self.assert_refused(call, v)
                    self.assertIn("action %d is out of range" % v, e.message)
                    self.assertIn("0 to 23", e.message)
                self.assertEqual(self.s.illegal_reason(v),
                                 self.assert_refused(self.s.apply, v).message)
        e = self.assert_refused(self.s.apply, -1)
        self.assertEqual(str(e), "action -1 is out of range: this game's "
                         "action ids are 0 to 23")
        self.assertEqual((e.action, e.reason), (-1, str(e)))
        for call, what, last in ((self.s.site, "site", 32),
                                 (self.g.site, "site", 32),
                                 (lambda v: self.g.symmetry_site(0, v),
                                  "site", 32),
                                 (lambda v: self.g.symmetry_site(v, 0),
                                  "symmetry", 7)):
            for v in (-1, last + 1, 2**33):
                with self.subTest(what=what, value=v):
                    e = self.assert_refused(call, v)
                    self.assertIn("%s %d is out of range" % (what, v),
                                  e.message)
                    self.assertIn("0 to %d" % last, e.message)
        for call in (self.s.score, self.s.observation):
            for v in (2, -1, 2**40):
                e = self.assert_refused(call, v)
                self.assertIn("player %d is out of range" % v, e.message)
                self.assertIn("0 and 1", e.message)
        b = mg.Board.generate("labyrinth", 1)
        for v in (-1, 63):
            with self.assertRaises(mg.OutOfRangeError) as cm:
                b.cell_name(v)
            self.assertIn("cell %d is out of range" % v, str(cm.exception))
            self.assertIn("0 to 62", str(cm.exception))


class TestQuantities(unittest.TestCase):
    """Seeds (uint64_t), limits (int32_t) and kinds/formats (int) that do
    not fit raise OverflowError."""

    def test_seeds(self):
        s = mg.Game(SPEC).new_state()
        for bad in (-1, 2**64, 2**64 + 5, -2**64 + 7):
            with self.subTest(seed=bad):
                self.assertRaises(OverflowError, s.playout, bad)
                self.assertRaises(OverflowError, mg.Bot, "random", bad)
                self.assertRaises(OverflowError, mg.Board.generate, 2, bad)
        self.assertEqual(s.history(), [])
        self.assertEqual(mg.Bot("random", 2**64 - 1).seed, 2**64 - 1)
        self.assertEqual(mg.Board.generate(2, 2**64 - 1).cell_count, 63)

    def test_limits_and_kinds(self):
        s = mg.Game(SPEC).new_state()
        for bad in (2**31, 2**32 + 5, -2**31 - 1):
            with self.subTest(value=bad):
                self.assertRaises(OverflowError, s.playout, 1, bad)
                self.assertRaises(OverflowError, mg.Board.generate, bad, 1)
                self.assertRaises(OverflowError, mg.strerror, bad)
        self.assertEqual(s.history(), [])
        self.assertEqual(s.playout(1, 2**31 - 1), 24)
        # 2**32 + 2 would be MG_BOARD_LABYRINTH once wrapped
        self.assertRaises(OverflowError, mg.Board.generate, 2**32 + 2, 1)


class TestText(unittest.TestCase):

    def test_str_and_bytes(self):
        for spec in (SPEC, SPEC.encode(), bytearray(SPEC.encode())):
            with self.subTest(spec=type(spec).__name__):
                g = mg.Game(spec)
                s = g.new_state()
                self.assertEqual(s.apply(b"a1-b1"), 0)
                b1c1 = s.action_from_string("b1-c1")
                self.assertEqual(s.apply(bytearray(b"b1-c1")), b1c1)
                self.assertEqual(s.history(), [0, b1c1])
        g = mg.Game(SPEC)
        s = g.new_state()
        self.assertEqual(s.action_from_string(b"a1-b1"), 0)
        self.assertEqual(mg.Bot(b"greedy").spec, "greedy")
        text = mg.Board.generate(2, 1).format()
        self.assertEqual(mg.Board.parse(text.encode()).format(), text)
        self.assertEqual(mg.game_options(b"fangqi")[0].key, "variant")

    def test_nul_bytes(self):
        g = mg.Game(SPEC)
        s = g.new_state()
        rec = s.save()
        board = mg.Board.generate(2, 1).format()
        for what, call in (
                ("spec", lambda t: mg.Game(t)),
                ("spec", lambda t: mg.Game.with_board(
                    t, mg.Board.generate(2, 1))),
                ("notation", s.action_from_string),
                ("notation", s.apply),
                ("record", mg.State.load),
                ("board text", mg.Board.parse),
                ("bot spec", lambda t: mg.Bot(t)),
                ("spec", mg.game_options)):
            base = {"notation": "a1-b1", "record": rec, "board text": board,
                    "bot spec": "random"}.get(what, SPEC)
            for text in (base + "\0", "\0" + base, base.encode() + b"\0junk",
                         base[:3] + "\x00" + base[3:]):
                with self.subTest(what=what, text=text[:20]):
                    with self.assertRaises(mg.InvalidArgumentError) as cm:
                        call(text)
                    self.assertIsInstance(cm.exception, ValueError)
                    self.assertEqual(cm.exception.code, mg.EINVAL)
                    self.assertIn("NUL", cm.exception.message)
                    self.assertIn(what, cm.exception.message)
        self.assertFalse(s.is_legal("a1-b1\0"))
        self.assertEqual(s.history(), [])

    def test_wrong_types(self):
        s = mg.Game(SPEC).new_state()
        for bad in (42, None, 1.5, ["a1-b1"]):
            with self.subTest(value=bad):
                self.assertRaises(TypeError, mg.Game, bad)
                self.assertRaises(TypeError, mg.Bot, bad)
                self.assertRaises(TypeError, mg.Board.parse, bad)
                self.assertRaises(TypeError, mg.State.load, bad)
                self.assertRaises(TypeError, s.action_from_string, bad)
                self.assertRaises(TypeError, mg.game_options, bad)
        self.assertRaises(TypeError, mg.State, "game")
        self.assertRaises(TypeError, mg.State, None)

    def test_non_ascii(self):
        # refused by the library with its message, not an encoding error
        with self.assertRaises(mg.MindgamesError) as cm:
            mg.Game("dots_and_boxes(rows=\u4e09)")
        self.assertIsInstance(cm.exception, ValueError)
        self.assertTrue(cm.exception.message)
        s = mg.Game(SPEC).new_state()
        self.assertRaises(mg.MindgamesError, s.apply, "a1\u2013b1")
        self.assertFalse(s.is_legal("\u00e91-b1"))


class TestLibraryErrors(unittest.TestCase):
    """The library's code and message in every exception."""

    def test_messages_from_the_err_buffer(self):
        for call, cls, code, part in (
                (lambda: mg.Game("no_such_game"), mg.UnknownGameError,
                 mg.ENOGAME, "no_such_game"),
                (lambda: mg.Game("dots_and_boxes(colour=red)"),
                 mg.OptionError, mg.EOPTION, "colour"),
                (lambda: mg.Game("dots_and_boxes(rows=0)"),
                 mg.OptionValueError, mg.EVALUE, "rows"),
                (lambda: mg.Game("dots_and_boxes(rows=3"), mg.NotationError,
                 mg.ESYNTAX, ""),
                (lambda: mg.Bot("mcts(iterations=x)"), mg.OptionValueError,
                 mg.EVALUE, "iterations"),
                (lambda: mg.Game(SPEC).new_state().apply("%%%"),
                 mg.NotationError, mg.ESYNTAX, "%%%"),
                (lambda: mg.State.load("mindgames-record 1\ngame nope\n"
                                       "actions 0\n\n"),
                 mg.UnknownGameError, mg.ENOGAME, "nope")):
            with self.subTest(cls=cls.__name__):
                with self.assertRaises(cls) as cm:
                    call()
                e = cm.exception
                self.assertIsInstance(e, mg.MindgamesError)
                self.assertIsInstance(e, ValueError)
                self.assertEqual(e.code, code)
                self.assertIs(type(e.code), mg.ErrorCode)
                self.assertIn(part, e.message)
                self.assertNotEqual(e.message, e.strerror)
                self.assertEqual(e.strerror, mg.strerror(code))
                self.assertEqual(str(e), e.message)

    def test_messages_from_strerror(self):
        s = mg.Game(SPEC).new_state()
        for call, cls in ((lambda: s.groups(0), mg.UnsupportedError),):
            with self.subTest(cls=cls.__name__):
                with self.assertRaises(cls) as cm:
                    call()
                self.assertEqual(cm.exception.message,
                                 mg.strerror(cm.exception.code))
        s.apply(0)
        with self.assertRaises(mg.IllegalActionError) as cm:
            s.apply(0)
        self.assertEqual(cm.exception.code, mg.EILLEGAL)
        self.assertNotEqual(cm.exception.message, cm.exception.strerror)
        s.playout(1)
        with self.assertRaises(mg.GameOverError) as cm:
            s.apply(s.history()[0])
        self.assertEqual(cm.exception.code, mg.EOVER)
        self.assertNotEqual(cm.exception.message, cm.exception.strerror)
        self.assertEqual(len(s.history()), 24)

    def test_sentences(self):
        # the errors without an err buffer say what happened in a sentence
        s = mg.Game(SPEC).new_state()
        with self.assertRaises(mg.NothingToUndoError) as cm:
            s.undo()
        self.assertIn("nothing to undo: ", str(cm.exception))
        s.playout(2)  # every line drawn (rules 3.2.3)
        end = s.end_reason()
        for call in (lambda: mg.Bot().choose(s),
                     lambda: mg.Solver(s.game, 1 << 20).solve(s),
                     lambda: mg.Solver(s.game, 1 << 20).values(s)):
            with self.assertRaises(mg.GameOverError) as cm:
                call()
            e = cm.exception
            self.assertEqual((e.action, e.reason), (None, end))
            self.assertTrue(str(e).startswith("cannot "), str(e))
            self.assertTrue(str(e).endswith(": the game is over: " + end))

    def test_error_classes(self):
        codes = set()
        for code, cls in mg.ERRORS.items():
            self.assertTrue(issubclass(cls, mg.MindgamesError))
            self.assertIs(mg.error_class(code), cls)
            e = cls(code)
            self.assertEqual(e.message, mg.strerror(code))
            self.assertEqual(repr(e), "%s(%d, %r)" % (cls.__name__, code,
                                                      e.message))
            codes.add(int(code))
            back = pickle.loads(pickle.dumps(e))
            self.assertIs(type(back), cls)
            self.assertEqual((back.code, back.message), (e.code, e.message))
        self.assertEqual(codes, set(range(-16, -1)))
        self.assertIs(mg.error_class(-99), mg.MindgamesError)
        self.assertEqual(mg.MindgamesError(-99).code, -99)
        self.assertTrue(issubclass(mg.OutOfMemoryError, MemoryError))
        self.assertTrue(issubclass(mg.ClosedError, mg.InvalidArgumentError))
        self.assertTrue(issubclass(mg.UnknownBotError, mg.UnknownGameError))
        e = mg.IllegalActionError(mg.EILLEGAL, action=3, reason="why")
        self.assertEqual((e.message, e.action, e.reason), ("why", 3, "why"))
        self.assertEqual((cls(mg.EINVAL).action, cls(mg.EINVAL).reason),
                         (None, None))
        for cls in (mg.InvalidArgumentError, mg.OutOfRangeError,
                    mg.NotationError, mg.UnknownGameError, mg.OptionError,
                    mg.OptionValueError, mg.IllegalActionError,
                    mg.MismatchError, mg.InvalidBoardError, mg.ClosedError):
            self.assertTrue(issubclass(cls, ValueError), cls)
        e = mg.LibraryNotFoundError("msg", (("a", "b"),))
        back = pickle.loads(pickle.dumps(e))
        self.assertEqual((str(back), back.tried), ("msg", (("a", "b"),)))


RULES = re.compile(r" \(rules \d+(\.\d+)*[^()]*\)$")


class TestReasons(unittest.TestCase):
    """State.illegal_reason, State.end_reason and the reason in the errors
    of apply (1.5), in Dots and Boxes: a line drawn twice (rules 3.2.1),
    the end once every line is drawn (rules 3.2.3)."""

    def setUp(self):
        self.g = mg.Game(SPEC)
        self.s = self.g.new_state()

    def test_legal_is_empty_illegal_is_a_line(self):
        self.s.apply("a1-b1")
        self.s.apply("a2-b2")
        for a in range(self.g.num_actions):
            with self.subTest(action=a):
                r = self.s.illegal_reason(a)
                self.assertEqual(r == "", self.s.is_legal(a))
                if r:
                    self.assertTrue(r.startswith(
                        self.s.action_to_string(a) + ": "), r)
                    self.assertRegex(r, RULES)
                    self.assertNotIn("\n", r)
        self.assertEqual(self.s.illegal_reason("b1-c1"), "")

    def test_illegal_action_error(self):
        a = self.s.apply("a1-b1")
        before = (self.s.history(), self.s.hash)
        for action in (a, "a1-b1", b"A1-B1"):
            with self.subTest(action=action):
                with self.assertRaises(mg.IllegalActionError) as cm:
                    self.s.apply(action)
                e = cm.exception
                self.assertIsInstance(e, ValueError)
                self.assertEqual(e.code, mg.EILLEGAL)
                self.assertEqual(e.action, a)
                self.assertTrue(e.reason.startswith("a1-b1: "), e.reason)
                self.assertRegex(e.reason, RULES)
                self.assertEqual(str(e), e.reason)
                self.assertEqual(e.message, e.reason)
                self.assertEqual(self.s.illegal_reason(action), e.reason)
                back = pickle.loads(pickle.dumps(e))
                self.assertIs(type(back), mg.IllegalActionError)
                self.assertEqual((back.action, back.reason, str(back)),
                                 (e.action, e.reason, str(e)))
        self.assertEqual((self.s.history(), self.s.hash), before)

    def test_notation(self):
        # notation naming no action: its error's message; malformed: raises
        with self.assertRaises(mg.OutOfRangeError) as cm:
            self.s.apply("a1-a9")
        self.assertEqual(self.s.illegal_reason("a1-a9"), str(cm.exception))
        self.assertIn("a9", str(cm.exception))
        self.assertRaises(mg.NotationError, self.s.illegal_reason, "%%%")
        self.assertRaises(TypeError, self.s.illegal_reason, 1.5)

    def test_end_reason(self):
        self.assertIsNone(self.s.end_reason())
        self.s.playout(3)
        self.assertTrue(self.s.is_terminal)
        end = self.s.end_reason()
        self.assertIsInstance(end, str)
        self.assertRegex(end, RULES)
        self.assertNotIn("\n", end)
        a = self.s.history()[-1]
        with self.assertRaises(mg.GameOverError) as cm:
            self.s.apply(a)
        e = cm.exception
        self.assertEqual(e.action, a)
        self.assertTrue(e.reason.endswith(": the game is over: " + end),
                        e.reason)
        self.assertTrue(e.reason.startswith(self.s.action_to_string(a)))
        self.assertEqual(str(e), e.reason)
        self.assertEqual(self.s.illegal_reason(a), e.reason)
        self.s.undo()
        self.assertIsNone(self.s.end_reason())

    def test_end_reason_of_every_game(self):
        # every game of the registry ends with a line citing its rules
        for gid in mg.game_ids():
            with self.subTest(game=gid):
                with mg.Game(gid) as g:
                    s = g.new_state()
                    s.playout(11, 5000)
                    if s.is_terminal:
                        self.assertRegex(s.end_reason(), RULES)
                        a = s.history()[-1]
                        self.assertRegex(s.illegal_reason(a), RULES)
                    else:
                        self.assertIsNone(s.end_reason())

    def test_unknown_bot(self):
        with self.assertRaises(mg.UnknownBotError) as cm:
            mg.Bot("foo")
        e = cm.exception
        self.assertIsInstance(e, mg.UnknownGameError)  # as before 1.5
        self.assertIsInstance(e, ValueError)
        self.assertEqual(e.code, mg.ENOGAME)
        self.assertTrue(str(e).startswith("unknown bot 'foo': "), str(e))
        from mindgames.bot import BOT_NAMES
        for name in BOT_NAMES:  # the message lists real bots
            self.assertIn(name, str(e)[len("unknown bot 'foo'"):])
            self.assertEqual(mg.Bot(name).spec.split("(")[0], name)
        with self.assertRaises(mg.UnknownGameError) as cm:
            mg.Game("foo")
        self.assertNotIsInstance(cm.exception, mg.UnknownBotError)


class TestClosed(unittest.TestCase):
    """Every method and property of a closed object raises ClosedError."""

    def assert_closed(self, obj, calls, word):
        for name, args in calls:
            with self.subTest(obj=type(obj).__name__, call=name):
                with self.assertRaises(mg.ClosedError) as cm:
                    attr = getattr(obj, name)
                    if args is not None:
                        attr(*args)
                e = cm.exception
                self.assertEqual(e.code, mg.EINVAL)
                self.assertIsInstance(e, ValueError)
                self.assertIn(word, e.message)

    STATE_CALLS = [
        ("legal_actions", ()), ("is_legal", (0,)), ("is_legal", ("a1-b1",)),
        ("apply", (0,)), ("apply", ("a1-b1",)), ("undo", ()),
        ("playout", ()), ("history", ()), ("action_to_string", (0,)),
        ("action_from_string", ("a1-b1",)), ("current_player", None),
        ("is_terminal", None), ("winner", None), ("score", (0,)),
        ("scores", None), ("groups", (0,)), ("hash", None), ("render", ()),
        ("site", (0,)), ("sites", ()), ("observation", (0,)), ("save", ()),
        ("clone", ()), ("copy_from", (None,)), ("illegal_reason", (0,)),
        ("illegal_reason", ("a1-b1",)), ("end_reason", ())]

    def test_state(self):
        g = mg.Game(SPEC)
        s = g.new_state()
        s.close()
        s.close()  # twice is fine
        self.assertTrue(s.closed)
        calls = [c for c in self.STATE_CALLS if c[0] != "copy_from"]
        self.assert_closed(s, calls, "this State is closed")
        self.assertRaises(mg.ClosedError, s.copy_from, g.new_state())
        self.assertRaises(mg.ClosedError, g.new_state().copy_from, s)
        self.assertRaises(mg.ClosedError, mg.Bot().choose, s)
        self.assertRaises(mg.ClosedError, pickle.dumps, s)
        with self.assertRaises(mg.ClosedError):
            with s:
                pass
        self.assertIs(s.game, g)        # still says which game it was of
        self.assertEqual(repr(s), "<mindgames.State closed>")

    def test_state_of_a_closed_game(self):
        g = mg.Game(SPEC)
        s = g.new_state()
        g.close()
        self.assertTrue(s.closed)
        calls = [c for c in self.STATE_CALLS if c[0] != "copy_from"]
        self.assert_closed(s, calls, "Game is closed")

    def test_game(self):
        g = mg.Game("china_tangle(board=2)")
        g.close()
        g.close()
        self.assert_closed(g, [
            ("id", None), ("spec", None), ("num_actions", None),
            ("max_legal_actions", None), ("board", None),
            ("num_sites", None), ("observation_shape", None),
            ("observation_planes", None), ("num_symmetries", None),
            ("new_state", ()), ("site", (0,)), ("sites", ()),
            ("action_sites", (0,)), ("symmetry_site", (0, 0)),
            ("symmetry_action", (0, 0)), ("site_symmetries", ()),
            ("action_symmetries", ()), ("options", ())],
            "this Game is closed")
        self.assertRaises(mg.ClosedError, mg.State, g)
        self.assertRaises(mg.ClosedError, pickle.dumps, g)

    def test_board(self):
        b = mg.Board.generate(2, 1)
        b.close()
        calls = [("format", ()), ("render", ()), ("kind", None),
                 ("cell_count", None), ("fingerprint", None),
                 ("blank", None), ("cell_position", (0,)),
                 ("cell_positions", ()), ("cell_at", (0, 0)),
                 ("cell_mask", (0,)), ("cell_class", (0,)),
                 ("cell_name", (0,)), ("cell_neighbors", (0,))]
        self.assert_closed(b, calls, "this Board is closed")
        self.assertRaises(mg.ClosedError, len, b)
        self.assertRaises(mg.ClosedError, mg.Game.with_board, "china_tangle",
                          b)
        g = mg.Game("china_tangle(board=2)")
        gb = g.board
        g.close()
        self.assert_closed(gb, calls, "belongs to a Game that is closed")

    def test_bot(self):
        bot = mg.Bot("greedy", 1)
        bot.close()
        bot.close()
        s = mg.Game(SPEC).new_state()
        self.assert_closed(bot, [("spec", None), ("seed", None),
                                 ("choose", (s,))], "this Bot is closed")


if __name__ == "__main__":
    unittest.main()
