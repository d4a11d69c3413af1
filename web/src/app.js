/* app.js - the page: pick a game and its options, seats human or bot,
 * play by clicking, undo, save and load records.  The rules, the legal
 * moves, the pictures, the scores and the bots are all the library's
 * (mg.js); bots think in a Web Worker (worker.js). */
/* global MG, BoardView */
"use strict";

const GAMES = {
    dots_and_boxes: {
        name: "Dots and Boxes",
        rules: "Draw one line per move between two neighbouring dots. The player who draws the last side of a box claims it and draws again. When every line is drawn, the player with more boxes wins (with misère, fewer).",
    },
    china_squares: {
        name: "China Squares",
        rules: "255 cells of an Octopuszle board. The first stone of a turn fixes its pattern: the other stones of the turn go on vacant cells of the same pattern (they are highlighted), 9 minus the cell's beams in all, as many as possible. White may end the first turn early (done); Black may swap instead of its first stone. Full board: one point per stone, minus the penalty per group.",
    },
    china_octangle: {
        name: "China Octangle",
        rules: "China Squares' board with China Tangle's rules: the stones of a turn go on cells of the first stone's pattern (or number of beams), up to 9 minus its beams, and any turn may stop early (done). Black may swap. Full board: the largest group wins, ties cascading to the next largest.",
    },
    china_tangle: {
        name: "China Tangle",
        rules: "63 hexagonal cells of a China Labyrinth board. The first checker of a turn fixes its pattern: further checkers go on vacant cells of the same pattern (highlighted), up to 7 minus its exits; a turn may stop early (done). Black may swap. Full board: the largest group wins, ties cascading to the next largest.",
    },
    china_grove: {
        name: "China Grove",
        rules: "China Tangle's board with China Squares' scoring: full turns (as many stones of the first stone's pattern as possible), one point per stone minus the penalty per group. Black may swap.",
    },
    fangqi: {
        name: "Fangqi",
        rules: "Fill the board with stones, trying to form 2×2 squares. Then stones are removed: one each, then one for every square formed (not from squares). Then stones move along the lines; each new square removes an enemy stone. A player left without a move, or with too few stones, loses. A move is two clicks: the stone, then where it goes.",
    },
    chains_of_thought: {
        name: "Chains of Thought",
        rules: "Place a stone where it touches no stone, or where the enemy stones next to it equal your own plus one; or step a stone (two clicks) to merge your chains. Enemy stones next to a larger chain of yours are removed. The game ends when the player to move cannot act; the largest chain wins, ties cascading.",
    },
};

const BOT_NAMES = ["random", "greedy", "mcts", "solver"];
const SEAT_COLOURS = {
    White: { fill: "#ffffff", text: "White" },
    Black: { fill: "#1b1b1b", text: "Black" },
    X: { fill: "#1b1b1b", text: "Black" },
    O: { fill: "#ffffff", text: "White" },
    A: { fill: "#9ec5fe", text: "A" },
    B: { fill: "#f5b7b1", text: "B" },
};

const $ = (id) => document.getElementById(id);
const app = {
    lib: null,
    game: null,
    state: null,
    movers: [],          // the seat that played each action of the history
    form: { id: "dots_and_boxes", set: new Map() },
    seats: [{ kind: "human", iterations: 1000, custom: "" },
            { kind: "mcts", iterations: 1000, custom: "" }],
    view: "both",
    labels: false,
    paused: false,
    selected: -1,
    hint: null,
    botDelay: 300,
    bots: [],            // the bot names this library has
    worker: null,
    pending: null,       // {id, epoch} of the bot request in flight
    epoch: 0,
    reqId: 0,
    timer: null,
    lastBot: null,       // {ms, spec, notation}
    botTimes: [],        // ms of every bot action this game
    seeds: [randomSeed(), randomSeed()],
};
window.mgApp = app; // for the console and the tests

function randomSeed() {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    return ((BigInt(a[0]) << 32n) | BigInt(a[1])).toString();
}

/* ------------------------------------------------------------ worker */

function startWorker() {
    if (app.worker) app.worker.terminate();
    app.worker = new Worker("worker.js");
    app.worker.onmessage = (ev) => onWorker(ev.data);
    app.worker.onerror = (ev) => {
        ev.preventDefault();
        showError("The bot worker failed: " + (ev.message || "unknown error"));
    };
}

function cancelBot() {
    app.epoch++;
    clearTimeout(app.timer);
    app.timer = null;
    if (app.pending) {
        app.pending = null;
        startWorker(); // stop a long think at once
    }
}

function onWorker(msg) {
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

/* --------------------------------------------------------- game setup */

function gameName(id) { return (GAMES[id] && GAMES[id].name) || id; }

function specOf(id, parts) { return parts.length ? `${id}(${parts.join(",")})` : id; }

// The form's spec: the id and the options set by hand, each where it
// applies given the ones before it (the canonical order puts the options
// that decide, such as grid, first).
function formSpec() {
    const { id, set } = app.form;
    const lib = app.lib;
    const opts = lib.options(id);
    const parts = [];
    let bad = null;
    for (const o of opts) {
        if (!set.has(o.key)) continue;
        const cur = specOf(id, parts);
        let applies;
        try { applies = lib.optionApplies(cur, o.index); } catch (e) { applies = false; }
        if (!applies) continue;
        const next = specOf(id, [...parts, `${o.key}=${set.get(o.key)}`]);
        try { lib.options(next); parts.push(`${o.key}=${set.get(o.key)}`); }
        catch (e) { bad = bad || e.message; }
    }
    return { spec: specOf(id, parts), error: bad };
}

// Read a whole spec back into the form: the minimal set of options that
// gives it (the others are their defaults).
function formFromSpec(canonical, id) {
    const lib = app.lib;
    const want = new Map(lib.options(canonical).filter((o) => o.applies).map((o) => [o.key, o.value]));
    const parts = [];
    const set = new Map();
    for (const o of lib.options(id)) {
        if (!want.has(o.key)) continue;
        const cur = specOf(id, parts);
        const now = lib.options(cur)[o.index];
        if (!now.applies) continue;
        if (now.value !== want.get(o.key)) {
            parts.push(`${o.key}=${want.get(o.key)}`);
            set.set(o.key, want.get(o.key));
        }
    }
    app.form = { id, set };
}

function buildGameSelect() {
    const sel = $("game-id");
    sel.innerHTML = "";
    for (const id of app.lib.gameIds()) {
        const o = document.createElement("option");
        o.value = id;
        o.textContent = gameName(id);
        sel.appendChild(o);
    }
    sel.value = app.form.id;
}

function buildOptionsForm() {
    const lib = app.lib;
    const { spec, error } = formSpec();
    const box = $("options");
    box.innerHTML = "";
    let opts;
    try { opts = lib.options(spec); } catch (e) { opts = lib.options(app.form.id); }
    for (const o of opts) {
        const row = document.createElement("label");
        row.className = "opt";
        row.dataset.key = o.key;
        if (!o.applies) row.hidden = true;
        const name = document.createElement("span");
        name.textContent = o.key.replace(/_/g, " ");
        row.appendChild(name);
        let input;
        const shown = app.form.set.has(o.key) ? app.form.set.get(o.key) : o.value;
        if (o.type === lib.OPTION_ENUM) {
            input = document.createElement("select");
            for (const n of o.names) {
                const op = document.createElement("option");
                op.value = n; op.textContent = n;
                input.appendChild(op);
            }
            input.value = o.value;
        } else if (o.type === lib.OPTION_BOOL) {
            input = document.createElement("input");
            input.type = "checkbox";
            input.checked = o.value === "true";
            row.classList.add("bool");
        } else if (o.type === lib.OPTION_SEED) {
            input = document.createElement("input");
            input.type = "text";
            input.inputMode = "numeric";
            input.pattern = "[0-9]+";
            input.value = shown;
            input.title = "board seed: 0 to 18446744073709551615";
            row.classList.add("seed");
        } else {
            input = document.createElement("input");
            input.type = "number";
            const dec = o.type === lib.OPTION_DECIMAL;
            if (o.min !== null) input.min = dec ? o.min / 1000 : o.min;
            if (o.max !== null) input.max = dec ? o.max / 1000 : o.max;
            input.step = dec ? "0.001" : "1";
            input.value = shown;
        }
        input.name = o.key;
        input.id = "opt-" + o.key;
        input.addEventListener("change", () => {
            const v = input.type === "checkbox" ? (input.checked ? "true" : "false") : input.value.trim();
            app.form.set.set(o.key, v);
            buildOptionsForm();
        });
        row.appendChild(input);
        if (o.type === lib.OPTION_SEED) {
            const b = document.createElement("button");
            b.type = "button";
            b.textContent = "New board";
            b.id = "new-board";
            b.title = "a random board seed, and a new game on it";
            b.addEventListener("click", () => {
                app.form.set.set(o.key, randomSeed());
                buildOptionsForm();
                newGame();
            });
            row.appendChild(b);
        }
        box.appendChild(row);
    }
    // the canonical spec of the game the form describes
    let canonical = spec, err = error;
    if (!err) {
        try { const g = lib.game(spec); canonical = g.spec; g.free(); }
        catch (e) { err = e.message; }
    }
    const field = $("spec");
    if (document.activeElement !== field) field.value = canonical;
    $("spec-error").textContent = err || "";
    $("new-game").disabled = !!err;
    $("rules").textContent = (GAMES[app.form.id] && GAMES[app.form.id].rules) || "";
    return { spec: canonical, error: err };
}

function specFromField() {
    const text = $("spec").value.trim();
    try {
        const g = app.lib.game(text);
        const canonical = g.spec, id = g.id;
        g.free();
        formFromSpec(canonical, id);
        $("game-id").value = id;
        buildOptionsForm();
        $("spec").value = canonical;
        return true;
    } catch (e) {
        $("spec-error").textContent = e.message;
        $("new-game").disabled = true;
        return false;
    }
}

function setGame(game, state) {
    cancelBot();
    if (app.state) app.state.free();
    if (app.game) app.game.free();
    app.game = game;
    app.state = state;
    app.selected = -1;
    app.hint = null;
    app.paused = false;
    app.lastBot = null;
    app.botTimes = [];
    app.seeds = [randomSeed(), randomSeed()];
    recomputeMovers();
    $("views").hidden = !game.hasBoard;
    showError("");
    update();
}

function newGame() {
    const { spec, error } = buildOptionsForm();
    if (error) return;
    try {
        const g = app.lib.game(spec);
        setGame(g, g.newState());
    } catch (e) {
        showError(e.message);
    }
}

// The seat that made each action, by replaying the history.
function recomputeMovers() {
    const h = app.state.history();
    const s = app.game.newState();
    app.movers = [];
    try {
        for (const a of h) { app.movers.push(s.currentPlayer); s.apply(a); }
    } finally { s.free(); }
}

/* ------------------------------------------------------------- seats */

function botSpec(seat) {
    const c = app.seats[seat];
    if (c.kind === "human") return null;
    if (c.kind === "mcts") return `mcts(iterations=${Math.max(1, c.iterations | 0)})`;
    if (c.kind === "custom") return c.custom.trim() || "random";
    return c.kind;
}
const isHuman = (seat) => app.seats[seat].kind === "human";

function buildSeats() {
    for (const seat of [0, 1]) {
        const sel = $(`seat${seat}`);
        sel.innerHTML = "";
        const kinds = [["human", "Human"]];
        for (const b of app.bots) kinds.push([b, b === "mcts" ? "MCTS" : b[0].toUpperCase() + b.slice(1)]);
        kinds.push(["custom", "Bot spec…"]);
        for (const [v, t] of kinds) {
            const o = document.createElement("option");
            o.value = v; o.textContent = t;
            sel.appendChild(o);
        }
        sel.value = app.seats[seat].kind;
        const it = $(`seat${seat}-iterations`), cu = $(`seat${seat}-custom`);
        it.value = app.seats[seat].iterations;
        const sync = () => {
            app.seats[seat].kind = sel.value;
            app.seats[seat].iterations = +it.value || 1000;
            app.seats[seat].custom = cu.value;
            it.parentNode.hidden = sel.value !== "mcts";
            cu.hidden = sel.value !== "custom";
            if (sel.value === "custom") {
                try { app.lib.bot(cu.value.trim() || "random", 1).free(); cu.setCustomValidity(""); $("seat-error").textContent = ""; }
                catch (e) { cu.setCustomValidity(e.message); $("seat-error").textContent = `Seat ${seat}: ${e.message}`; return; }
            }
            if (app.pending && app.pending.seat === seat) cancelBot();
            update();
        };
        sel.onchange = it.onchange = cu.onchange = sync;
        it.parentNode.hidden = sel.value !== "mcts";
        cu.hidden = sel.value !== "custom";
    }
}

/* --------------------------------------------------------- the status */

// The library's status lines: the lines of the text rendering that name
// a seat (the board is above them).
function libStatus() {
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

function seatLooks(status) {
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
function runs() {
    const h = app.state.history(), out = [];
    for (let i = 0; i < h.length; i++) {
        const seat = app.movers[i];
        if (!out.length || out[out.length - 1].seat !== seat) out.push({ seat, start: i, actions: [] });
        out[out.length - 1].actions.push(h[i]);
    }
    return out;
}

/* ------------------------------------------------------------ clicks */

// The actions of the position by the sites they need.
function clickMap() {
    const st = app.state, g = app.game;
    const single = new Map(), steps = new Map(), buttons = [];
    if (st.isTerminal) return { single, steps, buttons };
    for (const a of st.legalActions()) {
        const [from, to] = g.actionSites(a);
        if (from < 0 && to < 0) buttons.push(a);
        else if (from < 0) single.set(to, a);
        else if (to < 0) single.set(from, a);
        else {
            if (!steps.has(from)) steps.set(from, new Map());
            steps.get(from).set(to, a);
        }
    }
    return { single, steps, buttons };
}

function humanToMove() {
    const st = app.state;
    return !st.isTerminal && isHuman(st.currentPlayer) && !app.pending;
}

function onSite(site) {
    if (!humanToMove()) return;
    const { single, steps } = clickMap();
    if (app.selected >= 0) {
        const dests = steps.get(app.selected);
        if (dests && dests.has(site)) { const a = dests.get(site); app.selected = -1; play(a); return; }
        if (site === app.selected) { app.selected = -1; update(); return; }
    }
    if (steps.has(site)) { app.selected = site; update(); return; }
    if (single.has(site)) { app.selected = -1; play(single.get(site)); return; }
    app.selected = -1;
    update();
}

function play(action) {
    const st = app.state;
    const seat = st.currentPlayer;
    try {
        st.apply(action);
    } catch (e) {
        showError(e.message);
        return;
    }
    app.movers.push(seat);
    app.hint = null;
    $("hint-text").textContent = "";
    app.selected = -1;
    update();
}

function undo() {
    cancelBot();
    const st = app.state;
    if (!app.movers.length) return;
    const anyHuman = isHuman(0) || isHuman(1);
    if (!anyHuman) {
        st.undo(); app.movers.pop();
        app.paused = true;
    } else {
        // back to the human's previous decision
        for (;;) {
            const seat = app.movers.pop();
            st.undo();
            if (!app.movers.length) break;
            if (isHuman(seat) && isHuman(st.currentPlayer)) break;
        }
    }
    app.selected = -1;
    app.hint = null;
    update();
}

/* -------------------------------------------------------- the bots */

function maybeBot() {
    const st = app.state;
    clearTimeout(app.timer);
    app.timer = null;
    if (st.isTerminal || app.pending || app.paused) return;
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
                                 seed: app.seeds[seat], key: "seat" + seat });
        updateStatus();
    }, app.botDelay);
}

function askHint() {
    if (!humanToMove()) return;
    const id = ++app.reqId;
    app.pending = { id, epoch: app.epoch, seat: app.state.currentPlayer, hint: true };
    $("hint-text").textContent = "Thinking…";
    app.worker.postMessage({ type: "choose", id, record: app.state.save(),
                             bot: "mcts(iterations=5000)", seed: "7", key: "hint" });
    updateStatus();
}

/* ----------------------------------------------------------- drawing */

let board = null;

function update() {
    updateBoard();
    updateStatus();
    updateMoves();
    maybeBot();
}

function updateBoard() {
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
        targets, open, last, selected: app.selected, labels: app.labels,
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

function updateStatus() {
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

function updateMoves() {
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

function showError(msg) {
    const e = $("error");
    e.textContent = msg;
    e.hidden = !msg;
}

/* ------------------------------------------------------ save / load */

function saveRecord() {
    const text = app.state.save();
    const blob = new Blob([text], { type: "text/plain" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    const stamp = new Date().toISOString().replace(/[:T]/g, "-").slice(0, 19);
    a.download = `${app.game.id}-${stamp}.mgrecord.txt`;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function loadRecordText(text) {
    let r;
    try {
        r = app.lib.load(text);
    } catch (e) {
        showError("Cannot load this record: " + e.message);
        return false;
    }
    const spec = r.game.spec;
    formFromSpec(spec, r.game.id);
    $("game-id").value = r.game.id;
    buildOptionsForm();
    setGame(r.game, r.state);
    app.paused = !isHuman(app.state.isTerminal ? 0 : app.state.currentPlayer);
    update();
    return true;
}

/* ------------------------------------------------------------- start */

async function main() {
    try {
        app.lib = await MG.load();
    } catch (e) {
        document.body.classList.add("failed");
        $("error").hidden = false;
        $("error").textContent = "The library (WebAssembly) could not be loaded: " + e.message;
        return;
    }
    const lib = app.lib;
    $("version").textContent = "libmindgames " + lib.version();
    for (const name of BOT_NAMES) {
        try { lib.bot(name, 1).free(); app.bots.push(name); } catch (e) { /* absent */ }
    }
    startWorker();
    board = new BoardView($("board"), onSite);
    buildGameSelect();
    buildSeats();
    $("game-id").addEventListener("change", () => {
        app.form = { id: $("game-id").value, set: new Map() };
        buildOptionsForm();
        newGame();
    });
    $("spec").addEventListener("keydown", (ev) => {
        if (ev.key === "Enter") { ev.preventDefault(); if (specFromField()) newGame(); }
    });
    $("spec").addEventListener("change", () => specFromField());
    $("new-game").addEventListener("click", () => newGame());
    $("undo").addEventListener("click", () => undo());
    $("hint").addEventListener("click", () => askHint());
    $("pause").addEventListener("click", () => { app.paused = !app.paused; if (!app.paused) cancelBot(); update(); });
    $("save").addEventListener("click", () => saveRecord());
    $("load").addEventListener("click", () => $("load-file").click());
    $("load-file").addEventListener("change", async () => {
        const f = $("load-file").files[0];
        if (f) loadRecordText(await f.text());
        $("load-file").value = "";
    });
    $("load-text").addEventListener("click", () => loadRecordText($("record-text").value));
    $("bot-delay").addEventListener("change", () => { app.botDelay = +$("bot-delay").value; });
    app.botDelay = +$("bot-delay").value;
    $("labels").addEventListener("change", () => { app.labels = $("labels").checked; updateBoard(); });
    $("zoom").addEventListener("click", () => {
        const z = $("board-wrap").classList.toggle("zoomed");
        $("zoom").setAttribute("aria-pressed", String(z));
    });
    for (const b of document.querySelectorAll("#views button")) {
        b.addEventListener("click", () => {
            app.view = b.dataset.view;
            for (const o of document.querySelectorAll("#views button"))
                o.setAttribute("aria-pressed", String(o === b));
            $("board").dataset.view = app.view;
        });
    }
    $("move-form").addEventListener("submit", (ev) => {
        ev.preventDefault();
        if (!humanToMove()) return;
        const text = $("move-input").value;
        try {
            const a = app.state.actionFromString(text);
            if (!app.state.isLegal(a)) throw new Error(`${text.trim()} is not legal now`);
            $("move-input").value = "";
            play(a);
        } catch (e) { showError(e.message); }
    });
    document.addEventListener("keydown", (ev) => {
        if (ev.target.matches("input, select, textarea")) return;
        if (ev.key === "Escape" && app.selected >= 0) { app.selected = -1; updateBoard(); }
        if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); undo(); }
    });
    buildOptionsForm();
    newGame();
    document.body.classList.add("ready");
}

main();
