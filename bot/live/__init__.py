"""The games in memory: a running game (`Live`), what it owes and shows, who is at its table."""
