// browser.mjs - the headless Chromium every browser test runs (Debian's
// chromium through playwright-core): CHROMIUM (/usr/bin/chromium), no
// sandbox, GPU, QUIC or background traffic.  headless: true passes
// --headless; launch() gives the browser a fresh, empty --user-data-dir
// of its own, removed at close.
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
