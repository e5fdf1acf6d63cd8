"""Text layout: the output width, column counting, word wrapping, dates in words."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    import argparse
    from datetime import date, datetime

WIDTH = 80
"""The width of human output when standard output is not a terminal."""
MIN_WIDTH = 60
"""The narrowest layout: for ``--width`` and for a terminal."""
INDENT = "  "
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def text_columns(args: argparse.Namespace, out: TextIO) -> int:
    """The width of human output: ``--width``, else the terminal's (at least MIN_WIDTH), else WIDTH."""
    chosen: int | None = getattr(args, "width", None)
    if chosen is not None:
        return chosen
    if out.isatty():
        from ._parser import terminal_columns

        return max(MIN_WIDTH, terminal_columns(WIDTH))
    return WIDTH


def display_width(text: str) -> int:
    """The number of terminal columns ``text`` takes (wide characters count twice)."""
    total = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return total


def _is_url(word: str) -> bool:
    return "://" in word[:16]


def wrap_words(text: str, width: int, *, keep_urls: bool = False) -> list[str]:
    """``text`` word-wrapped to lines of at most ``width`` columns, nothing left out.

    Whitespace is collapsed and lines break only between words (never at a
    hyphen); a single word wider than ``width`` is split across lines, as a
    last resort, except, with ``keep_urls``, a URL, which stays whole so that
    it can be clicked.  Wide characters count as two columns.
    """
    width = max(width, 2)
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and display_width(line) + 1 + display_width(word) <= width:
            line += " " + word
            continue
        if line:
            lines.append(line)
        line = word
        if not (keep_urls and _is_url(word)) and display_width(word) > width:
            *pieces, line = _split_word(word, width)
            lines.extend(pieces)
    if line:
        lines.append(line)
    return lines


def _split_word(word: str, width: int) -> list[str]:
    """``word`` cut into pieces of at most ``width`` columns, each as long as fits: one pass, linear in its length."""
    if word.isascii():
        return [word[i : i + width] for i in range(0, len(word), width)]
    pieces: list[str] = []
    start = used = 0
    for i, ch in enumerate(word):
        columns = display_width(ch)
        if used + columns > width:
            pieces.append(word[start:i])
            start, used = i, 0
        used += columns
    pieces.append(word[start:])
    return pieces


def pad_text(text: str, width: int) -> str:
    return text + " " * max(0, width - display_width(text))


def wrap(text: str, width: int) -> list[str]:
    """Wrap ``text`` to ``width`` columns, keeping its paragraphs (blank line between); URLs stay whole."""
    lines: list[str] = []
    for i, paragraph in enumerate(p for p in text.split("\n\n") if p.strip()):
        if i:
            lines.append("")
        lines.extend(wrap_words(paragraph, width, keep_urls=True) or [""])
    return lines


def wrap_items(items: list[str], width: int, separator: str = " · ") -> list[str]:
    """``items`` joined by ``separator``, lines broken between items where possible (never before a separator)."""
    lines: list[str] = []
    line = ""
    for i, item in enumerate(items):
        room = 0 if i == len(items) - 1 else display_width(separator.rstrip())  # a separator may end the line
        if line and display_width(line + separator + item) + room <= width:
            line += separator + item
            continue
        if line:
            lines.append(line + separator.rstrip())
        wrapped = wrap_words(item, width)
        lines.extend(wrapped[:-1])
        line = wrapped[-1] if wrapped else ""
    if line:
        lines.append(line)
    return lines


def day_text(day: date) -> str:
    return f"{_DAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]} {day.year}"


def moment_text(moment: datetime) -> str:
    return f"{moment:%H:%M} {moment.tzname()} on {day_text(moment.date())}"


def date_range(start: date | None, end: date | None) -> str:
    if start is None:
        return ""
    if end is None or end == start:
        return day_text(start).split(" ", 1)[1]
    if (start.year, start.month) == (end.year, end.month):
        return f"{start.day}–{end.day} {_MONTHS[end.month - 1]} {end.year}"
    if start.year == end.year:
        return f"{start.day} {_MONTHS[start.month - 1]} – {end.day} {_MONTHS[end.month - 1]} {end.year}"
    return f"{date_range(start, None)} – {date_range(end, None)}"
