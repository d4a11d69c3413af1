// check-cluster-play.mjs - the page as mg-server's client through nginx
// in front of several mg-server processes on one PostgreSQL database
// (doc/deploy/cluster.md), in a real browser (Debian's chromium,
// headless, driven by playwright-core).  The cluster is started by
// tests/server/test_cluster_browser.py (make check-cluster), which runs
// this with:
//
//   MG_CLUSTER_PINNED    nginx's URL to each process (process i only),
//                        comma-separated
//   MG_CLUSTER_FRONT     nginx's URL routed by table id (the document's)
//   MG_CLUSTER_PROCS     each process's address, as nginx's header
//                        X-MG-Upstream names it (127.0.0.1:port), comma-
//                        separated in the same order
//   MG_CLUSTER_SHOTS     a folder for the screenshots of the end (none
//                        taken without it)
//   CHROMIUM             the browser (/usr/bin/chromium)
//
// Player A's page through nginx to process 0, player B's to process 1,
// a spectator through nginx's routing: a whole Dots and Boxes game by
// clicks, each page shown the other's moves by its event stream (not by
// fetching the table again), every answer of A's page made by process 0
// and every one of B's by process 1, and the same end on every page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { launchChromium } from "./browser.mjs";
import { DESKTOP, PHONE, openPage, noErrors, snap, createTable, playByClicks, sameEnd } from "./online-page.mjs";

const list = (name) => (process.env[name] || "").split(",").filter((x) => x);
const PINNED = list("MG_CLUSTER_PINNED");
const PROCS = list("MG_CLUSTER_PROCS");
const FRONT = process.env.MG_CLUSTER_FRONT;
const SHOTS = process.env.MG_CLUSTER_SHOTS;

let browser;

before(async () => {
    assert.ok(PINNED.length >= 2 && PINNED.length === PROCS.length && FRONT,
              "MG_CLUSTER_PINNED, MG_CLUSTER_PROCS (two or more, as many) and MG_CLUSTER_FRONT: " +
              "run by tests/server/test_cluster_browser.py (make check-cluster)");
    browser = await launchChromium();
});

after(async () => {
    if (browser) await browser.close();
});

// The process that made an answer that came through nginx: the index in
// PROCS of the last upstream its X-MG-Upstream names ("a, b" when nginx
// tried a then b; "a : b" after an internal redirect), or null.
function processOf(headers) {
    const up = headers["x-mg-upstream"];
    if (!up) return null;
    const last = up.split(",").pop().trim().split(" : ").pop().trim();
    const i = PROCS.indexOf(last);
    return i < 0 ? null : i;
}

// Every answer of `page` to the server's API (its event streams too, when
// their headers come): { path, method, proc }.
function watchAnswers(page) {
    const seen = [];
    page.on("response", (r) => {
        const u = new URL(r.url());
        if (!u.pathname.startsWith("/api/")) return;
        seen.push({ path: u.pathname, method: r.request().method(), proc: processOf(r.headers()) });
    });
    return seen;
}

const tableGets = (seen, id) => seen.filter((x) => x.method === "GET" && x.path === `/api/v1/tables/${id}`).length;

test("two players on two processes through nginx: a whole game by clicks, the moves by the event streams", async (t) => {
    const spec = "dots_and_boxes(rows=2,cols=2)";
    const a = await openPage(browser, t, PINNED[0] + "/", DESKTOP, (p) => { p.mgSeen = watchAnswers(p); });
    assert.equal(processOf(a.mgResponse.headers()), 0, "A's page is process 0's");
    const { invite, watch } = await createTable(a, spec).catch(async (e) => {
        console.log("A's page:", JSON.stringify({ url: a.url(), notice: await a.textContent("#notice"),
                                                  errors: a.mgErrors, answers: a.mgSeen }));
        throw e;
    });
    const id = new URL(a.url()).pathname.split("/t/")[1];
    // the links are A's address (nginx to process 0): B opens the invite
    // through nginx to process 1, the spectator through nginx's routing
    const inviteB = PINNED[1] + new URL(invite).pathname + new URL(invite).hash;
    const b = await openPage(browser, t, inviteB, PHONE, (p) => { p.mgSeen = watchAnswers(p); });
    assert.equal(processOf(b.mgResponse.headers()), 1, "B's page is process 1's");
    await b.waitForSelector('#online-bar[data-status="playing"][data-seat="1"]');
    await a.waitForSelector('#online-bar[data-status="playing"]');
    // (A sees B's join, process 1's event, on process 0's stream.  Not
    // B's presence: a seat is present to the process that holds its
    // stream, and nginx's routing by table id sends both players' streams
    // to one process; here they are on two on purpose.)
    const s = await openPage(browser, t, FRONT + new URL(watch, invite).pathname, DESKTOP,
                             (p) => { p.mgSeen = watchAnswers(p); });
    const sp = processOf(s.mgResponse.headers());
    assert.ok(sp !== null, "nginx's routed port names the process that answered");
    await s.waitForSelector('#online-bar[data-seat="spectator"]');
    for (const q of [a, b, s]) await q.waitForSelector('#online-bar[data-conn="up"]');

    // the other's move comes by the stream: no page fetches the table
    // again while the game runs (the end's snapshot is fetched)
    const gets0 = [a, b, s].map((q) => tableGets(q.mgSeen, id));
    const moves = await playByClicks([a, b], [s], {
        afterMove: async () => {
            if ((await snap(a)).status !== "playing") return;
            const gets = [a, b, s].map((q) => tableGets(q.mgSeen, id));
            assert.deepEqual(gets, gets0, "the moves came by the event streams, not by GET /tables/{id}");
        },
    });
    assert.ok(moves >= 12, `${moves} moves`);
    const reason = await sameEnd([a, b, s]);
    if (process.env.MG_DEBUG) console.log(`${moves} moves; ${reason}; spectator on process ${sp}`);

    // the table as the server has it, through nginx's routing: the moves
    // every page showed
    const table = await (await fetch(`${FRONT}/api/v1/tables/${id}`)).json();
    assert.equal(table.status, "over");
    assert.deepEqual(table.actions, (await snap(a)).history);

    // which process made each page's answers: A's all process 0's, B's all
    // process 1's (their commands and their event streams); the
    // spectator's of the table (its page, snapshot and stream) all the one
    // process nginx routes the table to (the API's other paths are routed
    // by their own)
    const ofTable = (x) => x.path.startsWith(`/api/v1/tables/${id}`);
    for (const [q, want, who, which] of [[a, 0, "A", () => true], [b, 1, "B", () => true],
                                         [s, sp, "the spectator", ofTable]]) {
        assert.ok(q.mgSeen.some((x) => x.path === `/api/v1/tables/${id}/events`), `${who}'s event stream`);
        const other = q.mgSeen.filter((x) => which(x) && x.proc !== want);
        assert.deepEqual(other, [], `${who}'s answers all from process ${want}`);
    }
    assert.ok(s.mgSeen.filter(ofTable).length >= 2, "the spectator's snapshot and stream");
    assert.ok(a.mgSeen.some((x) => x.method === "POST" && x.path === "/api/v1/tables"), "A created the table");
    assert.ok(a.mgSeen.some((x) => x.method === "POST" && x.path === `/api/v1/tables/${id}/commands`), "A's moves");
    assert.ok(b.mgSeen.some((x) => x.method === "POST" && x.path === `/api/v1/tables/${id}/join`), "B joined");
    assert.ok(b.mgSeen.some((x) => x.method === "POST" && x.path === `/api/v1/tables/${id}/commands`), "B's moves");
    if (SHOTS) {
        await a.screenshot({ path: path.join(SHOTS, "cluster-a.png") });
        await b.screenshot({ path: path.join(SHOTS, "cluster-b.png") });
        await s.screenshot({ path: path.join(SHOTS, "cluster-spectator.png") });
    }
    for (const q of [a, b, s]) noErrors(q);
});
