"""The OpenSpiel wrapper (mindgames.openspiel) against what OpenSpiel
calls on a Python game's state: the hooks of mindgames._openspiel_core
through a stand-in of pyspiel.State's C++ side (OpenSpiel is not
installed in CI), then, where pyspiel is importable, OpenSpiel's own
random simulation test and its MCTS on the registered games.  See
test_python_rl.py for the contracts of the other wrappers."""
import copy
import pickle
import unittest

from mgtest import HAVE_NUMPY, mg
from test_python_rl import expected_rewards, have, needs_numpy

if HAVE_NUMPY:
    import numpy as np
    from mindgames import _rl


class StandInState:
    """pyspiel.State's C++ side for Python games, restated from
    open_spiel/python/pybind11/python_games.cc and spiel.h: it keeps the
    history, asks the hooks (current_player, _legal_actions,
    _apply_action, ...), clones by copy.deepcopy of every value of the
    Python __dict__ into a new initial state, serializes by pickling that
    __dict__, and answers observation strings and tensors through the
    game's observers.  The hooks under test come first in the MRO."""

    def __init__(self, game):
        self._cpp = {"game": game, "history": []}   # the C++ side

    def _cpp_game(self):
        return self._cpp["game"]

    def _py_dict(self):
        """PyDict(): the Python-side attributes (not the C++ side)."""
        return {k: v for k, v in vars(self).items() if k != "_cpp"}

    def legal_actions(self, player=None):
        if self.is_terminal():
            return []
        cp = self.current_player()
        return self._legal_actions(cp if player is None else player)

    def apply_action(self, action):
        assert action in self.legal_actions(), "illegal action %r" % action
        self._cpp["history"].append((self.current_player(), action))
        self._apply_action(action)

    def history(self):
        return [a for _, a in self._cpp["history"]]

    def history_str(self):
        return ", ".join(str(a) for a in self.history())

    def clone(self):
        new = self._cpp_game().new_initial_state()
        for k, v in self._py_dict().items():
            setattr(new, k, copy.deepcopy(v))
        new._cpp["history"] = list(self._cpp["history"])
        return new

    def serialize(self):
        return pickle.dumps(self._py_dict())

    def deserialize(self, data):
        new = self._cpp_game().new_initial_state()
        for k, v in pickle.loads(data).items():
            setattr(new, k, v)
        return new

    def observation_string(self, player):
        return self._cpp_game().observer.string_from(self, player)

    def information_state_string(self, player):
        return self.history_str()  # IIGObserverForPublicInfoGame

    def observation_tensor(self, player):
        obs = self._cpp_game().observer
        obs.set_from(self, player)
        return list(obs.tensor)


if HAVE_NUMPY:
    from mindgames import _openspiel_core as osc

    class OSState(osc.StateHooks, StandInState):
        def __init__(self, game):
            StandInState.__init__(self, game)
            self._init_hooks(game.mg_game)

    class OSGame:
        """pyspiel.Game's side: parameters, GameInfo, the observer."""

        def __init__(self, game_id, params=None):
            self.game_id = game_id
            self.mg_game = mg.Game(osc.spec_of(game_id, params or {}))
            self.info = osc.game_info_fields(self.mg_game)
            self.observer = osc.Observer(self.mg_game)

        def new_initial_state(self):
            return OSState(self)


@needs_numpy
class TestOpenSpielHooks(unittest.TestCase):
    """What OpenSpiel's algorithms call on a state, through the stand-in
    of pyspiel.State, in random simulations of every game (the checks of
    pyspiel's random_sim_test, restated)."""

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
            game = OSGame(spec_id, params)
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
                # the clone is independent and was equal
                self.assertEqual(c.history(), state.history()[:-1])
                self.assertEqual(c.mg.history(), c.history())
                self.assertNotEqual(str(c), str(state)) if not \
                    state.is_terminal() else None
                if length % 7 == 0:
                    d = state.deserialize(state.serialize())
                    self.assertEqual(d.mg.history(), state.mg.history())
                    self.assertEqual(str(d), str(state))
            self.assertEqual(state.current_player(), osc.TERMINAL)
            self.assertEqual(state.legal_actions(), [])
            r = state.returns()
            self.assertEqual(sum(r), 0.0)
            self.assertEqual(r, expected_rewards(state.mg))
            self.assertEqual(state.rewards(), r)
            self.assertLessEqual(length, game.info["max_game_length"])
            self.assertEqual(state.information_state_string(0),
                             ", ".join(map(str, state.history())))


@unittest.skipUnless(HAVE_NUMPY and have("pyspiel"),
                     "OpenSpiel (pyspiel) is not importable here (pip install "
                     "open_spiel): its random simulation tests are skipped")
class TestOpenSpielChecks(unittest.TestCase):

    def test_random_sim(self):
        import pyspiel
        import mindgames.openspiel as mos
        for gid in mg.game_ids():
            with self.subTest(game=gid):
                game = pyspiel.load_game(mos.short_name(gid))
                pyspiel.random_sim_test(game, num_sims=3, serialize=True,
                                        verbose=False)

    def test_mcts(self):
        import pyspiel
        import mindgames.openspiel  # noqa: F401 - registers the games
        from open_spiel.python.algorithms import mcts
        game = pyspiel.load_game("mindgames_dots_and_boxes(rows=2,cols=2)")
        bot = mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(
            1, np.random.RandomState(1)), random_state=np.random.RandomState(1))
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bot.step(state))
        self.assertEqual(sum(state.returns()), 0.0)


if __name__ == "__main__":
    unittest.main()
