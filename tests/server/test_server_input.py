"""mg-server: bad input, limits and security (doc/server-api.md, "Limits and
security").  Each bad request gets its documented status and a JSON
{"error": ...}, changes nothing, and the server keeps serving."""

import gzip
import http.client
import os
import shutil
import socket
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402

DAB = "dots_and_boxes(rows=2,cols=2,border=swedish)"
MARKER = "mg-server-test-outside-the-web-folder"


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


def make_web_dir(tmp):
    """A web folder of our own (a copy of build/web when there is one, else
    an index.html) with a marked file next to it, outside it."""
    web = os.path.join(tmp, "web")
    if os.path.isdir(mgclient.WEB_DIR):
        shutil.copytree(mgclient.WEB_DIR, web)
    else:
        os.makedirs(web)
    if not os.path.exists(os.path.join(web, "index.html")):
        with open(os.path.join(web, "index.html"), "w") as f:
            f.write("<!doctype html><title>mg</title>")
    with open(os.path.join(tmp, "outside.txt"), "w") as f:
        f.write(MARKER)
    return web


class InputCase(unittest.TestCase):
    # many tests share this server: the per-client table limits are
    # test_server_limits.py's
    server_args = ["--rate", "2000", "--burst", "4000",
                   "--max-tables-per-addr", "0", "--creations-per-hour", "0"]

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="mgweb-")
        cls.web = make_web_dir(cls.tmp)
        cls.srv = mgclient.Server(args=cls.server_args, web_dir=cls.web)
        cls.srv.start()

    @classmethod
    def tearDownClass(cls):
        try:
            cls.srv.stop()
        finally:
            cls.srv.cleanup()
            shutil.rmtree(cls.tmp, ignore_errors=True)

    def assert_error(self, a, status, what="", contains=None):
        if isinstance(status, int):
            status = (status,)
        self.assertIn(a.status, status, "%s: %r" % (what, a))
        self.assertIsInstance(a.json, dict, "%s: not JSON: %r" % (what, a))
        self.assertIsInstance(a.json.get("error"), str,
                              "%s: no error message: %r" % (what, a))
        self.assertTrue(a.json["error"].strip(), what)
        if contains is not None:
            self.assertIn(contains, a.json["error"], what)

    def assert_serving(self):
        a = self.srv.request("GET", "/healthz", timeout=5)
        self.assertEqual(a.status, 200, "the server stopped serving: %r"
                         % (a,))

    def assert_security_headers(self, a, what=""):
        for h in mgclient.SECURITY_HEADERS:
            self.assertIsNotNone(a.header(h), "%s: no %s header in %r"
                                 % (what, h, a.headers))
        self.assertEqual(a.header("X-Content-Type-Options"), "nosniff")
        self.assertEqual(a.header("Referrer-Policy"), "no-referrer")
        self.assertEqual(a.header("X-Frame-Options"), "DENY")


class TestBodies(InputCase):

    def setUp(self):
        self.t = self.srv.table(DAB)
        self.v = self.t.snapshot()["version"]
        self.cmd_path = "/api/v1/tables/%s/commands" % self.t.id

    def tearDown(self):
        self.assertEqual(self.t.snapshot()["version"], self.v,
                         "a refused request changed the table")
        self.assert_serving()

    def post_both(self, raw, status, what):
        """The same raw body to POST /tables and to /commands."""
        a = self.srv.request("POST", "/api/v1/tables", raw=raw)
        self.assert_error(a, status, "create: " + what)
        self.assert_security_headers(a, what)
        b = self.srv.request("POST", self.cmd_path, raw=raw,
                             secret=self.t.secrets[0])
        self.assert_error(b, status, "command: " + what)
        return a, b

    def test_malformed_json(self):
        for raw in (b"{", b"", b"not json", b'{"spec": }', b"[1,2]",
                    b'"spec"', b"null", b'{"spec": "x"} trailing',
                    b"{'spec': 'x'}", b'{"op": "move", "action": 0,}'):
            self.post_both(raw, 400, "body %r" % raw)

    def test_deep_nesting(self):
        deep = b'{"spec": "' + DAB.encode() + b'", "x": ' + \
            b"[" * 9 + b"1" + b"]" * 9 + b"}"
        self.post_both(deep, 400, "depth 10")
        deeper = b"[" * 100000 + b"]" * 100000
        a = self.srv.request("POST", "/api/v1/tables", raw=deeper[:8000])
        self.assert_error(a, 400, "many brackets")
        ok = b'{"spec": "' + DAB.encode() + b'", "x": ' + \
            b"[" * 6 + b"1" + b"]" * 6 + b"}"
        a = self.srv.request("POST", "/api/v1/tables", raw=ok)
        self.assertNotEqual(a.status, 500, repr(a))

    def test_duplicate_keys(self):
        raw = ('{"spec": "%s", "spec": "china_tangle"}' % DAB).encode()
        a = self.srv.request("POST", "/api/v1/tables", raw=raw)
        self.assert_error(a, 400, "duplicate spec")
        raw = b'{"op": "resign", "op": "resign"}'
        b = self.srv.request("POST", self.cmd_path, raw=raw,
                             secret=self.t.secrets[0])
        self.assert_error(b, 400, "duplicate op")

    def test_wrong_types_create(self):
        for body in ({"spec": 5}, {"spec": None}, {}, {"spec": [DAB]},
                     {"spec": DAB, "seat": 2}, {"spec": DAB, "seat": "x"},
                     {"spec": DAB, "seat": 0.5}, {"spec": DAB, "seat": True},
                     {"spec": DAB, "bots": "random"},
                     {"spec": DAB, "bots": [None]},
                     {"spec": DAB, "bots": [None, 5]},
                     {"spec": DAB, "bots": [None, "no_such_bot"]},
                     {"spec": DAB, "bots": ["random", None]},
                     {"spec": DAB, "clock": 1000},
                     {"spec": DAB, "clock": {"base_ms": "1000",
                                             "increment_ms": 0}},
                     {"spec": DAB, "clock": {"base_ms": 999,
                                             "increment_ms": 0}},
                     {"spec": DAB, "clock": {"base_ms": 86400001,
                                             "increment_ms": 0}},
                     {"spec": DAB, "clock": {"base_ms": 60000,
                                             "increment_ms": 600001}},
                     {"spec": DAB, "clock": {"base_ms": 60000,
                                             "increment_ms": -1}},
                     {"spec": DAB, "takebacks": "yes"},
                     {"spec": "no_such_game"},
                     {"spec": "dots_and_boxes(rows=0)"},
                     {"spec": "dots_and_boxes(rows=2,cols=2,border=nope)"}):
            a = self.srv.request("POST", "/api/v1/tables", body)
            self.assert_error(a, 400, "create %r" % (body,))

    def test_wrong_types_command(self):
        for body in ({"op": 5}, {}, {"op": "fly"}, {"op": "move"},
                     {"op": "move", "move": 5},
                     {"op": "move", "action": "0"},
                     {"op": "move", "action": 0.5},
                     {"op": "move", "action": 0, "expect_version": "1"},
                     {"op": "move", "action": 0, "cmd_id": ""},
                     {"op": "move", "action": 0, "cmd_id": "x" * 65},
                     {"op": "move", "action": 0, "cmd_id": "a\nb"},
                     {"op": "move", "action": 0, "cmd_id": 7},
                     {"op": "move", "move": "zz99"},
                     {"op": "move", "action": 10 ** 12}):
            a = self.srv.request("POST", self.cmd_path, body,
                                 secret=self.t.secrets[0])
            # a move naming no action may be 400 or the library's 422
            ok = (400, 422) if body.get("move") == "zz99" or \
                body.get("action") == 10 ** 12 else 400
            self.assert_error(a, ok, "command %r" % (body,))

    def test_unknown_op_lists_the_ops(self):
        # the list comes from ops.c's command table; "timeout" is the
        # timer's own op, unknown to a seat
        for op in ("fly", "timeout"):
            a = self.srv.request("POST", self.cmd_path, {"op": op},
                                 secret=self.t.secrets[0])
            self.assert_error(a, 400, op)
            self.assertEqual(
                a.json["error"],
                "unknown op '%s': expected move, resign, draw_offer, "
                "draw_accept, draw_decline, takeback_request, "
                "takeback_accept, takeback_decline, abort, rematch, "
                "claim_win or claim_bot" % op)

    def test_too_big(self):
        big = ('{"spec": "%s", "pad": "%s"}' % (DAB, "x" * 9000)).encode()
        a = self.srv.request("POST", "/api/v1/tables", raw=big)
        self.assert_error(a, 413, "9 KiB body")
        b = self.srv.request("POST", self.cmd_path, raw=big,
                             secret=self.t.secrets[0])
        self.assert_error(b, 413, "9 KiB command")
        huge = b'{"x": "' + b"y" * (1 << 20) + b'"}'
        try:
            c = self.srv.request("POST", "/api/v1/tables", raw=huge)
            self.assert_error(c, 413, "1 MiB body")
        except (BrokenPipeError, ConnectionResetError):
            pass  # closing early is fine

    def test_invalid_utf8(self):
        for raw in (b'{"spec": "dots_and_boxes\xff"}',
                    b'{"spec": "\xc0\xaf"}',
                    b'{"spec": "\xed\xa0\x80"}',
                    b'{"op": "move", "move": "a1\xfe"}'):
            a = self.srv.request("POST", "/api/v1/tables", raw=raw)
            self.assert_error(a, 400, "create %r" % raw)
        b = self.srv.request("POST", self.cmd_path,
                             raw=b'{"op": "move", "move": "a1\xfe"}',
                             secret=self.t.secrets[0])
        self.assert_error(b, (400, 422), "command with bad UTF-8")

    def test_nul_in_strings(self):
        a = self.srv.request("POST", "/api/v1/tables",
                             {"spec": DAB + "\u0000x"})
        self.assert_error(a, 400, "NUL in spec")
        b = self.srv.request("POST", self.cmd_path,
                             {"op": "move", "move": "a1-b1\u0000"},
                             secret=self.t.secrets[0])
        self.assert_error(b, (400, 422), "NUL in move")


class TestAccess(InputCase):

    def test_unknown_tables(self):
        for tid in ("A" * 16, "nope", "%00", "..", "a" * 300):
            a = self.srv.request("GET", "/api/v1/tables/%s" % tid)
            self.assert_error(a, (404, 400), "GET table %r" % tid)
            self.assert_security_headers(a, "unknown table")
            b = self.srv.request("POST", "/api/v1/tables/%s/commands" % tid,
                                 {"op": "resign"}, secret="x" * 43)
            # a well-formed id: 401 exactly as for a wrong secret; an id
            # that cannot be one tells nothing: 400 or 404 as well
            self.assert_error(b, 401 if tid == "A" * 16 else (401, 400, 404),
                              "command on %r" % tid)
            if tid == "A" * 16:
                self.assertEqual(b.json["error"], "not a seat of this table")
            c = self.srv.join(tid, "x" * 22)
            self.assert_error(c, (403, 404, 400), "join %r" % tid)
        self.assert_serving()

    def test_secrets(self):
        t = self.srv.table(DAB)
        v = t.snapshot()["version"]
        path = "/api/v1/tables/%s/commands" % t.id
        for h in ({}, {"Authorization": "Bearer"},
                  {"Authorization": "Bearer "},
                  {"Authorization": "Basic " + t.secrets[0]},
                  {"Authorization": "bearer-" + t.secrets[0]},
                  {"Authorization": "Bearer " + t.secrets[0][:-1]},
                  {"Authorization": "Bearer " + "\u00e9".encode(
                      "utf-8").decode("latin-1") * 30},
                  {"Authorization": "Bearer " + "A" * 5000}):
            a = self.srv.request("POST", path, {"op": "resign"}, headers=h)
            self.assert_error(a, (401, 400, 431), "headers %r" % (h,))
        self.assertEqual(t.snapshot()["version"], v)
        self.assert_serving()

    def test_origin(self):
        body = {"spec": DAB}
        # https://127.0.0.1:PORT: the scheme counts too (https only
        # through --trusted-proxy's X-Forwarded-Proto)
        for origin in ("http://evil.example", "null",
                       "https://127.0.0.1:%d" % self.srv.port,
                       "http://127.0.0.1:%d.evil" % self.srv.port,
                       "http://127.0.0.1:%d" % (self.srv.port + 1),
                       "http://evil.example:%d" % self.srv.port,
                       "http://localhost:1"):
            a = self.srv.request("POST", "/api/v1/tables", body,
                                 origin=origin)
            self.assert_error(a, 403, "POST with Origin %s" % origin)
            self.assert_security_headers(a)
        t = self.srv.table(DAB)
        v = t.snapshot()["version"]
        a = self.srv.request("POST", "/api/v1/tables/%s/commands" % t.id,
                             {"op": "resign"}, secret=t.secrets[0],
                             origin="http://evil.example")
        self.assert_error(a, 403, "command with a foreign Origin")
        self.assertEqual(t.snapshot()["version"], v)
        s = self.srv.stream(t.id, origin="http://evil.example")
        self.assertEqual(s.status, 403, "stream with a foreign Origin")
        a = self.srv.request("POST", "/api/v1/tables", body,
                             origin=self.srv.origin)
        self.assertEqual(a.status, 201, "POST with our own Origin: %r" % a)

    def test_security_headers_everywhere(self):
        t = self.srv.table(DAB)
        for method, path, body in (
                ("GET", "/healthz", None), ("GET", "/api/v1", None),
                ("GET", "/api/v1/tables/%s" % t.id, None),
                ("GET", "/api/v1/tables/%s/record" % t.id, None),
                ("GET", "/api/v1/tables/%s/events?after=0&wait=1" % t.id, None),
                ("GET", "/", None), ("GET", "/index.html", None),
                ("GET", "/no/such/file.js", None),
                ("GET", "/metrics", None),
                ("POST", "/api/v1/tables", {"spec": 1}),
                ("POST", "/api/v1/tables/%s/commands" % t.id,
                 {"op": "resign"}),
                ("DELETE", "/api/v1/tables/%s" % t.id, None),
                ("GET", "/api/v1/nothing", None)):
            a = self.srv.request(method, path, body)
            self.assert_security_headers(a, "%s %s (%d)" % (method, path,
                                                            a.status))
            if path.startswith("/api"):
                self.assertEqual(a.header("MG-API-Version"), "1", path)
            if a.status >= 400 and path.startswith("/api"):
                self.assert_error(a, a.status, "%s %s" % (method, path))

    def test_index_served(self):
        """The page at / and at a table's link /t/ID."""
        with open(os.path.join(self.web, "index.html"), "rb") as f:
            index = f.read()
        t = self.srv.table(DAB)
        for p in ("/", "/t/" + t.id):
            a = self.srv.request("GET", p)
            self.assertEqual(a.status, 200, "%s: %r" % (p, a))
            self.assertTrue((a.header("Content-Type") or "")
                            .startswith("text/html"), p)
            self.assertEqual(a.body, index, p)
            self.assert_security_headers(a, p)
        a = self.srv.request("GET", "/t/AAAAAAAAAAAAAAAA")
        self.assertNotEqual(a.status, 500)

    def test_path_traversal(self):
        paths = ["/../../etc/passwd", "/../outside.txt",
                 "/%2e%2e/outside.txt", "/%2e%2e/%2e%2e/etc/passwd",
                 "/%2E%2E%2Foutside.txt", "/..%2foutside.txt",
                 "/..%2Foutside.txt", "/.%2e/outside.txt",
                 "/%252e%252e/outside.txt", "//etc/passwd",
                 "/..\\outside.txt", "/..%5coutside.txt",
                 "/%00/../outside.txt", "/index.html%00.txt",
                 "/static/../../outside.txt", "/t/../../outside.txt",
                 "/" + "../" * 20 + "etc/passwd",
                 "/%c0%ae%c0%ae/outside.txt"]
        for p in paths:
            req = ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                   "Connection: close\r\n\r\n" % p).encode("latin-1")
            status, out = self.srv.raw(req)
            self.assertNotIn(MARKER.encode(), out, "GET %s served a file "
                             "outside the web folder" % p)
            self.assertNotIn(b"root:", out, p)
            # nor anything else: a NUL or a dot segment names no file
            self.assertIn(status, (400, 403, 404), "GET %s: %r"
                          % (p, out[:200]))
        self.assert_serving()

    def test_symlink_out_of_web_folder(self):
        link = os.path.join(self.web, "escape.txt")
        try:
            os.symlink(os.path.join(self.tmp, "outside.txt"), link)
        except OSError:
            self.skipTest("no symlinks")
        try:
            a = self.srv.request("GET", "/escape.txt")
            self.assertNotIn(MARKER.encode(), a.body,
                             "a symlink out of the web folder was served")
        finally:
            os.unlink(link)

    def test_spec_limits(self):
        long_spec = "dots_and_boxes(rows=2,cols=2" + ",misere=false" * 30 + \
            ")"
        self.assertGreater(len(long_spec), 256)
        a = self.srv.create(long_spec)
        self.assert_error(a, 400, "a spec of %d bytes" % len(long_spec))
        self.assertIn("256", a.json["error"], "the message names the limit")
        # past --max-actions: a 19x19 Fangqi has 13718 action ids
        a = self.srv.create("fangqi(width=19,height=19)")
        self.assert_error(a, 400, "13718 actions")
        self.assertIn("5000", a.json["error"], "the message names the limit")
        a = self.srv.create("x" * 100000)
        self.assert_error(a, (400, 413), "a 100 kB spec")
        self.assert_serving()

    def test_unknown_methods_and_routes(self):
        for method, path in (("PUT", "/api/v1/tables"),
                             ("GET", "/api/v1/tables/x/y/z"),
                             ("POST", "/healthz"), ("GET", "/api/v9/x")):
            a = self.srv.request(method, path, {"x": 1})
            self.assertIn(a.status, (400, 404, 405), "%s %s: %r"
                          % (method, path, a))
            self.assertNotEqual(a.status, 500)
        self.assert_serving()

    def test_garbage_requests(self):
        for raw in (b"\x00\x01\x02\r\n\r\n", b"GET\r\n\r\n",
                    b"GET / HTTP/9.9\r\n\r\n",
                    b"POST /api/v1/tables HTTP/1.1\r\nHost: x\r\n"
                    b"Content-Length: -5\r\n\r\n",
                    b"POST /api/v1/tables HTTP/1.1\r\nHost: x\r\n"
                    b"Transfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
                    b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\n\r\n"):
            try:
                self.srv.raw(raw, timeout=3)
            except OSError:
                pass
        self.assert_serving()

    def test_slow_loris(self):
        socks = []
        try:
            for i in range(16):
                s = socket.create_connection(("127.0.0.1", self.srv.port))
                s.sendall(b"POST /api/v1/tables HTTP/1.1\r\nHost: x\r\n"
                          b"Content-Length: 100\r\n\r\n{\"spec\"" if i % 2
                          else b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
                socks.append(s)
            t0 = time.time()
            for _ in range(5):
                a = self.srv.request("GET", "/healthz", timeout=5)
                self.assertEqual(a.status, 200)
            t = self.srv.table(DAB)
            a = t.cmd(0, "abort")
            self.assertEqual(a.status, 200, repr(a))
            self.assertLess(time.time() - t0, 5.0,
                            "partial requests slowed the others down")
        finally:
            for s in socks:
                s.close()
        self.assert_serving()


class TestStreamSlots(InputCase):
    """On a server of its own: when this fails, the connections it leaves
    behind would fail the other tests."""

    def test_closed_streams_free_their_connections(self):
        """Streams opened and closed one after another, more than
        --max-conns (64): each frees its connection when it closes."""
        t = self.srv.table(DAB)
        for i in range(80):
            try:
                s = self.srv.stream(t.id)
            except (OSError, http.client.HTTPException) as e:
                self.fail("stream %d after %d closed ones: %r (closed "
                          "streams still count against --max-conns?)"
                          % (i, i, e))
            self.assertEqual(s.status, 200, "stream %d: %r"
                             % (i, getattr(s, "body", b"")))
            s.wait_for(lambda e: True, timeout=5)
            s.close()
        self.assert_serving()


class TestRateLimit(InputCase):
    """The default rate limit (20 requests/s, burst 40, per IP)."""

    server_args = []

    def test_flood(self):
        answers = []
        t0 = time.time()
        for _ in range(150):
            answers.append(self.srv.request("GET", "/api/v1"))
            if answers[-1].status == 429:
                break
        limited = [a for a in answers if a.status == 429]
        self.assertTrue(limited, "150 requests in %.2f s without a 429"
                        % (time.time() - t0))
        a = limited[0]
        self.assert_error(a, 429, "flood")
        ra = a.header("Retry-After")
        self.assertIsNotNone(ra, "429 without Retry-After")
        self.assertTrue(ra.strip().isdigit() and int(ra) >= 1, ra)
        self.assertIn("retry_after", a.json)
        self.assertGreater(len(answers), 20, "limited before the burst")
        # it recovers
        time.sleep(min(float(ra), 3.0) + 0.2)
        self.assert_serving()


class TestSeatRate(InputCase):
    """The default seat rate (10 commands/s), the IP limit lifted."""

    server_args = ["--rate", "2000", "--burst", "4000"]

    def test_seat_command_rate(self):
        t = self.srv.table(DAB)
        seen = []
        # 30 commands from each seat at once: past 10/s per seat
        for i in range(60):
            if i % 2 == 0:
                a = t.cmd(0, "draw_offer", retry_429=False)
            else:
                a = t.cmd(1, "draw_decline", retry_429=False)
            seen.append(a.status)
            if a.status == 429:
                self.assert_error(a, 429, "seat rate")
                self.assertIsNotNone(a.header("Retry-After"))
                break
            self.assertEqual(a.status, 200, repr(a))
        self.assertIn(429, seen, "30 commands at once from each seat: %r"
                      % seen)



class TestCompressed(unittest.TestCase):
    """The page's files compressed at build time (NAME.br, NAME.gz) are
    sent to clients that accept them, with Content-Encoding and Vary:
    Accept-Encoding; on a web folder the test makes."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="mgweb-")
        web = cls.web = os.path.join(cls.tmp, "web")
        os.makedirs(web)
        cls.files = {"index.html": b"<!doctype html><title>mg</title>" * 40,
                     "app.js": b"export const x = 1;\n" * 200,
                     "mindgames.wasm": os.urandom(3000),
                     "style.css": b"body { margin: 0 }\n" * 50}
        for name, data in cls.files.items():
            with open(os.path.join(web, name), "wb") as f:
                f.write(data)
        for name in ("index.html", "app.js", "mindgames.wasm"):
            with open(os.path.join(web, name + ".gz"), "wb") as f:
                f.write(gzip.compress(cls.files[name], mtime=0))
            # brotli is not in Python's standard library: the server
            # sends the file as it is, which is what this checks
            with open(os.path.join(web, name + ".br"), "wb") as f:
                f.write(b"brotli of " + name.encode())
        # style.css.gz older than style.css: stale, never sent
        stale = os.path.join(web, "style.css.gz")
        with open(stale, "wb") as f:
            f.write(gzip.compress(b"old"))
        t = os.path.getmtime(os.path.join(web, "style.css"))
        os.utime(stale, (t - 100, t - 100))
        cls.srv = mgclient.Server(args=["--rate", "0"], web_dir=web)
        cls.srv.start()

    @classmethod
    def tearDownClass(cls):
        try:
            cls.srv.stop()
        finally:
            cls.srv.cleanup()
            shutil.rmtree(cls.tmp, ignore_errors=True)

    def get(self, path, accept):
        return self.srv.request("GET", path,
                                headers={"Accept-Encoding": accept})

    def test_encodings(self):
        cases = [("gzip", "gzip"), ("gzip, deflate", "gzip"),
                 ("br, gzip", "br"), ("gzip;q=0.5, br;q=1", "br"),
                 ("*", "br"), ("br;q=0, *", "gzip"),
                 ("gzip;q=0", None), ("br;q=0.0, gzip;q=0", None),
                 ("identity", None), ("GZIP", "gzip"), ("xgzip", None)]
        for name in ("app.js", "mindgames.wasm", "index.html"):
            path = "/" + name
            for accept, coding in cases:
                a = self.get(path, accept)
                what = "%s with %r: %r" % (path, accept, a)
                self.assertEqual(a.status, 200, what)
                self.assertEqual(a.header("Content-Encoding"), coding, what)
                self.assertEqual(a.header("Vary"), "Accept-Encoding", what)
                for h in mgclient.SECURITY_HEADERS:
                    self.assertTrue(a.header(h), what)
                if coding == "gzip":
                    self.assertEqual(gzip.decompress(a.body),
                                     self.files[name], what)
                elif coding == "br":
                    self.assertEqual(a.body, b"brotli of " + name.encode(),
                                     what)
                else:
                    self.assertEqual(a.body, self.files[name], what)
        # the page at / and /t/ID is index.html, compressed too
        self.assertEqual(self.get("/", "gzip").header("Content-Encoding"),
                         "gzip")

    def test_stale_or_absent_copy(self):
        a = self.get("/style.css", "gzip, br")
        self.assertEqual(a.status, 200, repr(a))
        self.assertIsNone(a.header("Content-Encoding"))
        self.assertEqual(a.body, self.files["style.css"])

    def test_copies_not_served_by_name(self):
        for p in ("/app.js.gz", "/mindgames.wasm.br"):
            self.assertEqual(self.get(p, "gzip").status, 404, p)


if __name__ == "__main__":
    unittest.main()
