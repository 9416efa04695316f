"""The small parts every layer uses: replies and Discord's limits, metrics, worker processes,
shards, the clock."""
