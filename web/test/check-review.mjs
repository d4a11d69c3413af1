// check-review.mjs - a finished game in the page: its replay (steps by
// buttons, keys and the move list, the record downloaded and replayed)
// and its review ("Analyse moves": the solver's verdicts in a worker, a
// bad move marked, the best move drawn, a good move not marked; a long
// review cancelled).  Run by `make check-web`:
//
//   MG_WEB_DIR=build/web node --test web/test/check-review.mjs
//
// Every page's console errors fail its test.  Screenshots of the replay
// and the review, desktop and phone, go to $MG_WEB_DIR/screenshots/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "./browser.mjs";
import { serve } from "../serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const WEB = path.resolve(repo, process.env.MG_WEB_DIR || "build/web");
const SHOTS = path.join(WEB, "screenshots");
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

let server, url, browser;

before(async () => {
    assert.ok(fs.existsSync(path.join(WEB, "index.html")), `${WEB}/index.html: run make web first`);
    fs.mkdirSync(SHOTS, { recursive: true });
    ({ server, url } = await serve(WEB, 0));
    browser = await launchChromium();
});

after(async () => {
    if (browser) await browser.close();
    if (server) server.close();
});

async function open(t, options = DESKTOP) {
    const context = await browser.newContext({ ...options, acceptDownloads: true });
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    t.after(() => context.close());
    await page.goto(url);
    await page.waitForSelector("body.ready", { timeout: 20000 });
    page.mgErrors = errors;
    return page;
}

// A new game of `spec` with both seats as given, bots at once, seed 1.
async function newGame(page, spec, seats) {
    await page.fill("#spec", spec);
    await page.press("#spec", "Enter");
    for (const seat of [0, 1]) await page.selectOption(`#seat${seat}`, seats[seat]);
    await page.selectOption("#bot-delay", "0");
    await page.fill("#bot-seed", "1");
    await page.dispatchEvent("#bot-seed", "change");
    await page.click("#new-game");
}

// Play an action by its notation through the move form.
async function playTyped(page, notation) {
    const n = await page.$eval("#board", (b) => +b.dataset.ply);
    await page.fill("#move-input", notation);
    await page.press("#move-input", "Enter");
    await page.waitForFunction((k) => +document.getElementById("board").dataset.ply === k, n + 1);
}

const shown = (page) => page.$eval("#rp-pos", (e) => +e.dataset.ply);
// The board drawn now, and the library's own picture of the position
// after the first k actions of the game (the renderer's copy of it).
const drawnIs = (page, k) => page.evaluate((k) => {
    const app = window.mgApp, h = app.state.history();
    const st = app.game.newState();
    for (let i = 0; i < k; i++) st.apply(h[i]);
    const want = new DOMParser().parseFromString(st.render(app.lib.RENDER_SVG), "image/svg+xml");
    st.free();
    // the library's sites as drawn (lines drawn or open, boxes, stones):
    // the page adds its overlay and a background, not these
    const strip = (svg) => Array.from(svg.querySelectorAll("title"))
        .filter((e) => !e.closest(".mg-overlay, .mg-ghosts"))
        .map((e) => e.parentNode.tagName + "." + (e.parentNode.getAttribute("class") || "") + ":" +
                    (e.parentNode.getAttribute("fill") || "") + ":" + e.textContent).join("|");
    return strip(document.querySelector("#board svg")) === strip(want.documentElement);
}, k);

test("replay: a finished game steps back and forth by keys, buttons and the move list; its record downloads and replays", async (t) => {
    const page = await open(t);
    assert.equal(await page.isHidden("#replay"), true, "no replay while the game goes on");
    await newGame(page, "dots_and_boxes(rows=2,cols=2)", ["random", "random"]);
    await page.waitForFunction(() => document.getElementById("board").dataset.waiting === "over"
        || window.mgApp.state.isTerminal, null, { timeout: 20000 });
    await page.waitForSelector("#replay:not([hidden])");
    const n = await page.evaluate(() => window.mgApp.state.history().length);
    assert.equal(n, 12, "every line of 2x2 drawn");
    assert.equal(await shown(page), n, "the replay opens at the end");
    assert.equal(await page.isDisabled("#rp-next"), true);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Home");
    assert.equal(await shown(page), 0);
    assert.equal(await page.$eval("#board", (b) => b.dataset.ply), "0");
    assert.ok(await drawnIs(page, 0), "the start drawn");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    assert.equal(await shown(page), 3);
    assert.ok(await drawnIs(page, 3), "the position after 3 actions drawn");
    assert.equal(await page.$$eval("#board .mg-last-line, #board .mg-last", (e) => e.length) > 0, true,
                 "the last move marked");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await shown(page), 2);
    assert.ok(await drawnIs(page, 2));
    assert.match(await page.textContent("#rp-where"), /^after move 2 \(seat [01]: [a-c][1-3]-[a-c][1-3]\) · score 0–0$/);
    await page.click("#rp-next");
    assert.equal(await shown(page), 3);
    await page.click("#rp-first");
    assert.equal(await shown(page), 0);
    assert.equal(await page.isDisabled("#rp-prev"), true);
    // the move list: a turn clicked shows the position after it
    const li = page.locator("#moves li").nth(1);
    const end = +(await li.getAttribute("data-ply"));
    await li.click();
    assert.equal(await shown(page), end);
    assert.ok(await drawnIs(page, end));
    assert.equal(await page.$eval("#moves li.current", (e) => e.dataset.ply), String(end));
    await page.keyboard.press("End");
    assert.equal(await shown(page), n);
    assert.ok(await drawnIs(page, n), "the end drawn");
    const final = await page.evaluate(() => `${window.mgApp.state.score(0)}–${window.mgApp.state.score(1)}`);
    assert.match(await page.textContent("#rp-where"), new RegExp(`^the end \\(seat [01]: .*\\) · score ${final}$`));
    // the record: the library's text, which replays to the same game
    const [dl] = await Promise.all([page.waitForEvent("download"), page.click("#rp-save")]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mg-replay-")), "game.txt");
    await dl.saveAs(file);
    const text = fs.readFileSync(file, "utf8");
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    assert.match(text, /^actions 12$/m);
    const same = await page.evaluate((text) => {
        const r = window.mgApp.lib.load(text);
        const ok = r.state.isTerminal && r.state.history().join() === window.mgApp.state.history().join();
        r.state.free(); r.game.free();
        return ok;
    }, text);
    assert.ok(same, "the downloaded record replays to the game");
    // undo leaves the end: no replay while the game goes on again
    await page.selectOption("#seat0", "human");
    await page.click("#undo");
    await page.waitForSelector("#replay", { state: "hidden" });
    assert.deepEqual(page.mgErrors, []);
});

// The solver's values in the page (the test's own plan of the game): the
// first position, following best moves, where some move is strictly worse
// than the best; that move played there, best moves after it.
function planGame(spec) {
    const lib = window.mgApp.lib;
    const g = lib.game(spec), st = g.newState(), sv = lib.solver(g, 16 << 20);
    const plan = [];
    let bad = -1;
    while (!st.isTerminal) {
        const legal = st.legalActions(), r = sv.values(st, 0, 0);
        const best = Math.max(...r.values);
        let a = legal[r.values.indexOf(best)];
        if (bad < 0 && plan.length >= 2) {
            const worse = r.values.findIndex((v) => v < best);
            if (worse >= 0) { a = legal[worse]; bad = plan.length; }
        }
        plan.push(st.actionToString(a));
        st.apply(a);
    }
    sv.free(); st.free(); g.free();
    return { plan, bad };
}

test("review: a bad move is marked a mistake and the best move drawn; a good move is not marked", async (t) => {
    const page = await open(t);
    const spec = "dots_and_boxes(rows=2,cols=2)";
    await newGame(page, spec, ["human", "human"]);
    const { plan, bad } = await page.evaluate(planGame, spec);
    assert.ok(bad >= 2, "a worse move exists");
    for (const m of plan) await playTyped(page, m);
    await page.waitForSelector("#replay:not([hidden])");
    await page.click("#review-start");
    await page.waitForFunction(() => document.getElementById("review").dataset.state === "done", null,
                               { timeout: 20000 });
    const verdicts = await page.evaluate(() => window.mgApp.state.history().map((_, i) => {
        const li = Array.from(document.querySelectorAll("#moves li")).find((l) => +l.dataset.ply > i);
        return li.dataset.mark;
    }));
    assert.match(verdicts[bad], /^(mistake|blunder)$/, "the bad move's turn is marked");
    // the turn before it (a best move, of the other seat or the same) is not
    const prevTurnEnd = await page.evaluate((b) => {
        const lis = Array.from(document.querySelectorAll("#moves li"));
        const k = lis.findIndex((l) => +l.dataset.ply > b);
        return k > 0 ? +lis[k - 1].dataset.ply - 1 : -1;
    }, bad);
    assert.ok(prevTurnEnd >= 0);
    assert.equal(verdicts[prevTurnEnd], "", "a best move is not marked");
    // the position of the bad move: its best move drawn, the line says so
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("Home");
    for (let i = 0; i < bad; i++) await page.keyboard.press("ArrowRight");
    assert.equal(await shown(page), bad);
    const line = await page.textContent("#review-line");
    assert.match(line, new RegExp(`^(Mistake|Blunder)\\. Played ${plan[bad]}: .*; best [a-z0-9-]+: .*exact \\(solver\\)`));
    const best = /; best ([^:]+):/.exec(line)[1];
    assert.notEqual(best, plan[bad]);
    const ring = await page.evaluate((best) => {
        const app = window.mgApp, h = app.state.history();
        const st = app.game.newState();
        for (let i = 0; i < +document.getElementById("rp-pos").dataset.ply; i++) st.apply(h[i]);
        const [, to] = app.game.actionSites(st.actionFromString(best));
        st.free();
        // a line's best move: the line itself drawn over in green
        return !!document.querySelector(`#board .mg-hint-line[data-hint="${to}"]`) &&
               document.querySelectorAll("#board .mg-hint-line, #board .mg-hint").length === 1;
    }, best);
    assert.ok(ring, "the best move's line drawn green, and nothing else");
    await page.screenshot({ path: path.join(SHOTS, "review-desktop.png") });
    await page.screenshot({ path: path.join(SHOTS, "review-desktop-full.png"), fullPage: true });
    await page.keyboard.press("ArrowLeft");
    assert.match(await page.textContent("#review-line"), /\(the best move\)/);
    await page.keyboard.press("Home");
    await page.screenshot({ path: path.join(SHOTS, "replay-desktop.png") });
    assert.deepEqual(page.mgErrors, []);
});

test("review: a long game's review shows its progress, estimates where the solver gives up, and cancels (phone)", async (t) => {
    const page = await open(t, PHONE);
    // a whole random game's record (the library's playout), loaded
    const record = await page.evaluate(() => {
        const g = window.mgApp.lib.game("china_tangle"), st = g.newState();
        while (!st.isTerminal) { const l = st.legalActions(); st.apply(l[(l.length * 7 + st.history().length * 13) % l.length]); }
        const text = st.save();
        st.free(); g.free();
        return text;
    });
    await page.click("summary:has-text('Record')");
    await page.fill("#record-text", record);
    await page.click("#load-text");
    await page.waitForFunction(() => window.mgApp.state.isTerminal);
    await page.waitForSelector("#replay:not([hidden])");
    await page.click("#review-start");
    await page.waitForFunction(() => document.getElementById("review-progress").value >= 1, null,
                               { timeout: 20000 });
    assert.equal(await page.isVisible("#review-cancel"), true);
    // the page answers while the worker thinks
    await page.click("#rp-first");
    assert.equal(await shown(page), 0);
    assert.match(await page.textContent("#review-line"), /estimate \(search: the strong bot's\)|exact/);
    await page.screenshot({ path: path.join(SHOTS, "review-phone.png") });
    await page.click("#review-cancel");
    assert.equal(await page.$eval("#review", (e) => e.dataset.state), "cancelled");
    const k = await page.$eval("#review-progress", (e) => e.value);
    const n = await page.evaluate(() => window.mgApp.state.history().length);
    assert.ok(k < n, `cancelled at ${k} of ${n}`);
    assert.match(await page.textContent("#review-status"), /^cancelled at \d+ \/ \d+ moves/);
    await page.waitForTimeout(300);
    assert.equal(await page.$eval("#review-progress", (e) => e.value), k, "no step after the cancel");
    assert.equal(await page.isVisible("#review-start"), true, "it may go on later");
    // resumed: it goes on from where it stopped (the moves done are kept)
    await page.click("#review-start");
    assert.equal(await page.$eval("#review", (e) => e.dataset.state), "running");
    assert.equal(await page.$eval("#review-progress", (e) => e.value), k, "the moves done are kept");
    await page.waitForFunction((k) => document.getElementById("review-progress").value > k, k, { timeout: 20000 });
    await page.click("#review-cancel");
    await page.click("#rp-next");
    await page.screenshot({ path: path.join(SHOTS, "replay-phone.png") });
    assert.deepEqual(page.mgErrors, []);
});
