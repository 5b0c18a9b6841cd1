from harmdesk.cli import main

raise SystemExit(main())
