/* app/status.js - the status: the library's status lines, the seats'
 * cards (colours, scores, stones, groups, who is to move), the result and
 * how it was decided, the list of moves, and the error line. */
import { SEAT_COLOURS } from "./games.js";
import { humanToMove } from "./moves.js";
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

// How the game was decided: the scores, and for the games that compare
// groups by cascade (the score is the largest group), the first sizes that
// differ.
function resultDetail(st, looks) {
    const sc = [st.score(0), st.score(1)];
    const gs = [st.groups(0), st.groups(1)];
    let text = `${looks[0].text} ${sc[0]}, ${looks[1].text} ${sc[1]}`;
    // the cascade: the first sizes that differ, and who has the larger
    let first = -1, cascade = app.lib.DRAW;
    if (gs[0] && gs[1]) {
        for (let i = 0; i < Math.max(gs[0].length, gs[1].length); i++) {
            const a = gs[0][i] || 0, b = gs[1][i] || 0;
            if (a !== b) { first = i; cascade = a > b ? 0 : 1; break; }
        }
    }
    if (gs[0] && gs[1] && sc[0] === (gs[0][0] || 0) && sc[1] === (gs[1][0] || 0) &&
        cascade === st.winner) {
        text = `largest groups ${looks[0].text} ${sc[0]}, ${looks[1].text} ${sc[1]}`;
        if (first > 0)
            text += `; equal down to group ${first + 1}: ${gs[0][first] || 0} against ${gs[1][first] || 0}`;
    } else if (app.game.id.startsWith("dots_and_boxes")) {
        text = `boxes ${looks[0].text} ${sc[0]}, ${looks[1].text} ${sc[1]}`;
    } else if (gs[0] && gs[1]) {
        text = `score ${looks[0].text} ${sc[0]}, ${looks[1].text} ${sc[1]}`;
    }
    return text;
}

function seatWho(seat) {
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

export function updateStatus() {
    const st = app.state, lib = app.lib;
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
        card.querySelector(".who").textContent = seatWho(seat);
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
            parts.push(plural(groups.length, "group") + (groups.length ? ": " + top : ""));
        }
        const stats = card.querySelector(".stats");
        stats.innerHTML = "";
        parts.forEach((p, i) => {
            const span = document.createElement("span");
            span.textContent = (i ? " · " : "") + p;
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
    $("lib-status").textContent = status.join("\n");
    // the result
    const res = $("result");
    if (over) {
        const w = st.winner;
        let text;
        if (w === lib.DRAW) text = "Draw";
        else text = `${looks[w].text} (seat ${w}, ${seatWho(w)}) wins`;
        text += " — " + resultDetail(st, looks);
        res.querySelector(".text").textContent = text;
        res.dataset.winner = String(w);
        res.hidden = false;
    } else {
        res.hidden = true;
        delete res.dataset.winner;
    }
    $("board").dataset.waiting = over ? "over" : humanToMove() ? "human" : "bot";
    $("undo").disabled = !app.movers.length;
    $("hint").disabled = !humanToMove();
    const bothBots = !isHuman(0) && !isHuman(1);
    const pb = $("pause");
    pb.hidden = !(bothBots || app.paused);
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

export function showError(msg) {
    const e = $("error");
    e.textContent = msg;
    e.hidden = !msg;
}
