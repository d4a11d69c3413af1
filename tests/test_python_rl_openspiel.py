"""The OpenSpiel wrapper (mindgames.openspiel) against what OpenSpiel
calls on a Python game's state: the hooks of mindgames._openspiel_core
through a stand-in of pyspiel's C++ side for Python games (OpenSpiel is
not installed in CI), then, where pyspiel is importable, OpenSpiel's own
checks: its random simulation test, its serializations and pickles, the
observer's tensors, rl_environment, MCTS and alpha-beta on small boards,
alpha-beta's values against the library's solver.  See
test_python_rl.py for the contracts of the other wrappers.

MINDGAMES_TEST_PYSPIEL=1 runs the hook tests on the real pyspiel (the
games mindgames.openspiel registers) instead of the stand-in, and makes
a pyspiel that is not importable a failure instead of a skip.  With
OpenSpiel built from source at $OS (README, "OpenSpiel"), from the top
of the repository:

    MINDGAMES_TEST_PYSPIEL=1 MINDGAMES_LIB=$PWD/build/libmindgames.so.1 \\
    PYTHONPATH=python:$OS/build/python:$OS \\
    python3 -m unittest discover -s tests -p 'test_python_rl_openspiel.py'
"""
import base64
import copy
import os
import pickle
import unittest

from mgtest import HAVE_NUMPY, mg
from test_python_rl import expected_rewards, have, needs_numpy

if HAVE_NUMPY:
    import numpy as np
    from mindgames import _rl

REAL = os.environ.get("MINDGAMES_TEST_PYSPIEL", "") not in ("", "0")
if REAL:
    import pyspiel
    import mindgames.openspiel as mos


class StandInError(RuntimeError):
    """pyspiel.SpielError: what a SPIEL_CHECK that fails raises."""


class StandInState:
    """pyspiel.State's C++ side for Python games, restated from
    open_spiel/python/pybind11/python_games.cc, spiel.cc and spiel.h (v2.0.1)
    and checked against the real pyspiel (MINDGAMES_TEST_PYSPIEL=1): it
    keeps the history and the move number, asks the hooks
    (current_player, _legal_actions, _apply_action, ...), applies an
    action without checking that it is legal (the hook refuses it, before
    the history grows), clones by copy.deepcopy of every value of the
    Python __dict__ into a new initial state, serializes as
    "history=p:a,...\\nmove_number=n\\n__dict__=" and the base64 of the
    pickled __dict__ (the game's deserialize_state reads it back), and
    answers observation strings and tensors through the game's observers
    (the tensor copied from the observer's dict, not its tensor).  The
    hooks under test come first in the MRO."""

    def __init__(self, game):
        self._cpp = {"game": game, "history": [], "move_number": 0}

    def _cpp_game(self):
        return self._cpp["game"]

    def _py_dict(self):
        """PyDict(): the Python-side attributes (not the C++ side)."""
        return {k: v for k, v in vars(self).items() if k != "_cpp"}

    def get_game(self):
        return self._cpp_game()

    def legal_actions(self, player=None):
        if self.is_terminal():
            return []
        cp = self.current_player()
        if player is None or player == cp:
            return self._legal_actions(cp)
        if player < 0:
            raise StandInError("Called LegalActions for pseudo-player %d"
                               % player)
        return []

    def apply_action(self, action):
        if action == -1:    # SPIEL_CHECK_NE(action_id, kInvalidAction)
            raise StandInError("kInvalidAction")
        player = self.current_player()
        self._apply_action(action)
        self._cpp["history"].append((player, action))
        self._cpp["move_number"] += 1

    def history(self):
        return [a for _, a in self._cpp["history"]]

    def move_number(self):
        return self._cpp["move_number"]

    def history_str(self):
        return ", ".join(str(a) for a in self.history())

    def clone(self):
        new = self._cpp_game().new_initial_state()
        for k, v in self._py_dict().items():
            setattr(new, k, copy.deepcopy(v))
        new._cpp["history"] = list(self._cpp["history"])
        new._cpp["move_number"] = self._cpp["move_number"]
        return new

    def serialize(self):
        return "history=%s\nmove_number=%d\n__dict__=%s" % (
            ",".join("%d:%d" % pa for pa in self._cpp["history"]),
            self._cpp["move_number"],
            base64.b64encode(pickle.dumps(self._py_dict())).decode())

    def _check_player(self, player):
        if not 0 <= player < 2:
            raise StandInError("player %d" % player)

    def observation_string(self, player):
        self._check_player(player)
        return self._cpp_game().observer.string_from(self, player)

    def information_state_string(self, player):
        self._check_player(player)
        return self.history_str()  # IIGObserverForPublicInfoGame

    def observation_tensor(self, player):
        self._check_player(player)
        obs = self._cpp_game().observer
        obs.set_from(self, player)
        return [float(x) for v in obs.dict.values()
                for x in np.asarray(v, dtype=np.float32).ravel()]


if HAVE_NUMPY:
    from mindgames import _openspiel_core as osc

    class OSState(osc.StateHooks, StandInState):
        def __init__(self, game):
            StandInState.__init__(self, game)
            self._init_hooks(game.mg_game)

    class OSGame:
        """pyspiel.Game's side: parameters, GameInfo, the observer, the
        deserialization of a state."""

        def __init__(self, game_id, params=None):
            self.game_id = game_id
            self.mg_game = mg.Game(osc.spec_of(game_id, params or {}))
            self.info = osc.game_info_fields(self.mg_game)
            self.observer = osc.Observer(self.mg_game)

        def new_initial_state(self):
            return OSState(self)

        def max_game_length(self):
            return self.info["max_game_length"]

        def num_distinct_actions(self):
            return self.info["num_distinct_actions"]

        def observation_tensor_shape(self):
            # TensorShape(): one tensor in the observer's dict, its shape
            return list(np.shape(next(iter(self.observer.dict.values()))))

        def deserialize_state(self, text):
            history, move, data = text.split("\n", 2)
            new = self.new_initial_state()
            for h in filter(None, history[len("history="):].split(",")):
                p, a = h.split(":")
                new._cpp["history"].append((int(p), int(a)))
            new._cpp["move_number"] = int(move[len("move_number="):])
            for k, v in pickle.loads(base64.b64decode(
                    data[len("__dict__="):])).items():
                setattr(new, k, v)
            return new


def load_game(game_id, params=None):
    """The game of a mindgames id with OpenSpiel's parameters: the real
    pyspiel's when MINDGAMES_TEST_PYSPIEL=1, else the stand-in's."""
    if REAL:
        return pyspiel.load_game(mos.short_name(game_id), params or {})
    return OSGame(game_id, params)


def exact_value(state, memo):
    """The value of an OpenSpiel state for the player to move (+1 win,
    0 draw, -1 loss) by plain minimax over the OpenSpiel API (clone,
    apply_action, returns), positions memoized by their picture."""
    if state.is_terminal():
        return None
    key = str(state)
    if key not in memo:
        p = state.current_player()
        best = -2
        for a in state.legal_actions():
            c = state.clone()
            c.apply_action(a)
            if c.is_terminal():
                v = c.returns()[p]
            else:
                v = exact_value(c, memo)
                v = v if c.current_player() == p else -v
            best = max(best, v)
        memo[key] = best
    return memo[key]


def solver_sign(solver, state):
    """The result for the player to move (+1, 0, -1) by the library's
    solver: on Dots and Boxes its value is the margin of the boxes still
    to take, added to the margin of the boxes taken."""
    sol = solver.solve(state.mg)
    assert sol.exact
    p = state.current_player()
    margin = sol.value + state.mg.scores[p] - state.mg.scores[1 - p]
    return (margin > 0) - (margin < 0)


@needs_numpy
class TestOpenSpielHooks(unittest.TestCase):
    """What OpenSpiel's algorithms call on a state, through the stand-in
    of pyspiel's C++ side (the real one with MINDGAMES_TEST_PYSPIEL=1), in
    random simulations of every game (the checks of pyspiel's
    random_sim_test, restated)."""

    def test_game_type_and_info(self):
        for gid in mg.game_ids():
            f = osc.game_type_fields(gid)
            self.assertEqual(f["short_name"], "mindgames_" + gid)
            self.assertEqual(sorted(f["parameter_specification"]),
                             sorted(o.key for o in mg.game_options(gid)))
            for o in mg.game_options(gid):
                v = f["parameter_specification"][o.key]
                self.assertIsInstance(v, {mg.OptionType.BOOL: bool,
                                          mg.OptionType.INT: int,
                                          mg.OptionType.SEED: int,
                                          mg.OptionType.ENUM: str,
                                          mg.OptionType.DECIMAL: float}[o.type])
            # the defaults name the default game
            self.assertEqual(mg.Game(osc.spec_of(gid, f["parameter_specification"])),
                             mg.Game(gid))
            info = osc.game_info_fields(mg.Game(gid))
            self.assertEqual(info["num_distinct_actions"],
                             mg.Game(gid).num_actions)
            self.assertEqual((info["min_utility"], info["max_utility"],
                              info["utility_sum"]), (-1.0, 1.0, 0.0))
            self.assertGreater(info["max_game_length"], 0)
            game = load_game(gid)
            self.assertEqual(game.num_distinct_actions(),
                             info["num_distinct_actions"])
            self.assertEqual(game.max_game_length(), info["max_game_length"])
            self.assertEqual(game.observation_tensor_shape(),
                             list(mg.Game(gid).observation_shape))
            if REAL:
                t = game.get_type()
                self.assertEqual((t.short_name, t.long_name,
                                  t.parameter_specification),
                                 (f["short_name"], f["long_name"],
                                  f["parameter_specification"]))
                # load_game fills in every default
                self.assertEqual(game.get_parameters(),
                                 f["parameter_specification"])
        self.assertEqual(osc.spec_of("dots_and_boxes", {"rows": 2, "cols": 3,
                                                        "misere": True}),
                         "dots_and_boxes(rows=2,cols=3,misere=true)")
        g = mg.Game(osc.spec_of("dots_and_boxes", {"grid": "triangle",
                                                   "size": 2}))
        self.assertIn("grid=triangle", g.spec)
        with self.assertRaises(ValueError):
            osc.spec_of("dots_and_boxes", {"colour": 1})

    def test_random_simulations(self):
        rng = np.random.default_rng(5)
        for spec_id, params in (("dots_and_boxes", {"rows": 2, "cols": 2}),
                                ("china_tangle", {}), ("china_squares", {}),
                                ("china_octangle", {}), ("china_grove", {}),
                                ("fangqi", {"width": 5, "height": 5,
                                            "no_capture_limit": 20}),
                                ("chains_of_thought", {})):
            game = load_game(spec_id, params)
            low, high = _rl.observation_box(game.mg_game)
            state = game.new_initial_state()
            length = 0
            while not state.is_terminal():
                p = state.current_player()
                self.assertIn(p, (0, 1))
                self.assertEqual(state.returns(), [0.0, 0.0])
                self.assertEqual(state.rewards(), [0.0, 0.0])
                legal = state.legal_actions()
                self.assertTrue(legal)
                self.assertEqual(legal, sorted(legal))
                self.assertEqual(state.legal_actions(p), legal)
                self.assertEqual(state.legal_actions(1 - p), [])
                for q in (0, 1):
                    t = np.array(state.observation_tensor(q), dtype=np.float32)
                    self.assertEqual(t.size, low.size)
                    self.assertTrue(((t >= low.ravel()) & (t <= high.ravel())).all())
                    self.assertEqual(t.tolist(), np.asarray(
                        state.mg.observation(q), dtype=np.float32).ravel().tolist())
                    self.assertEqual(state.observation_string(q), str(state))
                a = int(rng.choice(legal))
                self.assertEqual(state._action_to_string(p, a),
                                 state.mg.action_to_string(a))
                c = state.clone()
                state.apply_action(a)
                length += 1
                self.assertEqual(state.move_number(), length)
                # the clone is independent and was equal
                self.assertEqual(c.history(), state.history()[:-1])
                self.assertEqual(c.mg.history(), c.history())
                self.assertEqual(c.move_number(), length - 1)
                self.assertNotEqual(str(c), str(state)) if not \
                    state.is_terminal() else None
                if length % 7 == 0:
                    d = game.deserialize_state(state.serialize())
                    self.assertEqual(d.mg.history(), state.mg.history())
                    self.assertEqual(d.history(), state.history())
                    self.assertEqual(d.move_number(), state.move_number())
                    self.assertEqual(str(d), str(state))
                    self.assertTrue(state.serialize().startswith(
                        "history=%d:%d," % (0, state.history()[0])))
            self.assertEqual(state.current_player(), osc.TERMINAL)
            self.assertEqual(state.legal_actions(), [])
            self.assertEqual(state.legal_actions(0), [])
            r = state.returns()
            self.assertEqual(sum(r), 0.0)
            self.assertEqual(r, expected_rewards(state.mg))
            self.assertEqual(state.rewards(), r)
            self.assertLessEqual(length, game.max_game_length())
            self.assertEqual(state.information_state_string(0),
                             ", ".join(map(str, state.history())))

    def test_illegal_action(self):
        """OpenSpiel's ApplyAction does not check legality: the hook
        refuses an illegal action with the library's message, before the
        history grows; the state is as it was."""
        game = load_game("dots_and_boxes", {"rows": 2, "cols": 2})
        state = game.new_initial_state()
        state.apply_action(3)
        before = (str(state), state.history(), state.move_number())
        with self.assertRaisesRegex(mg.IllegalActionError, "already drawn"):
            state.apply_action(3)
        with self.assertRaises(mg.MindgamesError):
            state.apply_action(game.num_distinct_actions())
        self.assertEqual((str(state), state.history(), state.move_number()),
                         before)
        state.apply_action(state.legal_actions()[0])
        self.assertEqual(state.history(), [3, state.mg.history()[1]])

    def test_spiel_checks(self):
        """What OpenSpiel's C++ side refuses before asking the hooks: a
        pseudo-player's legal actions, a player out of range, the invalid
        action -1 (pyspiel.SpielError, a RuntimeError)."""
        state = load_game("dots_and_boxes", {"rows": 2, "cols": 2}) \
            .new_initial_state()
        for call in (lambda: state.legal_actions(-1),
                     lambda: state.observation_tensor(2),
                     lambda: state.observation_string(-1),
                     lambda: state.apply_action(-1)):
            with self.assertRaises(RuntimeError):
                call()
        self.assertEqual(state.history(), [])

    def test_values_against_solver(self):
        """Exact minimax over the OpenSpiel API (clone, apply_action,
        returns) finds the library's solver's values on Dots and Boxes
        2x2, from the start and along a random line of play."""
        game = load_game("dots_and_boxes", {"rows": 2, "cols": 2})
        solver = mg.Solver(game.mg_game)
        rng = np.random.default_rng(11)
        memo = {}
        state = game.new_initial_state()
        while not state.is_terminal():
            self.assertEqual(exact_value(state, memo),
                             solver_sign(solver, state))
            state.apply_action(int(rng.choice(state.legal_actions())))
        self.assertGreater(len(memo), 100)


HAVE_PYSPIEL = REAL or (HAVE_NUMPY and have("pyspiel"))


@unittest.skipUnless(HAVE_PYSPIEL,
                     "OpenSpiel (pyspiel) is not importable here (pip install "
                     "open_spiel, or a build from source: README, "
                     "\"OpenSpiel\"): its own checks are skipped")
class TestOpenSpielChecks(unittest.TestCase):
    """OpenSpiel's own checks of a Python game, on the real pyspiel."""

    @classmethod
    def setUpClass(cls):
        global pyspiel, mos
        import pyspiel
        import mindgames.openspiel as mos

    def small_games(self):
        """Every game, on a small board where the default is slow to
        play out at random; and Dots and Boxes 2x2."""
        small = {"dots_and_boxes": "(rows=2,cols=3)",
                 "fangqi": "(width=5,height=5,no_capture_limit=20)"}
        return [pyspiel.load_game(mos.short_name(gid) + small.get(gid, ""))
                for gid in mg.game_ids()] + [pyspiel.load_game(
                    "mindgames_dots_and_boxes(rows=2,cols=2)")]

    def test_random_sim(self):
        """pyspiel.random_sim_test with serialization, on every game at
        its defaults."""
        for gid in mg.game_ids():
            with self.subTest(game=gid):
                game = pyspiel.load_game(mos.short_name(gid))
                pyspiel.random_sim_test(game, num_sims=2, serialize=True,
                                        verbose=False)

    def test_serialization_and_pickle(self):
        """What games_sim_test's sim_game checks besides the moves: the
        game and its type pickle, the state goes through
        serialize_game_and_state and pickle, clones follow the state."""
        rng = np.random.default_rng(3)
        for game in self.small_games():
            with self.subTest(game=str(game)):
                self.assertEqual(str(pickle.loads(pickle.dumps(game))),
                                 str(game))
                self.assertEqual(pickle.loads(pickle.dumps(game.get_type())),
                                 game.get_type())
                state = game.new_initial_state()
                n = 0
                while not state.is_terminal():
                    if n & (n - 1) == 0:
                        g2, s2 = pyspiel.deserialize_game_and_state(
                            pyspiel.serialize_game_and_state(game, state))
                        self.assertEqual(str(g2), str(game))
                        self.assertEqual(str(s2), str(state))
                        self.assertEqual(s2.history(), state.history())
                        self.assertEqual(
                            str(pickle.loads(pickle.dumps(state))), str(state))
                    a = int(rng.choice(state.legal_actions()))
                    c = state.clone()
                    state.apply_action(a)
                    c.apply_action(a)
                    self.assertEqual(str(c), str(state))
                    self.assertEqual(c.history(), state.history())
                    n += 1
                for p in (0, 1):
                    self.assertEqual(state.player_return(p),
                                     state.returns()[p])
                    self.assertEqual(state.legal_actions(p), [])

    def test_observer(self):
        """OpenSpiel's observation API: make_observation's tensor and
        dict against observation_tensor_shape and the state's
        observation_tensor, for both players, along a game."""
        from open_spiel.python.observation import make_observation
        rng = np.random.default_rng(4)
        for game in self.small_games():
            with self.subTest(game=str(game)):
                shape = game.observation_tensor_shape()
                self.assertEqual(shape, list(game.mg_game.observation_shape))
                self.assertEqual(game.observation_tensor_size(),
                                 int(np.prod(shape)))
                obs = make_observation(game)
                self.assertEqual(obs.tensor.shape, (int(np.prod(shape)),))
                self.assertEqual(list(obs.dict["observation"].shape), shape)
                state = game.new_initial_state()
                while not state.is_terminal():
                    for p in (0, 1):
                        obs.set_from(state, p)
                        t = state.observation_tensor(p)
                        self.assertEqual(len(t), game.observation_tensor_size())
                        np.testing.assert_array_equal(obs.tensor, t)
                        self.assertEqual(obs.string_from(state, p),
                                         state.observation_string(p))
                    state.apply_action(int(rng.choice(state.legal_actions())))

    def test_rl_environment(self):
        """open_spiel.python.rl_environment plays every game to the end
        with legal random actions; the last time step's rewards are the
        returns."""
        from open_spiel.python import rl_environment
        rng = np.random.default_rng(6)
        for game in self.small_games():
            with self.subTest(game=str(game)):
                env = rl_environment.Environment(game)
                spec = env.observation_spec()
                self.assertEqual(spec["info_state"],
                                 (game.observation_tensor_size(),))
                self.assertEqual(env.action_spec()["num_actions"],
                                 game.num_distinct_actions())
                ts = env.reset()
                while not ts.last():
                    p = ts.observations["current_player"]
                    legal = ts.observations["legal_actions"][p]
                    self.assertEqual(legal, env.get_state.legal_actions())
                    ts = env.step([int(rng.choice(legal))])
                self.assertEqual(ts.rewards, env.get_state.returns())

    def test_mcts(self):
        """OpenSpiel's Python MCTSBot plays the first moves of every game
        (random play ends it), and the whole of Dots and Boxes 2x2."""
        from open_spiel.python.algorithms import mcts
        rng = np.random.default_rng(7)
        for game in self.small_games():
            with self.subTest(game=str(game)):
                bot = mcts.MCTSBot(game, 2, 10, mcts.RandomRolloutEvaluator(
                    1, np.random.RandomState(1)),
                    random_state=np.random.RandomState(1))
                state = game.new_initial_state()
                full = str(game) == "mindgames_dots_and_boxes(rows=2,cols=2)"
                while not state.is_terminal():
                    if full or state.move_number() < 4:
                        a = bot.step(state)
                        self.assertIn(a, state.legal_actions())
                    else:
                        a = int(rng.choice(state.legal_actions()))
                    state.apply_action(a)
                self.assertEqual(sum(state.returns()), 0.0)

    def test_cpp_mcts_search(self):
        """OpenSpiel's C++ MCTS through mcts_search (the README's way
        round pyspiel.MCTSBot.step, which crashes on Python games)."""
        game = pyspiel.load_game("mindgames_dots_and_boxes(rows=2,cols=2)")
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1),
                              2, 50, 1 << 20, False, 1, False)
        state = game.new_initial_state()
        while not state.is_terminal():
            action = bot.mcts_search(state).best_child().action
            self.assertIn(action, state.legal_actions())
            state.apply_action(action)
        self.assertEqual(sum(state.returns()), 0.0)

    def test_alpha_beta_against_solver(self):
        """OpenSpiel's alpha_beta_search finds the library's solver's
        values: Dots and Boxes 2x2 from the start (12 s), 2x3 from three
        positions with 8 lines drawn (MINDGAMES_TEST_SLOW=1: 4 drawn, 13
        minutes on a loaded two-core machine)."""
        from open_spiel.python.algorithms import minimax
        rng = np.random.default_rng(8)
        drawn = 4 if os.environ.get("MINDGAMES_TEST_SLOW") else 8
        for spec, start, n in (("(rows=2,cols=2)", 0, 1),
                               ("(rows=2,cols=3)", drawn, 3)):
            game = pyspiel.load_game("mindgames_dots_and_boxes" + spec)
            solver = mg.Solver(game.mg_game)
            for _ in range(n):
                state = game.new_initial_state()
                for _ in range(start):
                    state.apply_action(int(rng.choice(state.legal_actions())))
                if state.is_terminal():
                    continue
                p = state.current_player()
                value, action = minimax.alpha_beta_search(
                    game, state, maximizing_player_id=p)
                self.assertEqual(value, solver_sign(solver, state),
                                 state.history())
                c = state.clone()
                c.apply_action(action)
                after = (c.returns()[p] if c.is_terminal() else
                         solver_sign(solver, c) * (1 if c.current_player() == p
                                                   else -1))
                self.assertEqual(after, value)


if __name__ == "__main__":
    unittest.main()
