"""War's options, as data: read by the rules, the routes, the options form and the
CLI without importing the rules (see ``docs/war.md``, "House rules")."""

from __future__ import annotations

from cardems.game import Option

OPTIONS: tuple[Option, ...] = (
    Option("hand", (1, 2, 3, 4, 5), 3),  # the active hand's size (1: classic War)
    Option("burn", (3, 1), 3),  # the cards each side burns face down in a war
)


# The house rules (docs/war.md), each with its value in the ladder's all-at-once set.
HOUSE: dict[str, object] = {"hand": 5, "burn": 1}
