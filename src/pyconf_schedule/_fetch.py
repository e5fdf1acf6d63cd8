"""Reading a schedule from an ``http(s)://`` URL, through an on-disk cache.

:func:`fetch` downloads the bytes a URL serves; :func:`~pyconf_schedule.read`
calls it for a URL and reads what it returns like a file.  The standard
library's ``urllib.request`` does the HTTP: one GET with a timeout, a
bounded number of redirects and a size limit, which is all a schedule
export needs, without a new dependency.

The cache
    Each URL's last response is kept in one file of the cache folder: the
    ``ETag`` and ``Last-Modified`` the server sent, when the copy was last
    fetched or confirmed, the body's length and SHA-256 digest, and the body.
    A copy that no longer matches its digest (damaged on disk) is never
    used: the next read downloads it afresh, unconditionally, and offline it
    is refused.  The next request sends the validators back
    (``If-None-Match``, ``If-Modified-Since``), so an unchanged schedule
    costs a ``304 Not Modified`` and no download.  Files are written to a
    temporary name and renamed over the old one (``os.replace``), so a
    reader, or a second process writing at the same moment, never sees a
    torn file.  With ``offline=True`` nothing is sent: the cached copy is
    returned, with its age, or :class:`~pyconf_schedule.NotCachedError`.

    The folder is ``cache_dir`` when given, else the environment variable
    ``PYCONF_SCHEDULE_CACHE``, else ``$XDG_CACHE_HOME/pyconf-schedule``,
    else ``~/.cache/pyconf-schedule``.

Safety
    The ``timeout`` bounds the whole request: connecting, the status line
    and headers, the body and every redirect.  Redirects are followed only
    to ``http://`` and ``https://`` addresses, at most
    :data:`MAX_REDIRECTS`.  A URL with a user name or password in it
    (``https://user:password@host/``) is refused before anything is sent,
    and every message shows it with the password replaced by ``***``;
    nothing of it reaches the cache (entry names and contents are made of
    URLs without credentials only).

Errors
    Each is one :class:`~pyconf_schedule.FetchError` (an ``OSError``) whose
    message names the URL and the cause: a name that does not resolve or a
    refused connection (:class:`~pyconf_schedule.ConnectionFailedError`), a
    timeout (:class:`~pyconf_schedule.FetchTimeoutError`), a 4xx or 5xx
    status (:class:`~pyconf_schedule.HTTPStatusError`, with ``status``), a
    TLS failure, too many redirects, a response over the size limit
    (``max_bytes``, as for a file: :data:`~pyconf_schedule.formats.MAX_INPUT_BYTES`,
    the largest reader limit, unless raised; the error says how to raise it).  Nothing is cached from
    a failed request.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import socket
import ssl
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from pathlib import Path

from attrs import frozen

from ._limits import RAISE_IT, read_at_most, shown_limit, size_limit
from ._progress import report
from ._request import MAX_REDIRECTS, Expired, Refused, Watch, check_timeout, check_url, opener, within
from .exceptions import (
    ConnectionFailedError,
    FetchError,
    FetchTimeoutError,
    HTTPStatusError,
    InvalidArgumentError,
    NotCachedError,
)  # fmt: skip

__all__ = ["CACHE_ENV", "DEFAULT_TIMEOUT", "MAX_REDIRECTS", "Fetched", "cache_folder", "fetch"]

CACHE_ENV = "PYCONF_SCHEDULE_CACHE"
"""The environment variable naming the cache folder."""
DEFAULT_TIMEOUT = 30.0
"""Seconds a request may take in all: connecting, the server's answer, the whole body, every redirect."""
_CHUNK = 1 << 16


@frozen(kw_only=True)
class Fetched:
    """What :func:`fetch` got for a URL.

    ``data`` is the body; ``changed`` is false when the server answered
    ``304 Not Modified`` or, offline, when the cached copy was used;
    ``from_cache`` is true when ``data`` came from the cache; ``checked`` is
    when the copy was last downloaded or confirmed by the server (UTC).
    """

    url: str
    data: bytes
    changed: bool
    from_cache: bool
    checked: datetime

    @property
    def age(self) -> timedelta:
        """How long ago the copy was last downloaded or confirmed."""
        return max(datetime.now(UTC) - self.checked, timedelta(0))


def cache_folder(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The cache folder: ``cache_dir``, else ``$PYCONF_SCHEDULE_CACHE``, else the user's cache folder."""
    if cache_dir is not None:
        return Path(cache_dir)
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "pyconf-schedule"


def _entry_path(folder: Path, url: str) -> Path:
    return folder / "http" / hashlib.sha256(url.encode("utf-8")).hexdigest()


@frozen
class _Entry:
    meta: dict[str, str]
    body: bytes
    intact: bool
    """False when the body does not match the length and digest stored with it (damaged on disk)."""


def _digest(body: bytes) -> dict[str, str]:
    return {"length": str(len(body)), "sha256": hashlib.sha256(body).hexdigest()}


def _load_entry(path: Path, url: str, limit: int) -> _Entry | None:
    """The cached response for ``url``, or None when there is none or it is unreadable.

    A body over ``limit`` bytes is read no further: the entry then holds
    ``limit + 1`` bytes, for the caller to refuse (offline) or to fetch
    afresh, unconditionally.  A body that does not match its stored length
    and digest (or an entry without them) is not ``intact``.
    """
    try:
        with path.open("rb") as file:
            head = file.readline(65536)
            body = read_at_most(file, limit + 1)
        meta = json.loads(head)
    except (OSError, ValueError):
        return None
    if not isinstance(meta, dict) or meta.get("url") != url:
        return None
    if not all(isinstance(v, str) for v in meta.values()) or "checked" not in meta:
        return None
    fields = {k: str(v) for k, v in meta.items()}
    intact = len(body) > limit or all(fields.get(k) == v for k, v in _digest(body).items())
    return _Entry(fields, body, intact)


def _checked(entry: _Entry) -> datetime:
    try:
        moment = datetime.fromisoformat(entry.meta["checked"])
    except ValueError:
        return datetime.fromtimestamp(0, UTC)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _store(path: Path, meta: dict[str, str], body: bytes) -> None:
    """Write the entry atomically: a temporary file in the same folder, renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(json.dumps(meta, ensure_ascii=True).encode("ascii") + b"\n")
            file.write(body)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _user_agent() -> str:
    """``pyconf-schedule/0.1.0 (Python urllib)``: the installed release, read from its metadata (not from the package above)."""
    from importlib.metadata import version

    return f"pyconf-schedule/{version('pyconf-schedule')} (Python urllib)"


def fetch(
    url: str,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    offline: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int | None = None,
    headers: Mapping[str, str] | None = None,
) -> Fetched:
    """The bytes ``url`` serves, through the cache; a conditional request when a copy is cached.

    ``headers`` are sent with the request and never written to the cache
    (an ``Authorization`` token, say); ``Authorization`` follows a redirect
    only to the same scheme, host and port.  The cache keeps the body by URL
    alone.

    With ``offline=True`` no request is made: the cached copy is returned
    (``age`` says how old it is), or NotCachedError raised.  Raises a
    FetchError subclass naming the cause when the URL cannot be read.
    ``max_bytes`` is the size limit of the response (default: the limit of
    the read in progress, :data:`~pyconf_schedule.formats.MAX_INPUT_BYTES`,
    the largest reader limit, unless raised), as for a file.  ``timeout`` (seconds, finite, above 0)
    bounds the whole request; an argument outside what is valid raises
    InvalidArgumentError before anything is sent.  A URL with a user name or
    password in it is refused (FetchError, the password shown as ``***``).
    """
    seconds = check_timeout(timeout)
    if not isinstance(url, str):
        raise InvalidArgumentError(f"url must be a str (an http:// or https:// address), got {type(url).__name__}")
    with size_limit(max_bytes) as limit:
        check_url(url)
        return _fetch(url, cache_dir, offline, seconds, limit, dict(headers or {}))


def _fetch(
    url: str, cache_dir: str | os.PathLike[str] | None, offline: bool, timeout: float, limit: int, extra: dict[str, str]
) -> Fetched:
    folder = cache_folder(cache_dir)
    path = _entry_path(folder, url)
    entry = _load_entry(path, url, limit)
    if offline:
        if entry is None:
            raise NotCachedError(url, f"reading offline, and the cache ({folder}) holds no copy of it")
        if len(entry.body) > limit:
            raise _too_large(url, None, limit)
        if not entry.intact:
            raise NotCachedError(
                url, f"reading offline, and the cache's copy ({path}) is damaged; read it once online to replace it"
            )
        return Fetched(url=url, data=entry.body, changed=False, from_cache=True, checked=_checked(entry))
    if entry is not None and (len(entry.body) > limit or not entry.intact):
        entry = None  # a 304 would confirm a copy too big to use, or a damaged one: ask afresh, unconditionally
    headers = {"User-Agent": _user_agent(), "Accept-Encoding": "identity"}
    if entry is not None:
        if entry.meta.get("etag"):
            headers["If-None-Match"] = entry.meta["etag"]
        if entry.meta.get("last_modified"):
            headers["If-Modified-Since"] = entry.meta["last_modified"]
    now = datetime.now(UTC)
    try:
        status, data, etag, last_modified = _get(url, headers, timeout, limit, extra)
    except FetchError as exc:
        if entry is not None:  # an intact copy that offline=True would read
            exc.cached = _checked(entry)
        raise
    meta = {"url": url, "checked": now.isoformat()}
    if status == 304:
        if entry is None:  # an answer to a question not asked: a server fault
            raise FetchError(url, "the server answered 304 Not Modified to an unconditional request")
        meta.update({k: v for k, v in entry.meta.items() if k in ("etag", "last_modified")})
        meta.update(_digest(entry.body))
        _store_quietly(path, meta, entry.body)
        return Fetched(url=url, data=entry.body, changed=False, from_cache=True, checked=now)
    if etag:
        meta["etag"] = etag
    if last_modified:
        meta["last_modified"] = last_modified
    meta.update(_digest(data))
    _store_quietly(path, meta, data)
    return Fetched(url=url, data=data, changed=True, from_cache=False, checked=now)


def _store_quietly(path: Path, meta: dict[str, str], body: bytes) -> None:
    """Store the entry; a cache that cannot be written (read-only home, full disk) only costs the next download."""
    with contextlib.suppress(OSError):
        _store(path, meta, body)


def _get(
    url: str, headers: dict[str, str], timeout: float, limit: int, extra: dict[str, str] | None = None
) -> tuple[int, bytes, str | None, str | None]:
    """One GET of ``url``: (status, body, ETag, Last-Modified), or a FetchError naming the cause.

    The request runs for at most ``timeout`` seconds in all (see :func:`~pyconf_schedule._request.within`).
    ``extra`` headers are sent too; ``Authorization`` as a header urllib never copies to a
    redirect (``_request``'s redirect handler copies it to the same origin only).
    """
    try:
        return within(timeout, lambda watch, answered: _get_now(url, headers, timeout, limit, watch, answered, extra))
    except Expired as exc:
        if exc.answered:
            raise FetchTimeoutError(url, f"the response did not arrive within {timeout:g} seconds") from None
        raise FetchTimeoutError(url, f"the server did not answer within {timeout:g} seconds") from None


def _get_now(
    url: str,
    headers: dict[str, str],
    timeout: float,
    limit: int,
    watch: Watch,
    answered: threading.Event,
    extra: dict[str, str] | None = None,
) -> tuple[int, bytes, str | None, str | None]:
    deadline = time.monotonic() + timeout
    request = urllib.request.Request(url, headers=headers)
    for name, value in (extra or {}).items():
        if name.lower() == "authorization":
            request.add_unredirected_header(name, value)
        else:
            request.add_header(name, value)
    try:
        with opener(watch).open(request, timeout=timeout) as response:
            answered.set()
            length = response.headers.get("Content-Length")
            if length is not None and length.strip().isdigit() and int(length) > limit:
                raise _too_large(url, int(length), limit)
            chunks: list[bytes] = []
            size = 0
            while True:
                if time.monotonic() > deadline:
                    raise FetchTimeoutError(url, f"the response did not arrive within {timeout:g} seconds")
                chunk = response.read1(_CHUNK)  # what has arrived: a trickle cannot hold off the deadline
                if not chunk:
                    if response.length:  # bytes the server announced and never sent
                        raise FetchError(url, "the connection closed before the whole response arrived")
                    break
                size += len(chunk)
                if size > limit:
                    raise _too_large(url, None, limit)
                chunks.append(chunk)
                report("downloaded", size, response.length + size if response.length is not None else None)
            return (
                response.status,
                b"".join(chunks),
                response.headers.get("ETag"),
                response.headers.get("Last-Modified"),
            )
    except Refused as exc:
        raise FetchError(url, exc.reason) from None
    except urllib.error.HTTPError as exc:
        exc.close()
        if exc.code == 304:
            return 304, b"", None, None
        if 300 <= exc.code < 400:
            if "infinite loop" in str(exc.msg):
                raise FetchError(url, f"too many redirects (more than {MAX_REDIRECTS}, or a loop)") from None
            raise FetchError(
                url, f"the server redirected ({exc.code}) somewhere that cannot be followed: {exc.msg}"
            ) from None
        retry_after = _retry_after(exc.headers.get("Retry-After") if exc.headers is not None else None)
        raise HTTPStatusError(
            url, f"the server answered {exc.code} {exc.reason}".rstrip(), exc.code, retry_after=retry_after
        ) from None
    except urllib.error.URLError as exc:
        raise _failure(url, exc.reason, timeout) from None
    except (OSError, http.client.HTTPException) as exc:
        raise _failure(url, exc, timeout) from None
    except ValueError as exc:  # a URL urllib cannot even send (no host, non-ASCII host, control characters)
        raise FetchError(url, f"not a valid URL ({exc})") from None


def _retry_after(value: str | None) -> float | None:
    """The seconds a ``Retry-After`` header asks to wait (delta-seconds or an HTTP date), None when absent or unreadable.

    >>> _retry_after("120"), _retry_after("soon"), _retry_after(None)
    (120.0, None, None)
    """
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(int(text[:12]))
    try:
        moment = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return max((moment - datetime.now(UTC)).total_seconds(), 0.0)


def _too_large(url: str, size: int | None, limit: int) -> FetchError:
    if size is None:
        return FetchError(url, f"the response is over the limit of {shown_limit(limit)}; {RAISE_IT}")
    return FetchError(url, f"the response is {size} bytes; the limit is {shown_limit(limit)}; {RAISE_IT}")


def _failure(url: str, reason: object, timeout: float) -> FetchError:
    """The FetchError for a failure below HTTP: name resolution, connection, TLS, timeout."""
    if isinstance(reason, FetchError):
        return reason
    host = urllib.parse.urlsplit(url).hostname or url
    if isinstance(reason, (TimeoutError, socket.timeout)):
        return FetchTimeoutError(url, f"the server did not answer within {timeout:g} seconds")
    if isinstance(reason, ssl.SSLCertVerificationError):
        return FetchError(url, f"TLS certificate not trusted: {reason.verify_message or reason.reason}")
    if isinstance(reason, ssl.SSLError):
        return FetchError(url, f"TLS handshake failed ({reason.reason or reason.strerror or reason})")
    if isinstance(reason, socket.gaierror):
        return ConnectionFailedError(url, f"the host name {host!r} does not resolve ({reason.strerror or reason})")
    if isinstance(reason, ConnectionRefusedError):
        return ConnectionFailedError(url, f"{host} refused the connection")
    if isinstance(reason, (ConnectionError, http.client.RemoteDisconnected)):
        return ConnectionFailedError(url, f"the connection to {host} failed ({reason.strerror or reason})")
    if isinstance(reason, (http.client.InvalidURL, str)):  # urllib gives "no host given" as text
        return FetchError(url, f"not a valid URL ({reason})")
    if isinstance(reason, http.client.HTTPException):
        return FetchError(url, f"the server's answer is not valid HTTP ({type(reason).__name__})")
    if isinstance(reason, OSError):
        return ConnectionFailedError(url, f"the connection to {host} failed ({reason.strerror or reason})")
    return FetchError(url, str(reason))
