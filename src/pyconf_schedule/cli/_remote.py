"""Reading a SOURCE that is an ``http(s)://`` URL: the cache options, the offline note, errors in the command's terms."""

from __future__ import annotations

from datetime import UTC
from typing import TYPE_CHECKING, cast

from ._common import PROG, UsageError, report_line, shorten_path

if TYPE_CHECKING:
    import argparse
    from datetime import timedelta

    from .._conference import Conference
    from ..formats import ReadableFormat


def add_url_options(parser: argparse.ArgumentParser) -> None:
    """--offline and --cache-dir, for a command that reads SOURCE URLs."""
    group = parser.add_argument_group("reading a URL (http:// or https://)")
    group.add_argument(
        "--offline", action="store_true",
        help="read URLs from the cache only, without any request, and say how old the copy is",
    )  # fmt: skip
    group.add_argument(
        "--cache-dir", metavar="DIR",
        help="keep downloaded schedules in DIR (default: $PYCONF_SCHEDULE_CACHE, else the user's cache folder)",
    )  # fmt: skip


def _age_text(age: timedelta) -> str:
    """'just now', '1 minute ago', '3 hours ago', '2 days ago'.

    >>> from datetime import timedelta
    >>> [_age_text(timedelta(seconds=s)) for s in (30, 60, 7300, 200000)]
    ['just now', '1 minute ago', '2 hours ago', '2 days ago']
    """
    seconds = int(age.total_seconds())
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = seconds // size
            return f"{count} {unit}{'' if count == 1 else 's'} ago"
    return "just now"


def load_url(source: str, args: argparse.Namespace, input_format: str | None, file_tz: str | None) -> Conference:
    """The conference a SOURCE URL serves, through the cache (or from it alone with --offline)."""

    from .._fetch import fetch
    from .._read import source_url
    from ..exceptions import FetchError, MissingZoneError, ScheduleParseError
    from ..formats import detect_format, format_for_url, loads

    url = source_url(source)
    if url is None:  # "://" further on: not a URL after all
        raise UsageError(f"no such file: {shorten_path(source)!r}")
    offline = bool(getattr(args, "offline", False))
    if getattr(args, "cache_dir", None) == "":
        raise UsageError("--cache-dir needs a folder name")
    max_bytes: int | None = getattr(args, "max_bytes", None)
    if input_format in (None, "pretalx-api"):
        from ..formats.pretalx_api import event_url

        if event_url(url) is not None:
            return _load_pretalx(url, args, file_tz, offline, max_bytes)
    try:
        fetched = fetch(url, cache_dir=getattr(args, "cache_dir", None), offline=offline, max_bytes=max_bytes)
    except FetchError as exc:
        if exc.cached is None or offline:
            raise
        checked = f"{exc.cached.astimezone(UTC):%Y-%m-%d %H:%M} UTC"
        raise UsageError(str(exc), f"the cache holds a copy checked {checked}: add --offline to read it") from None
    if offline:
        report_line(
            f"{PROG}: note: offline: {shorten_path(source)} as cached {_age_text(fetched.age)} "
            f"({fetched.checked:%Y-%m-%d %H:%M} UTC)",
            None,
        )
    shown = shorten_path(source)
    try:
        name = (
            cast("ReadableFormat", input_format) if input_format else format_for_url(url) or detect_format(fetched.data)
        )
        return loads(
            fetched.data, name, file_tz=file_tz, max_bytes=max_bytes, conference=getattr(args, "conference", None)
        )
    except MissingZoneError:
        raise UsageError(
            f"{shown}: the times in this schedule carry no zone",
            "give it with --file-tz ZONE, e.g. --file-tz Europe/Brussels",
        ) from None
    except ScheduleParseError as exc:
        from ._sources import choose_conference

        choose = choose_conference(exc, None)
        if choose is not None:
            raise UsageError(f"{shown}: {choose[0]}", choose[1]) from None
        if not input_format and exc.reason.startswith("cannot tell the format"):
            raise UsageError(
                f"{shown}: the server's answer is not a schedule in a readable format",
                "if it is one, name its format with --from FMT",
            ) from None
        raise UsageError(f"{shown}: {exc}") from None


def _load_pretalx(
    url: str, args: argparse.Namespace, file_tz: str | None, offline: bool, max_bytes: int | None
) -> Conference:
    """A pretalx event's API URL: the event and its schedule, with the token from the environment when set."""
    import os

    from .._platforms import TOKEN_ENV, read_pretalx
    from ..exceptions import MissingZoneError, ScheduleParseError
    from ..formats import chosen

    shown = shorten_path(url)
    try:
        conf = read_pretalx(
            url, token=os.environ.get(TOKEN_ENV) or None, file_tz=file_tz, offline=offline,
            cache_dir=getattr(args, "cache_dir", None), max_bytes=max_bytes,
        )  # fmt: skip
        conf = chosen(conf, getattr(args, "conference", None), "pretalx-api")
    except MissingZoneError:
        raise UsageError(
            f"{shown}: the event names no time zone", "give it with --file-tz ZONE, e.g. --file-tz Europe/Berlin"
        ) from None
    except ScheduleParseError as exc:
        raise UsageError(f"{shown}: {exc}") from None
    if offline:
        report_line(f"{PROG}: note: offline: {shown} read from the cached copies of its documents", None)
    return conf
