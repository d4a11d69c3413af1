"""mgclient: a small client of mg-server for the server's tests.

Standard library only.  Starts and stops the server (build/programs/mg-server
on a free port with a temporary database), sends JSON requests (optional
Bearer secret and Origin), reads the Server-Sent Events stream (id:/event:/
data: lines, comment heartbeats, Last-Event-ID) and the long poll, and
replays games locally through the library (the `mindgames` package of
python/, when it loads).
"""

import ctypes
import http.client
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
SERVER = os.environ.get("MG_SERVER",
                        os.path.join(ROOT, "build", "programs", "mg-server"))
LIBRARY = os.environ.get("MINDGAMES_LIB",
                         os.path.join(ROOT, "build", "libmindgames.so.1"))
WEB_DIR = os.path.join(ROOT, "build", "web")

if os.path.join(ROOT, "python") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("MINDGAMES_LIB", LIBRARY)

try:
    import mindgames as mg  # noqa: E402
except Exception as e:  # pragma: no cover - reported by the tests
    mg = None
    MG_IMPORT_ERROR = str(e)
else:
    MG_IMPORT_ERROR = ""

SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options",
                    "Referrer-Policy", "X-Frame-Options")


# MG_TEST_PG (tests/server/pg-cluster.sh; make check-postgres): every
# server runs on a PostgreSQL database of its own, made for it in that
# cluster and dropped at its cleanup, instead of a SQLite file
PG = os.environ.get("MG_TEST_PG") or None
_pg_count = [0]


def sqlite_only(test):
    """A test of the SQLite file itself (its bytes, its permissions, its
    size limit): skipped on PostgreSQL."""
    import unittest
    return unittest.skipIf(PG, "the SQLite file itself")(test)


def _psql(sql):
    subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", PG, "-c", sql],
                   check=True, stdout=subprocess.DEVNULL)


def pg_query(uri, sql):
    """Rows of sql on a PostgreSQL database, as lists of text."""
    out = subprocess.run(["psql", "-qAt", "-F", "\t", "-v", "ON_ERROR_STOP=1",
                          uri, "-c", sql], check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    return [line.split("\t") for line in out.splitlines()]


def pg_new_database():
    """A new database in the cluster: its name and its URI."""
    _pg_count[0] += 1
    name = "mgs_%d_%d" % (os.getpid(), _pg_count[0])
    _psql("CREATE DATABASE %s" % name)
    base, _, query = PG.partition("?")
    uri = base.rsplit("/", 1)[0] + "/" + name + ("?" + query if query else "")
    return name, uri


def free_port():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


# ------------------------------------------------------------------ answers

class Answer(object):
    """One HTTP answer: status, headers (case-insensitive get), body bytes,
    and json (the parsed body, or None)."""

    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body
        self.json = None
        try:
            self.json = json.loads(body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            pass

    def header(self, name):
        for k, v in self.headers:
            if k.lower() == name.lower():
                return v
        return None

    @property
    def error(self):
        if isinstance(self.json, dict):
            return self.json.get("error")
        return None

    def __repr__(self):
        return "<%d %s>" % (self.status, self.body[:300])


# ------------------------------------------------------------------- server

class Server(object):
    """mg-server on a free port of 127.0.0.1 with a database in a temporary
    folder.  args: extra command line options."""

    def __init__(self, args=(), db_dir=None, web_dir=None, port=None,
                 user=None):
        self.tmp = tempfile.mkdtemp(prefix="mgsrv-")
        self.db_dir = db_dir or os.path.join(self.tmp, "db")
        os.makedirs(self.db_dir, exist_ok=True)
        self.db = os.path.join(self.db_dir, "db")
        self.pg_name = None
        if PG and db_dir is None:
            self.pg_name, self.db = pg_new_database()
        self.web_dir = web_dir or (WEB_DIR if os.path.isdir(WEB_DIR) else None)
        self.port = port or free_port()
        self.args = list(args)
        extra = os.environ.get("MG_SERVER_ARGS", "").split()
        self.args += extra
        self.proc = None
        self.user = user  # run as this uid (crash tests as root)
        self.log_path = os.path.join(self.tmp, "server.log")
        self.starts = 0
        self.server = SERVER
        if user is not None:
            self._copy_server()

    def _copy_server(self):
        """Another user may not reach the build tree (a checkout in a
        private folder, such as mktemp -d's): run a copy of the program and
        of the library beside it ($ORIGIN/.. is its run path) from this
        server's own folder, and serve no page unless one was given."""
        run = os.path.join(self.tmp, "run")
        os.makedirs(os.path.join(run, "programs"))
        os.chmod(run, 0o755)
        os.chmod(os.path.join(run, "programs"), 0o755)
        self.server = os.path.join(run, "programs", "mg-server")
        shutil.copy2(SERVER, self.server)
        lib = os.path.join(os.path.dirname(os.path.dirname(
            os.path.abspath(SERVER))), "libmindgames.so.1")
        if os.path.exists(lib):
            shutil.copy(os.path.realpath(lib),
                        os.path.join(run, "libmindgames.so.1"))
        if self.web_dir == WEB_DIR:
            self.web_dir = None

    @property
    def origin(self):
        return "http://127.0.0.1:%d" % self.port

    def command_line(self):
        cmd = [self.server, "--listen", "127.0.0.1:%d" % self.port,
               "--db", self.db, "--quiet"]
        if self.web_dir:
            cmd += ["--web-dir", self.web_dir]
        cmd += self.args
        if self.user is not None:
            cmd = ["setpriv", "--reuid=%d" % self.user,
                   "--regid=%d" % self.user, "--clear-groups"] + cmd
        return cmd

    def start(self, timeout=15.0, healthy=True):
        """Start and wait until GET /healthz answers (200 when healthy,
        any answer when not)."""
        assert self.proc is None or self.proc.poll() is not None
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.command_line(), stdout=log,
                                     stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        log.close()
        self.starts += 1
        end = time.time() + timeout
        last = None
        while time.time() < end:
            if self.proc.poll() is not None:
                raise RuntimeError("mg-server exited with %s at start: %s"
                                   % (self.proc.returncode, self.log_tail()))
            try:
                a = self.request("GET", "/healthz", timeout=2)
                last = a
                if a.status == 200 or not healthy:
                    return a
            except OSError:
                pass
            time.sleep(0.02)
        raise RuntimeError("mg-server did not answer GET /healthz in %.0f s "
                           "(last %r): %s" % (timeout, last, self.log_tail()))

    def log_tail(self, n=2000):
        try:
            with open(self.log_path, "rb") as f:
                return f.read()[-n:].decode("utf-8", "replace")
        except OSError:
            return ""

    def stop(self, timeout=10.0):
        """SIGTERM and wait; returns the exit status (SIGKILL after
        timeout, then raises)."""
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise RuntimeError("mg-server did not stop in %.0f s after "
                               "SIGTERM" % timeout)

    def kill(self):
        """SIGKILL (a crash) and wait."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def db_dump(self):
        """The whole database as text (SQLite's dump, or pg_dump's), to
        look for what must not be stored in it."""
        if self.pg_name:
            return subprocess.run(["pg_dump", "--data-only", self.db],
                                  check=True, stdout=subprocess.PIPE
                                  ).stdout.decode("utf-8", "replace")
        import sqlite3
        db = sqlite3.connect(self.db)
        try:
            return "\n".join(db.iterdump())
        finally:
            db.close()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def cleanup(self):
        try:
            self.kill()
        finally:
            if not os.environ.get("MG_KEEP_TMP"):
                shutil.rmtree(self.tmp, ignore_errors=True)
                if self.pg_name:
                    _psql("DROP DATABASE IF EXISTS %s WITH (FORCE)"
                          % self.pg_name)
                    self.pg_name = None

    # ---------------------------------------------------------- requests

    def request(self, method, path, body=None, secret=None, origin=None,
                headers=None, raw=None, timeout=30):
        """One request on a new connection.  body: JSON-encoded; raw: bytes
        sent as they are."""
        h = {}
        data = None
        if raw is not None:
            data = raw
            h["Content-Type"] = "application/json"
        elif body is not None:
            data = json.dumps(body).encode("utf-8")
            h["Content-Type"] = "application/json"
        if secret is not None:
            h["Authorization"] = "Bearer " + secret
        if origin is not None:
            h["Origin"] = origin
        if headers:
            h.update(headers)
        c = http.client.HTTPConnection("127.0.0.1", self.port,
                                       timeout=timeout)
        try:
            c.request(method, path, body=data, headers=h)
            r = c.getresponse()
            return Answer(r.status, r.getheaders(), r.read())
        finally:
            c.close()

    def raw(self, data, timeout=10):
        """Send raw bytes on a new connection; returns (status or None,
        whole answer bytes)."""
        s = socket.create_connection(("127.0.0.1", self.port), timeout)
        try:
            s.sendall(data)
            out = b""
            while True:
                try:
                    b = s.recv(65536)
                except socket.timeout:
                    break
                if not b:
                    break
                out += b
                if b"\r\n\r\n" in out and b"Connection: close" not in out:
                    head, _, rest = out.partition(b"\r\n\r\n")
                    cl = None
                    for line in head.split(b"\r\n")[1:]:
                        k, _, v = line.partition(b":")
                        if k.strip().lower() == b"content-length":
                            cl = int(v.strip())
                    if cl is not None and len(rest) >= cl:
                        break
        finally:
            s.close()
        status = None
        if out.startswith(b"HTTP/"):
            try:
                status = int(out.split(b" ", 2)[1])
            except (IndexError, ValueError):
                pass
        return status, out

    # ----------------------------------------------------------- the API

    def create(self, spec, **fields):
        body = {"spec": spec}
        body.update(fields)
        return self.request("POST", "/api/v1/tables", body)

    def join(self, tid, invite):
        return self.request("POST", "/api/v1/tables/%s/join" % tid,
                            {"invite": invite})

    def snapshot(self, tid):
        a = self.request("GET", "/api/v1/tables/%s" % tid)
        if a.status != 200:
            raise AssertionError("GET /api/v1/tables/%s: %r" % (tid, a))
        return a.json

    def record(self, tid):
        a = self.request("GET", "/api/v1/tables/%s/record" % tid)
        if a.status != 200:
            raise AssertionError("GET record: %r" % (a,))
        return a.body.decode("utf-8")

    def command(self, tid, secret, op, retry_429=True, **fields):
        body = {"op": op}
        body.update(fields)
        for _ in range(200):
            a = self.request("POST", "/api/v1/tables/%s/commands" % tid,
                             body, secret=secret)
            if a.status != 429 or not retry_429:
                return a
            ra = a.header("Retry-After")
            try:
                wait = float(ra)
            except (TypeError, ValueError):
                wait = 0.2
            time.sleep(min(max(wait, 0.05), 0.3))
        return a

    def poll(self, tid, after, wait=True, timeout=40):
        q = "?after=%d" % after + ("&wait=1" if wait else "")
        return self.request("GET", "/api/v1/tables/%s/events%s" % (tid, q),
                            timeout=timeout)

    def stream(self, tid, secret=None, last_event_id=None, after=None,
               origin=None):
        return EventStream(self, tid, secret=secret,
                           last_event_id=last_event_id, after=after,
                           origin=origin)

    def table(self, spec, **fields):
        """Create a table and join its other seat (when it has an
        invite): returns a Table."""
        a = self.create(spec, **fields)
        if a.status != 201:
            raise AssertionError("create %s: %r" % (spec, a))
        t = Table(self, a.json)
        if a.json.get("invite"):
            j = self.join(t.id, a.json["invite"])
            if j.status != 200:
                raise AssertionError("join: %r" % (j,))
            t.secrets[j.json["seat"]] = j.json["secret"]
        return t


class Table(object):
    def __init__(self, srv, created):
        self.srv = srv
        self.created = created
        self.id = created["id"]
        self.secrets = [None, None]
        self.secrets[created["seat"]] = created["secret"]
        self.invite = created.get("invite")

    def snapshot(self):
        return self.srv.snapshot(self.id)

    def cmd(self, seat, op, **fields):
        return self.srv.command(self.id, self.secrets[seat], op, **fields)

    def move(self, seat, move=None, action=None, **fields):
        if action is not None:
            fields["action"] = action
        else:
            fields["move"] = move
        return self.cmd(seat, "move", **fields)


# ------------------------------------------------------------------ streams

class EventStream(object):
    """GET /api/v1/tables/ID/events read by a thread: events (dicts with
    id, event, data (parsed JSON), raw data), comments (the text of comment
    lines), status, headers, and closed when the stream ended."""

    def __init__(self, srv, tid, secret=None, last_event_id=None,
                 after=None, origin=None, timeout=60, path=None):
        self.srv = srv
        self.events = []
        self.comments = []
        self.retry = None
        self.closed = False
        self.error = None
        self.cv = threading.Condition()
        if path is None:  # another stream: the lobby's
            path = "/api/v1/tables/%s/events" % tid
        if after is not None:
            path += "?after=%d" % after
        h = {"Accept": "text/event-stream"}
        if secret is not None:
            h["Authorization"] = "Bearer " + secret
        if last_event_id is not None:
            h["Last-Event-ID"] = str(last_event_id)
        if origin is not None:
            h["Origin"] = origin
        self.conn = http.client.HTTPConnection("127.0.0.1", srv.port,
                                               timeout=timeout)
        self.conn.connect()
        self.sock = self.conn.sock  # getresponse() may drop conn.sock
        self.conn.request("GET", path, headers=h)
        self.resp = self.conn.getresponse()
        self.status = self.resp.status
        self.headers = self.resp.getheaders()
        if self.status != 200:
            self.body = self.resp.read()
            self.closed = True
            self.conn.close()
            return
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def header(self, name):
        for k, v in self.headers:
            if k.lower() == name.lower():
                return v
        return None

    def _run(self):
        cur = {}
        data = []
        try:
            while True:
                line = self.resp.readline()
                if not line:
                    break
                line = line.decode("utf-8").rstrip("\r\n")
                if line == "":
                    # a block without data lines is not an event (the SSE
                    # standard: "retry: 2000" alone, an id alone)
                    if data:
                        ev = dict(cur)
                        ev.setdefault("event", "message")
                        ev["raw"] = "\n".join(data)
                        try:
                            ev["data"] = json.loads(ev["raw"])
                        except ValueError:
                            ev["data"] = None
                        with self.cv:
                            self.events.append(ev)
                            self.cv.notify_all()
                    cur, data = {}, []
                    continue
                if line.startswith(":"):
                    with self.cv:
                        self.comments.append(line[1:].strip())
                        self.cv.notify_all()
                    continue
                k, _, v = line.partition(":")
                if v.startswith(" "):
                    v = v[1:]
                if k == "data":
                    data.append(v)
                elif k == "id":
                    cur["id"] = int(v) if v.isdigit() else v
                elif k == "event":
                    cur[k] = v
                elif k == "retry":
                    self.retry = v
        except Exception as e:  # socket closed by close(), or a bad line
            self.error = e
        finally:
            with self.cv:
                self.closed = True
                self.cv.notify_all()

    def logged(self):
        """The events with an id (the logged ones)."""
        with self.cv:
            return [e for e in self.events if "id" in e]

    def wait_for(self, pred, timeout=10.0, what="an event", start=0):
        """The first event e (in order, from events[start]) with pred(e);
        AssertionError after timeout."""
        end = time.time() + timeout
        with self.cv:
            while True:
                for e in self.events[start:]:
                    if pred(e):
                        return e
                if self.closed:
                    raise AssertionError("stream ended before %s; got %s"
                                         % (what, self.summary()))
                left = end - time.time()
                if left <= 0:
                    raise AssertionError("no %s in %.1f s; got %s"
                                         % (what, timeout, self.summary()))
                self.cv.wait(left)

    def wait_version(self, version, timeout=10.0):
        return self.wait_for(lambda e: e.get("id") == version, timeout,
                             "event id %d" % version)

    def wait_closed(self, timeout=10.0):
        end = time.time() + timeout
        with self.cv:
            while not self.closed:
                left = end - time.time()
                if left <= 0:
                    return False
                self.cv.wait(left)
        return True

    def summary(self):
        return [(e.get("id"), e.get("event")) for e in self.events][-40:]

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self.conn.close()
        if hasattr(self, "thread"):
            self.thread.join(5)


# ---------------------------------------------------------- local replays

def _lib():
    if mg is None:
        raise RuntimeError("the mindgames package does not load: "
                           + MG_IMPORT_ERROR)
    global _LIB
    try:
        return _LIB
    except NameError:
        pass
    lib = ctypes.CDLL(os.environ.get("MINDGAMES_LIB", LIBRARY))
    for name in ("mg_state_illegal_reason", "mg_state_end_reason"):
        f = getattr(lib, name)
        f.restype = ctypes.c_int
    lib.mg_state_illegal_reason.argtypes = [
        ctypes.c_void_p, ctypes.c_int32, ctypes.c_char_p, ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t)]
    lib.mg_state_end_reason.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t)]
    _LIB = lib
    return lib


def illegal_reason(state, action):
    """mg_state_illegal_reason of the library ("" when legal)."""
    lib = _lib()
    buf = ctypes.create_string_buffer(4096)
    n = ctypes.c_size_t(0)
    lib.mg_state_illegal_reason(state._handle(), action, buf, 4096,
                                ctypes.byref(n))
    return buf.value.decode("utf-8")


def end_reason(state):
    lib = _lib()
    buf = ctypes.create_string_buffer(4096)
    n = ctypes.c_size_t(0)
    lib.mg_state_end_reason(state._handle(), buf, 4096, ctypes.byref(n))
    return buf.value.decode("utf-8")


class Replay(object):
    """A game replayed locally through the library."""

    def __init__(self, spec, actions=()):
        if mg is None:
            raise RuntimeError("the mindgames package does not load: "
                               + MG_IMPORT_ERROR)
        self.game = mg.Game(spec)
        self.state = self.game.new_state()
        for a in actions:
            self.state.apply(int(a))

    def legal(self):
        return [int(a) for a in self.state.legal_actions()]

    def random_action(self, rng):
        return rng.choice(self.legal())

    def illegal_action(self):
        """An id in range that is not legal now, or None."""
        legal = set(self.legal())
        for a in range(self.game.num_actions):
            if a not in legal:
                return a
        return None

    def notation(self, action):
        return self.state.action_to_string(action)

    def moves(self):
        s = self.game.new_state()
        out = []
        for a in self.state.history():
            out.append(s.action_to_string(a))
            s.apply(a)
        return out

    def apply(self, action):
        return self.state.apply(action)

    @property
    def to_move(self):
        return None if self.state.is_terminal else self.state.current_player

    @property
    def over(self):
        return self.state.is_terminal

    def history(self):
        return [int(a) for a in self.state.history()]


def load_record(text):
    """mg_state_load of a record: (state, history)."""
    s = mg.State.load(text)
    return s, [int(a) for a in s.history()]


def rng(seed=None):
    if seed is None:
        seed = int(os.environ.get("MG_SERVER_SEED", "0") or 0) or \
            random.randrange(1 << 30)
    return random.Random(seed)
