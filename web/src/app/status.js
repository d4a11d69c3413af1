/* app/status.js - the status: the library's status lines (said as a
 * player would: "1 stone", "stone 1 of 3 of this turn: cells like o14"),
 * the seats' cards (colours, scores, stones, groups, who is to move), the
 * result and the library's reason for the end (mg_state_end_reason), the
 * list of moves, the notice line (a refused move, in the library's words:
 * mg_state_illegal_reason), the legend of the board's marks, and the
 * error line. */
import { SEAT_COLOURS } from "./games.js";
import { actionKinds, helpAllowed, humanToMove } from "./moves.js";
import { botSpec, isHuman } from "./seats.js";
import { $, app } from "./state.js";

/* --------------------------------------------------------- the status */

// The library's status lines: the lines of the text rendering that name
// a seat (the board is above them).
export function libStatus() {
    const lines = app.state.render(app.lib.RENDER_TEXT).split("\n");
    const out = [];
    for (let i = lines.length - 1; i >= 0; i--) {
        const l = lines[i];
        if (l === "" && !out.length) continue;
        if (/\(seat \d|^game over|^turn \d/.test(l)) out.unshift(l);
        else break;
    }
    return out;
}

// A word after the number 1: the singular.
const SINGULAR = { stones: "stone", groups: "group", boxes: "box", chains: "chain",
                   lines: "line", plies: "ply", points: "point", cells: "cell" };
export function singular(text) {
    return text.replace(/(^|[^\d.])1 (stones|groups|boxes|chains|lines|plies|points|cells)\b/g,
                        (m, pre, w) => `${pre}1 ${SINGULAR[w]}`);
}

// The cell of the turn's first stone (the China games: the last `placed`
// actions of the history are the stones of the turn under way), or "".
function turnFirstCell(placed) {
    const h = app.state.history();
    if (placed < 1 || placed > h.length) return "";
    const [from, to] = app.game.actionSites(h[h.length - placed]);
    const site = to >= 0 ? to : from;
    return site >= 0 ? app.game.siteName(site) : "";
}

// A library status line as a player would say it: the singular after 1,
// and the China games' "1 of 3 placed on class 95" as the stone of the
// turn and a cell of the class the turn's first stone opened.
export function sayStatus(line) {
    line = line.replace(/, (\d+) of (\d+) placed on class [^;(]*?( \(or done\))?;/,
        (m, placed, quota, done) => {
            const cell = turnFirstCell(+placed);
            return `, stone ${placed} of ${quota} of this turn: ` +
                (cell ? `cells like ${cell}` : "cells of its first stone's pattern") + `${done || ""};`;
        });
    return singular(line);
}

export function seatLooks(status) {
    const looks = [null, null];
    for (const l of status)
        for (const m of l.matchAll(/([A-Za-z]+) \(seat ([01])[,)]/g))
            if (!looks[+m[2]] && SEAT_COLOURS[m[1]]) looks[+m[2]] = SEAT_COLOURS[m[1]];
    if (!looks[0]) looks[0] = { fill: "#1b1b1b", text: "Seat 0" };
    if (!looks[1]) looks[1] = { fill: "#ffffff", text: "Seat 1" };
    return looks;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + "s")}`;

// A bot's spec with break opportunities after "(" and ",": a narrow card
// wraps it there, never mid-word.
export const breakable = (t) => t.replace(/([(,])/g, "$1\u200b");

// "It is Black's move (seat 1, bot random)": whose move, as the page
// names the seat (its colour, else its number) and who plays it.
export function whoseMove(seat) {
    const t = seatLooks(libStatus())[seat].text;
    const who = seatWho(seat);
    return /^Seat /.test(t) ? `It is seat ${seat}'s move (${who})` : `It is ${t}'s move (seat ${seat}, ${who})`;
}

// A click when this page may not move: whose move it is, in the notice
// line (role="status": read out).
export function sayWhoseTurn() {
    const st = app.state;
    if (st.isTerminal) return;
    if (app.online) { const t = app.online.turnWords(); if (t) showNotice(t, "turn"); return; }
    if (app.pending && app.pending.hint) { showNotice("Thinking of a hint: a moment.", "turn"); return; }
    const seat = st.currentPlayer;
    let msg = whoseMove(seat);
    if (app.pending) msg += ": it is thinking.";
    else if (app.paused) msg += ": the bots are paused (Resume).";
    else msg += ".";
    showNotice(msg, "turn");
}

function seatWho(seat) {
    if (app.online) return app.online.who(seat);
    const b = botSpec(seat);
    return b ? "bot " + b : "Human";
}

// The runs of actions by one seat: [{seat, from, to}] (turns).
export function runs() {
    const h = app.state.history(), out = [];
    for (let i = 0; i < h.length; i++) {
        const seat = app.movers[i];
        if (!out.length || out[out.length - 1].seat !== seat) out.push({ seat, start: i, actions: [] });
        out[out.length - 1].actions.push(h[i]);
    }
    return out;
}

// The legend shows the marks this game can have: the open cells of a
// China turn, the steps' rings, the removals' rings.
function updateLegend() {
    const g = app.game;
    const legend = $("legend");
    if (legend.dataset.game === g.spec) return;
    legend.dataset.game = g.spec;
    const kinds = actionKinds();
    const lines = g.sites().some((x) => x.kind === app.lib.SITE_LINE);
    const has = { open: g.hasBoard, step: kinds.step, remove: kinds.remove,
                  stones: !lines, lines };
    for (const li of legend.querySelectorAll("li[data-for]"))
        li.hidden = has[li.dataset.for] === false;
}

export function updateStatus() {
    const st = app.state, lib = app.lib;
    updateLegend();
    const status = libStatus();
    const looks = seatLooks(status);
    const sites = st.sites();
    const kinds = app.game.sites();
    const over = st.isTerminal;
    const cur = over ? -1 : st.currentPlayer;
    for (const seat of [0, 1]) {
        const card = $(`card${seat}`);
        const look = looks[seat];
        card.querySelector(".swatch").style.background = look.fill;
        card.querySelector(".colour").textContent = look.text;
        card.querySelector(".who").textContent = breakable(seatWho(seat));
        let stones = 0;
        for (let i = 0; i < sites.length; i++)
            if (sites[i] === seat && (kinds[i].kind === lib.SITE_CELL || kinds[i].kind === lib.SITE_POINT)) stones++;
        const groups = st.groups(seat);
        const score = st.score(seat);
        const parts = [];
        if (app.game.id.startsWith("dots_and_boxes")) parts.push(plural(score, "box", "boxes"));
        else {
            parts.push(`score ${score}`);
            parts.push(plural(stones, "stone"));
        }
        if (groups) {
            const top = groups.slice(0, 6).join(" ") + (groups.length > 6 ? " …" : "");
            // Chains of Thought calls its groups chains (rules 5.2)
            const word = app.game.id === "chains_of_thought" ? "chain" : "group";
            parts.push(plural(groups.length, word) + (groups.length ? ": " + top : ""));
        }
        const stats = card.querySelector(".stats");
        stats.innerHTML = "";
        parts.forEach((p, i) => {
            // the separator outside the unbreakable parts: a narrow card
            // wraps between them
            if (i) stats.appendChild(document.createTextNode(" · "));
            const span = document.createElement("span");
            span.textContent = p;
            if (/: /.test(p)) span.className = "list"; // the group sizes may wrap
            stats.appendChild(span);
        });
        card.dataset.score = String(score);
        card.classList.toggle("to-move", seat === cur);
        let state = "";
        if (seat === cur) {
            if (app.pending && app.pending.seat === seat && !app.pending.hint) state = "thinking…";
            else if (!isHuman(seat) && app.paused) state = "paused";
            else state = isHuman(seat) ? "to move" : "to move";
        }
        card.querySelector(".state").textContent = state;
    }
    $("lib-status").textContent = status.map(sayStatus).join("\n");
    // the result, and what ended the game in the library's words
    const res = $("result");
    if (over) app.ended = true;
    if (over) {
        const w = st.winner;
        let text;
        if (w === lib.DRAW) text = "Draw";
        else text = `${looks[w].text} (seat ${w}, ${seatWho(w)}) wins`;
        res.querySelector(".text").textContent = text;
        res.querySelector(".reason").textContent = sayEnd(st.endReason());
        res.dataset.winner = String(w);
        res.hidden = false;
    } else {
        res.hidden = true;
        res.querySelector(".reason").textContent = "";
        delete res.dataset.winner;
    }
    $("board").dataset.waiting = over ? "over" : humanToMove() ? "human" : "bot";
    $("undo").disabled = !app.movers.length;
    // fair play: no hint in a game between people while it runs
    const help = helpAllowed();
    $("hint").hidden = !help;
    $("legend-hint").hidden = !help;
    $("hint").disabled = !help || !humanToMove();
    if (!help && app.hint) { app.hint = null; $("hint-text").textContent = ""; }
    // pausing is the local bots' (never a table's: its bots are the server's)
    const bothBots = !isHuman(0) && !isHuman(1);
    const pb = $("pause");
    pb.hidden = over || !!app.online || !(bothBots || app.paused);
    pb.textContent = app.paused ? "Resume" : "Pause";
    const lb = app.lastBot;
    $("bot-time").textContent = lb ? `last bot move ${lb.notation} by ${lb.spec.replace(/\(.*/, "")} in ${Math.round(lb.ms)} ms` : "";
    if (lb) $("bot-time").dataset.ms = String(lb.ms);
    $("move-input").disabled = !humanToMove();
}

export function updateMoves() {
    const st = app.state;
    const list = $("moves");
    const looks = seatLooks(libStatus());
    list.innerHTML = "";
    let n = 0;
    for (const r of runs()) {
        const li = document.createElement("li");
        const sw = document.createElement("span");
        sw.className = "swatch";
        sw.style.background = looks[r.seat].fill;
        li.appendChild(sw);
        const t = document.createElement("span");
        t.textContent = r.actions.map((a) => st.actionToString(a)).join(" ");
        li.appendChild(t);
        li.dataset.seat = String(r.seat);
        list.appendChild(li);
        n += r.actions.length;
    }
    list.dataset.count = String(n);
    list.scrollTop = list.scrollHeight;
    $("record-text").value = st.save();
}

// The end reason as a sentence: its first letter a capital.
function sayEnd(reason) {
    const r = singular(reason);
    return r ? r[0].toUpperCase() + r.slice(1) : "";
}

// The notice line under the board (role="status", aria-live): a refused
// move and why ("refused"), or "" to clear it.
export function showNotice(msg, kind = "") {
    const n = $("notice");
    n.textContent = msg ? singular(msg) : "";
    n.dataset.kind = msg ? kind : "";
    n.classList.toggle("shown", !!msg);
    // on a small screen the line may be out of sight: bring it in
    if (msg) {
        const r = n.getBoundingClientRect();
        if (r.top < 0 || r.bottom > window.innerHeight) n.scrollIntoView({ block: "nearest" });
    }
}

export function showError(msg) {
    const e = $("error");
    e.textContent = msg;
    e.hidden = !msg;
}
