/* app/draw.js - drawing the board: the library's SVG picture through
 * BoardView (board.js), with the click targets, the open cells, the last
 * turn and the hint; and update(), after every change. */
/* global BoardView */
import { maybeBot } from "./bots.js";
import { clickMap, humanToMove, play, refusableSites } from "./moves.js";
import { drawReplay, updateReplay } from "./replay.js";
import { updateReview } from "./review.js";
import { updateTurn } from "./turn.js";
import { $, app } from "./state.js";
import { libStatus, seatLooks, runs, updateStatus, updateMoves } from "./status.js";

/* ----------------------------------------------------------- drawing */

// A tap target's least size (CSS px): a finger, not a mouse pointer.
const TAP = 44;
let panKey = "";

// The board's zoom: the Zoom button's (app.zoom true / false), or by
// itself (null) on a narrow screen whose cells would be smaller than a
// finger: then the board is wider than the screen, scrolled in its frame,
// and the frame pans to the turn's open cells when they change.
export function fitZoom(open) {
    const wrap = $("board-wrap"), host = $("board"), svg = board && board.svg;
    if (!svg || !app.game) return;
    const vb = svg.viewBox.baseVal;
    const rect = svg.getBoundingClientRect();
    if (!vb || !vb.width || !rect.width) return;
    const cur = app.zoomFactor || 1;
    const tap = board.scale * 0.9 * rect.width / vb.width; // a target's diameter now
    const base = tap / cur;
    const narrow = window.matchMedia("(max-width: 700px)").matches;
    const on = app.zoom === null ? narrow && app.game.hasBoard && base < TAP - 4 : app.zoom;
    const f = on ? Math.max(narrow ? 1 : 2, Math.min(8, TAP / base)) : 1;
    app.zoomFactor = f;
    host.style.width = f > 1 ? (f * 100).toFixed(1) + "%" : "";
    if (f > 1) svg.style.maxWidth = "none";
    wrap.classList.toggle("zoomed", f > 1);
    $("zoom").setAttribute("aria-pressed", String(f > 1));
    host.dataset.tap = String(Math.round(base * f));
    // pan to the open cells (a China turn under way), once per change
    const key = app.game.spec + "/" + (open || []).join(",");
    if (f > 1 && open && open.length && key !== panKey) {
        const w = wrap.getBoundingClientRect();
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (const c of svg.querySelectorAll(".mg-open")) {
            const r = c.getBoundingClientRect();
            x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top);
            x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
        }
        // all of them in the frame if they fit, else the nearest one
        // to the frame's centre (unless one is in sight already)
        const cx = w.left + w.width / 2, cy = w.top + w.height / 2;
        if (x0 < Infinity && x1 - x0 <= w.width && y1 - y0 <= w.height) {
            wrap.scrollLeft += (x0 + x1) / 2 - cx;
            wrap.scrollTop += (y0 + y1) / 2 - cy;
        } else if (x0 < Infinity) {
            let best = null, bd = Infinity, seen = false;
            for (const c of svg.querySelectorAll(".mg-open")) {
                const r = c.getBoundingClientRect();
                if (r.left >= w.left && r.right <= w.right && r.top >= w.top && r.bottom <= w.bottom) seen = true;
                const d = Math.hypot((r.left + r.right) / 2 - cx, (r.top + r.bottom) / 2 - cy);
                if (d < bd) { bd = d; best = r; }
            }
            if (!seen && best) {
                wrap.scrollLeft += (best.left + best.right) / 2 - cx;
                wrap.scrollTop += (best.top + best.bottom) / 2 - cy;
            }
        }
    }
    panKey = key;
    // a new game (or a new zoom) in a scrolled frame: open on the play,
    // the stones on the board, or the middle of its sites when it is
    // empty (not on the frame's top-left corner)
    const ckey = app.gameNo + "/" + f.toFixed(2);
    if (f > 1 && ckey !== centreKey && !(open && open.length)) {
        centreKey = ckey;
        const held = app.state.sites();
        let marks = Array.from(svg.querySelectorAll(".mg-overlay [data-site]"));
        const stones = marks.filter((m) => held[+m.dataset.site] === 0 || held[+m.dataset.site] === 1);
        if (stones.length) marks = stones;
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (const m of marks) {
            const r = m.getBoundingClientRect();
            x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top);
            x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
        }
        if (x0 < Infinity) {
            const w = wrap.getBoundingClientRect();
            wrap.scrollLeft += (x0 + x1) / 2 - (w.left + w.width / 2);
            wrap.scrollTop += (y0 + y1) / 2 - (w.top + w.height / 2);
        }
    }
}
let centreKey = "";

let board = null;

export function initBoard(host, onSite) {
    board = new BoardView(host, onSite);
}

export function update() {
    updateBoard();
    updateStatus();
    updateMoves();
    updateReplay();
    updateReview();
    if (app.online) app.online.render();
    updateTurn();
    maybeBot();
}

export function updateBoard() {
    const st = app.state, g = app.game;
    // a finished game's earlier position, chosen in the replay
    if (drawReplay(board, seatLooks(libStatus()))) { fitZoom([]); return; }
    const { single, steps, buttons } = clickMap();
    const human = humanToMove();
    const targets = [];
    if (human) {
        if (app.selected >= 0 && steps.has(app.selected)) {
            for (const to of steps.get(app.selected).keys()) targets.push({ site: to, role: "to" });
            targets.push({ site: app.selected, role: "deselect" });
        }
        const taken = new Set(targets.map((t) => t.site));
        for (const s of steps.keys()) if (!taken.has(s)) { targets.push({ site: s, role: "from" }); taken.add(s); }
        for (const [s, a] of single) {
            if (taken.has(s)) continue;
            const [from] = g.actionSites(a);
            targets.push({ site: s, role: from >= 0 ? "remove" : "play" });
        }
    }
    // the other sites: a click there is refused, and the page says why
    // (when it is not this page's move: whose move it is)
    const spots = [];
    const taken = new Set(targets.map((t) => t.site));
    for (const s of refusableSites()) if (!taken.has(s)) spots.push(s);
    // the open cells: a China turn under way (its first stone is down)
    let open = [];
    const h = app.movers;
    if (g.hasBoard && !st.isTerminal && h.length && h[h.length - 1] === st.currentPlayer)
        open = Array.from(single.keys());
    // the last turn (and the turn under way)
    const rs = runs();
    const last = [];
    const mark = (r) => { for (const a of r.actions) { const [from, to] = g.actionSites(a); last.push({ from, to }); } };
    if (rs.length) {
        mark(rs[rs.length - 1]);
        if (rs.length > 1 && rs[rs.length - 1].seat === st.currentPlayer) mark(rs[rs.length - 2]);
    }
    const looks = seatLooks(libStatus());
    const mover = st.isTerminal ? 0 : st.currentPlayer;
    board.draw(g, st.render(app.lib.RENDER_SVG), {
        targets, spots, open, last, selected: app.selected, labels: app.labels,
        ghostFill: looks[mover].fill, hint: app.hint,
    });
    fitZoom(open);
    const host = $("board");
    host.dataset.view = app.view;
    host.dataset.turn = st.isTerminal ? "over" : String(st.currentPlayer);
    host.dataset.ply = String(st.history().length);
    // swap, done: buttons
    const bx = $("turn-buttons");
    bx.innerHTML = "";
    for (const a of buttons) {
        const b = document.createElement("button");
        const name = st.actionToString(a);
        b.textContent = name[0].toUpperCase() + name.slice(1);
        b.dataset.action = name;
        b.className = "action";
        b.disabled = !human;
        b.title = name === "swap" ? "exchange colours: take White's stones and let the other seat play Black"
                : name === "done" ? "end the turn here" : name;
        b.addEventListener("click", () => { if (humanToMove()) play(a); });
        bx.appendChild(b);
    }
}
