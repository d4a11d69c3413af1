"""What a user's type checker sees of the package: test_python_package
runs mypy --strict on this file (never run; the types of every
assignment below must check)."""
from typing import List, Optional, Tuple

import numpy as np
from numpy.typing import NDArray

import mindgames as mg


def use() -> None:
    g: mg.Game = mg.Game("dots_and_boxes(rows=3,cols=3)")
    s: mg.State = g.new_state()
    legal: List[int] = s.legal_actions()
    played: int = s.apply(legal[0])
    s.apply("b1-c1")
    ok: bool = s.is_legal(played)
    over: bool = s.is_terminal
    player: int = s.current_player
    scores: Tuple[int, int] = s.scores
    history: List[int] = s.history()
    obs: List[List[float]] = s.observation(0)
    held: List[int] = s.sites()
    site: mg.Site = g.site(0)
    kind: mg.SiteKind = site.kind
    neighbours: Tuple[int, ...] = site.neighbors
    frm, to = g.action_sites(0)
    start: Optional[int] = frm
    board: Optional[mg.Board] = g.board
    options: Tuple[mg.Option, ...] = mg.game_options("fangqi")
    bot = mg.Bot("mcts(iterations=10)", 1)
    choice: int = bot.choose(s)
    picture: str = s.render(svg=True)
    record: str = s.save()
    again: mg.State = mg.State.load(record)
    maps: List[List[int]] = g.site_symmetries()
    ids: NDArray[np.int32] = s.legal_actions(as_numpy=True)
    into: NDArray[np.int32] = s.legal_actions(np.empty(64, np.int32))
    planes: NDArray[np.float32] = s.observation(1, as_numpy=True)
    holders: NDArray[np.int8] = s.sites(as_numpy=True)
    table: NDArray[np.int32] = g.action_symmetries(as_numpy=True)
    b2: mg.Board = mg.Board.generate(mg.BoardKind.LABYRINTH, 7)
    cell: Optional[int] = b2.cell_at(0, 0)
    try:
        s.apply(10**10)
    except mg.OutOfRangeError as e:
        code: int = e.code
        message: str = e.message
    why: str = s.illegal_reason(played)
    end: Optional[str] = s.end_reason()
    try:
        s.apply(played)
    except mg.IllegalActionError as e:
        refused: Optional[int] = e.action
        reason: Optional[str] = e.reason
    solution: mg.Solution = mg.Solver(g).solve(s)
    exact: bool = solution.exact
    print(ok, over, player, scores, history, obs, held, kind, neighbours,
          start, board, options, choice, picture, again, maps, ids, into,
          planes, holders, table, cell, code, message, to, why, end,
          refused, reason, exact)
