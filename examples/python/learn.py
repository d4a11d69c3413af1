#!/usr/bin/env python3
"""A bot that learns Dots and Boxes 3x3 by playing itself (NumPy).

    python3 examples/python/learn.py                 # 1000 games, then 1000 vs random and greedy
    python3 examples/python/learn.py --games 400 --eval 200 --seed 2

The value of a position is a small neural network in NumPy: the
observation from one player's point of view (State.observation: 6 planes
of the 33 sites, own / opponent / empty / neutral lines and boxes, each
box's drawn sides, whose turn it is) through one tanh layer of 64 units
to a tanh output, the predicted final box margin of that player (over the
9 boxes).

Playing: one action of lookahead.  Each legal action is applied, the
observation of the result from the mover's point of view is written
straight into a row of a NumPy batch (``observation(me, out=batch[i])``,
no copy), the action undone, and the whole batch valued at once; an
action that ends the game is valued by its true result.  The best action
is played (with some random exploration while learning).

Learning: after each self-play game, every position of it from both
players' points of view, and its 8 symmetric images (the square board's
rotations and reflections: Game.site_symmetries, which map each site to
its image, so ``obs[:, inverse]`` is the image position's observation),
is a training example whose target is the game's final margin from that
point of view (Monte Carlo value regression, Adam).  The symmetries give
8 examples per position and a network that values symmetric positions
alike.

It then plays the library's "random" and "greedy" bots, alternating
seats, and prints its score rate with a 95% Wilson interval.
"""
import argparse
import math
import sys
import time

import numpy as np

import mindgames as mg

SPEC = "dots_and_boxes(rows=3,cols=3)"


class ValueNet:
    """x (n, inputs) -> tanh(tanh(x W1 + b1) w2 + b2), trained by Adam."""

    def __init__(self, inputs, hidden, rng):
        self.params = [
            rng.normal(0, 1 / math.sqrt(inputs),
                       (inputs, hidden)).astype(np.float32),
            np.zeros(hidden, np.float32),
            rng.normal(0, 1 / math.sqrt(hidden), hidden).astype(np.float32),
            np.zeros(1, np.float32)]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.steps = 0

    def __call__(self, x):
        w1, b1, w2, b2 = self.params
        return np.tanh(np.tanh(x @ w1 + b1) @ w2 + b2)

    def learn(self, x, y, lr=1e-3, beta1=0.9, beta2=0.999):
        """One Adam step on the mean squared error of x against y."""
        w1, b1, w2, b2 = self.params
        h = np.tanh(x @ w1 + b1)
        out = np.tanh(h @ w2 + b2)
        d_out = 2 * (out - y) * (1 - out * out) / len(y)
        d_h = np.outer(d_out, w2) * (1 - h * h)
        grads = [x.T @ d_h, d_h.sum(0), h.T @ d_out, d_out.sum(keepdims=True)]
        self.steps += 1
        t = self.steps
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= beta1
            m += (1 - beta1) * g
            v *= beta2
            v += (1 - beta2) * g * g
            p -= (lr * math.sqrt(1 - beta2 ** t) / (1 - beta1 ** t)
                  * m / (np.sqrt(v) + 1e-8)).astype(np.float32)
        return float(np.mean((out - y) ** 2))


class Learner:
    """The bot: a value net and one action of lookahead."""

    def __init__(self, game, seed=1, hidden=64):
        self.game = game
        self.rng = np.random.default_rng(seed)
        planes, sites = game.observation_shape
        self.shape = (planes, sites)
        self.net = ValueNet(planes * sites, hidden, self.rng)
        self.boxes = sum(1 for s in game.sites()
                         if s.kind == mg.SiteKind.BOX)
        self.batch = np.empty((game.max_legal_actions, planes, sites),
                              np.float32)
        self.legal = np.empty(game.max_legal_actions, np.int32)
        # obs[:, inverse[k]] is the observation of the image under k
        perms = game.site_symmetries(as_numpy=True)
        self.inverse = np.argsort(perms, axis=1)
        self.epsilon = 0.0

    def margin(self, state, me):
        a, b = state.scores
        return ((a - b) if me == 0 else (b - a)) / self.boxes

    def choose(self, state):
        me = state.current_player
        legal = state.legal_actions(out=self.legal)
        if self.epsilon and self.rng.random() < self.epsilon:
            return int(legal[self.rng.integers(legal.size)])
        values = np.empty(legal.size, np.float32)
        rows = []
        for i, a in enumerate(legal):
            state.apply(a)
            if state.is_terminal:
                values[i] = self.margin(state, me)
            else:
                state.observation(me, out=self.batch[i])   # no copy
                rows.append(i)
            state.undo()
        if rows:
            x = self.batch[rows].reshape(len(rows), -1)
            values[rows] = self.net(x)
        best = np.flatnonzero(values >= values.max() - 1e-6)
        return int(legal[best[self.rng.integers(best.size)]])

    def self_play(self):
        """Play one game against itself; the training examples."""
        state = self.game.new_state()
        views = []
        while True:
            views.append((state.observation(0, as_numpy=True),
                          state.observation(1, as_numpy=True)))
            if state.is_terminal:
                break
            state.apply(self.choose(state))
        m0 = self.margin(state, 0)
        obs = np.array([v for pair in views for v in pair])  # (2n, P, S)
        y = np.tile(np.array([m0, -m0], np.float32), len(views))
        # every position under every symmetry
        images = obs[:, :, self.inverse]          # (2n, P, K, S)
        images = images.transpose(0, 2, 1, 3).reshape(-1, obs[0].size)
        return images, np.repeat(y, len(self.inverse))

    def train(self, games, lr=1e-3, report=None):
        """Learn from games of self-play: exploration falls from 30% to
        2% of the moves and the step size to a tenth along the way."""
        t0 = time.time()
        loss = 0.0
        for g in range(games):
            done = g / games
            self.epsilon = 0.3 * (1 - done) + 0.02
            step = lr * (1 - 0.9 * done)
            x, y = self.self_play()
            order = self.rng.permutation(len(y))
            for i in range(0, len(y), 64):
                loss = self.net.learn(x[order[i:i + 64]], y[order[i:i + 64]],
                                      step)
            if report and (g + 1) % report == 0:
                print("  %5d games, loss %.3f, %.1f s"
                      % (g + 1, loss, time.time() - t0))
        self.epsilon = 0.0
        return time.time() - t0


def wilson(wins, n, z=1.96):
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def match(game, learner, opponent, games, seed):
    """games games against a library bot, alternating seats: (wins,
    draws, losses, mean margin)."""
    wins = draws = losses = 0
    margins = []
    for i in range(games):
        seat = i % 2
        with mg.Bot(opponent, seed + i) as bot, game.new_state() as s:
            while not s.is_terminal:
                player = learner if s.current_player == seat else bot
                s.apply(player.choose(s))
            w = s.winner
            margins.append(learner.margin(s, seat) * learner.boxes)
        if w == mg.DRAW:
            draws += 1
        elif w == seat:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses, sum(margins) / games


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000,
                    help="self-play games to learn from (default 1000)")
    ap.add_argument("--eval", type=int, default=1000,
                    help="games against each library bot (default 1000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lr", type=float, default=3e-4,
                    help="Adam's first step size (default 0.0003)")
    ap.add_argument("--opponents", default="random,greedy")
    args = ap.parse_args(argv)

    with mg.Game(SPEC) as game:
        learner = Learner(game, args.seed)
        print("%s: %d sites, observation %d x %d (%s), %d symmetries"
              % (game.spec, game.num_sites, *game.observation_shape,
                 ", ".join(game.observation_planes), game.num_symmetries))
        print("learning from %d self-play games ..." % args.games)
        took = learner.train(args.games, args.lr,
                             report=max(args.games // 5, 1))
        print("learned in %.1f s" % took)
        for opponent in args.opponents.split(","):
            t0 = time.time()
            w, d, l, margin = match(game, learner, opponent, args.eval,
                                    1000 * args.seed)
            rate = (w + d / 2) / args.eval
            lo, hi = wilson(w + d / 2, args.eval)
            print("vs %s: %d wins, %d draws, %d losses in %d games: score "
                  "rate %.1f%% (95%% CI %.1f-%.1f%%), mean margin %+.2f "
                  "boxes (%.1f s)" % (opponent, w, d, l, args.eval,
                                      100 * rate, 100 * lo, 100 * hi,
                                      margin, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
