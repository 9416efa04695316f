"""Clocks: when each game's next move is due, the loop that wakes for it, and computers
thinking in a worker."""
