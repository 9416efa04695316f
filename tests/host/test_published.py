"""The stored publishing record reads what this version writes, and what an
earlier version of the bot left in the database."""

from __future__ import annotations

from bot.live.public_messages import Intent, Ping, Published


def test_what_is_written_reads_back_the_same() -> None:
    published = Published(
        model={"lines": ["a"]},
        model_version=7,
        narration_from=6,
        final_due=True,
        narration_id=11,
        narration_for=6,
        narration_pictures=("reveal-1",),
        buttons=True,
        final_id=12,
        table=13,
        table_pictures=("table-7",),
        ping=Ping("turn:1", reminded=True),
        intent=Intent(7, "turn:1", mentions=True, dm=True),
        repost=True,
    )
    assert Published.from_json(published.to_json()) == published


def test_an_earlier_versions_record_is_read() -> None:
    old = {
        "reveal": {"lines": ["b"]},
        "version": 5,
        "reveal_message_id": 21,
        "reveal_pictures": ["reveal-5"],
        "ping": {"key": "turn:2"},
        "intents": {"table": True, "dm": True},
    }
    published = Published.from_json(old)
    assert published.model == {"lines": ["b"]} and published.model_version == 5
    assert published.narration_id == 21 and published.narration_pictures == ("reveal-5",)
    assert published.intent == Intent(5, "turn:2", mentions=False, dm=True)
    assert Published.from_json({}) == Published()
