// The table inside Discord. State in, moves out: the server sends this viewer
// a frame (only what its seat may see, in its language) and the client draws
// it: the launcher, the lobby or the table. No rules and no words live here.
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { launcher, lobby } from "./lobby.js";
import { TableView } from "./table.js";

const root = document.getElementById("table");
const live = document.getElementById("live");
const body = document.body;
const clientId = body.dataset.clientId;
const SESSION_KEY = "table-session";
// How long Discord's frame has to answer the SDK before the page says where it is.
const HANDSHAKE_MS = 8000;

// The session outlives a dropped connection (a restarted bot); kept in the
// tab's storage where the browser allows a framed page one, else in memory.
const memory = {};
const store = {
  get(key) {
    try { return sessionStorage.getItem(key); } catch { return memory[key] ?? null; }
  },
  set(key, value) {
    try { sessionStorage.setItem(key, value); } catch { memory[key] = value; }
  },
  drop(key) {
    try { sessionStorage.removeItem(key); } catch { delete memory[key]; }
  },
};

// The art (bot/web/art.py): one sprite of symbols and patterns, put in the page once.
async function loadArt() {
  const answer = await fetch(body.dataset.art);
  const parsed = new DOMParser().parseFromString(await answer.text(), "image/svg+xml");
  body.prepend(document.importNode(parsed.documentElement, true));
}

function timeout(ms) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(body.dataset.outside)), ms));
}

async function signIn() {
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await Promise.race([sdk.ready(), timeout(HANDSHAKE_MS)]);
  const stored = store.get(SESSION_KEY);
  if (stored) return JSON.parse(stored);
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch(new URL("api/session", location.href), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  const reply = await answer.json();
  if (!answer.ok) throw new Error(reply.error || "session");
  store.set(SESSION_KEY, JSON.stringify(reply));
  return reply;
}

class App {
  constructor() {
    this.root = root;
    this.table = new TableView(this);
    this.frame = null;
    this.ws = null;
    this.next = 1;
    this.said = null;
  }

  // The one live region: a short line, what just happened and whose move it is.
  say(text, refusal = false) {
    if (!text) return;
    live.classList.toggle("refusal", refusal);
    if (live.textContent !== text) live.textContent = text;
  }

  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.ws.send(JSON.stringify({ ...frame, id: this.next++ }));
    root.setAttribute("aria-busy", "true");
  }

  show(frame) {
    this.frame = frame;
    const scene = frame.scene;
    // Set only when it changes: setting it, even to the same value, makes the
    // browser restyle and repaint the whole page (every node's language may
    // have changed), once a frame.
    if (scene.lang && document.documentElement.lang !== scene.lang) document.documentElement.lang = scene.lang;
    root.setAttribute("aria-busy", "false");
    if (scene.kind === "launcher") {
      launcher(this, frame);
      this.say(scene.live);
    } else if (scene.kind === "lobby") {
      lobby(this, frame);
      this.say(scene.live);
    } else {
      this.table.update(frame);
    }
    // Milliseconds from this page's navigation to its first table drawn: the cold load.
    root.dataset.drawnAt ??= String(Math.round(performance.now()));
  }

  connect(session) {
    const url = new URL("api/ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    let retry = 250;
    const open = () => {
      const ws = new WebSocket(url);
      this.ws = ws;
      ws.onopen = () => {
        retry = 250;
        const game = this.frame && this.frame.game ? this.frame.game : undefined;
        ws.send(JSON.stringify({ type: "hello", session: session.session, game }));
      };
      ws.onmessage = (event) => {
        const frame = JSON.parse(event.data);
        window.__frames && window.__frames.push(frame);
        if (frame.type === "state") {
          this.show(frame);
        } else if (frame.type === "refused" && !("id" in frame)) {
          store.drop(SESSION_KEY);
          root.setAttribute("aria-busy", "false");
          root.replaceChildren();
          this.say(frame.text, true);
          ws.onclose = null;
        } else if (frame.type === "refused") {
          root.setAttribute("aria-busy", "false");
          this.table.refused();
          this.say(frame.text, true);
        } else if (frame.type === "done") {
          root.setAttribute("aria-busy", "false");
        }
      };
      ws.onclose = () => {
        if (this.frame) this.say(this.frame.scene.ui.reconnecting);
        setTimeout(open, retry);
        retry = Math.min(retry * 2, 4000);
      };
    };
    open();
  }
}

const art = loadArt().catch(() => null);
signIn()
  .then(async (session) => {
    if (session.locale) document.documentElement.lang = session.locale;
    await art;
    new App().connect(session);
  })
  .catch((error) => {
    root.setAttribute("aria-busy", "false");
    live.classList.add("refusal");
    live.textContent = String(error.message || error);
  });
