"""Seeded mutation fuzzer for the frab XML and c3voc JSON readers.

Mutates real files (``../shared/samples/``, ``tests/golden/small.*``) with
byte flips, deletions, duplications, splices and format tokens, and checks
that every input gives a Conference or a ScheduleParseError, never another
exception; what reads is written back with ``dumps`` and read again, which
must work too, in both formats.  Failing inputs, and the slowest input, are
saved under ``--out``.  The same seed
gives the same inputs.

    python benchmarks/fuzz_frab.py frab-xml --seconds 300 --seed 1
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
import traceback
from pathlib import Path

from pyconf_schedule import ScheduleParseError, dumps, loads

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT.parent / "shared" / "samples"

TOKENS = {
    "frab-xml": [
        b"<event id='1'>", b"</event>", b"<day date='2026-03-29'>", b"<room name='A'>", b"<date>", b"</date>",
        b"<start>02:30</start>", b"<duration>99:99</duration>", b"<duration>00:00:00</duration>", b"<duration>1:23:59:59</duration>",
        b"<time_zone_name>Europe/Berlin</time_zone_name>", b"<time_zone_name>CET-1CEST</time_zone_name>",
        b"<day_change>25:00</day_change>", b'<?xml version="1.0" encoding="Shift_JIS"?>', b'<?xml version="1.0" encoding="UTF-7"?>',
        b'<?xml version="1.0" encoding="UTF-16"?>', b"<!DOCTYPE x>", b"&amp;", b"&#0;", b"&#xD800;", b"<![CDATA[x]]>",
        b"9999-12-31T23:59:59+14:00", b"0001-01-01T00:00:00-12:00", b"2026-10-25T02:30:00", b"\xef\xbb\xbf", b"\x00", b"\xff\xfe",
        b"<person id=''>", b"<person guid='X'>", b"<persons>", b"</persons>", b'start="2026-03-29T01:00:00"', b"<link href='x'>slides</link>",
    ],
    "c3voc-json": [
        b'"events": [{"title": "x"}]', b'"date": "2026-10-25T02:30:00"', b'"duration": "99:99"', b'"duration": "PT1H"',
        b'"end": "0001-01-01T00:00:00Z"', b'"start": "25:00"', b'"day_start": "x"', b'"time_zone_name": "Europe/Berlin"',
        b'"time_zone_name": "+02:00"', b'"day_change": "04:00"', b'"persons": [{}]', b'"persons": ["a"]', b'"rooms": []',
        b'"rooms": {"": []}', b'"id": NaN', b'"id": 1e400', b"Infinity", b"-0", b"1e-400", b"99999999999999999999", b"null",
        b"true", b"[]", b"{}", b'"\\ud800"', b'"\\u0000"', b"\\", b'"', b",", b":", b"\xef\xbb\xbf", b'"state": "CANCELED"',
        b'"participants": [{"name": "x"}]', b'"abstract": {"en": null}', b'"room": {"guid": 1}', b'"track": {"slug": []}',
    ],
}


def corpus(format_name: str) -> list[bytes]:
    """The seed files of ``format_name``."""
    suffix = ".xml" if format_name == "frab-xml" else ".json"
    paths = sorted(p for p in SAMPLES.glob(f"*{suffix}")) if SAMPLES.is_dir() else []
    golden = ROOT / "tests" / "golden" / ("small.frab.xml" if format_name == "frab-xml" else "small.c3voc.json")
    seeds = [p.read_bytes() for p in paths] + [golden.read_bytes()] * 4  # the small file is fast: weight it
    if format_name == "c3voc-json":
        seeds.append(
            b'{"schedule": {"version": "1", "conference": {"title": "S2", "acronym": "s2s2", "time_zone_name": "Europe/Berlin",'
            b' "rooms": [{"name": "A", "guid": "g"}], "tracks": [{"name": "T", "slug": "t"}]}, "events": [{"guid": "e",'
            b' "start": "2026-03-29T01:30:00+01:00", "end": "2026-03-29T03:30:00+02:00", "room": {"guid": "g"}, "track": {"slug": "t"},'
            b' "title": "x", "participants": [{"name": "P", "guid": "p"}], "duration": "PT2H"}], "persons": [{"guid": "p", "biography": "b"}]}}'
        )
    return seeds


ENCODINGS = [
    b"Shift_JIS", b"EUC-JP", b"Big5", b"GB2312", b"CP932", b"GB18030", b"ISO-2022-JP", b"UTF-7", b"UTF-16", b"UTF-32",
    b"cp500", b"latin-1", b"windows-1252", b"rot13", b"hex", b"unicode_escape", b"x-nonsense", b"",
]


def mutate(data: bytes, rng: random.Random, tokens: list[bytes], seeds: list[bytes]) -> bytes:
    """``data`` with 1 to 8 random edits; XML sometimes gets a new encoding declaration first."""
    if data.startswith(b"<") and rng.random() < 0.15:
        end = data.find(b"?>") + 2 if data.startswith(b"<?xml") else 0
        data = b'<?xml version="1.0" encoding="' + rng.choice(ENCODINGS) + b'"?>' + data[end:]
    buf = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        n = len(buf)
        op = rng.choices(range(8), weights=[2, 2, 2, 6, 6, 2, 1, 1])[0]
        pos = rng.randrange(n + 1) if n else 0
        if op == 3 and rng.random() < 0.7:  # mostly at a markup boundary, so the result often still parses
            boundary = data.find(b"<" if data.lstrip()[:1] == b"<" else b",", pos % max(1, len(data)))
            pos = min(n, boundary) if boundary >= 0 else pos
        if op == 0 and n:  # flip a byte
            buf[rng.randrange(n)] = rng.randrange(256)
        elif op == 1 and n:  # delete a range
            end = min(n, pos + rng.choice([1, 2, 8, 64, 512]))
            del buf[pos:end]
        elif op == 2 and n:  # duplicate a range
            end = min(n, pos + rng.choice([8, 64, 512, 4096]))
            buf[pos:pos] = buf[pos:end]
        elif op == 3:  # insert a token
            buf[pos:pos] = rng.choice(tokens)
        elif op == 4 and n:  # replace a digit run with an interesting number
            digits = [i for i in range(max(0, pos - 200), min(n, pos + 200)) if 48 <= buf[i] <= 57]
            if digits:
                i = rng.choice(digits)
                buf[i : i + 1] = rng.choice([b"0", b"9", b"99", b"59", b"60", b"24", b"9999", b"00"])
        elif op == 5:  # splice from another seed
            other = rng.choice(seeds)
            start = rng.randrange(len(other))
            buf[pos:pos] = other[start : start + rng.choice([16, 256, 2048])]
        elif op == 6 and n:  # truncate
            del buf[pos:]
        elif op == 7 and n:  # swap two ranges' order
            a, b = sorted((rng.randrange(n), rng.randrange(n)))
            buf[a:b] = buf[a:b][::-1] if rng.random() < 0.1 else buf[a:b]
    return bytes(buf)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("format", choices=sorted(TOKENS))
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("fuzz-crashes"))
    args = parser.parse_args(argv)
    fmt = args.format
    rng = random.Random(args.seed)
    seeds = corpus(fmt)
    tokens = TOKENS[fmt]
    deadline = time.monotonic() + args.seconds
    tried = read = refused = 0
    crashes: dict[str, bytes] = {}
    slowest = (0.0, b"")
    while time.monotonic() < deadline:
        data = mutate(rng.choice(seeds), rng, tokens, seeds)
        tried += 1
        started = time.perf_counter()
        stage = "read"
        try:
            conf = loads(data, fmt)
            read += 1
            for target in ("frab-xml", "c3voc-json"):  # our own output, in either format, must read back
                stage = f"write {target}"
                text = dumps(conf, target)
                stage = f"read back {target}"
                loads(text, target)
        except ScheduleParseError:
            if stage == "read":
                refused += 1
            else:  # our own output must read back
                key = f"{stage}: {traceback.format_exc().strip().splitlines()[-1]}"
                crashes.setdefault(key, data)
        except Exception as exc:  # noqa: BLE001 - finding these is the point
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            key = f"{stage}: {type(exc).__name__} at {Path(frame.filename).name}:{frame.lineno}: {str(exc)[:120]}"
            crashes.setdefault(key, data)
        elapsed = time.perf_counter() - started
        if elapsed > slowest[0]:
            slowest = (elapsed, data)
    print(f"{fmt}: seed {args.seed}, {tried} inputs in {args.seconds:.0f} s: {read} read, {refused} refused, "
          f"{len(crashes)} distinct crashes; slowest input {slowest[0]:.2f} s ({len(slowest[1])} bytes)")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"{fmt}-slowest.bin").write_bytes(slowest[1])
    if crashes:
        for key, data in crashes.items():
            name = hashlib.sha256(data).hexdigest()[:16]
            (args.out / f"{fmt}-{name}.bin").write_bytes(data)
            print(f"  {key}  -> {args.out / f'{fmt}-{name}.bin'}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
