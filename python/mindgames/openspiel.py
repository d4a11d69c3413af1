# mypy: ignore-missing-imports, allow-subclassing-any, no-warn-unused-ignores
"""OpenSpiel games of every game (optional: needs OpenSpiel's pyspiel and
NumPy; importing :mod:`mindgames` never imports them).

Importing this module registers every game with ``pyspiel.register_game``
as ``mindgames_<id>``, its options as the game's parameters::

    import pyspiel
    import mindgames.openspiel
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("mindgames_dots_and_boxes(rows=3,cols=3)")
    bot = mcts.MCTSBot(game, 2, 200, mcts.RandomRolloutEvaluator())
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    print(state, state.returns())

The games are sequential, deterministic, of perfect information and zero
sum with terminal rewards (+1/-1/0); the observation tensor is
``State.observation(player)`` (planes x sites); the observation string is
the text picture; ``state.mg`` is the :class:`mindgames.State` underneath.
Clones are cheap (``copy.deepcopy`` of a mindgames state is its
``clone()``).  The hooks are :mod:`mindgames._openspiel_core`'s.
"""
from __future__ import annotations

from typing import Any, Dict, Optional

try:
    import numpy  # noqa: F401 - the observer's tensor
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError(
        "mindgames.openspiel needs OpenSpiel's pyspiel and numpy (pip "
        "install open_spiel numpy): %s" % _e,
        name=getattr(_e, "name", None)) from _e

from ._openspiel_core import (Observer, StateHooks, game_info_fields,
                              game_type_fields, short_name, spec_of)
from .game import Game, game_ids

__all__ = ["MindgamesGame", "MindgamesState", "register_games",
           "short_name"]

_T = pyspiel.GameType


def _game_type(game_id: str) -> Any:
    f = game_type_fields(game_id)
    f["dynamics"] = getattr(_T.Dynamics, f["dynamics"])
    f["chance_mode"] = getattr(_T.ChanceMode, f["chance_mode"])
    f["information"] = getattr(_T.Information, f["information"])
    f["utility"] = getattr(_T.Utility, f["utility"])
    f["reward_model"] = getattr(_T.RewardModel, f["reward_model"])
    return pyspiel.GameType(**f)


class MindgamesState(StateHooks, pyspiel.State):
    """An OpenSpiel state over a :class:`mindgames.State` (``.mg``)."""

    def __init__(self, game: "MindgamesGame") -> None:
        pyspiel.State.__init__(self, game)
        self._init_hooks(game.mg_game)


class MindgamesGame(pyspiel.Game):
    """An OpenSpiel game over a :class:`mindgames.Game` (``.mg_game``);
    one subclass per game id, made by :func:`register_games`."""

    game_id = ""
    game_type: Any = None

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        game = Game(spec_of(self.game_id, params))
        info = pyspiel.GameInfo(**game_info_fields(game))
        pyspiel.Game.__init__(self, self.game_type, info, params)
        self.mg_game = game

    def new_initial_state(self, *args: Any) -> MindgamesState:
        return MindgamesState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Any = None) -> Any:
        if (iig_obs_type is None or (iig_obs_type.public_info
                                     and not iig_obs_type.perfect_recall)):
            return Observer(self.mg_game, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


def register_games() -> None:
    """Register every game (``mindgames_<id>``); done on import."""
    registered = set(pyspiel.registered_names())
    for gid in game_ids():
        if short_name(gid) in registered:
            continue
        game_type = _game_type(gid)
        cls = type("Mindgames_" + gid, (MindgamesGame,),
                   {"game_id": gid, "game_type": game_type})
        globals()[cls.__name__] = cls
        pyspiel.register_game(game_type, cls)


register_games()
