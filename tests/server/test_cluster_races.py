"""Races between mg-server processes on one PostgreSQL database
(make check-cluster; issue 32's "Races"): the same request sent to two
processes at the same instant is decided once, and the loser is told
why.

- two players join the same invite through two processes: one seat
  taken, one 403, one `joined` event;
- the same command (one cmd_id) sent to two processes at once: both get
  the one first answer, the log holds the move once;
- one seek accepted by two players through two processes: one table,
  one 409.
"""

import os
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
from test_cluster_play import ClusterCase, skip_reason  # noqa: E402
from test_server_crash import check_table  # noqa: E402

SPEC = "dots_and_boxes(rows=2,cols=2)"
ROUNDS = 8


def setUpModule():
    r = skip_reason()
    if r:
        raise unittest.SkipTest(r)


def at_once(*calls):
    """Run the calls (fn, args...) in threads released together: their
    answers, in order."""
    out = [None] * len(calls)
    gate = threading.Barrier(len(calls))

    def run(i, fn, args):
        gate.wait()
        try:
            out[i] = fn(*args)
        except Exception as e:  # noqa: BLE001 - reported by the caller
            out[i] = e
    th = [threading.Thread(target=run, args=(i, c[0], c[1:]))
          for i, c in enumerate(calls)]
    for t in th:
        t.start()
    for t in th:
        t.join(60)
    return out


class TestRaces(ClusterCase):

    def test_two_joins_of_one_invite_through_two_processes(self):
        c = self.cluster
        for r in range(ROUNDS):
            a = c.direct[0].create(SPEC)
            self.assertEqual(a.status, 201, repr(a))
            tid, inv = a.json["id"], a.json["invite"]
            j1, j2 = at_once((c.direct[1].join, tid, inv),
                             (c.direct[2].join, tid, inv))
            st = sorted([j1.status, j2.status])
            self.assertEqual(st, [200, 403], "round %d: %r %r"
                             % (r, j1, j2))
            loser = j1 if j1.status == 403 else j2
            self.assertIn("invite", loser.error or "", repr(loser))
            for ep in c.direct:
                log = ep.poll(tid, 0).json["events"]
                self.assertEqual([e["type"] for e in log].count("joined"), 1,
                                 "round %d on %r: %r" % (r, ep, log))

    def test_one_cmd_id_to_two_processes_at_once(self):
        c = self.cluster
        rng = mgclient.rng()
        for r in range(ROUNDS):
            t = c.direct[0].table(SPEC)
            v = t.snapshot()["version"]
            rp = mgclient.Replay(SPEC)
            action = rp.random_action(rng)
            cid = "%032x" % rng.getrandbits(128)
            answers = at_once(*[
                (lambda ep=ep: ep.command(t.id, t.secrets[0], "move",
                                          action=action, expect_version=v,
                                          cmd_id=cid),)
                for ep in c.direct])
            for a in answers:
                self.assertEqual(a.status, 200, "round %d: %r" % (r, a))
            self.assertEqual(len(set(a.body for a in answers)), 1,
                             "round %d: not the one first answer: %r"
                             % (r, answers))
            self.assertEqual(answers[0].json["version"], v + 1)
            for ep in c.direct:
                check_table(self, ep, t.id, SPEC, [(v + 1, action)],
                            poll=True)

    def test_one_seek_accepted_through_two_processes(self):
        c = self.cluster
        toks = []
        for i in range(3):
            a = c.front.request("POST", "/api/v1/players",
                                {"name": "Race_%d_%d" % (os.getpid() % 997,
                                                         i)})
            self.assertEqual(a.status, 201, repr(a))
            toks.append(a.json["token"])
        for r in range(ROUNDS):
            s = c.direct[0].request("POST", "/api/v1/seeks",
                                    {"spec": SPEC}, secret=toks[0])
            self.assertEqual(s.status, 201, repr(s))
            sid = s.json["id"]
            path = "/api/v1/seeks/%s/accept" % sid
            a1, a2 = at_once(
                (c.direct[1].request, "POST", path, {}, toks[1]),
                (c.direct[2].request, "POST", path, {}, toks[2]))
            st = sorted([a1.status, a2.status])
            self.assertEqual(st, [200, 409], "round %d: %r %r"
                             % (r, a1, a2))
            won = a1 if a1.status == 200 else a2
            lost = a2 if won is a1 else a1
            self.assertTrue(lost.error, repr(lost))
            for ep in c.direct:
                snap = ep.snapshot(won.json["table"])
                self.assertEqual(snap["status"], "playing", repr(ep))


if __name__ == "__main__":
    unittest.main()
