"""Golden files: a small hand-built conference written in every format.

Run with ``UPDATE_GOLDEN=1`` to rewrite the files after a deliberate change,
then review the diff.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from pyconf_schedule import Conference, Room, Session, SessionKind, Speaker, Track, dumps
from pyconf_schedule.formats import ics

GOLDEN = Path(__file__).resolve().parent / "golden"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PARIS = ZoneInfo("Europe/Paris")
DTSTAMP = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def small_conference() -> Conference:
    """Five sessions across the 29 March 2026 DST change, with every awkward case."""
    main = Room(id="main-hall", name="Main Hall")
    side = Room(id="side-room", name="Side Room")
    keynotes = Track(id="keynotes", name="Keynotes, Plenary")
    ada = Speaker(id="ada-lovelace", name="Ada Lovelace", organisation="Analytical Engines", aliases=("A. Lovelace",))
    emile = Speaker(id="emile-zoe", name="Émile Zoë", organisation='Org; "B"')
    return Conference(
        id="demo2026",
        name='Demo Conf; 2026, "Edge" Edition',
        timezone="Europe/Paris",
        city="Paris",
        sessions=[
            Session(
                id="opening",
                title="Opening: Welcome, Friends; Agenda",
                kind=SessionKind.KEYNOTE,
                start=datetime(2026, 3, 28, 9, 0, tzinfo=PARIS),
                end=datetime(2026, 3, 28, 9, 30, tzinfo=PARIS),
                room=main,
                track=keynotes,
                speakers=(ada, emile),
                abstract="Why a | b matters.\n\nSecond paragraph with a \\ backslash.",
                language="en",
                url="https://example.org/opening",
            ),
            Session(
                id="formula",
                title="=cmd|' /C calc'!A0",
                kind=SessionKind.LIGHTNING_TALK,
                kind_label="Lightning Talk",
                start=datetime(2026, 3, 28, 23, 30, tzinfo=PARIS),
                end=datetime(2026, 3, 29, 0, 15, tzinfo=PARIS),
                room=side,
                speakers=(emile,),
            ),
            Session(
                id="unicorns",
                title="🦄 Unicorns in production: a very long title that will certainly need folding in iCalendar output",
                kind=SessionKind.WORKSHOP,
                start=datetime(2026, 3, 29, 10, 0, tzinfo=PARIS),
                room=main,
                track=keynotes,
            ),
            Session(
                id="coffee",
                kind=SessionKind.BREAK,
                start=datetime(2026, 3, 29, 11, 0, tzinfo=PARIS),
                end=datetime(2026, 3, 29, 11, 45, tzinfo=PARIS),
            ),
            Session(id="tba-panel", title="TBA panel", kind=SessionKind.PANEL, speakers=(ada,)),
        ],
    )


def _write(obj: Any, name: str, **kwargs: Any) -> str:
    if name == "ics":
        return ics.dumps(obj, dtstamp=DTSTAMP, **kwargs)
    text: str = dumps(obj, name, **kwargs)  # type: ignore[arg-type]
    return text


CASES = [
    ("json", {}, "small.json"),
    ("ics", {}, "small.ics"),
    ("ics", {"tz": "Europe/Paris"}, "small.paris.ics"),
    ("csv", {}, "small.csv"),
    ("markdown", {}, "small.md"),
    ("markdown", {"tz": "America/New_York"}, "small.new-york.md"),
    ("frab-xml", {}, "small.frab.xml"),
    ("c3voc-json", {}, "small.c3voc.json"),
]


@pytest.mark.parametrize(("format_name", "options", "file"), CASES)
def test_golden(format_name: str, options: dict[str, str], file: str) -> None:
    """Each format writes the small conference exactly as its golden file holds it."""
    text = _write(small_conference(), format_name, **options)
    path = GOLDEN / file
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_bytes(text.encode("utf-8"))
    assert text == path.read_bytes().decode("utf-8")


@pytest.mark.parametrize("file", ["small.ics", "small.paris.ics"])
def test_golden_line_ends_are_crlf(file: str) -> None:
    """iCalendar golden files end every line with CRLF and use no bare LF."""
    data = (GOLDEN / file).read_bytes()
    assert data.count(b"\n") == data.count(b"\r\n") > 0
