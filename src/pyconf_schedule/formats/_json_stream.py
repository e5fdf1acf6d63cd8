"""A native JSON document read one session at a time, so that it is never whole in memory.

``json.loads`` of a native file builds every session's dict before the
first Session is made: about twice the file in memory at once, which the
process keeps after the read (the allocator reuses it but rarely returns
it).  :func:`conference_parts` walks the document's two outer objects
itself and parses every other value with the strict decoder
(:func:`~._input.strict_decoder`, as :func:`~._input.strict_json_or_none`
parses whole texts), yielding the sessions one by one; each is built and
dropped before the next is parsed.

It reads only the shape the native writer writes: ``format`` and
``version`` before ``conference``, nothing after it, and within the
conference every key once.  Anything else, and every error of any kind,
raises :class:`NotStreamed` or the parser's own exception: the caller then
reads the text whole, the way that says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ._input import may_escape_surrogate, strict_decoder

__all__ = ["NotStreamed", "conference_parts"]

_SPACE = re.compile(r"[ \t\n\r]*")
"""JSON's whitespace (RFC 8259)."""


class NotStreamed(Exception):
    """The text is not one this walk reads: the caller parses it whole."""


class _Walk:
    """A position in the text and the steps of JSON's grammar the outer objects need."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self._value = strict_decoder().raw_decode

    def skip_space(self) -> int:
        """Move past whitespace; the new position."""
        self.pos = _SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]  # the pattern matches ''
        return self.pos

    def next_char(self) -> str:
        """The next character that is not whitespace ('' at the end), consumed."""
        pos = self.skip_space()
        self.pos = pos + 1
        return self.text[pos : pos + 1]

    def value(self) -> Any:
        value, self.pos = self._value(self.text, self.skip_space())
        return value

    def keys(self) -> Iterator[str]:
        """The keys of the object that starts here; the caller reads each key's value before asking for the next."""
        if self.next_char() != "{":
            raise NotStreamed
        char = self.next_char()
        if char == "}":
            return
        while True:
            if char != '"':
                raise NotStreamed
            key, self.pos = self._value(self.text, self.pos - 1)  # a string: the one token that starts with '"'
            if self.next_char() != ":":
                raise NotStreamed
            yield key
            char = self.next_char()
            if char == "}":
                return
            if char != ",":
                raise NotStreamed
            char = self.next_char()

    def items(self) -> Iterator[Any]:
        """The values of the array that starts here, each parsed when asked for."""
        if self.next_char() != "[":
            raise NotStreamed
        if self.text.startswith("]", self.skip_space()):
            self.pos += 1
            return
        while True:
            yield self.value()
            char = self.next_char()
            if char == "]":
                return
            if char != ",":
                raise NotStreamed


def conference_parts(
    text: str, sessions_key: str
) -> tuple[dict[str, Any], dict[str, Any], Iterator[Any], dict[str, Any]]:
    """``(head, body, sessions, late)`` of a native JSON text.

    ``head`` holds the document's keys before ``conference`` (``format`` and
    ``version`` when the file is well formed); ``body`` the conference's
    keys before ``sessions_key``, parsed; ``sessions`` yields that array's
    items, each parsed when asked for; once it is exhausted, ``late`` holds
    the conference's keys after the array, and the rest of the text has been
    checked to end the document.  Raises :class:`NotStreamed` (or the
    parser's error) as soon as the text leaves that shape.
    """
    if may_escape_surrogate(text):  # a lone surrogate is for the whole-text read to refuse, with its path
        raise NotStreamed
    walk = _Walk(text)
    top = walk.keys()
    head: dict[str, Any] = {}
    for key in top:
        if key in head:
            raise NotStreamed
        if key == "conference":
            break
        head[key] = walk.value()
    else:
        raise NotStreamed
    inner = walk.keys()
    body: dict[str, Any] = {}
    listed = False
    for key in inner:
        if key in body:
            raise NotStreamed
        if key == sessions_key:
            listed = True
            break
        body[key] = walk.value()
    late: dict[str, Any] = {}

    def sessions() -> Iterator[Any]:
        if listed:
            yield from walk.items()
            for key in inner:
                if key in body or key in late or key == sessions_key:
                    raise NotStreamed
                late[key] = walk.value()
        for _ in top:  # a key after the conference
            raise NotStreamed
        if walk.skip_space() != len(text):
            raise NotStreamed

    return head, body, sessions(), late
