/* app/form.js - the game setup: the form built from the library's option
 * introspection, its spec (canonical, editable, read back into the form),
 * and a new game from it. */
import { cancelBot } from "./bots.js";
import { update } from "./draw.js";
import { GAMES, gameName } from "./games.js";
import { $, app, botSeeds, randomSeed } from "./state.js";
import { showError, showNotice } from "./status.js";

/* --------------------------------------------------------- game setup */

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
export function formFromSpec(canonical, id) {
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

export function buildGameSelect() {
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

export function buildOptionsForm() {
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

export function specFromField() {
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

export function setGame(game, state) {
    cancelBot();
    if (app.state) app.state.free();
    if (app.game) app.game.free();
    app.game = game;
    app.state = state;
    app.selected = -1;
    app.hint = null;
    app.paused = false;
    app.ended = false;
    app.lastBot = null;
    app.botTimes = [];
    app.seeds = botSeeds();
    app.gameNo++;
    recomputeMovers();
    $("views").hidden = !game.hasBoard;
    showError("");
    showNotice("");
    update();
}

export function newGame() {
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
