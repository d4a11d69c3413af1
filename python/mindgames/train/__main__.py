"""``python3 -m mindgames.train COMMAND ...``: see mindgames.train."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, Dict, List, Optional

from ..game import Game
from . import data as D
from . import mgnn

DEFAULT_BOT = "mcts(iterations=1000)"
EXPERT_BOT = "mcts(iterations=1000,net=0.5)"


def _log(msg: str) -> None:
    print("[%s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr,
          flush=True)


def _hidden(text: str) -> List[int]:
    try:
        sizes = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("--hidden takes sizes like 256,32,"
                                         " not %r" % text)
    if not sizes or len(sizes) > mgnn.MAX_LAYERS - 1 or \
            not all(1 <= s <= mgnn.MAX_OUT for s in sizes):
        raise argparse.ArgumentTypeError(
            "--hidden: 1 .. %d sizes of 1 .. %d each, not %r"
            % (mgnn.MAX_LAYERS - 1, mgnn.MAX_OUT, text))
    return sizes


def _data_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", required=True, help="the game's spec, e.g. "
                   "'dots_and_boxes(rows=3,cols=3)'")
    p.add_argument("--games", type=int, default=500,
                   help="self-play games (default 500)")
    p.add_argument("--bot", default=DEFAULT_BOT,
                   help="the bot playing after the random opening (default"
                   " %s)" % DEFAULT_BOT)
    p.add_argument("--random-plies", type=int, default=8,
                   help="at most this many random first actions, drawn per"
                   " game (default 8)")
    p.add_argument("--solver-nodes", type=int, default=200000,
                   help="the solver's node budget per position (default "
                   "200000)")
    p.add_argument("--inputs", type=int, choices=(1, 2), default=2,
                   help="1: the observation; 2: and the game's features "
                   "(default)")
    p.add_argument("--envs", type=int, default=64,
                   help="games stepped together (default 64)")
    p.add_argument("--seed", type=int, default=1)


def _fit_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--hidden", type=_hidden, default=[256, 32],
                   help="hidden sizes (default 256,32)")
    p.add_argument("--epochs", type=int, default=4,
                   help="epochs per stage (default 4)")
    p.add_argument("--stages", type=int, default=4,
                   help="stages, backwards from the end (default 4)")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--holdout", type=int, default=10,
                   help="hold out every N-th game's positions (default 10;"
                   " 0: none)")
    p.add_argument("--threads", type=int, default=1,
                   help="PyTorch's threads (default 1)")


def _make_data(a: argparse.Namespace, weights: Optional[str] = None,
               seed: Optional[int] = None, bot: Optional[str] = None
               ) -> Dict[str, Any]:
    return D.make_dataset(a.game, a.games, seed if seed is not None
                          else a.seed, bot or a.bot, a.random_plies,
                          a.solver_nodes, a.inputs, a.envs, weights,
                          log=_log)


def _fit(a: argparse.Namespace, d: Dict[str, Any],
         init: Optional[bytes] = None) -> Dict[str, Any]:
    from . import net
    torch = net.need_torch()
    torch.set_num_threads(max(1, a.threads))
    if a.holdout:
        tr, te = D.split(d, a.holdout)
    else:
        import numpy as np
        tr, te = np.ones(len(d["y"]), bool), np.zeros(len(d["y"]), bool)
    if init is not None:
        model, spec, kind = net.from_mgnn(init)
        if spec != d["spec"] or kind != d["inputs"]:
            raise SystemExit("the initial weights are for %s inputs %d, the"
                             " data for %s inputs %d" % (spec, kind,
                                                         d["spec"],
                                                         d["inputs"]))
    else:
        model = net.build(d["x"].shape[1], a.hidden, a.seed)
    summary = net.train(model, d["x"][tr], d["y"][tr], d["ply"][tr],
                        a.epochs, a.stages, a.batch, a.lr, a.seed, _log)
    blob = net.export(model, d["spec"], int(d["inputs"]))
    summary["train_positions"] = int(tr.sum())
    if te.any():
        ex = te & (d["exact"] == 1)
        summary["heldout_exact"] = net.accuracy(
            net.predict(model, d["x"][ex]), d["y"][ex])
        summary["heldout_all"] = net.accuracy(
            net.predict(model, d["x"][te]), d["y"][te])
    return {"model": model, "mgnn": blob, "summary": summary}


def _write(path: str, blob: bytes) -> None:
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(blob)
    os.replace(tmp, path)


def _matches(spec: str, weights: str, games: int) -> List[Dict[str, Any]]:
    from ..eval import Eval
    from .play import match
    ev = Eval(weights)
    try:
        return [match(spec, ev.value, o, games) for o in ("random", "greedy")]
    finally:
        ev.close()


def cmd_data(a: argparse.Namespace) -> int:
    d = _make_data(a)
    D.save(a.out, d)
    _log("%d positions (%d exact) in %.1f s -> %s" % (
        len(d["y"]), int(d["exact"].sum()), d["seconds"], a.out))
    return 0


def cmd_reinput(a: argparse.Namespace) -> int:
    d = D.reinput(D.load(a.data), a.inputs)
    D.save(a.out, d)
    _log("%d positions, inputs %d (%d floats) -> %s" % (
        len(d["y"]), a.inputs, d["x"].shape[1], a.out))
    return 0


def cmd_fit(a: argparse.Namespace) -> int:
    d = D.load(a.data)
    init = open(a.init, "rb").read() if a.init else None
    r = _fit(a, d, init)
    _write(a.out, r["mgnn"])
    print(json.dumps(r["summary"], indent=1))
    return 0


def cmd_measure(a: argparse.Namespace) -> int:
    from . import net
    blob = open(a.weights, "rb").read()
    model, spec, kind = net.from_mgnn(blob)
    out: Dict[str, Any] = {"weights": a.weights, "spec": spec}
    if a.data:
        d = D.load(a.data)
        _, te = D.split(d, a.holdout) if a.holdout else (None, d["y"] == d["y"])
        ex = te & (d["exact"] == 1)
        out["heldout_exact"] = net.accuracy(net.predict(model, d["x"][ex]),
                                            d["y"][ex])
    if a.games:
        out["matches"] = _matches(spec, a.weights, a.games)
    print(json.dumps(out, indent=1))
    return 0


def cmd_run(a: argparse.Namespace) -> int:
    """data, fit, export, then expert-iteration rounds, then measure."""
    from .. import _ffi
    t0 = time.time()
    report: Dict[str, Any] = {"command": " ".join(sys.argv), "rounds": []}
    r: Dict[str, Any]
    if a.from_data and a.init:
        # go on from a dataset and its network: the rounds only
        d = D.load(a.from_data)
        if d["spec"] != Game(a.game).spec:
            raise SystemExit("--from-data is of %s, not %s" % (d["spec"],
                                                                a.game))
        with open(a.init, "rb") as f:
            r = {"mgnn": f.read()}
        _write(a.out, r["mgnn"])
    elif a.from_data or a.init:
        raise SystemExit("--from-data and --init go together")
    else:
        d = _make_data(a)
        _log("round 0: %d positions (%d exact), %.1f s" % (
            len(d["y"]), int(d["exact"].sum()), d["seconds"]))
        r = _fit(a, d)
        _write(a.out, r["mgnn"])
        report["rounds"].append(dict(r["summary"],
                                     positions=int(len(d["y"]))))
        _log("round 0: %s" % json.dumps(r["summary"]))
    for k in range(1, a.rounds + 1):
        if "mg_bot_set_eval" in _ffi.MISSING:
            report["expert_iteration"] = (
                "not done: the loaded library has no mg_bot_set_eval, so no "
                "search can use the network to label new positions")
            _log(report["expert_iteration"])
            break
        new = _make_data(a, weights=a.out, seed=a.seed + 1000 * k,
                         bot=a.expert_bot)
        d = D.merge(d, new)
        r = _fit(a, d, init=r["mgnn"])
        _write(a.out, r["mgnn"])
        report["rounds"].append(dict(r["summary"], positions=int(len(d["y"]))))
        _log("round %d: %s" % (k, json.dumps(r["summary"])))
    if a.games_vs:
        report["matches"] = _matches(d["spec"], a.out, a.games_vs)
    report["seconds"] = time.time() - t0
    report["bytes"] = os.path.getsize(a.out)
    if a.data_out:
        D.save(a.data_out, d)
    print(json.dumps(report, indent=1))
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="python3 -m mindgames.train",
        description="Train a value network for the library's learned "
        "evaluation (mg_eval, MGNN files). Needs NumPy and PyTorch.")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("data", help="self-play and label positions -> .npz")
    _data_args(s)
    s.add_argument("--out", required=True, help="the .npz to write")
    s.set_defaults(fn=cmd_data)
    s = sub.add_parser("reinput", help="recompute a dataset's inputs "
                       "(another kind) from its positions' actions")
    s.add_argument("data", nargs="+", help=".npz files of one game")
    s.add_argument("--inputs", type=int, choices=(1, 2), required=True)
    s.add_argument("--out", required=True, help="the .npz to write")
    s.set_defaults(fn=cmd_reinput)
    s = sub.add_parser("fit", help="train on .npz files -> .mgnn")
    s.add_argument("data", nargs="+", help=".npz files of one game")
    s.add_argument("--out", required=True, help="the .mgnn to write")
    s.add_argument("--init", help="start from these weights (.mgnn)")
    s.add_argument("--seed", type=int, default=1)
    _fit_args(s)
    s.set_defaults(fn=cmd_fit)
    s = sub.add_parser("measure", help="held-out accuracy and one-ply "
                       "games against random and greedy")
    s.add_argument("weights", help="the .mgnn")
    s.add_argument("--data", nargs="*", help=".npz files (held-out games)")
    s.add_argument("--holdout", type=int, default=10)
    s.add_argument("--games", type=int, default=100,
                   help="games against each of random and greedy (0: none)")
    s.set_defaults(fn=cmd_measure)
    s = sub.add_parser("run", help="the whole pipeline: data, fit, expert "
                       "iteration, measure (make train)")
    _data_args(s)
    _fit_args(s)
    s.add_argument("--out", required=True, help="the .mgnn to write")
    s.add_argument("--rounds", type=int, default=2,
                   help="expert-iteration rounds after the first fit "
                   "(default 2)")
    s.add_argument("--expert-bot", default=EXPERT_BOT,
                   help="the bot of the expert-iteration rounds, given the "
                   "last network (default %s)" % EXPERT_BOT)
    s.add_argument("--games-vs", type=int, default=100,
                   help="games against random and greedy at the end")
    s.add_argument("--data-out", help="keep the positions in this .npz")
    s.add_argument("--from-data", nargs="+", help="with --init: skip the "
                   "first data and fit, go on from these .npz files")
    s.add_argument("--init", help="with --from-data: their network (.mgnn)")
    s.set_defaults(fn=cmd_run)
    a = p.parse_args(argv)
    return int(a.fn(a))


if __name__ == "__main__":
    sys.exit(main())
