// The table inside Discord. State in, moves out: the server sends this viewer
// a scene (only what its seat may see, in its language) and the client draws
// it, lets the player point at cards to put a legal action together, and
// sends that action. No rules and no words live here.
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { render } from "./table.js";

const root = document.getElementById("table");
const clientId = document.body.dataset.clientId;
const SESSION_KEY = "table-session";

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

async function signIn() {
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const stored = store.get(SESSION_KEY);
  if (stored) return stored;
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
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.error || "session");
  store.set(SESSION_KEY, body.session);
  return body.session;
}

function connect(session) {
  const url = new URL("api/ws", location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  let ws;
  let state = null;
  let next = 1;
  let retry = 250;
  const table = { send, state: () => state };

  function send(action) {
    if (!ws || ws.readyState !== WebSocket.OPEN || !state) return;
    ws.send(JSON.stringify({ type: "act", id: next++, version: state.version, action }));
    root.setAttribute("aria-busy", "true");
  }

  function open() {
    ws = new WebSocket(url);
    ws.onopen = () => {
      retry = 250;
      ws.send(JSON.stringify({ type: "hello", session, game: state ? state.game : undefined }));
    };
    ws.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      window.__frames && window.__frames.push(frame);
      if (frame.type === "state") {
        state = frame;
        root.setAttribute("aria-busy", "false");
        render(root, frame, table);
        root.dataset.version = `${frame.game}:${frame.version}`;
        // Milliseconds from this page's navigation to its first table drawn: the cold load.
        root.dataset.drawnAt ??= String(Math.round(performance.now()));
      } else if (frame.type === "refused") {
        root.setAttribute("aria-busy", "false");
        if (frame.id === undefined) {
          store.drop(SESSION_KEY);
          render(root, null, table, frame.text);
          ws.onclose = null;
        } else {
          render(root, state, table, frame.text);
        }
      } else if (frame.type === "done") {
        root.setAttribute("aria-busy", "false");
      }
    };
    ws.onclose = () => {
      if (state) render(root, state, table, state.scene.ui.reconnecting);
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }
  open();
}

signIn().then(connect, (error) => {
  root.setAttribute("aria-busy", "false");
  const p = document.createElement("p");
  p.className = "notice";
  p.setAttribute("role", "alert");
  p.textContent = String(error.message || error);
  root.replaceChildren(p);
});
