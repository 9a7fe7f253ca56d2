"""Pis Yedili's options, as data: read by the rules, the routes, the options form and
the CLI without importing the rules (see ``docs/pis-yedili.md``)."""

from __future__ import annotations

from cardems.game import Option

OPTIONS: tuple[Option, ...] = (
    Option("players", (2, 3, 4), 2),
    Option("ten_rule", ("bounce", "reverse"), "bounce"),
    Option("target", (31, 51, 101, 151, 201), 101),
    Option("mode", ("match", "round"), "match"),
)
