"""``python -m pyconf_schedule``: the same command line as ``pyconf-schedule``."""

try:
    from pyconf_schedule.cli import main
except KeyboardInterrupt:  # Ctrl-C while starting: the same one line as later
    import sys

    print("pyconf-schedule: interrupted", file=sys.stderr)
    raise SystemExit(130) from None

raise SystemExit(main())
