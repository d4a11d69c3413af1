# mypy: ignore-missing-imports, allow-subclassing-any, no-warn-unused-ignores
"""Gymnasium environments of every game against an opponent (optional:
needs Gymnasium and NumPy; importing :mod:`mindgames` never imports them).

::

    import gymnasium as gym
    import mindgames.gymnasium              # registers mindgames/*-v0

    env = gym.make("mindgames/DotsAndBoxes-v0", opponent="greedy")
    obs, info = env.reset(seed=0)
    done = False
    while not done:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

    envs = gym.make_vec("mindgames/ChinaTangle-v0", num_envs=8,
                        autoreset="same_step")

``MindgamesEnv(spec, opponent="random", seat=0, render_mode=None,
illegal="lose", truncate_after=None)``: the agent plays seat ``seat``
(0, 1 or ``"random"``) against ``opponent`` (``"random"``, a bot spec
such as ``"mcts(iterations=200)"``, or a callable ``f(state) ->
action``).  Observation space ``Box(low, high, (planes, sites),
float32)`` with each plane's bounds (``Game.observation_bounds()``);
action space ``Discrete(num_actions)``; the legal-action mask is
``info["action_mask"]`` (int8, for ``action_space.sample(mask)``; also
``env.action_masks()``); reward +1/-1/0 at the end; an illegal action
ends the episode with -1 (``info["illegal_action"]``, the agent's
name); what is not an integer is a TypeError; ``truncate_after`` and
``max_episode_steps``: None or 0 for no limit (README, the table of
*Reinforcement-learning wrappers*).  The logic is
:class:`mindgames._rl.SingleAgentCore` and, for vectors,
:class:`mindgames._rl_vector.VectorCore` (autoreset ``"next_step"``,
``"same_step"`` or ``"none"``).  With ``opponent="self"``, ``make_vec``
builds :class:`MindgamesSelfPlayVectorEnv` instead: self-play over
:class:`mindgames.VectorGame` (every game stepped by the library in one
call, ``threads`` in parallel), the observation and reward of the player
to move (:class:`mindgames._rl_vector.SelfPlayVectorCore`).
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Union

try:
    import numpy as np
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
    from gymnasium.vector import VectorEnv as _VectorEnv
    from gymnasium.vector.utils import batch_space as _batch_space
except ImportError as _e:  # pragma: no cover - depends on the machine
    raise ImportError(
        "mindgames.gymnasium needs the packages gymnasium and numpy (pip "
        "install gymnasium numpy): %s" % _e,
        name=getattr(_e, "name", None)) from _e

from ._rl import SingleAgentCore, env_id, seed_value, step_limit
from ._rl_vector import SelfPlayVectorCore, VectorCore
from .game import Game, game_ids

__all__ = ["MindgamesEnv", "MindgamesVectorEnv", "MindgamesSelfPlayVectorEnv",
           "make_vector_env", "register_envs", "env_id"]

_MODES = {"next_step": "NEXT_STEP", "same_step": "SAME_STEP",
          "none": "DISABLED"}


def _observation_space(core: Any) -> Any:
    return _spaces.Box(core.observation_low, core.observation_high,
                       dtype=np.float32)


class MindgamesEnv(SingleAgentCore, _gym.Env):
    """A game against an opponent as a ``gymnasium.Env``."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, spec: Union[str, Game] = "dots_and_boxes",
                 **kwargs: Any) -> None:
        SingleAgentCore.__init__(self, spec, **kwargs)
        self.observation_space = _observation_space(self)
        self.action_space = _spaces.Discrete(self.num_actions)

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Dict[str, Any]]:
        seed = seed_value(seed)
        _gym.Env.reset(self, seed=seed)
        return SingleAgentCore.reset(self, seed=seed, options=options)

    @property
    def np_random(self) -> Any:
        return SingleAgentCore.np_random.fget(self)  # type: ignore

    @np_random.setter
    def np_random(self, value: Any) -> None:
        self._np_random = value

    def __str__(self) -> str:
        return "<MindgamesEnv %s>" % self.game.spec


class MindgamesVectorEnv(VectorCore, _VectorEnv):
    """``num_envs`` copies of :class:`MindgamesEnv` as a
    ``gymnasium.vector.VectorEnv`` (what ``gymnasium.make_vec`` builds for
    the registered ids)."""

    def __init__(self, spec: Union[str, Game] = "dots_and_boxes",
                 num_envs: int = 1, autoreset: str = "next_step",
                 max_episode_steps: Optional[int] = None,
                 **kwargs: Any) -> None:
        if step_limit(max_episode_steps, "max_episode_steps"):
            kwargs.setdefault("truncate_after", max_episode_steps)
        VectorCore.__init__(self, spec, num_envs, autoreset, **kwargs)
        self.metadata = {
            "render_modes": ["ansi", "human"], "render_fps": 1,
            "autoreset_mode": getattr(_gym.vector.AutoresetMode,
                                      _MODES[autoreset])}
        self.render_mode = kwargs.get("render_mode")
        self.single_observation_space = _observation_space(self)
        self.single_action_space = _spaces.Discrete(self.num_actions)
        self.observation_space = _batch_space(self.single_observation_space,
                                              num_envs)
        self.action_space = _batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Dict[str, Any]]:
        seed = seed_value(seed)
        if seed is not None:
            self._np_random, self._np_random_seed = \
                _gym.utils.seeding.np_random(seed)
        return VectorCore.reset(self, seed=seed, options=options)

    def render(self) -> Any:
        return tuple(e.render() for e in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        VectorCore.close(self)

    def close(self, **kwargs: Any) -> None:
        _VectorEnv.close(self, **kwargs)


class MindgamesSelfPlayVectorEnv(SelfPlayVectorCore, _VectorEnv):
    """Self-play over :class:`mindgames.VectorGame` as a
    ``gymnasium.vector.VectorEnv`` (both seats played by the caller)."""

    def __init__(self, spec: Union[str, Game] = "dots_and_boxes",
                 num_envs: int = 1, autoreset: str = "next_step",
                 threads: int = 1, max_episode_steps: Optional[int] = None,
                 render_mode: Optional[str] = None,
                 game_id: Optional[str] = None) -> None:
        SelfPlayVectorCore.__init__(
            self, spec, num_envs, autoreset, threads,
            step_limit(max_episode_steps, "max_episode_steps"),
            game_id=game_id)
        self.metadata = {
            "render_modes": ["ansi"], "render_fps": 1,
            "autoreset_mode": getattr(_gym.vector.AutoresetMode,
                                      _MODES[autoreset])}
        self.render_mode = render_mode
        self.single_observation_space = _observation_space(self)
        self.single_action_space = _spaces.Discrete(self.num_actions)
        self.observation_space = _batch_space(self.single_observation_space,
                                              num_envs)
        self.action_space = _batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Dict[str, Any]]:
        seed = seed_value(seed)
        if seed is not None:
            self._np_random, self._np_random_seed = \
                _gym.utils.seeding.np_random(seed)
        return SelfPlayVectorCore.reset(self, seed=seed, options=options)

    def render(self) -> Any:
        return tuple(s.render() for s in self.vg.states())

    def close_extras(self, **kwargs: Any) -> None:
        SelfPlayVectorCore.close(self)

    def close(self, **kwargs: Any) -> None:
        _VectorEnv.close(self, **kwargs)


def make_vector_env(num_envs: int = 1, spec: Union[str, Game] = "dots_and_boxes",
                    opponent: Any = "random", **kwargs: Any) -> Any:
    """The vector entry point of the registered ids (``gymnasium.make_vec``):
    :class:`MindgamesVectorEnv` against ``opponent``, or with
    ``opponent="self"`` :class:`MindgamesSelfPlayVectorEnv` (which takes
    ``autoreset``, ``threads``, ``max_episode_steps``, ``render_mode``)."""
    if opponent == "self":
        return MindgamesSelfPlayVectorEnv(spec, num_envs, **kwargs)
    return MindgamesVectorEnv(spec, num_envs, opponent=opponent, **kwargs)


def register_envs() -> None:
    """Register ``mindgames/<Game>-v0`` (``DotsAndBoxes``,
    ``ChinaSquares``, ..., ``ChainsOfThought``) for every game, with a
    vector entry point; done when this module is imported.  Each passes
    ``game_id``: a ``spec=`` of another game is refused (ValueError)."""
    for gid in game_ids():
        name = env_id(gid)
        if name in _gym.envs.registry:
            continue
        _gym.register(
            id=name,
            entry_point="mindgames.gymnasium:MindgamesEnv",
            vector_entry_point="mindgames.gymnasium:make_vector_env",
            kwargs={"spec": gid, "game_id": gid})


register_envs()
