"""The page's files, each served under a name carrying its content's hash,
so a browser (and Discord's proxy) keeps it for a year and a new build is a
new name; compressed once, at start-up, for every browser that takes gzip.

    assets/app.<hash>.js, assets/app.<hash>.css   the client (activity/dist)
    assets/art.<hash>.svg                         the art sprite (bot.web.art)
    assets/icon.<hash>.svg, /favicon.ico          the page's icon
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

#: A year: the name changes whenever the content does.
FOREVER = "public, max-age=31536000, immutable"
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".map": "application/json",
}


@dataclass(frozen=True)
class Asset:
    name: str  # the name it is served under, with its hash
    body: bytes
    packed: bytes  # gzip, level 9
    content_type: str

    @property
    def etag(self) -> str:
        return f'"{self.name}"'


class Assets:
    """The client's files by their hashed names."""

    def __init__(self) -> None:
        self._by_name: dict[str, Asset] = {}
        self._hashed: dict[str, str] = {}  # plain name -> hashed name

    def add(self, plain: str, body: bytes) -> Asset:
        stem, dot, ext = plain.rpartition(".")
        digest = hashlib.sha256(body).hexdigest()[:12]
        name = f"{stem}.{digest}{dot}{ext}"
        asset = Asset(name, body, gzip.compress(body, 9, mtime=0), TYPES[f".{ext}"])
        self._by_name[name] = asset
        self._hashed[plain] = name
        return asset

    def add_file(self, path: Path) -> Asset | None:
        return self.add(path.name, path.read_bytes()) if path.exists() else None

    def url(self, plain: str) -> str:
        """The page's link to a file (relative: Discord's proxy serves it under the page)."""
        return f"assets/{self._hashed.get(plain, plain)}"

    def has(self, plain: str) -> bool:
        return plain in self._hashed

    def get(self, name: str) -> Asset | None:
        return self._by_name.get(name)

    def weight(self) -> dict[str, tuple[int, int]]:
        """Each file's bytes as stored and as sent compressed."""
        return {a.name: (len(a.body), len(a.packed)) for a in self._by_name.values()}

    def response(self, request: web.Request, asset: Asset) -> web.Response:
        headers = {"Cache-Control": FOREVER, "ETag": asset.etag, "Vary": "Accept-Encoding"}
        if request.headers.get("If-None-Match") == asset.etag:
            return web.Response(status=304, headers=headers)
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            headers["Content-Encoding"] = "gzip"
            body = asset.packed
        else:
            body = asset.body
        return web.Response(body=body, headers={**headers, "Content-Type": asset.content_type})
