"""Progress reports of long work: what the readers and downloads tell a listener, and nothing without one."""

from __future__ import annotations

import doctest
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pyconf_schedule import Conference, Session, _progress, dumps, formats, loads


def _big(count: int) -> Conference:
    start = datetime(2026, 4, 7, 9, tzinfo=UTC)
    sessions = [Session(id=f"s{i}", title=f"Talk {i}", start=start + timedelta(minutes=i), end=start + timedelta(minutes=i + 1))
                for i in range(count)]  # fmt: skip
    return Conference(id="big", name="Big", timezone="UTC", sessions=sessions)


def test_docstring_examples_hold() -> None:
    """The module's example runs as written."""
    result = doctest.testmod(_progress)
    assert (result.failed, result.attempted > 0) == (0, True)


def test_reading_a_file_reports_bytes_and_sessions(tmp_path: Path) -> None:
    """formats.read reports the bytes read, a MiB at a time, and every 1000 sessions the native reader builds.

    The native reader parses a session at a time (the document is never whole), so the sessions' total is not known.
    """
    path = tmp_path / "big.json"
    path.write_text(dumps(_big(2500), "json"), encoding="utf-8")
    size = path.stat().st_size
    seen: list[tuple[str, int, int | None]] = []
    with _progress.listening(lambda what, done, total: seen.append((what, done, total))):
        formats.read(path)
    assert (size > 1 << 20, seen) == (
        True,
        [("read", 1 << 20, size), ("read", size, size), ("sessions", 1000, None), ("sessions", 2000, None)],
    )


def test_the_frab_readers_report_sessions_built() -> None:
    """frab XML and c3voc JSON report every 1000 events they build."""
    text = dumps(_big(2000), "frab-xml")
    seen: list[tuple[str, int, int | None]] = []
    with _progress.listening(lambda what, done, total: seen.append((what, done, total))):
        loads(text, "frab-xml")
    assert seen == [("sessions", 1000, 2000), ("sessions", 2000, 2000)]


def test_without_a_listener_nothing_is_reported(tmp_path: Path) -> None:
    """No listener: reading works as before and the listener slot stays empty after a block ends."""
    with _progress.listening(lambda what, done, total: None):
        pass
    assert (_progress.active(), len(loads(dumps(_big(1500), "json"), "json").sessions)) == (False, 1500)
