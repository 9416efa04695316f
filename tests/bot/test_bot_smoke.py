"""First end-to-end smoke: a lobby, a start, a hand, a turn."""

from __future__ import annotations


async def test_lobby_start_and_first_turn(discord_server, bots):
    bot = await bots.start()
    ana, ben, cid = discord_server.users[0], discord_server.users[1], discord_server.channel
    r = await discord_server.slash(ana, cid, "mammamia", "new", options={"variant": "classic"})
    assert not r.response.ephemeral
    lobby = r.message
    await discord_server.click(ben, lobby, label="Join")
    await discord_server.click(ana, lobby, label="Start")
    await bots.idle()
    for m in discord_server.public_messages():
        print("PUBLIC", m.text[:300] if hasattr(m, "text") else m.content)
    live = await bot.service.running(cid.id)
    seat = live.state.current
    user = [ana, ben][seat]
    table = [m for m in discord_server.public_messages() if any(b.get("label") == "My hand" for b in m.buttons())][0]
    h = await discord_server.click(user, table, label="My hand")
    assert h.response.ephemeral
    print("HAND", h.message.text[:600])
    play = h.message.find_button(prefix=f"mm:{live.id}:")
    print(h.message.custom_ids())
