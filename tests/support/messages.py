"""What players saw of a message on the loopback Discord, whatever the game."""

from __future__ import annotations

from fakediscord.models import FakeMessage


def version_texts(message: FakeMessage) -> list[str]:
    """The message's text now and in every earlier version."""
    texts = [message.text]
    for old in message.history:
        parts = [old.get("content") or ""]
        for embed in old.get("embeds") or []:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        texts.append("\n".join(parts))
    return texts
