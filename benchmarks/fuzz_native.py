"""Seeded mutation fuzzer of the native JSON reader, and of the command line over what it makes.

Seeds are ``tests/golden/small.json`` and the shipped datasets.  Each input
is a seed with a few mutations of its JSON structure (a value of another
type, a key dropped or added, an id duplicated, huge or non-finite numbers,
deep nesting, odd datetimes and zones) or of its bytes (flips, inserted
tokens, cuts, repeats).  The reader must return a Conference or raise
ScheduleParseError; a Conference must write and read back equal.  Anything
else is a crash, printed with the seed and mutations that made it.

With ``--cli N``, N of the inputs are also written to files and run through
``list``, ``show`` and ``export --to ics`` in-process: every outcome must be
exit 0 or 1 with output, or exit 2 with one error line (and maybe a hint).

    python benchmarks/fuzz_native.py [--seconds 60] [--seed 1] [--cli 300]
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pyconf_schedule._datasets import _read, dataset_names
from pyconf_schedule.cli import main as cli_main
from pyconf_schedule.exceptions import ScheduleParseError
from pyconf_schedule.formats import native

_ROOT = Path(__file__).resolve().parent.parent

_ODD_STRINGS = [
    "", " ", "x" * 5000, "\u0000", "\\ud800", "é", "漢字", "\u202e", "null", "true", "1", "-1",
    "2026-04-08", "2026-04-08T11:10:00", "2026-04-08T11:10:00Z", "2026-04-08T11:10:00+02:00[Europe/Berlin]",
    "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00", "9999-12-31T23:59:59+00:00[Pacific/Kiritimati]",
    "0001-01-01T00:00:00+00:00[Etc/GMT+12]", "2026-03-29T02:30:00+01:00[Europe/Paris]",
    "2026-04-08T11:10:00+02:00[../../etc/passwd]", "2026-04-08T11:10:00+02:00[]", "2026-04-08T25:00:00+02:00",
    "2026-04-08T11:10:00+24:00", "2026-04-08T11:10:00.123456789+02:00", "Europe/Paris", "UTC", "Mars/Base",
    "../../../etc/passwd", "", "keynote", "talk", "https://example.org", "=cmd|' /C calc'!A0", "\r\n", "a\u2028b",
    "0000-00-00", "10000-01-01", "2026-02-29", "2024-02-29",
]
_ODD_NUMBERS: list[Any] = [0, -1, 1, 2**63, -(2**63), 10**300, 1e308, -1e308, 0.5, -0.0, True, False]
_TOKENS = [b"NaN", b"Infinity", b"-Infinity", b"1e400", b"{", b"}", b"[", b"]", b'"', b"\\", b",", b":", b"null",
           b'"\\ud800"', b"\xff", b"\xef\xbb\xbf", b"\x00", b" " * 50, b'"id": "opening", ', b"9" * 5000]


def _seeds() -> list[tuple[str, str]]:
    seeds = [("small", (_ROOT / "tests" / "golden" / "small.json").read_text(encoding="utf-8"))]
    seeds += [(name, _read(name)) for name in dataset_names()]
    return seeds


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in a JSON document."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_nodes(item, (*path, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.extend(_nodes(item, (*path, i)))
    return found


def _get(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def _set(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(document, path[:-1])[path[-1]] = value
    return document


def _random_value(rng: random.Random, depth: int = 0) -> Any:
    choice = rng.randrange(8)
    if choice == 0:
        return rng.choice(_ODD_STRINGS)
    if choice == 1:
        return rng.choice(_ODD_NUMBERS)
    if choice == 2:
        return None
    if choice == 3 and depth < 3:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(3))]
    if choice == 4 and depth < 3:
        return {rng.choice(["id", "name", "x", "start", ""]): _random_value(rng, depth + 1) for _ in range(rng.randrange(3))}
    if choice == 5:
        nested: Any = "deep"
        for _ in range(rng.choice([10, 63, 64, 65, 200])):
            nested = [nested]
        return nested
    if choice == 6:
        return rng.random() * 10 ** rng.randrange(-5, 300)
    return rng.choice(["opening", "main-hall", "keynotes", "ada-lovelace", "liz-li", "talk"])


def _mutate_structure(document: Any, rng: random.Random) -> tuple[Any, str]:
    nodes = _nodes(document)
    path = rng.choice(nodes)
    target = _get(document, path)
    op = rng.randrange(7)
    if op == 0:
        return _set(document, path, _random_value(rng)), f"replace {path}"
    if op == 1 and path and isinstance(_get(document, path[:-1]), dict):
        del _get(document, path[:-1])[path[-1]]
        return document, f"drop {path}"
    if op == 2 and isinstance(target, list) and target:
        target.append(copy.deepcopy(rng.choice(target)))
        return document, f"duplicate an item of {path}"
    if op == 3 and isinstance(target, dict):
        target[rng.choice(["colour", "id", "name", "speakers", "", "é"])] = _random_value(rng)
        return document, f"add a key to {path}"
    if op == 4:
        other = rng.choice(nodes)
        if other[: len(path)] != path and path[: len(other)] != other:
            a, b = copy.deepcopy(target), copy.deepcopy(_get(document, other))
            document = _set(document, path, b)
            return _set(document, other, a), f"swap {path} and {other}"
    if op == 5 and isinstance(target, str):
        return _set(document, path, rng.choice(_ODD_STRINGS)), f"odd string at {path}"
    if op == 6 and isinstance(target, list) and len(target) > 1:
        rng.shuffle(target)
        return document, f"shuffle {path}"
    return _set(document, path, _random_value(rng)), f"replace {path}"


def _mutate_bytes(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    op = rng.randrange(5)
    at = rng.randrange(len(data) + 1)
    if op == 0 and data:
        i = rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :], f"flip a bit at {i}"
    if op == 1:
        token = rng.choice(_TOKENS)
        return data[:at] + token + data[at:], f"insert {token[:20]!r} at {at}"
    if op == 2:
        return data[:at], f"cut at {at}"
    if op == 3:
        end = min(len(data), at + rng.randrange(1, 200))
        return data[:end] + data[at:end] * rng.randrange(1, 4) + data[end:], f"repeat {at}:{end}"
    end = min(len(data), at + rng.randrange(1, 50))
    return data[:at] + data[end:], f"delete {at}:{end}"


def _duplicate_key(text: str, rng: random.Random) -> tuple[str, str]:
    key = rng.choice(['"name": ', '"id": ', '"start": ', '"room": '])
    at = text.find(key, rng.randrange(max(1, len(text))))
    if at < 0:
        return text, "no key to repeat"
    return text[:at] + key + json.dumps(rng.choice(_ODD_STRINGS)) + ", " + text[at:], f"repeat key {key.strip()} at {at}"


def make_input(seeds: list[tuple[str, str]], rng: random.Random) -> tuple[bytes, list[str]]:
    """One fuzzed input and the steps that made it."""
    name, text = rng.choice(seeds)
    steps = [name]
    document = json.loads(text)
    for _ in range(rng.randrange(1, 4)):
        document, step = _mutate_structure(document, rng)
        steps.append(step)
    mode = rng.randrange(4)
    out = json.dumps(document, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 1]))
    if mode == 1:
        out, step = _duplicate_key(out, rng)
        steps.append(step)
    data = out.encode("utf-8")
    if mode == 2:
        for _ in range(rng.randrange(1, 4)):
            data, step = _mutate_bytes(data, rng)
            steps.append(step)
    if mode == 3 and rng.random() < 0.2:
        depth = rng.choice([63, 64, 65, 1000, 100_000])
        data = b"[" * depth + data + b"]" * depth
        steps.append(f"wrap in {depth} lists")
    return data, steps


def check(data: bytes) -> str | None:
    """None when the reader behaves; else a description of the crash."""
    try:
        conf = native.loads(data)
    except ScheduleParseError:
        return None
    except Exception as exc:  # the finding
        return f"loads: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}"
    try:
        again = native.loads(native.dumps(conf))
    except Exception as exc:  # the finding
        return f"round trip: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}"
    if again != conf:
        return "round trip: the conference read back differs"
    return None


def run_cli(path: Path, session_id: str, outcomes: Counter[str] | None = None) -> list[str]:
    """Problems with list, show and export --to ics over the file at ``path``; exit codes counted in ``outcomes``."""
    problems: list[str] = []
    for argv in (["list", str(path)], ["show", str(path), session_id], ["export", str(path), "--to", "ics"]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli_main(argv)
            except BaseException as exc:  # the finding: main() must return
                problems.append(f"{argv[0]}: raised {type(exc).__name__}: {exc}")
                continue
        if outcomes is not None:
            outcomes[f"{argv[0]} exit {code}"] += 1
        lines = err.getvalue().splitlines()
        hint_ok = len(lines) == 2 and lines[1].startswith("hint: ")
        if code == 0 and out.getvalue():
            continue
        if code == 1 and lines:
            continue
        if code == 2 and (len(lines) == 1 or hint_ok) and "internal error" not in lines[0]:
            continue
        problems.append(f"{argv[0]}: exit {code}, stdout {len(out.getvalue())} chars, stderr {lines[:3]!r}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to fuzz the reader (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: %(default)s)")
    parser.add_argument("--cli", type=int, default=0, help="also run this many inputs through the CLI")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    seeds = _seeds()
    tried = parsed = 0
    crashes: dict[str, list[str]] = {}
    started = time.monotonic()
    cli_inputs: list[bytes] = []
    while time.monotonic() - started < args.seconds:
        data, steps = make_input(seeds, rng)
        tried += 1
        problem = check(data)
        readable = False
        if problem is None:
            with contextlib.suppress(ScheduleParseError):
                native.loads(data)
                parsed += 1
                readable = True
        else:
            key = ":".join(problem.splitlines()[0].split(":")[:2])  # the stage and the exception type
            if key not in crashes:
                crashes[key] = steps
                print(f"CRASH {key}\n  steps: {steps}\n  {problem[:3000]}", file=sys.stderr)
        if len(cli_inputs) < args.cli and rng.random() < (0.5 if readable else 0.1):  # about half read, half refused
            cli_inputs.append(data)
    print(f"reader: {tried} inputs in {time.monotonic() - started:.0f} s, {parsed} read as a Conference, "
          f"{len(crashes)} distinct crashes")
    cli_problems = _fuzz_cli(cli_inputs)
    print(f"cli: {len(cli_inputs)} files x 3 commands, {len(cli_problems)} problems")
    for problem in cli_problems:
        print("CLI", problem, file=sys.stderr)
    return 1 if crashes or cli_problems else 0


def _fuzz_cli(inputs: list[bytes]) -> list[str]:
    problems: list[str] = []
    outcomes: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        for i, data in enumerate(inputs):
            path = Path(folder) / f"fuzz{i}.json"
            path.write_bytes(data)
            session_id = "opening"
            with contextlib.suppress(Exception):
                conf = native.loads(data)
                if conf.sessions:
                    session_id = conf.sessions[-1].id
            problems.extend(f"input {i}: {p}" for p in run_cli(path, session_id, outcomes))
    print("cli outcomes:", ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items())))
    return problems


_CHECK: Callable[[bytes], str | None] = check

if __name__ == "__main__":
    raise SystemExit(main())
