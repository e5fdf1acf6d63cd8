"""Benchmark: the timetable page of a FOSDEM-sized schedule in headless Chromium.

Writes the page of ``../shared/samples/mttcrsp-fosdem_fosdem-2024.pentabarf.xml``
(674 sessions, 32 rooms, read in Europe/Brussels; ``--sample FILE --file-tz
ZONE`` measures another file instead) and of the two datasets, then opens
each from disk in the distribution's Chromium (``/usr/bin/chromium``), in the
grid at 1400 px and in the list at 390 px, and reports:

- the file's size;
- time to interactive: from the start of navigation to the moment the page's
  script has laid out the grid and made the controls work (it marks the
  document ``data-ready``), read from ``performance.now()`` in the page;
- the latency of each change: a track, a room and a day chosen and
  cleared, a search typed (the ``input`` event of the box, as a keystroke
  makes it) and cleared, time-zone switches there and back (to
  America/New_York, where no FOSDEM session changes day, and to Asia/Tokyo
  and Pacific/Auckland, where many move to the next day), the other view
  chosen and the first chosen again, and printing (``beforeprint``, then
  ``afterprint``, as the browser fires them around its print dialog); each
  runs from the event to the end of the next rendered frame (the script's
  work, style, layout and paint), by ``performance.now()`` in the page, the
  first once the loaded page has drawn its first frames and gone idle;
- with ``--cpu``, in separate page loads (tracing slows the page), the CPU
  time the renderer's main thread spent on each change, from a Chrome
  DevTools trace: on a machine shared with other work, latency is mostly
  waiting for a core, and this is the page's own cost.

Each figure is the median (and the maximum) over ``--runs`` page loads.  The
project's targets, for the FOSDEM-sized page: at most 1.5 MB, interactive
within 1 s, every change (a filter, a search, a zone switch, a view switch,
printing) within 100 ms:
its latency and, with ``--cpu``, its main-thread CPU time.  Each target line
says ``met`` or ``not met`` and names the slowest change.  The load average
is printed before and after: above the number of cores the figures are upper
bounds.

With ``--baseline DIR`` (a folder holding another version's ``html_page.js``
and ``html_page.css``, such as ``git show main:src/pyconf_schedule/formats/html_page.js``
gives) each page is also written with those and the two are loaded in turn,
run by run, so that both meet the same load on a shared machine; each line
gives the baseline's figures beside the current ones.

    python benchmarks/html_page.py [--runs 5] [--cpu] [--sample FILE --file-tz ZONE] [--only sample|eu2026|na2026]
        [--baseline DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unittest import mock

from pyconf_schedule import Conference, load
from pyconf_schedule.formats import html, read

if TYPE_CHECKING:
    from playwright.sync_api import Browser, CDPSession, Page

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "samples" / "mttcrsp-fosdem_fosdem-2024.pentabarf.xml"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
MEGABYTES, INTERACTIVE, LATENCY = 1.5, 1000.0, 100.0
VIEWS = (("grid", 1400), ("list", 390))
ZONES = ("America/New_York", "Asia/Tokyo", "Pacific/Auckland")
"""The zones each page offers and the benchmark switches to (the conference's own is offered anyway)."""

# One change, timed from its event to the end of the frame that shows the update.  The page updates at
# once on a select's or a view radio's input and on beforeprint and afterprint (``name`` "print": the event
# ``value`` is dispatched on the window) and, for the search box, in the next animation frame, before that
# frame is drawn (the page rewrites its count line then); the animation frame asked for here first ends
# with that frame, or else the frame after the update is waited for.
_TIMED = """async ([name, value]) => {
  const form = document.querySelector('.controls'), control = name === 'print' ? null : form.elements.namedItem(name);
  const e = control instanceof RadioNodeList ? [...control].find(r => r.value === value) : control;
  const count = form.querySelector('.count'), watch = {childList: true, characterData: true, subtree: true};
  const frameEnd = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  let updated = false;
  const seen = new MutationObserver(() => { updated = true; });
  seen.observe(count, watch);
  const t0 = performance.now(), frame = frameEnd();
  if (!e) dispatchEvent(new Event(value));
  else {
    if (e.type === 'radio') e.checked = true; else e.value = value;
    e.dispatchEvent(new Event('input', {bubbles: true}));
  }
  await frame;
  seen.disconnect();
  if (!updated && name === 'q') {
    await new Promise(r => { const o = new MutationObserver(() => { o.disconnect(); r(); }); o.observe(count, watch); });
    await frameEnd();
  }
  return performance.now() - t0;
}"""
_READY = """() => new Promise(r => {
  const done = () => r(performance.now());
  if (document.documentElement.hasAttribute('data-ready')) done();
  else new MutationObserver(done).observe(document.documentElement, {attributes: true});
})"""


def _changes(conf: Conference, view: str) -> list[tuple[str, str, str]]:
    """(label, control, value): the biggest track and room and the first day, chosen then cleared, and so on."""
    tracks = sorted(conf.tracks, key=lambda t: -len(conf.sessions.by_track(t.id)))
    rooms = sorted(conf.rooms, key=lambda r: -len(conf.sessions.by_room(r.id)))
    day = next(iter(conf.sessions.by_day()))
    other = "list" if view == "grid" else "grid"
    zones = [(f"zone to {z}", "tz", z) for z in ZONES]
    back = [(f"zone back from {z}", "tz", conf.timezone) for z in ZONES]
    return [("track chosen", "track", tracks[0].id), ("track cleared", "track", ""),
            ("room chosen", "room", rooms[0].id), ("room cleared", "room", ""),
            ("day chosen", "day", day.isoformat()), ("day cleared", "day", ""),
            ("search 'open source'", "q", "open source"), ("search 'rust'", "q", "rust"),
            ("search cleared", "q", ""),
            *(change for pair in zip(zones, back, strict=True) for change in pair),
            (f"view {other}", "view", other), (f"view {view} again", "view", view),
            ("print (beforeprint)", "print", "beforeprint"), ("print done (afterprint)", "print", "afterprint")]  # fmt: skip


def _main_thread_ms(cdp: CDPSession, page: Page, control: str, value: str) -> float:
    """CPU time of the renderer's main thread over one timed change, from a trace."""
    events: list[dict[str, Any]] = []
    done: list[bool] = []

    def collect(e: dict[str, Any]) -> None:
        events.extend(e["value"])

    def complete(_: object) -> None:
        done.append(True)

    cdp.on("Tracing.dataCollected", collect)
    cdp.on("Tracing.tracingComplete", complete)
    cdp.send("Tracing.start", {"categories": "toplevel,devtools.timeline", "transferMode": "ReportEvents"})
    page.evaluate(_TIMED, [control, value])
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(20)
    cdp.remove_listener("Tracing.dataCollected", collect)
    cdp.remove_listener("Tracing.tracingComplete", complete)
    names = {
        (e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("ph") == "M" and e["name"] == "thread_name"
    }
    main = [
        e for e in events if e.get("ph") == "X" and "tdur" in e and names.get((e["pid"], e["tid"])) == "CrRendererMain"
    ]
    main.sort(key=lambda e: (e["ts"], -e["dur"]))
    total, until = 0.0, -1
    for e in main:  # outermost events only: nested ones are already inside their parent's time
        if e["ts"] >= until:
            total += e["tdur"] / 1000
            until = e["ts"] + e["dur"]
    return total


# The page's last work after it is ready (the first frames it draws, the blocks it lays out as they come into
# view) is the load's, not the first change's: the changes start once two frames are drawn and the page is idle.
_SETTLED = """() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(
  () => requestIdleCallback(() => r(), {timeout: 2000}))))"""


def _load(browser: Browser, path: Path, width: int) -> tuple[Page, float]:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(path.as_uri(), wait_until="commit")
    ready: float = page.evaluate(_READY)
    page.evaluate(_SETTLED)
    return page, ready


def _baseline_page(folder: Path, conf: Conference) -> str:
    """The page of ``conf`` written with the script and stylesheet in ``folder`` (another version's, to compare)."""
    own = {name: (folder / name).read_text(encoding="utf-8") for name in ("html_page.js", "html_page.css")}
    with mock.patch.object(html, "_asset", own.__getitem__):
        return html.dumps(conf, zones=ZONES)


def _verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu", action="store_true", help="also trace each change for the main thread's CPU time")
    parser.add_argument("--sample", type=Path, default=SAMPLE, help="the FOSDEM-sized file to measure")
    parser.add_argument("--file-tz", default="Europe/Brussels", help="the zone of the sample's naive times")
    parser.add_argument("--only", choices=("sample", "eu2026", "na2026"), action="append",
                        help="measure only this page (repeatable; default: the sample and both datasets)")  # fmt: skip
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="a folder with another version's html_page.js and html_page.css: each page is also "
                             "written with them and measured in turn with the current one, run by run")  # fmt: skip
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    only = set(args.only or ("sample", "eu2026", "na2026"))
    confs = {args.sample.name.split(".")[0]: read(args.sample, file_tz=args.file_tz)} if "sample" in only else {}
    confs.update({name: load(name) for name in ("eu2026", "na2026") if name in only})
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    verdicts: list[str] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for index, (name, conf) in enumerate(confs.items()):
            target = index == 0 and "sample" in only
            paths = {"": Path(folder) / f"{name}.html"}
            paths[""].write_text(html.dumps(conf, zones=ZONES), encoding="utf-8")
            if args.baseline:
                paths["baseline"] = Path(folder) / f"{name}-baseline.html"
                paths["baseline"].write_text(_baseline_page(args.baseline, conf), encoding="utf-8")
            size = paths[""].stat().st_size / 1e6
            print(f"\n{name}: {len(conf.sessions)} sessions, {size:.2f} MB")
            for view, width in VIEWS:
                ready: dict[str, list[float]] = {variant: [] for variant in paths}
                latency: dict[str, dict[str, list[float]]] = {variant: {} for variant in paths}
                cpu: dict[str, dict[str, list[float]]] = {variant: {} for variant in paths}
                for _ in range(args.runs):
                    for variant, path in paths.items():
                        page, moment = _load(browser, path, width)
                        ready[variant].append(moment)
                        for label, control, value in _changes(conf, view):
                            latency[variant].setdefault(label, []).append(page.evaluate(_TIMED, [control, value]))
                        page.close()
                        if args.cpu:
                            page, _ = _load(browser, path, width)
                            cdp = page.context.new_cdp_session(page)
                            for label, control, value in _changes(conf, view):
                                cpu[variant].setdefault(label, []).append(_main_thread_ms(cdp, page, control, value))
                            page.close()
                line = (f"  {view} at {width} px: interactive in {statistics.median(ready['']):.0f} ms (median), "
                        f"max {max(ready['']):.0f} ms")  # fmt: skip
                if args.baseline:
                    line += f"; baseline {statistics.median(ready['baseline']):.0f} ms"
                print(line)
                slowest: dict[str, tuple[float, str]] = {}
                for what, values in latency[""].items():
                    line = f"    {what:<36} median {statistics.median(values):6.1f} ms, max {max(values):6.1f} ms"
                    figures = {"latency": statistics.median(values)}
                    if args.cpu:
                        figures["main-thread CPU"] = statistics.median(cpu[""][what])
                        line += f"; main thread CPU median {figures['main-thread CPU']:6.1f} ms"
                    if args.baseline:
                        line += f" | baseline median {statistics.median(latency['baseline'][what]):6.1f} ms"
                        if args.cpu:
                            line += f", CPU {statistics.median(cpu['baseline'][what]):6.1f} ms"
                    print(line)
                    for kind, ms in figures.items():
                        slowest[kind] = max(slowest.get(kind, (0.0, "")), (ms, what))
                if target:
                    for kind, (ms, what) in slowest.items():
                        verdicts.append(f"{view}: {kind} of every change within {LATENCY:.0f} ms (median of each): "
                                        f"{_verdict(ms <= LATENCY)} (slowest {ms:.0f} ms, {what})")  # fmt: skip
                    verdicts.append(f"{view}: interactive within {INTERACTIVE:.0f} ms: "
                                    f"{_verdict(statistics.median(ready['']) <= INTERACTIVE)}")  # fmt: skip
            if target:
                verdicts.insert(0, f"size at most {MEGABYTES} MB: {_verdict(size <= MEGABYTES)} ({size:.2f} MB)")
        browser.close()
    print(f"\nload average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if verdicts:
        print(f"targets for {next(iter(confs))}:")
    for line in verdicts:
        print("  " + line)


if __name__ == "__main__":
    main()
