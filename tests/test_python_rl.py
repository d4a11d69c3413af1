"""The reinforcement-learning wrappers (mindgames.pettingzoo,
mindgames.gymnasium, mindgames.openspiel) against the frameworks'
documented contracts.

The frameworks are not installed in CI, so the contracts are restated
here and checked on the framework-free cores the wrappers are made of
(mindgames._rl: AECCore, SingleAgentCore; mindgames._rl_vector:
VectorCore, SelfPlayVectorCore; the OpenSpiel
state's methods).  Where a framework is importable, the thin adapters and
the framework's own checkers run too (pettingzoo.test.api_test and
seed_test, gymnasium.utils.env_checker.check_env, pyspiel's random
simulation); otherwise those tests are skipped with the reason.

Contracts restated (from each framework's documentation):

PettingZoo AEC (pettingzoo.utils.env.AECEnv, the "AEC API" page):
  possible_agents, agents, agent_selection; reset(seed=None,
  options=None) leaves every agent alive (terminations and truncations
  all False); observe(agent); last(observe=True) is (observation,
  cumulative reward, termination, truncation, info) of agent_selection,
  and its observation is None with observe=False; rewards,
  terminations, truncations and infos are dicts keyed by the live
  agents; a terminated or truncated agent must take step(None) (the dead
  step), which removes it from agents; an action mask, when given, is
  obs["action_mask"] and an action space's sample(mask) draws a legal
  action; same seed, same actions -> same trajectory (seed_test).
Gymnasium (gymnasium.Env, gymnasium.vector.VectorEnv):
  reset(seed=None, options=None) -> (obs, info); step(a) -> (obs,
  reward, terminated, truncated, info); reset(seed=s) makes the episode
  reproducible; observations lie in observation_space; vector autoreset
  NEXT_STEP / SAME_STEP / DISABLED as the "Autoreset modes" page states.
OpenSpiel (pyspiel.State as python games implement it):
  current_player() (TERMINAL -4 at the end), legal_actions(),
  apply_action(), is_terminal(), returns(), rewards(), clone(),
  observation_string/information_state_string(player), __str__,
  serialize(); the observer fills its tensor: test_python_rl_openspiel.py.
"""
import copy
import io
import os
import subprocess
import sys
import unittest
from contextlib import redirect_stdout

from mgtest import HAVE_NUMPY, mg

if HAVE_NUMPY:
    import numpy as np
    from mindgames._rl import AGENTS, AECCore, SingleAgentCore
    from mindgames._rl_vector import SelfPlayVectorCore, VectorCore

needs_numpy = unittest.skipUnless(HAVE_NUMPY, "the RL wrappers need NumPy, "
                                  "which is not importable here")

# every game, small where the default is slow to play out at random
SPECS = ("dots_and_boxes(rows=3,cols=3)", "dots_and_boxes(grid=triangle,size=2)",
         "china_squares", "china_octangle", "china_tangle", "china_grove",
         "fangqi(width=5,height=5,no_capture_limit=30)",
         "chains_of_thought")
SMALL = "dots_and_boxes(rows=2,cols=2)"


def have(module):
    try:
        __import__(module)
        return True
    except ImportError:
        return False


def _python(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=dict(os.environ))


class TestImports(unittest.TestCase):
    """The frameworks are optional: importing mindgames imports none of
    them, and a wrapper without its framework raises an ImportError
    naming the package to install."""

    def test_mindgames_imports_no_framework(self):
        p = _python("import sys, mindgames; print(sorted(m for m in "
                    "('pettingzoo', 'gymnasium', 'pyspiel', 'numpy') "
                    "if m in sys.modules))")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), "[]")

    def test_missing_framework(self):
        for module, framework in (("pettingzoo", "pettingzoo"),
                                  ("gymnasium", "gymnasium"),
                                  ("openspiel", "pyspiel")):
            p = _python("import sys; sys.modules[%r] = None\n"
                        "try:\n    import mindgames.%s\n"
                        "except ImportError as e:\n    print(e)\n"
                        % (framework, module))
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn("mindgames.%s needs" % module, p.stdout)
            self.assertIn(framework if framework != "pyspiel"
                          else "open_spiel", p.stdout)


def expected_rewards(state):
    """The terminal rewards written out: +1 the winner, -1 the loser."""
    return {0: [1.0, -1.0], 1: [-1.0, 1.0], mg.DRAW: [0.0, 0.0]}[state.winner]


def random_agent_game(core, rng, check=None):
    """Play a game of an AECCore to the end with legal random actions (the
    mask), calling check(core) before each step; returns the actions."""
    played = []
    while True:
        agent = core.agent_selection
        obs, reward, term, trunc, info = core.last()
        if check:
            check(core)
        if term or trunc:
            return played
        legal = np.flatnonzero(obs["action_mask"])
        a = int(legal[rng.integers(len(legal))])
        played.append((agent, a))
        core.step(a)


@needs_numpy
class TestAEC(unittest.TestCase):
    """PettingZoo's AEC contract on AECCore, every game."""

    def test_spaces(self):
        for spec in SPECS:
            core = AECCore(spec)
            g = core.game
            self.assertEqual(core.possible_agents, ["player_0", "player_1"])
            self.assertEqual(core.observation_low.shape, g.observation_shape)
            self.assertEqual(core.observation_low.dtype, np.float32)
            bounds = g.observation_bounds()
            self.assertEqual(len(bounds), g.observation_shape[0])
            for p, (lo, hi) in enumerate(bounds):
                self.assertLessEqual(lo, hi)
                self.assertTrue((core.observation_low[p] == lo).all())
                self.assertTrue((core.observation_high[p] == hi).all())
            self.assertEqual(core.num_actions, g.num_actions)
            self.assertFalse(core.metadata["is_parallelizable"])
            self.assertEqual(core.metadata["render_modes"], ["ansi", "human"])
            self.assertTrue(core.metadata["name"].startswith("mindgames_"))

    def test_reset(self):
        core = AECCore(SPEC_CHINA)
        core.reset(seed=1, options={"whatever": 1})
        self.assertEqual(core.agents, ["player_0", "player_1"])
        for d in (core.rewards, core._cumulative_rewards, core.terminations,
                  core.truncations, core.infos):
            self.assertEqual(sorted(d), core.agents)
        self.assertFalse(any(core.terminations.values()))
        self.assertFalse(any(core.truncations.values()))
        self.assertEqual(core.agent_selection, "player_0")
        self.assertIsNone(core.last(observe=False)[0])
        # an opening in the options
        s = core.game.new_state()
        s.playout(5, 3)
        core.reset(options={"actions": s.history()})
        self.assertEqual(core.mg_state.history(), s.history())
        self.assertEqual(core.agent_selection, AGENTS[s.current_player])

    def test_play_every_game(self):
        """Every observation inside its declared bounds, masks only for
        the agent to move (and equal to its legal actions), agent
        selection following the player to move through multi-action
        turns, cumulative rewards in last(), then the dead steps."""
        repeated = set()

        def check(core):
            state = core.mg_state
            for agent in core.agents:
                o = core.observe(agent)
                obs, mask = o["observation"], o["action_mask"]
                self.assertEqual(obs.dtype, np.float32)
                self.assertEqual(obs.shape, core.game.observation_shape)
                bad = (obs < core.observation_low) | (obs > core.observation_high)
                self.assertFalse(bad.any(), "%s: plane %s out of bounds"
                                 % (core.game.spec, np.argwhere(bad)[:1]))
                self.assertEqual(mask.dtype, np.int8)
                self.assertEqual(mask.shape, (core.num_actions,))
                if agent == core.agent_selection and not state.is_terminal:
                    self.assertEqual(np.flatnonzero(mask).tolist(),
                                     state.legal_actions())
                    self.assertEqual(agent, AGENTS[state.current_player])
                else:
                    self.assertFalse(mask.any())
            self.assertEqual(core.last()[1],
                             core._cumulative_rewards[core.agent_selection])

        for spec in SPECS:
            core = AECCore(spec)
            core.reset(seed=7)
            played = random_agent_game(core, np.random.default_rng(7), check)
            for (a, _), (b, _) in zip(played, played[1:]):
                if a == b:
                    repeated.add(core.game.id)
            state = core.mg_state
            self.assertTrue(state.is_terminal, spec)
            self.assertEqual([core._cumulative_rewards[a] for a in AGENTS],
                             expected_rewards(state))
            self.assertTrue(all(core.terminations.values()))
            self.assertIn("end_reason", core.infos["player_0"])
            # dead steps: only None, each agent leaves
            with self.assertRaises(ValueError):
                core.step(0)
            first = core.agent_selection
            core.step(None)
            self.assertNotIn(first, core.agents)
            self.assertEqual(len(core.agents), 1)
            self.assertEqual(sorted(core.rewards), core.agents)
            self.assertTrue(core.terminations[core.agent_selection])
            core.step(None)
            self.assertEqual(core.agents, [])
        # multi-action turns: the same agent acts twice in a row
        self.assertIn("china_squares", repeated)

    def test_determinism_per_seed(self):
        for spec in (SMALL, "china_tangle"):
            runs = []
            for _ in range(2):
                core = AECCore(spec)
                core.reset(seed=42)
                trace = []

                def check(c, trace=trace):
                    o, r, te, tr, info = c.last()
                    trace.append((c.agent_selection, o["observation"].tobytes(),
                                  o["action_mask"].tobytes(), r, te, tr))
                random_agent_game(core, core.np_random, check)
                runs.append(trace)
            self.assertEqual(runs[0], runs[1])

    def test_illegal_action(self):
        core = AECCore(SMALL)
        core.reset()
        core.step(0)
        agent = core.agent_selection
        core.step(0)   # drawn already
        self.assertTrue(all(core.terminations.values()))
        self.assertEqual(core._cumulative_rewards[agent], -1.0)
        self.assertIn("already drawn", core.infos[agent]["reason"])
        core = AECCore(SMALL, illegal="raise")
        core.reset()
        core.step(0)
        with self.assertRaises(mg.IllegalActionError):
            core.step(0)

    def test_render(self):
        core = AECCore(SMALL, render_mode="ansi")
        core.reset()
        self.assertEqual(core.render(), core.mg_state.render())
        core = AECCore(SMALL, render_mode="human")
        core.reset()
        out = io.StringIO()
        with redirect_stdout(out):
            self.assertIsNone(core.render())
        self.assertEqual(out.getvalue(), core.mg_state.render() + "\n")
        with self.assertRaises(ValueError):
            AECCore(SMALL, render_mode="rgb_array")


SPEC_CHINA = "china_tangle"


@needs_numpy
class TestSingleAgent(unittest.TestCase):
    """Gymnasium's Env contract on SingleAgentCore."""

    def test_reset_step_tuples(self):
        env = SingleAgentCore(SMALL, opponent="random")
        obs, info = env.reset(seed=3)
        self.assertEqual(obs.shape, env.game.observation_shape)
        self.assertEqual(obs.dtype, np.float32)
        self.assertEqual(info["action_mask"].dtype, np.int8)
        self.assertEqual(np.flatnonzero(info["action_mask"]).tolist(),
                         env.mg_state.legal_actions())
        steps = 0
        while True:
            legal = np.flatnonzero(info["action_mask"])
            out = env.step(int(legal[0]))
            self.assertEqual(len(out), 5)
            obs, reward, term, trunc, info = out
            self.assertIsInstance(reward, float)
            self.assertIsInstance(term, bool)
            self.assertIsInstance(trunc, bool)
            self.assertTrue((obs >= env.observation_low).all()
                            and (obs <= env.observation_high).all())
            steps += 1
            if term:
                break
            self.assertEqual(reward, 0.0)
            self.assertEqual(env.mg_state.current_player, env.seat)
        self.assertEqual(reward, expected_rewards(env.mg_state)[0])
        self.assertFalse(info["action_mask"].any())
        with self.assertRaises(RuntimeError):
            env.step(0)

    def test_seeding(self):
        def run(seed):
            env = SingleAgentCore("china_tangle", seat="random")
            obs, info = env.reset(seed=seed)
            out = [env.seat, obs.tobytes()]
            term = False
            while not term:
                legal = np.flatnonzero(info["action_mask"])
                obs, r, term, trunc, info = env.step(
                    int(legal[env.np_random.integers(len(legal))]))
                out.append((obs.tobytes(), r))
            return out
        self.assertEqual(run(5), run(5))
        self.assertNotEqual(run(5), run(6))

    def test_opponents(self):
        seen = []

        def first_legal(state):
            seen.append(state.current_player)
            return state.legal_actions()[0]
        env = SingleAgentCore(SMALL, opponent=first_legal, seat=1)
        obs, info = env.reset()
        self.assertEqual(seen, [0])
        self.assertEqual(env.mg_state.current_player, 1)
        env = SingleAgentCore(SMALL, opponent="greedy")
        env.reset(seed=1)
        env.step(int(np.flatnonzero(env.action_masks())[0]))
        self.assertEqual(env.mg_state.current_player, 0)
        with self.assertRaises(mg.UnknownBotError):
            SingleAgentCore(SMALL, opponent="no_such_bot")
        obs, info = env.reset(options={"seat": 1})
        self.assertEqual(info["seat"], 1)

    def test_illegal_action_loses(self):
        env = SingleAgentCore(SMALL)
        env.reset(seed=0)
        a = env.mg_state.history()
        obs, r, term, trunc, info = env.step(env.game.num_actions + 5)
        self.assertEqual((r, term, trunc), (-1.0, True, False))
        self.assertTrue(info["illegal_action"])
        self.assertEqual(env.mg_state.history(), a)
        with self.assertRaises(RuntimeError):
            env.step(0)


def reference_vector(spec, n, mode, seed, steps, rng_seed):
    """A loop over n single environments with the autoreset rules written
    out from Gymnasium's documentation; returns what each step gives."""
    envs = [SingleAgentCore(spec) for _ in range(n)]
    first = [e.reset(seed=seed + i) for i, e in enumerate(envs)]
    obs = [o for o, _ in first]
    masks = [i["action_mask"] for _, i in first]
    pending = [False] * n
    rng = np.random.default_rng(rng_seed)
    out = []
    for _ in range(steps):
        acts = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                for m in masks]
        row = []
        for i, e in enumerate(envs):
            if mode == "next_step" and pending[i]:
                o, info = e.reset()
                pending[i] = False
                row.append((o, 0.0, False, False, info, None))
            else:
                o, r, te, tr, info = e.step(acts[i])
                final = None
                if te or tr:
                    if mode == "next_step":
                        pending[i] = True
                    elif mode == "same_step":
                        final = o
                        o, info = e.reset()
                row.append((o, r, te, tr, info, final))
            obs[i], masks[i] = row[-1][0], row[-1][4]["action_mask"]
        out.append((acts, row))
        if mode == "none" and any(r[2] or r[3] for r in row):
            break
    return out


@needs_numpy
class TestVector(unittest.TestCase):
    """Gymnasium's vector autoreset modes on VectorCore, bit for bit
    against a loop over single environments."""

    def test_autoreset_modes(self):
        n, seed, steps = 4, 11, 40
        for mode in ("next_step", "same_step", "none"):
            ref = reference_vector(SMALL, n, mode, seed, steps, 99)
            vec = VectorCore(SMALL, n, autoreset=mode)
            obs, infos = vec.reset(seed=seed)
            self.assertEqual(obs.shape, (n,) + vec.game.observation_shape)
            ended = 0
            for acts, row in ref:
                obs, rew, term, trunc, infos = vec.step(np.array(acts))
                for i, (o, r, te, tr, info, final) in enumerate(row):
                    self.assertEqual(obs[i].tobytes(), o.tobytes(), mode)
                    self.assertEqual(rew[i], r)
                    self.assertEqual(bool(term[i]), te)
                    self.assertEqual(bool(trunc[i]), tr)
                    self.assertEqual(infos["action_mask"][i].tobytes(),
                                     info["action_mask"].tobytes())
                    if mode == "same_step":
                        if final is None:
                            self.assertFalse("_final_obs" in infos
                                             and infos["_final_obs"][i])
                        else:
                            ended += 1
                            self.assertTrue(infos["_final_obs"][i])
                            self.assertEqual(infos["final_obs"][i].tobytes(),
                                             final.tobytes())
                    ended += mode != "same_step" and (te or tr)
            self.assertGreater(ended, 0, mode)
            if mode == "none":
                done = term | trunc
                before = [e.mg_state.history() for e in vec.envs]
                with self.assertRaises(RuntimeError):
                    vec.step(np.zeros(n, dtype=np.int64))
                # refused as a whole: no copy stepped
                self.assertEqual([e.mg_state.history() for e in vec.envs],
                                 before)
                obs2, infos2 = vec.reset(options={"reset_mask": done})
                self.assertTrue((obs2[~done] == obs[~done]).all())
                for i in np.flatnonzero(done):   # a new episode, seat 0
                    self.assertEqual(vec.envs[i].mg_state.history(), [])
                vec.step(np.array([int(np.flatnonzero(m)[0])
                                   for m in infos2["action_mask"]]))

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            VectorCore(SMALL, 2, autoreset="sometimes")
        with self.assertRaises(ValueError):
            VectorCore(SMALL, 0)
        vec = VectorCore(SMALL, 2)
        vec.reset(seed=0)
        with self.assertRaises(ValueError):
            vec.step([0, 0, 0])


def reference_self_play(spec, n, mode, steps, rng_seed):
    """Self-play over n single States with the autoreset rules written
    out: each step, one action per game for its player to move; the
    reward is the mover's; once over, the view is the last mover's."""
    game = mg.Game(spec)
    states = [game.new_state() for _ in range(n)]
    done, last = [False] * n, [0] * n
    rng = np.random.default_rng(rng_seed)

    def view(i):
        p = states[i].current_player
        return p if p >= 0 else last[i]

    def obs(i):
        return states[i].observation(view(i), as_numpy=True)

    out = []
    for _ in range(steps):
        masks = [s.legal_mask() for s in states]
        acts = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                for m in masks]
        row = []
        for i, a in enumerate(acts):
            if done[i]:
                if mode == "next_step":
                    states[i] = game.new_state()
                    done[i], last[i] = False, 0
                row.append((obs(i), 0.0, False, False, None))
                continue
            s = states[i]
            mover = s.current_player
            s.apply(a)
            last[i] = mover
            reward, final = 0.0, None
            if s.is_terminal:
                reward = expected_rewards(s)[mover]
                if mode == "same_step":
                    final = obs(i)
                    states[i], last[i] = game.new_state(), 0
                else:
                    done[i] = True
            row.append((obs(i), reward, final is not None or done[i], False,
                        final))
        out.append((acts, row, [s.legal_mask() for s in states]))
    return out, done


@needs_numpy
class TestSelfPlayVector(unittest.TestCase):
    """Self-play over VectorGame, bit for bit against a loop over single
    States in each autoreset mode (and the partial reset of 'none')."""

    def test_autoreset_modes(self):
        n, steps = 5, 30
        for mode in ("next_step", "same_step", "none"):
            for threads in (1, 2):
                ref, done = reference_self_play(SMALL, n, mode, steps, 4)
                vec = SelfPlayVectorCore(SMALL, n, autoreset=mode,
                                         threads=threads)
                obs, infos = vec.reset(seed=0)
                ended = 0
                for acts, row, masks in ref:
                    obs, rew, term, trunc, infos = vec.step(np.array(acts))
                    for i, (o, r, te, tr, final) in enumerate(row):
                        what = (mode, threads, i)
                        self.assertEqual(obs[i].tobytes(), o.tobytes(), what)
                        self.assertEqual(rew[i], r, what)
                        self.assertEqual(bool(term[i]), te, what)
                        self.assertEqual(bool(trunc[i]), tr, what)
                        self.assertEqual(infos["action_mask"][i].tolist(),
                                         masks[i].tolist(), what)
                        if mode == "same_step" and final is not None:
                            self.assertTrue(infos["_final_obs"][i])
                            self.assertEqual(infos["final_obs"][i].tobytes(),
                                             final.tobytes())
                        ended += te
                self.assertGreater(ended, 0, mode)
                if mode == "none":
                    # every game of 2x2 lasts 12 actions: all are over;
                    # reset every other one
                    self.assertTrue(all(done))
                    which = np.arange(n) % 2 == 0
                    before = obs.copy()
                    obs2, infos2 = vec.reset(options={"reset_mask": which})
                    fresh = mg.Game(SMALL).new_state().observation(
                        0, as_numpy=True)
                    for i in range(n):
                        self.assertEqual(obs2[i].tobytes(), fresh.tobytes()
                                         if which[i] else before[i].tobytes())
                    self.assertTrue((infos2["to_move"][which] == 0).all())
                    self.assertTrue((infos2["to_move"][~which] == -1).all())
                    acts = [int(np.flatnonzero(m)[0]) if m.any() else 0
                            for m in infos2["action_mask"]]
                    obs3, rew, term, trunc, infos3 = vec.step(np.array(acts))
                    self.assertEqual(infos3["status"].tolist(),
                                     [mg.vector.BATCH_OK if w else
                                      mg.vector.BATCH_IDLE for w in which])
                vec.close()

    def test_rewards_of_both_seats(self):
        vec = SelfPlayVectorCore(SMALL, 3, autoreset="same_step")
        vec.reset(seed=1)
        for _ in range(40):
            obs, rew, term, trunc, infos = vec.step(vec.random_actions())
            for i in np.flatnonzero(term):
                self.assertEqual(sorted(infos["rewards"][i].tolist()) in
                                 ([-1.0, 1.0], [0.0, 0.0]), True)
                self.assertIn(rew[i], infos["rewards"][i].tolist())
        with self.assertRaises(ValueError):
            vec.step([0])
        with self.assertRaises(ValueError):
            SelfPlayVectorCore(SMALL, 2, autoreset="always")


@needs_numpy
class TestDeepcopySpeed(unittest.TestCase):

    def test_deepcopy_is_clone(self):
        s = mg.Game(SMALL).new_state()
        s.playout(1, 3)
        d = copy.deepcopy(s)
        self.assertIs(d.game, s.game)
        self.assertEqual(d.history(), s.history())


# ------------------------------------------------- the frameworks' checkers

@unittest.skipUnless(HAVE_NUMPY and have("pettingzoo"),
                     "PettingZoo is not importable here (pip install "
                     "pettingzoo): its api_test and seed_test are skipped")
class TestPettingZooChecks(unittest.TestCase):

    def test_api_and_seed_tests(self):
        import warnings
        from pettingzoo.test import api_test, seed_test
        from mindgames import pettingzoo as mpz
        for spec in SPECS:
            with self.subTest(spec=spec), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out = io.StringIO()
                with redirect_stdout(out):
                    api_test(mpz.env(spec), num_cycles=200)
                    seed_test(lambda: mpz.env(spec), num_cycles=50)
                self.assertIn("Passed API test", out.getvalue())

    def test_render_test(self):
        from pettingzoo.test import render_test
        from mindgames import pettingzoo as mpz
        out = io.StringIO()
        with redirect_stdout(out):
            render_test(lambda render_mode=None: mpz.env(
                SMALL, render_mode=render_mode))
        self.assertIn(mg.Game(SMALL).new_state().render(), out.getvalue())

    def test_spaces_contain_observations(self):
        from mindgames import pettingzoo as mpz
        e = mpz.env("china_tangle")
        e.reset(seed=1)
        for agent in e.agent_iter():
            obs, r, term, trunc, info = e.last()
            self.assertTrue(e.observation_space(agent).contains(obs))
            e.step(None if term or trunc else
                   e.action_space(agent).sample(obs["action_mask"]))


@unittest.skipUnless(HAVE_NUMPY and have("gymnasium"),
                     "Gymnasium is not importable here (pip install "
                     "gymnasium): check_env and make_vec are skipped")
class TestGymnasiumChecks(unittest.TestCase):

    def test_check_env(self):
        import warnings
        import gymnasium as gym
        from gymnasium.utils.env_checker import check_env
        import mindgames.gymnasium as mgym
        for gid in mg.game_ids():
            with self.subTest(game=gid), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                env = gym.make(mgym.env_id(gid))
                check_env(env.unwrapped, skip_render_check=True)
                env.close()

    def test_make_vec(self):
        import gymnasium as gym
        import mindgames.gymnasium   # registers the ids
        for mode in ("next_step", "same_step", "none"):
            envs = gym.make_vec("mindgames/DotsAndBoxes-v0", num_envs=3,
                                spec=SMALL, autoreset=mode)
            self.assertIsInstance(envs, gym.vector.VectorEnv)
            self.assertEqual(envs.metadata["autoreset_mode"].value,
                             {"next_step": "NextStep", "same_step": "SameStep",
                              "none": "Disabled"}[mode])
            obs, infos = envs.reset(seed=0)
            self.assertTrue(envs.observation_space.contains(obs))
            envs.step(envs.action_space.sample())
            envs.close()
            # self-play over VectorGame
            envs = gym.make_vec("mindgames/ChinaTangle-v0", num_envs=4,
                                opponent="self", autoreset=mode, threads=2)
            self.assertIsInstance(envs.unwrapped,
                                  mindgames.gymnasium.MindgamesSelfPlayVectorEnv)
            self.assertEqual(envs.metadata["autoreset_mode"].value,
                             {"next_step": "NextStep", "same_step": "SameStep",
                              "none": "Disabled"}[mode])
            obs, infos = envs.reset(seed=0)
            for _ in range(30):
                self.assertTrue(envs.observation_space.contains(obs))
                obs, rew, term, trunc, infos = envs.step(
                    envs.unwrapped.random_actions())
            envs.close()


    def test_vector_env_agrees_with_sync_vector_env(self):
        """MindgamesVectorEnv bit for bit against Gymnasium's own
        SyncVectorEnv over MindgamesEnv copies, in each autoreset mode."""
        from gymnasium.vector import AutoresetMode, SyncVectorEnv
        from mindgames.gymnasium import MindgamesEnv, MindgamesVectorEnv
        n = 3
        for mode, gmode in (("next_step", AutoresetMode.NEXT_STEP),
                            ("same_step", AutoresetMode.SAME_STEP),
                            ("none", AutoresetMode.DISABLED)):
            ours = MindgamesVectorEnv(SMALL, num_envs=n, autoreset=mode)
            theirs = SyncVectorEnv([lambda: MindgamesEnv(SMALL)
                                    for _ in range(n)], autoreset_mode=gmode)
            o1, i1 = ours.reset(seed=21)
            o2, i2 = theirs.reset(seed=21)
            self.assertEqual(o1.tobytes(), o2.tobytes())
            rng = np.random.default_rng(0)
            ended = 0
            for _ in range(60):
                acts = np.array([int(rng.choice(np.flatnonzero(m)))
                                 if m.any() else 0
                                 for m in i1["action_mask"]])
                r1 = ours.step(acts)
                r2 = theirs.step(acts)
                for a, b in zip(r1[:4], r2[:4]):
                    self.assertEqual(np.asarray(a).tobytes(),
                                     np.asarray(b).tobytes(), mode)
                i1, i2 = r1[4], r2[4]
                self.assertEqual(i1["action_mask"].tobytes(),
                                 i2["action_mask"].tobytes())
                if "_final_obs" in i2:
                    self.assertEqual(i1["_final_obs"].tolist(),
                                     i2["_final_obs"].tolist())
                    for k in np.flatnonzero(i2["_final_obs"]):
                        self.assertEqual(i1["final_obs"][k].tobytes(),
                                         i2["final_obs"][k].tobytes())
                done = r1[2] | r1[3]
                ended += int(done.sum())
                if mode == "none" and done.any():
                    o1, j1 = ours.reset(options={"reset_mask": done.copy()})
                    o2, j2 = theirs.reset(options={"reset_mask": done.copy()})
                    self.assertEqual(o1.tobytes(), o2.tobytes())
                    i1["action_mask"][done] = j1["action_mask"][done]
            self.assertGreater(ended, 0)
            ours.close()
            theirs.close()


def readme_example(framework):
    """The README's example of a wrapper (the python block after its
    bold name in "Reinforcement-learning wrappers")."""
    import re
    with open(os.path.join(os.path.dirname(os.path.dirname(
            os.path.abspath(__file__))), "README.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index("### Reinforcement-learning wrappers")
    start = text.index("**%s**" % framework, start)
    return re.search(r"```python\n(.*?)```", text[start:], re.S).group(1)


class TestReadmeExamples(unittest.TestCase):
    """The README's examples run where their framework is importable."""

    def run_example(self, framework, module):
        if not (HAVE_NUMPY and have(module)):
            self.skipTest("%s is not importable here" % framework)
        p = _python(readme_example(framework))
        self.assertEqual(p.returncode, 0, p.stderr)

    def test_pettingzoo(self):
        self.run_example("PettingZoo", "pettingzoo")

    def test_gymnasium(self):
        self.run_example("Gymnasium", "gymnasium")

    def test_openspiel(self):
        self.run_example("OpenSpiel", "pyspiel")


if __name__ == "__main__":
    unittest.main()
