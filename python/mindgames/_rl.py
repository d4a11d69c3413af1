"""The logic of the reinforcement-learning wrappers, free of any framework.

:mod:`mindgames.pettingzoo`, :mod:`mindgames.gymnasium` and
:mod:`mindgames.openspiel` are thin adapters over the classes here: the
rules of each framework's contract (who is to act, rewards, dead steps,
masks, seeding, autoreset) live in this module, which needs NumPy and
nothing else, so that the repository's tests check them even where the
frameworks are not installed (tests/test_python_rl.py).

Conventions shared by the wrappers:

* seats 0 and 1 are the agents ``"player_0"`` and ``"player_1"``;
* an observation is ``state.observation(player)`` as float32 of shape
  ``game.observation_shape`` (planes x sites), from that player's point of
  view; its bounds are ``game.observation_bounds()`` per plane, broadcast
  over the sites (:func:`observation_box`);
* the action mask is ``state.legal_mask()`` (1 = legal), as int8;
* rewards are terminal only: +1 to the winner, -1 to the loser, 0 each
  in a draw (and 0 before the end);
* an action is an integer (``int``, a NumPy integer or a 0-d integer
  array); anything else (``None`` for an agent that is alive, a float, a
  bool, text) raises ``TypeError`` and changes nothing;
* an integer that is not a legal action id now (out of range, even beyond
  int64, included) is an illegal action: with ``illegal="lose"`` (the
  default) it ends the game, -1 to the player who tried it, 0 to the
  other, ``info["illegal_action"]`` the name of that agent
  (``"player_0"`` or ``"player_1"``) and ``info["reason"]`` the library's
  line; ``illegal="raise"`` raises the library's error instead
  (:class:`mindgames.IllegalActionError`, or
  :class:`mindgames.OutOfRangeError` for an id out of range), the game
  unchanged;
* a step limit (``truncate_after``, ``max_episode_steps``, ``max_steps``)
  is None or an int >= 0, and 0 or None means no limit
  (:func:`step_limit`);
* a seed is None or an int >= 0 (NumPy integers included).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from . import _arrays
from .bot import Bot
from .constants import DRAW
from .errors import MindgamesError
from .game import Game
from .state import State

__all__ = ["AGENTS", "AECCore", "SingleAgentCore", "observation_box",
           "terminal_rewards", "env_id", "camel_name", "make_rng",
           "Opponent", "action_id", "step_limit", "seed_value"]

AGENTS = ("player_0", "player_1")

Opponent = Union[str, Callable[[State], int], None]


def np_module() -> Any:
    return _arrays.need_numpy("the reinforcement-learning wrappers")


def make_game(spec: Union[str, Game], game_id: Optional[str] = None) -> Game:
    """The Game of spec; with ``game_id`` (what the registered Gymnasium
    ids pass) a spec of another game is a ValueError."""
    game = spec if isinstance(spec, Game) else Game(spec)
    if game_id is not None and game.id != game_id:
        raise ValueError("spec %r is a game of %s, not of %s: this "
                         "environment id is for %s only"
                         % (game.spec, game.id, game_id, game_id))
    return game


def _kind(value: Any) -> str:
    cls = type(value)
    return cls.__name__ if cls.__module__ == "builtins" else \
        "%s.%s" % (cls.__module__, cls.__name__)


def _integer(value: Any) -> Optional[int]:
    """value as an int when it is an integer (int, NumPy integer, 0-d
    integer array; not a bool), else None."""
    np = np_module()
    if value.__class__ is int:
        return value  # type: ignore[no-any-return]
    if isinstance(value, np.ndarray) and value.shape == () \
            and value.dtype.kind in "iu":
        return int(value)
    if isinstance(value, (np.integer, int)) and not isinstance(value, bool):
        return int(value)
    return None


def seed_value(seed: Any) -> Optional[int]:
    """A seed as an int >= 0 (NumPy integers accepted) or None; else
    ValueError naming the type and the value."""
    if seed is None:
        return None
    v = _integer(seed)
    if v is None or v < 0:
        raise ValueError("seed must be None or an int >= 0, not %s %r"
                         % (_kind(seed), seed))
    return v


def step_limit(value: Any, what: str) -> int:
    """A step limit: None or an int >= 0 (0 and None: no limit, given as
    0); a negative value is a ValueError, anything else a TypeError."""
    if value is None:
        return 0
    v = _integer(value)
    if v is None:
        raise TypeError("%s must be None or an int >= 0 (0: no limit), "
                        "not %s %r" % (what, _kind(value), value))
    if v < 0:
        raise ValueError("%s must be None or an int >= 0 (0: no limit), "
                         "not %d" % (what, v))
    return v


def action_id(action: Any) -> int:
    """action as an int, or TypeError: an action is an integer (int,
    NumPy integer, 0-d integer array), not None, a float, a bool or
    text."""
    v = _integer(action)
    if v is None:
        raise TypeError("an action must be an integer action id, not %s %r"
                        % (_kind(action), action))
    return v


def make_rng(seed: Optional[int]) -> Any:
    """A NumPy Generator seeded like gymnasium's ``np_random`` (PCG64 of
    ``SeedSequence(seed)``; fresh entropy for None)."""
    np = np_module()
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(
        seed_value(seed))))


def observation_box(game: Game) -> Tuple[Any, Any]:
    """(low, high): float32 arrays of ``game.observation_shape`` holding
    each plane's bounds (``game.observation_bounds()``) at every site."""
    np = np_module()
    planes, sites = game.observation_shape
    bounds = game.observation_bounds()
    low = np.empty((planes, sites), dtype=np.float32)
    high = np.empty((planes, sites), dtype=np.float32)
    for p, (lo, hi) in enumerate(bounds):
        low[p, :] = lo
        high[p, :] = hi
    return low, high


def terminal_rewards(state: State) -> Tuple[float, float]:
    """(reward of seat 0, reward of seat 1): +1/-1 for a win, 0/0 for a
    draw or a game that goes on."""
    if not state.is_terminal:
        return 0.0, 0.0
    w = state.winner
    if w == DRAW or w < 0:
        return 0.0, 0.0
    return (1.0, -1.0) if w == 0 else (-1.0, 1.0)


def camel_name(game_id: str) -> str:
    """``"dots_and_boxes"`` -> ``"DotsAndBoxes"``."""
    return "".join(w.capitalize() for w in game_id.split("_"))


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``"mindgames/DotsAndBoxes-v0"``."""
    return "mindgames/%s-v0" % camel_name(game_id)


def mask_of(state: State, out: Any = None) -> Any:
    """The legal-action mask as int8 (1 = legal; all 0 once over)."""
    np = np_module()
    m = state.legal_mask()
    if out is None:
        return m.astype(np.int8)
    out[...] = m
    return out


def observe(state: State, player: int) -> Any:
    return state.observation(player, as_numpy=True)


def check_action(state: State, action: Any) -> Tuple[int, Optional[str]]:
    """(the action as an int, None when it is a legal action id now, else
    why not: the library's line, naming the range for an id out of
    range); TypeError for what is not an integer (:func:`action_id`)."""
    a = action_id(action)
    if state.is_legal(a):
        return a, None
    try:
        return a, state.illegal_reason(a)
    except MindgamesError as e:  # pragma: no cover - an older library
        return a, e.message


class AECCore:
    """PettingZoo's AEC contract over a game (two agents, ``player_0`` and
    ``player_1``), without PettingZoo: :class:`mindgames.pettingzoo.raw_env`
    is this class with ``pettingzoo.AECEnv`` as a base and the spaces.

    ``agent_selection`` is the player to move, through multi-action turns
    (the same agent may be selected several times in a row).  At the end
    every agent is terminated and gets its reward; each then takes a dead
    step (``step(None)``) and leaves ``agents``.  ``truncate_after``: end
    a game by truncation after that many actions (None or 0: never; a
    game with ``game.max_length == 0`` may be unbounded)."""

    metadata: Dict[str, Any] = {
        "name": "mindgames", "is_parallelizable": False,
        "render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, spec: Union[str, Game],
                 render_mode: Optional[str] = None,
                 illegal: str = "lose",
                 truncate_after: Optional[int] = None) -> None:
        np = np_module()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError("render_mode must be None, 'ansi' or 'human', "
                             "not %r" % (render_mode,))
        if illegal not in ("lose", "raise"):
            raise ValueError("illegal must be 'lose' or 'raise', not %r"
                             % (illegal,))
        self.truncate_after = step_limit(truncate_after, "truncate_after")
        self.game = make_game(spec)
        self.render_mode = render_mode
        self.illegal = illegal
        self.metadata = dict(self.metadata,
                             name="mindgames_" + self.game.id + "_v0")
        self.possible_agents = list(AGENTS)
        self.num_actions = self.game.num_actions
        self.observation_low, self.observation_high = observation_box(
            self.game)
        self.observation_dtype = np.float32
        self.mg_state: Optional[State] = None
        self._np_random: Any = None
        self._reset_bookkeeping()

    def _reset_bookkeeping(self) -> None:
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection = AGENTS[0]
        self._skip_agent_selection: Optional[str] = None

    # ------------------------------------------------------------ reset

    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> None:
        """Start a game.  ``seed`` seeds ``np_random`` (the games
        themselves have no chance); ``options`` may hold ``"actions"``,
        actions (ids or notation) to play first, an opening.  A bad seed
        or opening raises before anything changes: the episode before it
        goes on as it was."""
        seed = seed_value(seed)
        state = self.game.new_state()
        try:
            for a in (options or {}).get("actions", ()):
                state.apply(a)
        except BaseException:
            state.close()
            raise
        if seed is not None or self._np_random is None:
            self._np_random = make_rng(seed)
        if self.mg_state is not None:
            self.mg_state.close()
        self.mg_state = state
        self._reset_bookkeeping()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._after_action()

    @property
    def np_random(self) -> Any:
        if self._np_random is None:
            self._np_random = make_rng(None)
        return self._np_random

    # ------------------------------------------------------ observation

    def _player(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise KeyError("no agent %r (the agents are %s)"
                           % (agent, ", ".join(self.possible_agents)))

    def observe(self, agent: str) -> Dict[str, Any]:
        """``{"observation": float32 planes x sites from agent's view,
        "action_mask": int8 (num_actions,)}``; the mask is all 0 unless
        ``agent`` is the one to act in a game that goes on."""
        np = np_module()
        player = self._player(agent)
        if self.mg_state is None:
            raise RuntimeError("call reset() before observe()")
        obs = observe(self.mg_state, player)
        if (not self.mg_state.is_terminal and agent == self.agent_selection
                and not self.terminations.get(agent, True)
                and not self.truncations.get(agent, True)):
            mask = mask_of(self.mg_state)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool,
                                                  Dict[str, Any]]:
        """(observation, cumulative reward, termination, truncation,
        info) of ``agent_selection``."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None,
                self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    # ------------------------------------------------------------- step

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection``; ``None`` is the dead
        step of a terminated or truncated agent (and only that).  What is
        not an integer raises TypeError, nothing changed."""
        agent = self.agent_selection
        if self.mg_state is None:
            raise RuntimeError("call reset() before step()")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action, why = check_action(self.mg_state, action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if why is not None:
            if self.illegal == "raise":
                self.mg_state.apply(action)  # raises the library's error
                raise ValueError(why)      # pragma: no cover
            self.rewards[agent] = -1.0
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"illegal_action": agent, "reason": why}
            self._accumulate_rewards()
            return
        self.mg_state.apply(action)
        self._steps += 1
        r0, r1 = terminal_rewards(self.mg_state)
        self.rewards = {AGENTS[0]: r0, AGENTS[1]: r1}
        self._after_action()
        self._accumulate_rewards()

    def _after_action(self) -> None:
        state = self.mg_state
        assert state is not None
        if state.is_terminal:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"end_reason": state.end_reason()}
        elif self.truncate_after and self._steps >= self.truncate_after:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = AGENTS[state.current_player]

    def _accumulate_rewards(self) -> None:
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r

    def _clear_rewards(self) -> None:
        for a in self.rewards:
            self.rewards[a] = 0.0

    def _was_dead_step(self, action: Any) -> None:
        """PettingZoo's dead step: the selected agent, terminated or
        truncated, leaves; the next dead agent is selected."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid "
                             "action is None")
        agent = self.agent_selection
        books: Tuple[Dict[str, Any], ...] = (
            self.terminations, self.truncations, self.rewards,
            self._cumulative_rewards, self.infos)
        for d in books:
            del d[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents
                if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()

    # ----------------------------------------------------------- render

    def render(self) -> Optional[str]:
        """The library's text picture: returned for ``"ansi"``, printed
        for ``"human"``; None (with a warning in PettingZoo) otherwise."""
        if self.mg_state is None or self.render_mode is None:
            return None
        text = self.mg_state.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self.mg_state is not None:
            self.mg_state.close()
            self.mg_state = None


class SingleAgentCore:
    """Gymnasium's Env contract over a game played against an opponent,
    without Gymnasium: :class:`mindgames.gymnasium.MindgamesEnv` is this
    class with ``gymnasium.Env`` as a base and the spaces.

    ``opponent``: ``"random"`` (uniform over the legal actions, from
    ``np_random``), a bot spec for :class:`mindgames.Bot` (``"greedy"``,
    ``"mcts(iterations=200)"``; seeded from ``np_random`` at each reset),
    or a callable ``f(state) -> action``.  ``seat``: 0, 1, or
    ``"random"`` (drawn at each reset; ``options={"seat": s}`` overrides
    it for one episode).  The observation is the agent's; the mask is
    ``info["action_mask"]``; the reward +1/-1/0 at the end.
    ``truncate_after``: truncate after that many of the agent's actions
    (None or 0: never).  ``game_id``: refuse a spec of another game (the
    registered ids pass their game's).

    When the opponent raises (or answers what is not a legal action),
    the error propagates and the episode is over: :attr:`episode_error`
    says why, and ``step`` raises RuntimeError naming it until
    ``reset()``.
    """

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"],
                                "render_fps": 1}

    def __init__(self, spec: Union[str, Game], opponent: Opponent = "random",
                 seat: Union[int, str] = 0, render_mode: Optional[str] = None,
                 illegal: str = "lose",
                 truncate_after: Optional[int] = None,
                 game_id: Optional[str] = None) -> None:
        np = np_module()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError("render_mode must be None, 'ansi' or 'human', "
                             "not %r" % (render_mode,))
        if seat not in (0, 1, "random"):
            raise ValueError("seat must be 0, 1 or 'random', not %r" % (seat,))
        if illegal not in ("lose", "raise"):
            raise ValueError("illegal must be 'lose' or 'raise', not %r"
                             % (illegal,))
        self.truncate_after = step_limit(truncate_after, "truncate_after")
        self.game = make_game(spec, game_id)
        self.render_mode = render_mode
        self.illegal = illegal
        self.seat_option = seat
        self.opponent = opponent if opponent is not None else "random"
        if not (callable(self.opponent) or isinstance(self.opponent, str)):
            raise TypeError("opponent must be 'random', a bot spec or a "
                            "callable(state) -> action")
        if isinstance(self.opponent, str) and self.opponent != "random":
            Bot(self.opponent).close()   # a bad spec fails now
        self.num_actions = self.game.num_actions
        self.observation_low, self.observation_high = observation_box(
            self.game)
        self.observation_dtype = np.float32
        self.mg_state: Optional[State] = None
        self.seat = 0
        self._bot: Optional[Bot] = None
        self._np_random: Any = None
        self._steps = 0
        self._over = True
        self.episode_error: Optional[str] = None

    @property
    def np_random(self) -> Any:
        if self._np_random is None:
            self._np_random = make_rng(None)
        return self._np_random

    def _info(self) -> Dict[str, Any]:
        assert self.mg_state is not None
        return {"action_mask": mask_of(self.mg_state),
                "seat": self.seat,
                "current_player": self.mg_state.current_player}

    def _obs(self) -> Any:
        assert self.mg_state is not None
        return observe(self.mg_state, self.seat)

    def _opponent_action(self) -> int:
        state = self.mg_state
        assert state is not None
        if self.opponent == "random":
            legal = state.legal_actions()
            return int(legal[int(self.np_random.integers(len(legal)))])
        if self._bot is not None:
            return self._bot.choose(state)
        return self.opponent(state)  # type: ignore[operator]

    def _play_opponent(self) -> None:
        """The opponent's moves; when it raises (or its answer does), the
        episode is over (``episode_error``) and the error propagates."""
        state = self.mg_state
        assert state is not None
        try:
            while not state.is_terminal and state.current_player != self.seat:
                state.apply(self._opponent_action())
        except BaseException as e:
            self._over = True
            self.episode_error = ("the opponent raised %s: %s"
                                  % (type(e).__name__, e))
            raise

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Dict[str, Any]]:
        """(observation, info) at the start of an episode: the opponent
        has played when it moves first."""
        seed = seed_value(seed)
        options = options or {}
        seat = options.get("seat", self.seat_option)
        if seat not in (0, 1, "random") or isinstance(seat, bool):
            raise ValueError("seat must be 0, 1 or 'random', not %r"
                             % (seat,))
        if seed is not None or self._np_random is None:
            self._np_random = make_rng(seed)
        if seat == "random":
            seat = int(self.np_random.integers(2))
        self.seat = seat
        if isinstance(self.opponent, str) and self.opponent != "random":
            if self._bot is not None:
                self._bot.close()
            self._bot = Bot(self.opponent,
                            int(self.np_random.integers(2 ** 63)))
        if self.mg_state is not None:
            self.mg_state.close()
        self.mg_state = self.game.new_state()
        self._steps = 0
        self._over = False
        self.episode_error = None
        self._play_opponent()
        self._over = self.mg_state.is_terminal
        return self._obs(), self._info()

    def step(self, action: Any) -> Tuple[Any, float, bool, bool,
                                         Dict[str, Any]]:
        """(observation, reward, terminated, truncated, info)."""
        state = self.mg_state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if self._over:
            raise RuntimeError("the episode is over%s: call reset()"
                               % (" (%s)" % self.episode_error
                                  if self.episode_error else ""))
        action, why = check_action(state, action)
        if why is not None:
            if self.illegal == "raise":
                state.apply(action)
                raise ValueError(why)  # pragma: no cover
            info = self._info()
            info.update(illegal_action=AGENTS[self.seat], reason=why)
            self._over = True
            return self._obs(), -1.0, True, False, info
        state.apply(action)
        self._steps += 1
        self._play_opponent()
        reward = terminal_rewards(state)[self.seat]
        terminated = state.is_terminal
        truncated = (not terminated and bool(self.truncate_after)
                     and self._steps >= self.truncate_after)
        self._over = terminated or truncated
        info = self._info()
        if terminated:
            info["end_reason"] = state.end_reason()
        return self._obs(), reward, terminated, truncated, info

    def action_masks(self) -> Any:
        """The mask (sb3-contrib's MaskablePPO asks for it this way)."""
        assert self.mg_state is not None
        return mask_of(self.mg_state)

    def render(self) -> Optional[str]:
        if self.mg_state is None or self.render_mode is None:
            return None
        text = self.mg_state.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        if self._bot is not None:
            self._bot.close()
            self._bot = None
        if self.mg_state is not None:
            self.mg_state.close()
            self.mg_state = None
