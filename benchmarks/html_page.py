"""Benchmark: the timetable page of a FOSDEM-sized schedule in headless Chromium.

Writes the page of ``../shared/samples/mttcrsp-fosdem_fosdem-2024.pentabarf.xml``
(674 sessions, 32 rooms, read in Europe/Brussels) and of the two datasets,
then opens each from disk in the distribution's Chromium (``/usr/bin/chromium``)
at 1400 px and reports:

- the file's size;
- time to interactive: from the start of navigation to the moment the page's
  script has laid out the grid and made the controls work (it marks the
  document ``data-ready``), read from ``performance.now()`` in the page;
- the latency of a track filter, a room filter, a day filter, a search
  (typed, then applied) and a time-zone switch: from the event to the end of
  the next rendered frame (the script's work, style, layout and paint).

Each figure is the median of ``--runs`` page loads (the latencies of every
load pooled).  The project's targets: at most 1.5 MB, interactive within
1 s, each filter or search within 100 ms.

    python benchmarks/html_page.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from pyconf_schedule import Conference, load
from pyconf_schedule.formats import html, read

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "samples" / "mttcrsp-fosdem_fosdem-2024.pentabarf.xml"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip

# One change to a control, timed from its event to the end of the frame after it.
_TIMED = """async ([name, value]) => {
  const form = document.querySelector('.controls'), e = form.elements.namedItem(name);
  const t0 = performance.now();
  e.value = value;
  e.dispatchEvent(new Event('input', {bubbles: true}));
  if (name === 'q') form.requestSubmit();
  const script = performance.now() - t0;
  document.body.offsetHeight;  // style and layout, forced
  const layout = performance.now() - t0;
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return [script, layout, performance.now() - t0];
}"""
_READY = """() => new Promise(r => {
  const done = () => r(performance.now());
  if (document.documentElement.hasAttribute('data-ready')) done();
  else new MutationObserver(done).observe(document.documentElement, {attributes: true});
})"""


def _changes(conf: Conference) -> list[tuple[str, str]]:
    tracks = sorted(conf.tracks, key=lambda t: -len(conf.sessions.by_track(t.id)))
    rooms = sorted(conf.rooms, key=lambda r: -len(conf.sessions.by_room(r.id)))
    day = next(iter(conf.sessions.by_day()))
    return [("track", tracks[0].id), ("track", ""), ("room", rooms[0].id), ("room", ""), ("day", day.isoformat()),
            ("day", ""), ("q", "open source"), ("q", "rust"), ("q", ""), ("tz", "America/New_York"),
            ("tz", conf.timezone)]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    confs = {"fosdem-2024": read(SAMPLE, file_tz="Europe/Brussels"), "eu2026": load("eu2026"), "na2026": load("na2026")}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        print(f"{'page':<12} {'sessions':>8} {'size':>10} {'interactive':>12} {'filter median':>14} {'filter max':>11}")
        for name, conf in confs.items():
            path = Path(folder) / f"{name}.html"
            path.write_text(html.dumps(conf, zones=["America/New_York"]), encoding="utf-8")
            ready: list[float] = []
            latencies: dict[str, list[float]] = {}
            parts: dict[str, list[tuple[float, float]]] = {}
            for _ in range(args.runs):
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(path.as_uri(), wait_until="commit")
                ready.append(page.evaluate(_READY))
                for field, value in _changes(conf):
                    script, layout, frame = page.evaluate(_TIMED, [field, value])
                    latencies.setdefault(field, []).append(frame)
                    parts.setdefault(field, []).append((script, layout))
                page.close()
            pooled = [v for values in latencies.values() for v in values]
            size = path.stat().st_size
            print(f"{name:<12} {len(conf.sessions):>8} {size / 1e6:>8.2f}MB {statistics.median(ready):>10.0f}ms "
                  f"{statistics.median(pooled):>12.1f}ms {max(pooled):>9.1f}ms")  # fmt: skip
            for field, values in latencies.items():
                script = statistics.median(p[0] for p in parts[field])
                layout = statistics.median(p[1] for p in parts[field])
                print(f"    {field:<10} median {statistics.median(values):6.1f} ms, max {max(values):6.1f} ms "
                      f"(script {script:.1f} ms, with style and layout {layout:.1f} ms)")
        browser.close()


if __name__ == "__main__":
    main()
