/* app/review.js - the review of a finished game ("Analyse moves"): every
 * move's value computed in the page's own WebAssembly, in a worker of its
 * own (worker.js, "review"), so the page never blocks and the server
 * does no work; the worker is ended to cancel.
 *
 * For each position of the game, in order: mg_bot_analyse with the strong
 * bot gives the value of every legal move within a budget (REVIEW below):
 * exact (the solver's) where it proves them; else a search value: the
 * strong bot's tree search's choice is the best move, and the played
 * move and that one are each worth their mean reward in the search, for
 * the mover (1 a win, 1/2 a draw, 0 a loss; a move the search did not
 * visit, the mean result of random playouts after it).  A move is marked
 *   exact:  a mistake when it is worth less than the best move (it gives
 *           away boxes, points, or the result); a blunder when it changes
 *           the result (a win to a draw or a loss, a draw to a loss);
 *   search: a mistake when its estimate is 0.2 or more below the best
 *           move's, a blunder 0.4 or more (an estimate: say so).
 * The position shown by the replay (replay.js) gets its best move drawn
 * on the board (the dashed green ring) and a line saying what the played
 * move was worth against it. */
import { update } from "./draw.js";
import { $, app } from "./state.js";

// The work per position (bounded): the strong bot's solver nodes, its
// milliseconds in all (half for the solver) and search iterations, and
// the playouts for a move its search did not visit.
export const REVIEW = { nodes: 1000000, timeMs: 700, iterations: 2000, playouts: 200,
                        solverBytes: 16 << 20, mistake: 0.2, blunder: 0.4 };
// Games whose exact value is a margin of boxes or points (mindgames.h,
// solver); the others' are +1 a win, 0 a draw, -1 a loss.
const MARGIN = { dots_and_boxes: "box", china_squares: "point", china_grove: "point" };

let run = null; // {key, results: [], worker, done, cancelled, n}

const recordKey = () => (app.state ? app.game.spec + "/" + app.state.history().join(",") : "");
function current() { return run && run.key === recordKey() ? run : null; }

// The verdict on action i (played from the position after i actions), or null.
export function verdictOf(i) {
    const r = current();
    return r ? r.results[i] || null : null;
}
// The best action from the position after p actions, when reviewed.
export function bestAt(p) {
    const v = verdictOf(p);
    return v ? v.best : null;
}

function say(v, val) {
    if (v.kind === "search") return `≈${Math.round(val * 100)}%`;
    const unit = MARGIN[app.game.id];
    if (!unit) return val > 0 ? "a win" : val < 0 ? "a loss" : "a draw";
    const n = Math.abs(val);
    const u = n === 1 ? unit : unit === "box" ? "boxes" : unit + "s";
    return val === 0 ? `±0 ${unit === "box" ? "boxes" : "points"}` : `${val > 0 ? "+" : "−"}${n} ${u}`;
}

// The review's line for the position after p actions (its next move).
export function reviewLine(p) {
    const r = current();
    if (!r) return "";
    const v = r.results[p];
    if (!v) return r.done || r.cancelled ? "" : "Not analysed yet.";
    const how = v.kind === "exact" ? "exact (solver)" : "estimate (search: the strong bot's)";
    let t = `Played ${v.playedName}: ${say(v, v.vPlayed)}`;
    if (v.best !== v.played) t += `; best ${v.bestName}: ${say(v, v.vBest)}`;
    else t += " (the best move)";
    t += ` — ${how}`;
    if (v.mark) t = `${v.mark === "blunder" ? "Blunder" : "Mistake"}. ` + t;
    return t;
}

function mark(v) {
    const loss = v.vBest - v.vPlayed;
    if (v.kind === "exact") {
        if (loss <= 0) return "";
        return Math.sign(v.vBest) > Math.sign(v.vPlayed) ? "blunder" : "mistake";
    }
    return loss >= REVIEW.blunder ? "blunder" : loss >= REVIEW.mistake ? "mistake" : "";
}

function show() {
    const r = current();
    const busy = !!r && !r.done && !r.cancelled;
    $("review-start").hidden = busy;
    $("review-start").textContent = r && r.done ? "Analysed" : "Analyse moves";
    $("review-start").disabled = !!r && r.done;
    $("review-cancel").hidden = !busy;
    const prog = $("review-progress");
    const n = r ? r.n : 0, k = r ? r.results.filter(Boolean).length : 0;
    prog.hidden = !r;
    prog.max = Math.max(1, n);
    prog.value = k;
    const mistakes = r ? r.results.filter((v) => v && v.mark).length : 0;
    const exact = r ? r.results.filter((v) => v && v.kind === "exact").length : 0;
    $("review-status").textContent = !r ? "" :
        `${r.cancelled ? "cancelled at" : r.done ? "analysed" : "analysing"} ${k} / ${n} moves` +
        (k ? ` (${exact} exact, ${k - exact} estimated); ${mistakes} marked` : "") +
        (r && r.error ? ` — the review failed: ${r.error}` : "");
    $("review").dataset.state = !r ? "" : r.done ? "done" : r.cancelled ? "cancelled" : "running";
}

export function startReview() {
    if (current() && !current().cancelled) return;
    stopReview();
    const n = app.state.history().length;
    if (!n) return;
    const worker = new Worker(new URL("../worker.js", import.meta.url));
    const r = { key: recordKey(), results: current() ? current().results : [], worker, done: false,
                cancelled: false, n };
    run = r;
    worker.onmessage = (ev) => {
        const m = ev.data;
        if (run !== r) return;
        if (m.type === "review-step") {
            const v = m.step;
            v.mark = mark(v);
            r.results[v.ply] = v;
            update();
        } else if (m.type === "review-done") {
            r.done = true;
            worker.terminate();
            update();
        } else if (m.type === "error") {
            r.cancelled = true;
            r.error = m.message;
            worker.terminate();
        }
        show();
    };
    worker.onerror = (ev) => {
        ev.preventDefault();
        if (run === r) { r.cancelled = true; r.error = ev.message || "the worker failed"; worker.terminate(); show(); }
    };
    // a review resumed after a cancel starts where it stopped
    const from = r.results.length ? r.results.findIndex((x) => !x) : 0;
    worker.postMessage({ type: "review", id: 1, record: app.state.save(), from: from < 0 ? r.results.length : from,
                         ...REVIEW });
    show();
}

export function stopReview() {
    if (run && !run.done && !run.cancelled) {
        run.worker.terminate();
        run.cancelled = true;
    }
    if (run) show();
}

// After every change (the bar is replay.js's): the buttons and progress.
export function updateReview() {
    if (run && !current()) { stopReview(); run = null; }
    show();
}

export function initReview() {
    $("review-start").addEventListener("click", () => startReview());
    $("review-cancel").addEventListener("click", () => stopReview());
}
