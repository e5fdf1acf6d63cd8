"""frab / pentabarf schedule XML (format name ``"frab-xml"``).

What pretalx, frab, wafer and pentabarf publish as ``schedule.xml`` and what
Giggity, ConfClerk, EventFahrplan and the FOSDEM apps read.

Writing
-------
The output validates against the c3voc ``schedule.xml.xsd``.  It is written
directly, line by line, as ElementTree's ``indent`` and ``tostring`` would
write the same tree (``tests/test_formats_frab_writer.py`` holds the two
byte for byte alike): every text and attribute value passes one escaping
function (:func:`_xml_text`, :func:`_xml_attr`), never a template.
Characters XML 1.0 forbids are removed from every text, and a carriage
return is written as ``&#13;`` so that it reads back (a raw one becomes a
line feed); an attribute also writes ``"``, line feed and tab as
references, so that attribute-value normalisation keeps them.

* ``<conference>``: ``title`` (the name), ``acronym`` (the id in lower case
  with ``[^a-z0-9_]`` replaced by ``_``, at least 4 characters), ``start``,
  ``end``, ``days``, ``timeslot_duration`` (``00:05``), ``time_zone_name``
  (the view zone, when it is a real place's: see
  :func:`~._common.place_zone`), ``url`` (when http(s)) and one ``<track>``
  per track.
* One ``<day>`` per day with sessions, by the programme-day rule of
  :meth:`Sessions.day_of <pyconf_schedule.Sessions.day_of>`: a programme
  day keeps its date, ``start`` and ``end``; a day made by the conference's
  ``day_change`` runs from the day change to the next; any other day is a
  calendar day of the view zone from its first start to its last end.  One
  ``<room>`` per room in the conference's room order; sessions without a room go in the room
  ``(no room given)`` (:data:`~._common.NO_ROOM`).
* ``<event id guid code>``: the source's own ``id``, ``guid`` and ``code``
  when a frab or c3voc reader kept them (:func:`~._frab_plan.identities`);
  else ``id`` is the session id's number for ids like ``frab-123`` or
  ``123``, or a stable number derived from the id, and ``guid`` a UUID5 of
  a fixed namespace, the conference id and the session id.  Children: ``date`` (ISO 8601 with offset), ``start``
  (``HH:MM``, ``HH:MM:SS`` when it has seconds), ``duration`` (``HH:MM``,
  ``HH:MM:SS`` when it has seconds, ``00:00:00`` for a zero-length event),
  ``room``, ``slug``, ``title`` (untitled: ``(untitled session)``),
  ``subtitle`` (empty), ``type`` (the kind value, e.g. ``lightning-talk``),
  ``track``, ``language``, ``abstract``, ``persons`` (``<person id guid>``:
  the source's numeric id when known, and its guid or a UUID5 per speaker), ``links`` (slides with http(s) URLs) and
  ``url`` (http(s) only).
* Sessions with no start (day-only or unscheduled) or no known end are left
  out (a frab ``00:00`` is shown as 0 minutes): :func:`omitted` returns them.

Reading
-------
Any frab, pretalx, wafer or pentabarf (FOSDEM) schedule.xml: fields as in
``docs/reference/formats.md``.  Event instants come from ``<date>`` (its
offset is trusted), else the day's ``date`` plus ``<start>`` (after the
conference's ``day_change``, if given, a start before it belongs to the next
calendar day; so does a start before the ``<day start=...>`` instant).
Instants are compared, never wall times.  A wall time without an offset is read in ``file_tz``, else the
file's ``time_zone_name``, else it is an error that says to pass ``file_tz``; one
that a DST change skips or repeats in that zone is refused, naming the time
and zone (either reading would be an hour off).  Durations: see
``_frab.DURATION_FORMS``; anything else is refused.  Events are read in
``<day><room>`` and, as FOSDEM's own exports of 2007-2012 write them,
directly in ``<day>`` (the room then only the event's ``<room>`` child).  No
``<event>`` in either place while there is one elsewhere is refused, not read
as empty.
The conference's zone is ``file_tz``, else ``time_zone_name``, else the single
UTC offset all dates carry (``Etc/GMT-1`` for +01:00: IANA's ``Etc/GMT``
names invert the sign, as POSIX does; ``UTC`` when offsets differ or are
not whole hours).  Durations are added in UTC and written as real time
(``session.duration``), so a talk across a DST change keeps its length.

Programme days: each ``<day>`` with readable ``start`` and ``end`` becomes a
:class:`~pyconf_schedule.ProgrammeDay` (wafer's UTC ``date`` gives way to
the date in the conference's zone) and ``<day_change>`` the conference's
``day_change``; overlapping days are not kept (docs/reference/formats.md,
"Programme days").

Safety: the document is parsed by expat with no DTD allowed: a DOCTYPE or
entity declaration (billion laughs, XXE) is refused, as are inputs over
8 MiB (the record's ``max_bytes``), elements nested deeper than 64 levels, str input with lone
surrogates and an XML declaration naming an unknown encoding or UTF-7.
Other declared encodings (Shift_JIS, Big5, windows-1252, ...) are decoded by
Python before expat sees the text.  Errors name the line.  Where the text
can hold none of what is refused (no ``<!DOCTYPE``, no default namespace),
ElementTree's C parser builds the tree without a Python call for each
element; anything else, and any file that fails to read, goes through the
checking parser.
"""

from __future__ import annotations

import codecs
import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, time, tzinfo
from itertools import chain
from typing import Any, NoReturn
from xml.parsers import expat

from .._conference import Conference
from .._sessions import Sessions
from ..exceptions import PyconfScheduleError, ScheduleParseError
from ._common import MAX_NESTING, check_size, omitted, strip_xml_illegal, view_zone
from ._frab import RawDay, RawEvent, RawPerson, RawSchedule, build
from ._frab_plan import Plan, plan, unwritten_links
from ._input import input_text

__all__ = ["dumps", "loads", "omitted", "parse_xml", "unwritten_links"]

_FORMAT = "frab-xml"


# ---------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------


def _xml_text(text: str) -> str:
    r"""``text`` as XML character data: characters XML 1.0 forbids removed, ``& < >`` escaped, a CR as ``&#13;``.

    A raw CR would read back as a line feed (every XML parser normalises line ends); as a character reference it
    survives.  A printable text (most are) is only searched for ``& < >``.

    >>> _xml_text("R&D <b>\x00\r\n")
    'R&amp;D &lt;b&gt;&#13;\n'
    """
    printable = text.isprintable()
    if not printable:
        text = strip_xml_illegal(text)
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if not printable and "\r" in text:
        text = text.replace("\r", "&#13;")
    return text


def _xml_attr(text: str) -> str:
    r"""``text`` as an attribute value: as :func:`_xml_text`, and ``"`` and the white space that
    attribute-value normalisation would turn into spaces (LF, tab) as character references.

    >>> _xml_attr('a "b"\t&\n')
    'a &quot;b&quot;&#09;&amp;&#10;'
    """
    text = _xml_text(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    if not text.isprintable():  # a LF or tab is left (the forbidden characters are gone)
        text = text.replace("\n", "&#10;").replace("\t", "&#09;")
    return text


def _leaf(indent: str, tag: str, text: str) -> str:
    """One line: ``<tag>text</tag>``, or ``<tag />`` when the text is empty."""
    text = _xml_text(text)
    return f"{indent}<{tag}>{text}</{tag}>" if text else f"{indent}<{tag} />"


def dumps(obj: Conference | Sessions, *, tz: str | None = None) -> str:
    """The schedule.xml text of ``obj``, times shown in ``tz`` (default: the conference's zone).

    >>> from pyconf_schedule import load
    >>> dumps(load("eu2026")).splitlines()[1]
    '<schedule>'
    """
    p = plan(obj, tz)
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<schedule>", '  <generator name="pyconf-schedule" />']
    add = out.append
    if p.url:
        add(_leaf("  ", "url", p.url))
    add("  <version>1.0</version>")
    add("  <conference>")
    add(_leaf("    ", "title", p.title))
    add(_leaf("    ", "acronym", p.acronym))
    if p.start:
        add(f"    <start>{p.start.isoformat()}</start>")
    if p.end:
        add(f"    <end>{p.end.isoformat()}</end>")
    add(f"    <days>{len(p.days) or (1 if p.start else 0)}</days>")
    add("    <timeslot_duration>00:05</timeslot_duration>")
    if p.url:
        add(_leaf("    ", "url", p.url))
    if p.zone_name is not None:
        add(_leaf("    ", "time_zone_name", p.zone_name))
    for name, slug in p.tracks:
        if _is_slug(slug):
            add(f'    <track name="{_xml_attr(name)}" slug="{_xml_attr(slug)}" />')
        else:
            add(f'    <track name="{_xml_attr(name)}" />')
    add("  </conference>")
    room_guids = {name: guid for name, _slug, guid in p.rooms}
    if not p.days:
        _empty_day(out, p, view_zone(obj, tz)[0])
    for day in p.days:
        day_open = (
            f'  <day date="{day.date.isoformat()}" start="{_xml_attr(day.start)}" end="{_xml_attr(day.end)}"'
            f' index="{day.index}"'
        )
        if not day.rooms:
            add(day_open + " />")
            continue
        add(day_open + ">")
        for room_name, events in day.rooms:
            guid = room_guids.get(room_name)
            room_open = f'    <room name="{_xml_attr(room_name)}"' + (
                f' guid="{_xml_attr(guid)}"' if guid is not None else ""
            )
            if not events:
                add(room_open + " />")
                continue
            add(room_open + ">")
            for e in events:
                code = f' code="{_xml_attr(e.code)}"' if e.code else ""
                add(f'      <event id="{e.id}" guid="{_xml_attr(e.guid)}"{code}>')
                add(_leaf("        ", "date", e.date))
                add(_leaf("        ", "start", e.xml_start))
                add(_leaf("        ", "duration", e.xml_duration))
                add(_leaf("        ", "room", e.room))
                add(_leaf("        ", "slug", e.slug))
                add(_leaf("        ", "title", e.title))
                add("        <subtitle />")
                add(_leaf("        ", "type", e.type))
                add(_leaf("        ", "track", e.track or ""))
                if e.language:
                    add(_leaf("        ", "language", e.language))
                add(_leaf("        ", "abstract", e.abstract or ""))
                if e.persons:
                    add("        <persons>")
                    for person in e.persons:
                        ids = f' id="{person.id}"' if person.id is not None else ""
                        name = _xml_text(person.name)
                        attrs = f'{ids} guid="{_xml_attr(person.guid)}"'
                        add(f"          <person{attrs}>{name}</person>" if name else f"          <person{attrs} />")
                    add("        </persons>")
                else:
                    add("        <persons />")
                if e.slides or e.recording:
                    add("        <links>")
                    for url in e.slides:
                        add(f'          <link href="{_xml_attr(url)}" type="slides">Slides</link>')
                    if e.recording:
                        add(f'          <link href="{_xml_attr(e.recording)}" type="media">Recording</link>')
                    add("        </links>")
                else:
                    add("        <links />")
                if e.url:
                    add(_leaf("        ", "url", e.url))
                add("      </event>")
            add("    </room>")
        add("  </day>")
    add("</schedule>")
    out.append("")
    return "\n".join(out)


def _empty_day(out: list[str], p: Plan, zone: tzinfo) -> None:
    """The one ``<day>`` of a schedule without scheduled sessions (the XSD wants one): its start date, every room empty.

    A pre-release schedule has rooms but no sessions; frab XML lists rooms
    only inside days, so they are kept in a day from 00:00 to 00:00 of the
    conference's start date.  Without a start date no day can be written
    (inventing a date would be a guess): such a file has no ``<day>``, which
    the XSD wants, and it reads back without rooms.
    """
    if p.start is None:
        return
    midnight = datetime.combine(p.start, time(0), tzinfo=zone).astimezone(UTC).astimezone(zone).isoformat()
    day_open = f'  <day date="{p.start.isoformat()}" start="{midnight}" end="{midnight}" index="1"'
    if not p.rooms:
        out.append(day_open + " />")
        return
    out.append(day_open + ">")
    for name, _slug, guid in p.rooms:
        out.append(f'    <room name="{_xml_attr(name)}" guid="{_xml_attr(guid)}" />')
    out.append("  </day>")


def _is_slug(text: str) -> bool:
    return (
        len(text) >= 2
        and text[0].isascii()
        and text[0].isalpha()
        and all(c.islower() or c.isdigit() or c == "-" for c in text)
    )


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------


class _Refused(Exception):
    pass


_DECLARATION = re.compile(rb"<\?xml\s[^>]{0,200}?\bencoding\s*=\s*([\"'])([^\"'>]{0,64})\1")
_ENCODING_NAME = re.compile(r"[A-Za-z][A-Za-z0-9._-]*")
_EXPAT_ENCODINGS = frozenset({"utf-8", "utf-16", "iso-8859-1", "us-ascii"})
"""What expat reads itself (its four built-in encodings); any other declared encoding is decoded by Python first."""
_UNSAFE_ENCODINGS = frozenset({"utf-7", "unicode-escape", "raw-unicode-escape", "idna", "punycode"})
"""Python codecs that turn plain ASCII into other characters (``+ADw-`` is ``<`` in UTF-7): they could hide markup."""
SUPPORTED_ENCODINGS = (
    "UTF-8, UTF-16, US-ASCII, ISO-8859-*, windows-125*, Shift_JIS, CP932, EUC-JP, Big5, GB2312, GB18030 "
    "and the other ASCII-compatible character sets Python reads, except UTF-7"
)


def _declared_text(data: bytes, format_name: str) -> str | None:
    """``data`` decoded by Python when its XML declaration names an encoding expat does not read itself, else None.

    Expat reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII; Python's pyexpat adds
    single-byte codecs but fails on multi-byte ones (Shift_JIS, Big5, ...)
    with a bare ValueError.  Decoding first and handing expat text (which it
    then reads as UTF-8, whatever the declaration says) reads them all.
    """
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # expat has no UTF-32; Python reads it
        try:
            return data.decode("utf-32")  # the decoder drops the byte order mark
        except UnicodeDecodeError as exc:
            raise ScheduleParseError(
                format_name, f"the input is not valid UTF-32 ({exc.reason})", f"byte {exc.start}"
            ) from None
    bom = data.startswith(codecs.BOM_UTF8)
    match = _DECLARATION.match(data, 3 if bom else 0)
    if match is None:
        return None
    declared = match[2].decode("ascii", "replace").strip()
    if declared.lower() in _EXPAT_ENCODINGS:
        return None

    def refuse(reason: str) -> ScheduleParseError:
        return ScheduleParseError(
            format_name,
            f"the XML declaration names encoding {declared!r}, {reason}; supported: {SUPPORTED_ENCODINGS}",
            "line 1",
        )

    if not _ENCODING_NAME.fullmatch(declared):  # XML's EncName; also keeps NUL and the like from codecs.lookup
        raise refuse("which is not an encoding name (letters, digits, '.', '_', '-')")
    try:
        codec = codecs.lookup(declared)
    except LookupError:
        raise refuse("which is not a known character set") from None
    if not getattr(codec, "_is_text_encoding", True):
        raise refuse("which is not a character set")
    if codec.name in _UNSAFE_ENCODINGS:
        raise refuse("which is not read (it can hide markup in plain ASCII)")
    if bom:
        if codec.name in ("utf-8", "utf-8-sig"):
            return None
        raise refuse("but the file starts with a UTF-8 byte order mark")
    try:
        text = data.decode(codec.name)
    except UnicodeDecodeError as exc:
        raise ScheduleParseError(
            format_name, f"the input is not valid {declared} ({exc.reason})", f"byte {exc.start}"
        ) from None
    except UnicodeError as exc:
        raise refuse(f"which cannot be decoded ({exc})") from None
    if not text.startswith("<?xml"):
        raise refuse("which is not ASCII-compatible, so the declaration cannot be read in it")
    return text


_LINED_DEPTH = 4
"""``<schedule>``, ``<day>``, ``<room>``, ``<event>``: the depth down to which :func:`parse_xml` keeps line numbers."""


def _payload(data: str | bytes, format_name: str) -> str | bytes:
    """What expat is given: ``data`` within the size limit, decoded first where expat cannot read its encoding."""
    if isinstance(data, bytes):
        check_size(len(data), format_name)
        decoded = _declared_text(data, format_name)
        return data if decoded is None else input_text(decoded, format_name)
    return input_text(data, format_name)


def parse_xml(data: str | bytes, format_name: str = _FORMAT) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parse XML safely with expat: no DTD, no entities, bounded depth and size.

    Returns the root element and the line numbers errors name: of each
    element down to ``<schedule><day><room><event>`` and of every
    ``<event>`` (not of the children of events, nine in ten elements).
    Raises ScheduleParseError naming the line for malformed or refused input.
    """
    return _parse_lined(_payload(data, format_name), format_name)


# What sends a text to the checking parser, in str and in bytes: a DOCTYPE, a default namespace declaration.
_DOCTYPE_MARK = ("<!DOCTYPE", b"<!DOCTYPE")
_DEFAULT_NAMESPACE = (re.compile(r"xmlns\s*="), re.compile(rb"xmlns\s*="))
_ASCII_DECLARED = frozenset({"utf-8", "us-ascii", "iso-8859-1"})
"""The declared encodings of bytes the C parse takes: expat reads them itself, and markup in them is ASCII."""


def _quick_tree(payload: str | bytes) -> ET.Element | None:
    """The tree :func:`parse_xml` builds from ``payload``, parsed by ElementTree's C parser, or None where it may differ.

    The C parser runs expat with no Python call for each element, so it
    records no line numbers; it also reads namespaces, which
    :func:`parse_xml` does not.  So
    it is used only where its tree is provably the same: no DOCTYPE (no DTD,
    so no entity beyond XML's own five), no default namespace declaration
    (a prefixed name is a tag or an attribute the reader never asks for,
    and an undeclared prefix is an error), the text in an ASCII-compatible
    encoding (so the DOCTYPE test sees the markup), and at most
    :data:`MAX_NESTING` levels (checked once the tree is built; a file deep
    from its start is left to :func:`parse_xml` without parsing it whole).
    Any other input, and any parse error, gives None: :func:`parse_xml` then
    reads it and says what is wrong, and where.
    """
    if isinstance(payload, bytes):
        body = payload[3:] if payload.startswith(codecs.BOM_UTF8) else payload
        if body[:1] != b"<" or body[1:2] == b"\0":  # expat reads anything else as UTF-16 or refuses it
            return None
        if body.startswith(b"<?xml"):  # a declaration: it must name no encoding or an ASCII-compatible one
            end = body.find(b"?>", 0, 1024)
            if end < 0:
                return None
            if b"encoding" in body[:end]:
                declared = _DECLARATION.match(body)
                if declared is None or declared[2].decode("ascii", "replace").strip().lower() not in _ASCII_DECLARED:
                    return None
        if _DOCTYPE_MARK[1] in payload or _DEFAULT_NAMESPACE[1].search(payload) is not None:
            return None
    elif _DOCTYPE_MARK[0] in payload or _DEFAULT_NAMESPACE[0].search(payload) is not None:
        return None
    head = payload[:_HEAD]
    opened, slashes = (
        (head.count(b"<"), head.count(b"/")) if isinstance(head, bytes) else (head.count("<"), head.count("/"))
    )
    if opened - 2 * slashes > _SURELY_TOO_DEEP:  # nested deeply from the start: not worth parsing whole first
        return None
    parser = ET.XMLParser()
    try:
        parser.feed(payload)
        root: ET.Element = parser.close()
    except Exception:  # malformed, or an encoding expat refuses: parse_xml says which
        return None
    level = [root]
    for _ in range(MAX_NESTING):  # the depth, one level of elements at a time, each level gathered in C
        level = list(chain.from_iterable(level))
        if not level:
            return root
    return None  # an element MAX_NESTING + 1 levels down: parse_xml names its line


_HEAD = 1 << 16
_SURELY_TOO_DEEP = 16 * MAX_NESTING
"""Where the first 64 KiB of a file open this many more tags than they can close, it goes to the checking parser.

Every element is closed by an end tag or ends its start tag with ``/>``, each holding a ``/``; so the count of
``<`` less twice the count of ``/`` is at most how much deeper the text has gone, plus the ``<`` inside its
comments, CDATA sections and processing instructions (a ``/`` in text only lowers it).  The test only ever sends a
file to the checking parser, which decides; a file that hides its depth is parsed whole and then its tree's depth
refuses it: bounded by the file's size, as any file is."""


def _parse_lined(payload: str | bytes, format_name: str) -> tuple[ET.Element, dict[ET.Element, int]]:
    parser = expat.ParserCreate()
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    depth = 0

    def refuse(message: str) -> NoReturn:
        raise _Refused(message)

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth > MAX_NESTING:
            refuse(f"elements are nested deeper than {MAX_NESTING} levels")
        element = builder.start(name, attributes)
        if depth <= _LINED_DEPTH or name == "event":  # what errors name: not the children of each event
            lines[element] = parser.CurrentLineNumber

    def end(name: str) -> None:
        nonlocal depth
        depth -= 1
        builder.end(name)

    def doctype(*_: Any) -> None:
        refuse("a DOCTYPE is not allowed (DTDs and entities are refused for safety)")

    def entity(*_: Any) -> None:
        refuse("entity declarations are not allowed (billion laughs / XXE protection)")

    def external(*_: Any) -> int:
        refuse("external entities are not allowed")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.ExternalEntityRefHandler = external
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True
    try:
        parser.Parse(payload, True)
    except _Refused as exc:
        raise ScheduleParseError(format_name, str(exc), f"line {parser.CurrentLineNumber}") from None
    except expat.ExpatError as exc:
        raise ScheduleParseError(
            format_name,
            f"malformed XML: {expat.errors.messages[exc.code]}",
            f"line {exc.lineno} column {exc.offset + 1}",
        ) from None
    except LookupError as exc:  # the XML declaration names an encoding Python does not know
        raise ScheduleParseError(format_name, f"unknown encoding in the XML declaration ({exc})", "line 1") from None
    except ValueError as exc:  # pyexpat's other encoding failures (e.g. a UTF-16 text declaring Big5)
        raise ScheduleParseError(
            format_name, f"cannot decode the XML ({exc}); supported encodings: {SUPPORTED_ENCODINGS}", "line 1"
        ) from None
    return builder.close(), lines


def _text(element: ET.Element | None) -> str | None:
    if element is None:
        return None
    # Without child elements its text is all the text there is (what itertext gives), read without the walk.
    text = "".join(element.itertext()).strip() if len(element) else (element.text or "").strip()
    return text or None


def loads(data: str | bytes, *, file_tz: str | None = None) -> Conference:
    """Read a frab/pentabarf schedule.xml (see the module docstring for zones and fields).

    The tree is parsed in C where that gives the same tree (see
    :func:`_quick_tree`); a file that fails to read is read again with the
    line numbers of its elements, so that the error names its line.
    """
    payload = _payload(data, _FORMAT)
    quick = _quick_tree(payload)
    if quick is not None:
        try:
            raw = _schedule(quick, {})
            quick = None  # the tree is freed before the sessions are made: the garbage collector walks it no more
            return build(raw, file_tz, _FORMAT)
        except PyconfScheduleError:
            quick = None  # read again below, with line numbers for the message (this tree freed first)
    root, lines = _parse_lined(payload, _FORMAT)
    raw = _schedule(root, lines)
    del root, lines
    return build(raw, file_tz, _FORMAT)


def _schedule(root: ET.Element, lines: dict[ET.Element, int]) -> RawSchedule:
    """What the parsed document ``root`` says, for :func:`build`; ``lines`` gives the line numbers errors name."""
    if root.tag != "schedule":
        raise ScheduleParseError(
            _FORMAT, f"the root element is <{root.tag}>, expected <schedule>", f"line {lines.get(root, 1)}"
        )
    raw = RawSchedule()
    conference = root.find("conference")
    if conference is not None:
        raw.title = _text(conference.find("title"))
        raw.acronym = _text(conference.find("acronym"))
        raw.time_zone_name = _text(conference.find("time_zone_name"))
        raw.start = _text(conference.find("start"))
        raw.end = _text(conference.find("end"))
        raw.url = _text(conference.find("url")) or _text(conference.find("base_url"))
        raw.venue = _text(conference.find("venue"))
        raw.city = _text(conference.find("city"))
        raw.day_change = _text(conference.find("day_change"))
        raw.tracks = [t.get("name") or _text(t) or "" for t in conference.findall("track")]
    for day in root.findall("day"):
        raw.days.append(RawDay(f"line {lines.get(day, 0)}", day.get("date"), day.get("start"), day.get("end")))
        for child in day:
            if child.tag == "room":
                room_name = (child.get("name") or "").strip()
                if room_name:  # build() keeps each name once
                    raw.rooms.append(room_name)
                for event in child.findall("event"):
                    raw.events.append(_event(event, room_name, day, lines))
            elif child.tag == "event":  # FOSDEM's 2007-2012 dialect: no <room> wrapper, the room is a child element
                raw.events.append(_event(child, "", day, lines))
    if not raw.events:
        stray = next(root.iter("event"), None)
        if stray is not None:  # an <event> outside <day><room> and <day>: refuse rather than read nothing
            raise ScheduleParseError(
                _FORMAT,
                "no <event> inside <schedule><day><room> or <schedule><day>, but there is one here, which is not "
                "where schedule.xml puts events; nothing would be read",
                f"line {lines.get(stray, 0)}",
            )
    return raw


def _event(event: ET.Element, room_name: str, day: ET.Element, lines: dict[ET.Element, int]) -> RawEvent:
    # One pass over the event's children: the first child of each tag (what find(tag) gives) and, in
    # document order, every child of its <persons>, <links> and <attachments> (what iterfind("persons/person") gives).
    first: dict[str, ET.Element] = {}
    groups: dict[str, list[ET.Element]] = {"persons": [], "links": [], "attachments": []}
    for child in event:
        tag = child.tag
        if tag not in first:
            first[tag] = child
        members = groups.get(tag)
        if members is not None:
            members.append(child)
    persons = [
        RawPerson(name=_text(person) or "", id=person.get("id"), guid=person.get("guid"), code=person.get("code"))
        for group in groups["persons"]
        for person in group
        if person.tag == "person"  # what iterfind("person") gives, without ElementPath
    ]
    slides = []
    for outer, inner in (("links", "link"), ("attachments", "attachment")):
        for group in groups[outer]:
            for link in group:
                if (
                    link.tag == inner
                    and link.get("href")
                    and ("slide" in (link.get("type") or "").lower() or "slide" in (_text(link) or "").lower())
                ):
                    slides.append(link.get("href", ""))
    get = first.get
    return RawEvent(
        location=f"line {lines.get(event, 0)}",
        id=(event.get("id") or "").strip() or None,
        guid=(event.get("guid") or "").strip() or None,
        slug=_text(get("slug")),
        code=(event.get("code") or "").strip() or None,
        title=_text(get("title")),
        subtitle=_text(get("subtitle")),
        type=_text(get("type")),
        date=_text(get("date")),
        start=_text(get("start")),
        duration=_text(get("duration")),
        end=None,
        room=_text(get("room")) or room_name or None,
        track=_text(get("track")),
        language=_text(get("language")),
        abstract=_text(get("abstract")),
        description=_text(get("description")),
        url=_text(get("url")),
        persons=persons,
        slides=slides,
        day_date=day.get("date"),
        day_start=day.get("start"),
        day_end=day.get("end"),
    )
