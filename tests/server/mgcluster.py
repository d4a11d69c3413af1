"""mgcluster: several mg-server processes on one PostgreSQL database,
behind nginx, for the cluster tests (make check-cluster) and the cluster
bench (make bench-cluster).

Needs the environment of tests/server/pg-cluster.sh: MG_TEST_PG (the
cluster's URI) and MG_PG_BIN, MG_PG_DATA, MG_PG_LOG, MG_PG_OPTS,
MG_PG_RUNAS (to stop and start PostgreSQL itself mid-game).

nginx (Debian's /usr/sbin/nginx, or MG_NGINX) runs with the configuration
of doc/deploy/nginx-cluster.conf, made fit for loopback here (nginx_conf:
no TLS, the processes' ports in its upstream, the paths in a temporary
folder) plus one port per process that reaches that process only
(through the same settings), so that a test can pin a player to a
process and still go through nginx.
"""

import http.client
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

import mgclient

NGINX = os.environ.get("MG_NGINX", "/usr/sbin/nginx")
DOC_CONF = os.path.join(mgclient.ROOT, "doc", "deploy", "nginx-cluster.conf")
NETERR = (OSError, http.client.HTTPException)
# answers after which a command is sent again as it was (same cmd_id):
# nothing was applied, or it was and the cmd_id answers it
RETRY_STATUS = (429, 502, 503, 504)


class Endpoint(mgclient.Server):
    """Requests to one loopback port (a process, or nginx): the client
    half of mgclient.Server, which starts nothing."""

    def __init__(self, port, name):  # pylint: disable=super-init-not-called
        self.port = port
        self.name = name
        self.proc = None

    def __repr__(self):
        return "<%s :%d>" % (self.name, self.port)


def retry(fn, *a, **kw):
    """fn(*a, **kw) until it answers other than RETRY_STATUS (and without
    a network error), for a minute at most: the answer."""
    end = time.time() + 60
    while True:
        try:
            ans = fn(*a, **kw)
            if ans.status not in RETRY_STATUS:
                return ans
        except NETERR as e:
            ans = e
        if time.time() > end:
            raise AssertionError("no answer but %r for a minute" % (ans,))
        time.sleep(0.03)


# ---------------------------------------------------------- PostgreSQL

def pg_ctl(*args):
    cmd = [os.path.join(os.environ["MG_PG_BIN"], "pg_ctl"),
           "-D", os.environ["MG_PG_DATA"]] + list(args)
    if os.environ.get("MG_PG_RUNAS"):
        cmd = ["runuser", "-u", os.environ["MG_PG_RUNAS"], "--"] + cmd
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def pg_stop():
    """PostgreSQL crashes (an immediate stop: no checkpoint, its
    connections cut; the next start recovers from its WAL)."""
    pg_ctl("-m", "immediate", "-w", "stop")


def pg_start():
    pg_ctl("-l", os.environ["MG_PG_LOG"], "-w", "-t", "60",
           "-o", os.environ["MG_PG_OPTS"], "start")


def have_pg_control():
    return all(os.environ.get(k) for k in
               ("MG_TEST_PG", "MG_PG_BIN", "MG_PG_DATA", "MG_PG_OPTS"))


# --------------------------------------------------------------- nginx

def nginx_conf(tmp, port, procs, pins):
    """doc/deploy/nginx-cluster.conf for loopback: the TLS server on
    127.0.0.1:port without TLS, the upstream's servers the processes'
    ports, plus for each process i a server on pins[i] reaching that
    process only; every answer says which process made it (the header
    X-MG-Upstream).  Raises when the document no longer has what is
    changed here (so that this test keeps testing it)."""
    with open(DOC_CONF) as f:
        doc = f.read()

    def sub(pattern, repl, text, count=1, flags=re.M):
        out, n = re.subn(pattern, repl, text, count=count, flags=flags)
        if n == 0:
            raise AssertionError("%s: no %r" % (DOC_CONF, pattern))
        return out
    # the plain-HTTP redirect server goes; the TLS server becomes ours
    doc = sub(r"^server \{\n    listen 80;.*?\n\}\n", "", doc,
              flags=re.M | re.S)
    servers = "".join("    server 127.0.0.1:%d max_fails=1 "
                      "fail_timeout=2s;\n" % p for p in procs)
    doc = sub(r"(^    server 127\.0\.0\.1:\d+ [^\n]*\n)+", servers, doc)
    doc = sub(r"^    listen 443 ssl;$", "    listen 127.0.0.1:%d;" % port,
              doc)
    for pat in (r"^    listen \[::\]:443 ssl;\n", r"^    http2 on;[^\n]*\n",
                r"^    ssl_[^\n]*\n"):
        doc = sub(pat, "", doc, count=0)
    doc = sub(r"^    add_header Strict-Transport-Security[^\n]*$",
              "    add_header X-MG-Upstream $upstream_addr always;", doc)
    # the page's Origin names the port (http://127.0.0.1:port), and
    # mg-server compares it with Host: the Host the browser sent, port and
    # all ($host has no port: right on 443 only)
    doc = sub(r"^    proxy_set_header Host \$host;",
              "    proxy_set_header Host $http_host;", doc)
    # every client is 127.0.0.1 here
    doc = sub(r"limit_conn mg_conn \d+;", "limit_conn mg_conn 60000;", doc)
    start = doc.index("server {\n    listen 127.0.0.1:")
    main = doc[start:]
    # the pinned servers: the main one's settings, one process each
    pinned = []
    for i, (pin, proc) in enumerate(zip(pins, procs)):
        s = main.replace("listen 127.0.0.1:%d;" % port,
                         "listen 127.0.0.1:%d;" % pin)
        s = s.replace("http://mg_cluster", "http://mg_pin_%d" % i)
        pinned.append("upstream mg_pin_%d {\n    server 127.0.0.1:%d;\n"
                      "    keepalive 16;\n}\n\n%s" % (i, proc, s))
    user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
    return ("# made by tests/server/mgcluster.py from %s\n"
            "%sworker_processes 1;\ndaemon off;\npid %s/nginx.pid;\n"
            "error_log %s/error.log warn;\n"
            "events { worker_connections 16384; }\n"
            "http {\n"
            "access_log off;\n"
            "client_body_temp_path %s/body;\nproxy_temp_path %s/proxy;\n"
            "fastcgi_temp_path %s/fastcgi;\nuwsgi_temp_path %s/uwsgi;\n"
            "scgi_temp_path %s/scgi;\n"
            "default_type application/octet-stream;\n\n%s\n%s}\n"
            % ((DOC_CONF, user) + (tmp,) * 7 + (doc, "\n".join(pinned))))


class Nginx(object):
    """nginx in front of the processes' ports: port (routing by table
    id, as the document) and pins[i] (process i only)."""

    def __init__(self, procs, tmp):
        self.tmp = os.path.join(tmp, "nginx")
        os.makedirs(self.tmp)
        for d in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            os.makedirs(os.path.join(self.tmp, d))
            if os.geteuid() == 0:
                os.chown(os.path.join(self.tmp, d), 65534, 65534)
        os.chmod(self.tmp, 0o755)
        self.port = mgclient.free_port()
        self.pins = [mgclient.free_port() for _ in procs]
        self.conf = os.path.join(self.tmp, "nginx.conf")
        with open(self.conf, "w") as f:
            f.write(nginx_conf(self.tmp, self.port, procs, self.pins))
        self.proc = None

    def command(self, *extra):
        return [NGINX, "-p", self.tmp, "-c", self.conf,
                "-e", os.path.join(self.tmp, "error.log")] + list(extra)

    def start(self):
        t = subprocess.run(self.command("-t"), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        if t.returncode != 0:
            raise RuntimeError("nginx -t: %s" % t.stdout.decode())
        self.proc = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        end = time.time() + 10
        while time.time() < end:
            try:
                Endpoint(self.port, "nginx").request("GET", "/healthz",
                                                     timeout=2)
                return
            except NETERR:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
        raise RuntimeError("nginx did not answer: %s" % self.log_tail())

    def log_tail(self):
        try:
            with open(os.path.join(self.tmp, "error.log")) as f:
                return f.read()[-2000:]
        except OSError:
            return ""

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)   # graceful
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ------------------------------------------------------------- cluster

class Cluster(object):
    """n mg-server processes on one new database of the PostgreSQL
    cluster (MG_TEST_PG), and nginx in front of them.

    procs[i]: mgclient.Server (kill(), start()); direct[i], pinned[i]:
    Endpoints of process i, directly and through nginx; front: nginx's
    routed port."""

    def __init__(self, n=3, args=(), with_nginx=True):
        self.tmp = tempfile.mkdtemp(prefix="mgcluster-")
        os.chmod(self.tmp, 0o755)
        self.db_name, self.db = mgclient.pg_new_database()
        self.procs = []
        for i in range(n):
            d = os.path.join(self.tmp, "p%d" % i)
            os.makedirs(d)
            srv = mgclient.Server(args=list(args), db_dir=d)
            srv.db = self.db           # the one shared database
            self.procs.append(srv)
        self.nginx = Nginx([p.port for p in self.procs], self.tmp) \
            if with_nginx else None
        self.direct = [Endpoint(p.port, "process %d" % i)
                       for i, p in enumerate(self.procs)]
        self.pinned = []
        self.front = None
        if self.nginx:
            self.pinned = [Endpoint(pin, "nginx to process %d" % i)
                           for i, pin in enumerate(self.nginx.pins)]
            self.front = Endpoint(self.nginx.port, "nginx")

    def start(self):
        # the first process makes the schema; then the others
        self.procs[0].start()
        for p in self.procs[1:]:
            p.start()
        if self.nginx:
            self.nginx.start()

    def restart(self, i, timeout=30):
        """Start process i again (after a kill), also while PostgreSQL is
        down or coming back: until /healthz answers 200."""
        p = self.procs[i]
        end = time.time() + timeout
        while True:
            try:
                return p.start(timeout=max(1.0, end - time.time()))
            except RuntimeError:
                if time.time() > end:
                    raise
                p.kill()
                time.sleep(0.1)

    def process_of(self, answer):
        """The index of the process that made an answer through nginx
        (its X-MG-Upstream header; the last one tried), or None."""
        up = answer.header("X-MG-Upstream") if answer else None
        if not up:
            return None
        last = up.split(",")[-1].strip().split(" : ")[-1]
        for i, p in enumerate(self.procs):
            if last == "127.0.0.1:%d" % p.port:
                return i
        return None

    def cleanup(self):
        try:
            if self.nginx:
                self.nginx.stop()
        finally:
            for p in self.procs:
                try:
                    p.kill()
                finally:
                    p.cleanup()
            if os.environ.get("MG_KEEP_TMP"):
                print("mgcluster: kept %s" % self.tmp)
            else:
                shutil.rmtree(self.tmp, ignore_errors=True)
                mgclient._psql("DROP DATABASE IF EXISTS %s WITH (FORCE)"
                               % self.db_name)
