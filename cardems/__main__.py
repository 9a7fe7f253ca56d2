from cardems.cli import main

raise SystemExit(main())
