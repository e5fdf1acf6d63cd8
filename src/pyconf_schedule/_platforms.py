"""Reading a platform whose schedule takes several requests: a pretalx event through its REST API.

:func:`read_pretalx` asks :func:`pyconf_schedule.formats.pretalx_api.collect`
which documents it needs (the event, then its latest released schedule,
expanded, or the ``slots/`` pages) and fetches each through the on-disk
cache of :func:`~pyconf_schedule.fetch`, so an unchanged event costs a
``304`` per document and ``offline=True`` reads the cached copies alone.
:func:`~pyconf_schedule.read` and ``pyconf-schedule list URL`` come here for
a URL shaped ``https://<host>/api/events/<slug>/`` (or any URL with
``format="pretalx-api"`` that is one).

The token
    A public schedule needs none.  ``token=`` (or, on the command line, the
    environment variable :data:`TOKEN_ENV`) is sent as ``Authorization:
    Token <token>`` to the event's own host only: never along a redirect to
    another host, never over plain ``http://`` except to this machine
    (``localhost``, ``127.0.0.1``, ``::1``), never written to the cache,
    never put in an error message.

Rate limits
    A ``429 Too Many Requests`` with ``Retry-After`` is waited out and the
    request sent again, up to :data:`MAX_RETRIES` times and
    ``max_wait`` seconds (:data:`MAX_WAIT`) of waiting in all; past that, or
    without ``Retry-After``, the read fails with an
    :class:`~pyconf_schedule.HTTPStatusError` (status 429) saying how long
    the server asked to wait.
"""

from __future__ import annotations

import os
import time
import urllib.parse
from collections.abc import Callable
from typing import TYPE_CHECKING

from ._fetch import DEFAULT_TIMEOUT, fetch
from ._limits import default_limit, size_limit
from .exceptions import FetchError, HTTPStatusError
from .formats import default_max_bytes

if TYPE_CHECKING:
    from ._conference import Conference

__all__ = ["MAX_RETRIES", "MAX_WAIT", "TOKEN_ENV", "fetch_pretalx", "read_pretalx"]

MAX_RETRIES = 3
"""Times one request is sent again after a 429."""
MAX_WAIT = 60.0
"""Seconds of ``Retry-After`` waiting allowed for one event, in all."""
TOKEN_ENV = "PYCONF_SCHEDULE_PRETALX_TOKEN"
"""The environment variable the command line takes a pretalx API token from."""
_LOOPBACK = ("localhost", "127.0.0.1", "::1")
_sleep: Callable[[float], None] = time.sleep


def _headers(url: str, token: str | None) -> dict[str, str]:
    if token is None:
        return {}
    if not isinstance(token, str) or not token or not token.isascii() or not token.isprintable() or " " in token:
        raise FetchError(url, "the pretalx token must be printable ASCII without spaces (as pretalx shows it)")
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" and parts.hostname not in _LOOPBACK:
        raise FetchError(url, "a token is sent over https only (this URL is http://); use the https:// address")
    return {"Authorization": f"Token {token}"}


def _getter(
    url: str,
    token: str | None,
    offline: bool,
    cache_dir: str | os.PathLike[str] | None,
    timeout: float,
    max_bytes: int | None,
    max_wait: float,
) -> Callable[[str], bytes]:
    headers = _headers(url, token)
    waited = 0.0

    def get(address: str) -> bytes:
        nonlocal waited
        for attempt in range(MAX_RETRIES + 1):
            try:
                return fetch(
                    address, cache_dir=cache_dir, offline=offline, timeout=timeout, max_bytes=max_bytes, headers=headers
                ).data
            except HTTPStatusError as exc:
                if exc.status != 429:
                    raise
                wait = exc.retry_after
                if wait is None:
                    raise HTTPStatusError(
                        address,
                        "the server is limiting requests (429 Too Many Requests) without saying for how long; "
                        "try again later",
                        429,
                    ) from None
                if attempt == MAX_RETRIES or waited + wait > max_wait:
                    raise HTTPStatusError(
                        address,
                        f"the server is limiting requests (429 Too Many Requests) and asks to wait {wait:g} s; "
                        f"{waited:g} s waited already, {max_wait:g} s allowed (max_wait=), "
                        f"{attempt} retr{'y' if attempt == 1 else 'ies'} made; try again later",
                        429,
                        retry_after=wait,
                    ) from None
                waited += wait
                _sleep(wait)
        raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises

    return get


def fetch_pretalx(
    url: str,
    *,
    token: str | None = None,
    offline: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int | None = None,
    max_wait: float = MAX_WAIT,
) -> bytes:
    """The bundle (JSON bytes) of the pretalx event at ``url``: save it to read the event again from a file.

    Arguments as for :func:`read_pretalx`.
    """
    from .formats import pretalx_api

    with default_limit(default_max_bytes("pretalx-api")), size_limit(max_bytes):
        get = _getter(url, token, offline, cache_dir, timeout, None, max_wait)
        return pretalx_api.collect(url, get)


def read_pretalx(
    url: str,
    *,
    token: str | None = None,
    lang: str | None = None,
    file_tz: str | None = None,
    offline: bool = False,
    cache_dir: str | os.PathLike[str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int | None = None,
    max_wait: float = MAX_WAIT,
) -> Conference:
    """The conference of the pretalx event at ``url`` (``https://<host>/api/events/<slug>/``).

    ``lang`` chooses the language of multi-language strings (see
    :mod:`pyconf_schedule.formats.pretalx_api`); ``file_tz`` is assumed
    only if the event states no ``timezone``; ``max_bytes`` bounds each
    document and all of them together.
    """
    from .formats import pretalx_api

    with default_limit(default_max_bytes("pretalx-api")), size_limit(max_bytes):
        data = fetch_pretalx(url, token=token, offline=offline, cache_dir=cache_dir, timeout=timeout, max_wait=max_wait)
        return pretalx_api.loads(data, file_tz=file_tz, lang=lang)
