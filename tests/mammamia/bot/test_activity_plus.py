"""A whole Mamma Mia! Plus game with help played only at the web table, by
three players in three languages: every decision offered as the scene's own
actions, and each help question (PL-H2) asked of everyone at once, answered
from their tables together; every frame checked (MM-V1)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.i18n import t

from tests.mammamia.driver import Players
from viewers import Viewer, check_frames, session


async def test_pl_h2_a_plus_game_at_the_table_in_three_languages(discord_server, bots):
    bots.activity = True
    bot = await bots.start()
    ana, ben, cleo = discord_server.users[:3]
    ben.locale, cleo.locale = "ja", "fr"
    players = Players(discord_server, bots, [ana, ben, cleo], seed=2)
    await players.open("plus", help=True)
    viewers: list[Viewer] = []
    for user in (ana, ben, cleo):
        status, body = await session(discord_server, bot, user)
        assert status == 200
        viewers.append(await Viewer.open(bot, body["session"]))
    rng = random.Random(2)
    asked_together = 0
    without = 0  # seats asked for cards they do not hold
    ident = 0

    async def answer(seat: int, frame: dict[str, Any]) -> None:
        """A random choice of the table's; one refused is said in words, and
        another is chosen."""
        nonlocal ident
        choices = list(frame["scene"]["actions"])
        rng.shuffle(choices)
        for choice in choices:
            ident += 1
            reply = await viewers[seat].act(choice["action"], frame["version"], ident)
            if reply["type"] == "done" or players.live.version != frame["version"]:
                return  # done, or the question was settled by an earlier seat's answer
            assert reply["type"] == "refused" and reply["text"], reply
        raise AssertionError((seat, frame["version"], choices, viewers[seat].frames[-3:]))

    while players.live.state.phase != "over":
        version = players.live.version
        frames = [await v.state(version) for v in viewers]
        view = frames[0]["view"]
        pending = view["pending"]
        if pending is not None and pending["stage"] == "help":
            asked = pending["asked"]
            assert all(frames[s]["scene"]["actions"] for s in asked), "everyone asked may answer"
            for s in asked:  # Help is offered to those holding the asked cards only (PL-H2)
                hand = frames[s]["you"]["hand"]
                holds = all(hand.count(k) >= n for k, n in pending["ask"].items())
                offered = {a["action"]["help"] for a in frames[s]["scene"]["actions"]}
                assert offered == ({True, False} if holds else {False}), (s, hand, offered)
                without += not holds
            asked_together += len(asked) > 1
            await asyncio.gather(*(answer(s, frames[s]) for s in asked))
        else:
            await answer(view["to_act"][0], frames[view["to_act"][0]])
        async with asyncio.timeout(10):
            while players.live.version == version:
                await asyncio.sleep(0.005)
    assert asked_together, "a help question went to several players at once"
    assert without, "someone was asked for cards they did not hold"
    final = [await v.state(players.live.version) for v in viewers]
    for frame, locale in zip(final, ("en", "ja", "fr"), strict=True):
        scene = frame["scene"]
        assert scene["ui"]["play"] == t("activity.play", locale)
        assert "final" in scene and scene["final"]["lines"]
        assert "delivered" in {p["id"] for p in scene["centre"]}, "PL-R5: the delivered pile"
    row = await bots.current.service.storage.game(players.game)
    for seat, viewer in enumerate(viewers):
        assert check_frames(viewer.frames, row, seat) > 20
        await viewer.close()
