"""Input limits every reader enforces (layer 0: the readers, the registry and fetching all use them)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import BinaryIO

from .exceptions import InvalidArgumentError, ScheduleParseError

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_NESTING",
    "RAISE_IT",
    "check_size",
    "default_limit",
    "input_limit",
    "limit_text",
    "over_limit_text",
    "read_at_most",
    "shown_limit",
    "size_limit",
]

MAX_INPUT_BYTES = 32 * 1024 * 1024
"""The largest default size limit of any reader (32 MiB, SQLite's): the limit where the format is not known yet.

Each format's own default is its record's ``max_bytes`` (the registry in
:mod:`pyconf_schedule.formats`, where a test holds this to the largest of
them); a download or a file whose format is still to be detected is
bounded by this one, then read within its format's."""

MAX_NESTING = 64
"""Readers refuse JSON arrays/objects and XML elements nested deeper than this."""

_LIMIT: ContextVar[int | None] = ContextVar("pyconf_schedule_max_bytes", default=None)
"""The limit the caller gave (``max_bytes``), None when none was given."""
_DEFAULT: ContextVar[int] = ContextVar("pyconf_schedule_default_max_bytes", default=MAX_INPUT_BYTES)
"""The default limit of the read in progress: its format's, else :data:`MAX_INPUT_BYTES`."""


def input_limit() -> int:
    """The size limit, in bytes, of the read in progress: the caller's ``max_bytes``, else the format's default."""
    given = _LIMIT.get()
    return _DEFAULT.get() if given is None else given


@contextmanager
def size_limit(max_bytes: int | None) -> Iterator[int]:
    """Read with ``max_bytes`` as the size limit (``None``: the current one) for the ``with`` block."""
    if max_bytes is None:
        yield input_limit()
        return
    if type(max_bytes) is not int or max_bytes < 1:
        raise InvalidArgumentError(f"max_bytes must be a positive int (a number of bytes), got {max_bytes!r}")
    token = _LIMIT.set(max_bytes)
    try:
        yield max_bytes
    finally:
        _LIMIT.reset(token)


@contextmanager
def default_limit(max_bytes: int) -> Iterator[int]:
    """Read with ``max_bytes`` as the default limit (a format's) for the ``with`` block; a ``max_bytes`` given still wins."""
    token = _DEFAULT.set(max_bytes)
    try:
        yield input_limit()
    finally:
        _DEFAULT.reset(token)


def shown_limit(limit: int) -> str:
    """``52428800 bytes (50 MiB)``: a limit as errors show it."""
    return f"{limit} bytes ({limit // 2**20} MiB)" if limit % 2**20 == 0 else f"{limit} bytes"


RAISE_IT = "to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"
"""How a too-large error says to raise the limit."""


def limit_text(limit: int) -> str:
    """``the limit is 1000 bytes`` when the caller gave it, ``the default limit is ...`` (the format's) otherwise."""
    return f"the {'' if _LIMIT.get() is not None else 'default '}limit is {shown_limit(limit)}"


def over_limit_text(limit: int) -> str:
    """``the limit of 1000 bytes`` when the caller gave it, ``the default limit of ...`` (the format's) otherwise."""
    return f"the {'' if _LIMIT.get() is not None else 'default '}limit of {shown_limit(limit)}"


def check_size(size: int, format_name: str) -> None:
    """Refuse an input of ``size`` bytes above the limit (:func:`input_limit`), naming the limit and how to raise it."""
    limit = input_limit()
    if size > limit:
        raise ScheduleParseError(format_name, f"the input is {size} bytes; {limit_text(limit)}; {RAISE_IT}")


def read_at_most(stream: BinaryIO, most: int) -> bytes:
    """``stream.read(most)``: at most ``most`` bytes of a binary file opened for reading, from where it stands.

    ``read(n)`` makes a buffer of ``n`` bytes before it reads, then shrinks it:
    with a limit as ``most`` (32 MiB and one byte) that cost 1.5 ms more for a
    3.6 MB file and 26 µs more for a 15 kB one.  Where the file says its size,
    this reads the rest of it and one byte more (the byte that tells a file
    grown since), and beyond that only a file that has grown; a pipe or a
    device, which gives no size, is read as ``read(most)`` would.
    """
    try:
        left = os.fstat(stream.fileno()).st_size - stream.tell()
    except (OSError, AttributeError, ValueError):  # not a file of the system (io.BytesIO has no fileno)
        left = -1
    if left < 0 or left + 1 >= most:
        return stream.read(most)
    data = stream.read(left + 1)
    if len(data) <= left:
        return data
    return data + stream.read(most - len(data))  # it grew since: read on, as far as the limit
