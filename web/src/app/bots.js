/* app/bots.js - the bots: the Web Worker they think in (worker.js), its
 * answers, window.mgBench (the bots' speed in the browser), a bot's move
 * when a bot is to move, and the hint. */
import { update } from "./draw.js";
import { helpAllowed, humanToMove, play } from "./moves.js";
import { botSpec } from "./seats.js";
import { $, app } from "./state.js";
import { updateStatus, showError } from "./status.js";

/* ------------------------------------------------------------ worker */

export function startWorker() {
    if (app.worker) app.worker.terminate();
    app.workerReady = false; // until it has loaded the library
    app.worker = new Worker(new URL("../worker.js", import.meta.url));
    app.worker.onmessage = (ev) => onWorker(ev.data);
    app.worker.onerror = (ev) => {
        ev.preventDefault();
        showError("The bot worker failed: " + (ev.message || "unknown error"));
    };
}

export function cancelBot() {
    app.epoch++;
    clearTimeout(app.timer);
    app.timer = null;
    if (app.pending) {
        app.pending = null;
        // stop a long think at once; a worker still loading the library
        // thinks of nothing yet: it is told to drop the requests instead
        // (ending it would cut its downloads short)
        if (app.workerReady) startWorker();
        else app.worker.postMessage({ type: "cancel", upTo: app.reqId });
    }
}

function onWorker(msg) {
    if (msg.type === "ready") { app.workerReady = true; return; }
    if (msg.type === "bench") {
        const cb = benchWaiters.get(msg.id);
        if (cb) { benchWaiters.delete(msg.id); cb(msg); }
        return;
    }
    const p = app.pending;
    if (!p || msg.id !== p.id) return; // an answer nobody waits for any more
    app.pending = null;
    if (msg.type === "error") {
        showError(`The bot of seat ${p.seat} failed: ${msg.message}`);
        app.paused = true;
        update();
        return;
    }
    if (p.hint) {
        const [from, to] = app.game.actionSites(msg.action);
        app.hint = { from, to, action: msg.action, notation: msg.notation };
        $("hint-text").textContent = `Hint: ${msg.notation}`;
        update();
        return;
    }
    if (p.epoch !== app.epoch || app.state.history().length !== p.ply) return;
    app.lastBot = { ms: msg.ms, spec: msg.spec, notation: msg.notation, seat: p.seat };
    app.botTimes.push(msg.ms);
    play(msg.action);
}

const benchWaiters = new Map();
// In-browser speed of a bot: the first move of `runs` fresh bots.
window.mgBench = (game, bot, runs) => new Promise((resolve) => {
    const id = ++app.reqId;
    benchWaiters.set(id, resolve);
    app.worker.postMessage({ type: "bench", id, game, bot, runs });
});

/* -------------------------------------------------------- the bots */

export function maybeBot() {
    const st = app.state;
    clearTimeout(app.timer);
    app.timer = null;
    if (app.online || st.isTerminal || app.pending || app.paused) return;
    const seat = st.currentPlayer;
    const spec = botSpec(seat);
    if (!spec) return;
    const epoch = app.epoch;
    app.timer = setTimeout(() => {
        app.timer = null;
        if (epoch !== app.epoch || app.pending) return;
        const id = ++app.reqId;
        app.pending = { id, epoch, seat, ply: st.history().length };
        app.worker.postMessage({ type: "choose", id, record: st.save(), bot: spec,
                                 seed: app.seeds[seat], key: "seat" + seat, game: app.gameNo });
        updateStatus();
    }, app.botDelay);
}

export function askHint() {
    if (!humanToMove() || !helpAllowed()) return;
    const id = ++app.reqId;
    app.pending = { id, epoch: app.epoch, seat: app.state.currentPlayer, hint: true };
    $("hint-text").textContent = "Thinking…";
    app.worker.postMessage({ type: "choose", id, record: app.state.save(),
                             bot: "mcts(iterations=5000)", seed: "7", key: "hint", game: app.gameNo });
    updateStatus();
}
