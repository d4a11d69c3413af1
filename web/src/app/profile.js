/* app/profile.js - the place's pages on mg-server (doc/server-api.md,
 * "Ratings"): a player's page at /p/NAME (ratings by family, provisional
 * ones marked; the games, filtered by family, rated or casual, and
 * result, each a link to its table /t/ID) and the leaderboards at
 * /leaderboard and /leaderboard/FAMILY.  Everything from the server is
 * put on the page as text (textContent), never as markup.  Also the line
 * that says a rated game's rating changes (ratingsLine, for online.js). */
import { $ } from "./state.js";

const API = "/api/v1";
const PAGE = 20;

/* A rated end's "ratings" in words: "Alice 1500 → 1662 (+162) · ..." */
export function ratingsLine(ratings) {
    if (!ratings || !Array.isArray(ratings.seats)) return "";
    return "Ratings (" + ratings.family + "): " + ratings.seats.map((s) =>
        `${s.player} ${s.before} → ${s.after} (${signed(s.change)})`).join(" · ");
}

function signed(n) {
    return n > 0 ? "+" + n : n < 0 ? "−" + -n : "±0";
}

/* An element with text and a class. */
function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
}

function link(href, text, cls) {
    const a = el("a", text, cls);
    a.href = href;
    return a;
}

function playerHref(name) {
    return "/p/" + encodeURIComponent(name);
}

async function getJSON(path) {
    const res = await fetch(API + path, { cache: "no-store" });
    let body = null;
    try { body = await res.json(); } catch (e) { body = null; }
    if (!res.ok) throw new Error((body && body.error) || `${res.status} ${res.statusText}`);
    return body;
}

// "Dec 6, 14:05" (the year too when not this year)
function date(ms) {
    if (!ms) return "";
    const d = new Date(ms), o = { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false };
    if (d.getFullYear() !== new Date().getFullYear()) o.year = "numeric";
    return d.toLocaleString(undefined, o);
}

function provMark(r) {
    const m = el("span", r.provisional ? "?" : "", "prov");
    if (r.provisional) m.title = `provisional: deviation ${r.rd} (above 110), too few recent games`;
    return m;
}

/* The header's link to the page of the player this page plays as
 * (player.js says who in body's data-player). */
export function linkMyPage() {
    const a = $("nav-me");
    const sync = () => {
        const name = document.body.dataset.player || "";
        a.hidden = !name;
        a.textContent = name ? "My page" : "";
        a.title = name;
        a.href = name ? playerHref(name) : "/";
    };
    new MutationObserver(sync).observe(document.body, { attributes: true, attributeFilter: ["data-player"] });
    sync();
}

/* Is this address one of the place's pages?  Then show it (1). */
export async function initProfile() {
    const p = location.pathname;
    let m = p.match(/^\/p\/([^/]+)$/);
    if (m) {
        let name;
        try { name = decodeURIComponent(m[1]); } catch (e) { name = m[1]; }
        show();
        await playerPage(name);
        return true;
    }
    m = p.match(/^\/leaderboard(?:\/([a-z0-9_-]+))?$/);
    if (m) {
        show();
        await leaderboardPage(m[1] || null);
        return true;
    }
    return false;
}

function show() {
    document.body.classList.add("profile-view");
    $("profile").hidden = false;
}

function fail(box, e) {
    box.textContent = "";
    box.appendChild(el("p", e.message, "profile-error"));
}

/* ------------------------------------------------------ a player's page */

async function playerPage(name) {
    const box = $("profile");
    box.textContent = "";
    let pl;
    try { pl = await getJSON("/players/" + encodeURIComponent(name)); } catch (e) { fail(box, e); return; }
    document.title = `${pl.name} — mindgames`;
    const head = el("div", null, "profile-head");
    head.appendChild(el("h2", pl.name));
    if (pl.bot) head.appendChild(el("span", "bot", "badge"));
    head.appendChild(el("span", "since " + new Date(pl.created_ms).toLocaleDateString(undefined,
        { year: "numeric", month: "short", day: "numeric" }), "muted"));
    box.appendChild(head);

    // ratings by family
    const fams = Object.keys(pl.ratings || {}).sort();
    const rsec = el("section", null, "profile-ratings");
    rsec.appendChild(el("h3", "Ratings"));
    if (!fams.length) rsec.appendChild(el("p", "No rated game yet.", "muted"));
    else {
        const t = el("table", null, "grid");
        const hr = t.createTHead().insertRow();
        for (const h of ["family", "rating", "±", "games", "W/L/D"]) hr.appendChild(el("th", h));
        const tb = t.createTBody();
        for (const f of fams) {
            const r = pl.ratings[f], row = tb.insertRow();
            row.insertCell().appendChild(link("/leaderboard/" + f, f));
            const c = row.insertCell();
            c.appendChild(el("b", r.rating));
            c.appendChild(provMark(r));
            row.insertCell().textContent = r.rd;
            row.insertCell().textContent = r.games;
            row.insertCell().textContent = `${r.wins}/${r.losses}/${r.draws}`;
        }
        rsec.appendChild(t);
        if (fams.some((f) => pl.ratings[f].provisional))
            rsec.appendChild(el("p", "? provisional: the rating is not settled yet (few or no recent games).", "muted small"));
    }
    box.appendChild(rsec);

    // the games, filtered
    const gsec = el("section", null, "profile-games");
    gsec.appendChild(el("h3", "Games"));
    const form = el("form", null, "filters");
    const sel = (id, label, opts) => {
        const l = el("label", label + " ");
        const s = el("select");
        s.id = id;
        for (const [v, t] of opts) { const o = el("option", t); o.value = v; s.appendChild(o); }
        l.appendChild(s);
        form.appendChild(l);
        return s;
    };
    const fFam = sel("pf-family", "family", [["", "any"], ...fams.map((f) => [f, f])]);
    const fRated = sel("pf-rated", "kind", [["", "any"], ["true", "rated"], ["false", "casual"]]);
    const fRes = sel("pf-result", "result", [["", "any"], ["win", "won"], ["loss", "lost"], ["draw", "drawn"]]);
    gsec.appendChild(form);
    const list = el("table", null, "grid games");
    const more = el("button", "More", "more");
    more.type = "button";
    gsec.appendChild(list);
    gsec.appendChild(more);
    box.appendChild(gsec);

    let offset = 0;
    const load = async (reset) => {
        if (reset) { offset = 0; list.textContent = ""; }
        const q = new URLSearchParams();
        if (fFam.value) q.set("family", fFam.value);
        if (fRated.value) q.set("rated", fRated.value);
        if (fRes.value) q.set("result", fRes.value);
        q.set("offset", String(offset));
        q.set("limit", String(PAGE));
        let ans;
        try { ans = await getJSON(`/players/${encodeURIComponent(pl.name)}/games?${q}`); } catch (e) {
            list.textContent = "";
            list.appendChild(el("caption", e.message, "profile-error"));
            more.hidden = true;
            return;
        }
        if (reset && !ans.games.length) list.appendChild(el("caption", "No game.", "muted"));
        const body = list.tBodies[0] || list.createTBody();
        for (const g of ans.games) gameRow(body.insertRow(), g);
        offset += ans.games.length;
        more.hidden = !ans.more;
    };
    for (const s of [fFam, fRated, fRes]) s.addEventListener("change", () => load(true));
    more.addEventListener("click", () => load(false));
    await load(true);
}

const RESULT = { win: "won", loss: "lost", draw: "drawn" };

function gameRow(row, g) {
    row.dataset.result = g.result || g.status;
    row.insertCell().textContent = date(g.ended_ms || g.started_ms);
    const res = row.insertCell();
    res.className = "res";
    res.textContent = g.result ? RESULT[g.result] : g.status === "aborted" ? "aborted" : "playing";
    const opp = row.insertCell();
    if (g.opponent) { opp.append("vs "); opp.appendChild(link(playerHref(g.opponent), g.opponent)); } else opp.textContent = g.status === "playing" || g.status === "waiting" ? "" : "vs anonymous";
    // the family once it ended (the game's id before); rated or casual
    const kind = row.insertCell();
    kind.className = "kind";
    kind.textContent = (g.family || (g.spec || "").replace(/\(.*$/, "")) +
        (g.rated === true ? " · rated" : g.rated === false ? " · casual" : "");
    kind.title = g.spec || "";
    const ch = row.insertCell();
    ch.className = "change";
    if (g.rated && g.rating_after !== undefined) {
        ch.textContent = `${g.rating_after} (${signed(g.rating_change)})`;
        ch.dataset.sign = String(Math.sign(g.rating_change));
    }
    row.insertCell().appendChild(link("/t/" + g.table, g.status === "playing" ? "open" : "replay"));
}

/* --------------------------------------------------------- leaderboards */

async function leaderboardPage(family) {
    const box = $("profile");
    box.textContent = "";
    document.title = "Leaderboards — mindgames";
    let fams;
    try { fams = (await getJSON("/leaderboard")).families; } catch (e) { fail(box, e); return; }
    const head = el("div", null, "profile-head");
    head.appendChild(el("h2", "Leaderboards"));
    box.appendChild(head);
    if (!fams.length) { box.appendChild(el("p", "No rated game has ended yet.", "muted")); return; }
    if (!family) family = fams.slice().sort((a, b) => b.games - a.games)[0].family;
    const nav = el("nav", null, "families");
    for (const f of fams) {
        const a = link("/leaderboard/" + f.family, `${f.family} (${f.players})`);
        if (f.family === family) a.setAttribute("aria-current", "page");
        nav.appendChild(a);
    }
    box.appendChild(nav);
    const opts = el("label", null, "check");
    const hide = el("input");
    hide.type = "checkbox";
    hide.id = "lb-hide-provisional";
    opts.appendChild(hide);
    opts.append(" hide provisional ratings");
    box.appendChild(opts);
    const t = el("table", null, "grid board");
    const hr = t.createTHead().insertRow();
    for (const h of ["#", "player", "rating", "±", "games"]) hr.appendChild(el("th", h));
    const body = t.createTBody();
    const more = el("button", "More", "more");
    more.type = "button";
    box.appendChild(t);
    box.appendChild(more);
    box.appendChild(el("p", "? provisional: a rating whose deviation is above 110 (few or no recent games).", "muted small"));
    let offset = 0;
    const load = async (reset) => {
        if (reset) { offset = 0; body.textContent = ""; }
        const q = new URLSearchParams({ offset: String(offset), limit: String(PAGE) });
        if (hide.checked) q.set("provisional", "false");
        let ans;
        try { ans = await getJSON(`/leaderboard/${family}?${q}`); } catch (e) { fail(box, e); return; }
        for (const p of ans.players) {
            const row = body.insertRow();
            row.insertCell().textContent = p.rank;
            row.insertCell().appendChild(link(playerHref(p.name), p.name));
            const c = row.insertCell();
            c.appendChild(el("b", p.rating));
            c.appendChild(provMark(p));
            row.insertCell().textContent = p.rd;
            row.insertCell().textContent = p.games;
        }
        offset += ans.players.length;
        more.hidden = !ans.more;
    };
    hide.addEventListener("change", () => load(true));
    more.addEventListener("click", () => load(false));
    await load(true);
}
