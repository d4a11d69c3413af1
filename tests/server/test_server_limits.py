"""mg-server: what bounds one client and the whole server (doc/server-api.md,
"Limits and security"): open tables and creations per client (an IPv4
address, an IPv6 /64), a cap on the server's open tables, connections per
client, a deadline for a request's headers; and creates and joins that a
client may send again (cmd_id) without making a second table."""

import os
import re
import socket
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402

DAB = "dots_and_boxes(rows=2,cols=2,border=swedish)"
BOT = [None, "random"]  # seat 1 a bot: no invite


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


class LimitCase(unittest.TestCase):
    """A server of the test's own, started with `args`."""

    def server(self, *args):
        srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0"] +
                              list(args))
        self.addCleanup(srv.cleanup)
        srv.start()
        return srv

    def assert_limit(self, a, status, limit):
        self.assertEqual(a.status, status, repr(a))
        self.assertIsInstance(a.json, dict, repr(a))
        self.assertEqual(a.json.get("limit"), limit, repr(a))
        self.assertTrue(a.json.get("error"), repr(a))
        ra = a.json.get("retry_after")
        self.assertIsInstance(ra, int, repr(a))
        self.assertGreater(ra, 0, repr(a))
        self.assertEqual(a.header("Retry-After"), str(ra), repr(a))
        for h in mgclient.SECURITY_HEADERS:
            self.assertTrue(a.header(h), "%s missing: %r" % (h, a))


def create(srv, xff=None, **fields):
    body = {"spec": DAB}
    body.update(fields)
    return srv.request("POST", "/api/v1/tables", body,
                       headers={"X-Forwarded-For": xff} if xff else None)


def abort(srv, created):
    a = srv.command(created.json["id"], created.json["secret"], "abort")
    assert a.status == 200, repr(a)


class TestTableLimits(LimitCase):

    def test_open_tables_per_client(self):
        """--max-tables-per-addr: a client's open tables; one that ends
        makes room again."""
        srv = self.server("--max-tables-per-addr", "2")
        first = create(srv)
        self.assertEqual(first.status, 201, repr(first))
        self.assertEqual(create(srv).status, 201)
        self.assert_limit(create(srv), 429, "max-tables-per-addr")
        abort(srv, first)
        self.assertEqual(create(srv).status, 201)
        self.assert_limit(create(srv), 429, "max-tables-per-addr")

    def test_creations_per_hour(self):
        """--creations-per-hour: tables a client creates, ended or not."""
        srv = self.server("--creations-per-hour", "3",
                          "--max-tables-per-addr", "0")
        for _ in range(3):
            a = create(srv)
            self.assertEqual(a.status, 201, repr(a))
            abort(srv, a)
        a = create(srv)
        self.assert_limit(a, 429, "creations-per-hour")
        # one creation comes back every 20 minutes
        self.assertLessEqual(a.json["retry_after"], 1200)
        self.assertGreater(a.json["retry_after"], 1100)

    def test_server_cap_and_restart(self):
        """--max-tables: the server's open tables, whoever made them;
        counted again when a restart restores them."""
        srv = self.server("--max-tables", "2")
        self.assertEqual(create(srv).status, 201)
        self.assertEqual(create(srv, bots=BOT).status, 201)
        self.assert_limit(create(srv), 503, "max-tables")
        srv.stop()
        srv.start()
        self.assert_limit(create(srv), 503, "max-tables")

    def test_rematch_counts(self):
        """A rematch makes a table: it counts for the client that created
        the first one."""
        srv = self.server("--max-tables-per-addr", "1")
        t = srv.table(DAB)
        self.assertEqual(t.cmd(0, "resign").status, 200)
        a = t.cmd(1, "rematch")
        self.assertEqual(a.status, 200, repr(a))
        self.assert_limit(create(srv), 429, "max-tables-per-addr")

    def test_rematch_refused(self):
        """Past --max-tables a rematch is refused as a create is."""
        srv = self.server("--max-tables", "2")
        t = srv.table(DAB)
        self.assertEqual(create(srv).status, 201)
        self.assertEqual(t.cmd(0, "resign").status, 200)
        self.assertEqual(create(srv).status, 201)
        self.assert_limit(t.cmd(1, "rematch"), 503, "max-tables")

    def test_bad_values(self):
        for opt in ("--max-tables", "--max-tables-per-addr",
                    "--creations-per-hour", "--header-timeout"):
            srv = mgclient.Server(args=[opt, "-1"])
            self.addCleanup(srv.cleanup)
            with self.assertRaises(RuntimeError, msg=opt):
                srv.start(timeout=5)


class TestClients(LimitCase):
    """Who a client is: an IPv4 address, an IPv6 /64 (seen here through
    the trusted proxy's X-Forwarded-For: loopback has one address)."""

    def test_ipv6_by_64(self):
        srv = self.server("--trusted-proxy", "127.0.0.1",
                          "--max-tables-per-addr", "1")
        self.assertEqual(create(srv, "2001:db8:1:2::1").status, 201)
        self.assert_limit(create(srv, "2001:db8:1:2:ffff:ffff:ffff:fffe"),
                          429, "max-tables-per-addr")
        self.assertEqual(create(srv, "2001:db8:1:3::1").status, 201)
        # IPv4 by address; an IPv4-mapped IPv6 address is its IPv4 one
        self.assertEqual(create(srv, "10.0.0.1").status, 201)
        self.assertEqual(create(srv, "10.0.0.2").status, 201)
        self.assert_limit(create(srv, "::ffff:10.0.0.1"), 429,
                          "max-tables-per-addr")

    def test_rate_by_64(self):
        srv = self.server("--trusted-proxy", "127.0.0.1", "--rate", "0.01",
                          "--burst", "2")
        h = {"X-Forwarded-For": "2001:db8:5:6::1"}
        for _ in range(2):
            self.assertEqual(srv.request("GET", "/api/v1", headers=h).status,
                             200)
        a = srv.request("GET", "/api/v1",
                        headers={"X-Forwarded-For": "2001:db8:5:6::2"})
        self.assertEqual(a.status, 429, repr(a))
        a = srv.request("GET", "/api/v1",
                        headers={"X-Forwarded-For": "2001:db8:5:7::1"})
        self.assertEqual(a.status, 200, repr(a))

    def test_connections_per_client(self):
        """--max-conns: one more connection is closed at once; a closed
        one makes room."""
        srv = self.server("--max-conns", "2")
        socks = []

        def served():
            # a kept-alive connection that has had an answer: counted
            for _ in range(20):
                s = socket.create_connection(("127.0.0.1", srv.port), 5)
                try:
                    s.sendall(b"GET /api/v1 HTTP/1.1\r\nHost: x\r\n\r\n")
                    if s.recv(100).startswith(b"HTTP/1.1 200"):
                        return s
                except OSError:
                    pass
                s.close()
                time.sleep(0.1)  # the start's connections still closing
            self.fail("no connection served")

        try:
            socks.append(served())
            socks.append(served())
            extra = socket.create_connection(("127.0.0.1", srv.port), 5)
            extra.settimeout(5)
            try:
                extra.sendall(b"GET /api/v1 HTTP/1.1\r\nHost: x\r\n\r\n")
                got = extra.recv(100)
            except OSError:
                got = b""
            extra.close()
            self.assertEqual(got, b"", "a third connection was served")
            socks.pop().close()
            time.sleep(0.3)
            self.assertEqual(srv.request("GET", "/api/v1").status, 200)
        finally:
            for s in socks:
                s.close()


class TestHeaderDeadline(LimitCase):

    def test_trickled_headers_are_cut(self):
        """A header line every 0.5 s never completes the request: the
        connection is closed --header-timeout (2 s) after it opened."""
        srv = self.server("--header-timeout", "2", "--poll", "4")
        s = socket.create_connection(("127.0.0.1", srv.port), 5)
        t0 = time.time()
        closed = False
        try:
            s.sendall(b"GET /api/v1 HTTP/1.1\r\nHost: x\r\n")
            for i in range(40):
                time.sleep(0.5)
                try:
                    s.sendall(b"X-Slow-%d: 1\r\n" % i)
                    s.settimeout(0.01)
                    if s.recv(100) == b"":
                        closed = True
                        break
                except socket.timeout:
                    pass
                except OSError:
                    closed = True
                    break
        finally:
            s.close()
        self.assertTrue(closed, "still open after 20 s of trickled headers")
        self.assertLess(time.time() - t0, 10)
        # a request whose headers come at once is served, also after a
        # wait on a kept-alive connection shorter than the deadline
        self.assertEqual(srv.request("GET", "/api/v1").status, 200)
        # a request whose answer takes longer (a long poll) is not cut
        t = create(srv)
        t0 = time.time()
        a = srv.poll(t.json["id"], 1)
        self.assertEqual(a.status, 200, repr(a))
        self.assertGreater(time.time() - t0, 3)


# Requests that libmicrohttpd answers itself, before the server sees them
LIBRARY_PROBES = {
    "long request line": b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x"
                         b"\r\n\r\n",
    "large headers": b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(
        b"X-%d: %s\r\n" % (i, b"b" * 1000) for i in range(20)) + b"\r\n",
    "HTTP/2.0": b"GET / HTTP/2.0\r\nHost: x\r\n\r\n",
    "HTTP/0.9": b"GET / HTTP/0.9\r\nHost: x\r\n\r\n",
    "bad Content-Length": b"POST /api/v1/tables HTTP/1.1\r\nHost: x\r\n"
                          b"Content-Length: abc\r\n\r\n",
    "huge Content-Length": b"POST /api/v1/tables HTTP/1.1\r\nHost: x\r\n"
                           b"Content-Length: 99999999999999999999999\r\n\r\n",
    "bad chunk": b"POST /api/v1/tables HTTP/1.1\r\nHost: x\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\nzz\r\n",
    "huge chunk": b"POST /api/v1/tables HTTP/1.1\r\nHost: x\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n",
    "no method": b"\x01\x02 garbage\r\n\r\n",
    "header without colon": b"GET / HTTP/1.1\r\nHost: x\r\nnocolon\r\n\r\n",
}


def documented_exceptions():
    """The statuses doc/server-api.md lists as the HTTP library's own."""
    with open(os.path.join(mgclient.ROOT, "doc", "server-api.md")) as f:
        text = f.read()
    i = text.find("Exactly these statuses:")
    if i < 0:
        return set()
    para = text[i:].split("\n\n")[0]
    return set(int(x) for x in re.findall(r"`(\d{3})`", para))


class TestLibraryAnswers(LimitCase):

    def test_every_answer_json_or_documented(self):
        """Every answer is JSON with the security headers, or one of the
        HTTP library's own that the contract lists (exactly those)."""
        srv = self.server()
        documented = documented_exceptions()
        seen = set()
        for what, data in sorted(LIBRARY_PROBES.items()):
            status, out = srv.raw(data, timeout=5)
            self.assertIsNotNone(status, "%s: no answer" % what)
            head = out.split(b"\r\n\r\n")[0].decode("latin-1").lower()
            ok = ("content-type: application/json" in head and
                  all(h.lower() + ":" in head
                      for h in mgclient.SECURITY_HEADERS))
            if not ok:
                self.assertIn(status, documented,
                              "%s: %d, not JSON and not in the contract"
                              % (what, status))
                seen.add(status)
        self.assertEqual(seen, documented, "the contract lists statuses "
                         "the library does not answer (or misses some)")
        self.assertEqual(srv.request("GET", "/api/v1").status, 200)


class TestIdempotentCreateJoin(LimitCase):

    def test_create_sent_again(self):
        """A create sent again with its cmd_id answers the first answer,
        also after a restart and after a kill; no second table."""
        srv = self.server("--max-tables", "1")
        key = "create-0123456789abcdef"
        a = create(srv, cmd_id=key)
        self.assertEqual(a.status, 201, repr(a))
        first = {k: a.json[k] for k in ("id", "seat", "secret", "invite")}
        for restart in (None, "stop", "kill"):
            if restart == "stop":
                srv.stop()
                srv.start()
            elif restart == "kill":
                srv.kill()
                srv.start()
            b = create(srv, cmd_id=key)
            self.assertEqual(b.status, 201, "%s: %r" % (restart, b))
            self.assertEqual({k: b.json[k] for k in first}, first, restart)
            self.assertEqual(b.json["snapshot"]["id"], first["id"])
        # no second table: the server's one open table is the first
        self.assert_limit(create(srv, cmd_id="another-0123456789abcdef"),
                          503, "max-tables")
        # the secret works
        a = srv.command(first["id"], first["secret"], "abort")
        self.assertEqual(a.status, 200, repr(a))

    def test_join_sent_again(self):
        srv = self.server()
        a = create(srv)
        tid, inv = a.json["id"], a.json["invite"]
        body = {"invite": inv, "cmd_id": "join-0123456789abcdef"}
        path = "/api/v1/tables/%s/join" % tid
        j = srv.request("POST", path, body)
        self.assertEqual(j.status, 200, repr(j))
        srv.kill()
        srv.start()
        k = srv.request("POST", path, body)
        self.assertEqual(k.status, 200, repr(k))
        self.assertEqual((k.json["seat"], k.json["secret"]),
                         (j.json["seat"], j.json["secret"]))
        self.assertEqual(k.json["snapshot"]["status"], "playing")
        # without the cmd_id the used invite is refused, as before
        self.assertEqual(srv.request("POST", path, {"invite": inv}).status,
                         403)
        # the secret is not kept in clear in the database
        srv.stop()
        dump = srv.db_dump()
        self.assertNotIn(j.json["secret"], dump)
        self.assertNotIn(a.json["secret"], dump)
        self.assertNotIn("join-0123456789abcdef", dump)

    def test_bad_cmd_id(self):
        srv = self.server()
        for bad in ("short", 5, "x" * 65, "with space 0123456789"):
            a = create(srv, cmd_id=bad)
            self.assertEqual(a.status, 400, "%r: %r" % (bad, a))
            self.assertIn("cmd_id", a.json["error"])


if __name__ == "__main__":
    unittest.main()


class TestAwayCountdown(LimitCase):
    """What a page counts down from before claim_win: the server's --away
    in GET /api/v1 (limits.away_s) and each away seat's away_ms in the
    snapshot (doc/server-api.md, "Tables")."""

    def test_away_s_and_away_ms(self):
        srv = self.server("--away", "7")
        self.assertEqual(srv.request("GET", "/api/v1").json["limits"]
                         ["away_s"], 7)
        lone = srv.create("dots_and_boxes(rows=3,cols=3)")
        self.assertEqual(lone.status, 201, repr(lone))
        waiting = srv.snapshot(lone.json["id"])
        t = srv.table("dots_and_boxes(rows=3,cols=3)")
        # joined, both away until they open a stream
        self.assertIn("away_ms", srv.snapshot(t.id)["seats"][0])
        s0 = srv.stream(t.id, secret=t.secrets[0])
        self.addCleanup(s0.close)
        deadline = time.time() + 10
        while (time.time() < deadline and
               not srv.snapshot(t.id)["seats"][0]["present"]):
            time.sleep(0.05)
        self.assertEqual(t.move(0, action=0).status, 200)
        time.sleep(0.3)
        snap = srv.snapshot(t.id)
        # seat 0 has its stream open: present, no away_ms; seat 1 joined
        # and never opened one: away since the game started
        self.assertTrue(snap["seats"][0]["present"])
        self.assertNotIn("away_ms", snap["seats"][0])
        self.assertFalse(snap["seats"][1]["present"])
        self.assertGreaterEqual(snap["seats"][1]["away_ms"], 250)
        self.assertLess(snap["seats"][1]["away_ms"], 60000)
        # a claim before --away tells the wait, which the snapshot agrees on
        a = t.cmd(0, "claim_win")
        self.assertEqual(a.status, 409, repr(a))
        time.sleep(0.2)
        later = srv.snapshot(t.id)["seats"][1]["away_ms"]
        self.assertGreater(later, snap["seats"][1]["away_ms"])
        # once seat 1 is here it is not away
        s1 = srv.stream(t.id, secret=t.secrets[1])
        self.addCleanup(s1.close)
        deadline = time.time() + 10
        while (time.time() < deadline and
               not srv.snapshot(t.id)["seats"][1]["present"]):
            time.sleep(0.05)
        snap = srv.snapshot(t.id)
        self.assertTrue(snap["seats"][1]["present"])
        self.assertNotIn("away_ms", snap["seats"][1])
        # and at a table waiting for its opponent nobody is away
        self.assertEqual(waiting["status"], "waiting")
        self.assertNotIn("away_ms", waiting["seats"][0])
        self.assertNotIn("away_ms", waiting["seats"][1])


class TestGamesShared(LimitCase):
    """The tables of one spec share one game (games.c): a game is made for
    the first, kept while any is in memory (also after a restart), gone
    with the last (mg_games_in_memory of /metrics; a finished table
    leaves memory after a minute unwatched, or at a restart)."""

    def games(self, srv):
        text = srv.request("GET", "/metrics").body.decode()
        m = re.search(r"^mg_games_in_memory (\d+)$", text, re.M)
        self.assertIsNotNone(m, text)
        return int(m.group(1))

    def test_one_game_per_spec(self):
        srv = self.server("--max-tables-per-addr", "0",
                          "--creations-per-hour", "0")
        self.assertEqual(self.games(srv), 0)
        ids = []
        for spec in ["dots_and_boxes(rows=3,cols=3)"] * 3 + ["fangqi"] * 2:
            a = srv.create(spec)
            self.assertEqual(a.status, 201, repr(a))
            ids.append(a.json)
        self.assertEqual(self.games(srv), 2)
        # a spec written otherwise is the same game (the canonical spec)
        a = srv.create("dots_and_boxes(cols=3,rows=3,border=none)")
        self.assertEqual(a.status, 201, repr(a))
        self.assertEqual(self.games(srv), 2)
        # tables restored from the log share theirs again
        srv.stop()
        srv.start()
        for t in ids:
            self.assertEqual(srv.snapshot(t["id"])["status"], "waiting")
        self.assertEqual(self.games(srv), 2)
        # the two Fangqi tables end (aborted): after a restart only the
        # unfinished tables are in memory, with their one game
        for t in ids[3:]:
            a = srv.command(t["id"], t["secret"], "abort")
            self.assertEqual(a.status, 200, repr(a))
        srv.stop()
        srv.start()
        self.assertEqual(self.games(srv), 1)
        self.assertEqual(srv.snapshot(ids[4]["id"])["status"], "aborted")
