"""Personal agendas: picks, clashes, free time, alternatives and the agenda file."""

from __future__ import annotations

import json
import os
from datetime import UTC, date, datetime, timedelta
from itertools import combinations
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from pyconf_schedule import (
    Agenda,
    Clash,
    Conference,
    Gap,
    MissingPicksError,
    Pick,
    ScheduleParseError,
    Session,
    Sessions,
    UnknownConferenceError,
    UnknownSessionError,
    load,
)

from ._work import growth, steps

PARIS = ZoneInfo("Europe/Paris")


def _brute_force(sessions: Sessions, zone: ZoneInfo) -> set[tuple[str, str, timedelta | None, bool]]:
    """Every clash of ``sessions``, by comparing every pair, from the times alone."""

    def span(s: Session) -> tuple[datetime, datetime, bool] | None:
        if s.start is not None and s.end is not None:
            return s.start.astimezone(UTC), s.end.astimezone(UTC), True
        if s.start is not None:
            local = s.start.astimezone(zone)
            midnight = datetime(local.year, local.month, local.day, tzinfo=zone) + timedelta(days=1)
            return s.start.astimezone(UTC), midnight.astimezone(UTC), False
        if s.day_only is not None:
            d = s.day_only
            first = datetime(d.year, d.month, d.day, tzinfo=zone)
            last = datetime.combine(d + timedelta(days=1), datetime.min.time(), tzinfo=zone)
            return first.astimezone(UTC), last.astimezone(UTC), False
        return None

    found = set()
    for a, b in combinations(list(sessions), 2):
        sa, sb = span(a), span(b)
        if sa is None or sb is None or sa[1] <= sa[0] or sb[1] <= sb[0]:
            continue
        start, end = max(sa[0], sb[0]), min(sa[1], sb[1])
        if start < end:
            exact = sa[2] and sb[2]
            pair = sorted((a.id, b.id))
            found.add((pair[0], pair[1], end - start if exact else None, not exact))
    return found


def _as_set(clashes: tuple[Clash, ...]) -> set[tuple[str, str, timedelta | None, bool]]:
    result = set()
    for c in clashes:
        pair = sorted((c.first.id, c.second.id))
        result.add((pair[0], pair[1], c.overlap, c.possible))
    return result


def test_small_agenda_clashes_literally() -> None:
    """Four eu2026 picks give exactly one clash, the two 11:05 talks, overlapping 10 minutes."""
    conf = load("eu2026")
    agenda = Agenda.of(conf, [
        "pytorch-cto", "vllm-ray-updates", "kv-cache-centric-inference-building-a-state-aware",
        "bringing-pytorch-monarch-to-amd-gpus-single-controller",
    ])  # fmt: skip
    clashes = agenda.clashes()
    assert [(c.first.id, c.second.id, c.overlap, c.possible) for c in clashes] == [
        (
            "kv-cache-centric-inference-building-a-state-aware",
            "bringing-pytorch-monarch-to-amd-gpus-single-controller",
            timedelta(minutes=10),
            False,
        )
    ]


def test_back_to_back_sessions_do_not_clash() -> None:
    """pytorch-cto ends at 09:10 as vllm-ray-updates starts: no clash."""
    conf = load("eu2026")
    assert conf.session("pytorch-cto").end == conf.session("vllm-ray-updates").start
    assert Agenda.of(conf, ["pytorch-cto", "vllm-ray-updates"]).clashes() == ()


def test_eu2026_day_agenda_clashes_are_exact() -> None:
    """Every session of 7 April picked: the clashes are exactly the brute-force pairs, day-only ones possible."""
    conf = load("eu2026")
    agenda = Agenda.of(conf, conf.on("2026-04-07"))
    clashes = agenda.clashes()
    assert _as_set(clashes) == _brute_force(agenda.sessions, PARIS)
    assert (len(agenda), len(clashes), sum(c.possible for c in clashes)) == (44, 435, 418)
    assert len(_as_set(clashes)) == len(clashes)


def test_na2026_day_agenda_clashes_are_exact() -> None:
    """Every session of 20 October picked: the clashes are exactly the brute-force pairs, open ends possible."""
    conf = load("na2026")
    agenda = Agenda.of(conf, conf.on("2026-10-20"))
    clashes = agenda.clashes()
    assert _as_set(clashes) == _brute_force(agenda.sessions, ZoneInfo("America/Los_Angeles"))
    assert (len(agenda), len(clashes), sum(c.possible for c in clashes)) == (60, 351, 250)


def test_clashes_are_ordered_by_time() -> None:
    """Clashes come in order of the start of their overlap, and first starts no later than second."""
    conf = load("na2026")
    clashes = Agenda.of(conf, conf.on("2026-10-20")).clashes()
    overlap_starts = [max(c.first.start, c.second.start) for c in clashes if c.first.start and c.second.start]
    assert overlap_starts == sorted(overlap_starts)
    assert all(c.first.start <= c.second.start for c in clashes if c.first.start and c.second.start)


def test_open_ended_pick_is_a_possible_clash() -> None:
    """A na2026 keynote with no known end may clash with a later pick that day, marked possible, no overlap."""
    conf = load("na2026")
    keynote = conf.session("beyond-brute-force-the-era-of-adaptive-intelligence")
    assert keynote.end is None and keynote.start is not None
    begins = keynote.start
    later = conf.on("2026-10-20").filter(lambda s: s.start is not None and s.end is not None and s.start > begins)[0]
    clashes = Agenda.of(conf, [keynote.id, later.id]).clashes()
    assert [(c.first.id, c.second.id, c.overlap, c.possible) for c in clashes] == [(keynote.id, later.id, None, True)]


def test_day_only_pick_is_a_possible_clash() -> None:
    """A day-only pick cannot be proved free of a timed pick that day: a possible clash."""
    conf = load("eu2026")
    day_only = conf.sessions.day_only.on("2026-04-08")[0]
    clashes = Agenda.of(conf, ["pytorch-cto", day_only.id]).clashes()
    assert [(c.first.id, c.second.id, c.overlap, c.possible) for c in clashes] == [
        ("pytorch-cto", day_only.id, None, True)
    ]
    assert Agenda.of(conf, ["pytorch-updates", day_only.id]).clashes() == ()


def _synthetic(count: int) -> Conference:
    base = datetime(2030, 1, 1, tzinfo=UTC)
    sessions = [
        Session(
            id=f"s{i}", title=f"S{i}", start=base + timedelta(minutes=10 * i), end=base + timedelta(minutes=10 * i + 15)
        )
        for i in range(count)
    ]
    return Conference(id="synthetic", name="Synthetic", timezone="UTC", sessions=sessions)


def test_clashes_of_many_picks_are_not_quadratic() -> None:
    """10,000 picks, each overlapping the next by 5 minutes: 9,999 clashes, and each pick added from 250 to 2,000 costs the steps one added from 250 to 500 does."""
    conf = _synthetic(10_000)
    clashes = Agenda.of(conf, conf.sessions).clashes()
    assert len(clashes) == 9_999
    assert {c.overlap for c in clashes} == {timedelta(minutes=5)}

    def steps_for(count: int) -> int:
        small = _synthetic(count)
        agenda = Agenda.of(small, small.sessions)
        return steps(agenda.clashes)

    assert growth(steps_for, 250) < 1.05  # comparing all pairs would give about 3


def test_free_gaps_literally() -> None:
    """The free time on 8 April between four picks, within the day's programme 09:00-15:50."""
    conf = load("eu2026")
    agenda = Agenda.of(conf, [
        "pytorch-cto", "vllm-ray-updates", "kv-cache-centric-inference-building-a-state-aware",
        "bringing-pytorch-monarch-to-amd-gpus-single-controller",
    ])  # fmt: skip
    assert [str(g) for g in agenda.free("2026-04-08")] == ["09:25-11:05 (1 h 40 min)", "11:30-15:50 (4 h 20 min)"]
    assert agenda.free(date(2026, 4, 8))[0].start == datetime(2026, 4, 8, 9, 25, tzinfo=PARIS)


def test_free_marks_gaps_a_day_only_pick_may_take() -> None:
    """With a day-only pick that day, every gap names it as maybe taken."""
    conf = load("eu2026")
    day_only = conf.sessions.day_only.on("2026-04-08")[0]
    gaps = Agenda.of(conf, ["pytorch-cto", day_only.id]).free("2026-04-08")
    assert [(str(g.start.time()), str(g.end.time()), [s.id for s in g.maybe_taken]) for g in gaps] == [
        ("09:10:00", "15:50:00", [day_only.id])
    ]


def test_free_in_another_zone_and_on_an_empty_day() -> None:
    """free() answers in the agenda's zone; a day without sessions has no gap."""
    conf = load("eu2026")
    agenda = Agenda.of(conf, ["pytorch-cto"]).to_tz("America/New_York")
    gaps = agenda.free("2026-04-08")
    assert [str(g) for g in gaps] == ["03:10-09:50 (6 h 40 min)"]
    assert agenda.free("2026-05-01") == ()


def test_alternatives_are_the_unpicked_overlapping_sessions() -> None:
    """What else runs during the KV-cache talk, less the picks: none surely (the other 11:05 talk is picked), that day's 27 day-only ones possibly."""
    conf = load("eu2026")
    kv = "kv-cache-centric-inference-building-a-state-aware"
    agenda = Agenda.of(conf, [kv, "bringing-pytorch-monarch-to-amd-gpus-single-controller"])
    alternatives = agenda.alternatives(kv)
    kv_start, kv_end = conf.session(kv).start, conf.session(kv).end
    assert kv_start is not None and kv_end is not None
    expected = conf.on("2026-04-08").filter(
        lambda s: s.id not in agenda and s.id != kv and (
            s.start is None or (s.start < kv_end and s.end is not None and s.end > kv_start)
        )
    )  # fmt: skip
    assert alternatives.certain.ids == ()
    assert alternatives.possible.ids == expected.ids
    assert len(alternatives.possible) == len(alternatives.possible.day_only) == 27


def test_alternatives_keep_certain_overlaps_apart_from_possible_ones() -> None:
    """Issue 21 item 6: a timed session's alternatives are the one talk that surely overlaps it, not the 27 day-only sessions that might."""
    conf = load("eu2026")
    kv = "kv-cache-centric-inference-building-a-state-aware"
    alternatives = Agenda.of(conf, [kv]).alternatives(kv)
    assert alternatives.certain.ids == ("bringing-pytorch-monarch-to-amd-gpus-single-controller",)
    assert len(alternatives.possible) == 27
    assert alternatives.possible.ids == conf.on("2026-04-08").day_only.ids
    day_only = conf.on("2026-04-08").day_only[0]
    of_day_only = Agenda.of(conf, [day_only.id]).alternatives(day_only.id)
    assert of_day_only.certain.ids == ()
    assert len(of_day_only.possible) == len(conf.on("2026-04-08")) - 1


def test_a_cross_conference_agenda_exports_each_session_in_its_zone() -> None:
    """Issue 21 item 1: Liz Li speaks at both conferences; her three talks export in every text format, iCalendar in each conference's zone."""
    eu, na = load("eu2026"), load("na2026")
    agenda = Agenda.of(eu, eu.by_speaker("Liz Li")).add(na.by_speaker("Liz Li"))
    stamp = datetime(2026, 1, 1, tzinfo=UTC)
    text = agenda.dumps("ics", dtstamp=stamp)
    assert [line for line in text.splitlines() if line.startswith(("UID", "DTSTART;", "DTEND;", "TZID"))] == [
        "TZID:Europe/Paris",
        "TZID:America/Los_Angeles",
        "UID:bringing-pytorch-monarch-to-amd-gpus-single-controller@eu2026.pyconf-sc",
        "DTSTART;TZID=Europe/Paris:20260408T110500",
        "DTEND;TZID=Europe/Paris:20260408T113000",
        "UID:extending-torchinductor-with-flydsl-a-new-mlir-native@na2026.pyconf-sch",
        "DTSTART;TZID=America/Los_Angeles:20261020T111000",
        "DTEND;TZID=America/Los_Angeles:20261020T113500",
        "UID:scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x@na2026.pyconf-sched",
        "DTSTART;TZID=America/Los_Angeles:20261021T141500",
        "DTEND;TZID=America/Los_Angeles:20261021T144000",
    ]
    icalendar = pytest.importorskip("icalendar")
    events = icalendar.Calendar.from_ical(text).walk("VEVENT")
    assert [(str(e["DTSTART"].dt.tzinfo), e["DTSTART"].dt.isoformat()) for e in events] == [
        ("Europe/Paris", "2026-04-08T11:05:00+02:00"),
        ("America/Los_Angeles", "2026-10-20T11:10:00-07:00"),
        ("America/Los_Angeles", "2026-10-21T14:15:00-07:00"),
    ]
    one_zone = agenda.dumps("ics", tz="Asia/Tokyo", dtstamp=stamp)
    assert [line for line in one_zone.splitlines() if line.startswith("DTSTART;")] == [
        "DTSTART;TZID=Asia/Tokyo:20260408T180500",
        "DTSTART;TZID=Asia/Tokyo:20261021T031000",
        "DTSTART;TZID=Asia/Tokyo:20261022T061500",
    ]
    native = json.loads(agenda.dumps("json"))[
        "conference"
    ]  # one conference: the second Liz Li under her conference's id
    assert (native["id"], native["timezone"]) == ("agenda", "Europe/Paris")
    assert native["name"] == "PyTorch Conference Europe 2026 + PyTorch Conference North America 2026"
    assert [s["id"] for s in native["speakers"] if s["name"] == "Liz Li"] == ["liz-li", "na2026/liz-li"]
    assert [s["start"] for s in native["sessions"]] == [
        "2026-04-08T11:05:00+02:00[Europe/Paris]", "2026-10-20T20:10:00+02:00[Europe/Paris]",
        "2026-10-21T23:15:00+02:00[Europe/Paris]",
    ]  # fmt: skip
    for name in ("csv", "markdown", "c3voc-json", "frab-xml", "html", "llms"):
        assert "Extending TorchInductor with FlyDSL" in agenda.dumps(name), name


def test_agenda_export_reminders_and_notes() -> None:
    """dumps(remind=...) adds one VALARM per event, that long before it; a pick's note opens the event's description."""
    conf = load("eu2026")
    agenda = Agenda.of(conf, ["pytorch-updates"], note="ask about 2.12").add(["pytorch-cto"])
    text = agenda.dumps(remind=timedelta(hours=1, minutes=30), dtstamp=datetime(2026, 1, 1, tzinfo=UTC))
    alarms = text.split("BEGIN:VALARM")[1:]
    assert [a.split("END:VALARM")[0].splitlines()[1:] for a in alarms] == [
        ["ACTION:DISPLAY", "DESCRIPTION:PyTorch Updates", "TRIGGER:-PT1H30M"],
        ["ACTION:DISPLAY", "DESCRIPTION:PyTorch CTO", "TRIGGER:-PT1H30M"],
    ]
    assert "DESCRIPTION:Note: ask about 2.12\\n\\nSpeaker" in text
    icalendar = pytest.importorskip("icalendar")
    events = icalendar.Calendar.from_ical(text).walk("VEVENT")
    assert [e.walk("VALARM")[0]["TRIGGER"].dt for e in events] == [-timedelta(minutes=90)] * 2
    assert agenda.dumps(remind="10m").count("TRIGGER:-PT10M") == 2
    with pytest.raises(ValueError, match=r"'10 parsecs' is not a reminder time; give a number with a unit: '10m'"):
        agenda.dumps(remind="10 parsecs")
    with pytest.raises(ValueError, match=r"a reminder goes off between 0 and 7 days before a session, not 8 days"):
        agenda.dumps(remind=timedelta(days=8))
    with pytest.raises(ValueError, match=r"a reminder is written only in iCalendar \('ics'\), not in 'csv'"):
        agenda.dumps("csv", remind="10m")


def test_unknown_id_names_it_with_suggestions() -> None:
    """A typo in a pick raises UnknownSessionError with the close id."""
    with pytest.raises(
        UnknownSessionError, match=r"session 'pytorch-update' not found \(did you mean 'pytorch-updates'\?\)"
    ):
        Agenda.of(load("eu2026"), ["pytorch-update"])


def test_add_and_remove_return_new_agendas() -> None:
    """add and remove leave the agenda unchanged and return new ones; removing a non-pick names it."""
    conf = load("eu2026")
    one = Agenda.of(conf, ["pytorch-updates"])
    two = one.add("pytorch-cto", note="keynote")
    assert (one.sessions.ids, two.sessions.ids) == (("pytorch-updates",), ("pytorch-updates", "pytorch-cto"))
    assert two.note("pytorch-cto") == "keynote" and two.note("pytorch-updates") is None
    assert two.remove("pytorch-updates").sessions.ids == ("pytorch-cto",)
    with pytest.raises(UnknownSessionError, match="session 'vllm-ray-updates' not found"):
        two.remove("vllm-ray-updates")
    with pytest.raises(AttributeError, match="Agenda is immutable"):
        one._picks = ()


def test_agenda_sessions_work_with_writers() -> None:
    """An agenda's sessions write to iCalendar in one call, with the conference's details."""
    from pyconf_schedule import dumps

    conf = load("eu2026")
    text = dumps(Agenda.of(conf, ["pytorch-cto", "vllm-ray-updates"]).sessions, "ics")
    assert text.count("BEGIN:VEVENT") == 2
    assert "SUMMARY:PyTorch CTO" in text


def test_agenda_across_two_conferences_keeps_each_zone() -> None:
    """Liz Li's talks in Paris and San Jose in one agenda: each at its true instant, shown in the agenda's zone."""
    eu, na = load("eu2026"), load("na2026")
    agenda = Agenda.of(eu, eu.by_speaker("Liz Li")).add(na.by_speaker("Liz Li"))
    assert [c.id for c in agenda.conferences] == ["eu2026", "na2026"]
    assert [(s.id, s.start.isoformat()) for s in agenda.sessions if s.start] == [
        ("bringing-pytorch-monarch-to-amd-gpus-single-controller", "2026-04-08T11:05:00+02:00"),
        ("extending-torchinductor-with-flydsl-a-new-mlir-native", "2026-10-20T20:10:00+02:00"),
        ("scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x", "2026-10-21T23:15:00+02:00"),
    ]
    in_sj = agenda.to_tz("America/Los_Angeles").sessions[1]
    assert in_sj.start is not None and in_sj.start.isoformat() == "2026-10-20T11:10:00-07:00"
    assert agenda.clashes() == ()


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    """save() writes the versioned file atomically (no temporary file left) and load() gives an equal agenda."""
    eu, na = load("eu2026"), load("na2026")
    agenda = Agenda.of(eu, ["pytorch-cto"], note="the CTO").add(na.by_speaker("Liz Li"))
    path = tmp_path / "my.json"
    agenda.save(path)
    assert os.listdir(tmp_path) == ["my.json"]
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document == {
        "format": "pyconf-schedule-agenda",
        "version": 1,
        "timezone": "Europe/Paris",
        "conferences": ["eu2026", "na2026"],
        "picks": [
            {"conference": "eu2026", "session": "pytorch-cto", "note": "the CTO"},
            {"conference": "na2026", "session": "extending-torchinductor-with-flydsl-a-new-mlir-native"},
            {"conference": "na2026", "session": "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x"},
        ],
    }
    again = Agenda.load(path, loader=load)
    assert again == agenda and again.picks[0] == Pick(conference="eu2026", session="pytorch-cto", note="the CTO")


def test_load_takes_conferences_given_then_from_the_loader(tmp_path: Path) -> None:
    """Agenda.load takes each conference from conferences= by id, else from loader=; it never loads by itself."""
    eu, na = load("eu2026"), load("na2026")
    path = tmp_path / "my.json"
    Agenda.of(eu, ["pytorch-cto"]).add(na.by_speaker("Liz Li")).save(path)
    asked: list[str] = []

    def loader(name: str) -> Conference:
        asked.append(name)
        return load(name)

    again = Agenda.load(path, [eu], loader=loader)
    assert asked == ["na2026"]
    assert again.conferences[0] is eu and again.sessions.ids == (
        "pytorch-cto", "extending-torchinductor-with-flydsl-a-new-mlir-native",
        "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x",
    )  # fmt: skip
    with pytest.raises(UnknownConferenceError) as info:
        Agenda.load(path, {"eu2026": eu})
    assert str(info.value) == (
        "my.json names conference 'na2026', which was not given (given: eu2026); pass it in conferences=,"
        " or pass loader=pyconf_schedule.load to read embedded datasets by name"
    )
    assert isinstance(info.value, LookupError)


def test_load_names_every_missing_pick(tmp_path: Path) -> None:
    """An agenda file whose ids no longer exist raises MissingPicksError naming them all, not dropping them."""
    path = tmp_path / "old.json"
    path.write_text(json.dumps({
        "format": "pyconf-schedule-agenda", "version": 1, "timezone": None, "conferences": ["eu2026"],
        "picks": [{"conference": "eu2026", "session": "pytorch-update"}, {"conference": "eu2026", "session": "pytorch-cto"},
                  {"conference": "eu2026", "session": "gone-talk"}],
    }), encoding="utf-8")  # fmt: skip
    with pytest.raises(MissingPicksError) as info:
        Agenda.load(path, loader=load)
    assert info.value.missing == (("eu2026", "pytorch-update"), ("eu2026", "gone-talk"))
    assert str(info.value) == (
        "old.json: 2 picked sessions no longer exist: pytorch-update (eu2026), gone-talk (eu2026) "
        "(did you mean 'pytorch-updates'?)"
    )
    assert isinstance(info.value, LookupError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1", "cannot read agenda at line 1 column 3: not JSON (invalid JSON: Expecting ',' delimiter)"),
        ('{"format": "other"}', "cannot read agenda: x.json is not an agenda file"),
        (
            '{"format": "pyconf-schedule-agenda", "version": 2}',
            "cannot read agenda at version: version 2 is not supported",
        ),
        (
            '{"format": "pyconf-schedule-agenda", "version": 1, "conferences": ["eu2026"], "picks": [{"session": 3}]}',
            "cannot read agenda at picks[0]: conference and session must be strings",
        ),
    ],
)
def test_bad_agenda_files_are_refused(tmp_path: Path, text: str, message: str) -> None:
    """A malformed agenda file raises ScheduleParseError saying where and what is expected."""
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScheduleParseError) as info:
        Agenda.load(path)
    assert str(info.value).startswith(message)
    assert str(info.value).endswith("expected a pyconf-schedule-agenda document as written by Agenda.save()")


def test_sessions_set_operations_and_by_ids() -> None:
    """Sessions has & and - beside |, and by_ids builds a result from ids, refusing an unknown one."""
    conf = load("eu2026")
    keynotes = conf.by_kind("keynote")
    meta = conf.by_organisation("Meta")
    assert (keynotes & meta).ids == tuple(s.id for s in keynotes if s.id in meta.ids)
    assert (keynotes - meta).ids == tuple(s.id for s in keynotes if s.id not in meta.ids)
    assert len(keynotes & meta) + len(keynotes - meta) == len(keynotes)
    assert conf.sessions.by_ids(["vllm-ray-updates", "pytorch-cto"]).ids == ("pytorch-cto", "vllm-ray-updates")
    with pytest.raises(UnknownSessionError, match="did you mean 'pytorch-cto'"):
        conf.sessions.by_ids(["pytorch-ct"])


def test_clash_and_gap_text() -> None:
    """A clash and a gap read as one line each, a possible clash saying 'may clash'."""
    conf = load("eu2026")
    day_only = conf.sessions.day_only.on("2026-04-08")[0]
    clash = Agenda.of(conf, ["pytorch-cto", day_only.id]).clashes()[0]
    assert str(clash).startswith("may clash: 2026-04-08 09:00-09:10 CEST, Master Stage: PyTorch CTO")
    gap = Gap(start=datetime(2026, 4, 8, 9, tzinfo=PARIS), end=datetime(2026, 4, 8, 10, 30, tzinfo=PARIS))
    assert (str(gap), gap.duration) == ("09:00-10:30 (1 h 30 min)", timedelta(minutes=90))


def test_free_follows_each_conferences_programme_days() -> None:
    """In an agenda of two conferences, a 01:00 pick of a congress whose days change at 04:00 fills its programme day."""
    from datetime import time as clock

    night = datetime(2026, 4, 8, 23, tzinfo=PARIS)
    congress = Conference(
        id="congress", name="Congress", timezone="Europe/Paris", day_change=clock(4),
        sessions=[
            Session(id="late", title="Late", start=night, end=night + timedelta(minutes=90)),
            Session(id="night", title="Night", start=night + timedelta(hours=2), end=night + timedelta(hours=3)),
        ],
    )  # fmt: skip
    agenda = Agenda.of(congress, ["night"]).add(["pytorch-cto"], conference=load("eu2026"))
    assert [c.id for c in agenda.conferences] == ["congress", "eu2026"]
    assert [str(g) for g in agenda.free("2026-04-08")] == ["09:10-01:00 (+1) (15 h 50 min)"]


def test_a_clash_resting_on_a_weak_time_is_marked() -> None:
    """Not All Tokens (its time only from the llm-d list) overlaps Monarch on ROCm: the clash says it rests on a weak time."""
    conf = load("eu2026")
    weak = Agenda.of(
        conf, ["not-all-tokens-are-equal-semantic-kv-cache", "bringing-pytorch-monarch-to-amd-gpus-single-controller"]
    )
    (clash,) = weak.clashes()
    assert (clash.first.id, clash.overlap, clash.weak_time) == (
        "bringing-pytorch-monarch-to-amd-gpus-single-controller", timedelta(minutes=5), True,
    )  # fmt: skip
    assert str(clash).endswith("(Maroon Ayoub, Hyunkyun Moon) (on a weak time)")
    firm = Agenda.of(
        conf,
        ["kv-cache-centric-inference-building-a-state-aware", "bringing-pytorch-monarch-to-amd-gpus-single-controller"],
    )
    assert [c.weak_time for c in firm.clashes()] == [False]


# -- favourites in and out, two agendas (issue 21) -----------------------------------------------

FAVED = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//pretalx//pretalx.example//eu2026//\r
BEGIN:VEVENT\r
SUMMARY:PyTorch CTO - Matt White\r
DTSTAMP:20260301T120000Z\r
LOCATION:Master Stage\r
UID:pretalx-eu2026-ABCDEF@pretalx.example\r
DTSTART;TZID=Europe/Paris:20260408T090000\r
DTEND;TZID=Europe/Paris:20260408T091000\r
URL:https://pretalx.example/eu2026/talk/ABCDEF/\r
END:VEVENT\r
BEGIN:VEVENT\r
SUMMARY:A talk this schedule does not have - Nobody\r
DTSTAMP:20260301T120000Z\r
UID:pretalx-eu2026-ZZZZZZ@pretalx.example\r
DTSTART:20260408T120000Z\r
END:VEVENT\r
END:VCALENDAR\r
"""


def test_find_picks_in_a_pretalx_faved_ics() -> None:
    """A pretalx faved.ics ("Title - Speakers" summaries, pretalx UIDs): the known talk by its title, the other reported by its summary."""
    from pyconf_schedule import find_picks

    found = find_picks(load("eu2026"), FAVED.encode())
    assert (found.sessions.ids, found.unmatched, found.other_conferences) == (
        ("pytorch-cto",), ("A talk this schedule does not have - Nobody",), (),
    )  # fmt: skip


def test_find_picks_in_our_own_exports_round_trips() -> None:
    """An agenda's iCalendar (UIDs), its agenda file and its plain list each give back exactly its picks of the conference."""
    from pyconf_schedule import find_picks

    eu, na = load("eu2026"), load("na2026")
    agenda = Agenda.of(eu, ["pytorch-cto", "vllm-ray-updates"]).add(na.by_speaker("Liz Li"))
    for data in (Agenda.of(eu, ["vllm-ray-updates", "pytorch-cto"]).dumps("ics"), agenda.to_json(), agenda.to_list()):
        found = find_picks(eu, data)
        assert found.sessions.ids == ("pytorch-cto", "vllm-ray-updates")
        assert found.unmatched == ()
    assert find_picks(eu, agenda.to_json()).other_conferences == (
        "na2026: extending-torchinductor-with-flydsl-a-new-mlir-native",
        "na2026: scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x",
    )
    assert find_picks(na, agenda.to_list()).sessions.ids == (
        "extending-torchinductor-with-flydsl-a-new-mlir-native", "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x",
    )  # fmt: skip
    assert agenda.to_list() == (
        "# conference: eu2026 (PyTorch Conference Europe 2026)\n"
        "pytorch-cto\tPyTorch CTO\n"
        "vllm-ray-updates\tvLLM & Ray Updates\n"
        "# conference: na2026 (PyTorch Conference North America 2026)\n"
        "extending-torchinductor-with-flydsl-a-new-mlir-native\t"
        "Extending TorchInductor with FlyDSL: A New MLIR-Native Backend for High-Performance GEMMs\n"
        "scaling-mxfp8-pretraining-on-1k-amd-instinct-mi355x\t"
        "Scaling MXFP8 Pretraining on 1K+ AMD Instinct MI355X: TorchAO Kernels and TorchTitan Training\n"
    )


def test_find_picks_in_a_list_of_ids_and_titles() -> None:
    """A list: ids, titles (case and accents ignored), comments and blank lines; a shared title and a typo stay unmatched."""
    from pyconf_schedule import find_picks

    text = "# my favourites\n\npytorch-cto\n  pytorch updates  \nPytorch CT0\n"
    found = find_picks(load("eu2026"), text)
    assert (found.sessions.ids, found.unmatched) == (("pytorch-updates", "pytorch-cto"), ("Pytorch CT0",))
    with pytest.raises(ScheduleParseError, match=r"not JSON"):
        find_picks(load("eu2026"), "{nope")
    with pytest.raises(ScheduleParseError, match=r"a JSON document that is not a pyconf-schedule-agenda file"):
        find_picks(load("eu2026"), '{"format": "other"}')
    with pytest.raises(ScheduleParseError, match=r"too large"):
        find_picks(load("eu2026"), b"x" * (4 * 1024 * 1024 + 1))


def test_two_agendas_share_picks_and_free_time() -> None:
    """common() gives the picks both made; free_together() the times neither has a pick, with what might be taken."""
    conf = load("eu2026")
    mine = Agenda.of(conf, ["pytorch-cto", "vllm-ray-updates"])
    yours = Agenda.of(conf, ["pytorch-cto", "bringing-pytorch-monarch-to-amd-gpus-single-controller"]).to_tz("UTC")
    assert mine.common(yours).ids == ("pytorch-cto",)
    assert [str(g) for g in mine.free_together(yours, "2026-04-08")] == [
        "09:25-11:05 (1 h 40 min)", "11:30-15:50 (4 h 20 min)",
    ]  # fmt: skip
    day_only = conf.on("2026-04-08").day_only[0].id
    maybe = yours.add([day_only])
    gaps = mine.free_together(maybe, "2026-04-08")
    assert [tuple(s.id for s in g.maybe_taken) for g in gaps] == [(day_only,), (day_only,)]
    assert mine.free_together(yours, "2026-05-01") == ()


def test_drop_missing_reads_a_file_whose_sessions_are_gone() -> None:
    """drop_missing=True leaves out the picks the conference no longer has (which otherwise raise) and keeps the rest."""
    text = json.dumps(
        {
            "format": "pyconf-schedule-agenda",
            "version": 1,
            "conferences": ["eu2026"],
            "picks": [
                {"conference": "eu2026", "session": "gone-talk", "note": "x"},
                {"conference": "eu2026", "session": "pytorch-cto", "note": "keynote"},
            ],
        }
    )
    with pytest.raises(MissingPicksError):
        Agenda.from_json(text, loader=load)
    kept = Agenda.from_json(text, loader=load, drop_missing=True)
    assert [(p.session, p.note) for p in kept.picks] == [("pytorch-cto", "keynote")]
