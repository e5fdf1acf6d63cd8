"""How each format is told from the first 64 KiB of a file: the records' ``detect`` hooks and the byte order marks.

Each hook sees the head of the file, decoded and stripped of a BOM and leading white space (a binary format's hook
sees the bytes' text); :func:`pyconf_schedule.formats.detect_format` tries them in the records' detection order.
"""

from __future__ import annotations

import re

_PYCONF_MARKER = re.compile(r'"format"\s*:\s*"pyconf-schedule"')


_C3VOC_MARKER = re.compile(r'"schedule"\s*:\s*\{')


_PRETALX_MARKER = re.compile(r'"format"\s*:\s*"pretalx-api-bundle"')


_PRETALX_LISTS = re.compile(r'"(?:slots|results)"\s*:\s*\[')


_PRETALX_SLOT = re.compile(r'"submission"\s*:\s*(?:\{|null)')


_INDICO_MARKER = re.compile(r'"_type"\s*:\s*"HTTPAPIResult"')


_HTML_MARKER = re.compile(r"(?i)<!doctype\s+html[\s>]|<html[\s>]")


def is_native_json(head: str) -> bool:
    return head.startswith("{") and _PYCONF_MARKER.search(head) is not None


def is_icalendar(head: str) -> bool:
    return head[:15].upper() == "BEGIN:VCALENDAR"


def is_csv(head: str) -> bool:
    return head.startswith("id,title,")


def is_markdown(head: str) -> bool:
    return head.startswith("# ") and "\n| Time |" in head


def is_xml(head: str) -> bool:  # an HTML page starts with "<" too: that is the html record's
    return head.startswith("<") and not is_html(head)


def is_c3voc_json(
    head: str,
) -> bool:  # a pretalx bundle holds a "schedule" object too: that is the pretalx-api record's
    return head.startswith("{") and _C3VOC_MARKER.search(head) is not None and _PRETALX_MARKER.search(head) is None


def is_pretalx_api(head: str) -> bool:
    """A pretalx bundle, or an expanded schedule or slots page: a "slots" or "results" list with "submission" objects or null."""
    if not head.startswith("{"):
        return False
    if _PRETALX_MARKER.search(head) is not None:
        return True
    return (
        _INDICO_MARKER.search(head) is None
        and _PRETALX_LISTS.search(head) is not None
        and _PRETALX_SLOT.search(head) is not None
    )


def is_indico(head: str) -> bool:
    return head.startswith("{") and _INDICO_MARKER.search(head) is not None


def is_html(head: str) -> bool:
    return _HTML_MARKER.match(head) is not None


def is_sqlite(head: str) -> bool:
    return head.startswith("SQLite format 3\x00")


def is_llms(head: str) -> bool:
    return head.startswith("# ") and "\nEach session is two lines: " in head


def is_parquet(head: str) -> bool:  # one of the files the parquet writer puts in its folder
    return head.startswith("PAR1")


_SESSIONIZE_MARKER = re.compile(r'"isServiceSession"\s*:|"tagLine"\s*:')


_SCHED_JSON_MARKER = re.compile(r'"event_key"\s*:')


_SCHED_PRODID = re.compile(r"PRODID:-//Sched\.com .*//EN\r?$", re.MULTILINE)
"""Sched's PRODID, anywhere: a pattern that starts with its literal text is searched for that text first, where
``^PRODID`` in multiline mode is tried at every character (256 µs on a 64 KiB calendar that is not Sched's)."""


def _sched_prodid(head: str) -> bool:
    """Whether a line of ``head`` is Sched's PRODID (``^...$`` in multiline mode, the literal searched first)."""
    return any(m.start() == 0 or head[m.start() - 1] == "\n" for m in _SCHED_PRODID.finditer(head))


def is_sessionize(head: str) -> bool:  # view/All is an object; Sessions, GridSmart and Speakers are lists
    return head.startswith(("{", "[")) and _SESSIONIZE_MARKER.search(head) is not None


def is_sched(head: str) -> bool:  # the all.ics feed (a dialect of ics) or the JSON list of session/export
    if head.startswith("["):
        return _SCHED_JSON_MARKER.search(head) is not None
    return is_icalendar(head) and _sched_prodid(head)


def bom_encoding(head: bytes) -> str:
    """The encoding a byte order mark at the start of ``head`` names; UTF-8 without one."""
    if head.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "utf-32"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    return "utf-8"
