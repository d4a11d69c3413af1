/* mg.js - a JavaScript binding of libmindgames compiled to WebAssembly.
 *
 * Used by the page (app.js) and by the bot worker (worker.js); it works in
 * a window and in a worker alike.  The module comes from mindgames.js,
 * emscripten's loader (MODULARIZE, EXPORT_NAME=createMindgames), built
 * with WASM_BIGINT so that uint64_t arguments (seeds) are BigInts.
 *
 *   const mg = await MG.load();            // the library, ready
 *   const game = mg.game("dots_and_boxes(rows=3,cols=3)");
 *   const st = game.newState();
 *   st.apply(st.legalActions()[0]);
 *   st.render(mg.RENDER_SVG);              // the library's own picture
 *   st.illegalReason(a).text;              // why a is refused ("" if legal)
 *   st.endReason();                        // why the game ended ("" if not)
 *   st.free(); game.free();
 *
 * Errors come back as MG.Error with .code (the library's MG_E* value) and
 * .message (the library's message naming the offending part when it gives
 * one, else mg_strerror).  Objects hold C memory: free() them.
 */
(function (root) {
    "use strict";

    const EINVAL = -2;
    const ENOBUFS = -4;
    const EUNSUPPORTED = -14;

    class MgError extends Error {
        constructor(code, message) {
            super(message);
            this.name = "MgError";
            this.code = code;
        }
    }

    function bind(M) {
        const heap = () => ({ u8: M.HEAPU8, i8: M.HEAP8, i32: M.HEAP32,
                              u32: M.HEAPU32, f64: M.HEAPF64 });

        /* ---------------------------------------------- memory helpers */

        // A scratch arena for one call: every allocation is freed by done().
        function arena() {
            const ptrs = [];
            return {
                alloc(n) {
                    const p = M._malloc(Math.max(8, n));
                    if (!p) throw new MgError(-3, "out of memory");
                    ptrs.push(p);
                    return p;
                },
                str(s) {
                    const n = M.lengthBytesUTF8(s) + 1;
                    const p = this.alloc(n);
                    M.stringToUTF8(s, p, n);
                    return p;
                },
                done() { for (const p of ptrs) M._free(p); ptrs.length = 0; },
            };
        }

        function strerror(code) { return M.UTF8ToString(M._mg_strerror(code)); }

        function check(code, a, errp) {
            if (code >= 0) return code;
            let msg = errp ? M.UTF8ToString(errp) : "";
            if (!msg) msg = strerror(code);
            throw new MgError(code, msg);
        }

        // A seat, or MG_NOBODY: -1 is not an error code.
        function player(code) { return code === -1 ? -1 : check(code); }

        // The buffer protocol: size query with (NULL, 0), then the call.
        function text(fn) {
            const a = arena();
            try {
                const need = a.alloc(4);
                let r = fn(0, 0, need);
                if (r !== ENOBUFS && r < 0) check(r);
                const n = heap().u32[need >> 2];
                const buf = a.alloc(n);
                check(fn(buf, n, need));
                return M.UTF8ToString(buf);
            } finally { a.done(); }
        }

        // Arrays through the buffer protocol: (buf, cap, count) -> values.
        function array(fn, bytes, read, cap) {
            const a = arena();
            try {
                const cnt = a.alloc(4);
                let n = cap;
                if (n === undefined) {
                    const r = fn(0, 0, cnt);
                    if (r !== ENOBUFS && r < 0) check(r);
                    n = heap().u32[cnt >> 2];
                }
                const buf = a.alloc(Math.max(1, n) * bytes);
                check(fn(buf, n, cnt));
                const k = heap().u32[cnt >> 2];
                return read(buf, k);
            } finally { a.done(); }
        }
        // The buffer protocol for a call whose codes other than MG_ENOBUFS
        // are answers, not errors: {code, text}.
        function textCode(fn) {
            const a = arena();
            try {
                const need = a.alloc(4);
                heap().u32[need >> 2] = 1;
                const r = fn(0, 0, need);
                if (r !== ENOBUFS) return { code: r, text: "" };
                const n = heap().u32[need >> 2];
                const buf = a.alloc(n);
                const code = fn(buf, n, need);
                if (code === ENOBUFS) check(code);
                return { code, text: M.UTF8ToString(buf) };
            } finally { a.done(); }
        }

        const readI32 = (p, k) => Array.from(heap().i32.subarray(p >> 2, (p >> 2) + k));
        const readI8 = (p, k) => Array.from(heap().i8.subarray(p, p + k));

        function errBuf(a) {
            const p = a.alloc(512);
            heap().u8[p] = 0;
            return p;
        }

        function toU64(seed) {
            if (typeof seed === "bigint") return BigInt.asUintN(64, seed);
            if (typeof seed === "string") return BigInt.asUintN(64, BigInt(seed));
            return BigInt.asUintN(64, BigInt(Math.floor(seed || 0)));
        }

        /* --------------------------------------------------------- game */

        class Game {
            constructor(ptr) { this.ptr = ptr; this._sites = null; }
            free() { if (this.ptr) M._mg_game_free(this.ptr); this.ptr = 0; }
            get id() { return M.UTF8ToString(M._mg_game_id(this.ptr)); }
            get spec() {
                return text((b, c, n) => M._mg_game_spec(this.ptr, b, c, n));
            }
            get numActions() { return check(M._mg_game_num_actions(this.ptr)); }
            get maxLegalActions() { return check(M._mg_game_max_legal_actions(this.ptr)); }
            get numSites() { return check(M._mg_game_num_sites(this.ptr)); }
            get hasBoard() { return M._mg_game_board(this.ptr) !== 0; }
            siteKind(s) { return check(M._mg_game_site_kind(this.ptr, s)); }
            siteName(s) {
                return text((b, c, n) => M._mg_game_site_name(this.ptr, s, b, c, n));
            }
            sitePosition(s) {
                const a = arena();
                try {
                    const p = a.alloc(16);
                    check(M._mg_game_site_position(this.ptr, s, p, p + 8));
                    const f = heap().f64;
                    return [f[p >> 3], f[(p >> 3) + 1]];
                } finally { a.done(); }
            }
            siteNeighbors(s) {
                return array((b, c, n) => M._mg_game_site_neighbors(this.ptr, s, b, c, n),
                             4, readI32, 8);
            }
            actionSites(action) {
                const a = arena();
                try {
                    const p = a.alloc(8);
                    check(M._mg_game_action_sites(this.ptr, action, p, p + 4));
                    const i = heap().i32;
                    return [i[p >> 2], i[(p >> 2) + 1]];
                } finally { a.done(); }
            }
            // Every site: {kind, name, x, y}, cached (a game is immutable).
            sites() {
                if (this._sites) return this._sites;
                const n = this.numSites, out = [];
                for (let s = 0; s < n; s++) {
                    const [x, y] = this.sitePosition(s);
                    out.push({ site: s, kind: this.siteKind(s), name: this.siteName(s), x, y });
                }
                return (this._sites = out);
            }
            // The board's picture in a view (MG_BOARD_SHOW_CELLS|BEAMS), or null.
            renderBoard(format, flags) {
                const b = M._mg_game_board(this.ptr);
                if (!b) return null;
                return text((buf, c, n) => M._mg_board_render(b, format, flags, buf, c, n));
            }
            newState() {
                const a = arena();
                try {
                    const out = a.alloc(4);
                    check(M._mg_state_new(out, this.ptr));
                    return new State(heap().u32[out >> 2], this);
                } finally { a.done(); }
            }
        }

        /* -------------------------------------------------------- state */

        class State {
            constructor(ptr, game) { this.ptr = ptr; this.game = game; }
            free() { if (this.ptr) M._mg_state_free(this.ptr); this.ptr = 0; }
            // 0, 1, or MG_NOBODY (-1, not an error) when the game is over
            get currentPlayer() { return player(M._mg_state_current_player(this.ptr)); }
            get isTerminal() { return check(M._mg_state_is_terminal(this.ptr)) === 1; }
            // 0, 1, MG_DRAW, or MG_NOBODY while the game goes on
            get winner() { return player(M._mg_state_winner(this.ptr)); }
            legalActions() {
                return array((b, c, n) => M._mg_state_legal_actions(this.ptr, b, c, n),
                             4, readI32, this.game.maxLegalActions);
            }
            isLegal(action) { return check(M._mg_state_is_legal(this.ptr, action)) === 1; }
            apply(action) { check(M._mg_state_apply(this.ptr, action)); }
            undo() { check(M._mg_state_undo(this.ptr)); }
            history() {
                return array((b, c, n) => M._mg_state_history(this.ptr, b, c, n), 4, readI32);
            }
            score(player) {
                const a = arena();
                try {
                    const p = a.alloc(4);
                    check(M._mg_state_score(this.ptr, player, p));
                    return heap().i32[p >> 2];
                } finally { a.done(); }
            }
            // Group sizes, largest first, or null for a game without groups.
            groups(player) {
                try {
                    return array((b, c, n) => M._mg_state_groups(this.ptr, player, b, c, n),
                                 4, readI32);
                } catch (e) {
                    if (e.code === EUNSUPPORTED) return null;
                    throw e;
                }
            }
            actionToString(action) {
                return text((b, c, n) => M._mg_state_action_to_string(this.ptr, action, b, c, n));
            }
            actionFromString(notation) {
                const a = arena();
                try {
                    const out = a.alloc(4), err = errBuf(a);
                    check(M._mg_state_action_from_string(this.ptr, a.str(notation), out, err, 512),
                          a, err);
                    return heap().i32[out >> 2];
                } finally { a.done(); }
            }
            /* Why an action is refused (1.5, mg_state_illegal_reason):
             * {code, text}; code 0 and "" when it is legal, MG_EILLEGAL
             * (-10), MG_EOVER (-11) or MG_ERANGE (-5) with the library's
             * line, "<action>: <the rule> (rules N.M)". */
            illegalReason(action) {
                const r = textCode((b, c, n) => M._mg_state_illegal_reason(this.ptr, action, b, c, n));
                if (r.code === EINVAL) check(r.code);
                return r;
            }
            /* Why the game ended (1.5, mg_state_end_reason): the library's
             * line with the scores and "(rules N.M)"; "" while it goes on. */
            endReason() {
                const r = textCode((b, c, n) => M._mg_state_end_reason(this.ptr, b, c, n));
                if (r.code === EINVAL) return "";
                check(r.code);
                return r.text;
            }
            render(format) {
                return text((b, c, n) => M._mg_state_render(this.ptr, format, b, c, n));
            }
            save() { return text((b, c, n) => M._mg_state_save(this.ptr, b, c, n)); }
            site(s) { return check(M._mg_state_site(this.ptr, s)); }
            sites() {
                return array((b, c, n) => M._mg_state_sites(this.ptr, b, c, n), 1, readI8,
                             this.game.numSites);
            }
            clone() {
                const a = arena();
                try {
                    const out = a.alloc(4);
                    check(M._mg_state_clone(out, this.ptr));
                    return new State(heap().u32[out >> 2], this.game);
                } finally { a.done(); }
            }
            /* A uniformly random playout's end, the state unchanged
             * (mg_state_playout_result): {winner (0, 1, DRAW, or NOBODY
             * when maxActions stopped it), scores: [s0, s1]}. */
            playoutResult(seed, maxActions) {
                const a = arena();
                try {
                    const p = a.alloc(12);
                    check(M._mg_state_playout_result(this.ptr, toU64(seed),
                        maxActions === undefined ? -1 : maxActions, p, p + 4));
                    const i = heap().i32;
                    return { winner: i[p >> 2], scores: [i[(p >> 2) + 1], i[(p >> 2) + 2]] };
                } finally { a.done(); }
            }
        }

        /* ------------------------------------------------------- solver */

        const EBUDGET = -16;
        const UNKNOWN = -2147483648;

        // mg_solver (1.4): exact values under optimal play, from the
        // point of view of the player to move, within a budget.
        class Solver {
            constructor(ptr) { this.ptr = ptr; }
            free() { if (this.ptr) M._mg_solver_free(this.ptr); this.ptr = 0; }
            /* {exact, value, best, nodes, lower, upper}: exact false when
             * the budget ran out (value the lower bound, best the best
             * action found). */
            solve(state, maxNodes, timeMs) {
                const a = arena();
                try {
                    const p = a.alloc(32);
                    const r = M._mg_solver_solve(this.ptr, state.ptr, BigInt(maxNodes || 0),
                                                 timeMs || 0, p, p + 4, p + 8);
                    if (r !== EBUDGET) check(r);
                    const i = heap().i32;
                    const out = { exact: r === 0, value: i[p >> 2], best: i[(p >> 2) + 1],
                                  nodes: heap().u32[(p >> 2) + 2] + heap().u32[(p >> 2) + 3] * 4294967296 };
                    check(M._mg_solver_bounds(this.ptr, p + 16, p + 20));
                    out.lower = i[(p + 16) >> 2];
                    out.upper = i[(p + 20) >> 2];
                    return out;
                } finally { a.done(); }
            }
            /* The value of every legal action (legalActions() order),
             * null for one the budget left unknown: {exact, values}. */
            values(state, maxNodes, timeMs) {
                const a = arena();
                try {
                    const n = state.game.maxLegalActions;
                    const buf = a.alloc(4 * Math.max(1, n)), cnt = a.alloc(4);
                    const r = M._mg_solver_values(this.ptr, state.ptr, BigInt(maxNodes || 0),
                                                  timeMs || 0, buf, n, cnt);
                    if (r !== EBUDGET) check(r);
                    const k = heap().u32[cnt >> 2];
                    const values = readI32(buf, k).map((v) => (v === UNKNOWN ? null : v));
                    return { exact: r === 0, values };
                } finally { a.done(); }
            }
        }

        /* ---------------------------------------------------------- bot */

        class Bot {
            constructor(ptr) { this.ptr = ptr; }
            free() { if (this.ptr) M._mg_bot_free(this.ptr); this.ptr = 0; }
            get spec() { return text((b, c, n) => M._mg_bot_spec(this.ptr, b, c, n)); }
            choose(state) {
                const a = arena();
                try {
                    const out = a.alloc(4);
                    check(M._mg_bot_choose(this.ptr, state.ptr, out));
                    return heap().i32[out >> 2];
                } finally { a.done(); }
            }
            /* mg_bot_analyse (1.6): the value of every legal action
             * (legalActions() order) with the bot's budget, for the
             * player to move: [{action, kind: "exact" | "estimate" |
             * "unknown", value, visits}] (exact: the solver's units;
             * estimate: the search's mean reward in [0, 1]). */
            analyse(state) {
                const a = arena();
                try {
                    const n = Math.max(1, state.game.maxLegalActions);
                    const buf = a.alloc(24 * n + 8), cnt = a.alloc(4);
                    const p = (buf + 7) & ~7; // 8-aligned for the doubles
                    check(M._mg_bot_analyse(this.ptr, state.ptr, p, n, cnt));
                    const k = heap().u32[cnt >> 2], out = [];
                    for (let j = 0; j < k; j++) {
                        const q = p + 24 * j, h = heap();
                        out.push({ value: h.f64[q >> 3], action: h.i32[(q + 8) >> 2],
                                   kind: ["unknown", "exact", "estimate"][h.i32[(q + 12) >> 2]] || "unknown",
                                   visits: h.u32[(q + 16) >> 2] });
                    }
                    return out;
                } finally { a.done(); }
            }
        }

        /* ------------------------------------------------------ library */

        const lib = {
            M, Error: MgError,
            RENDER_TEXT: 1, RENDER_SVG: 2,
            BOARD_SHOW_CELLS: 1, BOARD_SHOW_BEAMS: 2,
            SITE_CELL: 1, SITE_POINT: 2, SITE_LINE: 3, SITE_BOX: 4,
            NOBODY: -1, DRAW: 2, NEUTRAL: 3,
            OK: 0, ERANGE: -5, EILLEGAL: -10, EOVER: -11,
            OPTION_INT: 1, OPTION_BOOL: 2, OPTION_ENUM: 3, OPTION_SEED: 4,
            OPTION_DECIMAL: 5,
            strerror,
            version() { return M.UTF8ToString(M._mg_version_string()); },
            gameIds() {
                const n = M._mg_game_count(), ids = [];
                for (let i = 0; i < n; i++) ids.push(M.UTF8ToString(M._mg_game_id_at(i)));
                return ids;
            },
            game(spec) {
                const a = arena();
                try {
                    const out = a.alloc(4), err = errBuf(a);
                    check(M._mg_game_new(out, a.str(spec), err, 512), a, err);
                    return new Game(heap().u32[out >> 2]);
                } finally { a.done(); }
            },
            // A record (mg_state_save's text) replayed: {game, state}.
            load(record) {
                const a = arena();
                try {
                    const out = a.alloc(8), err = errBuf(a);
                    check(M._mg_state_load(out, out + 4, a.str(record), err, 512), a, err);
                    const g = new Game(heap().u32[(out >> 2) + 1]);
                    return { game: g, state: new State(heap().u32[out >> 2], g) };
                } finally { a.done(); }
            },
            bot(spec, seed) {
                const a = arena();
                try {
                    const out = a.alloc(4), err = errBuf(a);
                    check(M._mg_bot_new(out, a.str(spec), toU64(seed), err, 512), a, err);
                    return new Bot(heap().u32[out >> 2]);
                } finally { a.done(); }
            },
            // A solver for `game` using `bytes` bytes in all (1.4).
            solver(game, bytes) {
                const a = arena();
                try {
                    const out = a.alloc(4), err = errBuf(a);
                    check(M._mg_solver_new(out, game.ptr, bytes || (16 << 20), err, 512), a, err);
                    return new Solver(heap().u32[out >> 2]);
                } finally { a.done(); }
            },
            /* Option introspection (1.4): every option of a spec, in the
             * canonical order, as plain objects. */
            options(spec) {
                const a = arena();
                try {
                    const s = a.str(spec);
                    const n = check(M._mg_game_option_count(s));
                    const out = [];
                    const rp = a.alloc(16);
                    for (let i = 0; i < n; i++) {
                        const type = check(M._mg_game_option_type(s, i));
                        const o = {
                            index: i,
                            key: M.UTF8ToString(M._mg_game_option_key(s, i)),
                            type,
                            applies: check(M._mg_game_option_applies(s, i)) === 1,
                            value: text((b, c, nd) => M._mg_game_option_value(s, i, b, c, nd)),
                            min: null, max: null, names: null,
                        };
                        const r = M._mg_game_option_range(s, i, rp, rp + 8);
                        if (r === 0) {
                            const u = heap().u32, i32 = heap().i32;
                            const rd = (p) => Number((BigInt(i32[(p >> 2) + 1]) << 32n) |
                                                     BigInt(u[p >> 2]));
                            o.min = rd(rp);
                            o.max = rd(rp + 8);
                        }
                        if (type === 2 || type === 3) {
                            o.names = [];
                            for (let v = o.min; v <= o.max; v++)
                                o.names.push(M.UTF8ToString(M._mg_game_option_value_name(s, i, v)));
                        }
                        out.push(o);
                    }
                    return out;
                } finally { a.done(); }
            },
            optionApplies(spec, index) {
                const a = arena();
                try { return check(M._mg_game_option_applies(a.str(spec), index)) === 1; }
                finally { a.done(); }
            },
        };
        return lib;
    }

    // Load the module (createMindgames from mindgames.js) and bind it.
    async function load(moduleArgs) {
        const factory = root.createMindgames;
        if (typeof factory !== "function")
            throw new Error("mindgames.js (the WebAssembly loader) is not loaded");
        const M = await factory(moduleArgs || {});
        return bind(M);
    }

    root.MG = { load, bind, Error: MgError };
})(typeof self !== "undefined" ? self : globalThis);
