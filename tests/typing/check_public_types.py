"""Checked by mypy only (not collected by pytest): the public API's static types."""

from __future__ import annotations

from datetime import date, datetime
from typing import assert_type

from pyconf_schedule import Agenda, Conference, Session, Sessions, Speaker, load, speaker_sessions

conf = load("eu2026")
assert_type(conf, Conference)
assert_type(conf.sessions, Sessions)
assert_type(conf.by_speaker("Liz Li"), Sessions)
assert_type(conf.sessions.by_track("Training Systems").on("2026-04-08").at("2026-04-08 11:10"), Sessions)
assert_type(conf.search("kv cache").between("2026-04-07", date(2026, 4, 9)), Sessions)
assert_type(conf.by_speaker("Liz Li")[0], Session)
assert_type(conf.by_speaker("Liz Li")[0:1], Sessions)
assert_type(conf.by_speaker("Liz Li").to_tz("Asia/Tokyo")[0].start, datetime | None)
assert_type(conf.speaker("Liz Li"), Speaker)
assert_type(conf.by_day(), dict[date, Sessions])
assert_type(speaker_sessions("Liz Li"), dict[str, Sessions])
for session in conf.by_kind("keynote"):
    assert_type(session, Session)

assert_type(conf.find("monarch amd"), Sessions)
assert_type(Agenda.of(conf, ["pytorch-cto"], note="keynote"), Agenda)


def _agenda_file_checks() -> None:  # typed, never run: it would read a file
    assert_type(Agenda.load("my.json", loader=load), Agenda)
