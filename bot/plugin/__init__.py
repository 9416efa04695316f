"""Where a game plugs into the host: the contract a game fulfils and the
registry that finds every game. The catalogs read the games' folders from
the registry (`bot.i18n.find_catalogs`), set here, before any message is."""

from bot import i18n
from bot.plugin import registry

i18n.find_catalogs(registry.catalog_dirs)
