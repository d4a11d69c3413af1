"""What :mod:`mindgames.openspiel` gives OpenSpiel, free of pyspiel.

OpenSpiel's Python games subclass ``pyspiel.Game`` and ``pyspiel.State``
and supply hooks that its C++ core calls: the state's
``current_player()``, ``_legal_actions(player)``,
``_apply_action(action)``, ``_action_to_string(player, action)``,
``is_terminal()``, ``returns()``, ``rewards()``, ``__str__()``; the game's
``new_initial_state()`` and ``make_py_observer()``, whose observer fills
``tensor`` (and ``dict``, views of it) in ``set_from(state, player)`` and
answers ``string_from(state, player)``.  The C++ side keeps the history,
clones a state by ``copy.deepcopy`` of its ``__dict__`` (cheap here: a
:class:`mindgames.State` deep-copies as ``clone()``) and serializes by
pickling it.  This module holds those hooks (:class:`StateHooks`,
:class:`Observer`) and the game's type and information read off the
library (:func:`game_type_fields`, :func:`game_info_fields`,
:func:`spec_of`), so that the repository's tests check them without
OpenSpiel.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Tuple, Union

from . import _arrays
from ._rl import terminal_rewards
from .constants import OptionType
from .game import Game
from .options import Option, game_options
from .state import State

__all__ = ["TERMINAL", "short_name", "long_name", "parameter_defaults",
           "spec_of", "game_type_fields", "game_info_fields", "StateHooks",
           "Observer", "UNBOUNDED_LENGTH"]

TERMINAL = -4          # pyspiel.PlayerId.TERMINAL
UNBOUNDED_LENGTH = 1 << 20   # max_game_length of a game without a bound

Param = Union[int, float, bool, str]


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a game: ``"mindgames_dots_and_boxes"``."""
    return "mindgames_" + game_id


def long_name(game_id: str) -> str:
    return "mindgames " + " ".join(w.capitalize()
                                   for w in game_id.split("_"))


def _value(option: Option) -> Param:
    kind = option.type
    if kind == OptionType.BOOL:
        return option.value == "true"
    if kind in (OptionType.INT, OptionType.SEED):
        return int(option.value)
    if kind == OptionType.DECIMAL:
        return float(option.value)
    return str(option.value)


def parameter_defaults(game_id: str) -> Dict[str, Param]:
    """Every option of a game id with its default, typed as OpenSpiel's
    parameters are (int, float, bool, str): the parameter_specification."""
    return {o.key: _value(o) for o in game_options(game_id)}


def _format(value: Param) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def spec_of(game_id: str, params: Mapping[str, Any]) -> str:
    """The spec of a game id with OpenSpiel's parameters: the options that
    differ from their defaults (so that an option that does not apply
    with the others, left at its default, is not named)."""
    defaults = parameter_defaults(game_id)
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError("%s has no parameter %s (it has %s)" % (
            short_name(game_id), ", ".join(unknown), ", ".join(defaults)))
    keys = [k for k in defaults if k in params and
            _format(params[k]) != _format(defaults[k])]
    if not keys:
        return game_id
    return "%s(%s)" % (game_id, ",".join(
        "%s=%s" % (k, _format(params[k])) for k in keys))


def game_type_fields(game_id: str) -> Dict[str, Any]:
    """The fields of the game's ``pyspiel.GameType`` (enumerations by
    name: ``dynamics="SEQUENTIAL"``, ...)."""
    return dict(
        short_name=short_name(game_id),
        long_name=long_name(game_id),
        dynamics="SEQUENTIAL",
        chance_mode="DETERMINISTIC",
        information="PERFECT_INFORMATION",
        utility="ZERO_SUM",
        reward_model="TERMINAL",
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_defaults(game_id))


def game_info_fields(game: Game) -> Dict[str, Any]:
    """The fields of a game's ``pyspiel.GameInfo``: its actions, two
    players, utilities -1 .. 1 summing to 0, and ``max_game_length``
    (``game.max_length``; UNBOUNDED_LENGTH when the rules set no bound)."""
    length = game.max_length
    return dict(num_distinct_actions=game.num_actions,
                max_chance_outcomes=0, num_players=2,
                min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                max_game_length=length if length > 0 else UNBOUNDED_LENGTH)


class StateHooks:
    """The hooks of an OpenSpiel state over a :class:`mindgames.State`
    (``self.mg``); :class:`mindgames.openspiel.MindgamesState` is this
    class with ``pyspiel.State`` as a base."""

    mg: State

    def _init_hooks(self, game: Game) -> None:
        self.mg = game.new_state()

    def current_player(self) -> int:
        """The player to move, or TERMINAL (-4) once the game is over."""
        if self.mg.is_terminal:
            return TERMINAL
        return self.mg.current_player

    def _legal_actions(self, player: int) -> List[int]:
        """The legal actions of ``player``, ascending: none but the player
        to move's."""
        if player != self.mg.current_player:
            return []
        return self.mg.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.mg.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.mg.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.mg.is_terminal

    def returns(self) -> List[float]:
        """[+1, -1], [-1, +1] or [0, 0] once over; [0, 0] before."""
        return list(terminal_rewards(self.mg))

    def rewards(self) -> List[float]:
        """The rewards of the last action: the returns when it ended the
        game (terminal rewards only), else zeros."""
        return self.returns()

    def __str__(self) -> str:
        return self.mg.render()


class Observer:
    """OpenSpiel's py-observer of a game: ``tensor`` (float32, planes x
    sites, flat) and ``dict["observation"]`` (its (planes, sites) view),
    filled by ``set_from(state, player)`` with
    ``State.observation(player)`` (zero-copy); ``string_from`` is the
    text picture (the game is of perfect information)."""

    def __init__(self, game: Game, params: Any = None) -> None:
        if params:
            raise ValueError("observation parameters not supported; "
                             "passed %r" % (params,))
        np = _arrays.need_numpy("mindgames.openspiel")
        shape: Tuple[int, int] = game.observation_shape
        self.tensor = np.zeros(shape[0] * shape[1], dtype=np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: StateHooks, player: int) -> None:
        state.mg.observation(player, out=self.tensor)

    def string_from(self, state: StateHooks, player: int) -> str:
        return state.mg.render()
