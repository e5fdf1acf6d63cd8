"""Progress of long work (bytes read or downloaded, sessions built), told to one listener when there is one.

The library calls :func:`report` at its steps; nothing listens unless a
caller installs a listener with :func:`listening` (the command line does,
when standard error is a terminal).  Without one, a report costs one global
read.  The listener is process-wide, not per thread, so that work a reader
hands to a thread (a download under a deadline) is reported too.

>>> seen = []
>>> with listening(lambda what, done, total: seen.append((what, done, total))):
...     report("read", 10, 40)
>>> report("read", 20, 40)  # nobody listens: nothing happens
>>> seen
[('read', 10, 40)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["Listener", "listening", "report", "SESSION_STEP"]

Listener = Callable[[str, int, "int | None"], None]
"""Called with what is being done ("read", "downloaded", "sessions"), how much is done, and the total when known."""

SESSION_STEP = 1000
"""Readers report the sessions they have built every this many sessions."""

_listener: Listener | None = None


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Send every :func:`report` to ``listener`` for the block (the previous listener is restored after)."""
    global _listener
    previous, _listener = _listener, listener
    try:
        yield
    finally:
        _listener = previous


def report(what: str, done: int, total: int | None = None) -> None:
    """Tell the listener, if any, that ``done`` of ``total`` (``None``: not known) of ``what`` is done."""
    listener = _listener
    if listener is not None:
        listener(what, done, total)


def active() -> bool:
    """Whether anyone listens (readers skip the bookkeeping of progress otherwise)."""
    return _listener is not None
