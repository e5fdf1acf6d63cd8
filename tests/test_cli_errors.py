"""Reading sources from the command line and its errors: refused URLs, long words, internal errors."""

from __future__ import annotations

from pathlib import Path

import pytest

import pyconf_schedule.formats
from pyconf_schedule import PyconfScheduleError, UnsupportedSourceError, read
from pyconf_schedule.cli import main
from pyconf_schedule.cli._layout import wrap_words

from ._work import growth, no_hang, steps

_SMALL = Path(__file__).parent / "golden" / "small.json"
_INTERNAL = (
    "pyconf-schedule: internal error: {detail}; this is a bug, please report it "
    "(set PYCONF_SCHEDULE_DEBUG=1 to see the traceback)\n"
)


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        (Path("https://example.org/s.ics"), "https:/example.org/s.ics"),
        (Path("http://example.org/schedule.json"), "http:/example.org/schedule.json"),
    ],
)
def test_read_refuses_a_url_that_went_through_path(source: Path, shown: str) -> None:
    """read() given a URL mangled by Path() raises UnsupportedSourceError (a ValueError) saying to give a str, not FileNotFoundError."""
    with pytest.raises(UnsupportedSourceError) as info:
        read(source)
    assert isinstance(info.value, ValueError) and isinstance(info.value, PyconfScheduleError)
    assert str(info.value) == (
        f"cannot read {shown!r}: this path looks like a URL that went through Path(), which drops a slash; give the URL as a str"
    )


def test_cli_unsupported_url_source_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """A SOURCE URL of a scheme that cannot be read exits 2 with one line saying which schemes can."""
    assert main(["list", "webdav://example.org/schedule.json"]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (
        "",
        "pyconf-schedule: error: cannot read 'webdav://example.org/schedule.json': only http:// and https:// URLs can be "
        "read; for another source, download the file and give its path\n",
    )


def _wrapped(word: str, width: int) -> list[str]:
    """The wrapped lines of ``word``; a wrap that never ends fails the test as a hang."""
    with no_hang(f"wrapping a {len(word)}-character word"):
        return wrap_words(word, width)


@pytest.mark.parametrize("letter", ["x", "漢"])
def test_wrapping_a_long_word_is_linear(letter: str) -> None:
    """Each character of a word costs the same steps to wrap at 8,000 characters as at 1,000 (re-measuring the rest of the word at each line cut was quadratic)."""
    assert growth(lambda n: steps(lambda: wrap_words(letter * n, 60)), 1000) < 1.05


def test_a_two_million_character_word_wraps_in_linear_time() -> None:
    """A 2,000,000-character word wraps into 33,333 full 60-column pieces and a 20-column rest."""
    assert _wrapped("x" * 2_000_000, 60) == ["x" * 60] * 33_333 + ["x" * 20]


def test_a_long_wide_character_word_wraps_by_columns() -> None:
    """A 200,001-character word of wide characters wraps 30 characters (60 columns) a line, the rest on the last."""
    lines = _wrapped("漢" * 200_001, 60)
    assert lines == ["漢" * 30] * 6_666 + ["漢" * 21]


def test_list_lays_out_a_long_title(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """list shows a 160,000-character title in full, wrapped to the output width."""
    path = tmp_path / "long.json"
    path.write_text(
        _SMALL.read_text(encoding="utf-8").replace("Opening: Welcome, Friends; Agenda", "þ" * 160_000), encoding="utf-8"
    )
    assert main(["list", str(path), "--width", "60"]) == 0
    out = capsys.readouterr().out
    assert out.count("þ") == 160_000
    assert max(len(line) for line in out.splitlines()) == 60


def _failing_read(*args: object, **kwargs: object) -> object:
    raise RuntimeError("reader exploded\non two lines")


def test_an_unexpected_exception_is_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unexpected exception in a command exits 2 with one line naming it as an internal error, no traceback."""
    monkeypatch.delenv("PYCONF_SCHEDULE_DEBUG", raising=False)
    monkeypatch.setattr(pyconf_schedule.formats, "read", _failing_read)
    assert main(["list", str(_SMALL)]) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", _INTERNAL.format(detail="RuntimeError: reader exploded on two lines"))


def test_an_unexpected_key_error_names_its_type(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A KeyError from a reader is reported with its type and key, exit code 2."""

    def failing(*args: object, **kwargs: object) -> object:
        raise KeyError("start")

    monkeypatch.delenv("PYCONF_SCHEDULE_DEBUG", raising=False)
    monkeypatch.setattr(pyconf_schedule.formats, "read", failing)
    assert main(["show", str(_SMALL), "opening"]) == 2
    assert capsys.readouterr().err == _INTERNAL.format(detail="KeyError: 'start'")


def test_debug_variable_adds_the_traceback(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """With PYCONF_SCHEDULE_DEBUG set, the traceback comes first and the one-line report last; the exit code stays 2."""
    monkeypatch.setenv("PYCONF_SCHEDULE_DEBUG", "1")
    monkeypatch.setattr(pyconf_schedule.formats, "read", _failing_read)
    assert main(["list", str(_SMALL)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):\n")
    assert "RuntimeError: reader exploded\non two lines\n" in err
    assert err.endswith(_INTERNAL.format(detail="RuntimeError: reader exploded on two lines"))


def test_an_error_message_with_a_line_break_stays_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line break that a value brings into an error message is escaped, so the error is still one line."""
    from pyconf_schedule.exceptions import ScheduleParseError

    def failing(*args: object, **kwargs: object) -> object:
        raise ScheduleParseError("demo", "bad value 'a\nb\u2028c'", "line 1")

    monkeypatch.setattr(pyconf_schedule.formats, "read", failing)
    assert main(["list", str(_SMALL)]) == 2
    assert capsys.readouterr().err == (
        f"pyconf-schedule: error: {_SMALL}: cannot read demo at line 1: bad value 'a\\nb\\u2028c'\n"
    )


_NO_FOLDER = "no-such-folder/d"


@pytest.mark.parametrize(
    ("argv", "file"),
    [
        (["export", "eu2026", "-o", "OUT/x.ics"], "OUT/x.ics"),
        (["export", "eu2026", "--to", "json", "-o", "OUT/x.json"], "OUT/x.json"),
        (["convert", "eu2026", "--to", "frab-xml", "-o", "OUT/x.xml"], "OUT/x.xml"),
        (["export", "eu2026", "--to", "sqlite", "-o", "OUT/x.sqlite"], "OUT/x.sqlite"),
    ],
)
def test_a_write_error_is_one_line_naming_the_file(
    argv: list[str], file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Writing into a missing folder says `cannot write FILE: cause` and nothing else (no "left out" note first)."""
    folder = tmp_path / _NO_FOLDER
    argv = [a.replace("OUT", str(folder)) for a in argv]
    code = main(argv)
    captured = capsys.readouterr()
    cause = (
        "the database cannot be written: unable to open database file"
        if file.endswith(".sqlite")
        else "No such file or directory"
    )
    assert (code, captured.out, captured.err) == (
        2,
        "",
        f"pyconf-schedule: error: cannot write {folder}/{file.split('/')[-1]}: {cause}\n",
    )


def test_a_full_device_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    """`-o /dev/full` names the file: `cannot write /dev/full: No space left on device`."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    assert (main(["export", "eu2026", "--to", "ics", "-o", "/dev/full"]), *capsys.readouterr()) == (
        2,
        "",
        "pyconf-schedule: error: cannot write /dev/full: No space left on device\n",
    )


def test_a_left_out_note_follows_a_write_that_succeeded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The note of sessions a format leaves out comes once the file is written."""
    out = tmp_path / "x.ics"
    code = main(["export", "eu2026", "-o", str(out)])
    assert (code, *capsys.readouterr()) == (
        0,
        f"wrote 54 sessions to {out}\n",
        "pyconf-schedule: note: 44 sessions (38 with a day but no time, 6 unscheduled) left out (ics needs a time): "
        "brevitas-quantization-library, cross-region-model-serving-pytorch-inference-observability-and, "
        "flexattention-flashattention-4-fast-and-flexible, flexible-deployment-of-pytorch-models-on-mcu-class, "
        "from-pretrained-to-personal-privacy-first-fine-tuning, ...\n",
    )
