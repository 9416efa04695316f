"""Publishing: a game's public messages brought up to what is stored, through the person's
interaction or the channel."""
