/* app/yourturn.js - "Your turn": the player's open tables on the front
 * page (doc/server-api.md, "Players": GET /api/v1/players/me/tables),
 * the player's moves first and the least time left first, each a link to
 * its table (/t/ID).  The player is the one the page plays as
 * (app/player.js keeps it in localStorage under "mg-player": {"name",
 * "token"}, or a session cookie the browser sends itself); nobody: the
 * list stays hidden.  Read again every 20 s while the page is seen, and
 * when it is seen again. */
import { $, app } from "./state.js";

const API = "/api/v1";
const KEY = "mg-player";
const EVERY_MS = 20000;

function kept() {
    try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { return null; }
}

function fmtLeft(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
    if (d) return `${d} d ${h} h`;
    if (h) return `${h} h ${m} min`;
    if (m) return `${m}:${String(s % 60).padStart(2, "0")}`;
    return `${s} s`;
}

// "Dots and boxes" from "dots_and_boxes(rows=3,cols=3)"
function gameName(spec) {
    const id = String(spec || "").split("(")[0].replace(/_/g, " ");
    return id.charAt(0).toUpperCase() + id.slice(1);
}

function opponentName(o) {
    if (!o) return "waiting for an opponent";
    if (o.player) return "vs " + o.player;
    if (o.level) return "vs the computer, level " + o.level;
    if (o.bot) return "vs bot " + o.bot.split("(")[0];
    return "vs a guest";
}

function render(list) {
    const box = $("yourturn"), ul = $("yt-list");
    ul.innerHTML = "";
    const yours = list.tables.filter((t) => t.your_move).length;
    $("yt-count").textContent = yours ? String(yours) : "";
    for (const t of list.tables) {
        const li = document.createElement("li");
        li.className = t.your_move ? "yt-yours" : "yt-theirs";
        li.dataset.table = t.id;
        const a = document.createElement("a");
        a.href = "/t/" + encodeURIComponent(t.id);
        a.textContent = gameName(t.spec);
        const who = document.createElement("span");
        who.className = "yt-who";
        who.textContent = " " + opponentName(t.opponent);
        const state = document.createElement("span");
        state.className = "yt-state";
        let text = t.status === "waiting" ? "waiting" : t.your_move ? "your move" : "their move";
        if (t.clock && t.status === "playing") text += " · " + fmtLeft(t.clock.you_ms);
        state.textContent = text;
        li.append(a, who, state);
        ul.append(li);
    }
    $("yt-none").hidden = list.tables.length > 0;
    box.hidden = false;
}

let timer = null;

async function refresh() {
    const p = kept();
    if (!p || !app.server) { $("yourturn").hidden = true; return; }
    const headers = { Accept: "application/json" };
    if (p.token) headers.Authorization = "Bearer " + p.token;
    try {
        const res = await fetch(API + "/players/me/tables?limit=20", { headers, cache: "no-store" });
        if (!res.ok) { $("yourturn").hidden = true; return; }
        render(await res.json());
    } catch (e) {
        /* offline for a moment: the list stays as it was */
    }
}

// After initOnline: only a page served by mg-server has a player.
export function initYourTurn() {
    if (!app.server || /^\/t\//.test(location.pathname)) return;
    refresh();
    clearInterval(timer);
    timer = setInterval(() => { if (!document.hidden) refresh(); }, EVERY_MS);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
    window.addEventListener("storage", (ev) => { if (ev.key === KEY) refresh(); });
    window.addEventListener("mg-player-changed", () => refresh()); // this page's lobby or player area
}

// Read the list again now (after the player changed, or a game ended).
export const refreshYourTurn = refresh;
