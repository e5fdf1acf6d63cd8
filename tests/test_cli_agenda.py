"""The agenda command: add, remove, show, clashes, free and export, with the usual errors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyconf_schedule.cli import EXIT_ERROR, EXIT_NOTHING_FOUND, EXIT_OK, main
from ._cli import run

KV = "kv-cache-centric-inference-building-a-state-aware"
MONARCH = "bringing-pytorch-monarch-to-amd-gpus-single-controller"


@pytest.fixture
def agenda_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
    """An agenda file with four picks of 8 April in eu2026, two of them clashing, in the working folder."""
    monkeypatch.chdir(tmp_path)
    path = "my.json"
    code, out, err = run(capsys, "agenda", path, "add", "eu2026", "pytorch-cto", "vllm-ray-updates", KV, MONARCH)
    assert (code, err) == (EXIT_OK, "")
    assert out == (
        f"added 4; 4 picks in {path}\n"
        f"note: 1 clash and 0 possible; see 'pyconf-schedule agenda {path} clashes'\n"
    )
    return path


def test_add_writes_the_agenda_file(agenda_file: str) -> None:
    """The first add creates the versioned file with the four picks."""
    document = json.loads(Path(agenda_file).read_text(encoding="utf-8"))
    assert document["format"] == "pyconf-schedule-agenda"
    assert [p["session"] for p in document["picks"]] == ["pytorch-cto", "vllm-ray-updates", KV, MONARCH]


def test_clashes_lists_the_overlapping_picks(agenda_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """clashes prints each clash with its overlap; --json gives the same as records."""
    code, out, _ = run(capsys, "agenda", agenda_file, "clashes")
    assert code == EXIT_OK
    assert out.splitlines()[0] == "overlap 10 min:"
    assert out.splitlines()[1].startswith(f"  2026-04-08 11:05–11:15  {KV}  KV-Cache Centric Inference")
    code, out, _ = run(capsys, "agenda", agenda_file, "clashes", "--json")
    assert json.loads(out) == [{"first": KV, "second": MONARCH, "overlap_minutes": 10.0, "possible": False}]


def test_free_in_another_zone(agenda_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """free DAY --tz prints the gaps in that zone."""
    code, out, _ = run(capsys, "agenda", agenda_file, "free", "2026-04-08", "--tz", "America/New_York")
    assert (code, out) == (EXIT_OK, "Free on 2026-04-08 (EDT):\n  03:25-05:05 (1 h 40 min)\n  05:30-09:50 (4 h 20 min)\n")
    code, _, err = run(capsys, "agenda", agenda_file, "free", "2026-05-01")
    assert code == EXIT_NOTHING_FOUND
    assert err == "pyconf-schedule: no free time on 2026-05-01: no session that day, or the picks fill it\n"


def test_remove_and_show(agenda_file: str, capsys: pytest.CaptureFixture[str]) -> None:
    """remove drops a pick; show lists the rest with ids; removing a non-pick is an error with a hint."""
    code, out, _ = run(capsys, "agenda", agenda_file, "remove", KV)
    assert (code, out) == (EXIT_OK, f"removed 1; 3 picks in {agenda_file}\n")
    code, out, _ = run(capsys, "agenda", agenda_file, "show")
    assert code == EXIT_OK
    assert [line.strip() for line in out.splitlines() if line.strip().startswith("id: ")] == [
        "id: pytorch-cto", "id: vllm-ray-updates", f"id: {MONARCH}",
    ]  # fmt: skip
    code, _, err = run(capsys, "agenda", agenda_file, "remove", "pytorch-ct")
    assert code == EXIT_ERROR
    assert err == (
        "pyconf-schedule: error: session 'pytorch-ct' not found (did you mean 'pytorch-cto'?)\n"
        f"hint: 'pyconf-schedule agenda {agenda_file} show' lists the picks with their ids\n"
    )


def test_export_infers_the_format_from_the_suffix(agenda_file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """export -o my.ics writes iCalendar with one event a pick; a name without suffix is refused, listing the suffixes."""
    target = tmp_path / "my.ics"
    code, out, _ = run(capsys, "agenda", agenda_file, "export", "-o", "my.ics")
    assert (code, out) == (EXIT_OK, "wrote 4 picks to my.ics\n")
    assert target.read_text(encoding="utf-8").count("BEGIN:VEVENT") == 4
    code, _, err = run(capsys, "agenda", agenda_file, "export", "-o", "mine")
    assert code == EXIT_ERROR
    assert err == (
        "pyconf-schedule: error: the file name 'mine' has no suffix to tell the format; "
        "use one of .json, .ics, .ical, .csv, .md, .markdown, .xml, .html, .htm, .sqlite, .sqlite3, .db, or give the format\n"
    )


def test_errors_of_agenda(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A missing agenda file, an unknown id and a file that is no agenda each give one error line and exit code 2."""
    monkeypatch.chdir(tmp_path)
    missing = "none.json"
    code, _, err = run(capsys, "agenda", missing, "show")
    assert (code, err) == (
        EXIT_ERROR,
        f"pyconf-schedule: error: no such agenda file: '{missing}'\n"
        f"hint: create it with: pyconf-schedule agenda {missing} add DATASET ID...\n",
    )
    code, _, err = run(capsys, "agenda", missing, "add", "eu2026", "pytorch-update")
    assert (code, err) == (
        EXIT_ERROR,
        "pyconf-schedule: error: session 'pytorch-update' not found (did you mean 'pytorch-updates'?)\n"
        "hint: 'pyconf-schedule list eu2026 --ids' shows the session ids\n",
    )
    assert not Path(missing).exists()
    other = tmp_path / "other.json"
    other.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "agenda", str(other), "clashes")
    assert code == EXIT_ERROR
    assert err.startswith("pyconf-schedule: error: cannot read agenda: other.json is not an agenda file")
