"""Request parsing, Discord-shaped responses and the route table used by the REST handlers."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

if TYPE_CHECKING:
    from .server import FakeDiscord


#: The routes Discord's global rate limit does not count: an interaction's
#: callback, and the webhook routes of its token.
TOKEN_ROUTE = re.compile(r"^/(interactions/[^/]+/[^/]+/callback|webhooks/[^/]+/[^/]+)(/|$)")


@dataclass
class Upload:
    """One ``files[n]`` part of a multipart request."""

    field: str
    filename: str
    data: bytes
    content_type: str | None

    @property
    def index(self) -> int | None:
        match = re.fullmatch(r"files\[(\d+)\]", self.field)
        return int(match.group(1)) if match else None


@dataclass
class BotRequest:
    """A request from the bot, body already decoded (JSON or multipart ``payload_json``)."""

    method: str
    path: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    headers: dict[str, str]
    uploads: list[Upload] = field(default_factory=list)
    raw: bytes = b""  # the body as sent, when it is a form (OAuth2)
    at: float = field(default_factory=time.monotonic)  # when it arrived

    @property
    def route(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def global_limited(self) -> bool:
        """Whether Discord's global rate limit (50 requests a second per bot
        token, across all its shards and processes) counts this request:
        every route does but an interaction's callback and the routes of its
        token (follow-ups, and edits and deletes of what it made), which are
        not bound to the global limit."""
        return not TOKEN_ROUTE.match(self.path)

    @property
    def json(self) -> dict[str, Any]:
        return self.body if isinstance(self.body, dict) else {}

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")


#: A part's Content-Disposition as discord.py writes it (aiohttp's FormData with
#: fields unquoted): `form-data; name="…"; filename="…"`, with backslash escapes.
_PARAMETER = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')
_ESCAPE = re.compile(r"\\(.)")
_BOUNDARY = re.compile(r'boundary="?([^";]+)"?')


def part_names(disposition: str) -> tuple[str | None, str | None]:
    """A part's name and file name, from its Content-Disposition."""
    if "*=" in disposition:  # an RFC 5987 parameter: aiohttp's parser knows them
        _, params = parse_content_disposition(disposition)
        return params.get("name"), content_disposition_filename(params, "filename")
    found = {key: _ESCAPE.sub(r"\1", value) for key, value in _PARAMETER.findall(disposition)}
    return found.get("name"), found.get("filename")


def form_parts(body: bytes, content_type: str) -> list[tuple[dict[str, str], bytes]]:
    """The parts of a multipart body: each one's headers (names in lower case)
    and bytes. Read here rather than by aiohttp's reader, whose parser of a
    part's Content-Disposition builds its escape pattern anew at every call
    (128 calls of re.escape), and every move uploads a picture."""
    found = _BOUNDARY.search(content_type)
    delimiter = b"--" + found.group(1).encode() if found else b""
    if not found or not body.startswith(delimiter):
        raise web.HTTPBadRequest(text="a multipart body without its boundary")
    parts = []
    # --B CRLF part CRLF --B CRLF part CRLF --B-- : each part starts with CRLF.
    for segment in body[len(delimiter) :].split(b"\r\n" + delimiter):
        if not segment.startswith(b"\r\n"):
            break  # "--": the end
        head, _, data = segment[2:].partition(b"\r\n\r\n")
        if segment[2:].startswith(b"\r\n"):  # a part without headers
            head, data = b"", segment[4:]
        headers = {}
        for line in head.decode("utf-8").split("\r\n"):
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        parts.append((headers, data))
    return parts


async def read_request(request: web.Request, path: str) -> BotRequest:
    content_type = request.headers.get("Content-Type", "")
    body: Any = None
    uploads: list[Upload] = []
    raw = b""
    if content_type.startswith("multipart/"):
        for headers, data in form_parts(await request.read(), content_type):
            name, filename = part_names(headers.get("content-disposition", ""))
            if name == "payload_json":
                body = json.loads(data)
            elif filename is not None:
                uploads.append(
                    Upload(
                        field=name or "",
                        filename=filename,
                        data=data,
                        content_type=headers.get("content-type"),
                    )
                )
    elif content_type.startswith("application/x-www-form-urlencoded"):
        raw = await request.read()
    elif request.can_read_body:
        raw = await request.read()
        if raw:
            body = json.loads(raw)
    return BotRequest(
        method=request.method,
        path=path,
        params={},
        query=dict(request.query),
        body=body,
        headers=dict(request.headers),
        uploads=uploads,
        raw=raw if body is None else b"",
    )


def json_response(data: Any, status: int = 200) -> web.Response:
    """Exactly ``Content-Type: application/json``: discord.py compares the header verbatim."""
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
    )


def no_content() -> web.Response:
    return web.Response(status=204)


def error(status: int, code: int, message: str, **extra: Any) -> web.Response:
    return json_response({"code": code, "message": message, **extra}, status=status)


Handler = Callable[["FakeDiscord", BotRequest], Awaitable[web.Response]]


@dataclass(frozen=True)
class Route:
    method: str
    pattern: re.Pattern[str]
    handler: Handler
    needs_auth: bool


ROUTES: list[Route] = []


def route(method: str, template: str, *, auth: bool = True) -> Callable[[Handler], Handler]:
    """Register a handler; ``{name}`` in the template matches one path segment."""
    regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))

    def register(handler: Handler) -> Handler:
        ROUTES.append(Route(method, re.compile(f"^{regex}$"), handler, auth))
        return handler

    return register


def match(method: str, path: str) -> tuple[Route, dict[str, str]] | None:
    for candidate in ROUTES:
        if candidate.method != method:
            continue
        found = candidate.pattern.match(path)
        if found:
            return candidate, found.groupdict()
    return None
