"""mg-server: crash safety.

Client threads play games while the server is killed (SIGKILL) at random
moments and restarted on the same database (MG_SERVER_KILLS times, default
20): every acknowledged move is in the table exactly once, no
unacknowledged move is half-applied (the snapshot is the replay of the
event log), and the games go on to their end.  Also SIGTERM mid-game and a
read-only database.
"""

import http.client
import os
import random
import stat
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
from mgclient import Replay  # noqa: E402

KILLS = int(os.environ.get("MG_SERVER_KILLS", "20"))
SPECS = ["dots_and_boxes(rows=3,cols=3)", "fangqi(width=4,height=4)",
         "chains_of_thought"]
NETERR = (OSError, http.client.HTTPException)


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)
    if mgclient.mg is None:
        raise unittest.SkipTest("mindgames does not load: "
                                + mgclient.MG_IMPORT_ERROR)


def polled_log(srv, tid, version):
    """The logged events 1..version, read by long polls (which close at
    once, unlike streams)."""
    out = []
    while len(out) < version:
        a = srv.poll(tid, len(out))
        if a.status != 200:
            raise AssertionError("long poll after %d: %r" % (len(out), a))
        for d in a.json["events"]:
            out.append({"id": d["version"], "event": d["type"], "data": d})
    return out[:version]


def event_log(srv, tid, version, timeout=10):
    """The logged events 1..version, read from the stream with
    Last-Event-ID 0."""
    s = srv.stream(tid, last_event_id=0)
    try:
        if s.status != 200:
            raise AssertionError("GET events: %d %r" % (s.status, s.body))
        s.wait_version(version, timeout)
        return [e for e in s.logged() if e["id"] <= version]
    finally:
        s.close()


def replay_log(spec, events):
    """The history the events make: moves applied, takebacks undone."""
    r = Replay(spec)
    for e in events:
        d = e["data"]
        if e["event"] == "move":
            r.apply(d["action"])
        elif e["event"] == "takeback":
            for _ in range(d["undone"]):
                r.state.undo()
    return r


def check_table(tc, srv, tid, spec, acks=(), poll=False):
    """The snapshot is the replay of the event log; every acknowledged
    (version, action) is the move event of that version."""
    snap = srv.snapshot(tid)
    events = (polled_log if poll else event_log)(srv, tid, snap["version"])
    tc.assertEqual([e["id"] for e in events],
                   list(range(1, snap["version"] + 1)), "event ids of " + tid)
    r = replay_log(spec, events)
    tc.assertEqual(snap["actions"], r.history(),
                   "%s: the snapshot is not its event log replayed" % tid)
    by_version = {e["id"]: e for e in events}
    for v, action in acks:
        e = by_version.get(v)
        tc.assertIsNotNone(e, "acknowledged version %d is gone" % v)
        tc.assertEqual((e["event"], e["data"].get("action")),
                       ("move", action),
                       "acknowledged move %d at version %d" % (action, v))
    return snap, r


class Player(threading.Thread):
    """Plays games (both seats) through a server that may go down at any
    moment; records every move it got a 200 for."""

    def __init__(self, srv, spec, seed, stop):
        threading.Thread.__init__(self, daemon=True)
        self.srv, self.spec, self.stop_ev = srv, spec, stop
        self.rng = random.Random(seed)
        self.games = []     # (table id, acks, final snapshot)
        self.current = None  # (table id, acks) of the game being played
        self.failure = None
        self.commands = 0
        self.n = 0

    def retry(self, fn, *a, **kw):
        end = time.time() + 60
        while True:
            try:
                return fn(*a, **kw)
            except NETERR:
                if time.time() > end:
                    raise
                time.sleep(0.02)

    def new_table(self):
        while True:
            a = self.retry(self.srv.create, self.spec)
            if a.status == 201:
                break
            if a.status not in (429, 503):
                raise AssertionError("create: %r" % (a,))
            time.sleep(0.05)
        t = mgclient.Table(self.srv, a.json)
        j = self.retry(self.srv.join, t.id, t.invite)
        if j.status != 200:
            # the join may have been committed before a crash: its answer
            # is lost, so the table cannot be played; start another
            return None
        t.secrets[1] = j.json["secret"]
        return t

    def run(self):
        try:
            while not self.stop_ev.is_set():
                t = self.new_table()
                if t is not None:
                    self.play(t)
        except BaseException as e:  # reported by the test
            import traceback
            self.failure = "%s: %s\n%s" % (self.spec, e,
                                           traceback.format_exc())

    def play(self, t):
        acked = []          # actions acknowledged, in order
        acks = []           # (version, action)
        version = None
        inflight = None
        self.current = (t.id, acks)
        while True:
            snap = self.retry(self.srv.request, "GET",
                              "/api/v1/tables/%s" % t.id)
            if snap.status != 200:
                raise AssertionError("snapshot: %r" % (snap,))
            snap = snap.json
            acts = snap["actions"]
            if acts[:len(acked)] != acked:
                raise AssertionError(
                    "%s: acknowledged moves %r are not the start of the "
                    "table's %r" % (t.id, acked, acts))
            extra = acts[len(acked):]
            if extra and extra != [inflight]:
                raise AssertionError(
                    "%s: moves %r appeared that nobody was acknowledged "
                    "or sent (in flight: %r)" % (t.id, extra, inflight))
            if version is not None and snap["version"] < version:
                raise AssertionError("%s: version went back from %d to %d"
                                     % (t.id, version, snap["version"]))
            acked = list(acts)
            version = snap["version"]
            inflight = None
            if snap["status"] != "playing":
                self.games.append((t.id, acks, snap))
                return
            r = Replay(self.spec, acked)
            seat = r.to_move
            action = r.random_action(self.rng)
            self.n += 1
            try:
                a = self.srv.command(t.id, t.secrets[seat], "move",
                                     action=action, expect_version=version,
                                     cmd_id="c%d" % self.n)
            except NETERR:
                inflight = action
                continue
            self.commands += 1
            if a.status == 200:
                if a.json["version"] != version + 1:
                    raise AssertionError("%s: move at v%d answered v%r"
                                         % (t.id, version, a.json))
                acked.append(action)
                acks.append((version + 1, action))
                version += 1
            elif a.status == 503:
                continue    # nothing applied: try again
            else:
                raise AssertionError("%s: move %d at v%d: %r"
                                     % (t.id, action, version, a))


class TestCrash(unittest.TestCase):

    def setUp(self):
        self.srv = mgclient.Server(args=["--rate", "5000", "--burst", "10000",
                                         "--seat-rate", "0",
                                         "--max-tables-per-addr", "0",
                                         "--creations-per-hour", "0"])
        self.srv.start()

    def tearDown(self):
        try:
            self.srv.kill()
        finally:
            self.srv.cleanup()

    def test_sigkill_while_playing(self):
        rng = mgclient.rng()
        stop = threading.Event()
        players = [Player(self.srv, spec, rng.randrange(1 << 30), stop)
                   for spec in SPECS]
        for p in players:
            p.start()
        try:
            for k in range(KILLS):
                time.sleep(rng.uniform(0.02, 0.3))
                for p in players:
                    self.assertIsNone(p.failure, p.failure)
                self.srv.kill()
                self.srv.start()
                # one game in play: its snapshot is its event log (read
                # from the stream with Last-Event-ID 0) replayed, with
                # every move acknowledged so far
                p = rng.choice(players)
                if p.current is not None:
                    tid, acks = p.current
                    check_table(self, self.srv, tid, p.spec, list(acks))
        finally:
            stop.set()
        for p in players:
            p.join(120)
            self.assertFalse(p.is_alive(), "a player did not finish")
            self.assertIsNone(p.failure, p.failure)
            self.assertTrue(p.games, "%s: no game finished" % p.spec)
        acked = sum(len(acks) for p in players for _, acks, _ in p.games)
        games = sum(len(p.games) for p in players)
        if os.environ.get("MG_SERVER_VERBOSE"):
            sys.stderr.write("\n%d kills, %d games, %d acknowledged moves, "
                             "%d commands\n" % (KILLS, games, acked,
                                                sum(p.commands
                                                    for p in players)))
        # not vacuous: moves were acknowledged between the kills
        self.assertGreaterEqual(acked, KILLS, "too few moves between kills")
        for p in players:
            for tid, acks, last in p.games:
                snap, r = check_table(self, self.srv, tid, p.spec, acks,
                                      poll=True)
                self.assertEqual(snap["status"], "over")
                self.assertTrue(r.over)
                state, hist = mgclient.load_record(self.srv.record(tid))
                self.assertEqual(hist, r.history())

    def test_sigterm_mid_game(self):
        spec = SPECS[0]
        t = self.srv.table(spec)
        replay = Replay(spec)
        rng = mgclient.rng()
        v = t.snapshot()["version"]
        for _ in range(5):
            a = t.move(replay.to_move, action=replay.random_action(rng),
                       expect_version=v)
            self.assertEqual(a.status, 200, repr(a))
            replay.apply(a.json["event"]["action"])
            v += 1
        spectator = self.srv.stream(t.id)
        seat = self.srv.stream(t.id, secret=t.secrets[0])
        spectator.wait_version(v)
        rc = self.srv.stop()
        self.assertEqual(rc, 0, "exit status after SIGTERM")
        for s in (spectator, seat):
            e = s.wait_for(lambda e: e["event"] == "restarting",
                           what="a restarting event")
            self.assertNotIn("id", e)
            self.assertTrue(s.wait_closed(5), "the stream did not end")
            s.close()
        self.srv.start()
        snap = t.snapshot()
        self.assertEqual(snap["version"], v)
        self.assertEqual(snap["actions"], replay.history())
        self.assertEqual(snap["status"], "playing")
        while not replay.over:
            action = replay.random_action(rng)
            a = t.move(replay.to_move, action=action, expect_version=v)
            self.assertEqual(a.status, 200, repr(a))
            replay.apply(action)
            v += 1
        check_table(self, self.srv, t.id, spec)
        state, hist = mgclient.load_record(self.srv.record(t.id))
        self.assertEqual(hist, replay.history())


@mgclient.sqlite_only
class TestReadOnly(unittest.TestCase):
    """The database made read-only (files 0444, folder 0555; the server
    runs as nobody when the tests run as root) and the server restarted
    on it."""

    def setUp(self):
        user = None
        if os.geteuid() == 0:
            # root writes to read-only files: run the server as nobody
            if not os.path.exists("/usr/bin/setpriv"):
                self.skipTest("root, and no setpriv to drop privileges")
            user = 65534
        self.srv = srv = mgclient.Server(
            args=["--rate", "5000", "--burst", "10000", "--seat-rate", "0"],
            user=user)
        os.chmod(srv.tmp, 0o755)
        if user is not None:
            os.chown(srv.db_dir, user, user)
        srv.start()
        self.spec = SPECS[0]
        self.t = srv.table(self.spec)
        self.replay = Replay(self.spec)
        self.rng = mgclient.rng()
        v = self.t.snapshot()["version"]
        for _ in range(3):
            a = self.t.move(self.replay.to_move,
                            action=self.replay.random_action(self.rng),
                            expect_version=v)
            self.assertEqual(a.status, 200, repr(a))
            self.replay.apply(a.json["event"]["action"])
            v += 1
        self.v = v
        self.assertEqual(srv.stop(), 0)
        self.modes = {}
        for name in os.listdir(srv.db_dir):
            p = os.path.join(srv.db_dir, name)
            self.modes[p] = os.stat(p).st_mode
            os.chmod(p, 0o444)
        os.chmod(srv.db_dir, 0o555)

    def tearDown(self):
        self.srv.cleanup()

    def restore_and_finish(self):
        """Writable again: nothing acknowledged was lost, the game goes on
        to its end."""
        srv, t, replay, v = self.srv, self.t, self.replay, self.v
        srv.stop()
        os.chmod(srv.db_dir, 0o755)
        for p, m in self.modes.items():
            os.chmod(p, stat.S_IMODE(m))
        srv.start()
        snap = t.snapshot()
        self.assertEqual(snap["version"], v)
        self.assertEqual(snap["actions"], replay.history())
        while not replay.over:
            action = replay.random_action(self.rng)
            a = t.move(replay.to_move, action=action, expect_version=v)
            self.assertEqual(a.status, 200, repr(a))
            replay.apply(action)
            v += 1
        check_table(self, srv, t.id, self.spec)

    def test_read_only_database(self):
        """Either the server refuses to start (exit status not 0, a
        message naming the database), or it starts and every write is
        503; either way nothing acknowledged is lost."""
        srv, t, replay, v = self.srv, self.t, self.replay, self.v
        try:
            srv.start(healthy=False)
        except RuntimeError as e:
            self.assertFalse(srv.alive())
            self.assertNotEqual(srv.proc.returncode, 0)
            self.assertIn(srv.db, str(e), "the message names the database")
        else:
            self.assertEqual(t.snapshot()["actions"], replay.history())
            a = t.move(replay.to_move, action=replay.random_action(self.rng),
                       expect_version=v)
            self.assertEqual(a.status, 503, repr(a))
            self.assertEqual(t.snapshot()["version"], v)
        self.restore_and_finish()

    def test_read_only_database_serves(self):
        """doc/server-api.md: 503 on a storage failure (nothing applied),
        /healthz 503: the server keeps serving reads and refuses writes."""
        srv, t, replay, v = self.srv, self.t, self.replay, self.v
        try:
            srv.start(healthy=False)
        except RuntimeError as e:
            self.fail("the server does not start on a read-only database "
                      "(so no command answers 503): %s" % str(e)[-300:])
        snap = t.snapshot()
        self.assertEqual(snap["version"], v)
        self.assertEqual(snap["actions"], replay.history())
        a = t.move(replay.to_move, action=replay.random_action(self.rng),
                   expect_version=v)
        self.assertEqual(a.status, 503, "a move on a read-only database: %r"
                         % (a,))
        self.assertIsInstance(a.json, dict, repr(a))
        self.assertTrue(a.json.get("error"), repr(a))
        a = srv.create(self.spec)
        self.assertEqual(a.status, 503, "create on a read-only database: %r"
                         % (a,))
        self.assertEqual(t.snapshot()["version"], v)
        # /healthz does not check the storage (doc/server-api.md)
        h = srv.request("GET", "/healthz")
        self.assertEqual(h.status, 200, "/healthz")
        self.restore_and_finish()


@mgclient.sqlite_only
class TestStorageFull(unittest.TestCase):
    """The database full (--max-db-mb 1, changes refused as on a full
    disk) while the server runs: commands answer 503 and apply nothing;
    restarted with room, nothing acknowledged is lost and the game goes
    on."""

    def test_storage_full(self):
        srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                    "--max-db-mb", "1",
                                    "--max-tables-per-addr", "0",
                                    "--creations-per-hour", "0"])
        try:
            srv.start()
            spec = SPECS[0]
            rng = mgclient.rng()
            # a few games with two moves each, acknowledged
            games = []
            for _ in range(6):
                t = srv.table(spec)
                r = Replay(spec)
                v = t.snapshot()["version"]
                for _ in range(2):
                    action = r.random_action(rng)
                    a = t.move(r.to_move, action=action, expect_version=v)
                    self.assertEqual(a.status, 200, repr(a))
                    r.apply(action)
                    v += 1
                games.append([t, r, v])
            full = None
            end = time.time() + 40
            n = 0
            while time.time() < end and n < 20000:
                a = srv.create("dots_and_boxes(rows=2,cols=2,"
                               "border=swedish)")
                n += 1
                if a.status != 201:
                    full = a
                    break
            self.assertIsNotNone(full, "%d tables and the 1 MiB database "
                                 "is not full" % n)
            self.assertEqual(full.status, 503, repr(full))
            self.assertIsInstance(full.json, dict, repr(full))
            self.assertTrue(full.json.get("error"), repr(full))
            self.assertEqual(full.json.get("limit"), "storage", repr(full))
            # moves are smaller: some may still fit; play until one is
            # refused
            refused = None
            for g in games:
                t, r, v = g
                while not r.over and refused is None:
                    action = r.random_action(rng)
                    a = t.move(r.to_move, action=action, expect_version=v)
                    if a.status == 200:
                        r.apply(action)
                        v += 1
                        g[2] = v
                        continue
                    self.assertEqual(a.status, 503, "a move on a full "
                                     "database: %r" % (a,))
                    self.assertTrue(a.json.get("error"), repr(a))
                    refused = t
                    snap = t.snapshot()
                    self.assertEqual(snap["version"], v,
                                     "a refused move applied")
                    self.assertEqual(snap["actions"], r.history())
                if refused is not None:
                    break
            self.assertIsNotNone(refused, "no move refused on a full "
                                 "database")
            self.assertEqual(srv.request("GET", "/healthz").status, 200)
            self.assertEqual(srv.stop(), 0)
            srv.args = [x for x in srv.args if x not in ("--max-db-mb", "1")]
            srv.start()
            for t, r, v in games:
                snap = t.snapshot()
                self.assertEqual(snap["version"], v)
                self.assertEqual(snap["actions"], r.history())
            t, r, v = [g for g in games if g[0] is refused][0]
            while not r.over:
                action = r.random_action(rng)
                a = t.move(r.to_move, action=action, expect_version=v)
                self.assertEqual(a.status, 200, repr(a))
                r.apply(action)
                v += 1
            check_table(self, srv, t.id, spec)
        finally:
            srv.cleanup()


if __name__ == "__main__":
    unittest.main()
