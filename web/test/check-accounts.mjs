// check-accounts.mjs - the page's player area (web/src/app/player.js)
// against a real mg-server, in headless Chromium, as check-online.mjs
// does: a name picked shows on the seat of a table created and of one
// joined, and stays after a reload; an account made (a password set),
// logged out and logged in again (the session is the HttpOnly cookie, a
// table created with it shows the name), logged out for good.  Console
// errors fail a test.  Run by `make check-web` when the server is built:
//
//   MG_WEB_DIR=build/web MG_SERVER=build/programs/mg-server \
//       node --test web/test/check-accounts.mjs
//
// Screenshots: $MG_WEB_DIR/screenshots/accounts-*.png (and into
// $MG_SHOTS_DIR when it is set).
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

let server, url, browser;

before(async () => {
    assert.ok(fs.existsSync(path.join(WEB, "index.html")), `${WEB}/index.html: run make web first`);
    assert.ok(fs.existsSync(SERVER), `${SERVER}: run make server first`);
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer(SERVER, WEB, "mg-accounts-", ["--rate", "0", "--seat-rate", "0", "--players-per-hour", "0"]);
    url = server.url;
    browser = await launchChromium();
});

after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
});

async function open(t, where, options = DESKTOP, context = null) {
    const ctx = context || await browser.newContext({ ...options });
    const page = await ctx.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    if (!context) t.after(async () => { await ctx.close(); });
    await page.goto(where);
    await page.waitForSelector("body.ready", { timeout: 20000 });
    await page.waitForSelector("#player:not([hidden])", { state: "attached" });
    page.mgErrors = errors;
    return page;
}

// Console errors but those `also` matches (a refused login's 401).
function noErrors(page, also = null) {
    assert.deepEqual(page.mgErrors.filter((e) => !(also && also.test(e))), [], "console errors");
}

async function shot(page, name) {
    const file = path.join(SHOTS, name + ".png");
    await page.screenshot({ path: file });
    if (process.env.MG_SHOTS_DIR) fs.copyFileSync(file, path.join(process.env.MG_SHOTS_DIR, name + ".png"));
}

async function pickName(page, name) {
    await page.fill("#pl-name", name);
    await page.click("#pl-pick");
    await page.waitForSelector("#pl-me:not([hidden])");
    assert.equal(await page.textContent("#pl-who"), name);
}

async function createTable(page) {
    await page.fill("#spec", "dots_and_boxes(rows=2,cols=2,border=swedish)");
    await page.press("#spec", "Enter");
    await page.selectOption("#ol-seat", "0");
    await page.selectOption("#ol-opponent", "");
    await page.click("#ol-create");
    await page.waitForSelector("#waiting:not([hidden])");
    return page.inputValue("#invite-link");
}

test("a name picked: the seats show it, at the table created and the one joined, after a reload", async (t) => {
    const a = await open(t, url + "/");
    await shot(a, "accounts-front-desktop");
    await pickName(a, "Alice_W");
    const token = await a.evaluate(() => JSON.parse(localStorage.getItem("mg-player")).token);
    assert.ok(token && token.length >= 43, "the player token is kept");
    const invite = await createTable(a);
    await a.waitForFunction(() => document.querySelector("#card0 .who").textContent.replace(/\u200b/g, "").includes("Alice_W (you)"));

    const b = await open(t, url + "/", PHONE);
    await pickName(b, "Bob_W");
    await shot(b, "accounts-name-phone");
    await b.goto(invite);
    await b.waitForSelector('#online-bar[data-status="playing"][data-seat="1"]');
    await b.waitForFunction(() => document.querySelector("#card1 .who").textContent.replace(/\u200b/g, "").includes("Bob_W (you)"));
    assert.match(await b.textContent("#card0 .who"), /Alice_W/);
    await a.waitForFunction(() => /Bob_W/.test(document.querySelector("#card1 .who").textContent));
    await shot(a, "accounts-seats-desktop");

    // a spectator sees both names
    const s = await open(t, await a.getAttribute("#watch-link", "href"));
    await s.waitForSelector('#online-bar[data-seat="spectator"]');
    await s.waitForFunction(() => /Alice_W/.test(document.querySelector("#card0 .who").textContent) &&
                                  /Bob_W/.test(document.querySelector("#card1 .who").textContent));
    // a reload is the same player
    await a.reload();
    await a.waitForSelector("body.ready");
    // (at a table "Play online" is closed: the area is there, not seen)
    await a.waitForSelector("#pl-me:not([hidden])", { state: "attached" });
    assert.equal(await a.textContent("#pl-who"), "Alice_W");
    // a name taken: the server's sentence
    const c = await open(t, url + "/");
    await c.fill("#pl-name", "alice_w");
    await c.click("#pl-pick");
    await c.waitForFunction(() => /taken/.test(document.querySelector("#pl-msg").textContent));
    for (const p of [a, b, s]) noErrors(p);
    noErrors(c, /status of 409/);
});

test("an account: a password set, logged out, logged in (the cookie), a table by the session, logged out", async (t) => {
    const ctx = await browser.newContext({ ...DESKTOP });
    t.after(async () => { await ctx.close(); });
    const a = await open(t, url + "/", DESKTOP, ctx);
    await pickName(a, "Carol_W");
    await a.click("#pl-show-pw");
    assert.ok(await a.isHidden("#pl-old"), "no old password for a first one");
    await a.fill("#pl-new", "carol's long password");
    await a.click("#pl-pw-go");
    await a.waitForFunction(() => /Password saved/.test(document.querySelector("#pl-msg").textContent));
    assert.equal(await a.textContent("#pl-show-pw"), "Change password");
    await a.click("#pl-logout");
    await a.waitForSelector("#pl-anon:not([hidden])");
    assert.equal(await a.evaluate(() => localStorage.getItem("mg-player")), null);

    // a wrong password: the server's one sentence
    await a.click("#pl-show-login");
    await a.fill("#pl-login-name", "carol_w");
    await a.fill("#pl-login-pw", "not her password");
    await a.click("#pl-login-go");
    await a.waitForFunction(() => /wrong name or password/.test(document.querySelector("#pl-msg").textContent));
    await a.fill("#pl-login-pw", "carol's long password");
    await a.click("#pl-login-go");
    await a.waitForSelector("#pl-me:not([hidden])");
    assert.equal(await a.textContent("#pl-who"), "Carol_W");
    // the session is the cookie: HttpOnly (the page cannot read it) and
    // no token kept by the page
    const cookies = await ctx.cookies();
    const c = cookies.find((x) => x.name === "mg_session");
    assert.ok(c && c.httpOnly && c.secure && c.sameSite === "Strict", JSON.stringify(cookies));
    assert.equal(await a.evaluate(() => document.cookie.includes("mg_session")), false);
    assert.equal(await a.evaluate(() => JSON.parse(localStorage.getItem("mg-player")).token), undefined);
    await shot(a, "accounts-logged-in-desktop");
    const invite = await createTable(a);
    assert.ok(invite);
    await a.waitForFunction(() => document.querySelector("#card0 .who").textContent.replace(/\u200b/g, "").includes("Carol_W (you)"));
    await shot(a, "accounts-table-desktop");

    // a new tab of the same browser is Carol too (the cookie)
    const b = await open(t, url + "/", DESKTOP, ctx);
    await b.waitForSelector("#pl-me:not([hidden])");
    assert.equal(await b.textContent("#pl-who"), "Carol_W");
    // log out: the session ends on the server
    await b.click("#pl-logout");
    await b.waitForSelector("#pl-anon:not([hidden])");
    const after = await b.evaluate(async () => (await fetch("/api/v1/players/me/account")).status);
    assert.equal(after, 401);
    assert.equal((await ctx.cookies()).find((x) => x.name === "mg_session"), undefined, "the cookie is dropped");
    noErrors(a, /status of 401/);
    noErrors(b, /status of 401/);
});

test("a phone: the player area and Create table in sight without scrolling", async (t) => {
    const a = await open(t, url + "/", PHONE);
    const create = await a.locator("#ol-create").boundingBox();
    assert.ok(create.y + create.height <= 844, `"Create table" at y ${create.y}`);
    await a.click("#pl-show-login");
    await shot(a, "accounts-login-phone");
    await a.click("#pl-login-cancel");
    await pickName(a, "Dana_W");
    await a.click("#pl-show-pw");
    await shot(a, "accounts-password-phone");
    noErrors(a);
});
