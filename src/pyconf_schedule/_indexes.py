"""The indexes behind ``Sessions``: what a schedule knows (:class:`Catalogue`) and the lookup tables of one selection (:class:`Index`).

They only find positions faster: every query keeps its rule in
:mod:`pyconf_schedule._sessions`, and results are the same with or without
them.  Built lazily, once per conference or selection, invisible in results.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from itertools import islice
from operator import le
from typing import TYPE_CHECKING, TypeVar

from ._model import Room, Session, SessionKind, Speaker, Track
from ._text import fold, search_document, search_text, words
from .exceptions import UnknownSpeakerError

if TYPE_CHECKING:
    from ._conference import Conference
    from ._days import DayRule

__all__ = ["Catalogue", "Index", "org_matches", "organisations_of"]


class Catalogue:
    """What a schedule knows: every speaker, room, track and organisation.

    Shared by every ``Sessions`` derived from one schedule, so that a typo is
    told apart from a name that simply has no session in a selection.
    """

    __slots__ = (
        "_organisations",
        "_room_keys",
        "_speaker_keys",
        "_track_keys",
        "owner",
        "rooms",
        "rule",
        "speakers",
        "tracks",
    )  # fmt: skip

    def __init__(
        self,
        speakers: Iterable[Speaker],
        rooms: Iterable[Room],
        tracks: Iterable[Track],
        owner: Conference | None = None,
        rule: DayRule | None = None,
    ) -> None:
        self.owner = owner
        self.rule = rule
        self.speakers = tuple(speakers)
        self.rooms = tuple(rooms)
        self.tracks = tuple(tracks)
        self._speaker_keys: tuple[dict[str, Speaker], dict[str, list[Speaker]]] | None = None
        self._organisations: dict[str, str] | None = None
        self._room_keys: dict[str, set[str]] | None = None
        self._track_keys: dict[str, set[str]] | None = None

    @classmethod
    def of(cls, sessions: Iterable[Session]) -> Catalogue:
        speakers: dict[str, Speaker] = {}
        rooms: dict[str, Room] = {}
        tracks: dict[str, Track] = {}
        for session in sessions:
            for speaker in session.speakers:
                speakers.setdefault(speaker.id, speaker)
            if session.room is not None:
                rooms.setdefault(session.room.id, session.room)
            if session.track is not None:
                tracks.setdefault(session.track.id, session.track)
        return cls(speakers.values(), rooms.values(), tracks.values())

    def _speakers_named(self, name: str) -> list[Speaker]:
        """The speakers whose name, alias or id is ``name`` (folded), in the catalogue's order, each once."""
        if self._speaker_keys is None:  # one table, each key folded once, for speaker() and speaker_ids()
            first: dict[str, Speaker] = {}
            more: dict[str, list[Speaker]] = {}  # the rare keys that several speakers share: no list per key
            for speaker in self.speakers:
                for key in (*speaker.names, speaker.id):
                    folded = fold(key)
                    known = first.setdefault(folded, speaker)
                    if known is not speaker:
                        others = more.setdefault(folded, [])
                        if not others or others[-1] is not speaker:  # a speaker's keys come together: once each
                            others.append(speaker)
            self._speaker_keys = first, more
        first, more = self._speaker_keys
        folded = fold(name)
        found = first.get(folded)
        if found is None:
            raise UnknownSpeakerError(name, (s.name for s in self.speakers))
        return [found, *more.get(folded, ())]

    def speaker_ids(self, name: str) -> set[str]:
        """Ids of the speakers whose name, alias or id is ``name`` (folded)."""
        return {s.id for s in self._speakers_named(name)}

    def speaker(self, name: str) -> Speaker:
        """The first speaker whose name, alias or id is ``name`` (folded)."""
        return self._speakers_named(name)[0]

    def room_ids(self, name: str) -> set[str]:
        """Ids of the rooms whose name or id is ``name`` (folded); empty when none."""
        if self._room_keys is None:
            self._room_keys = _keys(self.rooms)
        return self._room_keys.get(fold(name), set())

    def track_ids(self, name: str) -> set[str]:
        """Ids of the tracks whose name or id is ``name`` (folded); empty when none."""
        if self._track_keys is None:
            self._track_keys = _keys(self.tracks)
        return self._track_keys.get(fold(name), set())

    def organisations(self) -> dict[str, str]:
        """Folded organisation name -> organisation as written."""
        if self._organisations is None:
            self._organisations = {fold(o): o for s in self.speakers for o in organisations_of(s)}
        return self._organisations


def _keys(items: Iterable[Room | Track]) -> dict[str, set[str]]:
    keys: dict[str, set[str]] = {}
    for item in items:
        for key in (item.name, item.id):
            keys.setdefault(fold(key), set()).add(item.id)
    return keys


def org_matches(query_words: list[str], organisation: str | None) -> bool:
    """True when the words ``query_words`` occur, in order and whole, in ``organisation``."""
    if not organisation:
        return False
    org_words = words(organisation)
    n = len(query_words)
    return any(org_words[i : i + n] == query_words for i in range(len(org_words) - n + 1))


_SEARCHED_VARIANTS = frozenset({"title", "abstract"})


def _searched(session: Session) -> str:
    """Everything search() reads of a session, one part a line."""
    parts: list[str] = [session.title or "", *session.title_variants, session.abstract or ""]
    if session.variants or session.conflicts:
        for group in (*session.variants, *session.conflicts):
            if group.field in _SEARCHED_VARIANTS:
                parts.extend(v.value for v in group.values)
    for speaker in session.speakers:
        parts.append(speaker.name)
        if speaker.aliases:
            parts.extend(speaker.aliases)
        if speaker.organisation:
            parts.append(speaker.organisation)
        if speaker.conflicts:
            parts.extend(organisations_of(speaker)[1 if speaker.organisation else 0 :])
    return "\n".join(parts)


def _haystack(session: Session) -> str:
    """Everything search() reads of a session, as search_text (the rule the search index follows)."""
    return search_text(_searched(session))


def organisations_of(speaker: Speaker) -> list[str]:
    """The speaker's organisation and every other organisation a source gives for them."""
    found = [speaker.organisation] if speaker.organisation else []
    for conflict in speaker.conflicts:
        if conflict.field == "organisation":
            found.extend(v.value for v in conflict.values if v.value not in found)
    return found


_K = TypeVar("_K", bound=Hashable)


def _group(keys: Iterable[_K]) -> dict[_K, list[int]]:
    """Key -> positions (ascending) of the items, given each item's one key in order."""
    groups: dict[_K, list[int]] = {}
    for i, key in enumerate(keys):
        positions = groups.get(key)
        if positions is None:
            groups[key] = [i]
        else:
            positions.append(i)
    return groups


SCANS_BEFORE_WORDS = 1
"""Needles found by scanning the search document before its word table is built.

A scan reads the whole document; the word table costs about as much as 40
scans (1.7 s at 100k sessions) and then finds any word's sessions at once,
as an FTS5 index does.  A program that searches once (the command line)
pays one scan; the second distinct needle builds the table, so every later
search is a lookup (docs/performance.md).
"""


class _Search:
    """The search text of every item of a ``Sessions``, in one document, and the positions each needle has.

    The document is each item's search words (:func:`search_document`), items
    separated by newlines; a needle never holds a newline, so a needle's
    occurrences are exactly the items whose search text holds it: what
    :func:`term_matches` says, found by ``str.find`` instead of one test per
    item.
    """

    __slots__ = ("_document", "_found", "_starts", "_words")

    def __init__(self, items: Sequence[Session]) -> None:
        self._document, self._starts = search_document(map(_searched, items))
        self._found: dict[str, list[int]] = {}  # what scans found, until the word table answers instead
        self._words: tuple[dict[str, list[int]], list[str]] | None = None  # the word table and its sorted words

    def positions(self, needle: str) -> list[int]:
        """Positions (ascending) of the items whose search text holds ``needle``."""
        found = self._found.get(needle)
        if found is not None:
            return found
        if self._words is not None or len(self._found) >= SCANS_BEFORE_WORDS:
            return self._lookup(needle)
        found = self._found[needle] = self._scan(needle)
        return found

    def _segment(self, position: int) -> str:
        starts = self._starts
        end = starts[position + 1] - 1 if position + 1 < len(starts) else len(self._document)
        return self._document[starts[position] : end]

    def _scan(self, needle: str) -> list[int]:
        document, starts = self._document, self._starts
        count = len(starts)
        found: list[int] = []
        at = document.find(needle)
        while at >= 0:
            position = bisect_right(starts, at) - 1
            found.append(position)
            if position + 1 == count:
                break
            at = document.find(needle, starts[position + 1])  # on from the next item: each item once
        return found

    def build_words(self) -> tuple[dict[str, list[int]], list[str]]:
        """The word table (word -> positions of the items whose search text has it) and its sorted words."""
        words = self._words
        if words is None:
            table: dict[str, list[int]] = {}
            for i, segment in enumerate(self._document.split("\n")):
                for word in set(segment.split()):
                    positions = table.get(word)
                    if positions is None:
                        table[word] = [i]
                    else:
                        positions.append(i)
            words = self._words = (table, sorted(table))  # one assignment: another thread sees both or neither
            self._found = {}
        return words

    def _lookup(self, needle: str) -> list[int]:
        """The needle's positions from the word table: the items having each of its words, then checked in order."""
        table, vocabulary = self.build_words()
        words = needle.split()
        prefix = None if needle.endswith(" ") else words.pop()  # the last word may be the start of a longer one
        lists = [table.get(word, []) for word in words]
        if prefix is not None:
            low = high = bisect_left(vocabulary, prefix)
            while high < len(vocabulary) and vocabulary[high].startswith(prefix):
                high += 1
            lists.append(_union(table, vocabulary[low:high]))
        lists.sort(key=len)  # the rarest first
        if len(lists) == 1:  # a word of its own: its table entry is exact
            return lists[0]
        candidates = set(lists[0]).intersection(*lists[1:])
        return [i for i in sorted(candidates) if needle in self._segment(i)]


def _union(groups: dict[_K, list[int]], keys: Iterable[_K]) -> list[int]:
    """The positions under any of ``keys``, ascending, each once."""
    found = [groups[k] for k in keys if k in groups]
    if len(found) == 1:
        return found[0]
    return sorted({i for positions in found for i in positions})


class Index:
    """Lookup tables over one ``Sessions``' items, each built on first use.

    They only find positions faster: every query keeps its own rule and
    order (positions ascend, so results stay in the sessions' order).
    Days come from the ``Sessions``' own day function, never a copy of it.
    """

    __slots__ = ("_day_of", "_ids", "_items", "_longest", "_search", "_starts", "_tables", "_timed")

    def __init__(self, items: tuple[Session, ...], day_of: Callable[[Session], date | None]) -> None:
        self._items = items
        self._day_of = day_of
        self._tables: dict[str, dict[object, list[int]]] = {}
        self._timed: int | None = None
        self._starts: list[datetime] = []
        self._longest = timedelta(0)
        self._search: _Search | None = None
        self._ids: dict[str, int] | None = None

    def _table(self, name: str, key: Callable[[Session], object]) -> dict[object, list[int]]:
        table = self._tables.get(name)
        if table is None:
            table = self._tables[name] = _group(map(key, self._items))
        return table

    def speakers(self, ids: Iterable[str]) -> list[int]:
        table = self._tables.get("speaker")
        if table is None:
            groups: dict[object, list[int]] = {}
            for i, session in enumerate(self._items):
                for speaker in session.speakers:
                    positions = groups.get(speaker.id)
                    if positions is None:
                        groups[speaker.id] = [i]
                    elif positions[-1] != i:  # a speaker listed twice in one session
                        positions.append(i)
            table = self._tables["speaker"] = groups
        return _union(table, ids)

    def rooms(self, ids: Iterable[str]) -> list[int]:
        return _union(self._table("room", lambda s: None if s.room is None else s.room.id), ids)

    def tracks(self, ids: Iterable[str]) -> list[int]:
        return _union(self._table("track", lambda s: None if s.track is None else s.track.id), ids)

    def kinds(self, kinds: Iterable[SessionKind]) -> list[int]:
        return _union(self._table("kind", lambda s: s.kind), kinds)

    def day(self, day: date) -> list[int]:
        return _union(self._table("day", self._day_of), (day,))

    def session_id(self, session_id: str) -> int | None:
        if self._ids is None:  # id -> its first position: no list per id
            items = self._items
            self._ids = dict(zip(reversed([s.id for s in items]), range(len(items) - 1, -1, -1), strict=True))
        return self._ids.get(session_id)

    def timed(self) -> int | None:
        """How many leading items have a start (bisect runs over them), or None when they are not start-sorted."""
        if self._timed is None:
            items = self._items
            count = next((i for i, s in enumerate(items) if s.start is None), len(items))
            timed = items[:count]
            starts = [s.start.astimezone(UTC) for s in timed if s.start is not None]  # utc(), inlined
            ordered = all(map(le, starts, islice(starts, 1, None)))
            if not ordered or any(s.start is not None for s in items[count:]):
                self._timed = -1
            else:
                self._timed, self._starts = count, starts
                ends = [s.end for s in timed]
                self._longest = max(
                    (end.astimezone(UTC) - start for end, start in zip(ends, starts, strict=True) if end is not None),
                    default=timedelta(0),
                )
        return None if self._timed < 0 else self._timed

    def started_from(self, instant: datetime) -> int:
        """The first position whose start may lie at ``instant`` or later (requires :meth:`timed`)."""
        return bisect_left(self._starts, instant)

    def running_since(self, instant: datetime) -> int:
        """The first position that may still run at ``instant``: no session runs longer than the longest."""
        try:
            return bisect_left(self._starts, instant - self._longest)
        except OverflowError:
            return 0

    def started_by(self, instant: datetime) -> int:
        """The position after the last start at or before ``instant``."""
        return bisect_right(self._starts, instant)

    def search(self) -> _Search:
        """The items' search document."""
        if self._search is None:
            self._search = _Search(self._items)
        return self._search


haystack = _haystack
"""What search() reads of a session, as search_text: the page writer embeds it so the page searches alike."""
