"""The HTML timetable's text: registry, escaping, days, time slots, zones offered, data and policy.

The layout the page's script makes (grid, lanes, open ends, filters) is checked in a browser: test_html_browser.py.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from datetime import date, time
from pathlib import Path
from typing import Any

import pytest

from pyconf_schedule import Conference, Room, Session, dumps, load, loads
from pyconf_schedule.exceptions import InvalidArgumentError, ScheduleParseError, UnknownFormatError, UnknownZoneError
from pyconf_schedule.formats import detect_format, html, omitted, write

from ._support import utc

HALL = Room(id="hall", name="Hall")
SIDE = Room(id="side", name="Side")


def _conf(*sessions: Session) -> Conference:
    rooms = {s.room.id: s.room for s in sessions if s.room is not None}
    if set(rooms) == {"hall", "side"}:
        rooms = {"hall": HALL, "side": SIDE}  # the conference's order, whatever the sessions' order
    return Conference(id="t", name="Test Conf", timezone="UTC", sessions=sessions, rooms=rooms.values())


def _data(text: str) -> dict[str, Any]:
    """The JSON block the page's script reads."""
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', text)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


@pytest.mark.parametrize("name", ["x.html", "x.HTM"])
def test_write_picks_html_from_the_suffix(tmp_path: Path, name: str) -> None:
    """write() writes a page for the .html and .htm suffixes, case ignored."""
    write(load("eu2026").by_speaker("Liz Li"), tmp_path / name)
    assert (tmp_path / name).read_text(encoding="utf-8").startswith('<!DOCTYPE html>\n<html lang="en">')


def test_html_is_write_only() -> None:
    """Reading html is refused with the names of the readable formats."""
    with pytest.raises(UnknownFormatError, match="the html format can be written but not read; readable formats: json"):
        loads("<html></html>", "html")  # type: ignore[arg-type]


@pytest.mark.parametrize("head", ["<!DOCTYPE html>\n<html>", "\ufeff<!doctype HTML>", "<html lang='en'>"])
def test_a_page_is_not_detected_as_frab_xml(head: str) -> None:
    """An HTML page is refused as no schedule, instead of failing later as frab XML."""
    with pytest.raises(
        ScheduleParseError, match=re.escape("an HTML page is not a schedule (html is written, never read)")
    ):
        detect_format(head + "<head></head></html>")


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
def test_every_session_is_on_the_page_once(name: str) -> None:
    """Each dataset session has exactly one block, and the writer leaves nothing out."""
    conf = load(name)
    text = dumps(conf, "html")
    assert sorted(re.findall(r'data-session-id="([^"]+)"', text)) == sorted(conf.sessions.ids)
    assert len(omitted(conf, "html")) == 0


def test_markup_in_text_and_urls_is_escaped() -> None:
    """Titles, names and URLs cannot make elements; only http(s) URLs become links, and those are escaped."""
    hostile = "</style><script>alert(1)</script>"
    conf = _conf(
        Session(id="a", title=hostile, start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 10), room=Room(id="r", name=hostile),
                url="javascript:alert(1)"),
        Session(id="b", title="B", start=utc(2026, 5, 1, 10), end=utc(2026, 5, 1, 11), url="https://example.org/?a=1&b=2"),
    )  # fmt: skip
    text = dumps(conf, "html")
    assert text.count("<script") == 3 and "<script>alert" not in text and "javascript:" not in text
    assert '<p class="n" id="n0">&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>' in text
    assert "\\u003c/style>\\u003cscript>alert(1)\\u003c/script>" in text
    assert _data(text)["rooms"] == [["r", hostile]]
    assert '<a href="https://example.org/?a=1&amp;b=2" rel="noreferrer">B</a>' in text


@pytest.mark.parametrize(
    ("url", "linked"),
    [
        ("https://example.org/x", "https://example.org/x"),
        ("HTTP://example.org", "HTTP://example.org"),
        ("javascript:alert(1)", None),
        ("data:text/html,<b>", None),
        ("//example.org/x", None),
        ("https://", None),
        ('https://example.org/"onmouseover=x', None),
        ("https://example.org/a b", None),
        ("https://[::1", None),
        (None, None),
    ],
)
def test_safe_url(url: str | None, linked: str | None) -> None:
    """Only absolute http and https URLs with a host and no quote, space or control character are linked."""
    assert html.safe_url(url) == linked


def test_days_follow_the_zone_and_dayless_sessions_are_listed(dst: Conference) -> None:
    """Sections are the view zone's days; day-only sessions sit under their day, unscheduled ones at the end."""
    conf = Conference(id="d", name="D", timezone="America/Los_Angeles", sessions=[
        *dst.sessions, Session(id="later", title="Some day", day_only=date(2026, 11, 2)),
    ])  # fmt: skip
    text = dumps(conf, "html", tz="Asia/Tokyo")
    assert re.findall(r'<h2 id="[^"]+">([^<]+)</h2>', text) == [
        "Sunday 1 November 2026",
        "Monday 2 November 2026",
        "Not scheduled (1)",
    ]
    monday = text.split('<section class="day" id="day-2026-11-02"')[1].split("</section>")[0]
    assert re.findall(r'data-session-id="([^"]+)"', monday) == ["open", "later"]
    assert "<h3>Time not known (1 session)</h3>" in monday
    assert "Times are in <span data-zone>Asia/Tokyo (JST)</span>.</p>" in text
    assert text.split('id="not-scheduled"')[1].count('data-session-id="tbd"') == 1


def test_without_script_sessions_are_grouped_by_start_time(dst: Conference) -> None:
    """The page as written lists each day's sessions under their start time (HH:MM in the page's zone)."""
    text = dumps(dst, "html")
    assert re.findall(r'<h2 id="[^"]+">([^<]+)</h2>|<h3>([^<]+)</h3>', text) == [
        ("Saturday 31 October 2026", ""),
        ("", "23:30"),
        ("Sunday 1 November 2026", ""),
        ("", "01:30"),
        ("", "10:00"),
        ("Not scheduled (1)", ""),
    ]
    assert '<time data-end datetime="2026-11-01T01:30-07:00">01:30</time><span class="d"> (+1)</span>' in text
    assert re.findall(r"<time data-start[^>]*>([^<]+)</time>", text) == ["23:30", "01:30", "10:00"]
    assert re.findall(r"<time data-end[^>]*>([^<]+)</time>", text) == ["01:30", "01:30"]
    assert text.count('<span class="mark">(end not known)</span>') == 1
    assert text.count('class="s k-keynote open-end"') == 1


def test_the_data_block_gives_instants_rooms_and_search_text(dst: Conference) -> None:
    """Each session's record: id, UTC start and end in ms, day, room, track, kind, level, language, search text."""
    data = _data(dumps(dst, "html"))
    assert (data["conference"], data["zone"], data["zoneLabel"]) == (
        "dst",
        "America/Los_Angeles",
        "America/Los_Angeles",
    )
    assert data["rooms"] == [["main-hall", "Main Hall"], ["side-room", "Side Room"]]
    assert data["tracks"] == [["core-compilers", "Core & Compilers"]]
    assert data["sessions"][0] == [
        "late",
        1793514600000,
        1793521800000,
        "2026-10-31",
        0,
        0,
        0,
        -1,
        -1,
        " late night kernels warp level tricks ada lovelace augusta ada king analytical engines ltd ",
    ]
    assert [r[0] for r in data["sessions"]] == ["late", "fold", "open", "tbd"]
    assert data["sessions"][3][1:4] == [None, None, None]
    assert data["kinds"] == [
        ["talk", "Talk"],
        ["lightning-talk", "Lightning talk"],
        ["keynote", "Keynote"],
        ["panel", "Panel"],
    ]


def test_zones_are_offered_and_checked() -> None:
    """The zone switch offers the page's zone, the viewer's and each zone asked for once; an unknown one is refused."""
    text = html.dumps(load("na2026"), zones=["America/New_York", "Asia/Tokyo", "America/New_York"])
    select = text.split('<select name="tz">')[1].split("</select>")[0]
    assert re.findall(r'<option value="([^"]+)">', select) == [
        "America/Los_Angeles",
        "local",
        "America/New_York",
        "Asia/Tokyo",
    ]
    assert "America/Los_Angeles (conference)" in select
    with pytest.raises(UnknownZoneError, match="Mars/Olympus"):
        html.dumps(load("na2026"), zones=["Mars/Olympus"])


def test_zones_reach_the_page_through_dumps_and_write(tmp_path: Path) -> None:
    """dumps(obj, "html", zones=) and write(obj, path, zones=) give the page html.dumps(zones=) gives."""
    conf = load("eu2026")
    expected = html.dumps(conf, zones=["Asia/Tokyo", "America/New_York"])
    assert dumps(conf, "html", zones=["Asia/Tokyo", "America/New_York"]) == expected
    write(conf, tmp_path / "page.html", zones=("Asia/Tokyo", "America/New_York"))
    assert (tmp_path / "page.html").read_text(encoding="utf-8") == expected
    select = expected.split('<select name="tz">')[1].split("</select>")[0]
    assert re.findall(r'<option value="([^"]+)">', select) == [
        "Europe/Paris",
        "local",
        "Asia/Tokyo",
        "America/New_York",
    ]


@pytest.mark.parametrize("format", ["ics", "json", "sqlite"])
def test_zones_with_another_format_are_refused_and_nothing_is_written(format: str, tmp_path: Path) -> None:
    """Only the page has a zone switch: zones= with any other format raises InvalidArgumentError and writes no file."""
    path = tmp_path / "out"
    with pytest.raises(InvalidArgumentError) as error:
        write(load("eu2026"), path, format, zones=["Asia/Tokyo"])  # type: ignore[arg-type]
    assert str(error.value) == (
        f"zones= names the zones the html page's time-zone switch offers; the {format} format has no such switch"
        " (write it with tz= for one zone)"
    )
    assert not path.exists()


def test_an_unknown_offered_zone_writes_nothing(tmp_path: Path) -> None:
    """write(..., zones=[unknown]) raises UnknownZoneError with suggestions before the file exists."""
    path = tmp_path / "page.html"
    with pytest.raises(UnknownZoneError) as error:
        write(load("eu2026"), path, zones=["Asia/Tokio"])
    assert str(error.value) == (
        "unknown time zone 'Asia/Tokio': use an IANA name such as 'Europe/Paris' or 'UTC' (did you mean 'Asia/Tokyo', 'Asia/Tomsk'?)"
    )
    assert not path.exists()


def test_the_page_heads_with_the_conference() -> None:
    """The header gives the name, dates, place, zone and coverage statement, and links each day."""
    conf = load("eu2026")
    head = dumps(conf, "html").split("</header>")[0]
    assert "<h1>PyTorch Conference Europe 2026</h1>" in head
    assert "<p>Tuesday 7 April 2026 to Wednesday 8 April 2026 · " in head
    assert '<p class="zone">Times are in <span data-zone>Europe/Paris (CEST)</span>.</p>' in head
    assert conf.coverage is not None and html._text(conf.coverage) in head
    assert head.split("<body>\n")[1].startswith('<a class="skip" href="#main">Skip to the timetable</a>')
    assert re.findall(r'<a href="(#[^"]+)">', head) == ["#day-2026-04-07", "#day-2026-04-08", "#not-scheduled"]


def test_no_resource_is_loaded_from_anywhere() -> None:
    """Only the page's own style and script, allowed by their hashes; no source, import, font or image."""
    text = dumps(load("na2026"), "html")
    assert re.findall(r"<(img|iframe|object|embed|link rel=\"stylesheet\")", text) == []
    assert re.findall(r"<script[^>]*>", text) == ["<script>", '<script type="application/json" id="data">', "<script>"]
    assert "url(" not in text and "@import" not in text and "@font-face" not in text and " src=" not in text
    style = text.split("<style>")[1].split("</style>")[0]
    early, script = (part.split("</script>")[0] for part in text.split("<script>")[1:])
    digest = {name: base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() for name, code in
              (("style", style), ("early", early), ("script", script))}  # fmt: skip
    assert (
        f"content=\"default-src 'none'; script-src 'sha256-{digest['early']}' 'sha256-{digest['script']}'; "
        f"style-src 'sha256-{digest['style']}'; "
        "img-src data:; base-uri 'none'; form-action 'none'\"" in text
    )
    assert ' style="' not in text  # a style attribute would break the policy: the script sets styles itself


def test_the_assets_are_package_data() -> None:
    """The style and script are files of the package, read with importlib.resources (so a wheel carries them)."""
    from importlib.resources import files

    folder = files("pyconf_schedule.formats")
    text = dumps(load("eu2026"), "html")
    for name in ("html_page.css", "html_page.js"):
        assert folder.joinpath(name).read_text(encoding="utf-8") in text


def test_an_empty_selection_says_so() -> None:
    """A conference without sessions gives a page saying there are none, without controls."""
    text = dumps(_conf(), "html")
    assert '<main id="main" tabindex="-1">\n<p>No sessions.</p>\n</main>' in text
    assert 'class="controls"' not in text


def test_a_programme_day_runs_past_midnight() -> None:
    """With a 04:00 day change, a 01:00 session is listed under the evening's day, its time marked (+1)."""
    conf = Conference(id="c", name="Congress", timezone="UTC", day_change=time(4, 0), sessions=[
        Session(id="eve", title="Evening", start=utc(2026, 5, 1, 22), end=utc(2026, 5, 1, 23), room=HALL),
        Session(id="late", title="Late", start=utc(2026, 5, 2, 1), end=utc(2026, 5, 2, 2), room=HALL),
    ])  # fmt: skip
    text = dumps(conf, "html")
    assert re.findall(r'<h2 id="[^"]+">([^<]+)</h2>', text) == ["Friday 1 May 2026"]
    assert '<time data-start datetime="2026-05-02T01:00+00:00">01:00</time><span class="d"> (+1)</span>' in text
    assert [r[3] for r in _data(text)["sessions"]] == ["2026-05-01", "2026-05-01"]


def test_a_session_links_its_recording_and_slides() -> None:
    """The line under a session (track, room) ends with its recording and slide addresses as links."""
    eu = load("eu2026")
    page = dumps(eu.select([eu.session("torchtpu-expanding-tpu-programmability-to-pytorch")]), "html")
    links = re.findall(r'<p class="m">(.*?)</p>', page)
    assert links == [
        'no room given · <a href="https://deepcamp.cc/video/sponsored-session-torchtpu-expanding-tpu-programmabil-kat-ko-claudio-b-H8SjVNB7YhM"'
        ' rel="noreferrer">Recording</a> · <a href="https://hosted-files.sched.co/pytorchconferenceeu2026/cb/'
        'TorchTPU%20-%20PyTorch%20Paris%20%2726%20-%20Google%20Slides.pdf" rel="noreferrer">Slides</a>'
    ]
