"""The HTML timetable's text: registry, escaping, days, lanes, open ends and bounds (the browser checks are elsewhere)."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path

import pytest

from pyconf_schedule import Conference, Room, Session, dumps, load, loads
from pyconf_schedule.exceptions import ScheduleParseError, UnknownFormatError
from pyconf_schedule.formats import detect_format, html, omitted, write

from ._support import utc

HALL = Room(id="hall", name="Hall")
SIDE = Room(id="side", name="Side")


def _conf(*sessions: Session) -> Conference:
    rooms = {s.room.id: s.room for s in sessions if s.room is not None}
    if set(rooms) == {"hall", "side"}:
        rooms = {"hall": HALL, "side": SIDE}  # the conference's order, whatever the sessions' order
    return Conference(id="t", name="Test Conf", timezone="UTC", sessions=sessions, rooms=rooms.values())


def _styles(text: str) -> dict[str, str]:
    """Each session id's grid placement (the style attribute of its block)."""
    return dict(re.findall(r'data-session="([^"]+)"[^>]*? style="([^"]+)"', text))


@pytest.mark.parametrize("name", ["x.html", "x.HTM"])
def test_write_picks_html_from_the_suffix(tmp_path: Path, name: str) -> None:
    """write() writes a page for the .html and .htm suffixes, case ignored."""
    write(load("eu2026").by_speaker("Liz Li"), tmp_path / name)
    assert (tmp_path / name).read_text(encoding="utf-8").startswith("<!DOCTYPE html>\n<html lang=\"en\">")


def test_html_is_write_only() -> None:
    """Reading html is refused with the names of the readable formats."""
    with pytest.raises(UnknownFormatError, match="the html format can be written but not read; readable formats: json"):
        loads("<html></html>", "html")  # type: ignore[arg-type]


@pytest.mark.parametrize("head", ["<!DOCTYPE html>\n<html>", "\ufeff<!doctype HTML>", "<html lang='en'>"])
def test_a_page_is_not_detected_as_frab_xml(head: str) -> None:
    """An HTML page is refused as no schedule, instead of failing later as frab XML."""
    with pytest.raises(ScheduleParseError, match="an HTML page is not a schedule .html is written, never read."):
        detect_format(head + "<head></head></html>")


@pytest.mark.parametrize("name", ["eu2026", "na2026"])
def test_every_session_is_on_the_page_once(name: str) -> None:
    """Each dataset session has exactly one block, and the writer leaves nothing out."""
    conf = load(name)
    text = dumps(conf, "html")
    assert sorted(re.findall(r'data-session="([^"]+)"', text)) == sorted(conf.sessions.ids)
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
    assert "<script" not in text and "javascript:" not in text
    assert '<p class="n">&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>' in text
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


def test_overlapping_sessions_sit_side_by_side() -> None:
    """Two overlapping sessions of one room take one lane each; a later one spans the room again."""
    conf = _conf(
        Session(id="a", title="A", start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 10), room=HALL),
        Session(id="b", title="B", start=utc(2026, 5, 1, 9, 30), end=utc(2026, 5, 1, 10, 30), room=HALL),
        Session(id="c", title="C", start=utc(2026, 5, 1, 11), end=utc(2026, 5, 1, 12), room=HALL),
        Session(id="d", title="D", start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 9, 45), room=SIDE),
    )
    assert _styles(dumps(conf, "html")) == {
        "a": "grid-row:2/62;grid-column:2/3",
        "b": "grid-row:32/92;grid-column:3/4",
        "c": "grid-row:122/182;grid-column:2/4",
        "d": "grid-row:2/47;grid-column:4/5",
    }


def test_an_unknown_end_is_drawn_short_and_marked() -> None:
    """A session with no end is drawn 15 minutes tall, or until its room's next start (at least 5), and says so."""
    conf = _conf(
        Session(id="a", title="A", start=utc(2026, 5, 1, 9), room=HALL),
        Session(id="b", title="B", start=utc(2026, 5, 1, 9, 10), room=HALL),
        Session(id="c", title="C", start=utc(2026, 5, 1, 9, 12), end=utc(2026, 5, 1, 10), room=HALL),
    )
    text = dumps(conf, "html")
    assert _styles(text) == {
        "a": "grid-row:2/12;grid-column:2/4",
        "b": "grid-row:12/17;grid-column:2/3",
        "c": "grid-row:14/62;grid-column:3/4",
    }
    assert text.count('<span class="mark">(end not known)</span>') == 2
    assert text.count('class="s k-talk open-end"') == 2


def test_days_follow_the_zone_and_dayless_sessions_are_listed(dst: Conference) -> None:
    """Sections are the view zone's days; day-only sessions sit under their day, unscheduled ones at the end."""
    conf = Conference(id="d", name="D", timezone="America/Los_Angeles", sessions=[
        *dst.sessions, Session(id="later", title="Some day", day_only=date(2026, 11, 2)),
    ])  # fmt: skip
    text = dumps(conf, "html", tz="Asia/Tokyo")
    assert re.findall(r'<h2 id="[^"]+">([^<]+)</h2>', text) == [
        "Sunday 1 November 2026", "Monday 2 November 2026", "Not scheduled (1)",
    ]
    monday = text.split('<section id="day-2026-11-02"')[1].split("</section>")[0]
    assert re.findall(r'data-session="([^"]+)"', monday) == ["open", "later"]
    assert "<h3>Time not known (1 session)</h3>" in monday
    assert "Times are in Asia/Tokyo (JST).</p>" in text
    assert text.split('id="not-scheduled"')[1].count('data-session="tbd"') == 1


def test_a_day_across_a_dst_change_is_drawn_in_elapsed_time(dst: Conference) -> None:
    """Across the end of DST the grid counts real minutes: the repeated hour has rows of its own."""
    text = dumps(dst, "html")
    assert _styles(text) == {
        "late": "grid-row:32/152;grid-column:2/3",
        "fold": "grid-row:32/92;grid-column:3/4",
        "open": "grid-row:602/617;grid-column:2/3",
    }
    ticks = re.findall(r'class="tick"[^>]*>([^<]+)<', text)
    assert ticks[:6] == ["23:00", "00:00 (+1)", "01:00 (+1)", "01:00", "01:00", "02:00"]


def test_the_grid_stays_bounded_for_huge_spans() -> None:
    """A session lasting centuries is drawn one day tall and marked; the page stays small."""
    start = datetime(2026, 5, 1, 9, tzinfo=timezone.utc)
    conf = _conf(
        Session(id="long", title="Forever", start=start, end=start + timedelta(days=300 * 365), room=HALL),
        Session(id="short", title="Short", start=start, end=start + timedelta(minutes=30), room=SIDE),
    )
    text = dumps(conf, "html")
    assert _styles(text) == {"long": "grid-row:2/1442;grid-column:2/3", "short": "grid-row:2/32;grid-column:3/4"}
    assert '<span class="mark">(continues)</span>' in text
    assert len(text) < 20_000


def test_the_page_heads_with_the_conference() -> None:
    """The header gives the name, dates, place, zone and coverage statement, and links each day."""
    conf = load("eu2026")
    head = dumps(conf, "html").split("</header>")[0]
    assert "<h1>PyTorch Conference Europe 2026</h1>" in head
    assert "<p>Tuesday 7 April 2026 to Wednesday 8 April 2026 · " in head
    assert "<p>Times are in Europe/Paris (CEST).</p>" in head
    assert conf.coverage is not None and html._text(conf.coverage) in head
    assert re.findall(r'<a href="(#[^"]+)">', head) == ["#day-2026-04-07", "#day-2026-04-08", "#not-scheduled"]


def test_no_resource_is_loaded_from_anywhere() -> None:
    """The page has no script, external stylesheet, font or image, and a policy that forbids fetching any."""
    text = dumps(load("na2026"), "html")
    assert re.findall(r"<(script|img|iframe|object|embed|link rel=\"stylesheet\")", text) == []
    assert "url(" not in text and "@import" not in text and "@font-face" not in text
    assert "content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:;" in text


def test_an_empty_selection_says_so() -> None:
    """A conference without sessions gives a page saying there are none."""
    assert "<main>\n<p>No sessions.</p>\n</main>" in dumps(_conf(), "html")


def test_a_programme_day_runs_past_midnight() -> None:
    """With a 04:00 day change, a 01:00 session is drawn below the evening of the day before, not on a day of its own."""
    conf = Conference(id="c", name="Congress", timezone="UTC", day_change=time(4, 0), sessions=[
        Session(id="eve", title="Evening", start=utc(2026, 5, 1, 22), end=utc(2026, 5, 1, 23), room=HALL),
        Session(id="late", title="Late", start=utc(2026, 5, 2, 1), end=utc(2026, 5, 2, 2), room=HALL),
    ])  # fmt: skip
    text = dumps(conf, "html")
    assert re.findall(r'<h2 id="[^"]+">([^<]+)</h2>', text) == ["Friday 1 May 2026"]
    assert _styles(text) == {"eve": "grid-row:2/62;grid-column:2/3", "late": "grid-row:182/242;grid-column:2/3"}
    assert "<time datetime=\"2026-05-02T01:00+00:00\">01:00 (+1)</time>" in text
