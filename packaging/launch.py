"""The frozen app's entry point: the same command line as `harmdesk`."""

from harmdesk.cli import main

raise SystemExit(main())
