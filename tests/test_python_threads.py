"""Threads: several Python threads, each playing on its own states of one
shared Game, give the results of a single-threaded replay with the same
seeds; and a long library call lets other threads run (ctypes releases
the GIL around every call)."""
import random
import threading
import time
import unittest

from mgtest import HAVE_NUMPY, SPEC, mg


def random_games(game, seeds):
    """One game per seed on its own state: Python-random actions for half
    the game, then the library's playout.  [(history, hash, winner,
    scores, observation)]."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        with game.new_state() as s:
            while not s.is_terminal and len(s.history()) < game.num_actions // 2:
                s.apply(rng.choice(s.legal_actions()))
            obs = s.observation(s.current_player)
            s.playout(seed)
            out.append((s.history(), s.hash, s.winner, s.scores, obs))
    return out


def bot_games(game, seeds):
    out = []
    for seed in seeds:
        with mg.Bot("mcts(iterations=30)", seed) as a, \
                mg.Bot("random", seed + 1) as b, game.new_state() as s:
            while not s.is_terminal:
                s.apply((a, b)[s.current_player].choose(s))
            out.append((s.history(), s.winner))
    return out


def numpy_games(game, seeds):
    import numpy as np
    planes, n = game.observation_shape
    out = []
    for seed in seeds:
        s = game.new_state()
        buf = np.empty((game.num_actions, planes, n), np.float32)
        legal = np.empty(game.max_legal_actions, np.int32)
        rows = 0
        while not s.is_terminal:
            s.observation(s.current_player, out=buf[rows])
            rows += 1
            ids = s.legal_actions(out=legal)
            s.apply(ids[seed % ids.size])
        out.append((s.history(), buf[:rows].sum()))
    return out


class TestThreads(unittest.TestCase):

    THREADS = 6

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

    def test_playouts(self):
        with mg.Game("dots_and_boxes(rows=8,cols=8)") as g:
            seeds = [[1000 * t + i for i in range(25)]
                     for t in range(self.THREADS)]
            expected = [random_games(g, ss) for ss in seeds]
            self.assertGreater(len({r[1] for rs in expected for r in rs}),
                               self.THREADS * 25 // 2)
            self.assertEqual(self.run_threads(random_games, g, seeds),
                             expected)

    def test_china_playouts(self):
        with mg.Game("china_tangle(board=5)") as g:
            seeds = [[7 * t + i for i in range(6)]
                     for t in range(self.THREADS)]
            expected = [random_games(g, ss) for ss in seeds]
            self.assertEqual(self.run_threads(random_games, g, seeds),
                             expected)

    def test_bot_games(self):
        with mg.Game(SPEC) as g:
            seeds = [[100 * t + i for i in range(4)]
                     for t in range(self.THREADS)]
            expected = [bot_games(g, ss) for ss in seeds]
            self.assertEqual(self.run_threads(bot_games, g, seeds), expected)

    @unittest.skipUnless(HAVE_NUMPY, "NumPy is not importable here")
    def test_numpy_buffers(self):
        with mg.Game(SPEC) as g:
            seeds = [[10 * t + i for i in range(10)]
                     for t in range(self.THREADS)]
            expected = [numpy_games(g, ss) for ss in seeds]
            self.assertEqual(self.run_threads(numpy_games, g, seeds),
                             expected)

    def test_the_gil_is_released(self):
        # A bot thinks for 300 ms inside one library call while a Python
        # thread wakes every 10 ms to count: about 30 counts if the call
        # lets go of the GIL, none if it held it.
        s = mg.Game("dots_and_boxes(rows=5,cols=5)").new_state()
        bot = mg.Bot("mcts(iterations=0,time_ms=300)", 1)
        stop = threading.Event()
        seen = [0]

        def sample():
            while not stop.is_set():
                seen[0] += 1
                time.sleep(0.01)

        sampler = threading.Thread(target=sample)
        sampler.start()
        time.sleep(0.05)
        before = seen[0]
        t0 = time.perf_counter()
        bot.choose(s)
        elapsed = time.perf_counter() - t0
        during = seen[0] - before
        stop.set()
        sampler.join()
        self.assertGreater(elapsed, 0.25)
        self.assertGreater(during, 5, "the GIL was held during the call")

if __name__ == "__main__":
    unittest.main()
