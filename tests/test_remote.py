"""Reading schedules from URLs: the cache, conditional requests, offline reading, every failure.

Every request goes to a local server on 127.0.0.1 started by the ``server``
fixture; nothing reaches the internet.
"""

from __future__ import annotations

import os
import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest

import pyconf_schedule
import pyconf_schedule._fetch as fetch_module
from pyconf_schedule import (
    ConnectionFailedError,
    FetchError,
    FetchTimeoutError,
    HTTPStatusError,
    InvalidArgumentError,
    NotCachedError,
    PyconfScheduleError,
    ScheduleParseError,
    UnsupportedSourceError,
    dumps,
    fetch,
    load,
    read,
)
from pyconf_schedule._request import check_timeout
from pyconf_schedule.cli import main
from pyconf_schedule.formats import MAX_INPUT_BYTES

from ._hostile import time_limit
from ._http import LAST_MODIFIED, LocalServer, local_server

SMALL = (Path(__file__).parent / "golden" / "small.json").read_bytes()
SMALL_ICS = (Path(__file__).parent / "golden" / "small.ics").read_bytes()


@pytest.fixture
def server() -> Iterator[LocalServer]:
    """A local HTTP server, started for the test and stopped after it."""
    with local_server() as running:
        yield running


def _cache_files(folder: Path) -> list[str]:
    return sorted(p.name for p in (folder / "http").iterdir()) if (folder / "http").exists() else []


# -- reading and the cache --------------------------------------------------------------------------


def test_read_a_url_detects_the_format(server: LocalServer) -> None:
    """read() of an http URL serving native JSON and of one serving iCalendar gives the same conferences as the files."""
    assert read(server.serve("/s.json", SMALL)) == read(Path(__file__).parent / "golden" / "small.json")
    assert (
        read(server.serve("/s.ics", SMALL_ICS)).sessions.ids
        == read(Path(__file__).parent / "golden" / "small.ics").sessions.ids
    )


def test_second_read_of_an_unchanged_schedule_is_a_304(server: LocalServer) -> None:
    """The second read sends the ETag back and gets a 304; the body comes from the cache and gives the same conference."""
    url = server.serve("/schedule.json", SMALL)
    first = read(url)
    second = read(url)
    assert first == second
    assert server.statuses("/schedule.json") == [200, 304]
    assert server.requests[0].if_none_match is None
    assert server.requests[1].if_none_match is not None and server.requests[1].if_modified_since == LAST_MODIFIED


def test_a_changed_schedule_is_downloaded_again(server: LocalServer) -> None:
    """When the served file changes, the conditional request gets a 200 with the new content, then 304s again."""
    conf = load("eu2026")
    newer = dumps(conf.select(conf.sessions[:3]), "json").encode()
    url = server.serve("/schedule.json", SMALL, newer)
    assert len(read(url).sessions) == 5
    assert len(read(url).sessions) == 3
    assert len(read(url).sessions) == 3
    assert server.statuses("/schedule.json") == [200, 200, 304]


def test_last_modified_alone_makes_a_conditional_request(server: LocalServer) -> None:
    """A server that sends only Last-Modified gets If-Modified-Since back and answers 304."""
    url = server.serve("/lm.json", SMALL, etag=False)
    fetch(url)
    second = fetch(url)
    assert (server.statuses("/lm.json"), second.changed, second.from_cache) == ([200, 304], False, True)
    assert server.requests[1].if_none_match is None and server.requests[1].if_modified_since == LAST_MODIFIED


def test_without_validators_every_read_downloads(server: LocalServer) -> None:
    """A server that sends neither ETag nor Last-Modified gets plain requests, and each is a full 200."""
    url = server.serve("/plain.json", SMALL, etag=False, last_modified=False)
    read(url)
    read(url)
    assert server.statuses("/plain.json") == [200, 200]
    assert server.requests[1].if_none_match is None and server.requests[1].if_modified_since is None


def test_fetch_says_what_happened(server: LocalServer, tmp_path: Path) -> None:
    """fetch() returns the body, whether it changed, whether it came from the cache, and a fresh age."""
    url = server.serve("/f.json", SMALL)
    first = fetch(url, cache_dir=tmp_path)
    second = fetch(url, cache_dir=tmp_path)
    assert (first.data, first.changed, first.from_cache) == (SMALL, True, False)
    assert (second.data, second.changed, second.from_cache) == (SMALL, False, True)
    assert timedelta(0) <= second.age < timedelta(minutes=1)
    assert len(_cache_files(tmp_path)) == 1


def test_offline_reads_the_cache_without_a_request(server: LocalServer, _private_cache: Path) -> None:
    """offline=True reads the cached copy, sends nothing, and fetch() gives the copy's age."""
    url = server.serve("/schedule.json", SMALL)
    online = read(url)
    assert read(url, offline=True) == online
    fetched = fetch(url, offline=True)
    assert (fetched.changed, fetched.from_cache) == (False, True)
    assert timedelta(0) <= fetched.age < timedelta(minutes=1)
    assert server.statuses("/schedule.json") == [200]


def test_offline_without_a_copy_is_a_clear_error(_private_cache: Path) -> None:
    """offline=True for a URL never read raises NotCachedError (a FileNotFoundError) naming the URL and the cache."""
    with pytest.raises(NotCachedError) as info:
        read("http://127.0.0.1:9/never.json", offline=True)
    assert isinstance(info.value, FileNotFoundError) and isinstance(info.value, PyconfScheduleError)
    assert str(info.value) == (
        f"cannot read 'http://127.0.0.1:9/never.json': reading offline, and the cache ({_private_cache}) holds no copy of it"
    )


def test_cache_folder_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The cache folder is the argument, else PYCONF_SCHEDULE_CACHE, else $XDG_CACHE_HOME/pyconf-schedule, else ~/.cache/pyconf-schedule."""
    monkeypatch.setenv("PYCONF_SCHEDULE_CACHE", str(tmp_path / "env"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert fetch_module.cache_folder(tmp_path / "arg") == tmp_path / "arg"
    assert fetch_module.cache_folder() == tmp_path / "env"
    monkeypatch.delenv("PYCONF_SCHEDULE_CACHE")
    assert fetch_module.cache_folder() == tmp_path / "xdg" / "pyconf-schedule"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert fetch_module.cache_folder() == tmp_path / "home" / ".cache" / "pyconf-schedule"


def test_a_failed_write_keeps_the_old_copy_and_leaves_no_temporary_file(
    server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the rename of a new cache file fails, the old copy stays whole and no temporary file is left."""
    url = server.serve("/schedule.json", SMALL, b"{}")
    fetch(url, cache_dir=tmp_path)
    [name] = _cache_files(tmp_path)
    before = (tmp_path / "http" / name).read_bytes()

    def failing_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    assert fetch(url, cache_dir=tmp_path).data == b"{}"  # the download still serves its caller
    monkeypatch.undo()
    assert _cache_files(tmp_path) == [name]
    assert (tmp_path / "http" / name).read_bytes() == before


def test_a_damaged_cache_file_is_downloaded_again(server: LocalServer, tmp_path: Path) -> None:
    """A cache file that is not a cache entry is ignored: the next read is an unconditional 200 and rewrites it."""
    url = server.serve("/schedule.json", SMALL)
    fetch(url, cache_dir=tmp_path)
    [name] = _cache_files(tmp_path)
    (tmp_path / "http" / name).write_bytes(b"garbage")
    assert read(url, cache_dir=tmp_path) == read(url, cache_dir=tmp_path)
    assert server.statuses("/schedule.json") == [200, 200, 304]
    assert server.requests[1].if_none_match is None


def test_a_failed_request_caches_nothing(server: LocalServer, tmp_path: Path) -> None:
    """A 404 leaves the cache empty, so a later offline read says there is no copy."""
    with pytest.raises(HTTPStatusError):
        fetch(server.url("/missing.json"), cache_dir=tmp_path)
    assert _cache_files(tmp_path) == []


# -- every failure: one clear error each ------------------------------------------------------------


@pytest.mark.parametrize(
    ("status", "reason"),
    [(404, "Not Found"), (410, "Gone"), (500, "Internal Server Error"), (503, "Service Unavailable")],
)
def test_error_status_names_the_status(server: LocalServer, status: int, reason: str) -> None:
    """A 4xx or 5xx raises HTTPStatusError (an OSError) with the status number and reason in the message."""
    url = server.serve("/s.json", status=status)
    with pytest.raises(HTTPStatusError) as info:
        read(url)
    assert (info.value.status, str(info.value)) == (
        status,
        f"cannot read {url!r}: the server answered {status} {reason}",
    )
    assert isinstance(info.value, OSError)


def test_too_many_redirects(server: LocalServer) -> None:
    """A chain of redirects longer than five raises FetchError saying so; a single redirect is followed."""
    for n in range(10):
        server.serve(f"/r{n}", status=302, location=f"/r{n + 1}")
    with pytest.raises(FetchError) as info:
        read(server.url("/r0"))
    assert str(info.value) == f"cannot read {server.url('/r0')!r}: too many redirects (more than 5, or a loop)"
    assert server.statuses("/r5") == [302] and server.statuses("/r6") == []
    server.serve("/moved", status=301, location="/schedule.json")
    server.serve("/schedule.json", SMALL)
    assert len(read(server.url("/moved")).sessions) == 5


def test_redirect_loop(server: LocalServer) -> None:
    """A URL that redirects to itself raises FetchError about redirects, after a bounded number of requests."""
    url = server.serve("/loop", status=302, location="/loop")
    with pytest.raises(FetchError, match=r"too many redirects \(more than 5, or a loop\)$"):
        read(url)
    assert len(server.statuses("/loop")) <= 6


def test_redirect_to_another_scheme_is_refused(server: LocalServer) -> None:
    """A redirect to a file: URL is not followed: FetchError names the redirect."""
    url = server.serve("/to-file", status=302, location="file:///etc/passwd")
    with pytest.raises(FetchError) as info:
        read(url)
    assert str(info.value) == (
        f"cannot read {url!r}: the server redirected (302) to 'file:///etc/passwd'; "
        "only redirects to http:// and https:// addresses are followed"
    )


def test_slow_server_times_out(server: LocalServer) -> None:
    """A server that does not answer within the timeout raises FetchTimeoutError (a TimeoutError) naming the timeout."""
    url = server.serve("/slow", SMALL, delay=5.0)
    with pytest.raises(FetchTimeoutError) as info:
        read(url, timeout=0.2)
    assert isinstance(info.value, TimeoutError)
    assert str(info.value) == f"cannot read {url!r}: the server did not answer within 0.2 seconds"


def test_trickling_body_times_out(server: LocalServer, tmp_path: Path) -> None:
    """A body that keeps arriving, 16 bytes every 50 ms, raises FetchTimeoutError before the server has sent it all, and nothing is cached.

    The headers come at once, so the error says the response (not the server's answer) did not arrive in time.
    """
    url = server.serve("/trickle", SMALL, trickle=0.05)  # 219 pieces, about 11 seconds in all
    with time_limit(30), pytest.raises(FetchTimeoutError) as info:
        fetch(url, cache_dir=tmp_path, timeout=2)
    assert server.routes["/trickle"].pieces_sent < -(-len(SMALL) // 16)  # waiting for the whole body would send all 219
    assert str(info.value) == f"cannot read {url!r}: the response did not arrive within 2 seconds"
    assert _cache_files(tmp_path) == []


def test_body_shorter_than_announced(server: LocalServer, tmp_path: Path) -> None:
    """A response that ends before its Content-Length raises FetchError, and the half body is neither read nor cached."""
    url = server.serve("/short", SMALL, declared_length=len(SMALL) + 100)
    with pytest.raises(FetchError) as info:
        read(url, cache_dir=tmp_path)
    assert str(info.value) == f"cannot read {url!r}: the connection closed before the whole response arrived"
    assert _cache_files(tmp_path) == []


def test_concurrent_readers_never_see_a_torn_cache_file(server: LocalServer, tmp_path: Path) -> None:
    """Four threads fetching a URL whose body alternates leave one whole cache entry and no temporary file."""
    import threading

    bodies = [SMALL, SMALL_ICS] * 10
    url = server.serve("/busy", *bodies)
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            for _ in range(5):
                assert fetch(url, cache_dir=tmp_path).data in (SMALL, SMALL_ICS)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(_cache_files(tmp_path)) == 1
    assert fetch(url, cache_dir=tmp_path, offline=True).data in (SMALL, SMALL_ICS)


def test_declared_oversized_body_is_refused_before_reading(server: LocalServer) -> None:
    """A response declaring more than MAX_INPUT_BYTES (32 MiB, the largest reader default: the format is not known yet) is refused from its Content-Length, as readers refuse big files."""
    url = server.serve("/big", b"{}", declared_length=MAX_INPUT_BYTES + 1)
    with pytest.raises(FetchError) as info:
        read(url)
    assert str(info.value) == (
        f"cannot read {url!r}: the response is 33554433 bytes; the limit is 33554432 bytes (32 MiB)"
        "; to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"
    )


def test_undeclared_oversized_body_is_cut_at_the_limit(server: LocalServer, tmp_path: Path) -> None:
    """A response without a length that grows past max_bytes is refused, nothing is cached, and the default limit reads it."""
    url = server.serve("/stream", b"x" * 200_000, declared_length=-1)
    with pytest.raises(FetchError) as info:
        fetch(url, cache_dir=tmp_path, max_bytes=1000)
    assert str(info.value) == (
        f"cannot read {url!r}: the response is over the limit of 1000 bytes"
        "; to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"
    )
    assert _cache_files(tmp_path) == []
    assert len(fetch(url, cache_dir=tmp_path).data) == 200_000


def test_read_url_follows_max_bytes(server: LocalServer, tmp_path: Path) -> None:
    """read(url, max_bytes=N) refuses a response of more than N bytes before reading it, and reads one of N bytes."""
    url = server.serve("/schedule.json", SMALL)
    size = len(SMALL)
    with pytest.raises(FetchError) as info:
        read(url, cache_dir=tmp_path, max_bytes=size - 1)
    assert str(info.value) == (
        f"cannot read {url!r}: the response is {size} bytes; the limit is {size - 1} bytes"
        "; to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)"
    )
    assert _cache_files(tmp_path) == []
    assert read(url, cache_dir=tmp_path, max_bytes=size) == read(Path(__file__).parent / "golden" / "small.json")


def test_cached_copy_over_a_lowered_limit(server: LocalServer, tmp_path: Path) -> None:
    """A cached copy over max_bytes is refused offline, and online is fetched again without validators (no 304 for it)."""
    url = server.serve("/schedule.json", SMALL)
    size = len(SMALL)
    fetch(url, cache_dir=tmp_path)
    with pytest.raises(FetchError, match=f"the response is over the limit of {size - 1} bytes; to read it, raise"):
        fetch(url, cache_dir=tmp_path, offline=True, max_bytes=size - 1)
    with pytest.raises(FetchError, match=f"the response is {size} bytes; the limit is {size - 1} bytes; to read it"):
        fetch(url, cache_dir=tmp_path, max_bytes=size - 1)
    assert [(r.status, r.if_none_match) for r in server.requests] == [(200, None), (200, None)]
    assert fetch(url, cache_dir=tmp_path, offline=True, max_bytes=size).data == SMALL


def test_fetch_refuses_a_max_bytes_that_is_not_a_positive_int(tmp_path: Path) -> None:
    """fetch(max_bytes=0) raises ValueError saying what max_bytes must be, before any request."""
    with pytest.raises(InvalidArgumentError, match=r"^max_bytes must be a positive int \(a number of bytes\), got 0$"):
        fetch("http://127.0.0.1:9/none", cache_dir=tmp_path, max_bytes=0)


def test_cli_max_bytes_applies_to_urls(server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--max-bytes bounds what the command line downloads, with the error saying how to raise it."""
    url = server.serve("/schedule.json", SMALL)
    assert main(["list", url, "--cache-dir", str(tmp_path), "--max-bytes", "100"]) == 2
    assert capsys.readouterr().err == (
        f"pyconf-schedule: error: cannot read {url!r}: the response is {len(SMALL)} bytes; the limit is 100 bytes"
        "; to read it, raise the limit with max_bytes= (Python) or --max-bytes (command line)\n"
    )
    assert main(["list", url, "--cache-dir", str(tmp_path), "--max-bytes", str(len(SMALL))]) == 0


def test_refused_connection() -> None:
    """A port nothing listens on raises ConnectionFailedError (a ConnectionError) saying the host refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/s.json"
    with pytest.raises(ConnectionFailedError) as info:
        read(url)
    assert isinstance(info.value, ConnectionError)
    assert str(info.value) == f"cannot read {url!r}: 127.0.0.1 refused the connection"


def test_unknown_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host name that does not resolve raises ConnectionFailedError naming the host (the resolver is stubbed: no DNS)."""

    def no_such_host(*args: object, **kwargs: object) -> list[object]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)
    with pytest.raises(ConnectionFailedError) as info:
        read("https://schedule.example.invalid/s.json")
    assert str(info.value) == (
        "cannot read 'https://schedule.example.invalid/s.json': "
        "the host name 'schedule.example.invalid' does not resolve (Name or service not known)"
    )


def test_tls_failure(server: LocalServer) -> None:
    """https:// to a server that speaks plain HTTP raises FetchError saying the TLS handshake failed."""
    url = server.serve("/s.json", SMALL).replace("http://", "https://")
    with pytest.raises(
        FetchError, match=r"^cannot read 'https://127\.0\.0\.1:\d+/s\.json': TLS handshake failed \("
    ) as info:
        read(url, timeout=5)
    assert type(info.value) is FetchError


@pytest.mark.parametrize(
    ("body", "error", "message"),
    [
        (b"", ScheduleParseError, "cannot read schedule: '{url}' served an empty document"),
        (
            b"<!doctype html><p>Maintenance",
            ScheduleParseError,
            "cannot read schedule file at line 1: cannot tell the format from the content: an HTML page is not a schedule",
        ),
        (
            b"Maintenance",
            ScheduleParseError,
            "cannot read schedule file at line 1: cannot tell the format from the content",
        ),
    ],
)
def test_what_is_served_must_be_a_schedule(
    server: LocalServer, body: bytes, error: type[Exception], message: str
) -> None:
    """An empty body or a page that is no schedule raises ScheduleParseError, as a file with that content would."""
    url = server.serve("/s.json", body)
    with pytest.raises(error) as info:
        read(url)
    assert str(info.value).startswith(message.format(url=url))


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("https://", "not a valid URL (no host given)"),
        (
            "http://exa mple.org/s.json",
            "not a valid URL (URL can't contain control characters. 'exa mple.org' (found at least ' '))",
        ),
    ],
)
def test_malformed_url(url: str, reason: str) -> None:
    """A URL that cannot be sent (no host, a space in the host) raises FetchError saying it is not a valid URL, before any request."""
    with pytest.raises(FetchError) as info:
        read(url)
    assert str(info.value) == f"cannot read {url!r}: {reason}"


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        ("ftp://example.org/schedule.json", "ftp://example.org/schedule.json"),
        ("file:///etc/passwd", "file:///etc/passwd"),
    ],
)
def test_other_schemes_are_refused(source: str, shown: str) -> None:
    """A URL whose scheme is not http or https raises UnsupportedSourceError (a ValueError) saying which schemes work."""
    with pytest.raises(UnsupportedSourceError) as info:
        read(source)
    assert isinstance(info.value, ValueError)
    assert str(info.value) == (
        f"cannot read {shown!r}: only http:// and https:// URLs can be read; for another source, download the file and give its path"
    )


def test_webcal_is_read_over_https(monkeypatch: pytest.MonkeyPatch) -> None:
    """A webcal:// calendar link is fetched as the same address over https://."""
    asked: list[str] = []

    def fake_fetch(url: str, **options: object) -> fetch_module.Fetched:
        asked.append(url)
        raise FetchError(url, "stop")

    monkeypatch.setattr(fetch_module, "fetch", fake_fetch)
    with pytest.raises(FetchError):
        read("webcal://example.org/cal.ics")
    assert asked == ["https://example.org/cal.ics"]


# -- the command line -------------------------------------------------------------------------------


def test_cli_lists_a_url(server: LocalServer, capsys: pytest.CaptureFixture[str]) -> None:
    """list URL prints the sessions as for the file, and exits 0."""
    url = server.serve("/schedule.json", SMALL)
    assert main(["list", url, "--ids"]) == 0
    from_url = capsys.readouterr()
    assert main(["list", str(Path(__file__).parent / "golden" / "small.json"), "--ids"]) == 0
    assert from_url.out == capsys.readouterr().out and from_url.err == ""


def test_cli_offline_says_how_old_the_copy_is(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--offline reads the copy kept in --cache-dir, makes no request, and notes how old the copy is on stderr."""
    url = server.serve("/schedule.json", SMALL)
    assert main(["list", url, "--cache-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["list", url, "--cache-dir", str(tmp_path), "--offline"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"pyconf-schedule: note: offline: {url} as cached just now (")
    assert err.endswith(" UTC)\n") and err.count("\n") == 1
    assert server.statuses("/schedule.json") == [200]


@pytest.mark.parametrize(
    ("path", "options", "message"),
    [
        ("/missing", {"status": 404}, "the server answered 404 Not Found"),
        ("/broken", {"status": 500}, "the server answered 500 Internal Server Error"),
        ("/never", None, "reading offline, and the cache ({cache}) holds no copy of it"),
    ],
)
def test_cli_url_errors_are_one_line_and_exit_2(
    server: LocalServer,
    capsys: pytest.CaptureFixture[str],
    _private_cache: Path,
    path: str,
    options: dict[str, object] | None,
    message: str,
) -> None:
    """An HTTP error status, or --offline without a copy, is one error line naming the URL and the cause, exit code 2."""
    if options is not None:
        server.serve(path, **options)
    url = server.url(path)
    argv = ["list", url] + ([] if options is not None else ["--offline"])
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == (
        "",
        f"pyconf-schedule: error: cannot read {url!r}: {message.format(cache=_private_cache)}\n",
    )


def test_cli_page_that_is_no_schedule(server: LocalServer, capsys: pytest.CaptureFixture[str]) -> None:
    """A URL serving a page in no readable format is one error line and a hint, exit code 2."""
    url = server.serve("/page", b"Maintenance until noon")
    assert main(["list", url]) == 2
    assert capsys.readouterr().err == (
        f"pyconf-schedule: error: {url}: the server's answer is not a schedule in a readable format\n"
        "hint: if it is one, name its format with --from FMT\n"
    )


def test_cli_other_scheme(capsys: pytest.CaptureFixture[str]) -> None:
    """An ftp:// SOURCE is one error line saying only http and https URLs can be read, exit code 2."""
    assert main(["list", "ftp://example.org/schedule.json"]) == 2
    assert capsys.readouterr().err == (
        "pyconf-schedule: error: cannot read 'ftp://example.org/schedule.json': only http:// and https:// URLs can be read; "
        "for another source, download the file and give its path\n"
    )


def test_cli_diff_file_against_url(server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """diff FILE URL prints the changes and exits 1; against an unchanged copy it prints "No changes." and exits 0."""
    saved = tmp_path / "saved.json"
    saved.write_bytes(SMALL)
    url = server.serve("/schedule.json", SMALL.replace(b"Opening: Welcome, Friends; Agenda", b"Opening"))
    assert main(["diff", str(saved), url, "--tz", "UTC"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Changed (1):\n  * ") and out.endswith(
        "      title: 'Opening: Welcome, Friends; Agenda' → 'Opening'\n"
    )
    assert main(["diff", str(saved), str(saved)]) == 0
    assert capsys.readouterr().out == "No changes.\n"


# -- safety of the request itself (issue 18, items 17-21) -------------------------------------------


@contextmanager
def _listener() -> Iterator[socket.socket]:
    """A TCP socket listening on 127.0.0.1 that never answers: a connection to it is only queued, for the test to find."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        probe.listen(4)
        probe.setblocking(False)
        yield probe


def _connections(probe: socket.socket) -> int:
    count = 0
    while True:
        try:
            accepted, _ = probe.accept()
        except BlockingIOError:
            return count
        accepted.close()
        count += 1


@pytest.mark.parametrize("scheme", ["ftp", "FTP", "gopher"])
def test_redirect_to_a_scheme_other_than_http_is_not_followed(server: LocalServer, tmp_path: Path, scheme: str) -> None:
    """A redirect to ftp:// (any case) or another scheme raises FetchError naming it; nothing connects to the port it names, nothing is cached."""
    with _listener() as probe, time_limit(20):
        port = probe.getsockname()[1]
        target = f"{scheme}://127.0.0.1:{port}/schedule.json"
        url = server.serve("/to-ftp", status=302, location=target)
        with pytest.raises(FetchError) as info:
            fetch(url, cache_dir=tmp_path, timeout=2)
        assert _connections(probe) == 0
    assert str(info.value) == (
        f"cannot read {url!r}: the server redirected (302) to {target!r}; "
        "only redirects to http:// and https:// addresses are followed"
    )
    assert _cache_files(tmp_path) == []


SECRET = "s3cr3t-Pa55"


def test_credentials_in_the_url_are_refused_and_never_shown(server: LocalServer, tmp_path: Path) -> None:
    """A URL with user:password@ raises FetchError before any request, with the password shown as ***, and caches nothing."""
    url = server.serve("/private.json", SMALL).replace("http://", f"http://ada:{SECRET}@")
    shown = url.replace(SECRET, "***")
    with pytest.raises(FetchError) as info:
        fetch(url, cache_dir=tmp_path)
    assert str(info.value) == (
        f"cannot read {shown!r}: a user name or password in the URL is not sent (it would be kept in caches, logs and "
        "shell history); remove it, and read a schedule that needs a login from a downloaded file"
    )
    assert info.value.url == shown
    assert SECRET not in repr(info.value.args) and SECRET not in repr(vars(info.value))
    assert server.requests == [] and not tmp_path.joinpath("http").exists()


def test_a_lone_user_name_or_token_is_redacted_whole(server: LocalServer, tmp_path: Path) -> None:
    """https://TOKEN@host (a token as user name) is refused and shown as https://***@host."""
    url = f"https://{SECRET}@127.0.0.1:{server.port}/s.json"
    with pytest.raises(FetchError) as info:
        read(url, cache_dir=tmp_path)
    assert info.value.url == f"https://***@127.0.0.1:{server.port}/s.json" and SECRET not in str(info.value)
    assert server.requests == [] and not tmp_path.joinpath("http").exists()


def test_other_schemes_with_credentials_are_redacted() -> None:
    """ftp://user:password@host is refused as another scheme, with the password shown as ***."""
    with pytest.raises(UnsupportedSourceError) as info:
        read(f"ftp://ada:{SECRET}@example.org/s.json")
    assert str(info.value) == (
        "cannot read 'ftp://ada:***@example.org/s.json': only http:// and https:// URLs can be read; "
        "for another source, download the file and give its path"
    )


def test_a_redirect_to_an_address_with_credentials_is_not_followed(server: LocalServer, tmp_path: Path) -> None:
    """A redirect to http://user:password@... raises FetchError with the password redacted; the target is never asked, nothing is cached."""
    target = server.serve("/schedule.json", SMALL).replace("http://", f"http://ada:{SECRET}@")
    url = server.serve("/login", status=302, location=target)
    with pytest.raises(FetchError) as info:
        fetch(url, cache_dir=tmp_path)
    assert str(info.value) == (
        f"cannot read {url!r}: the server redirected (302) to {target.replace(SECRET, '***')!r}, an address with a "
        "user name or password; such redirects are not followed"
    )
    assert server.statuses("/schedule.json") == [] and _cache_files(tmp_path) == []


def test_cli_credentials_never_reach_the_terminal_or_the_cache(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """list/show/diff of a URL with a password print one error line without it, exit 2, and leave the cache folder empty."""
    url = server.serve("/private.json", SMALL).replace("http://", f"http://ada:{SECRET}@")
    cache = tmp_path / "cache"
    for argv in (["list", url], ["show", url, "s1"], ["diff", url, url], ["export", url, "--format", "csv"]):
        assert main([*argv, "--cache-dir", str(cache)]) == 2, argv
        captured = capsys.readouterr()
        assert SECRET not in captured.out + captured.err, argv
        assert captured.err.startswith(
            f"pyconf-schedule: error: cannot read {url.replace(SECRET, '***')!r}: a user name"
        ), argv
    assert server.requests == []
    assert not cache.exists() or [p.name for p in cache.rglob("*")] == []


def test_the_cache_keeps_no_credentials_of_a_url_it_stores(server: LocalServer, tmp_path: Path) -> None:
    """A cache entry names its URL, validators, time and digest, and nothing else: its file name is the SHA-256 of the URL."""
    url = server.serve("/schedule.json", SMALL)
    fetch(url, cache_dir=tmp_path)
    [name] = _cache_files(tmp_path)
    import hashlib
    import json

    assert name == hashlib.sha256(url.encode()).hexdigest()
    head = (tmp_path / "http" / name).read_bytes().split(b"\n", 1)[0]
    assert sorted(json.loads(head)) == ["checked", "etag", "last_modified", "length", "sha256", "url"]


def test_a_status_line_that_trickles_is_bounded_by_the_timeout(server: LocalServer, tmp_path: Path) -> None:
    """A server sending its status line and headers one byte every 50 ms (3.6 kB: minutes) raises FetchTimeoutError for timeout=0.5, before it has sent them."""
    url = server.serve("/drip", SMALL, head_trickle=0.05)
    with time_limit(15), pytest.raises(FetchTimeoutError) as info:
        fetch(url, cache_dir=tmp_path, timeout=0.5)
    assert str(info.value) == f"cannot read {url!r}: the server did not answer within 0.5 seconds"
    assert server.routes["/drip"].head_bytes_sent < 3600
    assert _cache_files(tmp_path) == []


def test_a_trickling_redirect_chain_is_bounded_by_one_timeout(server: LocalServer, tmp_path: Path) -> None:
    """The timeout is for the whole request: a redirect to a trickling server times out like the server itself."""
    server.serve("/drip", SMALL, head_trickle=0.05)
    url = server.serve("/moved", status=302, location="/drip")
    with time_limit(15), pytest.raises(FetchTimeoutError) as info:
        fetch(url, cache_dir=tmp_path, timeout=0.5)
    assert str(info.value) == f"cannot read {url!r}: the server did not answer within 0.5 seconds"


def test_a_cached_copy_damaged_on_disk_is_fetched_again(server: LocalServer, tmp_path: Path) -> None:
    """A body changed on disk (same size, one byte) no longer matches its digest: the next read is unconditional, gets the server's copy, and heals the cache."""
    url = server.serve("/schedule.json", SMALL)
    fetch(url, cache_dir=tmp_path)
    [name] = _cache_files(tmp_path)
    entry = tmp_path / "http" / name
    damaged = entry.read_bytes().replace(b"Opening", b"OpemiNg", 1)
    entry.write_bytes(damaged)
    again = fetch(url, cache_dir=tmp_path)
    assert (again.data, again.changed, again.from_cache) == (SMALL, True, False)
    assert [(r.status, r.if_none_match) for r in server.requests][1] == (200, None)
    third = fetch(url, cache_dir=tmp_path)
    assert (third.data, third.from_cache, server.statuses("/schedule.json")) == (SMALL, True, [200, 200, 304])


def test_a_cached_copy_cut_short_is_fetched_again(server: LocalServer, tmp_path: Path) -> None:
    """A cache file cut short (a full disk, a crash of another writer) is downloaded again, not confirmed by a 304."""
    url = server.serve("/schedule.json", SMALL)
    fetch(url, cache_dir=tmp_path)
    [name] = _cache_files(tmp_path)
    entry = tmp_path / "http" / name
    entry.write_bytes(entry.read_bytes()[:-100])
    assert fetch(url, cache_dir=tmp_path).data == SMALL
    assert server.statuses("/schedule.json") == [200, 200]


def test_offline_a_damaged_copy_is_refused(server: LocalServer, tmp_path: Path) -> None:
    """offline=True with a copy that does not match its digest raises NotCachedError saying the copy is damaged."""
    url = server.serve("/schedule.json", SMALL)
    fetch(url, cache_dir=tmp_path)
    [name] = _cache_files(tmp_path)
    entry = tmp_path / "http" / name
    entry.write_bytes(entry.read_bytes().replace(b"Opening", b"OpemiNg", 1))
    with pytest.raises(NotCachedError) as info:
        fetch(url, cache_dir=tmp_path, offline=True)
    assert str(info.value) == (
        f"cannot read {url!r}: reading offline, and the cache's copy ({entry}) is damaged; read it once online to replace it"
    )


@pytest.mark.parametrize(
    ("timeout", "shown"),
    [
        (float("inf"), "inf"),
        (-1, "-1"),
        (float("nan"), "nan"),
        (0, "0"),
        (0.0, "0.0"),
        (True, "True"),
        ("3", "'3'"),
        (None, "None"),
    ],
)
def test_an_invalid_timeout_is_refused_before_any_request(
    server: LocalServer, tmp_path: Path, timeout: object, shown: str
) -> None:
    """timeout=inf, -1, nan, 0, True, "3" or None raises InvalidArgumentError (a ValueError) saying what is valid, from fetch() and read(), with no request."""
    url = server.serve("/schedule.json", SMALL)
    message = f"timeout must be a number of seconds greater than 0 and finite, got {shown}"
    with pytest.raises(InvalidArgumentError) as info:
        fetch(url, cache_dir=tmp_path, timeout=timeout)  # type: ignore[arg-type]
    assert str(info.value) == message and isinstance(info.value, ValueError)
    with pytest.raises(InvalidArgumentError, match=f"^{re.escape(message)}$"):
        read(url, cache_dir=tmp_path, timeout=timeout)  # type: ignore[arg-type]
    assert server.requests == []


def test_a_small_valid_timeout_is_kept() -> None:
    """An int or a float above 0 is a valid timeout: the value is used as given, in seconds."""
    assert (check_timeout(3), check_timeout(0.25), check_timeout(1e9)) == (3.0, 0.25, 1e9)


def test_requests_name_the_installed_release() -> None:
    """Requests carry the user agent pyconf-schedule/<the package's __version__> (Python urllib)."""
    assert fetch_module._user_agent() == f"pyconf-schedule/{pyconf_schedule.__version__} (Python urllib)"


def test_a_failed_request_says_which_cached_copy_offline_reads(server: LocalServer, tmp_path: Path) -> None:
    """A request that fails with a copy in the cache: the FetchError gives when the copy was checked; none without a copy."""
    server.serve("/schedule.json", SMALL)
    fetch(server.url("/schedule.json"), cache_dir=tmp_path)
    server.routes["/schedule.json"].statuses = [500]
    checked = fetch(server.url("/schedule.json"), cache_dir=tmp_path, offline=True).checked
    with pytest.raises(HTTPStatusError) as info:
        fetch(server.url("/schedule.json"), cache_dir=tmp_path)
    assert info.value.cached == checked
    server.serve("/other.json", status=500)
    with pytest.raises(HTTPStatusError) as other:
        fetch(server.url("/other.json"), cache_dir=tmp_path)
    assert other.value.cached is None


def test_cli_failed_url_with_a_cached_copy_hints_offline(
    server: LocalServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """When the server fails and the cache holds a copy, the error is followed by a hint to read it with --offline."""
    url = server.serve("/schedule.json", SMALL)
    assert main(["list", url, "--cache-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    server.routes["/schedule.json"].statuses = [503]
    checked = fetch(url, cache_dir=tmp_path, offline=True).checked
    assert (main(["list", url, "--cache-dir", str(tmp_path)]), *capsys.readouterr()) == (
        2,
        "",
        f"pyconf-schedule: error: cannot read {url!r}: the server answered 503 Service Unavailable\n"
        f"hint: the cache holds a copy checked {checked:%Y-%m-%d %H:%M} UTC: add --offline to read it\n",
    )


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--offline"], "pyconf-schedule: error: --offline applies to URLs, and 'eu2026' is a dataset\n"
                        "hint: leave --offline out: the embedded datasets are read without any request\n"),
        (["--cache-dir", "DIR"], "pyconf-schedule: error: --cache-dir applies to URLs, and 'eu2026' is a dataset\n"
                                 "hint: leave --cache-dir out: the embedded datasets are read without any request\n"),
    ],
)  # fmt: skip
def test_cli_url_options_with_only_a_dataset_are_refused(
    option: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--offline and --cache-dir with only datasets are refused, as the reference says, not ignored."""
    argv = ["list", "eu2026", *[str(tmp_path) if a == "DIR" else a for a in option]]
    assert (main(argv), *capsys.readouterr()) == (2, "", message)


def test_a_download_reports_its_bytes(server: LocalServer, tmp_path: Path) -> None:
    """fetch() tells a progress listener the bytes downloaded so far and the total the server announced."""
    from pyconf_schedule import _progress

    url = server.serve("/schedule.json", SMALL)
    seen: list[tuple[str, int, int | None]] = []
    with _progress.listening(lambda what, done, total: seen.append((what, done, total))):
        fetch(url, cache_dir=tmp_path)
    assert seen == [("downloaded", len(SMALL), len(SMALL))]
