/* app/moves.js - the moves: the legal actions by the sites they need,
 * clicks on the board (one click, or two for a step), playing an action,
 * a refused click or typed move explained by the library
 * (mg_state_illegal_reason), and undo back to the human's previous
 * decision. */
import { cancelBot } from "./bots.js";
import { update } from "./draw.js";
import { isHuman } from "./seats.js";
import { $, app } from "./state.js";
import { sayWhoseTurn, showError, showNotice } from "./status.js";

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

// Every action of the game by the sites it needs (all of them, legal or
// not), cached on the game: {place, remove, steps} maps from a site.
function actionsBySite() {
    const g = app.game;
    if (g._bySite) return g._bySite;
    const place = new Map(), remove = new Map(), steps = new Map();
    const n = g.numActions;
    for (let a = 0; a < n; a++) {
        const [from, to] = g.actionSites(a);
        if (from < 0 && to >= 0) { if (!place.has(to)) place.set(to, a); }
        else if (from >= 0 && to < 0) { if (!remove.has(from)) remove.set(from, a); }
        else if (from >= 0) {
            if (!steps.has(from)) steps.set(from, new Map());
            steps.get(from).set(to, a);
        }
    }
    return (g._bySite = { place, remove, steps });
}

// Which kinds of action the game has: {place, remove, step} booleans.
export function actionKinds() {
    const by = actionsBySite();
    return { place: by.place.size > 0, remove: by.remove.size > 0, step: by.steps.size > 0 };
}

// The sites a click may name although no legal action needs them (the
// click is then explained, not played).
export function refusableSites() {
    const by = actionsBySite();
    return new Set([...by.place.keys(), ...by.remove.keys(), ...by.steps.keys()]);
}

// The action a click on `site` meant, for the library to say why it is
// refused: a step from the selected stone, else the kind of action the
// position asks for (placing, removing, stepping) at that site.
function meantAction(site) {
    const by = actionsBySite();
    const st = app.state;
    if (app.selected >= 0 && by.steps.has(app.selected) && by.steps.get(app.selected).has(site))
        return by.steps.get(app.selected).get(site);
    const kinds = { place: false, remove: false, step: false };
    if (!st.isTerminal) {
        for (const a of st.legalActions()) {
            const [from, to] = app.game.actionSites(a);
            if (from < 0 && to >= 0) kinds.place = true;
            else if (from >= 0 && to < 0) kinds.remove = true;
            else if (from >= 0) kinds.step = true;
        }
    }
    const step = () => {
        const d = by.steps.get(site);
        if (!d) return undefined;
        // a step to a vacant site: the refusal is about the stone itself
        const held = st.sites();
        for (const [to, a] of d) if (held[to] === app.lib.NOBODY) return a;
        return d.values().next().value;
    };
    const order = [kinds.place && by.place.get(site), kinds.remove && by.remove.get(site),
                   kinds.step && step(), by.place.get(site), by.remove.get(site), step()];
    for (const a of order) if (a !== undefined && a !== false) return a;
    return -1;
}

// Say why the click on `site` (or a typed action) is refused, in the
// library's words; true when there was something to say.
export function explainRefusal(action) {
    if (action < 0) return false;
    const r = app.state.illegalReason(action);
    if (r.code === app.lib.OK || !r.text) return false;
    showNotice(r.text, "refused");
    return true;
}

// Fair play: a game between people (both seats people: online, or both
// seats Human here) gets no engine help (hint) until it is over; a game
// that has ended once (app.ended) may be analysed, also after undo.
export function peopleOnly() {
    if (app.online) {
        const s = app.online.snap;
        return !s || s.seats.every((x) => x.kind === "human");
    }
    return isHuman(0) && isHuman(1);
}
export const helpAllowed = () => !peopleOnly() || app.ended;

export function humanToMove() {
    const st = app.state;
    if (app.online && !app.online.canMove()) return false;
    return !st.isTerminal && isHuman(st.currentPlayer) && !app.pending;
}

export function onSite(site) {
    if (app.state.isTerminal) { explainRefusal(meantAction(site)); return; }
    // not this page's move: say whose it is
    if (!humanToMove()) { sayWhoseTurn(); return; }
    const { single, steps } = clickMap();
    if (app.selected >= 0) {
        const dests = steps.get(app.selected);
        if (dests && dests.has(site)) { const a = dests.get(site); app.selected = -1; play(a); return; }
        if (site === app.selected) { app.selected = -1; update(); return; }
    }
    if (steps.has(site)) { app.selected = site; showNotice(""); update(); return; }
    if (single.has(site)) { app.selected = -1; play(single.get(site)); return; }
    const by = actionsBySite();
    if (app.selected >= 0 && !(by.steps.get(app.selected) || new Map()).has(site)) {
        // no action of the game steps there (too far, or off the lines):
        // the stone stays selected, and the page says where it may go
        const name = (s) => app.game.siteName(s);
        showNotice(`no step from ${name(app.selected)} to ${name(site)} in this game: ` +
                   `the blue spots are where ${name(app.selected)} may go`, "refused");
        update();
        return;
    }
    explainRefusal(meantAction(site));
    app.selected = -1;
    update();
}

export function play(action) {
    // online: the server plays it (the move comes back as its event)
    if (app.online) { app.selected = -1; app.online.sendMove(action); return; }
    const st = app.state;
    const seat = st.currentPlayer;
    try {
        st.apply(action);
    } catch (e) {
        showError(e.message);
        return;
    }
    app.movers.push(seat);
    showNotice("");
    app.hint = null;
    $("hint-text").textContent = "";
    app.selected = -1;
    update();
}

export function undo() {
    if (app.online) return; // online: a takeback request instead
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
    showNotice("");
    update();
}
