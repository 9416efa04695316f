"""The live table: one websocket per viewer, pushed a frame whenever what
they see changes, and the moves and lobby clicks they make.

A viewer says who they are with a signed session (`auth.Sessions`) in its
first frame. From then on it is sent frames made for it alone: the channel's
launcher (no game there: choose one), its lobby, or its game: the public
view, and the player view and legal actions of the seat its user holds (none
for a spectator), with the scene drawn from them in its language. It can only
ever see the games of the channel its session was issued for.

Frames, server to client:
    {"type": "state", "game", "status", "version", "seat", "view", "you", "scene"}
        status: none (the launcher), lobby, running, finished, cancelled
    {"type": "done", "id"}                     an action or lobby click was stored
    {"type": "refused", "id", "text"}          it was refused (id null: the frame was unreadable)
    {"type": "refused", "text"}                the session was refused: sign in again
Client to server:
    {"type": "hello", "session", "game"?}      once, first
    {"type": "act", "id", "version", "action"} an action in its JSON form (seat ignored)
    {"type": "lobby", "id", "verb", ...}       open (game, options), join, leave,
                                               addbot (level), rmbot, start, cancel,
                                               again, browse

Whatever a client sends is read by `frames.parse`: a malformed frame is
answered and the socket kept; only a bad hello closes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from aiohttp import WSMsgType, web

from bot.i18n import join_or, locale_of, t, use_locale
from bot.live.live import Live
from bot.live.refusals import REFUSALS, ServiceError, slash
from bot.plugin.registry import presentation, presentations
from bot.storage import GameRow, GameStatus, Seat
from bot.web import frames
from bot.web.auth import Refused, Session, Sessions
from bot.web.avatars import Avatars
from bot.web.door import Door, Seen, as_json
from bot.web.lobby import Person, after_game, chosen_options, launcher_scene, lobby_scene
from bot.web.scene import scene_of

log = logging.getLogger(__name__)

#: Seconds between looks at a channel whose viewer sees no running game (a
#: lobby's joins, a new lobby opened with a command, Play again by button
#: are not reported by the service; a started game's moves are).
LOBBY_POLL = 1.0
#: How long after its end a game's ranking is what a new viewer sees, rather
#: than the launcher.
RECENT = timedelta(minutes=30)
#: Frames a client may send: an action's JSON is small.
MAX_FRAME = 64 * 1024
LOBBY_VERBS = frozenset({"join", "leave", "addbot", "rmbot", "start", "cancel"})


@dataclass(eq=False)
class Viewer:
    ws: web.WebSocketResponse
    session: Session
    game: int | None  # None: the launcher
    version: int | None = None  # the version of the last frame sent
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    look: str | None = None  # the last frame of a lobby or launcher, to send no repeat
    browsing: bool = False  # chose to see the launcher after a game ended
    mode: str = "launcher"  # launcher, lobby, game (running) or ended

    @property
    def locale(self) -> str:
        return locale_of(self.session.locale)

    @property
    def polled(self) -> bool:
        """Whether this viewer's view changes without the service saying so:
        a lobby's joins, a new lobby opened by command, Play again by button."""
        return self.mode != "game"


class Hub:
    def __init__(self, door: Door, sessions: Sessions, avatars: Avatars) -> None:
        self.door = door
        self.sessions = sessions
        self.avatars = avatars
        self._by_channel: dict[int, set[Viewer]] = {}
        door.subscribe(self.changed)

    def changed(self, live: Live) -> None:
        """The service's listener: every viewer of that channel gets a new frame."""
        for viewer in self._by_channel.get(live.row.channel_id, ()):
            if viewer.game is None or live.id >= viewer.game:  # a newer game takes over
                if live.id != viewer.game:
                    self._show(viewer, live.id)
                viewer.browsing = False
                viewer.dirty.set()

    def touch(self, channel_id: int) -> None:
        """Something every viewer of the channel sees changed (a lobby, who is here)."""
        for viewer in self._by_channel.get(channel_id, ()):
            viewer.dirty.set()

    def people(self, channel_id: int) -> list[Person]:
        """Everyone with the table open in this channel, once each, in order of arrival."""
        found: dict[int, Person] = {}
        for viewer in self._by_channel.get(channel_id, ()):
            s = viewer.session
            found.setdefault(s.user_id, Person(s.user_id, s.name, self._avatar_url(s)))
        return list(found.values())

    def _avatar_url(self, session: Session) -> str | None:
        if session.avatar is None:
            return None
        return f"api/avatar/{session.user_id}/{session.avatar}.png"

    async def close(self) -> None:
        for viewers in list(self._by_channel.values()):
            for viewer in list(viewers):
                await viewer.ws.close()

    # --- one connection -----------------------------------------------------------

    async def serve(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_FRAME)
        await ws.prepare(request)
        viewer = await self._hello(ws)
        if viewer is None:
            await ws.close()
            return ws
        channel_id = viewer.session.channel_id
        channel = self._by_channel.setdefault(channel_id, set())
        channel.add(viewer)
        self.touch(channel_id)  # the others see one more at the table
        sender = asyncio.create_task(self._send_frames(viewer), name="activity-frames")
        try:
            viewer.dirty.set()
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    await self._receive(viewer, message.data)
                elif message.type == WSMsgType.BINARY:
                    await self._malformed(viewer, None)
        finally:
            channel.discard(viewer)
            self.touch(channel_id)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
        return ws

    async def _hello(self, ws: web.WebSocketResponse) -> Viewer | None:
        """The first frame names the session, and maybe a game of its channel."""
        try:
            message = await ws.receive(timeout=10.0)
            if message.type != WSMsgType.TEXT:
                raise Refused("hello")
            data = frames.parse(message.data)
            if data.get("type") != "hello":
                raise Refused("hello")
            session = self.sessions.check(data.get("session"))
        except (TimeoutError, Refused, frames.Malformed):
            await _send(ws, {"type": "refused", "text": t("activity.refused.session")})
            return None
        self.avatars.learn(session.user_id, session.avatar)
        asked = data.get("game")
        game_id = frames.whole(asked, 1)
        with use_locale(locale_of(session.locale)):
            if asked is not None:
                row = (
                    None
                    if game_id is None
                    else await self.door.game_in(session.channel_id, game_id)
                )
                if row is None:  # another channel's game, or none: nothing is said of it
                    starts = join_or([slash(game, "new") for game in presentations()])
                    text = t("activity.no_game", commands=starts)
                    await _send(ws, {"type": "refused", "text": text})
                    return None
            else:
                row = await self._shown(session.channel_id)
        viewer = Viewer(ws, session, None if row is None else row.id)
        if row is not None and row.status == GameStatus.RUNNING:
            await self.door.back(row.id, session.user_id)
        return viewer

    async def _shown(self, channel_id: int) -> GameRow | None:
        """What a viewer of the channel sees first: its lobby or running game,
        else its game that ended lately (its ranking), else the launcher (None)."""
        row = await self.door.active(channel_id)
        if row is not None:
            return row
        last = await self.door.last_finished(channel_id)
        if last is None or last.finished_at is None:
            return None
        ended = last.finished_at
        ended = ended if ended.tzinfo else ended.replace(tzinfo=UTC)
        return last if datetime.now(UTC) - ended < RECENT else None

    async def _send_frames(self, viewer: Viewer) -> None:
        """Sends the viewer its latest frame whenever its view changed; a
        launcher, lobby or ended game is looked at now and then."""
        while not viewer.ws.closed:
            try:
                await asyncio.wait_for(viewer.dirty.wait(), timeout=LOBBY_POLL)
            except TimeoutError:
                if not viewer.polled:
                    continue
            viewer.dirty.clear()
            try:
                frame = await self.frame(viewer)
            except Exception:
                log.exception("activity frame for game %s failed", viewer.game)
                continue
            if frame is not None:
                await _send(viewer.ws, frame)

    async def frame(self, viewer: Viewer) -> dict[str, object] | None:
        """The viewer's frame now, or None if nothing it would show changed."""
        channel_id, user = viewer.session.channel_id, viewer.session.user_id
        live = self.door.kept(viewer.game) if viewer.game is not None else None
        row = live.row if live is not None else None
        if row is None and viewer.game is not None:
            row = await self.door.game_in(channel_id, viewer.game)
        if row is None or row.status not in (GameStatus.LOBBY, GameStatus.RUNNING):
            newer = await self.door.active(channel_id)
            if newer is not None and (row is None or newer.id > row.id):
                self._show(viewer, newer.id)
                row, live = newer, self.door.kept(newer.id)
        closed = row is not None and row.status == GameStatus.CANCELLED and row.version == 0
        if row is None or viewer.browsing or closed:  # no game here, or a lobby closed
            viewer.game, viewer.mode = None, "launcher"
            with use_locale(viewer.locale):
                scene = launcher_scene(self.people(channel_id), user)
            return self._looked(viewer, _frame(None, scene))
        if row.status == GameStatus.LOBBY:
            viewer.mode = "lobby"
            avatars = [await self.avatars.url(s.user_id) for s in row.seats]
            with use_locale(viewer.locale):
                scene = lobby_scene(row, self.people(channel_id), user, avatars)
            names = [s.name for s in row.seats]
            seen = Seen(row.id, row.game, row.status.value, 0, names, row.settings, None)
            return self._looked(viewer, _frame(seen, scene))
        ended = row.status != GameStatus.RUNNING
        if ended and viewer.mode == "ended" and viewer.look is not None:
            return None  # an ended game's frame is sent once
        if not ended and live is None:
            live = await self.door.live(row.id)
        if live is not None:
            seen = self.door.of(live, user, viewer.version)
        else:
            if row.record is None:  # the channel's occupant is read without its record
                row = await self.door.game_in(channel_id, row.id) or row
            seen = await self.door.seen(row, user, viewer.version)
        faces = tuple([await self.avatars.url(s.user_id) for s in row.seats])
        seen = dataclasses.replace(seen, avatars=faces)
        viewer.version = seen.version
        viewer.mode = "ended" if ended else "game"
        with use_locale(viewer.locale):
            scene = scene_of(seen)
            if ended:
                scene["after"] = after_game(row, user)
        made = _frame(seen, scene)
        viewer.look = "sent" if ended else None
        return made

    def _show(self, viewer: Viewer, game_id: int) -> None:
        """The viewer follows a newer game of its channel (a lobby opened, Play again)."""
        viewer.game, viewer.version, viewer.look = game_id, None, None
        viewer.browsing, viewer.mode = False, "lobby"

    def _looked(self, viewer: Viewer, made: dict[str, object]) -> dict[str, object] | None:
        look = json.dumps(made, sort_keys=True)
        if look == viewer.look:
            return None
        viewer.look = look
        return made

    # --- what a viewer sends --------------------------------------------------------

    async def _receive(self, viewer: Viewer, text: str) -> None:
        try:
            data = frames.parse(text)
        except frames.Malformed:
            await self._malformed(viewer, None)
            return
        ident = data.get("id")
        ident = ident if frames.whole(ident) is not None or frames.text(ident, 64) else None
        kind = data.get("type")
        if kind == "act":
            await self._act(viewer, ident, data)
        elif kind == "lobby":
            await self._lobby(viewer, ident, data)
        else:
            await self._malformed(viewer, ident)

    async def _malformed(self, viewer: Viewer, ident: object) -> None:
        with use_locale(viewer.locale):
            text = t("activity.refused.malformed")
        await _send(viewer.ws, {"type": "refused", "id": ident, "text": text})

    async def _act(self, viewer: Viewer, ident: object, data: dict[str, object]) -> None:
        action, version = data.get("action"), frames.whole(data.get("version"))
        if not isinstance(action, dict) or version is None or viewer.game is None:
            await self._malformed(viewer, ident)
            return
        await self._do(
            viewer, ident, self.door.act(viewer.game, viewer.session.user_id, action, version)
        )

    async def _lobby(self, viewer: Viewer, ident: object, data: dict[str, object]) -> None:
        session = viewer.session
        verb = frames.text(data.get("verb"), 16)
        who = Seat(user_id=session.user_id, name=session.name)
        work: Any
        if verb == "browse":
            viewer.browsing = True
            viewer.dirty.set()
            await _send(viewer.ws, {"type": "done", "id": ident})
            return
        if verb == "open":
            name = frames.text(data.get("game"), 64)
            chosen = (
                chosen_options(name, data.get("options", {}))
                if name is not None and name in presentations()
                else None
            )
            if chosen is None:
                await self._malformed(viewer, ident)
                return
            options, language = chosen
            work = self.door.open_lobby(
                who, session.guild_id, session.channel_id, str(name), options, language
            )
        elif verb == "again" and viewer.game is not None:
            work = self.door.play_again(who, session.guild_id, viewer.game)
        elif verb in LOBBY_VERBS and viewer.game is not None:
            level = frames.text(data.get("level"), 32)
            work = self.door.in_lobby(str(verb), who, session.channel_id, viewer.game, level)
        else:
            await self._malformed(viewer, ident)
            return
        row = await self._do(viewer, ident, work)
        if isinstance(row, GameRow):
            if verb in ("open", "again"):  # everyone at the table sees the new lobby
                for other in self._by_channel.get(session.channel_id, ()):
                    self._show(other, row.id)
            self.touch(session.channel_id)

    async def _do(self, viewer: Viewer, ident: object, work: Any) -> Any:
        """Run one thing a viewer asked for; answer done, or refused in their words."""
        try:
            done = await work
        except ServiceError as error:
            with use_locale(viewer.locale):
                text = refusal(error)
            await _send(viewer.ws, {"type": "refused", "id": ident, "text": text})
            return None
        except Exception:  # as with a button: logged, and the player told, never silence
            log.exception("activity request in game %s failed", viewer.game)
            with use_locale(viewer.locale):
                text = t("error.internal")
            await _send(viewer.ws, {"type": "refused", "id": ident, "text": text})
            return None
        await _send(viewer.ws, {"type": "done", "id": ident})
        return done


def _frame(seen: Seen | None, scene: dict[str, object]) -> dict[str, object]:
    """A frame from what one viewer may see: nothing else goes in."""
    return {
        "type": "state",
        "game": None if seen is None else seen.game,
        "status": "none" if seen is None else seen.status,
        "version": 0 if seen is None else seen.version,
        "seat": None if seen is None else seen.seat,
        "view": None if seen is None or seen.public is None else as_json(seen.public),
        "you": None if seen is None or seen.mine is None else as_json(seen.mine),
        "scene": scene,
    }


def frame_of(seen: Seen) -> dict[str, object]:
    """A game's frame for `seen`, in the current locale."""
    return _frame(seen, scene_of(seen))


def refusal(error: ServiceError) -> str:
    """A refusal in the viewer's words, as the buttons would say it."""
    if error.game is not None:
        key, params = presentation(error.game).refusal(error.code, error.params)
        return t(key, **params)
    return t(REFUSALS[error.code], **dict(error.params))


async def _send(ws: web.WebSocketResponse, frame: dict[str, object]) -> None:
    if ws.closed:
        return
    with contextlib.suppress(ConnectionError, RuntimeError):
        await ws.send_str(json.dumps(frame, separators=(",", ":"), ensure_ascii=False))
