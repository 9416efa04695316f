"""Game flow: lobbies, one move end to end, questions put to several seats, the moves a clock
makes, results."""
