"""What every part of storage shares: its base error, "leave as it is", the clock."""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Literal

__all__ = ["KEEP", "Keep", "StorageError", "utc_now"]


class StorageError(Exception):
    """Base class of the errors a caller is expected to handle."""


class _Keep(enum.Enum):
    KEEP = enum.auto()


# "Leave this column as it is" for partial updates, where None means "clear it".
Keep = Literal[_Keep.KEEP]
KEEP: Keep = _Keep.KEEP


def utc_now() -> datetime:
    return datetime.now(UTC)
