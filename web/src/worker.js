/* worker.js - the bots think here, so the page never freezes.
 *
 * Messages from the page:
 *   {type: "choose", id, record, bot, seed, key, game}
 *       replay `record` (mg_state_save's text) and ask the bot `bot` (a
 *       bot spec, seeded with `seed`) for the action of the player to
 *       move.  Bots are kept per `key` (a seat) while their spec, seed and
 *       `game` (the page's game number) stay the same, so that mcts keeps
 *       its tree between moves (reuse=true); a new game gets new bots, so
 *       that the same seed and the same moves give the same game.
 *       -> {type: "chosen", id, action, notation, ms, spec}
 *   {type: "bench", id, game, bot, runs}
 *       the time of `runs` fresh bots' first move from the start of
 *       `game` -> {type: "bench", id, ms: [...]}
 *   {type: "probe", id, names} -> {type: "probe", id, bots: [{name, spec}]}
 *   {type: "review", id, record, from, nodes, timeMs, iterations, playouts,
 *    solverBytes}
 *       every move of `record` from action `from` on, in order: the
 *       solver's exact values of the position's legal actions within
 *       `nodes` nodes and `timeMs` ms; if the budget runs out, mcts
 *       (`iterations`) picks the best action and the played and best
 *       actions are each worth the mean of `playouts` random playouts
 *       after them, for the mover (1 win, 1/2 draw, 0 loss)
 *       -> {type: "review-step", id, step: {ply, mover, kind: "exact" |
 *          "search", played, playedName, best, bestName, vPlayed, vBest}}
 *          per action, then {type: "review-done", id}
 *       (the page ends this worker to cancel: review.js)
 *   {type: "cancel", upTo}
 *       no answer to the "choose" requests with id <= upTo not yet begun
 *       (the page sends it while the worker is loading, instead of
 *       ending the worker)
 * Errors -> {type: "error", id, message}
 * Once the library is loaded -> {type: "ready"}
 */
/* global importScripts, MG */
"use strict";
importScripts("mindgames.js", "mg.js");

let lib = null;
const ready = MG.load().then((l) => { lib = l; self.postMessage({ type: "ready" }); });
let cancelled = 0; // the "choose" requests up to this id get no answer
const bots = new Map(); // key -> {spec, seed, game, bot}

function botFor(key, spec, seed, game) {
    const had = bots.get(key);
    if (had && had.spec === spec && had.seed === seed && had.game === game) return had.bot;
    if (had) had.bot.free();
    const bot = lib.bot(spec, seed);
    bots.set(key, { spec, seed, game, bot });
    return bot;
}

function choose(msg) {
    const { game, state } = lib.load(msg.record);
    try {
        const bot = botFor(msg.key, msg.bot, msg.seed, msg.game);
        const t0 = performance.now();
        const action = bot.choose(state);
        const ms = performance.now() - t0;
        return { type: "chosen", id: msg.id, action, ms,
                 notation: state.actionToString(action), spec: bot.spec };
    } finally {
        state.free();
        game.free();
    }
}

function bench(msg) {
    const game = lib.game(msg.game);
    const state = game.newState();
    const ms = [];
    try {
        for (let i = 0; i < (msg.runs || 5); i++) {
            const bot = lib.bot(msg.bot, i + 1);
            const t0 = performance.now();
            bot.choose(state);
            ms.push(performance.now() - t0);
            bot.free();
        }
    } finally {
        state.free();
        game.free();
    }
    return { type: "bench", id: msg.id, ms };
}

function probe(msg) {
    const found = [];
    for (const name of msg.names) {
        try {
            const b = lib.bot(name, 1);
            found.push({ name, spec: b.spec });
            b.free();
        } catch (e) { /* not in this build of the library */ }
    }
    return { type: "probe", id: msg.id, bots: found };
}

// The mean result for `mover` of random playouts from `st` after `action`.
function playoutValue(st, action, mover, runs, seed) {
    const s = st.clone();
    try {
        s.apply(action);
        let sum = 0;
        for (let k = 0; k < runs; k++) {
            const w = s.playoutResult(seed + k, -1).winner;
            sum += w === mover ? 1 : w === lib.DRAW ? 0.5 : 0;
        }
        return sum / runs;
    } finally { s.free(); }
}

function review(msg) {
    const { game, state } = lib.load(msg.record);
    const h = state.history();
    state.free();
    const st = game.newState();
    let solver = null;
    try {
        solver = lib.solver(game, msg.solverBytes);
        for (let i = 0; i < h.length && !st.isTerminal; i++) {
            if (i >= (msg.from || 0)) {
                const legal = st.legalActions(), mover = st.currentPlayer, played = h[i];
                const step = { ply: i, mover, played, playedName: st.actionToString(played) };
                const r = solver.values(st, msg.nodes, msg.timeMs);
                const k = legal.indexOf(played);
                if (r.exact && k >= 0) {
                    let b = 0;
                    for (let j = 1; j < r.values.length; j++) if (r.values[j] > r.values[b]) b = j;
                    // the played move when it is as good as the best
                    if (r.values[k] === r.values[b]) b = k;
                    Object.assign(step, { kind: "exact", best: legal[b], vBest: r.values[b], vPlayed: r.values[k] });
                } else {
                    const bot = lib.bot(`mcts(iterations=${msg.iterations})`, 1000 + i);
                    let best;
                    try { best = bot.choose(st); } finally { bot.free(); }
                    const vPlayed = playoutValue(st, played, mover, msg.playouts, 7 * i);
                    let vBest = best === played ? vPlayed : playoutValue(st, best, mover, msg.playouts, 7 * i);
                    // the played move when its estimate is the better one
                    if (vPlayed >= vBest) { best = played; vBest = vPlayed; }
                    Object.assign(step, { kind: "search", best, vBest, vPlayed });
                }
                step.bestName = st.actionToString(step.best);
                self.postMessage({ type: "review-step", id: msg.id, step });
            }
            st.apply(h[i]);
        }
    } finally {
        if (solver) solver.free();
        st.free();
        game.free();
    }
    return { type: "review-done", id: msg.id };
}

self.onmessage = async (ev) => {
    const msg = ev.data;
    if (msg.type === "cancel") { cancelled = Math.max(cancelled, msg.upTo); return; }
    try {
        await ready;
        if (msg.type === "choose" && msg.id <= cancelled) return;
        let reply;
        if (msg.type === "choose") reply = choose(msg);
        else if (msg.type === "bench") reply = bench(msg);
        else if (msg.type === "probe") reply = probe(msg);
        else if (msg.type === "review") reply = review(msg);
        else throw new Error("unknown message " + msg.type);
        self.postMessage(reply);
    } catch (e) {
        self.postMessage({ type: "error", id: msg.id, message: String(e && e.message || e) });
    }
};
