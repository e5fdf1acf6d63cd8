"""Input limits every reader enforces (layer 0: the readers, the registry and fetching all use them)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .exceptions import InvalidArgumentError, ScheduleParseError

__all__ = ["MAX_INPUT_BYTES", "MAX_NESTING", "RAISE_IT", "check_size", "input_limit", "shown_limit", "size_limit"]

MAX_INPUT_BYTES = 50 * 1024 * 1024
"""Readers refuse inputs larger than this many bytes (50 MiB) unless given ``max_bytes``."""

MAX_NESTING = 64
"""Readers refuse JSON arrays/objects and XML elements nested deeper than this."""

_LIMIT: ContextVar[int] = ContextVar("pyconf_schedule_max_bytes", default=MAX_INPUT_BYTES)


def input_limit() -> int:
    """The size limit, in bytes, of the read in progress (:data:`MAX_INPUT_BYTES` unless raised)."""
    return _LIMIT.get()


@contextmanager
def size_limit(max_bytes: int | None) -> Iterator[int]:
    """Read with ``max_bytes`` as the size limit (``None``: the current one) for the ``with`` block."""
    if max_bytes is None:
        yield _LIMIT.get()
        return
    if type(max_bytes) is not int or max_bytes < 1:
        raise InvalidArgumentError(f"max_bytes must be a positive int (a number of bytes), got {max_bytes!r}")
    token = _LIMIT.set(max_bytes)
    try:
        yield max_bytes
    finally:
        _LIMIT.reset(token)


def shown_limit(limit: int) -> str:
    """``52428800 bytes (50 MiB)``: a limit as errors show it."""
    return f"{limit} bytes ({limit // 2**20} MiB)" if limit % 2**20 == 0 else f"{limit} bytes"


RAISE_IT = "to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"
"""How a too-large error says to raise the limit."""


def check_size(size: int, format_name: str) -> None:
    """Refuse an input of ``size`` bytes above the limit (:func:`input_limit`)."""
    if size > input_limit():
        raise ScheduleParseError(
            format_name, f"the input is {size} bytes; the limit is {shown_limit(input_limit())}; {RAISE_IT}"
        )
