"""Sessions: sorting, chaining and every filter, on synthetic data across a DST change."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import (
    Conference,
    Session,
    SessionKind,
    Sessions,
    TimeParseError,
    UnknownKindError,
    UnknownOrganisationError,
    UnknownRoomError,
    UnknownSessionError,
    UnknownSpeakerError,
    UnknownTrackError,
)
from pyconf_schedule._sessions import sort_key, sort_sessions

from ._support import utc


def test_sorted_by_instant_with_unscheduled_last(dst: Conference) -> None:
    """Sessions sort by start instant; sessions without a start come last."""
    assert dst.sessions.ids == ("late", "fold", "open", "tbd")


def test_sort_uses_instants_not_wall_times() -> None:
    """Two sessions at the same wall time 01:30 on 1 Nov in LA sort by real instant (PDT before PST)."""
    pst = Session(id="b-pst", start=utc(2026, 11, 1, 9, 30)).to_tz("America/Los_Angeles")
    pdt = Session(id="z-pdt", start=utc(2026, 11, 1, 8, 30)).to_tz("America/Los_Angeles")
    assert Sessions([pst, pdt]).ids == ("z-pdt", "b-pst")


def test_unknown_end_sorts_after_known_end_at_same_start() -> None:
    """At the same start, a session with a known end comes before one whose end is unknown."""
    a = Session(id="a", start=utc(2026, 1, 1, 9))
    b = Session(id="b", start=utc(2026, 1, 1, 9), end=utc(2026, 1, 1, 10))
    assert Sessions([a, b]).ids == ("b", "a")


def test_sessions_are_an_immutable_sequence(dst: Conference) -> None:
    """Indexing gives a Session, slicing a Sessions, and there is no way to mutate."""
    sessions = dst.sessions
    assert sessions[0].id == "late"
    assert isinstance(sessions[1:3], Sessions) and sessions[1:3].ids == ("fold", "open")
    assert not hasattr(sessions, "append")
    with pytest.raises(AttributeError):
        sessions._items = ()


def test_sessions_equality_and_hash(dst: Conference) -> None:
    """Two Sessions with the same sessions are equal and hash alike."""
    again = Sessions(reversed(list(dst.sessions)))
    assert again == dst.sessions and hash(again) == hash(dst.sessions)


@pytest.mark.parametrize(
    ("name", "ids"),
    [
        ("Ada Lovelace", ("late", "open")),
        ("ada lovelace", ("late", "open")),
        ("  ADA   LOVELACE ", ("late", "open")),
        ("Augusta Ada King", ("late", "open")),
        ("ada", ("late", "open")),
        ("Rene Descartes", ("fold", "open", "tbd")),
        ("René Descartes", ("fold", "open", "tbd")),
    ],
)
def test_by_speaker_matches_whole_names_aliases_and_ids(dst: Conference, name: str, ids: tuple[str, ...]) -> None:
    """Names match whole, ignoring case, accents and spacing; aliases and ids match too."""
    assert dst.by_speaker(name).ids == ids


def test_by_speaker_partial_name_is_an_error_with_suggestion(dst: Conference) -> None:
    """A part of a name is not a name: 'Lovelace' raises with 'Ada Lovelace' suggested."""
    with pytest.raises(UnknownSpeakerError) as info:
        dst.by_speaker("Lovelace")
    assert str(info.value) == "speaker 'Lovelace' not found (did you mean 'Ada Lovelace'?)"
    assert info.value.suggestions == ("Ada Lovelace",)


def test_known_speaker_absent_from_selection_gives_empty(dst: Conference) -> None:
    """A known speaker with no session in a narrowed selection gives an empty result, not an error."""
    assert dst.sessions.by_room("Side Room").by_speaker("Ada Lovelace").ids == ()


def test_filters_chain(dst: Conference) -> None:
    """Every filter returns Sessions, so filters chain."""
    result = dst.sessions.by_speaker("Ada Lovelace").by_room("main hall").on("2026-11-01")
    assert isinstance(result, Sessions)
    assert result.ids == ("open",)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda c: c.by_track("Core"), UnknownTrackError, "track 'Core' not found (did you mean 'Core & Compilers'?)"),
        (lambda c: c.by_room("Hall"), UnknownRoomError, "room 'Hall' not found (did you mean 'Main Hall'?)"),
        (lambda c: c.by_room("Kitchen"), UnknownRoomError, "room 'Kitchen' not found; valid: Main Hall, Side Room"),
        (
            lambda c: c.by_kind("lightening talk"),
            UnknownKindError,
            "session kind 'lightening talk' not found (did you mean 'lightning-talk'?)",
        ),
        (
            lambda c: c.by_organisation("IBM"),
            UnknownOrganisationError,
            "organisation 'IBM' not found; valid: Analytical Engines Ltd, Red Hat, Inc",
        ),
        (lambda c: c.session("lat"), UnknownSessionError, "session 'lat' not found (did you mean 'late'?)"),
    ],
)
def test_unknown_names_raise_with_suggestions(
    dst: Conference, call: object, error: type[Exception], message: str
) -> None:
    """An unknown track, room, kind, organisation or id raises a LookupError naming what is valid."""
    with pytest.raises(error) as info:
        call(dst)  # type: ignore[operator]
    assert str(info.value) == message
    assert isinstance(info.value, LookupError)


@pytest.mark.parametrize(
    ("kind", "ids"),
    [
        (SessionKind.KEYNOTE, ("open",)),
        ("lightning-talk", ("fold",)),
        ("Lightning Talk", ("fold",)),
        ("LIGHTNING_TALK", ("fold",)),
        ("panel", ("tbd",)),
        ("workshop", ()),
    ],
)
def test_by_kind(dst: Conference, kind: SessionKind | str, ids: tuple[str, ...]) -> None:
    """Kinds are given as SessionKind or by name in any case, with spaces or underscores."""
    assert dst.by_kind(kind).ids == ids


@pytest.mark.parametrize(
    ("name", "ids"),
    [
        ("Red Hat", ("fold", "open", "tbd")),
        ("red hat, inc", ("fold", "open", "tbd")),
        ("Analytical Engines", ("late", "open")),
    ],
)
def test_by_organisation_matches_whole_words(dst: Conference, name: str, ids: tuple[str, ...]) -> None:
    """An organisation matches when its words contain the query's words in order."""
    assert dst.by_organisation(name).ids == ids


def test_by_organisation_does_not_match_inside_words(dst: Conference) -> None:
    """'Engine' is not a word of 'Analytical Engines Ltd'."""
    with pytest.raises(UnknownOrganisationError):
        dst.by_organisation("Engine")


@pytest.mark.parametrize(
    ("day", "tz", "ids"),
    [
        ("2026-10-31", "America/Los_Angeles", ("late",)),
        ("2026-11-01", "America/Los_Angeles", ("fold", "open")),
        (date(2026, 11, 1), "UTC", ("late", "fold", "open")),
        ("2026-11-02", "Asia/Tokyo", ("open",)),
    ],
)
def test_on_counts_days_in_the_viewing_zone(dst: Conference, day: str | date, tz: str, ids: tuple[str, ...]) -> None:
    """on(day) selects sessions starting that calendar day in the zone of the view."""
    assert dst.to_tz(tz).on(day).ids == ids


@pytest.mark.parametrize(
    ("when", "ids"),
    [
        ("2026-10-31 23:30", ("late",)),
        ("2026-11-01T01:30-07:00", ("fold",)),
        ("2026-11-01T01:29-07:00", ("late",)),
        ("2026-11-01T01:30-08:00", ()),
        ("2026-11-01T01:29-08:00", ("fold",)),
        (datetime(2026, 11, 1, 9, 0, tzinfo=UTC), ("fold",)),
        ("2026-11-01 10:00", ("open",)),
        ("2026-11-01 10:01", ()),
    ],
)
def test_at_is_start_inclusive_end_exclusive_by_instant(
    dst: Conference, when: str | datetime, ids: tuple[str, ...]
) -> None:
    """at(t) means start <= t < end by instant; an unknown end runs only at its start."""
    assert dst.at(when).ids == ids


def test_at_refuses_a_wall_time_in_the_fold(dst: Conference) -> None:
    """A naive 01:30 on 1 November in Los Angeles is refused, never guessed."""
    with pytest.raises(TimeParseError):
        dst.at("2026-11-01 01:30")


@pytest.mark.parametrize(
    ("start", "end", "ids"),
    [
        ("2026-11-01T01:00-07:00", "2026-11-01T01:00-08:00", ("late", "fold")),
        ("2026-11-01T01:30-08:00", "2026-11-01 09:00", ()),
        ("2026-11-01 09:00", "2026-11-01 10:01", ("open",)),
        ("2026-11-01 09:00", "2026-11-01 10:00", ()),
        ("2026-10-31", "2026-11-02", ("late", "fold", "open")),
    ],
)
def test_between_overlaps_half_open_interval(dst: Conference, start: str, end: str, ids: tuple[str, ...]) -> None:
    """between(a, b) keeps sessions overlapping [a, b); an unknown end counts when the start is inside."""
    assert dst.between(start, end).ids == ids


def test_between_refuses_reversed_interval(dst: Conference) -> None:
    """An interval whose end is before its start is refused."""
    with pytest.raises(TimeParseError) as info:
        dst.between("2026-11-02", "2026-11-01")
    assert str(info.value) == (
        "the interval ends (2026-11-01T00:00:00-07:00) before it starts (2026-11-02T00:00:00-08:00)"
    )


def test_after(dst: Conference) -> None:
    """after(t) gives sessions starting at or after t."""
    assert dst.after("2026-11-01T01:30-08:00").ids == ("open",)


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("warp", ("late",)),
        ("WARP tricks", ("late",)),
        ("kernels ada", ("late",)),
        ("descartes", ("fold", "open", "tbd")),
        ("red hat", ("fold", "open", "tbd")),
        ("hour repeats", ("fold",)),
        ("hour kernels", ()),
        ("", ()),
    ],
)
def test_search_requires_every_word(dst: Conference, text: str, ids: tuple[str, ...]) -> None:
    """search() keeps sessions where every word begins a word of title, abstract, speakers or organisations."""
    assert dst.search(text).ids == ids


def test_to_tz_keeps_instants_and_names_the_zone(dst: Conference) -> None:
    """A zone view changes the zone of every time and of day grouping, not the instants."""
    tokyo = dst.to_tz("Asia/Tokyo")
    assert tokyo.view_timezone == "Asia/Tokyo" and tokyo.timezone == "America/Los_Angeles"
    assert [s.start.isoformat() for s in tokyo.sessions if s.start] == [
        "2026-11-01T15:30:00+09:00",
        "2026-11-01T17:30:00+09:00",
        "2026-11-02T03:00:00+09:00",
    ]
    assert {d.isoformat(): v.ids for d, v in tokyo.by_day().items()} == {
        "2026-11-01": ("late", "fold"),
        "2026-11-02": ("open",),
    }


def test_duration_across_dst_end_is_real_time(dst: Conference) -> None:
    """The session from 23:30 PDT to 01:30 PDT lasts two hours; the repeated hour lasts one."""
    assert [str(s.duration) for s in dst.sessions] == ["2:00:00", "1:00:00", "None", "None"]


def test_unscheduled_and_scheduled(dst: Conference) -> None:
    """scheduled and unscheduled split the sessions by whether a start is known."""
    assert (dst.sessions.scheduled.ids, dst.sessions.unscheduled.ids) == (("late", "fold", "open"), ("tbd",))


def test_union_deduplicates_by_id(dst: Conference) -> None:
    """a | b keeps each session once, sorted."""
    union = dst.by_speaker("Ada Lovelace") | dst.by_speaker("René Descartes")
    assert union.ids == ("late", "fold", "open", "tbd")


def test_query_result_knows_its_conference(dst: Conference) -> None:
    """A query result keeps a reference to the conference it came from."""
    assert dst.by_kind("keynote").conference is dst
    assert Sessions().conference is None


def test_repr_shows_the_sessions(dst: Conference) -> None:
    """The repr of a result names its size and zone and shows each session on a line."""
    assert repr(dst.by_speaker("Ada Lovelace")) == (
        "<Sessions: 2 sessions, times in America/Los_Angeles\n"
        "  2026-10-31 23:30-01:30 PDT, Main Hall: Late Night Kernels (Ada Lovelace)\n"
        "  2026-11-01 10:00 PST, Main Hall: Open End (Ada Lovelace, René Descartes)>"
    )
    assert repr(dst.by_kind("workshop")) == "<Sessions: 0 sessions, times in America/Los_Angeles>"


def test_conference_repr(dst: Conference) -> None:
    """A conference's repr is one line, not its whole programme."""
    assert repr(dst) == "<Conference 'dst': DST Test Conference, 4 sessions, 2 speakers, America/Los_Angeles>"
    assert repr(dst.to_tz("Asia/Tokyo")).endswith("America/Los_Angeles, viewed in Asia/Tokyo>")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda c: c.by_speaker(None), "expected a name or text as str, got NoneType"),
        (lambda c: c.by_track(3), "expected a name or text as str, got int"),
        (lambda c: c.by_organisation(None), "expected text as str, got NoneType"),
        (lambda c: c.search(None), "expected text as str, got NoneType"),
        (lambda c: c.session(None), "a session id is a str, got NoneType"),
        (lambda c: c.speaker(None), "expected a name or text as str, got NoneType"),
    ],
)
def test_non_text_arguments_raise_a_clear_type_error(dst: Conference, call: object, message: str) -> None:
    """Passing something other than text where a name is expected raises TypeError saying so."""
    with pytest.raises(TypeError) as info:
        call(dst)  # type: ignore[operator]
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda c: c.at("9999-12-31T23:59"),
            "9999-12-31T23:59 is too close to the limits of the calendar (years 1 to 9999) to use",
        ),
        (
            lambda c: c.to_tz("Asia/Tokyo").at("0001-01-01T00:00"),
            "0001-01-01T00:00 is too close to the limits of the calendar (years 1 to 9999) to use",
        ),
        (
            lambda c: c.on("9999-12-31"),
            "9999-12-31 is too close to the limits of the calendar (years 1 to 9999) to use",
        ),
        (
            lambda c: c.at("2026-04-08x11:10"),
            "cannot read '2026-04-08x11:10': date and time must be separated by 'T' or a "
            "space, e.g. '2026-04-08 11:10', '2026-04-08T11:10+02:00' or '2026-04-08T09:10Z'",
        ),
    ],
)
def test_times_out_of_range_or_misshapen(dst: Conference, call: object, message: str) -> None:
    """Times at the edge of the calendar or with a stray separator raise TimeParseError, not OverflowError."""
    with pytest.raises(TimeParseError) as info:
        call(dst)  # type: ignore[operator]
    assert str(info.value) == message


def test_conference_view_in_fixed_utc(dst: Conference) -> None:
    """to_tz(timezone.utc) is the UTC view."""
    assert dst.to_tz(UTC).view_timezone == "UTC"


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("PYTORCH-UPDATES", ("pytorch-updates",)),  # the id, case ignored
        ("  pytorch   UPDATES ", ("pytorch-updates",)),  # the title, case and spacing ignored
        ("monarch amd", ("bringing-pytorch-monarch-to-amd-gpus-single-controller",)),  # the one title with both words
        ("pytorch-update", ()),  # written as an id, a typo: not searched
        ("", ()),
    ],
)
def test_find_names_a_session_by_id_then_title_then_words(text: str, ids: tuple[str, ...]) -> None:
    """find() tries the id, then the title, then the words (narrowed to the one title holding them all)."""
    from pyconf_schedule import load

    conf = load("eu2026")
    assert conf.find(text).ids == ids
    assert conf.sessions.find(text) == conf.find(text)


def test_find_gives_every_session_words_match_when_no_one_title_holds_them() -> None:
    """Words in several sessions, and in no single title, give them all: the caller sees the ambiguity."""
    from pyconf_schedule import load

    conf = load("eu2026")
    assert len(conf.search("monarch amd")) == 2
    assert conf.find("kv cache").ids == conf.search("kv cache").ids
    assert conf.find("kv cache").ids[:2] == (
        "why-wideep-inference-needs-data-parallel-aware-scheduling", "kv-cache-centric-inference-building-a-state-aware",
    )  # fmt: skip
    assert len(conf.find("kv cache")) == 5


def test_firm_times_leave_out_the_sessions_whose_time_is_weak() -> None:
    """eu2026 has three sessions timed only by the llm-d list; firm_times() leaves them out, na2026 loses none."""
    from pyconf_schedule import load

    eu = load("eu2026")
    weak = eu.sessions - eu.sessions.firm_times()
    assert weak.ids == (
        "beyond-generic-spans-distributed-tracing-for-actionable-llm",
        "disaggregated-tokenization-building-toward-tokens-in-tokens-out",
        "not-all-tokens-are-equal-semantic-kv-cache",
    )
    assert eu.at("2026-04-08 11:30").ids == ("not-all-tokens-are-equal-semantic-kv-cache",)
    assert eu.sessions.firm_times().at("2026-04-08 11:30").ids == ()
    na = load("na2026")
    assert na.sessions.firm_times() == na.sessions


_TITLES = st.none() | st.sampled_from(["", "Talk", "talk", "Été", "ete", "Zebra", "ﬁne", "FINE", "Ω"])
_HOURS = st.none() | st.integers(0, 3)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(_TITLES, _HOURS, st.integers(0, 2), st.none() | st.integers(0, 2), st.booleans()),
        max_size=12,
    )
)
def test_sort_sessions_is_sorted_by_sort_key(specs: list[tuple[str | None, int | None, int, int | None, bool]]) -> None:
    """Sorting by time and then breaking ties by title and id gives the order of the full key, ties and all."""
    sessions = []
    for i, (title, hour, length, day, in_paris) in enumerate(specs):
        zone = ZoneInfo("Europe/Paris") if in_paris else UTC
        start = None if hour is None else datetime(2026, 3, 29, hour, tzinfo=zone)
        end = None if start is None or day is None else start + timedelta(hours=length)
        day_only = date(2026, 3, 28 + day) if start is None and day is not None else None
        sessions.append(Session(id=f"s{i % 5}-{i}", title=title, start=start, end=end, day_only=day_only))
    assert sort_sessions(sessions) == sorted(sessions, key=sort_key)
    assert [s.id for s in Sessions(sessions)] == [s.id for s in sorted(sessions, key=sort_key)]
