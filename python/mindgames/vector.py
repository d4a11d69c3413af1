"""Many games at once: :class:`VectorGame`, over the C batch (mg_batch,
since 1.5).

The library steps every game of a batch in one call; this class holds
NumPy arrays allocated once and hands them out as views, so a step makes
no new array.  With ``threads=K`` the games are split into K batches
stepped by a pool of K threads: ctypes releases the GIL around each call,
so K cores run the C loops at once.  NumPy is required.
"""
from __future__ import annotations

import ctypes
from concurrent.futures import ThreadPoolExecutor
from ctypes import POINTER, byref, c_float, c_int8, c_int32, c_uint8, c_void_p
from typing import Any, Callable, Dict, List, Optional, Union

from . import _args, _arrays
from ._base import Closable
from ._ffi import F, check, error, out_handle
from .bot import Bot
from .game import Game
from .state import State

__all__ = ["VectorGame", "AUTORESET_MODES", "BATCH_OK", "BATCH_ILLEGAL",
           "BATCH_OVER", "BATCH_RESET", "BATCH_IDLE"]

AUTORESET_MODES = {"none": 0, "next_step": 1, "same_step": 2}
"""The names of ``autoreset``: MG_AUTORESET_NONE, _NEXT_STEP, _SAME_STEP."""

BATCH_OK, BATCH_ILLEGAL, BATCH_OVER, BATCH_RESET, BATCH_IDLE = range(5)
_MOVER = -1  # MG_BATCH_MOVER
_REWARDS = {"result": 0, "score": 1}
_MASK64 = (1 << 64) - 1


def _mix(x: int) -> int:
    """splitmix64's finaliser: a seed per call and sub-batch."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


class VectorGame(Closable):
    """``num_envs`` games of one game, stepped together.

    ``spec_or_game``: a spec (``"dots_and_boxes(rows=5,cols=5)"``) or a
    :class:`Game` (kept open by the caller while this lives).
    ``autoreset``: ``"next_step"`` (Gymnasium's default: the step after
    the one that ended a game resets it, ignoring its action),
    ``"same_step"`` (the game resets in the step that ended it; its last
    observation is in :attr:`final_observations`) or ``"none"``.
    ``seed`` seeds :meth:`random_actions`; ``max_steps`` truncates every
    game after that many actions (0 or None: no limit, but games of
    unbounded length are truncated at 1024 then; negative: ValueError,
    not an integer: TypeError); ``rewards``: ``"result"`` (+1/-1/0 for the
    winner at the end) or ``"score"`` (each step's change of the score
    margin); ``threads``: the number of batches and of threads stepping
    them.

    :meth:`step` takes one action per game (integers: any NumPy integer
    dtype or a sequence of ints; floats, bools and objects are a
    TypeError, nothing stepped) and returns the status per game (int8:
    ``BATCH_OK``, ``BATCH_ILLEGAL`` -- not a legal action id, out of
    range included, even beyond int32: that game unchanged --,
    ``BATCH_OVER``, ``BATCH_RESET``, ``BATCH_IDLE``).  The
    properties are views of arrays owned by this object, rewritten by the
    next call: ``to_move`` (int32, -1 when over), ``rewards`` (float32,
    n x 2 seats), ``terminated`` and ``truncated`` (uint8) of the last
    step, and, computed when read, ``legal_mask`` (uint8, n x
    num_actions), ``observations`` (float32, n x planes x sites, from the
    player to move's view), ``observations_u8`` (uint8, each plane mapped
    from its bounds onto 0 .. 255) and ``final_observations``.
    """

    __slots__ = ("_game", "_own_game", "_batches", "_slices", "_n", "_pool",
                 "_seed", "_calls", "_np", "_a", "_ptrs", "_status",
                 "_to_move", "_rewards", "_term", "_trunc", "_mask", "_obs",
                 "_obs8", "_final", "__weakref__")

    def __init__(self, spec_or_game: Union[str, bytes, Game], num_envs: int,
                 seed: Optional[int] = None, autoreset: str = "next_step",
                 threads: int = 1, max_steps: int = 0,
                 rewards: str = "result") -> None:
        np = _arrays.need_numpy("VectorGame")
        self._batches: List[int] = []
        self._pool: Optional[ThreadPoolExecutor] = None
        if isinstance(spec_or_game, Game):
            self._game, self._own_game = spec_or_game, False
        else:
            self._game, self._own_game = Game(spec_or_game), True
        n = _args.index(num_envs, "num_envs")
        k = _args.index(threads, "threads")
        if n < 1 or k < 1:
            raise ValueError("num_envs and threads must be at least 1")
        if autoreset not in AUTORESET_MODES:
            raise ValueError("autoreset must be one of %s, not %r"
                             % (", ".join(AUTORESET_MODES), autoreset))
        if rewards not in _REWARDS:
            raise ValueError("rewards must be 'result' or 'score', not %r"
                             % (rewards,))
        if max_steps is None:
            max_steps = 0
        max_steps = _args.index(max_steps, "max_steps")
        if max_steps < 0:
            raise ValueError("max_steps must be None or an int >= 0 (0: no "
                             "limit), not %d" % max_steps)
        max_steps = _args.quantity(max_steps, "max_steps", 0, _args.I32_MAX)
        k = min(k, n)
        g = self._game
        planes, sites = g.observation_shape
        na = g.num_actions
        self._np, self._n = np, n
        self._seed = _args.seed(seed if seed is not None else 0)
        self._calls = 0
        # the arrays, once
        self._a = np.zeros(n, np.int32)
        self._status = np.zeros(n, np.int8)
        self._to_move = np.zeros(n, np.int32)
        self._rewards = np.zeros((n, 2), np.float32)
        self._term = np.zeros(n, np.uint8)
        self._trunc = np.zeros(n, np.uint8)
        self._mask = np.zeros((n, na), np.uint8)
        self._obs = np.zeros((n, planes, sites), np.float32)
        self._obs8 = np.zeros((n, planes, sites), np.uint8)
        self._final = np.zeros((n, planes, sites), np.float32)
        # k batches over contiguous slices; the pointers into each, once
        bounds = [n * i // k for i in range(k + 1)]
        self._slices = [(bounds[i], bounds[i + 1]) for i in range(k)]
        self._ptrs: List[Dict[str, Any]] = []
        try:
            for lo, hi in self._slices:
                h = c_void_p()
                check(F.mg_batch_new(byref(h), g._handle(), hi - lo,
                                     AUTORESET_MODES[autoreset]))
                self._batches.append(out_handle(h))
                if max_steps:
                    check(F.mg_batch_set_max_steps(h.value, max_steps))
                check(F.mg_batch_set_reward_mode(h.value, _REWARDS[rewards]))
                self._ptrs.append({
                    "a": self._ptr(self._a, lo, c_int32),
                    "status": self._ptr(self._status, lo, c_int8),
                    "to_move": self._ptr(self._to_move, lo, c_int32),
                    "rewards": self._ptr(self._rewards, lo, c_float),
                    "term": self._ptr(self._term, lo, c_uint8),
                    "trunc": self._ptr(self._trunc, lo, c_uint8),
                    "mask": self._ptr(self._mask, lo, c_uint8),
                    "obs": self._ptr(self._obs, lo, c_float),
                    "obs8": self._ptr(self._obs8, lo, c_uint8),
                    "final": self._ptr(self._final, lo, c_float),
                    "m": hi - lo,
                    "mask_cap": (hi - lo) * na,
                    "obs_cap": (hi - lo) * planes * sites,
                })
                if check(F.mg_batch_size(h.value)) != hi - lo:
                    raise AssertionError("mg_batch_size")  # pragma: no cover
        except BaseException:
            self.close()
            raise
        if k > 1:
            self._pool = ThreadPoolExecutor(max_workers=k - 1)
        self._refresh()

    @staticmethod
    def _ptr(arr: Any, row: int, ctype: Any) -> Any:
        """A ctypes pointer to row `row` of arr (C-contiguous)."""
        row_bytes = arr.strides[0] if arr.ndim > 1 else arr.itemsize
        return ctypes.cast(arr.ctypes.data + row * row_bytes, POINTER(ctype))

    # ------------------------------------------------------- plumbing

    def _each(self, fn: Callable[[int, Dict[str, Any]], int]) -> None:
        """fn(batch, pointers) for every sub-batch, on the pool when there
        is one; raise the first error."""
        if not self._batches or self._game._h is None:
            raise self._closed_error()
        rc = 0
        if self._pool is not None:  # the others on the pool, the first here
            futures = [self._pool.submit(fn, b, p) for b, p in
                       zip(self._batches[1:], self._ptrs[1:])]
            rc = fn(self._batches[0], self._ptrs[0])
            for f in futures:
                rc = min(rc, f.result())
        else:
            rc = fn(self._batches[0], self._ptrs[0])
        if rc < 0:
            raise error(rc)

    def _refresh(self) -> None:
        self._each(_refresh_one)

    # ------------------------------------------------------- the steps

    @property
    def num_envs(self) -> int:
        """The number of games."""
        return self._n

    @property
    def game(self) -> Game:
        """The :class:`Game` of every game of the batch."""
        return self._game

    def step(self, actions: Any) -> Any:
        """Play one action per game (an integer array or a sequence of
        ``num_envs`` ids); the status per game (int8 view).  An id that
        is not a legal action (out of range too, even beyond int32) is
        ``BATCH_ILLEGAL``, its game unchanged; an array that is not of
        integers is a TypeError, nothing stepped."""
        self._load(actions)
        self._each(_step_one)
        return self._status

    def _load(self, actions: Any) -> None:
        """actions into the int32 array the library reads, never
        wrapped: ids beyond int32 become the nearest int32 bound, which
        no game has as a legal action.  No new array: a wider dtype costs
        a min and a max reduction (about 2 us for 1024 games), and a clip
        only when some id does not fit."""
        a = self._a
        if actions is a:
            return
        np = self._np
        if not isinstance(actions, np.ndarray):
            actions = np.asarray(actions)
        dt = actions.dtype
        if dt.kind not in "iu":
            raise TypeError("actions must be integer action ids, not an "
                            "array of %s" % dt)
        if dt.itemsize < 4 or dt == a.dtype:
            np.copyto(a, actions, casting="same_kind")
        elif (actions.size == 0
              or (np.maximum.reduce(actions, axis=None) <= _args.I32_MAX
                  and (dt.kind == "u" or np.minimum.reduce(
                      actions, axis=None) >= _args.I32_MIN))):
            np.copyto(a, actions, casting="unsafe")
        else:
            np.clip(actions, 0 if dt.kind == "u" else _args.I32_MIN,
                    _args.I32_MAX, out=a, casting="unsafe")

    def reset(self, seed: Optional[int] = None) -> Any:
        """Reset every game to its start (``seed``: a new seed for
        :meth:`random_actions`); the observations (view)."""
        if seed is not None:
            self._seed = _args.seed(seed)
            self._calls = 0
        self._each(_reset_one)
        self._status[:] = BATCH_OK
        self._refresh()
        return self.observations

    def random_actions(self) -> Any:
        """A uniformly random legal action per game (-1 for a game that is
        over), from the seed's stream: an int32 view, ready for
        :meth:`step`."""
        base = _mix(self._seed ^ (self._calls * 0xD1B54A32D192ED03 & _MASK64))
        self._calls += 1
        k = len(self._batches)
        if not self._batches or self._game._h is None:
            raise self._closed_error()
        for i in range(k):
            check(F.mg_batch_random_actions(self._batches[i],
                                            _mix(base + i),
                                            self._ptrs[i]["a"]))
        return self._a

    def bot_actions(self, bot: Bot) -> Any:
        """``bot``'s choice for every game (-1 for a game that is over),
        on this thread (a bot is used by one thread at a time)."""
        if not isinstance(bot, Bot):
            raise TypeError("bot_actions needs a mindgames.Bot")
        if not self._batches or self._game._h is None:
            raise self._closed_error()
        for b, p in zip(self._batches, self._ptrs):
            check(F.mg_batch_bot_actions(b, bot._handle(), p["a"]))
        return self._a

    # ------------------------------------------------------- outputs

    @property
    def status(self) -> Any:
        """The last step's status per game (int8)."""
        return self._status

    @property
    def to_move(self) -> Any:
        """The player to move per game (int32; -1 when over)."""
        return self._to_move

    @property
    def rewards(self) -> Any:
        """The last step's rewards, n x 2 seats (float32)."""
        return self._rewards

    @property
    def terminated(self) -> Any:
        """1 for the games the last step ended by the rules (uint8)."""
        return self._term

    @property
    def truncated(self) -> Any:
        """1 for the games the last step truncated (uint8)."""
        return self._trunc

    @property
    def legal_mask(self) -> Any:
        """The legal actions, n x num_actions (uint8: 1 legal)."""
        self._each(_mask_one)
        return self._mask

    @property
    def observations(self) -> Any:
        """n x planes x sites float32, each from its player to move's view
        (for a game that is over, the seat that moved last)."""
        self._each(_obs_one)
        return self._obs

    @property
    def observations_u8(self) -> Any:
        """The observations as bytes: each plane mapped from its bounds
        (``game.observation_bounds()``) onto 0 .. 255, rounded."""
        self._each(_obs8_one)
        return self._obs8

    @property
    def final_observations(self) -> Any:
        """With ``autoreset="same_step"``: the last observation of the
        games the last step ended (zeros for the others)."""
        self._each(_final_one)
        return self._final

    def state(self, index: int) -> State:
        """An independent copy of game ``index``'s state (a new
        :class:`State`, history included)."""
        i = _args.index(index, "index")
        if not 0 <= i < self._n:
            raise IndexError("index %d out of range 0 .. %d"
                             % (i, self._n - 1))
        if not self._batches or self._game._h is None:
            raise self._closed_error()
        for (lo, hi), b in zip(self._slices, self._batches):
            if lo <= i < hi:
                s = F.mg_batch_state(b, i - lo)
                h = c_void_p()
                check(F.mg_state_clone(byref(h), s))
                return State._wrap(self._game, out_handle(h))
        raise AssertionError  # pragma: no cover

    def states(self) -> List[State]:
        """Copies of every game's state (see :meth:`state`)."""
        return [self.state(i) for i in range(self._n)]

    # ------------------------------------------------------- lifetime

    @property
    def closed(self) -> bool:
        """Whether the VectorGame (or its game) is closed."""
        return not getattr(self, "_batches", None) or self._game._h is None

    def close(self) -> None:
        """Free the batches (and the game, when this made it)."""
        batches = getattr(self, "_batches", None) or []
        self._batches = []
        for b in batches:
            F.mg_batch_free(b)
        pool = getattr(self, "_pool", None)
        if pool is not None:
            self._pool = None
            pool.shutdown(wait=True)
        if getattr(self, "_own_game", False):
            self._game.close()

    def __len__(self) -> int:
        return self._n

    def __repr__(self) -> str:
        if self.closed:
            return "<mindgames.VectorGame closed>"
        return "<mindgames.VectorGame %d x %s, %d thread%s>" % (
            self._n, self._game.spec, len(self._slices),
            "" if len(self._slices) == 1 else "s")


# The calls on one sub-batch (b, its pointers), module-level for the pool.

def _refresh_one(b: int, p: Dict[str, Any]) -> int:
    m = p["m"]
    return int(min(F.mg_batch_to_move(b, p["to_move"], m),
               F.mg_batch_rewards(b, p["rewards"], 2 * m),
               F.mg_batch_terminated(b, p["term"], m),
               F.mg_batch_truncated(b, p["trunc"], m)))


def _step_one(b: int, p: Dict[str, Any]) -> int:
    rc = int(F.mg_batch_step(b, p["a"], p["status"]))
    return rc if rc else _refresh_one(b, p)


def _reset_one(b: int, p: Dict[str, Any]) -> int:
    return int(F.mg_batch_reset(b, None, None))


def _mask_one(b: int, p: Dict[str, Any]) -> int:
    return int(F.mg_batch_legal_masks(b, p["mask"], p["mask_cap"]))


def _obs_one(b: int, p: Dict[str, Any]) -> int:
    return int(F.mg_batch_observations(b, _MOVER, p["obs"], p["obs_cap"]))


def _obs8_one(b: int, p: Dict[str, Any]) -> int:
    return int(F.mg_batch_observations_u8(b, _MOVER, p["obs8"],
                                          p["obs_cap"]))


def _final_one(b: int, p: Dict[str, Any]) -> int:
    return int(F.mg_batch_final_observations(b, _MOVER, p["final"],
                                             p["obs_cap"]))
