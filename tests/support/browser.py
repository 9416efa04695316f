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

#: Debian's Chromium headless shell (`make chromium`): the browser without its
#: window's layers, as Playwright's own headless runs use; a third less CPU a
#: browser test than the whole browser run headless. The whole browser where
#: only it is installed.
CHROMIUM = (Path("/usr/lib/chromium/chromium-headless-shell"), Path("/usr/bin/chromium"))
#: The checks run inside the Activity's frame.
JS = Path(__file__).with_name("js")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    # Without a GPU the compositor's frames are drawn in the browser's own
    # process rather than a GPU process beside it, and text is smoothed in
    # grey, not for an LCD's subpixels: a browser test's CPU 6-9 % less
    # (the two Mamma Mia! games at three tables: 28.5-30.0 -> 26.5-27.3 s
    # and 32.7-35.3 -> 30.8-32.3 s), the same pages.
    "--in-process-gpu",
    "--disable-lcd-text",
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
    found = next((str(path) for path in CHROMIUM if path.exists()), shutil.which("chromium"))
    assert found, "Chromium is missing: `make test` installs it (make chromium)"
    return found


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
        self.failed: list[str] = []  # every answer of 400 or more, every script error
        page.on("websocket", self._watch)
        page.on("response", self._answered)
        page.on("pageerror", lambda error: self.failed.append(f"script error: {error}"))

    def _answered(self, response: Any) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def _watch(self, ws: Any) -> None:
        def received(payload: str | bytes) -> None:
            if isinstance(payload, str):
                self.frames.append(json.loads(payload))

        ws.on("framereceived", received)

    def state(self) -> dict[str, Any]:
        """The latest state frame the table received."""
        return next(f for f in reversed(self.frames) if f.get("type") == "state")

    async def showing(self, kind: str, timeout: float = 10_000) -> None:
        """Wait until the page shows the launcher, a lobby or the table."""
        await self.table.wait_for_selector(
            f'#table[data-kind="{kind}"]', timeout=timeout, state="attached"
        )

    @property
    def table(self) -> Frame:
        frame = self.page.frame(url=lambda url: url.startswith("http://127.0.0.1"))
        assert frame is not None
        return frame

    async def at(self, game: int, version: int, timeout: float = 10_000) -> None:
        """Wait until the table shows this version of the game, or a later one
        (a computer may move before the page draws the version asked for),
        with its dock: not held while the reveal's cards are still turned."""
        await self.table.wait_for_function(
            """([game, version]) => {
                const table = document.getElementById("table");
                const [g, v] = (table?.dataset.version || "").split(":");
                const ready = g === String(game) && Number(v) >= version;
                return ready && table.dataset.held !== "true";
            }""",
            arg=[game, version],
            timeout=timeout,
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
    motion: bool = False,
) -> Seat:
    """`user` opens the Activity in `channel`, as Discord's client would show it;
    without `motion` the browser asks for reduced motion (as a player may),
    so nothing travels and a click never waits for a card to land."""
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
    context = await browser.new_context(
        viewport={"width": width, "height": height},
        locale=locale,
        reduced_motion="no-preference" if motion else "reduce",
    )
    page = await context.new_page()
    seat = Seat(page)
    await page.goto("data:text/html;charset=utf-8," + quote(page_html))
    return seat


#: Finds what on the table is drawn over something else, cut off at the
#: edge, overflowing its box, too small to touch, or without a name for a
#: screen reader (run inside the Activity's frame).
LAYOUT_PROBLEMS = (JS / "layout_problems.js").read_text()


async def layout_problems(seat: Seat) -> list[str]:
    problems: list[str] = await seat.table.evaluate(LAYOUT_PROBLEMS)
    return problems + await reveal_over(seat)


#: What the reveal's strip lies over that it must not: a seat, the player's
#: own place, what confirms (run inside the Activity's frame).
REVEAL_OVER = (JS / "reveal_over.js").read_text()


async def reveal_over(seat: Seat) -> list[str]:
    found: list[str] = await seat.table.evaluate(REVEAL_OVER)
    return found


#: What of `selectors` is not on the first screen: outside the viewport
#: while the page is scrolled to its top (run inside the Activity's frame).
OFF_SCREEN = (JS / "off_screen.js").read_text()


async def resize(seat: Seat, width: int, height: int) -> None:
    """The page at another size (a phone turned, a window resized), once redrawn."""
    await seat.page.set_viewport_size({"width": width, "height": height})
    await seat.table.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)


async def off_screen(seat: Seat, selectors: list[str]) -> list[str]:
    found: list[str] = await seat.table.evaluate(OFF_SCREEN, selectors)
    return found


#: The page's live regions (what a screen reader announces by itself) and its language.
READER = (JS / "reader.js").read_text()


async def reader(seat: Seat) -> dict[str, Any]:
    found: dict[str, Any] = await seat.table.evaluate(READER)
    return found
