// check-fair.mjs - the local page's fair play and its words about the
// turn, in headless Chromium (as check-web.mjs, on a static server this
// test starts): no hint in a game between people until it is over, a
// click out of turn says whose move it is, a zoomed board opens where the
// play is, and Fangqi's refusals name its players as the page does
// (Black and White).  Run by `make check-web`:
//
//   MG_WEB_DIR=build/web node --test web/test/check-fair.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "./browser.mjs";
import { serve } from "../serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const WEB = path.resolve(repo, process.env.MG_WEB_DIR || "build/web");
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

let server, url, browser;

before(async () => {
    assert.ok(fs.existsSync(path.join(WEB, "index.html")), `${WEB}/index.html: run make web first`);
    ({ server, url } = await serve(WEB, 0));
    browser = await launchChromium();
});

after(async () => {
    if (browser) await browser.close();
    if (server) server.close();
});

async function open(t, options = DESKTOP) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    t.after(async () => { await context.close(); });
    await page.goto(url);
    await page.waitForSelector("body.ready", { timeout: 20000 });
    page.mgErrors = errors;
    return page;
}
const noErrors = (page) => assert.deepEqual(page.mgErrors, [], "console errors");
const ply = (page) => page.$eval("#board", (b) => +b.dataset.ply);
const noticeText = (page) => page.textContent("#notice");

// A new game: the game and its options (through the spec field), the
// seats (human or a bot name), the bots at once (or `delay` ms) with seed 1.
async function newGame(page, spec, seats, delay = "0") {
    await page.fill("#spec", spec);
    await page.press("#spec", "Enter");
    for (const seat of [0, 1]) await page.selectOption(`#seat${seat}`, seats[seat]);
    await page.selectOption("#bot-delay", delay);
    await page.fill("#bot-seed", "1");
    await page.dispatchEvent("#bot-seed", "change");
    await page.click("#new-game");
}
async function waitHuman(page) {
    await page.waitForFunction(() => ["human", "over"].includes(document.getElementById("board").dataset.waiting));
    return page.$eval("#board", (b) => b.dataset.waiting);
}

test("fair play: two people at one page get no hint until the game is over; then Undo and Hint analyse it", async (t) => {
    const page = await open(t);
    await newGame(page, "dots_and_boxes(rows=1,cols=1)", ["human", "human"]);
    await waitHuman(page);
    assert.equal(await page.isVisible("#hint"), false, "no Hint between two people");
    assert.equal(await page.isVisible("#legend-hint"), false, "nor its mark in the legend");
    // the help text says so
    assert.match(await page.textContent("#setup .fair"), /no hint until the game is over/);
    let guard = 0;
    while ((await waitHuman(page)) === "human" && guard++ < 10) {
        assert.equal(await page.isVisible("#hint"), false, "no Hint while the game runs");
        const n = await ply(page);
        await page.click('#board .mg-target[data-role="play"]');
        await page.waitForFunction((n) => +document.getElementById("board").dataset.ply > n, n);
    }
    assert.equal(await waitHuman(page), "over");
    // over: the game may be analysed, also once Undo has stepped back
    assert.equal(await page.isVisible("#hint"), true, "Hint once the game is over");
    await page.click("#undo");
    await waitHuman(page);
    assert.equal(await page.isEnabled("#hint"), true);
    await page.click("#hint");
    await page.waitForFunction(() => /^Hint: /.test(document.getElementById("hint-text").textContent));
    // a new game between people: no hint again
    await page.click("#new-game");
    await waitHuman(page);
    assert.equal(await page.isVisible("#hint"), false);
    // against a bot, the hint is there as before
    await newGame(page, "dots_and_boxes(rows=2,cols=2)", ["human", "random"]);
    await waitHuman(page);
    assert.equal(await page.isVisible("#hint"), true);
    assert.equal(await page.isEnabled("#hint"), true);
    noErrors(page);
});

test("a click when it is not the human's move says whose move it is (the status line)", async (t) => {
    const page = await open(t);
    // seat 0 a bot that waits 1 s a move: a click meanwhile is not played
    await newGame(page, "dots_and_boxes(rows=2,cols=2)", ["random", "human"], "1000");
    await page.waitForSelector('#board[data-waiting="bot"]');
    await page.locator("#board .mg-spot").first().click();
    await page.waitForFunction(() => document.getElementById("notice").textContent !== "");
    const text = await noticeText(page);
    assert.match(text, /^It is .+'s move \(seat 0, bot random\)/, text);
    assert.equal(await page.getAttribute("#notice", "aria-live"), "polite");
    await waitHuman(page);
    assert.ok(await ply(page) >= 1);
    noErrors(page);
});

test("Fangqi's refusal names the stone's player as the page does: Black and White", async (t) => {
    const page = await open(t);
    await newGame(page, "fangqi(width=4,height=4)", ["human", "random"]);
    await waitHuman(page);
    const colours = await page.$$eval(".card .colour", (cs) => cs.map((c) => c.textContent));
    assert.deepEqual(colours, ["Black", "White"]);
    await page.click('#board .mg-target[data-name="a1"]');
    await page.waitForFunction(() => +document.getElementById("board").dataset.ply >= 2);
    await waitHuman(page);
    // a1 is Black's (the human's), the bot's stone is White's
    await page.click('#board .mg-spot[data-name="a1"]');
    await page.waitForFunction(() => document.getElementById("notice").textContent !== "");
    assert.match(await noticeText(page), /^a1: the point is taken by a Black stone/);
    const white = await page.evaluate(() => {
        const app = window.mgApp, sites = app.state.sites();
        const i = sites.findIndex((x) => x === 1);
        return app.game.siteName(i);
    });
    await page.click(`#board .mg-spot[data-name="${white}"]`);
    await page.waitForFunction((w) => document.getElementById("notice").textContent.startsWith(w + ":"), white);
    assert.match(await noticeText(page), /taken by a White stone/);
    assert.doesNotMatch(await page.textContent("#lib-status"), /\b[XO] \(seat/);
    noErrors(page);
});

test("China Squares on a phone: the zoomed board opens on its middle, not its empty corner", async (t) => {
    const page = await open(t, PHONE);
    await newGame(page, "china_squares", ["human", "random"]);
    await waitHuman(page);
    await page.waitForSelector("#board-wrap.zoomed");
    // the frame's centre is near the centre of the board's sites
    const d = await page.evaluate(() => {
        const w = document.getElementById("board-wrap").getBoundingClientRect();
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (const m of document.querySelectorAll("#board .mg-overlay [data-site]")) {
            const r = m.getBoundingClientRect();
            x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top);
            x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
        }
        return { dx: (x0 + x1) / 2 - (w.left + w.width / 2), dy: (y0 + y1) / 2 - (w.top + w.height / 2),
                 left: document.getElementById("board-wrap").scrollLeft, w: w.width, h: w.height };
    });
    assert.ok(d.left > 0, "the frame is scrolled");
    assert.ok(Math.abs(d.dx) < d.w / 8 && Math.abs(d.dy) < d.h / 8, `the frame is off the board's middle by ${JSON.stringify(d)}`);
    noErrors(page);
});
