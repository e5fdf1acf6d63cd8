"""Speed without change: indexed queries equal brute-force filters, and the native reader does its work once."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, Room, Session, SessionKind, Speaker, Track, load, loads, read, write
from pyconf_schedule._indexes import SCANS_BEFORE_WORDS, _haystack
from pyconf_schedule._sessions import Sessions
from pyconf_schedule._text import (
    SEARCH_WORD,
    fold,
    search_document,
    search_text,
    search_words,
    strip_accents,
    term_matches,
)
from pyconf_schedule._time import day_bounds, get_zone, utc
from pyconf_schedule.cli import main
from pyconf_schedule.exceptions import ScheduleParseError
from pyconf_schedule.formats import MAX_INPUT_BYTES, MAX_NESTING, native
from pyconf_schedule.formats._input import load_json, lone_surrogate_escape, too_deep

from ._support import built_objects
from ._work import no_hang

_ZONES = ("UTC", "Europe/Paris", "America/New_York", "Pacific/Kiritimati", "Australia/Lord_Howe")
_ROOMS = [Room(id=f"r{i}", name=name) for i, name in enumerate(("Amphi A", "Salle Été", "amphi a", "Hall"))]
_TRACKS = [Track(id=f"t{i}", name=name) for i, name in enumerate(("Inference", "Training", "Café"))]
_SPEAKERS = [
    Speaker(id="liz", name="Liz Li", aliases=("Elizabeth Li",)),
    Speaker(id="leo", name="Léonard Hussenot"),
    Speaker(id="leo-2", name="Leonard Hussenot"),
    Speaker(id="kim", name="Kim", organisation="Red Hat"),
]
_WORDS = (
    "kv",
    "cache",
    "caches",
    "c++",
    "llm-d",
    "Zeppelin",
    "café",
    "ab",
    "torch.compile",
    "Li",
    "C#",
    "x_y",
    "Straße",
    "ﬁle",
    "kv,",
    "(cache)",
)
_BASE = datetime(2026, 3, 28, 20, 0, tzinfo=UTC)  # around the European DST change


@st.composite
def _session(draw: st.DrawFn, number: int) -> Session:
    when = draw(st.sampled_from(("timed", "open", "instant", "day", "none")))
    start = _BASE + timedelta(minutes=15 * draw(st.integers(0, 120)))
    end = start + timedelta(minutes=draw(st.sampled_from((15, 45, 240, 1500))))
    return Session(
        id=f"s{number}",
        title=" ".join(draw(st.lists(st.sampled_from(_WORDS), max_size=4))) or None,
        kind=draw(st.sampled_from(list(SessionKind))),
        start=None if when in ("day", "none") else start,
        end=end if when == "timed" else start if when == "instant" else None,
        day_only=start.date() if when == "day" else None,
        room=draw(st.none() | st.sampled_from(_ROOMS)),
        track=draw(st.none() | st.sampled_from(_TRACKS)),
        speakers=tuple(draw(st.lists(st.sampled_from(_SPEAKERS), max_size=3))),
        abstract=" ".join(draw(st.lists(st.sampled_from(_WORDS), max_size=6))) or None,
    )


@st.composite
def _conference(draw: st.DrawFn) -> Conference:
    count = draw(st.integers(0, 16))
    sessions = [draw(_session(i)) for i in range(count)]
    conf = Conference(id="c", name="C", timezone=draw(st.sampled_from(_ZONES)), sessions=sessions)
    return conf.to_tz(draw(st.sampled_from(_ZONES))) if draw(st.booleans()) else conf


def _speaker_ids(conf: Conference, name: str) -> set[str]:
    return {p.id for p in conf.speakers if fold(name) in {fold(k) for k in (*p.names, p.id)}}


def _brute_on(sessions: Sessions, day: date) -> list[Session]:
    start, end = (utc(t) for t in day_bounds(day, sessions.zone))
    return [
        s for s in sessions
        if (s.start is None and s.day_only == day) or (s.start is not None and start <= utc(s.start) < end)
    ]  # fmt: skip


def _brute_between(sessions: Sessions, a: datetime, b: datetime) -> list[Session]:
    def overlaps(s: Session) -> bool:
        if s.start is None:
            return False
        if s.end is None or utc(s.end) == utc(s.start):
            return utc(a) <= utc(s.start) < utc(b)
        return utc(s.start) < utc(b) and utc(s.end) > utc(a)

    return [s for s in sessions if overlaps(s)]


_FAST = settings(max_examples=25, deadline=None)


@_FAST
@given(_conference(), st.sampled_from(("liz li", "ELIZABETH LI", "Leonard Hussenot", "kim", "leo-2")))
def test_by_speaker_equals_a_filter(conf: Conference, name: str) -> None:
    """by_speaker gives exactly the sessions a filter over every session finds, in the same order."""
    ids = _speaker_ids(conf, name)
    expected = [s for s in conf.sessions if any(p.id in ids for p in s.speakers)]
    if ids:
        assert list(conf.by_speaker(name)) == expected
        assert list(conf.by_speaker(name)) == expected  # the second call reads the built table


@_FAST
@given(_conference(), st.sampled_from(("amphi a", "salle ete", "r3", "Inference", "cafe", "t1")))
def test_by_room_and_track_equal_a_filter(conf: Conference, name: str) -> None:
    """by_room and by_track give exactly the sessions a filter finds, for names, ids and names two rooms share."""
    rooms = {r.id for r in conf.rooms if fold(name) in (fold(r.name), fold(r.id))}
    tracks = {t.id for t in conf.tracks if fold(name) in (fold(t.name), fold(t.id))}
    if rooms:
        assert list(conf.by_room(name)) == [s for s in conf.sessions if s.room is not None and s.room.id in rooms]
    if tracks:
        assert list(conf.by_track(name)) == [s for s in conf.sessions if s.track is not None and s.track.id in tracks]


@_FAST
@given(_conference(), st.lists(st.sampled_from(list(SessionKind)), min_size=1, max_size=3))
def test_by_kind_equals_a_filter(conf: Conference, kinds: list[SessionKind]) -> None:
    """by_kind with one or several kinds gives exactly the sessions of those kinds, in order."""
    assert list(conf.by_kind(*kinds)) == [s for s in conf.sessions if s.kind in kinds]


@_FAST
@given(_conference(), st.integers(-1, 3))
def test_on_equals_a_filter(conf: Conference, offset: int) -> None:
    """on(day) gives the day's timed sessions then its day-only ones, as a filter over day bounds does."""
    day = _BASE.date() + timedelta(days=offset)
    assert list(conf.on(day)) == _brute_on(conf.sessions, day)
    assert list(conf.sessions[::2].on(day)) == _brute_on(conf.sessions[::2], day)
    elsewhere = Sessions(conf.sessions, zone="Pacific/Kiritimati")  # times shown in another zone than the view's
    assert list(elsewhere.on(day)) == _brute_on(elsewhere, day)


@_FAST
@given(_conference(), st.integers(-20, 380), st.integers(0, 100))
def test_time_queries_equal_a_filter(conf: Conference, minutes: int, length: int) -> None:
    """at, between and after give exactly the sessions a filter over every session finds."""
    a = _BASE + timedelta(minutes=5 * minutes)
    b = a + timedelta(minutes=5 * length)
    sessions = conf.sessions
    assert list(conf.at(a)) == [s for s in sessions if s.runs_at(a)]
    assert list(conf.between(a, b)) == _brute_between(sessions, a, b)
    assert list(conf.after(a)) == [s for s in sessions if s.start is not None and utc(s.start) >= utc(a)]


@_FAST
@given(
    _conference(),
    st.lists(
        st.sampled_from((*_WORDS, "cach", "c", "kv-cache", "li", "!", "lizabeth", "strasse", "fi", "x", "c#")),
        min_size=1,
        max_size=3,
    ),
)
def test_search_equals_a_filter(conf: Conference, terms: list[str]) -> None:
    """search gives exactly the sessions whose search text has every term, by scanning and by the word table."""
    text = " ".join(terms)
    expected = [s for s in conf.sessions if all(term_matches(_haystack(s), t) for t in text.split())]
    assert list(conf.search(text)) == expected
    assert list(conf.by_kind(*SessionKind).search(text)) == expected
    conf.sessions._index.search().build_words()  # forgets what the scans found
    assert list(conf.search(text)) == expected
    assert list(conf.search(text)) == expected  # remembered


_TEXT = st.text(st.sampled_from("aZ09 _-+#.,\n\t\x1fé́ßﬁİ’"), max_size=30)


@_FAST
@given(st.lists(_TEXT | st.text(max_size=12), max_size=5))
def test_search_text_and_document_follow_the_word_rule(texts: list[str]) -> None:
    """search_words, search_text and search_document find the words the search regular expression finds."""
    rule = [re.findall(SEARCH_WORD, strip_accents(t).casefold()) for t in texts]
    assert [search_words(t) for t in texts] == rule
    assert [search_text(t) for t in texts] == [" " + " ".join(w) + " " for w in rule]
    document, starts = search_document(texts)
    segments = document.split("\n")
    assert [segment.split() for segment in segments] == (rule if texts else [[]])
    assert all(segment[:1] == segment[-1:] == " " for segment in segments)
    assert starts == [0, *(i + 1 for i, ch in enumerate(document) if ch == "\n")]


def test_search_builds_its_word_table_after_its_first_scans() -> None:
    """A search document scans for its first distinct needle(s), then builds its word table, with the same results."""
    conf = attrs.evolve(load("eu2026"))
    terms = sorted({w for s in conf.sessions for w in search_words(s.title or "") if len(w) > 3})
    assert len(terms) > SCANS_BEFORE_WORDS
    found = [conf.search(t).ids for t in terms[:SCANS_BEFORE_WORDS]]
    document = conf.sessions._index.search()
    assert document._words is None
    assert (
        conf.search(terms[SCANS_BEFORE_WORDS]).ids
        == conf.sessions.filter(lambda s: term_matches(_haystack(s), terms[SCANS_BEFORE_WORDS])).ids
    )
    assert document._words is not None
    assert [conf.search(t).ids for t in terms[:SCANS_BEFORE_WORDS]] == found


def test_session_lookup_finds_the_first_of_a_repeated_id() -> None:
    """Sessions.get returns the first of two sessions that share an id, as a scan does."""
    first = Session(id="x", title="First", start=_BASE, end=_BASE + timedelta(hours=1))
    second = Session(id="x", title="Second", start=_BASE + timedelta(hours=2), end=_BASE + timedelta(hours=3))
    sessions = Sessions([second, first])
    assert sessions.get("x") is first
    assert sessions.session("x") is first


@_FAST
@given(_conference(), st.sampled_from(("s0", "s3", "s29", "S0", "nope")))
def test_session_lookup_equals_a_scan(conf: Conference, session_id: str) -> None:
    """Sessions.get finds the session a scan finds, or the default."""
    expected = next((s for s in conf.sessions if s.id == session_id), None)
    assert conf.sessions.get(session_id) == expected


def test_conference_speaker_is_the_first_matching_speaker() -> None:
    """conf.speaker returns the first speaker listed whose name matches when two fold to the same name."""
    conf = Conference(id="c", name="C", timezone="UTC", speakers=_SPEAKERS)
    assert conf.speaker("LEONARD HUSSENOT").id == "leo"
    assert conf.speaker("elizabeth li").id == "liz"
    assert conf.speaker("leo-2").id == "leo-2"


def test_tables_are_built_once_on_first_use() -> None:
    """A conference builds no lookup table until queried, then reuses the same one."""
    conf = attrs.evolve(load("eu2026"))  # a new conference: the dataset's own may have been queried already
    assert conf.sessions._lookup is None
    conf.by_speaker("Liz Li")
    built = conf.sessions._lookup
    assert built is not None
    conf.by_room(conf.rooms[0].name)
    conf.search("cache")
    assert conf.sessions._lookup is built


def test_search_after_to_tz_reads_the_same_text() -> None:
    """A view in another zone finds the same sessions by text as the conference itself."""
    conf = load("eu2026")
    assert conf.sessions.to_tz(get_zone("Asia/Tokyo")).search("kv cache").ids == conf.search("kv cache").ids


def test_native_reader_builds_each_session_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading native JSON constructs one Session per session in the file, not a draft and a copy."""
    text = native.dumps(load("eu2026"))
    built = built_objects(monkeypatch, Session)
    conf = native.loads(text)
    assert sorted(s.id for s in built) == sorted(s.id for s in conf.sessions)


def test_an_escaped_backslash_before_ud800_is_text() -> None:
    """A JSON string holding a backslash then "ud800" is read as those characters, not as a surrogate."""
    assert load_json('{"a": "\\\\ud800"}', "test JSON", strict=True) == {"a": "\\ud800"}


def test_depth_is_refused_before_a_later_syntax_error() -> None:
    """Text nested too deep is refused for its depth, with its line and column, even when invalid further on."""
    with pytest.raises(ScheduleParseError) as invalid:
        load_json("[" * 65 + "]" * 65 + " nonsense", "test JSON", strict=True)
    assert str(invalid.value) == "cannot read test JSON at line 1 column 65: the JSON is nested deeper than 64 levels"
    with pytest.raises(ScheduleParseError) as valid:
        load_json("\n" + "[" * 70 + "]" * 70, "test JSON", strict=True)
    assert str(valid.value) == "cannot read test JSON at line 2 column 65: the JSON is nested deeper than 64 levels"


def test_size_error_says_how_to_raise_the_limit(tmp_path: Path) -> None:
    """A file over the limit is refused with its size, the limit and the parameter and option that raise it."""
    path = tmp_path / "conf.json"
    write(load("na2026"), path)
    size = path.stat().st_size
    with pytest.raises(ScheduleParseError) as info:
        read(path, max_bytes=size - 1)
    assert str(info.value) == (
        f"cannot read schedule file: the input is {size} bytes; the limit is {size - 1} bytes"
        "; to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"
    )
    assert read(path, max_bytes=size) == load("na2026")


def test_loads_limit_applies_to_that_call_only() -> None:
    """loads(max_bytes=) bounds that call, and the next call has the default limit again."""
    text = native.dumps(load("na2026"))
    with pytest.raises(ScheduleParseError, match=r"the limit is 100 bytes; to read it, raise the limit"):
        loads(text, "json", max_bytes=100)
    assert loads(text, "json") == load("na2026")
    with pytest.raises(ValueError, match=r"max_bytes must be a positive int \(a number of bytes\), got 0"):
        loads(text, "json", max_bytes=0)


def test_library_reads_a_file_over_the_default_limit_it_wrote(tmp_path: Path) -> None:
    """A native JSON file over the size limit that write() produced reads back equal with max_bytes raised."""
    conf = load("eu2026")
    text = native.dumps(conf)
    assert len(text.encode()) < MAX_INPUT_BYTES
    limit = len(text.encode()) // 2  # the same refusal and cure as a file over the default, at a tenth of the cost
    path = tmp_path / "conf.json"
    write(conf, path)
    with pytest.raises(ScheduleParseError, match="raise the limit with max_bytes="):
        read(path, max_bytes=limit)
    assert read(path, max_bytes=2 * limit + 2) == conf


def test_cli_max_bytes_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--max-bytes lowers or raises the limit a command reads files with, and refuses a non-number."""
    path = tmp_path / "conf.json"
    write(load("na2026"), path)
    assert main(["list", str(path), "--max-bytes", "10"]) == 2
    assert "the limit is 10 bytes; to read it, raise the limit with" in capsys.readouterr().err
    assert main(["list", str(path), "--max-bytes", str(path.stat().st_size)]) == 0
    capsys.readouterr()
    assert main(["list", str(path), "--max-bytes", "lots"]) == 2
    assert "expected a positive number of bytes, got 'lots'" in capsys.readouterr().err


@pytest.mark.parametrize("table", [False, True])
def test_search_phrase_across_punctuation(table: bool) -> None:
    """A term of several words finds them however much punctuation separates them, by scan and by word table."""
    titles = ["KV, Cache", "KV -- caches!", "kv then cache", "Cache KV", "KV-Cäche"]
    conf = Conference(id="c", name="C", timezone="UTC", sessions=[
        Session(id=f"s{i}", title=title, start=_BASE + timedelta(hours=i)) for i, title in enumerate(titles)
    ])  # fmt: skip
    if table:
        conf.sessions._index.search().build_words()
    assert conf.search("kv-cache").ids == ("s0", "s1", "s4")
    assert conf.search("KV, cache").ids == ("s0", "s1", "s2", "s3", "s4")
    assert conf.search("kv-caches").ids == ("s1",)


@pytest.mark.parametrize("table", [False, True])
def test_a_phrase_against_a_long_run_of_punctuation_does_not_hang(table: bool) -> None:
    """Two million punctuation marks before a word: a phrase search answers (a regex over runs of spaces was quadratic)."""
    conf = Conference(id="c", name="C", timezone="UTC", sessions=[
        Session(id="a", title="intro", abstract="=" * 2_000_000 + " kv cache", start=_BASE),
        Session(id="b", title="KV cache", start=_BASE + timedelta(hours=1)),
    ])  # fmt: skip
    with no_hang("a phrase search over a long run of punctuation"):
        if table:
            conf.sessions._index.search().build_words()
        assert conf.search("kv-cache").ids == ("a", "b")
        assert conf.search("cache-kv").ids == ()


def test_cli_file_options_apply_to_the_files_beside_a_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With a dataset and a file, --max-bytes and --from are the file's: the command runs (alone, a dataset refuses them)."""
    path = tmp_path / "conf.json"
    write(load("na2026"), path)
    size = str(path.stat().st_size)
    assert main(["list", "eu2026", str(path), "--speaker", "Liz Li", "--max-bytes", size, "--from", "json"]) == 0
    out = capsys.readouterr().out
    assert "PyTorch Conference Europe 2026" in out and "PyTorch Conference North America 2026" in out
    assert main(["list", "eu2026", str(path), "--max-bytes", "10"]) == 2
    assert "the limit is 10 bytes" in capsys.readouterr().err
    assert main(["diff", "na2026", str(path), "--max-bytes", size]) == 0


def test_cli_max_bytes_with_a_dataset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """--max-bytes with an embedded dataset is a usage error saying it applies to files and URLs, not silently ignored."""
    assert main(["list", "eu2026", "--speaker", "Liz Li", "--max-bytes", "100"]) == 2
    assert capsys.readouterr().err == (
        "pyconf-schedule: error: --max-bytes applies to schedule files and URLs, and 'eu2026' is a dataset\n"
        "hint: leave --max-bytes out: the embedded datasets are read without a size limit\n"
    )


def test_speakers_sharing_a_name_are_found_once_each_in_order() -> None:
    """by_speaker and conf.speaker find every speaker whose name or alias folds to the name, each once, the first first."""
    speakers = [
        Speaker(id="a", name="Sam Lee", aliases=("SAM LEE",)),
        Speaker(id="b", name="Kim"),
        Speaker(id="c", name="sam  lee", aliases=("Sam Lée",)),
        Speaker(id="sam-lee", name="Samuel Lee"),
    ]
    conf = Conference(id="c", name="C", timezone="UTC", speakers=speakers)
    assert conf.sessions._catalogue._speakers_named("Sam Lee") == [speakers[0], speakers[2]]
    assert conf.sessions._catalogue.speaker_ids("SAM-LEE") == {"sam-lee"}
    assert conf.speaker("sam lee").id == "a"


_JSON_PIECES = (
    "a",
    "é",
    "\\\\",
    '\\"',
    "\\n",
    "\\u0041",
    "\\u005c",
    "\\ud83d",
    "\\uDBFF",
    "\\ude00",
    "\\uDFFF",
    "\\ud800",
    "u",
    "d83d",
)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(_JSON_PIECES), max_size=12))
def test_lone_surrogate_escapes_are_told_from_the_text_exactly(pieces: list[str]) -> None:
    """The text check that spares the document walk finds a lone surrogate exactly when the parsed string holds one."""
    text = '"' + "".join(pieces) + '"'
    held = any("\ud800" <= character <= "\udfff" for character in json.loads(text))
    assert lone_surrogate_escape(text) is held


def test_escaped_surrogate_pairs_read_and_a_lone_half_is_refused_at_its_path() -> None:
    """An escaped pair is one character; a lone half after an escaped backslash is still refused with its JSON path."""
    assert load_json('{"a": ["\\ud83d\\ude00", "\\\\ud83d"]}', "test JSON") == {"a": ["\U0001f600", "\\ud83d"]}
    with pytest.raises(ScheduleParseError) as info:
        load_json('{"a": ["\\ud83d\\ude00", "\\\\\\ud83d"]}', "test JSON")
    assert str(info.value) == (
        "cannot read test JSON at $.a[1]: the text contains a lone surrogate (U+D83D), which is not a Unicode character"
    )


def test_non_finite_numbers_are_noted_and_read_as_json_reads_them() -> None:
    """Not strict, load_json(nonfinite=) gives the document json.loads gives and lists each NaN, Infinity and 1e400."""
    text = '{"a": [NaN, 1.5, Infinity, -Infinity, 1e400, 2, -1e400, 1e308]}'
    found: list[str] = []
    document = load_json(text, "test JSON", nonfinite=found)
    assert repr(document) == repr(json.loads(text))
    assert found == ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"]
    clean: list[str] = []
    assert load_json('{"a": [1.5, 1e308, -0.0]}', "test JSON", nonfinite=clean) == {"a": [1.5, 1e308, -0.0]}
    assert clean == []


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def _nest(inner: object, levels: list[bool]) -> object:
    for as_object in levels:
        inner = {"k": inner, "n": 1} if as_object else [0, inner, "x"]
    return inner


@settings(max_examples=200)
@given(
    st.recursive(st.none() | st.integers() | st.text(max_size=2),
                 lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=2), children, max_size=3),
                 max_leaves=30),
    st.lists(st.booleans(), min_size=55, max_size=70),
)  # fmt: skip
def test_too_deep_is_depth_over_the_limit(document: object, levels: list[bool]) -> None:
    """The one-walk depth check says a parsed document is too deep exactly when it nests more than MAX_NESTING levels."""
    for candidate in (document, _nest(document, levels)):
        assert too_deep(candidate) is (_depth(candidate) > MAX_NESTING)
