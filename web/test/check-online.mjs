// check-online.mjs - the page as mg-server's client, in a real browser
// (Debian's chromium, headless, driven by playwright-core).  The test
// starts build/programs/mg-server itself on a free 127.0.0.1 port with a
// database in a temporary folder, and stops it at the end.  Run by
// `make check-web` when the server is built:
//
//   MG_WEB_DIR=build/web MG_SERVER=build/programs/mg-server \
//       node --test web/test/check-online.mjs
//
// Two players (a desktop and a phone) and a spectator: a Swedish Dots and
// Boxes table created from the page's form, the invite link shared, a
// whole game played by clicks, one player reloading mid-game; then a
// China Squares turn of several stones against a server bot; a rated
// game's end, a player's page and the leaderboard.  Every
// page's console errors fail its test.  Screenshots go to
// $MG_WEB_DIR/screenshots/online-*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import net from "node:net";
import path from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { launchChromium } from "./browser.mjs";
import { DESKTOP, PHONE, openPage, noErrors, version, snap, waitVersion, createTable, playByClicks, sameEnd } from "./online-page.mjs";
import { serve } from "../serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const WEB = path.resolve(repo, process.env.MG_WEB_DIR || "build/web");
const SERVER = path.resolve(repo, process.env.MG_SERVER || "build/programs/mg-server");
const SHOTS = path.join(WEB, "screenshots");

let proc, url, port, browser, tmp, log = "";
// mg-server's --away here: a claim is allowed after 3 s away (60 by default)
const AWAY_S = 3;

// mg-server on `port` with the test's database (again after a stop: the
// same tables, restored from its log).
async function startServer() {
    proc = spawn(SERVER, ["--listen", `127.0.0.1:${port}`, "--db", path.join(tmp, "test.db"),
                          "--web-dir", WEB, "--rate", "0", "--seat-rate", "0", "--bot-time-ms", "200",
                          "--away", String(AWAY_S)],
                 { stdio: ["ignore", "pipe", "pipe"] });
    proc.stdout.on("data", (d) => { log += d; });
    proc.stderr.on("data", (d) => { log += d; });
    for (let i = 0; ; i++) {
        try { const r = await fetch(url + "/healthz"); if (r.ok) break; } catch (e) { /* not yet */ }
        if (i > 100 || proc.exitCode !== null) throw new Error("mg-server did not start:\n" + log);
        await new Promise((r) => setTimeout(r, 100));
    }
}
async function stopServer() {
    if (!proc || proc.exitCode !== null) return;
    proc.kill("SIGTERM");
    await new Promise((r) => { const t = setTimeout(() => { proc.kill("SIGKILL"); r(); }, 5000); proc.on("exit", () => { clearTimeout(t); r(); }); });
}

function freePort() {
    return new Promise((resolve, reject) => {
        const s = net.createServer();
        s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); });
        s.on("error", reject);
    });
}

before(async () => {
    assert.ok(fs.existsSync(path.join(WEB, "index.html")), `${WEB}/index.html: run make web first`);
    assert.ok(fs.existsSync(SERVER), `${SERVER}: run make server first`);
    fs.mkdirSync(SHOTS, { recursive: true });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mg-online-"));
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    await startServer();
    browser = await launchChromium();
});

after(async () => {
    if (browser) await browser.close();
    await stopServer();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    if (process.env.MG_SERVER_LOG) fs.writeFileSync(process.env.MG_SERVER_LOG, log);
});

/* ------------------------------------------------------------ helpers */

const open = (t, where, options = DESKTOP, setup = null) => openPage(browser, t, where, options, setup);
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, name + ".png") });

/* -------------------------------------------------------------- tests */

test("a static server: no online controls, the local game as before", async (t) => {
    const { server, url: surl } = await serve(WEB, 0);
    t.after(() => server.close());
    const page = await open(t, surl);
    assert.equal(await page.isVisible("#online"), false);
    assert.equal(await page.isVisible("#online-bar"), false);
    assert.equal(await page.evaluate(() => window.mgApp.server), null);
    noErrors(page);
});

test("Dots and Boxes online: invite, a whole game by clicks, a reload, a spectator", async (t) => {
    const a = await open(t, url + "/");
    const { invite, watch } = await createTable(a, "dots_and_boxes(rows=2,cols=2,border=swedish)");
    await shot(a, "online-waiting-desktop");

    const b = await open(t, invite, PHONE);
    await b.waitForSelector('#online-bar[data-status="playing"][data-seat="1"]');
    assert.ok(!b.url().includes("invite"), "the invite is dropped from the address");
    const s = await open(t, watch);
    await s.waitForSelector('#online-bar[data-seat="spectator"]');
    await a.waitForSelector('#online-bar[data-status="playing"]');
    await a.waitForSelector("#card1 .presence[data-present='true']");

    let reloaded = false;
    await playByClicks([a, b], [s], {
        beforeClick: async (p, moves) => {
            if (moves !== 0) return;
            // an illegal click: refused, with the library's reason, nothing sent
            const drawn = await p.$('#board .mg-spot');
            if (drawn) {
                await drawn.click();
                await p.waitForSelector("#notice.shown");
            }
        },
        afterMove: async (moves) => {
            if (moves !== 2 || reloaded) return;
            await shot(b, "online-dab-phone-midgame");
            await b.reload();
            await b.waitForSelector("body.ready");
            await b.waitForSelector('#online-bar[data-seat="1"][data-conn="up"]');
            reloaded = true;
        },
    });
    // the same result, reason, winner and moves everywhere: the spectator
    // saw every move
    await sameEnd([a, b, s]);
    assert.ok(reloaded);
    // the record
    const rec = await a.evaluate(async () => (await fetch(document.getElementById("ol-record").href)).text());
    assert.match(rec, /dots_and_boxes/);
    await a.waitForSelector("#ol-rematch:not([hidden])");
    await shot(a, "online-dab-over-desktop");
    await shot(b, "online-dab-over-phone");
    await shot(s, "online-dab-spectator");
    // rematch: the creator follows to the new table, the other is offered it
    const old = a.url();
    await a.click("#ol-rematch");
    await a.waitForURL((u) => u.toString() !== old, { timeout: 10000 });
    await a.waitForSelector('#online-bar[data-seat="1"]');
    await b.waitForSelector("#ol-follow:not([hidden])");
    await b.click("#ol-follow");
    await b.waitForSelector('#online-bar[data-seat="0"][data-status="playing"]');
    for (const q of [a, b, s]) noErrors(q);
});

test("an aborted table shows the server's sentence for why", async (t) => {
    const a = await open(t, url + "/");
    await a.waitForSelector("#online:not([hidden])");
    await a.fill("#spec", "dots_and_boxes(rows=2,cols=2)");
    await a.press("#spec", "Enter");
    await a.selectOption("#ol-seat", "0");
    await a.selectOption("#ol-opponent", "");
    await a.click("#ol-create");
    await a.waitForSelector("#waiting:not([hidden])");
    await a.click("#ol-abort");
    await a.click("#ol-abort"); // "Really abort? Click again"
    await a.waitForSelector('#online-bar[data-status="aborted"]');
    await a.waitForSelector("#result:not([hidden])");
    // the snapshot's "ended" (an expired table and a bot that failed
    // say theirs), not one fixed sentence
    assert.equal(await a.textContent("#result .reason"), "Seat 0 aborted the game.");
    noErrors(a);
});

test("China Squares online on a phone: a turn of several stones, taps >= 40 px", async (t) => {
    const a = await open(t, url + "/", PHONE);
    await a.waitForSelector("#online:not([hidden])");
    await a.selectOption("#game-id", "china_squares");
    await a.selectOption("#ol-seat", "0");
    // the computer's levels (GET /api/v1/levels), then a raw spec
    const values = await a.$$eval("#ol-opponent option", (os) => os.map((o) => o.value));
    assert.deepEqual(values.filter((v) => v.startsWith("level(")), [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `level(${n})`));
    assert.equal(values[values.length - 1], "custom");
    assert.ok(await a.isHidden("#ol-spec-row"));
    await a.selectOption("#ol-opponent", "custom");
    assert.ok(await a.isVisible("#ol-spec-row"));
    await a.selectOption("#ol-opponent", "level(1)");
    await a.click("#ol-create");
    await a.waitForSelector('#online-bar[data-status="playing"][data-seat="0"]');
    const first = await snap(a);
    // whoever starts, wait for this seat's turn
    await a.waitForFunction(() => window.mgApp.online.snap.to_move === 0, null, { timeout: 20000 });
    const start = (await snap(a)).history.length;
    let stones = 0;
    for (;;) {
        const sa = await snap(a);
        // the turn is over when the other seat has played (the bot may
        // have answered already)
        const others = await a.evaluate((n) => window.mgApp.movers.slice(n).some((x) => x !== 0), start);
        if (others || sa.to_move !== 0 || sa.status !== "playing") break;
        await a.waitForSelector('#board[data-waiting="human"] .mg-target[data-role="play"]');
        const tap = +(await a.getAttribute("#board", "data-tap"));
        assert.ok(tap >= 40, `a cell is a ${tap} px target`);
        const box = await a.locator('#board .mg-target[data-role="play"]').first().boundingBox();
        assert.ok(box.width >= 36, `target ${box.width} px`);
        if (stones === 1) await shot(a, "online-china-phone-turn");
        await a.tap('#board .mg-target[data-role="play"]');
        stones++;
        await waitVersion(a, sa.version + 1);
        assert.ok(stones < 20);
    }
    assert.ok(stones >= 2, `a turn of ${stones} stones`);
    // the bot answers
    await a.waitForFunction((n) => window.mgApp.movers.slice(n).some((x) => x !== 0), start, { timeout: 20000 });
    const h = (await snap(a)).history;
    const server = await (await fetch(`${url}/api/v1/tables/${a.url().split("/t/")[1]}`)).json();
    assert.deepEqual(server.actions.slice(0, h.length), h);
    assert.equal(server.seats[1].level, 1);
    assert.equal(server.seats[1].bot, "random");
    assert.ok(first.version >= 0);
    await shot(a, "online-china-phone");
    noErrors(a);
});

test("a correspondence clock against a level: days per move, shown in days", async (t) => {
    const a = await open(t, url + "/");
    await a.waitForSelector("#online:not([hidden])");
    await a.fill("#spec", "dots_and_boxes(rows=3,cols=3)");
    await a.press("#spec", "Enter");
    await a.selectOption("#ol-seat", "0");
    await a.selectOption("#ol-opponent", "level(2)");
    await a.check("#ol-clock");
    await a.fill("#ol-days", "3");
    await a.click("#ol-create");
    await a.waitForSelector('#online-bar[data-status="playing"]');
    const clock = await a.textContent("#card0 .clock");
    assert.match(clock, /^(3d 00:00:00|2d 23:59:\d\d)$/, `the clock shows ${clock}`);
    const server = await (await fetch(`${url}/api/v1/tables/${a.url().split("/t/")[1]}`)).json();
    assert.equal(server.clock.days_per_move, 3);
    assert.equal(typeof server.clock.deadline_ms[0], "number");
    assert.equal(server.seats[1].level, 2);
    assert.equal(server.seats[1].bot, "greedy");
    noErrors(a);
});

test("a clock, a dropped stream: the banner, the reconnection, the game goes on", async (t) => {
    const a = await open(t, url + "/");
    await a.waitForSelector("#online:not([hidden])");
    await a.fill("#spec", "dots_and_boxes(rows=3,cols=3)");
    await a.press("#spec", "Enter");
    await a.selectOption("#ol-seat", "0");
    await a.selectOption("#ol-opponent", "level(1)");
    await a.check("#ol-clock");
    await a.fill("#ol-base", "5");
    await a.fill("#ol-inc", "2");
    await a.click("#ol-create");
    await a.waitForSelector('#online-bar[data-status="playing"][data-conn="up"]');
    const clock = await a.textContent("#card0 .clock");
    assert.match(clock, /^[45]:\d\d$/, `the clock shows ${clock}`);
    await a.waitForSelector('#board[data-waiting="human"] .mg-target[data-role="play"]');
    await a.click('#board .mg-target[data-role="play"]');
    const v = (await snap(a)).version;
    await waitVersion(a, v);
    // the server goes down: the banner; it comes back: the stream again
    await stopServer();
    await a.waitForSelector("#conn:not([hidden])", { timeout: 10000 });
    await shot(a, "online-reconnecting-desktop");
    await startServer();
    await a.waitForSelector('#online-bar[data-conn="up"]', { timeout: 30000 });
    assert.equal(await a.isVisible("#conn"), false);
    await a.waitForSelector('#board[data-waiting="human"] .mg-target[data-role="play"]', { timeout: 20000 });
    const before = (await snap(a)).version;
    await a.click('#board .mg-target[data-role="play"]');
    await waitVersion(a, before + 1);
    // resign: the result and its reason (the second click confirms)
    await a.waitForSelector("#ol-resign:not([hidden])");
    await a.click("#ol-resign");
    await a.click("#ol-resign");
    await a.waitForSelector('#result:not([hidden])[data-how="resign"]');
    assert.match(await a.textContent("#result .text"), /wins by resignation/);
    // the server was down a while: the page's reconnections were refused
    noErrors(a, /ERR_CONNECTION_REFUSED/);
});

/* ------------------------------------ between people: fair play, words */

// A friend's table of Dots and Boxes 2x2: the creator on a desktop (seat
// 0), the friend through the invite on a phone (seat 1).
async function friendsTable(t, spec = "dots_and_boxes(rows=2,cols=2)", route = null) {
    const a = await open(t, url + "/", DESKTOP, route);
    const { invite, watch } = await createTable(a, spec);
    const b = await open(t, invite, PHONE);
    await b.waitForSelector('#online-bar[data-status="playing"][data-seat="1"]');
    await a.waitForSelector('#online-bar[data-status="playing"]');
    return { a, b, invite, watch };
}

test("people online: no hint, the form locked, a used invite watches, whose move, resign confirmed, Analyse", async (t) => {
    const { a, b, invite, watch } = await friendsTable(t);
    // fair play: no engine help for either player while the game runs
    for (const p of [a, b]) assert.equal(await p.isVisible("#hint"), false, "no Hint between people");
    // the game form is the table's: locked (was: rows changed the spec,
    // the board stayed 2x2)
    const spec = await a.inputValue("#spec");
    assert.equal(await a.isDisabled("#opt-rows"), true);
    assert.equal(await a.isDisabled("#spec"), true);
    assert.equal(await a.isDisabled("#game-id"), true);
    assert.equal(await a.inputValue("#spec"), spec);
    assert.equal(await a.isVisible("#setup-locked"), true);
    // abort asks first; a click elsewhere lets the question go
    await a.click("#ol-abort");
    assert.match(await a.textContent("#ol-abort"), /Really abort\?/);
    await a.click("h1");
    await a.waitForFunction(() => document.getElementById("ol-abort").textContent === "Abort");
    assert.equal((await snap(a)).status, "playing", "one click does not abort");
    // the invite again, in another browser: used, so a spectator, and told
    const c = await open(t, invite, PHONE);
    await c.waitForSelector('#online-bar[data-seat="spectator"]');
    await c.waitForSelector("#online-note:not([hidden])");
    assert.match(await c.textContent("#online-note"), /invite link did not give you a seat.*spectator/);
    // a spectator: players by what they are, no Pause, no seat's buttons
    const s = await open(t, watch);
    await s.waitForSelector('#online-bar[data-seat="spectator"]');
    for (const q of [c, s]) {
        const who = await q.$$eval(".card .who", (w) => w.map((x) => x.textContent));
        assert.deepEqual(who, ["Player", "Player"]);
        assert.equal(await q.isVisible("#pause"), false, "no Pause for a spectator");
        assert.equal(await q.isVisible("#ol-resign"), false);
        assert.doesNotMatch(await q.textContent(".cards"), /Human/);
    }
    // a click when it is not your move (b: seat 1; seat 0 is to move)
    await b.waitForSelector("#board .mg-spot");
    await b.locator("#board .mg-spot").first().tap();
    await b.waitForFunction(() => document.getElementById("notice").textContent !== "");
    assert.match(await b.textContent("#notice"), /^It is .+'s move \(seat 0, Opponent\): wait for it/);
    await s.locator("#board .mg-spot").first().click();
    await s.waitForFunction(() => document.getElementById("notice").textContent !== "");
    assert.match(await s.textContent("#notice"), /^You are watching: it is .+'s move \(seat 0, Player\)/);
    // a move, then resign: the first click asks, the second resigns
    await a.waitForSelector('#board[data-waiting="human"] .mg-target[data-role="play"]');
    await a.click('#board .mg-target[data-role="play"]');
    await waitVersion(b, (await version(a)));
    await b.waitForSelector("#ol-resign:not([hidden])");
    await b.click("#ol-resign");
    assert.match(await b.textContent("#ol-resign"), /Really resign\?/);
    await b.waitForTimeout(500);
    assert.equal((await snap(b)).status, "playing", "one click does not resign");
    await b.click("#ol-resign");
    for (const q of [a, b, s]) await q.waitForSelector('#result:not([hidden])[data-how="resign"]');
    // over: Analyse, the finished game on the page, with undo and hints
    await a.waitForSelector("#ol-analyse:not([hidden])");
    const moves = (await snap(a)).history.length;
    await a.click("#ol-analyse");
    await a.waitForURL((u) => !u.pathname.startsWith("/t/"));
    await a.waitForSelector("body.ready");
    await a.waitForFunction((n) => +document.getElementById("board").dataset.ply === n, moves);
    assert.equal(await a.isVisible("#hint"), true);
    await a.click("#undo");
    await a.waitForFunction(() => document.getElementById("board").dataset.waiting === "human");
    await a.click("#hint");
    await a.waitForFunction(() => /^Hint: /.test(document.getElementById("hint-text").textContent));
    for (const q of [a, b, s]) noErrors(q);
    noErrors(c, /status of 403/); // the used invite's answer
});

test("claim win: the button counts down the opponent's absence, then claims", async (t) => {
    // the page learns the server's --away from GET /api/v1's limits.away_s
    // (and the seat's away_ms from the snapshot)
    const { a, b } = await friendsTable(t, "dots_and_boxes(rows=2,cols=2)");
    await a.waitForSelector('#board[data-waiting="human"] .mg-target[data-role="play"]');
    await a.click('#board .mg-target[data-role="play"]');
    await waitVersion(b, await version(a));
    // the opponent, to move, goes away
    await b.context().close();
    await a.waitForSelector("#card1 .presence[data-present='false']");
    await a.waitForSelector("#ol-claim-win:not([hidden])");
    // shown at once, but not usable before the server allows it
    assert.equal(await a.isDisabled("#ol-claim-win"), true);
    assert.match(await a.textContent("#ol-claim-win"), /^Claim win in [1-3] s$/);
    await shot(a, "online-claim-countdown");
    await a.waitForSelector("#ol-claim-win:not([disabled])", { timeout: 10000 });
    assert.equal(await a.textContent("#ol-claim-win"), "Claim win");
    await a.click("#ol-claim-win");
    await a.waitForSelector('#result:not([hidden])[data-how="abandoned"]');
    noErrors(a);
});

test("a phone at the front page: Play online is in sight without scrolling", async (t) => {
    const a = await open(t, url + "/", PHONE);
    await a.waitForSelector("#online:not([hidden])");
    const box = await a.locator("#online summary").boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844, `"Play online" at y ${box.y}`);
    const create = await a.locator("#ol-create").boundingBox();
    assert.ok(create.y + create.height <= 844, `"Create table" at y ${create.y}`);
    await shot(a, "online-front-phone");
    noErrors(a);
});

test("a lost answer: create and join sent again with their cmd_id make one table and keep the seat", async (t) => {
    // the server gets each first request and answers it; the page does
    // not get the answer (the connection fails) and sends it again
    const lost = (pattern, seen) => (p) => p.route(pattern, async (r) => {
        if (r.request().method() !== "POST" || seen.answer) return r.continue();
        const res = await r.fetch();
        seen.answer = await res.json();
        seen.body = r.request().postDataJSON();
        await r.abort("connectionreset");
    });
    const created = {}, joined = {};
    const a = await open(t, url + "/", DESKTOP, lost("**/api/v1/tables", created));
    await a.waitForSelector("#online:not([hidden])");
    await a.fill("#spec", "dots_and_boxes(rows=2,cols=2)");
    await a.press("#spec", "Enter");
    await a.selectOption("#ol-seat", "0");
    await a.selectOption("#ol-opponent", "");
    await a.click("#ol-create");
    await a.waitForSelector("#waiting:not([hidden])");
    assert.ok(created.answer && created.answer.id, "the first create reached the server");
    assert.match(created.body.cmd_id, /^[0-9a-f]{32}$/);
    // the page is at the table the first create made, not a second one
    assert.equal(await a.evaluate(() => window.mgApp.online.id), created.answer.id);
    const invite = await a.inputValue("#invite-link");
    const b = await open(t, invite, PHONE, lost("**/join", joined));
    await b.waitForSelector('#online-bar[data-status="playing"][data-seat="1"]');
    assert.equal(joined.answer.seat, 1, "the first join took seat 1");
    // the second join with the same cmd_id got the seat back: a player,
    // not a spectator told the invite was used
    assert.equal(await b.evaluate(() => window.mgApp.online.seat), 1);
    assert.equal(await b.isVisible("#ol-resign"), true);
    noErrors(a, /ERR_CONNECTION_RESET|Failed to fetch/);
    noErrors(b, /ERR_CONNECTION_RESET|Failed to fetch/);
});

test("Your turn: the player's open tables on the front page, its moves first", async (t) => {
    const call = async (method, p, body, token) => {
        const headers = { "Content-Type": "application/json" };
        if (token) headers.Authorization = "Bearer " + token;
        const r = await fetch(url + "/api/v1" + p, { method, headers, body: body ? JSON.stringify(body) : undefined });
        return r.json();
    };
    const me = await call("POST", "/players", { name: "Turn_Taker" });
    assert.ok(me.token, JSON.stringify(me));
    // a table waiting for a friend, and a game against a bot (our move)
    const waiting = await call("POST", "/tables", { spec: "dots_and_boxes(rows=2,cols=2)" }, me.token);
    const vsBot = await call("POST", "/tables", { spec: "dots_and_boxes(rows=2,cols=2)", bots: [null, "random"] }, me.token);
    assert.ok(waiting.id && vsBot.id);
    // nobody on this page: no list
    const anon = await open(t, url + "/");
    await anon.waitForSelector("#online:not([hidden])");
    assert.equal(await anon.isVisible("#yourturn"), false);
    // the player (app/player.js's localStorage entry)
    const page = await open(t, url + "/", DESKTOP, (p) => p.addInitScript((v) => {
        localStorage.setItem("mg-player", v);
    }, JSON.stringify({ name: me.name, token: me.token })));
    await page.waitForSelector("#yourturn:not([hidden]) #yt-list li");
    const rows = await page.$$eval("#yt-list li", (lis) => lis.map((li) => ({
        id: li.dataset.table, cls: li.className, href: li.querySelector("a").getAttribute("href"), text: li.textContent })));
    assert.equal(rows.length, 2);
    assert.equal(rows[0].id, vsBot.id, "our move first");
    assert.equal(rows[0].cls, "yt-yours");
    assert.equal(rows[0].href, "/t/" + vsBot.id);
    assert.match(rows[0].text, /Dots and boxes vs bot random\s*your move/);
    assert.equal(rows[1].id, waiting.id);
    assert.match(rows[1].text, /waiting for an opponent/);
    assert.equal(await page.textContent("#yt-count"), "1");
    await shot(page, "online-yourturn-desktop");
    noErrors(anon);
    noErrors(page);
});

// The API by hand (node's fetch), for the place's pages.
async function api(method, p, body, token) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = "Bearer " + token;
    const r = await fetch(url + "/api/v1" + p, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const j = await r.json();
    assert.ok(r.ok, `${method} ${p}: ${r.status} ${JSON.stringify(j)}`);
    return j;
}

test("ratings: the end of a rated game shows the change; a player's page and the leaderboard", async (t) => {
    const ann = (await api("POST", "/players", { name: "Ann_R" })).token;
    const ben = (await api("POST", "/players", { name: "Ben_R" })).token;
    const c = await api("POST", "/tables", { spec: "dots_and_boxes(rows=2,cols=2)", rated: true }, ann);
    await api("POST", `/tables/${c.id}/join`, { invite: c.invite }, ben);
    await api("POST", `/tables/${c.id}/commands`, { op: "resign" }, c.secret); // Ann resigns
    // a spectator of the finished table: the result says the ratings
    const w = await open(t, `${url}/t/${c.id}`);
    await w.waitForSelector("#result:not([hidden]) .ratings");
    assert.equal(await w.textContent("#result .ratings"),
                 "Ratings (dots_and_boxes-small): Ann_R 1500 → 1338 (−162) · Ben_R 1500 → 1662 (+162)");
    noErrors(w);
    // Ben's page: the rating (provisional), the game, a link to its table
    const p = await open(t, `${url}/p/ben_r`, PHONE);
    await p.waitForSelector("#profile .profile-games tbody tr");
    assert.ok(await p.isHidden("main.layout"));
    assert.equal(await p.textContent("#profile h2"), "Ben_R");
    const rating = await p.textContent("#profile .profile-ratings tbody tr");
    assert.match(rating, /dots_and_boxes-small\s*1662\?/);
    const row = p.locator("#profile .profile-games tbody tr").first();
    assert.match(await row.textContent(), /won.*vs Ann_R.*1662 \(\+162\).*replay/);
    assert.equal(await row.locator("a", { hasText: "replay" }).getAttribute("href"), `/t/${c.id}`);
    // filtered: no game lost
    await p.selectOption("#pf-result", "loss");
    await p.waitForSelector("#profile .profile-games caption");
    assert.equal(await p.locator("#profile .profile-games tbody tr").count(), 0);
    await shot(p, "online-profile-phone");
    noErrors(p);
    // the leaderboard: Ben above Ann, both marked provisional
    const b = await open(t, `${url}/leaderboard`);
    await b.waitForSelector("#profile table.board tbody tr");
    const names = await b.locator("#profile table.board tbody tr td:nth-child(2)").allTextContents();
    assert.deepEqual(names.filter((n) => /_R$/.test(n)), ["Ben_R", "Ann_R"]);
    assert.equal(await b.locator("#profile table.board .prov", { hasText: "?" }).count(), names.length);
    await shot(b, "online-leaderboard");
    noErrors(b);
});
