// check-online-turns.mjs - the page at mg-server's tables, beyond the
// game itself: "your move" (the title's mark and the favicon, in two
// browser contexts, one per seat; notifications refused by the browser,
// and allowed while the page is hidden) and a finished table's link,
// which opens as a replay and reviews.  The test starts
// build/programs/mg-server itself on a free 127.0.0.1 port with a
// database in a temporary folder.  Run by `make check-web` when the
// server is built:
//
//   MG_WEB_DIR=build/web MG_SERVER=build/programs/mg-server \
//       node --test web/test/check-online-turns.mjs
//
// Every page's console errors fail its test.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, startServer } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const WEB = path.resolve(repo, process.env.MG_WEB_DIR || "build/web");
const SERVER = path.resolve(repo, process.env.MG_SERVER || "build/programs/mg-server");
const SHOTS = path.join(WEB, "screenshots");
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const MARK = "(•) Your move - ";

let server, url, browser;

before(async () => {
    assert.ok(fs.existsSync(path.join(WEB, "index.html")), `${WEB}/index.html: run make web first`);
    assert.ok(fs.existsSync(SERVER), `${SERVER}: run make server first`);
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer(SERVER, WEB, "mg-turns-", ["--rate", "0", "--seat-rate", "0"]);
    url = server.url;
    browser = await launchChromium();
});

after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
});

async function api(method, p, body, secret) {
    const headers = { "Content-Type": "application/json" };
    if (secret) headers.Authorization = "Bearer " + secret;
    const r = await fetch(`${url}/api/v1${p}`, { method, headers, body: body && JSON.stringify(body) });
    const data = await r.json();
    assert.ok(r.ok, `${method} ${p}: ${r.status} ${JSON.stringify(data)}`);
    return data;
}

// A table between two people: both seats' secrets.
async function table(spec) {
    const t = await api("POST", "/tables", { spec });
    const j = await api("POST", `/tables/${t.id}/join`, { invite: t.invite });
    return { id: t.id, secrets: [t.secret, j.secret] };
}
const move = (t, seat, m) => api("POST", `/tables/${t.id}/commands`, { op: "move", move: m }, t.secrets[seat]);

// The page at the table, as `seat` (its secret kept as the page keeps it),
// or as a spectator (seat null).
async function open(t, tb, seat, options = {}, init = null) {
    const context = await browser.newContext({ ...DESKTOP, ...options });
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    t.after(() => context.close());
    if (seat !== null)
        await page.addInitScript(([id, v]) => localStorage.setItem(`mg-table:${id}`, v),
                                 [tb.id, JSON.stringify({ seat, secret: tb.secrets[seat], invite: null })]);
    if (init) await page.addInitScript(init);
    await page.goto(`${url}/t/${tb.id}`);
    await page.waitForSelector("body.ready", { timeout: 20000 });
    await page.waitForSelector("#online-bar:not([hidden])");
    page.mgErrors = errors;
    return page;
}
const icon = (page) => page.$eval("link[rel='icon']", (l) => l.getAttribute("href"));
const waitMine = (page, mine) => page.waitForFunction((m) => document.body.dataset.yourMove === String(m), mine);

test("your move: the title's mark and the favicon follow the turn, in both seats' pages", async (t) => {
    const tb = await table("dots_and_boxes(rows=2,cols=2)");
    const a = await open(t, tb, 0), b = await open(t, tb, 1, PHONE);
    await waitMine(a, true);
    await a.screenshot({ path: path.join(SHOTS, "online-your-move-desktop.png") });
    await waitMine(b, false);
    assert.ok((await a.title()).startsWith(MARK), await a.title());
    assert.ok(!(await b.title()).startsWith(MARK));
    assert.match(await icon(a), /^data:image\/png;base64,/, "the marked icon, drawn on a canvas");
    fs.writeFileSync(path.join(SHOTS, "online-your-move-favicon.png"),
                     Buffer.from((await icon(a)).split(",")[1], "base64"));
    assert.equal(await icon(b), "data:,");
    assert.equal(await a.isVisible("#turn-alerts"), true);
    assert.equal(await a.isChecked("#turn-sound"), false, "no sound by default");
    assert.equal(await a.isChecked("#turn-notify"), false, "no notifications by default");
    // seat 0 plays by the page: the mark goes to seat 1's page
    await a.fill("#move-input", "a1-b1");
    await a.press("#move-input", "Enter");
    await waitMine(b, true);
    await waitMine(a, false);
    assert.ok((await b.title()).startsWith(MARK));
    assert.ok(!(await a.title()).startsWith(MARK));
    assert.match(await icon(b), /^data:image\/png/);
    await b.screenshot({ path: path.join(SHOTS, "online-your-move-phone.png") });
    assert.equal(await icon(a), "data:,");
    // the sound's box is remembered in this browser
    await a.check("#turn-sound");
    await a.reload();
    await a.waitForSelector("body.ready");
    assert.equal(await a.isChecked("#turn-sound"), true);
    // a spectator's page never says it
    const c = await open(t, tb, null);
    await c.waitForSelector("#board[data-ply='1']");
    assert.equal(await c.isHidden("#turn-alerts"), true);
    assert.ok(!(await c.title()).startsWith(MARK));
    for (const p of [a, b, c]) assert.deepEqual(p.mgErrors, []);
});

test("your move: notifications refused by the browser do no harm; allowed, they come only while the page is hidden", async (t) => {
    const tb = await table("dots_and_boxes(rows=2,cols=2)");
    // refused: the box unticks, says so, and the game goes on
    const a = await open(t, tb, 0);
    // headless Chromium, no permission granted: asked, it refuses
    assert.equal(await a.evaluate(() => Notification.permission), "default");
    await a.check("#turn-notify").catch(() => {});
    await a.waitForFunction(() => !document.getElementById("turn-note").hidden);
    assert.equal(await a.isChecked("#turn-notify"), false);
    assert.match(await a.textContent("#turn-note"), /blocked/);
    assert.equal(await a.evaluate(() => Notification.permission), "denied");
    // ticked again, denied already: no new question, the same answer
    await a.evaluate(() => { document.getElementById("turn-note").textContent = ""; });
    await a.check("#turn-notify").catch(() => {});
    await a.waitForFunction(() => /blocked/.test(document.getElementById("turn-note").textContent));
    assert.equal(await a.isChecked("#turn-notify"), false);
    await a.fill("#move-input", "a1-b1");
    await a.press("#move-input", "Enter");
    await waitMine(a, false);
    await move(tb, 1, "a1-a2");
    await waitMine(a, true);
    assert.ok((await a.title()).startsWith(MARK));
    assert.deepEqual(a.mgErrors, []);
    // allowed: a notification only while the page is hidden (the test's
    // own document.hidden; Notification recorded, not shown)
    const spy = () => {
        window.__hidden = false;
        Object.defineProperty(document, "hidden", { get: () => window.__hidden });
        window.__shown = [];
        const Real = window.Notification;
        window.Notification = class extends Real {
            constructor(title, o) { super(title, o); window.__shown.push(title + " | " + o.body); }
        };
    };
    const b = await open(t, tb, 1, { permissions: ["notifications"] }, spy);
    await b.check("#turn-notify");
    await b.waitForFunction(() => /notified/.test(document.getElementById("turn-note").textContent));
    await b.evaluate(() => { window.__hidden = true; });
    await move(tb, 0, "a2-b2");
    await waitMine(b, true);
    assert.deepEqual(await b.evaluate(() => window.__shown),
                     [`Your move | ${await b.evaluate(() => document.title.replace("(•) Your move - ", ""))} — table ${tb.id}`]);
    await move(tb, 1, "b2-c2");
    await waitMine(b, false);
    await b.evaluate(() => { window.__hidden = false; });
    await move(tb, 0, "c1-c2");
    await waitMine(b, true);
    assert.equal(await b.evaluate(() => window.__shown.length), 1, "none while the page is seen");
    assert.deepEqual(b.mgErrors, []);
});

test("a finished table's link opens as a replay, which reviews", async (t) => {
    const tb = await table("dots_and_boxes(rows=1,cols=2)");
    for (const [seat, m] of [[0, "a1-b1"], [1, "b1-c1"], [0, "a2-b2"], [1, "b2-c2"], [0, "a1-a2"],
                             [1, "c1-c2"]]) await move(tb, seat, m);
    // b1-b2 closes both boxes for seat 0 (one move, two boxes): the end
    await move(tb, 0, "b1-b2");
    const snap = await api("GET", `/tables/${tb.id}`);
    assert.equal(snap.status, "over");
    const p = await open(t, tb, null);
    await p.waitForSelector("#replay:not([hidden])");
    assert.equal(await p.$eval("#rp-pos", (e) => e.dataset.ply), "7");
    await p.locator("body").click({ position: { x: 5, y: 5 } });
    await p.keyboard.press("Home");
    assert.equal(await p.$eval("#board", (e) => e.dataset.ply), "0");
    await p.keyboard.press("ArrowRight");
    assert.equal(await p.$eval("#rp-pos", (e) => e.dataset.ply), "1");
    await p.click("#review-start");
    await p.waitForFunction(() => document.getElementById("review").dataset.state === "done", null, { timeout: 20000 });
    assert.match(await p.textContent("#review-status"), /^analysed 7 \/ 7 moves \(7 exact/);
    assert.ok(!(await p.title()).startsWith(MARK));
    assert.deepEqual(p.mgErrors, []);
});
