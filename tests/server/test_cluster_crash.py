"""mg-server as several processes behind nginx, killed under the players
(make check-cluster; make check-cluster-long for 500 kills).

Three processes on one PostgreSQL database, nginx in front
(tests/server/mgcluster.py).  Players play rated games, each seat through
its own way in (a process's port, nginx pinned to a process, or nginx's
routed port: the two seats of a game on different processes), sending
every command with a cmd_id and sending it again as it was after a
network error, a 502 (nginx: the process died) or a 503 (the database
unreachable).  Meanwhile a random process is SIGKILLed and started again
MG_CLUSTER_KILLS times (default 50), and PostgreSQL itself is stopped
(immediately: a crash) and started again MG_CLUSTER_PG_RESTARTS times
(default 3) mid-game.  Each game's event stream is read through nginx,
opened again with Last-Event-ID whenever it ends.  Then:

- every acknowledged move is in its table's log exactly once, at the
  version it was acknowledged with, and the log holds no other move;
- no stream skipped or repeated an event id;
- every table's state, on every process, is its log replayed;
- every rated game's ratings were applied once (recomputed from the
  stored games, test_server_ratings.RatingsCase.check_rated_games);
- while PostgreSQL is down a change is answered 503, and the same
  request (cmd_id) is answered once it is back.
"""

import os
import random
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
import mgcluster  # noqa: E402
from mgcluster import NETERR, RETRY_STATUS, retry  # noqa: E402
from test_cluster_play import ARGS, skip_reason  # noqa: E402
from test_server_crash import check_table  # noqa: E402
from test_server_ratings import DAB, RatingsCase  # noqa: E402

KILLS = int(os.environ.get("MG_CLUSTER_KILLS", "50"))
PG_RESTARTS = int(os.environ.get("MG_CLUSTER_PG_RESTARTS", "3"))
# processes (2 or 3; 1 plays both seats of a game on the one process:
# the harness and nginx alone, without the processes' coherence)
PROCS = int(os.environ.get("MG_CLUSTER_PROCS", "3"))
VERBOSE = bool(os.environ.get("MG_SERVER_VERBOSE"))


def setUpModule():
    r = skip_reason()
    if r:
        raise unittest.SkipTest(r)


def stored(snap):
    """What a snapshot says of the stored table (not who is present, not
    the clocks' now)."""
    return {k: snap.get(k) for k in ("id", "spec", "version", "status",
                                     "actions", "moves", "result", "rated",
                                     "offers", "rematch")}


class Watcher(threading.Thread):
    """A table's event stream through ep, opened again with Last-Event-ID
    whenever it ends, until it has seen version `until` (set by the
    player when the game is over) or `deadline`: ids, every logged event
    id it got, which must be 1, 2, 3, ... with nothing skipped or
    repeated (failure says otherwise)."""

    def __init__(self, ep, tid):
        threading.Thread.__init__(self, daemon=True)
        self.ep, self.tid = ep, tid
        self.ids = []
        self.until = None
        self.deadline = None
        self.failure = None
        self.reconnects = 0

    def done(self):
        return self.until is not None and self.ids and \
            self.ids[-1] >= self.until

    def run(self):
        last = 0
        while not self.done():
            if self.deadline is not None and time.time() > self.deadline:
                self.failure = ("%s: the stream reached %d, not %r"
                                % (self.tid, last, self.until))
                return
            try:
                s = self.ep.stream(self.tid, last_event_id=last)
            except NETERR:
                time.sleep(0.05)
                continue
            if s.status != 200:
                time.sleep(0.05)
                continue
            self.reconnects += 1
            i = 0
            try:
                while True:
                    with s.cv:
                        while len(s.events) == i and not s.closed and \
                                not self.done() and not (
                                    self.deadline and
                                    time.time() > self.deadline):
                            s.cv.wait(0.2)
                        new = s.events[i:]
                        i = len(s.events)
                        closed = s.closed
                    for e in new:
                        if "id" not in e:
                            continue
                        if e["id"] != last + 1:
                            self.failure = (
                                "%s: after event %d the stream sent %r "
                                "(a gap or a repeat)" % (self.tid, last,
                                                         e["id"]))
                            return
                        last = e["id"]
                        self.ids.append(last)
                    if closed or self.done() or (
                            self.deadline and time.time() > self.deadline):
                        break
            finally:
                s.close()


class Player(threading.Thread):
    """Rated games between two players, seats alternating, each seat
    through its own way in (on different processes), until stop; every
    command with a cmd_id, sent again as it was until it is answered."""

    def __init__(self, cluster, toks, seed, stop):
        threading.Thread.__init__(self, daemon=True)
        self.c, self.toks, self.stop_ev = cluster, toks, stop
        self.rng = random.Random(seed)
        self.games = []     # (tid, acks, final snapshot, watcher)
        self.failure = None
        self.retried = {}   # status or "neterr" -> count

    def cmd_id(self):
        return "%032x" % self.rng.getrandbits(128)

    def send(self, ep, method, path, body, secret=None):
        """body (with its cmd_id) until an answer other than
        RETRY_STATUS."""
        end = time.time() + 90
        self.last_retries = []
        while True:
            try:
                a = ep.request(method, path, body, secret=secret)
                if a.status not in RETRY_STATUS:
                    return a
                key = a.status
            except NETERR:
                key = "neterr"
            self.retried[key] = self.retried.get(key, 0) + 1
            self.last_retries.append(key)
            if time.time() > end:
                raise AssertionError("%s %s: no answer for 90 s" %
                                     (method, path))
            time.sleep(0.03)

    def ways_in(self):
        """Two endpoints on two different processes: directly, pinned
        through nginx, or (seat 0 only) nginx's routed port."""
        c = self.c
        if len(c.procs) == 1:
            i = j = 0
        else:
            i, j = self.rng.sample(range(len(c.procs)), 2)
        kinds = [c.direct, c.pinned]
        ep0 = self.rng.choice(kinds)[i]
        if self.rng.random() < 0.3:
            ep0 = c.front
        return [ep0, self.rng.choice(kinds)[j]]

    def run(self):
        try:
            g = 0
            while not self.stop_ev.is_set():
                toks = self.toks if g % 2 == 0 else self.toks[::-1]
                g += 1
                self.game(toks)
        except BaseException as e:  # reported by the test
            import traceback
            self.failure = "%s\n%s" % (e, traceback.format_exc())

    def game(self, toks):
        eps = self.ways_in()
        cr = self.send(eps[0], "POST", "/api/v1/tables",
                       {"spec": DAB, "rated": True, "cmd_id": self.cmd_id()},
                       secret=toks[0])
        if cr.status != 201:
            raise AssertionError("create through %r: %r" % (eps[0], cr))
        tid = cr.json["id"]
        j = self.send(eps[1], "POST", "/api/v1/tables/%s/join" % tid,
                      {"invite": cr.json["invite"], "cmd_id": self.cmd_id()},
                      secret=toks[1])
        if j.status != 200:
            raise AssertionError("join through %r: %r" % (eps[1], j))
        secrets, seat_ep = [None, None], [None, None]
        secrets[cr.json["seat"]] = cr.json["secret"]
        seat_ep[cr.json["seat"]] = eps[0]
        secrets[j.json["seat"]] = j.json["secret"]
        seat_ep[j.json["seat"]] = eps[1]
        w = Watcher(self.c.front, tid)
        w.start()
        acked, acks = [], []
        version = j.json["snapshot"]["version"]
        while True:
            seat_of_turn = mgclient.Replay(DAB, acked).to_move
            ep = seat_ep[seat_of_turn if seat_of_turn is not None else 0]
            # another process than the last answer's may lag behind it
            # by a notification's latency (not for 5 s)
            end = time.time() + 5
            while True:
                snap = self.send(ep, "GET", "/api/v1/tables/" + tid, None)
                if snap.status != 200:
                    raise AssertionError("snapshot: %r" % (snap,))
                snap = snap.json
                if snap["version"] >= version or time.time() > end:
                    break
                time.sleep(0.05)
            if snap["version"] != version:
                raise AssertionError(
                    "%s through %r: version %d, not the acknowledged %d "
                    "(for 5 s)" % (tid, ep, snap["version"], version))
            if snap["actions"] != acked:
                raise AssertionError(
                    "%s through %r: the table's moves %r are not the "
                    "acknowledged ones %r" % (tid, ep, snap["actions"],
                                              acked))
            if snap["status"] != "playing":
                w.until = snap["version"]
                w.deadline = time.time() + 60
                self.games.append((tid, acks, snap, w))
                return
            rp = mgclient.Replay(DAB, acked)
            seat = rp.to_move
            body = {"expect_version": snap["version"],
                    "cmd_id": self.cmd_id()}
            if self.rng.random() < 0.04:
                body["op"] = "resign"
            else:
                body["op"] = "move"
                body["action"] = rp.random_action(self.rng)
            a = self.send(seat_ep[seat], "POST",
                          "/api/v1/tables/%s/commands" % tid, body,
                          secret=secrets[seat])
            if a.status != 200:
                log = self.send(self.c.front, "GET",
                                "/api/v1/tables/%s/events?after=0&wait=1" % tid,
                                None)
                raise AssertionError("%s through %r: %r: %r (sent again "
                                     "after %r); the log: %s"
                                     % (tid, seat_ep[seat], body, a,
                                        self.last_retries, log.body[-1500:]))
            if a.json["version"] != snap["version"] + 1:
                raise AssertionError("%s: %r at v%d answered %r"
                                     % (tid, body, snap["version"], a.json))
            version = a.json["version"]
            if body["op"] == "move":
                acked.append(body["action"])
                acks.append((a.json["version"], body["action"]))


class TestClusterCrash(RatingsCase):

    def setUp(self):
        self.c = mgcluster.Cluster(PROCS, ARGS)
        self.addCleanup(self.c.cleanup)
        self.c.start()

    def pg_outage(self, rng):
        """PostgreSQL crashes; a change is answered 503 meanwhile; it
        comes back, and the same change (its cmd_id) is then made."""
        c = self.c
        mgcluster.pg_stop()
        try:
            body = {"spec": DAB, "cmd_id": "%032x" % rng.getrandbits(128)}
            a = c.front.request("POST", "/api/v1/tables", body)
            # nginx's own 502 "no live upstreams": the kills just before
            # (one every 0.3 s or so) can leave every process marked
            # failed for its fail_timeout (2 s); a process's answer is
            # what is checked
            end = time.time() + 5
            while a.status == 502 and time.time() < end:
                time.sleep(0.1)
                a = c.front.request("POST", "/api/v1/tables", body)
            self.assertEqual(a.status, 503, "a create while PostgreSQL is "
                             "down: %r" % (a,))
            time.sleep(rng.uniform(0.3, 1.0))
        finally:
            mgcluster.pg_start()
        a = retry(c.front.request, "POST", "/api/v1/tables", body)
        self.assertEqual(a.status, 201, repr(a))
        return a.json["id"]

    def test_kill_processes_and_postgresql_while_playing(self):
        c = self.c
        rng = mgclient.rng()
        names = ["Kai_1", "Lea_2", "Mo_3"]
        toks = {}
        for n in names:
            a = retry(c.front.request, "POST", "/api/v1/players",
                      {"name": n})
            self.assertEqual(a.status, 201, repr(a))
            toks[n] = a.json["token"]
        stop = threading.Event()
        players = [Player(c, [toks[a], toks[b]], rng.randrange(1 << 30),
                          stop)
                   for a, b in (("Kai_1", "Lea_2"), ("Lea_2", "Mo_3"),
                                ("Mo_3", "Kai_1"))]
        pg_at = set(KILLS * (k + 1) // (PG_RESTARTS + 1)
                    for k in range(PG_RESTARTS))
        outage_tables = []
        for p in players:
            p.start()
        t0 = time.time()
        try:
            for k in range(KILLS):
                time.sleep(rng.uniform(0.05, 0.3))
                for p in players:
                    self.assertIsNone(p.failure, p.failure)
                if k in pg_at:
                    outage_tables.append(self.pg_outage(rng))
                i = rng.randrange(len(c.procs))
                c.procs[i].kill()
                time.sleep(rng.uniform(0.0, 0.3))
                c.restart(i)
        finally:
            stop.set()
        for p in players:
            p.join(180)
            if p.is_alive():
                import traceback
                self.fail("a player did not finish: %s" % "".join(
                    traceback.format_stack(
                        sys._current_frames()[p.ident])))
            self.assertIsNone(p.failure, p.failure)
            self.assertTrue(p.games, "no game finished")
        elapsed = time.time() - t0
        # the streams, the logs, every process's view
        for p in players:
            for tid, acks, last, w in p.games:
                w.join(90)
                self.assertIsNone(w.failure, w.failure)
                self.assertEqual(w.ids, list(range(1, last["version"] + 1)),
                                 "%s: the stream's ids" % tid)
                snap, r = check_table(self, c.front, tid, DAB, acks,
                                      poll=True)
                self.assertEqual(snap["status"], "over")
                logged = [a for a in r.history()]
                self.assertEqual(logged, [a for _, a in acks],
                                 "%s: the log's moves are not the "
                                 "acknowledged ones, once each" % tid)
                for ep in c.direct:
                    end = time.time() + 5   # a notification's latency
                    while stored(ep.snapshot(tid)) != stored(snap) and \
                            time.time() < end:
                        time.sleep(0.05)
                    self.assertEqual(stored(ep.snapshot(tid)), stored(snap),
                                     "%s on %r" % (tid, ep))
        for tid in outage_tables:
            for ep in c.direct:
                self.assertEqual(ep.snapshot(tid)["version"], 1)
        seen = set(tid for p in players for tid, _, _, _ in p.games)
        n_rated = self.check_rated_games(c.front, names, seen)
        retried = {}
        for p in players:
            for k, v in p.retried.items():
                retried[k] = retried.get(k, 0) + v
        acked = sum(len(g[1]) for p in players for g in p.games)
        self.assertGreaterEqual(acked, KILLS, "too few moves between kills")
        if VERBOSE:
            sys.stderr.write(
                "\n%d kills, %d PostgreSQL restarts in %.0f s: %d rated "
                "games over, %d acknowledged moves, commands sent again "
                "after %r, %d stream reconnections\n"
                % (KILLS, len(pg_at), elapsed, n_rated, acked, retried,
                   sum(g[3].reconnects for p in players for g in p.games)))


class TestPostgresOutage(unittest.TestCase):
    """One process, PostgreSQL crashing under a move (doc/deploy/
    postgresql.md: "every change is answered 503, nothing applied, and
    the server connects again by itself")."""

    def test_move_refused_while_down_made_once_back(self):
        c = mgcluster.Cluster(1, ARGS, with_nginx=False)
        self.addCleanup(c.cleanup)
        c.start()
        ep = c.direct[0]
        spec = "dots_and_boxes(rows=2,cols=2)"
        t = mgclient.Table(ep, ep.create(spec).json)
        j = ep.join(t.id, t.invite)
        self.assertEqual(j.status, 200, repr(j))
        t.secrets[j.json["seat"]] = j.json["secret"]
        v = ep.snapshot(t.id)["version"]
        body = dict(action=0, expect_version=v,
                    cmd_id="%032x" % random.getrandbits(128))
        s = ep.stream(t.id)  # must not see the moves answered 503
        self.addCleanup(s.close)
        self.assertEqual(s.status, 200, repr(getattr(s, "body", "")))
        s.wait_version(v, 10)
        mgcluster.pg_stop()
        try:
            for _ in range(3):
                a = t.move(0, **body)
                self.assertEqual(a.status, 503, "a move while PostgreSQL "
                                 "is down: %r" % (a,))
                self.assertEqual(ep.snapshot(t.id)["version"], v,
                                 "a move answered 503 was applied")
            # a table this process does not hold (any id: it cannot
            # tell whether there is one) is not "no table"
            g = ep.request("GET", "/api/v1/tables/%s" % ("x" * 16))
            self.assertEqual(g.status, 503, "a table not held while "
                             "PostgreSQL is down: %r" % (g,))
        finally:
            mgcluster.pg_start()
        a = retry(t.move, 0, **body)
        self.assertEqual(a.status, 200, "the move once PostgreSQL is back: "
                         "%r" % (a,))
        self.assertEqual(a.json["version"], v + 1)
        s.wait_version(v + 1, 10)
        time.sleep(0.2)  # an event sent twice would be there by now
        self.assertEqual([(e["id"], e["data"].get("action"))
                          for e in s.logged() if e["id"] > v],
                         [(v + 1, 0)], "the stream's events after the "
                         "outage")
        log = retry(ep.poll, t.id, 0)
        self.assertEqual(log.status, 200, repr(log))
        check_table(self, ep, t.id, spec, [(v + 1, 0)], poll=True)
        g = ep.request("GET", "/api/v1/tables/%s" % ("x" * 16))
        self.assertEqual(g.status, 404, repr(g))


if __name__ == "__main__":
    unittest.main()
