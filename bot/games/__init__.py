"""The games that ship with the bot: a package each, holding the game's
presentation (`bot.plugin.contract.Presentation`), found by the registry."""
