"""mindgames.VectorGame (the C batch, 1.5) against a loop of single
States written here: statuses, rewards, flags, masks and observations
after every step, in the three autoreset modes; illegal actions; seeds;
threads.  Skipped without NumPy (VectorGame needs it)."""
import random
import unittest

from mgtest import HAVE_NUMPY, mg, needs_numpy, without_numpy

if HAVE_NUMPY:
    import numpy as np

SPECS = ("dots_and_boxes(rows=2,cols=2)", "china_squares", "fangqi",
         "chains_of_thought(board=hex4)")


class Model:
    """The batch's rules over one State per game (mg_batch_new(3))."""

    def __init__(self, game, n, autoreset, max_steps=0):
        self.game, self.n, self.mode = game, n, autoreset
        length = game.max_length or 1024
        self.limit = min(length, max_steps) if max_steps else length
        self.s = [game.new_state() for _ in range(n)]
        self.done = [False] * n
        self.last = [-1] * n
        self.final = [None] * n

    def reset(self, i):
        self.s[i].close()
        self.s[i] = self.game.new_state()
        self.done[i], self.last[i] = False, -1

    def view(self, i, state=None, last=None):
        s = state or self.s[i]
        p = s.current_player
        if p < 0:
            p = self.last[i] if last is None else last
        return max(p, 0)

    def step(self, actions):
        out = []
        self.rewards = [[0.0, 0.0] for _ in range(self.n)]
        self.term, self.trunc = [0] * self.n, [0] * self.n
        self.final = [None] * self.n
        for i, a in enumerate(actions):
            if self.done[i]:
                if self.mode == "next_step":
                    self.reset(i)
                    out.append(mg.vector.BATCH_RESET)
                else:
                    out.append(mg.vector.BATCH_IDLE)
                continue
            s = self.s[i]
            mover = s.current_player
            if not s.is_legal(int(a)):
                out.append(mg.vector.BATCH_ILLEGAL)
                continue
            s.apply(int(a))
            self.last[i] = mover
            over = s.is_terminal
            trunc = not over and len(s.history()) >= self.limit
            if not over and not trunc:
                out.append(mg.vector.BATCH_OK)
                continue
            out.append(mg.vector.BATCH_OVER)
            self.term[i], self.trunc[i] = int(over), int(trunc)
            if over and s.winner in (0, 1):
                self.rewards[i][s.winner] = 1.0
                self.rewards[i][1 - s.winner] = -1.0
            if self.mode == "same_step":
                self.final[i] = s.observation(self.view(i), as_numpy=True)
                self.reset(i)
            else:
                self.done[i] = True
        return out


@needs_numpy
class TestVectorGame(unittest.TestCase):

    def against_model(self, spec, mode, threads, steps=250, n=6,
                      max_steps=0):
        rng = random.Random(spec + mode)
        v = mg.VectorGame(spec, n, seed=7, autoreset=mode, threads=threads,
                          max_steps=max_steps)
        m = Model(v.game, n, mode, max_steps)
        na = v.game.num_actions
        for t in range(steps):
            acts = np.array(v.random_actions())  # a copy: step rewrites
            for i in range(n):
                if rng.random() < 0.1:
                    acts[i] = rng.randrange(-1, na + 1)
            want = m.step(acts)
            status = v.step(acts)
            self.assertEqual(list(status), want, (spec, mode, t))
            self.assertEqual(v.rewards.tolist(), m.rewards)
            self.assertEqual(list(v.terminated), m.term)
            self.assertEqual(list(v.truncated), m.trunc)
            mask, obs = v.legal_mask, v.observations
            fin = v.final_observations
            for i in range(n):
                s = m.s[i]
                self.assertEqual(v.to_move[i], s.current_player)
                self.assertTrue(np.array_equal(mask[i], s.legal_mask()))
                self.assertTrue(np.array_equal(
                    obs[i], s.observation(m.view(i), as_numpy=True)))
                if m.final[i] is not None:
                    self.assertTrue(np.array_equal(fin[i], m.final[i]))
                else:
                    self.assertFalse(fin[i].any())
        c = v.state(0)
        self.assertEqual(c.history(), m.s[0].history())
        v.close()
        self.assertTrue(v.closed)

    def test_modes_against_model(self):
        for spec in SPECS:
            for mode in ("next_step", "same_step", "none"):
                with self.subTest(spec=spec, mode=mode):
                    self.against_model(spec, mode, threads=1)

    def test_threads_and_truncation(self):
        self.against_model("dots_and_boxes(rows=2,cols=2)", "same_step",
                           threads=3, n=7, max_steps=5)
        self.against_model("fangqi", "next_step", threads=2, n=5,
                           max_steps=9)

    def test_arrays_are_views_made_once(self):
        with mg.VectorGame("dots_and_boxes(rows=3,cols=3)", 16,
                           threads=2) as v:
            ids = [id(x) for x in (v.legal_mask, v.observations, v.rewards,
                                   v.to_move, v.terminated, v.truncated,
                                   v.observations_u8, v.random_actions())]
            status = v.step(v.random_actions())
            self.assertIs(status, v.step(v.random_actions()))
            self.assertEqual(ids, [id(x) for x in (
                v.legal_mask, v.observations, v.rewards, v.to_move,
                v.terminated, v.truncated, v.observations_u8,
                v.random_actions())])
            self.assertEqual(v.observations.shape,
                             (16,) + v.game.observation_shape)
            self.assertEqual(v.observations_u8.dtype, np.uint8)
            self.assertEqual(len(v), 16)

    def test_seeds(self):
        def run(seed, threads):
            with mg.VectorGame("china_squares", 4, seed=seed,
                               threads=threads) as v:
                out = []
                for _ in range(30):
                    out.append(v.random_actions().tolist())
                    v.step(v._a)
                return out
        self.assertEqual(run(3, 1), run(3, 1))
        self.assertEqual(run(3, 2), run(3, 2))
        self.assertNotEqual(run(3, 1), run(4, 1))

    def test_illegal_leaves_the_game(self):
        with mg.VectorGame("dots_and_boxes(rows=2,cols=2)", 3) as v:
            v.step([0, 0, 0])
            before = v.state(1).history()
            st = v.step([1, 0, 99])
            self.assertEqual(st.tolist(), [mg.vector.BATCH_OK,
                                           mg.vector.BATCH_ILLEGAL,
                                           mg.vector.BATCH_ILLEGAL])
            self.assertEqual(v.state(1).history(), before)

    def test_bot_and_reset(self):
        with mg.VectorGame("dots_and_boxes(rows=2,cols=2)", 4,
                           autoreset="none", rewards="score") as v, \
                mg.Bot("greedy", 1) as bot:
            total = np.zeros((4, 2))
            for _ in range(12):
                v.step(v.bot_actions(bot))
                total += v.rewards
            self.assertTrue((v.to_move == -1).all())
            for i in range(4):
                a, b = v.state(i).scores
                self.assertEqual(total[i].tolist(), [a - b, b - a])
            self.assertEqual(v.bot_actions(bot).tolist(), [-1] * 4)
            v.reset(seed=5)
            self.assertTrue((v.to_move == 0).all())

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            mg.VectorGame("dots_and_boxes", 0)
        with self.assertRaises(ValueError):
            mg.VectorGame("dots_and_boxes", 2, autoreset="later")
        with self.assertRaises(mg.UnknownGameError):
            mg.VectorGame("nope", 2)
        g = mg.Game("dots_and_boxes")
        v = mg.VectorGame(g, 2)
        g.close()
        with self.assertRaises(mg.ClosedError):
            v.step([0, 0])
        v.close()


@without_numpy
class TestWithoutNumpy(unittest.TestCase):

    def test_needs_numpy(self):
        with self.assertRaises(ImportError):
            mg.VectorGame("dots_and_boxes", 2)


if __name__ == "__main__":
    unittest.main()
