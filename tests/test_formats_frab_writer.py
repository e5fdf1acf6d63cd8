"""The direct frab XML writer gives, byte for byte, what the ElementTree writer it replaced gave; fast helpers
equal their plain definitions.

The oracle is ``tests/_frab_xml_reference.py``: the same plan put in an
ElementTree, indented by ``ET.indent`` and serialised by ``ET.tostring``, so
that ElementTree's own escaping and empty-element rules are the standard.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, Room, Session, Speaker, Track, load, loads, read
from pyconf_schedule._text import slugify, strip_accents
from pyconf_schedule.formats import frab_xml
from pyconf_schedule.formats._common import NAMESPACE, stable_guid, stable_uuid
from pyconf_schedule.formats._frab_plan import plan

from ._frab_xml_reference import reference_dumps
from ._support import shared_path

SAMPLES = {
    "felixu_31c3.frab.schedule.xml": None,
    "giggity_debconf23.wafer.schedule.xml": None,
    "giggity_kielux_2020.ics": None,
    "mttcrsp-fosdem_fosdem-2007.pentabarf.xml": "Europe/Brussels",
    "mttcrsp-fosdem_fosdem-2024.pentabarf.xml": "Europe/Brussels",
    "pyconuk-2015_schedule.pyvobject.ics": None,
    "sched_jococruise2025_all.ics": None,
    "sessionize_demo_All.json": None,
    "sessionize_demo_GridSmart.json": None,
    "voc-jev22_everything.schedule.json": None,
    "voc-schedule_frab-camp2019.schedule.json": None,
    "voc-schedule_pretalx-democon.schedule.json": None,
}
"""Every shared sample that holds a schedule (``sessionize_demo_Speakers.json`` lists only speakers), and the zone
of those that give wall times without one."""


@pytest.mark.parametrize("dataset", ["eu2026", "na2026"])
def test_the_embedded_programmes_are_written_as_the_tree_writer_wrote_them(dataset: str) -> None:
    conf = load(dataset)
    assert frab_xml.dumps(conf) == reference_dumps(conf)
    assert frab_xml.dumps(conf, tz="Asia/Tokyo") == reference_dumps(conf, tz="Asia/Tokyo")


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_shared_schedule_is_written_as_the_tree_writer_wrote_it(name: str) -> None:
    zone = SAMPLES[name]
    conf = read(shared_path("samples", name), file_tz=zone)
    text = frab_xml.dumps(conf)
    assert text == reference_dumps(conf)
    assert len(loads(text, "frab-xml").sessions) == len(conf.sessions) - len(frab_xml.omitted(conf))


def _one(
    title: str, *, room: str = "Hall", track: str = "Track", speaker: str = "Ada", url: str | None = None
) -> Conference:
    start = datetime(2026, 3, 1, 9, tzinfo=UTC)
    person = Speaker(id="p1", name=speaker)
    session = Session(
        id="frab-7",
        title=title,
        start=start,
        end=start + timedelta(minutes=30),
        room=Room(id="r", name=room),
        track=Track(id="t", name=track),
        speakers=[person],
        abstract=title,
        url=url,
    )
    return Conference(id="esc", name=title, timezone="Europe/Paris", sessions=[session], speakers=[person])


def test_escapes_are_written_exactly() -> None:
    """Text escapes ``& < >`` and writes a CR as ``&#13;``; attributes also escape ``"``, CR, LF and tab; characters
    XML 1.0 forbids are dropped from both."""
    conf = _one('R&D <x> "q"\r\n\x00end', room='Hall "A"\t&\n<1>', speaker="\x01\x02")
    lines = frab_xml.dumps(conf).splitlines()
    assert '    <title>R&amp;D &lt;x&gt; "q"&#13;' in lines and "end</title>" in lines
    guid = plan(conf, None).rooms[0][2]
    assert f'    <room name="Hall &quot;A&quot;&#09;&amp;&#10;&lt;1&gt;" guid="{guid}">' in lines
    assert '        <room>Hall "A"\t&amp;' in lines
    assert any(line.startswith('          <person guid="') and line.endswith('" />') for line in lines)
    assert "        <subtitle />" in lines and "        <links />" in lines
    assert frab_xml.dumps(conf) == reference_dumps(conf)


def test_the_empty_day_of_a_schedule_without_sessions() -> None:
    rooms = [Room(id="a", name="Hall <A>"), Room(id="b", name="B")]
    with_rooms = Conference(id="pre", name="Pre", timezone="Europe/Berlin", start_date=date(2026, 6, 1), rooms=rooms)
    no_rooms = Conference(id="pre", name="Pre", timezone="Europe/Berlin", start_date=date(2026, 6, 1))
    text = frab_xml.dumps(with_rooms)
    guid_a, guid_b = (guid for _name, _slug, guid in plan(with_rooms, None).rooms)
    assert text.splitlines()[-5:] == [
        '  <day date="2026-06-01" start="2026-06-01T00:00:00+02:00" end="2026-06-01T00:00:00+02:00" index="1">',
        f'    <room name="Hall &lt;A&gt;" guid="{guid_a}" />',
        f'    <room name="B" guid="{guid_b}" />',
        "  </day>",
        "</schedule>",
    ]
    assert text == reference_dumps(with_rooms)
    assert frab_xml.dumps(no_rooms).splitlines()[-2:] == [
        '  <day date="2026-06-01" start="2026-06-01T00:00:00+02:00" end="2026-06-01T00:00:00+02:00" index="1" />',
        "</schedule>",
    ]
    assert frab_xml.dumps(no_rooms) == reference_dumps(no_rooms)


_ANY_TEXT = st.text(
    alphabet=st.characters(exclude_categories=["Cs"]) | st.sampled_from(list("&<>\"'\r\n\t\x00\x0b\ufffe ")),
    min_size=1,
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(
    title=_ANY_TEXT,
    room=_ANY_TEXT,
    track=_ANY_TEXT,
    speaker=_ANY_TEXT,
    url=st.none() | _ANY_TEXT.map("https://x.org/".__add__),
)
@example(title="\r", room="\t", track="\n", speaker=" ", url='https://x.org/?a=1&b="2"')
def test_any_text_is_written_as_the_tree_writer_wrote_it(
    title: str, room: str, track: str, speaker: str, url: str | None
) -> None:
    conf = _one(title, room=room, track=track, speaker=speaker, url=url)
    assert frab_xml.dumps(conf) == reference_dumps(conf)


# ---- the writers' fast helpers equal their plain definitions ----

_ANY = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=40)


@settings(max_examples=500, deadline=None)
@given(parts=st.lists(_ANY, min_size=1, max_size=4))
@example(parts=["eu2026", "session", "frab-1"])
def test_stable_guid_is_the_text_of_uuid5(parts: list[str]) -> None:
    assert stable_guid(*parts) == str(uuid.uuid5(NAMESPACE, "\x1f".join(parts))) == str(stable_uuid(*parts))


@settings(max_examples=500, deadline=None)
@given(text=_ANY | st.text(alphabet=st.sampled_from(list("aZ9 -_.&é\u00df\u0130\u2126ﬁ\t\n")), max_size=20))
@example(text="--Hello, World!--")
@example(text="Nicolò Lucchesi")
def test_slugify_is_runs_of_other_characters_made_one_hyphen(text: str) -> None:
    plain = re.sub(r"[^a-z0-9]+", "-", strip_accents(text).encode("ascii", "ignore").decode("ascii").lower()).strip("-")
    assert slugify(text) == plain
