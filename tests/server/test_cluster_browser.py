"""The page, in a real browser, through nginx in front of several
mg-server processes on one PostgreSQL database (make check-cluster;
doc/deploy/cluster.md).

Three processes serving the page (--web-dir build/web) and nginx in
front (tests/server/mgcluster.py); web/test/check-cluster-play.mjs (node
--test, playwright-core, Debian's chromium) plays a whole game by clicks
with player A's page through nginx to process 0 and player B's to
process 1, a spectator through nginx's routing by table id: each page
shown the other's moves by its event stream, every answer made by its
page's process, the same end everywhere.

Skipped, with the reason, without build/web (make web),
web/node_modules/playwright-core (make check-web installs it), node or
chromium; under CI=true (where .ci/run runs make check-cluster after
make web and make check-web) they fail instead.  MG_WEB_DIR, CHROMIUM:
the page's folder and the browser.
"""

import os
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
import mgcluster  # noqa: E402
from test_cluster_play import ARGS, skip_reason  # noqa: E402

WEB = os.path.abspath(os.path.join(
    mgclient.ROOT, os.environ.get("MG_WEB_DIR", os.path.join("build", "web"))))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TEST = os.path.join(mgclient.ROOT, "web", "test", "check-cluster-play.mjs")
PLAYWRIGHT = os.path.join(mgclient.ROOT, "web", "node_modules",
                          "playwright-core")


def browser_missing():
    """What the browser test needs and this machine has not, or None."""
    if not os.path.exists(os.path.join(WEB, "index.html")):
        return "no %s/index.html (make web)" % WEB
    if not os.path.isdir(PLAYWRIGHT):
        return "no %s (make check-web installs it)" % PLAYWRIGHT
    if shutil.which("node") is None:
        return "no node (make web installs it)"
    if not os.access(CHROMIUM, os.X_OK):
        return ("no %s (Debian's chromium; make check-web installs it)"
                % CHROMIUM)
    return None


def setUpModule():
    r = skip_reason()
    if r:
        raise unittest.SkipTest(r)
    r = browser_missing()
    if r:
        if os.environ.get("CI") == "true":
            raise AssertionError("CI=true and the browser test cannot "
                                 "run: " + r)
        raise unittest.SkipTest(r)


class ClusterBrowser(unittest.TestCase):

    def test_two_pages_on_two_processes(self):
        c = mgcluster.Cluster(3, ARGS + ["--web-dir", WEB])
        try:
            c.start()
            env = dict(os.environ)
            env.update({
                "MG_CLUSTER_PINNED": ",".join(
                    "http://127.0.0.1:%d" % e.port for e in c.pinned),
                "MG_CLUSTER_FRONT": "http://127.0.0.1:%d" % c.front.port,
                "MG_CLUSTER_PROCS": ",".join(
                    "127.0.0.1:%d" % p.port for p in c.procs),
                "CHROMIUM": CHROMIUM,
            })
            try:
                r = subprocess.run(["node", "--test", TEST], env=env,
                                   cwd=mgclient.ROOT, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, timeout=240)
            except subprocess.TimeoutExpired as e:
                self.fail("%s: still running after 240 s:\n%s"
                          % (TEST, (e.stdout or b"").decode(errors="replace")))
            out = r.stdout.decode(errors="replace")
            if os.environ.get("MG_SERVER_VERBOSE"):
                print(out)
            self.assertEqual(r.returncode, 0, "%s:\n%s%s" % (
                TEST, out, c.nginx.log_tail()))
            # the node test ran its test (not a file without tests)
            self.assertRegex(out, r"(?m)^# pass 1$", out)
        finally:
            c.cleanup()


if __name__ == "__main__":
    unittest.main()
