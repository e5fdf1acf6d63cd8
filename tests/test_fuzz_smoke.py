"""A short seeded pass of the fuzzer (tests/fuzz_readers.py) over every readable format and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from . import fuzz_readers

FOLDERS = fuzz_readers.SEED_FOLDERS[:2]
"""tests/golden and tests/hostile: the shared samples are larger and slower to read, so the by-hand runs take them."""


@pytest.mark.parametrize("format_name", fuzz_readers.READABLE)  # every reader in the registry
def test_seeded_fuzz_pass_finds_nothing(format_name: str, tmp_path: Path) -> None:
    """Three hundred seeded mutations of the golden files and the corpus give a Conference or a ScheduleParseError, none hanging."""
    lines: list[str] = []
    stats = fuzz_readers.run(
        [format_name],
        inputs=300,
        seed=20261201,
        crashes=tmp_path,
        slow=None,
        folders=FOLDERS,
        report=lines.append,
    )
    assert (stats.tried, stats.crashes, stats.slow, lines) == (300, 0, 0, [])


def test_seeded_cli_pass_finds_nothing(tmp_path: Path) -> None:
    """One hundred seeded inputs through `pyconf-schedule list` exit 0, 1 or 2, with one error line free of control characters on exit 2, none hanging."""
    lines: list[str] = []
    stats = fuzz_readers.run(
        list(fuzz_readers.READABLE),
        inputs=100,
        seed=7,
        crashes=tmp_path,
        slow=None,
        cli=True,
        folders=FOLDERS,
        report=lines.append,
    )
    assert (stats.tried, stats.crashes, stats.slow, lines) == (100, 0, 0, [])


def test_a_crash_is_saved_and_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception other than ScheduleParseError is counted, saved with a description, and printed once."""
    import pyconf_schedule

    def explode(data: str | bytes, format: str, *, file_tz: str | None = None) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(pyconf_schedule, "loads", explode)
    lines: list[str] = []
    stats = fuzz_readers.run(["ics"], inputs=3, seed=1, crashes=tmp_path, report=lines.append)
    assert (stats.tried, stats.crashes, stats.slow, len(stats.findings), len(lines)) == (3, 3, 0, 1, 1)
    assert lines[0].startswith("crash (ics): KeyError: 'boom' -> ")
    (saved,) = sorted(tmp_path.glob("*.txt"))
    assert saved.read_text(encoding="utf-8").startswith("crash reading ics")


def test_main_prints_the_summary_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The command prints its summary last and exits 0 when nothing is found (--slow 0: only a hang would count)."""
    code = fuzz_readers.main(
        [
            "--format",
            "json",
            "--inputs",
            "10",
            "--seed",
            "3",
            "--engine",
            "mutator",
            "--crashes",
            str(tmp_path),
            "--slow",
            "0",
        ]
    )
    assert code == 0
    assert capsys.readouterr().out.splitlines()[-1] == "fuzz: 10 inputs tried, 0 crashes, 0 slow inputs (0 distinct)"


def test_a_failed_round_trip_is_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that reads but whose conference cannot be written back is counted as a crash, named as a round trip."""
    import pyconf_schedule.formats

    def refuse(obj: object, format: str, *, tz: str | None = None) -> str:
        raise OverflowError("date value out of range")

    monkeypatch.setattr(pyconf_schedule.formats, "dumps", refuse)
    (seed,) = [data for data in fuzz_readers.seed_inputs("json", FOLDERS[:1]) if b'"sessions"' in data][:1]
    finding = fuzz_readers.check_reader(seed, "json", slow=None)
    assert finding is not None
    assert (finding.kind, finding.summary) == ("round-trip", "write json: OverflowError: date value out of range")
