"""Pis Yedili's options, as data: read by the rules, the routes, the options form and
the CLI without importing the rules (see ``docs/pis-yedili.md``).

The house rules (``eight_skips`` .. ``jokers``) default to the seeds' rules, so a
game, a link or a save that names none of them plays as before."""

from __future__ import annotations

from cardems.game import Option

OPTIONS: tuple[Option, ...] = (
    Option("players", (2, 3, 4), 2),
    Option("ten_rule", ("bounce", "reverse"), "bounce"),
    Option("target", (31, 51, 101, 151, 201), 101),
    Option("mode", ("match", "round"), "match"),
    Option("eight_skips", (False, True), False),
    Option("ace", ("again", "draw"), "again"),
    Option("seven_stack", ("add", "double"), "add"),
    Option("jack_on_jack", (True, False), True),
    Option("jack_doubles", (True, False), True),
    Option("jokers", (False, True), False),
)


# The house rules (docs/pis-yedili.md, "House rules"), each with its value in the
# ladder's set that changes all of them at once (``cardems arena ladder --house``).
HOUSE: dict[str, object] = {
    "eight_skips": True,
    "ace": "draw",
    "seven_stack": "double",
    "jack_on_jack": False,
    "jack_doubles": False,
    "jokers": True,
}
