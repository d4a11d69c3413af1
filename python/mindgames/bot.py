"""Computer players: :class:`Bot`."""
from __future__ import annotations

from ctypes import byref, c_int32, c_void_p
from typing import TYPE_CHECKING, Any, List, NoReturn, Optional, Tuple

from . import _args
from ._base import Owned
from ._ffi import F, errbuf, error, get_string, out_handle
from .constants import ErrorCode
from .errors import UnknownBotError
from .state import State

if TYPE_CHECKING:  # pragma: no cover
    from .analysis import ActionValue

__all__ = ["Bot"]

BOT_NAMES = ("random", "greedy", "mcts", "solver", "strong", "level")
"""The bots of the library (the names of their specs), for messages."""


class Bot(Owned):
    """A computer player for any game, from a spec:

    - ``"random"``: a uniformly random legal action;
    - ``"greedy"``: the best immediate change of score(mover) -
      score(opponent), a win above any score, ties at random;
    - ``"mcts(iterations=1000,time_ms=0,c=0.3,bias=10,margin=0.5,
      reuse=true,playout=random,net=0)"``: UCT Monte Carlo tree search
      (see mindgames(7));
    - ``"solver"``: exact play through the solver, where it finishes
      within its budget (see mindgames(7));
    - ``"strong(time_ms=1000)"``: the library's strongest player of each
      game (1.6): the solver where it proves, else a search with the
      game's knowledge;
    - ``"level(n=1)"`` .. ``"level(n=8)"``: eight levels of play, from
      random to ``strong(time_ms=4000)`` (1.6; ``plays`` says which).

    Deterministic for its spec and ``seed`` (0 .. 2**64-1) unless
    ``time_ms`` limits the search.  One thread at a time; any number of
    bots may share a game, and a bot may outlive the games and states it
    was given.  A bot does not pickle (its search state cannot be saved):
    send its ``spec`` and ``seed`` and make a new one.
    """

    __slots__ = ("_seed", "_spec", "__weakref__")

    @staticmethod
    def _free(h: int) -> None:
        F.mg_bot_free(h)

    def __init__(self, spec: _args.Text = "random", seed: int = 0) -> None:
        """Create a bot; UnknownBotError (an unknown bot name: a subclass
        of UnknownGameError, which it was before 1.5), OptionError,
        OptionValueError or NotationError with the library's message
        naming the offending part."""
        data = _args.text(spec, "bot spec")
        s = _args.seed(seed)
        h, err = c_void_p(), errbuf()
        rc = F.mg_bot_new(byref(h), data, s, err, len(err))
        if rc == ErrorCode.ENOGAME:
            said = err.value.decode("utf-8", "replace") or (
                "unknown bot %r" % data.decode("utf-8", "replace"))
            raise UnknownBotError(rc, "%s: the bots are %s and %s" % (
                said, ", ".join(BOT_NAMES[:-1]), BOT_NAMES[-1]))
        if rc:
            raise error(rc, err)
        self._h = out_handle(h)
        self._seed = s
        self._spec: Optional[str] = None

    @property
    def spec(self) -> str:
        """The canonical spec, every option shown (accepted back by
        ``Bot()``)."""
        h = self._handle()
        if self._spec is None:
            self._spec = get_string(F.mg_bot_spec, h)
        return self._spec

    @property
    def plays(self) -> str:
        """The canonical spec of the bot this one plays as: a level's bot
        (``Bot("level(n=3)").plays`` is ``"mcts(iterations=300,...)"``),
        else the same as ``spec``.  Needs libmindgames 1.6."""
        return get_string(F.mg_bot_plays, self._handle())

    @property
    def seed(self) -> int:
        """The seed the bot was made with."""
        self._handle()
        return self._seed

    def choose(self, state: State) -> int:
        """A legal action id for the player to move in ``state``, which is
        not changed (GameOverError when the game is over).  A turn of
        several actions is chosen one action per call."""
        if not isinstance(state, State):
            raise TypeError("choose needs a mindgames.State, not %s"
                            % type(state).__name__)
        h = self._handle()
        a = c_int32()
        rc = F.mg_bot_choose(h, state._handle(), byref(a))
        if rc:
            raise state._error(rc, "choose an action")
        return a.value

    def analyse(self, state: State) -> List["ActionValue"]:
        """The value of every legal action of ``state`` (not changed), in
        ``state.legal_actions()`` order, from the point of view of the
        player to move: :class:`~mindgames.ActionValue` (action, kind
        "exact" / "estimate" / "unknown", value, visits) with this bot's
        budget: its solver's exact values where they are proven, its
        search's mean rewards elsewhere (mg_bot_analyse(3)).
        UnsupportedError for a bot that does not search (random, greedy,
        levels 1-2), GameOverError.  Needs libmindgames 1.6."""
        from .analysis import action_values
        return action_values(self, state)

    def __reduce__(self) -> NoReturn:
        raise TypeError("a mindgames.Bot cannot be pickled or copied (its "
                        "search state lives in the library): pass its spec "
                        "%r and seed %d and make a new Bot" % (
                            self.spec if not self.closed else "?",
                            getattr(self, "_seed", 0)))

    def __reduce_ex__(self, protocol: Any) -> Tuple[Any, ...]:
        self.__reduce__()
        raise AssertionError  # pragma: no cover

    def __repr__(self) -> str:
        if self.closed:
            return "<mindgames.Bot closed>"
        return "<mindgames.Bot %s, seed %d>" % (self.spec, self._seed)
