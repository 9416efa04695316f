"""Where a game plugs into the host: the contract a game fulfils and the registry that finds
every game."""
