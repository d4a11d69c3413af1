"""bench-cluster: mg-server as several processes on PostgreSQL, and
SQLite in one process beside it (make bench-cluster; run by
tests/server/cluster.sh --bench inside tests/server/pg-cluster.sh, whose
PostgreSQL keeps fsync and synchronous_commit on).  Prints a table of
medians with the command of each; asserts nothing.

1. acknowledged moves/s flat out with 1, 2 and 3 processes (mg-load
   --ports: game k's commands to process k mod n)
2. event latency p50/p99 at RATE moves/s (1,000) across processes (the
   seats' streams on the next process after the commands')
3. event streams held across 3 processes (BENCH_STREAMS, 10,000): the
   processes' VmRSS before and after
4. failover through nginx: a spectator's stream through nginx, moves made
   on another process every 20 ms; the stream's process is SIGKILLed;
   the time until the stream, connected again through nginx (after the
   server's retry: when it sends one), delivers the next event
5. the same for SQLite in one process (failover: the process started
   again at once, as systemd's Restart= would)

Environment (defaults): MG_LOAD, BENCH_SECONDS (5), BENCH_RUNS (3: the
medians of), FLAT_GAMES (64), RATE (1000), RATE_GAMES (200),
BENCH_STREAMS (10000), BENCH_TABLES (1000), FAILOVERS (10), SPEC
(dots_and_boxes(rows=5,cols=5)).
"""

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
import mgcluster  # noqa: E402

MG_LOAD = os.environ.get("MG_LOAD", os.path.join(mgclient.ROOT, "build",
                                                 "programs", "mg-load"))
MG_LOAD = os.path.join(mgclient.ROOT, MG_LOAD)  # relative: to the root
SECS = float(os.environ.get("BENCH_SECONDS", "5"))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))
FLAT_GAMES = int(os.environ.get("FLAT_GAMES", "64"))
RATE = float(os.environ.get("RATE", "1000"))
RATE_GAMES = int(os.environ.get("RATE_GAMES", "200"))
STREAMS = int(os.environ.get("BENCH_STREAMS", "10000"))
TABLES = int(os.environ.get("BENCH_TABLES", "1000"))
FAILOVERS = int(os.environ.get("FAILOVERS", "10"))
SPEC = os.environ.get("SPEC", "dots_and_boxes(rows=5,cols=5)")
FAIL_SPEC = "dots_and_boxes(rows=8,cols=8)"
ARGS = ["--rate", "0", "--seat-rate", "0", "--max-tables-per-addr", "0",
        "--creations-per-hour", "0", "--max-tables", "0",
        "--max-conns", str(STREAMS + 4096), "--trusted-proxy", "127.0.0.1"]


def note(msg):
    sys.stderr.write("bench-cluster: %s\n" % msg)
    sys.stderr.flush()


def raise_nofile():
    need = STREAMS * 2 + 8192
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < need:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (need, max(hard, need)))
        except (ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def mgload(ports, args):
    """mg-load on the ports: its RESULT lines as a dict."""
    cmd = [MG_LOAD, "--host", "127.0.0.1",
           "--ports", ",".join(str(p) for p in ports), "--spec", SPEC] + \
        [str(a) for a in args]
    note(" ".join(cmd))
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    res = {}
    for line in out.stdout.decode().splitlines():
        f = line.split()
        if len(f) == 3 and f[0] == "RESULT":
            try:
                res[f[1]] = float(f[2])
            except ValueError:
                res[f[1]] = f[2]
    if out.returncode != 0:
        note("mg-load failed (%d): %s" % (out.returncode,
                                          out.stderr.decode()[-500:]))
    return res


def median(runs, key):
    vals = [r[key] for r in runs if isinstance(r.get(key), float)]
    return statistics.median(vals) if vals else float("nan")


class Single(object):
    """SQLite in one process, shaped as a Cluster (procs, direct)."""

    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="mgbench-")
        srv = mgclient.Server(args=ARGS, db_dir=os.path.join(self.tmp, "db"))
        self.procs = [srv]
        self.direct = [mgcluster.Endpoint(srv.port, "sqlite")]
        self.front = None

    def start(self):
        self.procs[0].start()

    def restart(self, i):
        return self.procs[i].start()

    def cleanup(self):
        self.procs[0].cleanup()
        import shutil
        shutil.rmtree(self.tmp, ignore_errors=True)


def throughput(c, label, rows):
    ports = [p.port for p in c.procs]
    flat = [mgload(ports, ["--games", FLAT_GAMES, "--rate", 0,
                           "--seconds", SECS]) for _ in range(RUNS)]
    rate = [mgload(ports, ["--games", RATE_GAMES, "--rate", RATE,
                           "--seconds", SECS]) for _ in range(RUNS)]
    rows.append((
        "%s: acknowledged moves/s flat out" % label,
        "%.0f (runs %s; errors %s)" % (
            median(flat, "moves_per_s"),
            ", ".join("%.0f" % r.get("moves_per_s", 0) for r in flat),
            "/".join("%d" % r.get("errors", 0) for r in flat)),
        "mg-load --ports P.. --games %d --rate 0 --seconds %g"
        % (FLAT_GAMES, SECS)))
    if median(rate, "ev_samples") > 0:
        lat = "%.1f / %.1f ms" % (median(rate, "ev_p50_ms"),
                                  median(rate, "ev_p99_ms"))
    else:
        lat = "no event reached the other process's streams"
    rows.append((
        "%s: event latency at %g moves/s, p50 / p99%s"
        % (label, RATE, " (across processes)" if len(ports) > 1 else ""),
        "%s (achieved %.0f moves/s, %d samples of %d moves)" % (
            lat, median(rate, "moves_per_s"), median(rate, "ev_samples"),
            median(rate, "moves")),
        "mg-load --ports P.. --games %d --rate %g --seconds %g"
        % (RATE_GAMES, RATE, SECS)))


def streams_held(c, label, rows):
    ports = [p.port for p in c.procs]
    before = sum(rss_kb(p.proc.pid) for p in c.procs)
    r = mgload(ports, ["--games", 0, "--tables", TABLES, "--streams", STREAMS,
                       "--seconds", 3])
    after = sum(rss_kb(p.proc.pid) for p in c.procs)
    rows.append((
        "%s: event streams held" % label,
        "%d open, %d failed; VmRSS of the processes %d -> %d kB"
        % (r.get("streams_open", 0), r.get("streams_failed", 0), before,
           after),
        "mg-load --ports P.. --games 0 --tables %d --streams %d --seconds 3"
        % (TABLES, STREAMS)))


def failover_once(c, front, rng):
    """Seconds from SIGKILL of the process a spectator's stream is on to
    the stream's next event (through front), or None."""
    t = c.direct[0].table(FAIL_SPEC)
    s = front.stream(t.id)
    if s.status != 200:
        return None
    up = s.header("X-MG-Upstream")
    victim = 0
    for i, p in enumerate(c.procs):
        if up and up.split(",")[-1].strip() == "127.0.0.1:%d" % p.port:
            victim = i
    mover_ep = c.direct[(victim + 1) % len(c.procs)]
    stop = threading.Event()

    def mover():
        rp = mgclient.Replay(FAIL_SPEC)
        v = t.snapshot()["version"]
        while not stop.is_set() and not rp.over:
            act = rp.random_action(rng)
            try:
                a = mover_ep.command(t.id, t.secrets[rp.to_move], "move",
                                     action=act, expect_version=v)
            except mgcluster.NETERR:
                time.sleep(0.02)
                continue
            if a.status == 200:
                rp.apply(act)
                v += 1
            time.sleep(0.02)
    th = threading.Thread(target=mover, daemon=True)
    th.start()
    try:
        s.wait_version(2, 10)   # created, joined: moves follow
        time.sleep(0.3)
        t0 = time.time()
        c.procs[victim].kill()
        if len(c.procs) == 1:
            c.restart(victim)
        s.wait_closed(10)
        last = s.logged()[-1]["id"]
        retry_ms = int(s.retry) if s.retry and str(s.retry).isdigit() else 0
        s.close()
        time.sleep(retry_ms / 1000.0)
        while True:
            try:
                s = front.stream(t.id, last_event_id=last)
                if s.status == 200:
                    break
            except mgcluster.NETERR:
                pass
            if time.time() - t0 > 30:
                return None
            time.sleep(0.05)
        try:
            s.wait_for(lambda e: e.get("id", 0) > last, 30)
            return time.time() - t0
        finally:
            s.close()
    finally:
        stop.set()
        th.join(5)
        if not c.procs[victim].alive():
            c.restart(victim)


def failover(c, front, label, rows):
    rng = mgclient.rng()
    times = []
    for _ in range(FAILOVERS):
        try:
            f = failover_once(c, front, rng)
        except AssertionError as e:
            note("failover: %s" % e)
            f = None
        if f is not None:
            times.append(f)
        time.sleep(3.1)     # nginx's fail_timeout: every process back
    times.sort()
    rows.append((
        "%s: failover, kill to the stream's next event" % label,
        ("p50 %.2f s, max %.2f s (%d of %d)" % (
            statistics.median(times), times[-1], len(times), FAILOVERS))
        if times else "none delivered (of %d)" % FAILOVERS,
        "SIGKILL the stream's process, reconnect with Last-Event-ID "
        "(after the server's retry:, if it sends one)"))


def main():
    nofile = raise_nofile()
    note("RLIMIT_NOFILE %d" % nofile)
    rows = []
    for n in (1, 2, 3):
        c = mgcluster.Cluster(n, ARGS, with_nginx=False)
        try:
            c.start()
            throughput(c, "PostgreSQL, %d process%s" % (n, "es"[:2 * (n > 1)]),
                       rows)
        finally:
            c.cleanup()
    c = mgcluster.Cluster(3, ARGS)
    try:
        c.start()
        streams_held(c, "PostgreSQL, 3 processes", rows)
        failover(c, c.front, "PostgreSQL, 3 processes behind nginx", rows)
    finally:
        c.cleanup()
    s = Single()
    try:
        s.start()
        throughput(s, "SQLite, 1 process", rows)
        streams_held(s, "SQLite, 1 process", rows)
        failover(s, s.direct[0], "SQLite, 1 process restarted at once",
                 rows)
    finally:
        s.cleanup()
    print("\nmg-server cluster benchmark (%d cores, %s, spec %s, medians "
          "of %d runs of %g s; PostgreSQL fsync=on synchronous_commit=on)"
          % (os.cpu_count(), time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()),
             SPEC, RUNS, SECS))
    print("| measure | figure | command |\n|---|---|---|")
    for r in rows:
        print("| %s | %s | %s |" % r)


if __name__ == "__main__":
    main()
