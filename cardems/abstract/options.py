"""Abstract's options, as data: read by the rules, the routes, the options form and the
CLI without importing the rules (see ``docs/abstract.md``)."""

from __future__ import annotations

from typing import Any

from cardems.errors import BadInput
from cardems.game import Option, shown, whole_number

VARIANTS = ("base", "suit", "unlimited", "52")
MAX_TARGET = 1_000_000


class PointsOption(Option):
    """A positive whole number; ``values`` are only the suggestions a form offers."""

    def parse(self, raw: Any) -> Any:
        points = whole_number(raw, 1, MAX_TARGET)
        if points is None:
            raise BadInput(
                f"option {self.name}={shown(raw)} is not allowed "
                f"(a whole number of points from 1 to {MAX_TARGET:,})"
            )
        return points


OPTIONS = (
    Option("variant", VARIANTS, "base"),
    PointsOption("target", (250, 500, 1000), 500),
    Option("mode", ("match", "deal"), "match"),
)
