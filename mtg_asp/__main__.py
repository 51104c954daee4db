from mtg_asp.queries.cli import main

raise SystemExit(main())
