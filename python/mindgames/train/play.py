"""The network alone as a player: :func:`one_ply` (the legal action whose
resulting position the network values best) and :func:`match` against a
library bot, seats alternating."""
from __future__ import annotations

from typing import Any, Callable, Dict

from ..bot import Bot
from ..game import Game
from ..state import State

__all__ = ["one_ply", "match"]


def _result(st: State, me: int) -> float:
    """The finished game's result for ``me``: +1, 0, -1."""
    w = st.winner
    if w < 0:
        return 0.0
    return 1.0 if w == me else -1.0


def one_ply(st: State, value: Callable[[State], float]) -> int:
    """The action whose position after it is best for the player to move
    now by ``value`` (a function of a state, for its player to move: an
    :class:`~mindgames.eval.Eval`'s ``value``); a finished game is valued
    by its result.  Ties: the first legal action."""
    me = st.current_player
    best, best_v = -1, -2.0
    for a in st.legal_actions():
        st.apply(a)
        try:
            if st.is_terminal:
                v = _result(st, me)
            else:
                v = value(st)
                if st.current_player != me:
                    v = -v
        finally:
            st.undo()
        if v > best_v:
            best, best_v = a, v
    return best


def match(spec: str, value: Callable[[State], float], opponent: str,
          games: int, seed: int = 1) -> Dict[str, Any]:
    """``games`` games of the one-ply network player against the bot
    ``opponent`` (seats alternating, the opponent seeded per game);
    wins, draws, losses of the network and its mean score margin."""
    game = Game(spec)
    w = d = l = 0
    margin = 0
    for g in range(games):
        me = g % 2
        bot = Bot(opponent, seed=seed + g)
        st = game.new_state()
        try:
            # a few random first actions make the games differ
            if g // 2:
                for a in _openings(st, seed + g // 2):
                    st.apply(a)
            while not st.is_terminal:
                if st.current_player == me:
                    st.apply(one_ply(st, value))
                else:
                    st.apply(bot.choose(st))
            r = _result(st, me)
            w, d, l = w + (r > 0), d + (r == 0), l + (r < 0)
            margin += st.score(me) - st.score(1 - me)
        finally:
            st.close()
            bot.close()
    game.close()
    return {"opponent": opponent, "games": games, "wins": w, "draws": d,
            "losses": l, "score": (w + 0.5 * d) / max(games, 1),
            "margin": margin / max(games, 1)}


def _openings(st: State, seed: int) -> Any:
    """Two uniformly random actions from seed (one pair per two games, so
    each opening is played from both seats)."""
    import random
    rng = random.Random(seed)
    acts = []
    s = st.clone()
    try:
        for _ in range(2):
            if s.is_terminal:
                break
            a = rng.choice(s.legal_actions())
            acts.append(a)
            s.apply(a)
    finally:
        s.close()
    return acts
