"""Pişti's options, as data: read by the rules, the routes, the options form and the
CLI without importing the rules (see ``docs/pisti.md`` for what each one does)."""

from __future__ import annotations

from cardems.game import Option

OPTIONS: tuple[Option, ...] = (
    Option("mode", ("classic", "match"), "classic"),
    Option("players", (2, 3, 4), 2),
    Option("target", (51, 101, 151), 151),
    Option("last_card_pisti", (True, False), True),
    # house rules (docs/pisti.md, "House rules"): the defaults are the seeds' rules
    Option("jack_pisti", (20, 10), 20),  # what a Jack pişti is worth
    Option("first_round_pisti", (True, False), True),  # a pişti counts in the deal's first round
    Option("most_cards_tie", ("nobody", "last", "carry"), "nobody"),  # the 3 points on a tie for most
)


# The house rules (docs/pisti.md, "House rules"), each with its value in the ladder's
# set that changes all of them at once (``cardems arena ladder --house``).
HOUSE: dict[str, object] = {"jack_pisti": 10, "first_round_pisti": False, "most_cards_tie": "last"}
