"""The Python package's classes and functions: Game, State, Board, Bot,
Site, Option, game_ids, game_options, version, strerror, library_path.

Bad input, the position API, NumPy, pickling, threads and the package
itself (lookup, typing, examples) have files of their own
(test_python_*.py).  See mgtest.py for how to run them.
"""
import copy
import gc
import os
import unittest

from mgtest import SPEC, header_version, mg


class TestFunctions(unittest.TestCase):

    def test_game_ids(self):
        ids = mg.game_ids()
        for gid in ("dots_and_boxes", "china_squares", "china_octangle",
                    "china_tangle", "china_grove", "fangqi",
                    "chains_of_thought"):
            self.assertIn(gid, ids)
        self.assertEqual(len(ids), len(set(ids)))
        self.assertTrue(all(isinstance(i, str) for i in ids))

    def test_version(self):
        n = mg.version_number()
        self.assertEqual(mg.version(), "%d.%d.%d" % (n // 10000,
                                                     n // 100 % 100, n % 100))
        self.assertEqual(n // 10000, 1)
        self.assertEqual(mg.version(), header_version())
        self.assertEqual(mg.__version__, header_version())

    def test_strerror(self):
        for code in mg.ErrorCode:
            with self.subTest(code=code):
                self.assertTrue(mg.strerror(code))
                if code != mg.OK:
                    self.assertNotEqual(mg.strerror(code), "unknown error")
        self.assertEqual(mg.strerror(-12345), "unknown error")
        self.assertEqual(mg.strerror(mg.EILLEGAL), "illegal action")

    def test_library_path(self):
        path = mg.library_path()
        self.assertTrue(os.path.isfile(path), path)
        self.assertTrue(os.path.basename(os.path.realpath(path))
                        .startswith("libmindgames.so."), path)
        if os.environ.get("MINDGAMES_LIB"):
            self.assertEqual(os.path.realpath(path),
                             os.path.realpath(os.environ["MINDGAMES_LIB"]))

    def test_load_library(self):
        lib = mg.load_library(mg.library_path())
        self.assertEqual(lib.mg_version_number(), mg.version_number())
        self.assertEqual(lib.mg_game_count(), len(mg.game_ids()))
        self.assertIsNot(lib.mg_game_count, mg.lib.mg_game_count)
        self.assertEqual(mg.load_library().mg_version_number(),
                         mg.version_number())
        with self.assertRaises(mg.LibraryNotFoundError) as cm:
            mg.load_library("/no/such/libmindgames.so.1")
        self.assertIn("/no/such/libmindgames.so.1", str(cm.exception))
        self.assertIsInstance(cm.exception, ImportError)

    def test_game_options(self):
        opts = mg.game_options("dots_and_boxes(grid=triangle)")
        keys = [o.key for o in opts]
        self.assertEqual(keys[0], "grid")
        for key in ("rows", "cols", "size", "border", "misere"):
            self.assertIn(key, keys)
        by = {o.key: o for o in opts}
        self.assertEqual(by["grid"].type, mg.OptionType.ENUM)
        self.assertEqual(by["grid"].value, "triangle")
        self.assertEqual(by["grid"].choices, ("square", "triangle",
                                              "hexagon"))
        self.assertEqual((by["grid"].min, by["grid"].max), (0, 2))
        self.assertFalse(by["rows"].applies)   # not on the triangle grid
        self.assertTrue(by["size"].applies)
        self.assertEqual(by["misere"].type, mg.OptionType.BOOL)
        self.assertEqual(by["misere"].choices, ("false", "true"))
        self.assertEqual(by["rows"].type, mg.OptionType.INT)
        self.assertLess(by["rows"].min, by["rows"].max)
        self.assertEqual([o.number for o in opts], list(range(len(opts))))
        seed = mg.game_options("china_squares")[0]
        self.assertEqual((seed.key, seed.type), ("board", mg.OptionType.SEED))
        self.assertEqual((seed.min, seed.max), (0, 2**64 - 1))
        mcts = [o for o in mg.game_options(b"fangqi")]
        self.assertEqual(mcts[0].key, "variant")
        # the canonical spec lists exactly the options that apply
        for gid in mg.game_ids():
            with self.subTest(game=gid):
                g = mg.Game(gid)
                applying = ",".join("%s=%s" % (o.key, o.value)
                                    for o in g.options() if o.applies)
                self.assertEqual(g.spec, "%s(%s)" % (gid, applying))
        with self.assertRaises(mg.OptionError) as cm:
            mg.game_options("dots_and_boxes(colour=red)")
        self.assertIn("colour", cm.exception.message)
        with self.assertRaises(mg.UnknownGameError):
            mg.game_options("no_such_game")

    def test_constants(self):
        self.assertEqual((mg.NOBODY, mg.DRAW, mg.NEUTRAL), (-1, 2, 3))
        self.assertEqual(mg.BoardKind.OCTOPUSZLE, 1)
        self.assertEqual(mg.BOARD_LABYRINTH, mg.BoardKind.LABYRINTH)
        self.assertEqual([int(k) for k in mg.SiteKind], [1, 2, 3, 4])
        self.assertEqual(mg.SITE_BOX, 4)
        self.assertEqual([int(k) for k in mg.OptionType], [1, 2, 3, 4, 5])
        self.assertEqual(set(int(c) for c in mg.ErrorCode),
                         {0} | set(range(-16, -1)))
        self.assertEqual((mg.RENDER_TEXT, mg.RENDER_SVG), (1, 2))
        self.assertEqual((mg.SHOW_CELLS, mg.SHOW_BEAMS), (1, 2))


class TestGame(unittest.TestCase):

    def test_properties(self):
        with mg.Game(" Dots_And_Boxes ( ROWS = 3 , cols=3 ) ") as g:
            self.assertEqual(g.id, "dots_and_boxes")
            self.assertTrue(g.spec.startswith("dots_and_boxes("))
            self.assertIn("rows=3", g.spec)
            self.assertEqual(g.num_actions, 24)
            self.assertGreaterEqual(g.max_legal_actions, 24)
            self.assertIsNone(g.board)
            self.assertFalse(g.closed)
            self.assertEqual(mg.Game(g.spec).spec, g.spec)
            self.assertEqual(mg.Game(g.spec.encode()).spec, g.spec)
        self.assertTrue(g.closed)

    def test_every_game_plays(self):
        for gid in mg.game_ids():
            with self.subTest(game=gid), mg.Game(gid) as g:
                s = mg.State(g)
                self.assertGreater(s.playout(3), 0)
                self.assertTrue(s.is_terminal)
                self.assertIn(s.winner, (0, 1, mg.DRAW))
                self.assertEqual(s.current_player, mg.NOBODY)
                self.assertEqual(s.legal_actions(), [])
                self.assertEqual(mg.State.load(s.save()).history(),
                                 s.history())

    def test_equality_and_hash(self):
        a, b = mg.Game(SPEC), mg.Game(SPEC.upper())
        self.assertEqual(a, b)
        self.assertEqual(hash(a), hash(b))
        self.assertNotEqual(a, mg.Game("dots_and_boxes(rows=2,cols=3)"))
        self.assertNotEqual(a, SPEC)
        self.assertEqual(len({a, b, mg.Game("china_tangle(board=4)")}), 2)
        board = mg.Board.generate("labyrinth", 4)
        c = mg.Game.with_board("china_tangle", board)
        self.assertEqual(c, mg.Game.with_board("china_tangle",
                                               mg.Board.generate(2, 4)))
        self.assertNotEqual(c, mg.Game.with_board("china_tangle",
                                                  mg.Board.generate(2, 5)))

    def test_repr(self):
        g = mg.Game(SPEC)
        self.assertEqual(repr(g), "<mindgames.Game %s>" % g.spec)
        self.assertEqual(str(g), repr(g))
        b = mg.Game.with_board("china_grove", mg.Board.generate(2, 3))
        self.assertIn("board of its own", repr(b))
        self.assertIn("%016x" % b.board.fingerprint, repr(b))
        g.close()
        self.assertEqual(repr(g), "<mindgames.Game closed>")

    def test_with_board(self):
        b = mg.Board.generate(mg.BOARD_LABYRINTH, 9)
        g = mg.Game.with_board("china_tangle", b)
        b.close()  # the game keeps its own copy
        self.assertNotIn("board=", g.spec)
        self.assertEqual(g.board.fingerprint,
                         mg.Game("china_tangle(board=9)").board.fingerprint)
        s = g.new_state()
        s.playout(1)
        t = mg.State.load(s.save())  # the record carries the board
        self.assertEqual(t.history(), s.history())
        self.assertEqual(t.game, g)
        self.assertEqual(mg.Game("china_tangle", board=g.board), g)
        with self.assertRaises(mg.MismatchError):
            mg.Game.with_board("china_squares", mg.Board.generate(2, 1))
        with self.assertRaises(mg.UnsupportedError):
            mg.Game.with_board(SPEC, mg.Board.generate(2, 1))
        with self.assertRaises(mg.OptionError):
            mg.Game.with_board("china_tangle(board=3)",
                               mg.Board.generate(2, 1))
        with self.assertRaises(TypeError):
            mg.Game.with_board("china_tangle", "a board")
        with self.assertRaises(TypeError):
            mg.Game("china_tangle", board=3)

    def test_board_of_a_game(self):
        g = mg.Game("china_tangle(board=2)")
        b = g.board
        self.assertIs(g.board, b)
        self.assertEqual(b.cell_count, 63)
        self.assertEqual(b, mg.Board.generate("labyrinth", 2))
        b.close()   # detached, the game's board is untouched
        self.assertEqual(g.board.cell_count, 63)
        b2 = g.board
        g.close()
        self.assertTrue(b2.closed)
        with self.assertRaises(mg.ClosedError) as cm:
            b2.cell_count
        self.assertIn("Game", str(cm.exception))

    def test_context_manager_closes_states(self):
        with mg.Game(SPEC) as g:
            states = [g.new_state() for _ in range(3)]
            states[1].close()
            self.assertIsInstance(states[0], mg.State)
        self.assertTrue(g.closed)
        self.assertTrue(all(s.closed for s in states))
        with self.assertRaises(mg.ClosedError):
            with g:
                pass

    def test_states_keep_their_game_alive(self):
        s = mg.Game(SPEC).new_state()   # no other reference to the game
        gc.collect()
        s.playout(5)
        self.assertTrue(s.is_terminal)
        self.assertEqual(s.game.num_actions, 24)
        board = mg.Game("china_tangle(board=2)").board
        gc.collect()
        self.assertEqual(board.cell_count, 63)  # the board keeps its game

    def test_cycles_are_collected_in_any_order(self):
        for _ in range(20):
            g = mg.Game(SPEC)
            s = g.new_state()
            t = s.clone()
            cycle = [g, s, t]
            cycle.append(cycle)
            s.playout(1)
            del g, s, t, cycle
            gc.collect()

    def test_options(self):
        g = mg.Game("fangqi(variant=xinjiang)")
        by = {o.key: o for o in g.options()}
        self.assertEqual(by["variant"].value, "xinjiang")
        self.assertEqual(by["width"].value, "7")
        self.assertIsInstance(by["width"], mg.Option)


class TestState(unittest.TestCase):

    def setUp(self):
        self.g = mg.Game(SPEC)
        self.s = self.g.new_state()

    def tearDown(self):
        self.g.close()

    def test_apply_undo_history(self):
        s = self.s
        self.assertIs(s.game, self.g)
        self.assertEqual(s.current_player, 0)
        self.assertFalse(s.is_terminal)
        self.assertEqual(s.winner, mg.NOBODY)
        start = s.hash
        legal = s.legal_actions()
        self.assertIsInstance(legal, list)
        self.assertEqual(legal, list(range(24)))
        self.assertEqual(s.apply("A1-b1"), 0)
        self.assertEqual(s.apply(b"d4-d3"), s.action_from_string("d3-d4"))
        self.assertEqual(s.apply(22), 22)
        self.assertEqual(s.history(), [0, s.history()[1], 22])
        self.assertFalse(s.is_legal(0))
        self.assertFalse(s.is_legal("a1-b1"))
        self.assertFalse(s.is_legal("nonsense"))
        self.assertFalse(s.is_legal("a1-z9"))
        self.assertTrue(s.is_legal("b1-c1"))
        self.assertTrue(s.is_legal(b"b1-c1"))
        self.assertEqual(len(s.legal_actions()), 21)
        self.assertIsNone(s.undo())
        s.undo()
        s.undo()
        self.assertEqual(s.hash, start)
        self.assertEqual(s.history(), [])

    def test_notation(self):
        for a in range(self.g.num_actions):
            text = self.s.action_to_string(a)
            self.assertEqual(self.s.action_from_string(text.upper()), a)
            self.assertEqual(self.s.action_from_string(
                (" %s " % text).encode()), a)

    def test_hash_order_independent(self):
        t = self.g.new_state()
        for st, order in ((self.s, ("a1-b1", "c4-d4")),
                          (t, ("c4-d4", "a1-b1"))):
            for m in order:
                st.apply(m)
        self.assertEqual(self.s.hash, t.hash)
        self.assertNotEqual(self.s.history(), t.history())
        self.assertIsInstance(self.s.hash, int)
        self.assertLess(self.s.hash, 2**64)

    def test_long_history(self):
        with mg.Game("dots_and_boxes(rows=16,cols=16)") as g:
            s = g.new_state()
            n = s.playout(9)
            self.assertGreater(n, 256)
            self.assertEqual(len(s.history()), n)

    def test_scores_and_groups(self):
        self.assertEqual(self.s.scores, (0, 0))
        self.s.playout(11)
        a, b = self.s.scores
        self.assertEqual((a, b), (self.s.score(0), self.s.score(1)))
        self.assertEqual(a + b, 9)
        self.assertEqual(self.s.winner, 0 if a > b else 1)
        with mg.Game("china_tangle(board=3)") as g:
            s = g.new_state()
            s.playout(2)
            for p in (0, 1):
                groups = s.groups(p)
                self.assertEqual(groups, sorted(groups, reverse=True))
                self.assertGreater(sum(groups), 0)
            self.assertEqual(g.new_state().groups(0), [])

    def test_playout_result(self):
        self.s.apply("a1-b1")
        hist, h = self.s.history(), self.s.hash
        n, w, (a, b) = self.s.playout_result(7)
        self.assertEqual((self.s.history(), self.s.hash), (hist, h))
        self.assertEqual(n, 23)  # 24 lines on 3x3 boxes, one drawn
        self.assertEqual(a + b, 9)
        self.assertEqual(w, mg.DRAW if a == b else 0 if a > b else 1)
        self.assertEqual(self.s.playout_result(7), (n, w, (a, b)))
        t = self.s.clone()
        t.playout(7)
        self.assertEqual(self.s.playout_result(7, 2)[:2], (2, mg.NOBODY))
        self.assertEqual(self.s.playout_result(7, None), (n, w, (a, b)))
        self.assertEqual(t.playout_result(1), (0, t.winner, t.scores))
        with self.assertRaises(OverflowError):
            self.s.playout_result(-1)

    def test_render(self):
        self.s.apply("a1-b1")
        text = self.s.render()
        self.assertIn("+---+", text)
        self.assertEqual(str(self.s), text)
        self.assertTrue(self.s.render(svg=True).startswith("<svg"))
        # a picture past the first buffer (256 bytes)
        self.assertGreater(len(self.s.render(svg=True)), 256)

    def test_save_load(self):
        self.s.playout(42, 10)
        rec = self.s.save()
        self.assertTrue(rec.startswith("mindgames-record 1\n"))
        t = mg.State.load(rec)
        self.assertIsNot(t.game, self.g)
        self.assertEqual(t.game, self.g)
        self.assertEqual(t.history(), self.s.history())
        self.assertEqual(t.hash, self.s.hash)
        self.assertEqual(t.save(), rec)
        self.assertEqual(mg.State.load(rec.encode()).hash, t.hash)
        with self.assertRaises(mg.NotationError) as cm:
            mg.State.load("not a record")
        self.assertTrue(cm.exception.message)
        lines = rec.split("\n")
        first = lines[3].split()[0]
        bad = "\n".join(lines[:2] + ["actions 11", lines[3] + " " + first,
                                     ""])
        with self.assertRaises(mg.IllegalActionError) as cm:
            mg.State.load(bad)
        self.assertIn(first, cm.exception.message)
        u = mg.State.load(rec)   # the loaded game lives as long as its state
        gc.collect()
        self.assertEqual(u.game.num_actions, 24)
        u.playout(1)

    def test_clone_copy_playout(self):
        self.s.playout(5, 7)
        c = self.s.clone()
        self.assertIsNot(c, self.s)
        self.assertIs(c.game, self.g)
        self.assertEqual((c.hash, c.history()),
                         (self.s.hash, self.s.history()))
        c.playout(6)
        self.assertEqual(len(self.s.history()), 7)
        d = copy.copy(self.s)
        self.assertIs(d.game, self.g)
        self.assertEqual(d.history(), self.s.history())
        d.copy_from(c)
        self.assertEqual(d.history(), c.history())
        with mg.Game("dots_and_boxes(rows=2,cols=2)") as g2:
            e = g2.new_state()
            e.copy_from(self.s)          # e then belongs to self.g
            self.assertIs(e.game, self.g)
        self.assertFalse(e.closed)       # closing g2 did not close it
        self.assertEqual(e.history(), self.s.history())
        self.g.close()
        self.assertTrue(e.closed)        # closing its new game does
        with self.assertRaises(TypeError):
            self.s.copy_from("state")

    def test_playout(self):
        t, u = self.g.new_state(), self.g.new_state()
        self.assertEqual(t.playout(2**64 - 1, 5), 5)
        u.playout(2**64 - 1, 5)
        self.assertEqual(t.history(), u.history())
        self.assertEqual(t.playout(1, 0), 0)
        self.assertEqual(t.playout(1, None), 19)
        self.assertEqual(t.playout(1), 0)      # over
        v = self.g.new_state()
        self.assertEqual(v.playout(), 24)       # seed 0, no limit
        self.assertEqual(v.playout(max_actions=-1), 0)

    def test_repr(self):
        r = repr(self.s)
        self.assertTrue(r.startswith("<mindgames.State of dots_and_boxes("),
                        r)
        self.assertIn("0 actions played, player 0 to move", r)
        self.s.apply(0)
        self.assertIn("1 action played, player 1 to move", repr(self.s))
        self.s.playout(3)
        a, b = self.s.scores
        self.assertIn("24 actions played, over, player %d won %d-%d"
                      % (self.s.winner, a, b), repr(self.s))
        self.s.close()
        self.assertEqual(repr(self.s), "<mindgames.State closed>")


class TestBoard(unittest.TestCase):

    def test_generate_parse(self):
        with mg.Board.generate("labyrinth", 3) as b:
            self.assertEqual(b.kind, mg.BoardKind.LABYRINTH)
            self.assertIs(type(b.kind), mg.BoardKind)
            self.assertEqual(b.cell_count, 63)
            self.assertEqual(len(b), 63)
            pos = b.cell_positions()
            self.assertEqual(len(set(pos)), 63)
            for i, (x, y) in enumerate(pos):
                self.assertEqual(b.cell_at(x, y), i)
                self.assertEqual(b.cell_position(i), (x, y))
            self.assertIsNone(b.cell_at(*b.blank))
            self.assertIsNone(b.cell_at(-100, -100))
            self.assertEqual({b.cell_mask(i) for i in range(63)},
                             set(range(1, 64)))
            self.assertRegex(b.cell_name(0), r"^[a-z]+[0-9]+$")
            for i in range(63):
                for n in b.cell_neighbors(i):
                    self.assertIn(i, b.cell_neighbors(n))
            self.assertLessEqual(b.cell_class(5), b.cell_mask(5))
            text = b.format()
            with mg.Board.parse(text) as p:
                self.assertEqual(p.format(), text)
                self.assertEqual(p.fingerprint, b.fingerprint)
                self.assertEqual(p, b)
                self.assertEqual(hash(p), hash(b))
            self.assertEqual(mg.Board(text.encode()), b)
            self.assertTrue(b.render(svg=True).startswith("<svg"))
            self.assertIn("---", b.render(cells=False))
            self.assertEqual(str(b), b.render())
            self.assertNotEqual(b.render(beams=False), b.render())
        self.assertEqual(mg.Board.generate(mg.BOARD_OCTOPUSZLE, 1)
                         .cell_count, 255)
        self.assertEqual(mg.Board.generate(mg.BoardKind.LABYRINTH, 3)
                         .fingerprint, mg.Board.generate(2, 3).fingerprint)
        self.assertEqual(mg.Board.generate().kind, mg.BoardKind.OCTOPUSZLE)
        self.assertNotEqual(mg.Board.generate(2, 1), mg.Board.generate(2, 2))
        self.assertNotEqual(mg.Board.generate(2, 1), "board")
        with self.assertRaises(mg.InvalidArgumentError):
            mg.Board.generate("chess", 1)
        with self.assertRaises(mg.InvalidArgumentError):
            mg.Board.generate(3, 1)
        with self.assertRaises(mg.OutOfRangeError):
            mg.Board.generate(2, 1).cell_mask(63)

    def test_parse_refusal(self):
        with self.assertRaises(mg.InvalidBoardError) as cm:
            mg.Board.parse("mindgames-board 1\nkind labyrinth\nsize 2 1\n##\n")
        self.assertIn("2 cells", cm.exception.message)
        self.assertEqual(cm.exception.code, mg.EBOARD)
        with self.assertRaises(mg.NotationError):
            mg.Board.parse("not a board")

    def test_repr(self):
        b = mg.Board.generate("octopuszle", 7)
        self.assertEqual(repr(b), "<mindgames.Board octopuszle, 255 cells, "
                         "fingerprint %016x>" % b.fingerprint)
        self.assertIn("of a game", repr(mg.Game("china_squares").board))
        b.close()
        b.close()
        self.assertEqual(repr(b), "<mindgames.Board closed>")


class TestBot(unittest.TestCase):

    def test_spec_and_errors(self):
        with mg.Bot("random", 1) as b:
            self.assertEqual(b.spec, "random")
            self.assertEqual(b.seed, 1)
        m = mg.Bot("mcts(iterations=50)")
        self.assertTrue(m.spec.startswith("mcts(iterations=50,"), m.spec)
        self.assertEqual(mg.Bot().spec, "random")
        self.assertEqual(mg.Bot(b"greedy").spec, "greedy")
        with self.assertRaises(mg.UnknownGameError) as cm:
            mg.Bot("no_such_bot")
        self.assertIn("no_such_bot", cm.exception.message)
        with self.assertRaises(mg.OptionError):
            mg.Bot("mcts(colour=red)")
        with self.assertRaises(mg.OptionValueError):
            mg.Bot("mcts(iterations=0,time_ms=0)")

    def test_spec_round_trip(self):
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
        with self.assertRaises(TypeError):
            mg.Bot().choose("state")

    def test_deterministic(self):
        def game(seed):
            with mg.Game(SPEC) as g:
                bots = [mg.Bot("mcts(iterations=60)", seed),
                        mg.Bot("greedy", seed + 1)]
                s = g.new_state()
                while not s.is_terminal:
                    s.apply(bots[s.current_player].choose(s))
                return s.history()
        self.assertEqual(game(3), game(3))

    def test_outlives_games(self):
        # "a bot may outlive the games and states it is given"
        bot = mg.Bot("mcts(iterations=20)", 1)
        g = mg.Game(SPEC)
        s = g.new_state()
        bot.choose(s)
        g.close()
        self.assertTrue(s.closed)
        with self.assertRaises(mg.ClosedError):
            bot.choose(s)
        del g, s
        gc.collect()
        s = mg.Game(SPEC).new_state()
        s.apply(bot.choose(s))
        bot.close()
        self.assertEqual(repr(bot), "<mindgames.Bot closed>")

    def test_repr(self):
        b = mg.Bot("greedy", 5)
        self.assertEqual(repr(b), "<mindgames.Bot greedy, seed 5>")


class TestShape(unittest.TestCase):
    """The rule: properties are cheap attributes without arguments;
    methods do work (lists, text, copies) or take arguments."""

    PROPERTIES = {
        mg.Game: {"id", "spec", "num_actions", "max_legal_actions", "board",
                  "num_sites", "observation_shape", "observation_planes",
                  "num_symmetries", "max_length", "closed"},
        mg.State: {"game", "current_player", "is_terminal", "winner",
                   "scores", "hash", "closed"},
        mg.Board: {"kind", "cell_count", "fingerprint", "blank", "closed"},
        mg.Bot: {"spec", "plays", "seed", "closed"},
    }

    def test_properties_and_methods(self):
        for cls, props in self.PROPERTIES.items():
            with self.subTest(cls=cls.__name__):
                found = {n for n in dir(cls) if not n.startswith("_")
                         and isinstance(getattr(cls, n), property)}
                self.assertEqual(found, props)
        for name in ("legal_actions", "legal_mask",
                     "history", "sites", "observation",
                     "render", "save", "clone", "score", "groups"):
            self.assertTrue(callable(getattr(mg.State, name)), name)
        for name in ("sites", "site", "site_symmetries", "action_symmetries",
                     "options", "new_state"):
            self.assertTrue(callable(getattr(mg.Game, name)), name)
        for name in ("format", "render", "cell_positions", "cell_neighbors"):
            self.assertTrue(callable(getattr(mg.Board, name)), name)


if __name__ == "__main__":
    unittest.main()
