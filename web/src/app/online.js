/* app/online.js - play online: the page as a client of mg-server
 * (doc/server-api.md).  Shown only when the server that serves the page
 * answers GET /api/v1 with {"api": 1}; on a static server the page is the
 * local game only.
 *
 * A table keeps a local state of the library replayed from the table's
 * moves, so the board, its click targets, the refusals and the status are
 * the local game's own (draw.js, moves.js, status.js); a click sends a
 * command (moves.js play -> sendMove), and the table's events (a fetch()
 * stream of Server-Sent Events: an EventSource cannot send the seat's
 * Authorization header) bring every move back, ours included.  The seat's
 * secret is kept in localStorage per table: a reload, or a new tab, is
 * the same seat again. */
import { update } from "./draw.js";
import { initPlayer, playerToken, refreshPlayer } from "./player.js";
import { formFromSpec, buildOptionsForm, setGame } from "./form.js";
import { initProfile, linkMyPage, ratingsLine } from "./profile.js";
import { $, app } from "./state.js";
import { breakable, seatLooks, libStatus, showError, showNotice, whoseMove } from "./status.js";

const API = "/api/v1";
const KEY = (id) => `mg-table:${id}`;

/* ------------------------------------------------------------ helpers */

function saved(id) {
    try { return JSON.parse(localStorage.getItem(KEY(id)) || "null"); } catch (e) { return null; }
}
function save(id, v) {
    try { localStorage.setItem(KEY(id), JSON.stringify(v)); } catch (e) { /* private mode */ }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function cmdId() {
    const a = new Uint32Array(3);
    crypto.getRandomValues(a);
    return Array.from(a, (x) => x.toString(36)).join("-");
}
// An idempotency key for a create or join (the server wants 16 to 64
// characters): 128 random bits in hex.
function keyId() {
    const a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.from(a, (x) => x.toString(16).padStart(2, "0")).join("");
}
// api(), sent again (the same body, so the same cmd_id) after a network
// failure: the server answers a re-sent create or join with its first
// answer, so a lost answer never makes a second table or loses the seat.
async function apiResent(method, path, body, secret) {
    for (let attempt = 0; ; attempt++) {
        try {
            return await api(method, path, body, secret);
        } catch (e) {
            if (e.status || attempt >= 2) throw e;
            await sleep(700 * (attempt + 1));
        }
    }
}
async function api(method, path, body, secret) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (secret) headers.Authorization = "Bearer " + secret;
    const res = await fetch(API + path, { method, headers, cache: "no-store",
        body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
        const err = new Error((data && data.error) || `HTTP ${res.status}`);
        err.status = res.status;
        err.data = data;
        throw err;
    }
    return data;
}
function fmtClock(ms) {
    ms = Math.max(0, ms);
    if (ms < 10000) return (Math.floor(ms / 100) / 10).toFixed(1);
    const s = Math.ceil(ms / 1000);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const mm = h ? String(m).padStart(2, "0") : String(m);
    // a correspondence clock's days: "2d 23:59:59"
    const d = Math.floor(h / 24), hh = d ? String(h % 24).padStart(2, "0") : h;
    return (d ? d + "d " : "") + (h ? hh + ":" : "") + mm + ":" + String(r).padStart(2, "0");
}
// The seconds a seat must be away before its opponent may claim the win
// (mg-server's --away, 60 by default): the server's own figure when it
// says it in GET /api/v1 (limits.away_s), else the documented default.
function awaySeconds() {
    const l = app.server && app.server.limits;
    const s = l && +l.away_s;
    return s > 0 ? s : 60;
}
const HOW = { rules: "", resign: "by resignation", agreement: "by agreement", time: "on time",
              abandoned: "abandoned", expired: "expired" };

/* -------------------------------------------------- the server, if any */

// Is the page served by mg-server?  Then show "Play online", and open the
// table of a /t/ID address.
export async function initOnline() {
    if (!/^https?:$/.test(location.protocol)) return;
    let info = null;
    try {
        const ctl = new AbortController();
        const t = setTimeout(() => ctl.abort(), 4000);
        // every answer of mg-server says MG-API-Version: the page's own
        // address first (a static server answers it too, without a 404
        // in the console), then the API
        const page = await fetch(location.pathname, { cache: "no-store", signal: ctl.signal });
        if (page.headers.get("MG-API-Version")) {
            const res = await fetch(API, { cache: "no-store", signal: ctl.signal });
            if (res.ok && /json/.test(res.headers.get("Content-Type") || "")) info = await res.json();
        }
        clearTimeout(t);
    } catch (e) { info = null; }
    if (!info || info.api !== 1) return;
    app.server = info;
    document.body.classList.add("has-server");
    // the computer's levels (a server older than them has none)
    try { app.levels = (await api("GET", "/levels")).levels; } catch (e) { app.levels = null; }
    buildCreateForm();
    try { await initPlayer(); } catch (e) { /* the page plays without a name */ }
    linkMyPage();
    if (await initProfile()) return; // /p/NAME, /leaderboard
    const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)$/);
    if (m) await openTable(m[1]);
}

function buildCreateForm() {
    $("online").hidden = false;
    const sel = $("ol-opponent");
    sel.innerHTML = "";
    const opts = [["", "a friend (a link to share)"]];
    // play the computer: its levels (GET /api/v1/levels), the raw bot
    // spec kept for advanced use
    if (app.levels && app.levels.length) {
        for (const lv of app.levels)
            opts.push([`level(${lv.level})`, `the computer, level ${lv.level}`, `${lv.about}: ${lv.bot}`]);
    } else {
        for (const b of app.bots) {
            if (b === "mcts") {
                opts.push(["mcts(iterations=1000)", "bot MCTS 1000"]);
                opts.push(["mcts(iterations=5000)", "bot MCTS 5000"]);
            } else opts.push([b, "bot " + b]);
        }
    }
    opts.push(["custom", "a bot spec… (advanced)"]);
    for (const [v, t, title] of opts) {
        const o = document.createElement("option");
        o.value = v; o.textContent = t;
        if (title) o.title = title;
        sel.appendChild(o);
    }
    const syncSpec = () => { $("ol-spec-row").hidden = sel.value !== "custom"; };
    sel.addEventListener("change", syncSpec);
    syncSpec();
    const syncClock = () => {
        for (const r of document.querySelectorAll("[data-clock]")) r.hidden = !$("ol-clock").checked;
    };
    $("ol-clock").addEventListener("change", syncClock);
    syncClock();
    $("ol-create").addEventListener("click", () => createTable());
    const copy = (input, button) => async () => {
        const text = input.value !== undefined && input.tagName === "INPUT" ? input.value : input.href;
        try { await navigator.clipboard.writeText(text); button.textContent = "Copied"; }
        catch (e) { if (input.select) input.select(); button.textContent = "Select and copy"; }
        setTimeout(() => { button.textContent = button.dataset.label; }, 2000);
    };
    $("copy-invite").dataset.label = "Copy link";
    $("copy-watch").dataset.label = "Copy";
    $("copy-invite").addEventListener("click", copy($("invite-link"), $("copy-invite")));
    $("copy-watch").addEventListener("click", copy($("watch-link"), $("copy-watch")));
    $("invite-link").addEventListener("focus", () => $("invite-link").select());
    const op = (id, name) => $(id).addEventListener("click", () => app.online && app.online.command(name));
    confirmOp("ol-resign", "resign", "Really resign? Click again");
    op("ol-draw", "draw_offer");
    op("ol-draw-accept", "draw_accept");
    op("ol-draw-decline", "draw_decline");
    op("ol-takeback", "takeback_request");
    op("ol-takeback-accept", "takeback_accept");
    op("ol-takeback-decline", "takeback_decline");
    confirmOp("ol-abort", "abort", "Really abort? Click again");
    $("ol-analyse").addEventListener("click", () => analyse());
    op("ol-claim-win", "claim_win");
    op("ol-claim-bot", "claim_bot");
    op("ol-rematch", "rematch");
}

// A button whose command cannot be taken back (resign, abort): the first
// click asks (the button says so, for 5 s), the second sends it.
function confirmOp(id, name, question) {
    const b = $(id);
    b.dataset.label = b.textContent;
    let timer = null;
    const reset = () => { clearTimeout(timer); timer = null; delete b.dataset.confirm; b.textContent = b.dataset.label; };
    b.addEventListener("click", () => {
        if (!app.online) return;
        if (b.dataset.confirm) { reset(); app.online.command(name); return; }
        b.dataset.confirm = "1";
        b.textContent = question;
        timer = setTimeout(reset, 5000);
    });
    b.addEventListener("blur", () => { if (b.dataset.confirm) setTimeout(() => { if (document.activeElement !== b) reset(); }, 300); });
}

// The finished game on the page itself: both seats Human, the record
// loaded, undo and hints (the game has ended: fair play allows them).
function analyse() {
    try { sessionStorage.setItem("mg-analyse", app.state.save()); } catch (e) { return; }
    location.href = "/";
}

async function createTable() {
    const { spec, error } = buildOptionsForm();
    $("ol-error").textContent = "";
    if (error) { $("ol-error").textContent = error; return; }
    const seatV = $("ol-seat").value;
    const seat = seatV === "random" ? "random" : +seatV;
    let bot = $("ol-opponent").value || null;
    if (bot === "custom") {
        bot = $("ol-spec").value.trim();
        if (!bot) { $("ol-error").textContent = "bot spec: write one, such as mcts(iterations=2000)"; return; }
    }
    const body = { spec, seat, takebacks: $("ol-takebacks").checked };
    if (bot) {
        // the creator's seat is known only after the answer when random:
        // a bot seat needs it now, so random picks here
        const mine = seat === "random" ? (Math.random() < 0.5 ? 0 : 1) : seat;
        body.seat = mine;
        body.bots = [null, null];
        body.bots[1 - mine] = bot;
    }
    const days = +$("ol-days").value;
    if ($("ol-clock").checked && days) {
        if (!(Number.isInteger(days) && days >= 1 && days <= 14)) {
            $("ol-error").textContent = "clock: 1 to 14 days per move (0: the minutes)";
            return;
        }
        body.clock = { days_per_move: days };
    } else if ($("ol-clock").checked) {
        const base = Math.round(+$("ol-base").value * 60000), inc = Math.round(+$("ol-inc").value * 1000);
        if (!(base >= 1000 && base <= 86400000) || !(inc >= 0 && inc <= 600000)) {
            $("ol-error").textContent = "clock: 1 s to 24 h, and an increment of 0 to 600 s";
            return;
        }
        body.clock = { base_ms: base, increment_ms: inc };
    }
    $("ol-create").disabled = true;
    try {
        body.cmd_id = keyId();
        // the player's token: the seat shows the name
        const r = await apiResent("POST", "/tables", body, playerToken());
        save(r.id, { seat: r.seat, secret: r.secret, invite: r.invite });
        history.pushState(null, "", `/t/${r.id}`);
        await openTable(r.id, r.snapshot);
    } catch (e) {
        $("ol-error").textContent = "Could not create the table: " + e.message;
        if (e.status === 401) refreshPlayer(); // the session or token ended
    } finally {
        $("ol-create").disabled = false;
    }
}

/* ------------------------------------------------------------- a table */

// Open the table `id`: join with the address's invite, or be the seat
// whose secret this browser keeps, or watch.
async function openTable(id, snapshot) {
    if (app.online) app.online.close();
    const hash = new URLSearchParams(location.hash.slice(1));
    const invite = hash.get("invite");
    let mine = saved(id), note = "";
    if (invite && !(mine && mine.secret)) {
        try {
            const r = await apiResent("POST", `/tables/${id}/join`, { invite, cmd_id: keyId() }, playerToken());
            mine = { seat: r.seat, secret: r.secret, invite: null };
            save(id, mine);
            snapshot = r.snapshot;
        } catch (e) {
            note = `This invite link did not give you a seat (${e.message}): you are watching this table as a spectator.`;
        }
    }
    // the fragment is a secret of sorts: not kept in the address bar
    if (location.hash) history.replaceState(null, "", `/t/${id}`);
    const t = new Table(id, mine && mine.secret ? mine : null);
    app.online = t;
    try {
        if (!snapshot) snapshot = await api("GET", `/tables/${id}`);
    } catch (e) {
        app.online = null;
        showError(`Table ${id}: ${e.status === 404 ? "no such table" : e.message}`);
        return;
    }
    t.start(snapshot, note);
}

class Table {
    constructor(id, mine) {
        this.id = id;
        this.seat = mine ? mine.seat : null;     // null: a spectator
        this.secret = mine ? mine.secret : null;
        this.invite = mine ? mine.invite : null;
        this.snap = null;
        this.version = -1;
        this.busy = false;       // a command in flight
        this.active = true;
        this.connected = false;
        this.ctl = null;
        this.clockAt = 0;
        this.timer = null;
        this.awayAt = [null, null]; // when this page saw a seat go away (performance.now())
    }

    close() {
        this.active = false;
        if (this.ctl) this.ctl.abort();
        clearInterval(this.timer);
    }

    start(snap, note) {
        document.body.classList.add("online");
        // the table's game: the setup form is locked while at the table
        $("setup-fields").disabled = true;
        $("setup-locked").hidden = false;
        $("online-note").textContent = note || "";
        $("online-note").hidden = !note;
        $("online-bar").hidden = false;
        $("online").open = false;
        $("undo").hidden = true;
        const watch = `${location.origin}/t/${this.id}`;
        $("watch-link").href = watch;
        $("watch-link").textContent = watch;
        $("ol-record").href = `${API}/tables/${this.id}/record`;
        $("ol-record").download = `${this.id}.mgrecord.txt`;
        this.resync(snap, true);
        this.timer = setInterval(() => this.tick(), 200);
        this.stream();
    }

    // The local state from a snapshot: the spec's game, the moves
    // replayed (only what differs from the local history).
    resync(snap, fresh) {
        this.snap = snap;
        this.noteAway();
        this.version = snap.version;
        this.clockAt = performance.now();
        if (fresh || !app.game || app.game.spec !== snap.spec) {
            const g = app.lib.game(snap.spec);
            const st = g.newState();
            for (const a of snap.actions) st.apply(a);
            try { formFromSpec(g.spec, g.id); $("game-id").value = g.id; buildOptionsForm(); } catch (e) { /* the form stays */ }
            setGame(g, st);
            return;
        }
        const st = app.state, h = st.history();
        let common = 0;
        while (common < h.length && common < snap.actions.length && h[common] === snap.actions[common]) common++;
        for (let i = h.length; i > common; i--) { st.undo(); app.movers.pop(); }
        for (const a of snap.actions.slice(common)) { app.movers.push(st.currentPlayer); st.apply(a); }
        update();
    }

    async refresh() {
        try { this.resync(await api("GET", `/tables/${this.id}`)); }
        catch (e) { /* the stream's next event tries again */ }
    }

    // An event of the table (from the stream, or a command's answer).
    onEvent(ev) {
        if (!ev || !this.active) return;
        if (ev.type === "presence") {
            if (Array.isArray(ev.present)) ev.present.forEach((p, i) => { if (this.snap.seats[i]) this.snap.seats[i].present = p; });
            if (typeof ev.spectators === "number") this.snap.spectators = ev.spectators;
            this.noteAway();
            this.render();
            return;
        }
        if (ev.type === "restarting") { if (this.ctl) this.ctl.abort(); return; }
        if (typeof ev.version !== "number" || ev.version <= this.version) return;
        const s = this.snap;
        if (ev.type === "move" && ev.version === this.version + 1 && typeof ev.action === "number" &&
            !app.state.isTerminal && app.state.isLegal(ev.action)) {
            app.movers.push(app.state.currentPlayer);
            app.state.apply(ev.action);
            s.actions.push(ev.action);
            if (ev.move) s.moves.push(ev.move);
            this.version = s.version = ev.version;
            if ("to_move" in ev) s.to_move = ev.to_move;
            if (ev.status) s.status = ev.status;
            if ("result" in ev) s.result = ev.result;
            if (ev.clock) { s.clock = ev.clock; this.clockAt = performance.now(); }
            const hadOffer = s.offers && (s.offers.draw !== null || s.offers.takeback !== null);
            if (ev.seat !== this.seat) showNotice("");
            update();
            if (hadOffer || ev.status === "over") this.refresh();
            return;
        }
        if (ev.type === "rematch" && ev.table) this.rematchTo(ev.table, false);
        // anything else (joins, offers, takebacks, the end): the snapshot
        this.version = ev.version;
        this.refresh();
    }

    // The rematch's table: both secrets are valid there, seats swapped.
    rematchTo(table, follow) {
        if (this.secret && !saved(table)) save(table, { seat: 1 - this.seat, secret: this.secret, invite: null });
        this.snap.rematch = table;
        $("ol-follow").href = `/t/${table}`;
        if (follow) { location.href = `/t/${table}`; return; }
        this.render();
    }

    // The event stream, read with fetch; reconnects after a drop with
    // Last-Event-ID (and a back-off), with a banner meanwhile.
    async stream() {
        let delay = 500, first = true;
        while (this.active) {
            const ctl = new AbortController();
            this.ctl = ctl;
            let watchdog = null;
            const feed = () => { clearTimeout(watchdog); watchdog = setTimeout(() => ctl.abort(), 40000); };
            try {
                const headers = { Accept: "text/event-stream", "Last-Event-ID": String(this.version) };
                if (this.secret) headers.Authorization = "Bearer " + this.secret;
                const res = await fetch(`${API}/tables/${this.id}/events`, { headers, cache: "no-store", signal: ctl.signal });
                if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
                this.setConnected(true);
                delay = 500;
                if (!first) this.refresh();
                first = false;
                feed();
                const reader = res.body.getReader(), dec = new TextDecoder();
                let buf = "", data = [], type = "";
                for (;;) {
                    const { value, done } = await reader.read();
                    if (done) break;
                    feed();
                    buf += dec.decode(value, { stream: true });
                    let nl;
                    while ((nl = buf.search(/\r?\n/)) >= 0) {
                        const line = buf.slice(0, nl);
                        buf = buf.slice(nl + (buf[nl] === "\r" ? 2 : 1));
                        if (line === "") {
                            if (data.length) {
                                let ev = null;
                                try { ev = JSON.parse(data.join("\n")); } catch (e) { ev = null; }
                                if (ev) { if (!ev.type) ev.type = type; this.onEvent(ev); }
                            }
                            data = []; type = "";
                        } else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
                        else if (line.startsWith("event:")) type = line.slice(6).trim();
                    }
                }
            } catch (e) { /* dropped, refused or aborted */ }
            clearTimeout(watchdog);
            if (!this.active) return;
            this.setConnected(false);
            await sleep(delay + Math.random() * delay / 2);
            delay = Math.min(delay * 2, 15000);
        }
    }

    // When each human seat went away, as this page saw it: the server counts
    // from when its stream closed, so the page's count ends no sooner.  A
    // snapshot's seats[].away_ms (how long away, if the server says it)
    // is taken as it is.
    noteAway() {
        const now = performance.now();
        (this.snap.seats || []).forEach((st, i) => {
            const away = st.kind === "human" && st.joined && !st.present;
            if (!away) { this.awayAt[i] = null; return; }
            if (typeof st.away_ms === "number") this.awayAt[i] = now - st.away_ms;
            else if (this.awayAt[i] === null) this.awayAt[i] = now;
        });
    }

    // The seconds until the opponent's absence may be claimed (0: now),
    // or null when it may not be claimed at all (not away, not its turn).
    claimIn() {
        const s = this.snap, me = this.seat;
        if (!s || me === null || s.status !== "playing") return null;
        const opp = 1 - me, st = s.seats[opp];
        if (!st || st.kind !== "human" || !st.joined || st.present || s.to_move !== opp) return null;
        if (this.awayAt[opp] === null) this.awayAt[opp] = performance.now();
        const left = awaySeconds() * 1000 - (performance.now() - this.awayAt[opp]);
        return Math.max(0, Math.ceil(left / 1000));
    }

    // The claim buttons: "Claim win in 42 s" (disabled) until the server
    // allows it, then "Claim win".
    claimTick() {
        const n = this.claimIn();
        const show = n !== null && this.seat !== null && !this.busy;
        for (const [id, word] of [["ol-claim-win", "Claim win"], ["ol-claim-bot", "Hand to a bot"]]) {
            const b = $(id);
            b.hidden = !show;
            if (!show) continue;
            b.disabled = n > 0;
            b.textContent = n > 0 ? `${word} in ${n} s` : word;
            b.dataset.wait = String(n);
        }
    }

    // Whose move it is, when a click cannot play: for the notice line.
    turnWords() {
        const s = this.snap;
        if (!s) return "";
        const me = this.seat;
        if (s.status === "waiting") return "The game has not started: the other seat has not joined yet.";
        if (s.status !== "playing") return "";
        if (this.busy) return "Sending your move…";
        const words = whoseMove(s.to_move);
        if (me === null) return `You are watching: ${words[0].toLowerCase()}${words.slice(1)}.`;
        return `${words}: wait for it.`;
    }

    setConnected(on) {
        this.connected = on;
        $("conn").hidden = on;
        $("online-bar").dataset.conn = on ? "up" : "down";
    }

    canMove() {
        return this.seat !== null && !this.busy && this.snap && this.snap.status === "playing" &&
               this.snap.to_move === this.seat;
    }

    async sendMove(action) {
        await this.command("move", { action, move: undefined });
    }

    async command(op, extra = {}) {
        if (!this.secret || this.busy) return;
        this.busy = true;
        update();
        const body = { op, cmd_id: cmdId(), expect_version: this.version };
        if (extra.action !== undefined) body.action = extra.action;
        try {
            let r;
            for (let attempt = 0; ; attempt++) {
                try {
                    r = await api("POST", `/tables/${this.id}/commands`, body, this.secret);
                    break;
                } catch (e) {
                    // a network failure: the same cmd_id again is safe
                    if (e.status || attempt >= 2) throw e;
                    await sleep(700 * (attempt + 1));
                }
            }
            this.busy = false;
            if (r && r.event) { if (typeof r.event.version !== "number") r.event.version = r.version; this.onEvent(r.event); }
            if (op === "rematch" && r && r.table) this.rematchTo(r.table, true);
            if (op !== "move") showNotice("");
            update(); // no longer busy (the event may have come first)
        } catch (e) {
            this.busy = false;
            if (e.status === 409 && e.data && typeof e.data.version === "number") this.refresh();
            // a claim too early: the server says how long to wait
            const w = /wait (\d+) s more/.exec(e.message);
            if (w && (op === "claim_win" || op === "claim_bot") && this.seat !== null)
                this.awayAt[1 - this.seat] = performance.now() - (awaySeconds() - +w[1]) * 1000;
            showNotice(e.message, "refused");
            update();
        }
    }

    // The page's words for a seat.
    who(seat) {
        const s = this.snap && this.snap.seats[seat];
        if (!s) return "";
        // a level of the computer as the create form named it (its spec
        // on the card's title)
        if (s.kind === "bot") return s.level ? `the computer, level ${s.level}` : "bot " + (s.bot || "");
        // a spectator sees players, not "You" and "Opponent"; a named
        // player by the name
        let you = seat === this.seat ? "You" : this.seat === null ? "Player" : "Opponent";
        if (s.player) you = seat === this.seat ? `${s.player} (you)` : s.player;
        return s.joined ? you : you + " (not joined yet)";
    }

    remaining(seat) {
        const c = this.snap.clock;
        if (!c || !Array.isArray(c.remaining_ms)) return null;
        let ms = c.remaining_ms[seat];
        if (c.running === seat && this.snap.status === "playing") ms -= performance.now() - this.clockAt;
        return ms;
    }

    tick() {
        this.claimTick();
        if (!this.snap || !this.snap.clock) return;
        for (const seat of [0, 1]) {
            const el = $(`card${seat}`).querySelector(".clock");
            const ms = this.remaining(seat);
            el.textContent = ms === null ? "" : fmtClock(ms);
            el.classList.toggle("low", ms !== null && ms < 20000);
            el.classList.toggle("running", this.snap.clock.running === seat && this.snap.status === "playing");
        }
    }

    // The table's parts of the page: the bar, the seats' presence and
    // clocks, the buttons, and the result with its reason.
    render() {
        const s = this.snap;
        if (!s) return;
        const me = this.seat, opp = me === null ? null : 1 - me;
        const playing = s.status === "playing", over = s.status === "over" || s.status === "aborted";
        const bar = $("online-bar");
        bar.dataset.status = s.status;
        bar.dataset.version = String(this.version);
        bar.dataset.seat = me === null ? "spectator" : String(me);
        // a rated game says so at its table (the end changes the ratings)
        $("online-title").textContent = (me === null ? "Watching" : `You play seat ${me}`) +
            (s.rated ? " · rated" : "");
        const toMove = s.to_move;
        let line = { waiting: "waiting for the opponent to join", playing: "", over: "game over",
                     aborted: "aborted" }[s.status] || s.status;
        if (playing) line = me !== null && toMove === me ? (this.busy ? "sending…" : "your move") : `seat ${toMove} to move`;
        if (s.spectators) line += ` · ${s.spectators} watching`;
        $("online-status").textContent = line;
        // the waiting room: the link to share
        const waiting = s.status === "waiting" && me !== null && !!this.invite;
        $("waiting").hidden = !waiting;
        if (waiting) $("invite-link").value = `${location.origin}/t/${this.id}#invite=${this.invite}`;
        // presence and clocks on the cards
        for (const seat of [0, 1]) {
            const card = $(`card${seat}`), info = card.querySelector(".online-info");
            const st = s.seats[seat];
            info.hidden = false;
            const pr = info.querySelector(".presence");
            const here = st.kind === "bot" || (st.joined && st.present);
            pr.textContent = st.kind === "bot" ? "server bot" : !st.joined ? "not joined" : st.present ? "online" : "away";
            pr.dataset.present = String(here);
            card.dataset.present = String(here);
            card.querySelector(".who").textContent = breakable(this.who(seat));
            card.querySelector(".who").title = st.kind === "bot" && st.bot ? st.bot : "";
            const stateEl = card.querySelector(".state");
            stateEl.textContent = playing && toMove === seat ? (seat === me ? "your move" : "to move") : "";
            card.classList.toggle("to-move", playing && toMove === seat);
        }
        this.tick();
        // the buttons
        const mover = new Set(app.movers);
        const offers = s.offers || { draw: null, takeback: null };
        const seatOk = me !== null && !this.busy;
        const show = (id, on) => {
            const b = $(id);
            b.hidden = !on;
            if (!on && b.dataset.confirm) { delete b.dataset.confirm; b.textContent = b.dataset.label; }
        };
        show("ol-resign", seatOk && playing);
        show("ol-draw", seatOk && playing && offers.draw === null);
        show("ol-draw-accept", seatOk && playing && offers.draw === opp);
        show("ol-draw-decline", seatOk && playing && offers.draw === opp);
        const last = app.movers.length ? app.movers[app.movers.length - 1] : null;
        show("ol-takeback", seatOk && playing && s.takebacks && offers.takeback === null && last === me);
        show("ol-takeback-accept", seatOk && playing && offers.takeback === opp);
        show("ol-takeback-decline", seatOk && playing && offers.takeback === opp);
        show("ol-abort", seatOk && (playing || s.status === "waiting") && !(mover.has(0) && mover.has(1)));
        this.claimTick();
        show("ol-rematch", seatOk && over && !s.rematch);
        show("ol-analyse", over && app.state.history().length > 0);
        show("ol-follow", over && !!s.rematch);
        $("ol-follow").textContent = me === null ? "Watch the rematch" : "Go to the rematch";
        if (s.rematch) $("ol-follow").href = `/t/${s.rematch}`;
        // offers in words
        const off = $("offer");
        let o = "";
        if (playing && offers.draw !== null) o = offers.draw === me ? "You offered a draw." : `Seat ${offers.draw} offers a draw.`;
        if (playing && offers.takeback !== null) o += (o ? " " : "") + (offers.takeback === me ? "You asked to take back your last turn." : `Seat ${offers.takeback} asks to take back its last turn.`);
        if (over && s.rematch && me !== null) o = "A rematch is ready, seats swapped.";
        off.textContent = o;
        off.hidden = !o;
        // the result, from the server (resign, time, agreement are not the
        // library's end)
        const res = $("result");
        if (s.status === "aborted") {
            res.querySelector(".text").textContent = "Aborted";
            // the server's sentence: aborted by a seat, expired, a bot
            // that failed (doc/server-api.md)
            const why = s.ended || "the game was aborted before both seats had moved";
            res.querySelector(".reason").textContent = why.charAt(0).toUpperCase() + why.slice(1) + ".";
            res.dataset.winner = "none";
            res.hidden = false;
        } else if (s.status === "over" && s.result) {
            const r = s.result, looks = seatLooks(libStatus());
            let text;
            if (r.draw || r.winner === null) text = "Draw";
            else text = `${looks[r.winner].text} (seat ${r.winner}, ${this.who(r.winner)}) wins`;
            if (HOW[r.how]) text += " " + HOW[r.how];
            res.querySelector(".text").textContent = text;
            const reason = r.reason || "";
            res.querySelector(".reason").textContent = reason ? reason[0].toUpperCase() + reason.slice(1) : "";
            res.dataset.winner = r.winner === null ? "draw" : String(r.winner);
            res.dataset.how = r.how || "";
            // a rated game: the ratings before and after (doc/server-api.md)
            res.querySelector(".ratings").textContent = ratingsLine(r.ratings);
            res.hidden = false;
        } else if (!app.state.isTerminal) {
            res.hidden = true;
        }
        $("hint").disabled = $("hint").hidden || !(me !== null && this.canMove());
        $("move-input").disabled = !(me !== null && this.canMove());
        $("board").dataset.waiting = over ? "over" : this.canMove() ? "human" : "remote";
    }
}
