"""Input limits every reader enforces (kept apart so the registry imports nothing heavy)."""

from __future__ import annotations

from ..exceptions import ScheduleParseError

__all__ = ["MAX_INPUT_BYTES", "MAX_NESTING", "check_size"]

MAX_INPUT_BYTES = 50 * 1024 * 1024
"""Readers refuse inputs larger than this many bytes (50 MiB)."""

MAX_NESTING = 64
"""Readers refuse JSON arrays/objects and XML elements nested deeper than this."""


def check_size(size: int, format_name: str) -> None:
    """Refuse an input of ``size`` bytes above :data:`MAX_INPUT_BYTES`."""
    if size > MAX_INPUT_BYTES:
        raise ScheduleParseError(
            format_name,
            f"the input is {size} bytes; the limit is {MAX_INPUT_BYTES} bytes ({MAX_INPUT_BYTES // 2**20} MiB)",
        )
