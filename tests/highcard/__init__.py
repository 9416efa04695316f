"""High Card, a small game that lives only here, in the tests' folders: its
rules in `engine/`, its presentation in `bot/`. Found through `GAME_PACKAGES`
(`engine.games`, `bot.plugin.registry`), it proves that a game plugs into the
host without a host file knowing it."""
