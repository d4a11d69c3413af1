#!/usr/bin/env python3
"""tests/server/bench-lobby.py - the lobby under load (make bench-server,
or alone): a measured report, not a test (nothing is asserted).

Starts mg-server (MG_SERVER) on a free loopback port with a fresh
database, opens LOBBY_WATCHERS lobby streams (GET /api/v1/lobby/events,
1,000 by default), posts LOBBY_SEEKS open seeks (1,000) from LOBBY_OWNERS
players (100) and reports:

  1. seeks posted per second (8 clients at once; each a commit), and the
     server's CPU time (utime + stime) for them
  2. a seek's fan-out: from its POST's answer to the last watcher having
     its "seek" event, p50/p99
  3. GET /api/v1/seeks with every seek open: its size and time, p50/p99
  4. seek-to-game: LOBBY_ACCEPTS (200) accepts one after the other, from
     the accept's request to (a) its answer (the table made and stored)
     and (b) the owner's own stream having "accepted", p50/p99
  5. the server's VmRSS before the watchers, with them, and with the
     seeks open
  6. a new seek into the full lobby, posted one at a time (LOBBY_NEW,
     50): from its POST's answer to the last watcher having it, p50/p99
  7. rated game ends per second: RATED_PAIRS (100) pairs of players,
     each at a rated Dots and Boxes 2x2 table played to its last move;
     then the last moves, 8 clients at once (each the end event and both
     players' ratings in one commit), beside the moves before them at
     the same concurrency

The watchers' client reads every stream in one thread, so the fan-out
figures include its own reading (a low bound on the server's speed on
a loaded machine).  RLIMIT_NOFILE is raised to its hard limit when the
watchers need it (the server inherits it).

Environment: MG_SERVER (build/programs/mg-server), LOBBY_WATCHERS,
LOBBY_SEEKS, LOBBY_OWNERS, LOBBY_ACCEPTS, LOBBY_NEW, RATED_PAIRS.
"""

import http.client
import json
import os
import re
import resource
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
SERVER = os.environ.get("MG_SERVER",
                        os.path.join(ROOT, "build/programs/mg-server"))
WATCHERS = int(os.environ.get("LOBBY_WATCHERS", "1000"))
SEEKS = int(os.environ.get("LOBBY_SEEKS", "1000"))
OWNERS = int(os.environ.get("LOBBY_OWNERS", "100"))
ACCEPTS = int(os.environ.get("LOBBY_ACCEPTS", "200"))
NEW = int(os.environ.get("LOBBY_NEW", "50"))
PAIRS = int(os.environ.get("RATED_PAIRS", "100"))
RATED_SPEC = "dots_and_boxes(rows=2,cols=2)"
SEEK_RE = re.compile(rb'event: seek\ndata: [^\n]*?"id":"([^"]+)"')
ACC_RE = re.compile(rb'event: accepted\ndata: [^\n]*?"seek":"([^"]+)"')
SPEC = "dots_and_boxes(rows=5,cols=5)"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def pct(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))]


def cpu_s(pid):
    with open("/proc/%d/stat" % pid) as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Client(object):
    def __init__(self, port):
        self.port = port
        self.local = threading.local()

    def req(self, method, path, body=None, token=None):
        c = getattr(self.local, "c", None)
        if c is None:
            c = self.local.c = http.client.HTTPConnection("127.0.0.1",
                                                          self.port,
                                                          timeout=60)
        h = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        if token:
            h["Authorization"] = "Bearer " + token
        try:
            c.request(method, path, body=data, headers=h)
            r = c.getresponse()
            raw = r.read()
        except (OSError, http.client.HTTPException):
            self.local.c = None
            c.close()
            return self.req(method, path, body, token)
        return r.status, raw


class Watchers(object):
    """n lobby streams read by one thread (selectors): for each seek id,
    how many streams saw its "seek" event and when the last one did; for
    each stream with a token, its "accepted" events' arrival times."""

    def __init__(self, port, n, tokens=()):
        self.sel = selectors.DefaultSelector()
        self.seen = {}        # seek id -> count
        self.done_at = {}     # seek id -> time the n-th stream had it
        self.accepted = {}    # seek id -> time the owner's stream had it
        self.n = n
        self.lock = threading.Lock()
        self.stop = False
        self.socks = []
        tokens = list(tokens)
        for i in range(n + len(tokens)):
            s = socket.create_connection(("127.0.0.1", port))
            tok = tokens[i - n] if i >= n else None
            auth = "Authorization: Bearer %s\r\n" % tok if tok else ""
            s.sendall(("GET /api/v1/lobby/events HTTP/1.1\r\nHost: x\r\n"
                       "Accept: text/event-stream\r\n%s\r\n" % auth)
                      .encode())
            s.setblocking(False)
            self.sel.register(s, selectors.EVENT_READ,
                              {"buf": b"", "owner": tok is not None})
            self.socks.append(s)
        self.t = threading.Thread(target=self.run, daemon=True)
        self.t.start()

    def run(self):
        while not self.stop:
            for key, _ in self.sel.select(0.2):
                try:
                    d = key.fileobj.recv(65536)
                except BlockingIOError:
                    continue
                if not d:
                    self.sel.unregister(key.fileobj)
                    continue
                st = key.data
                buf = st["buf"] + d
                cut = buf.rfind(b"\n\n")
                if cut < 0:
                    st["buf"] = buf
                    continue
                st["buf"] = buf[cut + 2:]
                buf = buf[:cut + 2]
                now = time.time()
                if st["owner"]:
                    ids = ACC_RE.findall(buf)
                    if ids:
                        with self.lock:
                            for sid in ids:
                                self.accepted[sid.decode()] = now
                    continue
                ids = SEEK_RE.findall(buf)
                if ids:
                    with self.lock:
                        for sid in ids:
                            c = self.seen.get(sid, 0) + 1
                            self.seen[sid] = c
                            if c == self.n:
                                self.done_at[sid.decode()] = now

    def close(self):
        self.stop = True
        self.t.join()
        for s in self.socks:
            s.close()


def concurrent(jobs, fn, nthreads=8):
    """fn(job) for every job, nthreads at once: (latencies ms, seconds)."""
    lat, lock = [], threading.Lock()
    todo = list(jobs)

    def worker():
        while True:
            with lock:
                if not todo:
                    return
                job = todo.pop()
            a = time.time()
            ok = fn(job)
            b = time.time()
            if ok:
                with lock:
                    lat.append((b - a) * 1000)
    t0 = time.time()
    th = [threading.Thread(target=worker) for _ in range(nthreads)]
    for t in th:
        t.start()
    for t in th:
        t.join()
    return lat, time.time() - t0


def rated_ends(cl):
    """PAIRS rated tables played to their last move, then the moves
    before the last ones and the last ones, each round 8 at once."""
    tables = []
    for i in range(PAIRS):
        toks = []
        for k in (0, 1):
            st, raw = cl.req("POST", "/api/v1/players",
                             {"name": "r%d_%d" % (i, k)})
            toks.append(json.loads(raw)["token"])
        st, raw = cl.req("POST", "/api/v1/tables",
                         {"spec": RATED_SPEC, "rated": True}, toks[0])
        c = json.loads(raw)
        st, raw = cl.req("POST", "/api/v1/tables/%s/join" % c["id"],
                         {"invite": c["invite"]}, toks[1])
        j = json.loads(raw)
        secrets = [None, None]
        secrets[c["seat"]] = c["secret"]
        secrets[j["seat"]] = j["secret"]
        tables.append({"id": c["id"], "secrets": secrets, "to_move": 0,
                       "next": 0})
    nlines = 12
    refused = []

    def move(t):
        st, raw = cl.req("POST", "/api/v1/tables/%s/commands" % t["id"],
                         {"op": "move", "action": t["next"]},
                         t["secrets"][t["to_move"]])
        if st != 200:
            refused.append(st)
            return False
        ev = json.loads(raw)["event"]
        t["next"] += 1
        t["to_move"] = ev["to_move"]
        return True
    mids, mids_s = [], 0.0
    for _ in range(nlines - 1):
        lat, sec = concurrent(tables, move)
        mids += lat
        mids_s += sec
    del refused[:]
    ends, ends_s = concurrent(tables, move)
    return ends, mids, ends_s, mids_s, len(refused)


def main():
    if not os.path.exists(SERVER):
        print("bench-lobby: no %s (make server)" % SERVER)
        return 0
    need = WATCHERS + OWNERS + 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE,
                           (hard if hard == resource.RLIM_INFINITY
                            else min(hard, max(need, soft)), hard))
    nofile = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    tmp = tempfile.mkdtemp(prefix="mg-bench-lobby-")
    port = free_port()
    args = [SERVER, "--listen", "127.0.0.1:%d" % port, "--db",
            os.path.join(tmp, "db"), "--quiet", "--rate", "0",
            "--players-per-hour", "0", "--creations-per-hour", "0",
            "--max-tables-per-addr", "0", "--max-seeks", "0",
            "--seeks-per-player", "0", "--seeks-per-client", "0",
            "--max-conns", str(WATCHERS + 200),
            "--lobby-watchers", str(WATCHERS + 100), "--seek-away", "3600"]
    log = open(os.path.join(tmp, "log"), "w")
    proc = subprocess.Popen(args, stdout=log, stderr=log)
    try:
        cl = Client(port)
        for _ in range(100):
            try:
                if cl.req("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        rss0 = rss_kb(proc.pid)
        owners = []
        for i in range(OWNERS):
            st, raw = cl.req("POST", "/api/v1/players",
                             {"name": "owner%d" % i})
            owners.append(json.loads(raw)["token"])
        accepter = json.loads(cl.req("POST", "/api/v1/players",
                                     {"name": "accepter"})[1])["token"]
        w = Watchers(port, WATCHERS, owners[:ACCEPTS] if ACCEPTS <= OWNERS
                     else owners)
        time.sleep(1.0)
        rss1 = rss_kb(proc.pid)
        # 1, 2: posts, 8 at once
        posted = {}
        plock = threading.Lock()

        def poster(k):
            for j in range(k, SEEKS, 8):
                st, raw = cl.req("POST", "/api/v1/seeks",
                                 {"spec": SPEC, "clock": {"base_ms": 180000,
                                                          "increment_ms":
                                                          2000}},
                                 owners[j % OWNERS])
                t = time.time()
                if st == 201:
                    with plock:
                        posted[json.loads(raw)["id"]] = (t, j % OWNERS)
        t0 = time.time()
        c0 = cpu_s(proc.pid)
        th = [threading.Thread(target=poster, args=(k,)) for k in range(8)]
        for t in th:
            t.start()
        for t in th:
            t.join()
        post_s = time.time() - t0
        deadline = time.time() + 30
        while time.time() < deadline:
            with w.lock:
                if len(w.done_at) >= len(posted):
                    break
            time.sleep(0.1)
        c1 = cpu_s(proc.pid)
        with w.lock:
            fan = [(w.done_at[s] - posted[s][0]) * 1000 for s in posted
                   if s in w.done_at]
        rss2 = rss_kb(proc.pid)
        # 3: the list
        lt, size = [], 0
        for _ in range(50):
            a = time.time()
            st, raw = cl.req("GET", "/api/v1/seeks")
            lt.append((time.time() - a) * 1000)
            size = len(raw)
        nlisted = len(json.loads(raw)["seeks"])
        # 4: seek to game
        by_owner = {}
        for sid, (t, o) in posted.items():
            by_owner.setdefault(o, sid)
        ans, own = [], []
        streams_owners = min(ACCEPTS, OWNERS)
        for o in range(streams_owners):
            sid = by_owner.get(o)
            if not sid:
                continue
            a = time.time()
            st, raw = cl.req("POST", "/api/v1/seeks/%s/accept" % sid, {},
                             accepter)
            b = time.time()
            if st != 200:
                continue
            ans.append((b - a) * 1000)
            end = time.time() + 5
            while time.time() < end:
                with w.lock:
                    if sid in w.accepted:
                        own.append((w.accepted[sid] - a) * 1000)
                        break
                time.sleep(0.0005)
        # 6: a new seek into the full lobby, one at a time
        new = []
        for k in range(NEW):
            st, raw = cl.req("POST", "/api/v1/seeks", {"spec": SPEC},
                             owners[k % OWNERS])
            t = time.time()
            if st != 201:
                continue
            sid = json.loads(raw)["id"]
            end = time.time() + 10
            while time.time() < end:
                with w.lock:
                    if sid in w.done_at:
                        new.append((w.done_at[sid] - t) * 1000)
                        break
                time.sleep(0.0005)
        w.close()
        rss3 = rss_kb(proc.pid)
        # 7: rated game ends
        ends, mids, ends_s, mids_s, nref = rated_ends(cl)
        print("lobby bench: %d watchers, %d seeks by %d players (%s, 3+2)"
              % (WATCHERS, len(posted), OWNERS, SPEC))
        print("  1. seeks posted: %d in %.2f s = %.0f/s (8 clients)"
              % (len(posted), post_s, len(posted) / post_s))
        print("     the server's CPU: %.2f s for them, %.0f us a seek "
              "(its commit and its event to every watcher)"
              % (c1 - c0, (c1 - c0) / max(1, len(posted)) * 1e6))
        print("  2. fan-out, POST answered -> all %d watchers have the "
              "event: p50 %.1f ms, p99 %.1f ms (%d of %d seeks seen by "
              "all)" % (WATCHERS, pct(fan, 50), pct(fan, 99), len(fan),
                        len(posted)))
        print("  3. GET /api/v1/seeks, %d open: %d bytes, p50 %.1f ms, "
              "p99 %.1f ms" % (nlisted, size, pct(lt, 50), pct(lt, 99)))
        print("  4. seek-to-game (%d accepts): the accept answered (table "
              "stored) p50 %.1f ms, p99 %.1f ms; the owner's stream has "
              "\"accepted\" p50 %.1f ms, p99 %.1f ms"
              % (len(ans), pct(ans, 50), pct(ans, 99), pct(own, 50),
                 pct(own, 99)))
        print("  5. VmRSS: %d kB at start, %d kB with the watchers "
              "(%.1f kB each), %d kB with the seeks open" %
              (rss0, rss1, (rss1 - rss0) / max(1, WATCHERS), rss2))
        print("  6. a new seek into the full lobby (%d open, %d watchers), "
              "one at a time: POST answered -> all watchers have it p50 "
              "%.1f ms, p99 %.1f ms (%d of %d)"
              % (len(posted), WATCHERS, pct(new, 50), pct(new, 99),
                 len(new), NEW))
        print("  7. rated game ends (%d of %d pairs, %s, 8 clients): %.0f ends/s "
              "(the end and both ratings in one commit; answered p50 %.1f "
              "ms, p99 %.1f ms; %d refused, not retried); the moves before "
              "them %.0f/s (p50 %.1f ms, p99 %.1f ms)"
              % (len(ends), PAIRS, RATED_SPEC,
                 len(ends) / max(ends_s, 1e-9),
                 pct(ends, 50), pct(ends, 99), nref,
                 len(mids) / max(mids_s, 1e-9), pct(mids, 50),
                 pct(mids, 99)))
        print("     VmRSS after the watchers closed: %d kB; open-files "
              "limit %d; load average at the end: %s"
              % (rss3, nofile, open("/proc/loadavg").read().strip()))
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        subprocess.call(["rm", "-rf", tmp])
    return 0


if __name__ == "__main__":
    sys.exit(main())
