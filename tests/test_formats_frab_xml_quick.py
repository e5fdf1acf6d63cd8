"""The frab XML reader's C parse reads what the checking parse reads, and leaves to it whatever it cannot vouch for.

``frab_xml._quick_tree`` parses with ElementTree's C parser (no Python call
for each element, no line numbers, namespaces read); the checking parser
(``parse_xml``) refuses DTDs, bounds the depth as it goes and records lines.
The oracle for every input here is the checking parser alone (the quick
parse switched off): the two must give equal conferences, or the same
error with the same location.
"""

from __future__ import annotations

import codecs
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyconf_schedule import Conference, PyconfScheduleError, ScheduleParseError, load
from pyconf_schedule.formats import MAX_NESTING, dumps, frab_xml

from ._support import shared_path

XML_SAMPLES = {
    "felixu_31c3.frab.schedule.xml": None,
    "giggity_debconf23.wafer.schedule.xml": None,
    "mttcrsp-fosdem_fosdem-2007.pentabarf.xml": "Europe/Brussels",
    "mttcrsp-fosdem_fosdem-2024.pentabarf.xml": "Europe/Brussels",
}


@contextmanager
def _checking_parser_only() -> Iterator[None]:
    with mock.patch.object(frab_xml, "_quick_tree", lambda payload: None):
        yield


def _outcome(data: str | bytes, tz: str | None = None) -> tuple[str, object, object]:
    """What reading ``data`` gives: the conference (and its native JSON), or the error's class, text and location."""
    try:
        conf = frab_xml.loads(data, file_tz=tz)
    except PyconfScheduleError as exc:
        return type(exc).__name__, str(exc), getattr(exc, "location", None)
    return "read", conf, dumps(conf, "json")


def _both(data: str | bytes, tz: str | None = None) -> tuple[tuple[str, object, object], tuple[str, object, object]]:
    quick = _outcome(data, tz)
    with _checking_parser_only():
        checked = _outcome(data, tz)
    return quick, checked


def _quick(data: str | bytes) -> object:
    return frab_xml._quick_tree(frab_xml._payload(data, "frab-xml"))


@pytest.mark.parametrize("name", sorted(XML_SAMPLES))
def test_every_shared_xml_sample_takes_the_c_parse_and_reads_as_the_checking_parser_reads_it(name: str) -> None:
    data = shared_path("samples", name).read_bytes()
    assert _quick(data) is not None  # else the comparison below would test the checking parser against itself
    quick, checked = _both(data, XML_SAMPLES[name])
    assert quick[0] == "read"
    assert quick == checked


@pytest.mark.parametrize("dataset", ["eu2026", "na2026"])
def test_what_the_library_writes_takes_the_c_parse(dataset: str) -> None:
    text = dumps(load(dataset), "frab-xml")
    assert _quick(text) is not None
    assert _quick(text.encode()) is not None
    quick, checked = _both(text)
    assert quick[0] == "read"
    assert quick == checked


_EVENT = (
    '<event id="1" guid="0a0a0a0a-0000-4000-8000-000000000001"><date>2026-04-07T09:00:00+02:00</date>'
    "<start>09:00</start><duration>00:30</duration><room>A</room><title>Hello</title>"
    '<persons><person id="7">Ada</person></persons></event>'
)


def _schedule(events: str = _EVENT, head: str = "", root: str = "<schedule>") -> str:
    return f'{head}{root}<day date="2026-04-07"><room name="A">{events}</room></day></schedule>'


@pytest.mark.parametrize(
    "data",
    [
        pytest.param('<!DOCTYPE schedule [<!ENTITY a "x">]>' + _schedule(), id="doctype"),
        pytest.param(('<!DOCTYPE schedule [<!ENTITY a "x">]>' + _schedule()).encode(), id="doctype-bytes"),
        pytest.param(_schedule(root='<schedule xmlns="urn:x">'), id="default-namespace"),
        pytest.param(_schedule(root="<schedule xmlns = 'urn:x'>").encode(), id="default-namespace-spaced-bytes"),
        pytest.param(_schedule(root='<schedule><day xmlns="urn:x">'), id="default-namespace-inner"),
        pytest.param(codecs.BOM_UTF16_LE + _schedule().encode("utf-16-le"), id="utf-16-bom"),
        pytest.param(_schedule().encode("utf-16-le"), id="utf-16-le-no-bom"),
        pytest.param(('<?xml version="1.0" encoding="UTF-16"?>' + _schedule()).encode(), id="declared-utf-16"),
        pytest.param(('<?xml version="1.0" encoding="utf-8"' + _schedule()).encode(), id="unended-declaration"),
        pytest.param(_schedule().replace("</room>", ""), id="malformed"),
        pytest.param(_schedule(_EVENT.replace("Hello", "&nbsp;")), id="undefined-entity"),
        pytest.param("<schedule>" + "<x>" * MAX_NESTING + "</x>" * MAX_NESTING + "</schedule>", id="too-deep"),
        pytest.param(_schedule(_EVENT.replace("<title>", '<title xmlns:p="urn:p" p:x="1">')).replace("<schedule>", "<p:schedule>", 1), id="unbound-prefix"),
    ],
)  # fmt: skip
def test_what_the_c_parse_cannot_vouch_for_goes_to_the_checking_parser(data: str | bytes) -> None:
    assert _quick(data) is None
    quick, checked = _both(data)
    assert quick == checked


def test_the_c_parse_takes_documents_up_to_the_depth_limit() -> None:
    levels = MAX_NESTING - 1  # below <schedule>: MAX_NESTING levels in all
    data = "<schedule>" + "<x>" * levels + "</x>" * levels + "</schedule>"
    assert _quick(data) is not None
    quick, checked = _both(data)
    assert quick == checked
    assert quick[0] == "read"


def test_a_file_deep_from_its_start_goes_to_the_checking_parser_unparsed() -> None:
    levels = 30_000  # the first 64 KiB all start tags
    data = "<schedule>" + "<x>" * levels + "</x>" * levels + "</schedule>"
    with mock.patch.object(ET, "XMLParser", side_effect=AssertionError("parsed whole")):
        assert _quick(data) is None
    quick, checked = _both(data)
    assert quick == checked
    assert quick[2] == "line 1"
    assert quick[1] == f"cannot read frab-xml at line 1: elements are nested deeper than {MAX_NESTING} levels"


def test_a_file_that_hides_its_depth_is_parsed_whole_and_then_refused() -> None:
    levels = 2000  # each level's text a "/", so the count of tags cannot tell
    data = "<schedule>" + "<x>/" * levels + "</x>" * levels + "</schedule>"
    parsed = []
    real = ET.XMLParser

    def counting() -> object:
        parsed.append(True)
        return real()

    with mock.patch.object(ET, "XMLParser", counting):
        assert _quick(data) is None
    assert parsed == [True]
    quick, checked = _both(data)
    assert quick == checked
    assert quick[0] == "ScheduleParseError"


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(
            _schedule(root='<schedule xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
                           'xsi:noNamespaceSchemaLocation="https://c3voc.de/schedule/schema.xsd">'),
            id="pretalx-schema-location",
        ),
        pytest.param(_schedule(_EVENT.replace("<title>", '<title xml:lang="de">')), id="xml-lang"),
        pytest.param(
            _schedule(_EVENT.replace("<title>Hello</title>", '<p:title xmlns:p="urn:p">Other</p:title><title>Hello</title>')),
            id="prefixed-element",
        ),
        pytest.param(
            _schedule(_EVENT.replace('id="1"', 'id="1" xmlns:p="urn:p" p:id="2"')), id="prefixed-attribute",
        ),
        pytest.param(_schedule(_EVENT.replace("Hello", "<![CDATA[Hello <b>]]> &amp; &#233;")), id="cdata-and-refs"),
        pytest.param("<?xml version='1.0' encoding='ISO-8859-1'?>" + _schedule(_EVENT.replace("Hello", "caf\xe9")), id="latin-1-text"),
        pytest.param(("<?xml version='1.0' encoding='ISO-8859-1'?>" + _schedule(_EVENT.replace("Hello", "caf\xe9"))).encode("latin-1"), id="latin-1-bytes"),
        pytest.param(codecs.BOM_UTF8 + _schedule().encode(), id="utf-8-bom"),
    ],
)  # fmt: skip
def test_namespaces_and_encodings_the_c_parse_takes_read_as_the_checking_parser_reads_them(data: str | bytes) -> None:
    assert _quick(data) is not None
    quick, checked = _both(data)
    assert quick[0] == "read"
    assert quick == checked


def test_an_error_found_after_the_c_parse_still_names_its_line() -> None:
    data = _schedule(
        _EVENT + "\n\n" + _EVENT.replace('id="1"', 'id="2"').replace("2026-04-07T09:00", "2026-04-31T09:00")
    )
    assert _quick(data) is not None
    with pytest.raises(ScheduleParseError) as caught:
        frab_xml.loads(data)
    assert caught.value.location == "line 3"
    assert "2026-04-31" in caught.value.reason


_TEXT = st.one_of(
    st.text(st.sampled_from("ab é:x[]!?-0129T+"), max_size=8),
    st.sampled_from(["2026-04-07T09:00:00+02:00", "2026-04-07T25:00", "09:00", "00:30", "1:00:00", "talk", "A"]),
)
_MARKUP = st.text(st.sampled_from("ab<>&;\"'/=:x!?-"), max_size=6)
_GOOD = [
    "",
    "<!-- c -->",
    "<?pi x?>",
    "<![CDATA[<x>]]>",
    "&amp;",
    "&#x41;",
    "<x/>",
    "<x>t</x>",
    '<p:x xmlns:p="urn:p"/>',
    '<x xml:lang="en">y</x>',
    '<person id="1">Ada</person>',
    "<persons><person>Bo</person></persons>",
]
_BAD = ["&bogus;", "<p:x/>", '<x xmlns="urn:d">y</x>', "<x>", "</x>"]
_PIECES = st.sampled_from(_GOOD * 4 + _BAD)  # mostly what both parsers take: the C parse is then compared
_FIELDS = st.sampled_from(["title", "date", "start", "duration", "room", "slug", "abstract", "type", "persons"])


@st.composite
def _documents(draw: st.DrawFn) -> str | bytes:
    events = []
    for number in range(draw(st.integers(0, 3))):
        children = []
        for _ in range(draw(st.integers(0, 4))):
            name = draw(_FIELDS)
            children.append(f"<{name}>{draw(_TEXT)}{draw(_PIECES)}</{name}>")
        children.append(draw(_PIECES))
        events.append(
            f'<event id="{number}" {draw(st.sampled_from(["", "guid=" + chr(34) + "g" + chr(34), "xml:id=" + chr(34) + "i" + chr(34)]))}>'
            + "".join(children)
            + "</event>"
        )
    head = draw(
        st.sampled_from(
            ["", '<?xml version="1.0" encoding="UTF-8"?>', "<?xml version='1.0'?>\n", " \n"] * 3
            + ["<!DOCTYPE schedule>"]
        )
    )
    root = draw(
        st.sampled_from(
            ["<schedule>", '<schedule xmlns:xsi="urn:xsi" xsi:a="b">'] * 4
            + ['<schedule xmlns="urn:d">', "<s:schedule>"]
        )
    )
    text = _schedule("".join(events), head=head, root=root)
    if root == "<s:schedule>":
        text = text.replace("</schedule>", "</s:schedule>")
    if draw(st.integers(0, 3)) == 0:  # now and then a cut or stray markup
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(_MARKUP) + text[at + draw(st.integers(0, 3)) :]
    return text.encode() if draw(st.booleans()) else text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents(), st.sampled_from([None, "Europe/Paris"]))
def test_any_document_reads_as_the_checking_parser_reads_it(data: str | bytes, tz: str | None) -> None:
    quick, checked = _both(data, tz)
    assert quick == checked
    if quick[0] == "read":
        assert isinstance(quick[1], Conference)
