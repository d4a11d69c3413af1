"""The network in PyTorch, trained backwards from the end, and its export
to MGNN.

The network is the library's (doc/eval-format.md): inputs -> hidden
layers with clipped ReLU (clamp to 0 .. 1) -> one linear output, value =
tanh(output), the expected result for the player to move.  Training
minimises the squared error of the value against the labels (+1 / 0 /
-1), with Adam.  "Backwards from the end", as BoxesZero does (Entropy
27(3):285, 2025: the network learns the late positions first, whose
labels are exact, then ever earlier ones): the positions are sorted by
ply, and stage s of S trains on the latest s/S of them (so the last
stage sees all), ``epochs`` epochs per stage.
"""
from __future__ import annotations

import time
from typing import Any, Dict, List, Sequence

from . import mgnn

__all__ = ["need_torch", "build", "train", "export", "from_mgnn",
           "predict", "accuracy"]


def need_torch() -> Any:
    """``import torch``, or SystemExit with what to install: training is
    an optional extra; the library and the package never need it."""
    try:
        import torch
    except ImportError as e:
        raise SystemExit(
            "mindgames.train needs PyTorch (%s). Training is optional: the "
            "library and the package never need it. Install it, e.g. "
            "Debian's python3-torch (sudo apt-get install python3-torch), "
            "or pip install torch." % e)
    return torch


def build(n_in: int, hidden: Sequence[int] = (256, 32), seed: int = 0) -> Any:
    """A torch.nn.Sequential: Linear, Hardtanh(0, 1) per hidden size, then
    Linear(.., 1) (tanh applied by :func:`predict` and the loss)."""
    torch = need_torch()
    nn = torch.nn
    torch.manual_seed(seed)
    sizes = [n_in] + list(hidden)
    if len(sizes) > mgnn.MAX_LAYERS:
        raise ValueError("at most %d hidden layers" % (mgnn.MAX_LAYERS - 1))
    mods: List[Any] = []
    for a, b in zip(sizes, sizes[1:]):
        mods += [nn.Linear(a, b), nn.Hardtanh(0.0, 1.0)]
    mods.append(nn.Linear(sizes[-1], 1))
    return nn.Sequential(*mods)


def predict(model: Any, x: Any) -> Any:
    """The values (tanh of the output) of a float32 array of inputs, as a
    NumPy float32 array."""
    torch = need_torch()
    with torch.no_grad():
        t = torch.from_numpy(x)
        return torch.tanh(model(t)).squeeze(1).numpy()


def train(model: Any, x: Any, y: Any, ply: Any, epochs: int = 4,
          stages: int = 4, batch: int = 256, lr: float = 1e-3,
          seed: int = 0, log: Any = None) -> Dict[str, Any]:
    """Train ``model`` on inputs ``x`` (N x n_in float32) and targets
    ``y``, backwards from the end (see the module); a summary dict."""
    torch = need_torch()
    import numpy as np
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    t0 = time.time()
    order = np.argsort(-ply, kind="stable")      # the latest positions first
    X = torch.from_numpy(np.ascontiguousarray(x, np.float32))
    Y = torch.from_numpy(np.ascontiguousarray(y, np.float32))
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    n = len(order)
    steps = 0
    loss_v = float("nan")
    stages = max(1, min(stages, n)) if n else 1
    for s in range(1, stages + 1):
        subset = order[:max(1, (n * s) // stages)]
        for _ in range(epochs):
            perm = subset[rng.permutation(len(subset))]
            total, count = 0.0, 0
            for i in range(0, len(perm), batch):
                idx = torch.from_numpy(perm[i:i + batch])
                out = torch.tanh(model(X[idx])).squeeze(1)
                loss = torch.mean((out - Y[idx]) ** 2)
                opt.zero_grad()
                loss.backward()
                opt.step()
                total += float(loss) * len(idx)
                count += len(idx)
                steps += 1
            loss_v = total / max(count, 1)
        if log:
            log("stage %d/%d: %d positions (ply >= %d), loss %.4f"
                % (s, stages, len(subset), int(ply[subset[-1]]), loss_v))
    return {"steps": steps, "loss": loss_v, "seconds": time.time() - t0}


def export(model: Any, spec: str, inputs: int) -> bytes:
    """The MGNN bytes of ``model`` (weights written input-major: the
    transpose of nn.Linear's [out, in])."""
    import numpy as np
    layers = []
    for m in model:
        if hasattr(m, "weight"):
            w = m.weight.detach().cpu().numpy().astype(np.float32)
            b = m.bias.detach().cpu().numpy().astype(np.float32)
            layers.append((np.ascontiguousarray(w.T).ravel(), b))
    return mgnn.pack(spec, inputs, layers)


def from_mgnn(data: bytes) -> Any:
    """(model, spec, inputs) from an MGNN file's bytes: to go on training
    exported weights (expert iteration)."""
    torch = need_torch()
    import numpy as np
    net = mgnn.unpack(data)
    sizes = net.sizes
    model = build(sizes[0], sizes[1:-1])
    linear = [m for m in model if hasattr(m, "weight")]
    for m, (w, b), n_in, n_out in zip(linear, net.layers, sizes, sizes[1:]):
        wt = np.asarray(w, np.float32).reshape(n_in, n_out).T
        with torch.no_grad():
            m.weight.copy_(torch.from_numpy(np.ascontiguousarray(wt)))
            m.bias.copy_(torch.from_numpy(np.asarray(b, np.float32)))
    return model, net.spec, net.inputs


def accuracy(values: Any, y: Any) -> Dict[str, float]:
    """How well values predict targets: ``sign``, the share of decided
    targets (+1/-1) whose sign the value has; ``mse``; ``n``."""
    import numpy as np
    decided = y != 0
    n = int(decided.sum())
    sign = float((np.sign(values[decided]) == y[decided]).mean()) if n else \
        float("nan")
    mse = float(np.mean((values - y) ** 2)) if len(y) else float("nan")
    return {"sign": sign, "mse": mse, "n": int(len(y)), "decided": n}
