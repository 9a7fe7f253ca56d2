"""Replicates of a ladder row: the same deals, every bot with other random numbers.

    python bench/hard_variant.py CACHE --opponent sampler --deals N --set bench.replicate:SALT=1

Imported through ``hard_variant.py --set`` in every worker, this module salts
:func:`cardems.bots.bot_rng`, so the same code plays the same deals with other samples
(and the opponents with theirs). Paired with the unsalted cache, the difference is the
noise floor of a variant's comparison: what a change of nothing but luck moves the row
by (bench/RESULTS.md, 2026-12-07).
"""

from __future__ import annotations

from cardems import bots
from cardems.rng import Rng

SALT = 0
_bot_rng = bots.bot_rng


def bot_rng(seed: int, seat: int, move_no: int) -> Rng:
    """The bots' own random source for the decision, its state moved on by ``SALT``."""
    rng = _bot_rng(seed, seat, move_no)
    rng.state = (rng.state + SALT * 0x9E3779B97F4A7C15 % (1 << 61)) & ((1 << 64) - 1)
    return rng


bots.bot_rng = bot_rng  # bot_move and bot_move_steps look it up in cardems.bots
