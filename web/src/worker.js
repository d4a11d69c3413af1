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
 *       value of every legal action by mg_bot_analyse with the bot
 *       strong(time_ms=timeMs,nodes=nodes,iterations=iterations): the
 *       solver's exact values where it proves them (`nodes` nodes and
 *       half of `timeMs`), else the search's mean rewards for the mover
 *       (1 win, 1/2 draw, 0 loss; its choice, the most visited, is the
 *       best move; a move it did not visit: the mean of `playouts`
 *       random playouts after it)
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

// The played move's and the best move's verdict from one mg_bot_analyse:
// exact when both are proven, else the search's estimates (a move the
// search did not visit: the mean of random playouts after it).
function verdict(st, vals, played, mover, msg, i) {
    const mine = vals.find((v) => v.action === played);
    let bx = null, be = null;
    for (const v of vals) {
        if (v.kind === "exact" && (!bx || v.value > bx.value)) bx = v;
        if (v.kind === "estimate" && (!be || v.visits > be.visits || (v.visits === be.visits && v.value > be.value))) be = v;
    }
    if (mine && mine.kind === "exact" && bx) {
        // the played move when it is as good as the best
        const best = mine.value === bx.value ? mine : bx;
        return { kind: "exact", best: best.action, vBest: best.value, vPlayed: mine.value };
    }
    const est = (v, a) => (v && v.kind === "estimate" ? v.value : playoutValue(st, a, mover, msg.playouts, 7 * i));
    let best = be ? be.action : played;
    const vPlayed = est(mine, played);
    let vBest = best === played ? vPlayed : est(be, best);
    // the played move when its estimate is the better one
    if (vPlayed >= vBest) { best = played; vBest = vPlayed; }
    return { kind: "search", best, vBest, vPlayed };
}

function review(msg) {
    const { game, state } = lib.load(msg.record);
    const h = state.history();
    state.free();
    const st = game.newState();
    let bot = null;
    try {
        // the strong bot's plan (mg_bot_analyse): the solver with `nodes`
        // and half of timeMs, then its search (iterations, the time left)
        bot = lib.bot(`strong(time_ms=${msg.timeMs},nodes=${msg.nodes},iterations=${msg.iterations},` +
                      `memory_mb=${Math.max(1, msg.solverBytes >> 20)})`, 1000);
        for (let i = 0; i < h.length && !st.isTerminal; i++) {
            if (i >= (msg.from || 0)) {
                const mover = st.currentPlayer, played = h[i];
                const step = { ply: i, mover, played, playedName: st.actionToString(played) };
                Object.assign(step, verdict(st, bot.analyse(st), played, mover, msg, i));
                step.bestName = st.actionToString(step.best);
                self.postMessage({ type: "review-step", id: msg.id, step });
            }
            st.apply(h[i]);
        }
    } finally {
        if (bot) bot.free();
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
