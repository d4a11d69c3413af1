"""mg-server as several processes on one PostgreSQL database behind nginx
(make check-cluster; doc/deploy/cluster.md, doc/deploy/nginx-cluster.conf).

Two players play a whole game with each player on a different process,
directly on the processes' ports and through nginx (pinned by its
per-process ports): every move's event reaches the other player's stream
(on the other process) as it happens, and every process, nginx's routed
port too, then shows the same table, its log replayed.  nginx's settings
of the document: event streams unbuffered and uncompressed, JSON
compressed, a GET passed on to another process when one is down, a POST
never sent twice.

Runs under tests/server/pg-cluster.sh (MG_TEST_PG) with nginx
(tests/server/cluster.sh); skipped otherwise.
"""

import gzip
import json
import os
import random
import socket
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
import mgcluster  # noqa: E402
from test_server_crash import check_table  # noqa: E402

SPEC = "dots_and_boxes(rows=2,cols=3)"
ARGS = ["--rate", "0", "--seat-rate", "0", "--max-tables-per-addr", "0",
        "--creations-per-hour", "0", "--players-per-hour", "0",
        "--trusted-proxy", "127.0.0.1"]


def skip_reason():
    if not os.path.exists(mgclient.SERVER):
        return "no %s (make server)" % mgclient.SERVER
    if mgclient.mg is None:
        return "mindgames does not load: " + mgclient.MG_IMPORT_ERROR
    if not mgcluster.have_pg_control():
        return "no PostgreSQL cluster (run under tests/server/pg-cluster.sh)"
    if not os.access(mgcluster.NGINX, os.X_OK):
        return "no %s (Debian's nginx)" % mgcluster.NGINX
    return None


def setUpModule():
    r = skip_reason()
    if r:
        raise unittest.SkipTest(r)


def cmd_id():
    """A cmd_id never sent before: not from the seeded rng of the moves,
    which starts again at MG_SERVER_SEED in every game, so that a second
    game's create would be the first game's create sent again (answered
    with the first table, as doc/server-api.md says)."""
    return os.urandom(16).hex()


class ClusterCase(unittest.TestCase):
    cluster = None

    @classmethod
    def setUpClass(cls):
        cls.cluster = mgcluster.Cluster(3, ARGS)
        try:
            cls.cluster.start()
        except BaseException:
            cls.cluster.cleanup()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.cluster.cleanup()

    def play_game(self, eps, watch):
        """A table created through eps[0], joined through eps[1], played
        to its end with seat s's commands through eps[s], each seat's
        stream on its own endpoint and the streams of watch open: every
        move's event is on every stream before the next move is sent.
        Returns (table id, acks)."""
        rng = mgclient.rng()
        c = eps[0].request("POST", "/api/v1/tables",
                           {"spec": SPEC, "cmd_id": cmd_id()})
        self.assertEqual(c.status, 201, repr(c))
        tid = c.json["id"]
        j = eps[1].request("POST", "/api/v1/tables/%s/join" % tid,
                           {"invite": c.json["invite"],
                            "cmd_id": cmd_id()})
        self.assertEqual(j.status, 200, repr(j))
        secrets = [None, None]
        secrets[c.json["seat"]] = c.json["secret"]
        secrets[j.json["seat"]] = j.json["secret"]
        v = j.json["snapshot"]["version"]
        streams = [eps[s].stream(tid, secret=secrets[s]) for s in (0, 1)]
        streams += [ep.stream(tid) for ep in watch]
        try:
            for s in streams:
                self.assertEqual(s.status, 200, repr(getattr(s, "body", "")))
                s.wait_version(v, 10)
            replay = mgclient.Replay(SPEC)
            acks = []
            while not replay.over:
                seat = replay.to_move
                action = replay.random_action(rng)
                a = eps[seat].request(
                    "POST", "/api/v1/tables/%s/commands" % tid,
                    {"op": "move", "action": action, "expect_version": v,
                     "cmd_id": cmd_id()}, secret=secrets[seat])
                self.assertEqual(a.status, 200, "seat %d through %r: %r"
                                 % (seat, eps[seat], a))
                v += 1
                self.assertEqual(a.json["version"], v)
                replay.apply(action)
                acks.append((v, action))
                # the other process's streams too, before the next move
                for s in streams:
                    e = s.wait_version(v, 5)
                    self.assertEqual(e["data"].get("action"), action)
            for s in streams:
                self.assertFalse(s.closed, "a stream ended mid-game")
        finally:
            for s in streams:
                s.close()
        c = self.cluster
        for ep in c.direct + c.pinned + [c.front]:
            snap, r = check_table(self, ep, tid, SPEC, acks, poll=True)
            self.assertEqual(snap["status"], "over", repr(ep))
            self.assertEqual(r.history(), replay.history(), repr(ep))
        return tid, acks


class TestTwoProcesses(ClusterCase):

    def test_players_on_two_processes_directly(self):
        c = self.cluster
        self.play_game([c.direct[0], c.direct[1]], [c.direct[2]])

    def test_players_on_two_processes_through_nginx(self):
        """Each player pinned to a process through nginx's per-process
        ports; a spectator through nginx's routed port."""
        c = self.cluster
        self.play_game([c.pinned[1], c.pinned[2]], [c.front, c.pinned[0]])

    def test_any_process_continues_a_table(self):
        """Every move through another process than the last one."""
        c = self.cluster
        rng = mgclient.rng()
        t = mgclient.Table(c.direct[0], c.direct[0].create(SPEC).json)
        j = c.direct[1].join(t.id, t.invite)
        self.assertEqual(j.status, 200, repr(j))
        t.secrets[j.json["seat"]] = j.json["secret"]
        replay = mgclient.Replay(SPEC)
        v = j.json["snapshot"]["version"]
        acks = []
        n = 0
        while not replay.over:
            ep = c.direct[n % 3]
            n += 1
            action = replay.random_action(rng)
            a = ep.command(t.id, t.secrets[replay.to_move], "move",
                           action=action, expect_version=v)
            self.assertEqual(a.status, 200, "through %r: %r" % (ep, a))
            replay.apply(action)
            v += 1
            acks.append((v, action))
        for ep in c.direct:
            # another process has the last move within a notification
            # (doc/deploy/postgresql.md), not at once: its snapshot may
            # be a version behind for a moment
            deadline = time.time() + 5
            while (ep.snapshot(t.id)["version"] < v and
                   time.time() < deadline):
                time.sleep(0.02)
            check_table(self, ep, t.id, SPEC, acks, poll=True)


class TestPoolsThroughNginx(ClusterCase):

    def test_a_pools_joins_meet_on_one_process(self):
        # doc/deploy/nginx-cluster.conf routes a pool by its name: its
        # waiters are in one process's memory (server-api.md, Pools), so
        # two players joining it through nginx are paired at once; spread
        # over three processes, four rounds would meet by chance with
        # probability (1/3)**4
        front = self.cluster.front
        for rnd in range(4):
            toks = []
            for who in "ab":
                name = "pool%s%d_%d" % (who, rnd, os.getpid() % 1000)
                a = front.request("POST", "/api/v1/players", {"name": name})
                self.assertEqual(a.status, 201, repr(a))
                toks.append(a.json["token"])
            w = front.request("POST", "/api/v1/pools/dab3-casual/join", {},
                              secret=toks[0])
            self.assertEqual(w.status, 202, repr(w))
            p = front.request("POST", "/api/v1/pools/dab3-casual/join", {},
                              secret=toks[1])
            self.assertEqual(p.status, 200, "round %d: %r" % (rnd, p))
            snap = front.request("GET", "/api/v1/tables/%s"
                                 % p.json["table"])
            self.assertEqual(snap.status, 200, repr(snap))
            self.assertEqual(snap.json["status"], "playing")


class TestNginxSettings(ClusterCase):

    def test_streams_unbuffered_uncompressed_json_compressed(self):
        c = self.cluster
        t = c.front.table(SPEC)
        h = {"Accept-Encoding": "gzip"}
        # a JSON answer above gzip_min_length: compressed by nginx
        a = c.front.request("GET", "/api/v1/levels", headers=h)
        self.assertEqual(a.status, 200, repr(a))
        direct = c.direct[0].request("GET", "/api/v1/levels")
        if len(direct.body) >= 1024:
            self.assertEqual(a.header("Content-Encoding"), "gzip")
            self.assertEqual(json.loads(gzip.decompress(a.body)),
                             direct.json)
        # the stream: neither compressed nor buffered (proxy_buffering off
        # here, X-Accel-Buffering: no from mg-server: either suffices)
        s = socket.create_connection(("127.0.0.1", c.front.port), 10)
        try:
            s.sendall(("GET /api/v1/tables/%s/events HTTP/1.1\r\n"
                       "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n"
                       "Accept-Encoding: gzip\r\n\r\n" % t.id).encode())
            head = b""
            while b"\r\n\r\n" not in head:
                b = s.recv(4096)
                self.assertTrue(b, "the stream closed: %r" % head)
                head += b
            hdr, _, rest = head.partition(b"\r\n\r\n")
            hl = hdr.decode("latin-1").lower()
            self.assertIn(" 200 ", hl.split("\r\n")[0])
            self.assertIn("content-type: text/event-stream", hl)
            self.assertNotIn("content-encoding", hl)
            # a move made now arrives now, on the open connection
            v = t.snapshot()["version"]
            rp = mgclient.Replay(SPEC)
            act = rp.random_action(random.Random(1))
            m = t.move(0, action=act, expect_version=v)
            self.assertEqual(m.status, 200, repr(m))
            want = ("id: %d" % (v + 1)).encode()
            s.settimeout(5)
            end = time.time() + 5
            while want not in rest and time.time() < end:
                b = s.recv(4096)
                if not b:
                    break
                rest += b
            self.assertIn(want, rest, "the move's event was not passed on "
                          "at once (buffered?): %r" % rest[-300:])
        finally:
            s.close()


class FakeUpstream(threading.Thread):
    """A process that reads a request and dies before answering it
    (closes the connection): counts the requests it read."""

    def __init__(self):
        threading.Thread.__init__(self, daemon=True)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.requests = []
        self.lock = threading.Lock()

    def run(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            data = b""
            conn.settimeout(5)
            try:
                while b"\r\n\r\n" not in data:
                    b = conn.recv(4096)
                    if not b:
                        break
                    data += b
            except OSError:
                pass
            if data:
                with self.lock:
                    self.requests.append(data.split(b" ", 1)[0].decode())
            conn.close()

    def methods(self):
        with self.lock:
            return list(self.requests)


class TestNextUpstream(unittest.TestCase):
    """proxy_next_upstream of the document: a GET whose process died is
    sent to the next process; a POST that was sent is never sent again
    (the client does that, with its cmd_id)."""

    def test_get_passed_on_post_not(self):
        fakes = [FakeUpstream() for _ in range(3)]
        for f in fakes:
            f.start()
        import tempfile
        import shutil
        tmp = tempfile.mkdtemp(prefix="mgnginx-")
        os.chmod(tmp, 0o755)
        ng = mgcluster.Nginx([f.port for f in fakes], tmp)
        try:
            try:
                ng.start()
            except RuntimeError:
                pass        # /healthz went to the fakes too: not answered
            front = mgcluster.Endpoint(ng.port, "nginx")
            time.sleep(3.1)     # fail_timeout (2 s, counted in whole seconds)
            gets = sum(f.methods().count("GET") for f in fakes)
            a = front.request("POST", "/api/v1/tables/abcdefgh/commands",
                              {"op": "move", "action": 0})
            self.assertEqual(a.status, 502, repr(a))
            n_post = sum(f.methods().count("POST") for f in fakes)
            self.assertEqual(n_post, 1, "a POST sent %d times" % n_post)
            time.sleep(3.1)
            a = front.request("GET", "/api/v1/tables/abcdefgh")
            self.assertEqual(a.status, 502, repr(a))
            n_get = sum(f.methods().count("GET") for f in fakes) - gets
            self.assertGreaterEqual(n_get, 2, "a GET was not passed on")
        finally:
            ng.stop()
            for f in fakes:
                f.sock.close()
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
