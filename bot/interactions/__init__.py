"""The Discord front end: commands and components, each answered once, in the player's
language."""
