"""Analysis for people (1.6): every legal action's value
(:meth:`Bot.analyse <mindgames.Bot.analyse>`, ``mg_bot_analyse``) and a
whole game's moves with their mistakes (:func:`analyse`, as
``mg-analyse``)."""
from __future__ import annotations

from ctypes import byref, c_size_t
from typing import Any, List, NamedTuple, Optional, Sequence, Union

from ._ffi import ActionValueStruct, F
from .constants import ErrorCode
from .errors import UnsupportedError
from .state import State

__all__ = ["ActionValue", "MoveAnalysis", "analyse", "action_values"]

KINDS = ("unknown", "exact", "estimate")
"""``ActionValue.kind`` by the library's MG_VALUE_* (0, 1, 2)."""


class ActionValue(NamedTuple):
    """One legal action's value from the point of view of the player to
    move (mg_bot_analyse(3)).

    ``kind`` "exact": ``value`` is the solver's (Dots and Boxes: boxes
    still to win less the opponent's; China Squares and Grove: the final
    score difference; else +1 win, 0 draw, -1 loss); "estimate": the
    search's mean reward in [0, 1] (a win chance) over ``visits`` visits;
    "unknown": neither (``value`` 0)."""

    action: int
    kind: str
    value: float
    visits: int


class MoveAnalysis(NamedTuple):
    """One move of a game (:func:`analyse`): ``ply`` from 1, the ``seat``
    that played ``action`` (``move`` in notation), its value, kind and
    visits, the best move's (``best`` None when no action has a value),
    ``forced`` (the only legal move), how it was judged (``compared``:
    "exact", "estimate" or "none"), the value or win chance it lost
    (``loss``, None when not judged) and whether it is a ``mistake``."""

    ply: int
    seat: int
    action: int
    move: str
    value: Optional[float]
    kind: str
    visits: int
    best_action: Optional[int]
    best: Optional[str]
    best_value: Optional[float]
    best_kind: str
    forced: bool
    compared: str
    loss: Optional[float]
    mistake: bool


def action_values(bot: Any, state: State) -> List[ActionValue]:
    """``bot.analyse(state)``: see :meth:`mindgames.Bot.analyse`."""
    if not isinstance(state, State):
        raise TypeError("analyse needs a mindgames.State, not %s"
                        % type(state).__name__)
    h, sh = bot._handle(), state._handle()
    n = c_size_t(0)
    rc = F.mg_bot_analyse(h, sh, None, 0, byref(n))
    if rc == ErrorCode.EUNSUPPORTED:
        raise UnsupportedError(rc, "the bot %s does not search: analyse "
                               "with mcts, solver or strong" % bot.plays)
    if rc != ErrorCode.ENOBUFS:
        raise state._error(rc, "analyse")
    buf = (ActionValueStruct * max(n.value, 1))()
    rc = F.mg_bot_analyse(h, sh, buf, len(buf), byref(n))
    if rc:
        raise state._error(rc, "analyse")
    return [ActionValue(v.action, KINDS[v.kind] if 0 <= v.kind < 3
                        else "unknown", v.value, v.visits)
            for v in buf[:n.value]]


def _best(values: Sequence[ActionValue], kind: str) -> Optional[ActionValue]:
    best: Optional[ActionValue] = None
    for v in values:
        if v.kind != kind:
            continue
        if best is None or (v.value > best.value if kind == "exact" else
                            (v.visits, v.value) > (best.visits, best.value)):
            best = v
    return best


def _judge(state: State, ply: int, action: int,
           values: Sequence[ActionValue], threshold: float) -> MoveAnalysis:
    bx, be = _best(values, "exact"), _best(values, "estimate")
    played = next((v for v in values if v.action == action), None)
    best = bx or be
    forced = len(values) == 1
    compared, loss, mistake = "none", None, False
    if not forced and played is not None:
        if played.kind == "exact" and bx is not None:
            compared, loss = "exact", bx.value - played.value
            mistake = loss > 0
            if not mistake:
                best = played
        elif played.kind == "estimate" and be is not None:
            compared, loss = "estimate", max(0.0, be.value - played.value)
            mistake = loss > threshold
    known = played is not None and played.kind != "unknown"
    return MoveAnalysis(
        ply, state.current_player, action, state.action_to_string(action),
        played.value if known and played else None,
        played.kind if played else "unknown",
        played.visits if played else 0,
        best.action if best else None,
        state.action_to_string(best.action) if best else None,
        best.value if best and best.kind != "unknown" else None,
        best.kind if best else "unknown", forced, compared, loss, mistake)


def analyse(record_or_state: Union[str, bytes, State],
            bot: Any = "strong", seed: int = 1,
            threshold: float = 0.1) -> List[MoveAnalysis]:
    """Every move of a game with its value and the best move's, and the
    mistakes (what ``mg-analyse`` prints; mg-analyse(1)).

    ``record_or_state``: a game record (:meth:`State.save`'s text) or a
    :class:`State` whose history is the game (it is not changed).
    ``bot``: a :class:`Bot` or a bot spec (default ``"strong"``, i.e.
    ``strong(time_ms=1000)`` per position; give ``iterations`` alone for
    the same answer every run) that searches: mcts, solver or strong
    (UnsupportedError for the others).  A move is a mistake when its
    value and the best's are exact and its is smaller, or when its value
    is an estimate more than ``threshold`` (0 to 1) below the estimate
    of the search's choice.  IllegalActionError, NotationError, ... for
    a bad record; OptionError and the like for a bad spec."""
    from .bot import Bot
    if not 0 <= threshold <= 1:
        raise ValueError("threshold must be from 0 to 1, not %r"
                         % (threshold,))
    if isinstance(record_or_state, State):
        game, actions = record_or_state.game, record_or_state.history()
    elif isinstance(record_or_state, (str, bytes)):
        loaded = State.load(record_or_state)
        game, actions = loaded.game, loaded.history()
    else:
        raise TypeError("analyse needs a record (str) or a mindgames.State,"
                        " not %s" % type(record_or_state).__name__)
    own = not isinstance(bot, Bot)
    b = Bot(bot, seed) if own else bot
    try:
        s = game.new_state()
        out: List[MoveAnalysis] = []
        for i, a in enumerate(actions):
            out.append(_judge(s, i + 1, a, b.analyse(s), threshold))
            s.apply(a)
        return out
    finally:
        if own:
            b.close()
