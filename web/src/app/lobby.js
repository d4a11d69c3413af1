/* app/lobby.js - the lobby on the front page (doc/server-api.md,
 * "Lobby"): the open seeks, live (a fetch() stream of the lobby's
 * Server-Sent Events: an EventSource cannot send the player's token),
 * each accepted with one click into its table; a form that posts a seek
 * of the game set up in "Game"; quick-pairing buttons; your own seek,
 * waiting and cancellable.
 *
 * Who plays: the player kept in localStorage under "mg-player" ({name,
 * token}, the accounts' page keeps it there too); with nobody, a name is
 * picked here (POST /players).  A seat won here is kept where the online
 * table keeps its seats (localStorage "mg-table:ID"), then the page goes
 * to /t/ID: the table view of app/online.js. */
import { buildOptionsForm } from "./form.js";
import { GAMES } from "./games.js";
import { $, app } from "./state.js";

const API = "/api/v1";
const PLAYER = "mg-player";
const SEEK = (id) => `mg-seek:${id}`;
const PLAYER_EVENT = "mg-player-changed"; // player.js's too

const lobby = {
    seeks: new Map(),   // id -> seek, as listed
    pools: [],
    waiting: null,      // the pool this page waits in
    ctl: null,
    timer: null,
    started: false,
};
app.lobby = lobby; // for the tests

function kept(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
}
function keep(key, v) {
    try {
        if (v) localStorage.setItem(key, JSON.stringify(v));
        else localStorage.removeItem(key);
    } catch (e) { /* private mode: this page only */ }
    // the player changed: this page's other parts (the player area, the
    // header's "My page", "Your turn") learn it now, not at a reload
    if (key === PLAYER) window.dispatchEvent(new CustomEvent(PLAYER_EVENT, { detail: "lobby" }));
}
const me = () => kept(PLAYER);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function api(method, path, body) {
    const headers = { Accept: "application/json" };
    const p = me();
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (p && p.token) headers.Authorization = "Bearer " + p.token;
    const res = await fetch(API + path, { method, headers, cache: "no-store",
        body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
        const err = new Error((data && data.error) || `HTTP ${res.status}`);
        err.status = res.status;
        throw err;
    }
    data.status = res.status;
    return data;
}

function say(text, ok) {
    const m = $("lb-msg");
    m.textContent = text || "";
    m.classList.toggle("ok", !!ok);
}

// "Dots and Boxes 3x3" from a canonical spec, by the library's own title
function gameTitle(spec) {
    const id = spec.replace(/\(.*$/, "");
    let title = GAMES[id] ? GAMES[id].name : id.replace(/_/g, " ");
    const rows = /rows=(\d+)/.exec(spec), cols = /cols=(\d+)/.exec(spec);
    if (rows && cols) title += ` ${rows[1]}\u00d7${cols[1]}`;
    return title.charAt(0).toUpperCase() + title.slice(1);
}
function clockText(c) {
    if (!c) return "no clock";
    const m = c.base_ms / 60000;
    return `${Number.isInteger(m) ? m : m.toFixed(1)}+${Math.round(c.increment_ms / 1000)}`;
}

/* ------------------------------------------------------------- seats */

// A seat this page has: kept as online.js keeps its seats, then the table
function enter(table, seat, secret) {
    try { localStorage.setItem(`mg-table:${table}`, JSON.stringify({ seat, secret, invite: null })); } catch (e) { /* */ }
    if (lobby.ctl) lobby.ctl.abort();
    location.href = `/t/${table}`;
}

/* -------------------------------------------------------------- view */

function render() {
    const p = me();
    $("lb-anon").hidden = !!p;
    $("lb-mine").hidden = !p;
    if (p) $("lb-who").textContent = p.name;
    const list = $("lb-seeks");
    list.innerHTML = "";
    const seeks = [...lobby.seeks.values()].sort((a, b) => a.created_ms - b.created_ms);
    for (const s of seeks) {
        const li = document.createElement("li");
        li.className = "seek";
        li.dataset.id = s.id;
        const who = document.createElement("span");
        who.className = "seek-who";
        who.textContent = s.owner + (s.rating != null ? ` (${Math.round(s.rating)})` : "");
        const what = document.createElement("span");
        what.className = "seek-what";
        what.textContent = `${gameTitle(s.spec)} \u00b7 ${clockText(s.clock)} \u00b7 ${s.rated ? "rated" : "casual"}`;
        what.title = s.spec;
        li.append(who, what);
        const b = document.createElement("button");
        b.type = "button";
        if (p && s.owner === p.name) {
            li.classList.add("own");
            b.textContent = "Cancel";
            b.className = "lb-cancel";
            b.addEventListener("click", () => cancel(s.id, b));
            const w = document.createElement("span");
            w.className = "seek-wait";
            w.textContent = "your seek: waiting for an opponent\u2026";
            li.append(w);
        } else {
            b.textContent = "Play";
            b.className = "primary lb-accept";
            b.disabled = !p;
            b.title = p ? `Play ${s.owner}` : "Pick a name first";
            b.addEventListener("click", () => accept(s.id, b));
        }
        li.append(b);
        list.append(li);
    }
    $("lb-empty").hidden = seeks.length > 0;
    const pools = $("lb-pools");
    pools.innerHTML = "";
    for (const pl of lobby.pools) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.pool = pl.name;
        const waitingHere = lobby.waiting === pl.name;
        b.className = "pool" + (waitingHere ? " waiting" : "");
        b.textContent = waitingHere ? `Waiting: ${pl.title}\u2026 (cancel)` : pl.title + (pl.waiting ? ` \u00b7 ${pl.waiting} waiting` : "");
        b.disabled = !p || (lobby.waiting && !waitingHere);
        b.addEventListener("click", () => (waitingHere ? leavePool(pl.name) : joinPool(pl.name)));
        pools.append(b);
    }
}

/* ----------------------------------------------------------- actions */

async function pick() {
    const name = $("lb-name").value.trim();
    if (!name) { say("Type a name: 3 to 20 letters or digits"); return; }
    $("lb-pick").disabled = true;
    try {
        const a = new Uint8Array(16);
        crypto.getRandomValues(a);
        const r = await api("POST", "/players", { name, cmd_id: Array.from(a, (x) => x.toString(16).padStart(2, "0")).join("") });
        keep(PLAYER, { name: r.name, token: r.token });
        say(`You are ${r.name}.`, true);
        connect(); // the stream again, now as the player
    } catch (e) {
        say(e.message);
    } finally {
        $("lb-pick").disabled = false;
        render();
    }
}

async function post() {
    const { spec, error } = buildOptionsForm();
    if (error) { say(error); return; }
    const body = { spec, rated: $("lb-rated").checked };
    const c = $("lb-clock").value;
    if (c) {
        const [m, s] = c.split("+").map(Number);
        body.clock = { base_ms: m * 60000, increment_ms: s * 1000 };
    }
    const seat = $("lb-seat").value;
    body.seat = seat === "random" ? "random" : +seat;
    $("lb-post").disabled = true;
    try {
        const r = await api("POST", "/seeks", body);
        keep(SEEK(r.id), { secret: r.secret });
        lobby.seeks.set(r.id, r.seek);
        say("Your seek is open: it waits here for an opponent.", true);
        render();
    } catch (e) {
        say("Could not post the seek: " + e.message);
    } finally {
        $("lb-post").disabled = false;
    }
}

async function accept(id, b) {
    b.disabled = true;
    try {
        const r = await api("POST", `/seeks/${id}/accept`, {});
        enter(r.table, r.seat, r.secret);
    } catch (e) {
        say(e.status === 409 || e.status === 404 ? `Too late: ${e.message}` : e.message);
        lobby.seeks.delete(id);
        render();
    }
}

async function cancel(id, b) {
    b.disabled = true;
    try {
        await api("POST", `/seeks/${id}/cancel`, {});
        lobby.seeks.delete(id);
        keep(SEEK(id), null);
        say("Seek cancelled.", true);
    } catch (e) {
        say(e.message);
    }
    render();
}

async function joinPool(name) {
    try {
        const r = await api("POST", `/pools/${name}/join`, {});
        if (r.table) { enter(r.table, r.seat, r.secret); return; }
        lobby.waiting = name;
        lobby.poolSecret = r.secret; // the seat's, if the pairing's event has none
        say("Waiting for an opponent of a similar rating\u2026", true);
        render();
        // joining again keeps the place (and finds a pairing the stream
        // missed)
        while (lobby.waiting === name) {
            await sleep(10000);
            if (lobby.waiting !== name) break;
            const a = await api("POST", `/pools/${name}/join`, {});
            if (a.table) { enter(a.table, a.seat, a.secret || lobby.poolSecret); return; }
        }
    } catch (e) {
        lobby.waiting = null;
        say(e.message);
        render();
    }
}

async function leavePool(name) {
    lobby.waiting = null;
    try { await api("POST", `/pools/${name}/leave`, {}); } catch (e) { /* gone already */ }
    say("");
    render();
}

/* ------------------------------------------------------------ events */

async function refresh() {
    try {
        const [s, p] = await Promise.all([api("GET", "/seeks"), api("GET", "/pools")]);
        lobby.seeks = new Map(s.seeks.map((x) => [x.id, x]));
        lobby.pools = p.pools;
    } catch (e) { /* the stream says when it is back */ }
    render();
}

function onEvent(type, data) {
    if (type === "hello") { refresh(); return; }
    if (type === "seek") lobby.seeks.set(data.id, data);
    else if (type === "seek_removed") lobby.seeks.delete(data.id);
    else if (type === "accepted") {
        const mine = kept(SEEK(data.seek));
        const secret = data.secret || (mine && mine.secret);
        keep(SEEK(data.seek), null);
        if (secret) { enter(data.table, data.seat, secret); return; }
    } else if (type === "paired" && (data.secret || lobby.poolSecret)) {
        lobby.waiting = null;
        enter(data.table, data.seat, data.secret || lobby.poolSecret);
        return;
    }
    render();
}

// The lobby's stream, read until it ends; then again, after a pause.
async function connect() {
    if (lobby.ctl) lobby.ctl.abort();
    const ctl = new AbortController();
    lobby.ctl = ctl;
    for (let pause = 1000; !ctl.signal.aborted; pause = Math.min(pause * 2, 30000)) {
        try {
            const p = me();
            const headers = { Accept: "text/event-stream" };
            if (p && p.token) headers.Authorization = "Bearer " + p.token;
            const res = await fetch(API + "/lobby/events", { headers, cache: "no-store", signal: ctl.signal });
            if (res.status === 401 && p) keep(PLAYER, null); // a token no longer a player's
            if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
            $("lobby").dataset.live = "true";
            pause = 1000;
            const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
            let buf = "";
            for (;;) {
                const { value, done } = await reader.read();
                if (done) break;
                buf += value;
                let i;
                while ((i = buf.indexOf("\n\n")) >= 0) {
                    const block = buf.slice(0, i);
                    buf = buf.slice(i + 2);
                    let type = "message", data = "";
                    for (const line of block.split("\n")) {
                        if (line.startsWith("event: ")) type = line.slice(7);
                        else if (line.startsWith("data: ")) data += line.slice(6);
                    }
                    if (data) {
                        try { onEvent(type, JSON.parse(data)); } catch (e) { /* a bad event */ }
                    }
                }
            }
        } catch (e) {
            if (ctl.signal.aborted) return;
        }
        $("lobby").dataset.live = "false";
        await sleep(pause);
    }
}

/* -------------------------------------------------------------- init */

export function initLobby() {
    if (lobby.started || !app.server) return;
    lobby.started = true;
    $("lobby").hidden = false;
    $("lb-pick").addEventListener("click", pick);
    $("lb-name").addEventListener("keydown", (e) => { if (e.key === "Enter") pick(); });
    $("lb-post").addEventListener("click", post);
    window.addEventListener("storage", (e) => { if (e.key === PLAYER) { render(); connect(); } });
    // a name picked (or a login, a logout) in the player area of this page
    window.addEventListener(PLAYER_EVENT, (e) => { if (e.detail !== "lobby") { render(); connect(); } });
    render();
    connect();
}
