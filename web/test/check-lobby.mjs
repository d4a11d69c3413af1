// check-lobby.mjs - the front page's lobby against a real mg-server, in
// headless Chromium (as check-online.mjs): player A posts a seek from
// the page, player B (another browser context) sees it appear live and
// accepts it with one click; both land at the same table with both names
// on the seats.  Then quick pairing: both press one pool's button and
// meet at a table.  Screenshots of the front page with the lobby (desktop
// 1280x800, phone 390x844) go to $MG_SHOTS (default
// $MG_WEB_DIR/screenshots)/lobby-*.png.
//
//   MG_WEB_DIR=build/web MG_SERVER=build/programs/mg-server \
//       node --test web/test/check-lobby.mjs
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
const SHOTS = path.resolve(process.env.MG_SHOTS || path.join(WEB, "screenshots"));
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

let server, url, browser;

before(async () => {
    assert.ok(fs.existsSync(path.join(WEB, "index.html")), `${WEB}/index.html: run make web first`);
    assert.ok(fs.existsSync(SERVER), `${SERVER}: run make server first`);
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer(SERVER, WEB, "mg-lobby-", ["--rate", "0", "--seat-rate", "0", "--players-per-hour", "0"]);
    url = server.url;
    browser = await launchChromium();
});

after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
});

async function open(t, options = DESKTOP) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    t.after(async () => { await context.close(); });
    await page.goto(url + "/");
    await page.waitForSelector("body.ready", { timeout: 20000 });
    await page.waitForSelector("#lobby:not([hidden])", { timeout: 10000 });
    page.mgErrors = errors;
    return page;
}

// A name picked on the page (POST /players), as a visitor would.
async function pickName(page, name) {
    await page.fill("#lb-name", name);
    await page.click("#lb-pick");
    await page.waitForFunction((n) => document.getElementById("lb-who").textContent === n, name);
    await page.waitForFunction(() => document.getElementById("lobby").dataset.live === "true");
}

function noErrors(page) {
    // a 409 (too late) is an answer the page shows
    const real = page.mgErrors.filter((e) => !/status of 409/.test(e));
    assert.deepEqual(real, [], "console errors");
}

const seats = (page) => page.evaluate(() => {
    const o = window.mgApp.online;
    return o && o.snap ? { seat: o.seat, players: o.snap.seats.map((s) => s.player), status: o.snap.status } : null;
});

test("a seek posted by A appears live for B, one click puts both at one table", async (t) => {
    const a = await open(t);
    const b = await open(t, PHONE);
    await pickName(a, "Alice_A");
    await pickName(b, "Bob_B");
    // A: a Dots and Boxes seek, 3+2, rated (the form's defaults)
    await a.click("#lb-post");
    await a.waitForSelector("#lb-seeks li.own");
    // B sees it without reloading
    await b.waitForSelector("#lb-seeks li.seek .lb-accept:not([disabled])", { timeout: 10000 });
    const text = await b.textContent("#lb-seeks li.seek");
    assert.match(text, /Alice_A/);
    assert.match(text, /Dots and Boxes/);
    assert.match(text, /3\+2/);
    assert.match(text, /rated/);
    fs.mkdirSync(SHOTS, { recursive: true });
    await a.screenshot({ path: path.join(SHOTS, "lobby-desktop.png") });
    await b.screenshot({ path: path.join(SHOTS, "lobby-phone.png"), fullPage: false });
    await b.click("#lb-seeks .lb-accept");
    // both at the table: the same id, both names on the seats
    await b.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 10000 });
    await a.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 10000 });
    assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname);
    await a.waitForFunction(() => window.mgApp.online && window.mgApp.online.snap && window.mgApp.online.seat !== null, null, { timeout: 10000 });
    await b.waitForFunction(() => window.mgApp.online && window.mgApp.online.snap && window.mgApp.online.seat !== null, null, { timeout: 10000 });
    const sa = await seats(a), sb = await seats(b);
    assert.equal(sa.status, "playing");
    assert.deepEqual(sa.players.slice().sort(), ["Alice_A", "Bob_B"]);
    assert.deepEqual(sb.players, sa.players);
    assert.notEqual(sa.seat, sb.seat);
    assert.equal(sa.players[sa.seat], "Alice_A");
    assert.equal(sb.players[sb.seat], "Bob_B");
    await b.screenshot({ path: path.join(SHOTS, "lobby-phone-table.png") });
    noErrors(a);
    noErrors(b);
});

test("quick pairing: two players press one pool's button and meet", async (t) => {
    const a = await open(t);
    const b = await open(t);
    await pickName(a, "Carol_C");
    await pickName(b, "Dave_D");
    await a.click('#lb-pools button[data-pool="dab3-casual"]');
    await a.waitForSelector('#lb-pools button.waiting[data-pool="dab3-casual"]');
    await b.click('#lb-pools button[data-pool="dab3-casual"]');
    await b.waitForURL(/\/t\//, { timeout: 10000 });
    await a.waitForURL(/\/t\//, { timeout: 10000 });
    assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname);
    await a.waitForFunction(() => window.mgApp.online && window.mgApp.online.snap && window.mgApp.online.seat !== null, null, { timeout: 10000 });
    const sa = await seats(a);
    assert.deepEqual(sa.players.slice().sort(), ["Carol_C", "Dave_D"]);
    noErrors(a);
    noErrors(b);
});
