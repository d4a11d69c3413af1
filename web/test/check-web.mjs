// check-web.mjs - the built page (build/web) in a real browser: Debian's
// chromium, headless, driven by playwright-core, against a static server
// on 127.0.0.1 that this test starts itself.  Run by `make check-web`:
//
//   MG_WEB_DIR=build/web MG_WEB_NATIVE=build/web-test/mg-web-native \
//       node --test web/test/check-web.mjs
//
// Every page's console errors and uncaught exceptions fail its test.
// Screenshots go to $MG_WEB_DIR/screenshots/, the speed figures to
// $MG_WEB_DIR/speed.txt.
//
// The games are reproducible: every game is started with the page's "bot
// seed" field set (MG_WEB_SEED, default 1), and the test's own moves are
// fixed, so a run plays the same games every time.  No test asserts a
// speed: the times are reported (the speed is measured, not checked).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { launchChromium } from "./browser.mjs";
import { serve } from "../serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const WEB = path.resolve(repo, process.env.MG_WEB_DIR || "build/web");
const NATIVE = path.resolve(repo, process.env.MG_WEB_NATIVE || "build/web-test/mg-web-native");
const SHOTS = path.join(WEB, "screenshots");
const RECORDS = path.dirname(NATIVE); // the records the test saves
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SEED = BigInt(process.env.MG_WEB_SEED || "1"); // the bots' seed

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

/* ------------------------------------------------------------ helpers */

// A new page on the built site, with its console errors collected.
async function open(t, options = { viewport: DESKTOP }) {
    const context = await browser.newContext({ ...options, acceptDownloads: true });
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
    t.after(async () => {
        await context.close();
    });
    await page.goto(url);
    await page.waitForSelector("body.ready", { timeout: 20000 });
    page.mgErrors = errors;
    return page;
}

function noErrors(page) {
    assert.deepEqual(page.mgErrors, [], "console errors");
}

async function shot(page, name) {
    await page.screenshot({ path: path.join(SHOTS, name + ".png") });
}

// Choose a game and options in the form, seats, the bots' pace and seed;
// start it.
async function newGame(page, id, opts = {}, seats = ["human", "random"], { seed = SEED } = {}) {
    await page.selectOption("#game-id", id);
    for (const [k, v] of Object.entries(opts)) {
        const sel = `#opt-${k}`;
        const tag = await page.$eval(sel, (e) => e.tagName + ":" + e.type);
        if (tag.startsWith("SELECT")) await page.selectOption(sel, String(v));
        else if (tag.endsWith("checkbox")) await page.setChecked(sel, !!v);
        else { await page.fill(sel, String(v)); await page.dispatchEvent(sel, "change"); }
    }
    for (const seat of [0, 1]) {
        const s = seats[seat];
        const m = /^mcts\((\d+)\)$/.exec(s);
        await page.selectOption(`#seat${seat}`, m ? "mcts" : s);
        if (m) { await page.fill(`#seat${seat}-iterations`, m[1]); await page.dispatchEvent(`#seat${seat}-iterations`, "change"); }
    }
    await page.selectOption("#bot-delay", "0");
    await page.fill("#bot-seed", String(seed));
    await page.dispatchEvent("#bot-seed", "change");
    await page.click("#new-game");
    await waitTurn(page);
}

// Wait until a human is to move or the game is over.
async function waitTurn(page, timeout = 30000) {
    await page.waitForFunction(() => {
        const b = document.getElementById("board");
        return b && (b.dataset.waiting === "human" || b.dataset.waiting === "over");
    }, null, { timeout });
    return page.$eval("#board", (b) => b.dataset.waiting);
}

const ply = (page) => page.$eval("#board", (b) => +b.dataset.ply);
const scores = (page) => page.$$eval(".card", (cs) => cs.map((c) => +c.dataset.score));
// The board as drawn: the library's picture and the page's overlay (no
// hover ghost, which follows the mouse).
const boardSvg = (page) => page.$eval("#board svg", (s) => {
    const c = s.cloneNode(true);
    for (const g of c.querySelectorAll(".mg-ghost, .mg-ghosts > *")) g.remove();
    return c.outerHTML;
});
const targets = (page, role) => page.$$eval(`#board .mg-target${role ? "." + role : ""}`,
    (ts) => ts.map((t) => ({ site: +t.dataset.site, name: t.dataset.name, role: t.dataset.role })));

async function clickSite(page, name, tap = false) {
    const loc = page.locator(`#board .mg-target[data-name="${name}"]`);
    if (tap) await loc.tap(); else await loc.click();
}

// The sites where a click is refused (no legal action there): their names.
const spots = (page) => page.$$eval("#board .mg-spot", (ss) => ss.map((s) => s.dataset.name));

// Click (or tap) a site where the rules refuse the click: nothing is
// played, and the notice line under the board says why in the library's
// words (mg_state_illegal_reason: "<action>: <the rule> (rules N.M)").
async function refusedClick(page, name, tap = false) {
    const before = await ply(page);
    const loc = page.locator(`#board .mg-spot[data-name="${name}"]`);
    if (tap) await loc.tap(); else await loc.click();
    await page.waitForFunction(() => document.getElementById("notice").textContent !== "");
    assert.equal(await ply(page), before, `the click on ${name} played nothing`);
    return notice(page);
}

// The notice line: its text, and that it is shown and announced.
async function notice(page) {
    return page.$eval("#notice", (n) => {
        const r = n.getBoundingClientRect();
        return { text: n.textContent, live: n.getAttribute("aria-live"), role: n.getAttribute("role"),
                 shown: r.height > 0 && getComputedStyle(n).visibility !== "hidden" };
    });
}

// No "1 stones", "1 groups", "1 boxes" anywhere on the page.
async function noPluralAfterOne(page, where) {
    const text = await page.evaluate(() => document.body.innerText);
    const bad = /(^|[^\d.])1 (stones|groups|boxes|chains|lines|plies|points|cells)\b/m.exec(text);
    assert.equal(bad, null, `${where}: "${bad && bad[0]}" on the page`);
}

// Save the record through the page's button: its text.
async function saveRecord(page, file) {
    await page.click("summary:has-text('Record')");
    const [dl] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
    await dl.saveAs(file);
    await page.click("summary:has-text('Record')");
    return fs.readFileSync(file, "utf8");
}

async function loadRecord(page, file) {
    await page.setInputFiles("#load-file", file);
    await page.waitForFunction((n) => {
        const l = document.getElementById("moves");
        return l && l.dataset.count === String(n);
    }, recordActions(fs.readFileSync(file, "utf8")));
}

function recordActions(text) {
    const m = /^actions (\d+)$/m.exec(text);
    return m ? +m[1] : -1;
}

function native(...args) {
    return execFileSync(NATIVE, args, { encoding: "utf8" });
}

/* -------------------------------------------------------------- tests */

test("the build: files, and the .wasm under 400 KB compressed", () => {
    const modules = fs.readdirSync(path.join(here, "../src/app")).filter((f) => f.endsWith(".js"));
    assert.ok(modules.length > 0, "web/src/app/*.js");
    for (const f of ["index.html", "style.css", "app.js", "board.js", "mg.js", "worker.js",
                     "mindgames.js", "mindgames.wasm", ...modules.map((m) => "app/" + m)])
        assert.ok(fs.existsSync(path.join(WEB, f)), f);
    const wasm = fs.readFileSync(path.join(WEB, "mindgames.wasm"));
    const gz = zlib.gzipSync(wasm, { level: 9 }).length;
    console.log(`# mindgames.wasm: ${wasm.length} bytes, ${gz} gzipped`);
    assert.ok(gz < 400 * 1024, `gzipped .wasm is ${gz} bytes`);
});

test("the form is built from option introspection; the spec is canonical and editable", async (t) => {
    const page = await open(t);
    const ids = await page.$$eval("#game-id option", (os) => os.map((o) => o.value));
    assert.deepEqual(ids.sort(), ["chains_of_thought", "china_grove", "china_octangle", "china_squares",
                                  "china_tangle", "dots_and_boxes", "fangqi"]);
    await page.selectOption("#game-id", "dots_and_boxes");
    assert.equal(await page.inputValue("#spec"), "dots_and_boxes(grid=square,rows=4,cols=4,border=none,misere=false)");
    assert.equal(await page.isVisible("#opt-rows"), true);
    assert.equal(await page.isVisible("#opt-size"), false);
    await page.selectOption("#opt-grid", "triangle");
    assert.equal(await page.isVisible("#opt-rows"), false);
    assert.equal(await page.isVisible("#opt-size"), true);
    assert.equal(await page.isVisible("#opt-shape"), true);
    assert.equal(await page.inputValue("#spec"),
                 "dots_and_boxes(grid=triangle,size=3,shape=triangle,border=none,misere=false)");
    // a value the library refuses: its message, and no new game
    await page.selectOption("#opt-grid", "hexagon");
    await page.selectOption("#opt-border", "icelandic");
    assert.match(await page.textContent("#spec-error"), /icelandic|border/);
    assert.equal(await page.isDisabled("#new-game"), true);
    // the spec typed in
    await page.fill("#spec", "fangqi(variant=xinjiang)");
    await page.press("#spec", "Enter");
    await waitTurn(page);
    assert.equal(await page.inputValue("#game-id"), "fangqi");
    assert.equal(await page.inputValue("#opt-width"), "7");
    assert.match(await page.inputValue("#spec"), /^fangqi\(variant=xinjiang,width=7,height=7,/);
    assert.match(await page.textContent("#lib-status"), /placing/);
    await page.fill("#spec", "fangqi(width=99)");
    await page.press("#spec", "Enter");
    assert.notEqual(await page.textContent("#spec-error"), "");
    // the bots this library has
    const bots = await page.$$eval("#seat1 option", (os) => os.map((o) => o.value));
    for (const b of ["human", "random", "greedy", "mcts"]) assert.ok(bots.includes(b), b);
    // the board seed of the China games, and "new board"
    await page.selectOption("#game-id", "china_tangle");
    await waitTurn(page);
    assert.equal(await page.inputValue("#opt-board"), "1");
    const before = await boardSvg(page);
    await page.click("#new-board");
    await waitTurn(page);
    const seed = await page.inputValue("#opt-board");
    assert.notEqual(seed, "1");
    assert.match(await page.inputValue("#spec"), new RegExp(`^china_tangle\\(board=${seed},`));
    assert.notEqual(await boardSvg(page), before);
    // the bots' seed: a number (seat 0's bot gets it, seat 1's the next),
    // or empty for random seeds
    await page.fill("#bot-seed", "12x");
    assert.match(await page.textContent("#bot-seed-error"), /bot seed/);
    await page.fill("#bot-seed", "18446744073709551615");
    assert.equal(await page.textContent("#bot-seed-error"), "");
    await page.click("#new-game");
    await waitTurn(page);
    assert.deepEqual(await page.evaluate(() => window.mgApp.seeds), ["18446744073709551615", "0"]);
    await page.fill("#bot-seed", "");
    await page.click("#new-game");
    await waitTurn(page);
    assert.notDeepEqual(await page.evaluate(() => window.mgApp.seeds), ["18446744073709551615", "0"]);
    noErrors(page);
});

test("every game and grid: drawn, its click targets on the library's own sites", async (t) => {
    const page = await open(t);
    await page.selectOption("#seat1", "human");
    const specs = ["dots_and_boxes(grid=triangle,size=3)", "dots_and_boxes(grid=triangle,size=2,shape=hexagon)",
                   "dots_and_boxes(grid=hexagon,size=2,border=swedish)", "dots_and_boxes(rows=2,cols=6,border=icelandic)",
                   "china_octangle(board=7)", "china_grove(board=3,mode=number)", "chains_of_thought(board=hex7)",
                   "chains_of_thought(board=trisquare4)", "fangqi"];
    for (const spec of specs) {
        await page.fill("#spec", spec);
        await page.press("#spec", "Enter");
        await waitTurn(page);
        assert.equal(await page.textContent("#spec-error"), "", spec);
        const r = await page.$eval("#board svg", (svg) => {
            const root = svg.getScreenCTM().inverse();
            const centre = (e) => {
                const b = e.getBBox();
                return new DOMPoint(b.x + b.width / 2, b.y + b.height / 2)
                    .matrixTransform(root.multiply(e.getScreenCTM()));
            };
            const ts = Array.from(svg.querySelectorAll(".mg-target"));
            let worst = 0, matched = 0;
            for (const t of ts) {
                const lib = svg.querySelector(`[data-site="${t.dataset.site}"]:not(.mg-target)`);
                if (!lib) continue;
                const a = centre(t), b = centre(lib);
                worst = Math.max(worst, Math.hypot(a.x - b.x, a.y - b.y));
                matched++;
            }
            const vb = svg.viewBox.baseVal, bb = svg.getBBox();
            return { targets: ts.length, matched, worst, inside: bb.width <= vb.width + 1 };
        });
        assert.ok(r.targets > 0, `${spec}: click targets`);
        if (!spec.startsWith("fangqi")) assert.equal(r.matched, r.targets, `${spec}: every target on a drawn site`);
        assert.ok(r.worst < 1.5, `${spec}: a target ${r.worst} px off its site`);
        await shot(page, "gallery-" + spec.replace(/[^a-z0-9]+/g, "-").replace(/-$/, ""));
    }
    noErrors(page);
});

test("Dots and Boxes 3x3: lines by clicks, the bot answers, the score changes; undo; load", async (t) => {
    const page = await open(t);
    await newGame(page, "dots_and_boxes", { rows: 3, cols: 3 }, ["human", "greedy"]);
    assert.equal(await page.inputValue("#spec"), "dots_and_boxes(grid=square,rows=3,cols=3,border=none,misere=false)");
    assert.equal((await targets(page)).length, 24);
    await clickSite(page, "a1-b1");
    await waitTurn(page);
    assert.ok(await ply(page) >= 2, "the bot answered");
    const moves = await page.$$eval("#moves li", (ls) => ls.map((l) => [l.dataset.seat, l.textContent]));
    assert.deepEqual(moves[0], ["0", "a1-b1"]);
    assert.equal(moves[1][0], "1");
    await shot(page, "desktop-dots-and-boxes-start");
    // play lines (the first one open) until a box is claimed
    let guard = 0, changed = false, undoCheck = null, mid = null;
    while ((await waitTurn(page)) === "human" && guard++ < 40) {
        const ts = await targets(page, "play");
        if (!undoCheck) {
            undoCheck = { ply: await ply(page), svg: await boardSvg(page) };
        }
        if (!mid && (await ply(page)) >= 2)
            mid = { record: await saveRecord(page, path.join(RECORDS, "dots-mid.txt")),
                    svg: await boardSvg(page), ply: await ply(page) };
        await clickSite(page, ts[0].name);
        const s = await scores(page);
        if (s[0] + s[1] > 0) { changed = true; break; }
    }
    await waitTurn(page);
    // (the bot may claim the first box in its answer, after the last click)
    changed = changed || (await scores(page)).some((x) => x > 0);
    assert.ok(changed, "a box was claimed");
    await shot(page, "desktop-dots-and-boxes");
    // undo: back to the human's previous turn
    const p0 = await ply(page);
    await page.click("#undo");
    await waitTurn(page);
    assert.ok(await ply(page) < p0, "undo took moves back");
    assert.equal(await page.$eval("#board", (b) => b.dataset.turn), "0");
    // undo to the first recorded position exactly
    while ((await ply(page)) > undoCheck.ply) { await page.click("#undo"); await waitTurn(page); }
    assert.equal(await ply(page), undoCheck.ply);
    assert.equal(await boardSvg(page), undoCheck.svg);
    // load the record saved in the middle: the same position
    assert.ok(mid, "a record was saved");
    await loadRecord(page, path.join(RECORDS, "dots-mid.txt"));
    assert.equal(await ply(page), mid.ply);
    assert.equal(await boardSvg(page), mid.svg);
    noErrors(page);
});

test("China Tangle against random, by clicks, to the end: the result is the library's", async (t) => {
    const page = await open(t);
    await newGame(page, "china_tangle", {}, ["human", "random"]);
    let guard = 0, checkedOpen = 0;
    while ((await waitTurn(page)) === "human" && guard++ < 400) {
        // the open cells highlighted are the library's '*' marks
        const centres = (sel) => page.$$eval(sel, (cs) => cs.map((c) => [+c.getAttribute("cx"), +c.getAttribute("cy")]));
        const marks = await centres('#board svg circle.mark[data-mark="*"]');
        const lit = await centres("#board .mg-open");
        assert.equal(lit.length, marks.length, "as many cells lit as the library marks open");
        for (const [x, y] of lit)
            assert.ok(marks.some(([u, v]) => Math.hypot(u - x, v - y) < 1.5), `lit cell at ${x},${y} is marked open`);
        if (lit.length) checkedOpen++;
        const ts = await targets(page, "play");
        if (ts.length) await clickSite(page, ts[0].name);
        else await page.click('#turn-buttons button[data-action="done"]');
    }
    assert.equal(await waitTurn(page), "over");
    assert.ok(checkedOpen > 0, "open cells were highlighted during turns");
    const shown = await page.$eval("#result", (r) => ({ hidden: r.hidden, winner: r.dataset.winner, text: r.textContent }));
    assert.equal(shown.hidden, false);
    assert.match(shown.text, /wins/);
    // what ended the game, in the library's words (mg_state_end_reason,
    // rules 0 and 2.3): one line under the result, citing the rules
    const reason = await page.$eval("#result .reason", (r) => r.textContent);
    assert.match(reason, /\(rules \d/, "the end reason cites the rules");
    assert.equal(await page.$eval("#result", (r) => r.getAttribute("aria-live")), "polite");
    // a click on the finished board: refused, the game is over
    const over = await refusedClick(page, (await spots(page))[0]);
    assert.match(over.text, /the game is over/);
    assert.match(over.text, /\(rules \d/);
    await noPluralAfterOne(page, "China Tangle over");
    await shot(page, "desktop-china-tangle-end");
    const file = path.join(RECORDS, "china-tangle.txt");
    const record = await saveRecord(page, file);
    assert.match(record, /^mindgames-record 1\ngame china_tangle\(board=1,/);
    const lib = /winner (-?\d+) terminal (\d)/.exec(native("winner", file));
    assert.equal(lib[2], "1", "the record is a finished game");
    assert.equal(shown.winner, lib[1], "the page's winner is the library's");
    assert.match(shown.text, new RegExp(`seat ${lib[1]}`));
    // a new game, then the record loaded: the same position and result
    const svg = await boardSvg(page);
    await page.click("#new-game");
    await waitTurn(page);
    assert.equal(await ply(page), 0);
    await loadRecord(page, file);
    assert.equal(await boardSvg(page), svg);
    assert.equal(await page.$eval("#result", (r) => r.dataset.winner), lib[1]);
    noErrors(page);
});

test("China Squares: open cells, views cells / lines / both, names", async (t) => {
    const page = await open(t);
    await newGame(page, "china_squares", {}, ["human", "human"]);
    assert.equal(await page.isVisible("#views"), true);
    assert.equal((await targets(page, "play")).length, 255);
    assert.equal(await page.$$eval("#board .mg-open", (c) => c.length), 0, "nothing open before a stone");
    await clickSite(page, "n1");
    await waitTurn(page);
    const lit = await page.$$eval("#board .mg-open", (c) => c.length);
    const marks = await page.$$eval('#board circle.mark[data-mark="*"]', (c) => c.length);
    assert.ok(lit > 0 && lit === marks, `${lit} open cells, ${marks} marks`);
    // the turn as a player says it (rules 1.3: the turn's first stone
    // fixes the pattern class of the others): the stone of the turn and a
    // cell of the class by its name, not the class's number
    const status = await page.textContent("#lib-status");
    assert.match(status, /stone 1 of \d+ of this turn: cells like n1\b/);
    assert.doesNotMatch(status, /placed on class/);
    // one stone, one group: the singular (the cards and the status)
    assert.match(await page.textContent("#card0 .stats"), /\b1 stone\b.*\b1 group\b/);
    await noPluralAfterOne(page, "China Squares, one stone");
    // a click on a cell that is not open: refused, and the library says
    // why (rules 1.3), on the status line under the board
    const openCells = new Set(await page.$$eval("#board .mg-open", (c) => c.map((e) => +e.dataset.open)));
    const names = await page.$$eval("#board .mg-spot", (ss) => ss.map((x) => [+x.dataset.site, x.dataset.name]));
    const closed = names.find(([site, name]) => !openCells.has(site) && name !== "n1");
    assert.ok(closed, "a cell the turn's next stone may not take");
    const r = await refusedClick(page, closed[1]);
    assert.ok(r.text.startsWith(closed[1] + ":"), `the reason names the cell: ${r.text}`);
    assert.match(r.text, /\(rules \d/);
    assert.equal(r.shown, true, "the reason is shown");
    assert.equal(r.live, "polite");
    assert.equal(r.role, "status");
    await shot(page, "desktop-china-squares-refused");
    // the occupied cell: refused too
    assert.match((await refusedClick(page, "n1")).text, /^n1: .*\(rules \d/);
    // a legal move clears the line
    await clickSite(page, (await targets(page, "play"))[0].name);
    await waitTurn(page);
    assert.equal((await notice(page)).text, "");
    assert.equal(await page.isVisible('#turn-buttons button[data-action="done"]'), true);
    const display = (sel) => page.$eval(sel, (e) => getComputedStyle(e).display);
    await shot(page, "desktop-china-squares-both");
    await page.click('#views button[data-view="cells"]');
    assert.equal(await display("#board svg g.beams"), "none");
    assert.notEqual(await display("#board svg g.cells"), "none");
    await shot(page, "desktop-china-squares-cells");
    await page.click('#views button[data-view="lines"]');
    assert.equal(await display("#board svg g.cells"), "none");
    assert.notEqual(await display("#board svg g.beams"), "none");
    await shot(page, "desktop-china-squares-lines");
    // the view stays through moves
    await page.click('#turn-buttons button[data-action="done"]');
    await waitTurn(page);
    assert.equal(await display("#board svg g.cells"), "none");
    await page.click('#views button[data-view="both"]');
    assert.notEqual(await display("#board svg g.cells"), "none");
    assert.notEqual(await display("#board svg g.beams"), "none");
    // Black may swap: a button
    assert.equal(await page.isVisible('#turn-buttons button[data-action="swap"]'), true);
    await page.click('#turn-buttons button[data-action="swap"]');
    await waitTurn(page);
    assert.match(await page.textContent("#card1 .colour"), /White/);
    assert.match(await page.textContent("#card0 .colour"), /Black/);
    await page.check("#labels");
    assert.ok(await page.$$eval("#board .mg-label", (l) => l.length) >= 255);
    await page.uncheck("#labels");
    noErrors(page);
});

test("steps by two clicks: Fangqi 4x4 (place, remove, move) and Chains of Thought", async (t) => {
    const page = await open(t);
    // Place, then remove and move by clicks, in one game.  A game may end
    // before the human has moved (seat 0 loses when it has no move as
    // movement begins): then a new game, with the next bot seed.
    let removal = null, move = null, games = 0;
    for (let seed = SEED; !(removal && move) && games < 10; seed++, games++) {
        removal = move = null;
        await newGame(page, "fangqi", { width: 4, height: 4 }, ["human", "random"], { seed });
        let guard = 0;
        while (!move && (await waitTurn(page)) === "human" && guard++ < 200) {
            const from = await targets(page, "from");
            if (from.length) {
                await clickSite(page, from[0].name);
                const to = await targets(page, "to");
                assert.ok(to.length > 0, "a selected stone shows where it may go");
                const before = await ply(page);
                await clickSite(page, to[0].name);
                await page.waitForFunction((n) => +document.getElementById("board").dataset.ply > n, before);
                move = `${from[0].name}-${to[0].name}`;
                break;
            }
            const rm = await targets(page, "remove");
            if (rm.length) {
                const before = await ply(page);
                await clickSite(page, rm[0].name);
                await page.waitForFunction((n) => +document.getElementById("board").dataset.ply > n, before);
                removal = removal || "x" + rm[0].name;
                continue;
            }
            const ts = await targets(page, "play");
            assert.ok(ts.length > 0, "while placing, the empty points are targets");
            await clickSite(page, ts[0].name);
        }
        if (!(removal && move)) console.log(`# fangqi 4x4, bot seed ${seed}: over before a removal and a move by clicks`);
    }
    assert.ok(removal, "a stone was removed by a click");
    assert.ok(move, "a stone was moved by two clicks");
    // the list of moves shows them as seat 0's; a seat's actions in a row
    // are one entry ("xc2 b1-c1": the last removal, then the first move)
    const moves = await page.$$eval("#moves li", (ls) => ls.map((l) => [l.dataset.seat, l.textContent]));
    const mine = moves.filter(([s]) => s === "0").flatMap(([, m]) => m.split(" "));
    assert.ok(mine.includes(removal) && mine.includes(move),
              `${removal} and ${move} in ${JSON.stringify(moves.slice(-4))}`);
    await waitTurn(page);
    await shot(page, "desktop-fangqi");
    // Chains of Thought: a few placements against greedy
    await newGame(page, "chains_of_thought", { board: "square6" }, ["human", "greedy"]);
    for (let i = 0; i < 4 && (await waitTurn(page)) === "human"; i++) {
        const ts = await targets(page);
        const t0 = ts.find((x) => x.role === "play") || ts[0];
        await clickSite(page, t0.name);
        if (t0.role === "from") await clickSite(page, (await targets(page, "to"))[0].name);
    }
    await waitTurn(page);
    assert.ok(await ply(page) >= 4);
    // one vocabulary (rules 5.2): the cards, the library's status lines and
    // the stones drawn all say seat 0 is Black and seat 1 White
    assert.match(await page.textContent("#card0 .colour"), /^Black$/);
    assert.match(await page.textContent("#card1 .colour"), /^White$/);
    const lines = (await page.textContent("#lib-status")).split("\n");
    assert.match(lines[0], /^Black \(seat 0\): \d+ stones?/, lines.join(" / "));
    assert.match(lines[1], /^White \(seat 1\): \d+ stones?/, lines.join(" / "));
    assert.match(lines[2], /^(Black \(seat 0\)|White \(seat 1\)) to move$|^game over: /, lines[2]);
    const fills = await page.$$eval("#board circle.stone", (cs) => cs.map((c) => c.getAttribute("class") + " " + c.getAttribute("fill")));
    assert.ok(fills.some((f) => f === "stone p0 black"), JSON.stringify(fills));
    assert.ok(fills.every((f) => f === "stone p0 black" || f === "stone p1 white"), JSON.stringify(fills));
    // the legend says what the dotted rings around the stones mark: the
    // stones that may step (rules 5.2); Fangqi's removals are not shown
    const legend = await page.$$eval("#legend li", (ls) => ls.filter((l) => !l.hidden).map((l) => l.textContent));
    assert.ok(legend.some((l) => /dotted blue ring around a stone: your stone that may step/.test(l)),
              JSON.stringify(legend));
    assert.ok(!legend.some((l) => /may remove/.test(l)), "no removals in Chains of Thought");
    assert.equal(await page.isVisible("#legend"), true);
    // a step refused: the stone, then a point it may not go to; the page
    // says why (the library's rule when the game has such a step, else
    // that there is none), nothing is played
    const from = await targets(page, "from");
    assert.ok(from.length > 0, "a stone of seat 0 may step (bot seed " + SEED + ")");
    await clickSite(page, from[0].name);
    const dests = new Set((await targets(page, "to")).map((x) => x.name));
    const far = (await spots(page)).find((n) => !dests.has(n));
    const r = await refusedClick(page, far);
    assert.match(r.text, new RegExp(`\\(rules \\d|^no step from ${from[0].name} to ${far} `), r.text);
    await shot(page, "desktop-chains-of-thought");
    noErrors(page);
});

// The times are figures to read (on a loaded machine they can be many
// times the usual): the test checks that the bot answers, and reports.
test("mcts(iterations=1000) answers on China Squares: its time per action, wasm vs native speed", async (t) => {
    const page = await open(t);
    await newGame(page, "china_squares", {}, ["human", "mcts(1000)"]);
    await clickSite(page, "n1");
    await waitTurn(page);
    const t0 = Date.now();
    await page.click('#turn-buttons button[data-action="done"]');
    assert.equal(await waitTurn(page, 60000), "human");
    const turnMs = Date.now() - t0;
    const times = await page.evaluate(() => window.mgApp.botTimes.slice());
    assert.ok(times.length >= 1, "the bot played");
    const worst = Math.max(...times);
    console.log(`# mcts(iterations=1000) on China Squares: ${times.length} actions, ` +
                `${times.map((x) => Math.round(x)).join(" ")} ms each; the whole turn ${turnMs} ms`);
    assert.ok(Number.isFinite(worst) && worst >= 0, `a bot action took ${worst} ms`);
    await clickSite(page, (await targets(page, "play"))[40].name);
    await waitTurn(page);
    await shot(page, "desktop-china-squares-mcts");
    // the same measure in the page's worker and natively, in turns (the
    // machine may be busy: the fastest run of each is the figure)
    const runs = 8, wasmRuns = [], nativeRuns = [];
    for (let round = 0; round < 4; round++) {
        wasmRuns.push(...(await page.evaluate((n) => window.mgBench("china_squares", "mcts(iterations=1000)", n), runs)).ms);
        const out = native("bench", "china_squares", "mcts(iterations=1000)", String(runs));
        nativeRuns.push(...(/^ms (.*)$/m.exec(out)[1].split(" ").map(Number)));
    }
    const med = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const wasmMs = Math.min(...wasmRuns), nativeMs = Math.min(...nativeRuns);
    const ratio = nativeMs / wasmMs;
    const ips = (ms) => Math.round(1000 / ms * 1000);
    const line = `china_squares mcts(iterations=1000), first move of a fresh bot, ${wasmRuns.length} runs each: ` +
        `wasm fastest ${wasmMs.toFixed(1)} ms (${ips(wasmMs)} iterations/s), median ${med(wasmRuns).toFixed(1)} ms; ` +
        `native fastest ${nativeMs.toFixed(1)} ms (${ips(nativeMs)} iterations/s), median ${med(nativeRuns).toFixed(1)} ms; ` +
        `wasm/native iterations/s ${ratio.toFixed(2)} (medians ${(med(nativeRuns) / med(wasmRuns)).toFixed(2)}); ` +
        `the bot's actions in the game: ${times.map((x) => Math.round(x)).join(" ")} ms`;
    console.log("# " + line);
    fs.writeFileSync(path.join(WEB, "speed.txt"), line + "\n");
    assert.ok(wasmRuns.length === 4 * runs && wasmRuns.every((x) => Number.isFinite(x) && x >= 0), "wasm runs timed");
    assert.ok(nativeRuns.length === 4 * runs && nativeRuns.every((x) => Number.isFinite(x) && x >= 0), "native runs timed");
    noErrors(page);
});

test("the bot thinks in a worker: the page stays responsive; New game cancels; pause; hint", async (t) => {
    const page = await open(t);
    // a long think: the page's own timers keep running meanwhile
    await newGame(page, "china_squares", {}, ["human", "mcts(400000)"]);
    await clickSite(page, "m12"); // one stone, the turn ends by itself
    await page.waitForFunction(() => /thinking/.test(document.querySelector("#card1 .state").textContent));
    // the page's own timers keep running while the bot thinks: were the
    // think on the page's thread, no tick could run before it ended.  The
    // stall is a figure (a loaded machine stalls any page), not checked.
    const ticks = await page.evaluate(() => new Promise((resolve) => {
        let worst = 0, last = performance.now(), n = 0, thinking = 0;
        const tick = () => {
            const now = performance.now();
            worst = Math.max(worst, now - last);
            last = now;
            if (document.getElementById("board").dataset.waiting === "bot") thinking++;
            if (++n < 20) setTimeout(tick, 25); else resolve({ n, thinking, worst });
        };
        setTimeout(tick, 25);
    }));
    console.log(`# the page's timers while mcts(400000) thought: ${ticks.n} ticks of 25 ms, the longest gap ${Math.round(ticks.worst)} ms`);
    assert.equal(ticks.thinking, ticks.n, "the page's timers ran while the bot thought");
    assert.equal(await page.$eval("#board", (b) => b.dataset.waiting), "bot");
    assert.equal(await ply(page), 1);
    await page.click("#new-game"); // cancels the think
    await waitTurn(page);
    assert.equal(await ply(page), 0);
    // bots against each other, paused and resumed
    await page.selectOption("#seat0", "random");
    await page.selectOption("#seat1", "random");
    await page.selectOption("#bot-delay", "300");
    await page.selectOption("#game-id", "dots_and_boxes");
    await page.waitForFunction(() => +document.getElementById("board").dataset.ply >= 2);
    await page.click("#pause");
    const p1 = await ply(page);
    await page.waitForTimeout(900);
    assert.equal(await ply(page), p1, "paused");
    await page.click("#pause");
    await page.waitForFunction((n) => +document.getElementById("board").dataset.ply > n, p1);
    // a hint for a human
    await newGame(page, "dots_and_boxes", { rows: 2, cols: 2 }, ["human", "random"]);
    await page.click("#hint");
    await page.waitForFunction(() => /^Hint: /.test(document.getElementById("hint-text").textContent));
    assert.ok(await page.$$eval("#board .mg-hint, #board .mg-hint-line", (h) => h.length) >= 1);
    // a move typed in notation
    await page.fill("#move-input", "a1-b1");
    await page.press("#move-input", "Enter");
    await waitTurn(page);
    assert.equal(await page.$eval("#moves li", (l) => l.textContent), "a1-b1");
    // the same line typed again: refused, the library says why (rules 3.2)
    const p2 = await ply(page);
    await page.fill("#move-input", "a1-b1");
    await page.press("#move-input", "Enter");
    await page.waitForFunction(() => document.getElementById("notice").textContent !== "");
    assert.match((await notice(page)).text, /^a1-b1: .*\(rules \d/);
    assert.equal(await ply(page), p2, "nothing played");
    assert.equal(await page.inputValue("#move-input"), "a1-b1", "the refused move stays to correct");
    noErrors(page);
});

test("a phone-sized screen: the board fits, taps play", async (t) => {
    const page = await open(t, PHONE);
    await newGame(page, "china_squares", {}, ["human", "random"]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than the screen`);
    // the frame fits the screen; China Squares' cells, 12 px there, are
    // zoomed to a finger's size, the board panned in its frame
    const wrap = await page.$eval("#board-wrap", (s) => s.getBoundingClientRect().width);
    assert.ok(wrap <= 390 && wrap > 300, `board frame ${wrap} px wide`);
    const tap = +(await page.getAttribute("#board", "data-tap"));
    assert.ok(tap >= 40, `a cell is a ${tap} px target`);
    const cell = await page.locator("#board .mg-target").first().boundingBox();
    assert.ok(cell.width >= 38, `a target is ${cell.width} px`);
    await clickSite(page, "m12", true);
    await waitTurn(page);
    assert.ok(await ply(page) >= 2, "the tap played and the bot answered");
    await clickSite(page, (await targets(page, "play"))[0].name, true);
    await waitTurn(page);
    await shot(page, "phone-china-squares");
    await newGame(page, "dots_and_boxes", { rows: 3, cols: 3 }, ["human", "greedy"]);
    await clickSite(page, "b2-c2", true);
    await waitTurn(page);
    // a tap on a drawn line: refused (rules 3.2), the reason on screen
    const r = await refusedClick(page, "b2-c2", true);
    assert.match(r.text, /^b2-c2: .*\(rules \d/);
    const inView = await page.$eval("#notice", (n) => {
        const b = n.getBoundingClientRect();
        return b.top >= 0 && b.bottom <= window.innerHeight && b.right <= window.innerWidth;
    });
    assert.ok(inView, "the reason is on the screen after the tap");
    await shot(page, "phone-dots-and-boxes");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shot(page, "phone-dots-and-boxes-panel");
    noErrors(page);
});
