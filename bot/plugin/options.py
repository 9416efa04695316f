"""The settings a host chooses when opening a lobby of a game: the game's own
(`Game.options`, `Presentation.options`) and the host's, which every game has
(the turn timer, the language). Both front ends offer them: `/<game> new`'s
options (`cogs.games`) and the web table's lobby (`bot.web.lobby`), in the
same catalog words, found by a fixed pattern (`option_keys`), so adding a
setting to a game adds it to both with no other edit.
"""

from __future__ import annotations

from bot.i18n import LANGUAGE_CHOICES, N_
from engine import Option

#: The host's own settings of every lobby (`bot.service.HOST_SETTINGS`).
TURN_TIMER = Option("turn_timer", ("off", "1m", "2m", "5m", "1h", "24h"), "2m")
LANGUAGE = Option("language", tuple(LANGUAGE_CHOICES))  # bot.i18n.LANGUAGES
#: Settings that are on or off are a yes/no option in Discord.
ON_OFF = ("on", "off")


#: The words of the host's own options of every `new`: its name and description.
HOST_WORDS = {
    TURN_TIMER.name: (
        N_("command.param.turn_timer.name"),
        N_("command.param.turn_timer.description"),
    ),
    LANGUAGE.name: (N_("command.param.language.name"), N_("command.param.language.description")),
}


def option_keys(command: str, option: Option) -> tuple[str, str, dict[str, str]]:
    """The message ids of an option of `/<command> new`: its name, its
    description and each choice's name. The host's own options are shared
    (their choices are the host's, `bot.i18n.translator.CHOICES`)."""
    if option.name in HOST_WORDS:
        name, description = HOST_WORDS[option.name]
        return name, description, {c: f"command.choice.{c}" for c in option.choices}
    base = f"command.{command}.param.{option.name}"
    choices = {c: f"command.{command}.choice.{option.name}.{c}" for c in option.choices}
    return f"{base}.name", f"{base}.description", choices
