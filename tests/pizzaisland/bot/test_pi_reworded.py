"""Pizza Island's words for the host's commands (its `reworded`): `/join`
joins a match, not a game, in every language its catalog says it."""

from __future__ import annotations

from bot.i18n import t

from payloads import localised, translated_groups


async def test_join_joins_a_match() -> None:
    payloads = {
        name: {c["name"]: c for c in payload["options"]}
        for name, payload in (await translated_groups()).items()
    }
    island = payloads["pizzaisland"]["join"]
    assert localised("description", island, "ja") == "このチャンネルで募集中の対戦に参加する"
    assert localised("description", island, "en-US") == (
        "Take a seat in the match waiting in this channel"
    )
    host = t("command.join.description", "ja")
    assert (
        host == "このチャンネルで募集中のゲームに参加する" != localised("description", island, "ja")
    )
