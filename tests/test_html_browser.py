"""The HTML timetable in a real browser: the distribution's headless Chromium, driven by playwright.

One browser serves every test; each page is written once per module and opened
from disk in a fresh context (viewport, colour scheme, JavaScript, clock and
zone as each test needs).  Every opened page must log no error, break no
rule of its Content-Security-Policy and try no request.  Without Chromium
(or playwright) these tests skip with the reason, except when the ``CI``
environment variable is set: there a missing browser fails.  Screenshots go
to the test's temporary folder.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import pytest

from pyconf_schedule import Agenda, Conference, Pick, Room, ScheduleParseError, Session, load
from pyconf_schedule.formats import html, read, write

from ._support import SHARED, dst_conference, shared_path, utc

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Dialog, Page, Request

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
WIDE, NARROW = 1400, 390
WIDTHS = (WIDE, NARROW)
LINE = 16
"""The line height (px) of a session's text: a cut block ends at a multiple of it."""
MINUTE = 4
"""Pixels per minute in the grid."""
FOSDEM = "mttcrsp-fosdem_fosdem-2024.pentabarf.xml"

SAMPLES = (
    "felixu_31c3.frab.schedule.xml",
    "giggity_debconf23.wafer.schedule.xml",
    "giggity_kielux_2020.ics",
    "voc-schedule_frab-camp2019.schedule.json",
    "voc-schedule_pretalx-democon.schedule.json",
    FOSDEM,
    "voc-jev22_everything.schedule.json",
    "pyconuk-2015_schedule.pyvobject.ics",
    "sched_jococruise2025_all.ics",
    "sessionize_demo_All.json",
    "sessionize_demo_GridSmart.json",
    "mttcrsp-fosdem_fosdem-2007.pentabarf.xml",
)
NO_SCHEDULE = "sessionize_demo_Speakers.json"
"""The one sample that holds no schedule (Sessionize's view/Speakers): its read is refused, see below."""
SAMPLE_NAMES = [*SAMPLES, NO_SCHEDULE]
FILE_TZ = {
    # FOSDEM's export gives naive local times and names no zone; the event is in Brussels (samples README).
    FOSDEM: "Europe/Brussels",
    "mttcrsp-fosdem_fosdem-2007.pentabarf.xml": "Europe/Brussels",
}
CONFS = ("eu2026", "na2026", "fosdem")
"""The two datasets and the FOSDEM-sized shared sample (674 sessions in 32 rooms)."""


@cache
def _conference(name: str) -> Conference:
    if name == "fosdem":
        return read(shared_path("samples", FOSDEM), file_tz=FILE_TZ[FOSDEM])
    return load(name)


def _missing() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is absent: install the distribution's chromium package (apt-get install chromium)"
    return None


def _require_browser() -> None:
    """Skip when the browser or playwright is missing, or fail when the ``CI`` variable is set."""
    reason = _missing()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; CI is set, so the browser tests must run")
        pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """One headless Chromium for the whole test session."""
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """Each conference's page (offering America/New_York), written once."""
    folder = tmp_path_factory.mktemp("pages")

    @cache
    def page(name: str) -> Path:
        path = folder / f"{name}.html"
        path.write_text(html.dumps(_conference(name), zones=["America/New_York"]), encoding="utf-8")
        return path

    return page


_CSP_WATCH = """window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"""


class Opened:
    """A page opened from disk, with what it logged, every request it tried and every policy violation."""

    def __init__(
        self, browser: Browser, path: Path, width: int = WIDE, *, scheme: str = "light", script: bool = True,
        clock: datetime | None = None, zone: str | None = None,
    ) -> None:  # fmt: skip
        self.context = browser.new_context(
            viewport={"width": width, "height": 900}, color_scheme=scheme,  # type: ignore[arg-type]
            java_script_enabled=script, accept_downloads=True, timezone_id=zone,
        )  # fmt: skip
        self.context.add_init_script(_CSP_WATCH)
        self.page: Page = self.context.new_page()
        self.url = path.resolve().as_uri()
        self.script = script
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", self._request)
        self.page.on("dialog", self._dialog)
        self.page.route("**/*", lambda route: route.continue_() if self._own(route.request.url) else route.abort())
        if clock is not None:
            self.page.clock.install(time=clock)
        self.goto(self.url)

    def goto(self, url: str) -> None:
        self.page.goto(url)
        if self.script:
            self.page.wait_for_selector("html[data-ready]", state="attached")

    def _own(self, url: str) -> bool:
        return url.split("#")[0] == self.url or url.startswith("blob:")

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def _dialog(self, dialog: Dialog) -> None:
        self.errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def _request(self, request: Request) -> None:
        if not self._own(request.url):
            self.requests.append(request.url)

    def close(self) -> None:
        """Close, checking that nothing went wrong: no error, no request, no policy violation."""
        violations = self.page.evaluate("() => window.__csp || []") if self.script else []
        self.context.close()
        assert (self.errors, self.requests, violations) == ([], [], [])


# The list's slots and sessions off screen are laid out only when they come near (content-visibility: auto):
# each is measured as it is drawn when scrolled to, all laid out at once for the measure, then left as they were.
_BLOCKS_JS = """() => {
  const lazy = [...document.querySelectorAll('main.list .slot, main.list .dayonly, main.list .s')];
  for (const e of lazy) e.style.contentVisibility = 'visible';
  const found = [...document.querySelectorAll('[data-session-id]')].map(e => {
    const r = e.getBoundingClientRect(), c = e.querySelector('.c'), start = e.querySelector('[data-start]');
    const section = e.closest('section'), col = e.closest('.col');
    return {id: e.dataset.sessionId, room: col ? col.dataset.room : null, section: section ? section.id : null,
            grid: !!e.closest('.grid'), shown: e.checkVisibility({visibilityProperty: true}),
            start: start ? start.textContent : null, x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height,
            cut: c.scrollHeight > c.clientHeight + 1, ch: c.clientHeight,
            style: [e.style.top, e.style.height, e.style.left, e.style.width]};
  });
  for (const e of lazy) e.style.removeProperty('content-visibility');
  return found;
}"""


def _blocks(page: Page) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = page.evaluate(_BLOCKS_JS)
    return blocks


def _shown(page: Page) -> set[str]:
    """Ids of the sessions shown (a filtered-out block of the grid keeps its place, invisible)."""
    ids: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('[data-session-id]')]"
        ".filter(e => e.checkVisibility({visibilityProperty: true})).map(e => e.dataset.sessionId)"
    )
    return set(ids)


def _count(page: Page) -> str:
    text: str = page.evaluate("() => document.querySelector('.count').textContent")
    return text


def _boxes_overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    width: float = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    height: float = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return width > 0.5 and height > 0.5


def _instant(s: Session) -> datetime:
    assert s.start is not None
    return s.start.astimezone(UTC)


def _check_layout(conf: Conference, blocks: list[dict[str, Any]], width: int) -> None:
    """Every session once; in the grid no two boxes of one room meet and boxes follow start times; a list fits."""
    assert Counter(b["id"] for b in blocks) == Counter(conf.sessions.ids)
    by_id = {s.id: s for s in conf.sessions}
    timed = [b for b in blocks if by_id[b["id"]].start is not None]
    if width == WIDE:
        assert {b["id"] for b in blocks if b["grid"]} == {b["id"] for b in timed}
        for section in {b["section"] for b in timed}:
            in_section = sorted(
                (b for b in timed if b["section"] == section), key=lambda b: (_instant(by_id[b["id"]]), b["y"])
            )
            tops = [round(b["y"], 1) for b in in_section]
            assert tops == sorted(tops), f"{section}: blocks do not follow start times down the page"
            rooms: dict[str, list[dict[str, Any]]] = {}
            for block in in_section:
                rooms.setdefault(block["room"], []).append(block)
            for room_blocks in rooms.values():  # sorted by top: only neighbours in time can meet
                for i, a in enumerate(room_blocks):
                    for b in room_blocks[i + 1 :]:
                        if b["y"] >= a["y"] + a["h"]:
                            break
                        assert not _boxes_overlap(a, b), f"blocks of {a['id']} and {b['id']} overlap"
    else:
        assert not any(b["grid"] for b in blocks)
        assert all(b["x"] >= 0 and b["x"] + b["w"] <= width + 0.5 for b in blocks)
        for section in {b["section"] for b in timed}:
            column = sorted((b for b in timed if b["section"] == section), key=lambda b: b["y"])
            assert [_instant(by_id[b["id"]]) for b in column] == sorted(_instant(by_id[b["id"]]) for b in column)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", CONFS)
def test_every_session_is_shown_once_without_overlaps(
    browser: Browser, pages: Callable[[str], Path], name: str, width: int, scheme: str, tmp_path: Path
) -> None:
    """The grid (wide) or the list (narrow) shows each session once, in start order, no two boxes of a room meeting."""
    conf = _conference(name)
    opened = Opened(browser, pages(name), width, scheme=scheme)
    page = opened.page
    page.screenshot(path=tmp_path / f"{name}-{width}-{scheme}.png")
    _check_layout(conf, _blocks(page), width)
    assert _count(page) == f"Showing {len(conf.sessions)} of {len(conf.sessions)} sessions."
    if width == NARROW:
        assert page.evaluate("() => document.documentElement.scrollWidth") == NARROW  # no sideways scroll
        assert page.evaluate("() => document.querySelector('input[name=view]:checked').value") == "list"
    opened.close()


@pytest.mark.parametrize("name", CONFS)
def test_the_room_header_and_time_axis_stay_in_view(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """Scrolled 800 px down into a day's grid and 600 px right, its room header sits at the top and its axis at the left."""
    opened = Opened(browser, pages(name))
    page = opened.page
    top = page.evaluate("() => document.querySelector('.grid').getBoundingClientRect().top + scrollY")
    page.evaluate(f"() => scrollTo(600, {top} + 800)")
    found = page.evaluate("""() => {
      const g = document.querySelector('.grid'), head = g.querySelector('.gh').getBoundingClientRect();
      const axis = g.querySelector('.axis').getBoundingClientRect(), wide = document.documentElement.scrollWidth;
      return {head: head.top, axis: axis.left, x: scrollX, y: scrollY, wide, bottom: g.getBoundingClientRect().bottom,
              under: document.elementFromPoint(innerWidth / 2, head.top + 5).closest('.gh') !== null};
    }""")
    opened.close()
    assert found["bottom"] > 900, "the day's grid is longer than the scroll"
    assert found["x"] == min(600, found["wide"] - WIDE)
    assert (found["head"], found["axis"], found["under"]) == (
        0,
        max(0, 15 - found["x"]),
        True,
    )  # 15: the body's padding


@pytest.mark.parametrize("name", CONFS)
def test_room_columns_are_the_same_every_day(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """Each day's grid has the same rooms in the same order: the conference's rooms that hold a timed session."""
    conf = _conference(name)
    opened = Opened(browser, pages(name))
    headers = opened.page.evaluate(
        "() => [...document.querySelectorAll('.gh')].map(g => [...g.children].slice(1).map(d => d.textContent))"
    )
    opened.close()
    used = {s.room.id for s in conf.sessions.scheduled if s.room is not None}
    expected = [r.name for r in conf.rooms if r.id in used]
    if any(s.room is None for s in conf.sessions.scheduled):
        expected.append("No room given")
    assert headers == [expected] * sum(1 for sessions in conf.sessions.by_day().values() if sessions.scheduled)


@pytest.mark.parametrize("name", CONFS)
def test_a_cut_block_shows_its_title_whole_on_focus(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """A block too small for its text is cut between lines, never through them, and shows all of it when focused."""
    opened = Opened(browser, pages(name))
    page = opened.page
    cut = [b for b in _blocks(page) if b["grid"] and b["cut"]]
    assert cut, "some blocks are too small for their text"
    assert [b["id"] for b in cut if b["ch"] % LINE] == []
    for block in cut[:: max(1, len(cut) // 12)]:
        page.locator(f'[data-session-id="{block["id"]}"] [data-pick]').focus()
        whole = page.evaluate(f"""() => {{
          const e = document.querySelector('[data-session-id="{block["id"]}"]'), c = e.querySelector('.c');
          const n = e.querySelector('.n').getBoundingClientRect(), r = e.getBoundingClientRect();
          return [c.scrollHeight <= c.clientHeight + 1, n.bottom <= r.bottom + 0.5, n.right <= r.right + 0.5,
                  getComputedStyle(e).zIndex];
        }}""")
        assert whole == [True, True, True, "8"], block["id"]
    opened.close()


def _pick(page: Page, sid: str) -> None:
    page.locator(f'[data-session-id="{sid}"] [data-pick]').focus()
    page.keyboard.press("Enter")


def _select(page: Page, name: str, value: str) -> None:
    page.select_option(f"select[name={name}]", value)


def _search(page: Page, text: str) -> None:
    page.fill("input[type=search]", text)
    page.press("input[type=search]", "Enter")


@pytest.mark.parametrize("name", CONFS)
def test_a_track_filter_shows_exactly_that_track(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """Filtering by a track shows its sessions (by_track's count), says so, puts it in the URL and survives a reload."""
    conf = _conference(name)
    tracks = sorted(conf.tracks, key=lambda t: len(conf.sessions.by_track(t.id)))
    chosen = [tracks[0], tracks[len(tracks) // 2], tracks[-1]]
    opened = Opened(browser, pages(name))
    page = opened.page
    for track in chosen:
        _select(page, "track", track.id)
        expected = conf.sessions.by_track(track.id)
        assert _shown(page) == set(expected.ids)
        assert _count(page) == f"Showing {len(expected)} of {len(conf.sessions)} sessions."
    page.wait_for_function("hash => location.hash === hash", arg="#" + urlencode({"track": chosen[-1].id}))
    url = page.url
    opened.goto(url)
    assert page.input_value("select[name=track]") == chosen[-1].id
    assert _shown(page) == set(conf.sessions.by_track(chosen[-1].id).ids)
    opened.close()


@pytest.mark.parametrize("name", CONFS)
def test_filters_combine_with_search_and_picks(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """Day, room, kind, track and search together show what the library's queries give together."""
    conf = _conference(name)
    day, sessions = max(conf.sessions.by_day().items(), key=lambda item: len(item[1]))
    room = max(conf.rooms, key=lambda r: len(sessions.by_room(r.id)))
    kind = Counter(s.kind for s in sessions.by_room(room.id)).most_common(1)[0][0]
    opened = Opened(browser, pages(name))
    page = opened.page
    _select(page, "day", day.isoformat())
    assert _shown(page) == set(sessions.ids)
    _select(page, "room", room.id)
    _select(page, "kind", kind.value)
    expected = sessions.by_room(room.id).by_kind(kind)
    assert _shown(page) == set(expected.ids) and expected
    word = next(w for s in expected for w in (s.title or "").split() if len(w) > 3)
    _search(page, word)
    assert _shown(page) == set(expected.search(word).ids) and expected.search(word)
    page.wait_for_function("() => location.hash.split('=').length === 5")
    assert sorted(p.split("=")[0] for p in page.url.split("#")[1].split("&")) == ["day", "kind", "q", "room"]
    page.click("[data-reset]")
    assert len(_shown(page)) == len(conf.sessions)
    opened.close()


def _queries(conf: Conference) -> list[str]:
    """Searches from the data (a speaker, an organisation, words of titles and abstracts) and hard cases."""
    speakers = [sp for s in conf.sessions for sp in s.speakers]
    found = ["kv cache", "kv-cache", "llm-d", "c++", "c#", "rust", "open source", "gpu", "a", "pytorch", "linux kernel",
             "Ünïcode", "data!", "—", "  "]  # fmt: skip
    if speakers:
        found += [speakers[0].name, speakers[len(speakers) // 2].name.split()[-1].upper()]
        found += [sp.organisation for sp in speakers if sp.organisation][:2]
    titled = [s for s in conf.sessions if s.title and s.abstract]
    for s in titled[:: max(1, len(titled) // 4)]:
        found += [" ".join(s.title.split()[:2]), s.abstract.split()[len(s.abstract.split()) // 2]]  # type: ignore[union-attr]
    accented = [w for s in conf.sessions for w in f"{s.title} {' '.join(s.speaker_names)}".split() if not w.isascii()]
    return found + accented[:3]


@pytest.mark.parametrize("name", CONFS)
def test_search_finds_what_the_library_finds(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """Each search shows exactly the sessions Sessions.search() returns (an empty query shows all)."""
    conf = _conference(name)
    opened = Opened(browser, pages(name))
    page = opened.page
    for text in _queries(conf):
        _search(page, text)
        expected = set(conf.search(text).ids) if text.split() else set(conf.sessions.ids)
        assert _shown(page) == expected, text
        assert _count(page) == f"Showing {len(expected)} of {len(conf.sessions)} sessions.", text
    opened.close()


def _clash(conf: Conference) -> tuple[Session, Session, Session]:
    """Two timed sessions that overlap, and a third that overlaps neither."""
    timed = [s for s in conf.sessions.scheduled if s.end is not None]
    a, b = next((x, y) for x, y in itertools.pairwise(timed) if _instant(y) < _end(x))
    c = next(s for s in timed if _instant(s) >= max(_end(a), _end(b)))
    return a, b, c


def _end(s: Session) -> datetime:
    assert s.end is not None
    return s.end.astimezone(UTC)


@pytest.mark.parametrize("name", CONFS)
def test_picks_survive_a_reload_and_download_as_ics(
    browser: Browser, pages: Callable[[str], Path], name: str, tmp_path: Path
) -> None:
    """Picks are marked, kept over a reload, clash-marked, shown alone on request and downloaded as a valid .ics."""
    import icalendar

    conf = _conference(name)
    a, b, c = _clash(conf)
    opened = Opened(browser, pages(name))
    page = opened.page
    for s in (a, b, c):
        _pick(page, s.id)
    opened.goto(opened.url)
    pressed = page.evaluate(
        "() => [...document.querySelectorAll('[data-pick][aria-pressed=true]')].map(b => b.closest('[data-session-id]').dataset.sessionId)"
    )
    clashing = page.evaluate("() => [...document.querySelectorAll('.clash')].map(e => e.dataset.sessionId)")
    assert sorted(pressed) == sorted([a.id, b.id, c.id]) and sorted(clashing) == sorted([a.id, b.id])
    assert _count(page) == f"Showing {len(conf.sessions)} of {len(conf.sessions)} sessions · 3 picked, 2 in clashes."
    page.check("input[name=picks-only]")
    assert _shown(page) == {a.id, b.id, c.id}
    with page.expect_download() as download:
        page.click("[data-export-picks]")
    path = tmp_path / "picks.ics"
    download.value.save_as(path)
    assert download.value.suggested_filename == f"{conf.id}-picks.ics"
    calendar = icalendar.Calendar.from_ical(path.read_bytes())
    events = {str(e["UID"]): e for e in calendar.walk("VEVENT")}
    assert sorted(events) == sorted(f"{s.id}@{conf.id}.pyconf-schedule" for s in (a, b, c))
    for s in (a, b, c):
        event = events[f"{s.id}@{conf.id}.pyconf-schedule"]
        assert (str(event["SUMMARY"]), event.decoded("DTSTART"), event.decoded("DTEND")) == (
            s.display_title, _instant(s), s.end.astimezone(UTC))  # type: ignore[union-attr]  # fmt: skip
    assert all(len(line.encode()) <= 75 for line in path.read_bytes().decode().split("\r\n"))
    opened.close()


def test_the_ics_download_takes_a_reminder(browser: Browser, pages: Callable[[str], Path], tmp_path: Path) -> None:
    """With "10 minutes before" chosen, each downloaded event has a VALARM ten minutes before it, as agenda export --remind 10m."""
    import icalendar

    conf = _conference("eu2026")
    a, b, _ = _clash(conf)
    opened = Opened(browser, pages("eu2026"))
    page = opened.page
    for s in (a, b):
        _pick(page, s.id)
    page.select_option("select[name=remind]", "PT10M")
    with page.expect_download() as download:
        page.click("[data-export-picks]")
    path = tmp_path / "picks.ics"
    download.value.save_as(path)
    events = icalendar.Calendar.from_ical(path.read_bytes()).walk("VEVENT")
    alarms = [(str(e["SUMMARY"]), [(str(v["ACTION"]), v.decoded("TRIGGER")) for v in e.walk("VALARM")]) for e in events]
    assert sorted(alarms) == sorted((s.display_title, [("DISPLAY", -timedelta(minutes=10))]) for s in (a, b))
    page.select_option("select[name=remind]", "")
    with page.expect_download() as download:
        page.click("[data-export-picks]")
    download.value.save_as(path)
    assert "VALARM" not in path.read_text(encoding="utf-8")
    opened.close()


@pytest.mark.parametrize("name", ["eu2026", "fosdem"])
def test_picks_export_and_import_as_the_agenda_file(
    browser: Browser, pages: Callable[[str], Path], name: str, tmp_path: Path
) -> None:
    """The exported picks read back with Agenda.from_json; an agenda file imported replaces the picks with its own."""
    conf = _conference(name)
    a, b, c = _clash(conf)
    opened = Opened(browser, pages(name))
    page = opened.page
    _pick(page, a.id)
    _pick(page, c.id)
    with page.expect_download() as download:
        page.click("[data-export-agenda]")
    exported = tmp_path / "agenda.json"
    download.value.save_as(exported)
    assert (
        Agenda.from_json(exported.read_text(encoding="utf-8"), [conf]).sessions.ids
        == conf.sessions.by_ids([a.id, c.id]).ids
    )
    imported = tmp_path / "mine.json"
    imported.write_text(Agenda([conf], [Pick(conference=conf.id, session=b.id)]).to_json(), encoding="utf-8")
    page.set_input_files("input[name=agenda]", imported)
    page.wait_for_function("() => document.querySelector('.count').textContent.includes('Imported')")
    pressed = page.evaluate(
        "() => [...document.querySelectorAll('[data-pick][aria-pressed=true]')].map(b => b.closest('[data-session-id]').dataset.sessionId)"
    )
    assert pressed == [b.id]
    assert _count(page).endswith("· 1 picked. Imported 1 pick.")
    opened.close()


@pytest.mark.parametrize("name", CONFS)
def test_switching_to_new_york_converts_every_time(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """In America/New_York every data-start is the session's to_tz start, days follow that zone, the page says so."""
    conf = _conference(name)
    opened = Opened(browser, pages(name))
    page = opened.page
    _select(page, "tz", "America/New_York")
    shown = {b["id"]: (b["start"], b["section"]) for b in _blocks(page)}
    view = conf.sessions.to_tz("America/New_York")
    expected = {s.id: (f"{s.start:%H:%M}", f"day-{s.start.date().isoformat()}") for s in view.scheduled}  # type: ignore[union-attr]
    assert {k: v for k, v in shown.items() if k in expected} == expected
    zone_text = page.evaluate("() => document.querySelector('[data-zone]').textContent")
    assert zone_text.startswith(
        ("America/New_York (EDT)", "America/New_York (EST)", "America/New_York (EDT/EST)")
    ) and zone_text.endswith(f"not the conference's {conf.timezone}")
    page.wait_for_function("() => location.hash === '#tz=America%2FNew_York'")
    opened.close()


# Records what an interaction changes in the timetable: the class changes of session elements and the
# elements added to or taken out of it (the now line aside), and whether each session element and day section
# is still the node it was when the watch began.
_WATCH_JS = """() => {
  const main = document.getElementById('main'), seen = {classes: 0, nodes: 0};
  for (const e of main.querySelectorAll('[data-session-id], main > section')) e.__watched = true;
  const note = records => { for (const r of records) {
    if (r.type === 'attributes' && r.target.dataset.sessionId) seen.classes++;
    if (r.type === 'childList') seen.nodes += [...r.addedNodes, ...r.removedNodes]
      .filter(n => n.nodeType === 1 && !n.matches('[data-now]')).length;
  } };
  const watch = new MutationObserver(note);
  watch.observe(main, {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});
  window.__changes = () => {
    note(watch.takeRecords());
    const all = [...main.querySelectorAll('[data-session-id], main > section')];
    const out = {...seen, kept: all.filter(e => e.__watched).length, new: all.filter(e => !e.__watched).length};
    seen.classes = 0;
    seen.nodes = 0;
    return out;
  };
}"""


def _changes(page: Page) -> dict[str, int]:
    changes: dict[str, int] = page.evaluate("() => window.__changes()")
    return changes


def _sections(page: Page) -> dict[str, str | None]:
    """Each session's day section, by id."""
    return {b["id"]: b["section"] for b in _blocks(page)}


@pytest.mark.parametrize("name", CONFS)
def test_a_zone_switch_rewrites_the_times_in_place(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """To New York (no session changes day) and back, no element is added, moved or rebuilt: only times change."""
    conf = _conference(name)
    opened = Opened(browser, pages(name))
    page = opened.page
    placed = _styles(page)
    page.evaluate(_WATCH_JS)
    elements = len(conf.sessions) + len(conf.sessions.by_day()) + (1 if conf.sessions.unscheduled else 0)
    _select(page, "tz", "America/New_York")
    assert _changes(page) == {"classes": 0, "nodes": 0, "kept": elements, "new": 0}
    shown = {b["id"]: b["start"] for b in _blocks(page) if b["start"] is not None}
    assert shown == {s.id: f"{s.start:%H:%M}" for s in conf.sessions.to_tz("America/New_York").scheduled}
    _select(page, "tz", conf.timezone)
    assert _changes(page) == {"classes": 0, "nodes": 0, "kept": elements, "new": 0}
    assert _styles(page) == placed
    opened.close()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["na2026", "fosdem"])
def test_a_zone_switch_that_moves_days_keeps_the_session_elements(
    browser: Browser, pages: Callable[[str], Path], name: str, width: int
) -> None:
    """In Tokyo sessions move to other days: each day is as to_tz gives it, the grid's days and every session element
    kept; back, as before."""
    conf = _conference(name)
    opened = Opened(browser, pages(name), width, zone="Asia/Tokyo")
    page = opened.page
    if width == NARROW:
        page.click(".more summary")  # the controls are folded on a narrow screen
    placed, days = _styles(page), _sections(page)
    page.evaluate(_WATCH_JS)
    _select(page, "tz", "local")
    changes = _changes(page)
    before, after = _day_members(conf, conf.timezone), _day_members(conf, "Asia/Tokyo")
    # A day that stays keeps its grid, its sessions placed again in it; a day of the list is built again unless
    # it holds the same sessions.
    kept = len(before.keys() & after.keys()) if width == WIDE else sum(before[d] == after.get(d) for d in before)
    unscheduled = 1 if conf.sessions.unscheduled else 0
    assert (changes["kept"], changes["new"]) == (len(conf.sessions) + kept + unscheduled, len(after) - kept)
    view = conf.sessions.to_tz("Asia/Tokyo")
    expected = {s.id: f"day-{s.start.date().isoformat()}" for s in view.scheduled}  # type: ignore[union-attr]
    assert {k: v for k, v in _sections(page).items() if k in expected} == expected
    _check_layout(conf, _blocks(page), width)
    _select(page, "tz", conf.timezone)
    assert (_styles(page), _sections(page)) == (placed, days)
    assert _changes(page)["kept"] == len(conf.sessions) + kept + unscheduled
    opened.close()


# Every element the timetable holds now, added to those seen before: a later look tells whether any was made since.
_NODES_JS = """() => {
  const seen = window.__nodes || (window.__nodes = new Set());
  for (const e of document.getElementById('main').querySelectorAll('*')) seen.add(e);
}"""
_MADE_JS = """() => [...document.getElementById('main').querySelectorAll('*')]
  .filter(e => !window.__nodes.has(e) && !e.closest('[data-now]')).map(e => `${e.tagName}.${e.className}`)"""


def _show(page: Page, step: str) -> None:
    """Choose a view (``grid``, ``list``) or the media (``print``, ``screen``), and wait for the page to lay it out."""
    if step in ("print", "screen"):
        page.emulate_media(media=step)  # type: ignore[arg-type]
        # The page lays itself out when its print media query reports the change (an event, not at once).
        page.wait_for_function(
            "listed => document.getElementById('main').classList.contains('list') === listed", arg=step == "print"
        )
    else:
        page.check(f"input[name=view][value={step}]")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", CONFS)
def test_switching_view_and_printing_build_nothing_again(
    browser: Browser, pages: Callable[[str], Path], name: str, width: int
) -> None:
    """Once the grid and the list are built, switching between them and printing makes no element and restyles no
    session: the same session elements move between the same sections, and the grid's blocks keep their places."""
    conf = _conference(name)
    opened = Opened(browser, pages(name), width)
    page = opened.page
    if width == NARROW:
        page.click(".more summary")  # the controls are folded on a narrow screen
    other = "list" if width == WIDE else "grid"
    page.evaluate(_NODES_JS)
    _show(page, other)  # the other view, built once
    page.evaluate(_NODES_JS)
    days = _sections(page)
    _show(page, "list")
    page.evaluate(_WATCH_JS)  # the list's sections and every session element, watched from here
    _show(page, "grid")
    page.evaluate(_WATCH_JS)  # and the grid's
    placed = _styles(page)
    timed = {s.id for s in conf.sessions.scheduled}
    sections = len(conf.sessions.by_day()) + (1 if conf.sessions.unscheduled else 0)
    for step in ("list", "grid", "print", "screen", "list", "grid"):
        _show(page, step)
        listed = step in ("list", "print")
        changes, made = _changes(page), page.evaluate(_MADE_JS)
        seen = (step, made, changes["classes"], changes["new"], changes["kept"])
        assert seen == (step, [], 0, 0, len(conf.sessions) + sections)
        blocks = _blocks(page)
        assert {b["id"] for b in blocks if b["grid"]} == (set() if listed else timed)
        assert {b["id"]: b["section"] for b in blocks} == days
        if not listed:
            assert _styles(page) == placed
    opened.close()


def test_a_zone_or_filter_set_in_one_view_holds_in_the_other(browser: Browser, pages: Callable[[str], Path]) -> None:
    """With both views built, a zone switch made in the list shows in the grid (Tokyo's days, no overlap), a track
    chosen in the grid in the list; back in the conference's zone, the grid's blocks are where they were."""
    conf = _conference("fosdem")
    track = "modern-email-devroom"
    opened = Opened(browser, pages("fosdem"), zone="Asia/Tokyo")
    page = opened.page
    placed, days = _styles(page), _sections(page)
    _show(page, "list")
    _select(page, "tz", "local")
    _show(page, "grid")
    blocks = _blocks(page)
    _check_layout(conf, blocks, WIDE)
    tokyo = {s.id: f"day-{_instant(s).astimezone(ZoneInfo('Asia/Tokyo')).date()}" for s in conf.sessions.scheduled}
    assert {b["id"]: b["section"] for b in blocks if b["id"] in tokyo} == tokyo
    _select(page, "track", track)
    _show(page, "list")
    assert _shown(page) == set(conf.sessions.by_track(track).ids)
    assert {b["id"]: b["section"] for b in _blocks(page) if b["id"] in tokyo} == tokyo
    _select(page, "track", "")
    _select(page, "tz", conf.timezone)
    _show(page, "grid")
    assert (_styles(page), _sections(page), _shown(page)) == (placed, days, set(conf.sessions.ids))
    opened.close()


def _day_members(conf: Conference, zone: str) -> dict[date, set[str]]:
    """The ids of each day's sessions with days in ``zone`` (a session of unknown time stays on its day)."""
    days: dict[date, set[str]] = {}
    for day, sessions in conf.sessions.by_day().items():
        for s in sessions:
            days.setdefault(s.start.astimezone(ZoneInfo(zone)).date() if s.start is not None else day, set()).add(s.id)
    return days


def _redrawn(conf: Conference, track: str, width: int) -> int:
    """How many sessions a track filter hides where something stays shown: those in a day, and in the list a
    slot (a start time) or the day's sessions of unknown time, that still shows one of the track's sessions."""
    groups: dict[tuple[object, ...], list[Session]] = {}
    for day, sessions in conf.sessions.by_day().items():
        for s in sessions:
            if s.start is None:
                key: tuple[object, ...] = (day, "time not known")
            else:
                key = (day, f"{s.start.astimezone(conf.zone):%H:%M}" if width == NARROW else "grid")
            groups.setdefault(key, []).append(s)
    groups[("not scheduled",)] = list(conf.sessions.unscheduled)
    days_shown = {key[0] for key, members in groups.items() if any(_on(s, track) for s in members)}
    return sum(
        1 for key, members in groups.items() if key[0] in days_shown and any(_on(s, track) for s in members)
        for s in members if not _on(s, track)
    )  # fmt: skip


def _on(s: Session, track: str) -> bool:
    return s.track is not None and s.track.id == track


@pytest.mark.parametrize("width", WIDTHS)
def test_a_filter_redraws_only_the_sessions_it_changes(
    browser: Browser, pages: Callable[[str], Path], width: int
) -> None:
    """A track of one day hides the other day whole and leaves its sessions untouched; cleared, the same few flip back."""
    conf = _conference("fosdem")
    track = "modern-email-devroom"
    assert [len(sessions.by_track(track)) for sessions in conf.sessions.by_day().values()] == [0, 26]
    opened = Opened(browser, pages("fosdem"), width)
    page = opened.page
    if width == NARROW:
        page.click(".more summary")  # the controls are folded on a narrow screen
    page.evaluate(_WATCH_JS)
    _select(page, "track", track)
    expected = _redrawn(conf, track, width)
    assert _changes(page) == {"classes": expected, "nodes": 0, "kept": len(conf.sessions) + 2, "new": 0}
    assert _shown(page) == set(conf.sessions.by_track(track).ids)
    if width == NARROW:  # the list shows a start time only where one of the track's sessions starts
        slots = page.evaluate(
            "() => [...document.querySelectorAll('.slot h3')].filter(e => e.checkVisibility()).length"
        )
        assert slots == len({s.start for s in conf.sessions.by_track(track)})
    _select(page, "track", "")
    assert _changes(page) == {"classes": expected, "nodes": 0, "kept": len(conf.sessions) + 2, "new": 0}
    assert _shown(page) == set(conf.sessions.ids)
    opened.close()


def test_the_viewers_own_zone_is_offered(browser: Browser, pages: Callable[[str], Path]) -> None:
    """ "My time zone" is the browser's zone (here Asia/Tokyo): times and days follow it."""
    conf = _conference("eu2026")
    opened = Opened(browser, pages("eu2026"), zone="Asia/Tokyo")
    page = opened.page
    assert (
        page.evaluate("() => document.querySelector('option[value=local]').textContent") == "My time zone (Asia/Tokyo)"
    )
    _select(page, "tz", "local")
    shown = {b["id"]: b["start"] for b in _blocks(page) if b["start"] is not None}
    assert shown == {s.id: f"{s.start:%H:%M}" for s in conf.sessions.to_tz("Asia/Tokyo").scheduled}
    opened.close()


@pytest.mark.parametrize("name", CONFS)
def test_now_is_marked_during_the_conference(browser: Browser, pages: Callable[[str], Path], name: str) -> None:
    """With the clock inside the conference, the grid has a visible now line, the running and next sessions are listed."""
    conf = _conference(name)
    timed = [s for s in conf.sessions.scheduled if s.end is not None]
    anchor = timed[len(timed) // 2]
    moment = _instant(anchor) + timedelta(minutes=1)
    running = [s for s in conf.sessions.scheduled if _instant(s) <= moment < _instant(s) + (
        (s.end - s.start) if s.end is not None and s.start is not None else timedelta(minutes=15))]  # fmt: skip
    coming = [s for s in conf.sessions.scheduled if _instant(s) > moment]
    first_next = min(_instant(s) for s in coming)
    opened = Opened(browser, pages(name), clock=moment)
    page = opened.page
    assert page.locator("[data-now]").count() == 1 and page.locator(".grid [data-now]").is_visible()
    headings = page.evaluate("() => [...document.querySelectorAll('.now h2')].map(h => h.textContent)")
    local = moment.astimezone(conf.zone)
    assert headings == [f"Happening now at {local:%H:%M} ({len(running)})",
                        f"Up next at {first_next.astimezone(conf.zone):%H:%M} ({sum(_instant(s) == first_next for s in coming)})"]  # fmt: skip
    page.click("[data-jump-now]")
    box = page.locator("[data-now]").bounding_box()
    assert box is not None and 0 <= box["y"] <= 900
    opened.close()
    later = Opened(browser, pages(name), clock=datetime(2030, 1, 1, tzinfo=UTC))
    assert later.page.locator("[data-now]").count() == 0 and later.page.locator(".now").is_hidden()
    later.close()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", CONFS)
def test_without_javascript_every_session_is_there(
    browser: Browser, pages: Callable[[str], Path], name: str, width: int
) -> None:
    """With scripts off the page lists every session under its day and start time, without the dead controls."""
    conf = _conference(name)
    opened = Opened(browser, pages(name), width, script=False)
    page = opened.page
    blocks = _blocks(page)
    assert Counter(b["id"] for b in blocks) == Counter(conf.sessions.ids) and all(b["shown"] for b in blocks)
    assert page.locator("form.controls").is_hidden() and page.locator("[data-pick]").first.is_hidden()
    assert page.evaluate("() => document.documentElement.scrollWidth") == width
    opened.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(("name", "width"), [(n, WIDE) for n in CONFS] + [("eu2026", NARROW)])
def test_axe_finds_nothing_serious(
    browser: Browser, pages: Callable[[str], Path], name: str, width: int, scheme: str
) -> None:
    """axe-core reports no serious or critical violation (contrast included), in the light and the dark scheme."""
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    opened = Opened(browser, pages(name), width, scheme=scheme)
    results = Axe().run(opened.page)
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]]) for v in results.response["violations"]
           if v["impact"] in ("serious", "critical")]  # fmt: skip
    opened.close()
    assert bad == []


def test_keyboard_reaches_the_skip_link_controls_and_picks(browser: Browser, pages: Callable[[str], Path]) -> None:
    """Tab starts at the skip link (which moves focus to the timetable), reaches the search box and a pick, which Space toggles."""
    opened = Opened(browser, pages("eu2026"))
    page = opened.page
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.className") == "skip"
    assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") == "solid"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"
    opened.goto(opened.url)
    seen = []
    for _ in range(60):
        page.keyboard.press("Tab")
        seen.append(
            page.evaluate("() => document.activeElement.getAttribute('name') || document.activeElement.tagName")
        )
        if seen[-1] == "BUTTON" and page.evaluate("() => document.activeElement.hasAttribute('data-pick')"):
            break
    assert "q" in seen and "track" in seen and "tz" in seen and "picks-only" in seen
    page.keyboard.press("Space")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
    opened.close()


def test_printed_page_is_one_list_per_day(browser: Browser, pages: Callable[[str], Path], tmp_path: Path) -> None:
    """Printed, each day is one column of sessions in start order on a page of its own, without any control."""
    conf = _conference("na2026")
    opened = Opened(browser, pages("na2026"))
    page = opened.page
    page.emulate_media(media="print")
    # The page lays itself out again when its print media query reports the change (an event, not at once):
    # wait for that (a bound against a hang, not a speed claim), then measure.
    page.wait_for_function(f"() => ({_BLOCKS_JS})().every(b => !b.grid)", timeout=20_000)
    blocks = _blocks(page)
    styles = page.evaluate("""() => [[...document.querySelectorAll('section.day')].map(s => getComputedStyle(s).breakBefore),
      ['.controls', '.tabs', '[data-pick]', 'nav.jump'].map(q => getComputedStyle(document.querySelector(q)).display)]""")
    page.pdf(path=tmp_path / "na2026.pdf")
    page.emulate_media(media="screen")
    assert page.locator(".grid").count() == len(conf.sessions.by_day())
    opened.close()
    assert len(blocks) == len(conf.sessions) and not any(b["grid"] for b in blocks)
    assert len({round(b["x"]) for b in blocks}) == 1
    by_id = {s.id: s for s in conf.sessions}
    for section in {b["section"] for b in blocks}:
        column = sorted((b for b in blocks if b["section"] == section), key=lambda b: b["y"])
        timed = [_instant(by_id[b["id"]]) for b in column if by_id[b["id"]].start is not None]
        assert timed == sorted(timed)
        assert all(a["y"] + a["h"] <= b["y"] + 0.5 for a, b in itertools.pairwise(column))
    assert styles == [["auto"] + ["page"] * (len(styles[0]) - 1), ["none"] * 4]


def _page_of(browser: Browser, conf: Conference, tmp_path: Path) -> Opened:
    path = tmp_path / f"{conf.id}.html"
    write(conf, path)
    return Opened(browser, path)


HALL = Room(id="hall", name="Hall")
SIDE = Room(id="side", name="Side")


def _styles(page: Page) -> dict[str, list[str]]:
    """Each session's place in its column: top, height, left and width as the script set them."""
    return {b["id"]: [b["room"], *b["style"]] for b in _blocks(page)}


def test_same_room_overlaps_sit_side_by_side(browser: Browser, tmp_path: Path) -> None:
    """Two overlapping sessions of one room share its width; a later one takes it all again (issue 18, item 8)."""
    conf = Conference(id="t", name="T", timezone="UTC", rooms=[HALL, SIDE], sessions=[
        Session(id="a", title="A", start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 10), room=HALL),
        Session(id="b", title="B", start=utc(2026, 5, 1, 9, 30), end=utc(2026, 5, 1, 10, 30), room=HALL),
        Session(id="c", title="C", start=utc(2026, 5, 1, 11), end=utc(2026, 5, 1, 12), room=HALL),
        Session(id="d", title="D", start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 9, 45), room=SIDE),
    ])  # fmt: skip
    opened = _page_of(browser, conf, tmp_path)
    placed = _styles(opened.page)
    blocks = {b["id"]: b for b in _blocks(opened.page)}
    opened.close()
    assert placed == {
        "a": ["0", "0px", "239px", "calc(0% + 1px)", "calc(50% - 2px)"],
        "b": ["0", "120px", "239px", "calc(50% + 1px)", "calc(50% - 2px)"],
        "c": ["0", "480px", "239px", "calc(0% + 1px)", "calc(100% - 2px)"],
        "d": ["1", "0px", "179px", "calc(0% + 1px)", "calc(100% - 2px)"],
    }
    assert not _boxes_overlap(blocks["a"], blocks["b"]) and blocks["a"]["y"] < blocks["b"]["y"]


_TEXT_JS = """id => {
  const e = document.querySelector(`[data-session-id="${id}"]`), n = e.querySelector('.n'), r = e.getBoundingClientRect();
  const t = n.getBoundingClientRect();
  return {time: e.querySelector('.t').checkVisibility(), lines: Math.round(n.clientHeight / 16),
          cut: n.scrollHeight > n.clientHeight + 1, inside: t.top >= r.top - 0.5 && t.bottom <= r.bottom + 0.5};
}"""


def test_a_short_block_shows_its_title_first(browser: Browser, tmp_path: Path) -> None:
    """A 5-minute block shows one line of its title, a 10-minute one two (the time is on the axis); focused, all of it."""
    words = " ".join(["Opening words on accelerators, compilers and the many kernels that run them"] * 8)
    conf = Conference(id="t", name="T", timezone="UTC", rooms=[HALL], sessions=[
        Session(id="five", title=words, start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 9, 5), room=HALL),
        Session(id="ten", title=words, start=utc(2026, 5, 1, 9, 5), end=utc(2026, 5, 1, 9, 15), room=HALL),
        Session(id="half", title=words, start=utc(2026, 5, 1, 9, 15), end=utc(2026, 5, 1, 9, 45), room=HALL),
    ])  # fmt: skip
    opened = _page_of(browser, conf, tmp_path)
    page = opened.page
    found = {sid: page.evaluate(_TEXT_JS, sid) for sid in ("five", "ten", "half")}
    assert found == {
        "five": {"time": False, "lines": 1, "cut": True, "inside": True},
        "ten": {"time": False, "lines": 2, "cut": True, "inside": True},
        "half": {"time": True, "lines": 4, "cut": False, "inside": True},
    }
    page.locator('[data-session-id="five"] [data-pick]').focus()
    assert page.evaluate(_TEXT_JS, "five") == {"time": True, "lines": 4, "cut": False, "inside": True}
    opened.close()


_SPLIT_WORDS_JS = """() => {
  const split = [];
  for (const n of document.querySelectorAll('.grid .s .n')) {
    const text = n.textContent, walker = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\\-\u2010\u2013\u2014/]+/g)) {  // a line may end after a hyphen, dash or slash
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) split.push(text);
      }
    }
  }
  return split;
}"""


@pytest.mark.parametrize("name", CONFS)
def test_no_title_in_the_grid_is_broken_inside_a_word(
    browser: Browser, pages: Callable[[str], Path], name: str
) -> None:
    """In the grid no word of a title wraps across lines (a line may end after a hyphen); one too long is cut."""
    opened = Opened(browser, pages(name))
    split: list[str] = opened.page.evaluate(_SPLIT_WORDS_JS)
    opened.close()
    assert split == []


def test_an_unknown_end_is_drawn_short_and_marked(browser: Browser, tmp_path: Path) -> None:
    """A session with no end is drawn 15 minutes tall, or until its room's next start (at least 5), and says so."""
    conf = Conference(id="t", name="T", timezone="UTC", rooms=[HALL], sessions=[
        Session(id="a", title="A", start=utc(2026, 5, 1, 9), room=HALL),
        Session(id="b", title="B", start=utc(2026, 5, 1, 9, 10), room=HALL),
        Session(id="c", title="C", start=utc(2026, 5, 1, 9, 12), end=utc(2026, 5, 1, 10), room=HALL),
    ])  # fmt: skip
    opened = _page_of(browser, conf, tmp_path)
    placed = _styles(opened.page)
    marks = opened.page.locator(".open-end .mark").all_text_contents()
    opened.close()
    assert placed == {
        "a": ["0", "0px", "39px", "calc(0% + 1px)", "calc(100% - 2px)"],
        "b": ["0", "40px", "19px", "calc(0% + 1px)", "calc(50% - 2px)"],
        "c": ["0", "48px", "191px", "calc(50% + 1px)", "calc(50% - 2px)"],
    }
    assert marks == ["(end not known)"] * 2


def test_a_day_across_a_dst_change_is_drawn_in_elapsed_time(browser: Browser, tmp_path: Path) -> None:
    """Across the end of DST the grid counts real minutes: the repeated hour has its own tick and rows."""
    opened = _page_of(browser, dst_conference(), tmp_path)
    placed = _styles(opened.page)
    ticks = opened.page.evaluate(
        "() => [...document.querySelectorAll('.grid')].map(g => [...g.querySelectorAll('.tick')].slice(0, 4).map(t => t.textContent))"
    )
    opened.close()
    assert placed["late"] == ["0", "120px", "479px", "calc(0% + 1px)", "calc(100% - 2px)"]
    assert placed["fold"] == ["1", "120px", "239px", "calc(0% + 1px)", "calc(100% - 2px)"]
    assert placed["open"] == ["0", "2400px", "59px", "calc(0% + 1px)", "calc(100% - 2px)"]
    assert ticks == [["23:00", "00:00 (+1)", "01:00 (+1)"], ["01:00", "01:00", "02:00", "03:00"]]


def test_the_grid_stays_bounded_for_huge_spans(browser: Browser, tmp_path: Path) -> None:
    """A session lasting centuries is drawn one day tall and marked as continuing."""
    start = datetime(2026, 5, 1, 9, tzinfo=UTC)
    conf = Conference(id="t", name="T", timezone="UTC", rooms=[HALL, SIDE], sessions=[
        Session(id="long", title="Forever", start=start, end=start + timedelta(days=300 * 365), room=HALL),
        Session(id="short", title="Short", start=start, end=start + timedelta(minutes=30), room=SIDE),
    ])  # fmt: skip
    opened = _page_of(browser, conf, tmp_path)
    placed = _styles(opened.page)
    mark = opened.page.locator("[data-session-id=long] .more").text_content()
    opened.close()
    assert placed == {"long": ["0", "0px", "5759px", "calc(0% + 1px)", "calc(100% - 2px)"],
                      "short": ["1", "0px", "119px", "calc(0% + 1px)", "calc(100% - 2px)"]}  # fmt: skip
    assert mark == " (continues)"


def test_a_programme_day_runs_past_midnight(browser: Browser, tmp_path: Path) -> None:
    """With a 04:00 day change, a 01:00 session is drawn below the evening of the day before, marked (+1)."""
    from datetime import time

    conf = Conference(id="c", name="Congress", timezone="UTC", day_change=time(4, 0), sessions=[
        Session(id="eve", title="Evening", start=utc(2026, 5, 1, 22), end=utc(2026, 5, 1, 23), room=HALL),
        Session(id="late", title="Late", start=utc(2026, 5, 2, 1), end=utc(2026, 5, 2, 2), room=HALL),
    ])  # fmt: skip
    opened = _page_of(browser, conf, tmp_path)
    placed = _styles(opened.page)
    headings = opened.page.locator("section.day h2").all_text_contents()
    later = opened.page.locator("[data-session-id=late] [data-start] + .d").text_content()
    opened.close()
    assert headings == ["Friday 1 May 2026"]
    assert placed == {"eve": ["0", "0px", "239px", "calc(0% + 1px)", "calc(100% - 2px)"],
                      "late": ["0", "720px", "239px", "calc(0% + 1px)", "calc(100% - 2px)"]}  # fmt: skip
    assert later == " (+1)"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("sample", SAMPLES)
def test_sample_pages_pass_in_chromium(browser: Browser, sample: str, width: int, tmp_path: Path) -> None:
    """Each shared sample file's page passes the same checks as the datasets'."""
    conf = read(shared_path("samples", sample), file_tz=FILE_TZ.get(sample))
    path = tmp_path / "sample.html"
    write(conf, path)
    opened = Opened(browser, path, width)
    _check_layout(conf, _blocks(opened.page), width)
    opened.page.screenshot(path=tmp_path / f"sample-{width}.png")
    opened.close()


def test_speakers_only_sample_is_refused_naming_the_views_with_sessions() -> None:
    """Sessionize's view/Speakers has no times or rooms: reading it fails with the views that hold the sessions, so no page is made."""
    with pytest.raises(ScheduleParseError) as caught:
        read(shared_path("samples", NO_SCHEDULE))
    assert str(caught.value) == (
        "cannot read sessionize at $[0]: this is Sessionize's view/Speakers: it lists speakers and their session "
        "titles but no times, rooms or kinds, so it holds no schedule; read view/All, view/Sessions or view/GridSmart "
        "of the same endpoint instead (https://sessionize.com/api/v2/<id>/view/All)"
    )


def test_every_shared_sample_is_checked() -> None:
    """The samples checked above are every schedule file in ../shared/samples/."""
    folder = shared_path("samples")
    assert sorted(p.name for p in folder.iterdir() if p.name != "README.md") == sorted(SAMPLE_NAMES)
    assert SHARED in folder.parents


HOSTILE = '</style><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'


def test_hostile_text_stays_text(browser: Browser, tmp_path: Path) -> None:
    """Markup in titles, names and URLs is shown as text: no script runs, no element is made, nothing is fetched."""
    room = Room(id="r", name=HOSTILE)
    sessions = [
        Session(id="a", title=HOSTILE, start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 10), room=room,
                url="javascript:window.pwned=3"),
        Session(id="b", title="Linked", start=utc(2026, 5, 1, 10), end=utc(2026, 5, 1, 11), room=room,
                url='https://example.org/"><script>window.pwned=4</script>'),
    ]  # fmt: skip
    conf = Conference(id="x", name=HOSTILE, timezone="UTC", sessions=sessions, coverage=HOSTILE)
    opened = _page_of(browser, conf, tmp_path)
    page = opened.page
    assert page.evaluate("() => [window.pwned, document.scripts.length, document.images.length]") == [None, 3, 0]
    assert page.evaluate("() => document.querySelector('h1').textContent") == HOSTILE
    assert page.evaluate("() => document.querySelector('[data-session-id=a] .n').textContent") == HOSTILE
    assert page.evaluate("() => document.querySelector('.gh div + div').textContent") == HOSTILE
    assert page.evaluate("() => document.querySelectorAll('a[href^=javascript], a[href*=script]').length") == 0
    _search(page, "script")
    page.click("[data-session-id=a] .n")
    assert page.evaluate("() => window.pwned") is None
    opened.close()


@pytest.mark.parametrize(("ci", "outcome"), [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_missing_browser_skips_except_in_ci(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, ci: str, outcome: type[BaseException]
) -> None:
    """Without Chromium the browser tests skip, naming the package to install, or fail when CI is set."""
    monkeypatch.setattr(sys.modules[__name__], "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="install the distribution's chromium package"):
        _require_browser()
