"""The vector environments' logic, free of any framework (see
:mod:`mindgames._rl`): :class:`VectorCore`, copies of
:class:`~mindgames._rl.SingleAgentCore` against an opponent, stepped in
a loop; :class:`SelfPlayVectorCore`, self-play over
:class:`mindgames.VectorGame` (the C batch), both with Gymnasium's three
autoreset modes.  :mod:`mindgames.gymnasium` makes them
``gymnasium.vector.VectorEnv`` s."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

from ._rl import (AGENTS, SingleAgentCore, make_game, np_module,
                  observation_box, seed_value, step_limit)
from .game import Game

__all__ = ["AUTORESET_MODES", "VectorCore", "SelfPlayVectorCore"]

AUTORESET_MODES = ("next_step", "same_step", "none")


class VectorCore:
    """Gymnasium's vector contract over ``num_envs`` copies of
    :class:`SingleAgentCore` (the same arguments), without Gymnasium.

    ``reset(seed=s)`` seeds copy i with ``s + i``.  Observations are
    stacked (num_envs, planes, sites) float32, rewards float64,
    terminations and truncations bool; infos a dict of arrays (with the
    ``"_key"`` masks Gymnasium's vector infos have): ``action_mask``
    (num_envs, num_actions) int8, ``seat``, ``current_player``, and where
    a copy has them ``illegal_action``, ``reason`` and ``end_reason``
    (object arrays, None elsewhere, as Gymnasium's SyncVectorEnv).  A
    copy whose opponent raised is over: the error propagates, and the
    next step resets that copy (its action ignored, reward 0) unless
    ``autoreset`` is ``"none"``.

    ``autoreset``: ``"next_step"`` (Gymnasium's default: the step after
    an episode ends resets that copy, ignores its action and returns its
    first observation with reward 0), ``"same_step"`` (the copy resets in
    the step that ends it: the observation is the new episode's, the
    last one is ``infos["final_obs"]`` and its info
    ``infos["final_info"]``), or ``"none"`` (no autoreset: call
    ``reset(options={"reset_mask": mask})``; stepping a finished copy
    raises)."""

    def __init__(self, spec: Union[str, Game], num_envs: int,
                 autoreset: str = "next_step", **kwargs: Any) -> None:
        np = np_module()
        if autoreset not in AUTORESET_MODES:
            raise ValueError("autoreset must be one of %s, not %r"
                             % (", ".join(AUTORESET_MODES), autoreset))
        if (isinstance(num_envs, bool) or not isinstance(num_envs, int)
                or num_envs < 1):
            raise ValueError("num_envs must be a positive int, not %r"
                             % (num_envs,))
        game = make_game(spec)
        self.game = game
        self.num_envs = num_envs
        self.autoreset = autoreset
        self.envs = [SingleAgentCore(game, **kwargs) for _ in range(num_envs)]
        self.num_actions = game.num_actions
        self.observation_low = self.envs[0].observation_low
        self.observation_high = self.envs[0].observation_high
        self._pending = np.zeros(num_envs, dtype=bool)   # next_step
        self._over = np.ones(num_envs, dtype=bool)       # none

    def _infos(self, infos: List[Dict[str, Any]]) -> Dict[str, Any]:
        np = np_module()
        out: Dict[str, Any] = {
            "action_mask": np.stack([i["action_mask"] for i in infos]),
            "seat": np.array([i["seat"] for i in infos], dtype=np.int64),
            "current_player": np.array([i["current_player"] for i in infos],
                                       dtype=np.int64)}
        everyone = np.ones(self.num_envs, dtype=bool)
        for key in ("action_mask", "seat", "current_player"):
            out["_" + key] = everyone.copy()
        for key in ("illegal_action", "reason", "end_reason"):
            has = np.array([key in i for i in infos], dtype=bool)
            if has.any():
                out[key] = np.array([i.get(key) for i in infos],
                                    dtype=object)
                out["_" + key] = has
        return out

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Dict[str, Any]]:
        np = np_module()
        seed = seed_value(seed)
        options = dict(options or {})
        mask = options.pop("reset_mask", None)
        if mask is None:
            mask = np.ones(self.num_envs, dtype=bool)
        mask = np.asarray(mask, dtype=bool)
        if mask.shape != (self.num_envs,):
            raise ValueError("reset_mask must have shape (%d,)"
                             % self.num_envs)
        for i, env in enumerate(self.envs):
            if mask[i]:
                env.reset(seed=None if seed is None else seed + i,
                          options=options or None)
                self._pending[i] = False
                self._over[i] = env._over
        obs = np.stack([e._obs() for e in self.envs])
        return obs, self._infos([e._info() for e in self.envs])

    def step(self, actions: Any) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        np = np_module()
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError("actions must have shape (%d,), not %s"
                             % (self.num_envs, actions.shape))
        n = self.num_envs
        if self.autoreset == "none":
            over = [i for i, e in enumerate(self.envs) if e._over]
            if over:   # before any copy steps
                raise RuntimeError(
                    "copies %s are over and autoreset is 'none': reset them "
                    "with reset(options={'reset_mask': mask})"
                    % ", ".join(map(str, over)))
        obs = np.empty((n,) + self.observation_low.shape, dtype=np.float32)
        rewards = np.zeros(n, dtype=np.float64)
        terms = np.zeros(n, dtype=bool)
        truncs = np.zeros(n, dtype=bool)
        infos: List[Dict[str, Any]] = []
        final_obs: List[Any] = [None] * n
        final_info: List[Any] = [None] * n
        for i, env in enumerate(self.envs):
            if self._pending[i] or (env._over and env.episode_error):
                o, info = env.reset()
                self._pending[i] = False
                obs[i] = o
                infos.append(info)
                continue
            o, r, te, tr, info = env.step(actions[i])
            rewards[i], terms[i], truncs[i] = r, te, tr
            if te or tr:
                if self.autoreset == "next_step":
                    self._pending[i] = True
                elif self.autoreset == "same_step":
                    final_obs[i], final_info[i] = o, info
                    o, info = env.reset()
            obs[i] = o
            infos.append(info)
        out = self._infos(infos)
        if self.autoreset == "same_step":
            ended = terms | truncs
            if ended.any():
                fo = np.empty(n, dtype=object)
                fi = np.empty(n, dtype=object)
                for i in range(n):
                    fo[i], fi[i] = final_obs[i], final_info[i]
                out.update(final_obs=fo, _final_obs=ended.copy(),
                           final_info=fi, _final_info=ended.copy())
        return obs, rewards, terms, truncs, out

    def close(self) -> None:
        for env in self.envs:
            env.close()


class SelfPlayVectorCore:
    """Self-play over :class:`mindgames.VectorGame`: ``num_envs`` games
    stepped by the library in one call (``threads`` sub-batches in
    parallel), each step taking one action per game for its own player
    to move.

    Observations (num_envs, planes, sites) float32 are from each game's
    player to move (the last mover once over); ``rewards[i]`` is the
    reward of the player who moved in game i (+1/-1/0 at the end, 0
    before); infos hold ``action_mask`` (int8), ``to_move`` (the player
    to move after the step, -1 when over), ``rewards`` (num_envs x 2,
    both seats', for crediting the other player) and ``status`` (the
    ``mindgames.vector.BATCH_*`` codes).  An illegal action (an integer that is not a
    legal action id, out of range included) loses, as in the other
    wrappers: the game ends, -1 to its player, 0 to the other
    (``infos["rewards"]``), terminated, status ``BATCH_ILLEGAL``,
    ``infos["illegal_action"]`` the agent's name (``"player_0"`` or
    ``"player_1"``, None for the other games, mask
    ``infos["_illegal_action"]``); actions that are not integers (a
    float array) are a TypeError, nothing stepped.  ``autoreset`` as
    :class:`VectorCore`'s: ``"next_step"`` (the step after an end
    resets, ignores the action, reward 0), ``"same_step"``
    (``infos["final_obs"]``) or ``"none"`` (a finished game stays over,
    its steps ``BATCH_IDLE``, until ``reset(options={"reset_mask":
    mask})``).  ``max_steps`` truncates (None or 0: no limit, but a game
    without a bound on its length at 1024).  The starting positions are
    fixed; ``reset(seed=s)`` seeds :meth:`random_actions`."""

    def __init__(self, spec: Union[str, Game], num_envs: int,
                 autoreset: str = "next_step", threads: int = 1,
                 max_steps: Optional[int] = 0, seed: Optional[int] = None,
                 game_id: Optional[str] = None) -> None:
        from .vector import VectorGame
        np = np_module()
        if autoreset not in AUTORESET_MODES:
            raise ValueError("autoreset must be one of %s, not %r"
                             % (", ".join(AUTORESET_MODES), autoreset))
        self.game = make_game(spec, game_id)
        self.autoreset = autoreset
        self.vg = VectorGame(self.game, num_envs, seed=seed,
                             autoreset=autoreset, threads=threads,
                             max_steps=step_limit(max_steps, "max_steps"))
        self.num_envs = num_envs
        # games ended by an illegal action (the batch left them as they
        # were): over until reset, as a game over by the rules
        self._forfeit = np.zeros(num_envs, dtype=bool)
        self._illegal: Any = None
        self.num_actions = self.game.num_actions
        self.observation_low, self.observation_high = observation_box(
            self.game)

    def _infos(self) -> Dict[str, Any]:
        np = np_module()
        vg = self.vg
        n = self.num_envs
        out: Dict[str, Any] = {
            "action_mask": vg.legal_mask.astype(np.int8),
            "to_move": vg.to_move.astype(np.int64),
            "rewards": vg.rewards.astype(np.float64),
            "status": vg.status.copy()}
        if self._forfeit.any():   # over: nobody to move, nothing legal
            out["action_mask"][self._forfeit] = 0
            out["to_move"][self._forfeit] = -1
        for key in list(out):
            out["_" + key] = np.ones(n, dtype=bool)
        return out

    def reset(self, *, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Any, Dict[str, Any]]:
        np = np_module()
        seed = seed_value(seed)
        mask = (options or {}).get("reset_mask")
        if mask is None:
            self.vg.reset(seed)
            self._forfeit[:] = False
        else:
            which = np.asarray(mask, dtype=bool)
            if which.shape != (self.num_envs,):
                raise ValueError("reset_mask must have shape (%d,)"
                                 % self.num_envs)
            self._reset_some(which.astype(np.uint8))
            self._forfeit[which] = False
        return self.vg.observations.copy(), self._infos()

    def _reset_some(self, which: Any) -> None:
        """mg_batch_reset on the games where which[i] (the VectorGame's
        sub-batches, each its slice)."""
        from ctypes import POINTER, c_uint8, cast
        from ._ffi import F, check
        vg = self.vg
        if vg.closed:
            raise vg._closed_error()
        for (lo, hi), b in zip(vg._slices, vg._batches):
            part = which[lo:hi]
            check(F.mg_batch_reset(b, None, cast(part.ctypes.data,
                                                 POINTER(c_uint8))))
        vg._status[which.astype(bool)] = 0
        vg._refresh()

    def step(self, actions: Any) -> Tuple[Any, Any, Any, Any, Dict[str, Any]]:
        from .vector import BATCH_IDLE, BATCH_ILLEGAL, BATCH_RESET, _step_one
        np = np_module()
        vg = self.vg
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError("actions must have shape (%d,), not %s"
                             % (self.num_envs, actions.shape))
        vg._load(actions)     # TypeError for floats, before any change
        movers = vg.to_move.copy()
        gone = self._forfeit.copy() if self._forfeit.any() else None
        if gone is not None:
            # games ended by an illegal action: reset now (next_step; the
            # action ignored) or left over (none), out of the batch's step
            if self.autoreset == "next_step":
                self._reset_some(gone.astype(np.uint8))
            vg._a[gone] = -1
            movers[gone] = -1
            self._forfeit[:] = False
        vg._each(_step_one)
        status = vg._status
        both = vg.rewards
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        moved = movers >= 0
        rewards[moved] = both[np.flatnonzero(moved), movers[moved]]
        terms = vg.terminated.astype(bool)
        truncs = vg.truncated.astype(bool)
        illegal = moved & (status == BATCH_ILLEGAL)
        if gone is not None:
            status[gone] = (BATCH_RESET if self.autoreset == "next_step"
                            else BATCH_IDLE)
            if self.autoreset == "none":
                self._forfeit |= gone
        final: Any = None
        if illegal.any():     # the mover loses, the game ends
            if self.autoreset == "same_step":
                final = vg.observations.copy()
                self._reset_some(illegal.astype(np.uint8))
                status[illegal] = BATCH_ILLEGAL
            else:
                self._forfeit |= illegal
            who = np.flatnonzero(illegal)
            rewards[illegal] = -1.0
            vg.rewards[who, movers[illegal]] = -1.0
            vg.rewards[who, 1 - movers[illegal]] = 0.0
            terms |= illegal
        infos = self._infos()
        if illegal.any():
            names = np.array([None] * self.num_envs, dtype=object)
            for i in np.flatnonzero(illegal):
                names[i] = AGENTS[movers[i]]
            infos.update(illegal_action=names, _illegal_action=illegal)
        if self.autoreset == "same_step":
            ended = terms | truncs
            if ended.any():
                if final is None or (ended & ~illegal).any():
                    fin = vg.final_observations
                    if final is None:
                        final = fin
                    else:
                        final[~illegal] = fin[~illegal]
                fo = np.empty(self.num_envs, dtype=object)
                for i in np.flatnonzero(ended):
                    fo[i] = final[i].copy()
                infos.update(final_obs=fo, _final_obs=ended.copy())
        return vg.observations.copy(), rewards, terms, truncs, infos

    def random_actions(self) -> Any:
        """A uniformly random legal action per game (VectorGame's; -1 for
        a game that is over)."""
        a = self.vg.random_actions().copy()
        a[self._forfeit] = -1
        return a

    def close(self) -> None:
        self.vg.close()

