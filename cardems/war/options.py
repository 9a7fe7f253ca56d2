"""War's options, as data: read by the rules, the routes, the options form and the
CLI without importing the rules (see ``docs/war.md``)."""

from __future__ import annotations

from cardems.game import Option

OPTIONS: tuple[Option, ...] = ()
