"""REST routes for the bot's own identity, commands, guilds, channels, messages and threads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import payloads
from .models import GUILD_TEXT, PRIVATE_THREAD, PUBLIC_THREAD, FakeChannel, FakeMessage
from .routes_activity import me_by_bearer
from .routing import BotRequest, error, json_response, no_content, route

if TYPE_CHECKING:
    from .server import FakeDiscord

UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_MEMBER = 10007
UNKNOWN_COMMAND = 10063
NOT_AUTHOR = 50005
CANNOT_DM = 50007
INVALID_FORM = 50035
NONCE_LENGTH = 25  # Discord: an integer or a string of at most 25 characters


# -- identity ------------------------------------------------------------------


@route("GET", "/users/@me", auth=False)
async def get_me(server: FakeDiscord, req: BotRequest) -> web.Response:
    by_bearer = await me_by_bearer(server, req)  # a user's OAuth2 token (Activities)
    if by_bearer is not None:
        return by_bearer
    if req.headers.get("Authorization") != f"Bot {server.token}":
        return error(401, 0, "401: Unauthorized")
    return json_response(payloads.user(server.bot_user) | {"verified": True, "flags": 0})


@route("GET", "/users/{user_id}")
async def get_user(server: FakeDiscord, req: BotRequest) -> web.Response:
    user = server.users_by_id.get(int(req.params["user_id"]))
    if user is None:
        return error(404, UNKNOWN_USER, "Unknown User")
    return json_response(payloads.user(user))


@route("POST", "/users/@me/channels")
async def create_dm(server: FakeDiscord, req: BotRequest) -> web.Response:
    """Open (or reopen) the bot's DM channel with a user. Always allowed: whether
    the user accepts DMs shows only when a message is sent there."""
    user = server.users_by_id.get(int(req.json.get("recipient_id", 0)))
    if user is None:
        return error(404, UNKNOWN_USER, "Unknown User")
    return json_response(payloads.dm_channel(server.dm_channel(user), user))


@route("GET", "/oauth2/applications/@me")
@route("GET", "/applications/@me")
async def get_application(server: FakeDiscord, req: BotRequest) -> web.Response:
    return json_response(
        {
            "id": str(server.application_id),
            "name": server.bot_user.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": payloads.user(server.owner),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "bot": payloads.user(server.bot_user),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
        }
    )


@route("GET", "/gateway")
async def get_gateway(server: FakeDiscord, req: BotRequest) -> web.Response:
    return json_response({"url": server.gateway_url})


@route("GET", "/gateway/bot")
async def get_gateway_bot(server: FakeDiscord, req: BotRequest) -> web.Response:
    return json_response(
        {
            "url": server.gateway_url,
            "shards": server.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }
    )


# -- application commands ------------------------------------------------------


def _commands(server: FakeDiscord, req: BotRequest) -> list[dict[str, Any]] | None:
    if int(req.params["app_id"]) != server.application_id:
        return None
    guild_id = req.params.get("guild_id")
    if guild_id is None:
        return server.global_commands
    if server.get_guild(int(guild_id)) is None:
        return None
    return server.guild_commands.setdefault(int(guild_id), [])


def _store_command(
    server: FakeDiscord, req: BotRequest, body: dict[str, Any], existing: list[dict[str, Any]]
) -> dict[str, Any]:
    kind = body.get("type", 1)
    old = next((c for c in existing if c["name"] == body["name"] and c["type"] == kind), None)
    command = {
        "id": old["id"] if old else str(server.ids.next()),
        "application_id": str(server.application_id),
        "version": str(server.ids.next()),
        "type": kind,
        "name": body["name"],
        "description": body.get("description", ""),
        "options": body.get("options") or [],
        "default_member_permissions": body.get("default_member_permissions"),
        "nsfw": body.get("nsfw", False),
        "contexts": body.get("contexts"),
        "integration_types": body.get("integration_types", [0]),
    }
    for key in ("name_localizations", "description_localizations"):
        if key in body:
            command[key] = body[key]
    if "guild_id" in req.params:
        command["guild_id"] = req.params["guild_id"]
    return command


@route("GET", "/applications/{app_id}/commands")
@route("GET", "/applications/{app_id}/guilds/{guild_id}/commands")
async def list_commands(server: FakeDiscord, req: BotRequest) -> web.Response:
    commands = _commands(server, req)
    if commands is None:
        return error(404, UNKNOWN_GUILD, "Unknown Guild")
    return json_response(commands)


@route("PUT", "/applications/{app_id}/commands")
@route("PUT", "/applications/{app_id}/guilds/{guild_id}/commands")
async def sync_commands(server: FakeDiscord, req: BotRequest) -> web.Response:
    commands = _commands(server, req)
    if commands is None:
        return error(404, UNKNOWN_GUILD, "Unknown Guild")
    new = [_store_command(server, req, body, commands) for body in req.body or []]
    commands[:] = new
    server.command_syncs += 1
    return json_response(new)


@route("POST", "/applications/{app_id}/commands")
@route("POST", "/applications/{app_id}/guilds/{guild_id}/commands")
async def upsert_command(server: FakeDiscord, req: BotRequest) -> web.Response:
    commands = _commands(server, req)
    if commands is None:
        return error(404, UNKNOWN_GUILD, "Unknown Guild")
    command = _store_command(server, req, req.json, commands)
    commands[:] = [c for c in commands if c["id"] != command["id"]] + [command]
    server.command_syncs += 1
    return json_response(command, status=201)


def _find_command(commands: list[dict[str, Any]] | None, command_id: str) -> dict[str, Any] | None:
    return next((c for c in commands or [] if c["id"] == command_id), None)


@route("GET", "/applications/{app_id}/commands/{command_id}")
@route("GET", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}")
async def get_command(server: FakeDiscord, req: BotRequest) -> web.Response:
    command = _find_command(_commands(server, req), req.params["command_id"])
    if command is None:
        return error(404, UNKNOWN_COMMAND, "Unknown application command")
    return json_response(command)


@route("PATCH", "/applications/{app_id}/commands/{command_id}")
@route("PATCH", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}")
async def edit_command(server: FakeDiscord, req: BotRequest) -> web.Response:
    commands = _commands(server, req)
    command = _find_command(commands, req.params["command_id"])
    if commands is None or command is None:
        return error(404, UNKNOWN_COMMAND, "Unknown application command")
    command.update({k: v for k, v in req.json.items() if k not in ("id", "application_id")})
    server.command_syncs += 1
    return json_response(command)


@route("DELETE", "/applications/{app_id}/commands/{command_id}")
@route("DELETE", "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}")
async def delete_command(server: FakeDiscord, req: BotRequest) -> web.Response:
    commands = _commands(server, req)
    command = _find_command(commands, req.params["command_id"])
    if commands is None or command is None:
        return error(404, UNKNOWN_COMMAND, "Unknown application command")
    commands.remove(command)
    return no_content()


# -- guilds --------------------------------------------------------------------


@route("GET", "/guilds/{guild_id}")
async def get_guild(server: FakeDiscord, req: BotRequest) -> web.Response:
    guild = server.get_guild(int(req.params["guild_id"]))
    if guild is None:
        return error(404, UNKNOWN_GUILD, "Unknown Guild")
    data = payloads.guild(guild, [], bot=server.bot_user, joined_at=server.bot_user.joined_at)
    for key in ("channels", "threads", "members", "presences", "voice_states"):
        data.pop(key)
    return json_response(data)


@route("GET", "/guilds/{guild_id}/channels")
async def get_guild_channels(server: FakeDiscord, req: BotRequest) -> web.Response:
    guild = server.get_guild(int(req.params["guild_id"]))
    if guild is None:
        return error(404, UNKNOWN_GUILD, "Unknown Guild")
    return json_response([payloads.channel(c) for c in guild.text_channels()])


@route("GET", "/guilds/{guild_id}/roles")
async def get_roles(server: FakeDiscord, req: BotRequest) -> web.Response:
    guild = server.get_guild(int(req.params["guild_id"]))
    if guild is None:
        return error(404, UNKNOWN_GUILD, "Unknown Guild")
    return json_response([payloads.role(r) for r in guild.roles.values()])


@route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_member(server: FakeDiscord, req: BotRequest) -> web.Response:
    guild = server.get_guild(int(req.params["guild_id"]))
    if guild is None:
        return error(404, UNKNOWN_GUILD, "Unknown Guild")
    user_id = int(req.params["user_id"])
    if user_id == server.bot_user.id:
        return json_response(payloads.member(server.bot_user, guild))
    if user_id not in guild.member_ids:
        return error(404, UNKNOWN_MEMBER, "Unknown Member")
    return json_response(payloads.member(server.users_by_id[user_id], guild))


@route("GET", "/guilds/{guild_id}/members")
async def list_members(server: FakeDiscord, req: BotRequest) -> web.Response:
    guild = server.get_guild(int(req.params["guild_id"]))
    if guild is None:
        return error(404, UNKNOWN_GUILD, "Unknown Guild")
    members = [payloads.member(server.bot_user, guild)]
    members += [payloads.member(server.users_by_id[m], guild) for m in guild.member_ids]
    return json_response(members[: int(req.query.get("limit", 1000))])


# -- channels and messages -----------------------------------------------------


def _channel(server: FakeDiscord, req: BotRequest) -> FakeChannel | None:
    return server.get_channel(int(req.params["channel_id"]))


def _channel_message(server: FakeDiscord, req: BotRequest) -> FakeMessage | None:
    """A public, live message of this channel: the only kind channel routes can reach."""
    msg = server.messages.get(int(req.params["message_id"]))
    if msg is not None and not msg.public and not msg.deleted:
        server.violate(
            "ephemeral_via_channel",
            "ephemeral messages are reachable only through the interaction webhook",
            req.route,
        )
        return None
    if msg is None or msg.deleted:
        return None
    if msg.channel_id != int(req.params["channel_id"]):
        return None
    return msg


@route("GET", "/channels/{channel_id}")
async def get_channel(server: FakeDiscord, req: BotRequest) -> web.Response:
    channel = _channel(server, req)
    if channel is None:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    if channel.is_dm:
        return json_response(
            payloads.dm_channel(channel, server.users_by_id[channel.recipient_id or 0])
        )
    return json_response(payloads.channel(channel))


@route("POST", "/channels/{channel_id}/messages")
async def create_message(server: FakeDiscord, req: BotRequest) -> web.Response:
    channel = _channel(server, req)
    if channel is None:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    nonce = req.json.get("nonce")
    if nonce is not None and len(str(nonce)) > NONCE_LENGTH:
        server.violate("nonce_length", f"nonce longer than {NONCE_LENGTH}: {nonce!r}", req.route)
        return error(400, INVALID_FORM, "Invalid Form Body")
    if channel.is_dm:
        recipient = server.users_by_id.get(channel.recipient_id or 0)
        if recipient is None or recipient.dms_closed:
            return error(403, CANNOT_DM, "Cannot send messages to this user")
    earlier = server.message_with_nonce(channel, req.json)
    if earlier is not None:  # the same post again: Discord answers with the first one
        return json_response(server.message_payload(earlier) | {"nonce": earlier.nonce})
    rejected = server.validate_message_body(req, req.json, base=None)
    if rejected is not None:
        return rejected
    msg = await server.create_message(channel, req.json, req.uploads)
    data = server.message_payload(msg)
    if msg.nonce is not None:
        data["nonce"] = msg.nonce  # echoed in the create response only, never in history
    return json_response(data)


@route("GET", "/channels/{channel_id}/messages")
async def list_messages(server: FakeDiscord, req: BotRequest) -> web.Response:
    channel = _channel(server, req)
    if channel is None:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    found = server.public_messages(channel)
    if "before" in req.query:
        found = [m for m in found if m.id < int(req.query["before"])]
    if "after" in req.query:
        found = [m for m in found if m.id > int(req.query["after"])]
    limit = int(req.query.get("limit", 50))
    found = found[:limit] if "after" in req.query else found[-limit:]
    return json_response([server.message_payload(m) for m in reversed(found)])


@route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(server: FakeDiscord, req: BotRequest) -> web.Response:
    msg = _channel_message(server, req)
    if msg is None:
        return error(404, UNKNOWN_MESSAGE, "Unknown Message")
    return json_response(server.message_payload(msg))


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def edit_message(server: FakeDiscord, req: BotRequest) -> web.Response:
    msg = _channel_message(server, req)
    if msg is None:
        return error(404, UNKNOWN_MESSAGE, "Unknown Message")
    if msg.author is not server.bot_user:
        return error(403, NOT_AUTHOR, "Cannot edit a message authored by another user")
    rejected = server.validate_message_body(req, req.json, base=msg)
    if rejected is not None:
        return rejected
    await server.edit_message(msg, req.json, req.uploads)
    return json_response(server.message_payload(msg))


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(server: FakeDiscord, req: BotRequest) -> web.Response:
    msg = _channel_message(server, req)
    if msg is None:
        return error(404, UNKNOWN_MESSAGE, "Unknown Message")
    await server.delete_message(msg)
    return no_content()


@route("POST", "/channels/{channel_id}/messages/bulk-delete")
async def bulk_delete(server: FakeDiscord, req: BotRequest) -> web.Response:
    channel = _channel(server, req)
    if channel is None:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    for message_id in req.json.get("messages", []):
        msg = server.messages.get(int(message_id))
        if msg is not None and msg.channel_id == channel.id and msg.public and not msg.deleted:
            await server.delete_message(msg)
    return no_content()


@route("POST", "/channels/{channel_id}/typing")
async def typing(server: FakeDiscord, req: BotRequest) -> web.Response:
    if _channel(server, req) is None:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    return no_content()


# -- threads -------------------------------------------------------------------


@route("POST", "/channels/{channel_id}/threads")
@route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
async def create_thread(server: FakeDiscord, req: BotRequest) -> web.Response:
    parent = _channel(server, req)
    if parent is None or parent.type != GUILD_TEXT:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    thread_id = None
    if "message_id" in req.params:
        starter = _channel_message(server, req)
        if starter is None:
            return error(404, UNKNOWN_MESSAGE, "Unknown Message")
        thread_id = starter.id  # Discord reuses the starter message's id
    kind = req.json.get("type", PUBLIC_THREAD) if thread_id is None else PUBLIC_THREAD
    if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
        return error(400, 50035, "Invalid Form Body")
    thread = await server.create_thread(
        parent,
        name=req.json.get("name", "thread"),
        kind=kind,
        auto_archive_duration=req.json.get("auto_archive_duration", 1440),
        thread_id=thread_id,
    )
    return json_response(payloads.channel(thread), status=201)


@route("PATCH", "/channels/{channel_id}")
async def edit_channel(server: FakeDiscord, req: BotRequest) -> web.Response:
    channel = _channel(server, req)
    if channel is None:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    for key in ("name", "archived", "locked", "auto_archive_duration"):
        if key in req.json:
            setattr(channel, key, req.json[key])
    event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
    await server.broadcast(event, payloads.channel(channel))
    return json_response(payloads.channel(channel))


@route("DELETE", "/channels/{channel_id}")
async def delete_channel(server: FakeDiscord, req: BotRequest) -> web.Response:
    channel = _channel(server, req)
    if channel is None:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    await server.delete_channel(channel)
    return json_response(payloads.channel(channel))


@route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
@route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
async def thread_member(server: FakeDiscord, req: BotRequest) -> web.Response:
    channel = _channel(server, req)
    if channel is None or not channel.is_thread:
        return error(404, UNKNOWN_CHANNEL, "Unknown Channel")
    return no_content()
