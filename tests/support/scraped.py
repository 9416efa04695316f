"""The bot's Prometheus metrics as a test scrapes them (`METRICS_PORT`)."""

from __future__ import annotations

import aiohttp
from prometheus_client.parser import text_string_to_metric_families


async def scrape(port: int) -> dict[str, float]:
    """Every sample served, as `name{label="value",…}` -> value."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        text = await response.text()
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


def grew(before: dict[str, float], after: dict[str, float], name: str) -> float:
    return after.get(name, 0.0) - before.get(name, 0.0)
