"""The command line as a new user meets it: help examples that run, day and format messages, exit codes."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from pyconf_schedule import ScheduleParseError, TimeParseError, UnknownFormatError, load, read, write
from pyconf_schedule.cli import EXIT_ERROR, EXIT_OK, build_parser

from ._cli import run


def _help_examples() -> list[list[str]]:
    """The argv of every example in the help of every command (the agenda's actions included)."""
    parser = build_parser()
    examples: list[list[str]] = []
    for command in parser.commands.values():
        for line in (command.epilog or "").splitlines():
            if line.startswith("  pyconf-schedule "):
                examples.append(shlex.split(line)[1:])
    return examples


def test_every_help_example_that_uses_a_dataset_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each help example reading a dataset (or the agenda it builds) ends without a usage error."""
    monkeypatch.chdir(tmp_path)
    ran = []
    for argv in _help_examples():
        if argv[0] in ("convert", "diff") or any(w.startswith("schedule.") or "://" in w for w in argv):
            # a file or URL the reader brings
            continue
        if argv[0] == "mcp":  # serves until its client closes: tests/test_mcp.py drives it over stdio
            continue
        code, _, err = run(capsys, *argv)
        ran.append(argv[0])
        assert code != EXIT_ERROR, (argv, err)
    assert sorted(set(ran)) == ["agenda", "datasets", "export", "list", "next", "now", "search", "show", "speakers"]


def test_show_example_of_the_help_finds_one_session(capsys: pytest.CaptureFixture[str]) -> None:
    """show eu2026 "monarch amd" picks the one session with both words in its title."""
    code, out, err = run(capsys, "show", "eu2026", "monarch amd", "--tz", "America/New_York")
    assert (code, err) == (EXIT_OK, "")
    assert out.splitlines()[2].startswith("Bringing PyTorch Monarch to AMD GPUs")


@pytest.mark.parametrize(
    ("day", "message"),
    [
        ("2026-04-31", "'2026-04-31' is not a day: there is no 31 April 2026; April 2026 has 30 days"),
        ("2026-02-29", "'2026-02-29' is not a day: there is no 29 February 2026; February 2026 has 28 days"),
        ("2026-13-01", "'2026-13-01' is not a day: there is no month 13; months run from 01 to 12"),
    ],
)
def test_a_day_that_does_not_exist_is_named_so(capsys: pytest.CaptureFixture[str], day: str, message: str) -> None:
    """--day with a well-formed date that no calendar has says the day does not exist, not the form."""
    assert run(capsys, "list", "eu2026", "--day", day) == (EXIT_ERROR, "", f"pyconf-schedule: error: {message}\n")
    with pytest.raises(TimeParseError) as info:
        load("eu2026").on(day)
    assert str(info.value) == message


def test_csv_is_refused_with_one_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """read() and the command line say the same about a csv file: it is write-only."""
    path = tmp_path / "talks.csv"
    write(load("eu2026").by_speaker("Liz Li"), path)
    with pytest.raises(ScheduleParseError) as info:
        read(path)
    reason = (
        "this looks like csv, which cannot be read back (csv, markdown, html, llms and parquet are write-only); "
        "readable formats: json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico; save as json to keep a schedule you can read again"
    )
    assert info.value.reason == reason
    code, _, err = run(capsys, "list", str(path))
    message, _, hint = reason.partition("; ")
    assert (code, err) == (EXIT_ERROR, f"pyconf-schedule: error: {path}: {message}\nhint: {hint}\n")


def test_from_with_a_time_points_to_at(capsys: pytest.CaptureFixture[str]) -> None:
    """now --from "2026-04-08 11:10" says --from names a format and points to --at."""
    assert run(capsys, "now", "eu2026", "--from", "2026-04-08 11:10") == (
        EXIT_ERROR,
        "",
        "pyconf-schedule: error: --from names the format of a schedule file (json, ics, frab-xml, c3voc-json, sqlite, sessionize, sched, pretalx-api, indico), "
        "not a time: '2026-04-08 11:10'\n"
        'hint: the moment is given by --at, e.g. --at "2026-04-08 11:10"\n',
    )


def test_help_lists_only_the_exit_codes_a_command_returns(capsys: pytest.CaptureFixture[str]) -> None:
    """datasets --help lists no exit code 1; speakers --help says when it returns 1."""
    _, out, _ = run(capsys, "datasets", "--help")
    assert out.split("exit codes:\n")[1] == "  0  success\n  2  usage error\n"
    _, out, _ = run(capsys, "speakers", "--help")
    assert "  1  nothing found: the schedule names no speaker\n" in out


def test_write_without_a_suffix_says_so(tmp_path: Path) -> None:
    """write(conf, "x") says the file name has no suffix and lists the suffixes, not "format 'x' not found"."""
    with pytest.raises(UnknownFormatError) as info:
        write(load("eu2026"), tmp_path / "x")
    assert str(info.value) == (
        "the file name 'x' has no suffix to tell the format; use one of .json, .ics, .ical, .csv, .md, .markdown, "
        ".xml, .html, .htm, .sqlite, .sqlite3, .db, or give the format"
    )
    assert not (tmp_path / "x").exists()


ALL_DAY = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    "BEGIN:VEVENT\r\nUID:talk\r\nSUMMARY:Talk\r\n"
    "DTSTART;TZID=Europe/Paris:20260408T100000\r\nDTEND;TZID=Europe/Paris:20260408T103000\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:expo\r\nSUMMARY:Expo\r\nDTSTART;VALUE=DATE:20260408\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n"
)


def test_all_day_event_is_the_day_in_the_calendars_zone() -> None:
    """A DTSTART;VALUE=DATE without a zone, in a calendar whose events are in Europe/Paris, is Paris's whole day."""
    from pyconf_schedule import loads

    conf = loads(ALL_DAY, "ics")
    expo = conf.session("expo")
    assert conf.timezone == "Europe/Paris"
    assert expo.start is not None and expo.end is not None
    assert (expo.start.isoformat(), expo.end.isoformat()) == ("2026-04-08T00:00:00+02:00", "2026-04-09T00:00:00+02:00")


def test_list_marks_an_end_on_the_next_day(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """list shows the 24-hour event as 00:00–00:00 (+1), as Markdown does."""
    path = tmp_path / "allday.ics"
    path.write_text(ALL_DAY, encoding="utf-8", newline="")
    code, out, _ = run(capsys, "list", str(path))
    assert (code, out.splitlines()[3:5]) == (EXIT_OK, ["  00:00–00:00 (+1)  Expo", "  10:00–10:30       Talk"])
