"""``python -m pyconf_schedule``: the same command line as ``pyconf-schedule``."""

from pyconf_schedule.cli import main

raise SystemExit(main())
