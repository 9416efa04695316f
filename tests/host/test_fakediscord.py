"""The fake Discord, exercised by a small discord.py bot (not the game bot)."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
from aiohttp.base_protocol import BaseProtocol
from discord import app_commands
from discord.ext import commands

from fakediscord import FakeDiscord, RuleViolation, patch_discord
from fakediscord.routing import form_parts, part_names

# -- the demo bot --------------------------------------------------------------------


class RawView(discord.ui.View):
    """Sends hand-written component dicts, bypassing discord.py's own checks."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self._raw = components

    def to_components(self) -> list[dict[str, Any]]:
        return self._raw


def button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def select(n_options: int, label: str = "o", value: str = "o", **more: str) -> dict[str, Any]:
    options = [{"label": f"{label}{i}", "value": f"{value}{i}"} | more for i in range(n_options)]
    return {"type": 3, "custom_id": "sel", "options": options}


BAD_PAYLOADS: dict[str, dict[str, Any]] = {
    "content_length": {"content": "x" * 2001},
    "embed_title": {"embed": discord.Embed(title="t" * 257)},
    "embed_description": {"embed": discord.Embed(description="d" * 4097)},
    "embed_fields": {"embed": discord.Embed(title="f").add_field(name="n", value="v")},
    "embed_total": {"embeds": [discord.Embed(title="t", description="d" * 4000) for _ in range(2)]},
    "action_rows": {"view": RawView([row(button(f"r{i}")) for i in range(6)])},
    "buttons_per_row": {"view": RawView([row(*[button(f"b{i}") for i in range(6)])])},
    "select_options": {"view": RawView([row(select(26))])},
    "label_length": {"view": RawView([row(button("long", "L" * 81))])},
    "custom_id_length": {"view": RawView([row(button("c" * 101))])},
    "custom_id_duplicate": {"view": RawView([row(button("same"), button("same"))])},
    "embed_field_name": {"embed": discord.Embed(title="f").add_field(name="n" * 257, value="v")},
    "embed_field_value": {"embed": discord.Embed(title="f").add_field(name="n", value="v" * 1025)},
    "embed_footer": {"embed": discord.Embed(title="f").set_footer(text="f" * 2049)},
    "embed_author": {"embed": discord.Embed(title="f").set_author(name="a" * 257)},
    "embed_total.fields": {
        "embed": discord.Embed(title="t" * 256, description="d" * 4096)
        .add_field(name="n", value="v" * 1024)
        .add_field(name="n", value="v" * 1024)
    },
    "placeholder_length": {"view": RawView([row(select(2) | {"placeholder": "p" * 151})])},
    "label_length.option": {"view": RawView([row(select(2, label="l" * 101))])},
    "label_length.description": {"view": RawView([row(select(2, description="d" * 101))])},
    "label_length.value": {"view": RawView([row(select(2, value="v" * 101))])},
    "attachment_description": {
        "file": discord.File(io.BytesIO(b"png"), filename="p.png", description="d" * 1025)
    },
}
for _ in range(25):
    BAD_PAYLOADS["embed_fields"]["embed"].add_field(name="n", value="v")


class Board(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.bumps = 0

    @discord.ui.button(label="Bump", custom_id="board:bump")
    async def bump(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        self.bumps += 1
        await interaction.response.edit_message(content=f"bumps: {self.bumps}")

    @discord.ui.select(
        custom_id="board:pick",
        options=[discord.SelectOption(label=x, value=x) for x in ("red", "green", "blue")],
        max_values=2,
    )
    async def pick(self, interaction: discord.Interaction, menu: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {','.join(menu.values)}")

    @discord.ui.button(label="Secret", custom_id="board:secret")
    async def secret(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await interaction.response.send_message(f"psst {interaction.user.name}", ephemeral=True)

    @discord.ui.button(label="Later", custom_id="board:later")
    async def later(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="edited after deferring")


class Crashing(discord.ui.View):
    @discord.ui.button(label="Crash", custom_id="crash")
    async def crash(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        raise RuntimeError("boom")


class Vote(discord.ui.DynamicItem[discord.ui.Button], template=r"mm:(?P<game>\d+):v1:vote"):
    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Vote", custom_id=f"mm:{game}:v1:vote"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> Vote:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"vote for game {self.game}", ephemeral=True)


class Form(discord.ui.Modal, title="Introduce yourself"):
    name = discord.ui.TextInput(label="Name", custom_id="form:name")
    bio = discord.ui.Label(
        text="Bio",
        component=discord.ui.TextInput(
            custom_id="form:bio", style=discord.TextStyle.paragraph, required=False
        ),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        bio = self.bio.component.value or "-"  # type: ignore[union-attr]
        await interaction.response.send_message(f"hello {self.name.value} ({bio})")


FRUITS = ["apple", "apricot", "banana", "cherry"]


def demo_group(bot: DemoBot) -> app_commands.Group:
    demo = app_commands.Group(name="demo", description="demo commands")

    @demo.command(description="ephemeral hello")
    async def hello(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hello, only you", ephemeral=True)

    @demo.command(description="options echo")
    @app_commands.choices(
        size=[
            app_commands.Choice(name="Small", value="s"),
            app_commands.Choice(name="Big", value="b"),
        ]
    )
    async def echo(
        interaction: discord.Interaction,
        size: str,
        count: app_commands.Range[int, 1, 10],
        loud: bool = False,
        who: discord.Member | None = None,
    ) -> None:
        text = f"{size} x{count}" + ("!" if loud else "") + (f" for {who.name}" if who else "")
        await interaction.response.send_message(text)

    @demo.command(description="a board with buttons")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("bumps: 0", view=Board())

    @demo.command(description="defer, edit, follow up")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.01)
        await interaction.edit_original_response(content="done thinking")
        await interaction.followup.send("and one more thing", ephemeral=True)

    @demo.command(description="defer ephemerally, then follow up")
    async def quiet(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("quiet result")

    @demo.command(description="reply, fetch the reply, delete it")
    async def tidy(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("temporary")
        fetched = await interaction.original_response()
        await interaction.delete_original_response()
        await interaction.followup.send(f"deleted {fetched.id}", ephemeral=True)

    @demo.command(description="open a modal")
    async def form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Form())

    @demo.command(description="autocomplete")
    async def fruit(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(f"fruit {name}")

    @fruit.autocomplete("name")
    async def fruit_complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f, value=f) for f in FRUITS if f.startswith(current)]

    @demo.command(description="file follow-up")
    async def file(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        data = discord.File(io.BytesIO(b"score,1\n"), filename="scores.csv")
        await interaction.followup.send("attached", file=data)

    @demo.command(description="vote button")
    async def vote(interaction: discord.Interaction, game: int) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Vote(game))
        await interaction.response.send_message(f"game {game}", view=view)

    @demo.command(description="a button whose callback raises")
    async def crash(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("do not press", view=Crashing())

    @demo.command(description="break a rule")
    async def bad(interaction: discord.Interaction, kind: str) -> None:
        if kind == "twice":
            await interaction.response.send_message("one")
            interaction.response._response_type = None  # get past discord.py's own guard
            await interaction.response.send_message("two")
        elif kind == "late":
            await asyncio.sleep(0.3)
            await interaction.response.send_message("too late")
        elif kind == "silent":
            pass
        elif kind == "keep":
            bot.kept = interaction
            await interaction.response.defer(thinking=True)
        elif kind == "stale":
            assert bot.kept is not None
            await interaction.response.send_message("using an old token")
            await bot.kept.followup.send("from the past")
        elif kind == "route":
            await interaction.response.send_message("probing")
            await bot.http.request(discord.http.Route("GET", "/not/a/discord/route"))
        else:
            await interaction.response.send_message(**BAD_PAYLOADS[kind])

    return demo


class DemoBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.guild_id = guild_id
        self.kept: discord.Interaction | None = None
        self.errors: list[BaseException] = []

    async def setup_hook(self) -> None:
        guild = discord.Object(self.guild_id)
        self.tree.add_command(demo_group(self), guild=guild)
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]
        self.add_dynamic_items(Vote)
        await self.tree.sync(guild=guild)

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(error)


@app_commands.command(description="global ping")
async def ping(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pong")


@pytest_asyncio.fixture
async def bot(discord_server: FakeDiscord) -> AsyncIterator[DemoBot]:
    client = DemoBot(discord_server.guild.id)
    await discord_server.start_client(client)
    yield client
    await discord_server.stop_client(client)


# -- the fixture and the connection ---------------------------------------------------


async def test_fixture_starts_fast() -> None:
    began = time.perf_counter()
    server = FakeDiscord()
    await server.start()
    started = time.perf_counter() - began
    await server.stop()
    assert started < 0.25, f"server start took {started:.3f}s"


async def test_bot_logs_in_and_sees_the_guild(discord_server: FakeDiscord, bot: DemoBot) -> None:
    guild = bot.get_guild(discord_server.guild.id)
    assert guild is not None
    assert guild.get_channel(discord_server.channel.id) is not None
    assert guild.me is not None and guild.me.id == discord_server.bot_user.id
    assert bot.ws is not None and bot.ws.gateway.port == discord_server.port  # resume url
    synced = discord_server.guild_commands[discord_server.guild.id]
    assert [c["name"] for c in synced] == ["demo"]


async def test_global_commands_and_sharded_client(discord_server: FakeDiscord) -> None:
    client = commands.AutoShardedBot(command_prefix="!", intents=discord.Intents.default())
    client.tree.add_command(ping)

    async def setup_hook() -> None:
        await client.tree.sync()

    client.setup_hook = setup_hook  # type: ignore[method-assign]
    await discord_server.start_client(client)
    result = await discord_server.slash(discord_server.users[0], None, "ping")
    assert result.message is not None and result.message.content == "pong"
    assert "GET /gateway/bot" in [r.route for r in discord_server.requests]
    await discord_server.stop_client(client)


# -- slash commands ---------------------------------------------------------------------


async def test_ephemeral_reply_is_flagged_and_only_visible_to_its_user(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    ana, ben = discord_server.users[:2]
    result = await discord_server.slash(ana, None, "demo", "hello")
    assert result.response is not None and result.response.ephemeral
    assert result.response.data["flags"] & 64
    msg = result.message
    assert msg is not None and msg.ephemeral and msg.content == "hello, only you"
    assert discord_server.visible_to(ana) == [msg]
    assert discord_server.visible_to(ben) == []
    assert discord_server.public_messages() == []
    assert result.payload["data"]["guild_id"] == str(discord_server.guild.id)
    assert int(result.payload["member"]["permissions"]) & (1 << 31)


async def test_options_are_typed_and_checked(discord_server: FakeDiscord, bot: DemoBot) -> None:
    ana, ben = discord_server.users[:2]
    options = {"size": "b", "count": 3, "loud": True, "who": ben}
    result = await discord_server.slash(ana, None, "demo", "echo", options=options)
    assert result.message is not None and result.message.content == "b x3! for Ben"
    assert result.message.public and discord_server.visible_to(ben) == [result.message]
    with pytest.raises(ValueError, match="one of"):
        await discord_server.slash(ana, None, "demo", "echo", options={"size": "x", "count": 1})
    with pytest.raises(ValueError, match="within"):
        await discord_server.slash(ana, None, "demo", "echo", options={"size": "s", "count": 11})
    with pytest.raises(ValueError, match="required"):
        await discord_server.slash(ana, None, "demo", "echo", options={"size": "s"})
    with pytest.raises(LookupError):
        await discord_server.slash(ana, None, "nope")


async def test_autocomplete(discord_server: FakeDiscord, bot: DemoBot) -> None:
    ana = discord_server.users[0]
    choices = await discord_server.autocomplete(
        ana, None, "demo", "fruit", options={"name": "ap"}, focused="name"
    )
    assert [c["value"] for c in choices] == ["apple", "apricot"]


async def test_defer_edit_original_then_follow_up(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    ana, ben = discord_server.users[:2]
    result = await discord_server.slash(ana, None, "demo", "slow")
    assert result.response is not None and result.response.type == 5
    followups = await result.wait_for_followups(1)
    original = result.message
    assert original is not None and not original.loading and original.public
    assert original.content == "done thinking" and original.edit_count == 1
    assert followups[0].ephemeral and followups[0].content == "and one more thing"
    assert [m.content for m in discord_server.visible_to(ana)] == [
        "done thinking",
        "and one more thing",
    ]
    assert [m.content for m in discord_server.visible_to(ben)] == ["done thinking"]


async def test_first_follow_up_after_ephemeral_defer_replaces_thinking(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    ana, ben = discord_server.users[:2]
    result = await discord_server.slash(ana, None, "demo", "quiet")
    msg = await result.wait_for_original()
    assert msg.content == "quiet result" and msg.ephemeral and result.followups == []
    assert discord_server.visible_to(ben) == []


async def test_original_response_fetch_and_delete(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    ana = discord_server.users[0]
    result = await discord_server.slash(ana, None, "demo", "tidy")
    [note] = await result.wait_for_followups(1)
    assert result.message is not None and result.message.deleted
    assert note.content == f"deleted {result.message.id}"
    assert discord_server.visible_to(ana) == [note]


async def test_file_follow_up_records_bytes(discord_server: FakeDiscord, bot: DemoBot) -> None:
    result = await discord_server.slash(discord_server.users[0], None, "demo", "file")
    msg = await result.wait_for_original()
    assert [(a.filename, a.data) for a in msg.attachments] == [("scores.csv", b"score,1\n")]


@pytest.mark.parametrize(
    "filename", ["p.png", 'a "quoted" name.png', "back\\slash.png", "ピザ.png", "a; b=c.png"]
)
async def test_a_form_is_read_as_aiohttp_reads_what_discord_py_writes(filename: str) -> None:
    """The loopback reads a multipart body itself (aiohttp's reader is slow):
    the parts discord.py sends (its JSON, its files, any bytes, any file
    name), exactly as aiohttp's own reader reads them."""
    form = aiohttp.FormData(quote_fields=False)  # as discord.py's HTTP client builds it
    form.add_field("payload_json", '{"content": "ピザ"}', content_type="application/json")
    png = b"\x89PNG\r\n\r\n--\r\n--x\r\n" + bytes(range(256))
    form.add_field("files[0]", png, filename=filename, content_type="image/png")
    form.add_field("files[1]", b"", filename="empty.txt")
    writer = form()
    body = await writer.as_bytes()
    parts = form_parts(body, writer.content_type)
    read = [
        (part_names(h.get("content-disposition", "")), h.get("content-type"), d) for h, d in parts
    ]
    theirs = aiohttp.MultipartReader({"Content-Type": writer.content_type}, _stream(body))
    expected = []
    while (part := await theirs.next()) is not None:
        assert isinstance(part, aiohttp.BodyPartReader)
        data = bytes(await part.read())
        expected.append(((part.name, part.filename), part.headers.get("Content-Type"), data))
    assert read == expected
    assert [names for names, _, _ in read][1] == ("files[0]", filename)


def _stream(body: bytes) -> aiohttp.StreamReader:
    """The body, in the stream aiohttp's reader reads a request's from."""
    loop = asyncio.get_running_loop()
    stream = aiohttp.StreamReader(BaseProtocol(loop), 2**16, loop=loop)
    stream.feed_data(body)
    stream.feed_eof()
    return stream


# -- components and modals -----------------------------------------------------------


async def test_button_click_edits_the_message(discord_server: FakeDiscord, bot: DemoBot) -> None:
    ana, ben = discord_server.users[:2]
    board = (await discord_server.slash(ana, None, "demo", "board")).message
    assert board is not None and board.find_button("Bump")["custom_id"] == "board:bump"
    click = await discord_server.click(ben, board, label="Bump")
    assert click.response is not None and click.response.type == 7
    assert click.payload["message"]["id"] == str(board.id)
    assert click.payload["member"]["user"]["id"] == str(ben.id)
    await discord_server.click(ana, board, "board:bump")
    assert board.content == "bumps: 2" and board.edit_count == 2
    assert discord_server.visible_to(ben) == [board]


async def test_select_and_ephemeral_from_a_button(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    ana, ben = discord_server.users[:2]
    board = (await discord_server.slash(ana, None, "demo", "board")).message
    assert board is not None
    await discord_server.select(ben, board, "board:pick", ["red", "blue"])
    assert board.content == "picked red,blue"
    with pytest.raises(ValueError, match="not options"):
        await discord_server.select(ben, board, "board:pick", ["pink"])
    secret = await discord_server.click(ben, board, prefix="board:sec")
    assert secret.message is not None and secret.message.visible_to == {ben.id}
    with pytest.raises(PermissionError):
        await discord_server.click(ana, secret.message, "anything")


async def test_deferred_update_then_edit_original_edits_the_source(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    ana = discord_server.users[0]
    board = (await discord_server.slash(ana, None, "demo", "board")).message
    assert board is not None
    result = await discord_server.click(ana, board, label="Later")
    assert result.response is not None and result.response.type == 6
    await discord_server.settle()
    assert board.content == "edited after deferring"


async def test_modal_submit(discord_server: FakeDiscord, bot: DemoBot) -> None:
    ana = discord_server.users[0]
    opened = await discord_server.slash(ana, None, "demo", "form")
    assert opened.modal is not None and opened.modal["title"] == "Introduce yourself"
    with pytest.raises(ValueError, match="required"):
        await discord_server.submit_modal(ana, opened, None, {"form:bio": "x"})
    submitted = await discord_server.submit_modal(
        ana, opened, opened.modal["custom_id"], {"form:name": "Ana", "form:bio": "cook"}
    )
    assert submitted.message is not None and submitted.message.content == "hello Ana (cook)"


# -- channel messages, restart, dynamic items -------------------------------------------


async def test_channel_messages_and_restart(discord_server: FakeDiscord, bot: DemoBot) -> None:
    channel = bot.get_channel(discord_server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    ana = discord_server.users[0]
    upload = discord.File(io.BytesIO(b"x"), "t.txt")
    table = await channel.send(f"table for {ana.mention}", file=upload)
    ping_msg = await channel.send(f"your turn {ana.mention}")
    assert discord_server.get_message(ping_msg.id).mention_ids == [ana.id]  # type: ignore[union-attr]
    await table.edit(content="table v2")
    await ping_msg.delete()
    fake_table = discord_server.get_message(table.id)
    assert fake_table is not None and fake_table.content == "table v2"
    assert fake_table.attachments[0].filename == "t.txt" and fake_table.edit_count == 1
    assert fake_table.attachments[0].data == b"x"
    assert discord_server.public_messages() == [fake_table]

    await discord_server.stop_client(bot)
    fresh = DemoBot(discord_server.guild.id)
    await discord_server.start_client(fresh)
    again = fresh.get_channel(discord_server.channel.id)
    assert isinstance(again, discord.TextChannel)
    assert (await again.fetch_message(table.id)).content == "table v2"
    with pytest.raises(discord.NotFound) as gone:
        await again.fetch_message(ping_msg.id)
    assert gone.value.code == 10008
    result = await discord_server.slash(ana, None, "demo", "hello")
    assert result.message is not None
    await discord_server.stop_client(fresh)


async def test_dynamic_items_survive_a_restart(discord_server: FakeDiscord, bot: DemoBot) -> None:
    ana, ben = discord_server.users[:2]
    game = (await discord_server.slash(ana, None, "demo", "vote", options={"game": 7})).message
    assert game is not None
    await discord_server.stop_client(bot)
    fresh = DemoBot(discord_server.guild.id)
    await discord_server.start_client(fresh)
    result = await discord_server.click(ben, game, prefix="mm:7:")
    assert result.message is not None and result.message.content == "vote for game 7"
    await discord_server.stop_client(fresh)


async def test_threads_history_and_user_messages(discord_server: FakeDiscord, bot: DemoBot) -> None:
    seen: list[str] = []

    async def record(message: discord.Message) -> None:
        seen.append(message.content)

    bot.add_listener(record, "on_message")
    channel = bot.get_channel(discord_server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    starter = await channel.send("game #1")
    thread = await starter.create_thread(name="game-1")
    await thread.send("inside")
    fake_thread = discord_server.get_channel(thread.id)
    assert fake_thread is not None and fake_thread.parent_id == channel.id
    assert [m.content for m in discord_server.public_messages(fake_thread)] == ["inside"]
    ana = discord_server.users[0]
    said = await discord_server.say(ana, "hi bot")  # no message-content intent: hidden
    await discord_server.say(ana, f"{bot.user.mention} hello")  # type: ignore[union-attr]
    await discord_server.settle()
    assert seen[-2:] == ["", f"<@{bot.user.id}> hello"]  # type: ignore[union-attr]
    history = [m.content async for m in channel.history(limit=10)]
    assert history == [f"<@{bot.user.id}> hello", "", "game #1"]  # type: ignore[union-attr]
    assert said in discord_server.visible_to(ana)
    result = await discord_server.slash(ana, fake_thread, "demo", "hello")
    assert result.message is not None and result.message.channel_id == thread.id


# -- rule violations -------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(BAD_PAYLOADS))
async def test_message_limit_violations(
    discord_server: FakeDiscord, bot: DemoBot, kind: str
) -> None:
    with pytest.raises(RuleViolation) as caught:
        await discord_server.slash(
            discord_server.users[0], None, "demo", "bad", options={"kind": kind}
        )
    rule = kind.split(".")[0]  # one rule, several ways to break it
    assert rule in [v.rule for v in caught.value.violations]
    assert rule in [v.rule for v in discord_server.take_violations()]
    await discord_server.settle()
    assert isinstance(bot.errors[0].__cause__, discord.HTTPException)
    assert bot.errors[0].__cause__.code == 50035


async def test_second_response_is_40060(discord_server: FakeDiscord, bot: DemoBot) -> None:
    with pytest.raises(RuleViolation):
        await discord_server.slash(
            discord_server.users[0], None, "demo", "bad", options={"kind": "twice"}
        )
        await discord_server.settle()
    assert [v.rule for v in discord_server.take_violations()] == ["already_acknowledged"]
    assert bot.errors[0].__cause__.code == 40060


async def test_late_and_missing_responses(discord_server: FakeDiscord, bot: DemoBot) -> None:
    discord_server.response_deadline = 0.2
    discord_server.no_response_grace = 0.3
    ana = discord_server.users[0]
    with pytest.raises(RuleViolation):
        await discord_server.slash(ana, None, "demo", "bad", options={"kind": "late"})
    assert [v.rule for v in discord_server.take_violations()] == ["response_deadline"]
    with pytest.raises(RuleViolation):
        await discord_server.slash(ana, None, "demo", "bad", options={"kind": "silent"})
    assert [v.rule for v in discord_server.take_violations()] == ["no_response"]


async def test_token_expires_after_fifteen_minutes(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    ana = discord_server.users[0]
    await discord_server.slash(ana, None, "demo", "bad", options={"kind": "keep"})
    discord_server.clock.advance(16 * 60)
    with pytest.raises(RuleViolation):
        await discord_server.slash(ana, None, "demo", "bad", options={"kind": "stale"})
        await discord_server.settle()
    violations = discord_server.take_violations()
    assert [v.rule for v in violations] == ["token_expired"]
    assert bot.errors[0].__cause__.status == 401
    assert bot.errors[0].__cause__.code == 50027


async def test_unknown_route_is_404_and_a_violation(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    with pytest.raises(RuleViolation):
        await discord_server.slash(
            discord_server.users[0], None, "demo", "bad", options={"kind": "route"}
        )
        await discord_server.settle()
    assert [v.rule for v in discord_server.take_violations()] == ["unknown_route"]
    assert isinstance(bot.errors[0].__cause__, discord.NotFound)


async def test_patch_discord_restores() -> None:
    before = discord.http.Route.BASE
    server = FakeDiscord()
    restore = patch_discord(server)
    assert server.api_base == discord.http.Route.BASE
    restore()
    assert before == discord.http.Route.BASE


async def test_exceptions_in_the_bot_fail_the_test(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    discord_server.response_deadline = discord_server.no_response_grace = 0.1
    ana = discord_server.users[0]
    message = (await discord_server.slash(ana, None, "demo", "crash")).message
    assert message is not None
    with pytest.raises(RuleViolation) as caught:
        await discord_server.click(ana, message, "crash")
    assert {v.rule for v in caught.value.violations} == {"bot_exception", "no_response"}
    assert "boom" in str(caught.value)
    discord_server.take_violations()


async def test_sharded_sessions_get_only_their_guilds(discord_server: FakeDiscord) -> None:
    """Like Discord, a session identified as shard [i, n] gets only the guilds
    with (guild_id >> 22) % n == i, and the interactions of those guilds."""
    server = discord_server
    guilds = [server.guild]
    while len({(g.id >> 22) % 2 for g in guilds}) < 2:
        guilds.append(server.add_guild(f"g{len(guilds)}"))
    clients = [
        commands.AutoShardedBot(
            command_prefix="!", intents=discord.Intents.default(), shard_count=2, shard_ids=[i]
        )
        for i in range(2)
    ]
    for client in clients:
        await server.start_client(client)
    try:
        for shard, client in enumerate(clients):
            seen = {g.id for g in client.guilds}
            assert seen == {g.id for g in guilds if (g.id >> 22) % 2 == shard}
            for guild in guilds:
                owner = server.session_for(guild.id)
                assert owner is not None and owner.shard == [(guild.id >> 22) % 2, 2]
    finally:
        for client in clients:
            await server.stop_client(client)


# -- idempotent posts and direct messages ----------------------------------------------


async def test_a_repeated_nonce_returns_the_first_message(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    channel = bot.get_channel(discord_server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send("table", nonce="game-1-table")
    again = await channel.send("table, sent twice", nonce="game-1-table")
    assert again.id == first.id and again.content == "table"  # nothing new was posted
    assert [m.content for m in discord_server.public_messages()] == ["table"]
    other = await channel.send("ping", nonce="game-1-ping")  # another nonce: a new message
    assert other.id != first.id
    # discord.py sends enforce_nonce with every nonce; the fake remembers it a few minutes.
    sent = [r.json for r in discord_server.requests if r.route.startswith("POST /channels/")]
    assert all(body.get("enforce_nonce") is True for body in sent)
    discord_server.clock.advance(10 * 60)
    late = await channel.send("table", nonce="game-1-table")
    assert late.id != first.id
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x", nonce="n" * 26)
    assert refused.value.status == 400
    assert [v.rule for v in discord_server.take_violations()] == ["nonce_length"]


async def test_direct_messages_and_a_user_who_refuses_them(
    discord_server: FakeDiscord, bot: DemoBot
) -> None:
    ana, ben = discord_server.users[:2]
    ben.dms_closed = True
    user = await bot.fetch_user(ana.id)
    sent = await user.send("your turn", nonce="dm-1")
    assert isinstance(sent.channel, discord.DMChannel)
    assert sent.channel.recipient is not None and sent.channel.recipient.id == ana.id
    assert [m.content for m in discord_server.dms_to(ana)] == ["your turn"]
    assert (await user.send("your turn", nonce="dm-1")).id == sent.id
    assert discord_server.public_messages() == []  # nothing reached the guild channel
    with pytest.raises(discord.Forbidden) as refused:
        await (await bot.fetch_user(ben.id)).send("your turn")
    assert refused.value.code == 50007
    assert discord_server.dms_to(ben) == []
