#!/usr/bin/env python3
"""Per-call cost of the Python package's hot calls, in nanoseconds.

    python3 tests/bench_python.py            # the installed package
    PYTHONPATH=python MINDGAMES_LIB=$PWD/build/libmindgames.so.1 \\
        python3 tests/bench_python.py        # the source tree

For State.apply, State.undo, State.legal_actions (list, and into a NumPy
array) and State.is_legal it prints the median over many samples of the
time per call (each sample times a loop of calls and divides), next to
the same library function called through bare ctypes with the same
argtypes (the floor any ctypes binding pays): the difference is what the
package's checks and conversions add.  The game is Dots and Boxes 8x8
(144 lines, so a sample of applies plays most of a game).

Then env-steps/s of 1024 games of Dots and Boxes 5x5 played with random
legal actions and a legal mask per step: a Python loop over 1024 States
(today's way), mindgames.VectorGame (1.5; NumPy) with 1 and 2 threads,
and the same batch calls through bare ctypes (the C rate, the ctypes
call per step aside), in CPU time (process_time), and the VectorGame in
wall time with 1 and 2 threads too (threads=2: two sub-batches of 512).
"""
import argparse
import ctypes
import random
import statistics
import sys
import time

import mindgames as mg

SPEC = "dots_and_boxes(rows=8,cols=8)"


def median_ns(run, samples):
    """run() -> (seconds, calls); the median of seconds/calls, in ns."""
    run()  # warm up
    return statistics.median(1e9 * t / n for t, n in
                             (run() for _ in range(samples)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--calls", type=int, default=1000,
                    help="calls per sample of the non-apply calls")
    ap.add_argument("--window", type=float, default=0.5,
                    help="seconds per window of the env-steps/s rows")
    args = ap.parse_args(argv)

    game = mg.Game(SPEC)
    order = game.new_state()
    order.playout(7)
    actions = order.history()          # a whole game's actions
    n = len(actions)
    state = game.new_state()
    lib = ctypes.CDLL(mg.library_path())
    lib.mg_state_apply.argtypes = [ctypes.c_void_p, ctypes.c_int32]
    lib.mg_state_undo.argtypes = [ctypes.c_void_p]
    lib.mg_state_is_legal.argtypes = [ctypes.c_void_p, ctypes.c_int32]
    lib.mg_state_legal_actions.argtypes = [
        ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t)]
    raw = state._handle()
    clock = time.perf_counter

    def apply_run():
        apply = state.apply
        t = clock()
        for a in actions:
            apply(a)
        t = clock() - t
        for _ in actions:
            state.undo()
        return t, n

    def undo_run():
        for a in actions:
            state.apply(a)
        undo = state.undo
        t = clock()
        for _ in actions:
            undo()
        return clock() - t, n

    def raw_apply_run():
        f = lib.mg_state_apply
        t = clock()
        for a in actions:
            f(raw, a)
        t = clock() - t
        for _ in actions:
            lib.mg_state_undo(raw)
        return t, n

    def raw_undo_run():
        for a in actions:
            lib.mg_state_apply(raw, a)
        f = lib.mg_state_undo
        t = clock()
        for _ in actions:
            f(raw)
        return clock() - t, n

    calls = range(args.calls)

    def legal_run():
        legal = state.legal_actions
        t = clock()
        for _ in calls:
            legal()
        return clock() - t, args.calls

    buf = (ctypes.c_int32 * game.max_legal_actions)()
    cap = game.max_legal_actions
    count = ctypes.c_size_t()

    def raw_legal_run():
        f = lib.mg_state_legal_actions
        t = clock()
        for _ in calls:
            f(raw, buf, cap, ctypes.byref(count))
            buf[:count.value]
        return clock() - t, args.calls

    def is_legal_run():
        f = state.is_legal
        t = clock()
        for _ in calls:
            f(5)
        return clock() - t, args.calls

    def raw_is_legal_run():
        f = lib.mg_state_is_legal
        t = clock()
        for _ in calls:
            f(raw, 5)
        return clock() - t, args.calls

    for a in actions[:n // 2]:         # a mid-game position
        state.apply(a)
    rows = [("State.legal_actions() -> list (%d ids)"
             % len(state.legal_actions()), legal_run, raw_legal_run),
            ("State.is_legal(id)", is_legal_run, raw_is_legal_run)]
    if mg.have_numpy():
        import numpy as np
        out = np.empty(game.max_legal_actions, np.int32)

        def legal_np_run():
            legal = state.legal_actions
            t = clock()
            for _ in calls:
                legal(out)
            return clock() - t, args.calls
        rows.append(("State.legal_actions(out=int32 array)", legal_np_run,
                     raw_legal_run))
    measured = []
    for what, run, floor in rows:
        measured.append((what, median_ns(run, args.samples),
                         median_ns(floor, args.samples)))
    for _ in range(n // 2):
        state.undo()
    measured.insert(0, ("State.apply(id)", median_ns(apply_run, args.samples),
                        median_ns(raw_apply_run, args.samples)))
    measured.insert(1, ("State.undo()", median_ns(undo_run, args.samples),
                        median_ns(raw_undo_run, args.samples)))

    print("mindgames %s, libmindgames %s (%s), Python %s, %s"
          % (mg.__version__, mg.version(), mg.library_path(),
             sys.version.split()[0], SPEC))
    print("median ns per call over %d samples (bare ctypes: the same "
          "function through ctypes.CDLL alone)" % args.samples)
    print("%-44s %10s %12s %10s" % ("call", "package", "bare ctypes",
                                   "added"))
    for what, ns, floor in measured:
        print("%-44s %10.0f %12.0f %10.0f" % (what, ns, floor, ns - floor))
    vector_rates(args.window)
    return 0


VSPEC, VN = "dots_and_boxes(rows=5,cols=5)", 1024


def rate(step, seconds, clock):
    """env-steps/s of step() (VN env-steps a call): median of 5 windows."""
    out = []
    step()
    for _ in range(5):
        t, k = clock(), 0
        while True:
            step()
            k += 1
            e = clock() - t
            if e >= seconds:
                break
        out.append(k * VN / e)
    return statistics.median(out)


def vector_rates(seconds):
    """The batch against a Python loop over single states."""
    cpu, wall = time.process_time, time.perf_counter
    game = mg.Game(VSPEC)
    states = [game.new_state() for _ in range(VN)]
    pick = random.Random(1).choice

    def loop_step():
        for i, s in enumerate(states):
            s.legal_mask()
            s.apply(pick(s.legal_actions()))
            if s.is_terminal:
                s.close()
                states[i] = game.new_state()
    rows = [("Python loop over %d States" % VN,
             rate(loop_step, seconds, cpu))]
    if mg.have_numpy():
        for threads, clock in ((1, cpu), (1, wall), (2, wall)):
            v = mg.VectorGame(VSPEC, VN, seed=1, threads=threads,
                              autoreset="same_step")

            def vec_step():
                v.step(v.random_actions())
                v.legal_mask
            rows.append(("VectorGame(%d), %d thread%s, %s time" % (
                VN, threads, "" if threads == 1 else "s",
                "CPU" if clock is cpu else "wall"),
                rate(vec_step, seconds, clock)))
            v.close()
        lib = ctypes.CDLL(mg.library_path())
        P = ctypes.POINTER
        lib.mg_batch_new.argtypes = [P(ctypes.c_void_p), ctypes.c_void_p,
                                     ctypes.c_int32, ctypes.c_int]
        lib.mg_batch_random_actions.argtypes = [
            ctypes.c_void_p, ctypes.c_uint64, P(ctypes.c_int32)]
        lib.mg_batch_step.argtypes = [ctypes.c_void_p, P(ctypes.c_int32),
                                      P(ctypes.c_int8)]
        lib.mg_batch_legal_masks.argtypes = [ctypes.c_void_p,
                                             P(ctypes.c_uint8),
                                             ctypes.c_size_t]
        lib.mg_batch_free.argtypes = [ctypes.c_void_p]
        b = ctypes.c_void_p()
        lib.mg_batch_new(ctypes.byref(b), game._handle(), VN, 2)
        acts = (ctypes.c_int32 * VN)()
        masks = (ctypes.c_uint8 * (VN * game.num_actions))()
        seed = [0]

        def c_step():
            seed[0] += 1
            lib.mg_batch_random_actions(b, seed[0], acts)
            lib.mg_batch_step(b, acts, None)
            lib.mg_batch_legal_masks(b, masks, len(masks))
        rows.append(("the batch through bare ctypes (C)",
                     rate(c_step, seconds, cpu)))
        lib.mg_batch_free(b)
    print()
    print("env-steps/s, %s, random actions and a legal mask per step"
          % VSPEC)
    for what, r in rows:
        print("%-44s %14.0f  (%5.1f%% of C)" % (
            what, r, 100.0 * r / rows[-1][1] if mg.have_numpy() else 0))
    for s in states:
        s.close()
    game.close()


if __name__ == "__main__":
    sys.exit(main())
