"""Several mg-server processes on one PostgreSQL database
(doc/deploy/postgresql.md, "Several processes"): two servers, A and B,
on loopback, sharing the throwaway cluster's database (make
check-postgres; skipped without MG_TEST_PG).

- a move made on A reaches a stream and a long poll held on B, and a
  stream resumed on B by Last-Event-ID;
- one invite joined through A and B at the same instant: one seat, the
  other told the invite is used;
- one cmd_id sent to A and B at the same instant: the same answer from
  both, one command and one move stored;
- a stale process (B deaf to notifications: MG_SERVER_TEST_DEAF=1, the
  path a lost notification takes) answers a move as the log says: made
  when it is the player's turn, 409 when not, a re-sent cmd_id's stored
  answer, never a 500; a stream opened there sends each event once;
- a bot's seat moved once per turn by two processes, and taken over by
  B when A dies while its bot thinks;
- a clock watched by both processes falls once;
- a seek posted on A listed on B and shown on B's lobby stream; one
  seek accepted on A and B at once makes one table, the other told 409;
  a seek cancelled on A leaves B's list; a seek accepted on a process
  that has not heard of it yet makes the table;
- a player whose stream is open on one process is here for a claim_win
  sent to another (409), and away once the stream has closed.
"""

import os
import threading
import time
import unittest

import mgclient
from mgclient import Replay

DAB3 = "dots_and_boxes(rows=3,cols=3)"


class DeafServer(mgclient.Server):
    """A server that ignores the other processes' notifications."""

    def command_line(self):
        return ["env", "MG_SERVER_TEST_DEAF=1"] + \
            super(DeafServer, self).command_line()


ARGS = ["--rate", "0", "--seat-rate", "0", "--heartbeat", "1",
        "--players-per-hour", "0", "--creations-per-hour", "0",
        "--max-tables-per-addr", "0"]
SERVERS = {}


def start_peer(a, cls=mgclient.Server, args=ARGS):
    """Another process on a's database."""
    srv = cls(args=args, db_dir=os.path.join(
        a.tmp, "peer%d" % len(os.listdir(a.tmp))))
    srv.db = a.db
    srv.start()
    return srv


def setUpModule():
    if not mgclient.PG:
        return
    SERVERS["a"] = mgclient.Server(args=ARGS)
    SERVERS["a"].start()
    SERVERS["b"] = start_peer(SERVERS["a"])


def tearDownModule():
    for k in ("b", "a"):  # A last: its cleanup drops the database
        srv = SERVERS.pop(k, None)
        if srv:
            srv.stop()
            srv.cleanup()


@unittest.skipUnless(mgclient.PG, "needs PostgreSQL (make check-postgres)")
class ClusterCase(unittest.TestCase):
    """A and B (started once for the module), and the tests' own extra
    processes (stopped after each test)."""

    def setUp(self):
        self.rng = mgclient.rng()
        self.a = SERVERS["a"]
        self.b = SERVERS["b"]
        self.extra = []

    def peer(self, cls=mgclient.Server, args=ARGS):
        srv = start_peer(self.a, cls, args)
        self.extra.append(srv)
        return srv

    def tearDown(self):
        for srv in self.extra:
            try:
                srv.stop()
            except RuntimeError:
                pass
            srv.cleanup()

    def sql(self, query):
        return mgclient.pg_query(self.a.db, query)

    def events(self, tid):
        return [(int(v), t) for v, t in self.sql(
            "SELECT version, type FROM events WHERE table_id = '%s'"
            " ORDER BY version" % tid)]

    def assert_turns_kept(self, tid):
        """Each move by the seat the event before it said was to move:
        no turn played twice (two processes' moves for one turn)."""
        import json
        rows = self.sql("SELECT json FROM events WHERE table_id = '%s'"
                        " ORDER BY version" % tid)
        prev = None
        for (text,) in rows:
            ev = json.loads(text)
            if ev["type"] == "move" and prev is not None:
                self.assertEqual(ev["seat"], prev.get("to_move"),
                                 "version %d moved by seat %d, seat %s was "
                                 "to move" % (ev["version"], ev["seat"],
                                              prev.get("to_move")))
            prev = ev

    def at_once(self, *calls):
        """Run the calls in threads released together; their results."""
        out = [None] * len(calls)
        gate = threading.Barrier(len(calls))

        def run(i):
            gate.wait()
            out[i] = calls[i]()
        threads = [threading.Thread(target=run, args=(i,))
                   for i in range(len(calls))]
        for th in threads:
            th.start()
        for th in threads:
            th.join(30)
        return out

    def wait_until(self, pred, timeout, what):
        end = time.time() + timeout
        while time.time() < end:
            v = pred()
            if v:
                return v
            time.sleep(0.05)
        self.fail("no %s in %.0f s" % (what, timeout))


class TestClusterStreams(ClusterCase):

    def test_move_on_a_reaches_b(self):
        t = self.a.table(DAB3)
        replay = Replay(DAB3)
        v = self.b.snapshot(t.id)["version"]
        s = self.b.stream(t.id)
        s.wait_version(v)
        poll = {}
        th = threading.Thread(target=lambda: poll.update(
            a=self.b.poll(t.id, v, timeout=30)))
        th.start()
        time.sleep(0.2)  # the poll is waiting on B
        act = replay.random_action(self.rng)
        p = replay.to_move
        a = t.move(p, action=act)
        self.assertEqual(a.status, 200, repr(a))
        replay.apply(act)
        t0 = time.time()
        e = s.wait_version(v + 1, timeout=5)
        self.assertEqual(e["data"]["action"], act)
        th.join(10)
        self.assertLess(time.time() - t0, 5)
        self.assertEqual(poll["a"].status, 200, repr(poll["a"]))
        self.assertEqual([ev["version"] for ev in poll["a"].json["events"]],
                         [v + 1])
        s.close()
        # a stream resumed on B by Last-Event-ID gets the next one only
        s2 = self.b.stream(t.id, last_event_id=v + 1)
        act = replay.random_action(self.rng)
        self.assertEqual(t.move(replay.to_move, action=act).status, 200)
        e = s2.wait_version(v + 2, timeout=5)
        self.assertEqual(e["data"]["action"], act)
        self.assertEqual([x["id"] for x in s2.logged()], [v + 2])
        s2.close()


class TestClusterRaces(ClusterCase):

    def test_same_invite_on_a_and_b(self):
        for _ in range(6):
            c = self.a.create(DAB3)
            self.assertEqual(c.status, 201, repr(c))
            tid, inv = c.json["id"], c.json["invite"]
            self.b.snapshot(tid)  # B holds it too
            ra, rb = self.at_once(lambda: self.a.join(tid, inv),
                                  lambda: self.b.join(tid, inv))
            got = sorted([ra.status, rb.status])
            self.assertEqual(got, [200, 403], "%r %r" % (ra, rb))
            loser = ra if ra.status == 403 else rb
            self.assertIn("used already", loser.error)
            self.assertEqual([ty for _, ty in self.events(tid)],
                             ["created", "joined"])

    def test_same_cmd_id_on_a_and_b(self):
        t = self.a.table(DAB3)
        replay = Replay(DAB3)
        self.b.snapshot(t.id)
        for i in range(6):
            act = replay.random_action(self.rng)
            p = replay.to_move
            body = dict(action=act, cmd_id="twice-%d" % i)
            ra, rb = self.at_once(
                lambda: self.a.command(t.id, t.secrets[p], "move", **body),
                lambda: self.b.command(t.id, t.secrets[p], "move", **body))
            self.assertEqual((ra.status, rb.status), (200, 200),
                             "%r %r" % (ra, rb))
            self.assertEqual(ra.json, rb.json)
            replay.apply(act)
        n = self.sql("SELECT count(*) FROM commands WHERE table_id = '%s'"
                     " AND cmd_id LIKE 'twice-%%'" % t.id)
        self.assertEqual(int(n[0][0]), 6)
        self.assertEqual([ty for _, ty in self.events(t.id)].count("move"), 6)


class TestClusterStale(ClusterCase):

    def test_stale_process_answers_as_the_log_says(self):
        deaf = self.peer(DeafServer)
        t = self.a.table(DAB3)
        replay = Replay(DAB3)
        deaf.snapshot(t.id)  # cached there, and never told of changes
        for i in range(4):
            if replay.over:
                break
            # A moves: deaf's copy is stale now
            act = replay.random_action(self.rng)
            self.assertEqual(t.move(replay.to_move, action=act).status, 200)
            replay.apply(act)
            if replay.over:
                break
            # the seat not to move is refused on the stale process
            act = replay.random_action(self.rng)
            q = 1 - replay.to_move
            a = deaf.command(t.id, t.secrets[q], "move", action=act)
            self.assertEqual(a.status, 409, repr(a))
            self.assertIn("turn", a.error)
            # A moves again; the seat to move moves on the stale process
            act = replay.random_action(self.rng)
            self.assertEqual(t.move(replay.to_move, action=act).status, 200)
            replay.apply(act)
            if replay.over:
                break
            act = replay.random_action(self.rng)
            p = replay.to_move
            a = deaf.command(t.id, t.secrets[p], "move", action=act,
                             cmd_id="stale-%d" % i)
            self.assertEqual(a.status, 200, repr(a))
            self.assertEqual(a.json["event"]["seat"], p)
            replay.apply(act)
            # re-sent to A, then A moves, then re-sent to the stale one
            b = self.a.command(t.id, t.secrets[p], "move", action=act,
                               cmd_id="stale-%d" % i)
            self.assertEqual(b.json, a.json)
            if replay.over:
                break
            act = replay.random_action(self.rng)
            self.assertEqual(t.move(replay.to_move, action=act).status, 200)
            replay.apply(act)
            c = deaf.command(t.id, t.secrets[p], "move", action=act,
                             cmd_id="stale-%d" % i)
            self.assertEqual((c.status, c.json), (200, a.json))
        snap = self.a.snapshot(t.id)
        self.assertEqual(snap["version"], 2 + len(replay.history()))
        self.assertEqual(snap["actions"], replay.history())
        self.assert_turns_kept(t.id)

    def test_stream_on_a_stale_process_sends_each_event_once(self):
        """A stream opened on a process whose copy is behind the log gets
        the log's events, and not once more when the process catches up
        (check-cluster's crash loop: "after event 3 the stream sent 3")."""
        deaf = self.peer(DeafServer)
        t = self.a.table(DAB3)
        replay = Replay(DAB3)
        v = deaf.snapshot(t.id)["version"]  # held there, never told
        act = replay.random_action(self.rng)
        self.assertEqual(t.move(replay.to_move, action=act).status, 200)
        replay.apply(act)
        s = deaf.stream(t.id, last_event_id=0)
        self.addCleanup(s.close)
        s.wait_version(v + 1)
        # the seat to move, on the stale process: it catches up first
        act = replay.random_action(self.rng)
        a = deaf.command(t.id, t.secrets[replay.to_move], "move",
                         action=act, expect_version=v + 1)
        self.assertEqual(a.status, 200, repr(a))
        replay.apply(act)
        s.wait_version(v + 2)
        time.sleep(0.2)  # an event sent twice would be there by now
        self.assertEqual([e["id"] for e in s.logged()],
                         list(range(1, v + 3)))
        # resumed there by Last-Event-ID while that process is behind
        # again: nothing the client has, once more
        act = replay.random_action(self.rng)
        self.assertEqual(t.move(replay.to_move, action=act).status, 200)
        replay.apply(act)
        s2 = deaf.stream(t.id, last_event_id=v + 3)
        self.addCleanup(s2.close)
        act = replay.random_action(self.rng)
        a = deaf.command(t.id, t.secrets[replay.to_move], "move",
                         action=act, expect_version=v + 3)
        self.assertEqual(a.status, 200, repr(a))
        s2.wait_version(v + 4)
        time.sleep(0.2)
        self.assertEqual([e["id"] for e in s2.logged()], [v + 4])


class TestClusterOnce(ClusterCase):

    def test_bot_seat_moved_once(self):
        a = self.a.create(DAB3, bots=[None, "random"])
        self.assertEqual(a.status, 201, repr(a))
        t = mgclient.Table(self.a, a.json)
        self.b.snapshot(t.id)
        srvs = [self.a, self.b]
        for i in range(12):
            snap = self.wait_until(
                lambda: (lambda s: s if s["to_move"] != 1 else None)(
                    srvs[i % 2].snapshot(t.id)), 10, "the bot's move")
            if snap["status"] != "playing":
                break
            act = Replay(DAB3, snap["actions"]).random_action(self.rng)
            r = srvs[i % 2].command(t.id, t.secrets[0], "move", action=act,
                                    expect_version=snap["version"])
            self.assertIn(r.status, (200, 409), repr(r))
        self.assert_turns_kept(t.id)

    def test_bot_taken_over_when_its_process_dies(self):
        bot = "mcts(iterations=0,time_ms=1500)"
        c = self.peer()
        a = c.create(DAB3, bots=[None, bot])
        self.assertEqual(a.status, 201, repr(a))
        t = mgclient.Table(c, a.json)
        v = self.b.snapshot(t.id)["version"]
        replay = Replay(DAB3)
        act = replay.random_action(self.rng)
        self.assertEqual(t.move(0, action=act).status, 200)
        c.kill()  # while its bot thinks
        snap = self.wait_until(
            lambda: (lambda s: s if s["version"] >= v + 2 else None)(
                self.b.snapshot(t.id)), 15, "B's bot move")
        self.assertEqual(snap["to_move"], 0, repr(snap))
        self.assert_turns_kept(t.id)

    def test_flag_falls_once(self):
        t = self.a.table(DAB3, clock={"base_ms": 1500, "increment_ms": 0})
        self.b.snapshot(t.id)
        s = self.b.stream(t.id)
        e = s.wait_for(lambda e: e["event"] == "timeout", timeout=8,
                       what="the flag")
        self.assertEqual(e["data"]["status"], "over")
        time.sleep(0.5)  # both timers have looked
        types = [ty for _, ty in self.events(t.id)]
        self.assertEqual(types.count("timeout"), 1, types)
        self.assertEqual(types[-1], "timeout")
        for srv in (self.a, self.b):
            snap = srv.snapshot(t.id)
            self.assertEqual((snap["status"], snap["result"]["how"]),
                             ("over", "time"))
        s.close()


class TestClusterLobby(ClusterCase):
    n = 0

    def player(self, prefix):
        type(self).n += 1
        name = "%s%d_%d" % (prefix, type(self).n, os.getpid() % 1000)
        a = self.a.request("POST", "/api/v1/players", {"name": name})
        self.assertEqual(a.status, 201, repr(a))
        return a.json["name"], a.json["token"]

    def listed_on(self, srv, sid):
        lst = srv.request("GET", "/api/v1/seeks").json["seeks"]
        return sid in [x["id"] for x in lst]

    def test_seeks_across_processes(self):
        alice, ta = self.player("alice")
        s = mgclient.EventStream(self.b, None, path="/api/v1/lobby/events")
        self.addCleanup(s.close)
        s.wait_for(lambda e: e["event"] == "hello", what="hello")
        for round in range(3):
            a = self.a.request("POST", "/api/v1/seeks", {"spec": DAB3},
                               secret=ta)
            self.assertEqual(a.status, 201, repr(a))
            sid = a.json["id"]
            s.wait_for(lambda e: e["event"] == "seek" and
                       e["data"]["id"] == sid, timeout=5, what="the seek")
            self.assertTrue(self.listed_on(self.b, sid))
            bob, tb = self.player("bob")
            carol, tc = self.player("carol")
            ra, rb = self.at_once(
                lambda: self.a.request("POST", "/api/v1/seeks/%s/accept"
                                       % sid, {}, secret=tb),
                lambda: self.b.request("POST", "/api/v1/seeks/%s/accept"
                                       % sid, {}, secret=tc))
            self.assertEqual(sorted([ra.status, rb.status]), [200, 409],
                             "%r %r" % (ra, rb))
            won = ra if ra.status == 200 else rb
            n = self.sql("SELECT count(*) FROM events WHERE type = 'created'"
                         " AND json LIKE '%%%s%%'" % alice)
            self.assertEqual(int(n[0][0]), round + 1)
            self.assertEqual(self.b.snapshot(won.json["table"])["status"],
                             "playing")
            s.wait_for(lambda e: e["event"] == "seek_removed" and
                       e["data"]["id"] == sid, timeout=5,
                       what="the seek's removal")
            self.assertFalse(self.listed_on(self.a, sid))
            self.assertFalse(self.listed_on(self.b, sid))
        # cancelled on A: gone from B's list
        a = self.a.request("POST", "/api/v1/seeks", {"spec": DAB3},
                           secret=ta)
        sid = a.json["id"]
        self.wait_until(lambda: self.listed_on(self.b, sid), 5,
                        "the seek on B")
        c = self.a.request("POST", "/api/v1/seeks/%s/cancel" % sid, {},
                           secret=ta)
        self.assertEqual(c.status, 200, repr(c))
        self.wait_until(lambda: not self.listed_on(self.b, sid), 5,
                        "the seek gone from B")

    def test_seek_accepted_where_it_was_not_heard_of(self):
        """A seek accepted on a process its notification has not reached
        (a deaf one: the seek is not in its lobby) makes the table; it
        was 404 "no open seek" (make check-cluster's race: a seek posted
        on one process, accepted at once on two others)."""
        deaf = self.peer(DeafServer)
        alice, ta = self.player("alice")
        a = self.a.request("POST", "/api/v1/seeks", {"spec": DAB3},
                           secret=ta)
        self.assertEqual(a.status, 201, repr(a))
        self.assertFalse(self.listed_on(deaf, a.json["id"]))
        bob, tb = self.player("bob")
        r = deaf.request("POST", "/api/v1/seeks/%s/accept" % a.json["id"],
                         {}, secret=tb)
        self.assertEqual(r.status, 200, repr(r))
        self.assertEqual(self.a.snapshot(r.json["table"])["status"],
                         "playing")


if __name__ == "__main__":
    unittest.main()


class TestClusterPresence(ClusterCase):

    def test_claim_sees_a_stream_on_another_process(self):
        away = ARGS + ["--away", "1"]
        pa, pb = self.peer(args=away), self.peer(args=away)
        t = pa.table(DAB3)
        replay = Replay(DAB3)
        while replay.to_move == 0:
            act = replay.random_action(self.rng)
            self.assertEqual(t.move(0, action=act).status, 200)
            replay.apply(act)
        v = pb.snapshot(t.id)["version"]
        sa = pa.stream(t.id, secret=t.secrets[0])  # A, on its process
        sa.wait_version(v)
        sb = pb.stream(t.id, secret=t.secrets[1])  # B, on the other process
        sb.wait_version(v)
        time.sleep(1.6)  # past --away on A's process, where B has no stream
        self.wait_until(lambda: pa.snapshot(t.id)["seats"][1]["present"], 5,
                        "B present in A's process's snapshot")
        seen = sa.wait_for(lambda e: e["event"] == "presence" and
                           e["data"]["present"] == [True, True], timeout=5,
                           what="B present in a note on A's stream")
        after = sa.events.index(seen) + 1
        r = pa.command(t.id, t.secrets[0], "claim_win")
        self.assertEqual(r.status, 409, repr(r))
        self.assertIn("here", r.json["error"])
        closed = time.time()
        sb.close()
        r = pa.command(t.id, t.secrets[0], "claim_win")
        self.assertEqual(r.status, 409, "claimed as B's stream closed: %r"
                         % (r,))
        r = self.wait_until(
            lambda: (lambda x: x if x.status == 200 else None)(
                pa.command(t.id, t.secrets[0], "claim_win")),
            10, "claim_win after B's stream closed")
        self.assertGreaterEqual(time.time() - closed, 1.0,
                                "claimed before --away passed")
        self.assertEqual(r.json["event"]["type"], "claim_win")
        self.wait_until(
            lambda: not pa.snapshot(t.id)["seats"][1]["present"], 5,
            "B away in A's process's snapshot")
        sa.wait_for(lambda e: e["event"] == "presence" and
                    e["data"]["present"] == [True, False], timeout=5,
                    what="B away in a note on A's stream", start=after)
        sa.close()
        self.wait_until(lambda: pb.snapshot(t.id)["status"] == "over", 5,
                        "the game over on B's process")
