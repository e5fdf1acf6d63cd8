"""Sessions whose day is known and whose time is not (``Session.day_only``)."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, Session, Sessions
from pyconf_schedule._converter import conference_from_dict, conference_to_dict
from pyconf_schedule._decode import decode
from pyconf_schedule.exceptions import FieldTypeError, InvalidScheduleError, ScheduleParseError
from pyconf_schedule.formats import dumps, loads, native, omitted

from ._cli import run

PARIS = ZoneInfo("Europe/Paris")


def day_only_conference() -> Conference:
    """Two timed sessions, three day-only ones (one on a day with no timed session) and one with no day."""
    sessions = [
        Session(
            id="t1",
            title="Morning keynote",
            start=datetime(2026, 4, 8, 9, tzinfo=PARIS),
            end=datetime(2026, 4, 8, 9, 30, tzinfo=PARIS),
        ),
        Session(id="t2", title="Late social", start=datetime(2026, 4, 7, 23, 30, tzinfo=PARIS)),
        Session(id="d1", title="Poster session", day_only=date(2026, 4, 8)),
        Session(id="d2", title="Booth crawl", day_only=date(2026, 4, 8)),
        Session(id="d0", title="Hack day", day_only=date(2026, 4, 9)),
        Session(id="u", title="To be announced"),
    ]
    return Conference(id="c", name="Day-only Test", timezone="Europe/Paris", sessions=sessions)


def test_day_is_day_only_when_the_start_is_unknown() -> None:
    """``day`` is the start's day in the viewing zone for a timed session and ``day_only`` otherwise."""
    conf = day_only_conference()
    assert [(s.id, s.day) for s in conf.sessions] == [
        ("t2", date(2026, 4, 7)),
        ("t1", date(2026, 4, 8)),
        ("d2", date(2026, 4, 8)),
        ("d1", date(2026, 4, 8)),
        ("d0", date(2026, 4, 9)),
        ("u", None),
    ]
    assert [(s.id, s.day) for s in conf.to_tz("Asia/Tokyo").sessions][:2] == [
        ("t2", date(2026, 4, 8)),
        ("t1", date(2026, 4, 8)),
    ]


def test_start_and_day_only_together_are_refused() -> None:
    """A session given both a start and day_only raises InvalidScheduleError saying which to keep."""
    with pytest.raises(InvalidScheduleError) as info:
        Session(id="x", start=datetime(2026, 4, 8, 9, tzinfo=PARIS), day_only=date(2026, 4, 8))
    assert str(info.value) == (
        "session 'x' has both a start (2026-04-08T09:00:00+02:00) and day_only (2026-04-08); "
        "give day_only only when the start is not known"
    )


def test_day_only_must_be_a_date_not_a_datetime() -> None:
    """A datetime as day_only is refused: it would smuggle in a time."""
    with pytest.raises(FieldTypeError) as info:
        Session(id="x", day_only=datetime(2026, 4, 8, 9, tzinfo=PARIS))
    assert str(info.value) == (
        "Session.day_only must be a datetime.date (a day, no time) or None, "
        "got datetime 2026-04-08T09:00:00+02:00 (in session 'x')"
    )


def test_to_tz_keeps_day_only_and_invents_no_time() -> None:
    """Viewing a day-only session in another zone keeps its day and leaves start and end unknown."""
    session = Session(id="d", day_only=date(2026, 4, 8)).to_tz("Pacific/Kiritimati")
    assert (session.day_only, session.start, session.end, session.day) == (
        date(2026, 4, 8),
        None,
        None,
        date(2026, 4, 8),
    )


def test_global_order_is_timed_then_day_only_by_day_then_no_day() -> None:
    """Sessions sort by instant, then day-only ones by day and title, then those with no day."""
    conf = day_only_conference()
    assert conf.sessions.ids == ("t2", "t1", "d2", "d1", "d0", "u")
    assert Sessions(reversed(list(conf.sessions))).ids == ("t2", "t1", "d2", "d1", "d0", "u")


def test_scheduled_day_only_and_unscheduled_split_the_sessions() -> None:
    """``scheduled`` has a start, ``day_only`` a day without a start, ``unscheduled`` neither."""
    sessions = day_only_conference().sessions
    assert (sessions.scheduled.ids, sessions.day_only.ids, sessions.unscheduled.ids) == (
        ("t2", "t1"),
        ("d2", "d1", "d0"),
        ("u",),
    )


@pytest.mark.parametrize(
    ("tz", "day", "ids"),
    [
        (None, "2026-04-07", ("t2",)),
        (None, "2026-04-08", ("t1", "d2", "d1")),
        (None, "2026-04-09", ("d0",)),
        ("Asia/Tokyo", "2026-04-08", ("t2", "t1", "d2", "d1")),
        ("Asia/Tokyo", "2026-04-07", ()),
    ],
)
def test_on_lists_the_timed_sessions_then_the_day_only_ones(tz: str | None, day: str, ids: tuple[str, ...]) -> None:
    """``on(day)`` gives the sessions starting that day in the viewing zone, then that programme day's day-only ones."""
    conf = day_only_conference()
    if tz is not None:
        conf = conf.to_tz(tz)
    assert conf.on(day).ids == ids


def test_days_and_by_day_include_days_known_only_from_day_only_sessions() -> None:
    """``days()`` and ``by_day()`` cover every known day in order, and each group equals ``on(day)``."""
    conf = day_only_conference()
    assert conf.days() == (date(2026, 4, 7), date(2026, 4, 8), date(2026, 4, 9))
    groups = conf.by_day()
    assert {d: g.ids for d, g in groups.items()} == {
        date(2026, 4, 7): ("t2",),
        date(2026, 4, 8): ("t1", "d2", "d1"),
        date(2026, 4, 9): ("d0",),
    }
    assert list(groups) == list(conf.days())
    assert all(groups[d] == conf.on(d) for d in conf.days())


@pytest.mark.parametrize(
    ("query", "ids"),
    [
        (lambda c: c.at("2026-04-08 09:10"), ("t1",)),
        (lambda c: c.between("2026-04-07", "2026-04-10"), ("t2", "t1")),
        (lambda c: c.after("2026-04-01"), ("t2", "t1")),
    ],
)
def test_time_queries_never_include_day_only_sessions(query: Any, ids: tuple[str, ...]) -> None:
    """``at``, ``between`` and ``after`` match times, which a day-only session does not have."""
    assert query(day_only_conference()).ids == ids


def test_native_json_writes_day_only_as_a_date_and_only_when_known() -> None:
    """The native document has ``"day_only": "YYYY-MM-DD"`` on day-only sessions and no key elsewhere."""
    document = conference_to_dict(day_only_conference())
    assert [(s["id"], s.get("day_only", "absent"), s["start"]) for s in document["conference"]["sessions"]] == [
        ("t2", "absent", "2026-04-07T23:30:00+02:00[Europe/Paris]"),
        ("t1", "absent", "2026-04-08T09:00:00+02:00[Europe/Paris]"),
        ("d2", "2026-04-08", None),
        ("d1", "2026-04-08", None),
        ("d0", "2026-04-09", None),
        ("u", "absent", None),
    ]
    jsonschema.Draft202012Validator(native.schema()).validate(document)


def test_native_json_round_trips_day_only_in_any_view() -> None:
    """Day-only sessions survive native JSON, in the conference's zone and viewed in another."""
    conf = day_only_conference()
    assert loads(dumps(conf, "json"), "json") == conf
    tokyo = conf.to_tz("Asia/Tokyo")
    assert loads(dumps(tokyo, "json"), "json") == tokyo


def test_fast_decoder_reads_day_only_like_the_converter() -> None:
    """The embedded datasets' direct decoder reads day_only (and its absence) as the converter does."""
    document = conference_to_dict(day_only_conference())
    assert decode(document) == conference_from_dict(document) == day_only_conference()
    document["conference"]["sessions"][-1]["day_only"] = None
    assert decode(document).sessions.unscheduled.ids == ("u",)


def _session_document(**session: Any) -> dict[str, Any]:
    return {
        "format": "pyconf-schedule",
        "version": 1,
        "conference": {"id": "c", "name": "C", "timezone": "Europe/Paris", "sessions": [{"id": "s", **session}]},
    }


@pytest.mark.parametrize(
    ("session", "path", "reason"),
    [
        (
            {"day_only": 20260408},
            "$.conference.sessions[0].day_only",
            'expected a date such as "2026-04-08" or null, got 20260408',
        ),
        (
            {"start": "2026-04-08T09:00:00+02:00[Europe/Paris]", "day_only": "2026-04-08"},
            "$.conference.sessions[0]",
            "session 's' has both a start (2026-04-08T09:00:00+02:00) and day_only (2026-04-08); "
            "give day_only only when the start is not known",
        ),
    ],
)
def test_reader_refuses_a_bad_day_only(session: dict[str, Any], path: str, reason: str) -> None:
    """A malformed day_only, or one beside a start, is one ScheduleParseError naming the session's path and why."""
    with pytest.raises(ScheduleParseError) as info:
        loads(json.dumps(_session_document(**session)), "json")
    assert (path in str(info.value), reason in str(info.value)) == (True, True)


def test_schema_refuses_start_beside_day_only() -> None:
    """The shipped schema accepts day_only alone and refuses it beside a start, as the reader does."""
    validator = jsonschema.Draft202012Validator(native.schema())
    assert validator.is_valid(_session_document(day_only="2026-04-08"))
    assert validator.is_valid(_session_document(start=None, day_only="2026-04-08"))
    assert not validator.is_valid(_session_document(start="2026-04-08T09:00:00+02:00", day_only="2026-04-08"))
    assert not validator.is_valid(_session_document(day_only="2026-4-8"))


@pytest.mark.parametrize("format_name", ["ics", "frab-xml", "frab-json"])
def test_writers_that_need_a_time_report_day_only_sessions_as_omitted(format_name: Any) -> None:
    """iCalendar, frab XML and c3voc JSON report the session with no known end, the day-only and the unscheduled ones as left out."""
    assert omitted(day_only_conference(), format_name).ids == ("t2", "d2", "d1", "d0", "u")


@st.composite
def day_only_sessions(draw: st.DrawFn) -> Conference:
    """Conferences mixing timed, day-only and dayless sessions."""
    sessions = []
    for i in range(draw(st.integers(0, 6))):
        choice = draw(st.sampled_from(["timed", "day", "none"]))
        instant = draw(
            st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2040, 1, 1), timezones=st.just(UTC))
        )
        sessions.append(
            Session(
                id=f"s{i}",
                title=draw(st.none() | st.text(max_size=5)),
                start=instant.astimezone(PARIS) if choice == "timed" else None,
                end=(instant + timedelta(minutes=30)).astimezone(PARIS) if choice == "timed" else None,
                day_only=draw(st.dates(min_value=date(2000, 1, 1), max_value=date(2040, 1, 1)))
                if choice == "day"
                else None,
            )
        )
    return Conference(id="c", name="C", timezone="Europe/Paris", sessions=sessions)


@settings(max_examples=100, deadline=None)
@given(day_only_sessions())
def test_by_day_agrees_with_on_and_json_is_lossless(conf: Conference) -> None:
    """For any mix of sessions, ``by_day()[d] == on(d)``, groups and unscheduled cover all, and JSON is lossless."""
    groups = conf.by_day()
    assert all(groups[d] == conf.on(d) for d in conf.days())
    assert sum(len(g) for g in groups.values()) + len(conf.sessions.unscheduled) == len(conf.sessions)
    assert loads(dumps(conf, "json"), "json") == conf


def test_str_says_the_time_is_not_known() -> None:
    """``str()`` of a day-only session shows its day and that the time is not known, no invented time."""
    session = Session(id="d", title="Poster session", day_only=date(2026, 4, 8))
    assert str(session) == "2026-04-08 (time not known): Poster session"
    assert str(Session(id="u", title="TBA")) == "unscheduled: TBA"


def test_csv_has_a_day_column_and_empty_times_for_day_only_sessions() -> None:
    """CSV ends each row with the day: the start's day in the view zone, the day-only day, or empty."""
    rows = [line.split(",") for line in dumps(day_only_conference(), "csv", tz="Asia/Tokyo").splitlines()]
    assert rows[0][-1] == "day"
    assert [(r[0], r[4], r[5], r[-1]) for r in rows[1:]] == [
        ("t2", "2026-04-08T06:30:00+09:00", "", "2026-04-08"),
        ("t1", "2026-04-08T16:00:00+09:00", "2026-04-08T16:30:00+09:00", "2026-04-08"),
        ("d2", "", "", "2026-04-08"),
        ("d1", "", "", "2026-04-08"),
        ("d0", "", "", "2026-04-09"),
        ("u", "", "", ""),
    ]


def test_markdown_lists_day_only_sessions_under_their_day() -> None:
    """Markdown puts day-only sessions after that day's timed ones, with "time not known" as the time."""
    assert dumps(day_only_conference(), "markdown") == (
        "# Day-only Test\n\nTimes are in Europe/Paris.\n"
        "\n## Tuesday 7 April 2026\n\n| Time | Title | Speakers | Room | Track |\n|---|---|---|---|---|\n"
        "| 23:30 | Late social |  |  |  |\n"
        "\n## Wednesday 8 April 2026\n\n| Time | Title | Speakers | Room | Track |\n|---|---|---|---|---|\n"
        "| 09:00–09:30 | Morning keynote |  |  |  |\n"
        "| time not known | Booth crawl |  |  |  |\n"
        "| time not known | Poster session |  |  |  |\n"
        "\n## Thursday 9 April 2026\n\n| Time | Title | Speakers | Room | Track |\n|---|---|---|---|---|\n"
        "| time not known | Hack day |  |  |  |\n"
        "\n## Unscheduled\n\n| Time | Title | Speakers | Room | Track |\n|---|---|---|---|---|\n"
        "|  | To be announced |  |  |  |\n"
    )


@pytest.mark.parametrize("format_name", ["ics", "frab-xml", "frab-json"])
def test_writers_that_need_a_time_write_only_timed_sessions(format_name: Any) -> None:
    """iCalendar, frab XML and c3voc JSON read back with exactly the sessions with a start and an end: no time is invented."""
    back = loads(dumps(day_only_conference(), format_name), format_name)
    assert sorted(s.title or "" for s in back.sessions) == ["Morning keynote"]
    assert (back.sessions.day_only.ids, back.sessions.unscheduled.ids) == ((), ())


@pytest.fixture
def day_only_file(tmp_path: Any) -> Any:
    """The day-only conference as a native JSON file."""
    path = tmp_path / "dayonly.json"
    path.write_text(dumps(day_only_conference(), "json"), encoding="utf-8")
    return path


def test_cli_lists_day_only_sessions_under_their_day(capsys: pytest.CaptureFixture[str], day_only_file: Any) -> None:
    """`list --day` shows the day's timed sessions, then its day-only ones marked "time not known"."""
    code, out, err = run(capsys, "list", str(day_only_file), "--day", "2026-04-08")
    assert (code, err) == (0, "")
    assert out == (
        "Day-only Test — times in Europe/Paris (CEST)\n"
        "\nWednesday 8 April 2026\n"
        "  09:00–09:30     Morning keynote\n"
        "  time not known  Booth crawl\n"
        "  time not known  Poster session\n"
    )


def test_cli_list_puts_dayless_sessions_last(capsys: pytest.CaptureFixture[str], day_only_file: Any) -> None:
    """`list` groups day-only sessions by day and only the sessions with no day under "Not scheduled"."""
    code, out, _ = run(capsys, "list", str(day_only_file))
    headings = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert (code, headings[1:]) == (
        0,
        ["Tuesday 7 April 2026", "Wednesday 8 April 2026", "Thursday 9 April 2026", "Not scheduled"],
    )
    assert out.endswith(
        "\nThursday 9 April 2026\n  time not known  Hack day\n\nNot scheduled\n                  To be announced\n"
    )


def test_cli_show_says_the_day_and_that_the_time_is_not_known(
    capsys: pytest.CaptureFixture[str], day_only_file: Any
) -> None:
    """`show` of a day-only session gives its day and "time not known"."""
    code, out, _ = run(capsys, "show", str(day_only_file), "d0")
    assert (code, out.splitlines()[4:6]) == (0, ["  id         d0", "  kind       Talk"])
    assert "  when       Thursday 9 April 2026, time not known\n" in out


@pytest.mark.parametrize("command", ["now", "next"])
def test_cli_now_and_next_never_give_day_only_sessions(
    capsys: pytest.CaptureFixture[str], day_only_file: Any, command: str
) -> None:
    """`now` and `next` on a day with only day-only sessions find nothing, since those have no time."""
    code, out, _ = run(capsys, command, str(day_only_file), "--at", "2026-04-09 10:00", "--json")
    assert (code, json.loads(out)["conference"]["sessions"]) == (1, [])


@pytest.mark.parametrize(
    ("options", "note"),
    [
        (
            [],
            "pyconf-schedule: note: 5 sessions (3 with a day but no time, 1 unscheduled, 1 with no known end) left out "
            "(ics needs a start and an end): t2, d2, d1, d0, u\n",
        ),
        (
            ["--day", "2026-04-07"],
            "pyconf-schedule: the selected session (t2) has no known end, and ics holds only sessions "
            "with a start and an end; nothing written\n"
            "hint: json, csv and markdown keep sessions without an end\n",
        ),
        (
            ["--day", "2026-04-08"],
            "pyconf-schedule: note: 2 sessions with a day but no time left out (ics needs a time): d2, d1\n",
        ),
    ],
)
def test_cli_export_names_day_only_sessions_it_leaves_out(
    capsys: pytest.CaptureFixture[str], day_only_file: Any, options: list[str], note: str
) -> None:
    """`export --to ics` says how many left-out sessions have a day but no time, how many no day and how many no end."""
    code, _, err = run(capsys, "export", str(day_only_file), *options, "--to", "ics")
    assert (code, err) == (1 if "nothing written" in note else 0, note)


def test_cli_export_of_only_day_only_sessions_writes_nothing(
    capsys: pytest.CaptureFixture[str], day_only_file: Any
) -> None:
    """Exporting only day-only sessions to iCalendar writes nothing and says they have no known time."""
    code, out, err = run(capsys, "export", str(day_only_file), "--day", "2026-04-09", "--to", "ics")
    assert (code, out, err) == (
        1,
        "",
        "pyconf-schedule: the selected session (d0) has no known time, and ics holds only sessions with a time; "
        "nothing written\nhint: json, csv and markdown keep sessions without a time\n",
    )
