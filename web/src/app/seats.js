/* app/seats.js - the seats: human or bot (which bot, MCTS's iterations,
 * a bot spec typed in), and the seats' form. */
import { cancelBot } from "./bots.js";
import { update } from "./draw.js";
import { $, app } from "./state.js";

/* ------------------------------------------------------------- seats */

export function botSpec(seat) {
    if (app.online) return null; // the server's bots play there
    const c = app.seats[seat];
    if (c.kind === "human") return null;
    if (c.kind === "mcts") return `mcts(iterations=${Math.max(1, c.iterations | 0)})`;
    if (c.kind === "custom") return c.custom.trim() || "random";
    return c.kind;
}
// Online, the human of this page is its own seat (none for a spectator).
export const isHuman = (seat) => app.online ? app.online.seat === seat : app.seats[seat].kind === "human";

export function buildSeats() {
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
