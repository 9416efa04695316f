"""Forged component ids, tried as a modified client would send them and as
if planted on a message of the bot's (tests/host/test_bot_forged.py, and each
game's own controls in its tests): what each was answered, and every game as
stored, which no refusal may change."""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import t

from fakediscord.models import BUTTON, FLAG_EPHEMERAL, FakeMessage
from fakediscord.server import FakeDiscord

GONE = t("error.stale_button")


async def plant(
    server: FakeDiscord,
    channel: Any,
    custom_id: str,
    *,
    only: Any = None,
    values: tuple[str, ...] = (),
) -> FakeMessage:
    """A message of the bot's carrying `custom_id` (a select of `values` if
    any), for everyone or, as an ephemeral one, for `only`."""
    if values:
        options = [{"label": v, "value": v} for v in values]
        component = {"type": 3, "custom_id": custom_id, "options": options}
    else:
        component = {"type": BUTTON, "style": 2, "label": "x", "custom_id": custom_id}
    body = {"content": "planted", "components": [{"type": 1, "components": [component]}]}
    message = await server.create_message(channel, body, [])
    if only is not None:
        message.flags |= FLAG_EPHEMERAL
        message.visible_to = frozenset({only.id})
    return message


async def state(bots: Any) -> list[tuple[Any, ...]]:
    """Every game as stored: what no refusal may change."""
    storage = bots.current.service.storage
    found = []
    for game in range(1, 10):
        row = await storage.game(game)
        if row is not None:
            seats = [(s.user_id, s.name, s.agent) for s in row.seats]
            found.append((row.id, row.status.value, row.version, json.dumps(row.record), seats))
    return found


class Tries:
    """Forged clicks, each by both routes, and what each was answered."""

    def __init__(self, server: FakeDiscord, bots: Any) -> None:
        self.server, self.bots = server, bots
        self.answers: list[tuple[str, str, str]] = []  # (case, route, answer)

    async def both(
        self,
        case: str,
        user: Any,
        channel: Any,
        custom_id: str,
        expected: str | None,
        *,
        private: bool = False,
        values: tuple[str, ...] = (),
        unheard: str | None = None,
    ) -> None:
        """`custom_id` pressed where it is not (answered `unheard`, by default
        the table or "no longer works") and planted (answered `expected`)."""
        table = await plant(self.server, channel, "none:0:0:noop")  # carries something else
        r = await self.server.press(user, table, custom_id, values=list(values) or None)
        said = await self._said(r)
        self.answers.append((case, "not on the message", said))
        if unheard is not None:
            assert unheard in said, (case, said)
        planted = await plant(
            self.server, channel, custom_id, only=user if private else None, values=values
        )
        if values:
            r = await self.server.select(user, planted, custom_id, list(values))
        else:
            r = await self.server.click(user, planted, custom_id)
        said = await self._said(r)
        self.answers.append((case, "on a message", said))
        if expected is not None:
            assert expected in said, (case, said)

    async def _said(self, r: Any) -> str:
        await self.bots.idle()
        assert r.response is not None, "answered"
        message = r.followups[-1] if r.followups else r.message
        assert message is not None and (message.ephemeral or message.content == "planted")
        return message.text.replace("\n", " ")[:300]
