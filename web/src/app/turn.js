/* app/turn.js - "your move" at an online table: while it is this page's
 * seat's move, the document's title starts with "(•) Your move - " and
 * the favicon (drawn on a canvas) gets a red dot; when the opponent's
 * move makes it this seat's turn, an optional sound (off by default: the
 * "sound" box, remembered in localStorage) and an optional notification
 * (only once the player ticks "notify me", which then asks the browser's
 * permission; only while the page is hidden).  A permission refused, or
 * a browser without notifications, unticks the box and says so: the game
 * goes on, the title and the icon still tell. */
import { $, app } from "./state.js";

const MARK = "(•) Your move - ";
const SOUND_KEY = "mg-turn-sound";
const NOTIFY_KEY = "mg-turn-notify";
let baseTitle = "";
let plainIcon = "";
let markIcon = "";
let was = null;   // it was this seat's move at the last update (null: not yet known)
let audio = null;

function stored(key) { try { return localStorage.getItem(key) === "1"; } catch (e) { return false; } }
function store(key, on) { try { localStorage.setItem(key, on ? "1" : "0"); } catch (e) { /* private mode */ } }
const permission = () => ("Notification" in window ? Notification.permission : "unsupported");

// The icon with a red dot (the mark), drawn once.
function drawMark() {
    const c = document.createElement("canvas");
    c.width = c.height = 32;
    const g = c.getContext("2d");
    if (!g) return "";
    g.fillStyle = "#1f6feb";
    g.beginPath(); g.arc(14, 18, 11, 0, 2 * Math.PI); g.fill();
    g.fillStyle = "#fff";
    g.beginPath(); g.arc(14, 18, 5, 0, 2 * Math.PI); g.fill();
    g.fillStyle = "#d93025";
    g.strokeStyle = "#fff";
    g.lineWidth = 2;
    g.beginPath(); g.arc(24, 8, 7, 0, 2 * Math.PI); g.fill(); g.stroke();
    return c.toDataURL("image/png");
}

function setIcon(href) {
    let link = document.querySelector("link[rel='icon']");
    if (!link) { link = document.createElement("link"); link.rel = "icon"; document.head.appendChild(link); }
    if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

function note(text) {
    const n = $("turn-note");
    n.textContent = text;
    n.hidden = !text;
}

function beep() {
    try {
        if (!audio) audio = new (window.AudioContext || window.webkitAudioContext)();
        const o = audio.createOscillator(), v = audio.createGain();
        o.frequency.value = 880;
        v.gain.setValueAtTime(0.15, audio.currentTime);
        v.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
        o.connect(v).connect(audio.destination);
        o.start();
        o.stop(audio.currentTime + 0.25);
    } catch (e) { /* no sound here: the title and the icon tell */ }
}

function notify() {
    if (!$("turn-notify").checked || permission() !== "granted" || !document.hidden) return;
    try {
        const n = new Notification("Your move", {
            body: `${baseTitle} — table ${app.online.id}`, tag: "mg-turn-" + app.online.id, icon: markIcon || undefined,
        });
        n.onclick = () => { window.focus(); n.close(); };
    } catch (e) { /* a browser that shows them only from a service worker */ }
}

// Is it this page's seat's move at its table?
export function myMove() {
    const t = app.online, s = t && t.snap;
    return !!s && t.seat !== null && s.status === "playing" && s.to_move === t.seat;
}

// After every change: the title, the icon, and the sound and the
// notification when the turn has just come to this seat.
export function updateTurn() {
    if (!baseTitle) return;
    const mine = myMove();
    const seated = !!app.online && app.online.seat !== null && !!app.online.snap &&
                   (app.online.snap.status === "playing" || app.online.snap.status === "waiting");
    $("turn-alerts").hidden = !seated;
    const title = mine ? MARK + baseTitle : baseTitle;
    if (document.title !== title) document.title = title;
    if (mine && !markIcon) markIcon = drawMark();
    setIcon(mine && markIcon ? markIcon : plainIcon);
    document.body.dataset.yourMove = String(mine);
    if (mine && was === false) {
        if ($("turn-sound").checked) beep();
        notify();
    }
    was = app.online && app.online.snap ? mine : null;
}

export function initTurn() {
    baseTitle = document.title;
    const link = document.querySelector("link[rel='icon']");
    plainIcon = link ? link.getAttribute("href") : "data:,";
    const sound = $("turn-sound"), box = $("turn-notify");
    sound.checked = stored(SOUND_KEY);
    sound.addEventListener("change", () => { store(SOUND_KEY, sound.checked); if (sound.checked) beep(); });
    // ticked only when asked for before and still allowed
    box.checked = stored(NOTIFY_KEY) && permission() === "granted";
    box.addEventListener("change", async () => {
        note("");
        if (!box.checked) { store(NOTIFY_KEY, false); return; }
        let p = permission();
        if (p === "unsupported") {
            box.checked = false;
            note("This browser has no notifications: the tab's title and icon show your move.");
            return;
        }
        if (p === "default") {
            try { p = await Notification.requestPermission(); } catch (e) { p = "denied"; }
        }
        if (p !== "granted") {
            box.checked = false;
            store(NOTIFY_KEY, false);
            note("Notifications are blocked for this site: the tab's title and icon still show your move.");
            return;
        }
        store(NOTIFY_KEY, true);
        note("You will be notified of your move while this page is hidden.");
    });
    document.addEventListener("visibilitychange", () => updateTurn());
}
