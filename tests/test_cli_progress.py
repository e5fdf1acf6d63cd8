"""Progress on standard error: on a terminal (a pseudo-terminal here) after the delay, never in a pipe or with --quiet."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import cast

import pytest

import pyconf_schedule.cli._progress as shown
from pyconf_schedule import Conference, Session, dumps
from pyconf_schedule.cli import main

pty = pytest.importorskip("pty")


@pytest.fixture
def big(tmp_path: Path) -> Path:
    """A native JSON file of 2500 sessions: two steps of 1000 sessions built."""
    start = datetime(2026, 4, 7, 9, tzinfo=UTC)
    sessions = [Session(id=f"s{i}", title=f"Talk {i}", start=start + timedelta(minutes=i), end=start + timedelta(minutes=i + 1))
                for i in range(2500)]  # fmt: skip
    path = tmp_path / "big.json"
    path.write_text(
        dumps(Conference(id="big", name="Big", timezone="UTC", sessions=sessions), "json"), encoding="utf-8"
    )
    return path


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], int]]:
    """A pseudo-terminal: calling the fixture's value puts standard error on its follower side (in the test itself,
    after pytest's capture has set its own) and gives the leader's descriptor, to read what was shown."""
    leader, follower = cast("tuple[int, int]", pty.openpty())
    stream = open(follower, "w", encoding="utf-8", closefd=True)  # noqa: SIM115 (lives as long as the fixture; closed after its yield)

    def attach() -> int:
        monkeypatch.setattr(sys, "stderr", stream)
        return leader

    yield attach
    stream.close()
    os.close(leader)


def _shown(leader: int) -> str:
    """Everything written to the terminal: read until it has nothing more (the pseudo-terminal hands bytes on a little later)."""
    import select

    sys.stderr.flush()
    chunks = []
    while select.select([leader], [], [], 2.0)[0]:
        chunk = os.read(leader, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8")


def _ticking(monkeypatch: pytest.MonkeyPatch, step: float) -> None:
    """A fake clock for the progress line: each reading is ``step`` seconds after the one before."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    monkeypatch.setattr(shown, "CLOCK", clock)


def test_progress_is_shown_on_a_terminal_and_cleared(
    capsys: pytest.CaptureFixture[str], big: Path, terminal: Callable[[], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the delay, bytes read (a MiB at a time) and sessions built are shown on one line, rewritten, then cleared."""
    leader = terminal()
    _ticking(monkeypatch, 1.0)
    size = big.stat().st_size
    assert (size > 1 << 20, main(["list", str(big), "--id", "s0"])) == (True, 0)
    lines = [
        f"reading: 1.0 of {size / 1e6:.1f} MB",
        f"reading: {size / 1e6:.1f} of {size / 1e6:.1f} MB",
        "building sessions: 1000",
        "building sessions: 2000",
    ]  # fmt: skip: parsed one at a time, of no known total
    widths = [0, *(max(map(len, lines[: i + 1])) for i in range(len(lines)))]  # each line covers the longest before it
    assert (
        _shown(leader)
        == "".join(f"\r{line.ljust(widths[i])}" for i, line in enumerate(lines)) + f"\r{' ' * widths[-1]}\r"
    )
    assert capsys.readouterr() == (_S0, "")


_S0 = "Big — times in UTC\n\nTuesday 7 April 2026\n  09:00–09:01  Talk 0\n"


def test_quick_work_shows_nothing(
    capsys: pytest.CaptureFixture[str], big: Path, terminal: Callable[[], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Work that ends before the delay shows no progress at all."""
    leader = terminal()
    _ticking(monkeypatch, 0.0001)
    assert (main(["list", str(big), "--id", "s0"]), _shown(leader), capsys.readouterr().out) == (0, "", _S0)


def test_quiet_shows_nothing(
    capsys: pytest.CaptureFixture[str], big: Path, terminal: Callable[[], int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--quiet keeps standard error free of progress, on a terminal too."""
    leader = terminal()
    _ticking(monkeypatch, 1.0)
    assert (main(["list", str(big), "--id", "s0", "--quiet"]), _shown(leader), capsys.readouterr().out) == (0, "", _S0)


def test_a_pipe_gets_no_progress(
    big: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Standard error that is not a terminal (a pipe, a file) gets no progress line."""
    _ticking(monkeypatch, 1.0)
    assert (main(["list", str(big), "--id", "s0"]), *capsys.readouterr()) == (0, _S0, "")
