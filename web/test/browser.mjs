// browser.mjs - the headless Chromium every browser test runs, and the
// mg-server the online ones play against.  Chromium (Debian's
// chromium through playwright-core): CHROMIUM (/usr/bin/chromium), no
// sandbox, GPU, QUIC or background traffic.  headless: true passes
// --headless; launch() gives the browser a fresh, empty --user-data-dir
// of its own, removed at close.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

export function launchChromium() {
    return chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
}

// An mg-server of the test's own on a free loopback port (its database in
// a temporary folder, the page from `web`, `args` added), started when
// /healthz answers: { url, stop() }; stop() sends SIGTERM (SIGKILL after
// 5 s) and removes the folder.  The server's output is kept for the error
// when it does not start.

function freePort() {
    return new Promise((resolve, reject) => {
        const s = net.createServer();
        s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); });
        s.on("error", reject);
    });
}

export async function startServer(server, web, name, args = []) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), name));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let log = "";
    const proc = spawn(server, ["--listen", `127.0.0.1:${port}`, "--db", path.join(tmp, "test.db"),
                                "--web-dir", web, ...args],
                       { stdio: ["ignore", "pipe", "pipe"] });
    proc.stdout.on("data", (d) => { log += d; });
    proc.stderr.on("data", (d) => { log += d; });
    const stop = async () => {
        if (proc.exitCode === null) {
            proc.kill("SIGTERM");
            await new Promise((r) => { const t = setTimeout(() => { proc.kill("SIGKILL"); r(); }, 5000); proc.on("exit", () => { clearTimeout(t); r(); }); });
        }
        fs.rmSync(tmp, { recursive: true, force: true });
    };
    for (let i = 0; ; i++) {
        try { const r = await fetch(url + "/healthz"); if (r.ok) break; } catch (e) { /* not yet */ }
        if (i > 100 || proc.exitCode !== null) { await stop(); throw new Error("mg-server did not start:\n" + log); }
        await new Promise((r) => setTimeout(r, 100));
    }
    return { url, stop };
}
