/* app/draw.js - drawing the board: the library's SVG picture through
 * BoardView (board.js), with the click targets, the open cells, the last
 * turn and the hint; and update(), after every change. */
/* global BoardView */
import { maybeBot } from "./bots.js";
import { clickMap, humanToMove, play, refusableSites } from "./moves.js";
import { $, app } from "./state.js";
import { libStatus, seatLooks, runs, updateStatus, updateMoves } from "./status.js";

/* ----------------------------------------------------------- drawing */

let board = null;

export function initBoard(host, onSite) {
    board = new BoardView(host, onSite);
}

export function update() {
    updateBoard();
    updateStatus();
    updateMoves();
    maybeBot();
}

export function updateBoard() {
    const st = app.state, g = app.game;
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
    const spots = [];
    if (human || st.isTerminal) {
        const taken = new Set(targets.map((t) => t.site));
        for (const s of refusableSites()) if (!taken.has(s)) spots.push(s);
    }
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
