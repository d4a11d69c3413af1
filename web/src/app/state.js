/* app/state.js - the page's state (window.mgApp, for the console and the
 * tests): the game and its state, the form, the seats, the view, the bot
 * request in flight; and the shorthand for getElementById. */

export const $ = (id) => document.getElementById(id);
export const app = {
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
    ended: false,        // this game has been over (then hints analyse it)
    selected: -1,
    hint: null,
    botDelay: 300,
    bots: [],            // the bot names this library has
    worker: null,
    workerReady: false,  // the worker has loaded the library
    pending: null,       // {id, epoch} of the bot request in flight
    epoch: 0,
    reqId: 0,
    timer: null,
    lastBot: null,       // {ms, spec, notation}
    botTimes: [],        // ms of every bot action this game
    botSeed: null,       // the "bot seed" field: a BigInt, or null (random)
    gameNo: 0,           // counts the games: the worker makes new bots for each
    seeds: [randomSeed(), randomSeed()],
    zoom: null,          // the board's zoom: null by itself, else the Zoom button's
    zoomFactor: 1,
    online: null,        // the table of mg-server this page plays (app/online.js)
    server: null,        // GET /api/v1's answer when mg-server serves the page
};
window.mgApp = app; // for the console and the tests

// The bots' seeds for a new game: from the "bot seed" field (seat 0's bot
// gets N, seat 1's N + 1), or random.
export function botSeeds() {
    if (app.botSeed === null) return [randomSeed(), randomSeed()];
    return [0n, 1n].map((k) => BigInt.asUintN(64, app.botSeed + k).toString());
}

// The "bot seed" field's text: null for empty (random seeds), a BigInt for
// a number 0 ... 2^64 - 1; throws otherwise.
export function parseBotSeed(text) {
    const t = text.trim();
    if (t === "") return null;
    if (!/^[0-9]+$/.test(t) || BigInt(t) >= 1n << 64n)
        throw new Error("bot seed: a number from 0 to 18446744073709551615, or empty for random");
    return BigInt(t);
}

export function randomSeed() {
    const a = new Uint32Array(2);
    crypto.getRandomValues(a);
    return ((BigInt(a[0]) << 32n) | BigInt(a[1])).toString();
}
