"""The HTML timetable in a real browser: the distribution's headless Chromium, driven by playwright.

One browser serves every test; each file is opened from disk once per width.
Without Chromium (or playwright) these tests skip with the reason, except
when the ``CI`` environment variable is set: there a missing browser fails.
Screenshots of each day go to the test's temporary folder.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pyconf_schedule import Conference, Room, ScheduleParseError, Session, load
from pyconf_schedule.formats import read, write

from ._support import SHARED, shared_path, utc

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Dialog, Page, Request

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
WIDTHS = (1280, 390)

def _not_read_yet(issue: int, why: str) -> pytest.MarkDecorator:
    """A sample no reader reads yet: an expected failure (strict), tied to the issue that asks for its reader."""
    return pytest.mark.xfail(raises=ScheduleParseError, strict=True, reason=f"issue {issue}: {why}")


SAMPLES = (
    "felixu_31c3.frab.schedule.xml",
    "giggity_debconf23.wafer.schedule.xml",
    "giggity_kielux_2020.ics",
    "voc-schedule_frab-camp2019.schedule.json",
    "voc-schedule_pretalx-democon.schedule.json",
    "mttcrsp-fosdem_fosdem-2024.pentabarf.xml",
    "voc-jev22_everything.schedule.json",
    "pyconuk-2015_schedule.pyvobject.ics",
    "sched_jococruise2025_all.ics",
    pytest.param(
        "mttcrsp-fosdem_fosdem-2007.pentabarf.xml",
        marks=_not_read_yet(18, "FOSDEM's 2007-2012 dialect (<event> directly under <day>) is refused"),
    ),
    "sessionize_demo_All.json",
    "sessionize_demo_GridSmart.json",
    "mttcrsp-fosdem_fosdem-2007.pentabarf.xml",
    pytest.param("sessionize_demo_All.json", marks=_not_read_yet(19, "no Sessionize reader yet")),
    pytest.param("sessionize_demo_GridSmart.json", marks=_not_read_yet(19, "no Sessionize reader yet")),
    pytest.param("sessionize_demo_Speakers.json", marks=_not_read_yet(19, "no Sessionize reader yet")),
)
NO_SCHEDULE = "sessionize_demo_Speakers.json"
"""The one sample that holds no schedule (Sessionize's view/Speakers): its read is refused, see below."""
SAMPLE_NAMES = [*(s if isinstance(s, str) else str(s.values[0]) for s in SAMPLES), NO_SCHEDULE]
FILE_TZ = {
    # FOSDEM's export gives naive local times and names no zone; the event is in Brussels (samples README).
    "mttcrsp-fosdem_fosdem-2024.pentabarf.xml": "Europe/Brussels",
    "mttcrsp-fosdem_fosdem-2007.pentabarf.xml": "Europe/Brussels",
}


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


class Opened:
    """A page opened from disk, with what it logged and every request it tried to make."""

    def __init__(self, browser: Browser, path: Path, width: int) -> None:
        self.page: Page = browser.new_page(viewport={"width": width, "height": 900})
        self.url = path.resolve().as_uri()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", self._request)
        self.page.on("dialog", self._dialog)
        self.page.route("**/*", lambda route: route.continue_() if route.request.url == self.url else route.abort())
        self.page.goto(self.url)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def _dialog(self, dialog: Dialog) -> None:
        self.errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def _request(self, request: Request) -> None:
        if request.url != self.url:
            self.requests.append(request.url)


_BLOCKS_JS = """() => [...document.querySelectorAll('[data-session]')].map(e => {
  const r = e.getBoundingClientRect();
  const section = e.closest('section');
  return {id: e.dataset.session, room: e.dataset.room ?? null, start: e.dataset.start ?? null,
          end: e.dataset.end ?? null, section: section ? section.id : null, grid: !!e.closest('.grid'),
          x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height,
          sh: e.scrollHeight, ch: e.clientHeight, sw: e.scrollWidth, cw: e.clientWidth,
          title: e.getAttribute('title') || '', text: e.innerText};
})"""


def _interval(block: dict[str, Any]) -> tuple[datetime, datetime]:
    start = datetime.fromisoformat(block["start"])
    return start, datetime.fromisoformat(block["end"]) if block["end"] else start


def _sessions_overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    (a0, a1), (b0, b1) = _interval(a), _interval(b)
    overlap: bool = a0 < b1 and b0 < a1
    return overlap


def _boxes_overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    width: float = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    height: float = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return width > 0.5 and height > 0.5


def _check_page(browser: Browser, conf: Conference, name: str, width: int, folder: Path) -> None:
    path = folder / f"{name}.html"
    write(conf, path)
    opened = Opened(browser, path, width)
    blocks: list[dict[str, Any]] = opened.page.evaluate(_BLOCKS_JS)
    for index, section in enumerate(opened.page.locator("section").all()):
        section.screenshot(path=folder / f"{name}-{width}-{index}.png")
    opened.page.close()

    assert Counter(b["id"] for b in blocks) == Counter(conf.sessions.ids)
    assert max(Counter(b["id"] for b in blocks).values()) == 1
    by_id = {s.id: s for s in conf.sessions}
    timed = [b for b in blocks if b["grid"]]
    assert {b["id"] for b in timed} == {s.id for s in conf.sessions if s.start is not None}
    for section in {b["section"] for b in timed}:
        in_section = sorted((b for b in timed if b["section"] == section), key=lambda b: (_interval(b)[0], b["y"]))
        tops = [round(b["y"], 1) for b in in_section]
        assert tops == sorted(tops), f"{section}: blocks do not follow start times down the page"
        rooms: dict[str, list[dict[str, Any]]] = {}
        for block in in_section:
            rooms.setdefault(block["room"], []).append(block)
        for room_blocks in rooms.values():
            for i, a in enumerate(room_blocks):
                for b in room_blocks[i + 1 :]:
                    if _boxes_overlap(a, b):
                        assert _sessions_overlap(a, b), f"blocks of {a['id']} and {b['id']} overlap"
    for block in blocks:
        cut = block["sh"] > block["ch"] + 1 or block["sw"] > block["cw"] + 1
        if cut:
            assert by_id[block["id"]].display_title in block["title"], f"{block['id']} is cut without its full text"
    assert opened.errors == []
    assert opened.requests == []


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("dataset", ["eu2026", "na2026"])
def test_dataset_pages_pass_in_chromium(browser: Browser, dataset: str, width: int, tmp_path: Path) -> None:
    """Each dataset's page shows every session once, in order, without overlaps, hidden cuts, errors or requests."""
    _check_page(browser, load(dataset), dataset, width, tmp_path)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("sample", SAMPLES)
def test_sample_pages_pass_in_chromium(browser: Browser, sample: str, width: int, tmp_path: Path) -> None:
    """Each shared sample file's page passes the same checks as the datasets'."""
    conf = read(shared_path("samples", sample), tz=FILE_TZ.get(sample))
    _check_page(browser, conf, sample.split(".")[0], width, tmp_path)


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
    path = tmp_path / "hostile.html"
    write(conf, path)
    opened = Opened(browser, path, 1280)
    page = opened.page
    assert page.evaluate("() => [window.pwned, document.scripts.length, document.images.length]") == [None, 0, 0]
    assert page.evaluate("() => document.querySelector('h1').textContent") == HOSTILE
    assert page.evaluate("() => document.querySelector('[data-session=a] .n').textContent") == HOSTILE
    assert page.evaluate("() => document.querySelectorAll('a[href^=javascript], a[href*=script]').length") == 0
    page.click("[data-session=a] .n")
    assert page.evaluate("() => window.pwned") is None
    page.close()
    assert (opened.errors, opened.requests) == ([], [])


def test_links_are_keyboard_reachable(browser: Browser, tmp_path: Path) -> None:
    """Tab reaches the day links, the scrollable grid and a session's link, in that order."""
    room = Room(id="r", name="Hall")
    sessions = [Session(id="a", title="Talk", start=utc(2026, 5, 1, 9), end=utc(2026, 5, 1, 10), room=room,
                        url="https://example.org/talk")]  # fmt: skip
    path = tmp_path / "keys.html"
    write(Conference(id="x", name="Keys", timezone="UTC", sessions=sessions), path)
    opened = Opened(browser, path, 1280)
    focused = []
    for _ in range(3):
        opened.page.keyboard.press("Tab")
        focused.append(opened.page.evaluate("() => document.activeElement.getAttribute('href') || document.activeElement.className"))
    opened.page.close()
    assert focused == ["#day-2026-05-01", "scroll", "https://example.org/talk"]


def test_printed_page_is_a_list_in_start_order(browser: Browser, tmp_path: Path) -> None:
    """In print, each day's grid becomes one column of blocks in start order, none overlapping."""
    conf = load("na2026")
    path = tmp_path / "na2026.html"
    write(conf, path)
    opened = Opened(browser, path, 1280)
    opened.page.emulate_media(media="print")
    blocks: list[dict[str, Any]] = opened.page.evaluate(_BLOCKS_JS)
    opened.page.pdf(path=tmp_path / "na2026.pdf")
    opened.page.close()
    timed = [b for b in blocks if b["grid"]]
    assert len(timed) == len(conf.sessions.scheduled)
    assert len({round(b["x"]) for b in timed}) == 1
    for section in {b["section"] for b in timed}:
        column = sorted((b for b in timed if b["section"] == section), key=lambda b: b["y"])
        assert [_interval(b)[0] for b in column] == sorted(_interval(b)[0] for b in column)
        assert all(a["y"] + a["h"] <= b["y"] + 0.5 for a, b in zip(column, column[1:]))
    assert (opened.errors, opened.requests) == ([], [])


@pytest.mark.parametrize(("ci", "outcome"), [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_missing_browser_skips_except_in_ci(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, ci: str, outcome: type[BaseException]
) -> None:
    """Without Chromium the browser tests skip, naming the package to install, or fail when CI is set."""
    monkeypatch.setattr(sys.modules[__name__], "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="install the distribution's chromium package"):
        _require_browser()
