"""Positions and their labels: self-play with :class:`~mindgames.VectorGame`
(:func:`self_play`), exact labels from the solver and search labels for
the rest (:func:`label`), the inputs from the library (``mg_eval_inputs``
through :func:`mindgames.eval.eval_inputs`), saved as ``.npz``.

A game starts with a few uniformly random actions (0 .. ``random_plies``,
drawn per game: the openings' variety), then a bot (by default
``mcts(iterations=2000)``) plays both sides to the end.  Its positions from
the first bot move on are labelled backwards from the end: each is solved
by the exact solver within ``solver_nodes``; going back, once the solver
fails twice in a row, the earlier positions get the result of the game
as it went on from them: the bot's moves up to the earliest proven
position, perfect play after it (a search label, ``exact`` 0).  Labels are
the result for the player to move: +1 a win, -1 a loss, 0 a draw.
Positions are deduplicated (by hash, score and mover) across games.
"""
from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..bot import Bot
from ..eval import Eval, eval_inputs
from ..game import Game
from ..solver import Solver
from ..state import State
from ..vector import VectorGame

__all__ = ["self_play", "label", "make_dataset", "save", "load",
           "final_margin", "split", "reinput", "merge"]


def _misere(game: Game) -> bool:
    return "misere=true" in game.spec


def final_margin(state: State, value: int) -> int:
    """The final result for the player to move of ``state``, from the
    solver's exact ``value`` (mg_solver_new(3)): positive a win, negative
    a loss, 0 a draw.  Dots and Boxes' value counts the boxes still to
    win, so the boxes already won are added (misere: the opponent's less
    its own, as the value); the other games' values are already final."""
    game = state.game
    if game.id != "dots_and_boxes":
        return value
    me = state.current_player
    own, opp = state.score(me), state.score(1 - me)
    return value + ((opp - own) if _misere(game) else (own - opp))


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def self_play(spec: str, games: int, seed: int = 1,
              bot: str = "mcts(iterations=2000)", random_plies: int = 8,
              envs: int = 64, weights: Optional[str] = None,
              log: Any = None) -> List[Tuple[List[int], int]]:
    """``games`` games of ``spec``: (actions, first bot ply) each, played
    in batches of ``envs`` by a :class:`VectorGame` (stepped in C) with
    ``random_plies`` random actions at most, then ``bot`` (searching with
    the network ``weights`` when given: expert iteration)."""
    import numpy as np
    rng = np.random.default_rng(seed)
    player = Bot(bot, seed=seed)
    ev = None
    if weights:
        ev = Eval(weights)
        ev.attach(player)
    out: List[Tuple[List[int], int]] = []
    batch = 0
    while len(out) < games:
        n = min(envs, games - len(out))
        vg = VectorGame(spec, n, seed=seed * 7919 + batch, autoreset="none")
        try:
            vg.reset(seed=seed * 104729 + batch)
            k = rng.integers(0, random_plies + 1, size=n)
            ply = np.zeros(n, np.int64)
            hist: List[List[int]] = [[] for _ in range(n)]
            over = np.zeros(n, bool)
            while not over.all():
                rnd = vg.random_actions().copy()
                if (ply >= k).any():
                    acts = vg.bot_actions(player).copy()
                    acts = np.where(ply < k, rnd, acts).astype(np.int32)
                else:
                    acts = rnd
                acts[over] = -1
                for i in np.nonzero(~over)[0]:
                    hist[i].append(int(acts[i]))
                vg.step(acts)
                ply += ~over
                over |= vg.to_move < 0
        finally:
            vg.close()
        out.extend((hist[i], int(min(k[i], len(hist[i])))) for i in range(n))
        batch += 1
        if log:
            log("self-play: %d/%d games" % (len(out), games))
    player.close()          # before the network it borrows
    if ev is not None:
        ev.close()
    return out


def label(game: Game, actions: Sequence[int], first: int, solver: Solver,
          solver_nodes: int) -> List[Tuple[int, int, bool]]:
    """(ply, target, exact) for the positions ply >= first of one game
    (the actions from the start), labelled backwards from the end as the
    module says."""
    st = game.new_state()
    try:
        for a in actions:
            st.apply(a)
        plies = len(actions)
        found: List[Tuple[int, int, bool]] = []
        proven: Optional[Tuple[int, int]] = None   # (mover, final margin)
        misses = 0
        for p in range(plies - 1, first - 1, -1):
            st.undo()
            if st.is_terminal:
                continue
            mover = st.current_player
            if misses < 2:
                sol = solver.solve(st, max_nodes=solver_nodes)
                if sol.exact:
                    m = final_margin(st, sol.value)
                    proven = (mover, m)
                    found.append((p, _sign(m), True))
                    misses = 0
                    continue
                misses += 1
            if proven is None:
                continue
            who, m = proven
            found.append((p, _sign(m) if who == mover else -_sign(m), False))
        return found
    finally:
        st.close()


def _key(st: State) -> Tuple[int, int, int, int]:
    me = st.current_player
    return (st.hash, me, st.score(0), st.score(1))


def make_dataset(spec: str, games: int, seed: int = 1,
                 bot: str = "mcts(iterations=2000)", random_plies: int = 8,
                 solver_nodes: int = 200000, inputs: int = 2,
                 envs: int = 64, weights: Optional[str] = None,
                 solver_memory: int = 64 << 20,
                 log: Any = None) -> Dict[str, Any]:
    """Self-play, label, deduplicate, compute the inputs: a dict of
    arrays (``x`` float32 N x n_in, ``y`` float32, ``ply`` int32, ``exact``
    uint8, ``game`` int32: the index of the game a position came from,
    ``moves`` int32 N x plies: the actions reaching it, -1 after) and
    ``spec``, ``inputs``, ``seconds``."""
    import numpy as np
    t0 = time.time()
    game = Game(spec)
    played = self_play(game.spec, games, seed, bot, random_plies, envs,
                       weights, log)
    solver = Solver(game, memory=solver_memory)
    seen = set()
    xs: List[Any] = []
    ys: List[int] = []
    plies: List[int] = []
    exact: List[int] = []
    gidx: List[int] = []
    moves: List[Sequence[int]] = []
    n_in = len(eval_inputs(game.new_state(), inputs))
    buf = np.zeros(n_in, np.float32)
    for gi, (actions, first) in enumerate(played):
        labels = label(game, actions, first, solver, solver_nodes)
        if not labels:
            continue
        want = {p: (y, e) for p, y, e in labels}
        st = game.new_state()
        for p, a in enumerate(actions):
            if p in want:
                key = _key(st)
                if key not in seen:
                    seen.add(key)
                    xs.append(eval_inputs(st, inputs, buf).copy())
                    y, e = want[p]
                    ys.append(y)
                    plies.append(p)
                    exact.append(int(e))
                    gidx.append(gi)
                    moves.append(actions[:p])
            st.apply(a)
        st.close()
        if log and (gi + 1) % 200 == 0:
            log("labelled %d/%d games, %d positions" % (gi + 1, len(played),
                                                        len(ys)))
    solver.close()
    data = {
        "x": (np.stack(xs) if xs else np.zeros((0, n_in), np.float32)),
        "y": np.asarray(ys, np.float32),
        "ply": np.asarray(plies, np.int32),
        "exact": np.asarray(exact, np.uint8),
        "game": np.asarray(gidx, np.int32),
        "moves": _pad(moves, max([len(m) for m in moves] + [1])),
        "spec": game.spec,
        "inputs": inputs,
        "seconds": time.time() - t0,
    }
    game.close()
    return data


def _pad(moves: Sequence[Sequence[int]], width: int) -> Any:
    import numpy as np
    out = np.full((len(moves), width), -1, np.int32)
    for i, m in enumerate(moves):
        out[i, :len(m)] = m
    return out


def reinput(data: Dict[str, Any], inputs: int) -> Dict[str, Any]:
    """The dataset with its inputs recomputed by the library as kind
    ``inputs``, from the actions that lead to each position (``moves``):
    the labels are kept."""
    import numpy as np
    game = Game(str(data["spec"]))
    rows = []
    for m in data["moves"]:
        st = game.new_state()
        for a in m:
            if a < 0:
                break
            st.apply(int(a))
        rows.append(np.asarray(eval_inputs(st, inputs), np.float32))
        st.close()
    game.close()
    out = dict(data)
    out["x"] = np.stack(rows)
    out["inputs"] = inputs
    return out


def save(path: str, data: Dict[str, Any]) -> None:
    """Write a dataset as ``.npz``."""
    import numpy as np
    np.savez_compressed(path, **{k: (np.asarray(v)) for k, v in data.items()})


def load(paths: Sequence[str]) -> Dict[str, Any]:
    """Read and concatenate datasets (:func:`merge`)."""
    import numpy as np
    parts = []
    for p in paths:
        with np.load(p) as z:
            parts.append({k: z[k] for k in z.files})
    return merge(*parts, names=list(paths))


def merge(*parts: Dict[str, Any], names: Optional[List[str]] = None
          ) -> Dict[str, Any]:
    """Datasets of one game and inputs kind as one (each one's game
    indices kept apart); ValueError when they differ."""
    import numpy as np
    names = names or ["dataset %d" % i for i in range(len(parts))]
    spec, kind = str(parts[0]["spec"]), int(parts[0]["inputs"])
    for p, d in zip(names, parts):
        if str(d["spec"]) != spec or int(d["inputs"]) != kind:
            raise ValueError("%s is of %s, inputs %d; %s is of %s, inputs %d"
                             % (p, d["spec"], int(d["inputs"]), names[0],
                                spec, kind))
    out: Dict[str, Any] = {"spec": spec, "inputs": kind}
    offset = 0
    games = []
    for d in parts:
        games.append(d["game"] + offset)
        offset += int(d["game"].max()) + 1 if len(d["game"]) else 0
    for k in ("x", "y", "ply", "exact"):
        out[k] = np.concatenate([d[k] for d in parts])
    out["game"] = np.concatenate(games)
    width = max(d["moves"].shape[1] for d in parts)
    out["moves"] = np.concatenate([np.pad(d["moves"], ((0, 0), (
        0, width - d["moves"].shape[1])), constant_values=-1) for d in parts])
    return out


def split(data: Dict[str, Any], holdout: int = 10) -> Tuple[Any, Any]:
    """Boolean masks (train, test): every ``holdout``-th game's positions
    are held out (whole games, so no position leaks)."""
    test = (data["game"] % holdout) == 0
    return ~test, test
