"""Issue 45, point 1: a seat's hand is built once while what it shows stays
the same (its cards, its next turns, the pick, the language), whatever the
others play meanwhile (`Live.keep`). The hand a typed move answers with says
the move once (its notice); the same hand looked at after the others moved
says no more than the hand, and is exactly the hand built afresh from the
game as it stands; once its owner's cards change, so does the hand."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.mammamia.controls import turns_of, view_of
from bot.games.mammamia.hand import hand
from bot.i18n import use_locale

from tests.mammamia.bot.test_hand_out_of_turn import two, typed


def shown(message: Any) -> tuple[dict[str, Any], list[Any]]:
    """A hand message's embed (its notice and picture apart) and its controls."""
    embed = {k: v for k, v in message.embeds[0].items() if k not in ("description", "image")}
    return embed, message.components


def afresh(players: Any, seat: int) -> tuple[dict[str, Any], list[Any]]:
    """The hand built now from the game as it stands, as the bot would send it."""
    live = players.live
    built = hand(live.id, view_of(live, seat), live.names(), turns_of(live, seat))
    assert built.embed is not None
    embed = {
        k: v for k, v in built.embed.to_dict().items() if k not in ("description", "image", "type")
    }
    return embed, built.view().to_components()


@pytest.mark.parametrize("locale", ["en-US", "ja"])
async def test_a_hand_looked_at_between_moves_is_the_hand_as_it_stands(
    discord_server: Any, bots: Any, locale: str
) -> None:
    players = await two(discord_server, bots, locale)
    server = discord_server
    looked = 0
    for _ in range(6):
        if players.live.state.phase != "turn":
            break
        mover = players.user_of(players.live.state.current)
        seat = players.live.seat_of(mover.id)
        assert seat is not None
        answered = (await typed(players)).message
        notice = answered.embeds[0].get("description") or ""
        assert notice, "the move's answer says what was played"
        if players.live.state.phase != "turn":
            break
        await typed(players)  # the other player moves: the mover's cards stay the same
        if players.live.state.phase != "turn":
            break
        look = (await server.slash(mover, None, "mammamia", "hand")).message
        assert not look.embeds[0].get("description"), "the move's words are said once"
        assert shown(look) == shown(answered), "the same cards and next turns: the same hand"
        with use_locale(locale):
            embed, components = afresh(players, seat)
        assert {k: v for k, v in shown(look)[0].items() if k != "type"} == embed
        assert [c["components"] for c in look.components] == [c["components"] for c in components]
        looked += 1
    assert looked >= 2, "the game reached a look between moves"
