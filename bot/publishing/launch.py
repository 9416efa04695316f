"""Open the table: the button on the lobby and the table that launches the
Activity (Discord's launch response, interaction callback type 12). Shown
only when the bot serves the Activity (`ACTIVITY_PORT`)."""

from __future__ import annotations

from bot.i18n import t
from bot.kit.reply import BLUE, Button, button, custom_id

#: Whether this process serves the Activity: set once at start-up (`bot.app.client`).
enabled = False


def open_table_button(prefix: str, game: int, row: int | None = None) -> Button | None:
    """The Open the table button, or None when the Activity is not served."""
    if not enabled:
        return None
    return button(t("activity.button.open"), custom_id(prefix, game, 0, "activity"), BLUE, row=row)
