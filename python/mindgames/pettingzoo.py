# mypy: ignore-missing-imports, allow-subclassing-any, no-warn-unused-ignores
"""PettingZoo AEC environments of every game (optional: needs PettingZoo,
Gymnasium and NumPy; importing :mod:`mindgames` never imports them).

::

    from mindgames.pettingzoo import env

    e = env("dots_and_boxes(rows=3,cols=3)", render_mode="ansi")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None                       # the dead step
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents ``"player_0"`` and ``"player_1"`` (seats 0 and 1);
``agent_selection`` follows the player to move, through multi-action
turns.  Observation space: ``Dict(observation=Box(low, high, (planes,
sites), float32), action_mask=Box(0, 1, (num_actions,), int8))`` with each
plane's true bounds (``Game.observation_bounds()``); the mask is all 0
except for the agent to move.  Action space: ``Discrete(num_actions)``.
Rewards +1/-1/0 at the end; an illegal action loses (-1 to its author, 0
to the other; ``illegal="raise"`` raises instead).  The logic is
:class:`mindgames._rl.AECCore`.
"""
from __future__ import annotations

from typing import Any, Optional, Union

try:
    import numpy as np
    import gymnasium.spaces as _spaces
    from pettingzoo import AECEnv as _AECEnv
    from pettingzoo.utils import wrappers as _wrappers
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError(
        "mindgames.pettingzoo needs the packages pettingzoo, gymnasium and "
        "numpy (pip install pettingzoo numpy): %s" % _e,
        name=getattr(_e, "name", None)) from _e

from ._rl import AECCore
from .game import Game

__all__ = ["env", "raw_env", "MindgamesAEC"]


class MindgamesAEC(AECCore, _AECEnv):
    """The AEC environment of a game (:func:`raw_env`)."""

    def __init__(self, spec: Union[str, Game], render_mode: Optional[str] = None,
                 illegal: str = "lose",
                 truncate_after: Optional[int] = None) -> None:
        _AECEnv.__init__(self)
        AECCore.__init__(self, spec, render_mode, illegal, truncate_after)
        obs = _spaces.Dict({
            "observation": _spaces.Box(self.observation_low,
                                       self.observation_high,
                                       dtype=np.float32),
            "action_mask": _spaces.Box(0, 1, (self.num_actions,),
                                       dtype=np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: _spaces.Discrete(self.num_actions)
                              for a in self.possible_agents}

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def __str__(self) -> str:
        return str(self.metadata["name"])


def raw_env(spec: Union[str, Game], render_mode: Optional[str] = None,
            **kwargs: Any) -> MindgamesAEC:
    """The environment itself, without PettingZoo's wrappers."""
    return MindgamesAEC(spec, render_mode=render_mode, **kwargs)


def env(spec: Union[str, Game], render_mode: Optional[str] = None,
        **kwargs: Any) -> Any:
    """The environment in PettingZoo's OrderEnforcingWrapper (as its
    classic environments are): ``env("china_squares", render_mode="ansi")``."""
    return _wrappers.OrderEnforcingWrapper(
        raw_env(spec, render_mode=render_mode, **kwargs))
