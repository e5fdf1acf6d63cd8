"""How results and conferences show in a notebook: a compact, escaped HTML table of at most 20 sessions."""

from __future__ import annotations

from datetime import date

from pyconf_schedule import Conference, Room, Session, Speaker, load

from ._support import utc


def test_a_small_result_is_one_row_per_session_escaped() -> None:
    """Markup in the data is text; a day-only session says its time is not known."""
    room = Room(id="r", name="<b>Hall</b>")
    sessions = [
        Session(id="a", title="x < y & z", start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 10), room=room,
                speakers=(Speaker(id="p", name='"Ada"'),)),
        Session(id="b", title="Later", day_only=date(2026, 5, 2)),
    ]  # fmt: skip
    conf = Conference(id="x", name="X & Co", timezone="UTC", sessions=sessions)
    assert conf.sessions._repr_html_() == (
        "<table><caption>2 sessions, times in UTC</caption>\n"
        "<thead><tr><th>Time</th><th>Room</th><th>Title</th><th>Speakers</th></tr></thead>\n"
        "<tbody><tr><td>Fri 01 May 09:00–10:00</td><td>&lt;b&gt;Hall&lt;/b&gt;</td><td>x &lt; y &amp; z</td>"
        "<td>&quot;Ada&quot;</td></tr>"
        "<tr><td>Sat 02 May, time not known</td><td></td><td>Later</td><td></td></tr></tbody></table>"
    )
    assert conf._repr_html_().startswith("<table><caption>X &amp; Co: 2 sessions, 1 speaker, times in UTC</caption>")


def test_a_whole_conference_shows_twenty_rows_and_a_count() -> None:
    """eu2026's 98 sessions: 20 rows, then '… and 78 more'; a Tokyo view shows Tokyo times."""
    conf = load("eu2026")
    html = conf._repr_html_()
    assert html.count("<tr><td>") == 20
    assert '<tr><td colspan="4">… and 78 more</td></tr>' in html
    tokyo = conf.by_speaker("Liz Li").to_tz("Asia/Tokyo")._repr_html_()
    assert "<td>Wed 08 Apr 18:05–18:30</td>" in tokyo
    assert "times in Asia/Tokyo" in tokyo
