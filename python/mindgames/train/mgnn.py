"""The MGNN weight file, version 1, in pure Python: :func:`pack` writes
it, :func:`unpack` reads and checks it (the same checks as the library's
loader, mg_eval_new; the format is doc/eval-format.md).

Layout (u32 and binary32 little-endian): "MGNN", version 1, flags 0,
spec_len, the game's canonical spec padded with zero bytes to a multiple
of 4, inputs (1 or 2), n_in, n_layers (1..4), out[n_layers] (1..4096, the
last 1), then per layer W (in x out floats, input-major: W[i*out + j] is
the weight from input i to output j) and b (out floats), then the CRC-32
(zlib's) of every byte before it.  No NumPy or PyTorch needed.
"""
from __future__ import annotations

import math
import struct
import zlib
from typing import Any, List, NamedTuple, Sequence, Tuple

__all__ = ["MAGIC", "VERSION", "Network", "pack", "unpack", "MGNNError"]

MAGIC = b"MGNN"
VERSION = 1
MAX_SPEC = 1024
MAX_LAYERS = 4
MAX_OUT = 4096
MAX_IN = 65536
MAX_WEIGHTS = 16 << 20


class MGNNError(ValueError):
    """A byte string that is not a valid MGNN file (the message names
    the defect)."""


class Network(NamedTuple):
    """An MGNN file's contents: ``layers`` is a list of (W, b), W a flat
    list of in*out floats, input-major."""

    spec: str
    inputs: int
    n_in: int
    layers: List[Tuple[List[float], List[float]]]

    @property
    def sizes(self) -> List[int]:
        """[n_in, out_0, ..., 1]."""
        return [self.n_in] + [len(b) for _, b in self.layers]

    def forward(self, x: Sequence[float]) -> float:
        """The value of one input vector, in float64 (a reference for
        tests): clipped ReLU hidden layers, tanh of the last."""
        h = [float(v) for v in x]
        if len(h) != self.n_in:
            raise ValueError("%d inputs, the network takes %d"
                             % (len(h), self.n_in))
        for li, (w, b) in enumerate(self.layers):
            n_out = len(b)
            out = list(b)
            for i, hi in enumerate(h):
                if hi:
                    row = w[i * n_out:(i + 1) * n_out]
                    for j in range(n_out):
                        out[j] += hi * row[j]
            if li < len(self.layers) - 1:
                h = [min(max(v, 0.0), 1.0) for v in out]
            else:
                h = out
        return math.tanh(h[0])


def _pad4(n: int) -> int:
    return (n + 3) & ~3


def pack(spec: str, inputs: int, layers: Sequence[Tuple[Any, Any]]) -> bytes:
    """The bytes of an MGNN file.  ``layers``: (W, b) per layer, W
    input-major (a flat sequence of in*out floats, or any object with
    ``tolist()`` giving the rows [in][out]), b of out floats.  The first
    layer's in is n_in.  Raises MGNNError for sizes the format refuses."""
    sb = spec.encode("utf-8")
    if not 1 <= len(sb) <= MAX_SPEC:
        raise MGNNError("the spec is %d bytes; 1 .. %d" % (len(sb), MAX_SPEC))
    if inputs not in (1, 2):
        raise MGNNError("inputs must be 1 or 2, not %r" % (inputs,))
    if not 1 <= len(layers) <= MAX_LAYERS:
        raise MGNNError("%d layers; 1 .. %d" % (len(layers), MAX_LAYERS))
    flat: List[Tuple[List[float], List[float]]] = []
    for w, b in layers:
        bl = [float(v) for v in (b.tolist() if hasattr(b, "tolist") else b)]
        wl = w.tolist() if hasattr(w, "tolist") else list(w)
        if wl and isinstance(wl[0], list):
            wl = [float(v) for row in wl for v in row]
        else:
            wl = [float(v) for v in wl]
        flat.append((wl, bl))
    n_out0 = len(flat[0][1])
    if n_out0 == 0 or len(flat[0][0]) % n_out0:
        raise MGNNError("layer 0: %d weights for %d outputs"
                        % (len(flat[0][0]), n_out0))
    n_in = len(flat[0][0]) // n_out0
    head = [MAGIC, struct.pack("<3I", VERSION, 0, len(sb)), sb,
            b"\0" * (_pad4(len(sb)) - len(sb))]
    head.append(struct.pack("<3I", inputs, n_in, len(flat)))
    head.append(struct.pack("<%dI" % len(flat), *[len(b) for _, b in flat]))
    body = []
    fan_in = n_in
    total = 0
    for li, (w, b) in enumerate(flat):
        if not 1 <= len(b) <= MAX_OUT:
            raise MGNNError("layer %d has %d outputs; 1 .. %d"
                            % (li, len(b), MAX_OUT))
        if len(w) != fan_in * len(b):
            raise MGNNError("layer %d: %d weights, expected %d x %d"
                            % (li, len(w), fan_in, len(b)))
        if not all(math.isfinite(v) for v in w + b):
            raise MGNNError("layer %d has a non-finite weight" % li)
        total += len(w) + len(b)
        body.append(struct.pack("<%df" % len(w), *w))
        body.append(struct.pack("<%df" % len(b), *b))
        fan_in = len(b)
    if fan_in != 1:
        raise MGNNError("the last layer has %d outputs; it must have 1"
                        % fan_in)
    if not 1 <= n_in <= MAX_IN or total > MAX_WEIGHTS:
        raise MGNNError("%d inputs, %d weights: the limits are %d and %d"
                        % (n_in, total, MAX_IN, MAX_WEIGHTS))
    data = b"".join(head + body)
    return data + struct.pack("<I", zlib.crc32(data) & 0xFFFFFFFF)


def unpack(data: bytes) -> Network:
    """Parse and check an MGNN file's bytes (MGNNError naming the defect:
    truncated, bad magic, version, flags, checksum, sizes, non-finite
    weight, trailing bytes)."""
    data = bytes(data)
    pos = 0

    def take(n: int, what: str) -> bytes:
        nonlocal pos
        if pos + n > len(data):
            raise MGNNError("truncated: %s at byte %d needs %d bytes, the "
                            "file has %d" % (what, pos, n, len(data)))
        chunk = data[pos:pos + n]
        pos += n
        return chunk

    def u32(what: str) -> int:
        return int(struct.unpack("<I", take(4, what))[0])

    if take(4, "the magic") != MAGIC:
        raise MGNNError("bad magic: not an MGNN file")
    version = u32("the version")
    if version != VERSION:
        raise MGNNError("version %d; this reader knows %d" % (version,
                                                               VERSION))
    flags = u32("the flags")
    if flags:
        raise MGNNError("flags 0x%x: reserved, must be 0" % flags)
    if len(data) < 8 or zlib.crc32(data[:-4]) & 0xFFFFFFFF != struct.unpack(
            "<I", data[-4:])[0]:
        raise MGNNError("bad checksum (CRC-32): the file is damaged or "
                        "truncated")
    spec_len = u32("spec_len")
    if not 1 <= spec_len <= MAX_SPEC:
        raise MGNNError("spec_len %d; 1 .. %d" % (spec_len, MAX_SPEC))
    raw = take(_pad4(spec_len), "the spec")
    if any(raw[spec_len:]):
        raise MGNNError("nonzero padding after the spec")
    spec = raw[:spec_len].decode("utf-8")
    inputs = u32("inputs")
    if inputs not in (1, 2):
        raise MGNNError("inputs %d; 1 or 2" % inputs)
    n_in = u32("n_in")
    if not 1 <= n_in <= MAX_IN:
        raise MGNNError("n_in %d; 1 .. %d" % (n_in, MAX_IN))
    n_layers = u32("n_layers")
    if not 1 <= n_layers <= MAX_LAYERS:
        raise MGNNError("n_layers %d; 1 .. %d" % (n_layers, MAX_LAYERS))
    outs = [u32("out[%d]" % i) for i in range(n_layers)]
    for i, o in enumerate(outs):
        if not 1 <= o <= MAX_OUT:
            raise MGNNError("out[%d] = %d; 1 .. %d" % (i, o, MAX_OUT))
    if outs[-1] != 1:
        raise MGNNError("the last layer has %d outputs; it must have 1"
                        % outs[-1])
    fan = [n_in] + outs
    total = sum(fan[i] * fan[i + 1] + fan[i + 1] for i in range(n_layers))
    if total > MAX_WEIGHTS:
        raise MGNNError("%d weights; at most %d" % (total, MAX_WEIGHTS))
    layers = []
    for li in range(n_layers):
        nw = fan[li] * fan[li + 1]
        w = list(struct.unpack("<%df" % nw, take(4 * nw, "layer %d's W"
                                                  % li)))
        b = list(struct.unpack("<%df" % fan[li + 1],
                               take(4 * fan[li + 1], "layer %d's b" % li)))
        if not all(math.isfinite(v) for v in w + b):
            raise MGNNError("layer %d has a non-finite weight" % li)
        layers.append((w, b))
    take(4, "the checksum")
    if pos != len(data):
        raise MGNNError("%d bytes after the checksum" % (len(data) - pos))
    return Network(spec, inputs, n_in, layers)
