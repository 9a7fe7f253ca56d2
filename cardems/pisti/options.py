"""Pişti's options, as data: read by the rules, the routes, the options form and the
CLI without importing the rules (see ``docs/pisti.md`` for what each one does)."""

from __future__ import annotations

from cardems.game import Option

OPTIONS: tuple[Option, ...] = (
    Option("mode", ("classic", "match"), "classic"),
    Option("players", (2, 3, 4), 2),
    Option("target", (51, 101, 151), 151),
    Option("last_card_pisti", (True, False), True),
)
