"""The hostile-input corpus (tests/hostile/): every reader and the command line give each case its exact outcome."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from pyconf_schedule import Conference, Room, Session, SessionKind, Speaker, Track, dumps, loads
from pyconf_schedule import exceptions as errors
from pyconf_schedule.cli import main

from ._hostile import (
    GENERATORS,
    HOSTILE,
    AgendaCase,
    Case,
    TimeLimitExceeded,
    load_agenda_cases,
    load_cases,
    summary,
    time_limit,
)
from ._support import utc

CASES = load_cases()
READER_CASES = [case for case in CASES if not case.cli_only]
DEFAULT_SECONDS = 5.0
"""The hang bound of a case without its own ``seconds``: far beyond the milliseconds reading such a file takes.

Only a hang reaches it: no test asserts on how long a case takes (speed is
measured by the benchmarks, and linear work by counted steps)."""


def _bound(case: Case) -> float:
    return case.seconds or DEFAULT_SECONDS


def _outcome(case: Case) -> Conference | errors.PyconfScheduleError:
    """The Conference read, or the project error raised; anything else (a hang, another exception) fails the test."""
    data = case.data()
    try:
        with time_limit(_bound(case)):
            return loads(data, case.format, file_tz=case.tz)  # type: ignore[arg-type]
    except errors.PyconfScheduleError as exc:
        return exc
    except TimeLimitExceeded:
        pytest.fail(f"hang: {case.id}: still reading after {_bound(case):g} s", pytrace=False)
    except Exception as exc:  # the defect the corpus exists to catch
        pytest.fail(f"{case.id}: {type(exc).__name__}: {exc}", pytrace=False)


def test_every_reader_in_the_registry_has_cases() -> None:
    """Each readable format of the registry has cases in the corpus, so a reader added to the registry must bring its own."""
    from pyconf_schedule.formats import format_names

    covered = {case.format for case in READER_CASES}
    assert [name for name in format_names("read") if name not in covered] == []
    assert covered <= set(format_names("read"))


@pytest.mark.parametrize("case", READER_CASES, ids=[case.id for case in READER_CASES])
def test_reader_gives_the_exact_outcome(case: Case) -> None:
    """Each corpus case read in its format raises its error naming the problem, or gives exactly its data."""
    outcome = _outcome(case)
    if case.error is not None:
        assert isinstance(outcome, errors.PyconfScheduleError), f"read {summary(outcome)}"
        assert type(outcome).__name__ == case.error
        assert case.message is not None and case.message in str(outcome)
        if case.location is not None:
            assert getattr(outcome, "location", None) == case.location
    else:
        assert not isinstance(outcome, Exception), str(outcome)
        assert summary(outcome) == case.read


def _run_cli(argv: list[str], seconds: float = DEFAULT_SECONDS * 2) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), time_limit(seconds):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _assert_one_error_line(stderr: str) -> None:
    assert not [c for c in stderr if (ord(c) < 32 and c != "\n") or 127 <= ord(c) < 160], "control characters on stderr"
    lines = stderr.splitlines()
    assert lines and lines[0].startswith("pyconf-schedule: error: ")
    assert len(lines) == 1 or (len(lines) == 2 and lines[1].startswith("hint: "))


@pytest.mark.parametrize("command", [["list"], ["export", "--to", "ics"]], ids=["list", "export-ics"])
@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_cli_refuses_in_one_line_or_lists(case: Case, command: list[str], request: pytest.FixtureRequest) -> None:
    """Each corpus file given to list and export exits 2 with one error line (and at most a hint) when refused, 1 when nothing is selected, else 0."""
    if case.name in GENERATORS:
        path = Path(request.getfixturevalue("tmp_path")) / case.name
        path.write_bytes(case.data())
    else:
        path = HOSTILE / case.name
    argv = [command[0], str(path), "--from", case.format, *command[1:], *(["--file-tz", case.tz] if case.tz else [])]
    try:
        code, stdout, stderr = _run_cli(argv, _bound(case) * 2)
    except TimeLimitExceeded:
        pytest.fail(f"hang: {case.id}: the command still runs after {_bound(case) * 2:g} s", pytrace=False)
    except Exception as exc:  # a traceback for the user
        pytest.fail(f"{case.id}: {type(exc).__name__}: {exc}", pytrace=False)
    if case.error is not None:
        assert (code, stdout) == (2, "")
        _assert_one_error_line(stderr)
    elif case.exit is not None:
        assert (code, stderr) == (case.exit, "")
    else:
        assert case.read is not None
        sessions = case.read["sessions"]
        if command[0] == "list" and not sessions:
            assert (code, stdout, stderr) == (1, "", "pyconf-schedule: no session found\n")
        elif command[0] == "export" and sessions and not any("start" in row and "end" in row for row in sessions):
            assert (code, stdout) == (1, "")
            assert stderr.splitlines()[0].endswith("nothing written")
        elif command[0] == "export" and any("start" not in row or "end" not in row for row in sessions):
            # Sessions kept off the programme (cancelled, excluded, day-only) or with no known end are named in one
            # note, the rest written.
            assert (code, len(stderr.splitlines()), stderr.startswith("pyconf-schedule: note: ")) == (0, 1, True)
            assert "left out" in stderr and stdout != ""
        else:
            assert (code, stderr) == (0, "")
            assert stdout != ""


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_cli_detects_or_refuses_in_one_line(case: Case, request: pytest.FixtureRequest) -> None:
    """Each corpus file given to list without --from is detected and read, or refused with exit 2 and one error line."""
    if case.name in GENERATORS:
        path = Path(request.getfixturevalue("tmp_path")) / case.name
        path.write_bytes(case.data())
    else:
        path = HOSTILE / case.name
    try:
        code, stdout, stderr = _run_cli(
            ["list", str(path), *(["--file-tz", case.tz] if case.tz else [])], _bound(case) * 2
        )
    except TimeLimitExceeded:
        pytest.fail(f"hang: {case.id}: the command still runs after {_bound(case) * 2:g} s", pytrace=False)
    except Exception as exc:  # a traceback for the user
        pytest.fail(f"{case.id}: {type(exc).__name__}: {exc}", pytrace=False)
    assert code in (0, 1, 2)
    if code == 2:
        assert stdout == ""
        _assert_one_error_line(stderr)
    elif case.error is not None:
        pytest.fail(f"{case.id}: read by the CLI (exit {code}) but refused by the reader", pytrace=False)


@pytest.mark.parametrize("name", ["xml-utf16-bom.xml", "xml-utf32-bom.xml"])
def test_cli_detects_xml_in_utf16_and_utf32_by_its_byte_order_mark(name: str) -> None:
    """A frab XML file in UTF-16 or UTF-32 with a byte order mark is detected and listed without --from."""
    code, stdout, stderr = _run_cli(["list", str(HOSTILE / name)])
    assert (code, stderr) == (0, "")
    assert stdout.splitlines()[-2:] == ["  10:00–10:30  Café", "               A"]


def test_every_corpus_file_has_a_case() -> None:
    """Every file of tests/hostile/ is listed in cases.toml, and every listed file exists."""
    names = [case.name for case in load_cases()] + [case.name for case in load_agenda_cases()]
    listed = {name for name in names if name not in GENERATORS}
    present = {path.name for path in HOSTILE.iterdir() if path.suffix != ".toml"}
    assert listed == present


# ---- agenda files ---------------------------------------------------------------------------------------

AGENDA_CASES = load_agenda_cases()


def _agenda_path(case: AgendaCase, folder: Path) -> Path:
    if case.name not in GENERATORS:
        return HOSTILE / case.name
    path = folder / case.name
    path.write_bytes(case.data())
    return path


@pytest.mark.parametrize("case", AGENDA_CASES, ids=[case.name for case in AGENDA_CASES])
def test_agenda_file_gives_the_exact_outcome(case: AgendaCase, tmp_path: Path) -> None:
    """Each corpus agenda file, read with the embedded datasets, raises its error naming the problem or gives exactly
    its picks; nothing else escapes (a hang, another exception)."""
    from pyconf_schedule import Agenda, load

    path = _agenda_path(case, tmp_path)
    try:
        with time_limit(DEFAULT_SECONDS):
            agenda = Agenda.load(path, loader=load)
    except errors.PyconfScheduleError as exc:
        assert (type(exc).__name__, case.message is not None and case.message in str(exc)) == (case.error, True), exc
        if case.location is not None:
            assert getattr(exc, "location", None) == case.location
        return
    except TimeLimitExceeded:
        pytest.fail(f"hang: {case.name}: still reading after {DEFAULT_SECONDS:g} s", pytrace=False)
    assert case.picks is not None, f"read {agenda!r}"
    assert tuple((p.conference, p.session, p.note) for p in agenda.picks) == case.picks


@pytest.mark.parametrize("case", AGENDA_CASES, ids=[case.name for case in AGENDA_CASES])
def test_agenda_show_refuses_in_one_line_or_shows_no_control_character(case: AgendaCase, tmp_path: Path) -> None:
    """`agenda FILE show` on each corpus file exits 2 with one error line (and at most a hint), or shows every pick by
    id with no control character of the file reaching the terminal."""
    path = _agenda_path(case, tmp_path)
    try:
        code, stdout, stderr = _run_cli(["agenda", str(path), "show"])
    except TimeLimitExceeded:
        pytest.fail(f"hang: {case.name}: the command still runs", pytrace=False)
    if case.error is not None:
        assert (code, stdout) == (2, "")
        _assert_one_error_line(stderr)
        return
    assert case.picks is not None
    assert (code, stderr) == (0, "")
    assert [c for c in stdout if (ord(c) < 32 and c != "\n") or 127 <= ord(c) < 160] == []
    assert [f"id: {session}" in stdout for _, session, _ in case.picks] == [True] * len(case.picks)


# ---- injection into each writer -------------------------------------------------------------------------

_HOSTILE_TITLE = "a\r\nEND:VEVENT\r\nBEGIN:VEVENT;x,y\\|*_<b>&\x00\x1b]]>"


def _injection_conference() -> Conference:
    speaker = Speaker(id="eve", name='=HYPERLINK("http://x")|Eve', organisation="@SUM(1)")
    room = Room(id="r", name="+Room|</room>")
    track = Track(id="t", name="-Track\tX")
    session = Session(
        id="s1",
        title=_HOSTILE_TITLE,
        start=utc(2026, 4, 8, 9),
        end=utc(2026, 4, 8, 10),
        room=room,
        track=track,
        speakers=(speaker,),
        kind=SessionKind.TALK,
        abstract="line1\rline2\nSUMMARY:injected",
    )
    return Conference(id="inj", name="Inj\r\nX-INJECTED:1", timezone="UTC", sessions=[session])


@pytest.mark.parametrize(
    ("format_name", "fragments"),
    [
        (
            "ics",
            [
                "X-WR-CALNAME:Inj\\nX-INJECTED:1\r\n",
                "SUMMARY:a\\nEND:VEVENT\\nBEGIN:VEVENT\\;x\\,y\\\\|*_<b>&]]>\r\n",
                "LOCATION:+Room|</room>\r\n",
            ],
        ),
        (
            "csv",
            [
                '\'=HYPERLINK(""http://x"")|Eve',
                "'@SUM(1)",
                "'+Room|</room>",
                "'-Track\tX",
            ],
        ),
        (
            "markdown",
            [
                "# Inj<br>X-INJECTED:1\n",
                "| 09:00–10:00 | a<br>END:VEVENT<br>BEGIN:VEVENT;x,y\\\\\\|\\*\\_\\<b\\>\\&\\]\\]\\> "
                '| =HYPERLINK("http://x")\\|Eve | +Room\\|\\</room\\> | -Track X |\n',
            ],
        ),
        (
            "frab-xml",
            [
                "<title>a&#13;\nEND:VEVENT&#13;\nBEGIN:VEVENT;x,y\\|*_&lt;b&gt;&amp;]]&gt;</title>",
                "<abstract>line1&#13;line2\nSUMMARY:injected</abstract>",
                '<room name="+Room|&lt;/room&gt;"',
            ],
        ),
        (
            "c3voc-json",
            [
                '"title": "a\\r\\nEND:VEVENT\\r\\nBEGIN:VEVENT;x,y\\\\|*_<b>&\\u0000\\u001b]]>"',
            ],
        ),
    ],
)
def test_writers_neutralise_injection(format_name: str, fragments: list[str]) -> None:
    """CRLF, property, formula, table-pipe and markup injection in titles and names come out escaped exactly so."""
    text = dumps(_injection_conference(), format_name)  # type: ignore[arg-type]
    for fragment in fragments:
        assert fragment in text


@pytest.mark.parametrize("format_name", ["ics", "frab-xml", "c3voc-json", "json"])
def test_injected_title_reads_back_as_one_session(format_name: str) -> None:
    """A title full of structure characters reads back as one session's title (CR kept but in iCalendar), never as extra events or fields."""
    conf = _injection_conference()
    back = loads(dumps(conf, format_name), format_name)  # type: ignore[arg-type]
    expected = {
        "json": _HOSTILE_TITLE,
        "c3voc-json": _HOSTILE_TITLE,
        "frab-xml": "a\r\nEND:VEVENT\r\nBEGIN:VEVENT;x,y\\|*_<b>&]]>",
        "ics": "a\nEND:VEVENT\nBEGIN:VEVENT;x,y\\|*_<b>&]]>",
    }[format_name]
    assert [s.title for s in back.sessions] == [expected]
