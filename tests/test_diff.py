"""diff(old, new): pairing, compared fields, instants, rendering, and real samples edited in known ways."""

from __future__ import annotations

import copy
import json
from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, Room, Session, SessionKind, Speaker, Track, diff, dumps, load, loads
from pyconf_schedule._changes import COMPARED_FIELDS
from pyconf_schedule._diff import ScheduleDiff

from ._support import ADA, CORE, HALL, RENE, SIDE, shared_path, utc

TOKYO = ZoneInfo("Asia/Tokyo")
DEMOCON = ("samples", "voc-schedule_pretalx-democon.schedule.json")


def apply(old: Conference, changes: ScheduleDiff) -> Conference:
    """``old`` with ``changes`` applied: removed sessions dropped, changed fields set, added sessions appended."""
    removed = {s.id for s in changes.removed}
    by_old = {c.old.id: c for c in changes.changed}
    sessions = []
    for session in old.sessions:
        if session.id in removed:
            continue
        change = by_old.get(session.id)
        if change is not None:
            values: dict[str, Any] = {c.field: c.new for c in change.changes}
            session = attrs.evolve(session, **values)
        sessions.append(session)
    sessions.extend(changes.added)
    return Conference(id=old.id, name=old.name, timezone=old.timezone, sessions=sessions)


def _conf(*sessions: Session) -> Conference:
    return Conference(id="c", name="C", timezone="Europe/Paris", sessions=sessions)


TALK = Session(id="t1", title="Kernels", start=utc(2026, 4, 7, 9), end=utc(2026, 4, 7, 9, 30), room=HALL,
               track=CORE, speakers=(ADA,), abstract="About kernels.", url="https://example.org/talk/AAA/")  # fmt: skip


def test_a_conference_against_itself_is_no_change() -> None:
    """diff(a, a) is false, has length 0, and renders as "No changes." in text and Markdown and as empty lists in JSON."""
    conf = load("eu2026")
    result = diff(conf, conf)
    assert (bool(result), len(result), result.to_text(), result.to_markdown()) == (
        False,
        0,
        "No changes.\n",
        "No changes.\n",
    )
    assert json.loads(result.to_json()) == {"added": [], "removed": [], "changed": []}


def test_the_same_schedule_in_another_zone_is_no_change() -> None:
    """A conference and the same data viewed, and written, in another zone differ in nothing: times compare as instants."""
    conf = load("na2026")
    rewritten = loads(dumps(conf, "json", tz="Asia/Tokyo"), "json")
    assert rewritten.sessions[0].start is not None and rewritten.sessions[0].start.tzname() == "JST"
    assert diff(conf, rewritten).changed == ()
    assert not diff(conf, conf.to_tz("Asia/Tokyo"))


def test_retitled_session_keeping_its_id_is_one_change() -> None:
    """A retitled session with the same id is one title change, not a removal and an addition."""
    result = diff(_conf(TALK), _conf(attrs.evolve(TALK, title="Kernels, revisited")))
    assert (result.added, result.removed) == ((), ())
    assert [(c.id, c.matched_by, c.fields) for c in result.changed] == [("t1", "id", ("title",))]
    assert (result.changed[0].changes[0].old, result.changed[0].changes[0].new) == ("Kernels", "Kernels, revisited")


def test_renumbered_session_pairs_by_url() -> None:
    """A session whose id and title both changed but whose URL did not pairs by URL, and its id is reported as changed."""
    new = attrs.evolve(TALK, id="t9", title="Other")
    result = diff(_conf(TALK), _conf(new))
    assert [(c.old.id, c.id, c.matched_by, c.fields) for c in result.changed] == [("t1", "t9", "url", ("id", "title"))]


def test_renumbered_session_pairs_by_title() -> None:
    """A session whose id changed and that has no URL pairs by its title, case and accents ignored."""
    old = attrs.evolve(TALK, url=None, title="Café Kernels")
    new = attrs.evolve(old, id="t9", title="CAFE  kernels", room=SIDE)
    result = diff(_conf(old), _conf(new))
    assert [(c.old.id, c.id, c.matched_by, c.fields) for c in result.changed] == [
        ("t1", "t9", "title", ("id", "title", "room"))
    ]


def test_titles_held_by_two_sessions_do_not_pair() -> None:
    """Two new sessions sharing a title pair with nothing by title: they are added, the old one removed."""
    old = attrs.evolve(TALK, url=None)
    new = [attrs.evolve(old, id="a"), attrs.evolve(old, id="b", start=utc(2026, 4, 7, 10), end=utc(2026, 4, 7, 11))]
    result = diff(_conf(old), _conf(*new))
    assert ([s.id for s in result.added], [s.id for s in result.removed], result.changed) == (["a", "b"], ["t1"], ())


@pytest.mark.parametrize(
    ("changes", "fields"),
    [
        ({"start": utc(2026, 4, 7, 10), "end": utc(2026, 4, 7, 10, 30)}, ("start", "end")),
        ({"room": SIDE}, ("room",)),
        ({"track": None}, ("track",)),
        ({"kind": SessionKind.KEYNOTE}, ("kind",)),
        ({"abstract": "About kernels, and more."}, ("abstract",)),
        ({"speakers": (RENE,)}, ("speakers",)),
        ({"start": None, "end": None, "day_only": utc(2026, 4, 7).date()}, ("start", "end", "day_only")),
        (
            {"language": "fr", "audience_level": "Any", "slides": ("https://example.org/s.pdf",)},
            ("language", "audience_level", "slides"),
        ),
        (
            {"recording": "https://example.org/watch/1", "slide_urls": ("https://example.org/s.pdf",)},
            ("recording", "slide_urls"),
        ),
    ],
)
def test_each_compared_field_is_reported(changes: dict[str, Any], fields: tuple[str, ...]) -> None:
    """Each compared field that differs is reported by name, in the order of COMPARED_FIELDS, with both values."""
    new = attrs.evolve(TALK, **changes)
    result = diff(_conf(TALK), _conf(new))
    assert result.changed[0].fields == fields
    assert [(c.old, c.new) for c in result.changed[0].changes] == [(getattr(TALK, f), getattr(new, f)) for f in fields]


@pytest.mark.parametrize(
    "changes",
    [
        {"sources": ("x",), "title_variants": ("K",), "kind_label": "Vortrag"},
        {"room": Room(id="other-id", name="Main Hall"), "track": Track(id="t", name="Core & Compilers")},
        {"start": utc(2026, 4, 7, 9).astimezone(TOKYO), "end": utc(2026, 4, 7, 9, 30).astimezone(TOKYO)},
    ],
)
def test_uncompared_or_equivalent_values_are_no_change(changes: dict[str, Any]) -> None:
    """Provenance, the kind label, room and track ids (names compare) and the zone of a time are not changes."""
    assert not diff(_conf(TALK), _conf(attrs.evolve(TALK, **changes)))


def test_speaker_order_is_no_change_and_a_swap_names_both() -> None:
    """Reordered speakers are no change; a swapped speaker is reported as one added and one removed name."""
    both = attrs.evolve(TALK, speakers=(ADA, RENE))
    assert not diff(_conf(both), _conf(attrs.evolve(both, speakers=(RENE, ADA))))
    grace = Speaker(id="grace", name="Grace Hopper")
    change = diff(_conf(both), _conf(attrs.evolve(both, speakers=(ADA, grace)))).changed[0].changes[0]
    assert (change.field, change.speakers_added, change.speakers_removed) == (
        "speakers",
        ("Grace Hopper",),
        ("René Descartes",),
    )


def test_text_markdown_and_json_rendering() -> None:
    """One added, one removed and one moved session render as the exact text, Markdown and JSON documented."""
    other = Session(id="t2", title="Gone", start=utc(2026, 4, 7, 12), room=SIDE)
    added = Session(id="t3", title="New | shiny", day_only=utc(2026, 4, 8).date())
    moved = attrs.evolve(TALK, start=utc(2026, 4, 7, 10), end=utc(2026, 4, 7, 10, 30), speakers=(RENE,))
    result = diff(_conf(TALK, other), _conf(moved, added))
    assert result.to_text() == (
        "Added (1):\n"
        "  + 2026-04-08 (time not known): New | shiny [t3]\n"
        "Removed (1):\n"
        "  - 2026-04-07 14:00 CEST, Side Room: Gone [t2]\n"
        "Changed (1):\n"
        "  * 2026-04-07 12:00–12:30 CEST, Main Hall: Kernels (René Descartes) [t1]\n"
        "      start: 2026-04-07 11:00 CEST → 2026-04-07 12:00 CEST\n"
        "      end: 2026-04-07 11:30 CEST → 2026-04-07 12:30 CEST\n"
        "      speakers: +René Descartes, -Ada Lovelace\n"
    )
    assert result.to_text(tz="UTC").splitlines()[6] == "      start: 2026-04-07 09:00 UTC → 2026-04-07 10:00 UTC"
    assert result.to_markdown() == (
        "## Added (1)\n\n- 2026-04-08 (time not known): New \\| shiny \\[t3\\]\n\n"
        "## Removed (1)\n\n- 2026-04-07 14:00 CEST, Side Room: Gone \\[t2\\]\n\n"
        "## Changed (1)\n\n- 2026-04-07 12:00–12:30 CEST, Main Hall: Kernels (René Descartes) \\[t1\\]\n"
        "  - start: 2026-04-07 11:00 CEST → 2026-04-07 12:00 CEST\n"
        "  - end: 2026-04-07 11:30 CEST → 2026-04-07 12:30 CEST\n"
        "  - speakers: +René Descartes, -Ada Lovelace\n"
    )
    data = json.loads(result.to_json())
    assert data["added"] == [{"id": "t3", "title": "New | shiny", "kind": "talk", "start": None, "end": None,
                              "day_only": "2026-04-08", "room": None, "track": None, "speakers": [], "language": None,
                              "audience_level": None, "url": None, "slides": [], "recording": None,
                              "slide_urls": []}]  # fmt: skip
    assert [s["id"] for s in data["removed"]] == ["t2"]
    assert data["changed"] == [{
        "id": "t1", "old_id": "t1", "title": "Kernels", "matched_by": "id",
        "changes": [
            {"field": "start", "old": "2026-04-07T09:00:00Z", "new": "2026-04-07T10:00:00Z"},
            {"field": "end", "old": "2026-04-07T09:30:00Z", "new": "2026-04-07T10:30:00Z"},
            {"field": "speakers", "old": ["Ada Lovelace"], "new": ["René Descartes"],
             "added": ["René Descartes"], "removed": ["Ada Lovelace"]},
        ],
    }]  # fmt: skip


def test_reworded_abstract_is_one_line_in_text() -> None:
    """A changed abstract is shown as "abstract: reworded" in text, and given in full in JSON."""
    result = diff(_conf(TALK), _conf(attrs.evolve(TALK, abstract="New words.")))
    assert result.to_text().splitlines()[-1] == "      abstract: reworded"
    assert json.loads(result.to_json())["changed"][0]["changes"] == [
        {"field": "abstract", "old": "About kernels.", "new": "New words."}
    ]


# -- the real samples, edited in known ways -------------------------------------------------------


def _democon() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(shared_path(*DEMOCON).read_text(encoding="utf-8"))
    return document


def _events(document: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {
        e["id"]: e for day in document["schedule"]["conference"]["days"] for room in day["rooms"].values() for e in room
    }


def test_democon_sample_edited_in_five_ways() -> None:
    """The pretalx sample with one talk moved, one removed, one added, one retitled and one speaker swapped gives exactly those changes."""
    original = _democon()
    edited = copy.deepcopy(original)
    events = _events(edited)
    events[25]["date"], events[25]["start"] = "2020-12-14T09:30:00+01:00", "09:30"  # moved by half an hour
    events[14]["title"] = "Managed stable function, second edition"  # retitled
    events[15]["persons"][1] = {"id": 999, "code": "ZZZZZZ", "public_name": "Nadia Example", "answers": []}
    rooms = edited["schedule"]["conference"]["days"][0]["rooms"]
    rooms["Gray Room"] = [e for e in rooms["Gray Room"] if e["id"] != 33]  # removed
    rooms["Tan Room"].append({**copy.deepcopy(events[14]), "id": 500, "guid": "5d6c1e9e-0000-4000-8000-000000000500",
                              "title": "A late addition", "url": "http://localhost/democon/talk/NEWNEW/",
                              "date": "2020-12-14T17:00:00+01:00", "start": "17:00"})  # fmt: skip
    old = loads(json.dumps(original), "c3voc-json")
    new = loads(json.dumps(edited), "c3voc-json")
    result = diff(old, new)
    assert [s.id for s in result.added] == ["frab-500"]
    assert [s.id for s in result.removed] == ["frab-33"]
    assert [(c.id, c.fields) for c in result.changed] == [
        ("frab-14", ("title",)),
        ("frab-25", ("start", "end")),
        ("frab-15", ("speakers",)),
    ]
    moved = result.changed[1].changes[0]
    assert moved.new - moved.old == timedelta(minutes=30)  # type: ignore[operator]
    swap = result.changed[2].changes[0]
    assert (swap.speakers_added, swap.speakers_removed) == (("Nadia Example",), ("Teresa Terrell",))
    assert apply(old, result).sessions.ids == new.sessions.ids
    assert not diff(apply(old, result), new)


def test_democon_sample_renumbered_pairs_by_url() -> None:
    """The pretalx sample with every event renumbered pairs each session by its talk URL: only ids change, nothing is added."""
    original = _democon()
    edited = copy.deepcopy(original)
    for event in _events(edited).values():
        event["id"] += 1000
    result = diff(loads(json.dumps(original), "c3voc-json"), loads(json.dumps(edited), "c3voc-json"))
    assert (result.added, result.removed, len(result.changed)) == ((), (), 36)
    assert {(c.matched_by, c.fields) for c in result.changed} == {("url", ("id",))}
    assert (result.changed[0].changes[0].old, result.changed[0].changes[0].new) == ("frab-25", "frab-1025")


def test_frab_sample_with_a_room_swap_and_a_cancelled_talk() -> None:
    """The 31C3 frab XML with its opening moved from Saal 1 to Saal 2, retyped as a keynote, and one talk deleted gives exactly those changes."""
    import xml.etree.ElementTree as ET

    text = shared_path("samples", "felixu_31c3.frab.schedule.xml").read_text(encoding="utf-8")
    root = ET.fromstring(text)
    opening = root.find(".//event[@id='6561']")
    assert opening is not None
    room, kind = opening.find("room"), opening.find("type")
    assert room is not None and kind is not None
    room.text, kind.text = "Saal 2", "keynote"
    cancelled = next(e for e in root.iter("event") if e.get("id") != "6561")
    for parent in root.iter("room"):
        if cancelled in list(parent):
            parent.remove(cancelled)
    result = diff(loads(text, "frab-xml"), loads(ET.tostring(root, encoding="unicode"), "frab-xml"))
    assert ([s.id for s in result.added], [s.id for s in result.removed]) == ([], [f"frab-{cancelled.get('id')}"])
    assert [(c.id, c.fields) for c in result.changed] == [("frab-6561", ("kind", "room"))]
    change = result.changed[0]
    assert (change.changes[1].old, change.changes[1].new) == (
        Room(id="saal-1", name="Saal 1"),
        Room(id="saal-2", name="Saal 2"),
    )


def test_frab_sample_against_its_own_native_copy_in_utc() -> None:
    """The 31C3 frab XML and its native JSON copy written in UTC differ in nothing."""
    from pyconf_schedule import read

    conf = read(shared_path("samples", "felixu_31c3.frab.schedule.xml"))
    assert not diff(conf, loads(dumps(conf, "json", tz="UTC"), "json"))


# -- properties -----------------------------------------------------------------------------------

_SPEAKERS = (ADA, RENE, Speaker(id="grace", name="Grace Hopper"))
_ROOMS = (HALL, SIDE)
_TRACKS = (CORE, Track(id="ml", name="ML"))


@st.composite
def _sessions(draw: st.DrawFn, ident: str) -> Session:
    start = draw(st.none() | st.integers(0, 40).map(lambda h: utc(2026, 4, 7) + timedelta(minutes=30 * h)))
    end = None if start is None else draw(st.none() | st.just(start + timedelta(minutes=30)))
    return Session(
        id=ident,
        title=draw(st.sampled_from(["Kernels", "Graphs", "Compilers", "Welcome"])),
        kind=draw(st.sampled_from([SessionKind.TALK, SessionKind.KEYNOTE])),
        start=start,
        end=end,
        day_only=None if start is not None else draw(st.none() | st.just(utc(2026, 4, 8).date())),
        room=draw(st.none() | st.sampled_from(_ROOMS)),
        track=draw(st.none() | st.sampled_from(_TRACKS)),
        speakers=tuple(draw(st.lists(st.sampled_from(_SPEAKERS), max_size=3, unique=True))),
        abstract=draw(st.none() | st.sampled_from(["a", "b"])),
        url=draw(st.none() | st.sampled_from(["https://x/1", "https://x/2"])),
    )


@st.composite
def _conferences(draw: st.DrawFn) -> Conference:
    ids = draw(st.lists(st.sampled_from([f"s{i}" for i in range(8)]), max_size=6, unique=True))
    return _conf(*(draw(_sessions(i)) for i in ids))


@settings(max_examples=60, deadline=None)
@given(_conferences(), _conferences())
def test_applying_the_diff_gives_the_new_version(old: Conference, new: Conference) -> None:
    """For any two conferences, diff(a, a) is empty, and applying diff(a, b) to a gives b's sessions with b's compared fields."""
    assert not diff(old, old)
    result = diff(old, new)
    applied = apply(old, result)
    assert sorted(applied.sessions.ids) == sorted(new.sessions.ids)
    assert not diff(applied, new)
    by_id = {s.id: s for s in applied.sessions}
    for session in new.sessions:
        got = by_id[session.id]
        assert [getattr(got, f) for f in COMPARED_FIELDS if f != "speakers"] == [
            getattr(session, f) for f in COMPARED_FIELDS if f != "speakers"
        ]
        assert sorted(got.speaker_names) == sorted(session.speaker_names)


# -- changes that reach the calendar (issue 21) ---------------------------------------------------

FLYDSL = "extending-torchinductor-with-flydsl-a-new-mlir-native"
MXFP8 = "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x"
STAMP = utc(2026, 10, 1, 8, 0)


def _changed_na2026() -> tuple[Conference, Conference]:
    """na2026 and a later version: FlyDSL an hour later, MXFP8 gone, another talk renumbered (paired by title)."""
    old = load("na2026")
    fly = old.session(FLYDSL)
    assert fly.start is not None and fly.end is not None
    moved = attrs.evolve(fly, start=fly.start + timedelta(hours=1), end=fly.end + timedelta(hours=1))
    other = old.sessions.scheduled[0]
    renumbered = attrs.evolve(other, id="renumbered", url=None, room=None)
    sessions = [moved if s.id == FLYDSL else renumbered if s is other else s for s in old.sessions if s.id != MXFP8]
    return old, attrs.evolve(old, sessions=sessions)


def test_diff_as_ics_cancels_removed_sessions_and_raises_the_sequence_of_changed_ones() -> None:
    """to_ics: the new schedule; a moved session keeps its UID with SEQUENCE, a renumbered one its old UID, a removed one is CANCELLED."""
    icalendar = pytest.importorskip("icalendar")
    old, new = _changed_na2026()
    changes = diff(old, new)
    text = changes.to_ics(new, sequence=3, dtstamp=STAMP)
    events = {str(e["UID"]): e for e in icalendar.Calendar.from_ical(text).walk("VEVENT")}
    assert len(events) == len(new.sessions.scheduled) + 1
    flydsl = events[f"{FLYDSL}@na2026.pyconf-schedule"]
    assert (flydsl["DTSTART"].dt.isoformat(), int(flydsl["SEQUENCE"]), "STATUS" in flydsl) == (
        "2026-10-20T12:10:00-07:00", 3, False,
    )  # fmt: skip
    gone = events[f"{MXFP8}@na2026.pyconf-schedule"]
    assert (str(gone["STATUS"]), int(gone["SEQUENCE"]), gone["DTSTART"].dt.isoformat()) == (
        "CANCELLED", 3, "2026-10-21T14:15:00-07:00",
    )  # fmt: skip
    first = old.sessions.scheduled[0]
    kept = events[f"{first.id}@na2026.pyconf-schedule"]  # renumbered, paired by title: the calendar's event is updated
    assert int(kept["SEQUENCE"]) == 3 and "renumbered@na2026.pyconf-schedule" not in events
    unchanged = [e for uid, e in events.items() if "SEQUENCE" not in e]
    assert len(unchanged) == len(events) - 3
    default = changes.to_ics(new, dtstamp=STAMP)
    assert "SEQUENCE:14069280\r\n" in default  # the minutes from 2000-01-01 to 2026-10-01 08:00 UTC
    assert changes.to_ics(new, dtstamp=STAMP, remind=timedelta(minutes=5)).count("TRIGGER:-PT5M") == len(events) - 1


def test_diff_touching_keeps_the_changes_of_some_sessions() -> None:
    """touching(ids): only the changes to those sessions, a changed one named by its old or its new id."""
    old, new = _changed_na2026()
    changes = diff(old, new)
    assert len(changes) == 3
    mine = changes.touching([FLYDSL, MXFP8])
    assert ([s.id for s in mine.removed], [c.id for c in mine.changed], mine.added) == ([MXFP8], [FLYDSL], ())
    first = old.sessions.scheduled[0].id
    assert [c.id for c in changes.touching([first]).changed] == ["renumbered"]
    assert not changes.touching(["pytorch-cto"])


def test_diff_as_atom_is_a_feed_with_one_entry_per_change() -> None:
    """to_atom: an RFC 4287 feed (parsed back), stable ids, one entry per session added, removed or changed."""
    from xml.etree import ElementTree

    old, new = _changed_na2026()
    mine = diff(old, new).touching([FLYDSL, MXFP8])
    feed = mine.to_atom(title="Changes to my picks", feed_id="na2026", updated=STAMP, link="https://example.org/na2026")
    ns = {"a": "http://www.w3.org/2005/Atom"}
    root = ElementTree.fromstring(feed)
    assert root.tag == "{http://www.w3.org/2005/Atom}feed"
    assert [root.findtext(f"a:{name}", namespaces=ns) for name in ("title", "updated")] == [
        "Changes to my picks", "2026-10-01T08:00:00Z",
    ]  # fmt: skip
    entries = root.findall("a:entry", ns)
    assert [e.findtext("a:title", namespaces=ns) for e in entries] == [
        "Removed: Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO Kernels and TorchTitan Training",
        "Changed (start, end): Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for High-Performance GEMMs",
    ]
    assert (entries[1].findtext("a:content", namespaces=ns) or "").splitlines()[1:] == [
        "  start: 2026-10-20 11:10 PDT → 2026-10-20 12:10 PDT",
        "  end: 2026-10-20 11:35 PDT → 2026-10-20 12:35 PDT",
    ]
    ids = [e.findtext("a:id", namespaces=ns) for e in entries]
    again = ElementTree.fromstring(mine.to_atom(title="x", feed_id="na2026", updated=utc(2026, 10, 2, 8, 0)))
    assert [
        e.findtext("a:id", namespaces=ns) for e in again.findall("a:entry", ns)
    ] == ids  # the same change, the same id
    assert len(set(ids)) == 2 and all(i and i.startswith("urn:uuid:") for i in ids)
