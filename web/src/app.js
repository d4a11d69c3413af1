/* app.js - the page: pick a game and its options, seats human or bot,
 * play by clicking, undo, save and load records.  The rules, the legal
 * moves, the pictures, the scores and the bots are all the library's
 * (mg.js); bots think in a Web Worker (worker.js).  An ES module: the
 * start (main) and the page's controls; the rest is in app/, one module
 * by concern (games, state, form, seats, bots, moves, draw, status,
 * records). */
/* global MG */
import { startWorker, cancelBot, askHint } from "./app/bots.js";
import { update, updateBoard, initBoard } from "./app/draw.js";
import { buildGameSelect, buildOptionsForm, specFromField, newGame } from "./app/form.js";
import { BOT_NAMES } from "./app/games.js";
import { explainRefusal, humanToMove, onSite, play, undo } from "./app/moves.js";
import { saveRecord, loadRecordText } from "./app/records.js";
import { initOnline } from "./app/online.js";
import { initReplay } from "./app/replay.js";
import { initReview } from "./app/review.js";
import { initTurn } from "./app/turn.js";
import { buildSeats } from "./app/seats.js";
import { $, app, parseBotSeed } from "./app/state.js";
import { showError, showNotice } from "./app/status.js";

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
    initBoard($("board"), onSite);
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
    // pausing also drops a bot request in flight, so that no bot move
    // lands after the click; resuming asks again
    $("pause").addEventListener("click", () => { app.paused = !app.paused; cancelBot(); update(); });
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
    // the bots' seed: used from the next new game on
    const seedField = $("bot-seed");
    const readSeed = () => {
        try {
            app.botSeed = parseBotSeed(seedField.value);
            seedField.setCustomValidity("");
            $("bot-seed-error").textContent = "";
        } catch (e) {
            app.botSeed = null;
            seedField.setCustomValidity(e.message);
            $("bot-seed-error").textContent = e.message;
        }
    };
    seedField.addEventListener("input", readSeed);
    seedField.addEventListener("change", readSeed);
    readSeed();
    $("labels").addEventListener("change", () => { app.labels = $("labels").checked; updateBoard(); });
    $("zoom").addEventListener("click", () => {
        app.zoom = !$("board-wrap").classList.contains("zoomed");
        updateBoard();
    });
    // the sticky seat cards' height: what the page's own scrolling keeps
    // clear at the top (scroll-padding-top)
    const cards = document.querySelector(".cards");
    const setCardsH = () => document.documentElement.style.setProperty("--cards-h",
        (getComputedStyle(cards).position === "sticky" ? cards.offsetHeight : 0) + "px");
    new ResizeObserver(setCardsH).observe(cards);
    setCardsH();
    window.addEventListener("resize", () => { setCardsH(); updateBoard(); });
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
        const text = $("move-input").value;
        if (!text.trim()) return;
        try {
            const a = app.state.actionFromString(text);
            // refused: the library says why (also when the game is over)
            if (app.state.isTerminal || !app.state.isLegal(a)) {
                if (!explainRefusal(a)) showNotice(`${text.trim()}: not legal now`, "refused");
                return;
            }
            if (!humanToMove()) return;
            $("move-input").value = "";
            play(a);
        } catch (e) { showNotice(`${text.trim()}: ${e.message}`, "refused"); }
    });
    document.addEventListener("keydown", (ev) => {
        if (ev.target.matches("input, select, textarea")) return;
        if (ev.key === "Escape" && app.selected >= 0) { app.selected = -1; updateBoard(); }
        if ((ev.ctrlKey || ev.metaKey) && ev.key === "z") { ev.preventDefault(); undo(); }
    });
    initReplay();
    initReview();
    initTurn();
    buildOptionsForm();
    newGame();
    // a finished online game to analyse (online.js, Analyse): both seats
    // Human, the record loaded; the game has ended, so hints are allowed
    let analyse = null;
    try { analyse = sessionStorage.getItem("mg-analyse"); sessionStorage.removeItem("mg-analyse"); } catch (e) { analyse = null; }
    if (analyse && !/^\/t\//.test(location.pathname)) {
        for (const seat of [0, 1]) { app.seats[seat].kind = "human"; $(`seat${seat}`).value = "human"; }
        if (loadRecordText(analyse)) {
            // over online (perhaps by resignation or time, not by the rules)
            app.ended = true;
            update();
            showNotice("The finished game: Undo steps back through it, Hint asks the bot.", "info");
        }
    }
    // mg-server serves the page: play online (else the local game only)
    try { await initOnline(); } catch (e) { showError("Play online: " + e.message); }
    document.body.classList.add("ready");
}

main();
