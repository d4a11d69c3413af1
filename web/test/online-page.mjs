// online-page.mjs - driving the page as mg-server's client: the pages
// the online browser tests open (check-online.mjs against one mg-server,
// check-cluster-play.mjs through nginx in front of several), a friend's
// table made from the page's form, a whole game played by clicks, and
// the end every page must agree on.
import assert from "node:assert/strict";

export const DESKTOP = { viewport: { width: 1280, height: 900 } };
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// A page of its own (a new context of `browser`, closed when test `t`
// ends) at `where`, ready; `setup(page)` runs before it loads.  The
// page's console errors are kept in page.mgErrors (see noErrors); the
// answer to its loading in page.mgResponse.
export async function openPage(browser, t, where, options = DESKTOP, setup = null) {
    const context = await browser.newContext({ ...options, acceptDownloads: true });
    const page = await context.newPage();
    if (setup) await setup(page);
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    t.after(async () => { await context.close(); });
    page.mgResponse = await page.goto(where);
    await page.waitForSelector("body.ready", { timeout: 20000 });
    page.mgErrors = errors;
    return page;
}

// Console errors, but not the network's own words about a refused
// command (a 409 or 422 is an answer the page shows), nor those `also`
// matches (a used invite's 403, a server stopped on purpose).
export function noErrors(page, also = null) {
    const real = page.mgErrors.filter((e) => !/status of (409|422)/.test(e) && !(also && also.test(e)));
    assert.deepEqual(real, [], "console errors");
}

export const version = (page) => page.evaluate(() => window.mgApp.online ? window.mgApp.online.version : -1);
export const snap = (page) => page.evaluate(() => {
    const o = window.mgApp.online;
    return { version: o.version, status: o.snap.status, to_move: o.snap.to_move, seat: o.seat,
             history: window.mgApp.state.history() };
});
export async function waitVersion(page, v) {
    await page.waitForFunction((v) => window.mgApp.online && window.mgApp.online.version >= v, v, { timeout: 15000 });
}

// A friend's table of `spec` made from page a's form, a at seat 0: its
// invite link and its spectators' link (a waits for the friend).
export async function createTable(a, spec) {
    await a.waitForSelector("#online:not([hidden])");
    await a.fill("#spec", spec);
    await a.press("#spec", "Enter");
    await a.selectOption("#ol-seat", "0");
    await a.selectOption("#ol-opponent", "");
    await a.click("#ol-create");
    await a.waitForSelector("#waiting:not([hidden])");
    assert.match(a.url(), /\/t\/[A-Za-z0-9_-]+$/);
    const invite = await a.inputValue("#invite-link");
    assert.match(invite, /\/t\/[A-Za-z0-9_-]+#invite=.+/);
    return { invite, watch: await a.getAttribute("#watch-link", "href") };
}

// The game to its end by clicks: players[s] is seat s's page (the first
// playable target each time), every page of players and watchers shown
// each move (its version) before the next one.  beforeClick(page, n) and
// afterMove(n) (n: the moves so far) are the caller's.  The moves played.
export async function playByClicks(players, watchers = [], { beforeClick = null, afterMove = null, limit = 40 } = {}) {
    let moves = 0;
    for (;;) {
        const sa = await snap(players[0]);
        if (sa.status !== "playing") break;
        const p = players[sa.to_move];
        await waitVersion(p, sa.version);
        try {
            await p.waitForSelector('#board[data-waiting="human"] .mg-target[data-role="play"]', { timeout: 10000 });
        } catch (e) {
            for (const q of players) console.log(await q.evaluate(() => JSON.stringify({ v: window.mgApp.online.version, snap: window.mgApp.online.snap, h: window.mgApp.state.history(), w: document.getElementById("board").dataset.waiting, busy: window.mgApp.online.busy, notice: document.getElementById("notice").textContent })));
            throw e;
        }
        if (beforeClick) await beforeClick(p, moves);
        await p.click('#board .mg-target[data-role="play"]');
        if (process.env.MG_DEBUG) console.log("move", moves, sa);
        moves++;
        for (const q of [...players, ...watchers]) await waitVersion(q, sa.version + 1);
        if (afterMove) await afterMove(moves);
        assert.ok(moves < limit, "the game ends");
    }
    return moves;
}

// Every page shows the game's end: the same result and reason (the
// words for the seats are each page's own: "You", "Opponent"), the same
// winner and the same moves.  The reason's text.
export async function sameEnd(pages) {
    for (const q of pages) {
        await q.waitForSelector("#result:not([hidden])");
        await q.waitForFunction(() => document.querySelector("#result .reason").textContent.length > 0);
    }
    const texts = await Promise.all(pages.map((q) => q.textContent("#result .reason")));
    assert.ok(texts[0].length > 10);
    const winners = await Promise.all(pages.map((q) => q.getAttribute("#result", "data-winner")));
    const histories = await Promise.all(pages.map(async (q) => (await snap(q)).history));
    for (let i = 1; i < pages.length; i++) {
        assert.equal(texts[i], texts[0], `page ${i}'s result`);
        assert.equal(winners[i], winners[0], `page ${i}'s winner`);
        assert.deepEqual(histories[i], histories[0], `page ${i} saw every move`);
    }
    return texts[0];
}
