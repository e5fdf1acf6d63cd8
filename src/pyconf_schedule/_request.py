"""The transport under :func:`~pyconf_schedule.fetch`: one ``urllib`` opener per request, bounded in time and in where it goes.

- The timeout bounds the whole request (name resolution, connection,
  status line, headers, body, every redirect): :func:`within` runs the
  request in a worker thread and gives up at the deadline, and the
  request's sockets are shut down then, so a server that trickles its
  status line one byte a second cannot hold the caller (nor the worker)
  beyond it.
- Redirects are followed only to ``http://`` and ``https://`` addresses
  without credentials, at most :data:`MAX_REDIRECTS` of them; the body of a
  redirect is not read.
- A URL that carries credentials (``user:password@``) is refused before
  anything is sent, and shown with them redacted
  (:func:`~pyconf_schedule._text.redact_url`).

>>> check_timeout(2)
2.0
>>> check_timeout(float("inf"))
Traceback (most recent call last):
...
pyconf_schedule.exceptions.InvalidArgumentError: timeout must be a number of seconds greater than 0 and finite, got inf
"""

from __future__ import annotations

import contextlib
import http.client
import math
import socket
import ssl
import threading
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import IO, Any, TypeVar

from ._text import redact_url, shorten
from .exceptions import FetchError, InvalidArgumentError

__all__ = ["MAX_REDIRECTS", "Refused", "Watch", "check_timeout", "check_url", "opener", "within"]

MAX_REDIRECTS = 5
"""Redirects followed before giving up."""
SCHEMES = ("http", "https")
"""The schemes a request, or a redirect, may go to."""

_T = TypeVar("_T")


class Refused(Exception):
    """A redirect that is not followed; ``reason`` says why (the URL it names shown redacted)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_timeout(timeout: object) -> float:
    """``timeout`` as a float, or InvalidArgumentError when it is not a finite number of seconds above 0."""
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not math.isfinite(timeout) or timeout <= 0:
        raise InvalidArgumentError(f"timeout must be a number of seconds greater than 0 and finite, got {timeout!r}")
    return float(timeout)


def check_url(url: str) -> None:
    """FetchError, before any request, for a URL whose scheme is not http(s) or that carries credentials."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme.lower() not in SCHEMES:
        raise FetchError(url, "only http:// and https:// URLs can be read")
    if "@" in parts.netloc:
        raise FetchError(
            url,
            "a user name or password in the URL is not sent (it would be kept in caches, logs and shell history); "
            "remove it, and read a schedule that needs a login from a downloaded file",
        )


class Watch:
    """The sockets of one request; :meth:`close` shuts them down so that a read blocked on one returns at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._closed = False

    def add(self, sock: socket.socket) -> None:
        with self._lock:
            if not self._closed:
                self._sockets.append(sock)
                return
        _shut(sock)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            sockets, self._sockets = self._sockets, []
        for sock in sockets:
            _shut(sock)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed
        socket.socket.shutdown(sock, socket.SHUT_RDWR)  # the plain socket's call, also under a TLS socket


class _HTTPConnection(http.client.HTTPConnection):
    watch: Watch

    def connect(self) -> None:
        super().connect()
        self.watch.add(self.sock)


class _HTTPSConnection(http.client.HTTPSConnection):
    watch: Watch

    def connect(self) -> None:
        super().connect()
        self.watch.add(self.sock)


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, watch: Watch) -> None:
        super().__init__()
        self._watch = watch

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        def connection(host: str, **options: Any) -> http.client.HTTPConnection:
            made = _HTTPConnection(host, **options)
            made.watch = self._watch
            return made

        return self.do_open(connection, req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, watch: Watch) -> None:
        super().__init__()
        self._watch = watch
        self._tls = ssl.create_default_context()

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        def connection(host: str, **options: Any) -> http.client.HTTPSConnection:
            made = _HTTPSConnection(host, **options)
            made.watch = self._watch
            return made

        return self.do_open(connection, req, context=self._tls)


class _Redirects(urllib.request.HTTPRedirectHandler):
    max_redirections = MAX_REDIRECTS

    def http_error_302(
        self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str, headers: http.client.HTTPMessage
    ) -> IO[bytes] | None:
        location = headers.get("location") or headers.get("uri")
        if location is not None:
            try:
                _check_redirect(code, urllib.parse.urljoin(req.full_url, location.strip()))
            except Refused:
                fp.close()
                raise
        return super().http_error_302(req, fp, code, msg, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        fp.close()  # the redirect's own body is never read: a huge or endless one costs nothing
        _check_redirect(code, newurl)
        new = super().redirect_request(req, fp, code, msg, headers, newurl)
        if new is not None and _origin(req.full_url) == _origin(new.full_url):  # a token stays on its own origin
            for name, value in req.unredirected_hdrs.items():
                if name.lower() == "authorization":
                    new.add_unredirected_header(name, value)
        return new


def _origin(url: str) -> tuple[str, str | None, int | None]:
    """Scheme, host and port: a redirect keeps an ``Authorization`` header only to the same three."""
    parts = urllib.parse.urlsplit(url)
    return parts.scheme.lower(), parts.hostname, parts.port


def _check_redirect(code: int, newurl: str) -> None:
    """Refused for a redirect to a scheme other than http(s), or to an address with credentials."""
    parts = urllib.parse.urlsplit(newurl)
    if parts.scheme.lower() not in SCHEMES:
        raise Refused(
            f"the server redirected ({code}) to {shorten(redact_url(newurl), 100)!r}; "
            "only redirects to http:// and https:// addresses are followed"
        )
    if "@" in parts.netloc:
        raise Refused(
            f"the server redirected ({code}) to {shorten(redact_url(newurl), 100)!r}, an address with a user name or "
            "password; such redirects are not followed"
        )


def opener(watch: Watch) -> urllib.request.OpenerDirector:
    """An opener whose connections join ``watch`` and whose redirects stay on http(s), at most MAX_REDIRECTS."""
    return urllib.request.build_opener(_HTTPHandler(watch), _HTTPSHandler(watch), _Redirects())


class Expired(Exception):
    """The deadline passed; ``answered`` says whether the status line and headers had arrived."""

    def __init__(self, answered: bool) -> None:
        super().__init__("expired")
        self.answered = answered


def within(timeout: float, work: Callable[[Watch, threading.Event], _T]) -> _T:
    """``work(watch, answered)`` run in a worker thread for at most ``timeout`` seconds.

    ``work`` registers its sockets in ``watch`` (through :func:`opener`) and
    sets ``answered`` when the headers have arrived.  At the deadline the
    sockets are shut down, which ends the worker's blocked reads, and
    :class:`Expired` is raised here; otherwise ``work``'s result or exception.
    """
    watch = Watch()
    answered = threading.Event()
    outcome: list[tuple[bool, Any]] = []

    def run() -> None:
        try:
            outcome.append((True, work(watch, answered)))
        except BaseException as exc:  # handed to the caller's thread
            outcome.append((False, exc))

    worker = threading.Thread(target=run, name="pyconf-schedule-fetch", daemon=True)
    worker.start()
    try:
        worker.join(timeout)
    finally:
        expired = worker.is_alive()  # the deadline passed, or the caller was interrupted (Ctrl-C)
        if expired:
            watch.close()  # the worker's blocked reads end now; what it makes of that is not looked at
    if expired:
        raise Expired(answered.is_set())
    ok, value = outcome[0]
    if ok:
        return value  # type: ignore[no-any-return]
    raise value
