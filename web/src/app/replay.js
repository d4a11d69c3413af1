/* app/replay.js - a finished game as a replay: a local game at its end,
 * or an online table whose game is over (also when its link is opened
 * later).  The replay bar steps through the positions (first, back,
 * forward, last; the keyboard's Home, Left, Right, End), the move list
 * is clickable, each position is drawn by the board renderer from the
 * library's own picture of it, and the record (the library's record
 * text, mg_state_save) is downloadable.  The review (review.js) adds its
 * verdicts to the move list and the best move to the board. */
import { update } from "./draw.js";
import { saveRecord } from "./records.js";
import { bestAt, reviewLine, verdictOf } from "./review.js";
import { $, app } from "./state.js";
import { runs } from "./status.js";

let ply = null;   // the position shown: actions played, or null (the end)
let key = "";     // the game it was chosen in (spec and history)

// The game is over: by the rules, or online by resignation, agreement,
// time or abort.
export function finished() {
    if (!app.state || !app.game) return false;
    if (app.online) {
        const s = app.online.snap;
        return !!s && (s.status === "over" || s.status === "aborted");
    }
    return app.state.isTerminal;
}

function gameKey() { return app.game.spec + "/" + app.state.history().join(","); }

// The position shown (the number of actions played), or null when it is
// the game's own (live) one.
export function replayPly() {
    if (!finished()) return null;
    if (key !== gameKey()) { key = gameKey(); ply = null; }
    if (ply === null) return null;
    return ply < app.state.history().length ? ply : null;
}

export function goTo(p) {
    if (!finished()) return;
    const n = app.state.history().length;
    key = gameKey();
    ply = Math.max(0, Math.min(n, p));
    app.selected = -1;
    update();
}
const shown = () => { const p = replayPly(); return p === null ? app.state.history().length : p; };

// Draw the replay's position (from the start, its first `p` actions) when
// one is chosen: true when drawn, false for the game's own position.
export function drawReplay(board, looks) {
    const p = replayPly();
    if (p === null) return false;
    const g = app.game, h = app.state.history();
    const st = g.newState();
    try {
        for (let i = 0; i < p; i++) st.apply(h[i]);
        // the last turn's marks: the actions of the run that ends at p
        const last = [];
        for (let i = p - 1; i >= 0 && app.movers[i] === app.movers[p - 1]; i--) {
            const [from, to] = g.actionSites(h[i]);
            last.push({ from, to });
        }
        const best = bestAt(p);
        const hint = best === null ? null : (([from, to]) => ({ from, to }))(g.actionSites(best));
        board.draw(g, st.render(app.lib.RENDER_SVG), {
            targets: [], spots: [], open: [], last, selected: -1, labels: app.labels,
            ghostFill: looks[app.movers[p] === 1 ? 1 : 0].fill, hint,
        });
        const host = $("board");
        host.dataset.turn = st.isTerminal ? "over" : String(st.currentPlayer);
        host.dataset.ply = String(p);
        host.dataset.replay = "1";
        $("turn-buttons").innerHTML = "";
    } finally { st.free(); }
    return true;
}

// After every change: the bar, and the move list made clickable.
export function updateReplay() {
    const bar = $("replay");
    const on = finished() && app.state.history().length > 0;
    bar.hidden = !on;
    document.body.classList.toggle("replaying", on && replayPly() !== null);
    if (!on) { delete $("board").dataset.replay; return; }
    if (replayPly() === null) delete $("board").dataset.replay;
    const n = app.state.history().length, p = shown();
    $("rp-first").disabled = $("rp-prev").disabled = p === 0;
    $("rp-next").disabled = $("rp-last").disabled = p === n;
    const { last, score } = position(p);
    let where = p === 0 ? "the start" : p === n ? "the end" : `after move ${p}`;
    if (p > 0) where += ` (${app.movers[p - 1] === 1 ? "seat 1" : "seat 0"}: ${last})`;
    where += ` · score ${score}`;
    $("rp-pos").textContent = `${p} / ${n}`;
    $("rp-pos").dataset.ply = String(p);
    $("rp-where").textContent = where;
    $("review-line").textContent = p < n ? reviewLine(p) : "";
    // the move list: a click shows the position after that turn; the
    // turn shown is marked, and so are the review's verdicts
    const items = $("moves").children;
    let i = 0;
    for (const r of runs()) {
        const li = items[i++];
        if (!li) break;
        const end = r.start + r.actions.length;
        li.dataset.ply = String(end);
        li.tabIndex = 0;
        li.classList.add("replayable");
        li.classList.toggle("current", p > r.start && p <= end);
        let mark = "";
        for (let k = r.start; k < end; k++) {
            const v = verdictOf(k);
            if (v && v.mark === "blunder") mark = "blunder";
            else if (v && v.mark === "mistake" && !mark) mark = "mistake";
        }
        li.dataset.mark = mark;
        li.title = mark ? `a ${mark}: click for the position after this turn; a step back (Left) shows the move that was best instead`
                        : "click: the position after this turn";
    }
}

// The position after p actions: its last action in notation, and the
// seats' scores there.
function position(p) {
    const g = app.game, h = app.state.history();
    const st = g.newState();
    try {
        for (let k = 0; k < p - 1; k++) st.apply(h[k]);
        const last = p > 0 ? st.actionToString(h[p - 1]) : "";
        if (p > 0) st.apply(h[p - 1]);
        return { last, score: `${st.score(0)}–${st.score(1)}` };
    } finally { st.free(); }
}

export function initReplay() {
    const step = (d) => goTo(shown() + d);
    $("rp-first").addEventListener("click", () => goTo(0));
    $("rp-prev").addEventListener("click", () => step(-1));
    $("rp-next").addEventListener("click", () => step(1));
    $("rp-last").addEventListener("click", () => goTo(app.state.history().length));
    $("rp-save").addEventListener("click", () => saveRecord());
    const list = $("moves");
    const pick = (ev) => {
        const li = ev.target.closest("li[data-ply]");
        if (li && finished()) goTo(+li.dataset.ply);
    };
    list.addEventListener("click", pick);
    list.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); pick(ev); } });
    document.addEventListener("keydown", (ev) => {
        if (!finished() || ev.ctrlKey || ev.metaKey || ev.altKey) return;
        if (ev.target.matches("input, select, textarea")) return;
        const n = app.state.history().length;
        const to = { ArrowLeft: shown() - 1, ArrowRight: shown() + 1, Home: 0, End: n }[ev.key];
        if (to === undefined) return;
        ev.preventDefault();
        goTo(to);
    });
}
