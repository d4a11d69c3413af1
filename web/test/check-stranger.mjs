// check-stranger.mjs - the place end to end, as strangers use it, in
// headless Chromium against a real mg-server (as check-lobby.mjs): a
// rated seek posted from the lobby's form, accepted by another player
// who saw it appear live, gone from an anonymous watcher's lobby; the
// game played to its end through the page (moves typed into the move
// form), the rating change on both pages, the winner's own page with the
// game, its replay and its review.  Then quick pairing in a rated pool,
// and a game against the computer at level 1 to its end.  Every page's
// console errors fail its test.  Screenshots of the key moments
// (desktop 1280x800, phone 390x844) go to $MG_SHOTS (default
// $MG_WEB_DIR/screenshots)/stranger-*.png.
//
//   MG_WEB_DIR=build/web MG_SERVER=build/programs/mg-server \
//       node --test web/test/check-stranger.mjs
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
const SPEC = "dots_and_boxes(rows=2,cols=2)";
// Dots and Boxes 2x2 (dots a..c by 1..3) played in this order by
// whoever is to move: eight lines give every box two sides, then b1-b2
// offers two boxes and the second player takes all four (4-0, no draw).
const LINES = ["a1-b1", "c1-c2", "a3-b3", "c2-c3", "a1-a2", "b1-c1", "a2-a3", "b3-c3",
               "b1-b2", "a2-b2", "b2-c2", "b2-b3"];

let server, url, browser;

before(async () => {
    assert.ok(fs.existsSync(path.join(WEB, "index.html")), `${WEB}/index.html: run make web first`);
    assert.ok(fs.existsSync(SERVER), `${SERVER}: run make server first`);
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer(SERVER, WEB, "mg-stranger-", ["--rate", "0", "--seat-rate", "0", "--players-per-hour", "0"]);
    url = server.url;
    browser = await launchChromium();
});

after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
});

// The front page in a new browser context (a stranger: nothing kept).
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

function noErrors(page) {
    assert.deepEqual(page.mgErrors, [], "console errors");
}

async function shot(page, name, fullPage = false) {
    await page.evaluate(() => window.scrollTo(0, 0)); // typing a move scrolls to the move form
    await page.screenshot({ path: path.join(SHOTS, `stranger-${name}.png`), fullPage });
}

// A name picked in the lobby, as a visitor would: typed, "Pick".
async function pickName(page, name) {
    await page.fill("#lb-name", name);
    await page.click("#lb-pick");
    await page.waitForFunction((n) => document.getElementById("lb-who").textContent === n, name);
    await page.waitForFunction(() => document.getElementById("lobby").dataset.live === "true");
}

// The game set up in "Game": the spec typed, Enter.
async function setUp(page, spec) {
    await page.fill("#spec", spec);
    await page.press("#spec", "Enter");
    // (the page writes it back canonical: every option named)
    await page.waitForFunction(() => /rows=2,cols=2\b/.test(document.getElementById("spec").value));
    assert.equal(await page.textContent("#spec-error"), "");
}

const whoText = (page, seat) => page.$eval(`#card${seat} .who`, (e) => e.textContent.replace(/\u200b/g, ""));
const mySeat = async (page) => +(await page.getAttribute("#online-bar", "data-seat"));
const ply = (page) => page.$eval("#board", (b) => +b.dataset.ply);

// At the table with both seats taken: this page's seat shows `me (you)`,
// the other `other`, never "You" or "Opponent".
async function seatedAs(page, me, other) {
    await page.waitForSelector('#online-bar[data-status="playing"]', { timeout: 10000 });
    const seat = await mySeat(page);
    await page.waitForFunction(([s, me, other]) => {
        const w = (k) => document.querySelector(`#card${k} .who`).textContent.replace(/\u200b/g, "");
        return w(s) === `${me} (you)` && w(1 - s) === other;
    }, [seat, me, other], { timeout: 10000 }).catch(() => {});
    assert.equal(await whoText(page, seat), `${me} (you)`);
    assert.equal(await whoText(page, 1 - seat), other);
    // the lobby's games here are rated: the table says so
    assert.match(await page.textContent("#online-title"), /· rated$/);
    return seat;
}

// The one page whose move it is (the page's own "your move": the body's
// data-your-move, which the title's mark follows), or null once over.
async function mover(pages, timeout = 10000) {
    const end = Date.now() + timeout;
    for (;;) {
        const s = await Promise.all(pages.map((p) => p.evaluate(() =>
            [document.body.dataset.yourMove, document.getElementById("online-bar").dataset.status])));
        if (s.every((x) => x[1] === "over")) return null;
        const mine = pages.filter((p, i) => s[i][0] === "true");
        if (mine.length === 1) return mine[0];
        if (Date.now() > end) throw new Error("nobody's move: " + JSON.stringify(s));
        await new Promise((r) => setTimeout(r, 50));
    }
}

// A move typed into the move form ("a move in notation", Play with
// Enter), as a player without a mouse would; every page then shows it.
async function typeMove(page, move, pages) {
    const n = await ply(page);
    await page.fill("#move-input", move);
    await page.press("#move-input", "Enter");
    for (const p of pages)
        await p.waitForFunction((k) => +document.getElementById("board").dataset.ply >= k, n + 1, { timeout: 10000 });
}

test("a stranger's way: a rated seek posted, seen live, accepted; played to the end; the rating, the player's page, the replay, the review", { timeout: 90000 }, async (t) => {
    const a = await open(t);                 // Alice, desktop
    const b = await open(t, PHONE);          // Bob, a phone
    const c = await open(t);                 // an anonymous watcher
    await pickName(a, "Alice_S");
    await pickName(b, "Bob_S");
    // the whole page knows the name picked in the lobby: the "Play
    // online" area and the header's "My page" (before: only after a
    // reload, and a table created from "Play online" had no name)
    await a.waitForSelector("#nav-me:not([hidden])", { timeout: 5000 });
    assert.equal(await a.textContent("#nav-me"), "My page");
    assert.equal(await a.getAttribute("#nav-me", "href"), "/p/Alice_S");
    assert.equal(await a.isVisible("#pl-me"), true);
    assert.equal(await a.textContent("#pl-who"), "Alice_S");
    assert.equal(await a.isVisible("#pl-anon"), false, "no second 'pick a name'");
    // on the phone too, in sight: the header's links wrap, nothing
    // past the right edge (before: "My page" at x 395..430 of 390)
    await b.waitForSelector("#nav-me:not([hidden])", { timeout: 5000 });
    const nav = await b.locator("#nav-me").boundingBox();
    assert.ok(nav.x >= 0 && nav.x + nav.width <= 390, `"My page" at x ${nav.x}..${nav.x + nav.width}`);
    assert.ok(await b.evaluate(() => document.documentElement.scrollWidth) <= 390, "no sideways scroll");
    // A: Dots and Boxes 2x2, no clock, rated, from the lobby's form
    await setUp(a, SPEC);
    await a.selectOption("#lb-clock", "");
    assert.equal(await a.isChecked("#lb-rated"), true, "rated is the form's default");
    await a.click("#lb-post");
    await a.waitForSelector("#lb-seeks li.own");
    assert.match(await a.textContent("#lb-seeks li.own"), /Alice_S.*Dots and Boxes 2\u00d72 \u00b7 no clock \u00b7 rated/);
    await shot(a, "seek-desktop");
    // B and the watcher see it without reloading; only B may play it
    const row = "#lb-seeks li.seek:not(.own)";
    await b.waitForSelector(`${row} .lb-accept:not([disabled])`, { timeout: 10000 });
    await c.waitForSelector(`${row} .lb-accept[disabled]`, { timeout: 10000 });
    for (const p of [b, c]) assert.match(await p.textContent(row), /^Alice_S( \(\d+\))?Dots and Boxes 2\u00d72 \u00b7 no clock \u00b7 rated/);
    await shot(b, "lobby-phone");
    await shot(c, "watcher-desktop");
    // one click
    await b.click(`${row} .lb-accept`);
    await b.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 10000 });
    await a.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 10000 });
    const tablePath = new URL(b.url()).pathname;
    assert.equal(new URL(a.url()).pathname, tablePath, "one table for both");
    // the watcher's lobby: the seek is gone, live
    await c.waitForSelector("#lb-seeks li.seek", { state: "detached", timeout: 10000 });
    assert.equal(await c.isVisible("#lb-empty"), true);
    // both names on the seats, on both pages
    const seatA = await seatedAs(a, "Alice_S", "Bob_S");
    const seatB = await seatedAs(b, "Bob_S", "Alice_S");
    assert.equal(seatA + seatB, 1, "two seats");
    await shot(a, "table-desktop");
    await shot(b, "table-phone");

    // the game to its end, each move typed by the page whose move it is
    const pages = [a, b];
    let played = 0;
    for (let m = await mover(pages); m; m = await mover(pages)) {
        assert.ok(played < LINES.length, "the game ends after its 12 lines");
        await typeMove(m, LINES[played++], pages);
    }
    assert.equal(played, LINES.length);
    // seat 1 moved second and took all four boxes
    const winner = seatA === 1 ? "Alice_S" : "Bob_S", loser = seatA === 1 ? "Bob_S" : "Alice_S";
    for (const p of pages) {
        await p.waitForSelector("#result:not([hidden])");
        assert.match(await p.textContent("#result .text"), new RegExp(`\\(seat 1, ${winner}( \\(you\\))?\\) wins`));
        // the rating change: the winner up, the loser down, both 1500 before
        const line = await p.textContent("#result .ratings");
        assert.match(line, /^Ratings \(dots_and_boxes-small\): /);
        assert.match(line, new RegExp(`${winner} 1500 → 1\\d{3} \\(\\+\\d+\\)`));
        assert.match(line, new RegExp(`${loser} 1500 → 1\\d{3} \\(−\\d+\\)`));
    }
    await shot(a, "end-desktop");
    await shot(b, "end-phone");
    await b.locator("#result").scrollIntoViewIfNeeded();
    await b.screenshot({ path: path.join(SHOTS, "stranger-end-result-phone.png") });
    const bobChange = (await b.textContent("#result .ratings")).match(/Bob_S 1500 → (\d+) \(([+−]\d+)\)/);

    // B's own page from the header's "My page"
    await b.waitForSelector("#nav-me:not([hidden])", { state: "attached" });
    assert.equal(await b.textContent("#nav-me"), "My page");
    await b.click("#nav-me");
    await b.waitForURL(/\/p\/Bob_S$/);
    await b.waitForSelector(".profile-games table.games tbody tr");
    const game = b.locator(".profile-games table.games tbody tr").first();
    assert.equal(await game.locator(".res").textContent(), winner === "Bob_S" ? "won" : "lost");
    assert.equal(await game.locator(".kind").textContent(), "dots_and_boxes-small · rated");
    assert.equal(await game.locator(".change").textContent(), `${bobChange[1]} (${bobChange[2]})`);
    assert.match(await b.textContent(".profile-ratings"), new RegExp(`dots_and_boxes-small\\s*${bobChange[1]}`));
    await shot(b, "mypage-phone", true);
    // its replay, then the review
    await game.locator("a", { hasText: "replay" }).click();
    await b.waitForURL((u) => u.pathname === tablePath);
    await b.waitForSelector("#replay:not([hidden])", { timeout: 10000 });
    assert.equal(await b.$eval("#rp-pos", (e) => e.dataset.ply), "12");
    await b.click("#review-start");
    await b.waitForFunction(() => document.getElementById("review").dataset.state === "done", null, { timeout: 30000 });
    assert.match(await b.textContent("#review-status"), /^analysed 12 \/ 12 moves/);
    await shot(b, "review-phone");
    for (const p of [a, b, c]) noErrors(p);
});

test("quick pairing: two players press one rated pool's button and meet at one table", { timeout: 30000 }, async (t) => {
    const a = await open(t);
    const b = await open(t, PHONE);
    await pickName(a, "Carol_S");
    await pickName(b, "Dave_S");
    const pool = '#lb-pools button[data-pool="dab3-1+1"]';
    await a.click(pool);
    await a.waitForSelector(`${pool}.waiting`);
    await b.click(pool);
    await b.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 10000 });
    await a.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 10000 });
    assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname);
    await seatedAs(a, "Carol_S", "Dave_S");
    await seatedAs(b, "Dave_S", "Carol_S");
    await shot(b, "pool-phone");
    noErrors(a);
    noErrors(b);
});

test("the computer at level 1: a table from the Play online form, played to its end", { timeout: 60000 }, async (t) => {
    const p = await open(t);
    // the name from the "Play online" area's own picker this time
    await p.fill("#pl-name", "Erin_S");
    await p.click("#pl-pick");
    await p.waitForSelector("#pl-me:not([hidden])");
    // the lobby of the same page plays as that name now (before: only
    // after a reload)
    await p.waitForFunction(() => document.getElementById("lb-who").textContent === "Erin_S", null, { timeout: 5000 });
    assert.equal(await p.isVisible("#lb-anon"), false);
    await setUp(p, SPEC);
    await p.selectOption("#ol-seat", "0");
    await p.selectOption("#ol-opponent", { label: "the computer, level 1" });
    await p.click("#ol-create");
    await p.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    await p.waitForSelector('#online-bar[data-status="playing"][data-seat="0"]', { timeout: 10000 });
    assert.equal(await whoText(p, 0), "Erin_S (you)");
    // a game against the computer is casual: the table does not say rated
    assert.doesNotMatch(await p.textContent("#online-title"), /rated/);
    // the seat named as the form named it (before: "bot random")
    assert.equal(await whoText(p, 1), "the computer, level 1");
    assert.equal(await p.getAttribute("#card1 .who", "title"), "random", "its spec, as this server plays it");
    // the moves so far as the page lists them (the Moves list); each of
    // ours the first line of LINES not drawn yet
    const drawn = async () => (await p.$$eval("#moves li span:last-child", (s) => s.map((x) => x.textContent).join(" ")))
        .split(/\s+/).filter(Boolean);
    for (let i = 0; i < 20; i++) {
        await p.waitForFunction(() => document.body.dataset.yourMove === "true" ||
                                      document.getElementById("online-bar").dataset.status === "over", null, { timeout: 10000 });
        if (await p.getAttribute("#online-bar", "data-status") === "over") break;
        const done = new Set(await drawn());
        assert.equal(done.size, await ply(p), "the Moves list has every move");
        await typeMove(p, LINES.find((l) => !done.has(l)), [p]);
    }
    await p.waitForSelector("#result:not([hidden])");
    assert.equal(await ply(p), 12, "every line drawn");
    assert.match(await p.textContent("#result .text"), /^(Draw|.* \(seat [01], (Erin_S \(you\)|the computer, level 1)\) wins)/);
    assert.equal(await p.textContent("#result .ratings"), "", "a game with the computer is casual");
    await shot(p, "level1-desktop");
    noErrors(p);
});
