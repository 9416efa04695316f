"""A real browser at the table: Debian's Chromium (`make chromium`) driven by
playwright, with the page around the Activity playing Discord's part of the
Embedded App SDK's handshake (READY, and AUTHORIZE answered with a code the
loopback Discord issued for the user). The sign-in itself goes through the
bot's real server: the code is exchanged and the user and channel checked."""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from playwright.async_api import Browser, Frame, Page, async_playwright

from bot.app.client import GameBot

from fakediscord.models import FakeChannel, FakeUser
from fakediscord.server import FakeDiscord
from viewers import base

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # The page standing in for Discord's frame is a data: URL (an opaque origin,
    # which the SDK accepts); the Activity it frames is on 127.0.0.1.
    "--disable-features=BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,"
    "PrivateNetworkAccessRespectPreflightResults,LocalNetworkAccessChecks",
]

#: Discord's frame around the Activity, as far as the SDK needs it.
HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0"><iframe id="app" title="Activity" src="__SRC__"
 style="border:0;width:100vw;height:100vh;display:block"></iframe>
<script>
const CODE = __CODE__;
const app = document.getElementById("app");
window.addEventListener("message", (event) => {
  if (event.source !== app.contentWindow || !Array.isArray(event.data)) return;
  const [op, data] = event.data;
  const reply = (payload) => app.contentWindow.postMessage([1, payload], "*");
  if (op === 0) {
    const config = { api_endpoint: "//discord.com/api", environment: "test" };
    reply({ cmd: "DISPATCH", evt: "READY", nonce: null, data: { v: 1, config } });
  } else if (op === 1 && data.cmd === "AUTHORIZE") {
    reply({ cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: { code: CODE } });
  } else if (op === 1) {
    reply({ cmd: data.cmd, evt: null, nonce: data.nonce, data: null });
  }
});
</script></body></html>"""


def chromium_path() -> str:
    if not CHROMIUM.exists():
        found = shutil.which("chromium")
        assert found, "Chromium is missing: `make test` installs it (make chromium)"
        return found
    return str(CHROMIUM)


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=FLAGS
        )
        try:
            yield browser
        finally:
            await browser.close()


class Seat:
    """One user's Discord window with the Activity open in it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.frames: list[dict[str, Any]] = []  # every websocket frame the table received
        page.on("websocket", self._watch)

    def _watch(self, ws: Any) -> None:
        def received(payload: str | bytes) -> None:
            if isinstance(payload, str):
                self.frames.append(json.loads(payload))

        ws.on("framereceived", received)

    @property
    def table(self) -> Frame:
        frame = self.page.frame(url=lambda url: url.startswith("http://127.0.0.1"))
        assert frame is not None
        return frame

    async def at(self, game: int, version: int, timeout: float = 10_000) -> None:
        """Wait until the table shows this version of the game."""
        await self.table.wait_for_selector(
            f'#table[data-version="{game}:{version}"]', timeout=timeout, state="attached"
        )


async def open_table(
    browser: Browser,
    server: FakeDiscord,
    bot: GameBot,
    user: FakeUser,
    channel: FakeChannel | None = None,
    width: int = 1280,
    height: int = 900,
    locale: str = "en-US",
) -> Seat:
    """`user` opens the Activity in `channel`, as Discord's client would show it."""
    instance = server.launch(user, channel)
    where = channel or server.channel
    query = urlencode(
        {
            "frame_id": f"frame-{user.id}",
            "instance_id": instance,
            "platform": "desktop",
            "guild_id": where.guild_id,
            "channel_id": where.id,
        }
    )
    page_html = HOST_PAGE.replace("__SRC__", f"{base(bot)}/?{query}").replace(
        "__CODE__", json.dumps(server.authorize(user))
    )
    context = await browser.new_context(viewport={"width": width, "height": height}, locale=locale)
    page = await context.new_page()
    seat = Seat(page)
    await page.goto("data:text/html;charset=utf-8," + quote(page_html))
    return seat


#: Finds what on the table is drawn over something else, cut off at the
#: edge, overflowing its box, or without a name for a screen reader (run
#: inside the Activity's frame).
LAYOUT_PROBLEMS = """() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const named = (e) => `${e.className} ${e.textContent.slice(0, 40)}`;
  const texts = "#table h1, #table h2, #table p, #table li, .card, .action";
  for (const e of [...document.querySelectorAll(texts)].filter(shown)) {
    const r = e.getBoundingClientRect();
    if (r.left < -1 || r.right > width + 1) problems.push(`clipped: ${named(e)}`);
    if (e.scrollWidth > e.clientWidth + 1) problems.push(`overflows: ${named(e)}`);
  }
  // Every control and card says what it is to a screen reader.
  for (const e of document.querySelectorAll("#table button, #table [role=img]")) {
    const name = (e.getAttribute("aria-label") || e.textContent || "").trim();
    if (!name) problems.push(`unnamed: ${e.outerHTML.slice(0, 60)}`);
  }
  const boxes = [...document.querySelectorAll(".card, .action, #table h1, #table h2")]
    .filter(shown);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (boxes[i].contains(boxes[j]) || boxes[j].contains(boxes[i])) continue;
      const a = boxes[i].getBoundingClientRect();
      const b = boxes[j].getBoundingClientRect();
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) problems.push(`overlap: ${named(boxes[i])} / ${named(boxes[j])}`);
    }
  }
  return problems;
}"""


async def layout_problems(seat: Seat) -> list[str]:
    problems: list[str] = await seat.table.evaluate(LAYOUT_PROBLEMS)
    return problems
