/* app/moves.js - the moves: the legal actions by the sites they need,
 * clicks on the board (one click, or two for a step), playing an action,
 * and undo back to the human's previous decision. */
import { cancelBot } from "./bots.js";
import { update } from "./draw.js";
import { isHuman } from "./seats.js";
import { $, app } from "./state.js";
import { showError } from "./status.js";

/* ------------------------------------------------------------ clicks */

// The actions of the position by the sites they need.
export function clickMap() {
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

export function humanToMove() {
    const st = app.state;
    return !st.isTerminal && isHuman(st.currentPlayer) && !app.pending;
}

export function onSite(site) {
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

export function play(action) {
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

export function undo() {
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
