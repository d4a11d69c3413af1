"""The rules the three reinforcement-learning wrappers share (the table
"One vocabulary" in README.md), and the defects of issue 33 that broke
them: an opponent that raises, actions that are not integers or do not
fit, step limits, a refused opening, a spec of another game, the
illegal-action vocabulary and seeds.

Gymnasium is not installed in CI: gym.make and gym.make_vec run on a
stand-in (StandInGymnasium) that restates what they do with a
registered id -- the registered kwargs updated by the caller's, the
entry point called with them -- so the registration of
mindgames.gymnasium is tested; the logic is the framework-free cores'
(see test_python_rl.py)."""
import importlib
import sys
import types
import unittest
from unittest import mock

from mgtest import HAVE_NUMPY, mg
from test_python_rl import SMALL, expected_rewards, needs_numpy

if HAVE_NUMPY:
    import numpy as np
    from mindgames._rl import AGENTS, AECCore, SingleAgentCore
    from mindgames._rl_vector import SelfPlayVectorCore, VectorCore
    from mindgames.vector import (BATCH_IDLE, BATCH_ILLEGAL, BATCH_OK,
                                  BATCH_RESET, VectorGame)


# ------------------------------------------------ the Gymnasium stand-in

def stand_in_gymnasium():
    """The modules mindgames.gymnasium imports, restated from Gymnasium
    1.x: Env (reset seeds np_random through seeding.np_random, which
    takes a Python int only), spaces, VectorEnv, AutoresetMode,
    batch_space, the registry, register, make and make_vec (the spec's
    kwargs updated by the caller's, then the entry point)."""
    import enum
    gym = types.ModuleType("gymnasium")
    spaces = types.ModuleType("gymnasium.spaces")
    vector = types.ModuleType("gymnasium.vector")
    vutils = types.ModuleType("gymnasium.vector.utils")
    utils = types.ModuleType("gymnasium.utils")
    seeding = types.ModuleType("gymnasium.utils.seeding")
    envs = types.ModuleType("gymnasium.envs")

    def np_random(seed=None):
        if seed is not None and not (isinstance(seed, int) and seed >= 0):
            raise ValueError("Seed must be a python integer, actual type: "
                             "%s" % type(seed))
        ss = np.random.SeedSequence(seed)
        return np.random.Generator(np.random.PCG64(ss)), ss.entropy
    seeding.np_random = np_random
    utils.seeding = seeding

    class Env:
        spec = None

        def reset(self, *, seed=None, options=None):
            if seed is not None:
                self._np_random, _ = np_random(seed)

        @property
        def unwrapped(self):
            return self

    class Space:
        def __init__(self, *args, **kwargs):
            self.args, self.kwargs = args, kwargs
    spaces.Box = spaces.Discrete = spaces.Dict = Space

    class VectorEnv:
        def close(self, **kwargs):
            self.close_extras(**kwargs)
    vector.VectorEnv = VectorEnv
    vector.AutoresetMode = enum.Enum("AutoresetMode", {
        "NEXT_STEP": "NextStep", "SAME_STEP": "SameStep",
        "DISABLED": "Disabled"})
    vutils.batch_space = lambda space, n: (space, n)
    vector.utils = vutils

    registry = {}
    envs.registry = registry

    def register(id, entry_point, vector_entry_point=None, kwargs=None):
        registry[id] = types.SimpleNamespace(
            id=id, entry_point=entry_point,
            vector_entry_point=vector_entry_point, kwargs=dict(kwargs or {}))

    def load(name):
        module, attr = name.split(":")
        return getattr(importlib.import_module(module), attr)

    def make(id, **kwargs):
        spec = registry[id]
        env = load(spec.entry_point)(**dict(spec.kwargs, **kwargs))
        env.spec = spec
        return env

    def make_vec(id, num_envs=1, **kwargs):
        spec = registry[id]
        return load(spec.vector_entry_point)(
            num_envs=num_envs, **dict(spec.kwargs, **kwargs))

    gym.Env, gym.spaces, gym.vector, gym.utils, gym.envs = \
        Env, spaces, vector, utils, envs
    gym.register, gym.make, gym.make_vec = register, make, make_vec
    return {"gymnasium": gym, "gymnasium.spaces": spaces,
            "gymnasium.vector": vector, "gymnasium.vector.utils": vutils,
            "gymnasium.utils": utils, "gymnasium.utils.seeding": seeding,
            "gymnasium.envs": envs}


class StandInGymnasium:
    """with StandInGymnasium() as (gym, mgym): mindgames.gymnasium
    imported over the stand-in, both gone afterwards."""

    def __enter__(self):
        self.patch = mock.patch.dict(sys.modules, stand_in_gymnasium())
        self.patch.start()
        sys.modules.pop("mindgames.gymnasium", None)
        mgym = importlib.import_module("mindgames.gymnasium")
        return sys.modules["gymnasium"], mgym

    def __exit__(self, *exc):
        self.patch.stop()      # drops mindgames.gymnasium too
        sys.modules.pop("mindgames.gymnasium", None)
        if hasattr(mg, "gymnasium"):
            del mg.gymnasium
        return False


def legal(state):
    return state.legal_actions()[0]


def play_out(step, first_mask, limit=200):
    """Step with the first legal action until the end; the steps taken."""
    mask, n = first_mask, 0
    while n < limit:
        out = step(int(np.flatnonzero(mask)[0]))
        n += 1
        if out[2] or out[3]:
            return n, out
        mask = out[4]["action_mask"]
    raise AssertionError("no end in %d steps" % limit)


# ------------------------------------------------------------ the defects

@needs_numpy
class TestOpponentThatRaises(unittest.TestCase):
    """Issue 33, 1: an opponent that raises ends the episode, which says
    so; it is never played for."""

    def raising_on(self, call):
        calls = []

        def opponent(state):
            calls.append(1)
            if len(calls) == call:
                raise KeyError("the opponent's bug")
            return legal(state)
        return opponent

    def test_in_step(self):
        env = SingleAgentCore(SMALL, opponent=self.raising_on(2), seat=0)
        env.reset(seed=0)
        env.step(5)
        with self.assertRaises(KeyError):
            env.step(6)
        history = env.mg_state.history()
        self.assertEqual(history, [5, 0, 6])   # the opponent's turn, over
        with self.assertRaisesRegex(RuntimeError, "over.*opponent raised "
                                    "KeyError.*reset"):
            env.step(7)        # was played for the opponent's seat
        self.assertEqual(env.mg_state.history(), history)
        self.assertIn("opponent raised KeyError", env.episode_error)
        env.reset()                            # a new episode
        self.assertIsNone(env.episode_error)
        self.assertEqual(env.mg_state.history(), [])

    def test_in_reset_and_an_illegal_answer(self):
        env = SingleAgentCore(SMALL, opponent=self.raising_on(1), seat=1)
        with self.assertRaises(KeyError):
            env.reset(seed=0)
        with self.assertRaisesRegex(RuntimeError, "opponent raised"):
            env.step(0)
        self.assertEqual(env.mg_state.history(), [])
        env = SingleAgentCore(SMALL, opponent=lambda s: 0, seat=0)
        env.reset()
        env.step(1)
        with self.assertRaises(mg.IllegalActionError):   # 0 is drawn
            env.step(2)
        with self.assertRaisesRegex(RuntimeError, "IllegalActionError"):
            env.step(3)
        self.assertEqual(env.mg_state.history(), [1, 0, 2])

    def test_vector_copy_resets_at_the_next_step(self):
        for mode in ("next_step", "same_step"):
            vec = VectorCore(SMALL, 2, autoreset=mode, seat=0,
                             opponent=self.raising_on(3))
            vec.reset(seed=0)
            vec.step(np.array([5, 5]))       # calls 1 and 2
            with self.assertRaises(KeyError):
                vec.step(np.array([6, 6]))   # copy 0's call raises
            self.assertTrue(vec.envs[0]._over)
            self.assertEqual(vec.envs[1].mg_state.history(), [5, 0])
            obs, rew, term, trunc, infos = vec.step(np.array([7, 7]))
            self.assertEqual(vec.envs[0].mg_state.history(), [], mode)
            self.assertEqual((rew[0], bool(term[0])), (0.0, False))
            self.assertEqual(vec.envs[1].mg_state.history()[:3], [5, 0, 7])


@needs_numpy
class TestActionIds(unittest.TestCase):
    """Issue 33, 2: one rule for action ids -- not an integer: TypeError,
    nothing changed; an integer that is no legal action (beyond int32
    too): illegal, never cast or wrapped."""

    def test_self_play(self):
        vec = SelfPlayVectorCore(SMALL, 2)
        vec.reset(seed=0)
        with self.assertRaisesRegex(TypeError, "float64"):
            vec.step(np.array([2.9, 3.7]))
        with self.assertRaises(TypeError):
            vec.step([2.9, 3.7])
        self.assertEqual([s.history() for s in vec.vg.states()], [[], []])
        obs, rew, term, trunc, infos = vec.step(np.array([2 ** 32 + 4, 4]))
        self.assertEqual(infos["status"].tolist(), [BATCH_ILLEGAL, BATCH_OK])
        self.assertEqual(vec.vg.state(0).history(), [])
        self.assertEqual(vec.vg.state(1).history(), [4])
        self.assertEqual(rew.tolist(), [-1.0, 0.0])
        self.assertEqual(term.tolist(), [True, False])

    def test_vector_game(self):
        vg = VectorGame(SMALL, 4)
        for dtype in (np.int64, np.uint64):
            vg.reset()
            acts = np.array([2 ** 32 + 4, 2 ** 31, 4, 5], dtype=dtype)
            self.assertEqual(vg.step(acts).tolist(),
                             [BATCH_ILLEGAL, BATCH_ILLEGAL, BATCH_OK,
                              BATCH_OK])
            self.assertEqual(vg.state(0).history(), [])
        vg.reset()
        self.assertEqual(vg.step(np.array([2 ** 31, 2 ** 32 - 4, 4, 5],
                                          dtype=np.uint32)).tolist(),
                         [BATCH_ILLEGAL, BATCH_ILLEGAL, BATCH_OK, BATCH_OK])
        vg.reset()
        self.assertEqual(vg.step([-2 ** 40, 2 ** 40, -1, 3]).tolist(),
                         [BATCH_ILLEGAL] * 3 + [BATCH_OK])
        self.assertEqual([s.history() for s in vg.states()],
                         [[], [], [], [3]])
        for bad in (np.zeros(4), np.zeros(4, dtype=bool), [0.0] * 4):
            with self.assertRaises(TypeError):
                vg.step(bad)
        self.assertEqual(vg.state(3).history(), [3])
        vg.close()

    def test_single_agent_and_aec(self):
        big = 2 ** 32 + 4
        for make in (lambda: SingleAgentCore(SMALL, seat=0),
                     lambda: AECCore(SMALL)):
            env = make()
            env.reset(seed=0)
            for bad in (2.0, 4.0, np.float32(1), True, "a1-b1", None):
                with self.assertRaises(TypeError, msg=repr(bad)):
                    env.step(bad)
                self.assertEqual(env.mg_state.history(), [])
            out = env.step(big)
            self.assertEqual(env.mg_state.history(), [])
            if isinstance(env, AECCore):
                self.assertEqual(env.rewards["player_0"], -1.0)
                self.assertIn("out of range", env.infos["player_0"]["reason"])
            else:
                self.assertEqual(out[1:4], (-1.0, True, False))
            for make_raise in (lambda: SingleAgentCore(SMALL, illegal="raise"),
                               lambda: AECCore(SMALL, illegal="raise")):
                env = make_raise()
                env.reset()
                with self.assertRaises(mg.OutOfRangeError):
                    env.step(big)
                with self.assertRaises(TypeError):
                    env.step(2.0)


@needs_numpy
class TestStepLimits(unittest.TestCase):
    """Issue 33, 3: truncate_after, max_episode_steps, max_steps: None or
    an int >= 0, 0 = no limit, everywhere."""

    BAD = ((-1, ValueError), (2.5, TypeError), ("3", TypeError),
           (True, TypeError))

    def makers(self):
        return {
            "AECCore": lambda v: AECCore(SMALL, truncate_after=v),
            "SingleAgentCore": lambda v: SingleAgentCore(
                SMALL, truncate_after=v),
            "VectorCore": lambda v: VectorCore(SMALL, 2, truncate_after=v),
            "SelfPlayVectorCore": lambda v: SelfPlayVectorCore(
                SMALL, 2, max_steps=v),
            "VectorGame": lambda v: VectorGame(SMALL, 2, max_steps=v)}

    def test_refused(self):
        for name, make in self.makers().items():
            for value, error in self.BAD:
                with self.assertRaises(error, msg="%s %r" % (name, value)):
                    make(value)

    def test_zero_is_no_limit(self):
        """A game of 2x2 lasts 12 actions: with 0 it ends by the rules."""
        for value in (0, None, np.int64(0)):
            core = AECCore(SMALL, truncate_after=value)
            core.reset()
            self.assertFalse(any(core.truncations.values()))
            rng = np.random.default_rng(0)
            while not (core.terminations[core.agent_selection]
                       or core.truncations[core.agent_selection]):
                core.step(int(rng.choice(np.flatnonzero(
                    core.observe(core.agent_selection)["action_mask"]))))
            self.assertTrue(core.mg_state.is_terminal)
            env = SingleAgentCore(SMALL, truncate_after=value)
            obs, info = env.reset(seed=0)
            n, out = play_out(env.step, info["action_mask"])
            self.assertEqual(out[2:4], (True, False))
            self.assertGreater(n, 1)
            vec = SelfPlayVectorCore(SMALL, 1, max_steps=value)
            vec.reset()
            for i in range(12):
                o, r, te, tr, infos = vec.step(np.array(
                    [int(np.flatnonzero(infos["action_mask"][0])[0])])
                    if i else np.array([0]))
            self.assertEqual((bool(te[0]), bool(tr[0])), (True, False))
        # a limit still truncates
        env = SingleAgentCore(SMALL, truncate_after=2)
        obs, info = env.reset(seed=0)
        self.assertEqual(play_out(env.step, info["action_mask"])[0], 2)

    def test_gymnasium_entry_points(self):
        with StandInGymnasium() as (gym, mgym):
            for kw in ({}, {"opponent": "self"}):
                for value, error in self.BAD:
                    with self.assertRaises(error):
                        gym.make_vec("mindgames/DotsAndBoxes-v0", num_envs=2,
                                     spec=SMALL, max_episode_steps=value, **kw)
                envs = gym.make_vec("mindgames/DotsAndBoxes-v0", num_envs=1,
                                    spec=SMALL, max_episode_steps=0, **kw)
                obs, infos = envs.reset(seed=0)
                obs, r, te, tr, infos = envs.step(np.array(
                    [int(np.flatnonzero(infos["action_mask"][0])[0])]))
                self.assertFalse(tr[0], kw)   # 0 is no limit, not 1 step
                envs.close()


@needs_numpy
class TestRefusedOpening(unittest.TestCase):
    """Issue 33, 4: a refused opening changes nothing."""

    def test_aec(self):
        core = AECCore(SMALL)
        core.reset(seed=3)
        core.step(4)
        before = (core.mg_state.history(), list(core.agents),
                  core.agent_selection, dict(core.rewards),
                  core.np_random.bit_generator.state)
        for opening, error in (([0, 0], mg.IllegalActionError),
                               ([0, 2 ** 40], mg.OutOfRangeError),
                               ([0, 1.5], TypeError)):
            with self.assertRaises(error):
                core.reset(seed=9, options={"actions": opening})
            self.assertEqual((core.mg_state.history(), list(core.agents),
                              core.agent_selection, dict(core.rewards),
                              core.np_random.bit_generator.state), before)
        with self.assertRaises(ValueError):
            core.reset(seed=-1)
        self.assertEqual(core.mg_state.history(), [4])
        core.step(5)       # the episode goes on
        self.assertEqual(core.mg_state.history(), [4, 5])

    def test_single_agent(self):
        env = SingleAgentCore(SMALL, seat=0)
        env.reset(seed=3)
        env.step(4)
        before = (env.mg_state.history(), env.np_random.bit_generator.state)
        for seed, options in ((-1, None), (9, {"seat": 2}),
                              (9, {"seat": True})):
            with self.assertRaises(ValueError):
                env.reset(seed=seed, options=options)
            self.assertEqual((env.mg_state.history(),
                              env.np_random.bit_generator.state), before)


@needs_numpy
class TestSpecOfAnotherGame(unittest.TestCase):
    """Issue 33, 5: a registered id builds its own game only."""

    def test_make_and_make_vec(self):
        with StandInGymnasium() as (gym, mgym):
            env = gym.make("mindgames/DotsAndBoxes-v0", spec=SMALL)
            self.assertEqual(env.game.spec, mg.Game(SMALL).spec)
            env.close()
            for make in (lambda: gym.make("mindgames/DotsAndBoxes-v0",
                                          spec="fangqi"),
                         lambda: gym.make_vec("mindgames/DotsAndBoxes-v0",
                                              num_envs=2, spec="fangqi"),
                         lambda: gym.make_vec("mindgames/ChinaTangle-v0",
                                              num_envs=2, opponent="self",
                                              spec=SMALL)):
                with self.assertRaisesRegex(ValueError, "not of"):
                    make()
            env = gym.make("mindgames/Fangqi-v0",
                           spec="fangqi(width=5,height=5)")
            self.assertEqual(env.game.id, "fangqi")
            env.close()


# ---------------------------------------------------- the one vocabulary

@needs_numpy
class TestOneVocabulary(unittest.TestCase):
    """Issue 33, 6: the README's table, across PettingZoo (AECCore),
    Gymnasium (SingleAgentCore, VectorCore) and self-play
    (SelfPlayVectorCore)."""

    def test_illegal_action_loses_everywhere(self):
        # PettingZoo: the second player redraws line 0
        core = AECCore(SMALL)
        core.reset()
        core.step(0)
        core.step(0)
        self.assertEqual(core.rewards, {"player_0": 0.0, "player_1": -1.0})
        self.assertTrue(all(core.terminations.values()))
        for a in AGENTS:
            self.assertEqual(core.infos[a]["illegal_action"], "player_1")
            self.assertIn("already drawn", core.infos[a]["reason"])
        # Gymnasium: the agent in seat 1
        env = SingleAgentCore(SMALL, seat=1, opponent=lambda s: 0)
        env.reset()
        obs, r, te, tr, info = env.step(0)
        self.assertEqual((r, te, tr), (-1.0, True, False))
        self.assertEqual(info["illegal_action"], "player_1")
        self.assertIn("already drawn", info["reason"])
        vec = VectorCore(SMALL, 2, seat=0)
        vec.reset(seed=0)
        obs, r, te, tr, infos = vec.step(np.array([0, 99]))
        self.assertEqual(infos["illegal_action"].tolist(), [None, "player_0"])
        self.assertEqual(infos["_illegal_action"].tolist(), [False, True])
        self.assertEqual((r[1], bool(te[1])), (-1.0, True))

    def test_self_play_illegal_loses_in_each_mode(self):
        for mode in ("next_step", "same_step", "none"):
            vec = SelfPlayVectorCore(SMALL, 2, autoreset=mode)
            vec.reset(seed=0)
            vec.step(np.array([0, 0]))            # player_0 draws 0
            obs, r, te, tr, infos = vec.step(np.array([0, 1]))  # redraws
            self.assertEqual(r.tolist(), [-1.0, 0.0], mode)
            self.assertEqual(te.tolist(), [True, False], mode)
            self.assertEqual(infos["status"].tolist(),
                             [BATCH_ILLEGAL, BATCH_OK], mode)
            self.assertEqual(infos["illegal_action"].tolist(),
                             ["player_1", None])
            self.assertEqual(infos["rewards"][0].tolist(), [0.0, -1.0])
            fresh = mg.Game(SMALL).new_state().observation(0, as_numpy=True)
            if mode == "same_step":
                self.assertTrue(infos["_final_obs"][0])
                self.assertEqual(obs[0].tobytes(), fresh.tobytes())
                self.assertEqual(vec.vg.state(0).history(), [])
                continue
            self.assertEqual(infos["to_move"][0], -1)
            self.assertFalse(infos["action_mask"][0].any())
            obs, r, te, tr, infos = vec.step(np.array([3, 2]))
            self.assertEqual(r[0], 0.0)
            self.assertFalse(te[0])
            if mode == "next_step":
                self.assertEqual(infos["status"][0], BATCH_RESET)
                self.assertEqual(obs[0].tobytes(), fresh.tobytes())
                self.assertEqual(vec.vg.state(0).history(), [])
                self.assertEqual(infos["to_move"][0], 0)
            else:
                self.assertEqual(infos["status"][0], BATCH_IDLE)
                self.assertEqual(vec.random_actions()[0], -1)
                vec.reset(options={"reset_mask": np.array([True, False])})
                self.assertEqual(vec.vg.state(0).history(), [])
                self.assertEqual(vec.step(np.array([3, 3]))[4]["status"]
                                 .tolist(), [BATCH_OK, BATCH_OK])
            vec.close()

    def test_self_play_against_a_model(self):
        """Random play with illegal actions mixed in, every mode, 1 and 2
        threads, against single States with the rules written out."""
        game = mg.Game(SMALL)
        n = 6
        for mode in ("next_step", "same_step", "none"):
            for threads in (1, 2):
                vec = SelfPlayVectorCore(SMALL, n, autoreset=mode,
                                         threads=threads)
                obs, infos = vec.reset(seed=0)
                states = [game.new_state() for _ in range(n)]
                done, view = [False] * n, [0] * n
                rng = np.random.default_rng(threads)
                for _ in range(60):
                    acts = []
                    for s in states:
                        m = s.legal_mask()
                        pick = m if rng.random() < 0.8 or m.all() else 1 - m
                        acts.append(int(rng.choice(np.flatnonzero(pick)))
                                    if pick.any() else 0)
                    obs, rew, term, trunc, infos = vec.step(np.array(acts))
                    for i, a in enumerate(acts):
                        what = (mode, threads, i)
                        r, te, final, name = 0.0, False, None, None
                        s = states[i]
                        if done[i]:
                            if mode == "next_step":
                                states[i], done[i], view[i] = \
                                    game.new_state(), False, 0
                        else:
                            mover = s.current_player
                            view[i] = mover
                            if s.is_legal(a):
                                s.apply(a)
                                if s.is_terminal:
                                    r, te = expected_rewards(s)[mover], True
                            else:
                                r, te, name = -1.0, True, AGENTS[mover]
                            if te and mode == "same_step":
                                final = s.observation(mover, as_numpy=True)
                                states[i], view[i] = game.new_state(), 0
                            elif te:
                                done[i] = True
                        p = states[i].current_player
                        want = states[i].observation(
                            view[i] if done[i] or p < 0 else p,
                            as_numpy=True)
                        self.assertEqual(obs[i].tobytes(), want.tobytes(),
                                         what)
                        self.assertEqual((rew[i], bool(term[i])), (r, te),
                                         what)
                        got = (infos["illegal_action"][i]
                               if "illegal_action" in infos else None)
                        self.assertEqual(got, name, what)
                        if final is not None:
                            self.assertEqual(infos["final_obs"][i].tobytes(),
                                             final.tobytes(), what)
                        self.assertEqual(
                            bool(infos["action_mask"][i].any()),
                            not done[i], what)
                vec.close()

    def test_none_is_a_type_error_for_a_live_agent(self):
        for env in (AECCore(SMALL), SingleAgentCore(SMALL)):
            env.reset()
            with self.assertRaisesRegex(TypeError, "NoneType"):
                env.step(None)
            self.assertEqual(env.mg_state.history(), [])
        vec = SelfPlayVectorCore(SMALL, 2)
        vec.reset()
        with self.assertRaises(TypeError):
            vec.step(np.array([None, 0]))

    def test_seeds(self):
        def trace(make, seed):
            env = make()
            env.reset(seed=seed)
            return env.np_random.integers(1 << 30, size=4).tolist()
        for make in (lambda: AECCore(SMALL), lambda: SingleAgentCore(SMALL)):
            self.assertEqual(trace(make, np.int64(3)), trace(make, 3))
            for bad in (-1, 2.5, True, "3"):
                with self.assertRaisesRegex(ValueError, "seed must be None "
                                            "or an int >= 0, not %s"
                                            % type(bad).__name__):
                    make().reset(seed=bad)
        for vec in (VectorCore(SMALL, 2), SelfPlayVectorCore(SMALL, 2)):
            vec.reset(seed=np.int64(3))
            with self.assertRaisesRegex(ValueError, "not float"):
                vec.reset(seed=2.5)
        with StandInGymnasium() as (gym, mgym):   # Gymnasium wants an int
            env = gym.make("mindgames/DotsAndBoxes-v0", spec=SMALL)
            env.reset(seed=np.int64(3))
            envs = gym.make_vec("mindgames/DotsAndBoxes-v0", num_envs=2,
                                spec=SMALL, opponent="self")
            envs.reset(seed=np.uint8(3))

    def test_reset_signatures(self):
        # the frameworks': Gymnasium's Env.reset and VectorEnv.reset take
        # seed and options by keyword only, PettingZoo's AECEnv.reset by
        # position too; the cores are the wrappers' bases (mypy --strict
        # checks the overrides agree)
        for env in (SingleAgentCore(SMALL), VectorCore(SMALL, 2),
                    SelfPlayVectorCore(SMALL, 2)):
            with self.assertRaises(TypeError, msg=type(env).__name__):
                env.reset(3)
            with self.assertRaises(TypeError, msg=type(env).__name__):
                env.reset(None, {})
            env.reset(seed=3, options={})
        a, b = AECCore(SMALL), AECCore(SMALL)
        a.reset(3, {"actions": [0]})
        b.reset(seed=3, options={"actions": [0]})
        self.assertEqual(a.mg_state.history(), [0])
        self.assertEqual(a.np_random.integers(1 << 30, size=4).tolist(),
                         b.np_random.integers(1 << 30, size=4).tolist())


if __name__ == "__main__":
    unittest.main()
