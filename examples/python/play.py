#!/usr/bin/env python3
"""A custom bot written in Python, playing against one of the library's.

    python3 play.py                                # vs mcts(iterations=200)
    python3 play.py --opponent random --games 10
    python3 play.py --spec "dots_and_boxes(rows=2,cols=3)" --show

LookaheadBot looks two actions ahead: for each legal action it applies
it to a scratch copy of the position (State.clone once, then apply/undo)
and, when the opponent moves next, assumes the opponent's best immediate
reply.  A position is worth score(me) - score(opponent), or +/-1000 when
the game is over.  Ties are broken at random.  Any object with a
choose(state) method plays; so does mindgames.Bot.

Needs the mindgames package (pip install --no-build-isolation ./python).
"""
import argparse
import random
import sys
import time

import mindgames as mg

WIN = 1000


class LookaheadBot(object):
    """Two actions deep, score difference, random tie-break."""

    def __init__(self, seed=0):
        self.rng = random.Random(seed)
        self.spec = "python lookahead"

    @staticmethod
    def value(state, me):
        if state.is_terminal:
            w = state.winner
            return 0 if w == mg.DRAW else (WIN if w == me else -WIN)
        return state.score(me) - state.score(1 - me)

    def choose(self, state):
        me = state.current_player
        scratch = state.clone()
        try:
            best, best_actions = None, []
            for a in state.legal_actions():
                scratch.apply(a)
                if scratch.is_terminal or scratch.current_player == me:
                    v = self.value(scratch, me)
                else:  # the opponent answers with its best single action
                    v = None
                    for b in scratch.legal_actions():
                        scratch.apply(b)
                        w = self.value(scratch, me)
                        scratch.undo()
                        v = w if v is None else min(v, w)
                scratch.undo()
                if best is None or v > best:
                    best, best_actions = v, [a]
                elif v == best:
                    best_actions.append(a)
            return self.rng.choice(best_actions)
        finally:
            scratch.close()


def play_game(game, players, show=False):
    """Play one game; players[seat] has choose(state).  Returns the state."""
    state = game.new_state()
    while not state.is_terminal:
        seat = state.current_player
        action = players[seat].choose(state)
        if show:
            print("seat %d plays %s" % (seat, state.action_to_string(action)))
        state.apply(action)
    if show:
        print(state.render())
    return state


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--spec", default="dots_and_boxes(rows=3,cols=3)")
    ap.add_argument("--opponent", default="mcts(iterations=200)",
                    help="a library bot spec (random, greedy, mcts(...))")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", action="store_true",
                    help="print every move and the final position")
    args = ap.parse_args(argv)

    mine = opp = draws = 0
    start = time.time()
    with mg.Game(args.spec) as game:
        print("%s: Python lookahead vs %s, %d games"
              % (game.spec, args.opponent, args.games))
        for i in range(args.games):
            seat = i % 2  # alternate seats
            with mg.Bot(args.opponent, seed=args.seed + i) as bot:
                players = [None, None]
                players[seat] = LookaheadBot(seed=args.seed + i)
                players[1 - seat] = bot
                with play_game(game, players, args.show) as state:
                    w, scores = state.winner, state.scores
            if w == mg.DRAW:
                draws += 1
                what = "draw"
            elif w == seat:
                mine += 1
                what = "Python wins"
            else:
                opp += 1
                what = "library bot wins"
            print("game %d: Python bot on seat %d: %s (scores %d-%d)"
                  % (i + 1, seat, what, scores[0], scores[1]))
    print("result: Python %d, %s %d, draws %d (%.1f s)"
          % (mine, args.opponent, opp, draws, time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
