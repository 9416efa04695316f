"""Interaction callback and the webhook routes behind follow-ups and ``@original``."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import rules
from .interactions import (
    ALLOWED_CALLBACKS,
    APPLICATION_COMMAND,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    LAUNCH_ACTIVITY,
    MODAL,
    UPDATE_MESSAGE,
    CallbackResponse,
    InteractionResult,
)
from .models import FLAG_EPHEMERAL, FLAG_LOADING, FakeMessage
from .routes_activity import launch
from .routes_rest import UNKNOWN_MESSAGE
from .routing import BotRequest, error, json_response, no_content, route

if TYPE_CHECKING:
    from .server import FakeDiscord

UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
INVALID_WEBHOOK_TOKEN = 50027

# Message types used for responses.
DEFAULT_MESSAGE = 0
CHAT_INPUT_COMMAND = 20


@route("POST", "/interactions/{interaction_id}/{token}/callback", auth=False)
async def interaction_callback(server: FakeDiscord, req: BotRequest) -> web.Response:
    received = time.monotonic()
    rec = server.interactions.get(req.params["token"])
    if rec is None or str(rec.id) != req.params["interaction_id"]:
        server.violate("unknown_interaction", "callback for an interaction never sent", req.route)
        return error(404, UNKNOWN_INTERACTION, "Unknown interaction")
    if rec.response is not None:
        server.violate(
            "already_acknowledged",
            f"second initial response (type {req.json.get('type')}) to interaction {rec.id}",
            req.route,
            rec,
        )
        return error(400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.")
    elapsed = received - rec.dispatched_at
    if elapsed > server.response_deadline:
        server.violate(
            "response_deadline",
            f"initial response after {elapsed:.2f}s (limit {server.response_deadline:g}s)",
            req.route,
            rec,
        )
        rec.answered.set()
        return error(404, UNKNOWN_INTERACTION, "Unknown interaction")

    kind = req.json.get("type")
    data: dict[str, Any] = req.json.get("data") or {}
    rejected = _check_callback(server, req, rec, kind, data)
    if rejected is not None:
        rec.answered.set()
        return rejected

    assert isinstance(kind, int)  # _check_callback refused any other
    response = CallbackResponse(type=kind, data=data, elapsed=elapsed)
    rec.response = response
    message = await _apply_callback(server, req, rec, kind, data)
    response.message = message
    rec.answered.set()
    if not req.flag("with_response"):
        return no_content()
    return json_response(_callback_body(server, rec, kind, message))


def _check_callback(
    server: FakeDiscord,
    req: BotRequest,
    rec: InteractionResult,
    kind: Any,
    data: dict[str, Any],
) -> web.Response | None:
    allowed = set(ALLOWED_CALLBACKS.get(rec.type, set()))
    if rec.source_message is None:
        allowed -= {DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE}
    if kind not in allowed:
        server.violate(
            "invalid_callback_type",
            f"callback type {kind} is not valid for interaction type {rec.type}",
            req.route,
            rec,
        )
        return error(400, 50035, "Invalid Form Body", errors={"type": {"_errors": []}})
    problems: list[rules.Problem] = []
    if kind == CHANNEL_MESSAGE:
        return server.validate_message_body(req, data, base=None, interaction=rec)
    if kind == UPDATE_MESSAGE:
        return server.validate_message_body(req, data, base=rec.source_message, interaction=rec)
    if kind == AUTOCOMPLETE_RESULT:
        problems = rules.check_choices(data.get("choices") or [])
    elif kind == MODAL:
        problems = rules.check_modal(data)
    if problems:
        return server.reject(problems, req.route, rec)
    return None


async def _apply_callback(
    server: FakeDiscord,
    req: BotRequest,
    rec: InteractionResult,
    kind: int,
    data: dict[str, Any],
) -> FakeMessage | None:
    msg_type = CHAT_INPUT_COMMAND if rec.type == APPLICATION_COMMAND else DEFAULT_MESSAGE
    rec.uploaded = sum(len(upload.data) for upload in req.uploads)
    if kind == CHANNEL_MESSAGE:
        rec.original = await server.create_message(
            rec.channel, data, req.uploads, interaction=rec, msg_type=msg_type
        )
    elif kind == DEFERRED_CHANNEL_MESSAGE:
        flags = FLAG_LOADING | ((data.get("flags") or 0) & FLAG_EPHEMERAL)
        rec.original = await server.create_message(
            rec.channel, {"content": "", "flags": flags}, [], interaction=rec, msg_type=msg_type
        )
    elif kind == DEFERRED_UPDATE_MESSAGE:
        rec.original = rec.source_message
    elif kind == LAUNCH_ACTIVITY:
        rec.activity_instance = launch(server, rec.user, rec.channel)
    elif kind == UPDATE_MESSAGE and rec.source_message is not None:
        rec.original = rec.source_message
        await server.edit_message(rec.source_message, data, req.uploads)
    return rec.original if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE) else None


def _callback_body(
    server: FakeDiscord, rec: InteractionResult, kind: int, message: FakeMessage | None
) -> dict[str, Any]:
    interaction: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
    if rec.original is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
        interaction |= {
            "response_message_id": str(rec.original.id),
            "response_message_loading": rec.original.loading,
            "response_message_ephemeral": rec.original.ephemeral,
        }
    elif rec.original is not None and kind == UPDATE_MESSAGE:
        interaction["response_message_id"] = str(rec.original.id)
    resource: dict[str, Any] = {"type": kind}
    if kind == LAUNCH_ACTIVITY and rec.activity_instance is not None:
        interaction["activity_instance_id"] = rec.activity_instance
        resource["activity_instance"] = {"id": rec.activity_instance}
    if message is not None:
        resource["message"] = server.message_payload(message)
    return {"interaction": interaction, "resource": resource}


# -- webhooks: follow-ups and @original ------------------------------------------


def _webhook_interaction(
    server: FakeDiscord, req: BotRequest
) -> tuple[InteractionResult | None, web.Response | None]:
    rec = server.interactions.get(req.params["token"])
    if rec is None or req.params["app_id"] != str(server.application_id):
        server.violate("unknown_webhook", "webhook call with an unknown token", req.route)
        return None, error(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
    age = server.clock.monotonic() - rec.created_at
    if age > server.token_lifetime:
        server.violate(
            "token_expired",
            f"interaction token used {age / 60:.1f} min after the interaction "
            f"(lifetime {server.token_lifetime / 60:g} min)",
            req.route,
            rec,
        )
        return None, error(401, INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
    if rec.response is None:
        server.violate(
            "not_acknowledged",
            "follow-up/original used before the interaction was acknowledged",
            req.route,
            rec,
        )
        return None, error(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
    return rec, None


def _target(rec: InteractionResult, message_id: str) -> FakeMessage | None:
    if message_id == "@original":
        msg = rec.original
    else:
        msg = next((m for m in rec.messages if str(m.id) == message_id), None)
    return None if msg is None or msg.deleted else msg


def _webhook_message(
    server: FakeDiscord, req: BotRequest, missing: str | None = None
) -> tuple[InteractionResult, FakeMessage] | web.Response:
    """The interaction and message a `/webhooks/.../messages/{id}` route names,
    or Discord's 404; `missing`, if given, also records the miss as a violation."""
    rec, failed = _webhook_interaction(server, req)
    if rec is None:
        return failed or error(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
    msg = _target(rec, req.params["message_id"])
    if msg is None:
        if missing is not None:
            server.violate("unknown_message", missing, req.route, rec)
        return error(404, UNKNOWN_MESSAGE, "Unknown Message")
    return rec, msg


@route("POST", "/webhooks/{app_id}/{token}", auth=False)
async def followup(server: FakeDiscord, req: BotRequest) -> web.Response:
    rec, failed = _webhook_interaction(server, req)
    if rec is None:
        return failed or error(404, UNKNOWN_WEBHOOK, "Unknown Webhook")
    original = rec.original
    if original is not None and original.loading:
        # The first follow-up after a deferred "thinking" reply replaces it and keeps
        # the ephemeral choice made when deferring.
        rejected = server.validate_message_body(req, req.json, base=original, interaction=rec)
        if rejected is not None:
            return rejected
        await server.edit_message(original, req.json, req.uploads, finish_loading=True)
        msg = original
    else:
        rejected = server.validate_message_body(req, req.json, base=None, interaction=rec)
        if rejected is not None:
            return rejected
        msg = await server.create_message(rec.channel, req.json, req.uploads, interaction=rec)
        rec.followups.append(msg)
    if not req.flag("wait"):
        return no_content()
    return json_response(server.message_payload(msg))


@route("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", auth=False)
async def get_webhook_message(server: FakeDiscord, req: BotRequest) -> web.Response:
    found = _webhook_message(server, req)
    if isinstance(found, web.Response):
        return found
    _, msg = found
    return json_response(server.message_payload(msg))


@route("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", auth=False)
async def edit_webhook_message(server: FakeDiscord, req: BotRequest) -> web.Response:
    found = _webhook_message(server, req, missing="edit of a missing interaction message")
    if isinstance(found, web.Response):
        return found
    rec, msg = found
    rejected = server.validate_message_body(req, req.json, base=msg, interaction=rec)
    if rejected is not None:
        return rejected
    await server.edit_message(msg, req.json, req.uploads, finish_loading=True)
    return json_response(server.message_payload(msg))


@route("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", auth=False)
async def delete_webhook_message(server: FakeDiscord, req: BotRequest) -> web.Response:
    found = _webhook_message(server, req)
    if isinstance(found, web.Response):
        return found
    _, msg = found
    await server.delete_message(msg)
    return no_content()
