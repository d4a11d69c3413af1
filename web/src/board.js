/* board.js - the board on the page: the library's own SVG picture of the
 * position (mg_state_render with MG_RENDER_SVG), fitted to its container,
 * with an overlay of our own in the plane of the sites
 * (mg_game_site_position): click targets (and the other sites, where a
 * click is refused and the page says why), the open cells of a turn, the
 * selected stone of a step and its destinations, the last turn, a ghost
 * of the move under the pointer, and optional labels.
 *
 * The library's SVG is not changed by the library for us; we only read it:
 * - elements whose <title> is a site's name (Dots and Boxes lines, Chains
 *   of Thought points) and the tiles of a China board's "cells" group (in
 *   cell order) get a data-site attribute here;
 * - the scale and offset from site coordinates to SVG pixels are fitted
 *   from those elements (least squares), or, when none carries a site
 *   (Fangqi), from the extent of the grid's lines;
 * - the status lines (class "status") are hidden and the viewBox cropped
 *   to the board: the page shows the status itself.
 */
(function (root) {
    "use strict";
    const SVGNS = "http://www.w3.org/2000/svg";

    function el(name, attrs, parent) {
        const e = document.createElementNS(SVGNS, name);
        for (const k in attrs) e.setAttribute(k, attrs[k]);
        if (parent) parent.appendChild(e);
        return e;
    }

    // The centre of an element's box in the root SVG's user coordinates.
    function centreInRoot(svg, e) {
        const bb = e.getBBox();
        const m = svg.getScreenCTM().inverse().multiply(e.getScreenCTM());
        const p = new DOMPoint(bb.x + bb.width / 2, bb.y + bb.height / 2).matrixTransform(m);
        return [p.x, p.y];
    }

    // Least squares v' = s v + t on one axis; null when degenerate.
    function fitAxis(pairs) {
        const n = pairs.length;
        if (n < 2) return null;
        let sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (const [a, b] of pairs) { sx += a; sy += b; sxx += a * a; sxy += a * b; }
        const den = n * sxx - sx * sx;
        if (Math.abs(den) < 1e-9) return null;
        const s = (n * sxy - sx * sy) / den;
        return { s, t: (sy - s * sx) / n };
    }

    // Tag the library's elements with the site they draw.
    function annotate(svg, game) {
        const byName = game._siteByName || (game._siteByName = new Map(
            game.sites().map((s) => [s.name, s.site])));
        for (const t of svg.querySelectorAll("title")) {
            const p = t.parentNode;
            if (p.hasAttribute("data-site")) continue;
            const s = byName.get(t.textContent.trim());
            if (s !== undefined) p.setAttribute("data-site", String(s));
        }
        const cells = svg.querySelector("g.cells");
        if (cells && game.hasBoard) {
            const tiles = Array.from(cells.children);
            if (tiles.length === game.numSites)
                tiles.forEach((t, i) => { if (!t.hasAttribute("data-site")) t.setAttribute("data-site", String(i)); });
        }
    }

    // The fit from site coordinates to root SVG coordinates.
    function fit(svg, game) {
        const sites = game.sites();
        const xs = [], ys = [];
        for (const e of svg.querySelectorAll("[data-site]")) {
            if (e.closest(".mg-overlay")) continue;
            const s = sites[+e.getAttribute("data-site")];
            if (!s) continue;
            const [px, py] = centreInRoot(svg, e);
            xs.push([s.x, px]);
            ys.push([s.y, py]);
        }
        let fx = fitAxis(xs), fy = fitAxis(ys);
        if (!fx || !fy) {
            // No element names its site: map the sites' extent onto the
            // extent of the board's lines (Fangqi's grid).
            let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
            for (const e of svg.querySelectorAll("line")) {
                const bb = e.getBBox();
                const m = svg.getScreenCTM().inverse().multiply(e.getScreenCTM());
                for (const [a, b] of [[bb.x, bb.y], [bb.x + bb.width, bb.y + bb.height]]) {
                    const p = new DOMPoint(a, b).matrixTransform(m);
                    x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x);
                    y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y);
                }
            }
            let sx0 = Infinity, sx1 = -Infinity, sy0 = Infinity, sy1 = -Infinity;
            for (const s of sites) {
                sx0 = Math.min(sx0, s.x); sx1 = Math.max(sx1, s.x);
                sy0 = Math.min(sy0, s.y); sy1 = Math.max(sy1, s.y);
            }
            const sxs = sx1 > sx0 ? (x1 - x0) / (sx1 - sx0) : null;
            const sys = sy1 > sy0 ? (y1 - y0) / (sy1 - sy0) : null;
            const sc = sxs || sys || 40;
            fx = fx || { s: sxs || sc, t: x0 - (sxs || sc) * sx0 };
            fy = fy || { s: sys || sc, t: y0 - (sys || sc) * sy0 };
        }
        // the smallest distance between two sites of a kind, for click radii
        let unit = Infinity;
        const pts = sites.filter((s) => s.kind !== 4);
        for (let i = 0; i < pts.length && i < 400; i++)
            for (let j = i + 1; j < pts.length; j++) {
                const d = Math.hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y);
                if (d > 1e-6 && d < unit) unit = d;
            }
        if (!isFinite(unit)) unit = 1;
        return { sx: fx.s, tx: fx.t, sy: fy.s, ty: fy.t, unit };
    }

    // The board's own extent (without the background and the status), and
    // half a step around every site, where stones will come.
    function cropBox(svg, game, geom) {
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        const hx = Math.abs(geom.sx) * geom.unit * 0.5, hy = Math.abs(geom.sy) * geom.unit * 0.5;
        for (const s of game.sites()) {
            if (s.kind === 3 || s.kind === 4) continue;
            const x = geom.sx * s.x + geom.tx, y = geom.sy * s.y + geom.ty;
            x0 = Math.min(x0, x - hx); x1 = Math.max(x1, x + hx);
            y0 = Math.min(y0, y - hy); y1 = Math.max(y1, y + hy);
        }
        for (const c of svg.children) {
            if (c.tagName === "title" || c.classList.contains("status") ||
                c.classList.contains("mg-overlay")) continue;
            if (c.tagName === "rect" && c.getAttribute("width") === "100%") continue;
            let bb;
            try { bb = c.getBBox(); } catch (e) { continue; }
            if (!bb || (bb.width === 0 && bb.height === 0)) continue;
            const m = svg.getScreenCTM().inverse().multiply(c.getScreenCTM());
            for (const [a, b] of [[bb.x, bb.y], [bb.x + bb.width, bb.y + bb.height]]) {
                const p = new DOMPoint(a, b).matrixTransform(m);
                x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x);
                y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y);
            }
        }
        if (!isFinite(x0)) return null;
        const pad = 8;
        return [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad].map(round3);
    }

    class BoardView {
        /* host: the element to draw in; onSite(site): a click on a site. */
        constructor(host, onSite) {
            this.host = host;
            this.onSite = onSite;
            this.game = null;
            this.geom = null;
            this.svg = null;
            this.targets = [];   // [{site, role}] clickable now
            this.hover = null;
            host.addEventListener("click", (ev) => this._click(ev));
            host.addEventListener("pointermove", (ev) => this._move(ev));
            host.addEventListener("pointerleave", () => this._setHover(null));
        }

        /* Draw the library's SVG `svgText` for `game` with the overlay `ov`:
         *   targets: [{site, role: "play"|"from"|"to"|"remove"|"deselect"}]
         *   open: [site] open cells of the turn; selected: site or -1;
         *   last: [{from, to}] the last turn's actions; ghostFill: colour;
         *   labels: bool; hint: {from, to} or null */
        draw(game, svgText, ov) {
            if (game !== this.game) { this.game = game; this.geom = null; this.crop = null; }
            this.host.innerHTML = svgText;
            const svg = this.host.querySelector("svg");
            this.svg = svg;
            svg.removeAttribute("width");
            svg.removeAttribute("height");
            svg.classList.add("mg-board");
            svg.setAttribute("role", "img");
            annotate(svg, game);
            if (!this.geom) this.geom = fit(svg, game);
            if (!this.crop) this.crop = cropBox(svg, game, this.geom);
            if (this.crop) {
                const [x, y, w, h] = this.crop;
                svg.setAttribute("viewBox", this.crop.join(" "));
                // the background, which covered the old viewBox from 0, 0
                const bg = svg.querySelector(":scope > rect[width='100%']");
                if (bg) {
                    bg.setAttribute("x", x); bg.setAttribute("y", y);
                    bg.setAttribute("width", w); bg.setAttribute("height", h);
                }
                // at most 2.2 times the library's own size: a small board
                // is not blown up to the whole page
                svg.style.maxWidth = Math.round(w * 2.2) + "px";
            }
            svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
            this._overlay(ov);
        }

        toSvg(x, y) {
            const g = this.geom;
            return [round3(g.sx * x + g.tx), round3(g.sy * y + g.ty)];
        }

        _overlay(ov) {
            const svg = this.svg, g = this.geom, game = this.game;
            const sites = game.sites();
            const scale = round3(Math.min(Math.abs(g.sx), Math.abs(g.sy)) * g.unit); // px a step
            this.scale = scale;
            const layer = el("g", { class: "mg-overlay" }, svg);
            const at = (s) => this.toSvg(sites[s].x, sites[s].y);
            this.ov = ov;

            // the last turn
            for (const a of ov.last || []) {
                if (a.from >= 0 && a.to >= 0) {
                    const [x1, y1] = at(a.from), [x2, y2] = at(a.to);
                    el("line", { class: "mg-last-step", x1, y1, x2, y2 }, layer);
                }
                const s = a.to >= 0 ? a.to : a.from;
                if (s < 0) continue;
                const [x, y] = at(s);
                if (sites[s].kind === 3) {
                    const line = svg.querySelector(`line[data-site="${s}"]:not(.mg-ghost)`);
                    if (line) {
                        const c = line.cloneNode(false);
                        c.setAttribute("class", "mg-last-line");
                        line.parentNode.appendChild(c);
                    }
                } else if (a.to < 0) {
                    el("path", { class: "mg-last-removed",
                                 d: cross(x, y, scale * 0.18) }, layer);
                } else {
                    el("circle", { class: "mg-last", cx: x, cy: y, r: round3(scale * 0.12) }, layer);
                }
            }
            // the open cells of the turn
            for (const s of ov.open || []) {
                const [x, y] = at(s);
                el("circle", { class: "mg-open", cx: x, cy: y, r: scale * 0.42,
                               "data-open": String(s) }, layer);
            }
            if (ov.hint) {
                for (const s of [ov.hint.from, ov.hint.to]) {
                    if (s < 0) continue;
                    const [x, y] = at(s);
                    // a line: drawn over in green (a ring around a line
                    // on the board's edge would be cut by the frame)
                    const line = sites[s].kind === 3 &&
                        svg.querySelector(`line[data-site="${s}"]:not(.mg-ghost)`);
                    if (line) {
                        const c = line.cloneNode(false);
                        c.removeAttribute("data-site");
                        c.setAttribute("class", "mg-hint-line");
                        c.setAttribute("data-hint", String(s));
                        line.parentNode.appendChild(c);
                    } else el("circle", { class: "mg-hint", cx: x, cy: y, r: scale * 0.46, "data-hint": String(s) }, layer);
                }
            }
            // selection of a step
            if (ov.selected >= 0) {
                const [x, y] = at(ov.selected);
                el("circle", { class: "mg-selected", cx: x, cy: y, r: scale * 0.45 }, layer);
            }
            // labels
            if (ov.labels) {
                for (const s of sites) {
                    if (s.kind === 3 || s.kind === 4) continue;
                    const [x, y] = at(s.site);
                    const t = el("text", { class: "mg-label", x, y: y + scale * 0.05,
                                           "font-size": Math.max(6, scale * 0.34) }, layer);
                    t.textContent = s.name;
                }
                // Dots and Boxes: the dots carry their names as titles
                for (const c of svg.querySelectorAll("circle")) {
                    const t = c.querySelector("title");
                    if (!t || c.hasAttribute("data-site") || c.closest(".mg-overlay")) continue;
                    const [x, y] = centreInRoot(svg, c);
                    const l = el("text", { class: "mg-label mg-dot-label", x: x + 6, y: y + 14,
                                           "font-size": 11 }, layer);
                    l.textContent = t.textContent;
                }
            }
            // the other sites a click may name: a click there is refused,
            // and the page says why (no mark, no pointer)
            this.spots = ov.spots || [];
            for (const s of this.spots) {
                const [x, y] = at(s);
                const r = scale * (sites[s].kind === 3 ? 0.3 : 0.45);
                el("circle", { class: "mg-spot", cx: x, cy: y, r,
                               "data-site": String(s), "data-name": sites[s].name }, layer);
            }
            // click targets (also what the tests click)
            this.targets = ov.targets || [];
            this.targetBySite = new Map();
            for (const t of this.targets) {
                this.targetBySite.set(t.site, t);
                const [x, y] = at(t.site);
                const r = scale * (sites[t.site].kind === 3 ? 0.3 : 0.45);
                el("circle", { class: "mg-target " + t.role, cx: x, cy: y, r,
                               "data-site": String(t.site), "data-name": sites[t.site].name,
                               "data-role": t.role }, layer);
            }
            this.ghostLayer = el("g", { class: "mg-ghosts" }, layer);
            this.ghostFill = ov.ghostFill || "#888";
            if (this.hover !== null && !this.targetBySite.has(this.hover)) this.hover = null;
            this._drawGhost();
        }

        // The site under a pointer event, among the click targets, or
        // with `spots`, also among the sites where a click is refused.
        _siteAt(ev, spots) {
            if (!this.svg || !(this.targets.length || (spots && this.spots.length))) return null;
            const hit = ev.target.closest &&
                ev.target.closest(spots ? ".mg-target, .mg-spot" : ".mg-target");
            if (hit) return +hit.getAttribute("data-site");
            const m = this.svg.getScreenCTM();
            if (!m) return null;
            const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
            const sites = this.game.sites();
            let best = null, bd = Infinity;
            const near = (site) => {
                const [x, y] = this.toSvg(sites[site].x, sites[site].y);
                const d = Math.hypot(p.x - x, p.y - y);
                if (d < bd) { bd = d; best = site; }
            };
            for (const t of this.targets) near(t.site);
            if (spots) for (const s of this.spots) near(s);
            const kind = best === null ? 0 : sites[best].kind;
            const limit = this.scale * (kind === 3 ? 0.5 : 0.72);
            return bd <= limit ? best : null;
        }

        _click(ev) {
            const s = this._siteAt(ev, true);
            if (s !== null) this.onSite(s);
        }

        _move(ev) {
            if (ev.pointerType && ev.pointerType !== "mouse") return;
            this._setHover(this._siteAt(ev));
        }

        _setHover(s) {
            if (s === this.hover) return;
            this.hover = s;
            this._drawGhost();
        }

        _drawGhost() {
            const layer = this.ghostLayer;
            if (!layer) return;
            while (layer.firstChild) layer.removeChild(layer.firstChild);
            for (const e of this.svg.querySelectorAll(".mg-ghost")) e.remove();
            this.host.style.cursor = this.hover === null ? "" : "pointer";
            if (this.hover === null) return;
            const t = this.targetBySite.get(this.hover);
            if (!t) return;
            const sites = this.game.sites();
            const s = sites[this.hover];
            const [x, y] = this.toSvg(s.x, s.y);
            if (s.kind === 3) {
                const line = this.svg.querySelector(`line[data-site="${s.site}"]`);
                if (line) {
                    const c = line.cloneNode(false);
                    c.setAttribute("class", "mg-ghost");
                    c.setAttribute("stroke", this.ghostFill);
                    c.removeAttribute("stroke-dasharray");
                    line.parentNode.appendChild(c);
                }
            } else if (t.role === "play" || t.role === "to") {
                el("circle", { class: "mg-ghost-stone", cx: x, cy: y, r: this.scale * 0.36,
                               fill: this.ghostFill }, layer);
            } else {
                el("circle", { class: "mg-ghost-ring " + t.role, cx: x, cy: y,
                               r: this.scale * 0.44 }, layer);
            }
        }
    }

    // 3 decimals: the same picture for the same position, whatever the fit's
    // last bits.
    function round3(v) { return Math.round(v * 1000) / 1000; }

    function cross(x, y, r) {
        return `M${x - r},${y - r}L${x + r},${y + r}M${x - r},${y + r}L${x + r},${y - r}`;
    }

    root.BoardView = BoardView;
})(window);
