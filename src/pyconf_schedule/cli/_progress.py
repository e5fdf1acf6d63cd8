"""Progress on standard error, for long reads on a terminal: bytes read or downloaded, sessions built.

Shown only when standard error is a terminal, ``--quiet`` is not given and
the work has run :data:`DELAY` seconds; one line, rewritten in place at most
every :data:`INTERVAL` seconds and cleared when the work ends, so nothing
of it stays on screen or reaches a pipe.  The library reports the steps
(:mod:`pyconf_schedule._progress`); this module only lays them out.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

DELAY = 1.0
"""Seconds of work before progress is shown: quick work shows none."""
INTERVAL = 0.1
"""Seconds between two updates of the line."""
CLOCK: Callable[[], float] = time.monotonic
"""The clock progress is timed by (the tests give a fake one)."""


class _Line:
    """A listener that writes the latest report on one line of ``stream`` once ``DELAY`` has passed."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.started = CLOCK()
        self.shown_at: float | None = None
        self.width = 0

    def __call__(self, what: str, done: int, total: int | None) -> None:
        now = CLOCK()
        if now - self.started < DELAY or (self.shown_at is not None and now - self.shown_at < INTERVAL):
            return
        self.shown_at = now
        text = progress_text(what, done, total)
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = max(self.width, len(text))

    def clear(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def progress_text(what: str, done: int, total: int | None) -> str:
    """The line for one report.

    >>> progress_text("read", 12_500_000, 40_000_000), progress_text("downloaded", 3_000_000, None)
    ('reading: 12.5 of 40.0 MB', 'downloading: 3.0 MB')
    >>> progress_text("sessions", 2000, 5000)
    'building sessions: 2000 of 5000'
    """
    if what == "sessions":
        return f"building sessions: {done}" + (f" of {total}" if total else "")
    verb = {"read": "reading", "downloaded": "downloading"}.get(what, what)
    if total:
        return f"{verb}: {done / 1e6:.1f} of {total / 1e6:.1f} MB"
    return f"{verb}: {done / 1e6:.1f} MB"


@contextmanager
def showing_progress(stream: TextIO) -> Iterator[None]:
    """For the block, the library's progress reports on one line of ``stream`` (a terminal)."""
    from .._progress import listening

    line = _Line(stream)
    try:
        with listening(line):
            yield
    finally:
        line.clear()  # before any error or output is written
