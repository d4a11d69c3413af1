"""Tests of the Python binding examples/python/mindgames.py and of the
Python examples (play.py).

Run from the top of the tree after `make all` (`make python-tests` does):

    MINDGAMES_LIB=$PWD/build/libmindgames.so.1.2.0 \
        python3 -m unittest discover -s tests -p 'test_*.py' -v
"""
import gc
import os
import random
import re
import subprocess
import sys
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.join(HERE, os.pardir)
HEADER = os.path.join(TOP, "include", "mindgames.h")
PYDIR = os.path.join(TOP, "examples", "python")
PLAY = os.path.join(PYDIR, "play.py")

if not os.environ.get("MINDGAMES_LIB"):
    raise unittest.SkipTest(
        "MINDGAMES_LIB is not set: point it at build/libmindgames.so.1.x.y "
        "(absolute path) to run the binding tests")
sys.path.insert(0, PYDIR)
try:
    import mindgames as mg
except OSError as e:
    raise unittest.SkipTest("cannot load MINDGAMES_LIB: %s" % e)

from ctypes import c_char_p, c_void_p  # noqa: E402

HAVE_BOTS = not any(n.startswith("mg_bot_") for n in mg.MISSING)
needs_bots = unittest.skipUnless(HAVE_BOTS, "the library has no mg_bot_*")

SPEC = "dots_and_boxes(rows=3,cols=3)"


def header_declarations():
    """{name: (return type text, [parameter texts])} of every MG_API
    function of the header."""
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    out = {}
    for m in re.finditer(r"\bMG_API\s+([^;(]*?)\b(mg_[a-z0-9_]+)\s*\(([^)]*)\)"
                         r"\s*;", text):
        params = [p.strip() for p in " ".join(m.group(3).split()).split(",")]
        if params == ["void"]:
            params = []
        out[m.group(2)] = (" ".join(m.group(1).split()), params)
    return out


class TestPrototypes(unittest.TestCase):

    def test_every_header_function_has_a_prototype(self):
        decls = header_declarations()
        self.assertGreaterEqual(len(decls), 50)
        # every "MG_API ... mg_x(" of the header was parsed
        with open(HEADER, encoding="utf-8") as f:
            grepped = set(re.findall(r"\bMG_API\b[^;(]*?\b(mg_[a-z0-9_]+)\s*\(",
                                     f.read()))
        self.assertEqual(set(decls), grepped)
        self.assertEqual(set(decls), set(mg.PROTOTYPES),
                         "header and mindgames.PROTOTYPES differ")

    def test_every_prototype_is_bound(self):
        self.assertEqual(mg.MISSING, [], "not exported by the library")
        for name, (res, args) in mg.PROTOTYPES.items():
            f = getattr(mg.lib, name)
            self.assertEqual(f.argtypes, args, name)
            self.assertEqual(f.restype, res, name)

    def test_prototypes_match_the_header(self):
        # Arity, and the kind of every type: pointers are c_void_p /
        # c_char_p / POINTER, 64-bit values c_uint64, void is None.
        for name, (ret, params) in header_declarations().items():
            res, args = mg.PROTOTYPES[name]
            with self.subTest(name=name):
                self.assertEqual(len(args), len(params))
                if ret == "void":
                    self.assertIsNone(res)
                elif ret.endswith("*"):
                    self.assertIn(res, (c_void_p, c_char_p))
                elif ret == "uint64_t":
                    self.assertIs(res, mg.c_uint64)
                elif ret in ("int", "int32_t"):
                    self.assertIn(res, (mg.c_int, mg.c_int32))
                for p, a in zip(params, args):
                    if "*" in p:
                        self.assertTrue(a in (c_void_p, c_char_p) or
                                        hasattr(a, "_type_") and
                                        a.__name__.startswith("LP_"), p)
                    elif p.startswith("uint64_t"):
                        self.assertIs(a, mg.c_uint64, p)
                    elif p.startswith("size_t"):
                        self.assertIs(a, mg.c_size_t, p)

    def test_library_lookup(self):
        self.assertEqual(os.path.abspath(mg.lib._name),
                         os.path.abspath(os.environ["MINDGAMES_LIB"]))
        other = mg.load_library(os.environ["MINDGAMES_LIB"])
        self.assertEqual(other.mg_version_number(), mg.version_number())

    def test_version(self):
        n = mg.version_number()
        self.assertEqual(mg.version(), "%d.%d.%d" % (n // 10000,
                                                     n // 100 % 100, n % 100))


class TestErrors(unittest.TestCase):

    def test_unknown_game(self):
        with self.assertRaises(mg.UnknownGameError) as cm:
            mg.Game("no_such_game")
        e = cm.exception
        self.assertIsInstance(e, mg.MindgamesError)
        self.assertEqual(e.code, mg.ENOGAME)
        self.assertIn("no_such_game", e.message)  # from the err buffer
        self.assertEqual(e.strerror, mg.strerror(mg.ENOGAME))
        self.assertEqual(str(e), e.message)

    def test_spec_errors(self):
        for spec, cls, code in (
                ("dots_and_boxes(colour=red)", mg.OptionError, mg.EOPTION),
                ("dots_and_boxes(rows=0)", mg.OptionValueError, mg.EVALUE),
                ("dots_and_boxes(rows=3", mg.NotationError, mg.ESYNTAX)):
            with self.subTest(spec=spec):
                with self.assertRaises(cls) as cm:
                    mg.Game(spec)
                self.assertEqual(cm.exception.code, code)
                self.assertTrue(cm.exception.message)
        with self.assertRaises(TypeError):
            mg.Game(42)

    def test_state_errors(self):
        with mg.Game(SPEC) as g:
            s = g.new_state()
            with self.assertRaises(mg.NothingToUndoError) as cm:
                s.undo()
            # no err buffer here: the message is mg_strerror's
            self.assertEqual(cm.exception.message, mg.strerror(mg.EEMPTY))
            s.apply("a1-b1")
            with self.assertRaises(mg.IllegalActionError):
                s.apply("a1-b1")
            with self.assertRaises(mg.OutOfRangeError):
                s.apply(g.num_actions)
            with self.assertRaises(mg.NotationError) as cm:
                s.apply("%%%")
            self.assertIn("%%%", cm.exception.message)
            with self.assertRaises(mg.OutOfRangeError):
                s.score(2)
            with self.assertRaises(mg.UnsupportedError):
                s.groups(0)
            self.assertEqual(s.history, [0])  # refusals changed nothing
            s.playout(1)
            with self.assertRaises(mg.GameOverError):
                s.apply(s.history[0])

    def test_error_classes(self):
        codes = set()
        for code, cls in mg.ERRORS.items():
            self.assertTrue(issubclass(cls, mg.MindgamesError))
            e = cls(code)
            self.assertEqual(e.message, mg.strerror(code))
            self.assertNotEqual(e.message, "unknown error")
            codes.add(code)
        self.assertEqual(codes, set(range(-15, -1)))
        self.assertTrue(issubclass(mg.OutOfMemoryError, MemoryError))
        self.assertTrue(issubclass(mg.ClosedError, mg.InvalidArgumentError))

    def test_closed_objects(self):
        g = mg.Game(SPEC)
        s = g.new_state()
        g.close()
        self.assertTrue(s.closed)
        for call in (lambda: s.apply(0), lambda: s.hash, g.new_state,
                     lambda: g.spec):
            with self.assertRaises(mg.ClosedError) as cm:
                call()
            self.assertEqual(cm.exception.code, mg.EINVAL)
        s.close()
        g.close()  # twice is fine
        self.assertIn("closed", repr(s))
        self.assertIn("closed", repr(g))


class TestGame(unittest.TestCase):

    def test_properties(self):
        with mg.Game(" Dots_And_Boxes ( ROWS = 3 , cols=3 ) ") as g:
            self.assertEqual(g.id, "dots_and_boxes")
            self.assertTrue(g.spec.startswith("dots_and_boxes("))
            self.assertEqual(g.num_actions, 24)
            self.assertGreaterEqual(g.max_legal_actions, 24)
            self.assertIsNone(g.board)
            self.assertEqual(mg.Game(g.spec).spec, g.spec)
        self.assertIn("dots_and_boxes", mg.game_ids())
        self.assertIn("fangqi", mg.game_ids())

    def test_every_game_plays(self):
        for gid in mg.game_ids():
            with self.subTest(game=gid), mg.Game(gid) as g:
                s = mg.State(g)
                self.assertGreater(s.playout(3), 0)
                self.assertTrue(s.is_terminal)
                self.assertIn(s.winner, (0, 1, mg.DRAW))
                self.assertEqual(s.current_player, mg.NOBODY)

    def test_context_manager_closes_states(self):
        with mg.Game(SPEC) as g:
            states = [g.new_state() for _ in range(3)]
            states[1].close()
        self.assertTrue(g.closed)
        self.assertTrue(all(s.closed for s in states))

    def test_states_keep_their_game_alive(self):
        s = mg.Game(SPEC).new_state()   # no other reference to the game
        gc.collect()
        s.playout(5)
        self.assertTrue(s.is_terminal)
        self.assertEqual(s.game.num_actions, 24)
        board = mg.Game("china_tangle(board=2)").board
        gc.collect()
        self.assertEqual(board.cells, 63)  # the board keeps its game

    def test_cycles_are_collected_in_any_order(self):
        for _ in range(20):
            g = mg.Game(SPEC)
            s = g.new_state()
            t = s.clone()
            g.cycle, s.cycle, t.cycle = (g, s, t), (g, s, t), (g, s, t)
            s.playout(1)
            del g, s, t
            gc.collect()


class TestState(unittest.TestCase):

    def setUp(self):
        self.g = mg.Game(SPEC)
        self.s = self.g.new_state()

    def tearDown(self):
        self.g.close()

    def test_apply_undo_history(self):
        s = self.s
        self.assertEqual(s.current_player, 0)
        self.assertFalse(s.is_terminal)
        self.assertEqual(s.winner, mg.NOBODY)
        start = s.hash
        legal = s.legal_actions()
        self.assertIsInstance(legal, list)
        self.assertEqual(legal, list(range(24)))
        self.assertEqual(s.apply("A1-b1"), 0)
        self.assertEqual(s.apply(23), 23)
        self.assertEqual(s.history, [0, 23])
        self.assertFalse(s.is_legal(0))
        self.assertFalse(s.is_legal("a1-b1"))
        self.assertFalse(s.is_legal("nonsense"))
        self.assertTrue(s.is_legal("b1-c1"))
        self.assertEqual(len(s.legal_actions()), 22)
        s.undo()
        s.undo()
        self.assertEqual(s.hash, start)
        self.assertEqual(s.history, [])

    def test_notation(self):
        for a in range(self.g.num_actions):
            text = self.s.action_to_string(a)
            self.assertEqual(self.s.action_from_string(text.upper()), a)

    def test_hash_order_independent(self):
        t = self.g.new_state()
        for st, order in ((self.s, ("a1-b1", "c4-d4")),
                          (t, ("c4-d4", "a1-b1"))):
            for m in order:
                st.apply(m)
        self.assertEqual(self.s.hash, t.hash)
        self.assertNotEqual(self.s.history, t.history)

    def test_long_history(self):
        with mg.Game("dots_and_boxes(rows=16,cols=16)") as g:
            s = g.new_state()
            n = s.playout(9)
            self.assertGreater(n, 256)  # past the first buffer
            self.assertEqual(len(s.history), n)

    def test_scores_and_groups(self):
        self.s.playout(11)
        a, b = self.s.scores()
        self.assertEqual(a + b, 9)
        self.assertEqual(self.s.winner, 0 if a > b else 1)
        with mg.Game("china_tangle(board=3)") as g:
            s = g.new_state()
            s.playout(2)
            for p in (0, 1):
                groups = s.groups(p)
                self.assertEqual(groups, sorted(groups, reverse=True))
                self.assertGreater(sum(groups), 0)

    def test_render(self):
        self.s.apply("a1-b1")
        text = self.s.render()
        self.assertIn("+---+", text)
        self.assertEqual(str(self.s), text)
        self.assertTrue(self.s.render(svg=True).startswith("<svg"))

    def test_save_load(self):
        self.s.playout(42, 10)
        rec = self.s.save()
        self.assertTrue(rec.startswith("mindgames-record 1\n"))
        t = mg.State.load(rec)
        self.assertIsNot(t.game, self.g)
        self.assertEqual(t.game.spec, self.g.spec)
        self.assertEqual(t.history, self.s.history)
        self.assertEqual(t.hash, self.s.hash)
        self.assertEqual(t.save(), rec)
        with self.assertRaises(mg.NotationError) as cm:
            mg.State.load("not a record")
        self.assertTrue(cm.exception.message)
        with self.assertRaises(mg.IllegalActionError):
            mg.State.load(rec.replace("actions 10", "actions 11")
                          .rstrip("\n") + " " + rec.split("\n")[3]
                          .split()[0] + "\n")
        # the loaded game lives as long as its state
        u = mg.State.load(rec)
        gc.collect()
        self.assertEqual(u.game.num_actions, 24)
        u.playout(1)

    def test_clone_copy_playout(self):
        self.s.playout(5, 7)
        c = self.s.clone()
        self.assertIsNot(c, self.s)
        self.assertIs(c.game, self.g)
        self.assertEqual((c.hash, c.history), (self.s.hash, self.s.history))
        c.playout(6)
        self.assertEqual(len(self.s.history), 7)
        d = self.s.copy()
        self.assertEqual(d.history, self.s.history)
        d.copy_from(c)
        self.assertEqual(d.history, c.history)
        # across games: d then belongs to the other game
        with mg.Game("dots_and_boxes(rows=2,cols=2)") as g2:
            e = g2.new_state()
            e.copy_from(self.s)
            self.assertIs(e.game, self.g)
        self.assertFalse(e.closed)  # closing g2 did not close it
        self.assertEqual(e.history, self.s.history)
        # playout: deterministic for a seed, max_actions respected
        t = self.g.new_state()
        self.assertEqual(t.playout(2**64 - 1, 5), 5)
        u = self.g.new_state()
        u.playout(2**64 - 1, 5)
        self.assertEqual(t.history, u.history)

    def test_legal_actions_numpy(self):
        self.s.apply("a1-b1")
        if not mg.HAVE_NUMPY:
            with self.assertRaises(ImportError):
                self.s.legal_actions(as_numpy=True)
            return
        import numpy
        arr = self.s.legal_actions(as_numpy=True)
        self.assertIsInstance(arr, numpy.ndarray)
        self.assertEqual(arr.dtype, numpy.int32)
        self.assertEqual(arr.tolist(), self.s.legal_actions())


class TestBoard(unittest.TestCase):

    def test_generate_parse(self):
        with mg.Board.generate("labyrinth", 3) as b:
            self.assertEqual(b.kind, mg.BOARD_LABYRINTH)
            self.assertEqual(b.cells, 63)
            self.assertEqual(len(b), 63)
            pos = b.positions
            self.assertEqual(len(set(pos)), 63)
            for i, (x, y) in enumerate(pos):
                self.assertEqual(b.cell_at(x, y), i)
            self.assertIsNone(b.cell_at(*b.blank))
            self.assertEqual({b.mask(i) for i in range(63)}, set(range(1, 64)))
            self.assertTrue(b.name(0))
            self.assertTrue(b.neighbors(0))
            self.assertLessEqual(b.pattern_class(5), b.mask(5))
            text = b.format()
            with mg.Board.parse(text) as p:
                self.assertEqual(p.format(), text)
                self.assertEqual(p.fingerprint, b.fingerprint)
            self.assertTrue(b.render(svg=True).startswith("<svg"))
            self.assertIn("---", b.render(cells=False))
        self.assertEqual(mg.Board.generate(mg.BOARD_OCTOPUSZLE, 1).cells, 255)
        with self.assertRaises(mg.InvalidArgumentError):
            mg.Board.generate("chess", 1)

    def test_parse_refusal(self):
        with self.assertRaises(mg.InvalidBoardError) as cm:
            mg.Board.parse("mindgames-board 1\nkind labyrinth\nsize 2 1\n##\n")
        self.assertIn("2 cells", cm.exception.message)

    def test_game_with_board(self):
        b = mg.Board.generate(mg.BOARD_LABYRINTH, 9)
        g = mg.Game.with_board("china_tangle", b)
        b.close()  # the game keeps its own copy
        self.assertEqual(g.board.fingerprint,
                         mg.Game("china_tangle(board=9)").board.fingerprint)
        s = g.new_state()
        s.playout(1)
        t = mg.State.load(s.save())  # the record carries the board
        self.assertEqual(t.history, s.history)
        with self.assertRaises(mg.MismatchError):
            mg.Game.with_board("china_squares", mg.Board.generate(2, 1))


@needs_bots
class TestBot(unittest.TestCase):

    def test_spec_and_errors(self):
        with mg.Bot("random", 1) as b:
            self.assertEqual(b.spec, "random")
        m = mg.Bot("mcts(iterations=50)")
        self.assertTrue(m.spec.startswith("mcts(iterations=50,"), m.spec)
        with self.assertRaises(mg.UnknownGameError) as cm:
            mg.Bot("no_such_bot")
        self.assertIn("no_such_bot", cm.exception.message)
        with self.assertRaises(mg.OptionError):
            mg.Bot("mcts(colour=red)")
        with self.assertRaises(mg.OptionValueError):
            mg.Bot("mcts(iterations=0,time_ms=0)")

    def test_spec_round_trip(self):
        # mg_bot_spec(): "accepted back by mg_bot_new()"
        for spec in ("random", "greedy", "mcts(iterations=50)",
                     "mcts(time_ms=5,c=0.5,reuse=false)"):
            with self.subTest(bot=spec):
                canon = mg.Bot(spec).spec
                self.assertEqual(mg.Bot(canon).spec, canon)

    def test_choose(self):
        for spec in ("random", "greedy", "mcts(iterations=100)"):
            with self.subTest(bot=spec), mg.Game(SPEC) as g, \
                    mg.Bot(spec, 7) as bot:
                s = g.new_state()
                while not s.is_terminal:
                    h = s.hash
                    a = bot.choose(s)
                    self.assertEqual(s.hash, h)  # not changed
                    self.assertTrue(s.is_legal(a))
                    s.apply(a)
                with self.assertRaises(mg.GameOverError):
                    bot.choose(s)

    def test_deterministic(self):
        def game(seed):
            with mg.Game(SPEC) as g:
                bots = [mg.Bot("mcts(iterations=60)", seed),
                        mg.Bot("greedy", seed + 1)]
                s = g.new_state()
                while not s.is_terminal:
                    s.apply(bots[s.current_player].choose(s))
                return s.history
        self.assertEqual(game(3), game(3))

    def test_bot_keeps_game_until_closed(self):
        g = mg.Game(SPEC)
        s = g.new_state()
        bot = mg.Bot("mcts(iterations=20)", 1)
        bot.choose(s)
        g.close()  # states closed now, the C game only after the bot
        self.assertTrue(s.closed)
        self.assertIsNotNone(g._handle_pending)
        # a bot moving on to another game lets the first one go
        with mg.Game(SPEC) as g2:
            bot.choose(g2.new_state())
            self.assertIsNone(g._handle_pending)
            bot.close()
        del bot
        gc.collect()

    def test_game_dropped_while_bot_lives(self):
        bot = mg.Bot("mcts(iterations=20)", 1)
        s = mg.Game(SPEC).new_state()
        bot.choose(s)
        del s
        gc.collect()           # the bot still holds the game
        s = mg.Game(SPEC).new_state()
        s.apply(bot.choose(s))  # and moves on safely
        bot.close()


def random_games(game, seeds):
    """One game per seed on its own state of `game`: Python-random moves
    for the first half, then the library's playout.  Returns
    [(history, hash, winner, scores)]."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        with game.new_state() as s:
            while not s.is_terminal and len(s.history) < game.num_actions // 2:
                s.apply(rng.choice(s.legal_actions()))
            s.playout(seed)
            out.append((s.history, s.hash, s.winner, s.scores()))
    return out


def bot_games(game, seeds):
    out = []
    for seed in seeds:
        with mg.Bot("mcts(iterations=30)", seed) as a, \
                mg.Bot("random", seed + 1) as b, game.new_state() as s:
            while not s.is_terminal:
                s.apply((a, b)[s.current_player].choose(s))
            out.append((s.history, s.winner))
    return out


class TestThreads(unittest.TestCase):
    """Several Python threads, each playing on its own states of one shared
    Game (ctypes releases the GIL around each call): the results equal a
    single-threaded replay with the same seeds."""

    THREADS, GAMES = 6, 25

    def run_threads(self, fn, game, seeds):
        results = [None] * len(seeds)
        errors = []
        barrier = threading.Barrier(len(seeds))

        def worker(t):
            try:
                barrier.wait()
                results[t] = fn(game, seeds[t])
            except Exception as e:  # reported in the main thread
                errors.append(e)

        threads = [threading.Thread(target=worker, args=(t,))
                   for t in range(len(seeds))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        self.assertEqual(errors, [])
        return results

    def test_random_games(self):
        with mg.Game("dots_and_boxes(rows=8,cols=8)") as g:
            seeds = [[1000 * t + i for i in range(self.GAMES)]
                     for t in range(self.THREADS)]
            expected = [random_games(g, ss) for ss in seeds]
            self.assertGreater(len({r[1] for rs in expected for r in rs}),
                               self.THREADS * self.GAMES // 2)
            self.assertEqual(self.run_threads(random_games, g, seeds),
                             expected)

    @needs_bots
    def test_bot_games(self):
        with mg.Game(SPEC) as g:
            seeds = [[100 * t + i for i in range(4)]
                     for t in range(self.THREADS)]
            expected = [bot_games(g, ss) for ss in seeds]
            self.assertEqual(self.run_threads(bot_games, g, seeds), expected)


class TestPlayExample(unittest.TestCase):

    @needs_bots
    def test_play_py(self):
        p = subprocess.run(
            [sys.executable, PLAY, "--opponent", "random", "--games", "2",
             "--spec", "dots_and_boxes(rows=2,cols=2)", "--show"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120,
            universal_newlines=True, env=dict(os.environ))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stdout, r"(?m)^game 2: Python bot on seat 1: ")
        self.assertRegex(p.stdout,
                         r"(?m)^result: Python \d, random \d, draws \d ")


if __name__ == "__main__":
    unittest.main()
