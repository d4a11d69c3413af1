"""Pickling and copying: states through their record, games through their
spec (and board), boards through their text, errors intact; a
multiprocessing pool passing states both ways; bots refuse."""
import copy
import multiprocessing
import pickle
import unittest

from mgtest import SPEC, mg

PROTOCOLS = range(2, pickle.HIGHEST_PROTOCOL + 1)


def finish(state):
    """A pool worker: play the game out in the child, return the state."""
    state.playout(len(state.history()) + 1)
    return state


def fail(state):
    """A pool worker that meets a library error."""
    state.apply(state.history()[0])


class TestPickle(unittest.TestCase):

    def round_trip(self, obj):
        for proto in PROTOCOLS:
            yield pickle.loads(pickle.dumps(obj, proto))

    def test_state(self):
        for spec in (SPEC, "china_tangle(board=3)", "fangqi",
                     "chains_of_thought(board=square6)"):
            g = mg.Game(spec)
            s = g.new_state()
            s.playout(5, 6)
            for t in self.round_trip(s):
                with self.subTest(spec=spec):
                    self.assertIsNot(t, s)
                    self.assertEqual(t.history(), s.history())
                    self.assertEqual(t.hash, s.hash)
                    self.assertEqual(t.save(), s.save())
                    self.assertEqual(t.game, g)
                    self.assertEqual(t.current_player, s.current_player)
                    t.playout(1)     # a working state of its own
                    self.assertEqual(len(s.history()), 6)

    def test_states_pickled_together_share_a_game(self):
        g = mg.Game(SPEC)
        states = [g.new_state() for _ in range(3)]
        for i, s in enumerate(states):
            s.playout(i, i + 1)
        game, *back = pickle.loads(pickle.dumps([g] + states))
        self.assertEqual(game, g)
        for s, t in zip(states, back):
            self.assertIs(t.game, game)
            self.assertEqual(t.history(), s.history())

    def test_finished_and_fresh_states(self):
        g = mg.Game(SPEC)
        for n in (0, None):
            s = g.new_state()
            s.playout(1, n)
            t = pickle.loads(pickle.dumps(s))
            self.assertEqual((t.history(), t.winner), (s.history(), s.winner))

    def test_game_on_its_own_board(self):
        b = mg.Board.generate("labyrinth", 12)
        g = mg.Game.with_board("china_tangle", b)
        s = g.new_state()
        s.playout(2, 4)
        for h in self.round_trip(g):
            self.assertEqual(h, g)
            self.assertEqual(h.board, b)
            self.assertEqual(h.spec, g.spec)
        t = pickle.loads(pickle.dumps(s))
        self.assertEqual(t.game.board, b)
        self.assertEqual(t.history(), s.history())
        # a game from a record that carried its board
        loaded = mg.State.load(s.save()).game
        self.assertEqual(pickle.loads(pickle.dumps(loaded)).board, b)

    def test_game(self):
        for spec in mg.game_ids() + [SPEC, "fangqi(variant=xinjiang)"]:
            g = mg.Game(spec)
            for h in self.round_trip(g):
                self.assertEqual(h.spec, g.spec)
                self.assertEqual(h, g)
                if g.board is not None:
                    self.assertEqual(h.board, g.board)

    def test_board(self):
        for b in (mg.Board.generate(1, 4), mg.Board.generate(2, 5),
                  mg.Game("china_grove(board=2)").board):
            for c in self.round_trip(b):
                self.assertEqual(c, b)
                self.assertEqual(c.fingerprint, b.fingerprint)

    def test_mismatched_record(self):
        from mindgames.state import _restore_state
        s = mg.Game("dots_and_boxes(rows=2,cols=2)").new_state()
        with self.assertRaises(mg.MismatchError):
            _restore_state(mg.Game(SPEC), s.save())

    def test_bot_refuses(self):
        bot = mg.Bot("mcts(iterations=10)", 4)
        for call in (pickle.dumps, copy.copy, copy.deepcopy):
            with self.assertRaises(TypeError) as cm:
                call(bot)
            self.assertIn("mcts(iterations=10", str(cm.exception))
            self.assertIn("seed 4", str(cm.exception))

    def test_copies(self):
        g = mg.Game(SPEC)
        s = g.new_state()
        s.playout(2, 5)
        c = copy.copy(s)
        self.assertIs(c.game, g)
        self.assertEqual(c.history(), s.history())
        # deepcopy is clone() since 1.5: the game is immutable, shared
        d = copy.deepcopy(s)
        self.assertIs(d.game, g)
        self.assertIsNot(d, s)
        self.assertEqual(d.history(), s.history())
        self.assertEqual(d.hash, s.hash)
        d.apply(d.legal_actions()[0])        # independent of s
        self.assertEqual(len(d.history()), len(s.history()) + 1)
        self.assertIs(copy.deepcopy(g), g)
        self.assertIs(copy.copy(g), g)
        # a structure copied at once keeps its sharing (the memo)
        pair = copy.deepcopy([s, s, g])
        self.assertIs(pair[0], pair[1])
        self.assertIsNot(pair[0], s)
        self.assertIs(pair[2], g)
        self.assertIs(pair[0].game, g)

    def test_deepcopy_does_not_replay_the_record(self):
        # OpenSpiel copies states with copy.deepcopy: it must be clone(),
        # not the pickle path (save, load, replay every action)
        from unittest import mock
        s = mg.Game(SPEC).new_state()
        s.playout(3, 6)
        with mock.patch.object(mg.State, "save",
                               side_effect=AssertionError("replayed")), \
                mock.patch.object(mg.State, "load",
                                  side_effect=AssertionError("replayed")):
            d = copy.deepcopy(s)
        self.assertEqual(d.history(), s.history())
        b = mg.Board.generate(2, 1)
        self.assertEqual(copy.copy(b), b)


class TestPool(unittest.TestCase):

    def test_states_cross_a_pool(self):
        g = mg.Game(SPEC)
        states = []
        for seed in range(6):
            s = g.new_state()
            s.playout(seed, 4)
            states.append(s)
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(2) as pool:
            done = pool.map(finish, states)
            with self.assertRaises(mg.IllegalActionError) as cm:
                pool.apply(fail, (states[0],))
        self.assertEqual(cm.exception.code, mg.EILLEGAL)
        for s, d in zip(states, done):
            self.assertTrue(d.is_terminal)
            self.assertEqual(d.history()[:4], s.history())
            t = s.clone()     # the same playout here gives the same game
            t.playout(len(s.history()) + 1)
            self.assertEqual(t.history(), d.history())
            self.assertEqual(d.game, g)


if __name__ == "__main__":
    unittest.main()
