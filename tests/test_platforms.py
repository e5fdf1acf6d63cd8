"""Reading a pretalx event through its REST API: expanded schedule, slots pages, 429s, redirects, languages, the token.

No real pretalx API response is published in a public repository: the
event and schedule served here (tests/platforms/pretalx-event.json and
pretalx-schedule.json) are built from the documented shapes in
../shared/schemas/pretalx-api.schema.yml (Event, Schedule, TalkSlot,
Submission, Speaker, Room, Track, SubmissionType) and
pretalx-api.fundamentals.rst (pagination, multi-language strings, 429 with
Retry-After).  Every request goes to a local server on 127.0.0.1 started
for the test; nothing reaches the internet.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import pyconf_schedule._platforms as platforms
from pyconf_schedule import Conference, FetchError, HTTPStatusError, ScheduleParseError, read
from pyconf_schedule._platforms import fetch_pretalx, read_pretalx
from pyconf_schedule.cli import main
from pyconf_schedule.formats.pretalx_api import SCHEDULE_EXPAND, SLOTS_EXPAND

from ._http import LocalServer, local_server

FIXTURES = Path(__file__).parent / "platforms"
EVENT = json.loads((FIXTURES / "pretalx-event.json").read_text(encoding="utf-8"))
SCHEDULE = json.loads((FIXTURES / "pretalx-schedule.json").read_text(encoding="utf-8"))
TOKEN = "s3cr3t-token-0123456789abcdef"
EVENT_PATH = "/api/events/democon/"
SCHEDULE_PATH = f"{EVENT_PATH}schedules/latest/?expand={SCHEDULE_EXPAND}"
SLOTS_PATH = f"{EVENT_PATH}slots/?expand={SLOTS_EXPAND}"


@pytest.fixture
def server() -> Iterator[LocalServer]:
    """A local HTTP server, started for the test and stopped after it."""
    with local_server() as running:
        yield running


@pytest.fixture(autouse=True)
def _private_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PYCONF_SCHEDULE_CACHE", str(folder))
    return folder


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits the reader asks for after a 429, recorded instead of slept."""
    asked: list[float] = []
    monkeypatch.setattr(platforms, "_sleep", asked.append)
    return asked


def _body(document: Any) -> bytes:
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


def _serve_event(server: LocalServer, **schedule_options: Any) -> str:
    server.serve(EVENT_PATH, _body(EVENT))
    server.serve(SCHEDULE_PATH, _body(SCHEDULE), **schedule_options)
    return server.url(EVENT_PATH)


def _serve_pages(server: LocalServer, size: int = 2) -> int:
    """The schedule answers 404; the slots come in pages of ``size`` linked by ``next``; the number of pages."""
    server.serve(EVENT_PATH, _body(EVENT))
    server.serve(SCHEDULE_PATH, status=404)
    slots = SCHEDULE["slots"]
    pages = [slots[i : i + size] for i in range(0, len(slots), size)]
    for n, results in enumerate(pages, start=1):
        path = SLOTS_PATH if n == 1 else f"{SLOTS_PATH}&page={n}"
        following = server.url(f"{SLOTS_PATH}&page={n + 1}") if n < len(pages) else None
        previous = None if n == 1 else server.url(SLOTS_PATH if n == 2 else f"{SLOTS_PATH}&page={n - 1}")
        server.serve(path, _body({"count": len(slots), "next": following, "previous": previous, "results": results}))
    return len(pages)


def _table(conf: Conference) -> list[tuple[Any, ...]]:
    return [
        (s.id, s.title, s.kind.value, s.start and s.start.isoformat(), s.end and s.end.isoformat(),
         s.room and s.room.name, s.track and s.track.name, s.speaker_names)
        for s in conf.sessions
    ]  # fmt: skip


EXPECTED = [
    ("K7PQ3A", "Opening keynote: schedules without guesswork", "keynote", "2026-03-28T09:00:00+01:00",
     "2026-03-28T09:30:00+01:00", "Main Hall", "Community", ("Ada Example",)),
    ("break-102", "Coffee break", "break", "2026-03-28T09:30:00+01:00", "2026-03-28T10:00:00+01:00", "Main Hall", None, ()),
    ("W9XK2B", "Hands-on: typed timetables", "workshop", "2026-03-28T10:00:00+01:00", "2026-03-28T11:30:00+01:00",
     "Workshop Room", "Tooling", ("Ada Example", "Björn Beispiel")),
    ("T4LK5C", "Daylight saving for programmers", "talk", "2026-03-29T10:00:00+02:00", "2026-03-29T10:45:00+02:00",
     "Main Hall", None, ("Björn Beispiel",)),
    ("break-105", "Mittagessen", "break", "2026-03-29T12:00:00+02:00", "2026-03-29T13:00:00+02:00", "Main Hall", None, ()),
    ("L1GHT6", "Lightning talks", "lightning-talk", "2026-03-29T13:00:00+02:00", "2026-03-29T13:25:00+02:00", None,
     "Community", ()),
]  # fmt: skip
"""The fixture's six slots: four talks and two breaks over the night Berlin moves its clocks (+01:00, then +02:00)."""


def test_read_an_event_url_gives_the_expanded_schedule(server: LocalServer) -> None:
    """read() of an event URL asks for the event and its expanded latest schedule: two requests, every slot exact."""
    conf = read(_serve_event(server))
    assert (conf.id, conf.name, conf.timezone) == ("democon", "DemoCon 2026", "Europe/Berlin")
    assert (conf.start_date, conf.end_date) == (date(2026, 3, 28), date(2026, 3, 29))
    assert _table(conf) == EXPECTED
    assert conf.days() == (date(2026, 3, 28), date(2026, 3, 29))
    assert [s.id for s in conf.sessions.by_kind("break")] == ["break-102", "break-105"]
    assert [(p.id, p.name) for p in conf.speakers] == [("ABCD12", "Ada Example"), ("EFGH34", "Björn Beispiel")]
    assert [r.name for r in conf.rooms] == ["Main Hall", "Workshop Room"]
    assert [t.name for t in conf.tracks] == ["Community", "Tooling"]
    assert [r.path for r in server.requests] == [EVENT_PATH, SCHEDULE_PATH]
    assert [r.authorization for r in server.requests] == [None, None]


def test_slots_pages_are_followed_when_the_schedule_is_not_served(server: LocalServer) -> None:
    """When the schedule answers 404 the slots come from slots/, every next page followed: the same conference."""
    pages = _serve_pages(server)
    conf = read(server.url(EVENT_PATH))
    assert _table(conf) == EXPECTED
    assert pages == 3
    assert [r.path for r in server.requests] == [
        EVENT_PATH, SCHEDULE_PATH, SLOTS_PATH, f"{SLOTS_PATH}&page=2", f"{SLOTS_PATH}&page=3",
    ]  # fmt: skip


def test_a_second_read_is_conditional_and_offline_reads_the_cache(server: LocalServer) -> None:
    """Each document is cached: the second read costs two 304s, and offline=True reads the same without a request."""
    url = _serve_event(server)
    first = read(url)
    assert read(url) == first
    assert server.statuses(EVENT_PATH) == [200, 304] and server.statuses(SCHEDULE_PATH) == [200, 304]
    asked = len(server.requests)
    assert read(url, offline=True) == first
    assert len(server.requests) == asked


def test_a_429_with_retry_after_is_waited_out(server: LocalServer, waits: list[float]) -> None:
    """A 429 asking to wait 2 seconds is waited (2 s asked of the clock) and the request sent again."""
    url = _serve_event(server, statuses=[429, 200], headers={"Retry-After": "2"})
    assert _table(read(url)) == EXPECTED
    assert server.statuses(SCHEDULE_PATH) == [429, 200]
    assert waits == [2.0]


def test_a_429_asking_too_long_fails_clearly(server: LocalServer, waits: list[float]) -> None:
    """A Retry-After past the allowed wait fails at once with a 429 error saying how long was asked; nothing is slept."""
    url = _serve_event(server, status=429, headers={"Retry-After": "3600"})
    with pytest.raises(HTTPStatusError) as caught:
        read(url)
    assert caught.value.status == 429 and caught.value.retry_after == 3600.0
    assert "429 Too Many Requests) and asks to wait 3600 s; 0 s waited already, 60 s allowed (max_wait=)" in str(
        caught.value
    )
    assert waits == []


def test_repeated_429s_stop_after_the_retries(server: LocalServer, waits: list[float]) -> None:
    """A server that keeps answering 429 is asked four times in all (three retries), then the read fails."""
    url = _serve_event(server, status=429, headers={"Retry-After": "1"})
    with pytest.raises(HTTPStatusError, match="3 retries made; try again later"):
        read(url)
    assert server.statuses(SCHEDULE_PATH) == [429, 429, 429, 429]
    assert waits == [1.0, 1.0, 1.0]


def test_a_429_without_retry_after_fails(server: LocalServer, waits: list[float]) -> None:
    """A 429 that does not say how long to wait is not retried: the error says the server is limiting requests."""
    url = _serve_event(server, status=429)
    with pytest.raises(HTTPStatusError, match="without saying for how long"):
        read(url)
    assert waits == []


def test_a_redirect_is_followed_and_the_token_stays_on_its_host(server: LocalServer) -> None:
    """A redirect on the same host keeps the token; one to another host (localhost, not 127.0.0.1) gets none."""
    server.serve("/old" + EVENT_PATH, status=301, location=server.url(EVENT_PATH))
    server.serve(
        "/old" + SCHEDULE_PATH, status=302, location=server.url(SCHEDULE_PATH).replace("127.0.0.1", "localhost")
    )
    server.serve(EVENT_PATH, _body(EVENT))
    server.serve(SCHEDULE_PATH, _body(SCHEDULE))
    conf = read_pretalx(server.url("/old" + EVENT_PATH), token=TOKEN)
    assert _table(conf) == EXPECTED
    assert [(r.path, r.status, r.authorization) for r in server.requests] == [
        ("/old" + EVENT_PATH, 301, f"Token {TOKEN}"),
        (EVENT_PATH, 200, f"Token {TOKEN}"),
        ("/old" + SCHEDULE_PATH, 302, f"Token {TOKEN}"),
        (SCHEDULE_PATH, 200, None),
    ]


def test_a_multi_language_event_reads_in_the_chosen_language(server: LocalServer) -> None:
    """lang="de" reads every multi-language string in German, falling back to the event's locale where German is empty."""
    conf = read_pretalx(_serve_event(server), lang="de")
    assert conf.name == "DemoKonf 2026"
    assert [
        (s.title, s.room and s.room.name, s.track and s.track.name, s.kind.value, s.kind_label) for s in conf.sessions
    ] == [
        ("Opening keynote: schedules without guesswork", "Großer Saal", "Gemeinschaft", "keynote", None),
        ("Kaffeepause", "Großer Saal", None, "break", None),
        ("Hands-on: typed timetables", "Workshop Room", "Werkzeuge", "workshop", None),
        ("Daylight saving for programmers", "Großer Saal", None, "talk", "Vortrag"),
        ("Mittagessen", "Großer Saal", None, "break", None),
        ("Lightning talks", None, "Gemeinschaft", "lightning-talk", "Lightning talks"),
    ]


def test_the_token_is_sent_and_never_cached_logged_or_shown(
    server: LocalServer, _private_cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The token goes in every request's Authorization header, and appears in no cache file, log record or error message."""
    caplog.set_level(logging.DEBUG)
    url = _serve_event(server)
    read_pretalx(url, token=TOKEN)
    assert [r.authorization for r in server.requests] == [f"Token {TOKEN}"] * 2
    server.serve(SCHEDULE_PATH, status=401)
    with pytest.raises(HTTPStatusError) as unauthorised:
        read_pretalx(url, token=TOKEN)
    server.serve(SCHEDULE_PATH, status=429, headers={"Retry-After": "9999"})
    with pytest.raises(HTTPStatusError) as limited:
        read_pretalx(url, token=TOKEN)
    cached = [p for p in _private_cache.rglob("*") if p.is_file()]
    assert len(cached) == 2
    for path in cached:
        assert TOKEN.encode() not in path.read_bytes()
    for error in (unauthorised.value, limited.value):
        assert TOKEN not in str(error) and TOKEN not in repr(error.args) and TOKEN not in error.url
    assert all(TOKEN not in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("two words", "printable ASCII without spaces"),
        ("line\r\nX-Injected: 1", "printable ASCII without spaces"),
    ],
)
def test_a_token_that_is_no_header_value_is_refused(token: str, message: str) -> None:
    """A token with a space or a line break is refused before any request, and the message does not echo it."""
    with pytest.raises(FetchError, match=message) as caught:
        read_pretalx("https://pretalx.example.org/api/events/democon/", token=token)
    assert token not in str(caught.value)


def test_a_token_is_not_sent_over_plain_http_to_another_machine() -> None:
    """An http:// event URL on another host is refused with a token (it would travel in clear), naming https."""
    with pytest.raises(FetchError, match="a token is sent over https only") as caught:
        read_pretalx("http://pretalx.example.org/api/events/democon/", token=TOKEN)
    assert TOKEN not in str(caught.value)


def test_a_next_link_to_another_host_is_refused(server: LocalServer) -> None:
    """A slots page whose next link names another host is refused: the reader (and a token) stay on the event's host."""
    server.serve(EVENT_PATH, _body(EVENT))
    server.serve(SCHEDULE_PATH, status=404)
    server.serve(
        SLOTS_PATH, _body({"count": 9, "next": "https://elsewhere.example.org/p2", "previous": None, "results": []})
    )
    with pytest.raises(
        ScheduleParseError, match=re.escape("links its next page on another host ('elsewhere.example.org'")
    ):
        read(server.url(EVENT_PATH))


def test_a_page_linking_back_is_refused(server: LocalServer) -> None:
    """A next link back to a page already read ends the read with an error instead of a loop."""
    server.serve(EVENT_PATH, _body(EVENT))
    server.serve(SCHEDULE_PATH, status=404)
    server.serve(SLOTS_PATH, _body({"count": 9, "next": server.url(SLOTS_PATH), "previous": None, "results": []}))
    with pytest.raises(ScheduleParseError, match="link back to a page already read"):
        read(server.url(EVENT_PATH))
    assert server.statuses(SLOTS_PATH) == [200]


def test_the_documents_together_are_bounded(server: LocalServer) -> None:
    """max_bytes bounds the event's documents together: each under it, both over it, is refused saying how to raise it."""
    url = _serve_event(server)
    size = len(_body(EVENT)) + len(_body(SCHEDULE))
    with pytest.raises(ScheduleParseError, match="the event's documents together are over the limit of 5500 bytes"):
        read_pretalx(url, max_bytes=5500)
    assert (len(_body(EVENT)), len(_body(SCHEDULE)), size) == (384, 5264, 5648)
    assert _table(read_pretalx(url, max_bytes=size)) == EXPECTED


def test_a_saved_bundle_reads_as_the_url_did(server: LocalServer, tmp_path: Path) -> None:
    """fetch_pretalx() gives a bundle; saved to a file, read() detects it and gives the conference the URL gave."""
    url = _serve_event(server)
    path = tmp_path / "democon.json"
    path.write_bytes(fetch_pretalx(url))
    assert read(path) == read(url)


def test_cli_lists_an_event_url_with_the_token_from_the_environment(
    server: LocalServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """pyconf-schedule list URL prints the six sessions; the token from the environment is sent and never printed."""
    monkeypatch.setenv(platforms.TOKEN_ENV, TOKEN)
    assert main(["list", _serve_event(server)]) == 0
    out, err = capsys.readouterr()
    for title in ("Opening keynote: schedules without guesswork", "Coffee break", "Lightning talks"):
        assert title in out
    assert TOKEN not in out + err and err == ""
    assert [r.authorization for r in server.requests] == [f"Token {TOKEN}"] * 2


def test_cli_url_failure_is_one_line_without_the_token(
    server: LocalServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 401 from the event URL is one error line and exit 2, the token nowhere in it."""
    monkeypatch.setenv(platforms.TOKEN_ENV, TOKEN)
    server.serve(EVENT_PATH, status=401)
    assert main(["list", server.url(EVENT_PATH)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and TOKEN not in err
    assert err.startswith("pyconf-schedule: error: ") and "401" in err
    assert os.environ[platforms.TOKEN_ENV] == TOKEN
