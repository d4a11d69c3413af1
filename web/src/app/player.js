/* app/player.js - who plays on this page (doc/server-api.md, "Players"
 * and "Accounts"): a name picked here (POST /players: its player token
 * kept in localStorage, so that a reload or a new tab is the same
 * player), "playing as NAME", an optional password, log in and log out.
 *
 * A login's session is the server's HttpOnly cookie: the page never sees
 * it again and the browser sends it with every request (fetch() sends
 * this site's Origin with a POST, as the server wants of a cookie).  Only
 * where the browser does not keep a Secure cookie (plain http on another
 * address than this computer's) the session token from the login's
 * answer is kept as the player token is.  Create and join send the token
 * (Authorization: Bearer), so that the seat shows the name. */
import { $, app } from "./state.js";

const API = "/api/v1";
const KEY = "mg-player";
const CHANGED = "mg-player-changed"; // lobby.js's too: who plays changed

function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { return null; }
}
function store(v) {
    try {
        if (v) localStorage.setItem(KEY, JSON.stringify(v));
        else localStorage.removeItem(KEY);
    } catch (e) { /* private mode: for this page only */ }
    // the lobby and "Your turn" of this page learn it now (another
    // tab's learn it by the storage event)
    window.dispatchEvent(new CustomEvent(CHANGED, { detail: "player" }));
}

async function call(method, path, body, token) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = "Bearer " + token;
    const res = await fetch(API + path, { method, headers, cache: "no-store",
        body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch (e) { data = null; }
    if (!res.ok) {
        let msg = (data && data.error) || `HTTP ${res.status}`;
        if (data && data.retry_after) msg += ` (${data.retry_after} s)`;
        const err = new Error(msg);
        err.status = res.status;
        throw err;
    }
    return data;
}

// The token create and join send: the stored player (or session) token;
// null with a cookie session (the browser sends it) or nobody.
export const playerToken = () => (app.player && app.player.token) || null;

function say(text, ok) {
    const m = $("pl-msg");
    m.textContent = text || "";
    m.classList.toggle("ok", !!ok);
}

function show() {
    const p = app.player;
    $("pl-anon").hidden = !!p || !$("pl-login").hidden;
    $("pl-me").hidden = !p;
    if (p) {
        $("pl-who").textContent = p.name;
        $("pl-show-pw").textContent = p.password ? "Change password" : "Set a password";
        $("pl-old").parentNode.hidden = !p.password;
    } else {
        $("pl-pw").hidden = true;
    }
    document.body.dataset.player = p ? p.name : "";
}

// Who this page plays as: the stored token's player, else the session
// cookie's, else nobody.
export async function refreshPlayer() {
    const kept = load();
    app.player = null;
    if (!kept) { show(); return; } // nobody (asking would be a 401 in the console)
    try {
        const me = await call("GET", "/players/me/account", undefined, kept && kept.token);
        app.player = { name: me.name, token: kept && kept.token, password: me.password, session: me.session };
    } catch (e) {
        // a token that no longer speaks (logged out everywhere): forgotten
        if (kept && e.status === 401) store(null);
        else if (kept) app.player = { name: kept.name, token: kept.token, password: false, session: false };
    }
    show();
}

async function pick() {
    const name = $("pl-name").value.trim();
    if (!name) { say("Type a name: 3 to 20 letters or digits"); return; }
    $("pl-pick").disabled = true;
    try {
        const a = new Uint8Array(16);
        crypto.getRandomValues(a);
        const r = await call("POST", "/players", { name, cmd_id: Array.from(a, (x) => x.toString(16).padStart(2, "0")).join("") });
        store({ name: r.name, token: r.token });
        app.player = { name: r.name, token: r.token, password: false, session: false };
        say(`You are ${r.name}. Set a password to play as ${r.name} in another browser too.`, true);
        show();
    } catch (e) {
        say(e.message);
    } finally {
        $("pl-pick").disabled = false;
    }
}

async function login(ev) {
    ev.preventDefault();
    const name = $("pl-login-name").value.trim(), password = $("pl-login-pw").value;
    $("pl-login-go").disabled = true;
    try {
        const r = await call("POST", "/login", { name, password });
        $("pl-login-pw").value = "";
        store(null);
        // the cookie, if the browser kept it; else the session token
        try {
            const me = await call("GET", "/players/me/account");
            store({ name: me.name, session: true }); // the cookie is the secret
            app.player = { name: me.name, token: null, password: true, session: true };
        } catch (e) {
            store({ name: r.name, token: r.token, session: true });
            app.player = { name: r.name, token: r.token, password: true, session: true };
        }
        $("pl-login").hidden = true;
        say(`Logged in as ${r.name}.`, true);
        show();
    } catch (e) {
        say(e.message);
    } finally {
        $("pl-login-go").disabled = false;
    }
}

async function logout() {
    const p = app.player;
    if (!p) return;
    const b = $("pl-logout");
    if (!p.password && !b.dataset.confirm) {
        // a name without a password cannot come back once forgotten
        b.dataset.confirm = "1";
        b.textContent = "Forget this name? Click again";
        say(`Without a password, ${p.name} cannot log in again: set a password first to keep it.`);
        setTimeout(() => { delete b.dataset.confirm; b.textContent = "Log out"; }, 5000);
        return;
    }
    delete b.dataset.confirm;
    b.textContent = "Log out";
    try {
        if (p.session) await call("POST", "/logout", {}, p.token);
    } catch (e) {
        if (e.status !== 401) { say("Could not log out: " + e.message); return; }
    }
    store(null);
    app.player = null;
    say("Logged out.", true);
    show();
}

async function setPassword(ev) {
    ev.preventDefault();
    const p = app.player;
    const body = { password: $("pl-new").value };
    if (p.password) body.old_password = $("pl-old").value;
    $("pl-pw-go").disabled = true;
    try {
        await call("POST", `/players/${encodeURIComponent(p.name)}/password`, body, p.token);
        p.password = true;
        $("pl-new").value = $("pl-old").value = "";
        $("pl-pw").hidden = true;
        say(`Password saved: log in as ${p.name} anywhere.`, true);
        show();
    } catch (e) {
        say(e.message);
    } finally {
        $("pl-pw-go").disabled = false;
    }
}

// The player area of "Play online" (mg-server only).
export async function initPlayer() {
    $("player").hidden = false;
    $("pl-pick").addEventListener("click", pick);
    $("pl-name").addEventListener("keydown", (e) => { if (e.key === "Enter") pick(); });
    // the login form in the place of the name's
    $("pl-show-login").addEventListener("click", () => {
        $("pl-login").hidden = false;
        $("pl-anon").hidden = true;
        $("pl-login-name").value = $("pl-name").value;
        $("pl-login-name").focus();
    });
    $("pl-login").addEventListener("submit", login);
    $("pl-login-cancel").addEventListener("click", () => { $("pl-login").hidden = true; say(""); show(); });
    $("pl-logout").addEventListener("click", logout);
    $("pl-show-pw").addEventListener("click", () => {
        $("pl-pw").hidden = !$("pl-pw").hidden;
        if (!$("pl-pw").hidden) (app.player.password ? $("pl-old") : $("pl-new")).focus();
    });
    $("pl-pw").addEventListener("submit", setPassword);
    // a name picked in the lobby of this page, or in another tab
    window.addEventListener(CHANGED, (e) => { if (e.detail !== "player") refreshPlayer(); });
    window.addEventListener("storage", (e) => { if (e.key === KEY) refreshPlayer(); });
    await refreshPlayer();
}
