/* app/records.js - save and load: the record as a file, and a record
 * loaded from a file or the text box. */
import { update } from "./draw.js";
import { formFromSpec, buildOptionsForm, setGame } from "./form.js";
import { isHuman } from "./seats.js";
import { $, app } from "./state.js";
import { showError } from "./status.js";

/* ------------------------------------------------------ save / load */

export function saveRecord() {
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

export function loadRecordText(text) {
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
