"""The live table: one websocket per viewer, pushed a frame whenever their
game changes, and the actions they take.

A viewer says who they are with a signed session (`auth.Sessions`) in its
first frame. From then on it is sent frames made for it alone: the public
view, and the player view and legal actions of the seat its user holds (none
for a spectator), with the scene drawn from them in its language. It can only
ever see the games of the channel its session was issued for.

Frames, server to client:
    {"type": "state", "game", "status", "version", "seat", "view", "you", "scene"}
    {"type": "done", "id"}                     an action was stored
    {"type": "refused", "id"?, "text"}         an action or the session was refused
Client to server:
    {"type": "hello", "session", "game"?}      once, first
    {"type": "act", "id", "version", "action"} an action in its JSON form (seat ignored)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from bot.i18n import join_or, locale_of, t, use_locale
from bot.live.live import Live
from bot.live.refusals import REFUSALS, ServiceError, slash
from bot.plugin.registry import presentation, presentations
from bot.storage import GameRow, GameStatus
from bot.web.auth import Refused, Session, Sessions
from bot.web.door import Door, Seen, as_json
from bot.web.scene import scene_of

log = logging.getLogger(__name__)

#: Seconds between looks at a lobby someone watches (a lobby's joins are not
#: reported by the service; a started game is).
LOBBY_POLL = 2.0


@dataclass(eq=False)
class Viewer:
    ws: web.WebSocketResponse
    session: Session
    game: int
    version: int | None = None  # the version of the last frame sent
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    lobby: tuple[Any, ...] | None = None  # what the lobby looked like when last sent

    @property
    def locale(self) -> str:
        return locale_of(self.session.locale)


class Hub:
    def __init__(self, door: Door, sessions: Sessions) -> None:
        self.door = door
        self.sessions = sessions
        self._by_channel: dict[int, set[Viewer]] = {}
        door.subscribe(self.changed)

    def changed(self, live: Live) -> None:
        """The service's listener: every viewer of that channel gets a new frame."""
        for viewer in self._by_channel.get(live.row.channel_id, ()):
            if live.id >= viewer.game:  # a newer game in the channel (Play again) takes over
                viewer.game = live.id
                viewer.dirty.set()

    async def close(self) -> None:
        for viewers in list(self._by_channel.values()):
            for viewer in list(viewers):
                await viewer.ws.close()

    # --- one connection -----------------------------------------------------------

    async def serve(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=64 * 1024)
        await ws.prepare(request)
        viewer = await self._hello(ws)
        if viewer is None:
            await ws.close()
            return ws
        channel = self._by_channel.setdefault(viewer.session.channel_id, set())
        channel.add(viewer)
        sender = asyncio.create_task(self._send_frames(viewer), name="activity-frames")
        try:
            viewer.dirty.set()
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                await self._receive(viewer, message.data)
        finally:
            channel.discard(viewer)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
        return ws

    async def _hello(self, ws: web.WebSocketResponse) -> Viewer | None:
        """The first frame names the session, and maybe a game of its channel."""
        try:
            message = await ws.receive(timeout=10.0)
            data = json.loads(message.data) if message.type == WSMsgType.TEXT else {}
            if not isinstance(data, dict) or data.get("type") != "hello":
                raise Refused("hello")
            session = self.sessions.check(data.get("session"))
        except (TimeoutError, Refused, ValueError, TypeError):
            await _send(ws, {"type": "refused", "text": t("activity.refused.session")})
            return None
        asked = data.get("game")
        game_id = asked if isinstance(asked, int) and not isinstance(asked, bool) else None
        with use_locale(locale_of(session.locale)):
            row = await self.door.game_in(session.channel_id, game_id)
            if row is None:  # another channel's game, or none: nothing is said of it
                starts = join_or([slash(game, "new") for game in presentations()])
                await _send(ws, {"type": "refused", "text": t("activity.no_game", commands=starts)})
                return None
        viewer = Viewer(ws, session, row.id)
        if row.status == GameStatus.RUNNING:
            await self.door.back(row.id, session.user_id)
        return viewer

    async def _send_frames(self, viewer: Viewer) -> None:
        """Sends the viewer its latest frame whenever its game changed; a
        lobby is looked at now and then until it starts."""
        while not viewer.ws.closed:
            try:
                await asyncio.wait_for(viewer.dirty.wait(), timeout=LOBBY_POLL)
            except TimeoutError:
                if viewer.lobby is None:
                    continue
            viewer.dirty.clear()
            try:
                frame = await self.frame(viewer)
            except Exception:
                log.exception("activity frame for game %s failed", viewer.game)
                continue
            if frame is not None:
                await _send(viewer.ws, frame)

    async def frame(self, viewer: Viewer) -> dict[str, Any] | None:
        """The viewer's frame now, or None if nothing it would show changed."""
        row: GameRow | None = None
        live = self.door.kept(viewer.game)
        if live is None:
            row = await self.door.game_in(viewer.session.channel_id, viewer.game)
            if row is None:
                return None
        user = viewer.session.user_id
        if live is not None:
            seen = self.door.of(live, user, viewer.version)
        else:
            assert row is not None
            seen = await self.door.seen(row, user, viewer.version)
        if seen.public is None:  # a lobby
            look = (seen.status, tuple(seen.names))
            if look == viewer.lobby:
                return None
            viewer.lobby = look if seen.status == GameStatus.LOBBY.value else None
        else:
            viewer.lobby = None
        viewer.version = seen.version if seen.public is not None else None
        with use_locale(viewer.locale):
            return frame_of(seen)

    async def _receive(self, viewer: Viewer, text: str) -> None:
        try:
            data = json.loads(text)
        except ValueError:
            return
        if not isinstance(data, dict) or data.get("type") != "act":
            return
        ident, action, version = data.get("id"), data.get("action"), data.get("version")
        if not isinstance(action, dict) or not isinstance(version, int):
            return
        try:
            await self.door.act(viewer.game, viewer.session.user_id, action, version)
        except ServiceError as error:
            with use_locale(viewer.locale):
                text = refusal(error)
            await _send(viewer.ws, {"type": "refused", "id": ident, "text": text})
            return
        except Exception:  # as with a button: logged, and the player told, never silence
            log.exception("activity action in game %s failed", viewer.game)
            with use_locale(viewer.locale):
                text = t("error.internal")
            await _send(viewer.ws, {"type": "refused", "id": ident, "text": text})
            return
        await _send(viewer.ws, {"type": "done", "id": ident})


def frame_of(seen: Seen) -> dict[str, Any]:
    """A frame from what one viewer may see: nothing else goes in."""
    return {
        "type": "state",
        "game": seen.game,
        "status": seen.status,
        "version": seen.version,
        "seat": seen.seat,
        "view": None if seen.public is None else as_json(seen.public),
        "you": None if seen.mine is None else as_json(seen.mine),
        "scene": scene_of(seen),
    }


def refusal(error: ServiceError) -> str:
    """A refusal in the viewer's words, as the buttons would say it."""
    if error.game is not None:
        key, params = presentation(error.game).refusal(error.code, error.params)
        return t(key, **params)
    return t(REFUSALS[error.code], **dict(error.params))


async def _send(ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
    if ws.closed:
        return
    with contextlib.suppress(ConnectionError, RuntimeError):
        await ws.send_str(json.dumps(frame, separators=(",", ":"), ensure_ascii=False))
