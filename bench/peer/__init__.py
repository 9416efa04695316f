"""Our side of the comparison with the peer's published bots and engine.

The peer's code is not in this repository: the user provides a bundle of it
(see docs/computer-players.md); `driver.cjs` loads it under Node.
"""
